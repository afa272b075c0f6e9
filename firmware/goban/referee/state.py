"""The referee's state, and the small API every part of the referee goes through.

`RefState` holds what the referee knows: the game both sides agreed on, its
phase, what the board should show now (`lines`, `lights`), what stands
announced, and the events not yet taken by the loop. Each thing is done one
way: `emit` an event, `show` the display and lights, `announce` an illegal
state (the same announcement again only redraws its lights), `refuse` a press,
`restored` when nothing stands any more, `enter` a phase. The moves, the
inferences and the phases (goban.referee.*) take a RefState and use these; none
writes fields another module owns.

Its fields come in small records made once at boot, so nothing is allocated
for them during a game:
    scales   the bowls and lids as counted (goban.referee.bowlwatch)
    wait     a stone waiting for its bowl's word (bowlwatch's witness)
    choice   an unseen move the player names (goban.referee.unseen)
    presses  button presses waiting for the board's look
    view     the look in progress: the frame's differences and what explains them
    counting the end of play: the evidence on stones the board cannot read
"""

from array import array

from goban import rules as R
from goban.game import Game
from goban.points import name as point_name, board_index, frame_index
from goban.referee.words import LETTER, NAMES
from goban.referee.diff import NO_TOL, CAP, fill_bytes, split
from goban.referee.phase import SETUP, PLAY, DEAD, OVER, FILL
from goban.referee import timing

CAPACITY = 400             # moves a game's history holds before it grows
ROOM = 16                  # mismatches of each kind a look lists without allocating
# no point lit: one list, never changed in place (a new [] at every prompt
# shown without lights was 32 B a move)
NO_LIGHTS = []  # type: list[int]

TYPE_CHECKING = False
if TYPE_CHECKING:  # mypy only: MicroPython has no typing module
    from typing import Any  # noqa: F401

class Scales:
    """The bowls and lids (goban.referee.bowlwatch): the last settled count of
    each scale, the start counts, and the stones in flight worked out from the
    counts' arrivals."""

    def __init__(self):
        self.seen = None                  # last settled count [B, W, lidB, lidW], or None
        self.spare = [-1, -1, -1, -1]     # the next reading's list: seen's before (bowlwatch)
        self.now = array("i", [-1, -1, -1, -1])   # the latest state (-1: not settled)
        self.start = None                 # [B, W] at the start (or after a resume)
        self.shown = None                 # start's values in the last bowls event: never changed
        self.checked = False              # the start-of-game check was made
        self.reads = None                 # readings taken of B and W (the loop's counter)
        self.witness_ms = 0               # 0: the bowls are no witness of a move
        # stones that left each bowl and came into each lid, from the counts'
        # changes ([_, B, W]; bowlwatch compares them with what the game used)
        self.out = array("i", [0, 0, 0])
        self.into = array("i", [0, 0, 0])
        # what each lid counted beyond what it held when the log's last bowls
        # event was written (a restart's: goban.referee.resume)
        self.lid_off = array("i", [0, 0, 0])
        # a bowl that gained a stone while one of its side's was out cannot tell
        # whether it came back from the hand or is a prisoner: it witnesses
        # nothing until a stone next leaves it
        self.unsure = bytearray(3)
        # a bowl whose start may be a stone low for the rest of the game (moves
        # played while a stray stone held the setup: bowlwatch.moves_at_ready):
        # it never says that no stone left it
        self.doubt = bytearray(3)
        # prisoners that may have gone into their owner's bowl unseen (a lid
        # short of them when they were all lifted): bowlwatch.lifted
        self.gift = array("i", [0, 0, 0])
        self.hidden = array("i", [0, 0, 0])   # stones counted out for a gift so far
        # stones come in since each bowl's last stone out that the game explained
        # none of (a prisoner returned, or an undone move's stone: bowlwatch.undone)
        self.extra = array("i", [0, 0, 0])
        self.behind_at = array("i", [0, 0, 0])   # since when each bowl has been behind the game
        # prisoners of each lid said missing (and written off) lately, and when
        self.missed = array("i", [0, 0, 0])
        self.missed_at = array("i", [0, 0, 0])
        # the lid of the last stone taken for a late prisoner while its colour
        # was to move (it may have been that side's pass stone:
        # passorder.repaid_pass), 0 none, and when it came
        self.repaid = 0
        self.repaid_at = 0
        # (moves << 6) | (colours << 4) | (colours << 2) | colours: the bowls
        # seen to lose two stones or more at once (beside a move), to take a
        # stone back, and to lose one, since the game last had that many moves
        # (a stone in a hand, whatever the totals say: bowlwatch; a stone put
        # back in its bowl, one beside a move: goban.referee.amend)
        self.took = 0
        self.lifted_at = array("i", [-1, -1, -1])   # when a capture into each lid was all lifted
        # stones said knocked off the board lately, and when: the stone the player
        # puts back may come from the bowl (bowlwatch.knocked)
        self.fixing = array("i", [0, 0, 0])
        self.fixing_at = array("i", [0, 0, 0])
        # when each lid last began to move (its reading unsettled: a stone
        # dropping in), and when the oldest stone it holds that the game does not
        # explain began to come in (-1: not seen): a pass stone lands before its
        # answer, a prisoner after its stone left the board (goban.referee.play)
        self.stir = array("i", [-1, -1, -1])
        self.gain_at = array("i", [-1, -1, -1])


class Wait:
    """A new stone whose mover's bowl has not yet said a stone left it."""

    def __init__(self):
        self.i = -1                       # the frame point waiting, or -1
        self.since = 0                    # ticks (ms) the wait began
        self.ms = 0                       # how long it waits before the next look
        self.reads = 0                    # the mover's bowl's readings when it began
        self.vouched = -1                 # a point the player vouched for (ok)
        self.pass_n = -1                  # the move after which a pass stone is awaited
        self.pass_since = 0               # ticks (ms) that wait began
        self.drift_since = -1             # ticks (ms) a restart's weak reading was first seen


class Choice:
    """An unseen move the player names (goban.referee.unseen)."""

    def __init__(self):
        self.points = None                # the dead points it may be on, or None
        self.k = 0                        # the one offered (lit yellow)


class Presses:
    """Presses that wait for the board's look (a stone still settling, a board
    not yet checked after a restart)."""

    def __init__(self):
        self.held = []                    # names, in order (at most four)
        self.since = 0                    # ms of the first
        self.looked = True                # the board was looked at since the (re)start
        self.end_refused = -1             # moves played when end was refused (goban.referee.dispute)
        self.bowl_since = -1              # ms a pass out of turn began to wait for the mover's bowl
        self.after = -1                   # ms the presses being released were pressed, if they waited for it
        self.fixing = False               # they wait for the board to be fixed (goban.referee.Referee.button)


class Counting:
    """The end of play (goban.referee.dead): what the board held when play
    ended, for the evidence on stones it cannot read, and the count held."""

    def __init__(self):
        self.held = -1                    # ms end was pressed while the count must wait
        self.began = 0                    # ms play ended (a pass this soon after: a late one)
        self.unsure = []                  # the stones nothing can tell lifted or not
        self.said = {}                    # frame point -> 1 lifted / 0 on the board: the players' word
        # (2 + colour: a stone on an empty point it cannot read, goban.referee.dead)
        self.asked = -1                   # the point the display asks about (lit yellow), since when
        self.asked_at = 0
        self.lid = array("i", [0, -1, -1])  # what each lid held when play ended
        self.lid_known = False
        self.strong = None                # each stone's strong readings in a row then
        # (made at the first end of play: from .mpy files the heap at boot is tight)

    def start(self, ref):
        """Play has just ended: note the lids and the stones' readings."""
        self.held = -1
        self.began = ref.now
        self.unsure = []
        self.said = {}
        self.asked = -1
        sc = ref.scales
        from goban.referee.bowlwatch import expected_lid   # (as restored(): loaded at boot)
        for c in (1, 2):
            # (-1: not weighed yet, as after a restart: its first weighing, then)
            k = sc.into[c] if sc.seen is not None and sc.seen[1 + c] >= 0 else -1
            # at least what the game puts there: prisoners still on their way
            # when play ended are no dead stones lifted when they land (seed
            # 19275 game 469: at tempo 0, two came after the passes, and two
            # live stones read weak in a burst of noise were counted lifted)
            e = expected_lid(ref, c)
            self.lid[c] = e if 0 <= k < e else k
        self.lid_known = sc.seen is not None
        if self.strong is None:
            self.strong = bytearray(ref.n)
        if ref.strong is not None:
            self.strong[:] = ref.strong
        else:
            fill_bytes(self.strong, ref.n, 0)


class View:
    """One look: the frame against the game (filled at each look, made once: its
    lists given room by the Referee (`reuse`) keep it, so a common look allocates
    nothing; one that lists more than ROOM grows them)."""

    def __init__(self):
        self.stable = None
        self.mis = 0                      # mismatches, all counted
        self.pend = 0                     # tolerated points still showing their old stone
        self.extra = []                   # stones the game lacks (frame indices)
        self.missing = []                 # stones the frame lacks
        self.changed = []                 # stones of the other colour
        self.waited = -1                  # the point that waited for its bowl at the last look
        self.search = None                # goban.referee.explain's answer for the frame
        self.searching = None             # the search the look reuses (made by Referee)
        self.hiding = None                # goban.referee.unseen's, made at its first use
        self.order = None                 # the moves to take
        self.unseen = None                # goban.referee.unseen's verdict for the frame
        self.rolled = None                # the moves with the last stone where it came to rest
        self.phantoms = None              # weak readings that cannot be stones
        self.captured_seen = -1           # a seen stone's move a new stone captured
        self.act = None                   # a look alone's action, for its next step (referee.act)
        self.act_now = 0                  # ... and the ticks of its look


class RefState:
    def __init__(self, size=19, clock=None):
        self.size = size
        self.n = n = size * size
        self.W = size + 1
        self.tol = bytearray(b"\xff" * n)    # tolerated values (NO_TOL: none)
        # the colour of a new stone a look saw at each point since the game last
        # changed (0: none): evidence of a move whose stone a later one captured
        # before the board took it (goban.referee.play._captured_unseen)
        self.seen = bytearray(n)
        self.out = array("H", bytes(2 * CAP))
        self.tolerated = array("H", bytes(2 * CAP))   # the tolerated points (moves.show_pending)
        self.faults = bytearray(n)        # fault points already reported
        self.n_faults = 0
        self.events = []
        # the records per-move events are made in, when the loop hands them back
        # (Referee.keep_records, goban.referee.records; None: every event a fresh dict)
        self.move_records = None          # type: Any
        self.bowls_records = None         # type: Any
        self.game = None  # type: Any
        # the game's arrays (5.5 KB on 19x19), made now while the heap is whole and
        # started afresh for each game (fresh_game): never looked for in a heap a
        # long session has cut up
        self.buffers = Game(R.get("chinese"), size, capacity=CAPACITY)
        self.phase = OVER
        self.info = {}                    # the game-start event
        self.clock = clock
        self.now = 0                      # the loop's ticks (ms) of this step
        self.dirty = True                 # look at the next quiet frame
        self.quiet = True                 # no point in transition at the last frame
        self.pending = None               # None, "capture", "undo", "resume"
        # what stands announced: its code (None: nothing) and the frame point it
        # names (-1: none); announce() makes a new event only when these change
        self.illegal = None
        self.announced = -1
        self.announced_at = 0             # ticks (ms) it was announced
        self.wrong_at = 0                 # ticks (ms) the first of those standing since
        # nothing did was announced (the board wrong, or a question, since then)
        self.resumed = False              # rebuilt from the log, no move since
        self.stale = False                # the look's frame reads otherwise next scan (a sensor rebased)
        self.replay_refused = None        # {seq, type, code}: where a resume stopped
        # what the board shows: the display's lines and the lit points (and a
        # second set beside them: the seki at the count, an unseen move's offer)
        self.lines = ["", ""]             # filled in place (a new pair a move was 16 B);
        self.lines_n = 0                  # what shows changed this many times
        self.lights = []
        self.light_color = "red"
        self.lights2 = []                 # type: list
        self.light_color2 = "yellow"
        self.ui_dirty = True
        self.turn_n = 0                   # the move number of turn_text, "move N": made
        self.turn_text = ""               # once a move
        self.pending_lines = -1           # lines_n when moves.show_pending showed last
        self.shown = -1                   # the clock's second the display shows (timing)
        # work too long to share a step with a scan: the loop sets `steps`, and
        # then such work is left in `job` for a step of its own; a look at a
        # changed frame too, when `look_alone` (the loop's budget) says so
        self.steps = False
        self.job = None                   # type: Any
        self.look_alone = False
        self.look_at = None               # type: Any
        self.dead = []                    # points lifted as dead (DEAD phase)
        self.seki = None                  # type: Any  # the players' seki marks (goban.referee.seki)
        self.filled = 0                   # white stones the fill put on the board
        self.fill_wait = False            # count asked for, white's bowl still settling
        self.remote = None                # goban.remote.Remote: the host's side's move
        # from the hardware: when each point's reading began (goban.settle's
        # stamps: the order stones arrived in), each stone's strong readings in
        # a row (goban.calibration's `steady`), and how to flag a sensor
        self.since = None
        self.move_stamp = -1              # the stamp of the last move's stone when it was taken
        self.ticks_of = None              # a stamp -> the loop's ticks (ms): when a stone landed (timing)
        self.strong = None
        self.mark_sensor = None
        self.rebase_sensor = None         # (i, -1): a sensor's baseline where it reads now;
                                          # (i, counts): as a restart's log kept it
        # a look due at a time of its own (look_again): since when, how long
        self.due = -1
        self.due_ms = 0
        self.scales = Scales()
        self.wait = Wait()
        self.choice = Choice()
        self.presses = Presses()
        self.view = View()
        self.counting = Counting()

    def fresh_game(self, rules, size=None):
        """A new game under `rules` in the arrays made at boot (another size:
        arrays of its own)."""
        if size is not None and size != self.size:
            return Game(rules, size, capacity=CAPACITY)
        g = self.buffers
        g.reset(rules)
        return g

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

    # --- events and what the board shows ------------------------------------------
    def emit(self, ev):
        """An event for the loop (log, buzzer, link), then the clock's."""
        self.events.append(ev)
        self.ui_dirty = True
        timing.follow(self, ev)

    def give_back(self, ev):
        """An event the loop sent: its record (if it is one) free again."""
        if self.move_records is not None:
            t = ev["type"]
            if t == "move":
                self.move_records.give_back(ev)
            elif t == "bowls":
                self.bowls_records.give_back(ev)

    def take_events(self):
        ev = self.events
        if ev:
            self.events = []
        return ev

    def move_events(self, into):
        """The new events appended to list `into`; their count. No new list a
        time, as take_events makes (the board loop's queue, every event)."""
        ev = self.events
        k = len(ev)
        if k:
            into.extend(ev)
            ev.clear()            # (its room shrinks in place: nothing allocated)
        return k

    def show(self, line1, line2="", lights=None, color="red"):
        """What the display says and which points are lit (nothing redone when
        it is already so)."""
        if line1 == self.lines[0] and line2 == self.lines[1] and color == self.light_color \
                and (self.lights == lights if lights else not self.lights):
            return
        lines = self.lines
        lines[0] = line1
        lines[1] = line2
        self.lines_n += 1
        self.lights = lights or NO_LIGHTS
        self.light_color = color
        self.ui_dirty = True

    def show_second(self, lit, color):
        """The second set of lit points (seki at the count, an unseen move's offer)."""
        if lit != self.lights2 or color != self.light_color2:
            self.lights2 = lit
            self.light_color2 = color
            self.ui_dirty = True

    # --- announcements -----------------------------------------------------------
    def announce(self, code, color, i, pts, extra=None, **kw):
        """An illegal state on the board: `code` (goban.referee.words), the
        point it names (frame index, or None), the points to light. The same
        code on the same point as what stands only redraws the lights; anything
        else is one `illegal` event (with `extra`'s fields) and the display."""
        j = i if i is not None else -1
        if code == self.illegal and j == self.announced:
            self.show(self.lines[0], self.lines[1], pts, "red")
            return
        g = self.game
        c = NAMES[color] if color else ""
        pname = self.name(i) if i is not None else ""
        kw.setdefault("q", "")
        kw.setdefault("l", "")
        kw.setdefault("n", len(pts))
        kw.setdefault("e", "")
        kw.setdefault("t", NAMES[g.to_move()])
        from goban.referee.texts import text_for
        text, fix = text_for(code, c=c, p=pname, **kw)
        ev = {"type": "illegal", "color": LETTER[color] if color else None, "point": pname or None,
              "code": code, "text": text, "fix": fix}
        if code == "slid":
            ev["to"] = kw["q"]
        if extra:
            ev.update(extra)
        self.unchoose()
        if self.illegal is None:
            self.wrong_at = self.now
        self.illegal = code
        self.announced = j
        self.announced_at = self.now
        if code == "knocked" and color:
            from goban.referee.bowlwatch import knocked
            knocked(self, color, pts)
        self.emit(ev)
        self.show("Illegal: " + code + (" " + pname if pname else ""), fix, pts)

    def refuse(self, code, color, **kw):
        """A refused button: said, but nothing stands (the board still matches)."""
        self.announce(code, color, None, [], **kw)
        self.illegal = None
        self.announced = -1

    def restored(self):
        """Nothing stands announced any more: say so."""
        ev = {"type": "restored"}
        if self.illegal is not None and self.illegal != "unseen" and self.illegal != "rolled" \
                and self.illegal != "hidden" and self.phase == PLAY:
            # (a question about a dead point is answered by a press: no stone
            # moved for it, a pass stone dropped meanwhile is one)
            from goban.referee.bowlwatch import fixed
            fixed(self, ev)               # (a lid's new count goes with it)
        self.illegal = None
        self.announced = -1
        self.unchoose()
        self.emit(ev)

    def unchoose(self):
        """No unseen move to choose any more: its light off."""
        if self.choice.points is not None:
            self.choice.points = None
            self.show_second([], self.light_color2)

    # --- work for a step of its own -------------------------------------------------
    def later(self, job):
        """Work too long to share a step with a scan (a function of the referee):
        left in `job` for a step of its own when a loop keeps the steps
        (`steps`), else done now."""
        if self.steps:
            self.job = job
        else:
            job(self)

    def flag_sensors(self, pts):
        """Sensors flagged as faulty (in play and at the count): the frame is
        stale until they read as faulty, so presses wait for the next look."""
        for i in pts:
            self.mark_sensor(i)
        self.dirty = True
        self.stale = True

    def look_again(self, ms):
        """Look at the board again in `ms` even if nothing changes."""
        self.due = self.now
        self.due_ms = ms

    def run_job(self):
        """The work left for a step of its own (`job`), done now."""
        job = self.job
        self.job = None
        if job is not None:
            job(self)

    # --- phases ----------------------------------------------------------------------
    def enter(self, phase):
        """The one place the phase changes."""
        self.phase = phase
        self.wait.i = -1                  # no stone waits for its bowl outside play
        if phase != FILL and phase != OVER:
            self.seki = None              # the seki marks are one end of play's (to its count)
        self.unchoose()
        if self.lights2:                  # the second set lit: one phase's alone
            self.show_second([], self.light_color2)
        if phase == DEAD:
            self.counting.start(self)

    def reset_phase(self, phase):
        """Enter a phase afresh: nothing tolerated, announced, lifted or filled;
        the board is looked at again."""
        self.enter(phase)
        self.dirty = True
        fill_bytes(self.tol, self.n, NO_TOL)
        fill_bytes(self.seen, self.n, 0)
        self.pending = None
        self.illegal = None
        self.announced = -1
        self.dead = []
        self.filled = 0
        self.fill_wait = False
        self.wait.vouched = -1

    def mismatch(self, stable, mis):
        """(extra, missing, changed): the mismatches of the last diff, split."""
        return split(stable, self.game.board.cells, self.out, mis, self.size)


__all__ = ("RefState", "Scales", "Wait", "Choice", "Presses", "View", "Counting", "SETUP")
