"""The tournament clock at the board: both players' time as a small state machine.

The board knows when a move is made, so it runs the clock itself: the mover's
time stops when the move is complete (the stone landed, or the pass, pass
stone, abandon; a capture's move when its last prisoner is off the board) and
the opponent's starts; with the `press` option a player's time stops at a
press of the clock button instead (after lifting the captures: a press while
they wait does nothing). An answer played while the capture is still on the
board ends the capturer's move at the latest when the answer landed. Time systems, as a spec string the host shares:

    absolute:900            900 s each, a loss when it runs out
    byoyomi:600+3x30        Japanese: 600 s, then 3 periods of 30 s; a move inside
                            a period gives it back whole, a period run out is gone
    canadian:600+20/300     600 s, then 20 moves in each 300 s
    fischer:300+10          300 s, 10 s added after each move
    ing:12600+3x2100@2      Ing (seed 002, 时差罚点 with the Ing timer): main time,
                            then overtime periods; entering each costs 2 penalty
                            points (罚点), a loss when the last one runs out.
                            `ing` alone is 3 h 30 min + 3 x 35 min @ 2 points (the
                            Ing Cup's timer); `ing:MAIN` takes periods of MAIN/6.

A time is whole seconds, or with units: `90`, `10m`, `3h30m`, `1h5m30s`.
Options after a comma: `press` (the clock switches at the mover's press),
`run-on-illegal` (keep the clock running while the board shows an illegal
position; by default it pauses, as an arbiter stops the clock, until the board
is fixed). `parse(spec)` raises ClockError with one clear line for a bad spec.

Everything is integer milliseconds in one int array of fixed size (no float, no
allocation while time runs): `step(now_ms)` is called every board-loop step and
only charges the running side. Ticks are the caller's (time.ticks_ms on the
Pico, 30-bit wrapping; the simulator's clock), compared modulo 2**30.

Events (dicts the board loop logs and sends like the referee's):
`clock` {B, W, run, paused, spec} after every move, at the start, after the
host changed it, at a resume, and as a `tick` (with "tick": true) while a
player thinks: when an overtime period is entered (with "entered": true: a
byo-yomi period lost, Ing's penalty points charged) and every tenth of the
time the thinker had left in the current stage (main time or the period), at
least every TICK_MS and at most every TICK_MIN_MS. A side is {main, period,
periods, moves, penalty} in ms / counts. While a capture waits to be lifted
the event carries "lift": the capturer, whose time runs (removing the
prisoners is part of its move). When a side's time runs out the event
carries "flag": "B"/"W" and the caller ends the game (`W+T` / `B+T`); a
charge never flags without that event. The log of these events is the
clock's memory across power cuts: `resume_log(events)` rebuilds it (time the
board was off is charged to nobody; penalties and periods entered are in the
log; at most one tick interval of the thinker's time before the cut is lost
with it).

A move is charged by the time its stone landed (`at`: goban.settle's stamp,
the loop's ticks), not when the referee took it: the thinker's time is charged
`lag` ms behind the loop (the longest a stone landed in time may take to
become a move: the board loop sets it from the settle window), so a stone
that landed before the period ran out is in time, and one after it is a flag.
"""

from array import array

from goban.compat import const
# (the menu and the host take these from here too)
from goban.clockdefs import ABSOLUTE, BYOYOMI, CANADIAN, FISCHER, ING, ING_POINTS, ING_PART, \
    MAX_S, ClockError

TYPE_CHECKING = False
if TYPE_CHECKING:  # mypy only
    from typing import Any

TICK_MS = 20000           # a tick event while a player thinks at least this often ...
TICK_MIN_MS = 1000        # ... at most this often ...
TICK_PART = 10            # ... else each tenth of the time left in the stage: what a cut may lose
STEP_MS = 50              # the thinker's time is charged this often (a flag is this late at most)

# pause reasons (bits)
P_HOST = const(1)         # the host (arbiter) stopped the clock
P_ILLEGAL = const(2)      # the board shows an illegal position
P_IDLE = const(4)         # not started yet, or play is over

# per side: slots of the state array (black at 0, white at _SIDE)
_MAIN = const(0)          # main time left, ms
_PER = const(1)           # time left in the current overtime period, ms
_PERIODS = const(2)       # byo-yomi: periods left (the current one counted); Ing: not yet entered
_MOVES = const(3)         # Canadian: moves still to play in the current period
_PEN = const(4)           # Ing: penalty points
_SIDE = const(5)
# the clock's own slots, after both sides
_RUN = const(10)          # 0: nobody's time runs, 1 black, 2 white (the one to move)
_PAUSE = const(11)        # P_* bits
_SINCE = const(12)        # ticks when time was last charged
_FLAG = const(13)         # 0, or the colour whose time ran out
_TICKED = const(14)       # ticks of the last tick event
_WAIT = const(15)         # press mode: colour that moved and has not pressed yet
_NEXT = const(16)         # ticks of the next charge step() makes
_LIFT = const(17)         # colour whose capture waits to be lifted (its time runs)
_TICK = const(18)         # ms between the thinker's ticks (a tenth of its time left)
_ENTER = const(19)        # a side entered an overtime period since the last event
_SLOTS = const(20)

_MASK = const(0x3FFFFFFF)  # MicroPython's ticks period is 2**30
_HALF = const(0x20000000)  # a difference this big (mod 2**30) is negative: not yet
LETTER = ("", "B", "W")

def parse(spec):
    """A spec string -> Spec; ClockError naming what is wrong. The words of
    parsing live in goban.clockspec, loaded when first needed: heap a game
    without a clock never needs."""
    from goban.clockspec import parse
    return parse(spec)


class Clock:
    """Both players' clocks under one Spec. `on_event(ev, now)` follows the
    referee's events; `step(now)` charges the thinker and returns a tick or
    flag event when one is due (else None)."""

    def __init__(self, spec=None):
        self.st = array("i", bytes(4 * _SLOTS))
        self.spec = None  # type: Any
        self.lag = 0      # ms the thinker's charge trails the loop (a stone in transit)
        if spec is not None:
            self.configure(spec)

    # --- settings -----------------------------------------------------------
    def configure(self, spec):
        """A new game's clock (a Spec or a spec string): both sides full, not running."""
        if not hasattr(spec, "system"):     # a spec string (else a goban.clockspec.Spec)
            spec = parse(spec)
        self.spec = spec
        st = self.st
        for i in range(_SLOTS):
            st[i] = 0
        for c in (1, 2):
            self._fill(c)
        st[_PAUSE] = P_IDLE

    def _fill(self, c):
        sp = self.spec
        b = (c - 1) * _SIDE
        st = self.st
        st[b + _MAIN] = sp.main * 1000
        st[b + _PEN] = 0
        st[b + _MOVES] = sp.moves
        if sp.system == ING:
            st[b + _PER] = 0            # a period starts when it is entered
            st[b + _PERIODS] = sp.periods
        else:
            st[b + _PER] = sp.period * 1000
            st[b + _PERIODS] = sp.periods

    @property
    def on(self):
        """A clock is set for this game."""
        return self.spec is not None

    def running(self):
        """The colour whose time runs now (1 black, 2 white), or 0."""
        st = self.st
        return st[_RUN] if not st[_PAUSE] and not st[_FLAG] else 0

    def paused(self):
        """Why the clock stands: P_* bits (0: not paused)."""
        return self.st[_PAUSE]

    def flagged(self):
        """0, or the colour whose time ran out."""
        return self.st[_FLAG]

    def shown(self):
        """The whole seconds the display shows for the side whose time runs
        (main time, else the current period; rounded up), -1 when none runs.
        Called every scan: one call, no allocation."""
        st = self.st
        c = st[_RUN]
        if not c or st[_PAUSE] or st[_FLAG]:
            return -1
        b = (c - 1) * _SIDE
        m = st[b + _MAIN]
        if m <= 0:
            m = st[b + _PER]
        return (m + 999) // 1000

    def penalty(self, c):
        """Ing penalty points of colour c (1 black, 2 white)."""
        return self.st[(c - 1) * _SIDE + _PEN]

    # --- time passing ---------------------------------------------------------
    def _charge(self, now):
        """The time since the last charge to the side whose time runs (nothing
        for a time before it). No allocation."""
        st = self.st
        e = (now - st[_SINCE]) & _MASK
        if e >= _HALF:
            return
        st[_SINCE] = now
        c = st[_RUN]
        if c and not st[_PAUSE] and not st[_FLAG]:
            self._use(c, e)

    def _at(self, now, at):
        """The ticks a move or a lift is charged at: when it happened (`at`,
        None: now), never after now nor before the last charge."""
        st = self.st
        if at is None or (now - at) & _MASK >= _HALF:
            return now
        if (at - st[_SINCE]) & _MASK >= _HALF:
            return st[_SINCE]
        return at

    def _retick(self, now):
        """The thinker's next tick: after a tenth of the time it has left in
        its stage (main time, else the period), within TICK_MIN_MS..TICK_MS."""
        st = self.st
        st[_TICKED] = now
        c = st[_RUN]
        t = TICK_MS
        if c:
            b = (c - 1) * _SIDE
            m = st[b + _MAIN]
            t = (m if m > 0 else st[b + _PER]) // TICK_PART
        st[_TICK] = TICK_MIN_MS if t < TICK_MIN_MS else TICK_MS if t > TICK_MS else t

    def _use(self, c, e):
        """Take e ms from colour c: main time, then the overtime its system gives.
        (Main time and the period are drained by the same lines written out on
        purpose: the common charge, main time only, stays a few bytecodes.)"""
        st = self.st
        b = (c - 1) * _SIDE
        m = st[b + _MAIN]
        if m > e:
            st[b + _MAIN] = m - e
            return
        e -= m
        st[b + _MAIN] = 0
        system = self.spec.system
        if m > 0 and (system == BYOYOMI or system == CANADIAN):
            st[_ENTER] = c                  # overtime begins
        while True:
            p = st[b + _PER]
            if p > e:
                st[b + _PER] = p - e
                return
            e -= p
            st[b + _PER] = 0
            if system == BYOYOMI and st[b + _PERIODS] > 1:
                st[b + _PERIODS] -= 1       # that period is gone, the next starts whole
                st[b + _PER] = self.spec.period * 1000
                st[_ENTER] = c
            elif system == ING and st[b + _PERIODS] > 0:
                st[b + _PERIODS] -= 1       # entering an overtime period costs its points
                st[b + _PEN] += self.spec.points
                st[b + _PER] = self.spec.period * 1000
                st[_ENTER] = c
            else:
                if system == BYOYOMI:
                    st[b + _PERIODS] = 0
                st[_FLAG] = c
                return

    def step(self, now):
        """Called every loop step: charges the thinker up to `lag` ms ago (every
        STEP_MS: a flag falls at most lag + STEP_MS late, the time charged is
        exact); returns the `clock` event of a flag (time ran out), of an
        overtime period entered or of a tick when one is due, else None."""
        st = self.st
        if not st[_RUN] or st[_FLAG] or (now - st[_NEXT]) & _MASK >= _HALF:
            return None               # not yet STEP_MS since the last charge
        st[_NEXT] = (now + STEP_MS) & _MASK
        self._charge((now - self.lag) & _MASK)
        if st[_FLAG]:
            return self.event(flag=True)
        if st[_PAUSE]:
            return None
        if st[_ENTER]:
            st[_ENTER] = 0
            self._retick(now)
            ev = self.event(tick=True)
            ev["entered"] = True      # the log holds the period and its penalty at once
            return ev
        if (now - st[_TICKED]) & _MASK >= st[_TICK]:
            self._retick(now)
            return self.event(tick=True)
        return None

    # --- the game's events ------------------------------------------------------
    def start(self, color, now):
        """Play begins (the board is ready): `color`'s time runs."""
        st = self.st
        st[_RUN] = color
        st[_SINCE] = now
        st[_NEXT] = now
        st[_PAUSE] &= ~P_IDLE
        self._retick(now)
        return self.event()

    def moved(self, color, now, at=None, lift=False):
        """`color` moved (a stone that landed at `at`, a pass, a pass stone, an
        abandon): its time stops at `at` (unless its capture waits to be lifted,
        `lift`, or the press option waits for its press) and the per-move rule
        of the system applies; the opponent's time starts. A flag that fell
        before `at` ends the game; a stone that landed before it was in time.
        (Few locals: a bigger frame is a heap block on MicroPython.)"""
        if self.st[_FLAG]:
            return None
        now = self._at(now, at)
        self._charge(now)
        if self.st[_FLAG]:
            return self.event(flag=True)
        self._turn(color, now, lift)
        if self.st[_LIFT] or self.spec.press:
            return None
        return self.event()

    def _turn(self, color, t, lift):
        """The turn passes at ticks t (moved, and its replay with no time)."""
        st = self.st
        w = st[_LIFT] or st[_WAIT]
        if w and w != color:
            self._switch(w, t)        # the opponent played before lifting or pressing: as if done
        if lift:
            st[_LIFT] = color         # removing the prisoners is part of the move
        if lift or self.spec.press:
            st[_RUN] = color
            st[_WAIT] = color if self.spec.press else 0
            return
        self._switch(color, t)

    def lifting(self):
        """The colour whose capture waits to be lifted (its time runs), or 0."""
        return self.st[_LIFT]

    def lifted(self, color, now, at=None):
        """The last prisoner of `color`'s capture is off the board (at `at`):
        its move is complete, the opponent's time starts (with the press
        option, at its press). None when no capture of `color`'s waited."""
        st = self.st
        if st[_LIFT] != color or st[_FLAG]:
            return None
        t = self._at(now, at)
        return self._done(color, t)

    def _lifted(self, color, t):
        self.st[_LIFT] = 0
        if not self.spec.press:
            self._switch(color, t)

    def press(self, color, now):
        """The clock button (press option): the player who moved stops its time.
        `color` 0: a shared button, for whoever waits. None when nothing to do
        (nobody waits, or the prisoners are not all lifted yet)."""
        st = self.st
        w = st[_WAIT]
        if not w or (color and color != w) or st[_FLAG] or st[_LIFT]:
            return None
        return self._done(w, now)

    def _done(self, color, t):
        """`color`'s move is complete at ticks t: its prisoners are off (a
        capture waited) or, with the press option, it pressed. The thinker is
        charged up to t: the flag's event when its time ran out first, else the
        clock's (lifted and press share it: one path from charge to event)."""
        self._charge(t)
        st = self.st
        if st[_FLAG]:
            return self.event(flag=True)
        if st[_LIFT]:
            self._lifted(color, t)
        else:
            self._switch(color, t)
        return self.event()

    def _switch(self, color, now):
        sp = self.spec
        st = self.st
        b = (color - 1) * _SIDE
        if st[b + _MAIN] == 0:
            if sp.system == BYOYOMI:
                st[b + _PER] = sp.period * 1000     # a move inside the period gives it back
            elif sp.system == CANADIAN:
                st[b + _MOVES] -= 1
                if st[b + _MOVES] <= 0:             # the period's moves made: a new period
                    st[b + _MOVES] = sp.moves
                    st[b + _PER] = sp.period * 1000
        if sp.system == FISCHER:
            st[b + _MAIN] += sp.inc * 1000
        st[_WAIT] = 0
        st[_LIFT] = 0
        st[_RUN] = 3 - color
        st[_SINCE] = now
        self._retick(now)

    def undone(self, color, now):
        """A takeback: `color` is to move again (no time is given back); a
        takeback after the end of play lets the clock run again."""
        st = self.st
        self._charge(now)
        st[_RUN] = color
        st[_WAIT] = 0
        st[_LIFT] = 0
        st[_PAUSE] &= ~P_IDLE
        self._retick(now)

    def pause(self, reason, now):
        self._charge(now)
        self.st[_PAUSE] |= reason

    def resume(self, reason, now):
        st = self.st
        self._charge(now)
        st[_PAUSE] &= ~reason
        self._retick(now)

    def stop(self, now):
        """Play is over: both clocks stand."""
        self.pause(P_IDLE, now)

    def on_event(self, ev, now, at=None):
        """Follow one referee event (`at`: the ticks a move's stone landed);
        returns a `clock` event to log after it, or None. A charge that made
        a flag fall returns the flag's event, whatever the event was."""
        flag = self.st[_FLAG]
        ev = self._follow(ev, now, at)
        if ev is None and self.st[_FLAG] and not flag and self.spec is not None:
            return self.event(flag=True)
        return ev

    def _follow(self, ev, now, at):
        t = ev.get("type")
        if t == "game-start":
            spec = ev.get("clock")
            if spec:
                self.configure(spec)
            else:
                self.spec = None
                self.st[_RUN] = 0         # a game without a clock: step() does nothing
            return None
        if self.spec is None:
            return None
        st = self.st
        if t == "ready":
            return self.start(2 if ev.get("to_move") == "W" else 1, now)
        if t == "move":
            return self.moved(2 if ev.get("color") == "W" else 1, now, at,
                              bool(ev.get("captures")))
        if t in ("pass", "abandon"):
            return self.moved(2 if ev.get("color") == "W" else 1, now)
        if t == "lifted":
            return self.lifted(2 if ev.get("color") == "W" else 1, now, at)
        if t == "undo":
            self.undone(2 if ev.get("color") == "W" else 1, now)
            return self.event()
        if t == "play-on":            # the end of play taken back: as a takeback
            self.undone(2 if ev.get("to_move") == "W" else 1, now)
            return self.event()
        if st[_PAUSE] & P_IDLE and t in ("illegal", "restored"):
            return None               # not in play: nothing to pause
        if t == "illegal" and ev.get("point") and self.spec.pause_illegal \
                and not st[_PAUSE] & P_ILLEGAL:
            self.pause(P_ILLEGAL, now)
            return self.event()
        if t == "restored" and st[_PAUSE] & P_ILLEGAL:
            self.resume(P_ILLEGAL, now)
            return self.event()
        if t in ("end", "resign", "count") and not st[_PAUSE] & P_IDLE:
            self.stop(now)
            return self.event()
        return None

    # --- the host (arbiter) --------------------------------------------------------
    def host(self, req, now):
        """The host's `clock` request: {"spec": new system (both sides start
        full), "pause": true/false, "B"/"W": {main, period, periods, moves,
        penalty} (ms / counts: a correction)}. ClockError (nothing changed) for
        a bad value. Returns the `clock` event (with "by": "host", and "set":
    true for a new spec)."""
        spec = req.get("spec")
        new = parse(spec) if spec else None
        fixes = []
        for key in ("B", "W"):
            d = req.get(key)
            if d is None:
                continue
            if not isinstance(d, dict):
                raise ClockError("clock %s: a correction is {main, period, periods, moves, "
                                 "penalty}" % key)
            for k in d:
                lim = LIMITS.get(k)
                v = d[k]
                if lim is None:
                    raise ClockError("clock %s: unknown field %r (known: %s)"
                                     % (key, k, ", ".join(FIELDS)))
                if not isinstance(v, int) or isinstance(v, bool) or not 0 <= v <= lim:
                    raise ClockError("clock %s.%s must be a whole number 0..%d, not %r"
                                     % (key, k, lim, v))
                fixes.append((1 if key == "B" else 2, k, v))
        pause = req.get("pause")
        if pause is not None and not isinstance(pause, bool):
            raise ClockError("clock pause must be true or false, not %r" % (pause,))
        if new is None and self.spec is None:
            raise ClockError("no clock is set for this game: send a spec first")
        st = self.st
        if new is not None:
            run, paused = st[_RUN], st[_PAUSE]
            self.configure(new)
            st[_RUN] = run
            st[_PAUSE] = paused
            st[_SINCE] = now
            st[_NEXT] = now
            self._retick(now)
        else:
            self._charge(now)
        for c, k, v in fixes:
            st[(c - 1) * _SIDE + SLOT[k]] = v
            if k in ("main", "period") and st[_FLAG] == c and v > 0:
                st[_FLAG] = 0             # the arbiter gave time back
        if pause is True:
            self.pause(P_HOST, now)
        elif pause is False:
            self.resume(P_HOST, now)
        ev = self.event()
        ev["by"] = "host"
        if new is not None:
            ev["set"] = True          # a new time system, not a correction
        return ev

    # --- the record -------------------------------------------------------------------
    def side(self, c):
        st = self.st
        b = (c - 1) * _SIDE
        return {"main": st[b + _MAIN], "period": st[b + _PER], "periods": st[b + _PERIODS],
                "moves": st[b + _MOVES], "penalty": st[b + _PEN]}

    def event(self, tick=False, flag=False):
        """The clock now, as a `clock` event (allocates: only when something happened)."""
        st = self.st
        st[_ENTER] = 0                # a period entered is in this event
        ev = {"type": "clock", "B": self.side(1), "W": self.side(2),
              "run": LETTER[st[_RUN]], "paused": st[_PAUSE] != 0}
        if tick:
            ev["tick"] = True
        else:
            ev["spec"] = self.spec.text()
        if st[_PAUSE]:
            ev["why"] = "host" if st[_PAUSE] & P_HOST else \
                "illegal" if st[_PAUSE] & P_ILLEGAL else "idle"
        if st[_WAIT]:
            ev["press"] = LETTER[st[_WAIT]]
        if st[_LIFT]:
            ev["lift"] = LETTER[st[_LIFT]]
        if flag or st[_FLAG]:
            ev["flag"] = LETTER[st[_FLAG]]
        return ev

    def load(self, ev):
        """Take a logged `clock` event's state (a resume)."""
        st = self.st
        if ev.get("spec"):
            sp = parse(ev["spec"])
            if self.spec is None or sp.text() != self.spec.text():
                self.configure(sp)
        for key, c in (("B", 1), ("W", 2)):
            d = ev.get(key) or {}
            for k in FIELDS:
                if isinstance(d.get(k), int):
                    st[(c - 1) * _SIDE + SLOT[k]] = d[k]
        run = ev.get("run")
        st[_RUN] = 1 if run == "B" else 2 if run == "W" else 0
        why = ev.get("why")
        st[_PAUSE] = 0 if not ev.get("paused") else \
            P_HOST if why == "host" else P_ILLEGAL if why == "illegal" else P_IDLE
        p = ev.get("press")
        st[_WAIT] = 1 if p == "B" else 2 if p == "W" else 0
        p = ev.get("lift")
        st[_LIFT] = 1 if p == "B" else 2 if p == "W" else 0
        f = ev.get("flag")
        st[_FLAG] = 1 if f == "B" else 2 if f == "W" else 0

    def resume_log(self, events, now):
        """Rebuild the clock from the current game's logged events (in order):
        the game-start's spec, the last `clock` state, and the moves logged
        after it (a record torn by the cut: the turn passes, no time is
        charged). Time runs again from `now`. Returns a `clock` event saying
        so (with "resumed": true), or None when the game has no clock."""
        self.spec = None
        for ev in events:
            self.replay(ev)
        return self.resumed(now)

    def replay(self, ev):
        """One logged event of the game being resumed, in order (resume_log's
        step: the referee's resume feeds the events it reads one by one)."""
        t = ev.get("type")
        if t == "game-start":
            self.on_event(ev, 0)
        elif self.spec is None:
            return
        elif t == "clock":
            self.load(ev)
        elif t == "ready":             # its clock record torn: play had begun
            self.st[_RUN] = 2 if ev.get("to_move") == "W" else 1
            self.st[_PAUSE] &= ~P_IDLE
        elif t in ("move", "pass", "abandon"):
            self._turn(2 if ev.get("color") == "W" else 1, 0,
                       t == "move" and bool(ev.get("captures")))
        elif t == "lifted":
            c = 2 if ev.get("color") == "W" else 1
            if self.st[_LIFT] == c:
                self._lifted(c, 0)
        elif t == "undo" or t == "play-on":
            self.st[_RUN] = 2 if ev.get("color" if t == "undo" else "to_move") == "W" else 1
            self.st[_WAIT] = 0
            self.st[_LIFT] = 0
            self.st[_PAUSE] &= ~P_IDLE
        elif t == "restored":
            self.st[_PAUSE] &= ~P_ILLEGAL
        elif t in ("end", "resign", "count"):
            self.st[_PAUSE] |= P_IDLE

    def resumed(self, now):
        """After the replay: time runs again from `now`; the `clock` event
        saying so ("resumed": true), or None when the game has no clock."""
        if self.spec is None:
            return None
        st = self.st
        st[_SINCE] = now
        st[_NEXT] = now
        st[_ENTER] = 0
        self._retick(now)
        ev = self.event()
        ev["resumed"] = True
        return ev

    def text(self, c):
        """Colour c's time in a few characters for the board's display:
        '1:02:03', '59:59', byo-yomi '27s/3', Canadian '4:32/12', flag 'time'."""
        st = self.st
        if st[_FLAG] == c:
            return "time"
        b = (c - 1) * _SIDE
        m = st[b + _MAIN]
        if m > 0 or self.spec.system in (ABSOLUTE, FISCHER):
            return clock_text(m)
        p = st[b + _PER]
        if self.spec.system == BYOYOMI:
            return "%ds/%d" % ((p + 999) // 1000, st[b + _PERIODS])
        if self.spec.system == CANADIAN:
            return "%s/%d" % (clock_text(p), st[b + _MOVES])
        return "%s-%d" % (clock_text(p), st[b + _PEN])


def clock_text(ms):
    """ms -> 'h:mm:ss' or 'm:ss' (whole seconds, rounded up: 0.2 s left shows 0:01)."""
    s = (ms + 999) // 1000
    h = s // 3600
    if h:
        return "%d:%02d:%02d" % (h, (s // 60) % 60, s % 60)
    return "%d:%02d" % (s // 60, s % 60)


FIELDS = ("main", "period", "periods", "moves", "penalty")
SLOT = {"main": _MAIN, "period": _PER, "periods": _PERIODS, "moves": _MOVES, "penalty": _PEN}
LIMITS = {"main": MAX_S * 1000, "period": MAX_S * 1000, "periods": 99, "moves": 999,
          "penalty": 999}
