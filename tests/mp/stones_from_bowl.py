"""Stones a side took from its bowl (tests/unit/test_core_history.py), run by
CPython and the MicroPython unix port alike: three random games (an LCG, so the
same under both) on 9x9 with arrays that grow; for each side the plain count of
its stones over the record and the viper `stones_from_bowl`."""

from goban.game import Game, PASS, ABANDON
from goban.board import BLACK, WHITE, EMPTY

state = [0]


def rnd(k):          # the same numbers under both interpreters: an LCG
    state[0] = (state[0] * 1103515245 + 12345) & 0x7FFFFFFF
    return (state[0] >> 8) % k


for rid, seed in (("chinese", 3), ("ing", 5), ("living-stones", 7)):
    state[0] = seed
    g = Game(rid, size=9, capacity=8)       # small: the arrays grow on the way
    pts = [p for p in g.board.points()]
    for k in range(400):
        c = g.to_move()
        r = rnd(100)
        if r < 5:
            g.pass_move(c)
        elif r < 10 and g.rules.uses_pass_stones:
            g.pass_stone(c)
        elif r < 15 and rid == "living-stones":
            g.abandon(c)
        elif r < 18:
            g.undo()
        else:
            empty = [p for p in pts if g.board.cells[p] == EMPTY]
            if not empty or g.over:
                break
            g.play(c, empty[rnd(len(empty))])
        if g.over:
            break
    for color in (BLACK, WHITE):
        plain = 0
        for i in range(1, g.n + 1):
            if g.color_of(i) == color and g.move_point(i) not in (PASS, ABANDON):
                plain += 1
        print(rid, color, g.n, plain, g.stones_from_bowl(color))
