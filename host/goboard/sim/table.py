"""The simulated board at a table: live hands, and an engine standing in for the person.

`SimTable` starts the real firmware in the MicroPython unix port (`SimBoard`)
with its serial link over a null modem (`nullmodem.Relay`, as the demo does)
and a second pseudo-terminal: the control channel of the simulator's live hands
(tools/sim/live_hands.py). The hands follow the board's lights by themselves
(the other side's stones, captures to lift, takebacks); the host orders the
rest: the person's moves, passes, the dead stones at the end.

`SimPerson` is the person: a GTP engine (GNU Go, ...) kept in step with every
move the board records, whose choices the hands play at the board with the
usual noise. At the end of play it lifts the stones its engine calls dead and
presses end, so the board counts. With `hints` it sometimes asks the board for
a hint first (ok) and plays the point the board lights (teaching mode).

`open_table` gives `goboard gtp` and `goboard play` their board from the command
line: a real one on a port, or this simulated one with its stand-in person.
"""

import json
import os
import random
import shutil
import sys
import tempfile

from goban import rules as R
from goban.rules import bowl_stones
from goboard.errors import UserError
from goboard.gtp.boardgame import BoardGame
from goboard.gtp.client import Engine
from goboard.gtp.protocol import GTPError, to_point, vertex
from goboard.link.boards import choose_port
from goboard.link.nullmodem import PtyPair, Relay
from goboard.live.state import OTHER
from goboard.paths import BOARDS
from goboard.sim.board import SimBoard, add_board_arguments


class SimTable:
    """The simulated board (a size x size sim profile) with live hands.
    `port` is the host's end of its serial link; `hand(action)` gives the hands
    an order (a script action, or ["play", C, "dd"]: a stone placed with the
    usual noise). `mistakes`: the chance a hand first puts a lit stone one
    point off (the referee announces it, the hand corrects it); `wiring`: a
    SPEC of the builder's wiring mistakes (tools/sim/wiring.py)."""

    def __init__(self, size=19, rules="chinese", seed=1, noise=1, pace=0, mistakes=0.0,
                 serial="SIM-GTP", workdir=None, wiring=None):
        profile = BOARDS / ("sim-%d.json" % size)
        if not profile.exists():
            raise UserError("no simulated board of %dx%d (boards/sim-9.json and sim-19.json exist)"
                            % (size, size))
        self.size = size
        self.serial = serial
        self.own_dir = workdir is None
        self.work = workdir or tempfile.mkdtemp(prefix="goboard-table-")
        self.relay = Relay(self.work)
        self.relay.start()
        self.ctrl = PtyPair()
        r = R.get(rules)
        self.bowl_stones = bowl_stones(size, r) if r.bowl_stones else 180
        job = {"profile": str(profile), "rules": rules, "komi": None, "handicap": 0,
               "seed": seed, "noise": noise, "actions": [], "pace": pace,
               "dir": os.path.join(self.work, "board"),
               "bowl_stones": self.bowl_stones,
               "link": {"device": self.relay.board_path, "serial": serial, "linger_ms": 0},
               "hands": {"device": self.ctrl.path, "mistakes": mistakes}}
        if wiring:
            job["wiring"] = wiring      # wired with a builder's mistakes (tools/sim/wiring.py)
        self.board = SimBoard(job)
        self.port = self.relay.host_path
        self.log_dir = os.path.join(self.work, "board", "games")

    def forget(self, out):
        """Every simulated board starts with an empty log: what an earlier one
        synced into `out` under this serial is another board's, so its journal
        goes (the host would take that board's last game for this one's)."""
        from goboard.record.journal import Journal
        shutil.rmtree(Journal(out, self.serial).dir, ignore_errors=True)

    def hand(self, action):
        """One order for the hands (done in order, when they are free)."""
        data = (json.dumps(action) + "\n").encode()
        try:
            os.write(self.ctrl.master, data)
        except OSError as e:
            raise UserError("the simulated board's hands are gone: %s" % e)

    def failed(self):
        return self.board.failed()

    def stop(self, timeout=10):
        """The hands stop, the board prints its summary (returned, or None) and ends."""
        summary = None
        try:
            if self.board.proc.poll() is None:
                self.hand(["stop"])
                summary = self.board.wait_done(timeout)
        except UserError:
            pass
        self.board.stop()
        self.relay.stop()
        self.ctrl.close()
        if self.own_dir:
            shutil.rmtree(self.work, ignore_errors=True)
        return summary


class SimPerson:
    """The person at the simulated board: an engine kept in step with every
    event of the board's game (`on_event`), whose moves the hands play (`move`).
    Engine failures raise UserError naming the engine."""

    def __init__(self, argv, table, stderr=None, hints=0.0, seed=1):
        try:
            self.engine = Engine(argv, **({} if stderr is None else {"stderr": stderr}))
        except GTPError as e:
            raise UserError("--sim-player: %s" % e)
        self.table = table
        self.size = table.size
        self.rules = None
        self.mine = None        # (colour, "dd" / "") the engine chose and already holds
        self.game = None
        self.lifting = False
        self.hints = hints        # the chance the person asks for a hint and plays it
        self.rng = random.Random(seed)

    def _gtp(self, fn, *a):
        try:
            return fn(*a)
        except GTPError as e:
            raise UserError("the simulated player's engine: %s" % e)

    def on_event(self, ev):
        t = ev.get("type")
        e = self.engine
        if t == "game-start":
            self.game = ev.get("game")
            self.rules = R.get(ev.get("rules") or "chinese")
            self.mine = None
            self.lifting = False
            self._gtp(e.boardsize, self.size)
            self._gtp(e.clear_board)
            self._gtp(e.komi, ev.get("komi", self.rules.komi))
            setup = (ev.get("setup") or {}).get("B") or []
            if setup:
                self._gtp(e.set_free_handicap, [vertex(p, self.size) for p in setup])
        elif t in ("move", "pass"):
            c = ev["color"]
            p = ev.get("point", "") if t == "move" else ""
            if self.mine == (c, p):
                self.mine = None    # the engine played it already (genmove)
                return
            if self.mine is not None:
                self._gtp(e.undo)   # the board took another move than the engine's
                self.mine = None
            if not self._gtp(e.play, c, vertex(p, self.size)):
                raise UserError("the simulated player's engine refuses %s %s, which the "
                                "board accepted" % (c, vertex(p, self.size)))
        elif t == "undo":
            if self.mine is None:
                self._gtp(e.undo)
        elif t == "play-on" and ev.get("pass") and ev.get("by") in ("B", "W"):
            self._gtp(e.play, ev["by"], "pass")   # play resumed: the asker's turn handed over
        elif t == "illegal" and self.mine is not None and self.mine[1] \
                and ev.get("color") == self.mine[0] and ev.get("point") == self.mine[1] \
                and ev.get("code") not in ("not-expected", "remote-move"):
            # the board refuses the engine's move (its rules forbid what the
            # engine allows, e.g. a superko): the hand takes the stone back and
            # the person passes instead
            c, p = self.mine
            self._gtp(e.undo)
            self.mine = (c, "")
            self.table.hand(["lift", p, "bowl"])
            self.table.hand(["wait", 300])
            self.table.hand(["button", c, "pass"])
        elif t == "end" and ev.get("reason") not in ("resign", "void") \
                and self.rules is not None and self.rules.dead_agreement:
            self.finish()

    def move(self, color):
        """The engine chooses `color`'s move; the hands play it at the board.
        Returns what it chose: "dd", "" (pass) or "resign"."""
        mv = self._gtp(self.engine.genmove, color)
        if mv == "resign":
            self.table.hand(["wait", 300])
            self.table.hand(["button", color, "resign"])
            return "resign"
        p = to_point(mv, self.size)
        self.mine = (color, p)
        if p and self.hints and self.rng.random() < self.hints:
            self.table.hand(["wait", 200])
            self.table.hand(["button", color, "ok"])
            self.table.hand(["follow-hint", color, p])
        elif p:
            self.table.hand(["play", color, p])
        elif self.rules is not None and self.rules.uses_pass_stones:
            self.table.hand(["wait", 300])
            self.table.hand(["bowl", color, -1])
            self.table.hand(["wait", 600])
            self.table.hand(["lid", OTHER[color], 1])
        else:
            self.table.hand(["wait", 300])
            self.table.hand(["button", color, "pass"])
        return p

    def finish(self):
        """Play has ended: lift the stones the engine calls dead, press end."""
        if self.lifting:
            return
        self.lifting = True
        dead = self._gtp(self.engine.final_status_list, "dead")
        for v in sorted(dead):
            self.table.hand(["wait", 200])
            self.table.hand(["lift", to_point(v, self.size)])
        self.table.hand(["wait", 400])
        self.table.hand(["button", "B", "end"])

    def close(self):
        self.engine.close()


def add_sim_arguments(p):
    """The simulated board's options (`goboard gtp` and `goboard play`)."""
    p.add_argument("--sim", action="store_true",
                   help="play on the simulated board instead of a real one")
    p.add_argument("--sim-player", metavar="CMD",
                   help="with --sim: the GTP engine that plays the person at the board")
    add_board_arguments(p)
    p.add_argument("--mistakes", type=float, default=0.0, metavar="P",
                   help="with --sim: chance a hand first puts a lit stone one point off")
    p.add_argument("--pace", type=float, default=0.0,
                   help="with --sim: speed of the board's clock (default 0: as fast as it goes; "
                        "1: real time)")


def open_table(args, say):
    """(BoardGame, SimTable or None, SimPerson or None) for the options."""
    if args.sim:
        if not args.sim_player:
            raise UserError("--sim needs --sim-player CMD: the engine that plays the person")
        if not 0.0 <= args.mistakes <= 1.0:
            raise UserError("--mistakes must be a chance from 0 to 1, not %g" % args.mistakes)
        if args.pace < 0:
            raise UserError("--pace must be 0 or more, not %g" % args.pace)
        table = SimTable(args.size, args.rules, args.seed, args.noise, args.pace, args.mistakes)
        table.forget(args.out)
        try:
            person = SimPerson(args.sim_player, table, stderr=sys.stderr,
                               hints=getattr(args, "sim_hints", 0.0), seed=args.seed)
            board = BoardGame(table.port, args.out, say=say)
            board.listeners.append(person.on_event)
            _open(board, table)
        except BaseException:
            table.stop()
            raise
        return board, table, person
    if args.sim_player:
        raise UserError("--sim-player needs --sim")
    board = BoardGame(choose_port(args.port), args.out, say=say)
    _open(board, None)
    return board, None, None


def _open(board, table):
    try:
        board.open()
    except UserError:
        err = table.failed() if table is not None else None
        if err:
            raise UserError("the simulated board did not start: %s" % err)
        raise
