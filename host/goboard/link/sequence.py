"""Events in (game, seq) order, once each, whatever order they arrive in.

Every event has (game, seq) from the board's game log. `Reorder` holds the
events that came after a gap until it is filled; the link's `Sequencer` and the
live feed's `live.state.Ordered` both hold them in it.
"""

from goboard.link.wire import MAX_HELD


class Reorder(dict):
    """Events by (game, seq) waiting for the ones before them: at most `limit`,
    the nearest kept, so a source that sends without end costs a fixed amount
    of memory (the farther events are read or sent again once the gap is filled)."""

    def __init__(self, limit):
        dict.__init__(self)
        self.limit = limit

    def hold(self, key, ev):
        """Keep `ev` under `key`; False when the buffer is full and `key` lies
        beyond everything in it (it is dropped, not held)."""
        if key not in self and len(self) >= self.limit:
            far = max(self)
            if far < key:
                return False
            del self[far]
        self[key] = ev
        return True


class Sequencer:
    """Releases events in (game, seq) order exactly once. The cursor (game,
    seq) is the last event released; a game's successor is known from an
    "eog" (end of game) message, so a lost tail of a game is never skipped."""

    def __init__(self, game=0, seq=0):
        self.game = game
        self.seq = seq
        self.ahead = Reorder(MAX_HELD)
        self.ends = Reorder(MAX_HELD)   # game -> (its last seq, the next game)
        self.behind = False  # something is known to be missing

    def offer(self, ev):
        """The events released by `ev` (itself and those it was the gap before), in order."""
        g = ev.get("game")
        s = ev.get("seq")
        if not g or not s:
            return [ev]  # a live-only event outside the log: nothing to order
        if (g, s) <= (self.game, self.seq):
            return []
        if (g, s) == (self.game, self.seq + 1):
            self.seq = s
            return [ev] + self._drain()
        if not self.ahead.hold((g, s), ev):
            self.behind = True          # read back once the gap is filled
            return []
        return self._drain()

    def end_of_game(self, game, last, nxt=None):
        """A game's last seq and the game after it (an "eog"): the events they release."""
        if game < self.game:
            return []
        self.ends.hold(game, (last, nxt or game + 1))
        return self._drain()

    def tick(self, game, seq):
        if game and (game, seq) > (self.game, self.seq):
            self.behind = True

    def _drain(self):
        out = []
        while True:
            ev = self.ahead.pop((self.game, self.seq + 1), None)
            if ev is not None:
                out.append(ev)
                self.seq += 1
                continue
            end = self.ends.get(self.game)
            if end and end[0] <= self.seq and end[1] and (end[1], 1) in self.ahead:
                self.ends.pop(self.game)
                self.game, self.seq = end[1], 0
                continue
            break
        if self.ahead:
            self.behind = True
        return out
