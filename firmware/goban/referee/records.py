"""The dicts made at boot that a move's and a bowls reading's events are filled
in on the product image (Referee.keep_records, main.py): play allocates no
event of its own for them, so no collection comes between the first move and
the count. A module of its own, imported only then (from .mpy files on the
stock image the code at boot is heap the game cannot have)."""


class Records:
    """The dicts made at boot that events of one kind are made in (a move's, a
    bowls reading's: issue 24, no collection in play), each out from `take`
    until the loop hands it back sent (`give_back`); a fresh one when all are
    out. `make` makes one: its keys in the order a fresh event has them, so
    its table, and its JSON, are a fresh event's byte for byte."""

    def __init__(self, make, n):
        self.make = make
        self.recs = [make() for _ in range(n)]
        self.out = bytearray(n)
        self.k = 0                        # the next to look at: each in turn

    def take(self):
        recs = self.recs
        n = len(recs)
        k = self.k
        for _ in range(n):
            j = k
            k = k + 1 if k + 1 < n else 0
            if not self.out[j]:
                self.out[j] = 1
                self.k = k
                return recs[j]
        return self.make()

    def give_back(self, ev):
        recs = self.recs
        for j in range(len(recs)):
            if recs[j] is ev:
                self.out[j] = 0
                return


__all__ = ("Records",)
