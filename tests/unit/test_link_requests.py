"""The board's link (goban.link) answers every request, even one whose handler
fails: a fault of the board's is an `error` answer naming it, and the board
goes on answering (a handler's exception used to leave the loop, and the host
saw a board that no longer answered). Under CPython and MicroPython alike."""

import json

from conftest import run_micropython

SCRIPT = r'''
import json
from goban.link import Link, frame_bytes, parse_frame

class Host:
    """The host's end: the frames it sent, read once; what the board writes, kept."""
    def __init__(self, data):
        self.data = data
        self.at = 0
    def readinto(self, b):
        if self.at >= len(self.data):
            return 0
        b[0] = self.data[self.at]
        self.at += 1
        return 1

class Out:
    def __init__(self):
        self.data = bytearray()
    def write(self, b):
        self.data += b
        return len(b)

def broken():
    return [][1]                  # a handler's bug: IndexError

asked = frame_bytes(7, json.dumps({"k": "state"})) + frame_bytes(8, json.dumps({"k": "hello"}))
out = Out()
link = Link(Host(asked), out, info={"serial": "T-1"}, state=broken)
for t in range(0, 200, 10):
    link.poll(t)
got = []
for line in bytes(out.data).split(b"\n"):
    line = line.strip()
    if line.startswith(b"~"):
        f = parse_frame(line[1:])
        if f is not None:
            got.append([f[1].get("k"), f[1].get("re"), f[1].get("msg")])
print(json.dumps(got))
'''


def _answers(out):
    return [a for a in json.loads(out.strip().splitlines()[-1]) if a[1] in (7, 8)]


def test_a_failing_handler_is_an_error_answer_and_the_board_answers_on():
    import subprocess
    import sys
    from conftest import FIRMWARE
    cpy = subprocess.run([sys.executable, "-c", SCRIPT], capture_output=True, text=True,
                         env={"PYTHONPATH": str(FIRMWARE)})
    assert cpy.returncode == 0, cpy.stderr
    got = _answers(cpy.stdout)
    assert got[0][0] == "error" and "state" in got[0][2] and "IndexError" in got[0][2]
    assert got[1][:2] == ["hello", 8]
    mp = run_micropython(SCRIPT)
    assert _answers(mp) == got
