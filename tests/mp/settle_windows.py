"""The settle windows case by case (tests/unit/test_settle.py), run by CPython and
the MicroPython unix port (viper, the heap locked over the frames) from the
repository: prints one line per case, its name and the scan (1-based) at which
the point's stable value became what the case waits for, or 0 if it never did."""

from array import array
from goban import profile as P
from goban.calibration import Calibration
from goban.settle import Settle, scans_for

try:
    import micropython
    lock, unlock = micropython.heap_lock, micropython.heap_unlock
except (ImportError, AttributeError):
    lock = unlock = lambda: None

prof = P.load("boards/sim-19.json")
N = 361
I = 100
FULL = scans_for(prof.settle_ms, prof.scan_ms)
FAST = scans_for(prof.settle_fast_ms, prof.scan_ms)


def board(fast=FAST):
    cal = Calibration(19, prof)
    raw = array("H", [2048] * N)
    cal.retake(raw)
    cells = bytearray(N)
    st = Settle(N, FULL, fast, cal.steady)
    return cal, raw, cells, st


def run(readings, want, fast=FAST, start=None):
    """Feed point I the readings (offsets from its baseline), one a scan; the
    scan at which its stable value became `want` (0: never)."""
    cal, raw, cells, st = board(fast)
    if start is not None:
        # a stone already there and stable
        for k in range(FULL + 2):
            raw[I] = 2048 + start
            cal.classify(raw, cells)
            st.update(cells)
    got = 0
    lock()
    try:
        k = 0
        for d in readings:
            raw[I] = 2048 + d
            cal.classify(raw, cells)
            st.update(cells, cal.changed())     # as the board loop does
            k += 1
            if got == 0 and st.stable[I] == want:
                got = k
    finally:
        unlock()
    return got


def jitter(base, amp, n, seed):
    out = []
    x = seed
    for k in range(n):
        x = (x * 1103515245 + 12345) & 0x7FFFFFFF
        out.append(base + (x >> 8) % (2 * amp + 1) - amp)
    return out


T = prof.thresholds["black"]
print("full", FULL, "fast", FAST, "steady", prof.thresholds["steady"], "strong",
      prof.thresholds["strong"])
# a placed stone: ~4x the threshold, sensor noise of a few counts
print("placed", run(jitter(4 * T, 6, 40, 1), 1))
print("placed_white", run(jitter(-4 * T, 6, 40, 2), 2))
print("placed_off", run(jitter(4 * T, 6, 40, 1), 1, fast=0))
# past the enter level but weak (2x: a stone a millimetre up, a weak magnet)
print("weak", run(jitter(2 * T, 6, 40, 3), 1))
# strong but moving more than the band each scan (a hand's tremor, a noise burst)
print("moving", run([4 * T + (60 if k % 2 else -60) for k in range(40)], 1))
# strong and steady for one scan less than the short window, then weak: a dip
print("dip", run([4 * T] * (FAST - 1) + [T // 2] * 30, 1))
# a stone sliding across the point: up and down by tens of counts a scan
print("slide", run([T * 2, T * 3, T * 7 // 2, T * 4, T * 7 // 2, T * 3, T * 2, T, 0]
                   + [0] * 30, 1))
# a stone lifted: leaving is never fast
print("lifted", run([0] * 40, 0, start=4 * T))
# steady, then one big jump: the run starts again
print("jump", run([4 * T] * (FAST - 1) + [3 * T + 30] + [3 * T + 30] * 30, 1))


def equivalent(seed, scans=600):
    """The loop's way (settle rests a scan when classify changed no cell and
    nothing was pending) against a full settle pass every scan, on a few points
    whose stones come and go with sensor noise: (scans that differ, rests)."""
    cal_a, raw_a, cells_a, st_a = board()
    cal_b, raw_b, cells_b, st_b = board()
    pts = [3, 50, 100, 101, 200, 360]
    level = [0] * len(pts)
    x = seed
    bad = 0
    rests = 0
    for k in range(scans):
        x = (x * 1103515245 + 12345) & 0x7FFFFFFF
        if (x >> 4) % 9 == 0:
            level[(x >> 8) % len(pts)] = ((x >> 12) % 5 - 2) * 2 * T
        for j in range(len(pts)):
            x = (x * 1103515245 + 12345) & 0x7FFFFFFF
            raw_a[pts[j]] = raw_b[pts[j]] = 2048 + level[j] + (x >> 8) % 13 - 6
        cal_a.classify(raw_a, cells_a)
        ra = st_a.update(cells_a)
        cal_b.classify(raw_b, cells_b)
        moved = cal_b.changed()
        rb = st_b.update(cells_b, moved)
        if moved == 0 and rb == 0:
            rests += 1
        if ra != rb or st_a.stable != st_b.stable:
            bad += 1
    return bad, rests


bad, rests = equivalent(5)
print("equiv", bad)
print("rests", rests)
