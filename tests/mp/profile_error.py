"""A profile read by the board (tests/system/test_cli_errors.py), run by the
MicroPython unix port: reads the profile's path on stdin and prints `ERR` and
the one line `goban.profile.load` refuses it with (nothing for a good one)."""

import sys

from goban.profile import ProfileError, load

try:
    load(sys.stdin.readline().strip())
except ProfileError as e:
    print("ERR", e)
