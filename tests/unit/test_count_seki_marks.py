"""The players' word on seki over the counter's reading (issue 12, item 5):
`count(..., seki=[(point, on)])` puts the block holding each point in seki
(on) or takes it out (off) after the seki passes (goban.regions.seki_marks),
with the totals, the basic eye positions and the shared liberties of the
blocks around it following; the breakdown's `seki` is the final decision and
`seki_marked` the marks. The same counts under MicroPython (viper), and the
pass allocates nothing."""

import json
import random
import subprocess
import sys

import pytest

from conftest import MP
from goban import rules as R
from goban.count import count, CountError
from goban.regions import (Regions, T_SEKI_G, T_SEKI_T, T_SEKI_E, T_E, B_FLAGS, F_SEKI,
                           B_BASIC)
from count_positions import (ONE_LIBERTY_SEKI, FOUR_LIBERTY_SEKI, TANG_SONG_SEKI, FIG3,
                             game_of, plain_seki, random_rows)

# seed 003-like: the black corner (one eye a5, the shared liberty d5) is in seki, so
# white's three-eyed group lives with a shared liberty and keeps one basic eye position
SHARED = ["X.X.O",
          "XXXOO",
          "OOOO.",
          "O.O.O",
          "OOOOO"]


def test_without_marks_nothing_changes():
    for rows in (ONE_LIBERTY_SEKI, FOUR_LIBERTY_SEKI, TANG_SONG_SEKI, FIG3):
        for rid in R.RULE_IDS:
            a = count(game_of(rows, rid), [], rid)
            for none in (None, []):
                b = count(game_of(rows, rid), [], rid, seki=none)
                assert (b.result, b.breakdown) == (a.result, a.breakdown)
            assert "seki_marked" not in a.breakdown


def test_a_seki_marked_off_under_japanese_gives_its_eye_to_its_owner():
    """Seed 004 图七: white's two blocks in seki hold 4 points of eye nobody
    counts under Japanese; marked not in seki, the left block's 2 are white's."""
    g = game_of(TANG_SONG_SEKI, "japanese")
    plain = count(g, [], "japanese", komi=0)
    assert sorted(plain.breakdown["seki"]) == ["ca", "ha", "ja"]
    assert plain.breakdown["white"]["seki_territory"] == 4
    marked = count(g, [], "japanese", komi=0, seki=[("da", False)])   # d19: a stone of ca
    bd = marked.breakdown
    assert sorted(bd["seki"]) == ["ha", "ja"]
    assert bd["seki_marked"] == {"on": [], "off": ["da"]}
    assert bd["white"]["seki_territory"] == 2 and bd["white"]["seki_blocks"] == 1
    assert bd["white"]["total"] == plain.breakdown["white"]["total"] + 2
    assert marked.margin_q == plain.margin_q - 8 and marked.result != plain.result


def test_a_living_block_marked_in_seki_under_japanese_loses_its_territory():
    """一气双活图: white's wall (35 points) marked in seki: nobody's territory."""
    g = game_of(ONE_LIBERTY_SEKI, "japanese")
    plain = count(g, [], "japanese", komi=0)
    assert plain.result == "W+35" and "ac" not in plain.breakdown["seki"]
    marked = count(g, [], "japanese", komi=0, seki=[("ec", True)])
    assert marked.result == "0"
    assert marked.breakdown["seki"] == ["ac", "ad", "ae", "ag", "dg", "gh"]
    assert marked.breakdown["white"]["seki_territory"] == 35
    # marked back off (a later mark wins): as before
    again = count(g, [], "japanese", komi=0, seki=[("ec", True), ("ac", False)])
    assert again.result == plain.result


def test_a_two_eyed_block_marked_in_seki_keeps_one_basic_eye_position():
    """Figure 3's black block (two eyes): in seki it keeps one eye point, as a
    block in seki with its own eye does; every system that taxes eyes follows."""
    for rid, before, after in (("japanese", "W+2", "W+4"), ("living-stones", "B+1", "B+2"),
                               ("tang-song", "0", "B+1"), ("ming-qing", "B+1", "B+2")):
        g = game_of(FIG3, rid)
        a = count(g, [], rid, komi=0)
        b = count(g, [], rid, komi=0, seki=[(g.board.from_sgf("ba"), True)])   # an index
        assert (a.result, b.result) == (before, after), rid
        assert a.breakdown["black"]["basic_eyes"] == 2 and b.breakdown["black"]["basic_eyes"] == 1
        assert b.breakdown["seki"] == ["ba"]


def test_the_shared_liberty_goes_with_the_seki():
    """White's three-eyed group keeps one basic eye position while the black
    corner is in seki (a shared liberty, 公气); the corner marked out of seki,
    white keeps two and counts one more under living stones."""
    a = count(game_of(SHARED, "living-stones"), [], "living-stones", komi=0)
    b = count(game_of(SHARED, "living-stones"), [], "living-stones", komi=0,
              seki=[("ab", False)])
    assert a.breakdown["seki"] == ["aa"] and b.breakdown["seki"] == []
    assert a.breakdown["white"]["basic_eyes"] == 1 and b.breakdown["white"]["basic_eyes"] == 2
    assert (a.result, b.result) == ("W+12", "W+11")


@pytest.mark.parametrize("seki,msg", [([("ia", True)], "ia has no stone"),
                                      ([("zz", True)], "off"),
                                      ([(0, True)], "not on the board"),
                                      ([("ag", False)], "ag has no living stone"),
                                      (["ag"], "not (point, on)")])
def test_a_mark_without_a_living_stone_is_refused(seki, msg):
    with pytest.raises(CountError) as e:
        count(game_of(ONE_LIBERTY_SEKI, "japanese"), ["ag"], "japanese", seki=seki)
    assert msg in str(e.value)


def test_random_marks_keep_the_totals_and_decide_exactly_their_blocks():
    """On random boards (seeded) with random marks (counted by reach alone, so
    the blocks stay as the plain reading finds them): the blocks in seki are the
    plain reading's with the marks applied, block by block, and the seki totals
    and the basic eye positions add up."""
    seed = 20261205
    rng = random.Random(seed)
    changed = 0
    for _ in range(60):
        size = rng.choice((7, 9, 13))
        rows = random_rows(rng, size)
        g = game_of(rows)
        rg = Regions(size)
        rg.load(g.board.cells)
        rg.run(0)
        want = plain_seki(g.board, rg)
        bid = list(rg.bid)
        stones = [p for p in g.board.points() if g.board.cells[p] in (1, 2)]
        marks = [(p, rng.random() < 0.5) for p in rng.sample(stones, min(6, len(stones)))]
        for p, on in marks:
            if on:
                want.add(bid[p])
            else:
                want.discard(bid[p])
        from array import array
        rg.load(g.board.cells)
        rg.run(0, array("i", [2 * p + (1 if on else 0) for p, on in marks]))
        assert list(rg.bid) == bid
        got = {k for k, blk in enumerate(rg.blocks(), 1) if blk["seki"]}
        assert got == want, (rows, marks)
        for c in (1, 2):
            mine = [blk for blk in rg.blocks() if blk["color"] == c]
            seki = [blk for blk in mine if blk["seki"]]
            assert rg.tot[(c << 3) + T_SEKI_G] == len(seki)
            assert rg.tot[(c << 3) + T_SEKI_T] == sum(b["territory"] for b in seki)
            assert rg.tot[(c << 3) + T_SEKI_E] == sum(b["basic_eyes"] for b in seki)
            assert rg.tot[(c << 3) + T_E] == sum(b["basic_eyes"] for b in mine)
            assert all(b["basic_eyes"] <= 1 for b in seki)
        changed += len(marks)
    print("seed %d: 60 boards, %d marks" % (seed, changed))


def test_seki_stones_lists_every_stone_of_the_seki_blocks():
    g = game_of(ONE_LIBERTY_SEKI)
    rg = Regions(9)
    rg.load(g.board.cells)
    rg.run()
    b = g.board
    want = sorted((b.xy(p)[1] * 9 + b.xy(p)[0]) for p in b.points()
                  if b.cells[p] in (1, 2) and rg.binfo[(rg.bid[p] << 3) + B_FLAGS] & F_SEKI)
    assert sorted(rg.seki_stones()) == want and len(want) == 13 + 6 + 3 + 3 + 3
    assert rg.in_seki(b.from_sgf("ei")) is False         # the shared liberty: no stone
    assert rg.in_seki(b.from_sgf("ad")) and not rg.in_seki(b.from_sgf("ac"))
    assert rg.binfo[(rg.bid[b.from_sgf("ad")] << 3) + B_BASIC] == 0


# --- MicroPython ---------------------------------------------------------------------------
MARKED = {"ts": (TANG_SONG_SEKI, [["da", False], ["ha", False]]),
          "one": (ONE_LIBERTY_SEKI, [["ec", True], ["dh", False]]),
          "four": (FOUR_LIBERTY_SEKI, [["ca", False]]),
          "fig3": (FIG3, [["ba", True], ["ae", True]]),
          "shared": (SHARED, [["ab", False]])}


def test_micropython_counts_the_marks_like_cpython(micropython):
    script = MP / "count_seki_marks.py"

    def cpython(use_marks):
        return json.loads(subprocess.run(
            [sys.executable, str(script)], input=json.dumps([MARKED, use_marks]),
            capture_output=True, text=True, check=True).stdout.strip().splitlines()[-1])
    got = json.loads(micropython(script, stdin=json.dumps([MARKED, True])).strip().splitlines()[-1])
    want = cpython(True)
    assert len(want) == len(MARKED) * len(R.RULE_IDS)
    assert got == want
    # the marks made a difference somewhere under every position
    plain = cpython(False)
    for name in MARKED:
        assert any(plain[k][4] != want[k][4] for k in want if k.startswith(name + "/")), name


def test_the_marks_pass_allocates_nothing(micropython):
    out = micropython(MP / "seki_marks_heap.py", stdin=json.dumps(TANG_SONG_SEKI))
    assert "seki blocks marked 1, read 3" in out
