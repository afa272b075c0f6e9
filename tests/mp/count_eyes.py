"""Figure 9's count under four rule sets (tests/unit/test_count_eyes.py), run by
the MicroPython unix port: reads the board's rows as JSON on stdin, prints
{rules: [result, black_q, white_q, white's basic eyes, seki]} as JSON."""

import json
import sys

from goban.count import count
from goban.game import Game

rows = json.loads(sys.stdin.read())
out = {}
for rid in ("tang-song", "living-stones", "ming-qing", "japanese"):
    g = Game(rid, size=19)
    g.board.load_rows(rows)
    r = count(g, [], rid, komi=0)
    out[rid] = [r.result, r.black_q, r.white_q, r.breakdown["white"]["basic_eyes"],
                r.breakdown["seki"]]
print(json.dumps(out))
