"""A baseline followed in RAM survives a power cut through the game log (issue 19:
the drift lost at a cut, read at the restart as a stone nobody played):
tests/mp/drift_cuts.py in the board loop under MicroPython and CPython alike."""

from array import array

from conftest import REPO
from crossport import loop_program_alike

from goban import profile as P
from goban.calibration import Calibration, C_MOVED
from goban import boardloop


def test_a_drift_logged_survives_a_cut(tmp_path):
    got = loop_program_alike("drift_cuts.py", tmp_path)
    drift, cut, again = got[0]["drift"], got[1]["cut"], got[2]["again"]
    # 1. followed most of the way, logged as it went, and never a move
    assert drift["followed"] >= 450, drift
    told = drift["told"]
    assert len(told) >= 3 and told == sorted(told), told
    assert 0 <= drift["followed"] - told[-1] < 75, drift      # short of the grey band
    assert drift["moves"] == [[1, "ee"], [2, "fe"]] and drift["said"] == ["move", "move"]
    # 2. the restart takes the logged baseline: the point reads empty, black's
    # stone at ff is move 3, nothing is announced
    a = cut["after"]
    assert a["how"] == "resumed" and a["resumed"] == told[-1]
    assert a["moves"] == [[1, "ee"], [2, "fe"], [3, "ff"]] and a["said"] == ["move"]
    # without the log's baseline events the drifted point is a move nobody played
    b = cut["bare"]
    assert b["resumed"] == 0 and [3, "ea"] in b["moves"], b
    # 3. the new game logs the baseline again; its cut comes back with ea empty
    assert again["told"] == [told[-1]] and again["how"] == "resumed"
    assert again["resumed"] == told[-1]
    assert again["moves"] == [[1, "dd"]] and again["said"] == []


def _cal():
    prof = P.load(str(REPO / "boards" / "sim-9.json"))
    cal = Calibration(9, prof)
    raw = array("H", [2048] * 81)
    cal.retake(raw)
    return cal, raw


def test_what_the_calibration_says_is_to_log(tmp_path):
    """follow_drift names a baseline C_UNIT from its logged one, whichever way it
    moved; `told` settles it; a save makes every baseline the logged one again;
    `retell` names again only what was told since flash was written."""
    assert boardloop._C_MOVED == C_MOVED
    cal, raw = _cal()
    cells = bytearray(81)
    every = cal.cfg[6]

    def period():
        for _ in range(every):
            cal.follow_drift(raw, cells)
        return (cal.cfg[C_MOVED] - 1)

    assert period() == -1
    cal.rebase(7, 2048 + 40)         # a stone lifted off a drifted sensor: 40 counts
    assert period() == -1            # (short of 48: not yet)
    cal.rebase(7, 2048 + 64)
    assert period() == 7
    cal.told(7)
    assert (cal.cfg[C_MOVED] - 1) == -1 and period() == -1
    while period() != 9:             # a sensor walking a count a period, followed
        raw[9] += 1
        assert raw[9] < 2048 + 200
    assert 48 <= cal.baseline(9) - 2048 < 64, cal.baseline(9)
    cal.told(9)
    cal.retell()
    found = set()
    for _ in range(3):
        i = period()
        if i >= 0:
            found.add(i)
            cal.told(i)
    assert found == {7, 9}
    cal.save(str(tmp_path / "cal.bin"))
    cal.retell()
    assert period() == -1            # nothing told since the save
    cal.load(str(tmp_path / "cal.bin"))
    assert cal.baseline(7) == 2048 + 64 and period() == -1
