"""Each rule system's handicap game counted as the board starts one (goban.replay's
new game: the players set no komi, or set one), under CPython and the MicroPython
unix port (tests/unit/test_handicap_komi.py). Prints {"rules/N/komi": [komi,
margin_q, winner]} as JSON."""

import json

from goban import rules as R
from goban.count import count
from goban.game import handicap_points
from goban.replay import new_game

# 19x19: white holds the 12x13 corner at a1 (a wall on column 12 and row 13),
# black the rest around its own wall; the handicap stones (q16, d4 and q4 for
# 3) stand in black's area. Area 205 to 156; no prisoners.
SIZE = 19


def rows():
    out = []
    for y in range(SIZE):
        r = ""
        for x in range(SIZE):
            if (x == 11 and y <= 12) or (y == 12 and x <= 11):
                r += "O"
            elif (x == 12 and y <= 13) or (y == 13 and x <= 12):
                r += "X"
            else:
                r += "."
        out.append(r)
    return out


def results():
    out = {}
    for rid in R.RULE_IDS:
        for n in (2, 3):
            for komi in (None, 7.5):
                g = new_game({"rules": rid, "size": SIZE, "komi": komi, "handicap": n})
                g.board.load_rows(rows())
                g.setup(black=handicap_points(SIZE, n), to_move=2)
                res = count(g, [])
                out["%s/%d/%s" % (rid, n, komi)] = [g.rules.komi, res.margin_q, res.winner]
    return out


if __name__ == "__main__":
    print(json.dumps(results()))
