"""One game's referee events -> an SGF file as the Go world reads it.

sgfmill builds and serialises the tree. The main line is the game as it
stands: a takeback removes its move and says so in a comment, an illegal move
and its correction are comments on the position where they happened, so a
reader sees what went on at the board. Passes are written `B[]` (FF[4]); a
计活子 abandon is a pass node with this project's private property `PT[abandon]`
(goboard.record.sgfgame reads it back as one); a pass stone is a plain pass. The
count goes at the end as TB/TW with RE, and the players' seki marks as the
private properties SEKI (blocks confirmed in seki) and NOSEKI (blocks said not
to be), one point of each block (goboard.record.sgfgame.markup_seki reads them back). Players and game data (PB/PW, BR/WR,
EV/RO) come from the game-start event or a later `players` event; with a clock
the root has TM (main time, s) and OT (the overtime), every move node BL/WL
(and OB/OW: byo-yomi periods, Canadian moves, Ing periods left, in overtime)
as the board's clock stood after that move (TM/OT also when the host sets the
clock after the start, as GTP's time_settings does), a loss on time is RE
`B+T`/`W+T`, and Ing's overtime penalty points are the last node's private
PENALTY[B:2][W:4] (goboard.record.sgfgame.markup_penalty reads them back, so
`goboard score` counts as the board did) and words in the result's comment.
The table (a hall's pairing) is in GC.
"""

from sgfmill import sgf

from goban import clock as C
from goban import rules as R
from goban.points import LETTERS
from goboard import __version__
from goboard.errors import UserError
from goboard.record.sgfgame import (PENALTY, penalty_values, read_sgf, record_from_sgf,
                                    seki_properties)

NAMES = "ABCDEFGHJKLMNOPQRSTUVWXYZ"


def to_move(size, p):
    """'dd' -> sgfmill's (row from the bottom, col)."""
    if not (isinstance(p, str) and len(p) == 2 and p[0] in LETTERS[:size] and p[1] in LETTERS[:size]):
        raise ValueError("point %r is not on a %dx%d board" % (p, size, size))
    return size - 1 - LETTERS.index(p[1]), LETTERS.index(p[0])


def point_label(size, p):
    """'dd' -> 'D16' as a player reads it."""
    if not p:
        return "pass"
    try:
        return NAMES[LETTERS.index(p[0])] + str(size - LETTERS.index(p[1]))
    except (ValueError, IndexError):
        return str(p)


def sgf_rules_name(rules_id):
    """RU: the conventional name (Chinese, Japanese, AGA, GOE, NZ) or a clear one."""
    try:
        return R.get(rules_id).sgf_name
    except ValueError:
        return str(rules_id)


def rules_full_name(rules_id):
    """The rules' own name for a reader (e.g. 'Jipingdian (计枰点)'), for GC."""
    try:
        return R.get(rules_id).name
    except ValueError:
        return str(rules_id)


def overtime_text(spec):
    """SGF OT for a clock spec: '3x30 byo-yomi', '20/300 Canadian', ... ('' for absolute)."""
    sp = C.parse(spec)
    return ("", "%dx%d byo-yomi" % (sp.periods, sp.period),
            "%d/%d Canadian" % (sp.moves, sp.period), "Fischer +%d s a move" % sp.inc,
            "Ing: %dx%d s, %d points each" % (sp.periods, sp.period, sp.points))[sp.system]


def _territory(size, stones, dead):
    """Empty regions (dead stones removed) bordered by one colour only."""
    board = {p: c for p, c in stones.items() if p not in dead}
    seen = set()
    out = {"B": [], "W": []}
    for x in range(size):
        for y in range(size):
            p = LETTERS[x] + LETTERS[y]
            if p in board or p in seen:
                continue
            region, border, todo = [], set(), [p]
            seen.add(p)
            while todo:
                q = todo.pop()
                region.append(q)
                qx, qy = LETTERS.index(q[0]), LETTERS.index(q[1])
                for nx, ny in ((qx - 1, qy), (qx + 1, qy), (qx, qy - 1), (qx, qy + 1)):
                    if 0 <= nx < size and 0 <= ny < size:
                        r = LETTERS[nx] + LETTERS[ny]
                        if r in board:
                            border.add(board[r])
                        elif r not in seen:
                            seen.add(r)
                            todo.append(r)
            if len(border) == 1:
                out[border.pop()].extend(region)
    return out


class Recorder:
    """Builds the SGF of one game event by event (events in seq order)."""

    def __init__(self, event=None, round=None, black=None, white=None, date=None, serial=None):
        self.meta = {"EV": event, "RO": round, "PB": black, "PW": white, "DT": date}
        self.serial = serial    # the board's, from the link's hello when the events lack it
        self.game = None
        self.node = None
        self.size = 19
        self.stones = {}
        self.history = []   # (node, placed point, colour, captured points)
        self.dead = set()
        self.seki = None        # the players' seki marks {on, off}, from the dead event
        self.count = None
        self.ended = None
        self.seq = 0
        self.number = 0
        self.clock = None       # the clock's Spec, when the game has one

    # --- the tree ------------------------------------------------------------------
    def _comment(self, text, node=None):
        node = node or self.node
        if node is None:
            return
        node.add_comment_text(text)

    def _start(self, ev):
        self.size = size = int(ev.get("size", 19))
        self.game = sgf.Sgf_game(size)
        root = self.game.get_root()
        root.set("AP", ("goboard", __version__))
        rules = ev.get("rules")
        if rules:
            root.set("RU", sgf_rules_name(rules))
        if ev.get("komi") is not None:
            root.set("KM", float(ev["komi"]))
        setup = ev.get("setup") or {}
        black = [to_move(size, p) for p in setup.get("B", ())]
        white = [to_move(size, p) for p in setup.get("W", ())]
        ha = int(ev.get("handicap") or 0)
        if ha >= 2:
            root.set("HA", ha)
        if black or white:
            root.set_setup_stones(black, white)
        for p in setup.get("B", ()):
            self.stones[p] = "B"
        for p in setup.get("W", ()):
            self.stones[p] = "W"
        first = ev.get("first")
        if first in ("B", "W") and (first == "W" or black or white):
            root.set("PL", first.lower())
        meta = dict(self.meta)
        meta["DT"] = ev.get("date") or meta["DT"]
        for key in ("DT",):
            if meta[key]:
                root.set(key, str(meta[key]))
        self._players(ev, root)
        if ev.get("clock"):
            self._time_system(ev["clock"], ev.get("game"))
        bits = []
        if ev.get("table"):
            bits.append("table %s" % ev["table"])
        serial = ev.get("serial") or self.serial
        if serial:
            bits.append("board %s" % serial)
        if ev.get("game"):
            bits.append("game %s" % ev["game"])
        if ev.get("profile"):
            bits.append("profile %s" % ev["profile"])
        if rules:
            bits.append("rules %s" % rules_full_name(rules))
        if bits:
            root.set("GC", "Recorded at the board: " + ", ".join(bits))
        self.node = root

    def _time_system(self, spec, game):
        """TM and OT in the root for a clock spec (the latest set wins)."""
        try:
            self.clock = C.parse(spec)
        except C.ClockError as e:
            raise UserError("game %s: %s" % (game, e))
        root = self.game.get_root()
        root.set("TM", float(self.clock.main))
        ot = overtime_text(spec)
        if ot:
            root.set("OT", ot)
        elif root.has_property("OT"):
            root.unset("OT")

    def _players(self, ev, root):
        """PB/PW/BR/WR/EV/RO from an event's game fields (the sync command's own
        --black/--white/--event/--round win)."""
        for key, prop in PLAYER_PROPS:
            v = self.meta.get(prop) or ev.get(key)
            if v:
                root.set(prop, str(v))

    def _clock(self, ev):
        """BL/WL (OB/OW in overtime) on the move node the clock event follows."""
        node = self.node
        if ev.get("by") == "host":
            if ev.get("set"):
                self._time_system(ev["spec"], ev.get("game"))
            if node is not self.game.get_root():
                self._comment("Clock %s by the host: %s." % (
                    "set" if ev.get("set") else "changed", _clock_words(ev)))
        if ev.get("tick") or ev.get("by") or ev.get("flag") or node is None \
                or node is self.game.get_root() or node.has_property("BL"):
            return                # the times right after the move only
        for c in ("B", "W"):
            d = ev.get(c) or {}
            main = d.get("main", 0)
            left = main if main > 0 or self.clock is None or self.clock.system in (
                C.ABSOLUTE, C.FISCHER) else d.get("period", 0)
            node.set(c + "L", round(left / 1000.0, 1))
            if main == 0 and self.clock is not None:
                k = {C.BYOYOMI: "periods", C.CANADIAN: "moves", C.ING: "periods"}.get(
                    self.clock.system)
                if k:
                    node.set("O" + c, int(d.get(k, 0)))

    def _play(self, color, point, removed=(), abandon=False):
        node = self.node.new_child()
        if point:
            node.set_move(color.lower(), to_move(self.size, point))
            self.stones[point] = color
        else:
            node.set_raw(color, b"")
            if abandon:
                node.set("PT", "abandon")
        for p in removed:
            self.stones.pop(p, None)
        self.history.append((node, point, color, list(removed)))
        self.node = node

    def _correct_earlier(self, ev):
        """An earlier move was on another point (its sensor could not be read; the
        stone the board took for it was a second one, put away later: the referee's
        `slip_back`): that node's move moved, the moves after it as they were
        (the referee corrects only a move whose captures stay the same)."""
        k = ev["number"]
        node, point, color, removed = self.history[k - 1]
        if point != ev.get("from") or color != ev.get("color"):
            self._comment("Correction of move %d, which the record does not have on %s."
                          % (k, point_label(self.size, ev.get("from"))))
            return
        new = ev["point"]
        node.set_move(color.lower(), to_move(self.size, new))
        self.history[k - 1] = (node, new, color, removed)
        self.stones.pop(point, None)
        self.stones[new] = color
        note = "Corrected: this move was on %s (a sensor it could not read); the stone " \
               "on %s was a second one, put away." % (point_label(self.size, new),
                                                      point_label(self.size, point))
        said = node.get("C") if node.has_property("C") else None
        node.set("C", said + "\n" + note if said else note)

    def add(self, ev):
        kind = ev.get("type")
        if self.game is None:
            if kind != "game-start":
                raise UserError("game %s: the events do not begin with game-start (seq %s is %r)"
                                % (ev.get("game"), ev.get("seq"), kind))
            self._start(ev)
            return
        self.seq = ev.get("seq", self.seq)
        size = self.size
        if kind == "setup":
            # free placement: the handicap stones black put down (AB), before any move
            root = self.game.get_root()
            black, white, _ = root.get_setup_stones()
            for c, pts in (("B", black), ("W", white)):
                for p in ev.get(c) or ():
                    pts.add(to_move(size, p))
                    self.stones[p] = c
            root.set_setup_stones(black, white)
        elif kind == "move":
            self._play(ev["color"], ev["point"], ev.get("captures") or ())
        elif kind == "pass":
            self._play(ev["color"], "")
        elif kind == "abandon":
            self._play(ev["color"], "", abandon=True)
        elif kind == "correct" and isinstance(ev.get("number"), int) \
                and 0 < ev["number"] < len(self.history):
            self._correct_earlier(ev)
        elif kind == "correct":
            # the last move's stone came to rest beside its point before the answer:
            # the same move there (goban.referee.moves.correct)
            if not self.history or self.history[-1][1] != ev.get("from"):
                self._comment("Correction of a move the record does not end with.")
                return
            node, point, color, removed = self.history.pop()
            self.stones.pop(point, None)
            for p in removed:
                self.stones[p] = "W" if color == "B" else "B"
            self.node = node.parent
            node.delete()
            self._play(ev["color"], ev["point"], ev.get("captures") or ())
            self._comment("Corrected: the stone played on %s came to rest on %s." % (
                point_label(size, point), point_label(size, ev["point"])))
        elif kind == "undo":
            if not self.history:
                self._comment("Takeback with no move to take back.")
                return
            node, point, color, removed = self.history.pop()
            if point:
                self.stones.pop(point, None)
            for p in removed:
                self.stones[p] = "W" if color == "B" else "B"
            self.node = node.parent
            said = node.get("C") if node.has_property("C") else None
            node.delete()
            what = "%s %s" % (color, point_label(size, point)) if point else "%s pass" % color
            if said:
                self._comment("%s was played. %s" % (what, said))
            self._comment("Takeback: %s was taken back." % what)
        elif kind == "illegal":
            where = point_label(size, ev.get("point")) if ev.get("point") else ""
            who = ev.get("color") or ""
            head = " ".join(x for x in (who, where) if x)
            text = "Illegal%s: %s" % (" (%s)" % head if head else "",
                                      ev.get("text") or ev.get("code") or "?")
            if ev.get("fix"):
                text += "; fix: %s" % ev["fix"]
            self._comment(text + ".")
        elif kind == "restored":
            self._comment("Corrected: the board matches the game again.")
        elif kind == "play-on":
            self.ended = None
            if ev.get("dispute"):
                # play resumed after a dispute: the asker's opponent plays first,
                # and when the asker was to move it handed the turn over (a pass)
                by = ev.get("by") or ""
                if ev.get("pass") and by in ("B", "W"):
                    self._play(by, "")
                self._comment("%s asked to resume play: %s plays first." % (
                    "Black" if by == "B" else "White",
                    "Black" if ev.get("to_move") == "B" else "White"))
            else:
                self._comment("The end of play was taken back: play goes on.")
        elif kind == "paused":
            self._comment("Play paused after two passes.")
        elif kind == "resign":
            self.ended = {"reason": "resign", "winner": "W" if ev.get("color") == "B" else "B"}
            self._comment("%s resigns." % ("Black" if ev.get("color") == "B" else "White"))
        elif kind == "end":
            self.ended = {"reason": ev.get("reason"), "winner": ev.get("winner")}
            if ev.get("reason") == "time":
                self._comment("%s's time ran out: %s wins on time." % (
                    "White" if ev.get("winner") == "B" else "Black",
                    "Black" if ev.get("winner") == "B" else "White"))
            else:
                self._comment("End of play: %s." % ev.get("reason"))
        elif kind == "players":
            self._players(ev, self.game.get_root())
        elif kind == "clock":
            self._clock(ev)
        elif kind == "dead":
            self.dead.update(ev.get("points") or ())
            if ev.get("points"):
                self._comment("Dead stones lifted: %s." % " ".join(
                    point_label(size, p) for p in ev["points"]))
            for c, pts in sorted((ev.get("found") or {}).items()):
                for p in pts:
                    self.stones[p] = c      # on the board, so in the territory marks
                if pts:
                    self._comment("Counted on the players' word, on sensors that read nothing: "
                                  "%s %s (stones the board never saw played)." % (
                                      "black" if c == "B" else "white",
                                      " ".join(point_label(size, p) for p in pts)))
            seki = ev.get("seki")
            if seki:
                self.seki = seki
                words = [("in seki", seki.get("on")), ("not in seki", seki.get("off"))]
                self._comment("The players marked %s." % "; ".join(
                    "%s %s" % (" ".join(point_label(size, p) for p in pts), what)
                    for what, pts in words if pts))
        elif kind == "count":
            self.count = ev
            text = "Count: %s." % ev.get("result")
            pen = (ev.get("breakdown") or {}).get("penalty")
            if pen:
                text += " Ing overtime penalty (时差罚点): black %s, white %s points." % (
                    pen.get("B", 0), pen.get("W", 0))
            self._comment(text)
        elif kind == "prisoner-missing":
            self._comment("Prisoners missing from %s's lid: expected %s, counted %s." % (
                ev.get("color"), ev.get("expected"), ev.get("counted")))
        elif kind == "setup-check" and not ev.get("ok", True):
            self._comment("Bowls at the start: B %s, W %s (not as the rules want)." % (
                ev.get("B"), ev.get("W")))
        elif kind == "sensor-fault":
            pts = ev.get("points") or [ev.get("point")]
            self._comment("Sensor fault at %s: %s." % (
                ", ".join(point_label(size, p) for p in pts), ev.get("what")))
        # capture-pending, bowls, sensor-ok: live information; baseline: the board's
        # own (a sensor's drift kept for a restart): nothing to record

    # --- the end -------------------------------------------------------------------------
    def result(self):
        if self.count is not None and self.count.get("result"):
            return str(self.count["result"])
        if self.ended:
            if self.ended.get("reason") == "resign" and self.ended.get("winner"):
                return self.ended["winner"] + "+R"
            if self.ended.get("reason") == "void":
                return "Void"
            if self.ended.get("reason") == "time" and self.ended.get("winner"):
                return self.ended["winner"] + "+T"
        return None

    def sgf(self):
        """The SGF text (bytes)."""
        if self.game is None:
            raise UserError("no game-start event: nothing to write")
        root = self.game.get_root()
        re = self.result()
        if re:
            root.set("RE", re)
        if self.count is not None:
            terr = (self.count.get("breakdown") or {}).get("territory")
            if not isinstance(terr, dict):
                terr = _territory(self.size, self.stones, self.dead)
            node = self.node
            for color, key in (("B", "TB"), ("W", "TW")):
                pts = [to_move(self.size, p) for p in terr.get(color, ())]
                if pts:
                    node.set(key, pts)
            pen = (self.count.get("breakdown") or {}).get("penalty")
            if pen and penalty_values(pen):
                node.set_raw_list(PENALTY, penalty_values(pen))
            # the players' seki marks, as counted (SEKI/NOSEKI: private properties)
            marks = (self.count.get("breakdown") or {}).get("seki_marked") or self.seki
            for key, pts in seki_properties(marks).items():
                if pts:
                    for p in pts:
                        to_move(self.size, p)      # a point of this board, else refused
                    node.set_raw_list(key, [p.encode("ascii") for p in pts])
        return self.game.serialise()

    def moves(self):
        """The main line as [(colour, point or "" for a pass, "abandon" or None)]."""
        return [(c, p, "abandon" if n.has_property("PT") else None)
                for (n, p, c, _) in self.history]


PLAYER_PROPS = (("black", "PB"), ("white", "PW"), ("black_rank", "BR"), ("white_rank", "WR"),
                ("event", "EV"), ("round", "RO"))


def _clock_words(ev):
    """A clock event as words for a comment: 'black 9:30 (2 points), white 10:00, paused'."""
    out = []
    for c, name in (("B", "black"), ("W", "white")):
        d = ev.get(c) or {}
        t = C.clock_text(d.get("main", 0))
        if d.get("main", 0) == 0 and d.get("period"):
            t += " + %s in overtime" % C.clock_text(d["period"])
        if d.get("penalty"):
            t += " (%d points)" % d["penalty"]
        out.append("%s %s" % (name, t))
    if ev.get("spec"):
        out.insert(0, ev["spec"])
    if ev.get("paused"):
        out.append("paused")
    return ", ".join(out)


def record_game(events, **meta):
    """SGF bytes of one game's events (in seq order)."""
    rec = Recorder(**meta)
    for ev in events:
        try:
            rec.add(ev)
        except (KeyError, ValueError, TypeError, AttributeError, IndexError) as e:
            # an event a board should never have sent (a point off the board, a
            # field of the wrong type): this game cannot be written, the others can
            what = "missing %s" % e if isinstance(e, KeyError) else str(e)
            raise UserError("game %s, event %s (%s): %s" % (
                ev.get("game"), ev.get("seq"), str(ev.get("type"))[:20], what[:120])) from None
    try:
        return rec.sgf()
    except (KeyError, ValueError, TypeError, AttributeError, IndexError) as e:
        raise UserError("game %s: its events make no game record: %s" % (
            events[0].get("game") if events else "?", str(e)[:120])) from None


def read_moves(data, name="SGF"):
    """Parse SGF bytes back and return (root properties, main line as
    [(colour, point or "", "abandon" or None)]): goboard.record.sgfgame's reader, the
    one `goboard replay` uses, so a file checked here replays the same. A
    corrupt file is a UserError naming `name`."""
    game = read_sgf(data, name)
    record = record_from_sgf(game, name=name)
    root = game.get_root()
    try:
        props = {k: root.get(k) for k in root.properties()}
    except ValueError as e:
        raise UserError("%s is not a valid SGF file: %s" % (name, e))
    return props, [(m[0], m[1], m[2] if len(m) > 2 else None) for m in record["moves"]]


def check_record(data, events, name="SGF"):
    """Parse the SGF back and check its main line is the game the events played."""
    rec = Recorder()
    for ev in events:
        rec.add(ev)
    props, moves = read_moves(data, name)
    want = rec.moves()
    if moves != want:
        for i, (a, b) in enumerate(zip(moves, want)):
            if a != b:
                raise UserError("%s: move %d reads back as %s, the board played %s"
                                % (name, i + 1, a, b))
        raise UserError("%s: %d moves read back, the board played %d"
                        % (name, len(moves), len(want)))
    return props, moves
