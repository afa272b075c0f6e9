"""Issue 19's invariants of the referee, on random play with players' mistakes
(9x9, frames by hand through tests/referee_board.py). Runs under CPython and
the MicroPython unix port alike (`micropython referee_props.py SEED GAMES`
prints one JSON line a game): tests/test_referee_props.py asserts the
invariants on both and compares the two outputs.

The players keep the truth: a rules-core Game of the moves their hands let go
(a stone rolled to a neighbouring point before the answer is that move there).
Each turn the mover's stone goes down; now and then a mistake comes with it:
a second stone of the same side, the other colour's stone put down instead
(swapped when the board says so), a stone knocked off, the answer put down before the prisoners are lifted, the stone rolling to
a neighbour, or the next stone put down before the board looked (fast play).
The board looks at random moments. When it announces something, the players
make the board their truth: what is not in their game comes off, what their
game has goes back, prisoners are lifted.

After every look:
  1. every move the referee recorded is the truth's move of that number (no
     move nobody played);
  2. when the board is the referee's game (captures still to lift aside),
     nothing stands announced;
  3. when the board is the truth (all lifted, every mistake fixed), the
     referee's moves are all the truth's moves (none lost).
A breach is reported with the game's seed and the look it happened at."""

import json
import sys

from goban.game import Game
from goban.board import BLACK, WHITE
from referee_board import Board, SIZE

N = SIZE * SIZE
MISTAKE = 0.25        # a turn with a mistake
LOOK = 0.8            # a look after a physical act (the board looks at every quiet frame;
                      # two acts in one quiet window are fast play)


class Rng:
    """xorshift32: the same stream under CPython and MicroPython (whose
    `random` module has no seeded generator object)."""

    def __init__(self, seed):
        self.x = (seed * 2654435761 + 1) & 0xFFFFFFFF or 1

    def next(self):
        x = self.x
        x ^= (x << 13) & 0xFFFFFFFF
        x ^= x >> 17
        x ^= (x << 5) & 0xFFFFFFFF
        self.x = x
        return x

    def random(self):
        return self.next() / 4294967296.0

    def choice(self, seq):
        return seq[self.next() % len(seq)]


class Table:
    def __init__(self, seed):
        self.rng = Rng(seed)
        self.b = Board()
        self.truth = Game("chinese", SIZE)
        self.looks = 0
        self.breaches = []
        self.mistakes = {}
        self.rolled = {}                 # move number -> (colour, point) it rolled from
        self.seen = 0                    # the truth's moves at the last look

    # --- the physical board -------------------------------------------------------------
    def put(self, i, c):
        b = self.b
        b.scan += 1
        b.since[i] = b.scan
        b.stable[i] = c

    def lift(self, i):
        b = self.b
        b.scan += 1
        b.since[i] = b.scan
        b.stable[i] = 0

    def truth_frame(self):
        """The board as the truth has it (captures lifted)."""
        cells = self.truth.board.cells
        return bytearray(cells[self.b.ref.p_of(i)] for i in range(N))

    # --- the referee --------------------------------------------------------------------
    def look(self):
        """The board's look at a quiet frame, and again at the next scans while
        it asks to (after moves it took), as the loop does."""
        b = self.b
        for k in range(4):
            b.ref.now += 100
            b.look()
            if not b.ref.dirty:
                break
        self.seen = self.truth.n
        self.looks += 1
        self.check()

    def ref_moves(self):
        g = self.b.ref.game
        return [(g.color_of(k), g.move_point(k)) for k in range(1, g.n + 1)]

    def truth_moves(self):
        t = self.truth
        return [(t.color_of(k), t.move_point(k)) for k in range(1, t.n + 1)]

    def check(self):
        ref = self.b.ref
        rm = self.ref_moves()
        tm = self.truth_moves()
        if rm and len(rm) <= len(tm) and rm[-1] == self.rolled.get(len(rm)):
            rm = rm[:-1] + [tm[len(rm) - 1]]     # seen before it rolled: still to correct
        if rm != tm[:len(rm)]:
            self.breach("a move nobody played", rm, tm)
        g = ref.game
        same = True
        for i in range(N):
            v = self.b.stable[i]
            e = g.board.cells[ref.p_of(i)]
            if v != e and not (ref.tol[i] != 255 and v == ref.tol[i]):
                same = False
                break
        if same and ref.illegal is not None:
            self.breach("an announcement stands on a board that is the game (%s)" % ref.illegal,
                        rm, tm)
        if bytes(self.b.stable) == bytes(self.truth_frame()) and not ref.pending \
                and rm != tm:
            self.breach("the board is the truth, moves are missing", rm, tm)

    def breach(self, what, rm, tm):
        if len(self.breaches) < 3:
            self.breaches.append({"look": self.looks, "what": what, "referee": len(rm),
                                  "truth": len(tm)})

    # --- the players ----------------------------------------------------------------------
    def maybe_look(self):
        # a board looks once its frame is quiet: a few stones between two looks
        # at most (fast play), never a whole sequence
        if self.rng.random() < LOOK or self.truth.n - self.seen > 3:
            self.look()
            if self.b.ref.illegal is not None:
                self.fix()

    def fix(self):
        """Make the board the truth, as players do when the board says something."""
        want = self.truth_frame()
        for i in range(N):
            if self.b.stable[i] != want[i]:
                if self.b.stable[i]:
                    self.lift(i)
                if want[i]:
                    self.put(i, want[i])
        self.look()

    def lift_captures(self, caps):
        if caps:
            self.look()                  # lifting takes a hand a while: the board saw them
            if self.b.ref.illegal is not None:
                self.fix()
        for p in caps:
            self.lift(self.b.ref.i_of(p))
            if self.rng.random() < 0.3:
                self.maybe_look()

    def empty_points(self):
        cells = self.truth.board.cells
        return [i for i in range(N) if cells[self.b.ref.p_of(i)] == 0 and self.b.stable[i] == 0]

    def legal_points(self, color):
        t = self.truth
        return [i for i in self.empty_points() if t.legal(color, self.b.ref.p_of(i)) is None]

    def turn(self):
        """One move of the truth, with its hands' noise and maybe a mistake."""
        t = self.truth
        rng = self.rng
        if t.n - self.seen > 3:
            # fast play and answers before the lifting, one after another: still
            # a few stones a quiet window, never a whole sequence (more than one
            # look orders is named to be played again: goban.referee.wrong)
            self.look()
            if self.b.ref.illegal is not None:
                self.fix()
        c = t.to_move()
        pts = self.legal_points(c)
        if not pts:
            return False
        i = rng.choice(pts)
        p = self.b.ref.p_of(i)
        t.play(c, p)
        caps = t.last_capture()
        kind = rng.choice(("second", "colour", "knock", "early", "roll", "fast")) \
            if rng.random() < MISTAKE else None
        if kind:
            self.mistakes[kind] = self.mistakes.get(kind, 0) + 1
        if kind == "colour":
            self.put(i, 3 - c)            # the other colour's stone where the move goes
            self.look()
            self.fix()                    # the board says so: swapped for the right one
        else:
            self.put(i, c)
        if kind == "second":
            e = self.empty_points()
            if e:
                self.put(rng.choice(e), c)
        elif kind == "knock":
            # a stone the referee has taken (one not yet taken, put back later,
            # would come after the stones that followed it: no order could tell)
            cells = self.b.ref.game.board.cells
            on = [j for j in range(N) if self.b.stable[j] and j != i
                  and cells[self.b.ref.p_of(j)] == self.b.stable[j]]
            if on:
                self.lift(rng.choice(on))
                self.look()               # a stone gone is seen at the next quiet frame
                if self.b.ref.illegal is not None:
                    self.fix()
        elif kind == "roll" and not caps:
            self.maybe_look()             # the stone seen where it was let go, or not
            t.undo()
            near = [j for j in self.legal_points(c)
                    if abs(j % SIZE - i % SIZE) + abs(j // SIZE - i // SIZE) == 1]
            if near:                      # it rolls there: that is the move
                j = rng.choice(near)
                self.lift(i)
                self.put(j, c)
                self.rolled[t.n + 1] = (c, p)
                p = self.b.ref.p_of(j)
            t.play(c, p)
        if kind != "fast" and kind != "early":
            self.maybe_look()
        if kind != "early":
            self.lift_captures(caps)
        else:
            self.turn()                  # the answer before the prisoners are off
            self.lift_captures(caps)
        return True

    def game(self, moves):
        for k in range(moves):
            if self.truth.over or not self.turn():
                break
        self.fix()                       # the end: the board as the truth, looked at
        self.look()
        return {"moves": self.truth.n, "recorded": self.b.ref.game.n, "looks": self.looks,
                "mistakes": self.mistakes, "breaches": self.breaches,
                "events": len(self.b.log)}


def run(seed, games, moves=40):
    out = []
    for k in range(games):
        out.append(Table(seed * 1000 + k).game(moves))
    return out


if __name__ == "__main__":
    args = sys.argv[1:] or sys.stdin.read().split()
    for r in run(int(args[0]), int(args[1])):
        print(json.dumps(r))
