"""The referee alone, fed stable frames by hand (9x9, CPython): the board the
tests of tests/test_referee_*.py share. Every event is kept as the log would."""

from array import array

from goban.referee import Referee

SIZE = 9
L = "abcdefghi"


def idx(pt):
    return (ord(pt[1]) - 97) * SIZE + ord(pt[0]) - 97


class Board:
    """The stable frame and a referee fed with it; every event kept as the log would."""

    def __init__(self, rules="chinese"):
        self.stable = bytearray(SIZE * SIZE)
        # when each point's reading began, as goban.settle keeps it: each change
        # by hand is one scan later than the last (0: there since the start)
        self.since = array("i", bytes(4 * SIZE * SIZE))
        self.scan = 0
        self.ref = Referee(SIZE)
        self.ref.since = self.since
        self.log = []
        self.ref.new_game(rules)
        self.look()

    def _at(self, i, v):
        if self.stable[i] != v:
            self.scan += 1
            self.since[i] = self.scan
        self.stable[i] = v

    def look(self):
        self.ref.frame(self.stable, 1, True)
        evs = self.ref.take_events()
        self.log += evs
        return evs

    def put(self, color, pt):
        self._at(idx(pt), {"B": 1, "W": 2}[color])

    def lift(self, pt):
        self._at(idx(pt), 0)

    def set(self, changes):
        """'- gg,W ee': each point emptied or given a stone of that colour."""
        self.scan += 1                # all in one scan
        for m in changes.split(","):
            c, pt = m.split()
            i = idx(pt)
            v = {"B": 1, "W": 2, "-": 0}[c]
            if self.stable[i] != v:
                self.since[i] = self.scan
            self.stable[i] = v

    def play(self, moves):
        for m in moves.split(","):
            c, pt = m.split()
            self.put(c, pt)
            self.look()

    def restart(self, log, wire=None):
        """A new referee (RAM lost) resumed from `log` (`wire(ref)` first: the
        calibration's evidence wired in, as main.py does before a resume)."""
        ref = Referee(SIZE)
        if wire is not None:
            wire(ref)
        for i in range(SIZE * SIZE):
            self.since[i] = 0         # the settle starts again: all come at once
        ref.since = self.since
        ref.resume(log)
        self.ref = ref
        evs = ref.take_events()
        self.log = list(log) + evs
        return evs
