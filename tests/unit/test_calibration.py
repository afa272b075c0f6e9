"""Calibration: classify (the viper pass, here as plain Python under CPython;
the same checks run under MicroPython's viper in test_drivers_sim), baseline
retake, polarity, drift following, faults, and the file on flash."""

import os
import random
from array import array

import pytest

from conftest import BOARDS
from goban import profile
from goban.calibration import Calibration, CalibrationError, EMPTY, BLACK, WHITE, FAULT, LOGGED, TOLD
from goban.hw.sim import SimMatrix

SEED = int(os.environ.get("GOBAN_TEST_SEED", "20240601"))


def base(cal, i):
    """Point i's baseline, Q4 (what a `baseline` event logs)."""
    return cal.state[i] & 0xFFFF


def prof(name="sim-19", **thr):
    p = profile.load(os.path.join(BOARDS, name + ".json"))
    p.thresholds.update(thr)
    return p


def setup(name="sim-19", noise=0, **thr):
    p = prof(name, **thr)
    m = SimMatrix(p.size, offset_spread=120, stone_counts=600, noise=noise, seed=7)
    cal = Calibration(p.size, p)
    raw = array("H", [0] * (p.size * p.size))
    m.scan(raw)
    assert cal.retake(raw) == 0
    return p, m, cal, raw


def test_classify_matches_a_reference_on_random_positions():
    rng = random.Random(SEED)
    print("seed", SEED)
    p, m, cal, raw = setup(noise=4)
    n = p.size * p.size
    cells = bytearray(n)
    for _ in range(20):
        want = bytearray(rng.choice((0, 0, 1, 2)) for _ in range(n))
        m.clear()
        for i in range(n):
            if want[i]:
                m.put(i, want[i], strength=rng.randint(60, 140))
        m.scan(raw)
        stones = cal.classify(raw, cells)
        assert cells == want
        assert stones == sum(1 for c in want if c)


def test_a_stone_enters_well_past_the_threshold_and_leaves_below_it():
    """Hysteresis: an empty point needs 150% of the threshold to become a stone
    (evidence, not a reading at the threshold); a stone stays one down to it."""
    p, m, cal, raw = setup(black=150, white=150)
    cells = bytearray(361)
    i = 40
    b = cal.baseline(i)
    steps = ((151, EMPTY), (225, EMPTY), (226, BLACK), (160, BLACK), (151, BLACK),
             (150, EMPTY), (200, EMPTY), (0, EMPTY),
             (-225, EMPTY), (-226, WHITE), (-151, WHITE), (-150, EMPTY), (0, EMPTY))
    for delta, want in steps:
        raw[i] = b + delta
        cal.classify(raw, cells)
        assert cells[i] == want, delta
    # the same absolute reading on another point with another baseline
    j = max(range(361), key=lambda k: abs(cal.baseline(k) - b))
    raw[i] = b
    raw[j] = b
    cells = bytearray(361)
    cal.classify(raw, cells)
    assert cells[i] == EMPTY
    assert cells[j] == (EMPTY if abs(cal.baseline(j) - b) <= 225 else
                        (BLACK if b > cal.baseline(j) else WHITE))


def test_a_profile_sets_the_enter_level():
    p, m, cal, raw = setup(black=100, white=100, enter=300)
    cells = bytearray(361)
    b = cal.baseline(7)
    for delta, want in ((299, EMPTY), (301, BLACK), (101, BLACK), (100, EMPTY)):
        raw[7] = b + delta
        cal.classify(raw, cells)
        assert cells[7] == want, delta


def test_a_sensor_reading_around_its_threshold_is_flagged_unstable_then_cleared(tmp_path):
    """The issue's marginal sensor: threshold ±6 at random is never a stone; it is
    flagged (4) within about unstable scans, its baseline learned while flagged,
    and cleared once it reads steadily; a stone placed (two grey scans on the way
    down) or a hand passing never comes near the flag."""
    rng = random.Random(SEED)
    p, m, cal, raw = setup(black=150, white=150, unstable=60)
    cells = bytearray(361)
    i, j = 100, 200
    bi, bj = cal.baseline(i), cal.baseline(j)
    seen = []
    for scan in range(400):
        raw[i] = bi + 150 + rng.randint(-6, 6)
        raw[j] = bj + (120 if scan % 40 in (0, 1) else 0)   # a stone coming down, often
        cal.classify(raw, cells)
        cal.follow_drift(raw, cells)
        seen.append(cells[i])
        assert cells[j] == EMPTY
        assert not cal.unstable(j)
    assert BLACK not in seen and WHITE not in seen
    first = seen.index(4)
    assert 55 <= first <= 65, first
    # flagged, its baseline walked toward the steady offset, and it cleared
    assert cal.baseline(i) > bi + 50
    steady = [k for k, v in enumerate(seen) if k > first and v == EMPTY]
    assert steady, "never cleared"
    # saved without the flag (a restart looks afresh)
    cal.state[i] |= 0x100000
    assert cal.unstable(i)
    cal.save(str(tmp_path / "cal.bin"))
    again = Calibration(19, p)
    again.load(str(tmp_path / "cal.bin"))
    assert not any(again.unstable(k) for k in range(361))
    assert again.baseline(i) == cal.baseline(i)


def test_a_stone_on_an_unstable_point_is_not_followed_away():
    p, m, cal, raw = setup(black=150, white=150, unstable=20)
    cells = bytearray(361)
    i = 50
    b = cal.baseline(i)
    for _ in range(60):
        raw[i] = b + 160
        cal.classify(raw, cells)
    assert cells[i] == 4
    for _ in range(2000):
        raw[i] = b + 600
        cal.classify(raw, cells)
        cal.follow_drift(raw, cells)
    assert cal.baseline(i) - b < 200
    assert cells[i] == BLACK


def test_polarity_profile_and_learned_per_point():
    p = prof("sim-9")
    p.data["polarity"] = -1
    p.polarity = -1
    m = SimMatrix(9, polarity=-1)
    cal = Calibration(9, p)
    raw = array("H", [0] * 81)
    m.scan(raw)
    cal.retake(raw)
    m.put(3, BLACK)
    m.put(4, WHITE)
    m.scan(raw)
    cells = bytearray(81)
    cal.classify(raw, cells)
    assert (cells[3], cells[4]) == (BLACK, WHITE)
    # one sensor mounted the other way: black reads as white until learned
    m.base[5] = 2048
    m.field[5] = 2048 + 600  # a black stone on an inverted sensor
    m.scan(raw)
    cal.classify(raw, cells)
    assert cells[5] == WHITE
    assert cal.learn(raw, 5, BLACK) is True
    cal.classify(raw, cells)
    assert cells[5] == BLACK and cal.inverted(5) is False
    raw[6] = cal.baseline(6) + 10  # too weak to tell
    assert cal.learn(raw, 6, BLACK) is False
    # retake keeps learned polarity
    m.clear()
    m.scan(raw)
    cal.retake(raw)
    assert cal.inverted(3) and not cal.inverted(5)


def test_faults_dead_stuck_marked_and_rails():
    p = prof("sim-9")
    cal = Calibration(9, p)
    raw = array("H", [2048] * 81)
    raw[0] = 0  # open sensor
    raw[1] = 4095  # shorted
    raw[2] = 2048 + 700  # a stone left on the board during retake
    assert cal.retake(raw) == 3
    assert cal.faults() == [(0, "dead"), (1, "dead"), (2, "stuck")]
    cells = bytearray(81)
    raw[0] = raw[1] = raw[2] = 2048
    raw[9] = 10  # at a rail now: fault, not a stone
    cal.classify(raw, cells)
    assert list(cells[:3]) == [FAULT] * 3 and cells[9] == FAULT and cells[10] == EMPTY
    cal.mark_fault(10)
    cal.classify(raw, cells)
    assert cells[10] == FAULT and (10, "marked") in cal.faults()
    cal.clear_fault(10)
    cal.classify(raw, cells)
    assert cells[10] == EMPTY
    raw[0] = 2048
    cal.retake(array("H", [2048] * 81))
    assert cal.faults() == []


def test_drift_is_followed_slowly_and_only_on_empty_quiet_points():
    p, m, cal, raw = setup("sim-9", drift_band=40, drift_every=1)
    cells = bytearray(81)
    b0 = cal.baseline(0)
    m.put(1, BLACK)
    for i in range(81):  # temperature: every sensor drifts 30 counts
        m.base[i] += 30
        if i != 1:
            m.field[i] = m.base[i]
    b1 = cal.baseline(1)
    m.scan(raw)
    cal.classify(raw, cells)
    assert cal.follow_drift(raw, cells) == 80  # all but the stone
    assert 0 < cal.baseline(0) - b0 < 5  # slowly: a few counts per step at most
    for _ in range(200):
        cal.classify(raw, cells)
        cal.follow_drift(raw, cells)
    assert cal.baseline(0) == b0 + 30
    assert cal.baseline(1) == b1  # under a stone: untouched
    # a reading beyond the band (a stone approaching) is not followed
    raw[2] = cal.baseline(2) + 100
    before = cal.baseline(2)
    for _ in range(50):
        cal.classify(raw, cells)
        cal.follow_drift(raw, cells)
    assert cal.baseline(2) == before


def test_drift_every_n_frames():
    p, m, cal, raw = setup("sim-9", drift_band=40, drift_every=10)
    cells = bytearray(81)
    raw[0] = cal.baseline(0) + 20
    cal.classify(raw, cells)
    moved = [cal.follow_drift(raw, cells) for _ in range(30)]
    assert [i for i, n in enumerate(moved) if n] == [9, 19, 29]


def test_save_load_roundtrip_and_damage(tmp_path):
    p, m, cal, raw = setup("sim-9")
    cal.learn  # noqa
    cal.mark_fault(7)
    path = str(tmp_path / "cal.bin")
    cal.save(path)
    other = Calibration(9, prof("sim-9"))
    other.load(path)
    assert list(other.state) == list(cal.state) and other.taken
    # what the game log was told (bits 21..29) stays out of the file: loaded,
    # every baseline is logged as it is (on flash), none told
    cal.state[3] = (cal.state[3] & ~LOGGED) | TOLD | (5 << 21)
    cal.save(path)
    other.load(path)
    assert [w & 0xFFFFF for w in other.state] == [w & 0xFFFFF for w in cal.state]
    assert other.state[3] >> 21 == (other.state[3] & 0xFFFF) >> 8
    data = bytearray(open(path, "rb").read())
    data[20] ^= 0x40
    open(path, "wb").write(bytes(data))
    fresh = Calibration(9, prof("sim-9"))
    before = list(fresh.state)
    with pytest.raises(CalibrationError, match="damaged"):
        fresh.load(path)
    assert list(fresh.state) == before
    with pytest.raises(CalibrationError, match="no calibration saved"):
        fresh.load(str(tmp_path / "none.bin"))
    cal.save(path)
    with pytest.raises(CalibrationError, match="size 9, not 19"):
        Calibration(19, prof("sim-19")).load(path)
