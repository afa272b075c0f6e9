"""Several changes in one quiet window, resolved as an arbiter would.

Fast play puts two stones down before the board is quiet; a sleeve knocks or
slides a stone while the other hand plays. The referee then sees several
differences at once. What an arbiter would take is taken, in order, and the
rest is left for the usual announcement at the next look:
  - a missing stone with exactly one stone of its colour on a neighbouring
    point was slid there (announced, never a move);
  - the other new stones, alternating in colour from the side to move, and in
    the order they arrived (older first: goban.settle's per-point age) where
    that order is known, are played one by one while each is legal;
  - a stone missing without a neighbour to explain it was knocked or lifted:
    announced with its fix after the moves are taken. A new stone of its
    colour far from it is still a move (a stone is slid to a neighbour, not
    carried across the board) unless the colour's bowl has settled and says
    no stone left it: then it may be that stone moved, and is announced.
More stones of the side to move than its turns, of which only the strong
ones fit (a weak reading is no placed stone: see `weak`), are played without
the weak ones. Anything else (a stone of the wrong colour, two stones of one
colour with no order between them, a stone already announced) is not guessed:
the caller announces it with its points.
"""

from goban.board import BLACK, WHITE


def _adjacent(i, j, size):
    dx = i % size - j % size
    dy = i // size - j // size
    return (dx == 0 and (dy == 1 or dy == -1)) or (dy == 0 and (dx == 1 or dx == -1))


def sequence(ref, stable, extra, missing):
    """The new stones to play, in order (frame indices), or None when the
    window cannot be read as moves (see the module docstring)."""
    g = ref.game
    cells = g.board.cells
    size = ref.size
    moves = list(extra)
    gone = []                    # missing stones no slide explains
    for m in missing:
        c = cells[ref.p_of(m)]
        near = [e for e in moves if stable[e] == c and _adjacent(m, e, size)]
        if len(near) > 1:
            return None          # slid to which? announce it
        if near:
            moves.remove(near[0])
        else:
            gone.append(m)
    if not moves:
        return None
    for m in gone:
        c = cells[ref.p_of(m)]
        for e in moves:
            if stable[e] == c and not _maybe_from_bowl(ref, c):
                return None      # that very stone, moved: announce it
    return _ordered(ref, stable, moves)


def _maybe_from_bowl(ref, color):
    """False only when the colour's scale has settled and no stone of it is out
    of the bowl: a new stone of that colour then cannot be a fresh one."""
    from goban.referee import bowlwatch
    if ref.bowl_now[color - 1] < 0:
        return True              # no scale, or still moving: it cannot say no
    return bowlwatch.out_of_bowl(ref, color) != 0


def weak(ref, i):
    """The stone on i reads past the threshold but not well past it: no placed
    stone's reading (a drifted sensor after a restart, a stone held over the
    point). Without the calibration's evidence (tests), nothing is weak."""
    s = ref.strong
    return s is not None and s[i] == 0


def phantoms(ref, stable, extra):
    """New stones that cannot be stones: a weak reading of a colour whose bowl
    has settled and says no stone of it is out (a sensor that drifted, read
    again from an old baseline after a restart; a placed stone reads strong,
    and came from the bowl). Their sensors are flagged (from the next scan
    they read as faulty, `sensor-fault`, and a move there goes the unseen way,
    as on a dead sensor). True when one was."""
    mark = ref.mark_sensor
    if mark is None or ref.strong is None:
        return False
    found = False
    for i in extra:
        c = stable[i]
        if (c == BLACK or c == WHITE) and weak(ref, i) and ref.bowl_now[c - 1] >= 0 \
                and not _maybe_from_bowl(ref, c):
            mark(i)
            found = True
    return found


def strong_first(ref, mine, theirs):
    """More new stones of the side to move than its turns (`mine` against the
    other side's `theirs`): the strong ones, when they alone fit (the weak rest
    is then announced, never a move); else `mine` as it was."""
    if len(mine) - len(theirs) in (0, 1):
        return mine
    kept = [i for i in mine if not weak(ref, i)]
    if kept and len(kept) - len(theirs) in (0, 1):
        return kept
    return mine


def _ordered(ref, stable, moves):
    """The stones as moves alternating from the side to move, in arrival order."""
    g = ref.game
    for i in moves:
        if ref.marked[i] or stable[i] not in (BLACK, WHITE):
            return None
    ages = ref.ages
    mover = g.to_move()
    other = WHITE if mover == BLACK else BLACK
    second = [i for i in moves if stable[i] == other]
    first = strong_first(ref, [i for i in moves if stable[i] == mover], second)
    if len(first) - len(second) not in (0, 1):
        return None
    if ages is None:
        if len(first) > 1:
            return None
    else:
        first.sort(key=lambda i: -ages[i])
        second.sort(key=lambda i: -ages[i])
    out = []
    for k in range(len(first)):
        out.append(first[k])
        if k < len(second):
            out.append(second[k])
    if ages is not None:
        for k in range(1, len(out)):
            if ages[out[k]] > ages[out[k - 1]]:
                return None      # arrived before the stone it would follow
            if ages[out[k]] == ages[out[k - 1]] and stable[out[k]] == stable[out[k - 1]]:
                return None
    return out


def resolve(ref, stable, extra, missing, changed):
    """Play what the window holds as moves (goban.referee.play.take); True when
    at least one was taken (the board is looked at again at the next scan)."""
    if changed or len(extra) < 1 or (len(extra) == 1 and not missing):
        return False
    order = sequence(ref, stable, extra, missing)
    if not order:
        return False
    from goban.referee.play import take
    taken = 0
    for i in order:
        if not take(ref, stable, i):
            break
        taken += 1
    if taken:
        ref.dirty = True
        if ref.illegal:
            # the game moved on under a standing announcement: what is still
            # wrong is announced afresh at the next look (the players saw the
            # move taken and may take the old one as settled)
            ref.illegal = None
            for k in range(ref.n):
                ref.marked[k] = 0
    return taken > 0
