#!/usr/bin/env python3
"""Counting benchmark: time to count a full 19x19 board under MicroPython with
viper and under CPython, on two boards: the final position of the GNU Go game in
tests/data/ with GNU Go's dead stones (a real end of game), and a random board
(3/8 black, 3/8 white: about 70 blocks in seki, the breakdown's worst case).

Two figures per board: `core`, the viper analysis and the score arithmetic
(Regions.run + Counter.score: no allocation), and `whole count()`, what the
referee calls: the dead stones taken off a copy of the board, the analysis and
the player's breakdown (dicts, point names: allocates, plain bytecode).

Target: a count under 10 ms on the RP2040, one sensor scan period. The RP2040
runs viper about 170x and bytecode about 100x slower than this machine's unix
port, so the estimate is core x 170 + (whole - core) x 100.
Run: tools/bench_count.py  (from anywhere; uses .venv/bin/micropython)
"""

import os
import subprocess
import sys
import time

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(REPO, "firmware"))

RP2040_FACTOR = 170
BYTECODE_FACTOR = 100
TARGET_US = 10000
GAME = os.path.join(REPO, "tests", "data", "sim_gnugo_19.sgf")

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

def bench(rules_id, reps, rows, dead_pts):
    g = Game(rules_id, size=19)
    g.board.load_rows(rows)
    ctr, rules, dead, facts = prepare(g, dead_pts, rules_id)
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
            count(g, dead_pts, r)
        full = min(full, (ticks_us() - t0) / max(1, reps // 50))
    return core, full

BOARDS = [("random", board_rows(), ["aa", "ss"])] + GAME_BOARDS
for name, rows, dead_pts in BOARDS:
    for rid in ("chinese", "living-stones"):
        core, full = bench(rid, REPS, rows, dead_pts)
        print("RESULT %s %s %.1f %.1f" % (name, rid, core, full))
"""


def game_board():
    """[(name, rows, dead points)] of the GNU Go game's final position, its dead
    stones as GNU Go sees them; [] when GNU Go or the game is missing."""
    sys.path.insert(0, os.path.join(REPO, "tools"))
    sys.path.insert(0, os.path.join(REPO, "host"))
    from gtp import GTP, GNUGO
    if not (os.path.exists(GNUGO) and os.path.exists(GAME)):
        return []
    from goboard.sgfgame import load_sgf
    game, _ = load_sgf(GAME)
    b = game.board
    names = {b.name(p): b.sgf(p) for p in b.points()}
    with GTP() as go:
        go.command("loadsgf %s" % GAME)
        dead = sorted(names[v] for v in go.final_status_list("dead"))
    return [("gnugo-game", b.rows(), dead)]


def prelude(reps, boards):
    return "REPS = %d\nGAME_BOARDS = %r\n" % (reps, boards)


def run_here(reps, boards):
    ns = {"__name__": "bench"}
    exec(prelude(reps, boards), ns)
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


def run_micropython(reps, boards):
    mp = os.path.join(REPO, ".venv", "bin", "micropython")
    env = dict(os.environ, MICROPYPATH=os.path.join(REPO, "firmware"))
    proc = subprocess.run([mp, "-c", prelude(reps, boards) + BODY], capture_output=True,
                          text=True, env=env, cwd=REPO, timeout=300)
    if proc.returncode != 0:
        raise SystemExit("micropython failed:\n" + proc.stdout + proc.stderr)
    return [line.split()[1:] for line in proc.stdout.splitlines() if line.startswith("RESULT")]


def main():
    boards = game_board()
    print("== counting (19x19; best of 5 batches; RP2040 estimate = core x %d + the rest "
          "x %d) ==" % (RP2040_FACTOR, BYTECODE_FACTOR))
    for board, rid, core, full in run_micropython(2000, boards):
        core, full = float(core), float(full)
        est_core = core * RP2040_FACTOR
        est = est_core + (full - core) * BYTECODE_FACTOR
        print("micropython viper  %-10s %-14s core %6.1f us  whole count() %6.1f us   "
              "RP2040 est. core %5.2f ms, whole %5.2f ms (target %d ms) %s"
              % (board, rid, core, full, est_core / 1000, est / 1000, TARGET_US // 1000,
                 "ok" if est <= TARGET_US else "MISSED"))
    for board, rid, core, full in run_here(200, boards):
        print("cpython            %-10s %-14s core %6.1f us  whole count() %6.1f us"
              % (board, rid, float(core), float(full)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
