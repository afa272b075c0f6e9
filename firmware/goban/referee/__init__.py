"""The referee: the position the game expects against the stable frame -> events.

A state machine that never waits: `frame()` looks at one stable frame and returns,
`button()`, `bowls()` handle one input each. Whatever happens is appended to
`events` (small dicts, documented in firmware/README.md, "Referee") for the loop
to log and announce; `lights` and `lines` say what the board should show now.

This module holds the state and the dispatch; each phase and each inference is a
module of its own (firmware/README.md, "How the referee is split"):
    setup    a new game: the board cleared, handicap stones on their points
    play     moves, captures waiting to be lifted, takebacks, the play buttons
    dead     play has ended: the dead stones lifted, then end/ok
    fill     Ing with a scale under white's bowl: white fills its area from its bowl
    scoring  the count (goban.count) and the Ing fill check
    resume   the game rebuilt from the log after a restart (imported only then)
    catchup  stones placed while the board was off, taken as the moves they are
    unseen   a move on a dead sensor, told by the bowls
    window   several changes in one quiet window: the moves in them, in order
    bowlwatch  bowls and lids: pass stones, the start-of-game check, prisoners
    announce the decision tree of what to announce, a pure function
    timing   the clock (goban.clock) following the referee's events
Phases are a table: FRAMES[phase] looks at a frame, BUTTONS[phase] takes a
press, and `_enter` is the one place the phase changes.

In play the referee compares the stable frame with `game.board`. Points that may
differ for a while without being wrong are *tolerated* (`tol`): stones captured
by the last move until a hand lifts them, and after a takeback the lifted stone
and the captures put back. Anything else that differs is illegal and announced
once, with the point, the reason and the fix; play resumes when the board
matches again ("restored"). Nothing is ever taken off the game by an illegal
placement: the game only changes through accepted moves and buttons.

The frame path (`frame()` with nothing new) allocates nothing: the diff is one
viper pass into a preallocated uint16 buffer.
"""

from goban import rules as R
from goban.game import Game, PASS, PASS_STONE, ABANDON
from goban.board import BLACK, WHITE, EMPTY
from goban.count import counter_for
from goban.points import name as point_name, board_index, frame_index
from goban.referee.words import (LETTER, COLOR, NAMES, TITLES, PHASE_NAMES, PHYSICAL,
                                 RECHECK, text_for)
from goban.referee.diff import diff_frame, split, fill_bytes, faults_to_look, FAULT, NO_TOL, CAP
from goban.referee.phase import SETUP, PLAY, DEAD, OVER, FILL
from goban.referee import setup, play, dead, fill, bowlwatch, timing
from goban.clock import Clock
from goban.players import FIELDS as GAME_FIELDS
from array import array

TYPE_CHECKING = False
if TYPE_CHECKING:  # mypy only: MicroPython has no typing module
    from typing import Any

# what looks at a frame and what takes a press, by phase (OVER: nothing)
# a press while a stone is still settling waits for the board's look (at most this
# long, so a hand that never leaves the board cannot hold a press for ever)
HOLD_MS = 1500

FRAMES = (setup.frame, play.frame, dead.frame, None, fill.frame)
BUTTONS = (None, play.button, dead.button, None, fill.button)


def look(ref):
    """The referee's look at the frame it was given, as a job (Referee.frame)."""
    ref._look(ref.look_at)


class Referee:
    def __init__(self, size=19, clock=None):
        self.size = size
        self.n = n = size * size
        self.W = size + 1
        self.tol = bytearray(b"\xff" * n)
        self.marked = bytearray(n)        # points covered by the announced illegal
        self.out = array("H", bytes(2 * CAP))
        self.tolerated = array("H", bytes(2 * CAP))   # the tolerated points (play.show_pending)
        # the counter's buffers (~13 KB on 19x19) are taken now, at boot, not at the
        # end of a long game when the heap may be too fragmented to give them
        counter_for(size)
        self.events = []
        self.game = None  # type: Any
        self.phase = OVER
        self.dirty = True
        self.pending = None               # None, "capture", "undo", "resume"
        self.illegal = None               # code of the announced illegal, or None
        self.lights = []
        self.light_color = "red"
        # a second set lit beside the first (DEAD: the seki blocks, yellow, beside
        # the dead stones; goban.referee.dead): the loop shows it over `lights`
        self.lights2 = []                 # type: list
        self.light_color2 = "yellow"
        self.seki = None                  # type: Any  # the players' seki marks (seki.SekiMarks)
        # an unseen move the player chooses (goban.referee.unseen): the dead points
        # it may be on (frame indices) and the one lit now
        self.choice = None                # type: Any
        self.choice_k = 0
        # work too long to share a step with a scan (DEAD: the count of the seki to
        # light, ~5 ms on the RP2040): the loop sets `steps`, and then such work is
        # left in `job` (a function of the referee) for a step of its own
        self.steps = False
        self.job = None                   # type: Any
        # the look at a frame that changed too (its bytecode: up to ~6 ms on the
        # RP2040, beside a scan's 3.5 ms): the loop sets it when it keeps time
        self.look_alone = False
        self.look_at = None               # type: Any  # the frame the look waits to see
        self.lines = ("", "")
        self.ui_dirty = True
        self.faults = bytearray(n)        # fault points already reported
        self.n_faults = 0
        self.dead = []                    # points lifted as dead (DEAD phase)
        self.bowl_seen = None             # last settled reading [B, W, lidB, lidW]
        self.bowl_start = None            # [B, W] at the start (or after a resume)
        self.checked = False              # the start-of-game bowl check was made
        self.bowl_now = (-1, -1, -1, -1)  # the scales' latest state (-1: unsettled)
        self.filled = 0                   # white stones the fill put on the board
        self.fill_wait = False            # count asked for, white's bowl still settling
        self.info = {}                    # the game-start event
        self.resumed = False              # rebuilt from the log, no move since
        self.replay_refused = None        # {seq, type, code}: where a resume stopped
        self.looked = True                # the board was looked at since the (re)start
        self.deferred = []                # presses waiting for a look at the board
        self.quiet = True                 # no point in transition at the last frame
        self.held_at = 0                  # when the first waiting press came (ms)
        self.recheck = False              # the bowls changed while "unseen" was shown
        self.clock = clock if clock is not None else Clock()   # spec None: no clock
        self.now = 0                      # the loop's ticks (ms) of this step
        self.shown = -1                   # the second the display shows (timing)
        self.ages = None                  # scans each point has read its value (goban.settle)
        # per point, strong steady readings in a row (goban.calibration's `steady`):
        # 0 where a stone reads only weakly (past the threshold, not well past it)
        self.strong = None
        self.mark_sensor = None           # flags a sensor faulty (Calibration.mark_fault)
        self.remote = None                # goban.remote.Remote: the host's side's move, once asked
        # the bowls as a second witness of a move (bowlwatch.witness): a new stone
        # whose mover's bowl is settled with no stone out waits up to witness_ms
        self.witness_ms = 0               # 0: the bowls are no witness (the loop sets it)
        self.turn_line = (0, "")          # (move number, "move N"): show_turn's line, made once
        self.wait_i = -1                  # the frame point waiting for its bowl, or -1
        self.wait_since = 0               # ticks (ms) its wait began
        self.wait_ms = 0                  # how long it waits before the next look
        # readings taken of the B and W bowls so far (the loop keeps them: a
        # verdict needs readings taken after the stone came); None: every
        # reading the referee is given counts as fresh
        self.bowl_reads = None
        self.wait_reads = 0               # the mover's bowl's readings when the wait began
        self.vouched = -1                 # a point the player vouched for (ok on no-stone-out)

    # --- coordinates -----------------------------------------------------------
    def p_of(self, i):
        """Frame index -> board index."""
        return board_index(i, self.size)

    def i_of(self, p):
        """Board index -> frame index."""
        return frame_index(p, self.size)

    def name(self, i):
        """Frame index -> SGF name."""
        return point_name(i, self.size)

    def sgf(self, p):
        """Board index -> SGF name."""
        return self.game.board.sgf(p)

    # --- events and what the board shows ------------------------------------------
    def _emit(self, ev):
        self.events.append(ev)
        self.ui_dirty = True
        timing.follow(self, ev)

    def _show(self, line1, line2="", lights=None, color="red"):
        if line1 == self.lines[0] and line2 == self.lines[1] and color == self.light_color \
                and (self.lights == lights if lights else not self.lights):
            return        # already shown: no display page or lights frame to redo
        self.lines = (line1, line2)
        self.lights = lights or []
        self.light_color = color
        self.ui_dirty = True

    def later(self, job):
        """Work too long to share a step with a scan (a function of the referee):
        left in `job` for a step of its own when a loop keeps the steps
        (`steps`), else done now."""
        if self.steps:
            self.job = job
        else:
            job(self)

    def run_job(self):
        """The work left for a step of its own (`job`), done now."""
        job = self.job
        self.job = None
        if job is not None:
            job(self)

    def take_events(self):
        ev = self.events
        if ev:
            self.events = []
        return ev

    # --- phases ----------------------------------------------------------------------
    def _enter(self, phase):
        """The one place the phase changes."""
        self.phase = phase
        self.wait_i = -1                  # no stone waits for its bowl outside play
        if phase != FILL and phase != OVER:
            self.seki = None              # the seki marks are one end of play's (to its count)
        self.choice = None                # an unseen move's choice is play's alone
        if self.lights2:                  # the seki lit beside the dead stones: DEAD's alone
            self.lights2 = []
            self.ui_dirty = True

    def _reset_phase(self, phase):
        """Enter a phase afresh: nothing tolerated, announced, lifted or filled;
        the board is looked at again."""
        self._enter(phase)
        self.dirty = True
        fill_bytes(self.tol, self.n, NO_TOL)
        fill_bytes(self.marked, self.n, 0)
        self.pending = None
        self.illegal = None
        self.dead = []
        self.filled = 0
        self.fill_wait = False
        self.wait_i = -1
        self.vouched = -1

    def _restored(self):
        """The board matches again after an announced illegal: say so, unlight."""
        self.illegal = None
        self._unchoose()
        fill_bytes(self.marked, self.n, 0)
        self._emit({"type": "restored"})

    def _unchoose(self):
        """No unseen move to choose any more (goban.referee.unseen): its light off."""
        if self.choice is not None:
            self.choice = None
            self.lights2 = []
            self.ui_dirty = True

    # --- the state the host asks for ------------------------------------------------
    def state(self):
        """The referee's current state as a small dict (the link's `state` answer):
        phase, rules, komi, handicap, size, position rows ('X' black, 'O' white,
        '.' empty), to_move, move (moves played, passes included), last ('dd',
        "" for a pass), captures {B, W}, over/end, and what the board waits for
        (illegal code, pending capture/takeback). Built only when asked."""
        d = {"phase": PHASE_NAMES[self.phase], "size": self.size}
        g = self.game
        if g is None:
            return d
        n = g.n
        last = None
        if n:
            p = g.move_point(n)
            last = g.board.sgf(p) if p > ABANDON else ""
        d.update({"rules": g.rules.id, "komi": g.rules.komi, "handicap": g.handicap,
                  "rows": g.board.rows(), "to_move": LETTER[g.to_move()], "move": n,
                  "last": last, "captures": {"B": int(g.captures[BLACK]),
                                             "W": int(g.captures[WHITE])},
                  "over": g.over, "end": g.end, "illegal": self.illegal,
                  "pending": self.pending, "clock": timing.spec(self),
                  "players": {k: self.info[k] for k in GAME_FIELDS if self.info.get(k)}})
        return d

    # --- a new game --------------------------------------------------------------
    def new_game(self, rules="chinese", komi=None, handicap=0, size=None, first=None,
                 serial="", profile="", by=None, setup=None, game=None):
        """Start a game (buttons and display, or the host). Emits game-start;
        `by` says who chose it ("menu", "host", "start") and is logged with it.
        `setup`: black's handicap stones as SGF points (free placement, an SGF's
        AB); without it a handicap goes on the traditional points. `game`:
        players, event, round and clock spec, checked by the caller."""
        if size and size != self.size:
            raise ValueError("this board is %dx%d" % (self.size, self.size))
        r = rules if isinstance(rules, R.Rules) else R.get(rules)
        if komi is not None:
            r = r.copy(komi=komi)
        g = Game(r, self.size, capacity=400)
        if setup:
            setup = [g.board.from_sgf(s) for s in setup]
            g.setup(black=setup, to_move=WHITE)
            g.handicap = handicap or len(setup)
        elif handicap and handicap >= 2:
            setup = g.place_handicap(handicap)
        else:
            setup = []
        if first:
            g.first = COLOR[first]
        self.game = g
        ev = {"type": "game-start", "size": self.size, "rules": r.id, "komi": r.komi,
              "handicap": handicap or 0, "first": LETTER[g.to_move()],
              "setup": {"B": [g.board.sgf(p) for p in setup], "W": []},
              "serial": serial, "profile": profile}
        if by:
            ev["by"] = by
        if game:
            ev.update(game)
        self.info = ev
        self.remote = None                # what the host expected belonged to the last game
        self.deferred = []                # presses meant for the last game
        self._reset_phase(SETUP)
        self.bowl_start = None
        self.checked = False
        self._emit(ev)
        self._prompt_setup()
        return ev

    def _prompt_setup(self):
        g = self.game
        if g.setup_black:
            self._show("Setup: handicap %d" % len(g.setup_black), "place the lit stones",
                       [self.i_of(p) for p in g.setup_black])
        else:
            self._show("New game: " + g.rules.id, "clear the board")

    def set_players(self, fields):
        """Players and game data for the game in play (checked by the caller):
        a `players` event, and the state shows them from now on."""
        ev = {"type": "players"}
        ev.update(fields)
        self.info = dict(self.info)
        self.info.update(fields)
        self._emit(ev)
        return ev

    # --- resume after a restart -----------------------------------------------
    def resume(self, events):
        """Rebuild the game from the log's events of the current game (in order);
        the board is checked against it at the next frame. Returns the game (None
        for a log without one). See goban.referee.resume."""
        from goban.referee.resume import resume
        return resume(self, events)

    # --- the frame ---------------------------------------------------------------
    def frame(self, stable, changed, quiet):
        """One stable frame. `changed`: its stable values changed this scan;
        `quiet`: no point is in transition. Looks only when something changed
        and the whole frame has settled; never waits."""
        if changed:
            self.dirty = True
        elif self.wait_i >= 0 and (self.now - self.wait_since) & 0x3FFFFFFF >= self.wait_ms:
            self.dirty = True             # a stone's wait for its bowl is over: look again
        self.quiet = quiet
        if not self.dirty or not quiet or self.game is None:
            if self.deferred and self.looked and \
                    (quiet or self.now - self.held_at >= HOLD_MS):
                self._release_presses()
            return 0
        self.dirty = False
        if self.look_alone and self.job is None:
            self.look_at = stable
            self.job = look         # the loop runs it in the next step, before any scan
            return 0
        return self._look(stable)

    def _look(self, stable):
        """The look at a settled frame that changed: the phase's own, then the
        presses that waited for it. Returns the number of events it made."""
        before = len(self.events)
        self._faults(stable)
        g = self.game
        r = diff_frame(stable, g.board.cells, self.tol, self.out, CAP, self.size)
        look = FRAMES[self.phase]
        if look is not None:
            look(self, stable, r & 0x3FF, (r >> 10) & 0x3FF)
        if not self.looked or self.deferred:
            # the board is checked (against the resumed game, or the stone that
            # was settling when a button was pressed): presses act now, in order
            self.looked = True
            self._release_presses()
        return len(self.events) - before

    def _release_presses(self):
        held = self.deferred
        self.deferred = []
        for name in held:
            self.button(name, True)

    def _faults(self, stable):
        """Sensors that cannot be read (3: dead, stuck) or whose readings wander
        (4: unstable, goban.calibration) are reported once, and again when they
        read again; the diff lets them match anything."""
        if not faults_to_look(stable, self.faults, self.n):
            return              # no fault now and none reported: one native pass
        for i in range(self.n):
            v = stable[i]
            if v >= FAULT:
                if self.faults[i] != v:
                    if not self.faults[i]:
                        self.n_faults += 1
                    self.faults[i] = v
                    self._emit({"type": "sensor-fault", "point": self.name(i),
                                "what": "unstable" if v > FAULT else "dead"})
            elif self.faults[i]:
                self.faults[i] = 0
                self.n_faults -= 1
                self._emit({"type": "sensor-ok", "point": self.name(i)})

    def _mismatch(self, stable, mis):
        """(extra, missing, changed): the listed mismatches, split."""
        return split(stable, self.game.board.cells, self.out, mis, self.size)

    # --- buttons ----------------------------------------------------------------
    def button(self, name, held=False):
        """A debounced button press: "pass", "B:pass", "resign", "W:resign", "end",
        "abandon", "undo", "ok". `held`: a press that waited (see below) acts now."""
        if self.game is None:
            return
        if not self.looked or not (self.quiet or held):
            # just restarted (the board is not checked yet: a torn move may be
            # on it, still to be caught up), or a stone is still settling (fast
            # play: "pass" pressed just after the other side's stone was let
            # go): the press waits for the look that takes that stone first
            if not self.deferred:
                self.held_at = self.now
            if len(self.deferred) < 4:
                self.deferred.append(name)
            return
        color = None
        if ":" in name:
            c, name = name.split(":", 1)
            color = COLOR.get(c)
        take = BUTTONS[self.phase]
        if take is not None:
            take(self, name, color)

    # --- announcements -----------------------------------------------------------------
    def _refuse(self, code, color, **kw):
        """A refused button: announced, but the board still matches, so no wait."""
        self._illegal(code, color, None, [], **kw)
        self.illegal = None

    def _illegal(self, code, color, i, pts, extra=None, **kw):
        """Announce an illegal: one event (with `extra`'s fields), the display,
        the points lit red."""
        g = self.game
        c = NAMES.get(color, "")
        pname = self.name(i) if i is not None else ""
        kw.setdefault("q", "")
        kw.setdefault("l", "")
        kw.setdefault("n", len(pts))
        kw.setdefault("e", "")
        text, fix = text_for(code, c=c, p=pname, t=NAMES[g.to_move()], **kw)
        ev = {"type": "illegal", "color": LETTER.get(color), "point": pname or None,
              "code": code, "text": text, "fix": fix}
        if code == "slid":
            ev["to"] = kw["q"]
        if extra:
            ev.update(extra)
        self._unchoose()
        self.illegal = code
        for j in pts:
            self.marked[j] = 1
        self._emit(ev)
        self._show("Illegal: " + code + (" " + pname if pname else ""), fix, pts)

    # --- bowls and lids (goban.referee.bowlwatch) ------------------------------------
    def bowls(self, b, w, lid_b=-1, lid_w=-1):
        """Settled stone counts (-1: not fitted or not settled). See bowlwatch."""
        bowlwatch.bowls(self, b, w, lid_b, lid_w)


__all__ = ["Referee", "SETUP", "PLAY", "DEAD", "OVER", "FILL", "FAULT", "NO_TOL", "CAP",
           "LETTER", "COLOR", "NAMES", "TITLES", "PHASE_NAMES", "PHYSICAL", "text_for",
           "diff_frame", "RECHECK", "PASS", "PASS_STONE", "ABANDON", "EMPTY", "BLACK", "WHITE"]
