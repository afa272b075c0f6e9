"""The players' seki marks in every rule set's count (tests/unit/test_count_seki_marks.py),
run by CPython and the MicroPython unix port alike: reads [{name: [rows, marks]},
use the marks] as JSON on stdin; prints {name/rules: [result, black_q, white_q,
margin_q, seki, seki_marked, black's and white's basic eyes]} as JSON (without the
marks: the counter's own reading, seki_marked None)."""

import json
import sys

from goban import rules as R
from goban.count import count
from goban.game import Game

POS, USE = json.loads(sys.stdin.read())
out = {}
for name in POS:
    rows, marks = POS[name]
    for rid in R.RULE_IDS:
        g = Game(rid, size=len(rows))
        g.board.load_rows(rows)
        r = count(g, [], rid, seki=[(p, on) for p, on in marks] if USE else None)
        bd = r.breakdown
        out[name + "/" + rid] = [r.result, r.black_q, r.white_q, r.margin_q, bd["seki"],
                                 bd["seki_marked"] if USE else None, bd["black"]["basic_eyes"],
                                 bd["white"]["basic_eyes"]]
print(json.dumps(out))
