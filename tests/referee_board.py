"""The referee alone, fed stable frames by hand (9x9, CPython): the board the
tests of tests/test_referee_*.py share. Every event is kept as the log would."""

from goban.referee import Referee

SIZE = 9
L = "abcdefghi"


def idx(pt):
    return (ord(pt[1]) - 97) * SIZE + ord(pt[0]) - 97


class Board:
    """The stable frame and a referee fed with it; every event kept as the log would."""

    def __init__(self, rules="chinese"):
        self.stable = bytearray(SIZE * SIZE)
        self.ref = Referee(SIZE)
        self.log = []
        self.ref.new_game(rules)
        self.look()

    def look(self):
        self.ref.frame(self.stable, 1, True)
        evs = self.ref.take_events()
        self.log += evs
        return evs

    def put(self, color, pt):
        self.stable[idx(pt)] = {"B": 1, "W": 2}[color]

    def lift(self, pt):
        self.stable[idx(pt)] = 0

    def set(self, changes):
        """'- gg,W ee': each point emptied or given a stone of that colour."""
        for m in changes.split(","):
            c, pt = m.split()
            self.stable[idx(pt)] = {"B": 1, "W": 2, "-": 0}[c]

    def play(self, moves):
        for m in moves.split(","):
            c, pt = m.split()
            self.put(c, pt)
            self.look()

    def restart(self, log):
        """A new referee (RAM lost) resumed from `log`, then the board looked at."""
        ref = Referee(SIZE)
        ref.resume(log)
        self.ref = ref
        evs = ref.take_events()
        self.log = list(log) + evs
        return evs
