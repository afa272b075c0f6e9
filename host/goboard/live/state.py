"""The live state of one board, rebuilt from its referee events in order.

One reducer shared by the broadcast page (`goboard serve`), the relay's retained
MQTT state (`goboard relay`) and `goboard watch`: each applies the same events
the same way, so every display agrees. The state is plain data and
`snapshot()` is JSON-serialisable; `LiveState.from_snapshot` rebuilds a state
from one, so a display that joins late starts from the retained snapshot and
applies the events after it.

Events carry "game" and "seq" (added by the game log and the link): an event
of an older game, or a seq already applied, is a duplicate and is skipped, so
a resent event or an event arriving after a newer snapshot changes nothing.
Events without them (hand-made ones in tests) are always applied.
An event that makes no sense (a point off the board, a missing field) raises
`EventError`; the caller skips it and the state is left as it was.
"""

import copy

from goban import clock as C
from goban.players import FIELDS as GAME_FIELDS
from goban.points import LETTERS
from goboard.link.sequence import Reorder

OTHER = {"B": "W", "W": "B"}

# status of play, in the order a game goes through them
WAITING = "waiting"      # no game-start seen yet
PLAYING = "playing"
PAUSED = "paused"        # Ing: two passes pause play
ENDED = "ended"          # play has ended, the count is coming
COUNTED = "counted"      # the result is known


class EventError(ValueError):
    """An event that cannot be applied: the message names what is wrong."""


class OutOfOrder(Exception):
    """An event after a gap (its predecessor not applied yet): applying it would
    leave the stones wrong, so it is held until the gap is filled or a newer
    snapshot replaces the state (`Ordered`)."""


def _color(ev, key="color", allow_none=False):
    c = ev.get(key)
    if c is None and allow_none:
        return None
    if c not in OTHER:
        raise EventError("%s event: %s must be 'B' or 'W', not %r" % (ev.get("type"), key, c))
    return c


def _check_point(p, size, kind, key):
    if not (isinstance(p, str) and len(p) == 2 and p[0] in LETTERS[:size] and p[1] in LETTERS[:size]):
        raise EventError("%s event: %s %r is not a point of a %dx%d board"
                         % (kind or "game-start", key, p, size, size))
    return p


class LiveState:
    """What a display shows for one board: position, last move, turn, banner, result."""

    def __init__(self, board=""):
        self.board = board
        self._reset(None, 0)

    def _reset(self, game, seq):
        self.game = game
        self.seq = seq
        self.size = 19
        self.rules = None
        self.komi = None
        self.handicap = 0
        self.serial = None
        self.profile = None
        self.stones = {}          # "dd" -> "B" / "W"
        self.status = WAITING
        self.number = 0           # number of the last move played (passes count)
        self.to_move = "B"
        self.last = None          # {"color", "point" ("" for a pass), "number", "kind", "captures"}
        self.captures = {"B": 0, "W": 0}   # prisoners each side took in play
        self.pending = None       # {"color", "points"}: captured stones still on the board
        self.banner = None        # {"code", "text", "fix", "color", "point"}: an illegal move
        self.end = None           # {"reason", "winner"}
        self.dead = {}            # "dd" -> colour of a stone lifted as dead
        self.result = None        # the "count" event's fields
        self.bowls = None
        self.notices = {}         # kind -> text: prisoners missing, a failed setup check
        self.faults = {}          # "dd" -> "stuck" / "dead" / "noisy"
        self.players = {}         # black, white, black_rank, white_rank, event, round
        self.clock = None         # the clock (see _clock), None when the game has none
        self.link = None          # "reconnecting" while the board's source is cut off
        self.setup = {"B": [], "W": []}   # the stones set up before the first move
        self.first = "B"          # who moved first
        self._history = []        # (color, point, {pt: colour removed}) for undo
        # the main line, JSON-ready and never changed once made (a snapshot shares
        # them): (colour, point or "" for a pass, (captures...)[, "abandon"])
        self.moves = []

    # --- applying events -----------------------------------------------------
    def apply(self, ev):
        """Apply one event; returns False when it was a duplicate and was skipped."""
        if not isinstance(ev, dict) or not isinstance(ev.get("type"), str):
            raise EventError("an event must be an object with a 'type'")
        kind = ev["type"]
        game = ev.get("game")
        seq = ev.get("seq")
        if game is not None and self.game is not None:
            if game < self.game or (game == self.game and seq is not None and seq <= self.seq):
                return False
            if seq is not None and (seq > self.seq + 1 if game == self.game
                                    else seq > 1 and kind != "game-start"):
                raise OutOfOrder("game %s seq %s after seq %s" % (game, seq, self.seq))
        if kind == "game-start":
            self._start(ev)
        else:
            handler = _HANDLERS.get(kind)
            if handler is not None:
                handler(self, ev)
            # unknown kinds are newer than this reader: skipped, not an error
            if game is not None and game != self.game:
                # events of a game whose start we missed (a display that joined late)
                self.game = game
        if seq is not None:
            self.seq = seq
        return True

    def _point(self, ev, key="point", allow_empty=False):
        p = ev.get(key)
        if allow_empty and (p == "" or p is None):
            return ""
        return _check_point(p, self.size, ev.get("type"), key)

    def _points(self, ev, key, size=None, kind=None):
        """The list of points at ev[key], checked; `kind` names the event when
        ev is a part of one (a setup, the found stones)."""
        kind = kind or ev.get("type") or "game-start"
        pts = ev.get(key) or []
        if not isinstance(pts, list):
            raise EventError("%s event: %s must be a list of points" % (kind, key))
        return [_check_point(p, size or self.size, kind, key) for p in pts]

    def _start(self, ev):
        size = ev.get("size", 19)
        if not isinstance(size, int) or not 2 <= size <= 25:
            raise EventError("game-start event: size %r is not 2..25" % (size,))
        setup = ev.get("setup") or {}
        if not isinstance(setup, dict):
            raise EventError("game-start event: setup must be {\"B\": [...], \"W\": [...]}")
        black = self._points(setup, "B", size)
        white = self._points(setup, "W", size)
        self._reset(ev.get("game"), 0)
        self.size = size
        self.rules = ev.get("rules")
        self.komi = ev.get("komi")
        self.handicap = ev.get("handicap", 0)
        self.serial = ev.get("serial")
        self.profile = ev.get("profile")
        for p in black:
            self.stones[p] = "B"
        for p in white:
            self.stones[p] = "W"
        self.setup = {"B": sorted(black), "W": sorted(white)}
        self.to_move = ev.get("first") if ev.get("first") in OTHER else "B"
        self.first = self.to_move
        self.status = PLAYING
        self.players = {k: str(ev[k]) for k in GAME_FIELDS if ev.get(k)}
        if ev.get("clock"):
            self._clock_spec(ev["clock"], ev.get("type"))
            full = C.Clock(ev["clock"]).event()
            self._clock({"type": "clock", "B": full["B"], "W": full["W"], "run": "",
                         "paused": True, "why": "idle"})

    def _setup(self, ev):
        """Free placement: the handicap stones black put down, before any move."""
        black = self._points(ev, "B")
        white = self._points(ev, "W")
        if self._history:
            raise EventError("setup event after the first move")
        for p in black:
            self.stones[p] = "B"
        for p in white:
            self.stones[p] = "W"
        self.setup = {"B": sorted(set(self.setup["B"]) | set(black)),
                      "W": sorted(set(self.setup["W"]) | set(white))}

    def _move(self, ev):
        color = _color(ev)
        point = self._point(ev)
        taken = self._points(ev, "captures")
        removed = {}
        self.stones[point] = color
        for p in taken:
            owner = self.stones.pop(p, OTHER[color])
            removed[p] = owner
            # a suicide removes the mover's own stones: the other side takes them
            self.captures[color if owner != color else OTHER[color]] += 1
        self._played(ev, color, point, "move", removed)
        if taken:
            self.pending = None   # the referee says which are still on the board

    def _correct(self, ev):
        """The last move's stone came to rest on another point before the
        answer: the same move there (the last move taken back, then played).
        Or an earlier move (its number) was on another point: its stone moved,
        the moves after it as they were (the referee's `slip_back`)."""
        color = _color(ev)
        old = self._point(ev, "from")
        new = self._point(ev)
        k = ev.get("number")
        if isinstance(k, int) and 0 < k < self.number:
            self._correct_earlier(k, color, old, new)
            return
        taken = self._points(ev, "captures")    # checked before anything changes
        if not self._history or self._history[-1][:2] != (color, old):
            raise EventError("correct event: the last move is not %s %s" % (color, old))
        number = self.number
        self._undo({"color": color, "point": old, "number": number,
                    "restored": sorted(self._history[-1][2])})
        self._move({"color": color, "point": new, "number": number, "captures": taken})

    def _correct_earlier(self, k, color, old, new):
        if self.stones.get(old) != color:
            raise EventError("correct event: no %s stone on %s" % (color, old))
        self.stones.pop(old)
        self.stones[new] = color
        back = self.number - k            # (the history may begin later: joined from a snapshot)
        if back < len(self._history):
            j = len(self._history) - 1 - back
            c, p, rem = self._history[j]
            self._history[j] = (c, new if p == old else p, rem)
        if back < len(self.moves):
            j = len(self.moves) - 1 - back
            m = self.moves[j]
            if m[1] == old:
                self.moves[j] = (m[0], new) + tuple(m[2:])

    def _pass(self, ev, kind):
        color = _color(ev)
        self._played(ev, color, "", kind, {})

    def _played(self, ev, color, point, kind, removed):
        number = ev.get("number")
        self.number = number if isinstance(number, int) else self.number + 1
        self.to_move = OTHER[color]
        self.last = {"color": color, "point": point, "number": self.number, "kind": kind,
                     "captures": sorted(removed)}
        self._history.append((color, point, removed))
        caps = tuple(sorted(removed))
        self.moves.append((color, point, caps) if kind != "abandon" else
                          (color, point, caps, kind))
        self.banner = None
        self.pending = None
        if self.status in (PAUSED, WAITING):
            self.status = PLAYING

    def _undo(self, ev):
        color = _color(ev)
        point = self._point(ev, allow_empty=True)
        restored = self._points(ev, "restored")
        if self._history and self._history[-1][0] == color and self._history[-1][1] == point:
            _, _, removed = self._history.pop()
            if self.moves:
                self.moves.pop()
        else:
            # joined after the move was played (from a snapshot): the restored
            # stones are the opponent's, as they are unless the move was a suicide
            removed = {p: OTHER[color] for p in restored}
            self._history = []
            self.moves = []
        if point:
            self.stones.pop(point, None)
        for p in restored:
            owner = removed.get(p, OTHER[color])
            self.stones[p] = owner
            side = color if owner != color else OTHER[color]
            self.captures[side] = max(0, self.captures[side] - 1)
        number = ev.get("number")
        self.number = (number - 1) if isinstance(number, int) else max(0, self.number - 1)
        self.to_move = color
        if self._history:
            c, p, rem = self._history[-1]
            self.last = {"color": c, "point": p, "number": self.number,
                         "kind": "move" if p else "pass", "captures": sorted(rem)}
        else:
            self.last = None
        self.banner = None
        self.pending = None
        if self.status in (PAUSED, ENDED):
            self.status = PLAYING
            self.end = None

    def _illegal(self, ev):
        color = _color(ev, allow_none=True)
        point = self._point(ev, allow_empty=True) if ev.get("point") else None
        self.banner = {"code": str(ev.get("code") or "illegal"), "text": str(ev.get("text") or ""),
                       "fix": str(ev.get("fix") or ""), "color": color, "point": point}
        if ev.get("choose") and ev.get("code") == "unseen-order":
            self.banner["choose"] = str(ev["choose"])    # an order of moves, not a point
        elif ev.get("choose"):
            self.banner["choose"] = self._point({"point": ev["choose"]})

    def _choose(self, ev):
        """The board offers another dead point as the unseen move (or another
        order of the moves, `unseen-order`): the banner's fix names it."""
        b = self.banner
        if b is not None and b["code"] == "unseen-order":
            new = str(ev.get("point") or "")
            old = b.get("choose")
            if old:
                b["fix"] = b["fix"].replace("were %s," % old, "were %s," % new)
            b["choose"] = new
            return
        point = self._point(ev)
        if b is None or b["code"] != "unseen":
            return
        old = b.get("choose")
        if old:
            b["fix"] = b["fix"].replace("on %s (" % old, "on %s (" % point)
        b["choose"] = point

    def _restored(self, ev):
        self.banner = None
        self.pending = None

    def _capture_pending(self, ev):
        self.pending = {"color": _color(ev), "points": self._points(ev, "points")}

    def _paused(self, ev):
        self.status = PAUSED

    def _end(self, ev):
        reason = ev.get("reason")
        winner = ev.get("winner")
        self.end = {"reason": reason, "winner": winner}
        if self.status != COUNTED:
            self.status = ENDED
        self.banner = None
        if reason == "time":
            # a loss on time is the result: no count follows
            winner = _color(ev, "winner")
            self.result = {"result": "%s+T" % winner, "winner": winner, "margin": None,
                           "unit": None, "breakdown": {}}
            self.status = COUNTED

    def _play_on(self, ev):
        """The end of play taken back (a mistaken end), or play resumed after
        a dispute (the asker's turn handed over with a pass when it was its
        own): play goes on."""
        if self.status == ENDED:
            self.status = PLAYING
            self.end = None
            self.dead = {}
        if ev.get("dispute") and ev.get("pass") and ev.get("by") in OTHER:
            self._played({"number": ev.get("number")}, ev["by"], "", "pass", {})
        to = ev.get("to_move")
        if to in OTHER:
            self.to_move = to

    def _players(self, ev):
        for k in GAME_FIELDS:
            if k in ev:
                v = ev[k]
                if v:
                    self.players[k] = str(v)
                else:
                    self.players.pop(k, None)

    def _clock_spec(self, spec, kind):
        try:
            settings = C.parse(spec).as_dict()
        except C.ClockError as e:
            raise EventError("%s event: %s" % (kind, e))
        self.clock = {"spec": spec, "settings": settings, "B": None, "W": None, "run": "",
                      "paused": True, "why": "idle", "flag": None, "press": None}

    def _clock(self, ev):
        """A clock event: both sides' time ({main, period, periods, moves, penalty},
        ms and counts), whose runs, paused (and why), a flag when time ran out."""
        if ev.get("spec") and (self.clock is None or ev["spec"] != self.clock["spec"]):
            self._clock_spec(ev["spec"], "clock")
        if self.clock is None:
            raise EventError("clock event: the game has no clock spec")
        sides = {}
        for c in ("B", "W"):
            d = ev.get(c)
            if not isinstance(d, dict) or not all(
                    isinstance(d.get(k), int) and d[k] >= 0 for k in C.FIELDS):
                raise EventError("clock event: %s must be {%s} of whole numbers"
                                 % (c, ", ".join(C.FIELDS)))
            sides[c] = {k: d[k] for k in C.FIELDS}
        run = ev.get("run") or ""
        if run not in ("", "B", "W"):
            raise EventError("clock event: run must be '', 'B' or 'W', not %r" % (run,))
        self.clock.update(sides)
        self.clock["run"] = run
        self.clock["paused"] = bool(ev.get("paused"))
        self.clock["why"] = ev.get("why") if ev.get("paused") else None
        self.clock["flag"] = ev.get("flag") if ev.get("flag") in OTHER else None
        self.clock["press"] = ev.get("press") if ev.get("press") in OTHER else None

    def _resign(self, ev):
        color = _color(ev)
        self.end = {"reason": "resign", "winner": OTHER[color]}
        self.status = COUNTED
        self.result = {"result": "%s+R" % OTHER[color], "winner": OTHER[color],
                       "margin": None, "unit": None, "breakdown": {}}

    def _dead(self, ev):
        for p in self._points(ev, "points"):
            c = self.stones.pop(p, None)
            if c is not None:
                self.dead[p] = c
        found = ev.get("found") or {}
        if not isinstance(found, dict):
            raise EventError("dead event: found must be {\"B\": [...], \"W\": [...]}")
        for c in ("B", "W"):
            # stones the board never saw, counted on the players' word: shown
            for p in self._points(found, c, kind="dead (found)"):
                self.stones[p] = c

    def _count(self, ev):
        res = ev.get("result")
        if not isinstance(res, str):
            raise EventError("count event: result must be a text like 'B+3.5', not %r" % (res,))
        self.result = {"result": res, "winner": ev.get("winner"), "margin": ev.get("margin"),
                       "unit": ev.get("unit"), "breakdown": ev.get("breakdown") or {}}
        self.status = COUNTED

    def _bowls(self, ev):
        self.bowls = {k: ev.get(k) for k in ("B", "W", "lidB", "lidW")}

    def _prisoner_missing(self, ev):
        color = _color(ev)
        self.notices["prisoner-missing"] = (
            "%s's lid: %s prisoners expected, %s counted"
            % ("Black" if color == "B" else "White", ev.get("expected"), ev.get("counted")))

    def _setup_check(self, ev):
        if ev.get("ok"):
            self.notices.pop("setup-check", None)
        else:
            self.notices["setup-check"] = "bowls at the start: %s black, %s white" % (
                ev.get("B"), ev.get("W"))

    def _sensors(self, ev):
        """A sensor event's points: `points` (the board's, one event a look),
        else the one `point`."""
        return self._points(ev, "points") if "points" in ev else [self._point(ev)]

    def _sensor_fault(self, ev):
        for p in self._sensors(ev):
            self.faults[p] = str(ev.get("what") or "fault")

    def _sensor_ok(self, ev):
        for p in self._sensors(ev):
            self.faults.pop(p, None)

    # --- reading -------------------------------------------------------------
    def rows(self):
        """The position as text rows, '.' empty, 'X' black, 'O' white (row 0 at the top)."""
        grid = [["."] * self.size for _ in range(self.size)]
        for p, c in self.stones.items():
            grid[LETTERS.index(p[1])][LETTERS.index(p[0])] = "X" if c == "B" else "O"
        return ["".join(r) for r in grid]

    def snapshot(self):
        """Everything a display needs, as JSON-ready data (lists sorted: stable output).

        Built on every event by the feed and the relay, so it copies by hand
        (no deepcopy) and walks the stones once."""
        black, white = [], []
        for p, c in self.stones.items():
            (black if c == "B" else white).append(p)
        black.sort()
        white.sort()
        last = self.last
        if last is not None:
            last = dict(last, captures=list(last["captures"]))
        pending = self.pending
        if pending is not None:
            pending = {"color": pending["color"], "points": list(pending["points"])}
        result = self.result
        if result is not None:
            result = dict(result, breakdown=copy.deepcopy(result.get("breakdown") or {}))
        dead = {"B": [], "W": []}
        for p, c in self.dead.items():
            dead[c].append(p)
        dead["B"].sort()
        dead["W"].sort()
        return {
            "board": self.board, "game": self.game, "seq": self.seq,
            "size": self.size, "rules": self.rules, "komi": self.komi,
            "handicap": self.handicap, "serial": self.serial, "profile": self.profile,
            "status": self.status,
            "stones": {"B": black, "W": white},
            "number": self.number, "to_move": self.to_move,
            "last": last,
            "captures": dict(self.captures),
            "pending": pending,
            "banner": dict(self.banner) if self.banner else None,
            "end": dict(self.end) if self.end else None,
            "dead": dead,
            "result": result,
            "bowls": dict(self.bowls) if self.bowls else None,
            "notices": dict(self.notices),
            "faults": dict(self.faults),
            "players": dict(self.players),
            "clock": _copy_clock(self.clock),
            "link": self.link,
            "setup": {"B": list(self.setup["B"]), "W": list(self.setup["W"])},
            "first": self.first,
            "moves": list(self.moves),
        }

    @classmethod
    def from_snapshot(cls, snap):
        """A state that continues from a snapshot (a late joiner's retained state)."""
        s = cls(snap.get("board", ""))
        s.game = snap.get("game")
        s.seq = snap.get("seq") or 0
        s.size = snap.get("size", 19)
        for key in ("rules", "komi", "handicap", "serial", "profile", "status", "number",
                    "to_move"):
            if key in snap:
                setattr(s, key, snap[key])
        for c in ("B", "W"):
            for p in (snap.get("stones") or {}).get(c, []):
                s.stones[p] = c
            for p in (snap.get("dead") or {}).get(c, []):
                s.dead[p] = c
        s.last = copy.deepcopy(snap.get("last"))
        s.captures = dict(snap.get("captures") or {"B": 0, "W": 0})
        s.pending = copy.deepcopy(snap.get("pending"))
        s.banner = copy.deepcopy(snap.get("banner"))
        s.end = copy.deepcopy(snap.get("end"))
        s.result = copy.deepcopy(snap.get("result"))
        s.bowls = copy.deepcopy(snap.get("bowls"))
        s.notices = dict(snap.get("notices") or {})
        s.faults = dict(snap.get("faults") or {})
        s.players = dict(snap.get("players") or {})
        s.clock = copy.deepcopy(snap.get("clock"))
        s.link = snap.get("link") if snap.get("link") == "reconnecting" else None
        setup = snap.get("setup") or {}
        s.setup = {c: list(setup.get(c) or []) for c in ("B", "W")}
        s.first = snap.get("first") if snap.get("first") in OTHER else "B"
        moves = snap.get("moves")
        if isinstance(moves, list) and len(moves) == s.number:
            # the whole main line: every move can be taken back (its captures
            # are the opponent's stones unless the move was a suicide)
            s.moves = [tuple(m[:2]) + (tuple(m[2]),) + tuple(m[3:]) for m in moves]
            s._history = [(m[0], m[1], {p: OTHER[m[0]] if p != m[1] else m[0] for p in m[2]})
                          for m in s.moves]
        elif s.last and s.last.get("point"):
            # enough history to take the last move back
            s._history = [(s.last["color"], s.last["point"],
                           {p: OTHER[s.last["color"]] for p in s.last.get("captures", [])})]
        return s

    def as_events(self):
        """The game as it stands, as the events of a board that played it:
        game-start, the main line's moves, the dead stones and the end or the
        count. For an SGF of a game whose events were not all seen (a display
        that joined from a snapshot): no clock times, no comments."""
        start = {"type": "game-start", "size": self.size, "rules": self.rules,
                 "komi": self.komi, "handicap": self.handicap, "first": self.first,
                 "setup": {"B": list(self.setup["B"]), "W": list(self.setup["W"])},
                 "serial": self.serial or self.board}
        start.update(self.players)
        if self.clock is not None:
            start["clock"] = self.clock["spec"]
        out = [start]
        for n, m in enumerate(self.moves, 1):
            c, p, caps = m[0], m[1], m[2]
            if p:
                out.append({"type": "move", "color": c, "point": p, "number": n,
                            "captures": list(caps)})
            else:
                out.append({"type": m[3] if len(m) > 3 else "pass", "color": c, "number": n})
        dead = sorted(self.dead)
        if self.end is not None and self.end.get("reason") == "resign":
            out.append({"type": "resign", "color": OTHER[self.end["winner"]]})
        elif self.end is not None:
            out.append({"type": "end", "reason": self.end.get("reason"),
                        "winner": self.end.get("winner")})
        if dead:
            out.append({"type": "dead", "points": dead})
        if self.result is not None and self.status == COUNTED and \
                (self.end or {}).get("reason") not in ("resign", "time"):
            out.append(dict(self.result, type="count"))
        for seq, ev in enumerate(out, 1):
            ev["game"], ev["seq"] = self.game or 1, seq
        return out

    def is_newer(self, snap):
        """Whether a snapshot is ahead of this state (then a display adopts it)."""
        g, q = snap.get("game"), snap.get("seq") or 0
        if self.game is None:
            return g is not None or q > self.seq
        if g is None:
            return False
        return g > self.game or (g == self.game and q > self.seq)


class Ordered:
    """A LiveState fed in order whatever order events arrive in (MQTT across a
    broker restart, a replay with lines missing): an event after a gap is held
    (at most MAX_HELD, the nearest kept) and applied once the gap is filled; a
    snapshot ahead of the state (the relay's retained state) replaces it and
    the held events after it follow. Never applies the newer event and drops
    the older as a duplicate, which left the stones wrong."""

    MAX_HELD = 2000

    def __init__(self, board=""):
        self.state = LiveState(board)
        self.held = Reorder(self.MAX_HELD)   # (game, seq) -> event waiting for its predecessor

    def offer(self, ev, each=None):
        """The events applied now, in order ([] for a duplicate or one held);
        EventError for one that makes no sense (the state unchanged). With
        `each`, each(event) is called right after each is applied (the state
        then is the one after it) and its results are returned instead."""
        try:
            if not self.state.apply(ev):
                return []
        except OutOfOrder:
            self.held.hold((ev["game"], ev["seq"]), ev)
            return []
        each = each or (lambda e: e)
        return [each(ev)] + self._drain(each)

    def adopt(self, snap):
        """Take a snapshot that is ahead of the state; True if it was taken."""
        if not self.state.is_newer(snap):
            return False
        board = self.state.board
        self.state = LiveState.from_snapshot(snap)
        self.state.board = board
        return True

    def drain(self, each=None):
        """Held events that follow the state now (after `adopt`), applied in order."""
        return self._drain(each or (lambda e: e))

    def _drain(self, each):
        out = []
        st = self.state
        while self.held:
            key = min(self.held)
            if key <= (st.game or 0, st.seq):
                del self.held[key]           # the snapshot had it already
                continue
            nxt = self.held.pop(key)
            try:
                if st.apply(nxt):
                    out.append(each(nxt))
            except OutOfOrder:
                self.held[key] = nxt         # the gap is still open
                break
            except EventError:
                continue
        return out

    @property
    def gap(self):
        """Whether events wait for a missing one (the display is behind)."""
        return bool(self.held)


def _copy_clock(k):
    """The clock's state, copied by hand (a snapshot is built on every event)."""
    if k is None:
        return None
    out = dict(k)
    for c in ("B", "W"):
        if k[c] is not None:
            out[c] = dict(k[c])
    out["settings"] = dict(k["settings"], low=list(k["settings"]["low"]))
    return out


_HANDLERS = {
    "setup": LiveState._setup,
    "move": LiveState._move,
    "correct": LiveState._correct,
    "pass": lambda s, ev: s._pass(ev, "pass"),
    "abandon": lambda s, ev: s._pass(ev, "abandon"),
    "undo": LiveState._undo,
    "illegal": LiveState._illegal,
    "restored": LiveState._restored,
    "choose": LiveState._choose,
    "capture-pending": LiveState._capture_pending,
    "paused": LiveState._paused,
    "play-on": LiveState._play_on,
    "end": LiveState._end,
    "resign": LiveState._resign,
    "dead": LiveState._dead,
    "count": LiveState._count,
    "bowls": LiveState._bowls,
    "prisoner-missing": LiveState._prisoner_missing,
    "setup-check": LiveState._setup_check,
    "sensor-fault": LiveState._sensor_fault,
    "sensor-ok": LiveState._sensor_ok,
    "players": LiveState._players,
    "clock": LiveState._clock,
}


def clean_board_id(text):
    """A board id safe in a URL path and an MQTT topic level ('/', '+', '#' are not)."""
    out = "".join(ch if ch.isalnum() or ch in "-_." else "-" for ch in str(text)).strip("-")
    return out or "board"
