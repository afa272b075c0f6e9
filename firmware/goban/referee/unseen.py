"""A move on a dead sensor: the opponent's stone appeared while the mover's move
was not seen. The empty dead points where the mover may play are the candidates.
With exactly one, and the mover's bowl one stone short of what the game used,
that was the move: it is accepted there (`unseen`), then the opponent's stone in
its turn. Otherwise the referee says so (code "unseen") and waits; a settled bowl
reading looks again. A move on a dead point that captures is told by its
captures too: when the stones gone from the board are exactly what one such move
takes (`by_captures`), that was the move, unless a settled bowl says no stone of
the mover's left it."""

from goban.referee.words import LETTER
from goban.referee import bowlwatch


def unseen(ref, stable, i, color, again):
    """True when handled here (played, or announced as unseen)."""
    from goban.referee.play import try_move, capture_pending, after_game_change
    g = ref.game
    to = g.to_move()
    out = bowlwatch.out_of_bowl(ref, to)
    if out >= 0 and ref.bowl_now[to - 1] < 0:
        out = -1                  # the mover's bowl is still moving: it cannot tell yet
    if out == 0 or not ref.n_faults:
        return False              # no stone left the mover's bowl, or no dead sensor
    cand = []
    for j in range(ref.n):
        if ref.faults[j] and g.board.cells[ref.p_of(j)] == 0:
            if g.play(to, ref.p_of(j)) is None:
                g.undo()
                cand.append(j)
    if not cand:
        return False
    if len(cand) == 1 and out == 1:
        j = cand[0]
        if again:
            ref._restored()
        g.play(to, ref.p_of(j))
        caps = g.last_capture()
        ref._emit({"type": "move", "color": LETTER[to], "point": ref.name(j),
                   "number": g.n, "captures": [g.board.sgf(q) for q in caps],
                   "unseen": True})
        ref.resumed = False
        after_game_change(ref)
        if caps:
            capture_pending(ref, caps, to)
            ref.dirty = True     # the stone on i waits for the captures to go
        else:
            try_move(ref, stable, i)
        return True
    if again != "unseen":
        ref._illegal("unseen", color, i, [i] + cand,
                     l=" ".join(ref.name(j) for j in cand[:4]))
    ref.illegal = "unseen"
    return True


def by_captures(ref, missing):
    """Stones gone (frame indices), nothing new: True when they are exactly the
    capture of one legal move of the side to move on an empty dead point, which
    is then played (`unseen`); the game is unchanged otherwise."""
    from goban.referee.play import after_game_change, show_turn
    g = ref.game
    to = g.to_move()
    if g.over or (ref.remote is not None and ref.remote.color == to):
        return False              # no move, or that side's move comes from the host
    if ref.bowl_now[to - 1] >= 0 and bowlwatch.out_of_bowl(ref, to) == 0:
        return False              # the mover's bowl has settled with no stone out
    gone = [ref.p_of(i) for i in missing]
    found = -1
    for j in range(ref.n):
        if ref.faults[j] and g.board.cells[ref.p_of(j)] == 0:
            if g.play(to, ref.p_of(j)) is None:
                caps = g.last_capture()
                fits = len(caps) == len(gone) and all(q in gone for q in caps)
                g.undo()
                if fits:
                    if found >= 0:
                        return False      # two dead points would take them: not guessed
                    found = j
    if found < 0:
        return False
    if ref.illegal:
        ref._restored()
    g.play(to, ref.p_of(found))
    ref._emit({"type": "move", "color": LETTER[to], "point": ref.name(found),
               "number": g.n, "captures": [g.board.sgf(q) for q in g.last_capture()],
               "unseen": True})
    ref.resumed = False
    after_game_change(ref)
    show_turn(ref)
    return True
