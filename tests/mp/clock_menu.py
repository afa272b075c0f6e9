"""The board's own new-game menu with its clock steps (tests/unit/test_clock_board.py),
the same under CPython and the MicroPython unix port: each stdin line is a walk of
button presses (comma-separated) made on a board whose game is over; prints one
JSON line a walk: [the display's two lines after each press, the new game's
game-start as [rules, komi, handicap, clock, by] or null when none started]."""

import json
import sys

from loop_rig import board, run


def walk(presses):
    lp, d, tap, how = board()
    t = run(lp, 0, 500)
    lp.press("resign")               # the game is over: ok opens the menu
    lp.step(t)
    before = len(tap.evs)
    shown = []
    for name in presses:
        lp.press(name)
        shown.append(list(d.display.lines))
    starts = [e for e in tap.evs[before:] if e["type"] == "game-start"]
    start = None
    if starts:
        s = starts[-1]
        start = [s.get(k) for k in ("rules", "komi", "handicap", "clock", "by")]
    return [shown, start]       # lists: MicroPython's json keeps no key order


for line in sys.stdin:
    line = line.strip()
    if line:
        print(json.dumps(walk(line.split(","))))
