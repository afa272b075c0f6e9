"""The counter against GNU Go: games GNU Go plays to the end against itself
(level 1) on 9x9 and 13x13, counted by both under Chinese (area) and Japanese
(territory) rules with GNU Go's own dead stones (final_status_list dead).

The moves are replayed into the rules core; the dead stones GNU Go names are
given to `count`; the result must equal GNU Go's `final_score` under
--chinese-rules and --japanese-rules. Seeds and count are printed; raise them
with COUNT_GNUGO_GAMES / COUNT_GNUGO_SEED.
"""

import os
import sys

import pytest

from goban.game import Game
from goban.count import count

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))),
                                "tools"))
from gtp import GTP, GNUGO  # noqa: E402

KOMI = {"chinese": 7.5, "japanese": 6.5}
FLAG = {"chinese": "--chinese-rules", "japanese": "--japanese-rules"}


def self_play(size, seed, max_moves=400):
    """GNU Go against itself to two passes (never resigning): the moves as GTP vertices."""
    moves = []
    with GTP(seed=seed, level=1, extra=["--chinese-rules", "--never-resign"]) as go:
        go.boardsize(size)
        go.clear_board()
        go.komi(7.5)
        color = "black"
        passes = 0
        while passes < 2 and len(moves) < max_moves:
            mv = go.genmove(color)
            assert mv != "resign", "GNU Go resigned despite --never-resign"
            moves.append((color, mv))
            passes = passes + 1 if mv == "pass" else 0
            color = "white" if color == "black" else "black"
    return moves


def gnugo_count(size, moves, rules):
    """GNU Go's dead stones and final score of the game under `rules`."""
    with GTP(level=1, extra=[FLAG[rules]]) as go:
        go.boardsize(size)
        go.clear_board()
        go.komi(KOMI[rules])
        for color, mv in moves:
            assert go.play(color, mv), (color, mv)
        return go.final_status_list("dead"), go.final_score()


def replay(size, moves):
    g = Game("japanese", size=size, capacity=len(moves) + 8)
    names = {g.board.name(p): p for p in g.board.points()}
    for color, mv in moves:
        c = 1 if color == "black" else 2
        code = g.pass_move(c) if mv == "pass" else g.play(c, names[mv])
        assert code is None, (color, mv, code)
    return g, names


def games():
    n = int(os.environ.get("COUNT_GNUGO_GAMES", "2"))
    seed = int(os.environ.get("COUNT_GNUGO_SEED", "11"))
    out = []
    for size in (9, 13):
        for i in range(n):
            out.append((size, seed + i))
    return out


@pytest.mark.parametrize("size,seed", games())
def test_counts_agree_with_gnugo(size, seed):
    assert os.path.exists(GNUGO), "GNU Go is missing: run tools/setup"
    moves = self_play(size, seed)
    print("gnugo self-play %dx%d seed %d: %d moves" % (size, size, seed, len(moves)))
    game, names = replay(size, moves)
    for rules in ("chinese", "japanese"):
        dead, score = gnugo_count(size, moves, rules)
        res = count(game, [names[v] for v in dead], rules, komi=KOMI[rules])
        print("  %s: gnugo %s, dead %d; ours %s" % (rules, score, len(dead), res.result))
        assert res.result == score, (rules, res.breakdown)
