"""The point lights on the emulated RP2040: the WS2812 chain driven by a PIO state
machine fed by DMA, as the product image runs it, and the neopixel fallback.

The emulator decodes the chain's data pin (pulse widths, the latch gap) into frames
of GRB bytes, so what is checked is what the LEDs would receive: the lit points in
the serpentine order at the profile's brightness, every other LED dark, one whole
frame per write. A write costs the loop 1-2 ms (2 ms with the XIP cache's misses,
its first after a collection; the bitstream, 10.8 ms for 361 LEDs, goes out while
the core runs on); a write while a frame is still on
the wire waits for it and its latch gap (flush() starts it), so two frames never
run together; a write allocates nothing once its colour has been seen.
"""

import json

from conftest import REPO
import chip_rig
from goban import profile as P

PROFILE = P.load(str(REPO / "boards" / "reference-19.json"))
BRIGHT = PROFILE.lights["brightness"]


def expected(points, rgb):
    """The frame the chain must get, computed here from the wiring (not the driver)."""
    size = PROFILE.size
    frame = bytearray(3 * size * size)
    g, r, b = (rgb[1] * BRIGHT // 255, rgb[0] * BRIGHT // 255, rgb[2] * BRIGHT // 255)
    for name in points:
        x, y = ord(name[0]) - 97, ord(name[1]) - 97
        led = y * size + (size - 1 - x if y & 1 else x)     # serpentine
        frame[3 * led:3 * led + 3] = bytes((g, r, b))
    return bytes(frame)


SCRIPT = r'''
import time, json, gc, micropython, main
from goban.hw.lights import Lights
prof = main.load_profile("reference-19")
out = {}
L = Lights(prof)
out["pio"] = L.chain is not None
red = ["aa", "sa", "ab", "ss", "jj"]
yellow = ["dd", "pd"]
L.set(red, "red", yellow, "yellow")   # colours met before: the timed writes allocate nothing
gc.collect()
time.sleep_ms(15)
t0 = time.ticks_us()
L.set(red, "red")
out["set_us"] = time.ticks_diff(time.ticks_us(), t0)
time.sleep_ms(2)
L.set(yellow, "yellow")             # the red frame is still on the wire
out["deferred"] = L.chain.pending >= 0
start = None
for k in range(30):
    if L.flush():
        start = time.ticks_diff(time.ticks_us(), t0)
        break
    time.sleep_ms(1)
out["second_at_us"] = start
time.sleep_ms(15)
gc.collect()
micropython.heap_lock()
try:
    L.set(red, "red")
    time.sleep_ms(12)
    L.set(yellow, "yellow")
    time.sleep_ms(12)
    L.flush()
finally:
    micropython.heap_unlock()
time.sleep_ms(15)
out["lit"] = sorted(L.lit.items())
N = Lights(prof, pio=False)         # the neopixel fallback on the same pin
t0 = time.ticks_us()
N.set(red, "red")
out["np_set_us"] = time.ticks_diff(time.ticks_us(), t0)
time.sleep_ms(2)
print("LIGHTS " + json.dumps(out))
'''


def test_the_pio_chain_sends_the_frame_the_points_want():
    c = chip_rig.repl(chip_rig.product_image(), profile=PROFILE)
    try:
        n0 = len(c.leds)
        text = c.exec(SCRIPT, limit_us=20_000_000)
        c.run_for(5_000)
        frames = c.leds[n0:]
    finally:
        c.close()
    out = json.loads(text[text.index("LIGHTS ") + 7:].splitlines()[0])
    assert out["pio"], "the product image should drive the chain with the PIO"
    red = ["aa", "sa", "ab", "ss", "jj"]
    yellow = ["dd", "pd"]
    dark = expected([], (0, 0, 0))
    want = [dark, expected(red, (255, 0, 0)), expected(yellow, (255, 160, 0)),
            expected(red, (255, 0, 0)), expected(yellow, (255, 160, 0)),
            dark, expected(red, (255, 0, 0))]
    assert len(frames) == len(want), [len(f) for f in frames]
    for k, (got, w) in enumerate(zip(frames, want)):
        assert len(got) == 3 * 361, (k, len(got))
        assert got == w, "frame %d differs at LEDs %s" % (
            k, [i // 3 for i in range(len(w)) if got[i] != w[i]][:10])
    # the write returns at once; the frame it found on the wire ran to its end first
    assert out["set_us"] < 2_500, out
    assert out["deferred"], out
    assert out["second_at_us"] >= 361 * 30 + 300, out
    assert out["lit"] == [[3 * 19 + 3, "yellow"], [3 * 19 + 15, "yellow"]], out   # dd, pd
    # the fallback costs the core the whole bitstream
    assert out["np_set_us"] > 361 * 30, out
