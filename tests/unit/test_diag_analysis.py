"""goboard diag's analysis (goboard.diag.analysis) on boards built with wiring
mistakes (tools/sim/wiring.py), the board's wiring check played in CPython
(tests/diag_rig.py): every mistake named with its fix, nothing named that was
not made, and the remap it works out makes every point read its own stone
through the firmware's own calibration. The specs are drawn at random (seeded:
GOBOARD_DIAG_SEED; GOBOARD_DIAG_SPECS of them), so the analysis is checked on
mistakes nobody wrote a case for; the issue's own examples come first."""

import os
import random
from array import array

import pytest

import diag_rig as D
from diag_rig import W
from goban.calibration import Calibration
from goban.diag import set_remap
from goban.hw.matrix import topology
from goban.points import frame_of_name
from goboard.diag import analysis as A

SEED = int(os.environ.get("GOBOARD_DIAG_SEED", "2022"))
SPECS = int(os.environ.get("GOBOARD_DIAG_SPECS", "12"))


def check_fixed(report, spec, size, extra):
    """The remap and flips saved, read through Calibration.classify: a stone on
    each point the board can still read shows on that point in its colour,
    and nowhere else. Returns how many points were checked."""
    prof, m, field, base = extra
    mistakes = W.parse(spec, size, topology(prof))
    broken = set()
    for kind, args in mistakes:
        if kind in ("dead", "stuck", "noisy"):
            broken.add(args[0])
    live = D.readable(prof, mistakes) - broken
    src = report["remap"]["src"]
    flip = bytearray(report["remap"]["flip"])
    m.by_channel()
    empty = array("H", bytes(2 * m.channels))
    m.scan(empty)
    cal = Calibration(size, prof)
    set_remap(cal, src, flip, empty)
    m.remap(cal.remap)
    n = size * size
    raw = array("H", bytes(2 * n))
    cells = bytearray(n)
    m.scan(raw)
    cal.classify(raw, cells)
    quiet = bytes(cells)
    assert all(c in (0, 3) for c in quiet), spec
    for p in sorted(live):
        colour = 1 + (p % 2)
        field[p] = base[p] + (600 if colour == 1 else -600)
        m.scan(raw)
        cells = bytearray(quiet)
        cal.classify(raw, cells)
        field[p] = base[p]
        wrong = [(i, cells[i]) for i in range(n) if cells[i] != (colour if i == p else quiet[i])]
        assert not wrong, "%s: a stone on %s reads %s" % (spec, D.point_name(p, size), wrong)
    return len(live)


@pytest.mark.parametrize("spec", ["swap:dd,de", "inverted:qq", "dead:aa", "order:serpentine",
                                  "mux2:3", "mux2:3;swap:dd,de;inverted:jj", "mux2:1"])
def test_the_issue_s_examples_are_named_and_fixed(spec):
    info, frames, walk, extra = D.walk(spec, 19)
    rep = A.analyse(info, frames, walk)
    kinds = [p["kind"] for p in rep["problems"]]
    want = {"swap": "swapped-sensors", "inverted": "inverted-sensor", "dead": "dead-sensor",
            "order": "wrong-order", "mux2": "dead-mux"}
    for part in spec.split(";"):
        assert want[part.split(":")[0]] in kinds, (spec, kinds)
    assert len(kinds) == len(spec.split(";")), (spec, kinds)
    for p in rep["problems"]:
        assert p["fix"] and p["kind"] in A.SEVERITY
    check_fixed(rep, spec, 19, extra)


def test_a_swap_with_one_side_behind_a_dead_mux_is_still_a_swap():
    """ee's sensor sits on ff's input, behind the dead 7th mux (M6): nothing is
    seen for ee, ff is seen on ee's input; the two are named as a swap, ee
    among the dead mux's points, and ee keeps the channel its sensor is on."""
    info, frames, walk, extra = D.walk("swap:ee,ff;mux1:7", 19)
    rep = A.analyse(info, frames, walk)
    named = {p["kind"]: p for p in rep["problems"]}
    assert sorted(named) == ["dead-mux", "swapped-sensors"]
    assert sorted(named["swapped-sensors"]["points"]) == ["ee", "ff"]
    assert "ee" in named["dead-mux"]["points"] and "ff" not in named["dead-mux"]["points"]
    assert rep["remap"]["src"][frame_of_name("ee", 19)] == 100     # ff's input, M6's
    assert rep["remap"]["src"][frame_of_name("ff", 19)] == 80


def test_a_board_wired_right_has_no_problem_and_no_remap():
    info, frames, walk, extra = D.walk("", 9)
    rep = A.analyse(info, frames, walk)
    assert rep["problems"] == []
    assert rep["remap"]["moved"] == 0
    assert rep["remap"]["src"] == [A.Topo.from_info(info).channel(p) for p in range(81)]


def test_random_specs_are_named_with_their_fix_and_the_remap_fixes_them():
    rng = random.Random(SEED)
    print("seed", SEED, "specs", SPECS)
    checked = 0
    for k in range(SPECS):
        size = rng.choice((9, 19, 19))
        spec, expected = D.random_spec(rng, size)
        print(size, spec)
        info, frames, walk, extra = D.walk(spec, size, seed=k)
        rep = A.analyse(info, frames, walk)
        missed, extra_found = D.matches(rep["problems"], expected)
        assert not missed, "%s: not named: %s (named: %s)" % (spec, missed, [
            (p["kind"], p["points"][:4]) for p in rep["problems"]])
        assert not extra_found, "%s: named though not made: %s" % (spec, [
            (p["kind"], p["points"][:4]) for p in extra_found])
        checked += check_fixed(rep, spec, size, extra)
    assert checked > SPECS * 40


def test_a_partial_walk_names_what_it_covers():
    """Rows 1-2 of a board wired serpentine with dd and de swapped: both seen."""
    info, frames, walk, extra = D.walk("order:serpentine;swap:ca,db", 19)
    rows = [e for e in walk if e["p"][1] in "abcd"]
    rep = A.analyse(info, frames, rows)
    kinds = sorted(p["kind"] for p in rep["problems"])
    assert kinds == ["swapped-sensors", "wrong-order"], kinds


@pytest.mark.parametrize("spec,row,named", [
    ("sel2:0,2", "q", ("swapped-select-lines", 2, [0, 2])),
    ("sel1:1,3", "c", ("swapped-select-lines", 1, [1, 3])),
    ("sel2:1,2;sel1:0,2", "j", None)])
def test_one_row_walked_names_crossed_select_lines_not_a_row_of_swaps(spec, row, named):
    """One row sees few select words, and several lines vary alike over them:
    the simplest crossing that explains every point seen is named (row 3, q:
    second-level words 3 and 4 read as 6 and 1, only S0/S2 crossed gives
    both), never nineteen swapped sensors."""
    info, frames, walk, extra = D.walk(spec, 19)
    rep = A.analyse(info, frames, [e for e in walk if e["p"][1] == row])
    kinds = [p["kind"] for p in rep["problems"]]
    assert "swapped-sensors" not in kinds and "crossed-wires" not in kinds, kinds
    if named is not None:
        got = [(p["kind"], p["level"], p["lines"]) for p in rep["problems"]]
        assert got == [named], got
    assert rep["remap"]["moved"] > 0


def test_the_points_come_worst_first_with_their_readings():
    info, frames, walk, extra = D.walk("dead:cc;noisy:ee;inverted:gg", 9)
    rep = A.analyse(info, frames, walk)
    pts = rep["points"]
    assert [e["point"] for e in pts[:3]] == ["cc", "ee", "gg"]
    assert pts[0]["flags"] == ["dead"] and pts[0]["baseline"] == 0
    assert pts[1]["flags"] == ["unstable"] and pts[1]["noise"] >= 40
    assert pts[2]["flags"] == ["inverted"] and pts[2]["polarity"] == "-"
    by = {e["point"]: e for e in pts}
    assert by["aa"]["polarity"] == "+" and by["ab"]["delta"] < 0 and by["aa"]["flags"] == []
    assert len(pts) == 81


def test_every_sensor_the_other_way_is_the_profile_s_polarity():
    info, frames, walk, extra = D.walk("", 9)
    for e in walk:
        e["d"] = -e["d"]
    rep = A.analyse(info, frames, walk)
    assert [p["kind"] for p in rep["problems"]] == ["polarity"]
    assert "\"polarity\" to -1" in rep["problems"][0]["fix"]
    assert sum(rep["remap"]["flip"]) == 81


@pytest.mark.parametrize("spec,words", [
    ("swap:dd", "swap needs two points"), ("inverted:zz", "no point of a 19x19"),
    ("mux2:4", "second-level mux must be 1..3 on this board (counted from 1)"),
    ("mux2:0", "must be 1..3"), ("mux1:25", "first-level mux must be 1..24"),
    ("order:spiral", "rows or serpentine"),
    ("sel1:0,0", "crossed with itself"), ("flip:dd", "unknown mistake 'flip'"),
    ("dd", "KIND:ARGS"), ("scale:Q*2", "scale is W*F")])
def test_a_bad_spec_is_one_line_naming_its_part(spec, words):
    prof = D.profile(19)
    with pytest.raises(W.SpecError) as e:
        W.parse(spec, 19, topology(prof))
    assert words in str(e.value) and "\n" not in str(e.value)


def test_the_walk_of_a_board_wired_right_sees_each_stone_on_its_own_channel():
    """The rig itself, checked: on a sim-9 board wired right (rows order),
    channel p is point p, black reads above its baseline and white below."""
    _, _, walk, _ = D.walk("", 9)
    assert [frame_of_name(e["p"], 9) for e in walk] == list(range(81))
    assert [e["w"] for e in walk] == list(range(81))
    assert all((e["d"] > 400) if e["c"] == "B" else (e["d"] < -400) for e in walk)
