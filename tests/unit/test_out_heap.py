"""An event's way out allocates nothing but its JSON: under MicroPython with the
heap locked, the link sends the event's frame with its JSON and its heartbeat
(put together in the buffer the product image gives it, the CRC written where it
goes), and the frames read back as the host reads them. Given no JSON buffer the
game log's record allocates its JSON and its CRC's four bytes (written before the
lock); given one (goban.outbuf.Json, as main.py gives the log and the link on the
product image) the record allocates nothing either (every 16th record keeps its
offset and looks at the log's size: those allocate).
"""

from conftest import run_micropython

HEAD = r'''
import gc, micropython
from goban.gamelog import GameLog, encode
from goban.link import Link, parse_frame, TX_MAX
from goban.outbuf import Json

class Quiet:
    """The host's end: never anything to read."""
    def readinto(self, b):
        return 0

DIR = "%s"
out = open(DIR + "/frames", "wb")
'''

SCRIPT = HEAD + r'''
log = GameLog(DIR + "/log")
link = Link(Quiet(), out, log=log, tx=TX_MAX)      # the product image's link
log.new_game({"type": "game-start", "size": 19})
evs = [{"type": "move", "color": "BW"[k %% 2], "point": "dd", "number": k + 1,
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
frames = [parse_frame(line[1:]) for line in open(DIR + "/frames", "rb").read().split(b"\n") if line]
kinds = [f[1]["k"] for f in frames]
assert None not in frames
assert kinds.count("ev") == 40 and kinds.count("tick") >= 19, kinds
assert [f[1]["e"] for f in frames if f[1]["k"] == "ev"] == evs
assert [f[0] for f in frames] == list(range(len(frames)))
back = GameLog(DIR + "/log")
assert list(back.events(1))[1:] == evs
size = len(encode({"type": "game-start", "size": 19, "game": 1, "seq": 1}))
assert size + sum(len(encode(ev)) for ev in evs) == back._sizes[1]
print("OK", len(frames))
'''


def test_an_event_frame_and_the_heartbeat_allocate_nothing(tmp_path):
    out = run_micropython(SCRIPT % tmp_path)
    assert out.strip().splitlines()[-1].startswith("OK")


SCRIPT_BUF = HEAD + r'''
jb = Json(384)                                        # the product image's, main.py
log = GameLog(DIR + "/log", json_buf=jb)
link = Link(Quiet(), out, log=log, tx=TX_MAX, json_buf=jb)
log.new_game({"type": "game-start", "size": 19})
evs = [{"type": "move", "color": "BW"[k %% 2], "point": "dd", "number": k + 1,
        "text": "\u8ba1\u6d3b\u5b50", "komi": 6.5, "x": [None, True]} for k in range(40)]
bowls = [{"type": "bowls", "black": 180 - k, "white": [k, 2]} for k in range(40)]
big = {"type": "note", "text": "x" * 600}            # longer than the buffer: the plain way
gc.collect()
locked = 0
for k, ev in enumerate(evs):
    lock = log._seq %% 16 != 0     # every 16th record keeps its offset (a list grows)
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
frames = [parse_frame(line[1:]) for line in open(DIR + "/frames", "rb").read().split(b"\n") if line]
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
assert size + sum(len(encode(ev)) for ev in logged) == back._sizes[1]
print("OK", locked)
'''


def test_a_record_made_in_the_json_buffer_allocates_nothing(tmp_path):
    """The product image's way (main.py gives the log and the link one
    goban.outbuf.Json): a move's record and its frame, and a bowls reading's
    frame, with the heap locked; a record longer than the buffer the plain way;
    the log and the frames read back as the host reads them."""
    out = run_micropython(SCRIPT_BUF % tmp_path)
    last = out.strip().splitlines()[-1]
    assert last.startswith("OK") and int(last.split()[1]) >= 35, out
