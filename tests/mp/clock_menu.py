"""The board's own new-game menu with its clock steps (tests/unit/test_clock_board.py),
the same under CPython and the MicroPython unix port: each stdin line is a walk of
button presses (comma-separated) made on a board whose game is over; prints one
JSON line a walk: [the display's two lines after each press, the new game's
game-start as [rules, komi, handicap, clock, by] or null when none started]."""

import json
import sys
from array import array

from goban import profile as P
from goban.hw import open_devices
from goban.calibration import Calibration
from goban.boardloop import BoardLoop


class Tap:
    def __init__(self):
        self.evs = []

    def send_event(self, ev):
        self.evs.append(ev)

    def poll(self, now):
        pass


prof = P.load("boards/sim-9.json")


def walk(presses):
    d = open_devices(prof)
    cal = Calibration(9, prof)
    raw = array("H", bytes(2 * 81))
    d.matrix.scan(raw)
    cal.retake(raw)
    tap = Tap()
    lp = BoardLoop(prof, d.matrix, cal, None, d.buttons, d.display, d.buzzer, d.lights, None, tap)
    lp.start("chinese", now_ms=0)
    t = 0
    for _ in range(50):
        lp.step(t)
        t += 10
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
