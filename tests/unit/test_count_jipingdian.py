"""计枰点 (seed 000) as its own text counts: Corollary 29 (the first pass decides
who pays), Corollaries 21 and 22 (the territory procedure gives the area result,
and the fill check of 21(7) / 22(8)), from the command line too (`goboard score
--method territory`, `--white-bowl`). Under CPython and MicroPython.

The seed's numbers used here:
- 推论29: if white (who moves second) passes first, black pays 1 point (从黑地中减去
  半点,并给白地加上半点), once, whether black or white makes the last real move;
  if black passes first, nobody pays (黑方勿须对白方作出补偿), even when black
  makes the last real move (推论29(c)).
- 推论21(7), 22(8): white fills its area from its 180 stones; x stones left:
  white 180 - x, black 181 + x; out of stones with y empty white points: white
  180 + y, black 181 - y.
- 推论21(6), 22(7): the count by 目 returns to the area count.
"""

import json

import pytest

from goban import rules as R
from goban.board import BLACK, WHITE
from goban.count import count
from goban.count_checks import jipingdian_by_territory, ing_fill_check
from goban.game import Game
from conftest import MP, score_cli as score

# Each case: 7x7 moves ('' = pass), from black; whether black pays per 推论29.
# (c) of the issue: B pass, W g7, B e1, W pass, B pass: black passed first and
# still made the last real move: nobody pays.
CASES = {
    "issue-c-black-first-pass-black-last": (["", "ga", "eg", "", ""], False),
    "a-white-first-pass-black-last": (["cc", "ee", "cd", "", "ce", "", ""], True),
    "b-white-first-pass-white-last": (["cc", "", "cd", "ee", "", ""], True),
    "c-black-first-pass-white-last": (["cc", "ee", "", "ed", "", ""], False),
    "c-black-first-pass-after-many": (["cc", "ee", "cd", "ed", "", "ec", "cb", "", ""], False),
}


def play(moves, size=7):
    g = Game("jipingdian", size=size)
    for mv in moves:
        c = g.to_move()
        if mv:
            assert g.play(c, g.board.from_sgf(mv)) is None, mv
        else:
            g.pass_move(c)
    return g


@pytest.mark.parametrize("name", sorted(CASES))
def test_corollary_29_the_first_pass_decides(name):
    moves, pays = CASES[name]
    g = play(moves)
    assert g.over
    with_opt = count(g, [], R.get("jipingdian", komi=0))
    plain = count(g, [], R.get("jipingdian", komi=0, last_move_pays=False))
    assert with_opt.breakdown["black_pays_last_move"] is pays
    # 1 point: half from black's area, half to white's (quarter points: 2 each)
    d = 2 if pays else 0
    assert with_opt.black_q == plain.black_q - d
    assert with_opt.white_q == plain.white_q + d
    # once: never more than one point, whoever made the last real move
    assert with_opt.margin_q == plain.margin_q - 2 * d
    # 推论21(6): the territory procedure returns the same points
    detail = {}
    b, w = jipingdian_by_territory(g, [], R.get("jipingdian", komi=0), detail=detail)
    assert (b, w) == (with_opt.black_q, with_opt.white_q)
    assert detail["a_type"] == (1 if pays else 0)   # the A-type 负着 is the payment


def test_issue_case_counts_without_payment():
    """The issue's game: B pass, W g7, B e1, W pass, B pass on 7x7. Black passed
    first, so black owes nothing although e1 was the last real move: the count is
    the plain area count (one stone each, 47 shared points: 24.5 each)."""
    g = play(["", "ga", "eg", "", ""])
    r = count(g, [], R.get("jipingdian", komi=0))
    assert r.breakdown["black_pays_last_move"] is False
    assert (r.black_q, r.white_q) == (4 * 24 + 2, 4 * 24 + 2)


def test_white_passing_first_pays_once_even_after_more_passes():
    """White passes first, play goes on (第二阶段), black passes later: black
    pays once (the first pass decides; later passes change nothing)."""
    g = play(["cc", "", "cd", "ee", "", "ed", "ce", "", ""])
    r = count(g, [], R.get("jipingdian", komi=0))
    plain = count(g, [], R.get("jipingdian", komi=0, last_move_pays=False))
    assert r.breakdown["black_pays_last_move"] is True
    assert r.black_q == plain.black_q - 2 and r.white_q == plain.white_q + 2


def fill_position(white_cols):
    """19x19: white holds the first `white_cols` columns (a wall at the column
    after them), black the rest: white's area = 19 * (white_cols + 1)."""
    rows = []
    for y in range(19):
        rows.append("." * white_cols + "O" + "X" + "." * (19 - white_cols - 2))
    return rows


@pytest.mark.parametrize("pays", (False, True))
def test_fill_check_corollary_21_7(pays):
    """推论21(7): x white stones left after the fill: white 180 - x, black 181 + x;
    with black paying (推论29(1): an A-type 负着 makes one black point shared),
    half a point moves from black to white."""
    g = Game("jipingdian", size=19)
    g.board.load_rows(fill_position(6))
    rules = R.get("jipingdian", komi=0, last_move_pays=pays)
    if pays:   # black fills a point of its own area, white passes first: black pays
        assert g.play(BLACK, g.board.point(18, 18)) is None
        g.pass_move(WHITE)
        g.pass_move(BLACK)
    res = count(g, [], rules)
    assert res.breakdown["black_pays_last_move"] is pays
    white_area = 19 * 7
    x = 180 - white_area   # what the bowl holds after white fills its area
    assert res.breakdown["bowl_stones"] == 180
    assert res.breakdown["white_bowl_after_fill"] == x
    f = ing_fill_check(res, x, 19)
    d = 0.5 if res.breakdown["black_pays_last_move"] else 0
    assert f["agree"] is True
    assert f["white_area"] == 180 - x + d and f["black_area"] == 181 + x - d
    # one stone too few in the bowl: the check disagrees
    assert ing_fill_check(res, x - 1, 19)["agree"] is False
    # 推论21(7) third case: the bowl runs out with y white points still empty
    g2 = Game("jipingdian", size=19)
    g2.board.load_rows(fill_position(10))      # white's area 209 > 180
    res2 = count(g2, [], R.get("jipingdian", komi=0))
    y = 19 * 11 - 180
    f2 = ing_fill_check(res2, 0, 19, unfilled=y)
    assert f2["agree"] is True
    assert f2["white_area"] == 180 + y and f2["black_area"] == 181 - y


def sgf_of(moves, size=7):
    nodes = []
    for i, mv in enumerate(moves):
        nodes.append(";%s[%s]" % ("BW"[i % 2], mv))
    return "(;GM[1]FF[4]SZ[%d]KM[0]RU[jipingdian]%s)" % (size, "".join(nodes))


@pytest.mark.parametrize("name", sorted(CASES))
def test_score_method_territory_equals_area(capsys, tmp_path, name):
    """`goboard score --method territory` reaches Corollary 21's procedure; its
    result is the area result (推论21(6), 22(7))."""
    moves, pays = CASES[name]
    sgf = sgf_of(moves)
    code, out, err = score(capsys, tmp_path, sgf, "--rules", "jipingdian", "--json")
    assert code == 0, err
    area = json.loads(out)
    code, out, err = score(capsys, tmp_path, sgf, "--rules", "jipingdian", "--method",
                           "territory", "--json")
    assert code == 0, err
    terr = json.loads(out)
    assert terr["method"] == "territory" and area["method"] == "area"
    tp = terr["territory_procedure"]
    assert tp["agrees"] is True
    assert (tp["black"], tp["white"]) == (area["breakdown"]["black"]["total"],
                                          area["breakdown"]["white"]["total"])
    assert terr["result"] == area["result"]
    assert terr["breakdown"]["black_pays_last_move"] is pays
    assert tp["a_type"] == (1 if pays else 0)


def test_score_flags_refused_where_the_system_has_no_such_procedure(capsys, tmp_path):
    sgf = sgf_of(CASES["a-white-first-pass-black-last"][0])
    code, out, err = score(capsys, tmp_path, sgf, "--rules", "chinese", "--method", "territory")
    assert code == 2 and len(err.strip().splitlines()) == 1 and "jipingdian" in err
    code, out, err = score(capsys, tmp_path, sgf, "--rules", "japanese", "--white-bowl", "3")
    assert code == 2 and len(err.strip().splitlines()) == 1 and "fill check" in err


def test_score_white_bowl_under_jipingdian(capsys, tmp_path):
    """--white-bowl is the fill check under 计枰点 too (it was accepted and ignored)."""
    moves, pays = CASES["a-white-first-pass-black-last"]
    sgf = sgf_of(moves)
    code, out, err = score(capsys, tmp_path, sgf, "--rules", "jipingdian", "--json")
    area = json.loads(out)
    x = area["breakdown"]["white_bowl_after_fill"]
    code, out, err = score(capsys, tmp_path, sgf, "--rules", "jipingdian", "--white-bowl",
                           str(x), "--json")
    assert code == 0, err
    f = json.loads(out)["ing_fill"]
    assert f["agree"] is True
    assert f["white_area"] == area["breakdown"]["white"]["total"]   # the ½ paid included
    code, out, err = score(capsys, tmp_path, sgf, "--rules", "jipingdian", "--white-bowl",
                           str(x + 1), "--json")
    assert json.loads(out)["ing_fill"]["agree"] is False


def test_micropython_counts_corollary_29_alike(micropython):
    got = json.loads(micropython(MP / "count_jipingdian.py", stdin=json.dumps(CASES)).strip().splitlines()[-1])
    for name, (moves, pays) in CASES.items():
        g = play(moves)
        r = count(g, [], R.get("jipingdian", komi=0))
        assert got[name] == [pays, r.black_q, r.white_q, [r.black_q, r.white_q]], name
