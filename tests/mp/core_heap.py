"""The move loop under a locked heap (tests/unit/test_core_heap.py), run by the
MicroPython unix port: reads `RULES_ID SEED`, records a random game of 1,100
operations with the heap unlocked, replays it on a fresh Game (room for the
whole game) with the heap locked after a 100-operation warm-up, and prints the
rules id, moves played, refused, undone, bytes left on the heap, moves, captures."""

import gc
import sys

import micropython
import random

from goban.game import Game

RULES_ID, SEED = sys.stdin.readline().split()
random.seed(int(SEED))


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
            p = pts[random.getrandbits(16) % len(pts)]
            if r < 230:  # mostly an empty point: a long game with many captures
                empty = [q for q in pts if g.board.cells[q] == 0]
                if empty:
                    p = empty[random.getrandbits(16) % len(empty)]
            ops.append(p)
            g.play(c, p)
    return ops


for rid in (RULES_ID,):
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
