"""The frame path under a locked heap (tests/unit/test_referee_heap.py), run by the
MicroPython unix port from the repository: the sim twins, the real calibration,
four moves played, then 2,000 frames scanned, classified, settled and refereed
with the heap locked; then 500 idle steps of the loop on the Pico's clock
(a deterministic ticks_us), with room for every job and with none (every lane waits, a step of
its own after FORCE), the heap locked. Prints a line `IDLE budget scans` for
each budget, then OK, the moves and the settle's last frame."""

import gc

import micropython

from goban import profile as P
from goban.hw import open_devices
from goban.calibration import Calibration
from goban.boardloop import BoardLoop
from array import array

prof = P.load("boards/sim-19.json")
d = open_devices(prof)
cal = Calibration(19, prof)
raw = array("H", bytes(2 * 361))
d.matrix.scan(raw)
cal.retake(raw)
lp = BoardLoop(prof, d.matrix, cal, d.bowls, d.buttons, d.display, d.buzzer, d.lights, None)
lp.start("chinese")
for k in range(20):
    lp.step(k * 10)
t = 1000
for i, c in ((60, 1), (72, 2), (300, 1), (288, 2)):
    d.matrix.put(i, c)
    for k in range(20):
        t += 10
        lp.step(t)
assert lp.ref.game.n == 4, lp.ref.game.n
for k in range(50):
    lp.scan()
gc.collect()
micropython.heap_lock()
try:
    for k in range(2000):
        lp.scan()
finally:
    micropython.heap_unlock()
class Ticks:
    """The Pico's microsecond clock, made deterministic: each reading 50 us on
    (the real clock made the counts depend on how loaded the machine was)."""

    def __init__(self):
        self.t = 0

    def us(self):
        self.t += 50
        return self.t


ticks = Ticks()
t = 2000
for budget in (9000, 1):
    lp.pace(ticks.us, budget)
    for k in range(20):
        t += 10
        lp.step(t)
    scans = lp.scans
    gc.collect()
    micropython.heap_lock()
    try:
        for k in range(500):
            t += 10
            lp.step(t)
    finally:
        micropython.heap_unlock()
    print("IDLE", budget, lp.scans - scans)
print("OK", lp.ref.game.n, lp.settle.last)
