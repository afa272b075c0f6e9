"""The other side's moves at the board: an engine or a distant opponent.

When the host plays one side (`goboard gtp`: a GTP controller such as Sabaki,
gtp2ogs or twogtp; `goboard play`: an engine), that side's move comes over the
link (`expect` request) and a hand at the board puts the stone: the point is
lit in the stone's colour, the display says "White plays D4" / "put the stone",
and the buzzer sounds. The referee then accepts only that stone on that point
for that colour; a stone of that colour anywhere else is announced like any
illegal placement (`not-expected`: where it is, where it belongs). A pass waits
until the board matches the game (captures lifted) and is then played as the
player's own pass button would; a resignation is played at once. Under rules
with pass stones, on a board whose scales tell them (its bowl and the other
lid read), the pass is a stone to hand over: "White passes / put a white stone
in black's lid", played when the scales see it (goban.referee.bowlwatch).

The referee holds a `Remote` (`ref.remote`) only once the host has asked for
one (a board nobody drives from the host never loads this module); its hooks are
in goban.referee.play (try_move, played, the buttons, show_turn). Its refusals'
words are goban.referee.words'. The expectation is RAM only, not logged: it is the host's, and after a restart
the host sends it again (it asks again while it waits). `clear(note)` drops it and
leaves a note on the display (the controller went away: the game goes on at
the board, refereed as always).

Teaching: the player to move presses `ok` during play; the referee logs a
`hint` event; a host that teaches (`goboard play --teach`) answers with the
engine's suggestion (`expect` {hint}), lit in blue until the next move.
"""

from goban.game import PASS, reason_text
from goban.referee.moves import show_turn

TITLES = ("", "Black", "White")
NAMES = ("", "black", "white")
LETTERS = ("", "B", "W")
COLORS = {"B": 1, "W": 2}
NONE = -1              # no expectation
RESIGN = -2            # `p` of an expected resignation
WAIT = -3              # the move will come from the host: no stone of that colour yet
WORDS = {"pass": PASS, "resign": RESIGN, "wait": WAIT}   # the request's moves without a point


class Remote:
    """What the host's side is expected to play: `color` (1 black, 2 white, 0
    none) and `p` (a board index, PASS, or RESIGN); `vertex` is the point as
    players say it ("D4"), `who` the side's name for the display."""

    def __init__(self):
        self.color = 0
        self.p = NONE
        self.vertex = ""
        self.who = ""
        self.stone = False      # the expected pass is a pass stone the scales will see
        self.note = None        # a line shown above whose turn it is once none is expected
        self.hint = NONE        # teaching: a suggested point, lit until the next move
        self.hint_vertex = ""

    def expect(self, game, color, p, who=""):
        """Expect `color` to play `p` (board index, PASS or RESIGN). Returns a
        refusal code (the core's: not-your-turn, occupied, ko, suicide,
        superko, game-over, ...) and changes nothing, or None once set. A stone
        is checked by playing it and taking it back."""
        if game is None:
            return "game-over"
        if p == RESIGN:
            code = "game-over" if game.over else None
        elif game.over:
            code = "game-over"
        elif color != game.to_move():
            code = "not-your-turn"
        elif p == PASS or p == WAIT:
            code = None
        else:
            code = game.play(color, p)
            if code is None:
                game.undo()
        if code:
            return code
        self.color = color
        self.p = p
        self.vertex = ("pass" if p == PASS else "resign" if p == RESIGN else "" if p == WAIT
                       else game.board.name(p))
        self.who = who
        self.stone = False
        self.note = None
        return None

    def waiting(self):
        """True while a stone or a pass is still to be played."""
        return self.color != 0 and self.p != RESIGN

    def allows(self, color, p):
        """A stone of `color` on `p` is no other than the one expected (True when
        nothing is expected of that colour)."""
        return self.color != color or self.p == p

    def refusal(self, color):
        """The code for a stone of `color` the referee may not take (allows() is
        False): on another point than the lit one, or while the host's move is
        still to come."""
        return "remote-move" if self.p == WAIT or self.p <= PASS else "not-expected"

    def played(self, color, p):
        """A move was accepted: the expectation it fulfils (or overtakes) ends."""
        if self.color == color or p == NONE:
            self.color = 0
            self.p = NONE
        self.hint = NONE

    def clear(self, note=None):
        """No move is expected any more; `note` (a line: "Controller gone") is
        shown above whose turn it is, until the host expects a move again."""
        self.color = 0
        self.p = NONE
        self.note = note
        self.hint = NONE

    def show(self, to_move):
        """(line1, line2, light colour, point to light or NONE): the expected
        move, or a hint, or the note above whose turn it is; None for none."""
        if self.color and self.p > PASS:
            return (TITLES[self.color] + " plays " + self.vertex, "put the stone",
                    "black" if self.color == 1 else "white", self.p)
        if self.color and self.p == PASS:
            if self.stone:
                return (TITLES[self.color] + " passes", "put a %s stone in %s's lid" % (
                    NAMES[self.color], NAMES[3 - self.color]), "off", NONE)
            return (TITLES[self.color] + " passes", "", "off", NONE)
        if self.color and self.p == WAIT:
            return (TITLES[self.color] + " thinks", "(the other side)", "off", NONE)
        if self.hint != NONE:
            return ("Hint: " + self.hint_vertex, TITLES[to_move] + " to play", "blue",
                    self.hint if self.hint > PASS else NONE)
        if self.note:
            return (self.note, TITLES[to_move] + " to play", "off", NONE)
        return None


def serve(ref, msg):
    """The link's `expect` request, at the referee `ref`: {color, move: "dd" /
    "pass" / "resign" / "wait", who}, {clear, note} or {hint: "dd" / "pass"}. Returns the answer's
    fields; ValueError "code: words" refuses it (nothing changes). `note`: a
    line the display keeps above whose turn it is after a clear. A stone or a
    pass waits for the board (the referee plays the pass once the board matches
    the game); a resignation is played at once, as its button would."""
    r = ref.remote
    if r is None:
        r = ref.remote = Remote()
    if "hint" in msg:
        return _hint(ref, msg["hint"])
    if msg.get("clear"):
        r.clear(str(msg.get("note") or "")[:32] or None)
        show_turn(ref)
        return {"cleared": True}
    g = ref.game
    color = COLORS.get(msg.get("color"), 0)
    if not color:
        raise ValueError("bad-request: color must be B or W, not %r" % (msg.get("color"),))
    move = msg.get("move")
    if move in WORDS:
        p = WORDS[move]
    elif g is None:
        p = NONE
    else:
        try:
            p = g.board.from_sgf(str(move))
        except ValueError as e:
            raise ValueError("off-board: %s" % e)
    code = r.expect(g, color, p, str(msg.get("who") or ""))
    if code:
        raise ValueError("%s: %s" % (code, reason_text(code)[0]))
    if p == RESIGN:
        r.clear()
        ref.button(LETTERS[color] + ":resign")
    else:
        if p == PASS and g.rules.uses_pass_stones:
            from goban.referee.bowlwatch import tells_pass_stone
            r.stone = tells_pass_stone(ref, color)
        ref.dirty = True          # the next frame looks (a pass is played there)
        show_turn(ref)
    return {"number": g.n}


def _hint(ref, move):
    """Teaching: the engine's suggestion for the player to move, lit in blue
    ("Hint: D4") until the next move; nothing is enforced."""
    g = ref.game
    r = ref.remote
    if g is None or g.over:
        raise ValueError("game-over: %s" % reason_text("game-over")[0])
    if move == "pass":
        r.hint, r.hint_vertex = PASS, "pass"
    else:
        try:
            p = g.board.from_sgf(str(move))
        except ValueError as e:
            raise ValueError("off-board: %s" % e)
        if g.board.cells[p]:
            raise ValueError("occupied: %s" % reason_text("occupied")[0])
        r.hint, r.hint_vertex = p, g.board.name(p)
    show_turn(ref)
    return {"hint": r.hint_vertex}


def undo(ref, msg):
    """The link's `undo` request: the last move taken back, as the undo button
    does. ValueError "no-takeback: ..." when the rules allow none."""
    g = ref.game
    n = g.n if g is not None else 0
    if n:
        # at once, not held for a settling stone as a press is: the host takes back
        # the last move it knows (held, it was refused here and done later anyway,
        # while the hands were still lifting the stone of an undo just before)
        ref.button("undo", True)
    if ref.game is None or ref.game.n >= n or not n:
        raise ValueError("no-takeback: %s" % ("there is no move to take back" if not n
                                              else "these rules allow no takeback"))
    if ref.remote is not None:
        ref.remote.clear()
    return {"number": ref.game.n}
