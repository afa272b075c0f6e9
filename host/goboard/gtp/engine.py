"""The board as a GTP engine: a controller's commands answered at the board.

`GTPEngine` has one handler a command (`COMMANDS`): `play COLOR VERTEX` lights
the move on the board (lights, display, a sound) and answers once a hand has put
that stone there (the referee checks it; any other stone of that colour is
announced as usual); `genmove COLOR` answers the move the person makes on the
board (a stone, the pass button or a pass stone, resign). `boardsize`,
`clear_board`, `komi`, `kgs-rules` and the `goboard-rules ID` extension set up
the next game, which starts at the board when the first move, handicap or score
needs it; `undo`, `final_score` and `final_status_list` come from the board's
own takeback, count and dead-stone phase; `fixed_handicap`,
`place_free_handicap` and `set_free_handicap` go through the board's setup
phase. `serve` answers a `Controller`'s lines until it quits or goes away;
errors are GTP errors (`? ...`), never a hang.
"""

import os
import queue
import select
import threading

from goban import clock as C
from goban import rules as R
from goban.game import handicap_points
from goban.points import LETTERS
from goboard import __version__
from goboard.gtp.boardgame import Aborted, GameOver, Refused
from goboard.gtp.protocol import (COLUMNS, GTPError, clock_left, clock_spec, color_word,
                                  kgs_clock_spec, parse_command, response, to_color, to_point,
                                  vertex)
from goboard.link.wire import token
from goboard.live.state import OTHER

KGS_RULES = {"japanese": "japanese", "chinese": "chinese", "aga": "aga",
             "new_zealand": "tromp-taylor"}


class Controller:
    """The controller's two pipes: lines read by a thread (so a wait on the
    board can notice the controller going), responses written."""

    def __init__(self, inp, out):
        self.out = out
        self.lines = queue.Queue()
        self.eof = False
        self.poll = None
        try:
            self.poll = select.poll()
            self.poll.register(out.fileno(), 0)   # only POLLERR/POLLHUP: its reader is gone
        except (AttributeError, OSError, ValueError):
            self.poll = None
        threading.Thread(target=self._read, args=(inp,), daemon=True).start()

    def _read(self, inp):
        # os.read, not the buffered file: a daemon thread blocked inside a
        # buffered reader stops the interpreter's own exit
        fd = inp.fileno()
        rest = b""
        while True:
            try:
                data = os.read(fd, 4096)
            except OSError:
                data = b""
            if not data:
                break
            rest += data
            while b"\n" in rest:
                line, rest = rest.split(b"\n", 1)
                self.lines.put(line.decode("utf-8", "replace"))
        if rest:
            self.lines.put(rest.decode("utf-8", "replace"))
        self.lines.put(None)

    def gone(self):
        """True once nobody reads our responses any more."""
        if self.poll is None:
            return False
        return any(ev & (select.POLLERR | select.POLLHUP) for _, ev in self.poll.poll(0))

    def write(self, text):
        self.out.write(text.encode() if hasattr(self.out, "mode") and "b" in self.out.mode
                       else text)
        self.out.flush()


class GTPEngine:
    """The commands, one handler each (`COMMANDS`); each returns the result
    text or raises GTPError with the failure's text."""

    def __init__(self, board, person=None, rules="chinese", say=None, game=None):
        self.board = board
        self.person = person
        self.say = say or (lambda *a: None)
        self.size = board.size
        self.rules = rules
        self.komi = None           # None: the rules' own
        self.fresh = True          # the next move needs a new game at the board
        self.held = None           # the colour the board was told comes from us
        game = dict(game or {})
        # time_settings as the board clock's spec (None: no limit); at first the
        # command line's --clock
        self.clock = game.pop("clock", None)
        self.clock_due = self.clock is not None   # the board's game has not been sent it yet
        self.players = game or None  # names, event, round, table of every game it starts
        self.board_clock = None    # the board runs the clock (False: the controller keeps time)
        self.abort = lambda: False

    # --- the game at the board ----------------------------------------------------------
    def _game(self, handicap=0, setup=None):
        if self.fresh or handicap or setup:
            if handicap or setup or not self.board.fresh(self.rules, self.komi, self.players):
                self.board.new_game(self.rules, self.komi, handicap, setup, extra=self.players)
                self.say("game %s at the board: %s, komi %s%s" % (
                    self.board.state.game, self.rules, self.board.state.komi,
                    ", handicap %d" % (handicap or len(setup or ())) if handicap or setup else ""))
            self.fresh = False
            self.held = None
        if self.clock_due:
            self._send_clock()

    def _restart(self):
        """The next move needs a new game at the board, with its clock full (a
        board that refused a clock was asked once)."""
        self.fresh = True
        self.clock_due = self.clock is not None and self.board_clock is not False

    def _empty(self):
        st = self.board.state
        return self.fresh or (st.number == 0 and not st.handicap)

    def _color(self, args, k=0):
        if len(args) <= k:
            raise GTPError("syntax error (a colour is missing)")
        return to_color(args[k])

    def _point(self, text):
        try:
            return to_point(text, self.size)
        except ValueError as e:
            t = text.upper()
            if len(t) >= 2 and t[0] in COLUMNS and t[1:].isdigit():
                raise GTPError("illegal move (%s)" % e)
            raise GTPError("syntax error (%s)" % e)

    def _int(self, args, k=0):
        try:
            return int(args[k])
        except (IndexError, ValueError):
            raise GTPError("syntax error (an integer is missing)")

    # --- the commands ------------------------------------------------------------------
    def protocol_version(self, args):
        return "2"

    def name(self, args):
        return "goboard"

    def version(self, args):
        return "%s (board %s)" % (__version__, self.board.serial)

    def known_command(self, args):
        return "true" if args and args[0] in COMMANDS else "false"

    def list_commands(self, args):
        return "\n".join(COMMANDS)

    def quit(self, args):
        return ""

    def boardsize(self, args):
        n = self._int(args)
        if n != self.size:
            raise GTPError("unacceptable size (this board is %dx%d)" % (self.size, self.size))
        self._restart()
        return ""

    def clear_board(self, args):
        self._restart()
        return ""

    def komi(self, args):
        try:
            k = float(args[0])
        except (IndexError, ValueError):
            raise GTPError("syntax error (komi is a number)")
        if not -100 <= k <= 100 or k * 4 != int(k * 4):
            raise GTPError("syntax error (komi must be in quarter points, -100..100)")
        k = int(k) if k == int(k) else k
        if k != self.komi:
            self.komi = k
            if self.board.state.number == 0:
                self._restart()      # still no move: the game starts with this komi
        return ""

    def kgs_rules(self, args):
        if not args or args[0].lower() not in KGS_RULES:
            raise GTPError("syntax error (kgs-rules: one of %s)" % ", ".join(KGS_RULES))
        return self._rules(KGS_RULES[args[0].lower()])

    def goboard_rules(self, args):
        if not args or args[0] not in R.RULE_IDS:
            raise GTPError("syntax error (goboard-rules: one of %s)" % ", ".join(R.RULE_IDS))
        return self._rules(args[0])

    def _rules(self, rid):
        if rid != self.rules:
            self.rules = rid
            self._restart()
        return ""

    def fixed_handicap(self, args):
        n = self._int(args)
        if not self._empty():
            raise GTPError("board not empty")
        try:
            pts = handicap_points(self.size, n)
        except ValueError as e:
            raise GTPError("invalid number of stones (%s)" % e)
        if n < 2 or len(pts) != n:
            raise GTPError("invalid number of stones")
        self._game(handicap=n)
        return " ".join(vertex(p, self.size) for p in self.board.state.snapshot()["stones"]["B"])

    def place_free_handicap(self, args):
        # the board chooses the traditional points (the person puts them on the lit points)
        return self.fixed_handicap(args)

    def set_free_handicap(self, args):
        if not self._empty():
            raise GTPError("board not empty")
        pts = []
        for a in args:
            p = self._point(a)
            if not p or p in pts:
                raise GTPError("bad vertex list (%s)" % a)
            pts.append(p)
        if len(pts) < 2 or len(pts) >= self.size * self.size:
            raise GTPError("bad vertex list (2 to %d stones)" % (self.size * self.size - 1))
        try:
            self._game(setup=pts)
        except Refused as e:
            raise GTPError("bad vertex list (%s)" % e.text)
        return ""

    def play(self, args):
        c = self._color(args)
        if len(args) < 2:
            raise GTPError("syntax error (a vertex is missing)")
        p = self._point(args[1])
        self._game()
        try:
            self.board.play(c, p, self.abort)
        except Refused as e:
            raise GTPError("illegal move (%s)" % e.text)
        except GameOver:
            raise GTPError("illegal move (play has ended)")
        return ""

    def genmove(self, args):
        c = self._color(args)
        self._game()
        b = self.board
        if b.state.end is not None and b.unclaimed() is None:
            raise GTPError("play has ended")
        if self.held == c:
            b.release()           # the person plays this colour after all
            self.held = None
        b.pump()
        if b.unclaimed() is None and b.state.end is None:
            if b.state.to_move != c:
                # engines answer genmove for either colour; at the board the side
                # to move, the controller's, passes first
                self.say("genmove %s out of turn: %s passes first" % (
                    args[0], color_word(OTHER[c])))
                try:
                    b.play(OTHER[c], "", self.abort)
                except Refused as e:
                    raise GTPError("illegal move (%s)" % e.text)
                except GameOver as e:
                    raise GTPError("play has ended (%s)" % e.how.get("reason"))
                self.held = None
            if b.state.end is None and self.person is not None:
                self.person.move(c)         # the simulated person chooses, the hands play
        try:
            kind, p = b.person(c, self.abort)
        except GameOver as e:
            raise GTPError("play has ended (%s)" % e.how.get("reason"))
        except Refused as e:
            raise GTPError(str(e))
        if kind == "resign":
            return "resign"
        if b.state.end is None:
            b.hold(OTHER[c])            # the other side's move comes from the controller
            self.held = OTHER[c]
        return vertex(p, self.size)

    kgs_genmove_cleanup = genmove

    def undo(self, args):
        if self.fresh or not self.board.moves:
            raise GTPError("cannot undo")
        try:
            self.board.undo()
        except Refused as e:
            raise GTPError("cannot undo (%s)" % e.text)
        return ""

    def _counted(self):
        b = self.board
        if not self.fresh and b.state.end is None and b.moves and b.moves[-1][1] == "":
            b.wait_a_while(lambda: b.state.end is not None, 2.0)   # the end follows a pass
        if self.fresh or b.state.end is None:
            raise GTPError("cannot score (play has not ended)")
        return self.board.count(self.abort)

    def final_score(self, args):
        res = self._counted()
        end = self.board.state.end
        if res is None and end.get("reason") == "resign":
            return "%s+R" % end.get("winner")
        result = (res or {}).get("result")
        if not result or result == "Void":
            raise GTPError("cannot score (no result: %s)" % (result or end.get("reason")))
        return result

    def final_status_list(self, args):
        want = (args[0].lower() if args else "")
        if want not in ("alive", "dead", "seki"):
            raise GTPError("syntax error (alive, dead or seki)")
        res = self._counted() or {}
        st = self.board.state
        dead = set(st.dead)
        stones = dict(st.stones)
        stones.update(st.dead)
        seki = set()
        for p in (res.get("breakdown") or {}).get("seki") or ():
            seki |= chain(stones, p, self.size)
        pick = {"dead": dead, "seki": seki - dead,
                "alive": set(stones) - dead - seki}[want]
        lines = []
        left = set(pick)
        while left:
            ch = chain(stones, min(left), self.size) & left
            left -= ch
            lines.append(" ".join(vertex(p, self.size) for p in sorted(ch)))
        return "\n".join(sorted(lines))

    def time_settings(self, args):
        if len(args) != 3:
            raise GTPError("syntax error (main_time byo_yomi_time byo_yomi_stones)")
        main, byo, stones = [self._int(args, k) for k in range(3)]
        if min(main, byo, stones) < 0:
            raise GTPError("syntax error (times and stones are 0 or more)")
        return self._time(clock_spec(main, byo, stones), "time_settings", args)

    def kgs_time_settings(self, args):
        if not args:
            raise GTPError("syntax error (none, absolute, byoyomi or canadian)")
        nums = [self._int(args, k) for k in range(1, len(args))]
        if any(n < 0 for n in nums):
            raise GTPError("syntax error (times and counts are 0 or more)")
        try:
            spec = kgs_clock_spec(args[0], nums)
        except ValueError as e:
            raise GTPError("syntax error (%s)" % e)
        return self._time(spec, "kgs-time_settings", args)

    def _time(self, spec, name, args):
        """The controller's time system for the board's clock (None: no limit)."""
        if spec is not None:
            try:
                spec = C.parse(spec).text()
            except C.ClockError as e:
                raise GTPError("syntax error (%s)" % e)
        self.clock = spec
        self.clock_due = self.clock is not None
        if self.clock is None:
            self.say("%s %s: no time limit" % (name, " ".join(args)))
        elif not self.fresh:
            self._send_clock()       # a game is on: its clock changes now
        return ""

    def _send_clock(self):
        """The board's clock set to the controller's time settings, once for each
        game; a board without a clock leaves the time to the controller."""
        self.clock_due = False
        try:
            self.board.request({"k": "clock", "spec": self.clock, "id": token()}, "clock")
        except Refused as e:
            self.board_clock = False
            self.say("time_settings: the board keeps no clock (%s): the controller keeps the "
                     "time" % e.text)
            return
        self.board_clock = True
        self.say("time_settings: the board's clock runs %s" % self.clock)

    def time_left(self, args):
        c = self._color(args)
        if len(args) != 3:
            raise GTPError("syntax error (color time stones)")
        t, stones = self._int(args, 1), self._int(args, 2)
        if t < 0 or stones < 0:
            raise GTPError("syntax error (time and stones are 0 or more)")
        if self.board_clock and not self.fresh:
            # the controller's time is the reference (an online server's): the board follows
            system = self.clock.split(":", 1)[0] if self.clock else "canadian"
            try:
                self.board.request({"k": "clock", c: clock_left(t, stones, system),
                                    "id": token()}, "clock")
            except Refused as e:
                self.say("time_left %s: the board's clock refused it (%s)" % (" ".join(args),
                                                                            e.text))
        return ""

    def showboard(self, args):
        st = self.board.state
        rows = []
        for y in range(self.size):
            row = []
            for x in range(self.size):
                c = st.stones.get(LETTERS[x] + LETTERS[y])
                row.append("X" if c == "B" else "O" if c == "W" else ".")
            rows.append("%2d %s" % (self.size - y, " ".join(row)))
        head = "   " + " ".join(COLUMNS[:self.size])
        # the answer's first line follows "= ": the summary goes there, so the
        # column letters stand over their points
        return "\n".join(["game %s, move %s, %s to play" % (st.game, st.number, st.to_move),
                          head] + rows)

    # --- one command -----------------------------------------------------------------
    def run(self, name, args):
        """(ok, text) of one command."""
        fn = COMMANDS.get(name)
        if fn is None:
            return False, "unknown command"
        try:
            return True, fn(self, args)
        except GTPError as e:
            return False, str(e)
        except Refused as e:
            return False, e.text


def chain(stones, p, size):
    """The points of the chain (same colour, joined) holding p."""
    c = stones.get(p)
    out = {p}
    todo = [p]
    while todo:
        q = todo.pop()
        x, y = LETTERS.index(q[0]), LETTERS.index(q[1])
        for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            if 0 <= x + dx < size and 0 <= y + dy < size:
                r = LETTERS[x + dx] + LETTERS[y + dy]
                if r not in out and stones.get(r) == c:
                    out.add(r)
                    todo.append(r)
    return out


COMMANDS = {
    "protocol_version": GTPEngine.protocol_version, "name": GTPEngine.name,
    "version": GTPEngine.version, "known_command": GTPEngine.known_command,
    "list_commands": GTPEngine.list_commands, "quit": GTPEngine.quit,
    "boardsize": GTPEngine.boardsize, "clear_board": GTPEngine.clear_board,
    "komi": GTPEngine.komi, "kgs-rules": GTPEngine.kgs_rules,
    "goboard-rules": GTPEngine.goboard_rules, "play": GTPEngine.play,
    "genmove": GTPEngine.genmove, "kgs-genmove_cleanup": GTPEngine.kgs_genmove_cleanup,
    "undo": GTPEngine.undo, "fixed_handicap": GTPEngine.fixed_handicap,
    "place_free_handicap": GTPEngine.place_free_handicap,
    "set_free_handicap": GTPEngine.set_free_handicap, "final_score": GTPEngine.final_score,
    "final_status_list": GTPEngine.final_status_list, "time_settings": GTPEngine.time_settings,
    "kgs-time_settings": GTPEngine.kgs_time_settings,
    "time_left": GTPEngine.time_left, "showboard": GTPEngine.showboard,
}
NOTES = {"quit": "Controller quit", "eof": "Controller gone", "gone": "Controller gone"}


def serve(engine, ctl, say):
    """Answer commands until quit or the controller goes; returns why it stopped."""
    engine.abort = ctl.gone
    board = engine.board
    while True:
        try:
            line = ctl.lines.get(timeout=0.05)
        except queue.Empty:
            if ctl.gone():
                return "gone"
            board.pump()           # the board's events meanwhile (the stand-in's end of play)
            continue
        if line is None:
            return "eof"
        cmd = parse_command(line)
        if cmd is None:
            continue
        cid, name, args = cmd
        try:
            ok, text = engine.run(name, args)
        except Aborted:
            return "gone"
        try:
            ctl.write(response(ok, text, cid))
        except (BrokenPipeError, OSError, ValueError):
            return "gone"
        if name == "quit":
            return "quit"
