"""The rules core driven by text commands, one line out per command: run unchanged
by CPython, the MicroPython unix port (tests/unit/test_core_crossport.py) and the
emulated RP2040 (tests/chip/test_chip_core.py), whose lines are compared.

Input: a head line `RULES SIZE`, then one command a line: `p POINT` (play for the
side to move), `s` (pass), `t` (pass stone), `a` (abandon), `u` (undo), `setup
B,... W,... TO_MOVE`, `n` (the next game, same rules and size), `end`. Out, per
command: the refusal code, the board rows, both hash halves, the prisoners, the
move count, the end of play and the last capture's size. `compact`: the rows only
at `n` and `end` ("-" otherwise): on the chip the rows cost more bytecode than
the moves, and the hash identifies the position anyway.
"""

import sys

from goban.game import Game


def run(inp, out, compact=False):
    head = inp.readline().split()
    g = Game(head[0], size=int(head[1]), capacity=64)
    while True:
        line = inp.readline()
        if not line:
            break
        f = line.split()
        if not f:
            continue
        op = f[0]
        code = None
        if op == "n":  # the next game, same rules and size
            g = Game(head[0], size=int(head[1]), capacity=64)
        elif op == "p":
            code = g.play(g.to_move(), int(f[1]))
        elif op == "s":
            code = g.pass_move(g.to_move())
        elif op == "t":
            code = g.pass_stone(g.to_move())
        elif op == "a":
            code = g.abandon(g.to_move())
        elif op == "u":
            code = "undo" if g.undo() else "no-undo"
        elif op == "setup":
            bl = [int(x) for x in f[1].split(",") if x]
            wl = [int(x) for x in f[2].split(",") if x]
            g.setup(black=bl, white=wl, to_move=int(f[3]))
        b = g.board
        rows = "/".join(b.rows()) if not compact or op in ("n", "end") else "-"
        out.write("%s %s %d %d %d %d %d %s %s %d\n" % (
            code, rows, b.hash1, b.hash2, g.captures[1], g.captures[2],
            g.n, g.over, g.end, len(g.last_capture())))


# --- as a script (the chip's REPL takes the text above this line and calls run) ---
if __name__ == "__main__":
    run(sys.stdin, sys.stdout, "--compact" in sys.argv)
