"""SETUP: a new game waits for the board to be cleared and the handicap stones
put on their lit points (setup, not moves); then `ready` and play. The setup
position plus stones that are moves in order from it, all come after the game
began (a stray stone taken off after the first moves were played), is ready
too, and those stones are play's moves: up to explain.MAX_NEW (8) of them,
when the search (goban.referee.explain) finds one order for them all, in
alternation from the side to move, by arrival, each legal. A stone of the
setup gone (a capture among them, a handicap stone lifted) is not taken: the
board asks for the setup position first.

Free placement (a game of N handicap stones with none placed by the game:
`Referee.new_game(free=True)`) is goban.referee.freeplace, imported only then."""

from goban.referee.phase import PLAY
from goban.referee.words import LETTER, TITLES
from goban.referee.moves import show_turn


def frame(ref, stable, mis, pend):
    g = ref.game
    if g.handicap >= 2 and not g.setup_black and not g.n:
        from goban.referee.freeplace import frame as free   # its own module: the heap at boot
        if free(ref, stable, mis):
            ready(ref)
            ref.dirty = True                # what else stands is play's: look again
        return
    if mis == 0:
        ref.view.missing = []
        ready(ref)
        return
    extra, missing, changed = ref.mismatch(stable, mis)
    ref.view.missing = missing          # the setup's stones not placed yet (bowlwatch.used)
    if extra and not missing and not changed and _moves(ref, stable, extra):
        # the setup position plus moves in order (a stray stone taken off after
        # the first moves were played): ready, and the moves are play's
        ready(ref)
        from goban.referee import bowlwatch, play
        bowlwatch.moves_at_ready(ref, stable, extra)
        play.frame(ref, stable, mis, pend)
        return
    pts = [ref.name(i) for i in (extra + changed + missing)[:6]]
    if missing and not extra and not changed:
        ref.show("Place handicap: %d" % len(missing), " ".join(pts), missing, "green")
    else:
        ref.show("Clear the board: %d" % mis, " ".join(pts), extra + changed + missing)


def unplaced(ref):
    """Before the first look at a game in SETUP (new, or resumed): none of the
    setup's stones counts as on the board yet (bowlwatch.used)."""
    g = ref.game
    ref.view.missing = [ref.i_of(p) for p in g.setup_black + g.setup_white]


def prompt(ref):
    """What a new game asks of the players first."""
    g = ref.game
    unplaced(ref)
    if g.handicap >= 2 and not g.setup_black:
        ref.show("Setup: handicap %d" % g.handicap, "free: black anywhere")
    elif g.setup_black:
        ref.show("Setup: handicap %d" % len(g.setup_black), "place the lit stones",
                 [ref.i_of(p) for p in g.setup_black])
    else:
        ref.show("New game: " + g.rules.id, "clear the board")


def ready(ref):
    """The setup position is on the board: play begins."""
    g = ref.game
    ref.enter(PLAY)
    ref.emit({"type": "ready", "to_move": LETTER[g.to_move()]})
    ref.show(TITLES[g.to_move()] + " to play", g.rules.id)
    if ref.remote is not None:
        show_turn(ref)          # the host's move came before the board was ready


def _moves(ref, stable, new):
    """The new stones are moves in order from the setup position, all of them
    (goban.referee.explain), and came after the game began."""
    since = ref.since
    if since is not None:
        for i in new:
            if since[i] <= ref.move_stamp:
                return False    # there before the game began: to clear
    from goban.referee.explain import explain, sure
    s = explain(ref, stable, new, [])
    return len(sure(s)) == len(new)
