"""The referee: the game both sides agreed on against the stable frame -> events.

A state machine that never waits: `frame()` looks at one stable frame and
returns, `button()` and `bowls()` take one input each. Whatever happens is
appended to `events` (small dicts, documented in firmware/README.md, "Referee")
for the loop to log and announce; `lines` and `lights` say what the board
should show now.

The package is layered, and imports run one way, downward:
    state      RefState: the fields (in records made at boot) and the one way
               each thing is done: emit, show, announce, refuse, restored, enter
    bowlwatch  the bowls and lids as counted (what left, what came in)
    scoring    the count (goban.count)
    moves      the game changing: a move, a pass, a takeback, a correction
    explain    a frame explained as the game plus moves in order (a search)
    unseen     a move on a dead sensor
    seen       a stone a look saw, captured later in the order
    phases     setup, play (its rules as an ordered table), dead, fill;
               resume (the game from the log, imported only then)
    Referee    (here) the dispatch: FRAMES[phase] looks at a frame,
               BUTTONS[phase] takes a press
beside them words (the names), texts (the words of announcements), diff (the
viper diff), phase (the numbers), timing (the clock's referee side), wrong and
announce (what to say of a frame nothing explains), seki (the players' seki
marks at the count). What a board that plays cleanly never needs (dead, fill,
scoring, seki, wrong, texts, unseen, seen, resume) is imported when first needed:
from .mpy files on the stock image the code at boot is heap the game cannot
have.

The frame path (`frame()` with nothing new) allocates nothing: the diff is one
viper pass into a preallocated uint16 buffer.
"""

from goban import rules as R
from goban.game import PASS, PASS_STONE, ABANDON
from goban.board import BLACK, WHITE, EMPTY
from goban.count import counter_for
from goban.referee.words import LETTER, COLOR, NAMES, TITLES, PHASE_NAMES
from goban.referee.diff import diff_frame, faults_to_look, latest, FAULT, NO_TOL, CAP, room
from goban.referee.phase import SETUP, PLAY, DEAD, OVER, FILL
from goban.referee.state import RefState, ROOM
from goban.referee import setup, play, bowlwatch, timing, moves
from goban.referee.explain import Search
from goban.referee.setup import prompt as prompt_setup
from goban.clock import Clock
from goban.players import FIELDS as GAME_FIELDS

# a press while a stone is still settling waits for the board's look (at most this
# long, so a hand that never leaves the board cannot hold a press for ever)
HOLD_MS = 1500
# a press that waited for a look which found an earlier stone disturbed after it
# (slid, knocked, changed) waits for the fix, at most 10 s (written in place: a
# module global is heap at boot, where the frozen image has little to spare)

def _dead_frame(ref, stable, mis, pend):
    from goban.referee import dead    # the end of play's, loaded then (.mpy: heap)
    dead.frame(ref, stable, mis, pend)


def _dead_button(ref, name, color):
    from goban.referee import dead
    dead.button(ref, name, color)


def _fill_frame(ref, stable, mis, pend):
    from goban.referee import fill
    fill.frame(ref, stable, mis, pend)


def _fill_button(ref, name, color):
    from goban.referee import fill
    fill.button(ref, name, color)


# what looks at a frame and what takes a press, by phase (OVER: nothing)
FRAMES = (setup.frame, play.frame, _dead_frame, None, _fill_frame)
BUTTONS = (None, play.button, _dead_button, None, _fill_button)


def look(ref):
    """The referee's look at the frame it was given, as a job (Referee.frame)."""
    ref.look_now(ref.look_at, True)


class Referee(RefState):
    def __init__(self, size=19, clock=None, reuse=True):
        # the counter's buffers (~13 KB on 19x19) are taken now, at boot, not at the
        # end of a long game when the heap may be too fragmented to give them; then
        # the game's (RefState.buffers)
        counter_for(size)
        RefState.__init__(self, size, clock if clock is not None else Clock())
        if reuse:
            # the look's search (~1 KB) and lists, made once and reused: a look then allocates
            # nothing but its events; without it (the .mpy install, whose heap is
            # tight at boot) each look makes its own, garbage after
            v = self.view
            v.searching = Search(self.n)
            v.extra = room(ROOM)
            v.missing = room(ROOM)
            v.changed = room(ROOM)

    def keep_records(self, n=4):
        """A move's and a bowls reading's events made in n dicts each made now,
        for a loop that hands each back once sent (BoardLoop: `give_back`; the
        product image, main.py): play then allocates no event of its own for
        them. An event kept longer (a test's list) must not be one of them."""
        from goban.referee.records import Records
        self.move_records = Records(moves.move_event, n)
        self.bowls_records = Records(bowlwatch.bowls_event, n)

    def sgf(self, p):
        """Board index -> SGF name."""
        return self.game.board.sgf(p)

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
                 serial="", profile="", by=None, setup=None, game=None, free=False):
        """Start a game (buttons and display, or the host). Emits game-start;
        `by` says who chose it ("menu", "host", "start") and is logged with it.
        `setup`: black's handicap stones as SGF points (free placement, an SGF's
        AB); without it a handicap goes on the traditional points, or with
        `free` (rules that allow it) anywhere black puts them on the board
        (goban.referee.setup). `game`: players, event, round and clock spec,
        checked by the caller."""
        if size and size != self.size:
            raise ValueError("this board is %dx%d" % (self.size, self.size))
        r = rules if isinstance(rules, R.Rules) else R.get(rules)
        r = r.for_game(komi, handicap or len(setup or ()))
        free = free and not setup and handicap and handicap >= 2
        if free and not r.free_handicap:
            raise ValueError("%s rules place the handicap on the star points" % r.id)
        g = self.fresh_game(r)
        if setup:
            setup = [g.board.from_sgf(s) for s in setup]
            g.setup(black=setup, to_move=WHITE)
            g.handicap = handicap or len(setup)
        elif free:
            g.setup(to_move=WHITE)
            g.handicap = handicap                 # the stones: where black puts them
            setup = []
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
        if free:
            ev["placement"] = "free"
        if by:
            ev["by"] = by
        if game:
            ev.update(game)
        self.info = ev
        self.remote = None                # what the host expected belonged to the last game
        self.presses.held = []            # presses meant for the last game
        self.presses.bowl_since = -1
        self.presses.after = -1
        self.reset_phase(SETUP)
        bowlwatch.new_game(self)
        # a stone already on the board came before the game: never one of its moves
        self.move_stamp = latest(self.since, self.n) if self.since is not None else -1
        self.emit(ev)
        prompt_setup(self)
        return ev

    def set_players(self, fields):
        """Players and game data for the game in play (checked by the caller):
        a `players` event, and the state shows them from now on."""
        ev = {"type": "players"}
        ev.update(fields)
        self.info = dict(self.info)
        self.info.update(fields)
        self.emit(ev)
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
        w = self.wait
        if changed:
            self.dirty = True
        elif w.i >= 0 and (self.now - w.since) & 0x3FFFFFFF >= w.ms:
            self.dirty = True             # a stone's wait for its bowl is over: look again
        elif self.due >= 0 and (self.now - self.due) & 0x3FFFFFFF >= self.due_ms:
            self.due = -1
            self.dirty = True             # a look asked for at this time (look_again)
        self.quiet = quiet
        if not self.dirty or not quiet or self.game is None:
            pr = self.presses
            if pr.held and pr.looked and (quiet or self.now - pr.since >= HOLD_MS):
                self._release_presses()
            return 0
        self.dirty = False
        if self.look_alone and self.job is None:
            self.look_at = stable
            self.job = look         # the loop runs it in the next step, before any scan
            return 0
        return self.look_now(stable)

    def look_now(self, stable, alone=False):
        """The look at a settled frame that changed: the phase's own, then the
        presses that waited for it. Returns the number of events it made.
        `alone`: a look in a step of its own (the `look` job) in play: its rule's
        action is the next step's job (`act`), which the loop runs next, before
        anything else (goban.boardloop): a whole look alone with its step left
        the RP2040 no margin in its step (docs/performance.md)."""
        before = len(self.events)
        self.stale = False
        self._faults(stable)
        g = self.game
        r = diff_frame(stable, g.board.cells, self.tol, self.out, CAP, self.size)
        if alone and self.phase == PLAY:
            v = self.view
            v.act = play.frame(self, stable, r & 0x3FF, (r >> 10) & 0x3FF, True)
            v.act_now = self.now
            self.job = Referee.act
            return len(self.events) - before
        look = FRAMES[self.phase]
        if look is not None:
            look(self, stable, r & 0x3FF, (r >> 10) & 0x3FF)
        self.after_look()
        return len(self.events) - before

    def act(self):
        """A look alone's second half, its rule's action (look_now), as a job:
        at the ticks of its first, as if in one piece."""
        v = self.view
        action = v.act
        v.act = None
        now = self.now
        self.now = v.act_now
        play.frame(self, v.stable, v.mis, v.pend, action)
        self.after_look()
        self.now = now

    def after_look(self):
        """The presses that waited for the look act now, in order."""
        pr = self.presses
        if (not pr.looked or pr.held) and not self.stale:
            # the board is checked (against the resumed game, or the stone that
            # was settling when a button was pressed): presses act now, in order.
            # Not after a look at a frame that reads what it will not read next
            # (a sensor rebased or flagged): a pass pressed after the stones played
            # while the board was off ended the game before those stones were
            # taken (seed 588213 game 175)
            pr.looked = True
            self._release_presses()

    def _release_presses(self):
        pr = self.presses
        if pr.fixing and (self.illegal is not None or self.pending is not None) \
                and (self.now - pr.since) & 0x3FFFFFFF < 10000:
            return    # they wait for the board to be fixed (see button), 10 s at most
        held = pr.held
        pr.held = []
        # presses that waited for a bowl are judged as the board was when they
        # were pressed: what was announced since does not refuse them
        pr.after = pr.bowl_since
        since = pr.since              # (when they were pressed: button reads it)
        for k in range(len(held)):
            self.button(held[k], True)
            if pr.held:
                # it waits again (a pass out of turn for the mover's bowl:
                # goban.referee.play; a board to be fixed first): the presses
                # after it wait behind it, as long as the first has waited
                pr.held += held[k + 1:]
                pr.since = since
                break
        pr.after = -1

    def _faults(self, stable):
        """Sensors that cannot be read (3: dead, stuck) or whose readings wander
        (4: unstable, goban.calibration) are reported once, and again when they
        read again; the diff lets them match anything."""
        if not faults_to_look(stable, self.faults, self.n):
            return              # no fault now and none reported: one native pass
        # one event a kind a look, naming every sensor (`points`; `point` the
        # first): a burst of noise flags a hundred and more at once, and one
        # event each held the game's behind them for seconds on the link (and
        # as many log writes; seed 620941 game 624: `restored` 3 s late)
        dead = shaky = back = None
        for i in range(self.n):
            v = stable[i]
            if v >= FAULT:
                if self.faults[i] != v:
                    if not self.faults[i]:
                        self.n_faults += 1
                    self.faults[i] = v
                    if v > FAULT:
                        if shaky is None:
                            shaky = []
                        shaky.append(self.name(i))
                    else:
                        if dead is None:
                            dead = []
                        dead.append(self.name(i))
            elif self.faults[i]:
                self.faults[i] = 0
                self.n_faults -= 1
                if self.since is not None:
                    self.since[i] = -1    # what it reads now came when, nobody saw
                if back is None:
                    back = []
                back.append(self.name(i))
        if dead:
            self.emit({"type": "sensor-fault", "point": dead[0], "points": dead, "what": "dead"})
        if shaky:
            self.emit({"type": "sensor-fault", "point": shaky[0], "points": shaky,
                       "what": "unstable"})
        if back:
            self.emit({"type": "sensor-ok", "point": back[0], "points": back})

    # --- buttons ----------------------------------------------------------------
    def button(self, name, held=False):
        """A debounced button press: "pass", "B:pass", "resign", "W:resign", "end",
        "abandon", "undo", "ok". `held`: a press that waited (see below) acts now."""
        if self.game is None:
            return
        pr = self.presses
        # a question (which dead point; did the stone roll) is answered by a
        # press, not by a fix: the presses that wait for the answer stay
        asks = self.illegal == "unseen" or self.illegal == "rolled" or self.illegal == "hidden"
        if pr.fixing and not held and pr.held:
            if name in pr.held:
                return        # pressed again: it waits already (a shared button's
                # second "pass" could be either player's: never a pass nobody made)
            if name == "undo" or (name == "ok" and not asks):
                pr.held = []  # a press that fixes the board: the game may change,
                pr.fixing = False   # what waited for the fix is dropped
        # a move on a dead point asked about: a pass pressed now came after the
        # stones it asks about (on the board when it was asked), and waits for
        # the answer as the presses wait for a fix (10 s at most: then "Fix the
        # board first"). Refused, the players who had both passed lifted their
        # dead stones, and the game stopped on a stone `knocked` (seed 791200
        # game 215). The answer (ok, down, up) does not wait behind them
        asked = not held and asks and self.phase == PLAY \
            and name[-4:] == "pass" and (pr.fixing or not pr.held)
        # (a held press that waits again keeps when it was pressed: since)
        if held and name == "end" and pr.fixing == 2:
            # pressed before a fix of the stones (a dead stone lifted after
            # a pass the board took only after the restart, put back when it
            # said knocked): the position it agreed to is gone; counted now,
            # the stone put back would count alive (seed 118142 game 212)
            from goban.referee import dispute
            dispute.end_before_fix(self)
            return
        fix = self.phase == PLAY and self.illegal in ("slid", "knocked", "changed") and (
            (held and pr.after < 0
             and (self.announced_at - pr.since) & 0x3FFFFFFF < 0x20000000
             and (self.now - pr.since) & 0x3FFFFFFF < 10000)
            # a pass that reaches the referee within a quarter second of the
            # announcement was pressed before anyone could see it (the press
            # debounced as the look announced; tempo 0: seed 224932 game 92,
            # refused, its player thought it made and lifted the dead stones)
            or (not held and not pr.held and name[-4:] == "pass"
                and (self.now - self.announced_at) & 0x3FFFFFFF < 250))
        if asked or fix or not pr.looked or not (self.quiet or held) or \
                (pr.held and not held and not (pr.fixing and asks)):
            # just restarted (the board is not checked yet: a torn move may be
            # on it, still to be caught up), or a stone is still settling (fast
            # play: "pass" pressed just after the other side's stone was let
            # go): the press waits for the look that takes that stone first;
            # and behind the presses that wait already, in order. `fix`: the
            # look it waited for found an earlier stone disturbed after the
            # press (a hand slid or knocked it), which the player could not see
            # when pressing: the fix puts the game back as it was, the stone
            # that was settling is taken, and the press acts then (10 s at
            # most; a problem with the new stone itself refuses it: "Fix the
            # board first")
            if not pr.held:
                pr.since = self.now
                pr.fixing = 2 if fix else asked     # (2: a fix of the stones)
            if len(pr.held) < 4:
                pr.held.append(name)
            return
        color = None
        if ":" in name:
            c, name = name.split(":", 1)
            color = COLOR.get(c)
        take = BUTTONS[self.phase]
        if take is not None:
            take(self, name, color)

    # --- bowls and lids (goban.referee.bowlwatch) ------------------------------------
    def bowls(self, b, w, lid_b=-1, lid_w=-1):
        """Settled stone counts (-1: not fitted or not settled). See bowlwatch."""
        bowlwatch.bowls(self, b, w, lid_b, lid_w)
        pr = self.presses
        if pr.held and pr.bowl_since >= 0 and pr.looked:
            self._release_presses()   # a press that waits for a bowl: it may tell now
        if self.fill_wait and w >= 0 and self.phase == FILL:
            from goban.referee import fill
            fill.count(self)          # the count waited for white's bowl to settle


__all__ = ("Referee", "SETUP", "PLAY", "DEAD", "OVER", "FILL", "FAULT", "NO_TOL", "CAP",
           "LETTER", "COLOR", "NAMES", "TITLES", "PHASE_NAMES",
           "diff_frame", "PASS", "PASS_STONE", "ABANDON", "EMPTY", "BLACK", "WHITE")
