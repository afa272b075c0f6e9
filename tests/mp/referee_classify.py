"""The referee's announcement classifier case by case (tests/unit/test_referee_announce.py),
run by the MicroPython unix port: reads the calls' arguments as JSON on stdin (the
frame and the cells as lists of bytes) and prints each answer as a JSON line."""

import json
import sys

from goban.referee.announce import classify

for c in json.loads(sys.stdin.read()):
    c[4] = bytearray(c[4])
    c[5] = bytearray(c[5])
    print(json.dumps(list(classify(*c))))
