"""Dead stones taken off and named (tests/unit/test_count_paths.py), run by CPython
and the MicroPython unix port alike: reads [[rows, dead, rules], ...] as JSON on
stdin; counts each with the dead stones given as indices and as SGF names; prints
[[result, margin_q, dead, seki, black's and white's dead removed] or ["error",
text], ...] as JSON."""

import json
import sys

from goban.count import count, CountError
from goban.game import Game

cases = json.loads(sys.stdin.read())
out = []
for rows, dead, rid in cases:
    g = Game(rid, size=len(rows))
    g.board.load_rows(rows)
    for pts in (dead, [g.board.sgf(p) if g.board.on_board(p) else p for p in dead]):
        try:
            r = count(g, pts, rid)
            out.append([r.result, r.margin_q, r.breakdown["dead"], r.breakdown["seki"],
                        r.breakdown["black"]["dead_removed"], r.breakdown["white"]["dead_removed"]])
        except CountError as e:
            out.append(["error", str(e)])
print(json.dumps(out))
