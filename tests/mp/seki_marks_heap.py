"""The seki marks' pass under a locked heap (tests/unit/test_count_seki_marks.py),
run by the MicroPython unix port: reads a position's rows as JSON on stdin, marks
two blocks not in seki under japanese, runs the regions' pass with and without
the marks with the heap locked; prints the seki blocks marked and read."""

import json
import sys

import micropython

from goban.count import prepare
from goban.game import Game

rows = json.loads(sys.stdin.read())
g = Game("japanese", size=len(rows))
g.board.load_rows(rows)


def locked(rg, cells, marks):
    micropython.heap_lock()
    try:
        rg.load(cells)
        rg.run(2, marks)
        n = rg.tot[12] + rg.tot[20]
        rg.load(cells)
        rg.run(2)
        m = rg.tot[12] + rg.tot[20]
    finally:
        micropython.heap_unlock()
    return n, m


ctr, rules, ndead, facts = prepare(g, [], "japanese", seki=[("da", False), ("ha", False)])
ctr.regions.load(g.board.cells)
ctr.regions.run(2, facts["marks"])      # the marks' module loads once (the end of play)
n, m = locked(ctr.regions, g.board.cells, facts["marks"])
print("seki blocks marked %d, read %d" % (n, m))
