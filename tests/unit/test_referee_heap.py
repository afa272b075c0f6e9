"""The frame path allocates nothing: under MicroPython with the heap locked, the
board loop scans, classifies, settles and referees 2,000 noisy frames of a board
with stones on it (the sim twins, the real calibration, a game in progress)."""

from conftest import run_micropython

SCRIPT = r'''
import gc, micropython
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
print("OK", lp.ref.game.n, lp.settle.last)
'''


def test_frame_path_allocates_nothing():
    out = run_micropython(SCRIPT)
    assert out.strip().splitlines()[-1].startswith("OK 4")
