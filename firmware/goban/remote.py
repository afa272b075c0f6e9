"""The other side's moves at the board: an engine or a distant opponent.

When the host plays one side (`goboard gtp`: a GTP controller such as Sabaki,
gtp2ogs or twogtp; `goboard play`: an engine), that side's move comes over the
link (`expect` request) and a hand at the board puts the stone: the point is
lit in the stone's colour, the display says "White plays D4" / "put the stone",
and the buzzer sounds. The referee then accepts only that stone on that point
for that colour; a stone of that colour anywhere else is announced like any
illegal placement (`not-expected`: where it is, where it belongs). A pass waits
until the board matches the game (captures lifted) and is then played as the
player's own pass button would; a resignation is played at once.

The expectation is RAM only, not logged: it is the host's, and after a restart
the host sends it again (it sees the board's hello). `clear(lines)` drops it and
leaves a note on the display (the controller went away: the game goes on at
the board, refereed as always).
"""

from goban.game import PASS

TITLES = ("", "Black", "White")
LETTERS = ("", "B", "W")
NONE = -1              # no expectation
RESIGN = -2            # `p` of an expected resignation


class Remote:
    """What the host's side is expected to play: `color` (1 black, 2 white, 0
    none) and `p` (a board index, PASS, or RESIGN); `vertex` is the point as
    players say it ("D4"), `who` the side's name for the display."""

    def __init__(self):
        self.color = 0
        self.p = NONE
        self.vertex = ""
        self.who = ""
        self.id = None          # the request's id: the same request again acts once
        self.answer = None
        self.note = None        # (line1, line2) to show once no move is expected

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
        elif p == PASS:
            code = None
        else:
            code = game.play(color, p)
            if code is None:
                game.undo()
        if code:
            return code
        self.color = color
        self.p = p
        self.vertex = "pass" if p == PASS else "resign" if p == RESIGN else game.board.name(p)
        self.who = who
        self.note = None
        return None

    def waiting(self):
        """True while a stone or a pass is still to be played."""
        return self.color != 0 and self.p != RESIGN

    def allows(self, color, p):
        """A stone of `color` on `p` is no other than the one expected (True when
        nothing is expected of that colour)."""
        return self.color != color or self.p == p

    def played(self, color, p):
        """A move was accepted: the expectation it fulfils (or overtakes) ends."""
        if self.color == color or p == NONE:
            self.color = 0
            self.p = NONE

    def clear(self, lines=None):
        """No move is expected any more; `lines` are shown when play allows."""
        self.color = 0
        self.p = NONE
        self.note = lines

    def show(self):
        """(line1, line2, light colour) of the expected move, or of the note, or None."""
        if self.color and self.p > PASS:
            return (TITLES[self.color] + " plays " + self.vertex, "put the stone",
                    "black" if self.color == 1 else "white")
        if self.color and self.p == PASS:
            return (TITLES[self.color] + " passes", "", "off")
        if self.note:
            return (self.note[0], self.note[1], "off")
        return None
