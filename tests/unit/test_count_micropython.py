"""The counter on the target: it gives the same counts under MicroPython (viper) as under CPython, and its loops (the
cells' copy, the dead stones taken off, the region/block pass, the score
arithmetic, the dead and seki names written out, 计枰点's history scan)
allocate nothing: run under micropython.heap_lock() after the buffers are
prepared."""

import json
import subprocess
import sys

import pytest

from goban import rules as R
import random

from count_positions import (FIG3, FIG5, FIG5_DEAD, ONE_LIBERTY_SEKI, FOUR_LIBERTY_SEKI,
                             ONE_EYE_LIFE, TANG_SONG_SEKI, CONNECTED_BY_DAME, OPEN_MOUTH,
                             random_rows)

# a 19x19 checkerboard: 361 one-stone blocks (block ids past 255 in the uint16 buffers)
CHECKER = ["".join("XO"[(x + y) % 2] for x in range(19)) for y in range(19)]
POSITIONS = {"fig3": (FIG3, []), "fig5": (FIG5, FIG5_DEAD), "one": (ONE_LIBERTY_SEKI, []),
             "four": (FOUR_LIBERTY_SEKI, []), "eye": (ONE_EYE_LIFE, []),
             "ts": (TANG_SONG_SEKI, []), "checker": (CHECKER, []),
             "connected": (CONNECTED_BY_DAME, []), "mouth": (OPEN_MOUTH, [])}
# busy random boards: seki let go by liberties, in rounds (seeded)
_rng = random.Random(1124)
POSITIONS.update(("random%d" % i, (random_rows(_rng, size), []))
                 for i, size in enumerate((9, 13, 19)))

SCRIPT = r"""
import json
from goban.game import Game
from goban import rules as R
from goban.count import count
POS = json.loads(%r)
out = {}
for name in POS:
    rows, dead = POS[name]
    for rid in R.RULE_IDS:
        g = Game(rid, size=len(rows))
        g.board.load_rows(rows)
        g.captures[1] = 1
        g.captures[2] = 2
        r = count(g, dead, rid)
        out[name + "/" + rid] = [r.result, r.winner, r.black_q, r.white_q, r.margin_q, r.unit]
print(json.dumps(out))
"""

def test_micropython_counts_like_cpython(micropython):
    """The same script, run by both interpreters (armv6m compilation of every firmware
    file is tests/test_firmware_compiles.py's)."""
    script = SCRIPT % json.dumps(POSITIONS)
    got = json.loads(micropython(script).strip().splitlines()[-1])
    want = json.loads(subprocess.run([sys.executable, "-c", script], capture_output=True,
                                     text=True, check=True).stdout.strip().splitlines()[-1])
    assert len(want) == len(POSITIONS) * len(R.RULE_IDS)
    assert got == want


HEAP_LOCK = r"""
import micropython
from array import array
from goban.game import Game
from goban import rules as R
from goban.count import prepare, count, black_pays_scan
from goban.regions import dead_names, seki_names
rows = %r
g = Game("chinese", size=19)
g.board.load_rows(rows)
results = []

def locked(ctr, rg, scoring, cells, pts):
    # locals only: a new global would grow the module's dict
    micropython.heap_lock()
    try:
        rg.load(cells)
        bad = rg.take_off(cells, pts)
        n = rg.run()
        m = ctr.score(scoring)
        names = dead_names(rg.work, cells, rg.W, rg.size, rg.names, rg.taken, rg.dead_n[0])
        scanned = dead_names(rg.work, cells, rg.W, rg.size, rg.names, rg.taken, -1)
        assert scanned == names
        names += seki_names(rg.binfo, rg.nblocks, rg.W, rg.names)
        pays = black_pays_scan(g.points, g.flags, g.n)
    finally:
        micropython.heap_unlock()
    return bad, n, m, names

dead = [g.board.point(0, 0), g.board.point(18, 18)]
pts = array("i", dead)
count(g, dead, "chinese")    # the open mouths' pass loads at the first count (goban.mouths)
for rid in R.RULE_IDS:
    ctr, rules, ndead, facts = prepare(g, dead, rid)
    bad, n, m, names = locked(ctr, ctr.regions, rules.scoring, g.board.cells, pts)
    ref = count(g, dead, rid)
    want = len(ref.breakdown["dead"]) + len(ref.breakdown["seki"])   # name numbers written
    results.append((rid, bad, n, m, ref.margin_q, names, want))
for rid, bad, n, m, ref, names, want in results:
    assert bad == -1, (rid, bad)
    assert m == ref, (rid, m, ref)
    assert names == want and want > 2, (rid, names, want)
    assert n > 10
print("heap-locked counts:", len(results))
"""


def board19():
    """A full, busy 19x19 position: many blocks, eyes, dame and a seki-like edge."""
    import random
    rng = random.Random(7)
    rows = []
    for y in range(19):
        rows.append("".join(rng.choice("XXXOOO..") for _ in range(19)))
    rows[0] = "X" + rows[0][1:]
    rows[18] = rows[18][:18] + "O"
    return rows


def test_core_loops_do_not_allocate(micropython):
    out = micropython(HEAP_LOCK % (board19(),))
    assert "heap-locked counts: %d" % len(R.RULE_IDS) in out


def test_heap_lock_really_catches_allocation(micropython):
    """The check above means something: allocating under heap_lock fails."""
    with pytest.raises(AssertionError):
        micropython("import micropython\nmicropython.heap_lock()\nx = [1, 2, 3]\n"
                    "micropython.heap_unlock()\nprint(x)\n")
