#!/usr/bin/env python3
"""Writes the fault campaign's game records: GNU Go (level 1) against itself on 19x19.

    .venv/bin/python tools/sim/games/gnugo_selfplay.py [--games 40] [--seed 1] [--jobs 2]

Each game opens with four seeded random moves on the third and fourth lines (so
the records differ), then GNU Go plays both sides to two passes, never resigning.
The record gets GNU Go's result (RE, Chinese rules, komi 7.5) and its dead stones
as MA markup in the last node, so the simulator's hands lift them before the
count. Files: gnugo-NNN.sgf next to this script. Run once; the records are
committed (tools/bench_faults.py and tests/test_fault_campaign.py read them), so
the campaign never depends on GNU Go's speed or version.
"""

import argparse
import os
import random
import sys
from concurrent.futures import ProcessPoolExecutor

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(os.path.dirname(HERE)))   # tools/, for gtp.py
from gtp import GTP  # noqa: E402

SIZE = 19
COLS = "ABCDEFGHJKLMNOPQRST"          # GTP columns (no I)
SGF = "abcdefghijklmnopqrs"


def to_sgf(vertex):
    """GTP vertex ("D16") -> SGF point ("dd"); "" for a pass."""
    if vertex.lower() == "pass":
        return ""
    col = COLS.index(vertex[0].upper())
    row = SIZE - int(vertex[1:])
    return SGF[col] + SGF[row]


def opening(rng):
    """Four distinct random points on the third or fourth line."""
    lines = (2, 3, SIZE - 4, SIZE - 3)
    out = []
    while len(out) < 4:
        x = rng.randrange(2, SIZE - 2)
        y = rng.choice(lines)
        if rng.random() < 0.5:
            x, y = y, x
        v = "%s%d" % (COLS[x], SIZE - y)
        if v not in out:
            out.append(v)
    return out


def self_play(seed, max_moves=420):
    rng = random.Random(seed)
    moves = []
    with GTP(seed=seed, level=1, extra=["--chinese-rules", "--never-resign"]) as go:
        go.boardsize(SIZE)
        go.clear_board()
        go.komi(7.5)
        color = "black"
        for v in opening(rng):
            assert go.play(color, v), v
            moves.append((color, v))
            color = "white" if color == "black" else "black"
        passes = 0
        while passes < 2 and len(moves) < max_moves:
            mv = go.genmove(color)
            moves.append((color, mv))
            passes = passes + 1 if mv.lower() == "pass" else 0
            color = "white" if color == "black" else "black"
        dead = sorted(go.final_status_list("dead"))
        score = go.final_score()
    return moves, dead, score


def write(index, seed):
    moves, dead, score = self_play(seed)
    body = "".join(";%s[%s]" % ("B" if c == "black" else "W", to_sgf(v)) for c, v in moves)
    ma = "MA" + "".join("[%s]" % to_sgf(v) for v in dead) if dead else ""
    text = ("(;GM[1]FF[4]CA[UTF-8]SZ[19]KM[7.5]RU[Chinese]PB[GNU Go level 1]"
            "PW[GNU Go level 1]RE[%s]GC[gnugo_selfplay.py seed %d]%s%s)\n"   # MA: the last node
            % (score, seed, body, ma))
    path = os.path.join(HERE, "gnugo-%03d.sgf" % index)
    with open(path, "w") as f:
        f.write(text)
    return path, len(moves), score


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=2)
    a = ap.parse_args()
    with ProcessPoolExecutor(a.jobs) as ex:
        futs = [ex.submit(write, i + 1, a.seed + i) for i in range(a.games)]
        for f in futs:
            path, n, score = f.result()
            print("%s: %d moves, %s" % (os.path.basename(path), n, score), flush=True)


if __name__ == "__main__":
    main()
