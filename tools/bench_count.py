#!/usr/bin/env python3
"""Counting benchmark: time to count a full 19x19 board under MicroPython with
viper and under CPython, on two boards: the final position of the GNU Go game in
tests/data/ (its moves replayed, so the count sees the history and the
prisoners) with GNU Go's dead stones (a real end of game), and a random board
(3/8 black, 3/8 white: 68 blocks in seki, the breakdown's worst case).

What is timed is the referee's own call (firmware/goban/referee.py,
Referee._count): count(game, dead stones as point indices, game.rules), with the
full breakdown. Three figures per board: `core`, the viper analysis and the
score arithmetic (Regions.run + Counter.score); `other viper`, every other viper
pass the count makes, each timed on its own (the cells' copy, the dead stones
taken off, the dead and seki names written out, 计枰点's history scan when the
rules use it); `whole count()`, the call itself (dead stones, analysis,
breakdown dicts, names made into strings).

Target: a count under 10 ms on the RP2040, one sensor scan period. The RP2040
runs viper about 170x and bytecode about 100x slower than this machine's unix
port, so the estimate is (core + other viper) x 170 + the rest of the whole
count x 100. The counter's buffers are made by the first count of a board size
(about 13 KB, zeroed allocations, not timed here: see firmware/README.md).
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
from array import array
from goban.game import Game
from goban.count import count, counter_for, black_pays_scan
from goban.regions import take_off
from goban.point_names import dead_names, seki_names
from goban.replay import play_record
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

def best_of_5(f, reps):
    best = 1e9
    for _ in range(5):  # best of five batches: the machine is shared
        t0 = ticks_us()
        for _ in range(reps):
            f()
        best = min(best, (ticks_us() - t0) / reps)
    return best

def game_of(rules_id, board):
    # what the referee holds at the count: a game (played when there is a record)
    # and the dead stones as point indices
    if board[1] is not None:
        rec = dict(board[1])
        rec["rules"] = rules_id
        g, played, illegal = play_record(rec)
        # 计活子 refuses the closing pass (an abandon ends its play): every stone is played
        assert illegal is None or not illegal["point"], illegal
    else:
        g = Game(rules_id, size=19)
        g.board.load_rows(board[2])
    return g, [g.board.from_sgf(s) for s in board[3]]

def bench(rules_id, reps, board):
    g, dead = game_of(rules_id, board)
    res = count(g, dead, g.rules)   # the referee's call: referee.Referee._count
    ctr = counter_for(19)
    rg = ctr.regions
    scoring = g.rules.scoring
    core = best_of_5(lambda: (rg.run(), ctr.score(scoring)), reps)
    # every other viper pass the count makes, timed on its own
    cells = g.board.cells
    pts = array("i", dead)
    pays = scoring == R.SCORE_AREA and g.rules.last_move_pays
    def viper_rest():
        rg.load(cells)   # a memcpy, counted here with the viper (x170: on the safe side)
        take_off(rg.work, cells, pts, len(pts), rg.length, rg.dead_n, rg.taken, 40)
        if dead:
            dead_names(rg.work, cells, rg.W, rg.size, rg.names, rg.taken, rg.dead_n[0], None,
                       None)
        seki_names(rg.binfo, rg.nblocks, rg.W, rg.names)
        if pays:
            black_pays_scan(g.points, g.flags, g.n)
    rest = best_of_5(viper_rest, reps)
    full = best_of_5(lambda: count(g, dead, g.rules), max(1, reps // 10))
    return core, rest, full, len(res.breakdown["seki"]), len(dead)

BOARDS = [("random", None, board_rows(), ["aa", "ss"], ("chinese", "living-stones"))]
BOARDS += GAME_BOARDS
for board in BOARDS:
    for rid in board[4]:
        core, rest, full, nseki, ndead = bench(rid, REPS, board)
        print("RESULT %s %s %.2f %.2f %.2f %d %d" % (board[0], rid, core, rest, full, nseki,
                                                  ndead))
"""


def game_board():
    """[(name, record, rows, dead points, rules ids)] of the GNU Go game: its
    moves (replayed, so the count sees the history and the prisoners) and its
    dead stones as GNU Go sees them; [] when GNU Go or the game is missing."""
    sys.path.insert(0, os.path.join(REPO, "tools"))
    sys.path.insert(0, os.path.join(REPO, "host"))
    from gtp import GTP, GNUGO
    if not (os.path.exists(GNUGO) and os.path.exists(GAME)):
        return []
    from goboard.record.sgfgame import load_sgf
    game, info = load_sgf(GAME)
    b = game.board
    names = {b.name(p): b.sgf(p) for p in b.points()}
    with GTP() as go:
        go.command("loadsgf %s" % GAME)
        dead = sorted(names[v] for v in go.final_status_list("dead"))
    return [("gnugo-game", info["record"], None, dead,
             ("chinese", "living-stones", "jipingdian"))]


def prelude(reps, boards):
    # the boards go over as one JSON text read at run time: as literals in the code
    # MicroPython compiles (the chip's raw REPL), every short string of the record
    # (~200 point names) would become an interned qstr, a pool the board never has
    # (its code is frozen: a dozen runtime qstrs), and every string the count makes
    # would be looked up through it (~35 us more a name on the chip)
    import json
    return "import json\nREPS = %d\nGAME_BOARDS = json.loads(%r)\n" % (reps, json.dumps(boards))


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
    print("== counting (19x19; best of 5 batches; the referee's call count(game, dead "
          "indices, game.rules); RP2040 estimate = viper x %d + the rest x %d) =="
          % (RP2040_FACTOR, BYTECODE_FACTOR))
    for board, rid, core, vrest, full, nseki, ndead in run_micropython(2000, boards):
        core, vrest, full = float(core), float(vrest), float(full)
        viper = core + vrest
        est_viper = viper * RP2040_FACTOR
        est = est_viper + (full - viper) * BYTECODE_FACTOR
        print("micropython viper  %-10s %-13s %2s seki %2s dead  core %5.1f us  other viper "
              "%4.1f us  whole count() %5.1f us   RP2040 est. viper %4.2f ms + rest %4.2f ms "
              "= %5.2f ms (target %d ms) %s"
              % (board, rid, nseki, ndead, core, vrest, full, est_viper / 1000,
                 (est - est_viper) / 1000, est / 1000, TARGET_US // 1000,
                 "ok" if est <= TARGET_US else "MISSED"))
    for board, rid, core, vrest, full, nseki, ndead in run_here(200, boards):
        print("cpython            %-10s %-13s core %6.1f us  whole count() %6.1f us"
              % (board, rid, float(core), float(full)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
