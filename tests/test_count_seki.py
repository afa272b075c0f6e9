"""Blocks, basic eye positions and seki: seed 003's three special shapes and
seed 004's Tang-Song seki, pinned to what the counter does with them.

What the model says (goban/regions.py): a block keeps 2 basic eye points if it
can make two eyes, else 1 if it has an eye, else 0; it is in seki if it cannot
make two eyes and touches a dame point (a shared liberty). Shared liberties
count for nobody under living stones and territory, and are split under area.
"""

from goban.count import count
from count_positions import (ONE_LIBERTY_SEKI, FOUR_LIBERTY_SEKI, ONE_EYE_LIFE,
                             TANG_SONG_SEKI, FIG3, game_of, blocks_of)


def test_blocks_join_through_territory():
    """Figure 3: black is one block (two eyes a7, c7); white two blocks of two
    eyes each (g7+f6, c2+a1): 2 + 4 basic eye positions."""
    board, blocks = blocks_of(FIG3)
    black = [b for b in blocks.values() if b["color"] == 1]
    white = [b for b in blocks.values() if b["color"] == 2]
    assert [(b["stones"], b["territory"], b["basic_eyes"]) for b in black] == [(22, 2, 2)]
    assert sorted((b["stones"], b["territory"], b["basic_eyes"]) for b in white) == [(9, 2, 2), (12, 2, 2)]
    assert not any(b["seki"] for b in blocks.values())


def test_two_groups_sharing_territory_are_one_block():
    """a1 and c1 touch no stone of their own colour: b1 (black's territory)
    joins them with the rest into one block. White is one block with three
    one-point eyes (e3, b4, d4). Black, not marked dead, is taken as alive in
    seki (one eye, the shared liberty d5), so white lives with that shared
    liberty (公气) and keeps 1 basic eye position, not 2 (seed 003 第二十二条)."""
    rows = ["X.X.O",
            "XXXOO",
            "OOOO.",
            "O.O.O",
            "OOOOO"]
    board, blocks = blocks_of(rows)
    black = [b for b in blocks.values() if b["color"] == 1]
    white = [b for b in blocks.values() if b["color"] == 2]
    assert [(b["stones"], b["territory"]) for b in black] == [(5, 1)]
    assert len(white) == 1 and white[0]["territory"] == 3 and white[0]["basic_eyes"] == 1
    assert white[0]["stones"] == 15 and white[0]["shared"] and not white[0]["seki"]


def test_one_liberty_seki():
    """一气双活图: five blocks live on single shared liberties (a4, c5, e1):
    all in seki, no basic eye of their own; the shared liberties count for
    nobody under living stones and the stones all count."""
    _, blocks = blocks_of(ONE_LIBERTY_SEKI)
    seki = {p: (b["color"], b["stones"], b["basic_eyes"]) for p, b in blocks.items() if b["seki"]}
    assert seki == {"ag": (1, 3, 0),    # left bottom black a1-a3
                    "ae": (2, 6, 0),    # white a5 b5 b4-b1
                    "ad": (1, 13, 0),   # the big black group
                    "dg": (2, 3, 0),    # middle bottom white d1-d3
                    "gh": (1, 3, 0)}    # right bottom black f1 g1 g2
    res = count(game_of(ONE_LIBERTY_SEKI, "living-stones"), [], "living-stones")
    b, w = res.breakdown["black"], res.breakdown["white"]
    assert res.breakdown["dame"] == 3
    assert b["total"] == b["stones"] == 19
    assert w["total"] == w["stones"] + w["territory"] - 2
    jp = count(game_of(ONE_LIBERTY_SEKI, "japanese"), [], "japanese", komi=0)
    assert jp.breakdown["black"]["total"] == 0 and jp.breakdown["white"]["total"] == 35
    area = count(game_of(ONE_LIBERTY_SEKI, "chinese"), [], "chinese", komi=0)
    assert area.breakdown["black"]["total"] == 19 + 1.5


def test_four_liberty_seki():
    """四气双活图: the four inner points are shared liberties of the black ring,
    the black pair on the edge and the two white stones inside: nobody's under
    living stones and territory, halved under area. Under New Ing two of them
    touch black only, so it is 荒空 (the requester loses): the rule as written."""
    _, blocks = blocks_of(FOUR_LIBERTY_SEKI)
    seki = sorted((b["color"], b["stones"], b["basic_eyes"]) for b in blocks.values() if b["seki"])
    assert seki == [(1, 2, 0), (1, 10, 0), (2, 2, 0)]
    live = count(game_of(FOUR_LIBERTY_SEKI, "living-stones"), [], "living-stones")
    assert live.breakdown["black"]["total"] == 12
    assert live.breakdown["white"]["total"] == 2 + 18 + 13 - 2
    area = count(game_of(FOUR_LIBERTY_SEKI, "chinese"), [], "chinese", komi=0)
    assert area.breakdown["black"]["total"] == 14
    ni = count(game_of(FOUR_LIBERTY_SEKI, "new-ing"), [], "new-ing")
    assert ni.breakdown["huangkong"] == 2 and ni.result.endswith("+F")


def test_one_eye_life():
    """一眼净活图: the four black stones in the bottom left live with one eye
    (a1) and no shared liberty: they keep that one eye point and count 4
    living stones. The white wall around them and the black and white groups
    on the right live on the shared liberties e1, e2 and g2 (seki)."""
    _, blocks = blocks_of(ONE_EYE_LIFE)
    corner = blocks["ah"]
    assert (corner["color"], corner["stones"], corner["territory"], corner["basic_eyes"],
            corner["seki"]) == (1, 4, 1, 1, False)
    seki = sorted((b["color"], b["stones"]) for b in blocks.values() if b["seki"])
    assert seki == [(1, 8), (2, 4), (2, 7)]
    live = count(game_of(ONE_EYE_LIFE, "living-stones"), [], "living-stones")
    # upper black 9 stones + 15 territory - 2 eyes, corner 4 + 1 - 1, right black 8
    assert live.breakdown["black"]["total"] == (9 + 15 - 2) + 4 + 8


def test_tang_song_seki_figure_8():
    """Seed 004 图七/图八: black's two stones on h1/h2 and two white blocks share
    g1 and i1. White may fill e2 and k2 (one point of each eye) and still live:
    white 2 路, black none there. Japanese: the eyes in seki are nobody's."""
    ts = count(game_of(TANG_SONG_SEKI, "tang-song"), [], "tang-song")
    assert ts.breakdown["white"]["total"] == 2
    bd = ts.breakdown
    assert sorted(bd["seki"]) == ["ca", "ha", "ja"]
    # black: the whole rest of the board is black's one big block: T - 2
    assert bd["black"]["total"] == bd["black"]["territory"] - 2
    jp = count(game_of(TANG_SONG_SEKI, "japanese"), [], "japanese", komi=0)
    assert jp.breakdown["white"]["seki_territory"] == 4
    assert jp.breakdown["white"]["total"] == 0


def test_known_limit_one_sided_points_in_seki():
    """Known limit (seed 004, last figure of the Ming-Qing section): in this seki
    black may occupy two of the shared points and white none. The counter treats
    all four as shared liberties; black fills them on the board if it wants them.
    Pinned so a change of behaviour is seen."""
    rows = ["..XXXX...",
            ".XOOOOXX.",
            ".XO..OOX.",
            ".XOXXOOX.",
            ".XO.X.OX.",
            "..XOOOOX.",
            "...XXXX..",
            ".........",
            "........."]
    res = count(game_of(rows, "living-stones"), [], "living-stones")
    bd = res.breakdown
    assert bd["dame"] == 4
    assert len(bd["seki"]) == 2
    inner = count(game_of(rows, "tang-song"), [], "tang-song")
    # the inner black stones (d6 e6 e5) and the white ring get no 路 from the seki
    assert inner.breakdown["white"]["total"] == 0
