"""The count's two dead-stone paths and its viper name writers give what the
plain bytecode gives: point indices (the referee's call: one viper pass) and
SGF names (the bytecode path) count the same and fail with the same message;
the dead and seki names come out as sorted SGF names and in block order;
计枰点's history scan agrees with a plain reading of the rule. Run under
CPython and under MicroPython (viper), on random positions (seed printed)."""

import json
import sys
import subprocess
import os
import random

import pytest

from conftest import MP
from goban.count import count, CountError, black_pays_scan, counter_for
from goban.game import Game, ABANDON
from goban.board import BLACK, WHITE

SEED = int(os.environ.get("COUNT_PATHS_SEED", "20251122"))
CASES = int(os.environ.get("COUNT_PATHS_CASES", "150"))


def random_game(rng, size):
    """A game with random moves and passes, or a random filled-looking board."""
    g = Game(rng.choice(("chinese", "japanese", "jipingdian", "living-stones", "ming-qing")),
             size=size, capacity=3 * size * size)
    pts = list(g.board.points())
    for _ in range(rng.randrange(2 * size * size)):
        c = g.to_move()
        if rng.random() < 0.08:
            g.pass_move(c)
        else:
            g.play(c, rng.choice(pts))
        if g.over:
            break
    if rng.random() < 0.3:
        g.board.load_rows(["".join(rng.choice("XXXOOO..") for _ in range(size))
                           for _ in range(size)])
    return g


def counted(g, dead, rid):
    try:
        r = count(g, dead, rid)
    except CountError as e:
        return ("error", str(e))
    return (r.result, r.winner, r.margin, r.margin_q, r.black_q, r.white_q,
            json.dumps(r.breakdown, sort_keys=True))


def test_indices_and_names_count_alike():
    print("seed", SEED, "cases", CASES)
    rng = random.Random(SEED)
    errors = 0
    for case in range(CASES):
        size = rng.choice((5, 9, 13, 19))
        g = random_game(rng, size)
        b = g.board
        stones = [p for p in b.points() if b.cells[p] in (BLACK, WHITE)]
        # up to 14 dead stones mostly; sometimes more than TAKEN_LIST (40), which
        # dead_names finds by scanning the board instead of sorting the list
        dead = rng.sample(stones, min(len(stones), rng.randrange(rng.choice((15, 15, 90)))))
        if dead and rng.random() < 0.3:
            dead.append(rng.choice(dead))                      # given twice
        if rng.random() < 0.15:
            dead.insert(rng.randrange(len(dead) + 1), rng.choice(list(b.points())))
        rid = rng.choice(("chinese", "japanese", "new-ing", "tang-song", "jipingdian"))
        by_index = counted(g, dead, rid)
        by_name = counted(g, [b.sgf(p) for p in dead], rid)
        assert by_index == by_name, (case, dead)
        assert counted(g, tuple(dead), rid) == by_index
        assert counted(g, iter(dead), rid) == by_index      # read once, still counted
        if by_index[0] == "error":
            errors += 1
            continue
        bd = json.loads(by_index[-1])
        assert bd["dead"] == sorted(set(b.sgf(p) for p in dead))
        rg = counter_for(size).regions
        assert bd["seki"] == [b.sgf(p) for p in rg.seki_points()]
        # black's side counts the white stones taken off (its prisoners), and so on
        assert bd["black"]["dead_removed"] == sum(1 for p in set(dead) if b.cells[p] == WHITE)
        assert bd["white"]["dead_removed"] == sum(1 for p in set(dead) if b.cells[p] == BLACK)
    assert 0 < errors < CASES   # both the counted and the refused lists were exercised


@pytest.mark.parametrize("bad", [0, -1, 10 ** 6, 2 ** 31 - 1, -2 ** 31, 9])
def test_an_index_off_the_board_is_named(bad):
    g = Game("chinese", size=9)
    g.board.load_rows(["XXXXOOOOO"] * 9)
    with pytest.raises(CountError, match="dead point %d is not on the board" % bad):
        count(g, [g.board.point(0, 0), bad], "chinese")


def test_a_point_without_a_stone_is_named_by_its_sgf_name():
    g = Game("chinese", size=9)
    g.board.load_rows(["XXXXOOOO."] * 9)
    with pytest.raises(CountError, match="dead point ia has no stone"):
        count(g, [g.board.point(0, 0), g.board.point(8, 0)], "chinese")
    # the second error in the list is not the one reported
    with pytest.raises(CountError, match="dead point 0 is not on the board"):
        count(g, [0, g.board.point(8, 0)], "chinese")


def black_pays_plainly(g):
    """推论29: the first pass of the game decides (white's: black pays; black's:
    nobody); no pass at all: Axiom 15 option 1 (black made the last real move)."""
    passes = [i for i in range(1, g.n + 1) if g.move_point(i) <= ABANDON]
    if passes:
        return g.color_of(passes[0]) == WHITE
    return g.n > 0 and g.color_of(g.n) == BLACK


def test_black_pays_scan_reads_the_rule():
    rng = random.Random(SEED + 1)
    seen = set()
    for _ in range(200):
        g = Game("jipingdian", size=5, capacity=64)
        first = rng.choice((BLACK, WHITE))
        g.first = first
        for _ in range(rng.randrange(12)):
            c = g.to_move()
            if rng.random() < 0.3:
                g.pass_move(c)
            else:
                g.play(c, rng.choice(list(g.board.points())))
            if g.over:
                break
        want = black_pays_plainly(g)
        seen.add(want)
        assert (black_pays_scan(g.points, g.flags, g.n) == 1) == want
    assert seen == {True, False}


def test_micropython_takes_off_and_names_like_cpython(micropython):
    """The viper passes (real viper, not the CPython stand-ins) agree with CPython."""
    rng = random.Random(SEED + 2)
    cases = []
    for _ in range(40):
        size = rng.choice((9, 19))
        rows = ["".join(rng.choice("XXXOOO..") for _ in range(size)) for _ in range(size)]
        g = Game("chinese", size=size)
        g.board.load_rows(rows)
        stones = [p for p in g.board.points() if g.board.cells[p]]
        dead = rng.sample(stones, min(len(stones), rng.randrange(rng.choice((12, 12, 70)))))
        if rng.random() < 0.3:
            dead.append(rng.choice([0, -5, 70000, rng.choice(list(g.board.points()))]))
        cases.append((rows, dead, rng.choice(("chinese", "japanese", "living-stones"))))
    script, text = MP / "count_dead_names.py", json.dumps(cases)
    got = json.loads(micropython(script, stdin=text).strip().splitlines()[-1])
    want = json.loads(subprocess.run([sys.executable, str(script)], input=text, capture_output=True,
                                     text=True, check=True).stdout.strip().splitlines()[-1])
    assert len(want) == 2 * len(cases)
    assert got == want
    assert any(w[0] == "error" for w in want) and any(w[3] for w in want if w[0] != "error")


def test_names_table_is_the_sgf_names():
    """goban.names.NAMES (the count's names, constants so the frozen image keeps
    them in flash) is every board's SGF naming, column by column, sorted: the
    names Board.sgf and points.name give from it are those they make without it."""
    from goban.names import NAMES, NAMES_STRIDE
    from goban.board import Board
    from goban import points
    assert list(NAMES) == sorted(NAMES) and len(NAMES) == NAMES_STRIDE ** 2
    for size in (2, 9, 19, 25):
        b = Board(size)
        with_table = [b.sgf(p) for p in b.points()]
        frames = [points.name(i, size) for i in range(size * size)]
        saved = points.NAMES
        try:
            points.NAMES = None
            assert with_table == [b.sgf(p) for p in b.points()]
            assert frames == [points.name(i, size) for i in range(size * size)]
        finally:
            points.NAMES = saved
        for p in b.points():
            x, y = b.xy(p)
            assert NAMES[NAMES_STRIDE * x + y] == b.sgf(p)


def test_names_without_the_table():
    """Where goban.names is left out (tools/deploy's .mpy files), the names are
    made instead: the same list."""
    from array import array
    from goban import point_names
    from goban.names import NAMES
    rng = random.Random(SEED + 3)
    idx = array("H", [25 * rng.randrange(19) + rng.randrange(19) for _ in range(30)])
    assert point_names.named(idx, 30) == [NAMES[k] for k in idx]
    saved = point_names.NAMES
    try:
        point_names.NAMES = None
        assert point_names.named(idx, 30) == [NAMES[k] for k in idx]
        assert point_names.named(idx, 0) == []
    finally:
        point_names.NAMES = saved


def test_names_without_the_table_under_micropython(micropython):
    """The same with the real viper pass that writes the names' bytes."""
    from goban.names import NAMES
    rng = random.Random(SEED + 4)
    ks = [25 * rng.randrange(25) + rng.randrange(25) for _ in range(40)]
    script = ("from array import array\nfrom goban import point_names\npoint_names.NAMES = None\n"
              "idx = array('H', %r)\nprint(' '.join(point_names.named(idx, %d, bytearray(3))))\n"
              "print(' '.join(point_names.named(idx, %d, bytearray(200))))\n"
              % (ks, len(ks), len(ks)))
    lines = micropython(script).strip().splitlines()[-2:]
    assert lines == [" ".join(NAMES[k] for k in ks)] * 2
