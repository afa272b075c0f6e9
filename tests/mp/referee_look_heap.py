"""The referee's looks in play under a locked heap (tests/unit/test_referee_heap.py),
run by the MicroPython unix port from the repository: a whole 19x19 game (the SGF
path is the first argument, or the first line of stdin) fed to the referee frame by frame, each stone as it
lands and each capture as it is lifted, every look at a changed frame with the
heap locked, the referee's event records kept (Referee.keep_records, the
product image's way: each event handed back once taken, as the loop does once
it is sent). What may allocate is unlocked around it: a move that captured
(moves.played: its captures' names, the capture-pending event and its display),
`restored` and the clock's `lifted` event (timing.lifted). A move that captured
nothing allocates nothing: its event is a record, its "move N" text from
goban.names, the display's two lines filled in place. Anything else a look allocates raises MemoryError: printed with
where it happened, and the script exits 1. Prints OK, the moves, the looks."""

import sys

import micropython
from array import array

from goban.referee import Referee
from goban.referee import moves, timing
from goban.referee.state import RefState

SIZE = 19
locked = [False]


def unlocked(f):
    # fixed arity, no *args: a call that builds a tuple would allocate
    def w(a, b=None, c=None, d=None, f=f):
        was = locked[0]
        if was:
            locked[0] = False
            micropython.heap_unlock()
        try:
            if b is None:
                return f(a)
            return f(a, b, c, d)
        finally:
            if was:
                locked[0] = True
                micropython.heap_lock()
    return w


_played = moves.played
_captured = unlocked(moves.played)


def played(ref, color, p, stable=None, unseen=False):
    if ref.game.last_removed:
        _captured(ref, color, p, stable)
    else:
        _played(ref, color, p, stable, unseen)


moves.played = played
timing.lifted = unlocked(timing.lifted)
RefState.restored = unlocked(RefState.restored)


def record(path):
    """The SGF's moves as (colour, x, y); passes left out."""
    text = open(path).read()
    out = []
    k = text.find(";")
    while k >= 0:
        if text[k + 1:k + 2] in ("B", "W") and text[k + 2:k + 3] == "[":
            x = ord(text[k + 3]) - 97
            y = ord(text[k + 4]) - 97
            if text[k + 5:k + 6] == "]" and 0 <= x < SIZE and 0 <= y < SIZE:
                out.append((1 if text[k + 1] == "B" else 2, x, y))
        k = text.find(";", k + 1)
    return out


def main():
    stable = bytearray(SIZE * SIZE)
    since = array("i", bytes(4 * SIZE * SIZE))
    ref = Referee(SIZE)
    ref.keep_records()
    ref.since = since
    ref.new_game("chinese")
    ref.frame(stable, 1, True)
    ref.take_events()
    cells = ref.game.board.cells
    scan = 0
    looks = 0
    path = sys.argv[1] if len(sys.argv) > 1 else sys.stdin.readline().strip()
    for c, x, y in record(path):
        scan += 1
        i = y * SIZE + x
        stable[i] = c
        since[i] = scan
        for lift in (False, True):
            if lift:              # the captured stones lifted: the frame is the game
                scan += 1
                gone = 0
                for j in range(SIZE * SIZE):
                    v = cells[(j // SIZE + 1) * (SIZE + 1) + j % SIZE]
                    if stable[j] != v:
                        stable[j] = v
                        since[j] = scan
                        gone += 1
                if not gone:
                    break
            micropython.heap_lock()
            locked[0] = True
            try:
                ref.frame(stable, 1, True)
            except MemoryError as e:
                locked[0] = False
                micropython.heap_unlock()
                print("ALLOCATED at move", ref.game.n + 1, "lift" if lift else "")
                sys.print_exception(e)
                sys.exit(1)
            locked[0] = False
            micropython.heap_unlock()
            looks += 1
            for ev in ref.take_events():
                ref.give_back(ev)
    print("OK", ref.game.n, looks)


main()
