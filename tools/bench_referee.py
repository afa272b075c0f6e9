#!/usr/bin/env python3
"""Referee figures: one 361-point frame (classify + settle + diff) under MicroPython
with viper, the time from a stone let go to its move announced (simulated scans),
and the firmware's peak heap over a full 19x19 game played on the simulated board."""

import json
import pathlib
import subprocess
import sys

REPO = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO / "host"))
sys.path.insert(0, str(REPO / "firmware"))

FRAME = r'''
import time
from array import array
from goban import profile as P
from goban.calibration import Calibration
from goban.settle import Settle, scans_for
from goban.referee import diff_frame, Referee, CAP
prof = P.load("boards/sim-19.json")
cal = Calibration(19, prof)
raw = array("H", [2048] * 361)
cal.retake(raw)
for i in range(0, 361, 3):
    raw[i] = 2048 + 600 if i & 1 else 2048 - 600
cells = bytearray(361)
st = Settle(361, scans_for(prof.settle_ms, prof.scan_ms))
ref = Referee(19)
ref.new_game("chinese")
out = array("H", bytes(2 * CAP))
N = 5000
def run():
    t = time.ticks_us()
    for k in range(N):
        cal.classify(raw, cells)
        st.update(cells)
        diff_frame(st.stable, ref.game.board.cells, ref.tol, out, CAP, 19)
    return time.ticks_diff(time.ticks_us(), t)
run()
total = run()
t = time.ticks_us()
for k in range(N):
    cal.classify(raw, cells)
c = time.ticks_diff(time.ticks_us(), t)
t = time.ticks_us()
for k in range(N):
    st.update(cells)
s = time.ticks_diff(time.ticks_us(), t)
t = time.ticks_us()
for k in range(N):
    diff_frame(st.stable, ref.game.board.cells, ref.tol, out, CAP, 19)
d = time.ticks_diff(time.ticks_us(), t)
print(total / N, c / N, s / N, d / N)
'''


CODE = r'''
import gc
gc.collect()
a = gc.mem_alloc()
from goban import boardloop, referee, gamelog, calibration, profile, count, link
from goban.hw import bowls, buttons, display, lights, buzzer, matrix, scale
gc.collect()
print(gc.mem_alloc() - a)
'''


def code_heap(mp, env):
    """Heap the board's modules take once imported (bytecode, viper code, module
    data), on this 64-bit port; the game figure excludes it."""
    p = subprocess.run([mp, "-c", CODE], cwd=str(REPO), env=env, capture_output=True, text=True)
    return int(p.stdout.split()[-1]) if p.returncode == 0 else None


def prof_ms(field):
    with open(str(REPO / "boards" / "sim-19.json")) as f:
        return json.load(f).get(field, 0)


def main():
    env = {"MICROPYPATH": "firmware:.frozen", "PATH": "/usr/bin:/bin"}
    mp = str(REPO / ".venv" / "bin" / "micropython")
    p = subprocess.run([mp, "-c", FRAME], cwd=str(REPO), env=env, capture_output=True, text=True)
    if p.returncode:
        print(p.stderr)
        return 1
    total, c, s, d = (float(x) for x in p.stdout.split())
    print("## referee")
    print("frame (classify + settle + diff, 361 points, viper, unix port): %.1f us "
          "(classify %.1f, settle %.1f, diff %.1f); x170 on the RP2040 ~ %.2f ms (target 3 ms)"
          % (total, c, s, d, total * 170 / 1000))
    sys.path.insert(0, str(REPO / "tests"))
    from sim_rig import sim_sgf
    out = sim_sgf(str(REPO / "tests" / "data" / "sim_gnugo_19.sgf"), rules="chinese", seed=5, noise=2)
    lat = sorted(out["summary"]["latency_scans"])
    scan = out["summary"]["scan_ms"]
    early = len([x for x in lat if x < 0])
    print("stone let go -> move announced: median %d scans, max %d scans (%d ms at %d ms/scan; "
          "target 100 ms); %d of %d moves announced while the stone was still held (the "
          "board cannot feel fingers); settle windows from the profile (%d ms, strong and "
          "steady stones %d ms)" % (lat[len(lat) // 2], lat[-1], lat[-1] * scan, scan, early,
                                    len(lat), prof_ms("settle_ms"), prof_ms("settle_fast_ms")))
    print("peak live heap over a %d-move 19x19 game (firmware objects + sim twins, gc.mem_alloc "
          "after gc.collect after every step with events and every 64 scans, 64-bit unix port): "
          "%.1f KB (target 64 KB)" % (len(out["moves"]), out["summary"]["peak_heap"] / 1024))
    code = code_heap(mp, env)
    if code is not None:
        print("not in that figure: the firmware's code once imported, %.1f KB of heap here "
              "(64-bit); on the Pico .mpy files load into the heap too, frozen modules stay "
              "in flash" % (code / 1024))
    return 0


if __name__ == "__main__":
    sys.exit(main())
