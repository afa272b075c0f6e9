"""The move loop allocates nothing: under MicroPython, with the heap locked
(`micropython.heap_lock()` makes any allocation raise MemoryError), a real game
of 1,000 operations (moves, refused tries, passes, takebacks) is replayed under
each rule set after a warm-up.

The game is recorded first, with the heap unlocked, on a throw-away Game; then a
fresh Game (capacity for the whole game, so no array has to grow) replays it.
"""

import pytest

from conftest import run_micropython
from goban.rules import RULE_IDS

SCRIPT = r'''
import gc, micropython, random
from goban.game import Game

RULES = %r
random.seed(%d)

def record(rules_id, count):
    g = Game(rules_id, size=19, capacity=2 * count)
    pts = list(g.board.points())
    ops = []
    while len(ops) < count:
        r = random.getrandbits(8)
        c = g.to_move()
        if g.over:
            ops.append(-1)
            g.undo()
        elif r < 4 and g.passes_in_row() == 0:
            ops.append(0)
            g.pass_move(c)
        elif r < 14:
            ops.append(-1)
            g.undo()
        else:
            p = pts[random.getrandbits(16) %% len(pts)]
            if r < 230:  # mostly an empty point: a long game with many captures
                empty = [q for q in pts if g.board.cells[q] == 0]
                if empty:
                    p = empty[random.getrandbits(16) %% len(empty)]
            ops.append(p)
            g.play(c, p)
    return ops

for rid in RULES:
    ops = record(rid, 1100)
    g = Game(rid, size=19, capacity=2400)
    played = refused = undone = 0
    for i in range(100):          # warm-up, heap unlocked
        op = ops[i]
        if op < 0:
            g.undo()
        elif op == 0:
            g.pass_move(g.to_move())
        else:
            g.play(g.to_move(), op)
    gc.collect()
    before = gc.mem_alloc()
    micropython.heap_lock()
    try:
        i = 100
        while i < 1100:
            op = ops[i]
            if op < 0:
                g.undo()
                undone += 1
            elif op == 0:
                g.pass_move(g.to_move())
            elif g.play(g.to_move(), op) is None:
                played += 1
            else:
                refused += 1
            i += 1
    finally:
        micropython.heap_unlock()
    print(rid, played, refused, undone, gc.mem_alloc() - before, g.n, g.captures[1] + g.captures[2])
'''


@pytest.mark.parametrize("rules_id", RULE_IDS)
def test_move_loop_allocates_nothing(rules_id):
    out = run_micropython(SCRIPT % ((rules_id,), 7))
    name, played, refused, undone, delta, n, captured = out.split()
    print(out)
    assert name == rules_id
    assert int(played) > 500 and int(refused) > 10 and int(undone) > 10, out
    assert int(captured) > 0, "a game without captures tests too little: " + out
    assert int(delta) == 0, "the move loop left %s bytes on the heap" % delta
