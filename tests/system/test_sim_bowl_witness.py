"""Issue 8, evidence before a move, played physically on the simulated 9x9 board
(the real firmware in MicroPython, the world model's hands, bowls and sensors):
  - the short settle: a stone put down strong and steady is announced within a
    few scans of the hand letting go, where the full window alone took longer,
    and a hovering hand or a slide still never makes a move;
  - the bowls as a second witness: a stone whose mover's bowl is settled with no
    stone out is not a move: it waits for the bowl (profile bowls.witness_ms),
    then it is announced (no-stone-out) until the bowl shows a stone gone, the
    stone is taken off, or the player vouches for it with ok; a bowl that is
    moving, or showed the stone gone long before, never holds a move back; a
    profile with witness_ms 0 takes such a stone as before.
Each test asserts the announcements and what the board's log holds."""

import json
import os

import pytest

from sim_rig import sim, kinds, illegal, script, play
from conftest import BOARDS


def profile_with(tmp_path, bowls=None, **top):
    with open(os.path.join(BOARDS, "sim-9.json")) as f:
        d = json.load(f)
    d.update(top)
    d["bowls"].update(bowls or {})
    path = tmp_path / "sim-9-test.json"
    path.write_text(json.dumps(d))
    return str(path)


def moves(out):
    return [(e["color"], e["point"]) for e in kinds(out, "move")]


# --- the short settle ---------------------------------------------------------------------
GAME = "B cc,W gg,B cg,W gc,B ee,W dd,B ff,W hh,B ce,W ge"


def test_strong_steady_stones_are_announced_sooner_than_the_full_window(tmp_path):
    fast = sim(script(*play(GAME, gap=400)), seed=4)
    full = sim(script(*play(GAME, gap=400)), seed=4,
               profile=profile_with(tmp_path, settle_fast_ms=0))
    for out in (fast, full):
        assert illegal(out) == []
        assert out["moves"] == [m.split()[1] for m in GAME.split(",")]
    lf = fast["summary"]["latency_scans"]
    ll = full["summary"]["latency_scans"]
    assert len(lf) == len(ll) == 10
    print("latency in scans, settle_fast_ms 50:", lf, "off:", ll)
    # the full window: 12 scans from the stone touching (held 2-7 scans) -> 5 and more
    assert min(ll) >= 4 and max(ll) >= 8
    # the short one: 5 strong, steady scans from the touch -> at most 2 after the let-go
    assert max(lf) <= 3 and sum(lf) < sum(ll) - 30


@pytest.mark.parametrize("seed", [11, 12, 13])
def test_hover_and_slides_never_make_a_move_with_the_short_settle(seed):
    lines = play("B cc,W gg")
    for k in range(5):  # hands hovering with magnetic stones, dipping to the board
        lines += ["hover B ee 500", "hover W de 400", "hover B dd 300", "wait 50"]
    lines += ["nudge cc dc 70", "wait 300", "nudge gg gf 120", "wait 300",
              "slide cc ec", "wait 500"]
    out = sim(script(*lines), noise=3, seed=seed)
    assert moves(out) == [("B", "cc"), ("W", "gg")]
    # the slide is announced as a slide, never a move
    assert [(e["code"], e["point"], e.get("to")) for e in illegal(out)] == [("slid", "cc", "ec")]
    assert out["moves"] == ["cc", "gg"]


# --- the bowls as a second witness ---------------------------------------------------------
# the bowls witness a side's moves once a stone of theirs was seen to leave its bowl
# (a stone may be in a hand when a bowl is first weighed): here they settle first,
# as at a table where the game starts with the bowls at rest
SETTLED = ["wait 1000"]


def test_a_stone_that_left_no_bowl_waits_then_is_announced_and_taken_from_the_bowl():
    lines = SETTLED + play("B cc,W gg") + ["wait 1000", "drop B ee", "wait 1000", "knock ee",
                                 "wait 600", "place B ee", "wait 600"]
    out = sim(script(*lines), seed=2)
    il = illegal(out)
    assert [(e["code"], e["point"], e["color"]) for e in il] == [("no-stone-out", "ee", "B")]
    assert "no stone left black's bowl" in il[0]["text"]
    # it waited for the bowl (witness_ms 300 in the profile) before it said so
    drop_t = [e for e in out["events"] if e["type"] == "illegal"][0]["t"]
    assert types_between(out, 0, drop_t).count("move") == 2
    assert moves(out) == [("B", "cc"), ("W", "gg"), ("B", "ee")]
    assert kinds(out, "restored")
    assert out["moves"] == ["cc", "gg", "ee"]          # the log: the bowl's stone only


def types_between(out, t0, t1):
    return [e["type"] for e in out["events"] if t0 <= e.get("t", 0) <= t1]


def test_a_stone_that_left_no_bowl_is_a_move_when_the_player_vouches_with_ok():
    lines = SETTLED + play("B cc,W gg") + ["wait 1000", "drop B ee", "wait 1000", "button B ok",
                                 "wait 300", "place W dd", "wait 500"]
    out = sim(script(*lines), seed=3)
    assert [(e["code"], e["point"]) for e in illegal(out)] == [("no-stone-out", "ee")]
    assert moves(out) == [("B", "cc"), ("W", "gg"), ("B", "ee"), ("W", "dd")]
    assert out["moves"] == ["cc", "gg", "ee", "dd"]
    assert not kinds(out, "hint")                      # ok vouched, it asked no hint


def test_a_bowl_that_moves_during_the_wait_lets_the_move_through():
    # the stone comes down first, the scale sees the hand in the bowl a moment later
    lines = play("B cc,W gg") + ["wait 1000", "drop B ee", "bowl B -1", "wait 800"]
    out = sim(script(*lines), seed=5)
    assert illegal(out) == []
    assert moves(out) == [("B", "cc"), ("W", "gg"), ("B", "ee")]
    assert out["moves"] == ["cc", "gg", "ee"]


def test_a_stone_taken_out_long_before_is_confirmed_at_once():
    # a player who held the stone while thinking: the bowl settled showing it gone
    lines = play("B cc,W gg") + ["bowl B -1", "wait 1500", "drop B ee", "wait 400"]
    out = sim(script(*lines), seed=6)
    assert illegal(out) == []
    assert moves(out)[-1] == ("B", "ee")
    lat = out["summary"]["latency_scans"]
    assert max(lat) <= 3, lat                          # no wait for the bowl


def test_without_the_bowl_witness_a_stone_that_left_no_bowl_is_a_move_as_before(tmp_path):
    lines = play("B cc,W gg") + ["wait 1000", "drop B ee", "wait 800"]
    out = sim(script(*lines), seed=2, profile=profile_with(tmp_path, {"witness_ms": 0}))
    assert illegal(out) == []
    assert moves(out) == [("B", "cc"), ("W", "gg"), ("B", "ee")]


def test_fast_play_is_never_held_back_by_the_bowls():
    # the bowls are still ringing from the hand when each stone lands: they
    # cannot tell, so nothing waits
    game = "B cc,W gg,B cg,W gc,B ee,W dd,B ff,W hh"
    out = sim(script(*play(game, gap=60)), seed=8, noise=2)
    assert illegal(out) == []
    assert out["moves"] == [m.split()[1] for m in game.split(",")]
    assert max(out["summary"]["latency_scans"]) <= 3
