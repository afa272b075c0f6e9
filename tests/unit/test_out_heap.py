"""An event's way out allocates nothing but its JSON: under MicroPython with the
heap locked, the link sends the event's frame with its JSON and its heartbeat
(put together in the buffer the product image gives it, the CRC written where it
goes), and the frames read back as the host reads them. The game log's record
allocates its JSON and its CRC's four bytes (a few small objects; every 16th record
also keeps its offset and looks at the log's size): it is written before the lock.
"""

from conftest import run_micropython

SCRIPT = r'''
import gc, micropython
from goban.gamelog import GameLog, encode
from goban.link import Link, parse_frame, TX_MAX

class Quiet:
    """The host's end: never anything to read."""
    def readinto(self, b):
        return 0

DIR = "%s"
out = open(DIR + "/frames", "wb")
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
