"""Every case of the referee (issue section 3) played physically on the simulated
9x9 board: the real firmware in MicroPython, the simulated twins of the drivers and
game log, and the world model's hands. Each test asserts what the referee
announced and what the log holds (the `moves` come from the log)."""

import pytest

from sim_rig import sim, kinds, illegal, script, play


def types(out):
    return [e["type"] for e in kinds(out)]


def logged(out, *which):
    """The types of the events the board's log holds (of these types, if given)."""
    return [t for t in out["summary"]["log_types"] if not which or t in which]


def test_hover_and_nudges_never_make_a_move():
    lines = play("B cc,W gg")
    for k in range(6):  # hands hovering with magnetic stones, dipping to the board
        lines += ["hover B ee 400", "hover W de 300", "wait 50"]
    lines += ["nudge cc dc 70", "wait 300", "nudge gg gf 90", "wait 300"]
    out = sim(script(*lines), noise=3, seed=11)
    assert [(e["color"], e["point"]) for e in kinds(out, "move")] == [("B", "cc"), ("W", "gg")]
    assert illegal(out) == []
    assert out["moves"] == ["cc", "gg"]


def test_capture_shown_until_lifted_in_any_order_and_next_move_waits():
    lines = play("B ba,W bb,B ab,W ee,B cb,W ff,B bc")
    lines += ["wait 300", "place W gg", "wait 300"]        # next move before lifting
    lines += ["lift gg", "wait 300", "lift bb", "wait 300", "place W gg", "wait 300"]
    out = sim(script(*lines))
    cp = kinds(out, "capture-pending")
    assert cp == [dict(cp[0], color="W", points=["bb"])]
    il = illegal(out)
    assert [e["code"] for e in il] == ["not-lifted"]
    assert il[0]["point"] == "gg" and "bb" in il[0]["text"] and il[0]["fix"]
    seq = types(out)
    i = seq.index("capture-pending")
    # the illegal stone lifted (the capture still waits), then the capture lifted
    assert seq[i:i + 5] == ["capture-pending", "illegal", "restored", "restored", "move"]
    assert out["moves"] == ["ba", "bb", "ab", "ee", "cb", "ff", "bc", "gg"]
    # the display and the lights showed the stone to lift
    assert any(u["lit"] == ["bb"] and "Lift" in u["lines"][0] for u in out["ui"])


def test_multi_stone_capture_lifted_over_many_scans():
    lines = play("B ad,W ab,B bb,W ac,B bc,W ee,B aa")   # captures ab, ac
    lines += ["wait 200", "lift ac", "wait 600", "lift ab", "wait 400", "place W ff", "wait 300"]
    out = sim(script(*lines), seed=4)
    assert kinds(out, "capture-pending")[0]["points"] in (["ab", "ac"], ["ac", "ab"])
    assert illegal(out) == []
    assert types(out)[-2:] == ["restored", "move"]
    assert out["moves"] == ["ad", "ab", "bb", "ac", "bc", "ee", "aa", "ff"]
    assert logged(out, "capture-pending") == ["capture-pending"]


@pytest.mark.parametrize("lines,code,point,fix_word", [
    (["place W cc"], "wrong-color", "cc", "take"),                      # white first
    (play("B cc") + ["place B dd"], "extra-stone", "dd", "take"),       # a second stone
    (play("B cc,W dd") + ["slide cc ec"], "slid", "cc", "back"),        # slid along the board
    (play("B cc,W dd") + ["knock cc"], "knocked", "cc", "put"),         # knocked off
    (play("B ee,W ba,B ff,W ab") + ["place B aa"], "suicide", "aa", "take"),
    (play("B ba,W ca,B ab,W db,B cb,W cc,B bc,W bb") + ["lift cb", "wait 300", "place B cb"],
     "ko", "cb", "elsewhere"),
])
def test_illegal_placements_are_named_and_play_resumes_when_fixed(lines, code, point, fix_word):
    fix = {"wrong-color": ["lift cc"], "extra-stone": ["lift dd"], "slid": ["slide ec cc"],
           "knocked": ["place B cc"], "suicide": ["lift aa"], "ko": ["lift cb"]}[code]
    out = sim(script(*(lines + ["wait 400"] + fix + ["wait 400"])))
    il = illegal(out)
    assert len(il) == 1, il
    ev = il[0]
    assert ev["code"] == code and ev["point"] == point
    assert ev["text"] and fix_word in ev["fix"]
    if code == "slid":
        assert ev["to"] == "ec"
    assert types(out)[-1] == "restored"
    assert logged(out, "illegal", "restored")[-2:] == ["illegal", "restored"]
    # nothing was lost from the game
    before = [l.split()[2] for l in lines if l.startswith("place")]
    n_played = len(kinds(out, "move"))
    assert out["moves"] == before[:n_played]
    assert any(u["color"] == "red" and point in u["lit"] for u in out["ui"])


def test_slide_across_points_is_one_illegal_and_no_move():
    out = sim(script(*(play("B cc,W gg") + ["slide cc fc", "wait 400", "slide fc cc", "wait 400"])))
    assert len(kinds(out, "move")) == 2
    il = illegal(out)
    assert [(e["code"], e["point"], e["to"]) for e in il] == [("slid", "cc", "fc")]
    assert out["moves"] == ["cc", "gg"] and logged(out, "illegal") == ["illegal"]


def test_takeback_by_button_restores_the_captures():
    lines = play("B ba,W bb,B ab,W ee,B cb,W ff,B bc") + ["lift bb", "wait 300"]
    lines += ["button B undo", "wait 200", "lift bc", "wait 300", "place W bb", "wait 400"]
    lines += ["place B bc", "wait 400"]
    out = sim(script(*lines))
    ud = kinds(out, "undo")
    assert len(ud) == 1 and ud[0]["point"] == "bc" and ud[0]["restored"] == ["bb"]
    assert illegal(out) == []
    assert out["moves"] == ["ba", "bb", "ab", "ee", "cb", "ff", "bc"]
    assert types(out)[-4:] == ["undo", "restored", "move", "capture-pending"]


def test_lifting_the_last_stone_then_undo():
    out = sim(script(*(play("B cc,W dd") + ["lift dd", "wait 300", "button W undo", "wait 300"])))
    assert [e["code"] for e in illegal(out)] == ["removed-stone"]
    assert types(out)[-2:] == ["undo", "restored"]
    assert out["moves"] == ["cc"]


def test_no_takeback_under_japanese_rules():
    out = sim(script(*(play("B cc") + ["button B undo", "wait 200"])), rules="japanese")
    assert [e["code"] for e in illegal(out)] == ["no-takeback"]
    assert out["moves"] == ["cc"]


def test_two_passes_dead_stones_lifted_then_count():
    lines = play("B cc,W gg,B cg,W gc,B ee") + ["button W pass", "wait 200", "button B pass",
                                                 "wait 300", "lift gg", "wait 300", "button B end",
                                                 "wait 300"]
    out = sim(script(*lines))
    assert [e["type"] for e in kinds(out, "pass", "end", "dead", "count")] == \
        ["pass", "pass", "end", "dead", "count"]
    assert kinds(out, "end")[0]["reason"] == "two-passes"
    assert kinds(out, "dead")[0]["points"] == ["gg"]
    c = kinds(out, "count")[0]
    assert c["breakdown"]["dead"] == ["gg"] and c["breakdown"]["black"]["dead_removed"] == 1
    assert c["winner"] in ("B", "W") and c["result"][0] == c["winner"]
    assert out["result"] == c["result"]
    assert out["moves"] == ["cc", "gg", "cg", "gc", "ee", "", ""]


def test_agreement_and_resign_and_abandon():
    out = sim(script(*(play("B cc,W gg") + ["button B end", "wait 300", "button B end", "wait 200"])))
    assert kinds(out, "end")[0]["reason"] == "agreement"
    assert kinds(out, "count")
    assert out["moves"] == ["cc", "gg"] and logged(out, "end", "dead", "count") == \
        ["end", "dead", "count"]
    out = sim(script(*(play("B cc") + ["button W resign", "wait 200", "place W ee", "wait 300"])))
    assert kinds(out, "resign")[0]["color"] == "W"
    assert kinds(out, "end")[0] == dict(kinds(out, "end")[0], reason="resign", winner="B")
    assert out["result"] == "B+R" and kinds(out, "move")[-1]["point"] == "cc"
    assert out["moves"] == ["cc"] and logged(out, "resign", "end") == ["resign", "end"]
    out = sim(script("wait 300", "button W abandon", "wait 200", "button B abandon", "wait 300"),
              rules="living-stones")
    assert [e["type"] for e in kinds(out, "abandon", "end")] == ["abandon", "abandon", "end"]
    assert kinds(out, "end")[0]["reason"] == "two-abandons"
    assert logged(out, "abandon", "end") == ["abandon", "abandon", "end"]


def test_pass_stone_from_the_bowl_into_the_lid():
    lines = play("B cc,W gg") + ["bowl B -1", "wait 600", "lid W +1", "wait 800", "place W ee",
                                 "wait 300"]
    out = sim(script(*lines), rules="aga")
    ps = kinds(out, "pass")
    assert len(ps) == 1 and ps[0]["color"] == "B" and ps[0]["stone"] is True
    assert out["moves"] == ["cc", "gg", "", "ee"]
    # a stone taken out and put on the board is a move, not a pass
    assert illegal(out) == []


def test_ing_bowl_check_at_the_start():
    out = sim(script("wait 800"), rules="ing")   # 9x9: (81 - 1) / 2 = 40 stones each
    sc = kinds(out, "setup-check")
    assert sc and sc[0]["ok"] is True and sc[0]["B"] == 40 and sc[0]["W"] == 40
    assert logged(out, "setup-check") == ["setup-check"]
    out = sim(script("bowl W -2", "wait 800"), rules="ing")
    sc = kinds(out, "setup-check")
    assert sc and sc[0]["ok"] is False and sc[0]["W"] == 38


def test_prisoner_taken_from_the_lid_is_announced():
    lines = play("B ba,W bb,B ab,W ee,B cb,W ff,B bc") + ["lift bb", "wait 800", "lid B -1", "wait 800"]
    out = sim(script(*lines))
    pm = kinds(out, "prisoner-missing")
    assert pm and pm[0]["color"] == "B" and pm[0]["expected"] == 1 and pm[0]["counted"] == 0
    assert "prisoner-missing" in logged(out)
    assert out["moves"] == ["ba", "bb", "ab", "ee", "cb", "ff", "bc"]


def test_handicap_stones_are_setup_not_moves():
    out = sim(script("wait 300", "place B gc", "wait 200", "place B cg", "wait 300",
                     "place W ee", "wait 300"), handicap=2)
    gs = kinds(out, "game-start")[0]
    assert gs["handicap"] == 2 and sorted(gs["setup"]["B"]) == ["cg", "gc"] and gs["first"] == "W"
    assert [(e["color"], e["point"], e["number"]) for e in kinds(out, "move")] == [("W", "ee", 1)]
    assert out["moves"] == ["ee"]


def test_dead_sensor_is_reported_and_play_goes_on():
    lines = ["dead ee"] + play("B cc,W gg,B cg")
    out = sim(script(*lines))
    sf = kinds(out, "sensor-fault")
    assert sf and sf[0]["point"] == "ee"
    assert out["moves"] == ["cc", "gg", "cg"] and illegal(out) == []
    assert "sensor-fault" in out["summary"]["log_types"]


@pytest.mark.parametrize("gap", [1500, 300])
def test_a_move_on_a_dead_sensor_is_asked_when_the_opponent_answers(gap):
    # the stone on ee is not seen; black's bowl is one stone short and ee is the
    # only dead point black may play: white's answer on cg says black moved there,
    # or that black holds a stone and put a white one down by mistake. The bowl
    # cannot tell them apart: the referee asks (unseen), black's ok takes ee
    lines = ["dead ee"] + play("B cc,W gg") + ["place B ee", "wait %d" % gap, "place W cg",
                                               "wait 800", "button B ok", "wait 400",
                                               "place B gc", "wait 400"]
    out = sim(script(*lines))
    mv = kinds(out, "move")
    assert [(e["color"], e["point"], e.get("unseen")) for e in mv] == \
        [("B", "cc", None), ("W", "gg", None), ("B", "ee", True), ("W", "cg", None),
         ("B", "gc", None)]
    il = illegal(out)
    assert [(e["code"], e["point"]) for e in il] == [("unseen", "cg")]
    assert "ee" in il[0]["text"] and "dead" in il[0]["text"]
    assert out["moves"] == ["cc", "gg", "ee", "cg", "gc"]      # the log holds the unseen move


@pytest.mark.parametrize("downs", [0, 1, 3])
def test_an_unseen_move_between_two_dead_sensors_is_chosen_by_the_player(downs):
    """Black plays on ee, one of two dead points black may play (ee, cg): white's
    answer shows black moved, the bowl cannot say where. The referee announces
    it with both points lit and offers the first (yellow); black presses down
    until the lit one is ee, then ok: the move is ee, then white's, and play
    goes on. Never a move the player did not confirm."""
    lines = ["dead ee", "dead cg"] + play("B cc,W gg") + [
        "place B ee", "wait 1500", "place W gc", "wait 1500"]
    presses = ["button B down", "wait 300"] * downs
    lines += presses + ["button B ok", "wait 800", "place B dd", "wait 600"]
    out = sim(script(*lines))
    il = illegal(out)
    assert [(e["code"], e["point"]) for e in il] == [("unseen", "gc")]
    assert il[0]["of"] == ["ee", "cg"] and il[0]["choose"] == "ee"
    assert "press ok" in il[0]["fix"]
    offered = [il[0]["choose"]] + [e["point"] for e in kinds(out, "choose")]
    assert offered == ["ee", "cg", "ee", "cg"][:downs + 1]
    chosen = offered[-1]
    mv = kinds(out, "move")
    assert [(e["color"], e["point"], e.get("unseen")) for e in mv] == \
        [("B", "cc", None), ("W", "gg", None), ("B", chosen, True), ("W", "gc", None),
         ("B", "dd", None)]
    assert out["moves"] == ["cc", "gg", chosen, "gc", "dd"]


def test_fast_play_after_an_unseen_move_is_one_question():
    """Tempo 0: black plays on the dead ee, white answers on gc at once, and
    black plays dd at once too. Black's new stone after white's is no new fault:
    the one question stands (which dead point held black's move), and black's ok
    takes the three moves in order."""
    lines = ["dead ee"] + play("B cc,W gg") + [
        "place B ee", "wait 30", "place W gc", "wait 30", "place B dd", "wait 3000",
        "button B ok", "wait 600"]
    out = sim(script(*lines))
    il = illegal(out)
    assert [e["code"] for e in il] == ["unseen"]
    mv = kinds(out, "move")
    assert [(e["color"], e["point"], e.get("unseen")) for e in mv] == \
        [("B", "cc", None), ("W", "gg", None), ("B", "ee", True), ("W", "gc", None),
         ("B", "dd", None)]
    assert out["moves"] == ["cc", "gg", "ee", "gc", "dd"]


def test_a_power_cut_while_the_board_asks_which_dead_point_asks_again():
    """The question is not logged: after the restart the board sees the same
    board and asks again, and black's ok then takes the move."""
    lines = ["dead ee", "dead cg"] + play("B cc,W gg") + [
        "place B ee", "wait 1500", "place W gc", "wait 1500", "power-cut", "wait 1500",
        "button B ok", "wait 800", "place B dd", "wait 800"]
    out = sim(script(*lines))
    il = illegal(out)
    assert [(e["code"], e["point"], e["choose"]) for e in il] == [("unseen", "gc", "ee")] * 2
    assert [b["how"] for b in out["boots"]] == ["new", "resumed"]
    assert out["moves"] == ["cc", "gg", "ee", "gc", "dd"]


def test_a_press_of_down_without_an_unseen_move_chooses_nothing():
    lines = ["dead ee", "dead cg"] + play("B cc,W gg") + ["button B down", "wait 300",
                                                          "button B ok", "wait 300"]
    out = sim(script(*lines))
    assert kinds(out, "choose") == [] and out["moves"] == ["cc", "gg"]
    assert [e["type"] for e in kinds(out, "move")] == ["move", "move"]


def test_power_cut_mid_game_resumes_and_checks_the_board():
    lines = play("B ba,W bb,B ab,W ee,B cb,W ff,B bc") + ["power-cut", "wait 300", "lift bb",
                                                       "wait 300", "place W gg", "wait 300"]
    out = sim(script(*lines))
    assert [b["how"] for b in out["boots"]] == ["new", "resumed"]
    assert out["moves"] == ["ba", "bb", "ab", "ee", "cb", "ff", "bc", "gg"]
    assert illegal(out) == []
    # the board was moved while the power was off: announced after the restart
    lines = play("B cc,W gg") + ["power-cut", "knock cc", "wait 400", "place B cc", "wait 400",
                                 "place B ee", "wait 300"]
    out = sim(script(*lines))
    il = illegal(out)
    assert [e["code"] for e in il] == ["knocked"] and il[0]["point"] == "cc"
    assert out["moves"] == ["cc", "gg", "ee"]


def _ing_fill_script(extra=()):
    """9x9 Ing: black's wall on column d, white's on f, a dead black stone on hh;
    end by agreement, lift hh, put it back in black's bowl, white fills g..i."""
    moves = []
    for y in "abcdefghi":
        moves += ["B d" + y, "W f" + y]
    lines = play(",".join(moves + ["B hh"]), gap=150)
    lines += ["wait 300", "button B end", "wait 300", "lift hh", "wait 600", "button B end",
              "wait 300", "lid W -1", "bowl B +1", "wait 300"]
    for x in "ghi":
        for y in "abcdefghi":
            lines += ["place W %s%s" % (x, y), "wait 60"]
    lines += list(extra) + ["wait 100", "button W end", "wait 1500"]
    return script(*lines)


def test_ing_count_by_filling_white_area_from_the_bowl():
    out = sim(_ing_fill_script(), rules="ing", seed=3)
    assert illegal(out) == []
    assert [e["type"] for e in kinds(out, "end", "dead", "count")] == ["end", "dead", "count"]
    assert kinds(out, "dead")[0]["points"] == ["hh"]
    c = kinds(out, "count")[0]
    f = c["fill"]
    # 40 stones a bowl on 9x9; white has 9 on the board and fills 27 points: 4 left
    assert f["white_bowl_left"] == 4 and f["expected_left"] == 4 and f["filled"] == 27
    assert f["agree"] is True and f["white_area"] == f["white_area_counted"] == 40.5
    assert c["result"] == "W+8" or c["winner"] == "W"
    assert not any("disagrees" in u["lines"][0] for u in out["ui"])
    assert out["moves"][-1] == "hh" and len(out["moves"]) == 19


def test_ing_fill_count_announces_a_bowl_that_disagrees():
    # a white stone dropped on the floor during the fill: the bowl holds one too few
    out = sim(_ing_fill_script(["bowl W -1", "wait 300"]), rules="ing", seed=3)
    c = kinds(out, "count")[0]
    assert c["fill"]["agree"] is False
    assert c["fill"]["white_bowl_left"] == 3 and c["fill"]["expected_left"] == 4
    # the board's own count stands; the disagreement is on the display
    assert c["result"] == kinds(sim(_ing_fill_script(), rules="ing", seed=3), "count")[0]["result"]
    assert any("disagrees" in u["lines"][0] and "3" in u["lines"][1] for u in out["ui"])
