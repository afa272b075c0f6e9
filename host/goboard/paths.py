"""Where the repository's parts are, seen from this package (installed in editable
mode by tools/setup, so the package is the working tree's): one place for each."""

from pathlib import Path

PACKAGE = Path(__file__).resolve().parent
ROOT = PACKAGE.parents[1]
FIRMWARE = ROOT / "firmware"          # what MICROPYPATH points at
BOARDS = ROOT / "boards"              # the hardware profiles and the simulated boards
SIM = ROOT / "tools" / "sim"          # the simulator's world and runner
WEB = PACKAGE / "live" / "web"                 # the broadcast page's files (package data)
