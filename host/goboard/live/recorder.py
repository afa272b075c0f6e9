"""Games as SGF files from what a relay publishes on MQTT (`goboard record --mqtt`).

A sink for `live.sources.MqttSource`: each board's events go to a journal of
its own (`record.journal`, as `goboard sync` keeps one), in (game, seq) order
whatever order they arrive in (one after a gap waits for it), once each; each
game's SGF is written from it as sync writes it. A game whose first events the
recorder never saw (it joined while the game was on and the broker kept no
queue for it) is written from the live state instead (the relay's retained
state, then the events: `LiveState.as_events`: the moves, the players, the
result, no clock times), until a game it sees whole begins. The recorder's
MQTT session persists (a fixed client id), so when it is stopped and started
again the broker hands it what was published meanwhile.
"""

import sys
import threading

from goboard.errors import UserError
from goboard.link.sequence import Reorder
from goboard.live.state import EventError, Ordered, clean_board_id
from goboard.record.journal import Journal
from goboard.record.sync import sgf_path, write_game, write_record

HELD = 5000          # events after a gap held a board (the nearest kept)


class _Board:
    """One board: its journal, the events waiting for a gap, its live state."""

    def __init__(self, out, board):
        self.journal = Journal(out, board)
        self.order = Ordered(board)
        self.waiting = Reorder(HELD)
        self.dirty = set()


class MqttRecorder:
    """Receives (board, event) and (board, snapshot) from any thread; `flush()`
    writes the games that changed (`say(path)` once a file is new)."""

    def __init__(self, out, boards=None, say=None):
        self.out = out
        self.wanted = set(boards) if boards else None
        self.say = say or (lambda path: None)
        self.boards = {}
        self.lock = threading.Lock()
        self.written = set()
        self.refused = set()
        self.events = 0

    def _board(self, board):
        """The board's record (made when first heard of), None for a board not wanted."""
        board = clean_board_id(board)
        if self.wanted is not None and board not in self.wanted:
            return None
        b = self.boards.get(board)
        if b is None:
            b = self.boards[board] = _Board(self.out, board)
        return b

    # --- the sink (MqttSource) -------------------------------------------------------
    def publish(self, board, ev):
        with self.lock:
            b = self._board(board)
            if b is None:
                return
            try:
                b.order.offer(ev)
            except EventError:
                return                      # nonsense: not recorded
            game, seq = ev.get("game"), ev.get("seq")
            if not isinstance(game, int) or not isinstance(seq, int) or game < 1 or seq < 1:
                return                      # outside any game's log
            b.waiting.hold((game, seq), ev)
            self._drain(b)
            b.dirty.add(game)

    def publish_snapshot(self, board, snap):
        with self.lock:
            b = self._board(board)
            if b is not None and b.order.adopt(snap):
                b.order.drain()
                if isinstance(snap.get("game"), int):
                    b.dirty.add(snap["game"])

    def publish_link(self, board, up):
        """A relay's board link state: nothing to record."""

    def _drain(self, b):
        """Journal the waiting events that follow what it holds, in order."""
        j = b.journal
        while b.waiting:
            game, seq = key = min(b.waiting)
            have = j.have(game)
            if seq <= have:
                del b.waiting[key]          # held already
            elif seq == have + 1:
                try:
                    self.events += j.add(game, [b.waiting.pop(key)])
                except UserError as e:
                    self._refuse(game, b, e)
                    b.waiting.pop(key, None)
            elif any(g > game for g, _ in b.waiting):
                # a later game is here: this one's start never came (the recorder
                # joined late), its SGF is the state's
                for k in [k for k in b.waiting if k[0] == game]:
                    del b.waiting[k]
            else:
                return

    # --- the files ---------------------------------------------------------------------
    def flush(self):
        """Write every game that changed since the last flush; how many were written."""
        n = 0
        with self.lock:
            for board, b in sorted(self.boards.items()):
                dirty, b.dirty = b.dirty, set()
                for game in sorted(dirty):
                    try:
                        r = self._write(board, b, game)
                    except UserError as e:
                        self._refuse(game, b, e)
                        continue
                    if r == "written":
                        n += 1
                        path = sgf_path(self.out, b.journal.serial, game)
                        if path not in self.written:
                            self.written.add(path)
                            self.say(path)
        return n

    def _write(self, board, b, game):
        j = b.journal
        if j.have(game):
            return write_game(j, game, self.out, {})
        st = b.order.state
        if st.game != game:
            return None                     # neither its start nor its state
        events = st.as_events()
        if len(events) < 2:
            return None                     # nothing played yet
        meta = j.meta(game)
        return write_record(sgf_path(self.out, j.serial, game), events,
                            {"serial": board, "date": meta["seen"]})

    def _refuse(self, game, b, e):
        key = (b.journal.serial, game)
        if key not in self.refused:
            self.refused.add(key)
            print("goboard record: board %s game %d not written: %s"
                  % (b.journal.serial, game, e), file=sys.stderr, flush=True)
