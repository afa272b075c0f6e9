"""Every rule set's count of the given positions (tests/unit/test_count_micropython.py),
run by CPython and the MicroPython unix port alike: reads {name: [rows, dead]} as
JSON on stdin (1 and 2 prisoners set), prints {name/rules: [result, winner,
black_q, white_q, margin_q, unit]} as JSON."""

import json
import sys

from goban import rules as R
from goban.count import count
from goban.game import Game

POS = json.loads(sys.stdin.read())
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
