"""计枰点's last-move option (Corollary 29) counted by the MicroPython unix port
(tests/unit/test_count_jipingdian.py): reads {name: [moves, pays]} as JSON on
stdin, plays each 7x7 game, prints {name: [black pays, black_q, white_q, the
count by territory]} as JSON."""

import json
import sys

from goban import rules as R
from goban.count import count
from goban.count_checks import jipingdian_by_territory
from goban.game import Game

cases = json.loads(sys.stdin.read())
out = {}
for name in sorted(cases):
    moves = cases[name][0]
    g = Game("jipingdian", size=7)
    for mv in moves:
        c = g.to_move()
        if mv:
            g.play(c, g.board.from_sgf(mv))
        else:
            g.pass_move(c)
    r = count(g, [], R.get("jipingdian", komi=0))
    out[name] = [r.breakdown["black_pays_last_move"], r.black_q, r.white_q,
                 list(jipingdian_by_territory(g, [], R.get("jipingdian", komi=0)))]
print(json.dumps(out))
