"""`goboard diag` on the simulated board (the firmware in the MicroPython unix
port, its hands following the board's lights): a board built with wiring
mistakes has each named with its fix, the specs drawn at random (seeded:
GOBOARD_DIAG_SEED; GOBOARD_DIAG_SIM_SPECS of them) besides the issue's own; and
the fix works: with its remap saved, a board wired wrong plays a game whose
record is the game played, while the same board without it does not."""

import json
import os
import random
import subprocess
import sys

import diag_rig as D
from goboard.diag import session as S
from goboard.diag.bringup import bring_up
from goboard.link.transport import HostLink
from goboard.sim.table import SimTable

GOBOARD = [sys.executable, "-m", "goboard", "diag"]
SEED = int(os.environ.get("GOBOARD_DIAG_SEED", "2022"))
SPECS = int(os.environ.get("GOBOARD_DIAG_SIM_SPECS", "3"))


def diag(*args, timeout=300):
    r = subprocess.run(GOBOARD + list(args), capture_output=True, text=True, timeout=timeout)
    assert "Traceback" not in r.stderr, r.stderr
    return r


def test_the_issue_s_examples_named_with_their_fix_as_json():
    spec = "swap:dd,de;inverted:qq;dead:aa;order:serpentine;mux2:2"
    r = diag("--sim", "--sim-wiring", spec, "--json", "--seed", "5", "--noise", "2")
    assert r.returncode == 0, r.stderr
    rep = json.loads(r.stdout)
    named = {(p["kind"], tuple(p["points"][:2])) for p in rep["problems"]}
    assert ("swapped-sensors", ("dd", "de")) in named
    assert ("inverted-sensor", ("qq",)) in named
    assert ("dead-sensor", ("aa",)) in named
    assert ("wrong-order", ()) in named
    mux = [p for p in rep["problems"] if p["kind"] == "dead-mux"]
    assert len(mux) == 1 and mux[0]["mux"] == "N1" and len(mux[0]["points"]) == 128
    assert len(rep["problems"]) == 5, [p["kind"] for p in rep["problems"]]
    assert all(p["fix"] for p in rep["problems"])
    assert rep["remap"]["saved"] and rep["wiring"]["order"] == "serpentine"
    assert rep["points"][0]["flags"] == ["dead"] and len(rep["points"]) == 361
    assert rep["board"]["serial"] == "SIM-DIAG" and rep["ok"] is False


def test_a_bad_spec_is_one_line():
    r = diag("--sim", "--sim-wiring", "swap:dd")
    assert r.returncode == 2
    assert r.stderr.strip().splitlines() == [
        "goboard diag: --sim-wiring: 'swap:dd': swap needs two points, like swap:dd,de"]


def test_random_specs_are_named_through_the_simulated_board():
    rng = random.Random(SEED)
    print("seed", SEED, "specs", SPECS)
    for k in range(SPECS):
        size = 9 if k < SPECS - 1 else 19
        spec, expected = D.random_spec(rng, size)
        noise = rng.randint(0, 3)
        print(size, noise, spec)
        r = diag("--sim", "--size", str(size), "--sim-wiring", spec, "--json",
                 "--seed", str(k + 1), "--noise", str(noise))
        assert r.returncode == 0, r.stderr
        rep = json.loads(r.stdout)
        missed, extra = D.matches(rep["problems"], expected)
        assert not missed, "%s: not named: %s" % (spec, missed)
        assert not extra, "%s: named though not made: %s" % (spec, [
            (p["kind"], p["points"][:4]) for p in extra])


MOVES = [("B", "cc"), ("W", "dd"), ("B", "de"), ("W", "ee"), ("B", "gc"), ("W", "cg"),
         ("B", "fe"), ("W", "ge")]


def play_after_bring_up(spec, save):
    """The moves of MOVES played by the simulated hands on a board wired as
    SPEC says, after a bring-up that saved its remap (or did not): the moves
    as the board's log holds them."""
    table = SimTable(9, "chinese", 3, 1, 0, 0.0, serial="SIM-PLAY", wiring=spec)
    try:
        link = HostLink(table.port, reconnect=False)
        link.open()
        link.hello(timeout=5.0, tries=10)
        ses = S.Session(link, S.SimPerson(table))
        info = ses.start()
        rep = bring_up(ses, info, frames=5, wait_s=3.0, save=save)
        ses.stop()
        link.close()
        for colour, pt in MOVES:
            table.hand(["play", colour, pt])
            table.hand(["wait", 600])
        summary = table.stop(timeout=120)
        return rep, summary
    finally:
        table.stop()


def test_a_board_wired_wrong_plays_right_with_its_remap_saved():
    spec = "order:serpentine;swap:cc,ee;inverted:de;sel1:0,2"
    rep, summary = play_after_bring_up(spec, True)
    kinds = sorted(p["kind"] for p in rep["problems"])
    assert kinds == ["inverted-sensor", "swapped-select-lines", "swapped-sensors",
                     "wrong-order"], kinds
    assert rep["remap"]["saved"]
    assert summary["moves"] == [list(m) for m in MOVES], summary["moves"]


def test_the_same_board_without_its_remap_does_not():
    spec = "order:serpentine;swap:cc,ee;inverted:de;sel1:0,2"
    rep, summary = play_after_bring_up(spec, False)
    assert not rep["remap"]["saved"]
    assert summary["moves"] != [list(m) for m in MOVES]


def test_scales_and_parts_on_a_board_with_their_own_mistakes():
    """A load cell 10% light, 150 g on white's bowl, pass and undo on each
    other's inputs, the light chain laid row by row: each named, the scales
    calibrated and saved, one stone into each scale and out reads one."""
    r = diag("--sim", "--size", "9", "--no-walk", "--scales", "--test", "all", "--json",
             "--sim-wiring", "scale:B*0.9;tare:W+150;buttons:pass,undo;lights:rows")
    assert r.returncode == 0, r.stderr
    rep = json.loads(r.stdout)
    named = sorted((p["kind"], p.get("scale") or p.get("button") or p.get("order"))
                   for p in rep["problems"])
    assert named == [("button-wrong", "pass"), ("button-wrong", "undo"),
                     ("lights-order", "rows"), ("scale-gain", "B"), ("scale-tare", "W")], named
    sc = rep["scales"]
    assert sc["saved"] and all(c["ok"] for c in sc["checks"].values()), sc["checks"]
    assert 370 < sc["figures"]["B"]["counts_per_g"] < 386
    assert 415 < sc["figures"]["W"]["counts_per_g"] < 425
    assert {p: len(t["wrong"]) for p, t in rep["tests"].items()} == {
        "lights": 4, "display": 0, "buzzer": 0, "buttons": 2}


def test_an_ok_wired_wrong_still_answers_the_other_parts_tests():
    """ok and undo on each other's inputs, the lights asked before the buttons:
    the buttons are tested first, and from then on the button that reads as
    undo when ok is pressed is the yes (without that, every later step read
    as no: 23 lights and 6 sounds "wrong" on a board whose only fault is two
    buttons)."""
    r = diag("--sim", "--size", "9", "--no-walk", "--test", "lights,display,buzzer,buttons",
             "--json", "--sim-wiring", "buttons:ok,undo")
    assert r.returncode == 0, r.stderr
    rep = json.loads(r.stdout)
    assert sorted((p["kind"], p["button"], p["got"]) for p in rep["problems"]) == [
        ("button-wrong", "ok", "undo"), ("button-wrong", "undo", "ok")]
    assert list(rep["tests"]) == ["buttons", "lights", "display", "buzzer"]
    assert {p: len(t["wrong"]) for p, t in rep["tests"].items()} == {
        "buttons": 2, "lights": 0, "display": 0, "buzzer": 0}


def test_parts_that_never_answer_are_named():
    """A display and a button expander silent on I2C (the drivers' self-tests)
    and white's lid whose HX711 sends nothing (no reading in the frames)."""
    r = diag("--sim", "--size", "9", "--no-walk", "--json",
             "--sim-wiring", "silent:display;silent:buttons;silent:lidW")
    assert r.returncode == 0, r.stderr
    rep = json.loads(r.stdout)
    assert sorted((p["kind"], p["part"]) for p in rep["problems"]) == [
        ("part-silent", "buttons"), ("part-silent", "display"), ("part-silent", "lidW")]
    assert "0x3C" in [p for p in rep["problems"] if p["part"] == "display"][0]["fix"]


def test_the_live_map_shows_a_stone_as_it_comes():
    """`--watch`'s frames: the board as it plays (frame order, not in diag);
    a black stone put on cc reads some 600 counts over cc's first reading and
    the map draws it at the top of its scale."""
    from goboard.diag import report as R
    table = SimTable(9, "chinese", 4, 1, 0, 0.0, serial="SIM-WATCH")
    try:
        link = HostLink(table.port, reconnect=False)
        link.open()
        link.hello(timeout=5.0, tries=10)
        ses = S.Session(link, S.SimPerson(table))
        first = ses.frames(3, wired=False)
        base = [sorted(f[i] for f in first)[1] for i in range(81)]
        table.hand(["place", "B", "cc"])
        seen = []

        def on_frame(readings, m):
            seen.append(readings[20] - base[20])
            return seen[-1] < 500
        ses.watch(on_frame, seconds=20, every=100)
        assert seen and seen[-1] >= 500, seen[-5:]
        lines = R.live(ses.frames(1, wired=False)[0], base, 9, plain=True)
        assert lines[2 + 2].split()[1:][2] == "9"      # row 7 (cc), column C: the top
    finally:
        table.stop()
