"""The world model's faults do what they say to the sensor field: run by
tests/test_sim_faults.py under CPython and under MicroPython (the simulator's
own interpreter). Prints one line per check, then "ok"."""

import sys

sys.path.append("tools/sim")

from array import array  # noqa: E402

import world as W  # noqa: E402

SIM = {"baseline": 2048, "offset_spread": 60, "stone_counts": 600, "noise": 3}
THR = {"black": 150, "white": 140}


def make(noise=0, seed=3):
    field = array("H", [0] * 81)
    return W.World(9, SIM, field, seed=seed, noise=noise, thresholds=THR), field


def run(w, gen, now):
    for _ in gen:
        w.tick(now)
        now += 10
    return now


def ticks(w, now, n):
    out = []
    for _ in range(n):
        w.tick(now)
        out.append(now)
        now += 10
    return now


def check_flicker():
    for color, thr, sign in ((1, 150, 1), (2, 140, -1)):
        w, f = make()
        i = 40
        now = run(w, w.flicker(i, 2000, color), 0)
        seen = set()
        over = under = 0
        while now < 1990:
            w.tick(now)
            d = (f[i] - w.base[i]) * sign
            assert thr - 6 <= d <= thr + 6, (color, d)
            seen.add(d)
            if d > thr:
                over += 1
            elif d < thr:
                under += 1
            for j in (i - 1, i + 1, i - 9, i + 9):
                assert f[j] == w.base[j], "only the flickering point reads differently"
            now += 10
        assert over > 20 and under > 20 and len(seen) >= 10, (over, under, len(seen))
        ticks(w, 2010, 3)
        assert f[i] == w.base[i] and not w.sensor_faults, "steady again after the flicker"
        print("flicker", color, "over", over, "under", under, "values", len(seen))
    # a stone on a flickering point still reads as a stone
    w, f = make()
    w.put(40, 2)
    run(w, w.flicker(40, 500, 1), 0)
    w.tick(100)
    assert f[40] - w.base[40] <= -600 + 150 + 6


def check_drift():
    w, f = make()
    i = 12
    b0 = w.base[i]
    now = run(w, w.drift(i, 200, 4000), 0)
    last = 0
    mid = None
    while now <= 4200:
        w.tick(now)
        d = f[i] - b0
        assert last <= d <= 200, (now, d)
        last = d
        if mid is None and now >= 2000:
            mid = d
        now += 10
    assert 90 <= mid <= 110 and last == 200, (mid, last)
    assert w.base[i] == b0 + 200, "the baseline stays where it walked"
    w.put(i, 1)
    w.tick(now)
    assert f[i] == b0 + 200 + 600, "a stone reads from the new baseline"
    # a negative walk
    w, f = make()
    b0 = w.base[5]
    run(w, w.drift(5, -120, 1000), 0)
    ticks(w, 20, 110)
    assert f[5] == b0 - 120
    print("drift mid", mid, "end", last)


def check_stuck_and_dead():
    w, f = make()
    run(w, w.stick(7), 0)
    run(w, w.kill(8), 10)
    w.put(7, 2)
    w.put(8, 1)
    ticks(w, 20, 5)
    assert f[7] == 4095 and f[8] == 0, (f[7], f[8])
    assert f[6] == w.base[6] and f[9] == w.base[9]
    print("stuck", f[7], "dead", f[8])


def check_noise_burst():
    w, f = make(noise=1)
    spread0 = spread(w, f, 0, 50)
    now = run(w, w.noise_burst(1000, 40), 500)
    during = spread(w, f, now, 50)
    after = spread(w, f, now + 1200, 50)
    assert spread0 <= 10 and 40 <= during <= 2 * 40 + 2 and after == spread0, \
        (spread0, during, after)
    print("noise spread", spread0, "burst", during, "after", after)


def spread(w, f, now, n):
    lo = hi = 0
    for k in range(n):
        w.tick(now + 10 * k)
        for i in range(81):
            d = f[i] - w.static[i]
            lo = d if d < lo else lo
            hi = d if d > hi else hi
    return hi - lo


def check_two_stones():
    for gap in (0, 3, 8):
        w, f = make(seed=gap + 1)
        let = []
        w.on_let_go = lambda c, i, role: let.append((c, i, role, w.now))
        down = {}
        now = 0
        for _ in w.two_stones(1, 20, 2, 60, gap):
            w.tick(now)
            for i in (20, 60):
                if i not in down and abs(f[i] - w.base[i]) > 150:
                    down[i] = now
            now += 10
        assert [x[:3] for x in let] == [(1, 20, "move"), (2, 60, "move")], let
        assert let[0][3] < let[1][3], "the first stone is let go first"
        assert (down[60] - down[20]) // 10 in (gap - 1, gap, gap + 1), (gap, down)
        assert w.board[20] == 1 and w.board[60] == 2
        print("two stones gap", gap, "touch", down[20], down[60], "let go", let[0][3], let[1][3])


def check_lifts():
    """A lifted stone goes where the hand carries it: the lid of the side that
    took it, the wrong lid, its own bowl, or the floor (no scale)."""
    for color, dest, scale in ((1, "lid", "lidW"), (2, "lid", "lidB"), (1, "wrong-lid", "lidB"),
                               (2, "wrong-lid", "lidW"), (1, "bowl", "B"), (2, "bowl", "W"),
                               (1, "floor", None), (2, "lidW", "lidW")):
        w, f = make()
        seen = []
        w.on_lift = lambda c, i, d: seen.append((c, i, d))
        w.put(30, color)
        before = dict(w.counts)
        run(w, w.lift(30, dest), 0)
        assert w.board[30] == 0 and seen == [(color, 30, dest)], seen
        for k in before:
            assert w.counts[k] == before[k] + (1 if k == scale else 0), (dest, k, w.counts)
    w, f = make()
    w.put(31, 1)
    run(w, w.lift(31, False), 0)
    assert w.counts["B"] == 181, "lift(i, False): back to its own bowl"
    print("lifts", "lid, wrong-lid, bowl, floor")


def check_hand_and_lid():
    """A stone taken into the hand leaves its bowl then, not when it is put
    down; a prisoner restored comes out of its lid; a stone found lying
    there needs no hand; a pass stone lands in the other lid when let go."""
    w, f = make()
    let = []
    w.on_let_go = lambda c, i, role: let.append((c, i, role))
    run(w, w.take(2), 0)
    assert w.counts["W"] == 179 and w.in_hand[2] == 1
    run(w, w.place(2, 40), 10)
    assert w.counts["W"] == 179 and w.in_hand[2] == 0 and w.board[40] == 2
    run(w, w.place(2, 41), 500)
    assert w.counts["W"] == 178, "the hand is empty: from the bowl again"
    w.counts["lidW"] = 3                  # three black prisoners in white's lid
    run(w, w.restore(1, 50), 1000)
    assert w.counts["lidW"] == 2 and w.counts["B"] == 180 and w.board[50] == 1
    run(w, w.restore(1, 51, role="slip:7"), 1500)
    assert let[-2:] == [(1, 50, "restore"), (1, 51, "slip:7")], let
    g = w.lay(1, 60, "slip:3")
    next(g)
    assert w.board[60] == 1 and w.counts["B"] == 180 and let[-1] == (1, 60, "slip:3")
    before = dict(w.counts)
    now = 2000
    for k, _ in enumerate(w.pass_stone(1, 300)):
        if k == 0:
            assert w.counts["B"] == before["B"] - 1 and w.counts["lidW"] == before["lidW"]
            assert let[-1][2] != "pass", "let go only in the lid"
        w.tick(now)
        now += 10
    assert w.counts["lidW"] == before["lidW"] + 1 and let[-1] == (1, None, "pass")
    assert k >= 30, "carried 300 ms"
    print("hand, lid and pass stone")


def check_two_hands():
    """Two hands at once, each with its own timing: one lifts a prisoner while
    the other brings its stone down; both stones are in the air together."""
    w, f = make(seed=5)
    w.put(30, 2)
    let = []
    w.on_let_go = lambda c, i, role: let.append((c, i, role, w.now))
    both = 0
    now = 0
    for _ in w.together([(0, w.place(1, 20)), (3, w.lift(30))]):
        w.tick(now)
        both += len(w.moving) == 2
        now += 10
    assert both >= 2, both
    assert w.board[20] == 1 and w.board[30] == 0 and w.counts["lidB"] == 1
    assert [x[:3] for x in let] == [(1, 20, "move")]
    print("two hands together", both, "scans")


check_flicker()
check_drift()
check_stuck_and_dead()
check_noise_burst()
check_two_stones()
check_lifts()
check_hand_and_lid()
check_two_hands()
print("ok")
