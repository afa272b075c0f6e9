"""Referee events of games played by the rules core: feeds for tests, benches and demos.

The moves are chosen at random (seeded) but every one is played by
`goban.game.Game`, so captures, ko refusals and takebacks are the rules core's
own; the events are shaped as the shared event contract says (game and seq
numbered from 1 as the game log numbers them).
"""

import random

from goban.board import BLACK, WHITE
from goban.game import Game, reason_text

COLOR = {BLACK: "B", WHITE: "W"}


class EventMaker:
    """Plays a game with the rules core and returns the events a board would send."""

    def __init__(self, rules="chinese", size=19, game=1, serial="SIM-1", komi=None,
                 handicap=0, seed=None, local=0.7):
        self.g = Game(rules, size=size, capacity=1024)
        self.size = size
        self.game_no = game
        self.seq = 0
        self.rng = random.Random(seed)
        self.serial = serial
        self.komi = self.g.rules.komi if komi is None else komi
        self.handicap = handicap
        self.local = local

    def event(self, kind, **fields):
        """The next event of the game: `kind` with (game, seq) numbered as the log does."""
        self.seq += 1
        ev = {"type": kind, "game": self.game_no, "seq": self.seq}
        ev.update(fields)
        return ev

    def sgf(self, p):
        return self.g.board.sgf(p)

    def start(self, black=(), white=()):
        """The game-start event (setup stones given as SGF points)."""
        b = self.g.board
        if black or white:
            self.g.setup(black=[b.from_sgf(p) for p in black],
                         white=[b.from_sgf(p) for p in white],
                         to_move=WHITE if black and not white else None)
        return self.event("game-start", size=self.size, rules=self.g.rules.id, komi=self.komi,
                        handicap=self.handicap, first=COLOR[self.g.to_move()],
                        setup={"B": sorted(black), "W": sorted(white)},
                        serial=self.serial, profile="sim")

    def play(self, point):
        """The move event for an SGF point, or the illegal event the referee would send."""
        g = self.g
        color = g.to_move()
        p = g.board.from_sgf(point)
        code = g.play(color, p)
        if code is not None:
            text, fix = reason_text(code)
            return self.event("illegal", color=COLOR[color], point=point, code=code,
                            text=text, fix=fix)
        return self.event("move", color=COLOR[color], point=point, number=g.n,
                        captures=sorted(self.sgf(q) for q in g.last_capture()))

    def pass_move(self):
        color = self.g.to_move()
        code = self.g.pass_move(color)
        if code is not None:
            text, fix = reason_text(code)
            return self.event("illegal", color=COLOR[color], point=None, code=code,
                            text=text, fix=fix)
        return self.event("pass", color=COLOR[color], number=self.g.n, stone=False)

    def undo(self):
        g = self.g
        n = g.n
        color = g.color_of(n)
        mp = g.move_point(n)
        point = self.sgf(mp) if mp >= g.board.W else ""
        restored = sorted(self.sgf(q) for q in g.last_capture())
        if not g.undo():
            return None
        return self.event("undo", number=n, color=COLOR[color], point=point, restored=restored)

    def restored(self):
        return self.event("restored")

    def random_move(self):
        """A random legal move (a capture now and then), as its event; None if none was found."""
        g = self.g
        b = g.board
        color = g.to_move()
        empties = [p for p in b.points() if b.get(p) == 0]
        self.rng.shuffle(empties)
        if g.n and self.rng.random() < self.local:
            # most moves answer the last one nearby, as in a real game: fights, captures
            last = g.move_point(g.n)
            if last >= b.W:
                lx, ly = b.xy(last)
                near = [p for p in empties if max(abs(b.xy(p)[0] - lx), abs(b.xy(p)[1] - ly)) <= 2]
                for p in near:                  # take a stone when one hangs
                    if g.play(color, p) is None:
                        took = g.last_removed
                        g.undo()
                        if took:
                            return self.play(self.sgf(p))
                empties = near + empties
        for p in empties[:60]:
            if g.play(color, p) is None:
                g.undo()
                return self.play(self.sgf(p))
        return None

    def moves(self, count):
        """`count` random move events (fewer only if the board fills up)."""
        out = []
        for _ in range(count):
            ev = self.random_move()
            if ev is None:
                break
            out.append(ev)
        return out

    def position(self):
        """The rules core's position as rows ('.', 'X', 'O'), for checks."""
        return self.g.board.rows()


def random_game(moves=300, seed=1, serial="SIM-1", game=1, size=19, rules="chinese"):
    """A game-start and `moves` move events of one random game, with its EventMaker."""
    m = EventMaker(rules=rules, size=size, game=game, serial=serial, seed=seed)
    events = [m.start()]
    events += m.moves(moves)
    return events, m


class TimedGame:
    """An EventMaker's game with players and a clock, as a board with a clock
    sends it: game-start with the players and the spec, ready, and after each
    move the `clock` event the firmware's clock (goban.clock) gives for the
    time the player thought (`think_ms`); `wait(ms)` lets the mover think on
    (tick or flag events)."""

    def __init__(self, maker, spec, players=None):
        from goban.clock import Clock
        self.m = maker
        self.spec = spec
        self.players = dict(players or {})
        self.clock = Clock()
        self.now = 0

    def clock_event(self, c=None):
        """A clock event goban.clock gave (`c`; default: the clock as it stands) as
        the board's next event, numbered."""
        c = self.clock.event() if c is None else c
        return self.m.event("clock", **{k: v for k, v in c.items() if k != "type"})

    def _clocked(self, ev):
        out = [ev]
        c = self.clock.on_event(ev, self.now)
        if c is not None:
            out.append(self.clock_event(c))
        if ev["type"] == "move" and ev.get("captures"):
            # the prisoners lifted at once: the capture's move is complete (the
            # board's `lifted` event, goban.referee.timing)
            out += self._clocked(self.m.event("lifted", color=ev["color"], number=ev["number"]))
        return out

    def start(self):
        ev = self.m.start()
        ev.update(self.players, clock=self.spec)
        self.clock.on_event(ev, self.now)
        ready = self.m.event("ready", to_move=ev["first"])
        return [ev] + self._clocked(ready)

    def wait(self, ms):
        """The player to move thinks `ms` longer: the ticks and a flag, as events."""
        out = []
        end = self.now + ms
        while self.now < end:
            self.now = min(end, self.now + 1000)
            c = self.clock.step(self.now)
            if c is not None:
                out.append(self.clock_event(c))
                if c.get("flag"):
                    winner = "W" if c["flag"] == "B" else "B"
                    out.append(self.m.event("end", reason="time", winner=winner))
                    break
        return out

    def move(self, think_ms, point=None):
        """The player to move thinks, then plays (a random move, or `point`;
        "" passes): the events, ticks and flag included."""
        out = self.wait(think_ms)
        if out and out[-1]["type"] == "end":
            return out
        ev = self.m.pass_move() if point == "" else \
            self.m.play(point) if point else self.m.random_move()
        return out + self._clocked(ev)
