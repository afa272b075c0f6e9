"""Seed 003's figures 3 and 5 under every scoring system, and the symmetry of
every test position (rotations and mirror images count the same).

Figure 5 is figure 3's game before filling (white first, 21 moves each, one
prisoner each, the black stone on c2 dead). Figure 3 is the same game filled:
black filled a6, a5, b5, white filled b2, and c2's dead stone is now white's
prisoner. The seed: living stones black 22, white 21 (B+1); area black 24,
white 25 (W+1). Area and living stones must give the same from both figures;
territory systems (japanese, tang-song) lose a point per point one fills in
one's own territory, so they move by (black fills - white fills) = 2.
"""

import os
import random

import pytest

from goban import rules as R
from goban.count import count
from count_positions import (AREA, EXPECTED_FIG5, FIG3, FIG5, FIG5_DEAD, ONE_LIBERTY_SEKI,
                             FOUR_LIBERTY_SEKI, ONE_EYE_LIFE, TANG_SONG_SEKI, game_of,
                             transform_rows, transform_sgf)


# (result, black total, white total) with komi 0; figure 5 with its prisoners (1, 1)
# and c2 dead, figure 3 with prisoners (1, 2) (c2 went to white)
EXPECTED_FIG3 = dict(EXPECTED_FIG5)
EXPECTED_FIG3.update({
    "japanese": ("W+3", 3, 6),           # 2 + 1, 4 + 2
    "tang-song": ("W+1", -2, -1),        # 2 - 2 - 2, 4 - 4 - 1
})


def test_every_system_has_an_expectation():
    assert set(EXPECTED_FIG5) == set(R.RULE_IDS)


@pytest.mark.parametrize("rid", R.RULE_IDS)
def test_figure_5(rid):
    res = count(game_of(FIG5, rid, captures=(1, 1)), FIG5_DEAD, rid, komi=0)
    want = EXPECTED_FIG5[rid]
    assert (res.result, res.breakdown["black"]["total"], res.breakdown["white"]["total"]) == want
    assert res.breakdown["dead"] == ["cf"]
    assert res.breakdown["white"]["dead_removed"] == 1


@pytest.mark.parametrize("rid", R.RULE_IDS)
def test_figure_3(rid):
    res = count(game_of(FIG3, rid, captures=(1, 2)), [], rid, komi=0)
    want = EXPECTED_FIG3[rid]
    assert (res.result, res.breakdown["black"]["total"], res.breakdown["white"]["total"]) == want


def test_seed_003_numbers():
    """The seed's own words: living stones 22 : 21, black wins by 1 stone; area
    24 : 25 (子 meaning points), white wins by 1 point; the result flips."""
    live = count(game_of(FIG3, "living-stones"), [], "living-stones", komi=0)
    assert (live.breakdown["black"]["total"], live.breakdown["white"]["total"]) == (22, 21)
    assert (live.winner, live.margin, live.unit) == ("B", 1, "stones")
    # the eyes kept as permanent liberties: black 2, white 4
    assert (live.breakdown["black"]["basic_eyes"], live.breakdown["white"]["basic_eyes"]) == (2, 4)
    area = count(game_of(FIG3, "chinese"), [], "chinese", komi=0)
    assert (area.winner, area.result) == ("W", "W+1")
    assert area.unit == "stones" and area.margin == 0.5


@pytest.mark.parametrize("rid", AREA + ("living-stones", "new-ing", "ming-qing"))
def test_area_and_living_agree_between_figures(rid):
    a = count(game_of(FIG3, rid, captures=(1, 2)), [], rid, komi=0)
    b = count(game_of(FIG5, rid, captures=(1, 1)), FIG5_DEAD, rid, komi=0)
    assert (a.result, a.black_q, a.white_q) == (b.result, b.black_q, b.white_q)


@pytest.mark.parametrize("rid", ("japanese", "tang-song"))
def test_territory_systems_pay_for_filling(rid):
    a = count(game_of(FIG3, rid, captures=(1, 2)), [], rid, komi=0)
    b = count(game_of(FIG5, rid, captures=(1, 1)), FIG5_DEAD, rid, komi=0)
    black_filled, white_filled = 3, 1
    assert b.margin_q - a.margin_q == 4 * (black_filled - white_filled)


# --- symmetry ------------------------------------------------------------------

def random_position(rng, size):
    """A random settled-looking position: random stones, then a few dead ones."""
    rows = []
    for _ in range(size):
        rows.append("".join(rng.choice("XXOO...") for _ in range(size)))
    stones = [(x, y) for y in range(size) for x in range(size) if rows[y][x] != "."]
    dead = [chr(97 + x) + chr(97 + y) for x, y in rng.sample(stones, min(3, len(stones)))]
    return rows, dead


def positions():
    out = [("fig3", FIG3, []), ("fig5", FIG5, FIG5_DEAD),
           ("one-liberty-seki", ONE_LIBERTY_SEKI, []),
           ("four-liberty-seki", FOUR_LIBERTY_SEKI, []),
           ("one-eye-life", ONE_EYE_LIFE, []), ("tang-song-seki", TANG_SONG_SEKI, [])]
    seed = int(os.environ.get("COUNT_SEED", "20240601"))
    n = int(os.environ.get("COUNT_RANDOM", "12"))
    print("random positions: seed %d, count %d" % (seed, n))
    rng = random.Random(seed)
    for i in range(n):
        size = rng.choice((5, 7, 9, 13))
        rows, dead = random_position(rng, size)
        out.append(("random-%d" % i, rows, dead))
    return out


def summary(res):
    bd = res.breakdown
    return (res.result, res.winner, res.margin, res.unit, res.black_q, res.white_q,
            tuple(sorted((k, str(v)) for k, v in bd["black"].items())),
            tuple(sorted((k, str(v)) for k, v in bd["white"].items())),
            bd["dame"], bd["neutral"], len(bd["seki"]))


@pytest.mark.parametrize("name,rows,dead", positions(), ids=lambda v: v if isinstance(v, str) else "")
def test_symmetries_count_the_same(name, rows, dead):
    n = len(rows)
    for rid in R.RULE_IDS:
        base = summary(count(game_of(rows, rid, captures=(2, 3)), dead, rid))
        for k in range(1, 8):
            t_rows = transform_rows(rows, k)
            t_dead = transform_sgf(dead, n, k)
            got = summary(count(game_of(t_rows, rid, captures=(2, 3)), t_dead, rid))
            assert got == base, (name, rid, k)


def test_transform_is_a_real_symmetry():
    """The test above would prove nothing if the transforms were the identity."""
    seen = {tuple(transform_rows(FIG5, k)) for k in range(8)}
    assert len(seen) == 8


@pytest.mark.parametrize("name,rows,dead", positions()[:6], ids=lambda v: v if isinstance(v, str) else "")
def test_area_identity(name, rows, dead):
    """Every point is someone's stone or territory, dame or neutral: the two
    area counts plus the neutral points are the board."""
    res = count(game_of(rows, "chinese"), dead, "chinese", komi=0)
    n = len(rows) ** 2
    assert res.black_q + res.white_q + 4 * res.breakdown["neutral"] == 4 * n
