"""The options of the rules record at the count: komi, handicap compensation,
draws, 计枰点's last move (and its territory procedure), Ing's fill-count
cross-check, New Ing's 184¼ and 荒空, resignation and void, board sizes,
and dead-stone errors."""

import os
import random

import pytest

from goban import rules as R
from goban.board import BLACK, WHITE
from goban.count import count, CountError
from goban.count_checks import ing_fill_check, jipingdian_by_territory
from goban.count_result import quarters_text
from goban.rules import bowl_stones
from goban.game import Game
from count_positions import FIG5, FIG5_DEAD, FIG3, game_of

# a 9x9 finished position: black owns the left 4 columns, white the right 4,
# the middle column is filled alternately (no dame)
SPLIT9 = ["..XXOO...",
          "...XO....",
          "...XO....",
          "...XO....",
          "...XO....",
          "...XO....",
          "...XO....",
          "...XO....",
          "...XO...."]


def test_quarters_text():
    assert [quarters_text(q) for q in (0, 1, 2, 3, 4, 14, 29, -6)] == \
        ["0", "0.25", "0.5", "0.75", "1", "3.5", "7.25", "-1.5"]


def test_quarters_text_in_eighths():
    assert [quarters_text(q, 8) for q in (0, 1, 3, 4, 8, 12, 17, -6)] == \
        ["0", "0.125", "0.375", "0.5", "1", "1.5", "2.125", "-0.75"]


def test_komi_is_points_in_every_system():
    """Komi is in points (SGF KM, --komi, the rules record). 计活子 counts in
    stones at 1 stone = 2 points, so komi 2 takes one living stone; Tang-Song's
    路 is a point; Chinese counts in stones but its SGF result stays in points."""
    g = game_of(FIG3, "living-stones")
    base = count(g, [], "living-stones", komi=0)
    assert (base.result, base.margin, base.unit) == ("B+1", 1, "stones")
    assert count(g, [], "living-stones", komi=2).result == "0"       # 1 stone - 2 points
    res = count(g, [], "living-stones", komi=1)
    assert (res.result, res.winner, res.margin) == ("B+0.5", "B", 0.5)
    assert res.breakdown["komi"] == 1 and res.breakdown["komi_stones"] == 0.5
    assert res.breakdown["black_minus_white"] == 0.5
    assert res.breakdown["black"]["total"] == 22   # the count itself is unchanged
    res = count(g, [], "living-stones", komi=3.5)
    assert (res.result, res.margin) == ("W+0.75", 0.75)
    assert base.margin_q - res.margin_q == 4 * 3.5  # margin_q: quarter points everywhere
    ts = count(g, [], "tang-song", komi=0)
    assert ts.margin_q - count(g, [], "tang-song", komi=1).margin_q == 4  # 1 路 = 1 point
    assert ts.unit == "lu"
    ch = count(g, [], "chinese", komi=0)
    assert ch.margin_q - count(g, [], "chinese", komi=2).margin_q == 8
    assert count(g, [], "chinese", komi=2).result == "W+3" and \
        count(g, [], "chinese", komi=2).margin == 1.5


@pytest.mark.parametrize("komi", [float("nan"), float("inf"), -float("inf"), 7.3, 5000])
def test_komi_the_counter_cannot_hold_is_an_error(komi):
    with pytest.raises(CountError, match="komi"):
        count(game_of(FIG3, "chinese"), [], "chinese", komi=komi)


def test_area_counts_and_komi():
    # black: c9 d9 and d1-d8 (10 stones), a9 b9 and a1-c8 (26); white 10 and 35
    res = count(game_of(SPLIT9, "chinese"), [], "chinese", komi=0)
    b, w = res.breakdown["black"], res.breakdown["white"]
    assert (b["stones"], b["territory"], w["stones"], w["territory"]) == (10, 26, 10, 35)
    assert res.result == "W+9" and res.margin == 4.5 and res.unit == "stones"
    assert count(game_of(SPLIT9, "chinese"), [], "chinese").result == "W+16.5"  # komi 7.5
    assert count(game_of(SPLIT9, "chinese"), [], "chinese", komi=-9).result == "0"


def test_draws_and_black_wins_ties():
    # Ing: komi 8, black wins ties
    rows = ["XXXX.OOOO"] * 9
    rows = [r[:4] + "X" + r[5:] if i % 2 else r[:4] + "O" + r[5:] for i, r in enumerate(rows)]
    res = count(game_of(rows, "ing"), [], "ing", komi=0)
    assert res.breakdown["black"]["total"] == 40 and res.breakdown["white"]["total"] == 41
    tie = count(game_of(rows, "ing"), [], "ing", komi=-1)
    assert tie.margin_q == 0 and tie.winner == "B" and tie.result == "B+0"
    draw = count(game_of(rows, "chinese"), [], "chinese", komi=-1)
    assert draw.winner == "draw" and draw.result == "0" and draw.margin == 0


def test_handicap_compensation():
    g = game_of(SPLIT9, "chinese")
    base = count(g, [], "chinese", komi=0)
    assert base.margin_q - count(g, [], "chinese", komi=0, handicap=4).margin_q == 4 * 4
    g = game_of(SPLIT9, "aga")
    base = count(g, [], "aga", komi=0)
    assert base.margin_q - count(g, [], "aga", komi=0, handicap=4).margin_q == 4 * 3
    g = game_of(SPLIT9, "ming-qing")
    base = count(g, [], "ming-qing", komi=0)
    assert base.margin_q - count(g, [], "ming-qing", komi=0, handicap=3).margin_q == 4 * 6
    g = game_of(SPLIT9, "japanese")
    assert count(g, [], "japanese", handicap=5).margin_q == count(g, [], "japanese").margin_q


def test_ming_qing_draw_at_half_the_board():
    """明清: black wins with more than 180½ (here 40½ on 9x9), each block paying one
    eye point. A position with 40½ for black is a draw."""
    rows = ["X.XXXOOOO",
            "XXXX.OO.O",
            "XXXXXOOOO",
            "XXXXOOOOO",
            "XXXXOOOOO",
            "XXXXOOOOO",
            "XXXXOOOOO",
            "X.XXOOOOO",
            "XXXXOO.OO"]
    # black 36 stones + 2 eyes, white 40 + 2, e8 shared; one block each:
    # black 36 + (2 - 2) + (2 + 2 + 1)/2 = 38.5 against 40.5
    res = count(game_of(rows, "ming-qing"), [], "ming-qing")
    assert res.breakdown["black_needs_more_than"] == 40.5
    assert (res.breakdown["black"]["total"], res.breakdown["white"]["total"]) == (38.5, 42.5)
    assert (res.result, res.margin, res.unit) == ("W+4", 2, "stones")
    # two more black stones on e6 f6: exactly 40½ each, a draw
    rows2 = list(rows)
    rows2[3] = "XXXXXXOOO"
    r2 = count(game_of(rows2, "ming-qing"), [], "ming-qing")
    assert r2.breakdown["black"]["total"] == 40.5
    assert (r2.result, r2.winner, r2.margin) == ("0", "draw", 0)


def test_new_ing_threshold_scales_with_the_board():
    for size, want in ((19, 184.25), (9, 44.25), (7, 28.25)):
        g = Game("new-ing", size=size)
        res = count(g, [], "new-ing")
        assert res.breakdown["black_needs_more_than"] == want


def test_new_ing_huangkong_requester_loses():
    """A dame region with a point next to one colour only (荒空): the player who
    asked to end (the first of the two closing no-ops) loses (懈怠)."""
    g = Game("new-ing", size=5)
    b = g.board
    for y in range(5):
        b.set_stone(b.point(1, y), BLACK)
        b.set_stone(b.point(3, y), WHITE)
    # column c (x=2) is a dame region: every point next to both; fine
    assert g.pass_move(BLACK) is None and g.pass_move(WHITE) is None
    ok = count(g, [], "new-ing")
    assert ok.breakdown["huangkong"] == 0 and not ok.result.endswith("F")
    g2 = Game("new-ing", size=5)
    b = g2.board
    for y in range(5):
        b.set_stone(b.point(0, y), BLACK)
        b.set_stone(b.point(3, y), WHITE)
    assert g2.pass_move(BLACK) is None and g2.pass_move(WHITE) is None
    res = count(g2, [], "new-ing")
    assert res.breakdown["huangkong"] == 10  # columns b and c touch one colour each
    assert (res.result, res.winner, res.margin) == ("W+F", "W", 0)
    g3 = Game("new-ing", size=5)
    b = g3.board
    for y in range(5):
        b.set_stone(b.point(0, y), BLACK)
        b.set_stone(b.point(3, y), WHITE)
    g3.play(BLACK, b.point(4, 0))  # a stone in white's area; white ends first
    assert g3.pass_move(WHITE) is None and g3.pass_move(BLACK) is None
    assert count(g3, [b.point(4, 0)], "new-ing").result == "B+F"


def test_new_ing_dame_counts_points_next_to_both():
    rows = ["X.O", "X.O", "X.O"]
    res = count(game_of(rows, "new-ing"), [], "new-ing")
    assert res.breakdown["black"]["total"] == 3 + 1.5


def test_resign_and_void():
    g = game_of(FIG3, "chinese")
    g.resign(BLACK)
    res = count(g, [], "chinese")
    assert (res.result, res.winner, res.margin) == ("W+R", "W", 0)
    assert res.breakdown["black_minus_white"] == -8.5  # the count (komi 7.5), for information
    g = game_of(FIG3, "japanese")
    g.over, g.end = True, "void"
    res = count(g, [], "japanese")
    assert (res.result, res.winner, res.margin) == ("Void", "void", 0)


def test_dead_stone_errors():
    g = game_of(FIG5, "chinese")
    with pytest.raises(CountError, match="no stone"):
        count(g, ["bf"], "chinese")           # b2 is empty
    with pytest.raises(CountError, match="off"):
        count(g, ["hh"], "chinese")           # off a 7x7 board
    with pytest.raises(CountError):
        count(g, [3], "chinese")              # a border cell index
    # the game's own board is left untouched by the count
    before = bytes(g.board.cells)
    count(g, FIG5_DEAD, "chinese")
    assert bytes(g.board.cells) == before


def test_ing_fill_check():
    """Ing: 180 stones each on 19x19; white fills its area from the bowl; x
    stones left means white 180 - x, black 181 + x."""
    assert bowl_stones(19, R.get("ing")) == 180 and bowl_stones(9) == 40
    rows = ["XXXXXXXXXXOOOOOOOOO"] * 19
    rows = [r[:9] + "X" + r[10:] for r in rows]
    rows[0] = "X" * 9 + "XO" + "." * 8      # white territory: 8 points on the top row
    rows[5] = "." + rows[5][1:]             # a black eye
    g = game_of(rows, "ing")
    res = count(g, [], "ing", komi=0)
    w = res.breakdown["white"]
    expected = 180 - w["stones"] - w["territory"]
    assert expected == res.breakdown["white_bowl_after_fill"] > 0
    ok = ing_fill_check(res, expected)
    assert ok["agree"] and ok["white_area"] == 180 - expected and ok["black_area"] == 181 + expected
    bad = ing_fill_check(res, expected + 1)   # a stone went missing from the board
    assert not bad["agree"]
    # 7x7 figure 5: white's area (25) is more than its 24 stones: one point stays empty
    r5 = count(game_of(FIG5, "ing"), FIG5_DEAD, "ing", komi=0)
    assert r5.breakdown["white_bowl_after_fill"] == -1
    assert ing_fill_check(r5, 0, size=7, unfilled=1)["agree"]
    assert not ing_fill_check(r5, 0, size=7)["agree"]


# --- 计枰点: the last move and the territory procedure -------------------------

def random_game(rng, size, rules_id, max_moves=None):
    """Random legal moves that never fill a one-point eye of one's own, to two
    passes: a finished game whose every stone is alive (or captured)."""
    g = Game(rules_id, size=size, capacity=4 * size * size + 16)
    b = g.board
    pts = list(b.points())
    max_moves = max_moves or 3 * size * size
    while not g.over and g.n < max_moves:
        color = g.to_move()
        rng.shuffle(pts)
        played = False
        for p in pts:
            if b.cells[p] != 0:
                continue
            W = b.W
            nb = [b.cells[q] for q in (p - 1, p + 1, p - W, p + W)]
            if all(v in (color, 3) for v in nb):
                continue
            if g.play(color, p) is None:
                played = True
                break
        if not played:
            g.pass_move(color)
    while not g.over:
        g.pass_move(g.to_move())
    return g


def games():
    seed = int(os.environ.get("COUNT_SEED", "4242"))
    n = int(os.environ.get("COUNT_GAMES", "8"))
    print("random jipingdian games: seed %d, count %d" % (seed, n))
    rng = random.Random(seed)
    return [(seed, i, rng.choice((5, 7, 9))) for i in range(n)]


@pytest.mark.parametrize("seed,i,size", games())
def test_jipingdian_territory_procedure_gives_the_area_result(seed, i, size):
    rng = random.Random(seed * 1000 + i)
    g = random_game(rng, size, "jipingdian", max_moves=rng.choice((8, 20, 400)))
    print("game %d: %dx%d, %d moves, captures %s" % (i, size, size, g.n, g.captures[1:]))
    for pays in (True, False):
        rules = R.get("jipingdian", last_move_pays=pays)
        res = count(g, [], rules)
        b, w = jipingdian_by_territory(g, [], rules)
        assert (b, w) == (res.black_q, res.white_q)
        assert res.breakdown["black_pays_last_move"] == (pays and _black_moved_last(g))


def _black_moved_last(g):
    """推论29: white's first pass makes black pay; black's first pass, nobody;
    without a pass, black pays for the last real move (Axiom 15 option 1)."""
    first_pass = next((j for j in range(1, g.n + 1) if g.move_point(j) <= 2), None)
    if first_pass is not None:
        return g.color_of(first_pass) == WHITE
    return g.n > 0 and g.color_of(g.n) == BLACK


def test_jipingdian_black_pays_one_point():
    """Black makes the last real move, then both pass: black pays 1 point
    (A_B - ½, A_W + ½) with the option, nothing without it."""
    g = Game("jipingdian", size=5)
    b = g.board
    g.play(BLACK, b.point(1, 1))
    g.play(WHITE, b.point(3, 3))
    g.play(BLACK, b.point(1, 3))
    g.pass_move(WHITE)
    g.pass_move(BLACK)
    with_opt = count(g, [], R.get("jipingdian", komi=0))
    without = count(g, [], R.get("jipingdian", komi=0, last_move_pays=False))
    assert with_opt.breakdown["black_pays_last_move"] is True
    assert without.margin_q - with_opt.margin_q == 4
    assert with_opt.black_q == without.black_q - 2 and with_opt.white_q == without.white_q + 2
    # white made the last real move: black pays nothing
    g.undo()
    g.undo()
    g.play(WHITE, b.point(3, 1))
    g.pass_move(BLACK)
    g.pass_move(WHITE)
    assert count(g, [], R.get("jipingdian", komi=0)).breakdown["black_pays_last_move"] is False


def test_jipingdian_territory_procedure_catches_a_disagreeing_record():
    g = Game("jipingdian", size=5)
    g.play(BLACK, g.board.point(1, 1))
    g.board.set_stone(g.board.point(3, 3), WHITE)   # a stone nobody played
    with pytest.raises(CountError, match="disagree"):
        jipingdian_by_territory(g, [])


def test_tang_song_pass_stones_are_prisoners():
    """Tang-Song: a pass stone is handed over as a prisoner, so it costs 1 路."""
    g = game_of(FIG5, "tang-song", captures=(1, 1))
    base = count(g, FIG5_DEAD, "tang-song")
    g.pass_stones[BLACK] += 1
    assert count(g, FIG5_DEAD, "tang-song").margin_q == base.margin_q - 4


def test_other_board_sizes_scale_the_thresholds():
    for size in (5, 9, 13, 19):
        g = Game("ming-qing", size=size)
        assert count(g, [], "ming-qing").breakdown["black_needs_more_than"] == size * size / 2


def test_komi_goes_to_white_under_territory_and_area_scoring():
    """SPLIT9 counted by hand: black 10 stones and 26 points of territory, white
    10 stones and 35 points, no prisoners. Japanese (territory): 26 against 35 +
    6.5 = W+15.5; komi given to black would read W+2.5. Chinese (area): 36 against
    45 + 7.5 = W+16.5; AGA (area, pass stones none): the same with its 7.5."""
    g = game_of(SPLIT9, "japanese")
    assert count(g, [], "japanese", komi=6.5).result == "W+15.5"
    assert count(g, [], "japanese", komi=-6.5).result == "W+2.5"
    for rules in ("chinese", "aga"):
        assert count(game_of(SPLIT9, rules), [], rules, komi=7.5).result == "W+16.5"


def test_result_texts_table_is_quarters_text():
    # the frozen image's ROM table of result texts (goban.results.RESULTS) says what
    # quarters_text says, for every margin it holds; beyond it the text is made
    from goban.results import RESULTS, RESULTS_MAX
    assert len(RESULTS[0]) == len(RESULTS[1]) == RESULTS_MAX
    for q in range(1, RESULTS_MAX + 1):
        assert RESULTS[0][q - 1] == quarters_text(q, 4, "B+")
        assert RESULTS[1][q - 1] == quarters_text(q, 4, "W+")
