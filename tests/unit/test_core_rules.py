"""The rules record: the eleven sets of RULES.md, shared read-only values from
`goban.rules.get`, variants by `copy`."""

import pytest

from goban import rules as R
from goban.count import count
from goban.game import Game
from count_positions import FIG5, FIG5_DEAD, game_of


def test_get_returns_one_shared_value_per_set():
    for rid in R.RULE_IDS:
        r = R.get(rid)
        assert r.id == rid and R.get(rid) is r


def test_variants_are_copies_and_leave_the_shared_set_alone():
    before = R.get("chinese").as_dict()
    v = R.get("chinese", komi=0, ko=R.KO_SIMPLE)
    assert v is not R.get("chinese") and (v.komi, v.ko) == (0, R.KO_SIMPLE)
    w = R.get("chinese").copy(last_move_pays=True)
    assert w.last_move_pays and not R.get("chinese").last_move_pays
    assert R.get("chinese").as_dict() == before
    with pytest.raises(ValueError, match="unknown rules option"):
        R.get("chinese", komy=1)
    with pytest.raises(ValueError, match="unknown rules"):
        R.get("klingon")


def test_playing_and_counting_never_change_a_shared_set():
    before = {rid: R.get(rid).as_dict() for rid in R.RULE_IDS}
    for rid in R.RULE_IDS:
        g = Game(rid, size=9)
        g.play(g.to_move(), g.board.point(4, 4))
        g.pass_move(g.to_move())
        count(game_of(FIG5, rid, captures=(1, 1)), FIG5_DEAD, rid, komi=0.5)
    assert {rid: R.get(rid).as_dict() for rid in R.RULE_IDS} == before


def test_komi_is_points_in_the_record():
    """RULES.md: Chinese 3.75 stones = 7.5 points; Ing 8 points; living stones 0."""
    assert (R.get("chinese").komi, R.get("japanese").komi, R.get("ing").komi,
            R.get("living-stones").komi, R.get("tang-song").komi) == (7.5, 6.5, 8, 0, 0)
