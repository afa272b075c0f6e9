"""Unfilled 单官 in a wall (goban.mouths.open_mouths): a board is counted where
the players stop, and a territory whose wall still has a gap or two facing the
opponent is read as players read it: the gap is 单官 (either side may fill it),
the rest is the owner's. Seed 004's 铃木为次郎 vs 方金题 comes out a draw so
with its 单官 open (tests/test_count_seed_games.py); here the rule's edges on
small boards: how many contacts, a region too small to be anybody's, a corner
two lone stones face, and Tromp-Taylor's reading by reach alone."""

import pytest

from goban import rules as R
from goban.count import count
from count_positions import OPEN_MOUTH, game_of


def counted(rows, rid="chinese", **options):
    return count(game_of(rows, rid), [], R.get(rid, komi=0, **options))


def with_points(rows, pts, ch):
    grid = [list(r) for r in rows]
    for x, y in pts:
        grid[y][x] = ch
    return ["".join(r) for r in grid]


def test_a_gap_in_the_wall_is_one_dame_point_and_the_rest_is_territory():
    res = counted(OPEN_MOUTH)
    bd = res.breakdown
    assert bd["dame"] == 1                              # d5
    assert bd["white"]["territory"] == 45 and bd["black"]["territory"] == 18
    # stones 9 + 8, the 单官 half each: 27.5 and 53.5
    assert (res.black_q, res.white_q) == (4 * 27 + 2, 4 * 53 + 2)
    # filled: white on d5, or black on d5 and white sealing e5 inside its own area;
    # the open board counts the mean of the two (the 单官 is half a point each)
    by_white = counted(with_points(OPEN_MOUTH, [(3, 4)], "O"))
    by_black = counted(with_points(with_points(OPEN_MOUTH, [(3, 4)], "X"), [(4, 4)], "O"))
    assert by_white.breakdown["dame"] == by_black.breakdown["dame"] == 0
    assert res.black_q == (by_white.black_q + by_black.black_q) // 2
    assert res.white_q == (by_white.white_q + by_black.white_q) // 2
    # black on d5 unsealed: e5 is the next 单官
    assert counted(with_points(OPEN_MOUTH, [(3, 4)], "X")).breakdown["dame"] == 1


@pytest.mark.parametrize("rid", ["japanese", "tang-song", "ming-qing", "living-stones"])
def test_the_gap_reads_the_same_under_the_territory_and_block_systems(rid):
    """White's area is territory (and its block's eyes) under every system that
    counts it, as with the wall closed by black's own stone on the gap."""
    open_ = counted(OPEN_MOUTH, rid).breakdown
    assert open_["white"]["territory"] == 45
    assert open_["dame"] == 1


def test_tromp_taylor_counts_by_reach_alone():
    res = counted(OPEN_MOUTH, "tromp-taylor")
    assert res.breakdown["dame"] == 46 and res.breakdown["white"]["territory"] == 0


def test_two_contacts_are_a_mouth_three_are_not():
    two = with_points(OPEN_MOUTH, [(3, 3)], ".")              # d4 open as well
    two = with_points(two, [(2, 3)], "X")
    assert counted(two).breakdown["dame"] == 2
    three = with_points(two, [(3, 5)], ".")                   # and d6
    bd = counted(three).breakdown
    assert bd["dame"] == 48 and bd["white"]["territory"] == 0


def test_a_small_region_behind_the_gap_is_anybodys():
    """Three points, two of them next to the intruder and the third next to both
    of them: whoever fills first gets more, so all three stay dame (seed 004's
    铃木 board has one: GNU Go calls it dame too)."""
    rows = ["XXXXXXXXX",
            "XXXXXXXXX",
            "XXXXXXXXX",
            "XXX.OOOOO",
            "XX..OOOOO",
            "XXXXOOOOO",
            "OOOOOOOOO",
            "OOOOOOOOO",
            "OOOOOOOOO"]
    bd = counted(rows).breakdown
    assert bd["dame"] == 3


def test_an_open_corner_two_lone_stones_face_is_nobodys():
    """Seed 002's 推论29 board (7x7, one stone each): black's stone touches the
    region at three points, white's at two; nothing there is anybody's yet."""
    rows = ["......O",
            ".......",
            ".......",
            ".......",
            ".......",
            ".......",
            "....X.."]
    bd = counted(rows, "jipingdian").breakdown
    assert bd["dame"] == 47
