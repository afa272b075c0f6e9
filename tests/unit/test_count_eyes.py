"""Basic eye positions (基本眼位) as the seeds define them (issue 12, item 2).

Seed 003 第二十二条: 通常,一块独立的活棋,要在它所围的地盘上保留两个不相邻的空点作为基本眼
位;一方的一块围住若干空点...并与对方棋子共有一口公气的活棋,要保留一个所围空点作为其基本
眼位;公气...也要保留下来作为双方的基本眼位. So an independent block keeps 2; a block
that lives with a shared liberty keeps 1 of its own points, whatever its number of
eye regions; the shared liberties are kept for both.

Seed 004 图九/图十: white's top group has seven empty points in six eyes and
shares a liberty (a17) with black's one-eyed group: 白方可占领A位六点,不影响棋的生存,
故白有六路;黑方无点可填,黑无路 (Tang-Song: white 6 路, black none), and the
Japanese 公活无目 gives white nothing there (the figure's objection). Under
CPython and MicroPython.
"""

import json

from goban.count import count
from goban.regions import Regions
from conftest import MP
from count_positions import FIG9, FIG10_A, game_of, blocks_of, random_rows


def test_figure_9_white_keeps_one_eye_point():
    board, blocks = blocks_of(FIG9)
    top = blocks["ba"]          # b19: white's top group, joined through its eyes
    assert top["color"] == 2 and top["eyes"] == 6 and top["territory"] == 7
    # it lives with the shared liberty a17: one basic eye position, not two
    assert top["basic_eyes"] == 1 and top["shared"]
    # black's group around a15: one eye (a15), the same shared liberty: keeps it
    black = blocks["bb"]
    assert black["color"] == 1 and black["territory"] == 1 and black["basic_eyes"] == 1
    assert black["seki"]
    # 图十's six A points are white's eye points less the one white keeps (l19)
    assert len(FIG10_A) == 6 == top["territory"] - top["basic_eyes"]
    for s in FIG10_A + ["la"]:
        assert board.cells[board.from_sgf(s)] == 0


def test_figure_10_tang_song_white_six_lu_black_none():
    res = count(game_of(FIG9, "tang-song"), [], "tang-song", komi=0)
    bd = res.breakdown
    # white: its 7 eye points less 1 kept = 6 路 (the other white group, on the
    # open board, has no eye); black: one eye, kept, so no 路
    assert bd["white"]["total"] == 6
    assert bd["black"]["total"] == 0
    assert res.result == "W+6"


def test_figure_9_japanese_known_limit():
    """Known limit, pinned: 公活无目 (the Japanese rule 图九 objects to) would give
    white nothing for its seven eye points; the counter taxes only the blocks that
    cannot make two eyes (black's, here), since while seki is decided by shape a
    false seki would spread the tax to whole living groups (issue 12, item 1)."""
    res = count(game_of(FIG9, "japanese"), [], "japanese", komi=0)
    bd = res.breakdown
    assert bd["white"]["seki_territory"] == 0 and bd["white"]["total"] == 7
    assert bd["black"]["seki_territory"] == 1 and bd["black"]["total"] == 0


def test_figure_9_living_stones_and_ming_qing_keep_one_point():
    """计活子: L = S + T - E with E = 1 for white's top group (and 0 for its group on
    the open board); Ming-Qing: each block's kept points split between the sides."""
    g = game_of(FIG9, "living-stones")
    live = count(g, [], "living-stones", komi=0)
    w = live.breakdown["white"]
    b = live.breakdown["black"]
    assert w["basic_eyes"] == 1 and b["basic_eyes"] == 1
    assert w["total"] == w["stones"] + 7 - 1
    assert b["total"] == b["stones"] + 1 - 1
    mq = count(game_of(FIG9, "ming-qing"), [], "ming-qing", komi=0)
    bd = mq.breakdown
    shared = (1 + 1 + bd["dame"]) / 2
    assert bd["white"]["total"] == bd["white"]["stones"] + 7 - 1 + shared
    assert bd["black"]["total"] == bd["black"]["stones"] + 1 - 1 + shared


def test_an_independent_block_keeps_two():
    """Seed 003 图三 (the ideal final position): no shared liberty anywhere, every
    block is independent and keeps two basic eye positions."""
    from count_positions import FIG3
    _, blocks = blocks_of(FIG3)
    assert sorted(b["basic_eyes"] for b in blocks.values()) == [2, 2, 2]
    assert not any(b["seki"] for b in blocks.values())


def test_shared_liberty_rule_read_plainly():
    """On random boards, the viper pass marks exactly the blocks the rule names:
    able to make two eyes (two eye regions, or one of 3 points or more), next to
    a dame point that touches an opposing block in seki;
    those keep 1 basic eye position, and the colour's total E agrees."""
    import random
    from goban.regions import T_E
    rng = random.Random(12)
    seen = 0
    for _ in range(60):
        size = rng.choice((7, 9, 13))
        rows = random_rows(rng, size, "XXXXXOOOOO..")
        g = game_of(rows)
        b = g.board
        rg = Regions(size)
        rg.load(b.cells)
        rg.run()
        info = {k: blk for k, blk in enumerate(rg.blocks(), 1)}
        bid = rg.bid.__getitem__
        rid = rg.rid.__getitem__
        want = set()
        for p in b.points():
            if b.cells[p] != 0 or rg.rinfo[(rid(p) << 3) + 1] != 3:
                continue
            nb = [q for q in (p - 1, p + 1, p - b.W, p + b.W) if b.cells[q] in (1, 2)]
            seki_colours = {b.cells[q] for q in nb if info[bid(q)]["seki"]}
            for q in nb:
                blk = info[bid(q)]
                two_eyes = blk["eyes"] >= 2 or blk["largest_eye"] >= 3
                if 3 - b.cells[q] in seki_colours and two_eyes:
                    want.add(bid(q))
        got = {k for k, blk in info.items() if blk["shared"]}
        assert got == want
        for k in got:
            assert info[k]["basic_eyes"] == 1 and info[k]["eyes"] >= 1
        for c in (1, 2):
            assert rg.tot[(c << 3) + T_E] == sum(blk["basic_eyes"] for blk in info.values()
                                                if blk["color"] == c)
        seen += len(got)
    assert seen > 0


def test_micropython_counts_figure_9_alike(micropython):
    got = json.loads(micropython(MP / "count_eyes.py", stdin=json.dumps(FIG9)).strip().splitlines()[-1])
    for rid in ("tang-song", "living-stones", "ming-qing", "japanese"):
        r = count(game_of(FIG9, rid), [], rid, komi=0)
        assert got[rid] == [r.result, r.black_q, r.white_q, r.breakdown["white"]["basic_eyes"],
                            r.breakdown["seki"]], rid
    assert got["tang-song"][0] == "W+6"
