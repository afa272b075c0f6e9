"""An event's way out under MicroPython with the heap locked (tests/unit/
test_out_heap.py): reads "FOLDER plain" or "FOLDER buf" on stdin. plain: the
game log allocates its record's JSON and CRC before the lock, the link sends the
event's frame and its heartbeat with none; buf: the product image's way (one
goban.outbuf.Json for the log and the link), a record made in the buffer too.
The frames and the log are read back as the host reads them; prints "OK" and
a count last."""

import gc
import os
import sys

import micropython
from goban.gamelog import GameLog, encode
from goban.link import Link, parse_frame, TX_MAX
from goban.outbuf import Json


class Quiet:
    """The host's end: never anything to read."""
    def readinto(self, b):
        return 0


def plain(DIR, out):
    log = GameLog(DIR + "/log")
    link = Link(Quiet(), out, log=log, tx=TX_MAX)      # the product image's link
    log.new_game({"type": "game-start", "size": 19})
    evs = [{"type": "move", "color": "BW"[k % 2], "point": "dd", "number": k + 1,
            "text": "\u8ba1\u6d3b\u5b50"} for k in range(40)]
    jsons = [log.prepare(ev) for ev in evs[:1]]
    gc.collect()
    t = 1000
    for k, ev in enumerate(evs):
        payload = log.prepare(ev) if k else jsons[0]     # the JSON: made, allocated
        log.append(ev, payload)
        micropython.heap_lock()
        try:
            link.send_event(ev, log.last_payload)
            t += 600
            link.poll(t)                                  # every other one: a heartbeat
        finally:
            micropython.heap_unlock()
    out.close()
    log.close()
    lines = open(DIR + "/frames", "rb").read().split(b"\n")
    frames = [parse_frame(line[1:]) for line in lines if line]
    kinds = [f[1]["k"] for f in frames]
    assert None not in frames
    assert kinds.count("ev") == 40 and kinds.count("tick") >= 19, kinds
    assert [f[1]["e"] for f in frames if f[1]["k"] == "ev"] == evs
    assert [f[0] for f in frames] == list(range(len(frames)))
    back = GameLog(DIR + "/log")
    assert list(back.events(1))[1:] == evs
    size = len(encode({"type": "game-start", "size": 19, "game": 1, "seq": 1}))
    assert size + sum(len(encode(ev)) for ev in evs) == os.stat(back.file(1))[6]
    print("OK", len(frames))


def buf(DIR, out):
    jb = Json(384)                                        # the product image's, main.py
    log = GameLog(DIR + "/log", json_buf=jb)
    link = Link(Quiet(), out, log=log, tx=TX_MAX, json_buf=jb)
    log.new_game({"type": "game-start", "size": 19})
    evs = [{"type": "move", "color": "BW"[k % 2], "point": "dd", "number": k + 1,
            "text": "\u8ba1\u6d3b\u5b50", "komi": 6.5, "x": [None, True]} for k in range(40)]
    bowls = [{"type": "bowls", "black": 180 - k, "white": [k, 2]} for k in range(40)]
    big = {"type": "note", "text": "x" * 600}            # longer than the buffer: the plain way
    gc.collect()
    locked = 0
    for k, ev in enumerate(evs):
        lock = log.last_seq(1) % 16 != 0     # every 16th record keeps its offset (a list grows)
        if lock:
            micropython.heap_lock()
        try:
            log.append(ev)                                # the record made in the buffer
            link.send_event(ev, log.last_payload)
            link.send_event(bowls[k])                     # not logged: its JSON made there too
        finally:
            if lock:
                micropython.heap_unlock()
                locked += 1
        if k == 20:
            log.append(big)
            link.send_event(big, log.last_payload)
        if k == 30:
            # the dict is not grown: game and seq are in the record's JSON alone, and
            # added to a copy when asked for (the link asks at a new game, a state
            # request): the event may be a record the referee fills again
            assert "seq" not in ev, ev
            last = log.last_event()
            assert last == dict(ev, game=1, seq=33) and "seq" not in ev, last
    assert link.game == 1 and link.seq == 42, (link.game, link.seq)
    out.close()
    log.close()
    lines = open(DIR + "/frames", "rb").read().split(b"\n")
    frames = [parse_frame(line[1:]) for line in lines if line]
    assert None not in frames
    got = [f[1]["e"] for f in frames if f[1]["k"] == "ev"]
    want = []
    for k, ev in enumerate(evs):
        ev["game"] = 1
        ev["seq"] = k + 2 + (k > 20)
    for k in range(40):
        want += [evs[k], bowls[k]]
        if k == 20:
            want.append(big)
    assert got == want, (got[:3], want[:3])
    back = GameLog(DIR + "/log")
    logged = evs[:21] + [big] + evs[21:]
    assert list(back.events(1))[1:] == logged
    size = len(encode({"type": "game-start", "size": 19, "game": 1, "seq": 1}))
    assert size + sum(len(encode(ev)) for ev in logged) == os.stat(back.file(1))[6]
    print("OK", locked)


DIR, MODE = sys.stdin.readline().split()
out = open(DIR + "/frames", "wb")
if MODE == "plain":
    plain(DIR, out)
else:
    buf(DIR, out)
