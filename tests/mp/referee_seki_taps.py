"""Seki marked by taps at the referee (tests/unit/test_referee_seki_marks.py), run by
CPython and the MicroPython unix port alike: reads [rows, [[point, ms held off],
...]] as JSON on stdin; plays the position under japanese, passes twice, taps
each point (lifted, put back after `ms`), presses end; prints the phase and the
seki lit, after each tap the marks, lights and display lines, then the events."""

import json
import sys

from goban.referee import Referee

rows, taps = json.loads(sys.stdin.read())
n = len(rows)
ref = Referee(n)
ref.new_game("japanese")
stable = bytearray(n * n)
out = []


def look():
    ref.frame(stable, 1, True)
    return ref.take_events()


look()
black = [y * n + x for y in range(n) for x in range(n) if rows[y][x] == "X"]
white = [y * n + x for y in range(n) for x in range(n) if rows[y][x] == "O"]
t = 0
while black or white:
    for c, pts in ((1, black), (2, white)):
        t += 10
        ref.now = t
        if pts:
            stable[pts.pop(0)] = c
            look()
        else:
            ref.button("BW"[c - 1] + ":pass")
ref.button("B:pass" if ref.game.to_move() == 1 else "W:pass")
ref.button("B:pass" if ref.game.to_move() == 1 else "W:pass")
ref.now = 10000
look()
out.append([ref.phase, sorted(ref.lights2)])
for i, ms in taps:
    c = stable[i]
    stable[i] = 0
    look()
    ref.now += ms
    stable[i] = c
    look()
    ref.now += 100
    out.append([[list(m) for m in ref.seki.marks], sorted(ref.lights2), list(ref.lines)])
ref.button("end")
evs = ref.take_events()
out.append([(e["type"], e.get("seki"), e.get("result"), (e.get("breakdown") or {}).get("seki"))
            for e in evs])
print(json.dumps(out))
