"""Each rule system's own komi in a handicap game (RULES.md, goban.rules
`handicap_komi`, `Rules.for_game`), counted as the board starts the game: the
players set no komi (the rules' own), or set one (theirs stays). Under CPython
and the MicroPython unix port (tests/mp/handicap_komi.py).

The position (tests/mp/handicap_komi.py): 19x19, white's area 156 (24 stones,
132 territory), black's 205 (26 wall stones plus the N handicap stones on the
star points, 179 - N territory), one block each, no prisoners, no dame. By
hand from the rules texts, with N handicap stones and no komi set:
- area systems under the modern Chinese compensation (Chinese 2002 and 1988,
  Ing, 计枰点, Tromp-Taylor; New Ing, whose 3¾ is the even game's): black
  gives back N/2 stones, no komi: 205 - 156 - N. The issue's case: Chinese H2
  B+47 (the even-game komi on top gave B+39.5).
- AGA: komi 0.5 and N - 1 points: 49 - 0.5 - (N - 1); H2 B+47.5 (was B+40.5).
- Japanese (no compensation, no komi: seed 004, 填空法 gives nothing back):
  territory 179 - N - 132.
- Tang-Song: 路 = territory - 2 a block: (177 - N) - 130.
- Ming-Qing: area with the group tax (one block each: nothing moves), N
  stones back: 49 - 2N.
- 计活子: living stones 205 - 2 and 156 - 2 (two eye points a block), N/2
  stones back: 49 - N living stones, 2 points each.
"""

import json

import pytest

from goban import rules as R
from conftest import MP, score_cli as score

import handicap_komi

AREA = ("chinese", "chinese-1988", "ing", "new-ing", "jipingdian", "tromp-taylor")


def expected(rid, n):
    """(komi, margin in points) by hand, as the module docstring says."""
    if rid in AREA:
        return 0, 49 - n
    return {"aga": (0.5, 49 - 0.5 - (n - 1)),
            "japanese": (0, 179 - n - 132),
            "tang-song": (0, 177 - n - 130),
            "ming-qing": (0, 49 - 2 * n),
            "living-stones": (0, 2 * (49 - n))}[rid]


def explicit(rid, n):
    """The same game with komi 7.5 set by the players: 7.5 off the margin
    (not New Ing's, whose 3¾ is built in and whose handicap replaces it)."""
    komi, m = expected(rid, n)
    return m + komi - (0 if rid == "new-ing" else 7.5)


@pytest.fixture(scope="module")
def cpython():
    return handicap_komi.results()


@pytest.mark.parametrize("rid", R.RULE_IDS)
def test_each_systems_handicap_komi_is_the_default(cpython, rid):
    for n in (2, 3):
        komi, m = expected(rid, n)
        got = cpython["%s/%d/None" % (rid, n)]
        assert got == [komi, int(4 * m), "B"], (rid, n)


@pytest.mark.parametrize("rid", R.RULE_IDS)
def test_a_komi_the_players_set_stays_theirs(cpython, rid):
    for n in (2, 3):
        got = cpython["%s/%d/7.5" % (rid, n)]
        assert got[0] == 7.5 and got[1] == int(4 * explicit(rid, n)), (rid, n)


def test_the_issues_numbers():
    """AGA H2 B+47.5 and Chinese B+47 (with the even-game komi on top they were
    B+40.5 and B+39.5), as results."""
    got = handicap_komi.results()
    assert got["aga/2/None"][1] == 4 * 47.5 and got["aga/2/7.5"][1] == 4 * 40.5
    assert got["chinese/2/None"][1] == 4 * 47 and got["chinese/2/7.5"][1] == 4 * 39.5


def test_even_games_keep_the_even_komi():
    for rid in R.RULE_IDS:
        r = R.get(rid)
        assert r.for_game(None, 0).komi == r.komi
        assert r.for_game(None, 2).komi == r.handicap_komi
        assert r.for_game(6.5, 4).komi == 6.5


def test_micropython_counts_alike(micropython, cpython):
    out = micropython(MP / "handicap_komi.py")
    assert json.loads(out.strip().splitlines()[-1]) == cpython


def sgf_of_the_position(ru, km=None):
    """The module's position as an SGF of setup stones: HA[2], AB (the
    handicap among them), AW, no moves; KM only when given."""
    size = handicap_komi.SIZE
    ab, aw = [], []
    for y, row in enumerate(handicap_komi.rows()):
        for x, ch in enumerate(row):
            pt = "[%s%s]" % (chr(97 + x), chr(97 + y))
            (ab if ch == "X" else aw if ch == "O" else []).append(pt)
    ab += ["[pd]", "[dp]"]                   # q16, d4: the handicap of 2
    return "(;GM[1]FF[4]SZ[%d]RU[%s]HA[2]%sAB%sAW%sPL[W])" % (
        size, ru, "KM[%s]" % km if km is not None else "", "".join(ab), "".join(aw))


@pytest.mark.parametrize("ru,km,result,komi", [("AGA", None, "B+47.5", 0.5),
                                               ("Chinese", None, "B+47", 0),
                                               ("AGA", 7.5, "B+40.5", 7.5),
                                               ("Japanese", None, "B+45", 0)])
def test_goboard_score_of_a_handicap_sgf(capsys, tmp_path, ru, km, result, komi):
    """An SGF without KM is counted with the rules' handicap komi; with KM, that."""
    code, out, err = score(capsys, tmp_path, sgf_of_the_position(ru, km), "--json")
    assert code == 0, err
    res = json.loads(out)
    assert (res["result"], res["komi"], res["breakdown"]["handicap"]) == (result, komi, 2)
