"""The start of a game on the simulated board (the real firmware in MicroPython):
the handicap's stones and black's bowl, free placement, the handicap komi in the
game's record."""

from conftest import REPO
from sim_rig import sim, script, kinds


def test_black_bowl_weighed_before_the_handicap_counts_it_once():
    """Ing (40 stones a bowl on 9x9): the bowls settle before black places the
    two handicap stones; the start is 40 (not 42: the stones counted twice, and
    the bowl said two stones were in a hand for the rest of the game) and the
    start-of-game check raises no alarm."""
    out = sim(script("wait 1000", "place B gc", "wait 200", "place B cg", "wait 600",
                     "place W ee", "wait 600", "place B dd", "wait 800"), handicap=2, rules="ing")
    bowls = kinds(out, "bowls")
    assert bowls[0]["B"] == 40 and bowls[0]["start"] == [40, 40]
    assert bowls[-1]["start"] == [40, 40] and bowls[-1]["B"] == 37
    assert [(e["B"], e["ok"]) for e in kinds(out, "setup-check")] == [(40, True)]
    assert kinds(out, "illegal") == [] and out["moves"] == ["ee", "dd"]


def menu_free(n_up):
    """Game 1 resigned, then the menu: rules chinese, komi the rules' own, the
    handicap `n_up` presses up (0, 2..9, then 2..9 free), no clock."""
    lines = ["wait 300", "place B cc", "wait 250", "place W gg", "wait 250",
             "button W resign", "wait 300"]
    lines += ["button B ok", "wait 50"] * 3 + ["button B up", "wait 50"] * n_up
    return lines + ["button B ok", "wait 50", "button B ok", "wait 400",
                    "lift cc", "wait 100", "lift gg", "wait 300"]


def test_free_placement_chosen_at_the_board():
    """Chinese, 3 free (ten presses up): black puts two stones down, white answers
    too soon, black puts the third; the three are the handicap, white's stone its
    first move. The SGF says HA[3], KM[0] (the Chinese handicap komi), AB and PL,
    and reads back (goboard score's reader) to the same game; the host's live
    state shows the stones."""
    from goboard.record.sgfrecord import record_game
    from goboard.record.sgfgame import load_sgf
    from goboard.live.state import LiveState
    lines = menu_free(10) + ["place B cd", "wait 300", "place B fe", "wait 500",
                             "place W ee", "wait 500", "place B dd", "wait 800",
                             "place B ef", "wait 800"]
    out = sim(script(*lines))
    evs = [e for e in out["events"] if e.get("game") == 2]
    gs = evs[0]
    assert (gs["type"], gs["handicap"], gs["komi"], gs["placement"], gs["first"]) == \
        ("game-start", 3, 0, "free", "W")
    assert [e["B"] for e in evs if e["type"] == "setup"] == [["cd", "fe", "dd"]]
    assert [(e["color"], e["point"], e["number"]) for e in evs if e["type"] == "move"] == \
        [("W", "ee", 1), ("B", "ef", 2)]
    assert out["moves"] == ["ee", "ef"] and kinds(out, "illegal") == []
    shown = [u["lines"][0] for u in out["ui"]]
    assert "Handicap" in shown and "Handicap: 2 of 3" in shown
    sgf = record_game([e for e in evs if e["type"] != "bowls"])
    text = sgf.decode()
    for prop in ("HA[3]", "KM[0", "AB[cd][dd][fe]", "PL[W]"):
        assert prop in text, (prop, text)
    game, info = load_sgf(sgf)
    assert (info["handicap"], game.rules.komi, game.n) == (3, 0, 2)
    assert game.board.rows()[3] == "..XX....." and game.board.rows()[4] == "....OX..."
    live = LiveState("SIM")
    for e in evs:
        live.apply(e)
    snap = live.snapshot()
    assert snap["setup"]["B"] == ["cd", "dd", "fe"]


def test_free_placement_survives_a_power_cut():
    lines = menu_free(9) + ["place B cd", "wait 300", "place B fe", "wait 600",
                            "power-cut 500", "wait 1500", "place W ee", "wait 800"]
    out = sim(script(*lines))
    assert [e["B"] for e in kinds(out, "setup")] == [["cd", "fe"]]
    assert out["moves"] == ["ee"] and kinds(out, "illegal") == []


def test_a_handicap_game_counted_with_the_rules_handicap_komi():
    """Chinese, 2 stones, no komi set: the game-start says komi 0 and the count
    gives white the 2 points of compensation only (W+1: 2 stones against 1,
    the rest dame), as the players' own count of their game does."""
    lines = ["wait 300", "place B gc", "wait 200", "place B cg", "wait 400", "place W ee",
             "wait 400", "button B pass", "wait 300", "button W pass", "wait 600",
             "button B end", "wait 1500"]
    out = sim(script(*lines), handicap=2, players=True)
    assert kinds(out, "game-start")[0]["komi"] == 0
    count = kinds(out, "count")[-1]
    assert count["result"] == "W+1" == out["truth"]["count"]["result"]


# GNU Go (level 1, seed 3) against itself on 9x9 from a handicap of 2 on the
# board's own points, Chinese rules, no KM: komi 0 and 2 points to white
HANDICAP_GAME = ("(;GM[1]FF[4]SZ[9]RU[Chinese]HA[2]AB[gc][cg]PL[W];W[fc];B[fb];W[gb];B[fd];W[e"
                 "c];B[hb];W[gd];B[hc];W[fe];B[ed];W[ee];B[dd];W[de];B[dc];W[ce];B[gg];W[bc];B"
                 "[eg];W[he];B[gf];W[ge];B[cb];W[bf];B[bb];W[hf];B[bd];W[be];B[ac];W[hg];B[bg]"
                 ";W[gh];B[fh];W[hh];B[hd];W[ih];B[cd];W[fi];B[ei];W[ag];B[ah];W[af];B[gi];W[h"
                 "i];B[bh];W[ff];B[fg];W[fi];B[df];W[id];B[gi];W[ib];B[ha];W[ic];B[fi];W[ef];B"
                 "[cf];W[ae];B[ad];W[ie];B[eb];W[ia];B[];W[])")


def test_a_stone_of_the_last_game_in_a_handicap_game(tmp_path):
    """The catalogue's stray stone (a stone left from the last game, noticed after
    the first moves) in a handicap game played by the simulator's players: no
    false or lost move, no jam, and the board's count is the players' (B+9, the
    handicap komi and compensation on both sides)."""
    import argparse
    from goboard.sim.run import simulate
    path = tmp_path / "h2.sgf"
    path.write_text(HANDICAP_GAME)
    for seed in (1, 2):
        args = argparse.Namespace(rules=None, komi=None, handicap=None, seed=seed, noise=1,
                                  size=None, profile=None, cut_after="", torn=False,
                                  log_dir=None, json=True, tempo=None, faults=0, mistakes=1,
                                  fault_kinds="stray", players=True)
        out = simulate(str(path), args)
        v = out["verdict"]
        assert [f["kind"] for f in out["truth"]["faults"]] == ["stray"]
        assert (v["false"], v["lost"], v["jams"], v["stopped"]) == ([], [], [], None)
        assert v["counts"] == [] and v["count"] == {"true": "B+9", "board": "B+9"}
        assert kinds(out, "game-start")[0]["komi"] == 0


def test_the_display_naming_a_stray_stone_just_taken_off_is_no_false_alarm():
    """A stone left from the last game, noticed and taken off after both sides
    moved: the board's "Clear the board" names it until its next look, a moment
    after. The players read that display as the stray stone's announcement,
    not as a false alarm (campaign seed 445107, game 21: one of seven)."""
    import argparse
    from goboard.sim.run import simulate
    from goboard.sim.faults import CATALOGUE, MISTAKES
    args = argparse.Namespace(rules="aga", komi=None, handicap=None, seed=4454185769,
                              noise=1, size=None, profile=None, cut_after="", torn=False,
                              log_dir=None, json=True, tempo=1000, faults=2, mistakes=2,
                              fault_kinds=",".join(CATALOGUE + MISTAKES), players=True)
    out = simulate(str(REPO / "tools" / "sim" / "games" / "gnugo-020.sgf"), args)
    v = out["verdict"]
    assert "stray" in [f["kind"] for f in out["truth"]["faults"]]
    assert (v["false"], v["lost"], v["jams"], v["false_alarms"]) == ([], [], [], [])
