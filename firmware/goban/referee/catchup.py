"""Right after a restart the board may be ahead of the log: the move whose record
the power cut tore is on the board (its captures lifted or still waiting), and the
players may have answered meanwhile, over one cut or several. If the new stones,
played in turn from the logged position (the player to move first), are all legal
and every stone missing from the frame is one they captured, they are the moves,
accepted in that order. The order is searched depth first (at most CATCH_UP stones
and CATCH_UP_PLAYS trial moves). Only what every fitting order agrees on is taken
(the moves they all begin with); when the rest could have come in more than one
order (or the search could not rule one out) it is not guessed: `resume-order`
names those stones, and the players take them off (putting back what they took)
and play them again, each a move as usual."""

CATCH_UP = 8          # new stones a restart may catch up from the board
CATCH_UP_PLAYS = 400  # trial moves the search for their order may make: a move costs
#                       under 1 ms on the RP2040, so at worst under a second, once, after a restart
ORDERS = 6            # fitting orders kept: enough to see what they all begin with


def catch_up(ref, stable, extra, missing):
    """True when the new stones were taken as the moves they are."""
    from goban.referee.play import try_move
    g = ref.game
    if len(extra) > CATCH_UP or g.over:
        return False
    from goban.referee.window import strong_first
    to = g.to_move()
    theirs = [i for i in extra if stable[i] != to]
    mine = strong_first(ref, [i for i in extra if stable[i] == to], theirs)
    if len(mine) - len(theirs) not in (0, 1):
        return False
    found = []
    budget = [CATCH_UP_PLAYS]
    orders(ref, stable, mine, theirs, missing, [], found, budget)
    if not found:
        return False
    sure = []
    if budget[0] > 0 and len(found) < ORDERS:      # every fitting order is in found
        sure = found[0]
        for seq in found[1:]:
            k = 0
            while k < len(sure) and k < len(seq) and sure[k] == seq[k]:
                k += 1
            sure = sure[:k]
    if ref.illegal:
        ref._restored()
    for i in sure:
        try_move(ref, stable, i)
    rest = [i for i in mine + theirs if i not in sure]
    if rest:
        announce_order(ref, rest, missing)
    return True


def announce_order(ref, rest, missing):
    """resume-order: the stones `rest` (and what they captured, the stones of
    `missing` still in the game) to be taken off and played again in order."""
    g = ref.game
    gone = [i for i in missing if g.board.cells[ref.p_of(i)] != 0]
    ref.resumed = False          # the players now replay them: no catch-up of what is left
    ref._illegal("resume-order", None, rest[0], rest + gone,
                 l=" ".join(ref.name(i) for i in rest[:6]))


def orders(ref, stable, mine, theirs, missing, seq, found, budget):
    """Depth first: play one of `mine` (the colour to move), then the other side's
    turn; at the end every missing stone must have been captured. Each fitting
    order goes to `found` (two are enough); the game is left as it was."""
    g = ref.game
    if not mine:
        if theirs:
            return
        for i in missing:
            if g.board.cells[ref.p_of(i)] != 0:
                return
        found.append(list(seq))
        return
    for k in range(len(mine)):
        if budget[0] <= 0 or len(found) >= ORDERS:
            return
        budget[0] -= 1
        i = mine[k]
        if g.play(stable[i], ref.p_of(i)) is None:
            seq.append(i)
            orders(ref, stable, theirs, mine[:k] + mine[k + 1:], missing, seq, found, budget)
            seq.pop()
            g.undo()
