"""Territory scoring (japanese) counted by hand: komi goes to white, and the
points of a seki are nobody's territory, its eyes included (RULES.md: T_c outside
seki + P_c; margin = (T_B + P_B) - (T_W + P_W) - komi).

The position is seed 004's 图七 (count_positions.TANG_SONG_SEKI): a black wall
across the top of a 19x19 board holds two white groups, each with one eye of
two points (e1-e2 and k1-k2, SGF e0 e1 and k0 k1), which share the liberties g0
and i0 with a black two-stone group between them. Counted off the diagram: 21
black stones, 18 white, 361 - 39 = 322 empty points; white's eyes (4) and the
shared liberties (2) are in the seki; every other empty point (316) borders
black only. The same position with the colours swapped gives white the 316."""

import pytest

from count_positions import TANG_SONG_SEKI, game_of
from goban.count import count

EMPTY = 361 - 21 - 18
SEKI_EYES = 4
SHARED = 2
OUTSIDE = EMPTY - SEKI_EYES - SHARED      # black's territory


def swapped(rows):
    return [r.translate(str.maketrans("XO", "OX")) for r in rows]


def test_the_hand_count_matches_the_diagram():
    text = "".join(TANG_SONG_SEKI)
    assert (text.count("X"), text.count("O"), text.count(".")) == (21, 18, EMPTY)
    assert OUTSIDE == 316


@pytest.mark.parametrize("komi", [0, 6.5, 7, -3])
def test_black_ahead_pays_komi_to_white(komi):
    res = count(game_of(TANG_SONG_SEKI, "japanese", captures=(2, 1)), [], "japanese", komi=komi)
    black, white = OUTSIDE + 2, 0 + 1                # white's eyes in seki count nothing
    margin = black - white - komi
    assert res.margin_q == 4 * margin
    assert res.winner == ("B" if margin > 0 else "W" if margin < 0 else "draw")
    assert res.breakdown["black"]["total"] == black
    assert res.breakdown["white"]["total"] == white


@pytest.mark.parametrize("komi", [0, 6.5, -3])
def test_white_ahead_is_given_komi_too(komi):
    """Swapped: white leads by the territory; komi still goes to white (a counter
    that subtracts it from whoever leads, or adds it to black, is caught here)."""
    res = count(game_of(swapped(TANG_SONG_SEKI), "japanese", captures=(1, 2)), [], "japanese",
                komi=komi)
    black, white = 0 + 1, OUTSIDE + 2
    margin = black - white - komi
    assert res.margin_q == 4 * margin
    assert res.result == ("W+%s" % _points(-margin) if margin < 0 else "B+%s" % _points(margin))


def test_seki_points_are_no_territory():
    """The seki's eyes and its shared liberties are nobody's under territory
    scoring; under area scoring (chinese) the same eyes count for white."""
    jp = count(game_of(TANG_SONG_SEKI, "japanese"), [], "japanese", komi=0)
    assert jp.breakdown["white"]["total"] == 0
    assert jp.breakdown["black"]["total"] == OUTSIDE
    assert jp.margin_q == 4 * OUTSIDE
    ch = count(game_of(TANG_SONG_SEKI, "chinese"), [], "chinese", komi=0)
    # area: stones + territory + half the dame; white's eyes are white's area
    assert ch.margin_q == 4 * ((21 + OUTSIDE + SHARED / 2) - (18 + SEKI_EYES + SHARED / 2))


def _points(x):
    return ("%g" % x)
