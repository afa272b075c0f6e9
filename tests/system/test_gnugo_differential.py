"""The rules core against GNU Go over GTP, move by move.

Under simple ko with suicide forbidden (`goban.rules.get("chinese", ko=KO_SIMPLE)`)
the core and GNU Go must agree on the legality of every tried move (occupied
points, suicides of one and many stones, immediate ko retakes, retakes after a
pass) and on the stones of both colours and the prisoners after every accepted
move. The moves are random but biased towards the interesting cases.

Seed and count are printed; GOBOARD_DIFF_SEED and GOBOARD_DIFF_COUNT change them
(the count is the number of tried moves on 9x9; 19x19, slower per move, tries
half as many).
"""

import os
import random

import pytest

from goban import rules as R
from goban.board import EMPTY
from goban.game import Game

from gtp import GTP, GNUGO

SEED = int(os.environ.get("GOBOARD_DIFF_SEED", random.randrange(1 << 30)))
# tries on 9x9 (19x19 gets half): about 30 s for both on this machine (the 10-minute suite)
COUNT = int(os.environ.get("GOBOARD_DIFF_COUNT", "40000"))


def stones(game, color):
    b = game.board
    return {b.name(p) for p in b.points() if b.cells[p] == color}


def candidate(rng, game, last_taken):
    """A point to try: mostly random, often a ko retake or a point with no
    empty neighbour (a suicide or a capture), sometimes a pass (None)."""
    b = game.board
    r = rng.random()
    if r < 0.04:
        return None
    if last_taken and (r < 0.16 or (len(last_taken) == 1 and r < 0.6)):
        return rng.choice(last_taken)  # a retake: after one stone taken, usually a ko
    pts = list(b.points())
    if r < 0.36:
        W = b.W
        full = [p for p in pts if b.cells[p] == EMPTY and all(
            b.cells[q] != EMPTY for q in (p - 1, p + 1, p - W, p + W))]
        if full:
            return rng.choice(full)
    return rng.choice(pts)


def run_differential(size, count, seed):
    rng = random.Random(seed)
    rules = R.get("chinese", ko=R.KO_SIMPLE)
    tried = accepted = refused = kos = suicides = restarts = 0
    codes = {}
    with GTP() as go:
        go.boardsize(size)
        go.clear_board()
        game = Game(rules, size=size, capacity=size * size * 3)
        last_taken = []
        while tried < count:
            b = game.board
            empty = sum(1 for p in b.points() if b.cells[p] == EMPTY)
            if game.over or game.n >= size * size * 2 or empty < size * size // 5:
                go.clear_board()
                game = Game(rules, size=size, capacity=size * size * 3)
                last_taken = []
                restarts += 1
            color = game.to_move()
            p = candidate(rng, game, last_taken)
            tried += 1
            if p is None:
                if game.passes_in_row() >= 1:
                    continue  # a second pass would end the game: try something else
                assert game.pass_move(color) is None
                assert go.play(color, "pass")
                last_taken = []
                continue
            where = "seed %d size %d try %d: %s %s\n%s" % (
                seed, size, tried, "BW"[color - 1], b.name(p), "\n".join(b.rows()))
            theirs = go.is_legal(color, b.name(p))
            code = game.play(color, p)
            ours = code is None
            assert ours == theirs, "legality differs (core %r, GNU Go %s) at %s" % (
                code, theirs, where)
            if not ours:
                refused += 1
                codes[code] = codes.get(code, 0) + 1
                continue
            accepted += 1
            assert go.play(color, b.name(p)), where
            last_taken = game.last_capture()
            if len(last_taken) == 1:
                kos += 1
            assert stones(game, 1) == go.list_stones("black"), "black stones differ after " + where
            assert stones(game, 2) == go.list_stones("white"), "white stones differ after " + where
            assert game.captures[1] == go.captures("black"), where
            assert game.captures[2] == go.captures("white"), where
    return dict(tried=tried, accepted=accepted, refused=refused, codes=codes,
                single_captures=kos, restarts=restarts)


@pytest.mark.parametrize("size", [9, 19])
def test_legality_and_board_agree_with_gnugo(size):
    assert os.path.exists(GNUGO), "GNU Go is missing: run tools/setup"
    count = COUNT if size == 9 else max(1, COUNT // 2)
    print("GNU Go differential: size %d, GOBOARD_DIFF_SEED=%d GOBOARD_DIFF_COUNT=%d"
          % (size, SEED, count))
    stats = run_differential(size, count, SEED + size)
    print(stats)
    # the sample must really contain the cases the test is about
    assert stats["codes"].get("occupied", 0) > 0
    assert stats["codes"].get("suicide", 0) > 0, stats
    assert stats["codes"].get("ko", 0) > 0, stats
    assert stats["accepted"] > count // 4
