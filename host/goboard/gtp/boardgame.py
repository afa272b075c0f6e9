"""A game at the board against a side the host speaks for: an engine, a GTP controller.

The host's end of `goban.remote`. The other side's move goes to the board as an
`expect` request (the board lights it, a hand puts the stone, the referee takes
only that stone there); the person's moves come back as the referee's events.
Everything the board logs is synced to SGF as `goboard sync --follow` does
(journal, one file per game), so a game played against an engine is logged and
synced like any other.

Two threads share the serial link: one follows the board's events (in order,
once each, across garbled frames and reconnections: `record.sync.follow`) and
queues them; the caller's thread sends requests. `SharedLink` takes the port
in slices of 10 ms, so a request waits at most that long for it.

Moves are counted as the board numbers them: `claimed` is how many of the
game's moves the caller has been told of (its own included), so a move made
while nobody was waiting is still reported, once, in order.
"""

import queue
import threading
import time

from goboard.errors import UserError
from goboard.link.transport import Disconnected, HostLink, LinkError
from goboard.link.wire import token
from goboard.live.state import OTHER, LiveState
from goboard.record.sync import follow, sgf_path, sync_once

GONE = "gone"          # the queue's last word when the board stopped answering
REFRESH = 3.0          # seconds between the same expect request while a move is awaited


class BoardGone(UserError):
    """The board stopped answering (cable pulled for good, the simulator died)."""


class Refused(Exception):
    """The board refused a request: `code` (an illegal move's code when it has
    one: occupied, ko, suicide, not-your-turn...) and the board's words."""

    def __init__(self, text):
        Exception.__init__(self, text)
        self.text = text
        self.code = text.split(":", 1)[0].strip() if ":" in text else text


class Aborted(Exception):
    """The caller's `abort()` said to stop waiting (the controller went away)."""


class GameOver(Exception):
    """Play ended while a move was awaited: `how` is the end event."""

    def __init__(self, how):
        Exception.__init__(self, "play has ended (%s)" % how.get("reason"))
        self.how = how


class SharedLink(HostLink):
    """A HostLink two threads may use: the follower reads in 10 ms slices, a
    request holds the port until it is answered."""

    def __init__(self, *a, **kw):
        HostLink.__init__(self, *a, **kw)
        self.lock = threading.RLock()

    def recv(self, timeout=0.1):
        deadline = time.monotonic() + timeout
        while True:
            with self.lock:
                m = HostLink.recv(self, max(0.0, min(0.01, deadline - time.monotonic())))
            if m is not None or time.monotonic() >= deadline:
                return m

    def send(self, msg):
        with self.lock:
            return HostLink.send(self, msg)

    def request(self, *a, **kw):
        with self.lock:
            return HostLink.request(self, *a, **kw)

    def reopen(self):
        with self.lock:
            HostLink.reopen(self)


class BoardGame:
    """The board on `port`, its games synced into `out` (SGF per game, with
    `meta`'s PB/PW/EV/RO). `listeners` get every event, in order, in the
    caller's thread (the simulator's stand-in player keeps its engine in step)."""

    def __init__(self, port, out, meta=None, reconnect_timeout=30, say=None):
        self.link = SharedLink(port, reconnect=True, reconnect_timeout=reconnect_timeout)
        self.out = out
        self.meta = dict(meta or {})
        self.say = say or (lambda *a: None)
        self.events = queue.Queue()
        self.listeners = []
        self.state = LiveState()
        self.moves = []          # the current game's moves: (colour, "dd" / "" / "abandon")
        self.claimed = 0
        self.journal = None
        self.hello = None
        self.gone = None         # why the board stopped answering
        self.closing = False
        self.thread = None

    # --- the link ------------------------------------------------------------------
    def open(self):
        """Hello, fetch what the journal lacks, then follow the board's events."""
        self.link.open()
        self.journal, _ = sync_once(self.link, self.out, self.meta, say=lambda *a: None)
        self.hello = self.link.board
        for g in self.journal.games()[-1:]:
            for ev in self.journal.events(g):
                self._apply(ev)       # the current game as it stands
                for f in self.listeners:
                    f(ev)
        self.thread = threading.Thread(target=self._follow, daemon=True)
        self.thread.start()
        return self

    def _follow(self):
        try:
            follow(self.link, self.journal, self.out, self.meta, stop=lambda: self.closing,
                   say=lambda *a: None, on_event=lambda serial, ev: self.events.put(ev))
        except (LinkError, UserError, OSError) as e:
            self.events.put((GONE, str(e)))

    def close(self):
        self.closing = True
        if self.thread is not None:
            self.thread.join(3)
        self.link.close()

    @property
    def serial(self):
        return self.journal.serial if self.journal else "board"

    @property
    def size(self):
        return int((self.hello or {}).get("size") or 19)

    def sgf(self, game=None):
        """The SGF file of a game (default: the current one)."""
        return sgf_path(self.out, self.serial, game or self.state.game or 1)

    def request(self, msg, kind, timeout=2.0):
        """One request; its answer. Refused for the board's `error`, BoardGone
        when the board does not come back."""
        if self.gone:
            raise BoardGone("the board stopped answering: %s" % self.gone)
        deadline = time.monotonic() + 30
        while True:
            try:
                return self.link.request(msg, kind, timeout=timeout)
            except Disconnected:
                if time.monotonic() > deadline:
                    raise BoardGone("the board on %s is gone" % self.link.url)
                time.sleep(0.2)
            except LinkError as e:
                text = str(e)
                if "does not answer" in text:
                    raise BoardGone(text)
                raise Refused(text.split(": ", 1)[-1])

    # --- events ---------------------------------------------------------------------
    def _apply(self, ev):
        t = ev.get("type")
        if t == "game-start":
            self.moves = []
            self.claimed = 0
        elif t == "move":
            self.moves.append((ev["color"], ev["point"]))
        elif t == "correct" and self.moves:
            k = ev.get("number")          # the last stone came to rest there, or an
            if not isinstance(k, int) or not 0 < k <= len(self.moves):   # earlier move was there
                k = len(self.moves)
            self.moves[k - 1] = (ev["color"], ev["point"])
        elif t == "pass":
            self.moves.append((ev["color"], ""))
        elif t == "abandon":
            self.moves.append((ev["color"], "abandon"))
        elif t == "play-on" and ev.get("pass") and ev.get("by") in ("B", "W"):
            self.moves.append((ev["by"], ""))    # play resumed: the asker's turn handed over
        elif t == "undo" and self.moves:
            self.moves.pop()
            self.claimed = min(self.claimed, len(self.moves))
        try:
            self.state.apply(ev)
        except ValueError:
            pass                       # the live reducer's complaint: the game goes on

    def pump(self, timeout=0.0):
        """Take the events that came (waiting up to `timeout` for the first);
        returns them, applied and handed to the listeners."""
        got = []
        try:
            item = self.events.get(timeout=timeout) if timeout > 0 else self.events.get_nowait()
            while True:
                if isinstance(item, tuple) and item[0] == GONE:
                    self.gone = item[1]
                    raise BoardGone("the board stopped answering: %s" % item[1])
                self._apply(item)
                got.append(item)
                for f in self.listeners:
                    f(item)
                item = self.events.get_nowait()
        except queue.Empty:
            pass
        return got

    def wait(self, done, abort=None, timeout=None, again=None):
        """Pump events until `done()` is true (checked first). `abort()` true
        raises Aborted; `timeout` seconds raise BoardGone; `again()` is called
        every REFRESH seconds (a request sent again: a restarted board lost it)."""
        deadline = None if timeout is None else time.monotonic() + timeout
        next_again = time.monotonic() + REFRESH
        while not done():
            if abort is not None and abort():
                raise Aborted()
            now = time.monotonic()
            if deadline is not None and now > deadline:
                raise BoardGone("the board did not answer in %ss" % timeout)
            if again is not None and now > next_again:
                next_again = now + REFRESH
                again()
            self.pump(0.05)

    def wait_a_while(self, done, seconds):
        """Pump events for up to `seconds` or until `done()`; returns done()."""
        deadline = time.monotonic() + seconds
        while not done() and time.monotonic() < deadline:
            self.pump(0.05)
        return done()

    def board_state(self):
        """The board's own dump (`state` request)."""
        return self.request({"k": "state"}, "state")["state"]

    # --- the game ----------------------------------------------------------------------
    def new_game(self, rules, komi=None, handicap=0, setup=None, force=True, extra=None):
        """A new game at the board; returns once its game-start is in (the
        answer: game, rules, komi, handicap, first)."""
        msg = {"k": "new", "rules": rules, "handicap": int(handicap or 0),
               "id": token()}
        if komi is not None:
            msg["komi"] = komi
        if setup:
            msg["setup"] = list(setup)
        if force:
            msg["force"] = True
        msg.update(extra or {})
        ans = self.request(msg, "new", timeout=2.0)
        self.wait(lambda: self.state.game == ans["game"] and self.state.rules is not None,
                  timeout=30)
        if setup and sorted(self.state.snapshot()["stones"]["B"]) != sorted(setup):
            raise Refused("this board cannot take free handicap stones")
        return ans

    def fresh(self, rules, komi=None, players=None):
        """The board's current game is a new one with these settings (and these
        players and game data, when given): no move yet, nothing set up, not over
        (a game to play instead of starting another)."""
        from goban.rules import get
        st = self.state
        komi = komi if komi is not None else get(rules).komi
        return (st.game is not None and st.number == 0 and st.end is None
                and st.rules == rules and st.komi == komi and not st.handicap
                and (players is None or st.players == players))

    def unclaimed(self):
        return self.moves[self.claimed] if self.claimed < len(self.moves) else None

    def ended(self):
        """The end event's fields once play has ended (resignation included), else None."""
        return self.state.end

    def play(self, color, move, abort=None):
        """The other side's move at the board: move is an SGF point, "" (pass)
        or "resign". Returns once the board took it (a stone: once a hand put
        it there and the referee accepted it). Refused (its code) for a move
        the board cannot take; GameOver if play ends meanwhile."""
        if move == "resign":
            self.request({"k": "expect", "color": color, "move": "resign",
                          "id": token()}, "expect")
            self.wait(lambda: self.state.end is not None, abort)
            return
        self._catch_up()
        n = len(self.moves)
        msg = {"k": "expect", "color": color, "move": move or "pass",
               "id": token()}
        self.request(msg, "expect")

        def again():
            # the same request (the same id: a board that has it answers as
            # before; one that restarted lights the move again)
            try:
                self.request(msg, "expect")
            except Refused:
                pass
        self.wait(lambda: len(self.moves) > n or self.state.end is not None, abort, again=again)
        if len(self.moves) > n:
            self.claimed = n + 1
            got = self.moves[n]
            if got != (color, move):
                raise Refused("the board recorded %s %s instead" % got)
            return
        raise GameOver(self.state.end)

    def _catch_up(self):
        """Moves nobody was told of are overtaken by the caller's next move."""
        self.pump()
        self.claimed = len(self.moves)

    def person(self, color, abort=None):
        """The person's next move for `color`: ("move", "dd"), ("pass", ""),
        ("abandon", "") or ("resign", ""). GameOver when play ends otherwise."""
        def ready():
            return self.unclaimed() is not None or self.state.end is not None
        self.wait(ready, abort)
        mv = self.unclaimed()
        if mv is not None:
            self.claimed += 1
            c, p = mv
            if c != color:
                raise Refused("%s played, not %s" % (c, color))
            return ("abandon", "") if p == "abandon" else ("pass", "") if p == "" else ("move", p)
        end = self.state.end
        if end.get("reason") == "resign" and end.get("winner") == OTHER[color]:
            return ("resign", "")
        raise GameOver(end)

    def hold(self, color):
        """`color`'s next move comes from the host: the board takes no stone of
        that colour until it is sent (the display says the other side is thinking)."""
        try:
            self.request({"k": "expect", "color": color, "move": "wait",
                          "id": token()}, "expect")
        except Refused:
            pass                  # play ended with the last move: nothing to hold

    def release(self, note=""):
        """No move is expected from the host any more; the board keeps `note`
        on its display above whose turn it is ("" for none)."""
        if self.closing or self.gone:
            return
        try:
            self.request({"k": "expect", "clear": True, "note": note}, "expect", timeout=1.0)
        except (Refused, BoardGone, UserError):
            pass

    def undo(self):
        """Take back the last move at the board (Refused: the rules allow none)."""
        n = len(self.moves)
        self.request({"k": "undo", "id": token()}, "undo")
        self.wait(lambda: len(self.moves) < n, timeout=30)

    def count(self, abort=None):
        """The count event, once the board has counted (after the dead-stone
        phase: the person lifts the dead stones and presses end). None after a
        resignation or a void game."""
        def counted():
            return self.state.result is not None or (
                self.state.end is not None and self.state.end.get("reason") in ("resign", "void"))
        self.wait(counted, abort)
        return self.state.result
