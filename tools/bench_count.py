#!/usr/bin/env python3
"""Counting benchmark: time to count a full 19x19 board (regions, blocks, eyes,
seki and the score) under MicroPython with viper and under CPython.

Target: under 10 ms on the RP2040, where viper runs about 170x slower than on
this machine's unix port, so about 60 µs here. Prints one line per figure.
Run: tools/bench_count.py  (from anywhere; uses .venv/bin/micropython)
"""

import os
import subprocess
import sys
import time

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(REPO, "firmware"))

RP2040_FACTOR = 170
TARGET_US = 10000

# a busy, finished-looking 19x19 game: every point filled but for eyes and dame
BODY = r"""
import time
from goban.game import Game
from goban.count import prepare, count
from goban import rules as R

def board_rows():
    seed = 12345
    rows = []
    for y in range(19):
        row = ""
        for x in range(19):
            seed = (seed * 1103515245 + 12345) & 0x7FFFFFFF
            v = (seed >> 16) % 8
            row += "X" if v < 3 else "O" if v < 6 else "."
        rows.append(row)
    return rows

def ticks_us():
    try:
        return time.ticks_us()
    except AttributeError:
        return int(time.perf_counter() * 1000000)

def bench(rules_id, reps):
    g = Game(rules_id, size=19)
    g.board.load_rows(board_rows())
    ctr, rules, dead, facts = prepare(g, ["aa", "ss"], rules_id)
    rg = ctr.regions
    scoring = rules.scoring
    core = 1e9
    for _ in range(5):  # best of five batches: the machine is shared
        t0 = ticks_us()
        for _ in range(reps // 5):
            rg.run()
            ctr.score(scoring)
        core = min(core, (ticks_us() - t0) / (reps // 5))
    r = R.get(rules_id)
    full = 1e9
    for _ in range(5):
        t0 = ticks_us()
        for _ in range(max(1, reps // 50)):
            count(g, ["aa", "ss"], r)
        full = min(full, (ticks_us() - t0) / max(1, reps // 50))
    return core, full

for rid in ("chinese", "living-stones"):
    core, full = bench(rid, REPS)
    print("RESULT %s %.1f %.1f" % (rid, core, full))
"""


def run_here(reps):
    ns = {"REPS": reps, "__name__": "bench"}
    out = []
    import io
    import contextlib
    buf = io.StringIO()
    with contextlib.redirect_stdout(buf):
        exec(BODY, ns)
    for line in buf.getvalue().splitlines():
        if line.startswith("RESULT"):
            out.append(line.split()[1:])
    return out


def run_micropython(reps):
    mp = os.path.join(REPO, ".venv", "bin", "micropython")
    env = dict(os.environ, MICROPYPATH=os.path.join(REPO, "firmware"))
    proc = subprocess.run([mp, "-c", ("REPS = %d\n" % reps) + BODY], capture_output=True,
                          text=True, env=env, cwd=REPO, timeout=300)
    if proc.returncode != 0:
        raise SystemExit("micropython failed:\n" + proc.stdout + proc.stderr)
    return [line.split()[1:] for line in proc.stdout.splitlines() if line.startswith("RESULT")]


def main():
    print("== counting (19x19, full board, dead stones given; best of 5 batches) ==")
    for rid, core, full in run_micropython(2000):
        core = float(core)
        est = core * RP2040_FACTOR
        print("micropython viper  %-14s core %7.1f us   whole count() %8.1f us   "
              "RP2040 estimate %6.2f ms (target %d ms) %s"
              % (rid, core, float(full), est / 1000, TARGET_US // 1000,
                 "OK" if est <= TARGET_US else "OVER"))
    for rid, core, full in run_here(200):
        print("cpython            %-14s core %7.1f us   whole count() %8.1f us"
              % (rid, float(core), float(full)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
