"""The history arrays and the capture log: a game longer (or with more
captures) than its capacity grows them by half and plays on exactly as a game
that had room from the start."""

import random

from goban.board import EMPTY
from goban.game import Game


def long_game(rng, g_small, g_big, moves):
    """The same random moves, passes and takebacks on both games."""
    b = g_small.board
    pts = list(b.points())
    for _ in range(moves):
        r = rng.random()
        c = g_small.to_move()
        if r < 0.02 and not g_small.passes_in_row():
            assert g_small.pass_move(c) == g_big.pass_move(c)
        elif r < 0.05:
            assert g_small.undo() == g_big.undo()
        else:
            empty = [p for p in pts if b.cells[p] == EMPTY]
            if not empty:
                break
            p = rng.choice(empty)
            assert g_small.play(c, p) == g_big.play(c, p)
        assert g_small.n == g_big.n
        n = g_small.n
        assert g_small.hashes[2 * n:2 * n + 2] == g_big.hashes[2 * n:2 * n + 2]


def test_growth_keeps_every_position():
    rng = random.Random(11)
    small = Game("chinese", size=9, capacity=8)
    big = Game("chinese", size=9, capacity=4000)
    long_game(rng, small, big, 1500)
    assert small.board.rows() == big.board.rows()
    assert list(small.captures) == list(big.captures) and small.captures[1] > 20
    n = small.n
    assert list(small.points[:n + 1]) == list(big.points[:n + 1])
    assert list(small.hashes[:2 * n + 2]) == list(big.hashes[:2 * n + 2])
    # every move can still be taken back, down to the empty board
    while small.undo():
        assert big.undo()
        m = small.n
        assert small.hashes[2 * m:2 * m + 2] == big.hashes[2 * m:2 * m + 2]
    assert small.board.rows() == Game("chinese", size=9).board.rows()


def test_a_full_history_grows_by_half():
    g = Game("chinese", size=19, capacity=400)
    assert len(g.flags) == 401
    b = g.board
    pts = [p for p in b.points()]
    i = 0
    while g.n < 401:
        c = g.to_move()
        if g.n % 2:
            assert g.pass_move(c) is None  # never two passes in a row
        else:
            assert g.play(c, pts[i]) is None
            i += 1
    assert len(g.flags) == len(g.points) == 401 + 401 // 2 + 8
    assert len(g.hashes) == 2 * len(g.flags)




def test_stones_from_bowl_counts_what_the_record_says_under_both_interpreters():
    """The bowls' witness asks at every move how many stones a side took from its
    bowl: the viper count over the history arrays equals a plain count over the
    record (passes and abandons take no stone, pass stones do), under CPython and
    under MicroPython's viper emitter."""
    import subprocess
    import sys
    from conftest import MP, REPO, run_micropython
    script = MP / "stones_from_bowl.py"
    here = subprocess.run([sys.executable, str(script)], capture_output=True, text=True,
                          check=True, cwd=str(REPO)).stdout.split("\n")
    there = run_micropython(script).split("\n")
    assert here == there
    rows = [line.split() for line in here if line]
    assert len(rows) == 6
    for rid, color, n, plain, viper in rows:
        assert plain == viper, (rid, color)
    assert any(int(r[3]) > 100 for r in rows)          # long games: the arrays grew
    assert any(r[0] == "ing" and int(r[2]) > 0 for r in rows)
