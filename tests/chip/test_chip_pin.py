"""The step pin's scope (tools/chip/emulator.mjs, StepPin) against the chip's timer.

The product image holds the profile's `step_pin` high while a loop step runs
(goban.boardloop.BoardLoop.mark_steps), and the emulator times the pin's edges by
the core's own cycle count, as a scope on a Pico's pin would: the second,
independent measurement of the steps (tools/bench_chip.py, `step_ms_worst_pin`).
Here a program on the stock image raises the pin for pulses it times itself with
ticks_us (the microsecond timer the bench reads): a busy wait on the timer, a
sleep (the idle cycles the emulator skips, counted all the same), and reads of
32 KB of flash (each a miss of the 16 KB cache), with the XIP cache modelled and
without. The two clocks share nothing but the instructions run, and they must
agree; the reads must take a miss's 59 cycles longer each with the cache, by
the scope too (its stalls are cycles).
"""

import pytest

from conftest import REPO
import chip_rig
from goban import profile as P

PROFILE = P.load(str(REPO / "boards" / "reference-19.json"))

PROG = r'''
import time, micropython
from machine import Pin
p = Pin(%d, Pin.OUT, value=0)
@micropython.viper
def _flash(a: int, n: int) -> int:
    f = ptr32(a)
    s = 0
    i = 0
    while i < n:
        s += f[i]
        i += 2
    return s
def timed(work, arg):
    p(1)
    t0 = time.ticks_us()
    work(arg)
    t = time.ticks_diff(time.ticks_us(), t0)
    p(0)
    return t
def spin(us):
    t0 = time.ticks_us()
    while time.ticks_diff(time.ticks_us(), t0) < us:
        pass
def flash(k):
    for j in range(k):
        _flash(0x100A0000, 2 * 4096)    # 32 KB of flash, a word a line: twice the cache
''' % PROFILE.data["step_pin"]

PULSES = ("timed(spin, 200)", "timed(spin, 9000)", "timed(time.sleep_ms, 5)",
          "timed(flash, 4)")


def run(cost):
    c = chip_rig.repl(chip_rig.stock_image(), profile=PROFILE, xip_cache=cost)
    try:
        c.exec(PROG)
        c.probe_all()           # the pulses so far (none: the pin was low)
        timer = [int(c.exec("print(%s)" % call).strip()) for call in PULSES]
        pins = c.probe_all()["pin"]
    finally:
        c.close()
    return timer, [high / 125 for _, high in pins]


@pytest.fixture(scope="module")
def both():
    return run(True), run(False)


def test_the_scope_and_the_timer_agree(both):
    for timer, scope in both:
        assert len(scope) == len(PULSES), scope
        for call, t, s in zip(PULSES, timer, scope):
            # the pin rises before the first read of the timer and falls after
            # the last: a bytecode call or two apart (20-50 us on the stock
            # image, its code in flash: the first pulse finds the cache cold)
            assert 0 <= s - t <= 0.005 * t + 60, (call, t, s)
    (t_on, s_on), (t_off, s_off) = both
    assert 9000 <= s_on[1] < 9100 and 5000 <= s_on[2] < 5200, s_on


def test_the_flash_caches_misses_are_cycles_the_scope_counts(both):
    (t_on, s_on), (t_off, s_off) = both
    k = PULSES.index("timed(flash, 4)")
    # 4 x 4096 lines, each a miss: 59 cycles (0.47 us) more each with the cache
    # (and the misses of the interpreter's own code around them: a few %)
    misses = 4 * 4096 * 59 / 125
    assert misses <= s_on[k] - s_off[k] <= 1.1 * misses, (s_on, s_off)
