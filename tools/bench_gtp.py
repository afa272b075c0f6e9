#!/usr/bin/env python3
"""GTP benchmark: the board as a GTP engine, command to answer, on the simulated board.

Figures (one line each), GNU Go (level 0) against `goboard gtp --sim` on 9x9:
- play: the controller's move lit at the board, put down by the simulated hand
  (think 120-400 ms of the board's clock, the stone brought down and held,
  the 120 ms settle), the referee's move event back over the link, `=`. At
  pace 0 the board's clock runs as fast as the machine goes, so this is the
  pipeline's own cost; at pace 1 (`--pace 1`: real time) it is a person's tempo.
- genmove: the simulated person's engine thinks, a hand plays, the move comes
  back; beside it GNU Go's own genmove time on the other side (the engine's share).
- the whole game: moves and wall time.
Run: .venv/bin/python tools/bench_gtp.py [--pace P] [--seed N]
"""

import argparse
import os
import shutil
import statistics
import sys
import tempfile
import time

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(REPO, "host"))
sys.path.insert(0, os.path.join(REPO, "firmware"))

from goboard.gtp.client import Engine, gnugo_argv  # noqa: E402


def figures(name, values, unit="ms"):
    values = sorted(values)
    p95 = values[max(0, int(len(values) * 0.95) - 1)]
    print("%-44s median %7.1f %s, p95 %7.1f %s, max %7.1f %s (n=%d)"
          % (name, statistics.median(values), unit, p95, unit, values[-1], unit, len(values)))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--pace", type=float, default=0.0)
    ap.add_argument("--seed", type=int, default=5)
    args, _ = ap.parse_known_args()   # tools/bench passes its options to every section
    out = tempfile.mkdtemp(prefix="goboard-bench-gtp-")
    board = Engine([sys.executable, "-m", "goboard", "gtp", "--sim", "--size", "9", "--pace",
                    str(args.pace), "--seed", str(args.seed), "--sim-player",
                    " ".join(gnugo_argv(0, args.seed + 1)), "--out", out],
                   stderr=open(os.devnull, "w"))
    other = Engine(gnugo_argv(0, args.seed))
    t0 = time.monotonic()
    lat = {"play": [], "genmove": [], "engine": []}
    n = 0
    try:
        for e in (board, other):
            e.boardsize(9)
            e.clear_board()
        color, passes = "B", 0
        while passes < 2 and n < 200:
            t = time.monotonic()
            if color == "B":      # the board's person is black
                mv = board.genmove(color)
                lat["genmove"].append((time.monotonic() - t) * 1000)
                other.play(color, mv)
            else:
                mv = other.genmove(color)
                lat["engine"].append((time.monotonic() - t) * 1000)
                t = time.monotonic()
                board.play(color, mv)
                lat["play"].append((time.monotonic() - t) * 1000)
            if mv == "resign":
                break
            n += 1
            passes = passes + 1 if mv == "pass" else 0
            color = "W" if color == "B" else "B"
    finally:
        board.close()
        other.close()
        shutil.rmtree(out, ignore_errors=True)
    wall = time.monotonic() - t0
    print("GTP on the simulated 9x9 board, pace %g (GNU Go level 0 on both sides)" % args.pace)
    figures("play: lit -> hand -> referee -> '='", lat["play"])
    figures("genmove: person's engine + hand -> '='", lat["genmove"])
    figures("  GNU Go's own genmove, the other side", lat["engine"])
    print("%-44s %d moves in %.1f s (%.0f ms a move)" % ("whole game", n, wall,
                                                        1000 * wall / max(1, n)))


if __name__ == "__main__":
    main()
