"""The in-process hub of the live feed: boards publish, displays subscribe, in order.

Sources (the serial link, an MQTT subscription, a replay, the demo) publish
events from any thread; the hub runs on one asyncio loop, keeps each board's
`LiveState` and hands every subscriber each update in the order it was
published. The optional delay holds everything back by a fixed time before any
display sees it (tournaments delay the public feed against cheating): the
states the hub keeps are the delayed ones, so nothing earlier leaks out.
"""

import asyncio
import collections
import json
import logging
import threading

from goboard.live.state import EventError, Ordered, clean_board_id

log = logging.getLogger("goboard.live.feed")


class Update:
    """One change of one board: the event (None for a whole snapshot) and the state after it."""

    __slots__ = ("board", "event", "state", "_json")

    def __init__(self, board, event, state):
        self.board = board
        self.event = event
        self.state = state
        self._json = None

    def json(self):
        """The update as the page receives it (serialised once, shared by every display)."""
        if self._json is None:
            self._json = json.dumps({"board": self.board, "event": self.event,
                                     "state": self.state}, separators=(",", ":"))
        return self._json


class Subscription:
    """An ordered stream of updates for some boards (all when `boards` is None)."""

    def __init__(self, feed, boards, limit):
        self.feed = feed
        self.boards = set(boards) if boards else None
        self.queue = asyncio.Queue()
        self.limit = limit
        self.overflowed = False

    def wants(self, board):
        return self.boards is None or board in self.boards

    def _put(self, update):
        if self.overflowed:
            return
        if self.queue.qsize() >= self.limit:
            # a display that stopped reading: drop it; it reconnects and starts from a snapshot
            self.overflowed = True
            self.queue.put_nowait(None)
            return
        self.queue.put_nowait(update)

    async def get(self):
        """The next update, or None when the subscription was dropped or closed."""
        return await self.queue.get()

    def close(self):
        self.feed._subs.discard(self)
        self.queue.put_nowait(None)

    def __aiter__(self):
        return self

    async def __anext__(self):
        u = await self.get()
        if u is None:
            raise StopAsyncIteration
        return u


class Feed:
    """Live states of many boards, fed by publishers, read by subscribers, after `delay` seconds."""

    def __init__(self, delay=0.0, queue_limit=20000):
        self.delay = float(delay)
        self.queue_limit = queue_limit
        self.states = {}                   # board -> its LiveState (the delayed one)
        self._order = {}                   # board -> Ordered around that state
        self.loop = None
        self._subs = set()
        self._held = collections.deque()   # (due time, kind, board, payload), oldest first
        self._timer = None
        self.skipped = 0                   # events that made no sense (see `last_error`)
        self.last_error = None
        # board -> the current game's events applied, from its game-start (None
        # when the feed did not see them all: it joined from a snapshot)
        self._events = {}

    def attach(self, loop=None):
        """Bind the hub to the loop it runs on (the running loop by default)."""
        self.loop = loop or asyncio.get_running_loop()
        return self

    # --- publishing (any thread) -------------------------------------------
    def publish(self, board, event):
        """A board's event: shown to displays after the delay, in publishing order."""
        self._submit("event", clean_board_id(board), event)

    def publish_snapshot(self, board, snapshot):
        """A whole state (a relay's retained state): adopted when it is ahead of ours."""
        self._submit("snapshot", clean_board_id(board), snapshot)

    def publish_link(self, board, up):
        """A board's source lost (False: the page says "(reconnecting)") or back (True)."""
        self._submit("link", clean_board_id(board), bool(up))

    def _submit(self, kind, board, payload):
        if self.loop is None:
            raise RuntimeError("Feed.attach(loop) first")
        try:
            running = asyncio.get_running_loop()
        except RuntimeError:
            running = None
        if running is self.loop:
            self._ingest(kind, board, payload)
        elif not self.loop.is_closed():
            # a source thread still reading while `serve` shuts down: nobody is
            # left to show it, so it is dropped rather than raised in that thread
            try:
                self.loop.call_soon_threadsafe(self._ingest, kind, board, payload)
            except RuntimeError:
                pass    # closed between the check and the call

    # --- the delay -----------------------------------------------------------
    def _ingest(self, kind, board, payload):
        if self.delay <= 0:
            self._release(kind, board, payload)
            return
        self._held.append((self.loop.time() + self.delay, kind, board, payload))
        if self._timer is None:
            self._timer = self.loop.call_at(self._held[0][0], self._release_due)

    def _release_due(self):
        self._timer = None
        now = self.loop.time()
        while self._held and self._held[0][0] <= now:
            _, kind, board, payload = self._held.popleft()
            self._release(kind, board, payload)
        if self._held:
            self._timer = self.loop.call_at(self._held[0][0], self._release_due)

    def held(self):
        """How many updates wait out the delay."""
        return len(self._held)

    # --- the states ----------------------------------------------------------
    def _release(self, kind, board, payload):
        order = self._order.get(board)
        if order is None:
            order = self._order[board] = Ordered(board)
            self.states[board] = order.state

        def update(ev):
            if ev is not None:
                self._keep(board, ev)
            return Update(board, ev, order.state.snapshot())
        if kind == "event":
            try:
                updates = order.offer(payload, update)
            except EventError as e:
                self.skipped += 1
                self.last_error = "board %s: %s" % (board, e)
                log.warning("skipped an event: %s", self.last_error)
                return
        elif kind == "link":
            order.state.link = None if payload else "reconnecting"
            updates = [update(None)]
        else:
            if not order.adopt(payload):
                return
            self.states[board] = order.state
            self._events[board] = None
            updates = [update(None)] + order.drain(update)
        for u in updates:
            self._emit(u)

    def _emit(self, update):
        for sub in list(self._subs):
            if sub.wants(update.board):
                sub._put(update)

    def _keep(self, board, ev):
        """The current game's events, for its SGF (at most MAX_KEPT: a board
        breaking the protocol costs no memory; the SGF then comes from the state)."""
        if ev.get("type") == "game-start":
            self._events[board] = [ev]
            return
        kept = self._events.get(board)
        if kept is not None:
            if len(kept) < self.MAX_KEPT:
                kept.append(ev)
            else:
                self._events[board] = None

    MAX_KEPT = 20000

    def game_events(self, board):
        """The events of the board's current game as the board sent them, from
        its game-start; where the feed did not see them all, the game as its
        state holds it (`LiveState.as_events`). None for a board never heard of."""
        s = self.states.get(board)
        if s is None:
            return None
        kept = self._events.get(board)
        if kept and kept[0].get("game") == s.game:
            return list(kept)
        return s.as_events()

    def boards(self):
        return sorted(self.states)

    def snapshot(self, board):
        """The state displays see now (None for a board never heard of)."""
        s = self.states.get(board)
        return s.snapshot() if s else None

    # --- subscribing (on the loop) -----------------------------------------
    def subscribe(self, boards=None):
        """Updates from now on; read the current snapshots first (no gap: same loop turn)."""
        sub = Subscription(self, boards, self.queue_limit)
        self._subs.add(sub)
        return sub


class FeedThread:
    """A Feed with its own loop in a background thread (for code that is not asyncio)."""

    def __init__(self, delay=0.0):
        self.loop = asyncio.new_event_loop()
        self.feed = Feed(delay).attach(self.loop)
        self._thread = threading.Thread(target=self._run, name="goboard-feed", daemon=True)
        self._ready = threading.Event()

    def _run(self):
        asyncio.set_event_loop(self.loop)
        self.loop.call_soon(self._ready.set)
        self.loop.run_forever()

    def start(self):
        self._thread.start()
        self._ready.wait()
        return self

    def call(self, coro, timeout=None):
        """Run a coroutine on the feed's loop and wait for its result."""
        return asyncio.run_coroutine_threadsafe(coro, self.loop).result(timeout)

    def stop(self):
        if self._thread.is_alive():
            self.loop.call_soon_threadsafe(self.loop.stop)
            self._thread.join(5)
        if not self.loop.is_running():
            self.loop.close()
