"""Issue 23's end of a game on the simulated 9x9 board (the real firmware in
MicroPython, the world's hands): play resumed after a dispute under Japanese
rules and across a power cut, an end pressed while a capture waits and the
undo after it, the count refused while a stone stands announced, a prisoner
dropped on the floor under pass stones. Each asserts what the board announced
and what its log holds (`moves` come from the log)."""

from sim_rig import sim, kinds, illegal, script, play

# two passes end play; black lifts gg as dead, white says it lives
DISPUTE = play("B cc,W gg,B cg,W gc,B ee") + [
    "button W pass", "wait 200", "button B pass", "wait 300", "lift gg", "wait 1800"]


def test_play_resumes_after_a_dispute_and_ends_again_by_passes():
    lines = DISPUTE + [
        "button B pass", "wait 300",                # black asks: white plays first
        "place W gg", "wait 400",                   # the lifted stone back
        "place W gd", "wait 300", "place B dd", "wait 300",
        "button W pass", "wait 200", "button B pass", "wait 300",
        "lift gd", "wait 300", "button B end", "wait 400"]
    out = sim(script(*lines), rules="japanese")
    po = kinds(out, "play-on")
    assert [(e["to_move"], e["by"], e["dispute"], e["pass"]) for e in po] == \
        [("W", "B", True, False)]
    assert [e["reason"] for e in kinds(out, "end")] == ["two-passes", "two-passes"]
    assert kinds(out, "dead")[-1]["points"] == ["gd"]
    assert out["moves"] == ["cc", "gg", "cg", "gc", "ee", "", "", "gd", "dd", "", ""]
    assert out["result"] == kinds(out, "count")[0]["result"]
    assert [e["code"] for e in illegal(out)] == ["knocked"]     # gg, till it was back


def test_a_resumption_survives_a_power_cut():
    lines = DISPUTE + ["button W pass", "wait 300",      # white asks while to move:
                       "place W gg", "wait 600",         # it hands the turn over
                       "place B dd", "wait 300", "place W gd", "wait 300"]
    first = sim(script(*lines), rules="japanese")
    n = next(k for k, e in enumerate(first["events"]) if e["type"] == "play-on")
    out = sim(script(*lines), rules="japanese", cut_after=str(n + 1))
    assert [e["type"] for e in kinds(out, "play-on")] == ["play-on"]
    assert out["moves"] == ["cc", "gg", "cg", "gc", "ee", "", "", "", "dd", "gd"]
    assert out["moves"] == first["moves"]


def test_a_pass_pressed_late_is_no_request_to_resume():
    """The side to move presses pass a moment after play ended (a player, or
    goboard play's engine, a little late): nothing changes, the count follows."""
    lines = play("B cc,W gg,B cg,W gc,B ee") + [
        "button W pass", "wait 200", "button B pass", "wait 300", "button W pass", "wait 300",
        "lift gg", "wait 400", "button B end", "wait 400"]
    out = sim(script(*lines), rules="japanese")
    assert kinds(out, "play-on") == [] and illegal(out) == []
    assert kinds(out, "dead")[0]["points"] == ["gg"] and kinds(out, "count")


def test_a_mistaken_end_while_a_capture_waits_then_undo_loses_nothing():
    lines = play("B ba,W bb,B ab,W ee,B cb,W ff,B bc") + [
        "button W end", "wait 200", "button W undo", "wait 300",
        "lift bb", "wait 400", "place W gg", "wait 400"]
    out = sim(script(*lines))
    assert [e["code"] for e in illegal(out)] == ["end-waits", "end-not-taken"]
    assert kinds(out, "undo") == [] and kinds(out, "end") == []
    assert out["moves"] == ["ba", "bb", "ab", "ee", "cb", "ff", "bc", "gg"]


def test_the_count_waits_for_a_stone_announced_and_counts_when_asked_again():
    lines = DISPUTE + ["place B hh", "wait 400", "button B end", "wait 400",
                       "lift hh", "wait 400", "button B end", "wait 400"]
    out = sim(script(*lines), rules="japanese")
    assert [e["code"] for e in illegal(out)] == ["dead-extra", "count-waits"]
    seq = [e["type"] for e in kinds(out, "illegal", "restored", "dead", "count")]
    assert seq == ["illegal", "illegal", "restored", "dead", "count"]
    assert kinds(out, "dead")[0]["points"] == ["gg"]


def test_a_prisoner_dropped_on_the_floor_is_said_and_passing_still_works():
    lines = play("B ba,W bb,B ab,W ee,B cb,W ff,B bc") + [
        "lift bb floor", "wait 2000",
        "bowl W -1", "wait 600", "lid B +1", "wait 800",     # white's pass stone
        "bowl B -1", "wait 600", "lid W +1", "wait 800"]     # black's
    out = sim(script(*lines), rules="aga")
    pm = kinds(out, "prisoner-missing")
    assert [(e["color"], e["expected"], e["counted"], e["where"]) for e in pm] == \
        [("B", 1, 0, "black's lid")]
    assert "black's lid" in pm[0]["fix"]
    assert [(e["color"], e["stone"]) for e in kinds(out, "pass")] == [("W", True), ("B", True)]
    assert out["moves"] == ["ba", "bb", "ab", "ee", "cb", "ff", "bc", "", ""]


def test_passes_pressed_while_the_board_was_off_are_pressed_again():
    """Both players pass while the board is off, then lift a dead stone: the
    board, back, never took the passes and says the stone is gone. The
    players put it back and press their passes again; play ends as they
    played it (before, nobody could fix the stone: play stopped there)."""
    lines = play("B cc,W gg,B cg,W gc,B ee") + [
        "power-cut 900", "button W pass", "wait 200", "button B pass", "wait 200",
        "lift gg", "wait 2500", "button B end", "wait 400"]
    out = sim(script(*lines), rules="japanese", players=True)
    assert [e["code"] for e in illegal(out)] == ["knocked"]
    assert out["moves"] == ["cc", "gg", "cg", "gc", "ee", "", ""]
    assert [e["reason"] for e in kinds(out, "end")] == ["two-passes"]
    assert out["verdict"]["stopped"] is None
