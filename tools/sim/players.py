"""The players at the simulated board, and the game as it really went (runs inside MicroPython).

The ground truth is the world's, never the referee's: every stone a hand lets go
as a move is played on the players' own game (`truth`, a rules-core Game that
only decides what a move captures); passes, resignations and takebacks come
from the buttons the hands press. The board's record is compared with it at
the end (host side: goboard.sim.faults.verdict).

Players behave like people. When the board announces an illegal state (an
`illegal` event with a point: the buzzer, the red lights) they stop, and after
a human delay do what the board says, when it is something a person can do
and it agrees with what they know of the game:
  - put a stone back (knocked, removed-stone, changed): only where their game
    has that stone, or (removed-stone) their move they lifted to play again;
  - take a stone off (extra-stone, wrong-color, a rules refusal, not-lifted...):
    only a stone their game does not have, or the move just played (it is
    taken back: its captures go back on the board, and it is played again once
    the board is happy);
  - put a slid stone back from where it went (and unprompted, one slid onto
    the point of the move they are about to play: a stone never goes on another);
  - anything else, or a second look: make every lit point match their game.
When nothing of that is possible, or the board still complains after three
rounds, or a move is sent back twice, the game is stuck: play stops there.

Each announcement starts an episode; it records whether a player's mistake was
on the board then (the board differs from the players' game, captures not yet
lifted and dead stones lifted after the end aside). An episode without a
mistake is a jam (the board asked for a fix nobody's mistake caused), and so is
one that stays stuck after the players did the fix.

Faults the host injects are announced with a `fault` action: the players note
when each ended, and when the board next agreed with them (no announcement,
the board's moves are the players' moves, the stones are where the game says):
that is the fault's recovery.

The players' own mistakes (goboard.sim.faults.MISTAKES) are announced the same
way with a `mistake` action, timed alike. A stone put down by mistake (a
second stone of the side that just moved, a stone of the wrong colour, a
prisoner put back on the board, a stone left from the last game) is a *slip*:
it is never a move of the players' game; it is over when it is off the board
again, whoever noticed: the board (its announcement names the stone, or any
extra stone of that colour while a slip of it stands: the player takes off the
slip, knowing which stone was the mistake) or the player (`notice`: a moment
later, unprompted). A slip can owe a move (the right stone of a wrong-colour
one: played once the wrong stone is off). The players' game is what an arbiter
watching the table would record:
  - a slip taken off: nothing (the game goes on as if it never happened);
  - a second stone of the side that moved, never taken off to the end (the
    board never named it and nobody noticed): a move of that side, after a
    pass of the other (the stone stayed and play went on around it);
  - a mistaken `end` or `undo` press (`button ... slip`): nothing, when the
    player presses it to set the mistake right (undo after end);
  - an undo by hand (the capturing stone lifted, the prisoners restored, then
    undo pressed): the move taken back at the press, then whatever is played;
  - a prisoner in the wrong lid, its owner's bowl or on the floor, a stone
    that rolled and was pushed back, a pass stone answered quickly, captures
    lifted slowly or after the answer: nothing (the moves are the moves).
The dead stones are the stones the hands lift after play ended (`on_lift`);
the count is the rules core's (goban.count.count) on this game with those
dead stones, the same rules, komi and handicap, when the players pressed
`end` to count.
"""

import random

from goban import rules as R
from goban.game import Game, PASS, PASS_STONE, ABANDON, other
from goban.referee.amend import play_again

LETTER = {1: "B", 2: "W"}
COLOR = {"B": 1, "W": 2}
REACT_MS = (500, 1500)     # a person notices the board and reaches for the stone
GIVE_MS = 2000             # how long they wait for the board to be happy after a fix
READ_MS = 700              # a person reads the count's question and presses down or up
ROUNDS = 3                 # fixes tried before the game is stuck
SEND_BACKS = 1             # times the board may send one move back before play is stuck
SECOND = ("second-window", "second-later", "second-answered")   # slips an arbiter may count as moves
SETUP_TITLE = "Clear the board"   # the display of a new game waiting for its setup


def game_moves(game):
    """The game's moves as [letter, SGF point] ("" for a pass, [c, "", "abandon"])."""
    out = []
    for (c, p) in game.moves():
        if p == PASS or p == PASS_STONE:
            out.append([LETTER[c], ""])
        elif p == ABANDON:
            out.append([LETTER[c], "", "abandon"])
        else:
            out.append([LETTER[c], game.board.sgf(p)])
    return out


class Players:
    def __init__(self, runner, job):
        self.runner = runner
        self.world = w = runner.world
        self.size = size = runner.size
        self.n = size * size
        self.W = size + 1
        self.job = job
        self.truth = g = self._new_game()
        self.setup_pts = list(g.setup_black)
        self.released = []         # [t] of each truth move let go (parallel to the game's moves)
        self.board_moves = []      # the board's moves, from its events: [letter, point]
        self.alarm = None          # the board's standing illegal announcement
        self.offered = None        # the dead point the board offers as an unseen move
        self.episode = None
        self.episodes = []
        self.faults = []           # {kind, t0, end, rec}
        self.retaken = {}          # (move number, i) -> times the board sent that move back
        self.replay = []           # moves sent back, to play again: (colour, i)
        self.stopped = None        # why play stopped (stuck), or None
        self.attempts = []         # [t, letter, point, code]: moves the players' game refused
        self.slips = {}            # id -> a mistake's stones (see the module docstring)
        self.captured = {}         # frame index -> colour: captured stones not lifted yet
        self.dead = []             # frame indices the hands lifted after play ended
        self.count_at = None       # when the players pressed end to count
        self.end_refused = None    # when the board refused that press till a fix ("end-waits")
        self.board_over = False    # the board has ended play (its "end" event)
        self.fixing = False        # doing what the board asked
        self.pressed = []          # [t, name, slip] the game buttons pressed
        self.end_slip = False      # an end pressed by mistake, its undo still to press
        self.stones = []           # [t, letter, point] every stone let go as a move or a
                                   # pass (point "") (kept)
        w.on_let_go = self.let_go
        w.on_lift = self.lifted

    def _new_game(self):
        """The game the players sit down to: the job's rules, komi and handicap."""
        job = self.job
        setup = job.get("setup")
        r = R.get(job.get("rules") or "chinese").for_game(
            job.get("komi"), job.get("handicap") or len(setup or ()))
        g = Game(r, self.size, capacity=400)
        if setup:
            g.setup(black=[g.board.from_sgf(s) for s in setup], to_move=2)
            g.handicap = job.get("handicap") or len(setup)
        elif (job.get("handicap") or 0) >= 2:
            g.place_handicap(job["handicap"])
        return g

    # --- indices ----------------------------------------------------------------
    def p_of(self, i):
        return i + i // self.size + self.W

    def i_of(self, p):
        W = self.W
        return (p // W - 1) * self.size + p % W

    def want(self, i):
        """The colour the players' game has on frame index i (0 empty; a dead
        stone lifted at the count is gone)."""
        if self.dead and i in self.dead:
            return 0
        return self.truth.board.cells[self.p_of(i)]

    def slid_onto(self, s):
        """The point of a move about to be played (SGF) holds a stone their game
        does not have there, of a colour their game has on a neighbouring point
        the board has empty: that stone slid there. A person about to play on
        it sees it and pushes it back first (a stone never goes on another; the
        world's `put` would make one of the two vanish, and the board then took
        the slid stone's arrival for the move's: seed 723612 game 241). The
        point it came from (SGF), or None."""
        w = self.world
        i = w.point(s)
        c = w.board[i]
        if not c or self.want(i):
            return None
        x, y = i % self.size, i // self.size
        for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            if 0 <= x + dx < self.size and 0 <= y + dy < self.size:
                j = i + dx + dy * self.size
                if not w.board[j] and self.want(j) == c:
                    return w.sgf(j)
        return None

    # --- the ground truth -------------------------------------------------------------
    def let_go(self, color, i, role):
        now = self.world.now
        if role == "pass":
            self.pass_stone(color)
            return
        if role.startswith("slip:"):
            s = self.slips.get(role[5:])
            if s is not None:
                s["stones"][i] = color
                s["was"].add(i)
                s["n"] = self.truth.n
                s["t"] = now
            return
        if role != "move":
            return
        self.stones.append([now, LETTER[color], self.world.sgf(i)])
        g = self.truth
        p = self.p_of(i)
        if g.n == 0 and p in self.setup_pts and g.board.cells[p] == color:
            return                 # a handicap stone put on its point
        code = g.play(color, p)
        if code:
            self.attempts.append([now, LETTER[color], self.world.sgf(i), code])
            return
        for q in g.last_capture():
            self.captured[self.i_of(q)] = other(color)
        self.released.append(now)
        self._move_done(now)

    def lifted(self, color, i, dest):
        """A hand lifted the stone on i: a prisoner gone, a dead stone at the
        count, or a slip set right."""
        if self.captured.get(i) == color:
            del self.captured[i]
        g = self.truth
        if g.over and self.count_at is None and self.want(i) == color and i not in self.dead:
            self.dead.append(i)
        for s in self.slips.values():
            if s["stones"].get(i) == color:
                del s["stones"][i]
                if not s["stones"] and s["fixed"] is None:
                    self._slip_fixed(s)

    def _slip_fixed(self, s):
        now = self.world.now
        s["fixed"] = now
        s["how"] = "named" if self.fixing else "self"
        s["f"]["end"] = now
        if s.get("owes"):
            c, pt = s["owes"]
            self.replay.append((COLOR[c], self.world.point(pt)))

    def press(self, name, color=None, slip=False):
        """A game button pressed by a hand: the players' game follows it,
        unless it was pressed by mistake (or to set such a press right)."""
        g = self.truth
        self.pressed.append([self.world.now, name, slip])
        if slip:
            if name.endswith("end") or name.endswith("undo"):
                self.end_slip = name.endswith("end")
            return
        if ":" in name:
            c, name = name.split(":", 1)
            color = COLOR.get(c)
        if color is None:
            color = g.to_move()
        code = "?"
        if name == "pass":
            code = g.pass_move(color)
        elif name == "abandon":
            code = g.abandon(color)
        elif name == "resign":
            code = g.resign(color)
        elif name == "undo" and g.rules.takeback and g.n:
            g.undo()
            del self.released[g.n:]
            return
        elif name == "end" and g.over and self.count_at is None:
            self.count_at = self.world.now
        elif name == "end" and not g.over:
            g.agree_end()
        if code is None:
            self.released.append(self.world.now)
            self._move_done(self.world.now)

    def pass_stone(self, color):
        if self.truth.pass_stone(color) is None:
            self.stones.append([self.world.now, LETTER[color], ""])   # (a pass stone: no point)
            self.released.append(self.world.now)
            self._move_done(self.world.now)

    def _move_done(self, now):
        for f in self.faults:
            if f["end"] is None and f["moves"] > 0:     # (a slip is over when taken off)
                f["moves"] -= 1
                if f["moves"] <= 0:
                    f["end"] = now     # a fault tied to moves is over once they are let go

    def mistake(self):
        """The points (SGF, at most 4) where the stones differ from the players'
        game: someone's mistake is on the board ([] when none; captures not yet
        lifted, and dead stones lifted after play ended, are not mistakes)."""
        g = self.truth
        cells = g.board.cells
        wb = self.world.board
        caps = g.last_capture() if g.n else []
        over = g.over
        moving = self.world.sliding
        held = {}
        for (color, x, y, h) in self.world.moving:
            # a stone down on its point with the fingers still on it is on the board
            # (the board cannot feel fingers: it may speak before the hand lets go)
            if h <= 0.0 and abs(x - round(x)) < 0.2 and abs(y - round(y)) < 0.2:
                held[self.world.idx(int(round(x)), int(round(y)))] = color
        out = []
        for i in range(self.n):
            if i in moving:
                continue           # a stone pushed along: where it ends up is what counts
            v = held.get(i, wb[i]) if held else wb[i]
            p = self.p_of(i)
            e = cells[p]
            if v == e:
                continue
            if e == 0 and v and p in caps and self.captured.get(i) == v:
                continue           # a capture not lifted yet (lifted and put back: a mistake)
            if v == 0 and over and i in self.dead:
                continue           # (a stone knocked off as play ended is a mistake: 543355 g529)
            out.append(self.world.sgf(i))
            if len(out) == 4:
                break
        return out

    # --- the board, as the players see it -----------------------------------------
    def on_event(self, ev, now):
        t = ev.get("type")
        if t in ("move", "pass", "abandon"):
            k = ev.get("number") or (len(self.board_moves) + 1)
            m = [ev["color"], ev.get("point") or ""]
            if t == "abandon":
                m.append("abandon")
            if len(self.board_moves) < k - 1:
                # moves the board took that they never heard of (its events lost
                # in a cut): theirs, as far as they know; counted short, the
                # board's next question was read for the wrong move for good
                mine = game_moves(self.truth)[len(self.board_moves):k - 1]
                self.board_moves += mine + [["?", "?"]] * (k - 1 - len(self.board_moves) - len(mine))
            del self.board_moves[k - 1:]
            self.board_moves.append(m)
            if t == "move":
                self._clear(now, "move")   # the board only takes a move when content
        elif t == "correct":
            k = ev.get("number")          # that move where it was (or came to rest)
            if isinstance(k, int) and 0 < k <= len(self.board_moves):
                self.board_moves[k - 1] = [ev["color"], ev.get("point") or ""]
        elif t == "undo":
            del self.board_moves[max(0, ev.get("number", 1) - 1):]
        elif t == "game-start":
            self.board_moves = []
            self._clear(now, "new game")
        elif t == "restored":
            self._clear(now, "restored")
        elif t == "end":
            self.board_over = True
        elif t in ("undo", "play-on"):
            self.board_over = False
        elif t == "illegal" and ev.get("code") in ("end-waits", "end-before-fix") \
                and self.count_at is not None:
            self.end_refused = now         # "... then press end": they will, once it can
        elif t == "choose":
            self.offered = ev.get("point")
        elif t == "illegal" and ev.get("point"):
            if ev.get("choose"):
                self.offered = ev["choose"]
            if self.alarm is None:
                self.episode = {"t": now, "code": ev.get("code"), "point": ev.get("point"),
                                "text": ev.get("text"),
                                "mistake": self.mistake() or self._slip_taken(ev["point"])
                                or self._lifted_after_lost_passes(ev),
                                "acted": 0,
                                "end": None, "how": None}
                self.episodes.append(self.episode)
            self.alarm = ev

    def _slip_taken(self, name):
        """[name] when the board's last move is on a point one of their slips
        put a stone on (the board took the slip as a move: what it says of that
        move is the mistake's doing), else []."""
        if not self.board_moves or self.board_moves[-1][1] != name:
            return []
        i = self._index(name)
        return [name] if any(i in s["was"] for s in self.slips.values()) else []

    def rebooted(self, now):
        """A power cut: the board forgot what it was announcing."""
        self._clear(now, "reboot")

    def _clear(self, now, how):
        self.alarm = None
        e = self.episode
        if e is not None:
            e["end"] = now
            e["how"] = how
            self.episode = None

    # --- reacting -------------------------------------------------------------------
    def react(self):
        """Called between actions: handle a standing announcement, then play
        again any move the board sent back. False when play is stuck."""
        r = self.runner
        self._look_at_setup()
        if self.end_slip:
            return True            # they know: their next act is the undo that sets it right
        while self.alarm is not None and self.stopped is None:
            ep = self.episode
            rounds = 0
            while self.alarm is not None:
                self._think(REACT_MS)
                self._setup_done()
                if self.alarm is None:
                    break
                if rounds >= ROUNDS:
                    self._stuck("still announced after %d fixes" % ROUNDS)
                    return False
                ev = self.alarm
                acts = self._fix(ev, rounds)
                rounds += 1
                if not acts and self._board_settles():
                    continue
                if not acts:
                    self._stuck("no fix a player can do for %s %s"
                                % (ev.get("code"), ev.get("point")))
                    return False
                if ep is not None:
                    ep["acted"] += 1
                r.emit_note({"type": "fix", "code": ev.get("code"), "point": ev.get("point"),
                             "round": rounds, "actions": acts})
                self.fixing = True
                for a in acts:
                    r.act(a)
                self.fixing = False
                self._board_settles()
        again = False
        while self.replay and self.alarm is None and self.stopped is None:
            self._think((300, 800))
            for a in self._play_again(*self.replay.pop(0)):
                r.act(a)
            again = True
        if again:   # the other player thinks again before going on
            self._think((300, 800))
            return self.react()
        return self.stopped is None

    def _board_settles(self):
        """A person waits GIVE_MS for the board to be content: after a fix, and
        before calling the game stopped on an announcement nobody can act on.
        True when it cleared meanwhile."""
        r = self.runner
        k = GIVE_MS // r.scan_ms
        while self.alarm is not None and k > 0:
            r.scan()
            self._setup_done()
            k -= 1
        return self.alarm is None

    def _look_at_setup(self):
        """A new game waits for the board to be cleared ("Clear the board", the
        stones to clear lit): the players look at it as at an announcement
        (code "setup"), once no mistake of theirs is left unnoticed (a stone
        left from the last game goes unseen until someone notices it)."""
        if self.alarm is not None or any(s["fixed"] is None for s in self.slips.values()):
            return
        d = self.runner.hw["display"]
        lit = self._lit()
        if d is None or not lit or not d.lines[0].startswith(SETUP_TITLE):
            return
        ev = {"type": "illegal", "code": "setup", "point": self.world.sgf(lit[0]),
              "text": " ".join(d.lines)}
        self.on_event(ev, self.world.now)
        if self.episode is not None and not self.episode["mistake"]:
            # the display a moment behind the board: it still names a slip of
            # theirs just taken off (a stone left from the last game), which
            # is what it was about, not a false alarm
            was = [i for i in lit if any(i in s["was"] for s in self.slips.values())]
            self.episode["mistake"] = [self.world.sgf(i) for i in was]

    def _setup_done(self):
        a = self.alarm
        d = self.runner.hw["display"]
        if a is not None and a.get("code") == "setup" and not d.lines[0].startswith(SETUP_TITLE):
            self._clear(self.world.now, "setup done")

    def _think(self, span):
        r = self.runner
        r.run_gen(self.world.wait(random.randint(span[0], span[1]), r.scan_ms))

    def _stuck(self, why):
        self.stopped = why
        if self.episode is not None:
            self.episode["stuck"] = why
        self.runner.emit_note({"type": "stuck", "why": why})

    def _play_again(self, c, i):
        """The move the board sent back, and the lifting of what it captures;
        a pass (i "pass" or "abandon") is its button pressed again; a list
        of points, the dead stones lifted again once play ended again."""
        if i == "pass-stone":
            return [["pass-stone", LETTER[c]]]
        if isinstance(i, str):
            return [["button", LETTER[c], i]]
        if isinstance(i, list):    # the dead stones lifted again
            acts = []
            for j in i:
                acts += [["wait", random.randint(150, 400)], ["lift", self.world.sgf(j)]]
            return acts
        g = self.truth
        acts = [["place", LETTER[c], self.world.sgf(i)]]
        if g.play(c, self.p_of(i)) is None:
            for q in g.last_capture():
                acts += [["wait", random.randint(150, 300)], ["lift", self.world.sgf(self.i_of(q))]]
            g.undo()               # played for real when the stone is let go
        return acts

    def _fix(self, ev, rounds):
        """The actions (the runner's) a player does for the announcement; [] when
        they can do nothing about it."""
        w = self.world
        S = w.sgf
        code = ev.get("code")
        i = self._index(ev.get("point"))
        acts = None
        if code in ("unseen", "unseen-gone", "unseen-pass", "unseen-then-pass", "exchange",
                    "unseen-order") and ev.get("of"):
            acts = self._choose_order(ev) if code == "unseen-order" else self._choose(ev)
            if acts:
                if self.episode is not None:
                    self.episode["chose"] = True
                return acts
        slip = self._slip_named(i)
        if slip:
            return slip
        if code == "setup":
            return self._match(self._lit())
        if code == "resume-order" and rounds > 0:
            # a slip of theirs among the lit stones taken off first, the rest
            # still lit: they are still to be played again
            acts = self._replay_lit(ev)
            if acts:
                return acts
        if code == "knocked" and i in self.dead and self._passes_missed():
            return self._passes_not_taken()
        if code == "knocked" and i in self.dead and any(m[1] == "pass" for m in self.replay):
            # the passes that ended their game are to be pressed again after
            # stones the board named to be played again (506481 g658: sa and cf
            # played as the power went, both passes pressed while it was off):
            # for the board play has not ended, the dead stones go back, to be
            # lifted again after those passes
            again = []
            acts = self._dead_back(again, self.count_at is not None)
            self.replay += again
            return acts
        if code == "no-stone-out" and i is not None and self.want(i) and \
                w.board[i] == self.want(i):
            # their move (a new announcement after another's fix), its stone
            # from the bowl: "if you did, press ok"
            return [["button", LETTER[self.want(i)], "ok"]]
        if code == "rolled" and i is not None and w.board[i]:
            # the last stone off its point, an answer maybe unseen: its owner
            # says it rolled (ok: their move is where it lies) or pushes it back
            c = w.board[i]
            j = self._index(ev.get("from"))
            if self.want(i) == c:
                return [["button", LETTER[c], "ok"]]
            if j is not None and self.want(j) == c and not w.board[j]:
                return [["slide", S(i), S(j)]]
        if code == "hidden" and i is not None and w.board[i]:
            # two of their stones out at once, the move maybe on a dead sensor
            # (a slip of theirs was taken off above, when the board named its
            # colour): it is where the board took it (ok); or on a dead point
            # the board names, the stone here a second one (off to the bowl);
            # or beside it, where the stone rolled from (slid back there)
            c = w.board[i]
            if self.want(i) == c:
                return [["button", LETTER[c], "ok"]]
            for j in [self._index(q) for q in ev.get("dead") or ()]:
                if j is not None and self.want(j) == c and w.board[j] == c:
                    return [["lift", S(i), "bowl"]]
            for j in self._beside(i):
                if self.want(j) == c and not w.board[j]:
                    return [["slide", S(i), S(j)]]
        if rounds == 0 and i is not None:
            want = self.want(i)
            if code in ("knocked", "removed-stone", "unseen-gone"):
                if want and not w.board[i]:
                    acts = [["place", LETTER[want], S(i), "fix"]]
                elif code == "removed-stone" and not want and not w.board[i] and \
                        self._slip_taken(S(i)):
                    # a slip of theirs the board took as a move, lifted: the
                    # board offers undo, and the side it says moved presses it
                    # (a correction: their own game keeps its moves)
                    acts = [["button", self.board_moves[-1][0], "undo", "slip"]]
            elif code == "slid":
                j = self._index(ev.get("to"))
                if j is not None and want and not w.board[i] and w.board[j] and not self.want(j):
                    acts = [["slide", S(j), S(i)]]
            elif code == "resume-order":
                acts = self._replay_lit(ev)
            elif code == "changed":
                if want and w.board[i] and w.board[i] != want:
                    acts = [["lift", S(i), "bowl"], ["place", LETTER[want], S(i), "fix"]]
            elif code not in ("mismatch", "resume-mismatch"):
                acts = self._take_off(i)
                if acts is not None and code == "not-lifted":
                    acts += self._match(self._lit(), only_extra=True)
        lifted = (COLOR.get(ev.get("color")), i)
        if acts is None and code == "removed-stone" and i is not None and not w.board[i] \
                and not self.want(i) and lifted in self.replay:
            # their move, lifted to be played again as a question told them,
            # just as the board took it after all (the question gone as their
            # hand moved): "put it back", their move again (seed 867297 game
            # 19: the bowl settled and answered the question first)
            self.replay.remove(lifted)
            acts = self._play_again(*lifted)
        if acts is None and code == "extra-stone" and rounds > 0 and i is not None:
            # said after their fix of another announcement (a stone knocked as
            # the move landed beside it, read as slid: the stone put back, the
            # move named a second stone): as told, the move is taken off, and
            # played again (seed 877808 game 28: stuck)
            acts = self._take_off(i)
        if acts is None:
            acts = self._match(self._lit())
        return acts

    def _dead_back(self, replay, pressed=False):
        """For the board, play has not ended: the dead stones lifted since go
        back on the board (the actions returned), to be lifted again once play
        ends again (an entry added to `replay`, the moves to play again).
        `pressed`: their end press was refused; it stands, pressed again once
        play ends, and the stones stay dead in their count."""
        dead = self.dead if self.count_at is None or pressed else []
        if not dead:
            return []
        cells = self.truth.board.cells
        w = self.world
        acts = [["restore", LETTER[cells[self.p_of(j)]], w.sgf(j), "fix"] for j in dead
                if not w.board[j]]
        if not pressed:
            self.dead = []
        replay.append((0, list(dead)))
        return acts

    def _lifted_after_lost_passes(self, ev):
        """[point] when the board speaks after they lifted dead stones that play
        had not ended for it: the passes that ended their game were pressed
        while it was dark (or just before a cut, lost with it), so the board is
        right and their lifting is the mistake the cut made (a knocked stone;
        or stones it cannot order with a dead stone gone); else []."""
        now = self.world.now
        outages = self.runner.outages
        scan = self.runner.scan_ms
        if ev.get("code") == "knocked" and self._passes_missed():
            missing = self.truth.n - len(self.board_moves)
            presses = [t for t, name, slip in self.pressed if not slip and name.endswith("pass")]
            if len(presses) < missing:
                return []
            first = presses[-missing]
            if any(first - scan <= t0 <= now for t0, t1 in outages):
                return [ev["point"]]
            return []
        # any other word of the board's, the dead stones they lifted still
        # missing on it, after the passes that ended their game were pressed
        # while it was off (it says the board is not the game: rightly)
        if not self.dead or not self.truth.over or not any(
                not self.world.board[i] for i in self.dead):
            return []
        for t, name, slip in self.pressed[::-1]:
            if slip or not name.endswith("pass"):
                continue
            if any(t0 - scan <= t and (t1 is None or t <= t1) for t0, t1 in outages):
                return [ev["point"]]
            break
        return []

    def _passes_missed(self):
        """Their game is ahead of the board's by passes alone."""
        g = self.truth
        k = len(self.board_moves)
        return k < g.n and all(g.move_point(j) == PASS for j in range(k + 1, g.n + 1))

    def _passes_not_taken(self):
        """A dead stone they lifted is said knocked: the board never took the
        passes that ended play (pressed while it was off, or refused while it
        said something else). The dead stones go back, they press the passes
        again (the presses theirs already: their own game keeps them), and
        lift the dead stones again once the board ends play."""
        g = self.truth
        again = []
        acts = self._dead_back(again, self.count_at is not None)
        for k in range(len(self.board_moves) + 1, g.n + 1):
            name = LETTER[g.color_of(k)] + ":pass"
            if name in self.runner.unanswered:
                self.runner.unanswered.remove(name)   # pressed again now, answered once
            # (pressed only if the board has not taken that pass by then: the
            # press made as it came back may still be answered; seed 123241
            # game 82: taken as the board's fix ended, the second press asked
            # to resume play at the count)
            acts += [["wait", random.randint(300, 700)],
                     ["button", LETTER[g.color_of(k)], "pass", "slip", k]]
        self.replay[:0] = again
        return acts

    def _choose(self, ev):
        """unseen: the board cannot tell on which of its dead points ("of") the
        player to move played, and offers one; the player presses down until it
        offers the point of their move, then ok. None when their move is on none
        of them. `unseen-pass` offers their pass stone too ("pass"): chosen when
        that was their move."""
        g = self.truth
        mover = 1 if ev.get("color") == "W" else 2
        k = len(self.board_moves) + 1      # the first move the board has not taken
        if k > g.n or g.color_of(k) != mover:
            return None
        p = g.move_point(k)
        if p == PASS_STONE:
            name = "pass"
        elif p <= ABANDON:
            return None
        else:
            name = self.world.sgf(self.i_of(p))
        if name not in ev["of"]:
            return None
        return self._press_to(ev["of"], name, LETTER[mover])

    def _press_to(self, of, name, letter):
        """The presses that answer a choice: down from the one offered to `name`
        (of the choices `of`), then ok."""
        offered = self.offered if self.offered in of else of[0]
        downs = (of.index(name) - of.index(offered)) % len(of)
        acts = []
        for _ in range(downs):
            acts += [["button", letter, "down"], ["wait", random.randint(200, 400)]]
        return acts + [["button", letter, "ok"]]

    def _choose_order(self, ev):
        """unseen-order: a move on a dead point may have come before moves the
        board took; it offers the orders that fit from move "from" on, and the
        players press down until it shows the order they played, then ok. None
        when none is theirs, or the board's moves before it are not."""
        g = self.truth
        k = ev.get("from")
        if not isinstance(k, int) or k < 1 or len(self.board_moves) < k - 1:
            return None
        played = game_moves(g)
        if [list(m) for m in self.board_moves[:k - 1]] != [list(m) for m in played[:k - 1]]:
            return None
        of = ev["of"]
        mine = None
        for o in of:
            names = o.split()
            if [m[1] for m in played[k - 1:k - 1 + len(names)]] == names:
                mine = o
                break
        if mine is None:
            return None
        return self._press_to(of, mine, LETTER[g.color_of(k)] if k <= g.n else "B")

    def _replay_lit(self, ev=None):
        """resume-order: the board cannot tell the order of the lit stones
        (played while it was off). They are the last moves of the players'
        game, with any passes made among or after them (pressed while the board
        was off, so never seen): taken back newest first (each stone to its
        bowl, what it captured put back), then played again in order, each
        pass pressed again, a pass stone handed after them taken back out of
        the lid and handed again (those before them or among them too when the
        board names pass stones with them: taken out first; then what the lids
        hold of theirs comes out too, the prisoners put back and a move's
        captured stone to its bowl). None if they are not (a pass stone among
        them the board did not name: nothing on the board says where it came
        in the order)."""
        lit = set(self._lit())
        g = self.truth
        w = self.world
        S = w.sgf
        todo = [i for i in lit if w.board[i] and self.want(i)]
        named = "pass stone" in (ev or {}).get("text", "")   # named with them too
        k = g.n
        back = []
        stones = 0
        while k and stones < len(todo):
            p = g.move_point(k)
            if p == PASS_STONE and stones and not named:
                break             # (among them: nothing on the board says where)
            if p > ABANDON and self.i_of(p) not in lit:
                break
            stones += p > ABANDON
            back.append(k)
            k -= 1
        if todo and stones < len(todo):
            # a move among them the board cannot see (a stone on a dead sensor,
            # not lit): every move since the last the board recorded is taken
            # back, as players do who know where the board's record stopped
            first = len(self.board_moves) + 1
            since = list(range(first, g.n + 1))
            pts = set(self.i_of(g.move_point(j)) for j in since if g.move_point(j) > ABANDON)
            if pts and all(g.move_point(j) != PASS_STONE for j in since) \
                    and all(i in pts for i in todo):
                back = since[::-1]
                stones = len(pts)
        if not back or stones < len(todo):
            return None
        # passes made before them that the board never took (pressed as the
        # power went: seed 513635 game 156) are pressed again first, as the
        # board's record stops before them; pass stones too when the board
        # names them with the stones (seed 371907 game 347)
        k = min(back) - 1
        while k > len(self.board_moves) and (g.move_point(k) == PASS or
                                             (named and g.move_point(k) == PASS_STONE)):
            back.append(k)
            k -= 1
        acts = []
        lids = []
        moves = []
        acts += self._dead_back(moves)
        lo = min(back)
        put = set()              # stones their acts put back, and lifted
        gone = set()
        for _ in back:
            c = g.color_of(g.n)
            p = g.move_point(g.n)
            if p <= ABANDON:
                g.undo()
                if p == PASS_STONE:
                    # a pass stone handed after them (seed 182162 game 20), or
                    # named with them: taken back out of the lid into its bowl
                    # first, handed again in its turn
                    lids += [["lid", LETTER[3 - c], -1], ["bowl", LETTER[c], 1]]
                moves.append((c, {PASS: "pass", PASS_STONE: "pass-stone", ABANDON: "abandon"}[p]))
                continue
            i = self.i_of(p)
            caps = [self.i_of(q) for q in g.last_capture()]
            g.undo()
            if not w.board[i] and i not in gone and i not in put:
                # its stone rolled off to an empty point beside it (and was not
                # pushed back yet): lifted from where it lies, as a person takes
                # their own stone back (506481 g254: jn rolled to jm, left there,
                # taken for black's move)
                rolled = [j for j in self._beside(i) if j not in gone and w.board[j] == c
                          and not self.want(j)]
                if rolled:
                    acts.append(["lift", S(rolled[0]), "bowl"])
                    gone.add(rolled[0])
            if (w.board[i] and i not in gone) or i in put:
                acts.append(["lift", S(i), "bowl"])
                put.discard(i)
                gone.add(i)
            for j in caps:
                # a prisoner whose own move is taken back too stays off: put
                # back and lifted again, the board took it for a move and its
                # lifting for a stone removed (seed 644394 game 92)
                if (not w.board[j] or j in gone) and not self._played_since(j, lo):
                    # out of the lid when the board named the lids' stones with
                    # them (pass stones or prisoners: seed 299031 game 34, a ko
                    # taken and taken back while off)
                    acts.append(["restore" if named else "place", LETTER[self.want(j)], S(j),
                                 "fix"])
                    put.add(j)
                elif named and not w.board[j] and j not in put:
                    # a move of theirs taken back too, captured: its stone out
                    # of the lid, back to its bowl
                    lids += [["lid", LETTER[c], -1], ["bowl", LETTER[3 - c], 1]]
            moves.append((c, i))
        del self.released[g.n:]
        moves.reverse()
        self.replay[:0] = moves            # before a move of theirs still to play again
        return lids + acts

    def _beside(self, i):
        """The frame indices of the points next to frame index i, on the board."""
        n = self.size
        x = i % n
        return [j for j in (i - 1 if x else -1, i + 1 if x < n - 1 else -1, i - n, i + n)
                if 0 <= j < n * n]

    def _played_since(self, i, lo):
        """A move of the players' game from number lo on put a stone on frame index i."""
        g = self.truth
        for k in range(lo, g.n + 1):
            p = g.move_point(k)
            if p > ABANDON and self.i_of(p) == i:
                return True
        return False

    def _slip_named(self, i):
        """When the board names a stone (i) of a colour one of their slips
        stands in (or the slip itself), the players know which stone was the
        mistake: that slip's stones come off ([] when none)."""
        w = self.world
        if i is None or not w.board[i]:
            return []
        c = w.board[i]
        acts = []
        for s in self.slips.values():
            if s["fixed"] is None and (i in s["stones"] or c in s["stones"].values()):
                acts += [["lift", w.sgf(j), s["home"]] for j in sorted(s["stones"])
                         if w.board[j] == s["stones"][j]]
        return acts

    def _take_off(self, i):
        """Take the stone on i off: a stone the players' game does not have, or
        the move just played (taken back, to be played again). None if neither."""
        w = self.world
        S = w.sgf
        c = w.board[i]
        if not c:
            return None
        g = self.truth
        if not self.want(i):
            return [["lift", S(i), "lid" if self.captured.get(i) == c else "bowl"]]
        if g.n and g.move_point(g.n) == self.p_of(i) and g.color_of(g.n) == c:
            key = (g.n, i)
            if self.retaken.get(key, 0) >= SEND_BACKS:
                return None        # sent back again: the board will not take this move
            self.retaken[key] = self.retaken.get(key, 0) + 1
            caps = [self.i_of(q) for q in g.last_capture()]
            g.undo()
            del self.released[g.n:]
            self.replay.append((c, i))
            acts = [["lift", S(i), "bowl"]]
            for j in caps:
                if not w.board[j]:
                    acts.append(["place", LETTER[self.want(j)], S(j), "fix"])
            return acts
        return None

    def answer_count(self):
        """The count waits for a stone it cannot read ("Cannot read ..."), the
        one it asks about lit yellow: the players say whether they lifted it
        as dead ("down") or it stays ("up"), once a second at most, as people
        read the display and press: READ_MS after the question first showed.
        A point their game has empty ("clear it, then down") they clear first:
        [the lift, "down"]. None when nothing is asked."""
        d = self.runner.hw["display"]
        now = self.world.now
        if self.end_refused is not None and self.board_over and self.alarm is None \
                and now - self.end_refused >= READ_MS:
            # their end was refused while the board waited for a fix; play has
            # ended since (the passes taken again): they press end again, as told
            self.end_refused = None
            return "end"
        if d is None or not d.lines[0].startswith("Cannot read"):
            return None
        li = self.runner.hw["lights"]
        lit = li.lit if li is not None else {}
        asked = [i for i, c in lit.items() if c == "yellow"] if isinstance(lit, dict) else []
        if not asked:
            return None
        q = (d.lines[0], asked[0])
        if getattr(self, "question", None) != q:
            self.question = q
            self.question_at = now
        if now - self.question_at < READ_MS or now - getattr(self, "answered_at", -10000) < 1000:
            return None
        self.answered_at = now
        i = asked[0]
        if not self.truth.board.cells[self.p_of(i)]:
            w = self.world
            return ([["lift", w.sgf(i), "bowl"]] if w.board[i] else []) + ["down"]
        return "down" if i in self.dead else "up"

    def _lit(self):
        li = self.runner.hw["lights"]
        lit = li.lit if li is not None else {}
        return sorted(lit) if isinstance(lit, dict) else list(lit)

    def _match(self, pts, only_extra=False):
        """Make these points match the players' game: what a person does with
        "put the stones as the lights show"."""
        w = self.world
        S = w.sgf
        g = self.truth
        caps = [self.i_of(q) for q in g.last_capture()] if g.n else []
        acts = []
        filled = set()
        for i in pts:
            v = w.board[i]
            e = self.want(i)
            if v == e:
                continue
            if v and not e:
                # a stone of theirs slid off an empty point beside it goes back
                # there (371907 g343: white's cq slid to cp before the board's
                # first look after an outage, named with the stones to play
                # again, lifted to the bowl: cq was never played again); a
                # capture goes to the lid, anything else back to its bowl
                home = [j for j in self._beside(i) if j not in filled and not w.board[j]
                        and self.want(j) == v]
                if home and i not in caps:
                    filled.add(home[0])
                    acts.append(["slide", S(i), S(home[0])])
                else:
                    acts.append(["lift", S(i)] if i in caps else ["lift", S(i), "bowl"])
            elif only_extra or i in filled:
                continue
            elif e and not v:
                acts.append(["place", LETTER[e], S(i), "fix"])
            else:
                acts += [["lift", S(i), "bowl"], ["place", LETTER[e], S(i), "fix"]]
        return acts

    def _index(self, s):
        if not s or len(s) != 2:
            return None
        x = ord(s[0]) - 97
        y = ord(s[1]) - 97
        if 0 <= x < self.size and 0 <= y < self.size:
            return y * self.size + x
        return None

    # --- faults and their recovery ----------------------------------------------------
    def fault(self, kind, ms, moves=0, where=None, opts=None, mistake=False):
        """A fault (or with `mistake` a player's mistake) starts now; it is over
        ms later, or (moves > 0) once that many moves were let go. `opts`:
        "lasting" (its effect stays: a stone in a place no scale expects, a
        bowl that cannot witness); "id" (a slip: over once the stones put down
        with role "slip:id" are off the board; "owes": [C, pt], the move to
        play then; "home": "bowl" or "lid", where they go)."""
        now = self.world.now
        opts = opts or {}
        slip = "id" in opts
        f = {"kind": kind, "t0": now, "end": None if moves or slip else now + ms,
             "moves": moves, "rec": None, "point": where}
        if mistake:
            f["mistake"] = True
        if opts.get("lasting"):
            f["lasting"] = True
        self.faults.append(f)
        if slip:
            self.slips[str(opts["id"])] = {"kind": kind, "stones": {}, "was": set(),
                                           "owes": opts.get("owes"),
                                           "home": opts.get("home", "bowl"), "fixed": None,
                                           "how": None, "n": None, "t": None, "f": f}

    def notice(self, sid, ms):
        """The players notice their own mistake `sid` by themselves ms from now,
        if it is still on the board (the board did not name it, or they have
        not done what it said yet), and set it right: its stones off, then the
        move it owes."""
        s = self.slips.get(str(sid))
        if s is None:
            return
        r = self.runner
        end = self.world.now + ms
        while s["fixed"] is None and self.stopped is None and self.world.now < end:
            if self.alarm is not None:
                if not self.react():
                    return
            else:
                r.scan()
        if s["fixed"] is None and self.stopped is None and s["stones"]:
            S = self.world.sgf
            acts = [["lift", S(i), s["home"]] for i in sorted(s["stones"])
                    if self.world.board[i] == s["stones"][i]]
            r.emit_note({"type": "fix", "code": "noticed", "point": s["f"]["point"],
                         "round": 0, "actions": acts})
            for a in acts:
                r.act(a)
        self.react()               # the move it owes, once the board is content

    def watch(self, now):
        """After each scan: a fault that is over is recovered from once the board
        agrees with the players."""
        due = False
        for f in self.faults:
            if f["rec"] is None and f["end"] is not None and f["end"] <= now:
                due = True
                break
        if not due or not self.agrees():
            return
        for f in self.faults:
            if f["rec"] is None and f["end"] is not None and f["end"] <= now:
                f["rec"] = now

    def agrees(self):
        if self.alarm is not None:
            return False
        mv = game_moves(self.truth) if len(self.board_moves) == self.truth.n else None
        if mv is None or mv != self.board_moves:
            return False
        return not self.mistake()

    def summary(self):
        g, released, left = self._arbiter()
        out = {"moves": game_moves(g), "released": released, "episodes": self.episodes,
               "faults": self.faults, "stopped": self.stopped, "attempts": self.attempts,
               "open": self.alarm is not None, "mistake": self.mistake(),
               "dead": [self.world.sgf(i) for i in self.dead], "pressed": self.pressed,
               "stones": self.stones,
               "slips": [{"kind": s["kind"], "t": s["t"], "fixed": s["fixed"], "how": s["how"],
                          "stones": [self.world.sgf(i) for i in sorted(s["stones"])]}
                         for s in self.slips.values()],
               "count": None}
        if left:
            out["arbiter"] = left
        if self.count_at is not None and self.stopped is None:
            from goban.count import count
            res = count(g, [self.p_of(i) for i in self.dead], g.rules)
            out["count"] = {"result": res.result, "t": self.count_at}
        return out

    def _arbiter(self):
        """(game, let-go times, [SGF points]): the game an arbiter would record.
        A second stone of the side that moved, still on the board at the end
        (never named, never noticed), is that side's move after a pass of the
        other (see the module docstring)."""
        w = self.world
        extra = []
        for s in self.slips.values():
            if s["kind"] in SECOND and s["n"] is not None:
                for i, c in s["stones"].items():
                    if w.board[i] == c:
                        extra.append((s["n"], s["t"], i, c))
        if not extra:
            return self.truth, self.released, []
        extra.sort()
        g = self._new_game()
        t = self.truth
        released = []
        k = 0
        try:
            for n in range(t.n + 1):
                while k < len(extra) and extra[k][0] == n:
                    _, at, i, c = extra[k]
                    if g.to_move() != c:
                        assert g.pass_move(other(c)) is None
                        released.append(at)
                    assert g.play(c, self.p_of(i)) is None
                    released.append(at)
                    k += 1
                if n == t.n:
                    break
                assert play_again(g, t.color_of(n + 1), t.move_point(n + 1)) is None
                released.append(self.released[n] if n < len(self.released) else None)
        except AssertionError:
            return self.truth, self.released, []    # the stone cannot be a move there
        if t.over and not g.over:
            g.agree_end()
        return g, released, [w.sgf(e[2]) for e in extra]
