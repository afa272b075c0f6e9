"""The board's main loop: scan -> classify -> settle -> referee -> log, announce, link.

`step(now_ms)` does at most one scan and returns; nothing in it waits. The clock
is the caller's (time.ticks_ms on the Pico, the simulator's clock in the sim),
so the same loop runs on the board and in the simulator, scan for scan.

Every referee event goes, in order, to the game log on flash (first, so a power
cut loses at most the event being written), then to the buzzer and the link
(`send_event(ev, payload)`: the log's JSON of it; `poll(now_ms)` every step),
then the display and lights show the referee's state. Host requests and a new
game flush everything at once (`_drain`), since they answer with the result.

The jobs. Each is a slot (`_J_*`) in `cost`, the most it cost lately (us, on
the Pico: `pace`), learned by `_learn` at its own fade (`_FADE`: a peak forgotten
1/2**k a run; slow where the cost goes with what the job meets, so that the
common cheap runs do not make the next dear one look cheap). The jobs that wait
together are a lane (`_L_*`, their steps waited in `waited`); `_admit` picks a
lane's next job (the output's: `_ready_out`) and runs it:

    lane      slot        ready when                          runs                fade
    SCALE     _J_READ     bowls, no news waiting              a scale read        5
              _J_NEWS     a scale's count changed (then, too) the referee told    5
              _J_STIR     ... a bowl only started moving      the referee told    5
    BUTTONS   _J_BUTTONS  buttons, no press held              their poll          5
    POLL      _J_POLL     a link                              its poll            8
    OUT       _J_LOG      an event queued, not logged         its log write       8
              _J_SEND     an event queued and logged          beep and send       5
              _J_LIGHTS   the referee's state changed         the lights' write   8
              _J_DRAW     the lights went out                 the display drawn   8
              _J_PAGE     a display page still to go          one page sent       5
    (frame)   _J_LOOK     a settled frame changed             the referee's look  8

The table stays here, and `_admit` and `_ready_out` follow it slot by slot
(tests/unit/test_loop_table.py holds the two together), rather than a boot table
of ready and run: its bound methods would take ~0.5 KB of heap at boot (16 B
each on the RP2040), which neither install has, and a call a job in every idle
step; tools/bench_chip.py times each job by replacing the loop's methods on the
instance, which a table made at boot would escape.

The step (`step`), first match wins:

    case                                        the step does
    the board's diagnostics on                  theirs (goban.diag)
    before the scan period is up                the link's poll
    the heap due a look, the board quiet        gc.mem_free, or a collection
    after a scanning step: a press held         the press (no scan)
    ... or `_solo()`: the referee's long work   the job alone, then OUT (a move's
                                                or a count's output first, but
                                                never before a look's action)
    ... a move's or a count's output (SOLO,     OUT, then SCALE if it waited
        HEAVY; a move's on the Pico only)       FORCE steps
    ... a lane that waited FORCE steps          SCALE (if it waited), then OUT
                                                (the link polled first)
    otherwise                                   the scan (and the look where it
                                                fits: `_frame`), then the lanes
                                                SCALE, BUTTONS, POLL, OUT if a
                                                stone waits for its bowl; else
                                                BUTTONS, POLL and SCALE, OUT in
                                                the order of the longer wait

One admission loop (`_admit`) runs the lanes a step names: each lane's jobs
while one is ready and fits (the step's time so far plus the job's cost and
`JOB_US` stays under `budget_us`; a wrap of the microsecond clock reads
negative: it runs; the referee's look beside the scan, `_frame`, alike); the
first job of a step of its own runs whatever it costs. A lane whose first job
does not fit waits, and after FORCE steps gets a step of its own, but the
buttons run beside the scan whatever they cost once they waited FORCE steps
(their driver debounces by polls: a press held ~100 ms wants its polls, not a
step of its own). Beside a scan, OUT runs one job, SCALE a read and the news it
brought; in a step of its own OUT runs while its jobs fit, a move's or a count's
first (a move's log, then its send; a count's JSON, write and send each first in
a step). Without a clock (the simulator) everything fits, one OUT job a step.

The frame path allocates nothing: the raw frame, the classified cells and the
settle counters are preallocated, classify and settle are viper passes, and
the referee only builds objects when something happened. An idle step (scan,
buttons, scales, link poll) allocates nothing either, so the heap fills only
with what events leave behind, and the loop collects it itself (`_collect`),
on a step of its own, at a quiet moment, when a look at the heap (a quiet step
of its own too) found it low: MicroPython's collector stops everything while
it sweeps the whole heap, and left to itself it would run inside whichever
step allocates when the heap is full: the step taking a move, writing the log.
See `gc_events`.
"""

import gc
from array import array

from goban import rules as R
from goban.compat import const
from goban.settle import Settle, scans_for
from goban.hw.bowls import WHICH
from goban.referee import Referee, OVER, PLAY, SETUP, DEAD, FILL, timing, look

BUZZ = {"move": "move", "pass": "move", "abandon": "move", "illegal": "illegal",
        "capture-pending": "capture", "end": "end", "count": "end", "resign": "end",
        "prisoner-missing": "illegal", "sensor-fault": "illegal"}


# events whose log write or link message takes a step of its own (see step())
SOLO = ("count", "move")
HEAVY = ("count",)          # ... and one job a step (its JSON, its log, then its send)
_UI_BEHIND = const(8)       # events sent while the lights or display wait: then they go first
# a job that waited this many steps for the budget runs anyway: the scale job
# beside the scan, an output job in a step of its own (_admit, _solo)
FORCE = 2

# The loop's own collection (main.py turns it on for the Pico: `gc_events`; off in
# the simulator, whose heap is large): once that many events went out since the
# last look, or GC_SCANS scans passed, the first step where the board is quiet (no
# point in transition, nothing to log, send, draw or light) looks at the heap
# (gc.mem_free walks it: a step of its own), and when less than `gc_free_min`
# bytes were free the next quiet step collects. A move leaves some garbage (its
# event's dict, the referee's look and news: the JSON, the frames and the
# display's text are made in buffers made at boot), so a whole game needs a
# collection or so; with `gc_free_min` 0 (the .mpy install, whose heap is tight)
# every look is a collection. MicroPython only (gc.mem_free marks it).
GC_SCANS = 6000

_C_MOVED = const(16)        # goban.calibration.C_MOVED: a baseline to log

# the job slots (the module docstring's table): an index into cost and _FADE
_J_READ = const(0)          # a scale read and the counts weighed
_J_LOG = const(1)           # an event's log write
_J_LIGHTS = const(2)        # the lights' one write
_J_PAGE = const(3)          # a display page sent
_J_NEWS = const(4)          # the scales' news to the referee: a new count
_J_LOOK = const(5)          # the referee's look at a frame that changed
_J_BUTTONS = const(6)       # a poll of the buttons
_J_POLL = const(7)          # a poll of the link
_J_SEND = const(8)          # an event's beep and send
_J_STIR = const(9)          # the scales' news that only says a bowl started moving
_J_DRAW = const(10)         # the display drawn
# how fast _learn forgets a peak of each slot's cost (1/2**k a run), by slot (the
# docstring's fade column)
_FADE = b"\x05\x08\x08\x05\x05\x08\x05\x08\x05\x05\x08"
# the lanes: the jobs that wait together (an index into `waited`), each a run of
# slots of which `_admit` picks the next
_L_SCALE = const(0)         # READ, then NEWS or STIR
_L_BUTTONS = const(1)       # BUTTONS
_L_POLL = const(2)          # POLL
_L_OUT = const(3)           # LOG, SEND, LIGHTS, DRAW or PAGE
# the lanes a step admits, in order (the module docstring's second table)
# (bytes, not tuples of the _L_ names: in ROM when frozen; each comment names them)
_BESIDE = b"\x01\x02\x00\x03"          # BUTTONS POLL SCALE OUT: beside a scan
_BESIDE_OUT = b"\x01\x02\x03\x00"      # BUTTONS POLL OUT SCALE: ... the output waited longer
_BESIDE_SCALED = b"\x00\x01\x02\x03"   # SCALE BUTTONS POLL OUT: ... a stone waits for its bowl
_SOLO_OUT = b"\x03"                     # OUT: a step of its own
_SOLO_OUT_SCALE = b"\x03\x00"           # OUT SCALE: ... a move's or a count's, the scales waited
_SOLO_SCALE_OUT = b"\x00\x03"           # SCALE OUT: ... the scales waited
# what running one more job costs beyond the job itself (the checks, the
# learning, the calls, and after the last one the step's own end): _admit counts it.
# 0.5-0.7 ms a job on the RP2040 with its flash cache's misses (the loop's own code
# read again after each job's): at 400 a scale's news beside its scan and three
# output jobs in a step of their own ran 9.6-9.9 ms
JOB_US = 600
# a frame that took longer than this in the referee was a look (its cost is learned)
LOOKED_US = 1000
# the clock's lag beyond the settle window, in scans (goban.clock: a stone landed
# before a flag is taken as a move by then, a look deferred to a step of its own too)
LAG_SCANS = 20
GC_ON = getattr(gc, "mem_free", None) is not None


def _forget(name):
    """A module loaded when needed dropped once done, so its code (from a .mpy
    file, in the heap) is collected: the .mpy install has no room for the menu's
    code beside a new game's first log reading (tests/chip/test_chip_deploy.py).
    Frozen, it is only loaded again when next opened."""
    import sys
    sys.modules.pop(name, None)
    pkg, _, leaf = name.rpartition(".")
    parent = sys.modules.get(pkg)
    if parent is not None and hasattr(parent, leaf):
        delattr(parent, leaf)


class BoardLoop:
    def __init__(self, profile, matrix, calibration, bowls=None, buttons=None,
                 display=None, buzzer=None, lights=None, log=None, link=None, referee=None):
        self.profile = profile
        self.size = size = profile.size
        self.n = n = size * size
        self.matrix = matrix
        self.cal = calibration
        self.bowls = bowls
        self.buttons = buttons
        self.display = display
        self.buzzer = buzzer
        self.lights = lights
        # a lights frame that found the chain busy goes out at a later step (hw.lights)
        self.lights_flush = lights.flush if lights is not None else None
        self.log = log
        self.link = link
        self.scan_ms = profile.scan_ms
        self.raw = array("H", bytes(2 * n))
        self.cells = bytearray(n)
        fast_ms = profile.settle_fast_ms
        fast = scans_for(fast_ms, profile.scan_ms) if fast_ms > 0 else 0
        self.settle = Settle(n, scans_for(profile.settle_ms, profile.scan_ms), fast,
                             calibration.steady)
        # the referee: made by the caller first thing at boot (main.build: its
        # buffers want the heap whole), or here
        self.ref = referee if referee is not None else Referee(size)
        self.ref.since = self.settle.since  # the order stones arrived in (referee.explain)
        self.ref.ticks_of = self.ticks_of   # ... and when (the clock charges a move by it)
        # the clock charges the thinker this far behind: a stone landed in time
        # is a move by then (the settle window and a few scans' looks)
        self.ref.clock.lag = profile.settle_ms + LAG_SCANS * profile.scan_ms
        self.ref.steps = True               # long referee work: a step of its own (ref.job)
        self.ref.strong = calibration.steady     # each stone's evidence
        self.ref.mark_sensor = calibration.mark_fault
        self.ref.rebase_sensor = self.rebase
        if bowls is not None:               # the bowls as a second witness of a move
            sc = self.ref.scales
            sc.witness_ms = (profile.bowls or {}).get("witness_ms", 0)
            sc.reads = array("i", [0, 0])   # its readings, fresh or not (_bowls)
        self.next_scan = None
        self.scans = 0
        self.menu = None            # the new-game menu, when open
        self.diag = None            # the board's diagnostics, when on (goban.diag)
        self.bowl_last = array("i", [-2, -2, -2, -2])   # B, W, lidB, lidW last handed on
        self.sent = 0               # events handed on (tests, bench)
        self.queue = []             # events taken from the referee, not all out yet
        self.logged = 0             # how many of queue[] are on the log already
        self.bowls_logged = None    # the bowls' start counts and lid offsets last logged (_to_log)
        self.prepared = None        # the record of the queue's first event, made (HEAVY)
        self.payload = None         # the JSON of the event last logged, for its send
        self.quiet = False          # the last scan had no point in transition
        self.gc_events = 0          # look at the heap after this many events (0: never)
        self.gc_free_min = 0        # ... and collect when less is free (0: always)
        self.collections = 0        # the loop's own gc.collect() steps
        self.gc_looks = 0           # ... and its looks at the heap
        self.gc_due = False         # the last look found the heap low
        self.gc_sent = 0            # self.sent and self.scans at the last look
        self.gc_scans = 0
        # the step's time (main.py sets it and the clock on the Pico): the scale job
        # and an output job run only if they fit in it after the scan (_admit)
        self.budget_us = 0
        self.pressed = None         # a press polled, taken on the next step (step())
        self.scanned = False        # the last step scanned
        # the last step was a look alone that took a move: the move's log and
        # send follow in the next step, before the scan (_solo_step)
        self.follow = False
        # steps each lane (_L_*) waited for the budget: a step of its own at FORCE
        self.waited = array("i", (0, 0, 0, 0))
        # the most each job cost lately, us, by slot (_J_*); until learned (a
        # draw as its dearest: a first dear one, unlearned, ran beside a slow
        # scan past the step's margin):
        #                         READ  LOG   LIGHTS PAGE  NEWS  LOOK  BUTTONS POLL
        self.cost = array("i", (2000, 4000, 2000, 2000, 2000, 5000, 1000, 1000,
                                2000, 1000, 3500))
        #                         SEND  STIR  DRAW
        self.t0 = 0                 # when this step began (ticks_us)
        self.news = False           # a scale's count changed: the referee is told next
        # ... and it is a settled count (the referee's look at the bowls, dear),
        # not only a bowl that started moving (a few lines)
        self.news_dear = False
        self.mover_first = 0        # this scale read starts at the mover's bowl (_bowls)
        self.draw = False           # the lights went out: the display is drawn next
        self.ui_waits = 0           # events sent while the display waited (_UI_BEHIND)
        self.ticks_us = None
        self.look_us = 0            # a look alone's decision, its action still to come (_solo_step)
        self.act_us = 4000          # the most a look's action (Referee.act) cost lately (_learn_act)
        self.pin = None             # a GPIO held high while a step runs (mark_steps)

    def pace(self, ticks_us, budget_us):
        """Keep time as the Pico does (main.py): the jobs after a scan, and the
        referee's look at a frame that changed (_frame), run beside the scan only
        while they fit `budget_us`, measured with `ticks_us`; else they wait for
        a step of their own. Without: everything at once (the simulator)."""
        self.ticks_us = ticks_us
        self.budget_us = budget_us

    def mark_steps(self, pin):
        """Hold `pin` (a machine.Pin, the profile's `step_pin`) high for the length
        of each step: the steps timed from outside the chip (a scope on silicon,
        the emulated chip's runner: tools/chip), with nothing of ticks_us."""
        self.pin = pin

    # --- start-up -------------------------------------------------------------
    def start(self, rules="chinese", komi=None, handicap=0, setup=None, game=None, now_ms=0):
        """Resume the log's current game if there is one (the board is checked at
        the first settled frame), else start a new game with these settings
        (`setup`: handicap stones at free points, SGF names; `game`: players and
        clock spec). `now_ms`: the ticks now (a resumed clock runs from here)."""
        self.ref.now = now_ms
        log = self.log
        if log is not None:
            g = log.current_game()
            if g:
                self.ref.resume(log.events(g))
                if self.ref.game is not None:
                    self._ui()
                    return "resumed"
        self.new_game(rules, komi, handicap, by="start", setup=setup, game=game)
        return "new"

    def new_game(self, rules="chinese", komi=None, handicap=0, first=None, by=None,
                 setup=None, game=None, free=False):
        """A new game: from the buttons' menu or from the host over the link
        (`free`: black places the handicap anywhere). Returns its game-start
        event (logged first: it carries the game number)."""
        self.menu = None
        ev = self.ref.new_game(rules, komi, handicap, first=first,
                               profile=self.profile.id, by=by, setup=setup, game=game,
                               free=free)
        self.cal.retell()       # its log replays from flash: the drifts told before, again
        self._drain()
        return ev

    def host_new_game(self, rules, komi=None, handicap=0, force=False, game=None):
        """The host's `new` request (the link calls it). ValueError, and nothing
        changes, for an unknown rules id, a komi or handicap out of range, bad
        setup points, `game` fields (players, event, round, clock spec; "setup":
        black's free handicap stones, SGF points; "placement": "free", black
        places them on the board, where the rules allow it), or a game still
        in play with moves on it (unless force)."""
        R.get(rules)
        setup = None
        free = False
        if game and ("setup" in game or "placement" in game):
            game = dict(game)
            if "setup" in game:
                setup = self._setup_points(game.pop("setup"))
                handicap = len(setup)
            how = game.pop("placement", "fixed")
            if how not in ("fixed", "free"):
                raise ValueError("placement must be fixed or free, not %r" % (how,))
            free = how == "free"
        game = timing.game_fields(game)
        if komi is not None and (not isinstance(komi, (int, float)) or not -100 <= komi <= 100):
            raise ValueError("komi must be a number from -100 to 100, not %r" % (komi,))
        if not isinstance(handicap, int) or handicap < 0 or handicap == 1 or handicap > 9:
            raise ValueError("handicap must be 0 or 2..9, not %r" % (handicap,))
        ref = self.ref
        g = ref.game
        if g is not None and ref.phase != OVER and g.n > 0 and not force:
            raise ValueError("a game is in play (move %d): finish it first, or force" % g.n)
        return self.new_game(rules, komi, handicap, by="host", setup=setup, game=game,
                             free=free)

    def host_players(self, fields):
        """The host's `players` request: the `players` event (ValueError to refuse)."""
        ev = self.ref.set_players(timing.game_fields(fields, clock=False))
        self._drain()
        return ev

    def host_clock(self, req):
        """The host's `clock` request: the `clock` event (ValueError to refuse)."""
        ev = timing.host(self.ref, req)
        self._drain()
        return ev

    def _setup_points(self, setup):
        """Free handicap stones from the host: 2 or more different SGF points on
        this board (ValueError names the bad one)."""
        n = self.ref.size
        pts = [str(p) for p in setup]
        if not 2 <= len(pts) < n * n or len(set(pts)) != len(pts):
            raise ValueError("setup must be 2 to %d different points" % (n * n - 1))
        top = chr(97 + n)
        for p in pts:
            if len(p) != 2 or not ("a" <= p[0] < top and "a" <= p[1] < top):
                raise ValueError("setup point %r is not on this board" % p)
        return pts

    def host_expect(self, msg):
        """The link's `expect` request (goban.remote): the other side's move lit
        and awaited, a pass or resignation played, or the expectation dropped."""
        from goban import remote
        from goban.game import ABANDON
        ans = remote.serve(self.ref, msg)
        if self.ref.remote.p > ABANDON and self.buzzer is not None:
            self.buzzer.beep("expect")     # a stone to put: the lights and a sound
        self._drain()
        return ans

    def host_undo(self, msg):
        """The link's `undo` request: the last move taken back (ValueError: refused)."""
        from goban import remote
        try:
            return remote.undo(self.ref, msg)
        finally:
            self._drain()

    def host_diag(self, msg):
        """The link's `diag` request: the board's diagnostics (goban.diag.request)."""
        from goban import diag
        return diag.request(self, msg)

    def raw_frame(self):
        """The link's raw stream: (readings, wired order, scales) (goban.rawstream)."""
        from goban.rawstream import raw_frame
        return raw_frame(self)

    def state(self):
        """The board's current state for the link's `state` request: the
        referee's (position rows, to move, move number, captures, rules...)
        plus the game's number in the log."""
        d = self.ref.state()
        d["game"] = (self.log.current_game() or 0) if self.log is not None else 0
        return d

    # --- one step ---------------------------------------------------------------
    def step(self, now_ms):
        """At most one scan; returns the number of events it produced."""
        pin = self.pin              # (mark_steps: high while the step runs)
        if pin is not None:
            pin(1)
        try:
            if self.diag is not None:
                return self.diag.step(now_ms)   # the board's diagnostics: the referee rests
            clock = self.ticks_us
            t0 = clock() if clock is not None else 0
            self.t0 = t0
            self.ref.now = now_ms
            link = self.link
            if self.next_scan is not None and now_ms - self.next_scan < 0:
                if link is not None and self.ref.job is not Referee.act:
                    self._poll(now_ms)      # (a host request never between a look and its action)
                return 0
            if self.gc_events and GC_ON and (self.gc_due
                                             or self.sent - self.gc_sent >= self.gc_events
                                             or self.scans - self.gc_scans >= GC_SCANS) \
                    and self._idle():
                if self.gc_due or not self.gc_free_min:
                    if link is not None:
                        self._poll(now_ms)
                    self._collect()     # this step is the collection; the scan is the next
                else:
                    self._gc_look()     # this step looks at the heap; the scan is the next
                return 0
            # work that would not fit beside a scan gets a step of its own, after a
            # scanning one (so nothing starves the scan): a button press (the end of
            # play counts the board), the referee's look that found no room beside
            # its scan, the output jobs of a move or a count (SOLO), an output job
            # that found no room beside the scan FORCE steps in a row, and the
            # link's poll likewise; the link is polled first in an output job's step
            if (self.scanned or self.follow) and (self.pressed is not None or self._solo()):
                self.scanned = False
                self.follow = False
                name = self.pressed
                if name is None:
                    q = self.queue
                    if link is not None and self.ref.job is None and not (q and self._alone(q[0])):
                        # not beside the referee's long work, nor a move's or a count's
                        # log or send (a poll beside a move's log took the step past
                        # the period)
                        self._poll(now_ms)
                    return self._solo_step(now_ms, clock, t0)
                self.pressed = None
                self.press(name)
                return self._take() if self.ref.events else 0
            self.scanned = True
            self.next_scan = now_ms + self.scan_ms
            self.scan()
            timing.step(self.ref, now_ms)
            k = self._take() if self.ref.events else 0
            # a stone that waits for its bowl (the witness) waits for readings: the
            # scales first; else the output before the scales if it waited longer
            w = self.waited
            if self.ref.wait.i >= 0 and self.bowls is not None:
                order = _BESIDE_SCALED
            elif w[_L_OUT] > w[_L_SCALE]:
                order = _BESIDE_OUT
            else:
                order = _BESIDE
            k += self._admit(order, now_ms, clock, t0, False, False)
            lf = self.lights_flush
            if lf is not None:
                lf()
            return k
        finally:
            if pin is not None:
                pin(0)

    def _admit(self, order, now_ms, clock, t0, solo, free):
        """The one admission loop (the module docstring's second table): each
        lane of `order` in turn runs its jobs while one is ready and fits
        (the step's time so far, its cost and JOB_US under the budget; no
        clock: always), but the first in the step runs whatever it costs
        where `free` (a step of its own, `solo`, nothing run before it). A
        lane whose first job does not fit waits (`waited`: a step of its own
        after FORCE); one that runs is served. Each job's cost is learned
        (`_learn`) and the referee's events it left are taken. Returns the
        events taken and the presses polled. Written out in one function (the
        lanes' readiness, the idle jobs run in place): on the RP2040 every
        bytecode call of an idle step is time the scan's step pays."""
        k = 0
        ran = 0
        w = self.waited
        ref = self.ref
        cost = self.cost
        budget = self.budget_us - JOB_US
        for lane in order:
            last = -1
            while True:
                # the lane's next job (the docstring's first table), or none
                if lane == _L_SCALE:
                    # a read, then the news it brought; or the news waiting
                    if self.bowls is None:
                        break
                    job = (_J_NEWS if self.news_dear else _J_STIR) if self.news else _J_READ
                elif last >= 0:
                    job = self._ready_out(last, solo)
                elif lane == _L_BUTTONS:
                    if self.buttons is None or self.pressed is not None:
                        break
                    job = _J_BUTTONS
                elif lane == _L_POLL:
                    if self.link is None:
                        break
                    job = _J_POLL
                else:
                    job = self._ready_out(last, solo)
                if job < 0:
                    break
                if not (free and ran == 0) and clock is not None \
                        and clock() - t0 + cost[job] > budget \
                        and (lane != _L_BUTTONS or w[lane] < FORCE):
                    if last < 0:
                        w[lane] += 1
                    break
                w[lane] = 0
                t = clock() if clock is not None else 0
                if job == _J_READ:
                    self._bowls(now_ms)         # sets self.news when a count changed
                elif job == _J_BUTTONS:
                    name = self.buttons.poll()
                    if name is not None:
                        self.pressed = name     # taken on the next step, alone
                        k += 1
                elif job == _J_POLL:
                    self._poll(now_ms)
                else:
                    self._run(job)
                if clock is not None:
                    self._learn(job, clock() - t)
                    if (job == _J_NEWS or job == _J_STIR) and ref.wait.i >= 0 \
                            and ref.dirty and ref.job is None:
                        # the bowl a stone waits for spoke: the look now (or
                        # alone in the next step), not at the next scan's frame
                        self._frame(0, self.quiet)
                if ref.events:
                    k += self._take()
                ran += 1
                last = job
                # on in the lane: the news a read brought; the output's jobs in
                # a step of their own, on the Pico
                if lane == _L_OUT:
                    if not solo or clock is None:
                        break
                elif job != _J_READ or not self.news:
                    break
        return k

    def _ready_out(self, last, solo):
        """The output's next job after `last` (-1: none yet in this step), or
        -1: the first ready of the queue's first event logged, then sent; the
        lights; the display drawn; a page sent. A move's or a count's jobs are
        first in a step of their own (SOLO): a move's log, then its send."""
        q = self.queue
        if q and self._alone(q[0]):
            if not solo:
                return -1               # a step of its own, the next (step())
            if last >= 0 and not (last == _J_LOG and self.logged and q[0]["type"] not in HEAVY):
                return -1               # first in its step (a move: its log, then its send)
        if q:
            if self.ui_waits >= _UI_BEHIND and not self.logged:
                # the lights and the display between two events once _UI_BEHIND
                # went out ahead of them: a flood of sensor events (a burst of
                # noise) would hold them seconds behind, and a player would
                # answer a question the board no longer asked
                if self.ref.ui_dirty:
                    return _J_LIGHTS
                if self.draw:
                    return _J_DRAW
            if not self.logged and not self._to_log(q[0]):
                self.logged = 1         # live news only: nothing to write
            return _J_SEND if self.logged else _J_LOG
        if self.ref.ui_dirty:
            return _J_LIGHTS
        if self.draw:
            return _J_DRAW
        d = self.display
        return _J_PAGE if d is not None and d.dirty else -1

    def _solo(self):
        """This step goes to the jobs alone (step()): a heavy event's log or send,
        or a lane (the link's poll too) that found no room beside the scan FORCE
        steps in a row."""
        q = self.queue
        if self.ref.job is not None or (q and self._alone(q[0])):
            return True
        w = self.waited
        if self.bowls is not None and w[_L_SCALE] >= FORCE:
            return True
        if w[_L_POLL] >= FORCE:
            return True
        return w[_L_OUT] >= FORCE and (bool(q) or self._ui_pending())

    def _poll(self, now_ms):
        self.link.poll(now_ms)
        self.waited[_L_POLL] = 0

    def _solo_step(self, now_ms, clock, t0):
        """A step without a scan: the referee's long work (ref.job), then the
        output jobs; else a move's or a count's output first, or the scales
        that waited FORCE steps; the rest while they fit (`_admit`)."""
        ref = self.ref
        order = _SOLO_OUT
        q = self.queue
        job = ref.job
        if job is not None and (job is Referee.act or not (q and self._alone(q[0]))):
            # the referee's long work, but a move's or a count's log and send go
            # before its follow-up work (a capture's display, the next look): an
            # announcement waited 61 ms behind two such jobs on the chip; a
            # look's action never waits (nothing comes between a look and it)
            looking = job is look or job is Referee.act
            t = clock() if clock is not None else 0
            ref.run_job()
            if looking and clock is not None:
                dt = clock() - t
                if job is Referee.act:
                    self._learn_act(dt)             # a look's action, a step after it
                elif ref.job is Referee.act:
                    # a look alone decided (Referee.look_now): its action too where
                    # the most an action lately cost fits the step, else it is the
                    # next step's, first (follow)
                    self.look_us = dt
                    if clock() - t0 + self.act_us + JOB_US <= self.budget_us:
                        t = clock()
                        ref.run_job()
                        dt = clock() - t
                        self._learn_act(dt)
                if ref.job is not Referee.act:
                    self._learn(_J_LOOK, self.look_us + dt)     # the whole look
                    self.look_us = 0
            k = self._take() if ref.events else 0
            self.waited[_L_OUT] = 0
            k += self._admit(_SOLO_OUT, now_ms, clock, t0, True, False)
            q = self.queue
            # a move taken by a look alone is announced at once: its log and
            # send take the next step too, and the scan waits one more period
            # (its settle counts scans, not time: nothing is missed); so does
            # a look's action left for the next step (nothing comes between)
            self.follow = looking and (ref.job is Referee.act or (bool(q) and self._alone(q[0])))
            return k
        if self.bowls is not None and self.waited[_L_SCALE] >= FORCE:
            # a move's or a count's log and send are first in their step
            # whatever waits (the scales after them where they fit, else next time)
            order = _SOLO_OUT_SCALE if q and self._alone(q[0]) else _SOLO_SCALE_OUT
        self.waited[_L_OUT] = 0
        return self._admit(order, now_ms, clock, t0, True, True)

    def _learn_act(self, us):
        """The most a look's action cost lately, as `_learn` keeps a job's (fading
        at 1/256: a move's capture is dear, most are not)."""
        v = self.act_us
        self.act_us = us if us > v else v - (v >> 8)

    def _alone(self, ev):
        """An event whose output jobs take a step of their own: a count's, and
        on the Pico (a clock) a move's; the simulator keeps moves beside the
        scan, one job a step, as its latency figures in scans assume."""
        t = ev["type"]
        return t in HEAVY or (t in SOLO and self.ticks_us is not None)

    def _learn(self, job, us):
        """The most the job (a slot) cost lately: a new peak at once, else down
        by 1/2**_FADE[job] a run (a job's cost has peaks: a scale job that wakes
        the referee, a look that takes a move; at 1/32 a peak that comes back
        seldom is forgotten in some 30 runs). The log's write, the lights, the
        link's poll, the referee's look and the display's draw fade at 1/256:
        their cost goes with what they meet (where the log's last block is, the
        points lit, a frame from the host or none, a move taken or not, a line
        that fits a row or a text laid out), and the cheap ones, more common,
        would soon make the next dear one look cheap. (A send is steady but for
        the first and a count's: it fades at 1/32.)"""
        c = self.cost
        v = c[job]
        c[job] = us if us > v else v - (v >> _FADE[job])

    def _ui_pending(self):
        if self.ref.ui_dirty or self.draw:
            return True
        d = self.display
        return d is not None and bool(d.dirty)

    def _idle(self):
        """Nothing under way: no point in transition at the last scan, no event
        to log or send, no display page or lights frame still to go out."""
        if not self.quiet or self.queue or self.ref.events or self.ref.job is not None \
                or self._ui_pending():
            return False
        return self.lights is None or self.lights.idle()

    def _collect(self):
        gc.collect()
        self.collections += 1
        self.gc_due = False
        self.gc_sent = self.sent
        self.gc_scans = self.scans

    def _gc_look(self):
        """Is the heap low (less than gc_free_min free)? Then the next quiet step
        collects."""
        self.gc_due = gc.mem_free() < self.gc_free_min
        self.gc_looks += 1
        self.gc_sent = self.sent
        self.gc_scans = self.scans

    def ticks_of(self, stamp):
        """The ticks (ms) of the scan a frame stamp names (goban.settle's
        `since`): when a stone landed or left, for the clock."""
        return (self.ref.now - (self.settle.scan - 1 - stamp) * self.scan_ms) & 0x3FFFFFFF

    def rebase(self, i, base):
        """The referee's word that point i is empty (base -1): its baseline taken
        where the last scan read it (goban.calibration.Calibration.rebase); or a
        restart's replay of the log's `baseline` event for it (base: counts)."""
        cal = self.cal
        if base < 0:
            cal.rebase(i, self.raw[i])
        else:
            cal.rebase(i, base)
            cal.told(i)

    def _baseline_moved(self):
        """A followed baseline far from its logged one: logged (a `baseline`
        event, replayed at a restart), or a power cut loses it and the point
        reads as a stone nobody played (goban.calibration)."""
        cal = self.cal
        i = cal.cfg[_C_MOVED] - 1
        cal.cfg[_C_MOVED] = 0          # (found again at the next follow period if not told)
        ref = self.ref
        if ref.game is not None:       # (none: logged once a game begins)
            ref.emit({"type": "baseline", "point": ref.name(i), "base": cal.baseline(i)})
            cal.told(i)

    def scan(self):
        """The frame path: scan, classify, settle, referee. Allocates nothing
        unless the referee has something to say."""
        self.matrix.scan(self.raw)
        cal = self.cal
        cal.classify(self.raw, self.cells)
        self.scans += 1
        cal.follow_drift(self.raw, self.cells)  # counts its own period
        if cal.cfg[_C_MOVED]:
            self._baseline_moved()
        r = self.settle.update(self.cells, cal.changed())
        changed = r & 0x3FF
        quiet = (r >> 10) & 0x3FF == 0
        self.quiet = quiet
        self._frame(changed, quiet)

    def _frame(self, changed, quiet):
        """The settled frame to the referee. The look it may bring goes beside
        the scan where the most it lately cost fits the step, else in the next
        step, alone (Referee.frame)."""
        ref = self.ref
        clock = self.ticks_us
        if clock is None:
            ref.frame(self.settle.stable, changed, quiet)
            return
        t = clock()
        ref.look_alone = t - self.t0 + self.cost[_J_LOOK] + JOB_US > self.budget_us
        ref.frame(self.settle.stable, changed, quiet)
        if ref.job is None:
            dt = clock() - t
            if dt >= LOOKED_US:
                self._learn(_J_LOOK, dt)

    def _bowls(self, now_ms):
        """A scale read and the counts weighed; `news` when one changed (no tuple
        a step: the loop's idle step allocates nothing)."""
        b = self.bowls
        ref = self.ref
        first = -1
        if ref.wait.i >= 0:         # a stone waits for its bowl: that scale first
            c = self.settle.stable[ref.wait.i]
            if c == 1 or c == 2:
                first = b.slot.get(WHICH[c - 1], -1)
        else:
            # every other read, the bowl of the side to move: the next move's
            # witness (its stone leaves that bowl 0.1-0.2 s before it lands)
            self.mover_first ^= 1
            g = ref.game
            if self.mover_first and g is not None:
                first = b.slot.get(WHICH[g.to_move() - 1], -1)
        if b.update(now_ms, first):
            r = ref.scales.reads    # how many readings of each bowl (the witness's freshness)
            r[0] = b.reads("B")
            r[1] = b.reads("W")
            mask = b.read_mask      # only the scales read can have a new count...
        elif self.scans % 8:
            return
        else:
            mask = 15               # ... but a settling deadline passes: every 8th scan, all
        last = self.bowl_last
        for k in range(4):
            if mask & (1 << k):
                n = b.stones(WHICH[k])
                if n != last[k]:
                    last[k] = n
                    self.news = True    # the referee is told next (_J_NEWS)
                    if n >= 0:
                        self.news_dear = True   # a new count (a bowl moving is cheap news)

    # --- buttons and the new-game menu --------------------------------------------
    def press(self, name):
        if self.diag is not None:
            self.diag.press(name)
            return
        ref = self.ref
        if timing.press(ref, name):
            return
        if ref.phase == OVER or self.menu is not None:
            self._menu(name)
            return
        ref.button(name)

    def _menu(self, name):
        """The new-game menu (goban.menu: rules, komi, handicap, the clock),
        loaded when a board first opens it: the heap at boot is tight (a .mpy
        install on the stock image)."""
        from goban import menu
        self.menu, lines, start = menu.press(self.menu, name)
        if start == menu.DIAG:      # the rules list's last entry: the board's diagnostics
            from goban import diag
            try:
                diag.request(self, {"op": "start"})
            except ValueError:      # no room for its buffers: the board plays on
                self._display("Diagnostics", "failed")
        elif start is not None:
            rules, komi, handicap, game, free = start
            self.menu = None
            _forget("goban.menu")   # its code freed before the new game (.mpy: heap)
            self.new_game(rules, komi, handicap, by="menu", game=game, free=free)
        elif lines is not None:
            self._display(*lines)

    # --- events out ------------------------------------------------------------------
    def _take(self):
        """The referee's new events into the output queue (no I/O)."""
        return self.ref.move_events(self.queue)

    def _run(self, job):
        """The scales' news or an output job (`_admit` let it run)."""
        if job == _J_NEWS or job == _J_STIR:
            self.news = self.news_dear = False
            last = self.bowl_last
            self.ref.bowls(last[0], last[1], last[2], last[3])  # -1: unsettled, not fitted
        elif job == _J_LOG:
            ev = self.queue[0]
            if self.prepared is None and ev["type"] in HEAVY and self.log is not None:
                # a count's JSON is a job of its own, before its write and its send
                self.prepared = self.log.prepare(ev)
                return
            self._record(ev)
            self.logged = 1
        elif job == _J_SEND:
            ev = self.queue.pop(0)
            self.logged = 0
            self._out(ev)
            if self.ref.ui_dirty or self.draw:
                self.ui_waits += 1      # (_UI_BEHIND)
        elif job == _J_LIGHTS:          # the lights, then the display drawn, apart
            self.ref.ui_dirty = False
            self._lights()
            self.draw = True
        elif job == _J_DRAW:
            self.draw = False
            self.ui_waits = 0
            self._display(*timing.lines(self.ref))
        else:
            self.display.flush_page()

    def _out(self, ev):
        self._announce(ev)
        link = self.link
        payload = self.payload
        self.payload = None
        if link is not None:
            link.send_event(ev, payload)    # the log's JSON (None: unlogged): not made twice
        self.sent += 1
        self.ref.give_back(ev)              # (a record of the referee's: free again)

    def _drain(self):
        """Everything out now, in order: the queue, the new events, the display."""
        k = self._take()
        q = self.queue
        while q:
            ev = q.pop(0)
            if self.logged == 0 and self._to_log(ev):
                self._record(ev)
            self.logged = 0
            self._out(ev)
        self._ui()
        d = self.display
        if d is not None:
            while d.flush_page():
                pass
        return k

    def _to_log(self, ev):
        """Whether the event goes on the game log. A bowls reading goes to the
        link only (the feed's counts), unless it brings new start counts (the
        first one of a game, or a new start) or new lid offsets (goban.referee.
        bowlwatch): a restart needs those, and reads the scales afresh for the
        rest. A move's bowls changed one or two readings: a flash write each spared."""
        if ev["type"] != "bowls":
            return True
        last = self.bowls_logged
        return last is None or ev.get("start") != last[0] or ev.get("offB", 0) != last[1] \
            or ev.get("offW", 0) != last[2]

    def _record(self, ev):
        """The event on the game log, and the bowls' start counts logged kept
        (one call: on the RP2040 a move's log step pays each call's misses)."""
        t = ev["type"]
        if t == "bowls":
            self.bowls_logged = (ev.get("start"), ev.get("offB", 0), ev.get("offW", 0))
        elif self.bowls_logged is not None and ("offB" in ev or "offW" in ev):
            # a lid's new offset (a prisoner said missing, a fix's stones:
            # goban.referee.bowlwatch), as a restart reads it: a bowls event
            # back at the old one is logged
            s, b, w = self.bowls_logged
            self.bowls_logged = (s, ev.get("offB", b), ev.get("offW", w))
        elif t == "game-start":
            self.bowls_logged = None
        log = self.log
        if log is None:
            return
        rec = self.prepared
        self.prepared = None
        if t == "game-start":
            log.new_game(ev)
        else:
            log.append(ev, rec)
        self.payload = log.last_payload

    def _announce(self, ev):
        kind = BUZZ.get(ev["type"])
        if kind == "end" and (ev.get("fill") or {}).get("agree") is False:
            kind = "illegal"      # Ing: white's bowl disagrees with the board's count
        if kind and self.buzzer is not None:
            self.buzzer.beep(kind)

    def _ui(self):
        ref = self.ref
        if not ref.ui_dirty and not self.draw:
            return
        ref.ui_dirty = False
        self.ui_waits = 0
        self.draw = False
        self._display(*timing.lines(ref))
        self._lights()

    def _lights(self):
        lights = self.lights
        if lights is None:
            return
        ref = self.ref
        # one write of the chain, with the seki blocks beside the dead stones (DEAD)
        lights.set(ref.lights, ref.light_color, ref.lights2, ref.light_color2)

    def _display(self, a, b=""):
        if self.display is not None:
            self.display.show(a, b)


__all__ = ("BoardLoop", "PLAY", "SETUP", "DEAD", "FILL", "OVER")
