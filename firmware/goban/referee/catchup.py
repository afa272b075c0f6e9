"""Right after a restart the board may be ahead of the log: the move whose record
the power cut tore is on the board (its captures lifted or still waiting), and the
players may have answered meanwhile, over one cut or several. If the new stones,
played in turn from the logged position (the player to move first), are all legal
and every stone missing from the frame is one they captured, they are the moves,
accepted in that order. The order is searched depth first (at most CATCH_UP stones
and CATCH_UP_PLAYS trial moves). When another order fits too (or the search could
not rule one out) the position is the same but the record may not be: those moves
say "guessed"."""

CATCH_UP = 8          # new stones a restart may catch up from the board
CATCH_UP_PLAYS = 400  # trial moves the search for their order may make: a move costs
#                       under 1 ms on the RP2040, so at worst under a second, once, after a restart


def catch_up(ref, stable, extra, missing):
    """True when the new stones were taken as the moves they are."""
    from goban.referee.play import try_move
    g = ref.game
    if len(extra) > CATCH_UP or g.over:
        return False
    to = g.to_move()
    mine = [i for i in extra if stable[i] == to]
    theirs = [i for i in extra if stable[i] != to]
    if len(mine) - len(theirs) not in (0, 1):
        return False
    found = []
    budget = [CATCH_UP_PLAYS]
    orders(ref, stable, mine, theirs, missing, [], found, budget)
    if not found:
        return False
    guessed = len(found) > 1 or budget[0] <= 0
    if ref.illegal:
        ref._restored()
    for i in found[0]:
        try_move(ref, stable, i)
        if guessed:
            for ev in ref.events:
                if ev["type"] == "move" and ev["number"] == ref.game.n:
                    ev["guessed"] = True
    return True


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
        if budget[0] <= 0 or len(found) > 1:
            return
        budget[0] -= 1
        i = mine[k]
        if g.play(stable[i], ref.p_of(i)) is None:
            seq.append(i)
            orders(ref, stable, theirs, mine[:k] + mine[k + 1:], missing, seq, found, budget)
            seq.pop()
            g.undo()
