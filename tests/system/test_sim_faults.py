"""The fault harness itself: the simulator's fault models, its players, and the
verdict that judges the board against the world's ground truth.

These hold whatever the referee does: the world's faults are checked on the
sensor field, the players on mistakes the referee names, and the verdict on
games where the board is made to get things wrong on purpose (tests/sim_plugins.py)
or cannot know better (a move on dead sensors). The referee's own figures are
the campaign's (tools/bench faults, tests/test_fault_campaign.py)."""

import json
import os
import subprocess
import sys
import tempfile
from argparse import Namespace
from pathlib import Path

import pytest

from conftest import DATA, MP, REPO, run_micropython
from goboard.sim import faults as simfaults
from goboard.paths import BOARDS
from goboard.sim.run import run_job, simulate
from goboard.sim.script import parse_script
from goboard.errors import UserError
from sim_rig import flickering_game, kinds, play, script, sim

ROOT = REPO
GAME = str(DATA / "sim_gnugo_19.sgf")
SEED = int(os.environ.get("GOBOARD_SIM_FAULT_SEED", "5"))


# --- the world's faults on the sensor field ----------------------------------------
def test_fault_models_write_the_field_as_they_say_under_both_interpreters():
    for out in (subprocess.run([sys.executable, str(MP / "sim_fault_checks.py")], cwd=str(ROOT),
                               capture_output=True, text=True, check=True,
                               env=dict(os.environ, PYTHONPATH=str(ROOT / "firmware"))).stdout,
                run_micropython(str(MP / "sim_fault_checks.py"))):
        print(out)
        assert out.strip().endswith("ok")
        assert "flicker 2" in out and "two stones gap 8" in out and "two hands together" in out


# --- the script's new verbs ---------------------------------------------------------------
def test_fault_verbs_parse_and_bad_ones_are_one_line():
    acts = parse_script("flicker aa 2000\nflicker bb 300 w\ndrift cc -150 4000\ndrift dd 90\n"
                        "stuck ee\nnoise 1500\nnoise 800 30\ntwo B cc W gg 40\nfault knock\n"
                        "fault two-stones 0 2\n", 9)
    assert acts == [["flicker", "aa", 2000], ["flicker", "bb", 300, "W"],
                    ["drift", "cc", -150, 4000], ["drift", "dd", 90], ["stuck", "ee"],
                    ["noise", 1500], ["noise", 800, 30], ["two", "B", "cc", "W", "gg", 40],
                    ["fault", "knock"], ["fault", "two-stones", 0, 2]]
    for bad, word in (("flicker aa\n", "takes"), ("flicker zz 100\n", "not a point"),
                      ("drift cc up\n", "not a number"), ("stuck\n", "takes"),
                      ("two B cc X gg\n", "colour"), ("fault sneeze\n", "unknown fault"),
                      ("noise -5\n", "out of range")):
        with pytest.raises(UserError) as e:
            parse_script(bad, 9)
        assert word in str(e.value) and "line 1" in str(e.value), (bad, str(e.value))


def test_tempo_and_faults_are_for_sgf_and_checked(tmp_path):
    s = tmp_path / "s.txt"
    s.write_text("place B cc\n")
    g = tmp_path / "g.sgf"
    g.write_text("(;GM[1]SZ[9];B[cc];W[gg])")
    goboard = str(Path(sys.executable).parent / "goboard")
    for path, extra, word in ((s, ["--tempo", "0"], "script"), (s, ["--faults", "2"], "script"),
                              (g, ["--fault-kinds", "knock,sneeze"], "sneeze"),
                              (g, ["--faults", "-1"], "--faults")):
        proc = subprocess.run([goboard, "sim", str(path), "--json"] + extra, capture_output=True,
                              text=True, timeout=120)
        assert proc.returncode == 2 and word in proc.stderr, (extra, proc.stderr)
        assert len(proc.stderr.strip().splitlines()) == 1 and "Traceback" not in proc.stderr


# --- players who behave like people ---------------------------------------------------------
def verdict_of(lines, seed=1, noise=1):
    out = sim(script(*lines), seed=seed, noise=noise, players=True)
    return out, out["verdict"]


def test_a_knocked_stone_is_put_back_when_the_board_names_it():
    lines = play("B cc,W gg,B cg") + ["fault knock", "knock cc", "wait 300", "place W gc",
                                      "wait 300"]
    out, v = verdict_of(lines)
    il = kinds(out, "illegal")
    assert [(e["code"], e["point"]) for e in il] == [("knocked", "cc")]
    fixes = [f for f in out["fixes"] if f["type"] == "fix"]
    assert [f["actions"] for f in fixes] == [[["place", "B", "cc", "fix"]]]
    assert v["false"] == [] and v["lost"] == [] and v["jams"] == [] and v["stopped"] is None
    assert out["moves"] == ["cc", "gg", "cg", "gc"] == [m[1] for m in out["truth"]["moves"]]
    # a mistake was on the board when the board spoke: not a jam
    assert out["truth"]["episodes"][0]["mistake"] == ["cc"]
    # recovered once the stone was back: the players' delay plus the board's look
    rec = v["faults"][0]
    assert rec["kind"] == "knock" and 500 <= rec["recovery_ms"] <= 4000, rec


def test_a_slid_stone_is_slid_back_and_a_lost_capture_goes_back():
    lines = play("B cc,W gg,B cg,W gc") + ["fault slide", "slide cc dc", "wait 400",
                                           "place B ee", "wait 300"]
    out, v = verdict_of(lines, seed=2)
    assert [(e["code"], e["point"], e.get("to")) for e in kinds(out, "illegal")] == \
        [("slid", "cc", "dc")]
    assert [f["actions"] for f in out["fixes"]] == [[["slide", "dc", "cc"]]]
    assert v["jams"] == [] and v["false"] == [] and v["lost"] == []
    assert out["moves"] == ["cc", "gg", "cg", "gc", "ee"]
    assert v["faults"][0]["recovery_ms"] is not None


def test_a_stone_played_out_of_turn_is_taken_off_and_play_goes_on():
    # the hand puts a second black stone: its own mistake, named, taken off
    lines = play("B cc") + ["place B ee", "wait 300", "place W gg", "wait 300"]
    out, v = verdict_of(lines, seed=3)
    assert [(e["code"], e["point"]) for e in kinds(out, "illegal")] == [("extra-stone", "ee")]
    assert out["truth"]["attempts"] == [[out["truth"]["attempts"][0][0], "B", "ee",
                                         "not-your-turn"]]
    assert v["jams"] == [] and v["false"] == [] and v["lost"] == []
    assert [f["actions"] for f in out["fixes"]] == [[["lift", "ee", "bowl"]]]
    assert out["moves"] == ["cc", "gg"]


# --- the verdict catches what the board gets wrong -------------------------------------------
def rigged(lines, rig, size=9, seed=1):
    """A script with players on a board the rig (tests/sim_plugins.py) makes err."""
    with tempfile.TemporaryDirectory() as tmp:
        job = {"profile": str(BOARDS / ("sim-%d.json" % size)), "rules": "chinese", "seed": seed,
               "noise": 1, "actions": parse_script(script(*lines), size), "dir": tmp,
               "players": True, "plugins": [["sim_plugins", rig]], "plugin_path": str(MP)}
        events, notes, summary = run_job(job)
    out = {"events": events, "summary": summary, "notes": notes}
    return out, simfaults.verdict(out)


def test_the_verdict_catches_a_move_nobody_played():
    out, v = rigged(play("B cc,W gg") + ["wait 1000", "place B cg", "wait 300"],
                    {"kind": "false-move", "point": "aa", "at_ms": 1500})
    print(json.dumps(v)[:600])
    assert [e["move"] for e in v["false"]] == [["B", "aa"]] and v["false"][0]["number"] == 3
    # the hands played on; whatever the board made of the real move, the record
    # holds the false one, and no hand ever put a stone on aa
    assert all(m[1] != "aa" for m in out["summary"]["truth"]["moves"])
    assert v["played"] >= 2 and ["B", "aa"] in out["summary"]["moves"]


def test_the_verdict_catches_a_jam_no_mistake_caused():
    # the alarm comes while the board is quiet (white's move is taken at ~900 ms,
    # black's hand only starts after the 250 ms wait)
    out, v = rigged(play("B cc,W gg,B cg,W gc"), {"kind": "fake-alarm", "point": "ee",
                                                  "at_ms": 1000})
    assert len(v["jams"]) == 1
    j = v["jams"][0]
    assert j["code"] == "extra-stone" and j["point"] == "ee" and j["mistake"] == []
    assert j["stuck"] and v["stopped"]       # nothing a player could do: play stopped
    stuck = [n for n in out["notes"] if n.get("type") == "stuck"]
    assert len(stuck) == 1 and "ee" in stuck[0]["why"]
    assert v["played"] < 4                    # the game did not go on


def test_the_verdict_catches_a_move_played_on_dead_sensors():
    # two dead sensors: a stone on one of them is unseen and the bowls cannot
    # say which; the last move is played there and never recorded
    lines = play("B cc,W gg") + ["dead ee", "dead ff", "wait 300", "place B ee", "wait 1500"]
    out, v = verdict_of(lines)
    assert [e["move"] for e in v["lost"]] == [["B", "ee"]] and v["false"] == []
    assert v["played"] == 3 and v["recorded"] == 2


def test_alignment_counts_each_error_once():
    def out(truth, board):
        return {"events": [], "summary": {"moves": board, "truth": {
            "moves": truth, "released": [100 * k for k in range(len(truth))], "faults": [],
            "episodes": [], "stopped": None, "attempts": [], "mistake": []}}}
    T = [["B", "aa"], ["W", "bb"], ["B", "cc"], ["W", "dd"], ["B", ""], ["W", ""]]
    v = simfaults.verdict(out(T, T))
    assert v["false"] == v["lost"] == [] and v["played"] == v["recorded"] == 6
    # one inserted (a move nobody played, the rest shifted), one dropped, one changed
    v = simfaults.verdict(out(T, T[:2] + [["B", "ee"]] + T[2:]))
    assert [e["move"] for e in v["false"]] == [["B", "ee"]] and v["lost"] == []
    v = simfaults.verdict(out(T, T[:1] + T[2:]))
    assert [e["move"] for e in v["lost"]] == [["W", "bb"]] and v["false"] == []
    v = simfaults.verdict(out(T, T[:3] + [["W", "de"]] + T[4:]))
    assert [e["move"] for e in v["lost"]] == [["W", "dd"]]
    assert [e["move"] for e in v["false"]] == [["W", "de"]]
    # the same point played twice (a ko) aligns by order, not by name
    K = [["B", "aa"], ["W", "bb"], ["B", "aa"], ["W", "bb"]]
    v = simfaults.verdict(out(K, K[:2] + K[3:]))
    assert len(v["lost"]) == 1 and v["false"] == []


def test_an_error_soon_after_another_shares_its_cause():
    T = [["B", "aa"], ["W", "bb"], ["B", "cc"], ["W", "dd"]]
    ep = {"t": 3500, "code": "unseen", "point": "dd", "mistake": [], "acted": 0, "end": None,
          "stuck": "no fix", "text": "the sensor under ff is dead"}
    # (a question about dead sensors, over with nobody acting, is a question asked:
    # the alarm here is a mismatch said and gone)
    alarm = {"t": 1500, "code": "mismatch", "point": "bb", "mistake": [], "acted": 0,
             "end": 1600, "text": "the board is not the game at bb"}
    out = {"events": [], "summary": {"moves": T[:2], "truth": {
        "moves": T, "released": [1000, 2000, 3000, 60000], "episodes": [alarm, ep],
        "stopped": "no fix",
        "attempts": [], "mistake": [],
        "faults": [{"kind": "dead", "t0": 10, "end": 10, "point": "cc", "rec": 20}]}}}
    v = simfaults.verdict(out)
    assert [(e["move"][1], e["fault"]) for e in v["lost"]] == [("cc", "dead"), ("dd", "none")]
    assert [(j["point"], j["fault"]) for j in v["jams"]] == [("dd", "dead")]
    assert [(j["point"], j["fault"]) for j in v["false_alarms"]] == [("bb", "dead")]
    assert v["faults"] == [{"kind": "dead", "t0": 10, "recovery_ms": 10}]


def test_resume_order_is_a_question_only_when_the_board_could_not_know_the_order():
    """White's stone lands 10 ms before the cut (never taken), black's and white's
    while the board is off: two white stones the board never saw arrive, so its
    `resume-order` is a question answered, not a jam. One stone a side is no
    such excuse, nor a stone the board had taken before the cut."""
    T = [["B", "aa"], ["W", "bb"], ["B", "cc"], ["W", "dd"]]

    def out(stones, seen_bb):
        ep = {"t": 2300, "code": "resume-order", "point": "cc", "mistake": [], "acted": 1,
              "end": 4000, "text": ""}
        events = [{"type": "move", "t": 100, "number": 1, "color": "B", "point": "aa"}]
        if seen_bb:
            events.append({"type": "move", "t": 1000, "number": 2, "color": "W", "point": "bb"})
        events.append({"type": "boot", "t": 2200})
        return {"events": events, "summary": {"moves": T, "outages": [[1100, 2000]], "truth": {
            "moves": T, "released": [50, 990, 5000, 5500], "episodes": [ep], "stopped": None,
            "attempts": [], "mistake": [], "faults": [], "stones": stones}}}
    unseen = [[50, "B", "aa"], [990, "W", "bb"], [1500, "B", "cc"], [2100, "W", "dd"]]
    v = simfaults.verdict(out(unseen, seen_bb=False))
    assert v["jams"] == [] and [e["code"] for e in v["asked"]] == ["resume-order"]
    v = simfaults.verdict(out(unseen, seen_bb=True))       # bb was taken: one stone a side
    assert [e["code"] for e in v["jams"]] == ["resume-order"] and v["asked"] == []
    late = [[50, "B", "aa"], [990, "W", "bb"], [1500, "B", "cc"], [2300, "W", "dd"]]
    v = simfaults.verdict(out(late, seen_bb=True))         # dd after the board's first look
    assert [e["code"] for e in v["jams"]] == ["resume-order"]
    # the question about a dead sensor among those stones, answered, is asked too
    o = out(unseen, seen_bb=False)
    o["summary"]["truth"]["episodes"][0]["code"] = "unseen"
    v = simfaults.verdict(o)
    assert v["jams"] == [] and [e["code"] for e in v["asked"]] == ["unseen"]
    o = out(unseen, seen_bb=True)
    o["summary"]["truth"]["episodes"][0]["code"] = "unseen"
    assert [e["code"] for e in simfaults.verdict(o)["jams"]] == ["unseen"]
    # asked, unanswered, and over with nobody acting (the sensor read again and
    # the board took the move): a question, not a false alarm
    o["summary"]["truth"]["episodes"][0]["acted"] = 0
    v = simfaults.verdict(o)
    assert v["false_alarms"] == [] and [e["code"] for e in v["asked"]] == ["unseen"]
    o["summary"]["truth"]["episodes"][0]["code"] = "mismatch"
    assert [e["code"] for e in simfaults.verdict(o)["false_alarms"]] == ["mismatch"]


def test_a_dead_point_asked_about_after_two_stones_in_one_scan_is_a_question():
    """A stone of each side let go within a scan, a sensor dead since before:
    the board cannot tell whether the mover's move on the dead point came
    first, and asks (seeds 118142 g268, 638249 g162). The question answered
    with a stone lifted is a question asked, not a jam; the stones a second
    apart, or no sensor dead then, it is a jam."""
    T = [["B", "aa"], ["W", "bb"], ["B", "cc"], ["W", "dd"]]

    def verdict(stones, dead_t0=10):
        ep = {"t": 2100, "code": "unseen", "point": "cc", "mistake": [], "acted": 1,
              "end": 3000, "text": ""}
        out = {"events": [], "summary": {"moves": T, "scan_ms": 10, "truth": {
            "moves": T, "released": [50, 990, 2000, 2010], "episodes": [ep], "stopped": None,
            "attempts": [], "mistake": [], "stones": stones,
            "faults": [{"kind": "dead", "t0": dead_t0, "end": dead_t0, "point": "ff",
                        "rec": None}]}}}
        return simfaults.verdict(out)
    v = verdict([[50, "B", "aa"], [990, "W", "bb"], [2000, "W", "dd"], [2010, "B", "cc"]])
    assert v["jams"] == [] and [e["code"] for e in v["asked"]] == ["unseen"]
    v = verdict([[50, "B", "aa"], [990, "W", "bb"], [1000, "W", "dd"], [2010, "B", "cc"]])
    assert [e["code"] for e in v["jams"]] == ["unseen"] and v["asked"] == []
    v = verdict([[50, "B", "aa"], [990, "W", "bb"], [2000, "W", "dd"], [2010, "B", "cc"]],
                dead_t0=2050)
    assert [e["code"] for e in v["jams"]] == ["unseen"] and v["asked"] == []


def test_resume_order_is_a_question_when_a_stone_played_while_off_was_captured():
    """One stone a side while the board is off, the second taking the first: the
    board comes back to black's stone and an empty point, white's bowl a stone
    short and black's lid a stone over, which a white pass stone weighs too. No
    board can tell where white played: asking is right (seed 434437 game 256)."""
    T = [["B", "ab"], ["W", "aa"], ["B", "ba"], ["W", "dd"]]
    ep = {"t": 2300, "code": "resume-order", "point": "ba", "mistake": [], "acted": 1,
          "end": 4000, "text": ""}

    def out(stones):
        events = [{"type": "move", "t": 100, "number": 1, "color": "B", "point": "ab"},
                  {"type": "boot", "t": 2200}]
        return {"events": events, "rules": "aga", "size": 19, "summary": {
            "moves": T, "outages": [[1100, 2000]], "truth": {
                "moves": T, "released": [50, 1200, 1500, 5500], "episodes": [ep],
                "stopped": None, "attempts": [], "mistake": [], "faults": [],
                "stones": stones}}}
    v = simfaults.verdict(out([[50, "B", "ab"], [1200, "W", "aa"], [1500, "B", "ba"]]))
    assert v["jams"] == [] and [e["code"] for e in v["asked"]] == ["resume-order"]
    # white's stone elsewhere, not captured: the colours tell the order
    T[1] = ["W", "jj"]
    v = simfaults.verdict(out([[50, "B", "ab"], [1200, "W", "jj"], [1500, "B", "ba"]]))
    assert [e["code"] for e in v["jams"]] == ["resume-order"] and v["asked"] == []


def test_resume_order_is_a_question_when_a_pass_stone_was_handed_while_off():
    """Black's stone, white's, then black's pass stone into a lid, all while the
    board is off: the lid cannot say whether the pass came before the stones
    or after them (B pass, W, B fits as well), so naming them to be played
    again is a question (seed 17397 game 631). Without the pass stone, one
    stone a side is no such excuse."""
    T = [["B", "aa"], ["W", "bb"], ["B", "cc"], ["W", "dd"], ["B", ""], ["W", "ee"]]
    ep = {"t": 2300, "code": "resume-order", "point": "cc", "mistake": [], "acted": 1,
          "end": 4000, "text": ""}

    def out(stones):
        events = [{"type": "move", "t": 100, "number": 1, "color": "B", "point": "aa"},
                  {"type": "move", "t": 300, "number": 2, "color": "W", "point": "bb"},
                  {"type": "boot", "t": 2200}]
        return {"events": events, "rules": "aga", "size": 19, "summary": {
            "moves": T, "outages": [[1100, 2000]], "truth": {
                "moves": T, "released": [50, 250, 1200, 1500, 1800, 5500], "episodes": [ep],
                "stopped": None, "attempts": [], "mistake": [], "faults": [],
                "stones": stones}}}
    played = [[50, "B", "aa"], [250, "W", "bb"], [1200, "B", "cc"], [1500, "W", "dd"]]
    v = simfaults.verdict(out(played + [[1800, "B", ""]]))
    assert v["jams"] == [] and [e["code"] for e in v["asked"]] == ["resume-order"]
    v = simfaults.verdict(out(played))
    assert [e["code"] for e in v["jams"]] == ["resume-order"] and v["asked"] == []
    # handed after the board's first look, before the lid it went into was
    # weighed again (989068 g242): as unordered; after that weighing, not
    o = out(played + [[2250, "B", ""]])
    o["events"] += [{"type": "sensor-fault", "t": 2210},
                    {"type": "bowls", "t": 2240, "lidB": 0, "lidW": -1},
                    {"type": "bowls", "t": 2280, "lidB": 0, "lidW": 1}]
    o["summary"]["truth"]["episodes"][0]["t"] = 2300
    v = simfaults.verdict(o)
    assert v["jams"] == [] and [e["code"] for e in v["asked"]] == ["resume-order"]
    o["summary"]["truth"]["stones"][-1][0] = 2290
    o["events"][-1]["lidW"] = 0
    assert [e["code"] for e in simfaults.verdict(o)["jams"]] == ["resume-order"]


def test_resume_order_is_a_question_when_a_stone_came_after_on_a_dead_sensor():
    """White's cc and black's cd while the board is off; after its first look
    white plays ee on a dead sensor, then black's ff. When ee came no look
    could see: before cc as well as after it, so naming them to be played
    again is a question (649796 g156). On a live sensor, ee is seen arriving."""
    T = [["B", "aa"], ["W", "cc"], ["B", "cd"], ["W", "ee"], ["B", "ff"]]
    ep = {"t": 3000, "code": "resume-order", "point": "ff", "mistake": [], "acted": 1,
          "end": 4000, "text": ""}

    def out(dead):
        events = [{"type": "move", "t": 100, "number": 1, "color": "B", "point": "aa"},
                  {"type": "boot", "t": 2200}, {"type": "sensor-fault", "t": 2300}]
        return {"events": events, "rules": "aga", "size": 19, "summary": {
            "moves": T, "outages": [[1100, 2000]], "truth": {
                "moves": T, "released": [50, 1200, 1500, 2500, 2800], "episodes": [ep],
                "stopped": None, "attempts": [], "mistake": [],
                "faults": [{"kind": "dead", "t0": 500, "point": dead, "end": None,
                            "rec": None}],
                "stones": [[50, "B", "aa"], [1200, "W", "cc"], [1500, "B", "cd"],
                           [2500, "W", "ee"], [2800, "B", "ff"]]}}}
    v = simfaults.verdict(out("ee"))
    assert v["jams"] == [] and [e["code"] for e in v["asked"]] == ["resume-order"]
    v = simfaults.verdict(out("jj"))
    assert [e["code"] for e in v["jams"]] == ["resume-order"] and v["asked"] == []


def test_blame_goes_to_the_fault_on_that_point_then_the_latest():
    faults = [{"kind": "dead", "t0": 1000, "end": 1000, "point": "ee"},
              {"kind": "noise", "t0": 50000, "end": 52000, "point": None}]
    assert simfaults.blame(90000, ["ee"], faults, []) == ("dead", 1000)  # long after, same point
    assert simfaults.blame(90000, ["cc", "ee"], faults, []) == ("dead", 1000)
    assert simfaults.blame(60000, ["cc"], faults, []) == ("noise", 50000)
    assert simfaults.blame(80000, ["cc"], faults, []) == ("none", None)  # too long after
    assert simfaults.blame(80000, ["cc"], faults, [78000, 78200])[0] == "two-stones"
    assert simfaults.blame(80000, ["cc"], faults, [80000, 80200])[0] == "two-stones"
    assert simfaults.blame(80000, ["cc"], faults, [80000, 81000])[0] == "none"


# --- an SGF with tempo and faults --------------------------------------------------------------
def sgf(path, **kw):
    a = dict(rules=None, komi=None, handicap=None, seed=SEED, noise=1, size=None, profile=None,
             cut_after="", torn=False, log_dir=None, json=True, tempo=None, faults=0,
             fault_kinds=",".join(simfaults.CATALOGUE), players=False)
    a.update(kw)
    return simulate(path, Namespace(**a))


@pytest.fixture(scope="module")
def opening(tmp_path_factory):
    """The first 60 moves of the 218-move game (a short SGF for quick runs)."""
    text = open(GAME).read()
    head, moves = text.split(";B[", 1)
    nodes = (";B[" + moves).split(";")[1:61]
    p = tmp_path_factory.mktemp("sgf") / "opening.sgf"
    p.write_text(head + ";" + ";".join(nodes) + ")")
    return str(p)


def test_an_outage_waits_only_for_stones_the_record_still_has():
    """An outage lasts until so many stones are let go: near a record's end,
    where only passes (pressed, no stone let go) are left, it waited for ever
    and the board missed the count (campaign seed 553306, game 92)."""
    import random
    from goban.board import Board
    b = Board(19)
    for seed in range(40):
        acts, _ = simfaults.actions("outage", random.Random(seed), b, 1, "", ["", ""])
        assert acts[0][3] == 0 and acts[1][0] == "power-cut" and acts[1][2] == 0
        assert acts[1][1] > 0                       # off a while, then back
        acts, _ = simfaults.actions("outage", random.Random(seed), b, 1, "dd", ["dd", "", "ee"])
        assert 1 <= acts[0][3] <= 2 and acts[1][2] == acts[0][3]


def test_faults_are_seeded_drawn_from_the_kinds_and_counted(opening):
    print("seed", SEED)
    a = sgf(opening, faults=4, fault_kinds="knock,hover,noise,flicker")
    b = sgf(opening, faults=4, fault_kinds="knock,hover,noise,flicker")
    fa = [(f["kind"], f["t0"]) for f in a["verdict"]["faults"]]
    assert fa == [(f["kind"], f["t0"]) for f in b["verdict"]["faults"]]     # the seed decides
    assert a["events"] == b["events"]
    ran = [f["kind"] for f in a["verdict"]["faults"]]
    assert set(ran) <= {"knock", "hover", "noise", "flicker"}
    assert len(ran) == 4 or a["verdict"]["stopped"], ran
    # the hands' own noise is the same with or without faults: same moves, same first moves' times
    plain = sgf(opening)
    assert plain["verdict"]["faults"] == [] and plain["verdict"]["played"] == 60
    t_plain = plain["truth"]["released"][:3]
    first = min(f["t0"] for f in a["verdict"]["faults"])
    assert [t for t in a["truth"]["released"][:3] if t < first] == \
        [t for t in t_plain if t < first]


def test_tempo_sets_the_gap_between_one_stone_and_the_next_hand(opening):
    gaps = {}
    for tempo in (0, 2000):
        out = sgf(opening, tempo=tempo, noise=0)
        rel = out["truth"]["released"]
        gaps[tempo] = sorted(b - a for a, b in zip(rel, rel[1:]))
        print("tempo", tempo, "median gap", gaps[tempo][len(gaps[tempo]) // 2], "ms")
    # a move takes 80-190 ms from the hand starting to the stone let go
    assert gaps[0][len(gaps[0]) // 2] <= 200 and gaps[0][0] >= 80
    assert gaps[2000][0] >= 1000 + 80 and gaps[2000][-1] <= 3000 + 2000


def test_two_stones_in_a_window_land_together(opening):
    out = sgf(opening, faults=6, fault_kinds="two-stones")
    rel = out["truth"]["released"]
    f = out["verdict"]["faults"]
    assert f and all(x["kind"] == "two-stones" for x in f)
    # each such fault: two stones let go within a few scans of each other
    for x in f:
        after = [t for t in rel if t >= x["t0"]][:2]
        assert len(after) < 2 or after[1] - after[0] <= 200, (x, after)


# --- the issue's flicker, judged by the harness --------------------------------------------
@pytest.mark.parametrize("seed", [3, 5, 7])
def test_a_flickering_sensor_as_the_issue_describes(seed):
    """From the 61st move on, the point aa reads the black threshold ±6 at random
    (nobody plays aa in this 218-move game). Whatever the referee makes of it,
    the harness must call a recorded move on aa a false move (put down to the
    flicker), and a board that waits with nothing a player can do a jam, with no
    mistake of the hands. With the referee of issue 8, seeds 3 and 5 record
    `move B aa` (as move 79 and 115) and jam on the real move; seed 7 jams on an
    extra stone on aa."""
    events, summary, v = flickering_game(seed)
    on_aa = [e for e in events if e["type"] == "move" and e["point"] == "aa"]
    print("seed %d: %d moves played, %d recorded, moves on aa %s, false %d, lost %d, jams %s"
          % (seed, v["played"], v["recorded"], [e["number"] for e in on_aa], len(v["false"]),
             len(v["lost"]), [(j["code"], j["point"], j["mistake"]) for j in v["jams"]]))
    logged_aa = [m for m in summary["moves"] if m[1] == "aa"]
    assert [e["move"] for e in v["false"] if e["move"][1] == "aa"] == logged_aa
    assert all(e["fault"] == "flicker" for e in v["false"] if e["move"][1] == "aa")
    assert all(m[1] != "aa" for m in summary["truth"]["moves"])
    for j in v["jams"]:
        assert j["mistake"] == []          # the hands made no mistake in this game
    if v["stopped"]:
        assert v["jams"] and v["played"] < 218
    else:
        assert v["played"] == 218 and v["jams"] == []


def test_a_slide_drawn_while_the_board_is_off_is_not_done():
    """A stone played while the board is off and slid while it still is leaves
    nothing any board could sense (seed 299031 game 665: B cp slid to bp
    unseen, bp taken as the move): the campaign's slide or knock drawn then is
    not done. A slide once the board is back is, and named."""
    lines = play("B cc,W gg") + ["power-cut 1200", "place B cg", "place W gc", "fault slide",
                                 "slide cg dg", "wait 1500", "place B ee", "wait 300"]
    out, v = verdict_of(lines, seed=3)
    assert kinds(out, "illegal") == []
    assert v["false"] == [] and v["lost"] == [] and v["jams"] == []
    assert out["moves"] == ["cc", "gg", "cg", "gc", "ee"]
    lines = lines[:-2] + ["fault slide", "slide cg dg", "wait 600", "place B ee", "wait 300"]
    out, v = verdict_of(lines, seed=3)
    assert [(e["code"], e["point"], e.get("to")) for e in kinds(out, "illegal")] == \
        [("slid", "cg", "dg")]
    assert v["false"] == [] and v["lost"] == [] and v["jams"] == []
    assert out["moves"] == ["cc", "gg", "cg", "gc", "ee"]
