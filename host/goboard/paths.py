"""Where the repository's parts are, seen from this package (installed in editable
mode by tools/setup, so the package is the working tree's): one place for each;
and how this goboard was started, to tell a user how to run it again."""

import os
import shutil
import sys
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent
ROOT = PACKAGE.parents[1]
FIRMWARE = ROOT / "firmware"          # what MICROPYPATH points at
BOARDS = ROOT / "boards"              # the hardware profiles and the simulated boards
SIM = ROOT / "tools" / "sim"          # the simulator's world and runner
CHIP = ROOT / "tools" / "chip"        # the emulated RP2040 and the product image
WEB = PACKAGE / "live" / "web"                 # the broadcast page's files (package data)


def invoked_as():
    """How to run goboard again from this shell, for a hint to the user: `goboard`
    when that is on PATH and is this one, else the path this one was started by
    (`.venv/bin/goboard`), else `python -m goboard`."""
    def short(path, name):
        found = shutil.which(name)
        if found and os.path.realpath(found) == os.path.realpath(path):
            return name
        rel = os.path.relpath(path)
        return os.path.abspath(path) if rel.startswith("..") else \
            rel if os.sep in rel else "./" + rel
    me = sys.argv[0] if sys.argv and sys.argv[0] else ""
    if os.path.basename(me) in ("__main__.py", "-m", "-c", ""):
        return "%s -m goboard" % short(sys.executable, os.path.basename(sys.executable))
    return short(me, "goboard")
