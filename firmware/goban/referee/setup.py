"""SETUP: a new game waits for the board to be cleared and the handicap stones
put on their lit points (setup, not moves); then `ready` and play."""

from goban.referee.phase import PLAY
from goban.referee.words import LETTER, TITLES
from goban.referee.moves import show_turn


def frame(ref, stable, mis, pend):
    g = ref.game
    if mis == 0:
        ref.enter(PLAY)
        ref.emit({"type": "ready", "to_move": LETTER[g.to_move()]})
        ref.show(TITLES[g.to_move()] + " to play", g.rules.id)
        if ref.remote is not None:
            show_turn(ref)          # the host's move came before the board was ready
        return
    extra, missing, changed = ref.mismatch(stable, mis)
    pts = [ref.name(i) for i in (extra + changed + missing)[:6]]
    if missing and not extra and not changed:
        ref.show("Place handicap: %d" % len(missing), " ".join(pts), missing, "green")
    else:
        ref.show("Clear the board: %d" % mis, " ".join(pts), extra + changed + missing)


def prompt(ref):
    """What a new game asks of the players first."""
    g = ref.game
    if g.setup_black:
        ref.show("Setup: handicap %d" % len(g.setup_black), "place the lit stones",
                 [ref.i_of(p) for p in g.setup_black])
    else:
        ref.show("New game: " + g.rules.id, "clear the board")
