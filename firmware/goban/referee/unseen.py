"""A move on a dead sensor: the opponent's stone appeared while the mover's move
was not seen. The empty dead points where the mover may play are the candidates.
With exactly one, and the mover's bowl one stone short of what the game used,
that was the move: it is accepted there (`unseen`), then the opponent's stone in
its turn. Otherwise the referee says so (code "unseen"), lights the candidates
and offers one (yellow): the player presses ok if that was the move, down or up
for another (`choose`); a settled bowl reading looks again meanwhile. A game
never waits for a player to change a move a dead sensor did not see. A move on a dead point that captures is told by its
captures too: when the stones gone from the board are exactly what one such move
takes (`by_captures`), that was the move, unless a settled bowl says no stone of
the mover's left it; when they are only some of them (the rest not lifted yet),
only if the mover's settled bowl says a stone of theirs is out."""

from goban.referee.words import LETTER
from goban.referee import bowlwatch


def unseen(ref, stable, i, color, again):
    """True when handled here (played, or announced as unseen)."""
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
        if again:
            ref._restored()
        play_unseen(ref, cand[0], stable, i)
        return True
    if again != "unseen":
        # which one, the player says (choose): ok on the lit one, down for the next
        k = ref.choice_k if ref.choice == cand else 0
        ref._illegal("unseen", color, i, [i] + cand, l=" ".join(ref.name(j) for j in cand[:4]),
                     q=ref.name(cand[k]),
                     extra={"choose": ref.name(cand[k]), "of": [ref.name(j) for j in cand]})
        ref.choice = cand
        ref.choice_k = k
        show_choice(ref)
    ref.illegal = "unseen"
    return True


def keep_asking(ref, stable, extra):
    """Fast play while the board asks which dead point the mover played: the
    mover's next stone(s) came after the opponent's (which showed the unseen
    move). That is no new fault: the question stands (the new stones lit too)
    and they wait for its answer. With one dead point and the mover's settled
    bowl short of exactly that many stones and one more, the answer is known:
    the unseen move is played, the rest at the next look, in arrival order.
    True when handled here."""
    g = ref.game
    to = g.to_move()
    ages = ref.ages
    theirs = [i for i in extra if stable[i] != to]
    mine = [i for i in extra if stable[i] == to]
    if not theirs or not mine or ages is None or len(mine) > len(theirs):
        return False
    if not all(ref.marked[i] for i in theirs):
        return False             # a stone of theirs the question is not about
    newest = min(ages[i] for i in theirs)
    if not all(ages[i] < newest for i in mine):
        return False             # the mover's stone came first: not this case
    cand = ref.choice
    if len(cand) == 1 and ref.bowl_now[to - 1] >= 0 and \
            bowlwatch.out_of_bowl(ref, to) == 1 + len(mine):
        ref._restored()
        play_unseen(ref, cand[0])
        return True
    for i in mine:
        ref.marked[i] = 1
    ref._show(ref.lines[0], ref.lines[1], extra + cand, "red")
    return True


def _play(ref, j):
    """The side to move's move on the dead point j, unseen, played and told
    (`move` {unseen: true}). Returns what it captured (board points)."""
    from goban.referee.play import after_game_change
    g = ref.game
    to = g.to_move()
    g.play(to, ref.p_of(j))
    caps = g.last_capture()
    ref._emit({"type": "move", "color": LETTER[to], "point": ref.name(j),
               "number": g.n, "captures": [g.board.sgf(q) for q in caps],
               "unseen": True})
    ref.resumed = False
    after_game_change(ref)
    return caps


def play_unseen(ref, j, stable=None, i=-1):
    """The side to move's move on the dead point j, unseen: played, then the
    stone on frame point i (the opponent's, seen) looked at as the next move."""
    from goban.referee.play import try_move, capture_pending, show_turn
    to = ref.game.to_move()
    caps = _play(ref, j)
    if caps:
        capture_pending(ref, caps, to)
        ref.dirty = True         # the stone on i waits for the captures to go
    elif stable is not None:
        try_move(ref, stable, i)
    else:
        show_turn(ref)
        ref.dirty = True         # the next look takes the stone on i


def show_choice(ref):
    """The dead point offered as the unseen move, lit yellow beside the red."""
    ref.lights2 = [ref.choice[ref.choice_k]]
    ref.light_color2 = "yellow"
    ref.ui_dirty = True


def choose(ref, name):
    """A press while an unseen move waits to be chosen: down or up offers the
    next or the previous dead point (a `choose` event), ok plays the one lit.
    True when the press was for the choice."""
    cand = ref.choice
    if cand is None or ref.illegal != "unseen":
        return False
    if name == "down" or name == "up":
        ref.choice_k = (ref.choice_k + (1 if name == "down" else -1)) % len(cand)
        ref._emit({"type": "choose", "point": ref.name(cand[ref.choice_k]),
                   "of": [ref.name(j) for j in cand]})
        show_choice(ref)
        return True
    if name != "ok":
        return False
    j = cand[ref.choice_k]
    g = ref.game
    if g.board.cells[ref.p_of(j)] != 0 or g.play(g.to_move(), ref.p_of(j)) is not None:
        return True              # no longer a move there (cannot happen: the game waited)
    g.undo()
    ref._restored()
    play_unseen(ref, j)
    return True


def by_captures(ref, missing):
    """Stones gone (frame indices), nothing new: True when they are exactly the
    capture of one legal move of the side to move on an empty dead point, which
    is then played (`unseen`); the game is unchanged otherwise."""
    from goban.referee.play import show_turn, capture_pending
    g = ref.game
    to = g.to_move()
    if g.over or (ref.remote is not None and ref.remote.color == to):
        return False              # no move, or that side's move comes from the host
    if ref.bowl_now[to - 1] >= 0 and bowlwatch.out_of_bowl(ref, to) == 0:
        return False              # the mover's bowl has settled with no stone out
    # only some of the captures lifted yet: that move still, if the mover's
    # settled bowl says a stone of theirs is out (a knocked stone that such a
    # move would take is no move)
    some = bowlwatch.witness(ref, to) == 1
    gone = [ref.p_of(i) for i in missing]
    found = -1
    for j in range(ref.n):
        if ref.faults[j] and g.board.cells[ref.p_of(j)] == 0:
            if g.play(to, ref.p_of(j)) is None:
                caps = g.last_capture()
                fits = (len(caps) == len(gone) or (some and len(caps) > len(gone))) \
                    and all(q in caps for q in gone)
                g.undo()
                if fits:
                    if found >= 0:
                        return False      # two dead points would take them: not guessed
                    found = j
    if found < 0:
        return False
    if ref.illegal:
        ref._restored()
    caps = _play(ref, found)
    left = [q for q in caps if q not in gone]
    if left:
        capture_pending(ref, left, to)   # the rest of the captures, still to lift
    else:
        show_turn(ref)
    return True
