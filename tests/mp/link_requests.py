"""A request whose handler fails, then one that works, through the board's link
(goban.link): the answers as [kind, re, msg] (tests/unit/test_link_requests.py
runs it under CPython and the MicroPython unix port, `micropython
link_requests.py` printing one JSON line)."""

import json

from goban.link import Link, frame_bytes, parse_frame


class Host:
    """The host's end: the frames it sent, read a byte at a time."""

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
    """What the board writes, kept."""

    def __init__(self):
        self.data = bytearray()

    def write(self, b):
        self.data += b
        return len(b)


def broken():
    return [][1]                  # a handler's bug: IndexError


def answers():
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
            if f is not None and f[1].get("re") in (7, 8):
                got.append([f[1].get("k"), f[1].get("re"), f[1].get("msg")])
    return got


if __name__ == "__main__":
    print(json.dumps(answers()))
