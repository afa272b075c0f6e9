"""The board's side of bring-up: tests/mp/diag_checks.py under CPython and the
MicroPython unix port (viper for real), outputs compared line by line, with
what each line must say; and the link's raw stream (goban.link): a frame now,
then one each period while asked, bounded in rate and time, stopped on request."""

import json
import subprocess
import sys

from conftest import BOARDS, MP
from goban.rawstream import unpack12, RAW_MIN_MS
from goban.link import Link, parse_frame


def test_the_board_side_alike_under_cpython_and_micropython(tmp_path, micropython):
    script = MP / "diag_checks.py"
    (tmp_path / "c").mkdir()
    (tmp_path / "m").mkdir()
    c = subprocess.run([sys.executable, str(script)], input="%s %s\n" % (BOARDS, tmp_path / "c"),
                       capture_output=True, text=True, timeout=300)
    assert c.returncode == 0, c.stderr
    m = micropython(script, stdin="%s %s\n" % (BOARDS, tmp_path / "m"), heapsize="2M")
    assert c.stdout.splitlines() == m.splitlines()
    res = dict(line.split(": ", 1) for line in m.splitlines())
    assert res["unpacked"] == "True"
    assert res["channels"] == "384 128 1"          # conversion 1: ADC1, channel 128
    assert res["plan"] == "0 1 361"
    assert res["remapped"] == "[2, 360]"           # channels 14 and 383 read by points 2 and 360
    for k in ("remap kept", "words kept", "moved with its channel"):
        assert res[k] == "True", k
    assert res["scales kept"] == "[('B', (-1200, 415000)), ('lidW', (33, 430000))]"
    assert res["flipped"] == "1 0"
    assert res["version 1"] == "None None"
    assert res["bad remap"] == "calibration damaged (remap)"
    assert res["diag"] == "9 128 rows False"
    assert res["display"].startswith("['Worst points'")
    assert res["lit"] == "[(0, 'black'), (1, 'white'), 81]"
    assert res["walked"] == "81"
    # dd and de seen on each other's channel, gg (nobody put it) seen nowhere
    assert res["seen"] == "[('dd', 39), ('de', 30), ('gg', -1)]"
    assert res["signs"] == "['cc']"
    assert res["clear lit"] == "81 Clear the board"
    assert res["heap"] == "quiet"
    assert res["remap on flash"] == "[(30, 39), (39, 30)]"
    assert res["flipped on flash"] == "[20]"
    assert res["stone 30"] == "[(30, 1)]" and res["stone 39"] == "[(39, 2)]"
    assert res["stone 20"] == "[(20, 1)]"
    assert res["off"].startswith("diag is off")


class Wire:
    """Both ends of the link in memory: what the host sent, what the board wrote."""

    def __init__(self):
        self.inbox = bytearray()
        self.sent = bytearray()

    def readinto(self, buf):
        if not self.inbox:
            return 0
        buf[0] = self.inbox.pop(0)
        return 1

    def write(self, data):
        self.sent += data
        return len(data)

    def frames(self):
        out = []
        for line in bytes(self.sent).split(b"\n"):
            if line.startswith(b"~"):
                out.append(parse_frame(line[1:])[1])
        self.sent = bytearray()
        return out


def _ask(wire, link, msg, now):
    from goban.link import frame_bytes
    wire.inbox += frame_bytes(7, json.dumps(msg))
    link.poll(now)


def test_the_raw_stream_is_paced_bounded_and_stops():
    readings = list(range(0, 4095, 11))[:361]
    scales = {"B": [123456, 180, 1170000]}
    wire = Wire()
    link = Link(wire, info={"size": 19, "serial": "T"}, raw=lambda: (readings, False, scales))
    wire.frames()
    _ask(wire, link, {"k": "raw", "every": 10, "for": 1000}, 0)
    first = [m for m in wire.frames() if m["k"] == "raw"]
    assert len(first) == 1 and first[0]["re"] == 7
    m = first[0]
    assert m["every"] == RAW_MIN_MS            # asked 10 ms: the board's floor
    assert m["count"] == 361 and m["wired"] is False and m["s"] == scales
    import base64
    assert unpack12(base64.b64decode(m["m"]), 361) == readings
    assert len(json.dumps(m)) < 1000           # one frame, well inside the host's 16 KB line
    got = []
    for t in range(0, 1600, 10):
        link.poll(t)
        got += [(t, x["n"]) for x in wire.frames() if x["k"] == "raw"]
    times = [t for t, _ in got]
    assert times[0] == 100 and all(b - a == 100 for a, b in zip(times, times[1:]))
    assert times[-1] < 1000                    # `for` 1000 ms: then it stops by itself
    _ask(wire, link, {"k": "raw", "every": 300}, 2000)
    wire.frames()
    _ask(wire, link, {"k": "raw", "every": 0}, 2100)
    stop = [m for m in wire.frames() if m["k"] == "raw"]
    assert stop == [{"k": "raw", "re": 7, "every": 0}]
    for t in range(2100, 3000, 10):
        link.poll(t)
    assert not [x for x in wire.frames() if x["k"] == "raw"]


def test_a_board_without_raw_readings_says_so():
    wire = Wire()
    link = Link(wire, info={"size": 9})
    wire.frames()
    _ask(wire, link, {"k": "raw"}, 0)
    assert [m["msg"] for m in wire.frames()] == ["this board sends no raw readings"]
    _ask(wire, link, {"k": "diag", "op": "start"}, 10)
    assert [m["msg"] for m in wire.frames()] == ["this board takes no diag request from the host"]


def test_the_host_checks_what_a_board_sends_of_its_diagnostics():
    from goboard.link.wire import message_fault
    good = {"k": "raw", "m": "AAAA", "count": 2, "s": {"B": [1, 2, 3]}, "n": 1}
    assert message_fault(good) is None
    assert "raw needs its readings" in message_fault(dict(good, count=0))
    assert "raw needs its readings" in message_fault(dict(good, m="A" * 9000))
    assert "scales" in message_fault(dict(good, s=[1, 2]))
    assert message_fault({"k": "walk", "p": "dd", "c": "B", "w": 60, "d": 600}) is None
    assert "SGF point" in message_fault({"k": "walk", "p": "ddd", "w": 1, "d": 1})
    assert "channel" in message_fault({"k": "walk", "p": "dd", "w": 5000, "d": 1})
