"""The counter's loops under a locked heap (tests/unit/test_count_micropython.py), run
by the MicroPython unix port: reads a 19x19 position's rows as JSON on stdin, two
dead stones; for every rule set the cells' copy, the dead stones taken off, the
region and block pass, the score, the dead and seki names and 计枰点's history scan
run with the heap locked, checked against count(); prints how many rule sets."""

import json
import sys
from array import array

import micropython

from goban import rules as R
from goban.count import prepare, count, black_pays_scan
from goban.game import Game
from goban.regions import dead_names, seki_names

rows = json.loads(sys.stdin.read())
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
        names = dead_names(rg.work, cells, rg.W, rg.size, rg.names, rg.taken, rg.dead_n[0],
                           None, None)
        scanned = dead_names(rg.work, cells, rg.W, rg.size, rg.names, rg.taken, -1, None, None)
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
