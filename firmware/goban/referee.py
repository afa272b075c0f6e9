"""The referee: the position the game expects against the stable frame -> events.

A state machine that never waits: `frame()` looks at one stable frame and returns,
`button()`, `bowls()` handle one input each. Whatever happens is appended to
`events` (small dicts, see notes_events.md) for the loop to log and announce;
`lights` and `lines` say what the board should show now.

Phases: SETUP (a new game: the board must be cleared and the handicap stones put
on their points; they are setup, not moves), PLAY, DEAD (play has ended: the
players lift the dead stones, then press end/ok), FILL (Ing, with a scale under
white's bowl: dead stones and prisoners back in their bowls, white fills its
area from its bowl, then end/ok: the bowl's count is checked against the
board's), OVER (counted or resigned).

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

from goban.compat import micropython, ptr8, ptr16
from goban import rules as R
from goban.game import Game, reason_text, PASS, PASS_STONE, ABANDON
from goban.board import BLACK, WHITE, EMPTY
from goban.count import counter_for
from array import array

TYPE_CHECKING = False
if TYPE_CHECKING:  # mypy only: MicroPython has no typing module
    from typing import Any

SETUP = 0
PLAY = 1
DEAD = 2
OVER = 3
FILL = 4
PHASE_NAMES = ("setup", "play", "dead", "over", "fill")

FAULT = 3          # a classified cell whose sensor cannot be read
NO_TOL = 255
CAP = 64           # mismatching points listed per diff (all are counted)
RECHECK = ("unseen", "wrong-color", "extra-stone")   # looked at again when the bowls change

LETTER = {BLACK: "B", WHITE: "W"}
COLOR = {"B": BLACK, "W": WHITE}
NAMES = {BLACK: "black", WHITE: "white"}
TITLES = {BLACK: "Black", WHITE: "White"}

# the physical refusals, in the words a player reads: (what is wrong, how to fix it)
PHYSICAL = {
    "wrong-color": ("a {c} stone is on {p}, it is {t}'s turn", "take the {c} stone off {p}"),
    "extra-stone": ("a second stone is on {p}", "take the stone off {p}"),
    "slid": ("the {c} stone on {p} was slid to {q}", "put it back on {p}"),
    "knocked": ("the {c} stone on {p} is gone", "put a {c} stone back on {p}"),
    "removed-stone": ("the last stone, {p}, was lifted",
                      "put it back on {p}, or press undo to take the move back"),
    "not-lifted": ("captured stones are still on the board: {l}",
                   "lift them before the next move; take the stone off {p}"),
    "not-restored": ("the takeback is not finished: {l}", "take the stone off {p}"),
    "changed": ("{p} should hold a {e} stone, it holds a {c} one", "put a {e} stone on {p}"),
    "mismatch": ("the board differs from the game at {n} points: {l}",
                 "put the stones as the lights show"),
    "resume-mismatch": ("after the restart the board differs from the saved game at {n} points: {l}",
                        "put the stones as the lights show"),
    "dead-extra": ("a stone was added on {p} while counting", "take the stone off {p}"),
    "no-takeback": ("these rules allow no takeback", "play on"),
    "not-your-move": ("only {t2} can ask to take back the last move, {t2}'s",
                      "play on, or let {t2} press undo"),
    "no-pass-stones": ("these rules use no pass stones", "put the stone back in the bowl"),
    "fill-wrong": ("only white stones fill white's area: {p} is wrong", "put {p} back as it was"),
    "unseen": ("a {c} stone is on {p}, it is {t}'s turn; the sensor under {l} is dead, "
               "a stone there is not seen", "take the {c} stone off {p}; if {t} played on {l}, "
               "take that stone off too and play elsewhere"),
    "log-refused": ("the saved game stops at event {n}: its {q} is refused ({l})",
                    "check the board against the lights"),
}


def text_for(code, **kw):
    """(text, fix) for a refusal code: the rules core's words, else the physical ones."""
    if code in PHYSICAL:
        what, fix = PHYSICAL[code]
        return what.format(**kw), fix.format(**kw)
    what, fix = reason_text(code)
    return what, fix


@micropython.viper
def diff_frame(stable, cells, tol, out, cap: int, size: int) -> int:
    """Compare the stable frame (index y*size+x) with the board (index
    (y+1)*(size+1)+x). Mismatching points go to out[0:cap]; a fault cell
    (3) matches anything; a point whose tolerated value tol[i] it shows is
    pending, not a mismatch. Returns mismatches | pending << 10."""
    s = ptr8(stable)
    e = ptr8(cells)
    t = ptr8(tol)
    o = ptr16(out)
    W = size + 1
    mis = 0
    pend = 0
    i = 0
    y = 0
    while y < size:
        p = (y + 1) * W
        x = 0
        while x < size:
            v = s[i]
            if v != e[p] and v != 3:
                if t[i] != 255 and v == t[i]:
                    pend += 1
                else:
                    if mis < cap:
                        o[mis] = i
                    mis += 1
            i += 1
            p += 1
            x += 1
        y += 1
    return mis | (pend << 10)


CATCH_UP = 8         # new stones a restart may catch up from the board
CATCH_UP_PLAYS = 400  # trial moves the search for their order may make: a move costs
#                      under 1 ms on the RP2040, so at worst under a second, once, after a restart


class Referee:
    def __init__(self, size=19, clock=None):
        self.size = size
        self.n = n = size * size
        self.W = size + 1
        self.tol = bytearray(b"\xff" * n)
        self.marked = bytearray(n)        # points covered by the announced illegal
        self.out = array("H", bytes(2 * CAP))
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
        self.deferred = []                # presses made before that first look
        self.recheck = False              # the bowls changed while "unseen" was shown

    # --- coordinates -----------------------------------------------------------
    def p_of(self, i):
        """Frame index -> board index."""
        y = i // self.size
        return i + y + self.W

    def i_of(self, p):
        W = self.W
        return (p // W - 1) * self.size + p % W

    def sgf(self, p):
        return self.game.board.sgf(p)

    # --- events ----------------------------------------------------------------
    def _emit(self, ev):
        self.events.append(ev)
        self.ui_dirty = True

    def _show(self, line1, line2="", lights=None, color="red"):
        self.lines = (line1, line2)
        self.lights = lights or []
        self.light_color = color
        self.ui_dirty = True

    def take_events(self):
        ev = self.events
        if ev:
            self.events = []
        return ev

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
                  "pending": self.pending})
        return d

    # --- a new game --------------------------------------------------------------
    def new_game(self, rules="chinese", komi=None, handicap=0, size=None, first=None,
                 serial="", profile="", by=None, setup=None):
        """Start a game (buttons and display, or the host). Emits game-start;
        `by` says who chose it ("menu", "host", "start") and is logged with it.
        `setup`: black's handicap stones as SGF points (free placement, an SGF's
        AB); without it a handicap goes on the traditional points."""
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
        self.info = ev
        self._reset_phase(SETUP)
        self.bowl_start = None
        self.checked = False
        self._emit(ev)
        self._prompt_setup()
        return ev

    def _reset_phase(self, phase):
        self.phase = phase
        for i in range(self.n):
            self.tol[i] = NO_TOL
            self.marked[i] = 0
        self.pending = None
        self.illegal = None
        self.dead = []
        self.dirty = True
        self.filled = 0
        self.fill_wait = False

    def _prompt_setup(self):
        g = self.game
        if g.setup_black:
            self._show("Setup: handicap %d" % len(g.setup_black), "place the lit stones",
                       [self.i_of(p) for p in g.setup_black])
        else:
            self._show("New game: " + g.rules.id, "clear the board")

    # --- resume after a restart -----------------------------------------------
    def resume(self, events):
        """Rebuild the game from the log's events of the current game (in order).
        The board is then checked against it at the next frame. Returns the game.

        A power cut can tear the record being written, so the log may end one
        event early. What the board itself shows (a torn move's stone) is caught
        up from the frame (`_catch_up`); what follows from the logged events
        alone is emitted again here for the log: the `end` of a game the replay
        finds over, the `capture-pending` of a last move whose stones wait, the
        `count` once the dead stones were logged. A logged event the replay
        refuses (a log that is not this referee's) stops the replay there: the
        game is the good prefix and `replay_refused` says where."""
        g = None
        phase = SETUP
        dead = None
        bowls = None
        checked = False
        ended = counted = False
        cap_logged = True         # the last move's capture-pending is in the log
        undone = None             # the undo event, while it is the game's last change
        self.replay_refused = None
        for ev in events:
            t = ev.get("type")
            if t in ("game-start", "move", "pass", "abandon", "resign"):
                undone = None
            code = None
            if t == "game-start":
                r = R.get(ev.get("rules") or "chinese")
                if ev.get("komi") is not None:
                    r = r.copy(komi=ev["komi"])
                g = Game(r, ev.get("size") or self.size, capacity=400)
                setup = ev.get("setup") or {}
                b = g.board
                black = [b.from_sgf(s) for s in setup.get("B", ())]
                white = [b.from_sgf(s) for s in setup.get("W", ())]
                first = ev.get("first")
                g.setup(black, white, COLOR[first] if first else None)
                g.handicap = ev.get("handicap") or 0
                self.info = ev
                phase = SETUP
                dead = None
                ended = counted = False
            elif g is None:
                continue
            elif t == "move":
                code = g.play(COLOR[ev["color"]], g.board.from_sgf(ev["point"]))
                cap_logged = not g.last_removed
                phase = PLAY
            elif t == "capture-pending":
                cap_logged = True
            elif t == "pass":
                c = COLOR[ev["color"]]
                code = g.pass_stone(c) if ev.get("stone") else g._pass(c, PASS)
                phase = PLAY
            elif t == "abandon":
                code = g.abandon(COLOR[ev["color"]])
                phase = PLAY
            elif t == "undo":
                code = None if g.undo() else "no-takeback"
                undone = ev
                cap_logged = True
                dead = None
                ended = counted = False
                phase = PLAY
            elif t == "resign":
                code = g.resign(COLOR[ev["color"]])
            elif t == "end":
                ended = True
                if ev.get("reason") == "agreement":
                    g.agree_end()
            elif t == "dead":
                dead = list(ev.get("points") or ())
            elif t == "count":
                counted = True
                phase = OVER
            elif t == "bowls":
                bowls = ev
            elif t == "setup-check":
                checked = True
            elif t == "ready":
                phase = PLAY
            if code:
                self.replay_refused = {"seq": ev.get("seq"), "type": t, "code": code}
                break
        if g is None:
            self.game = None
            self.phase = OVER
            return None
        self.game = g
        if phase != OVER:
            if g.over:
                phase = OVER if g.end in ("resign", "void") or not g.rules.dead_agreement else DEAD
            elif phase == SETUP and g.n:
                phase = PLAY
        self._reset_phase(phase)
        self.resumed = True
        self.looked = False
        self.deferred = []
        self.dead_logged = dead or []
        if bowls is not None:   # the bowls as last logged: no event unless they changed
            self.bowl_seen = [bowls.get("B", -1), bowls.get("W", -1),
                              bowls.get("lidB", -1), bowls.get("lidW", -1)]
            self.bowl_start = list(bowls.get("start") or [-1, -1])
            checked = True
        self.checked = checked
        self._show("Resumed: move %d" % g.n, NAMES[g.to_move()] + " to play")
        bad = self.replay_refused
        if bad:
            self._refuse("log-refused", None, n=bad["seq"], q=bad["type"], l=bad["code"])
        if phase == PLAY:
            # a capture may still be waiting to be lifted
            caps = g.last_capture()
            for p in caps:
                self.tol[self.i_of(p)] = BLACK if g.color_of(g.n) == WHITE else WHITE
            if undone is not None and undone.get("point"):
                # a takeback may be half done: the stone not yet lifted, the
                # captures not yet back (as after the undo press itself)
                self.tol[self.i_of(g.board.from_sgf(undone["point"]))] = COLOR[undone["color"]]
                for q in undone.get("restored") or ():
                    self.tol[self.i_of(g.board.from_sgf(q))] = EMPTY
                self.pending = "undo"
            elif caps:
                self.pending = "resume"
                if not cap_logged:
                    self._emit({"type": "capture-pending",
                                "color": LETTER[self.tol[self.i_of(caps[0])]],
                                "points": [g.board.sgf(p) for p in caps]})
        if self.bowl_seen is not None:
            # the logged reading shows a pass stone the log lacks: its record was torn
            self._pass_stone(self.bowl_seen)
        if g.over and not ended:
            ev = {"type": "end", "reason": g.end}
            if g.end == "resign":
                ev["winner"] = LETTER[g.winner]
            self._emit(ev)
        if g.over and not counted and g.end != "resign":
            if g.end == "void":
                self.phase = OVER
                self._emit({"type": "count", "result": "Void", "winner": "void", "margin": 0,
                            "unit": g.rules.unit, "breakdown": {}})
            elif dead is not None or not g.rules.dead_agreement:
                # the count was asked for (its dead stones are logged): count
                # now, or under Ing with white's bowl weighed, fill first
                self.dead = [self.i_of(g.board.from_sgf(s)) for s in (dead or ())]
                if dead is not None and self._fills():
                    self.phase = FILL
                    self._show_fill()
                else:
                    self._count(log_dead=dead is None)
        return g

    # --- the frame ---------------------------------------------------------------
    def frame(self, stable, changed, quiet):
        """One stable frame. `changed`: its stable values changed this scan;
        `quiet`: no point is in transition. Looks only when something changed
        and the whole frame has settled; never waits."""
        if changed:
            self.dirty = True
        if not self.dirty or not quiet or self.game is None:
            return 0
        self.dirty = False
        before = len(self.events)
        self._faults(stable)
        g = self.game
        r = diff_frame(stable, g.board.cells, self.tol, self.out, CAP, self.size)
        mis = r & 0x3FF
        pend = (r >> 10) & 0x3FF
        phase = self.phase
        if phase == OVER:
            self.looked = True
            return 0
        if phase == SETUP:
            self._setup_frame(stable, mis)
        elif phase == DEAD:
            self._dead_frame(stable, mis)
        elif phase == FILL:
            self._fill_frame(stable)
        else:
            self._play_frame(stable, mis, pend)
        if not self.looked:
            # the board is checked against the resumed game: presses made
            # while the board came back act now, in order
            self.looked = True
            held = self.deferred
            self.deferred = []
            for name in held:
                self.button(name)
        return len(self.events) - before

    def _faults(self, stable):
        n = self.n
        for i in range(n):
            if stable[i] == FAULT:
                if not self.faults[i]:
                    self.faults[i] = 1
                    self.n_faults += 1
                    self._emit({"type": "sensor-fault", "point": self._sgf_i(i), "what": "dead"})
            elif self.faults[i]:
                self.faults[i] = 0
                self.n_faults -= 1
                self._emit({"type": "sensor-ok", "point": self._sgf_i(i)})

    def _sgf_i(self, i):
        L = "abcdefghijklmnopqrstuvwxy"
        return L[i % self.size] + L[i // self.size]

    def _mismatch(self, stable, mis):
        """Split the listed mismatches: extras (frame has a stone the game does not),
        missing (the game has one the frame lacks), changed (other colour)."""
        cells = self.game.board.cells
        extra = []
        missing = []
        changed = []
        for k in range(mis if mis < CAP else CAP):
            i = self.out[k]
            v = stable[i]
            e = cells[self.p_of(i)]
            if e == EMPTY:
                extra.append(i)
            elif v == EMPTY:
                missing.append(i)
            else:
                changed.append(i)
        return extra, missing, changed

    def _setup_frame(self, stable, mis):
        if mis == 0:
            self.phase = PLAY
            g = self.game
            self._emit({"type": "ready", "to_move": LETTER[g.to_move()]})
            self._show(TITLES[g.to_move()] + " to play", self.game.rules.id)
            return
        extra, missing, changed = self._mismatch(stable, mis)
        pts = [self._sgf_i(i) for i in (extra + changed + missing)[:6]]
        if missing and not extra and not changed:
            self._show("Place handicap: %d" % len(missing), " ".join(pts), missing, "green")
        else:
            self._show("Clear the board: %d" % mis, " ".join(pts), extra + changed + missing)

    def _play_frame(self, stable, mis, pend):
        g = self.game
        if self.pending and pend == 0:
            # everything tolerated now matches: the capture was lifted / the takeback done
            for i in range(self.n):
                self.tol[i] = NO_TOL
            was = self.pending
            self.pending = None
            if was != "resume" or mis == 0:
                if mis == 0:
                    self._emit({"type": "restored"})
                    self.illegal = None
        if mis == 0:
            if self.illegal:
                self.illegal = None
                self._emit({"type": "restored"})
            for i in range(self.n):
                self.marked[i] = 0
            if self.pending:
                self._show_pending()
            else:
                self._show(TITLES[g.to_move()] + " to play",
                           "move %d" % (g.n + 1))
            return
        extra, missing, changed = self._mismatch(stable, mis)
        if self.resumed and not self.pending and not changed and extra and mis <= CAP \
                and (len(extra) > 1 or missing) and self._catch_up(stable, extra, missing):
            return
        if self.recheck and self.illegal in RECHECK and len(extra) == 1 and mis == 1 \
                and not missing and not changed:
            self.recheck = False
            again = self.illegal
            self.illegal = None       # look again: the mover's bowl may tell now
            self._try_move(stable, extra[0], again)
            return
        if self.illegal:
            # already announced: a new one only if a point outside it is now wrong
            new = False
            for i in extra + missing + changed:
                if not self.marked[i]:
                    new = True
            if not new and mis <= CAP:
                self._show_illegal_progress(extra + missing + changed)
                return
        if not self.illegal and not self.pending and len(extra) == 1 and not missing \
                and not changed and mis == 1:
            self._try_move(stable, extra[0])
            return
        self._announce(stable, mis, extra, missing, changed)

    def _try_move(self, stable, i, again=None):
        g = self.game
        color = stable[i]
        p = self.p_of(i)
        to = g.to_move()
        if g.over:
            self._illegal("game-over", color, i, [i])
            return
        if color != to:
            if self._unseen(stable, i, color, again):
                return
            last = g.move_point(g.n) if g.n else PASS
            code = "extra-stone" if g.n and last > ABANDON and g.color_of(g.n) == color \
                else "wrong-color"
            if code == again:
                self.illegal = code   # looked at again: still the same, already announced
            else:
                self._illegal(code, color, i, [i])
            return
        code = g.play(color, p)
        if code:
            self._illegal(code, color, i, [i])
            return
        caps = g.last_capture()
        ev = {"type": "move", "color": LETTER[color], "point": g.board.sgf(p),
              "number": g.n, "captures": [g.board.sgf(q) for q in caps]}
        self._emit(ev)
        self.resumed = False
        if caps:
            self._capture_pending(caps, color)
        else:
            self._after_play_ui()
        self._after_game_change()

    def _capture_pending(self, caps, color):
        """The stones `color` just captured stay tolerated and lit until lifted."""
        opp = WHITE if color == BLACK else BLACK
        for q in caps:
            self.tol[self.i_of(q)] = opp
        self.pending = "capture"
        self._emit({"type": "capture-pending", "color": LETTER[opp],
                    "points": [self.game.board.sgf(q) for q in caps]})
        self._show_pending()

    def _unseen(self, stable, i, color, again):
        """The opponent's stone appeared while the mover's move was not seen: was
        it played on a dead sensor? The empty dead points where the mover may
        play are the candidates. With exactly one, and the mover's bowl one
        stone short of what the game used, that was the move: it is accepted
        there (`unseen`), then the opponent's stone in its turn. Otherwise the
        referee says so (code "unseen") and waits; a settled bowl reading looks
        again. True when handled here."""
        g = self.game
        to = g.to_move()
        out = self._out_of_bowl(to)
        if out >= 0 and self.bowl_now[to - 1] < 0:
            out = -1                  # the mover's bowl is still moving: it cannot tell yet
        if out == 0 or not self.n_faults:
            return False              # no stone left the mover's bowl, or no dead sensor
        cand = []
        for j in range(self.n):
            if self.faults[j] and g.board.cells[self.p_of(j)] == EMPTY:
                if g.play(to, self.p_of(j)) is None:
                    g.undo()
                    cand.append(j)
        if not cand:
            return False
        if len(cand) == 1 and out == 1:
            j = cand[0]
            if again:
                for k in range(self.n):
                    self.marked[k] = 0
                self._emit({"type": "restored"})
            g.play(to, self.p_of(j))
            caps = g.last_capture()
            self._emit({"type": "move", "color": LETTER[to], "point": self._sgf_i(j),
                        "number": g.n, "captures": [g.board.sgf(q) for q in caps],
                        "unseen": True})
            self.resumed = False
            self._after_game_change()
            if caps:
                self._capture_pending(caps, to)
                self.dirty = True     # the stone on i waits for the captures to go
            else:
                self._try_move(stable, i)
            return True
        if again != "unseen":
            self._illegal("unseen", color, i, [i] + cand,
                          l=" ".join(self._sgf_i(j) for j in cand[:4]))
        self.illegal = "unseen"
        return True

    def _catch_up(self, stable, extra, missing):
        """Right after a restart the board may be ahead of the log: the move whose
        record the power cut tore is on the board (its captures lifted or still
        waiting), and the players may have answered meanwhile, over one cut or
        several. If the new stones, played in turn from the logged position (the
        player to move first), are all legal and every stone missing from the
        frame is one they captured, they are the moves, accepted in that order.
        The order is searched depth first (at most CATCH_UP stones and
        CATCH_UP_PLAYS trial moves). When another order fits too (or the search
        could not rule one out) the position is the same but the record may not
        be: those moves say "guessed"."""
        g = self.game
        if len(extra) > CATCH_UP or g.over:
            return False
        to = g.to_move()
        mine = [i for i in extra if stable[i] == to]
        theirs = [i for i in extra if stable[i] != to]
        if len(mine) - len(theirs) not in (0, 1):
            return False
        found = []
        budget = [CATCH_UP_PLAYS]
        self._orders(stable, mine, theirs, missing, [], found, budget)
        if not found:
            return False
        guessed = len(found) > 1 or budget[0] <= 0
        if self.illegal:
            self.illegal = None
            for i in range(self.n):
                self.marked[i] = 0
            self._emit({"type": "restored"})
        for i in found[0]:
            self._try_move(stable, i)
            if guessed:
                for ev in self.events:
                    if ev["type"] == "move" and ev["number"] == self.game.n:
                        ev["guessed"] = True
        return True

    def _orders(self, stable, mine, theirs, missing, seq, found, budget):
        """Depth first: play one of `mine` (the colour to move), then the other
        side's turn; at the end every missing stone must have been captured.
        Each fitting order goes to `found` (two are enough); the game is left
        as it was."""
        g = self.game
        if not mine:
            if theirs:
                return
            for i in missing:
                if g.board.cells[self.p_of(i)] != EMPTY:
                    return
            found.append(list(seq))
            return
        for k in range(len(mine)):
            if budget[0] <= 0 or len(found) > 1:
                return
            budget[0] -= 1
            i = mine[k]
            if g.play(stable[i], self.p_of(i)) is None:
                seq.append(i)
                self._orders(stable, theirs, mine[:k] + mine[k + 1:], missing, seq, found,
                             budget)
                seq.pop()
                g.undo()

    def _after_play_ui(self):
        g = self.game
        if g.paused:
            self._show("Paused: two passes", NAMES[g.to_move()] + " to play or pass")
        else:
            self._show(TITLES[g.to_move()] + " to play", "move %d" % (g.n + 1))

    def _show_pending(self):
        lit = [i for i in range(self.n) if self.tol[i] != NO_TOL]
        pts = " ".join(self._sgf_i(i) for i in lit[:6])
        if self.pending == "capture":
            self._show("Lift captured: %d" % len(lit), pts, lit, "yellow")
        elif self.pending == "undo":
            self._show("Takeback: fix %d" % len(lit), pts, lit, "yellow")
        else:
            self._show("Check the board", pts, lit)

    def _pending_points(self, stable):
        return [i for i in range(self.n) if self.tol[i] != NO_TOL and stable[i] == self.tol[i]]

    def _announce(self, stable, mis, extra, missing, changed):
        g = self.game
        cells = g.board.cells
        allpts = extra + missing + changed
        if self.pending == "capture" and extra:
            left = self._pending_points(stable)
            self._illegal("not-lifted", stable[extra[0]], extra[0], allpts + left,
                          l=" ".join(self._sgf_i(i) for i in left[:8]))
        elif self.pending == "undo" and extra:
            left = self._pending_points(stable)
            self._illegal("not-restored", stable[extra[0]], extra[0], allpts + left,
                          l=" ".join(self._sgf_i(i) for i in left[:8]))
        elif mis > 4 or mis > CAP:
            code = "resume-mismatch" if self.resumed else "mismatch"
            self._illegal(code, None, allpts[0] if allpts else None, allpts, n=mis,
                          l=" ".join(self._sgf_i(i) for i in allpts[:8]))
        elif len(extra) == 1 and len(missing) == 1 and not changed \
                and stable[extra[0]] == cells[self.p_of(missing[0])]:
            self._illegal("slid", stable[extra[0]], missing[0], allpts, q=self._sgf_i(extra[0]))
        elif extra and not missing and not changed:
            g_last = g.move_point(g.n) if g.n else PASS
            if len(extra) == 1:
                color = stable[extra[0]]
                code = "extra-stone" if (g.n and g_last > ABANDON and g.color_of(g.n) == color) \
                    else "wrong-color"
                if color == g.to_move():
                    code = "extra-stone"
                self._illegal(code, color, extra[0], allpts)
            else:
                self._illegal("extra-stone", stable[extra[-1]], extra[-1], allpts)
        elif missing and not extra and not changed:
            last = g.move_point(g.n) if g.n else PASS
            i = missing[0]
            p = self.p_of(i)
            if len(missing) == 1 and last > ABANDON and p == last:
                self._illegal("removed-stone", cells[p], i, allpts)
            else:
                self._illegal("knocked", cells[p], i, allpts)
        elif changed and not extra and not missing:
            i = changed[0]
            self._illegal("changed", stable[i], i, allpts, e=NAMES[cells[self.p_of(i)]])
        else:
            code = "resume-mismatch" if self.resumed else "mismatch"
            self._illegal(code, None, allpts[0] if allpts else None, allpts, n=mis,
                          l=" ".join(self._sgf_i(i) for i in allpts[:8]))

    def _refuse(self, code, color, **kw):
        """A refused button: announced, but the board still matches, so no wait."""
        self._illegal(code, color, None, [], **kw)
        self.illegal = None

    def _illegal(self, code, color, i, pts, **kw):
        g = self.game
        c = NAMES.get(color, "")
        pname = self._sgf_i(i) if i is not None else ""
        kw.setdefault("q", "")
        kw.setdefault("l", "")
        kw.setdefault("n", len(pts))
        kw.setdefault("e", "")
        text, fix = text_for(code, c=c, p=pname, t=NAMES[g.to_move()], **kw)
        ev = {"type": "illegal", "color": LETTER.get(color), "point": pname or None,
              "code": code, "text": text, "fix": fix}
        if code == "slid":
            ev["to"] = kw["q"]
        self.illegal = code
        for j in pts:
            self.marked[j] = 1
        self._emit(ev)
        self._show("Illegal: " + code + (" " + pname if pname else ""), fix, pts)

    def _show_illegal_progress(self, pts):
        self._show(self.lines[0], self.lines[1], pts, "red")

    # --- buttons ----------------------------------------------------------------
    def button(self, name):
        """A debounced button press: "pass", "B:pass", "resign", "W:resign", "end",
        "abandon", "undo", "ok"."""
        g = self.game
        if g is None:
            return
        color = None
        if not self.looked:
            # just restarted: the board is not checked yet (a torn move may be
            # on it, still to be caught up); the press waits for that look
            if len(self.deferred) < 4:
                self.deferred.append(name)
            return
        if ":" in name:
            c, name = name.split(":", 1)
            color = COLOR.get(c)
        if self.phase == SETUP:
            return
        if self.phase == DEAD:
            if name in ("end", "ok"):
                if self._fills():
                    self._start_fill()
                else:
                    self._count()
            elif name == "undo":
                self._undo()
            return
        if self.phase == FILL:
            if name in ("end", "ok") and not self.illegal:
                self._fill_count()
            return
        if self.phase == OVER:
            return
        if name == "undo" and color is not None and g.n and g.color_of(g.n) != color:
            # a player's own undo button asks back that player's own last move only
            self._refuse("not-your-move", color, t2=NAMES[g.color_of(g.n)])
            return
        if color is None:
            color = g.to_move()
        if name == "resign":
            code = g.resign(color)
            if code:
                self._refuse(code, color)
                return
            self._emit({"type": "resign", "color": LETTER[color]})
            self._emit({"type": "end", "reason": g.end, "winner": LETTER[g.winner]})
            self.phase = OVER
            self._show(TITLES[color] + " resigns",
                       ("B" if g.winner == BLACK else "W") + "+R")
            return
        if name == "undo":
            self._undo()
            return
        if self.illegal or self.pending:
            self._show("Fix the board first", self.lines[1], self.lights, self.light_color)
            return
        if name == "pass":
            self._pass(color, stone=False)
        elif name == "abandon":
            code = g.abandon(color)
            if code:
                self._refuse(code, color)
                return
            self._emit({"type": "abandon", "color": LETTER[color], "number": g.n})
            self._after_play_ui()
            self._after_game_change()
        elif name == "end":
            g.agree_end()
            self._after_game_change()

    def _pass(self, color, stone):
        g = self.game
        code = g.pass_stone(color) if stone else g.pass_move(color)
        if code:
            self._refuse(code, color)
            return
        kind = g.move_point(g.n)
        self._emit({"type": "pass", "color": LETTER[color], "number": g.n,
                    "stone": kind == PASS_STONE})
        self._after_play_ui()
        self._after_game_change()

    def _undo(self):
        g = self.game
        if not g.rules.takeback or g.n == 0 or g.end == "resign":
            self._refuse("no-takeback", None)
            return
        n = g.n
        color = g.color_of(n)
        p = g.move_point(n)
        caps = g.last_capture() if p > ABANDON else []
        g.undo()
        self.phase = PLAY
        self.dead = []
        ev = {"type": "undo", "number": n, "color": LETTER[color],
              "point": g.board.sgf(p) if p > ABANDON else "",
              "restored": [g.board.sgf(q) for q in caps]}
        self._emit(ev)
        for i in range(self.n):
            self.tol[i] = NO_TOL
        if p > ABANDON:
            self.tol[self.i_of(p)] = color
            for q in caps:
                self.tol[self.i_of(q)] = EMPTY
            self.pending = "undo"
            self._show_pending()
        else:
            self.pending = None
            self._after_play_ui()
        self.illegal = None
        self.dirty = True

    def _after_game_change(self):
        g = self.game
        self.dirty = True
        if g.over and self.phase == PLAY:
            ev = {"type": "end", "reason": g.end}
            self._emit(ev)
            if g.end == "void":
                self.phase = OVER
                self._emit({"type": "count", "result": "Void", "winner": "void", "margin": 0,
                            "unit": g.rules.unit, "breakdown": {}})
                self._show("No result", "void")
            elif g.rules.dead_agreement:
                self.phase = DEAD
                self.dead = []
                self._check_lids(final=True)
                self._show("End: lift dead stones", "then press end")
            else:
                self._check_lids(final=True)
                self._count()
        elif g.paused:
            self._emit({"type": "paused"})

    # --- the dead-stone phase and the count --------------------------------------
    def _dead_frame(self, stable, mis):
        extra, missing, changed = self._mismatch(stable, mis)
        if extra or changed:
            if not self.illegal:
                i = (extra + changed)[0]
                self._illegal("dead-extra", stable[i], i, extra + changed)
            return
        if self.illegal:
            self.illegal = None
            self._emit({"type": "restored"})
        self.dead = missing
        self._show("Dead stones: %d" % len(missing), "press end to count", missing, "blue")

    def _fills(self):
        """Ing with a scale under white's bowl: the count goes through the fill."""
        s = self.bowl_seen
        return self.game.rules.scoring == R.SCORE_ING and s is not None and s[1] >= 0

    def _start_fill(self):
        g = self.game
        self._emit({"type": "dead", "points": [g.board.sgf(self.p_of(i)) for i in self.dead]})
        self.phase = FILL
        self.filled = 0
        self.dirty = True
        self._show_fill()

    def _show_fill(self):
        self._show("Fill: white fills", "its area, then end", [], "blue")

    def _fill_frame(self, stable):
        """The fill: white stones may appear on empty points, the dead stones
        stay off; anything else is announced (fill-wrong) until put back."""
        cells = self.game.board.cells
        filled = 0
        wrong = []
        for i in range(self.n):
            v = stable[i]
            e = cells[self.p_of(i)]
            if v == e or v == FAULT:
                continue
            if v == WHITE and (e == EMPTY or i in self.dead):
                filled += 1       # a fill stone (also where a dead stone was)
            elif v == EMPTY and i in self.dead:
                continue
            elif len(wrong) < CAP:
                wrong.append(i)
        self.filled = filled
        if wrong:
            if not self.illegal or not self.marked[wrong[0]]:
                self._illegal("fill-wrong", stable[wrong[0]], wrong[0], wrong)
            return
        if self.illegal:
            self.illegal = None
            for i in range(self.n):
                self.marked[i] = 0
            self._emit({"type": "restored"})
        self._show("Fill: %d placed" % filled, "press end to count", [], "blue")

    def _fill_count(self):
        """End of the fill: count when white's bowl reads settled (else wait for it)."""
        if self.bowl_now[1] < 0:
            self.fill_wait = True
            self._show("Weighing white's", "bowl...", [], "blue")
            return
        self.fill_wait = False
        self._count(log_dead=False)

    def _count(self, log_dead=True):
        g = self.game
        dead_pts = [self.p_of(i) for i in self.dead]
        if log_dead:
            self._emit({"type": "dead", "points": [g.board.sgf(p) for p in dead_pts]})
        filling = self.phase == FILL
        self.phase = OVER
        from goban.count import count, ing_fill_check
        res = count(g, dead_pts, g.rules)
        ev = {"type": "count", "result": res.result, "winner": res.winner,
              "margin": res.margin, "unit": res.unit, "breakdown": res.breakdown}
        if g.rules.scoring == R.SCORE_ING and self.bowl_seen:
            ev["bowls"] = {"B": self.bowl_seen[0], "W": self.bowl_seen[1]}
        fill = None
        if filling:
            # what the bowl says: stones left after the fill; white stones
            # neither on the board nor in the bowl (black's lid) are out
            left = self.bowl_now[1]
            out = self.bowl_now[2] if self.bowl_now[2] > 0 else 0
            unfilled = 0
            if left == 0:   # the bowl ran out: the rest of white's area stays empty
                unfilled = res.breakdown["white"]["territory"] - self.filled
                if unfilled < 0:
                    unfilled = 0
            fill = ing_fill_check(res, left, self.size, unfilled, out)
            fill["white_bowl_left"] = left
            fill["filled"] = self.filled
            fill["unfilled"] = unfilled
            fill["stones_out"] = out
            ev["fill"] = fill
        self._emit(ev)
        if fill is not None and not fill["agree"]:
            self._show("Bowl disagrees: W", "left %d, board %d" % (fill["white_bowl_left"],
                                                                   fill["expected_left"]),
                       [], "red")
        else:
            self._show("Result " + str(res.result), "%s %s" % (res.margin, res.unit))

    # --- bowls and lids -----------------------------------------------------------
    def bowls(self, b, w, lid_b=-1, lid_w=-1):
        """Settled stone counts (-1: not fitted or not settled). A stone taken from
        the mover's bowl that lands in a lid while the board is unchanged is a pass
        stone (rules with pass stones); lids are checked against the prisoners."""
        g = self.game
        if g is None:
            return
        self.bowl_now = (b, w, lid_b, lid_w)
        if self.fill_wait and w >= 0 and self.phase == FILL:
            self._fill_count()
        prev = self.bowl_seen
        now = list(prev) if prev else [-1, -1, -1, -1]
        new = (b, w, lid_b, lid_w)
        for k in range(4):
            if new[k] >= 0:
                now[k] = new[k]       # keep the last settled value of each scale
        if prev == now or (prev is None and now == [-1, -1, -1, -1]):
            return
        self.bowl_seen = now
        if self.bowl_start is None:
            self.bowl_start = [-1, -1]
        for c in (BLACK, WHITE):
            if self.bowl_start[c - 1] < 0 and now[c - 1] >= 0:
                self.bowl_start[c - 1] = now[c - 1] + self._used(c)
        if now[0] >= 0 and now[1] >= 0:   # a feed shows counts, not "not settled yet"
            self._emit({"type": "bowls", "B": now[0], "W": now[1], "lidB": now[2],
                        "lidW": now[3], "start": list(self.bowl_start)})
        if self.illegal in RECHECK and self.n_faults:
            self.recheck = True       # the bowl may now tell where the mover's stone went
            self.dirty = True
        if not self.checked and now[0] >= 0 and now[1] >= 0:
            self.checked = True
            if g.rules.bowl_stones and g.n == 0:
                # 180 each on 19x19 (the rules' figure), (N - 1) / 2 on other sizes
                need = g.rules.bowl_stones if self.size == 19 else (self.n - 1) // 2
                ok = now[0] + len(g.setup_black) == need and now[1] == need
                self._emit({"type": "setup-check", "B": now[0], "W": now[1], "ok": ok})
                if not ok:
                    self._show("Bowls: B %d W %d" % (now[0], now[1]), "each needs %d" % need)
        if self._pass_stone(now):
            return
        if prev is not None and self.phase == PLAY:
            self._check_lids(final=False, prev=prev)

    def _pass_stone(self, now):
        """A stone is out of the mover's bowl, not on the board, and the
        opponent's lid holds one more than its prisoners: a pass stone (rules
        that use them). True when the pass was played."""
        g = self.game
        if self.phase != PLAY or not g.rules.uses_pass_stones or self.illegal \
                or self.pending or not self.bowl_start:
            return False
        c = g.to_move()
        o = WHITE if c == BLACK else BLACK
        lid_o = now[2] if o == BLACK else now[3]
        if lid_o >= 0 and self._out_of_bowl(c) >= 1 and lid_o > self._expected_lid(o):
            self._pass(c, stone=True)
            return True
        return False

    def _out_of_bowl(self, color):
        """Stones of `color` out of its bowl that the game has not used (on a
        dead sensor, in a hand, or a pass stone), or -1 when the scales cannot tell."""
        s = self.bowl_seen
        st = self.bowl_start
        if not s or not st or s[color - 1] < 0 or st[color - 1] < 0:
            return -1
        return st[color - 1] - self._used(color) - s[color - 1]

    def _used(self, color):
        """Stones of `color` the game has taken from its bowl (moves, setup, pass stones)."""
        g = self.game
        k = 0
        for i in range(1, g.n + 1):
            if g.color_of(i) == color and g.move_point(i) != PASS and g.move_point(i) != ABANDON:
                k += 1
        if color == BLACK:
            k += len(g.setup_black)
        else:
            k += len(g.setup_white)
        return k

    def _expected_lid(self, color):
        g = self.game
        o = WHITE if color == BLACK else BLACK
        k = g.captures[color]
        if g.rules.uses_pass_stones:
            k += g.pass_stones[o]
        return k

    def _check_lids(self, final, prev=None):
        s = self.bowl_seen
        if not s:
            return
        for color, j in ((BLACK, 2), (WHITE, 3)):
            have = s[j]
            if have < 0:
                continue
            exp = self._expected_lid(color)
            if self.pending == "capture" and color == self.game.color_of(self.game.n):
                exp -= len(self.game.last_capture())
            dropped = prev is not None and prev[j] >= 0 and have < prev[j]
            if have < exp and (final or dropped):
                self._emit({"type": "prisoner-missing", "color": LETTER[color],
                            "expected": exp, "counted": have})
                self._show("Prisoner missing", "%s lid: %d of %d" % (LETTER[color], have, exp))
