"""The clock through captures, flags and power cuts, in the board loop on the sim
twins with no world model (tests/unit/test_clock_board.py runs it under
MicroPython and CPython and compares): reads a scratch folder's path on stdin.
1. a capture lifted slowly in byo-yomi: the opponent's period starts when the
last prisoner is off, the display shows the clocks meanwhile; 2. a stone that
landed just before the time ran out is in time, one just after it is a loss on
time, and so is a flag found by the pause of an illegal position; 3. a cut at
every event boundary and between two events of an Ing game with a penalty and
a capture restores the clock as it stood (penalties and periods exactly, the
thinker's time within one tick, the time off charged to nobody).
Prints one JSON object per part: lift, flags, cuts."""

import json
import sys

from goban.gamelog import GameLog
from loop_rig import board, run

TMP = sys.stdin.readline().strip()
SIDES = ("main", "period", "periods", "moves", "penalty")


def clocks(tap):
    return [e for e in tap.evs if e["type"] == "clock"]


def until_ready(lp, t):
    """Steps until the clock runs (the board checked, `ready`): the ticks then."""
    while not lp.ref.clock.running():
        lp.step(t)
        t += 10
    return t - 10


def play(lp, d, t, moves):
    """[(frame point, colour, ms after)]: each stone put, then the loop runs."""
    for i, c, ms in moves:
        d.matrix.put(i, c)
        t = run(lp, t, ms)
    return t


# 1. black takes two stones and lifts them over 3.5 s in its 5 s period; white
# thinks 3 s after the last is off (its period would have run out meanwhile)
lp, d, tap, how = board(game={"clock": "byoyomi:1+1x5"})
t = until_ready(lp, 0)
t = play(lp, d, t, [(2, 1, 1200), (0, 2, 1200), (10, 1, 300), (1, 2, 300), (9, 1, 300)])
shown = list(d.display.lines)
t = run(lp, t, 1500)
d.matrix.lift(0)
t = run(lp, t, 2000)
d.matrix.lift(1)
t = run(lp, t, 400)
after_lift = clocks(tap)[-1]
t = run(lp, t, 2600)
t = play(lp, d, t, [(40, 2, 400)])
types = [e["type"] for e in tap.evs]
i = types.index("lifted")
print(json.dumps({"lift": {"shown": shown, "types": types[i - 3:i + 2],
                           "after_lift": after_lift, "after_answer": clocks(tap)[-1],
                           "flags": [e for e in clocks(tap) if e.get("flag")],
                           "ends": [e for e in tap.evs if e["type"] == "end"]}}))

# 2. absolute:3: a stone landed 10 ms before the time ran out, then one 50 ms after
# it, then a wrong stone put 10 ms before it (the pause it brings finds the time gone)
out = []
for ms, c in ((2990, 1), (3050, 1), (2990, 2)):
    lp, d, tap, how = board(game={"clock": "absolute:3"})
    t = until_ready(lp, 0)
    t = run(lp, t, ms)
    d.matrix.put(40, c)
    t = run(lp, t, 1500)
    st = lp.state()
    out.append({"types": [e["type"] for e in tap.evs if e["type"] != "bowls"],
                "last": clocks(tap)[-1], "phase": st["phase"], "over": st["over"],
                "moves": st["move"], "ends": [e for e in tap.evs if e["type"] == "end"],
                "display": d.display.lines})
print(json.dumps({"flags": out}))

# 3. an Ing game (3 s, then 2 periods of 2 s at 2 points): white enters its first
# period thinking at move 2; black captures two stones and lifts them 1 s apart
log = GameLog(TMP + "/live", durable=False)
lp, d, tap, how = board(log=log, game={"clock": "ing:3+2x2@2"})
snaps = []                  # (ticks, events logged, the clock's state) when the log caught up


def snap(t):
    k = lp.ref.clock
    if not lp.queue and not lp.ref.events:
        snaps.append((t, log.count(), k.side(1), k.side(2), k.running(), k.lifting()))


t = 0
script = [(300, 2, 1), (3600, 0, 2), (300, 10, 1), (300, 1, 2), (400, 9, 1), (1000, 0, 0),
          (1000, 1, 0), (700, 40, 2), (500, -1, 0)]
for ms, i, c in script:
    end = t + ms
    while t < end:
        lp.step(t)
        snap(t)
        t += 10
    if i >= 0:
        if c:
            d.matrix.put(i, c)
        else:
            d.matrix.lift(i)
events = list(log.events(log.current_game()))
cuts = []
seen = set()
for j in range(len(snaps)):
    s = snaps[j]
    last = j + 1 == len(snaps) or snaps[j + 1][1] != s[1]
    if s[1] in seen and not last:
        continue            # the first and the last moment of each boundary
    seen.add(s[1])
    g = GameLog("%s/cut%d" % (TMP, j), durable=False)
    g.new_game(dict(events[0]))
    for e in events[1:s[1]]:
        g.append(dict(e))
    lp2, d2, tap2, how2 = board(log=g, now=s[0] + 5000)
    run(lp2, s[0] + 5000, 100)
    r = [e for e in clocks(tap2) if e.get("resumed")]
    cuts.append({"t": s[0], "logged": s[1], "live": [s[2], s[3], s[4], s[5]],
                 "resumed": r[0] if r else None, "how": how2})
print(json.dumps({"cuts": cuts, "types": [e["type"] for e in events if e["type"] != "bowls"]}))
