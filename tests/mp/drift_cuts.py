"""A drift followed in RAM across power cuts, in the board loop on the sim twins
(tests/unit/test_drift_log.py runs it under MicroPython and CPython and compares):
reads a scratch folder's path on stdin.
1. a sensor's baseline walks 600 counts (a stone reads 600) while the game goes
on: the board follows it and logs it (`baseline` events), never a move there;
2. the power goes: the board comes back from the calibration on flash and the
log, reads the point empty, and black's next stone is its move; the same cut
with the log's `baseline` events taken out reads the point as a stone;
3. a new game logs the baseline again (its log replays from flash), and a cut in
that game comes back with the point empty too.
Prints one JSON object per part: drift, cut, again."""

import json
import sys
from array import array

from goban.gamelog import GameLog
from goban.calibration import Calibration
from goban.boardloop import BoardLoop
from loop_rig import Tap, prof, run
from goban.hw import open_devices

TMP = sys.stdin.readline().strip()
CAL = TMP + "/cal.bin"
X = 4          # the drifting sensor's point (empty all game)


def boot(d, log, now):
    """The board's boot: the calibration from flash, the log's game resumed."""
    cal = Calibration(9, prof)
    cal.load(CAL)
    tap = Tap()
    lp = BoardLoop(prof, d.matrix, cal, None, d.buttons, d.display, d.buzzer, d.lights, log, tap)
    how = lp.start("chinese", now_ms=now)
    return lp, cal, tap, how


def put(lp, d, t, i, c, ms):
    d.matrix.put(i, c)
    return run(lp, t, ms)


def drift(lp, d, t, counts, ms):
    """X's sensor walks `counts` over ms, a count at a time."""
    m = d.matrix
    every = ms // counts
    for _ in range(counts):
        m.base[X] += 1
        m.field[X] += 1
        t = run(lp, t, every)
    return t


def moves(log):
    return [(e["number"], e["point"]) for e in log.events(log.current_game())
            if e["type"] == "move"]


def told(log):
    return [e["base"] for e in log.events(log.current_game())
            if e["type"] == "baseline" and e["point"] == "ea"]


def said(tap):
    return [e["type"] for e in tap.evs if e["type"] in ("illegal", "choose", "move")]


# 1. two moves, then X's sensor walks 600 counts in 60 s; black thinks meanwhile
d = open_devices(prof)
cal = Calibration(9, prof)
raw = array("H", bytes(2 * 81))
d.matrix.scan(raw)
cal.retake(raw)
cal.save(CAL)
flash = cal.baseline(X)
log = GameLog(TMP + "/live", durable=False)
tap = Tap()
lp = BoardLoop(prof, d.matrix, cal, None, d.buttons, d.display, d.buzzer, d.lights, log, tap)
lp.start("chinese", now_ms=0)
t = run(lp, 0, 1000)
t = put(lp, d, t, 40, 1, 1000)
t = put(lp, d, t, 41, 2, 1000)
t = drift(lp, d, t, 600, 60000)
t = run(lp, t, 3000)
print(json.dumps({"drift": {"flash": flash, "followed": cal.baseline(X) - flash,
                            "told": [b - flash for b in told(log)], "moves": moves(log),
                            "said": said(tap)}}))

# 2. the power goes and comes back 5 s later; black then plays at 50
t += 5000
events = list(log.events(log.current_game()))
lp2, cal2, tap2, how = boot(d, GameLog(TMP + "/live", durable=False), t)
resumed = cal2.baseline(X) - flash
t = run(lp2, t, 2000)
t = put(lp2, d, t, 50, 1, 1500)
after = {"how": how, "resumed": resumed, "moves": moves(lp2.log), "said": said(tap2)}
# the same cut with the `baseline` events taken out of the log
bare = GameLog(TMP + "/bare", durable=False)
bare.new_game(dict(events[0]))
for e in events[1:]:
    if e["type"] != "baseline":
        bare.append(dict(e))
d.matrix.lift(50)
lp3, cal3, tap3, how3 = boot(d, bare, t)
run(lp3, t, 2000)
print(json.dumps({"cut": {"after": after, "bare": {"how": how3, "resumed": cal3.baseline(X) - flash,
                                                   "moves": moves(bare), "said": said(tap3)}}}))

# 3. a new game on the board that was cut: X's baseline is logged again in it;
# black plays at 30, then the power goes again
lp2.host_new_game("chinese", force=True)
for i in (40, 41, 50):
    d.matrix.lift(i)
t = run(lp2, t, 3000)
t = put(lp2, d, t, 30, 1, 1500)
again = told(lp2.log)
t += 5000
lp4, cal4, tap4, how4 = boot(d, GameLog(TMP + "/live", durable=False), t)
run(lp4, t, 2000)
print(json.dumps({"again": {"told": [b - flash for b in again], "how": how4,
                            "resumed": cal4.baseline(X) - flash, "moves": moves(lp4.log),
                            "said": said(tap4)}}))
