"""The clock inside the board loop (tests/unit/test_clock_board.py), run by the
MicroPython unix port from the repository, with the sim twins and no world model:
reads a scratch folder's path on stdin; 1. black thinks 5 s with the heap locked,
then the clock ticks (a tenth of its minute); 2. the host's clock on a game in play without one, the
players, bad values refused; 3. a flag whose `end` a power cut tore. Prints one
JSON object: heap, host, flag."""

import gc
import json
import sys

import micropython

from goban.gamelog import GameLog
from goban.referee import timing
from loop_rig import board, run

TMP = sys.stdin.readline().strip()
out = {}


def clocks(tap):
    return [e for e in tap.evs if e["type"] == "clock"]


# 1. a clock running while black thinks: the scan and the clock's step allocate nothing
lp, d, tap, how = board(game={"clock": "byoyomi:60+3x30"})
t = run(lp, 0, 200)
for i, c in ((20, 1), (60, 2)):
    d.matrix.put(i, c)
    t = run(lp, t, 300)
assert lp.ref.game.n == 2, lp.ref.game.n
gc.collect()
micropython.heap_lock()
try:
    for k in range(500):           # 5 s of black's thinking: no tick is due
        lp.scan()
        timing.step(lp.ref, t)
        t += 10
finally:
    micropython.heap_unlock()
t = run(lp, t, 6000)               # now the tick (every 20 s) and the display
ticks = [e for e in clocks(tap) if e.get("tick")]
out["heap"] = {"ticks": len(ticks), "B": ticks[-1]["B"]["main"] if ticks else None,
               "display": d.display.lines}

# 2. the host: a clock set on a game in play without one; the players
log = GameLog(TMP + "/host", durable=False)
lp, d, tap, how = board(log=log)
t = run(lp, 0, 200)
d.matrix.put(20, 1)
t = run(lp, t, 300)
errors = []
for bad in ({"B": {"main": 5}}, {"spec": "byoyomi:60"}, {"pause": "yes"}):
    try:
        lp.host_clock(bad)
    except ValueError as e:
        errors.append(str(e))
set_ev = lp.host_clock({"spec": "byoyomi:60+3x30"})
t = run(lp, t, 5000)
d.matrix.put(60, 2)
t = run(lp, t, 300)
after = clocks(tap)[-1]
for bad in ({}, {"colour": "B"}, {"black_rank": "10d"}, {"white": 5}):
    try:
        lp.host_players(bad)
    except ValueError as e:
        errors.append(str(e))
pl = lp.host_players({"white": "Lee Sedol", "white_rank": "9p"})
try:
    lp.host_new_game("japanese", game={"clock": "fischer:10"}, force=True)
except ValueError as e:
    errors.append(str(e))
st = lp.state()
out["host"] = {"set": set_ev, "after": after, "players": pl, "errors": errors,
               "state": {k: st[k] for k in ("rules", "clock", "players", "move")},
               "logged": [e["type"] for e in log.events(log.current_game())]}

# 3. a power cut tore the `end` after black's flag: the resume ends the game on time
g = GameLog(TMP + "/flag", durable=False)
side = {"main": 0, "period": 0, "periods": 0, "moves": 0, "penalty": 0}
full = {"main": 5000, "period": 0, "periods": 0, "moves": 0, "penalty": 0}
g.new_game({"type": "game-start", "size": 9, "rules": "chinese", "komi": 7.5, "handicap": 0,
            "first": "B", "setup": {"B": [], "W": []}, "clock": "absolute:5"})
g.append({"type": "ready", "to_move": "B"})
g.append({"type": "clock", "spec": "absolute:5", "run": "B", "paused": False, "B": full,
          "W": full})
g.append({"type": "clock", "run": "B", "paused": False, "B": side, "W": full, "flag": "B"})
lp, d, tap, how = board(log=g, now=777)
t = run(lp, 777, 500)
st = lp.state()
out["flag"] = {"how": how, "types": [e["type"] for e in tap.evs],
               "end": [e for e in tap.evs if e["type"] == "end"],
               "phase": st["phase"], "over": st["over"], "end_state": st["end"]}
print(json.dumps(out))
