"""Wiring mistakes drawn at random, what a bring-up must name for each, and the
board's wiring check played in CPython (tests of goboard diag).

`random_spec(rng, size)` draws 1-4 mistakes of tools/sim/wiring.py (points apart,
none on a point its own wiring leaves unreadable) and returns (SPEC, expected):
each expected problem as (kind, points it must name, extra fields). `walk(spec,
size)` builds the board as SPEC says and does what goban.diag's walk does,
scan by scan: the empty board's frames, then each point's stone in turn seen on
the channel that moved farthest. `matches(problems, expected)` says what a
report missed and what it named that SPEC does not explain.
"""

import random
import sys
from array import array

from conftest import REPO
from goban import profile as P
from goban.hw.matrix import topology
from goban.points import name as point_name

if str(REPO / "tools" / "sim") not in sys.path:
    sys.path.insert(0, str(REPO / "tools" / "sim"))
import wiring as W  # noqa: E402  (tools/sim: the simulator's modules import each other so)

STONE = 600


def profile(size):
    return P.load(str(REPO / "boards" / ("sim-%d.json" % size)))


def readable(prof, mistakes):
    """The points whose sensor some conversion reads (not behind a dead mux,
    not pushed onto a channel the firmware never reads)."""
    w = W.Wiring(prof, mistakes)
    return set(p for p in w.sensor if p != 0xFFFF)


def random_spec(rng, size):
    """(SPEC, expected) as the module docstring says."""
    prof = profile(size)
    nadc, n1, n2, order = topology(prof)
    n = size * size
    kinds = ["swap", "inverted", "dead", "stuck", "noisy", "order", "mux1", "mux2", "sel1",
             "sel2", "adc"]
    if nadc < 2:
        kinds.remove("adc")
        kinds.remove("mux2")        # one second-level mux: nothing left alive to compare
    chosen = rng.sample(kinds, rng.randint(1, 4))
    board = []
    expected = []
    dead2 = rng.randrange(nadc)          # a dead second-level mux hides the muxes behind it
    for k in chosen:
        if k == "order":
            other = "serpentine" if order == "rows" else "rows"
            board.append("order:" + other)
            expected.append(("wrong-order", [], {"order": other}))
        elif k == "mux1":
            live = [m for m in range(nadc << n2) if m * (1 << n1) < n
                    and not ("mux2" in chosen and m >> n2 == dead2)]
            m = rng.choice(live)
            board.append("mux1:%d" % (m + 1))     # counted from 1
            expected.append(("dead-mux", None, {"mux": "M%d" % m}))
        elif k == "mux2":
            board.append("mux2:%d" % (dead2 + 1))
            expected.append(("dead-mux", None, {"mux": "N%d" % dead2}))
        elif k in ("sel1", "sel2", "adc"):
            hi = {"sel1": n1, "sel2": n2, "adc": nadc}[k]
            i, j = sorted(rng.sample(range(hi), 2))
            board.append("%s:%d,%d" % (k, i, j))
            if k == "adc":
                expected.append(("swapped-adc", [], {"adcs": [i, j]}))
            else:
                expected.append(("swapped-select-lines", [], {"level": 1 if k == "sel1" else 2,
                                                              "lines": [i, j]}))
    # the points: on sensors this board still reads, each in one mistake only
    live = sorted(readable(prof, W.parse(";".join(board), size, topology(prof))))
    pool = rng.sample(live, min(len(live), 8))
    for k in chosen:
        if k == "swap" and len(pool) >= 2:
            a, b = pool.pop(), pool.pop()
            pa, pb = point_name(a, size), point_name(b, size)
            board.append("swap:%s,%s" % (pa, pb))
            expected.append(("swapped-sensors", sorted([pa, pb]), {}))
        elif k in ("inverted", "dead", "stuck", "noisy") and pool:
            p = point_name(pool.pop(), size)
            board.append("%s:%s" % (k, p))
            expected.append(({"inverted": "inverted-sensor", "dead": "dead-sensor",
                              "stuck": "stuck-sensor", "noisy": "unstable-sensor"}[k], [p], {}))
    rng.shuffle(board)
    return ";".join(board), expected


def matches(problems, expected):
    """(missed, extra): expected problems no report entry names, and report
    entries nothing in the SPEC explains."""
    missed = []
    used = set()
    for kind, pts, extra in expected:
        hit = None
        for k, p in enumerate(problems):
            if p["kind"] != kind and not (kind == "swapped-sensors" and p["kind"] == "crossed-wires"):
                continue
            if pts and not set(pts) <= set(p["points"]):
                continue
            if any(p.get(f) != v for f, v in extra.items()):
                continue
            hit = k
            break
        if hit is None:
            missed.append((kind, pts, extra))
        else:
            used.add(hit)
    kinds = set(e[0] for e in expected)
    extra = [p for k, p in enumerate(problems) if k not in used and not (
        p["kind"] in kinds or (p["kind"] == "crossed-wires" and "swapped-sensors" in kinds))]
    return missed, extra


class _Field:
    """The sensors' field as the sim's world would write it (no noise: the
    wiring's own noisy sensor is the only noise)."""

    def __init__(self, field, size):
        self.field = field
        self.size = size
        self.n = size * size

    def scan(self, out):
        for i in range(self.n):
            out[i] = self.field[i]


def build(spec, size, seed=1):
    """(prof, matrix wired as SPEC, field, base) with sensors spread about mid-scale."""
    prof = profile(size)
    rng = random.Random(seed)
    n = size * size
    base = array("H", [2048 + rng.randint(-30, 30) for _ in range(n)])
    field = array("H", base)
    w = W.Wiring(prof, W.parse(spec, size, topology(prof)))
    return prof, W.WiredMatrix(_Field(field, size), w, base), field, base


def walk(spec, size, seed=1, frames=8):
    """(info, empty frames, walk entries) as goban.diag gives them for a board
    built as SPEC says: every channel in channel order, the stones black and
    white in turn, each seen where the reading moved farthest past the enter
    level (thresholds.enter percent of the threshold)."""
    prof, m, field, base = build(spec, size, seed)
    nadc, n1, n2, order = topology(prof)
    m.by_channel()
    c = m.channels
    raw = array("H", bytes(2 * c))

    def frame():
        m.scan(raw)
        return list(raw)
    empty = [frame() for _ in range(frames)]
    ref = frame()
    t = prof.thresholds
    enter = min(t["black"], t["white"]) * t.get("enter", 150) // 100
    entries = []
    for p in range(size * size):
        colour = "B" if p % 2 == 0 else "W"
        field[p] = base[p] + (STONE if colour == "B" else -STONE) * prof.polarity
        f = frame()
        best, at = 0, -1
        for i in range(c):
            d = f[i] - ref[i]
            if abs(d) > abs(best):
                best, at = d, i
        if abs(best) >= enter:
            entries.append({"p": point_name(p, size), "c": colour, "w": at, "d": best})
            ref[at] = f[at]
        else:
            entries.append({"p": point_name(p, size), "c": colour, "w": -1, "d": 0})
    for p in range(size * size):
        field[p] = base[p]
    info = {"size": size, "adc": nadc, "mux1": n1, "mux2": n2, "order": order,
            "channels": c, "polarity": prof.polarity, "pins": {},
            "thresholds": {"black": t["black"], "white": t["white"], "rail": t["rail"],
                           "offset_max": t["offset_max"], "enter": enter}}
    return info, empty, entries, (prof, m, field, base)
