"""A ko taken and taken back while the board was off (goban.referee.play's
`restart` rule, loaded only when a stone there since the restart is new).

The capture and its recapture leave the board as it was there: only the
scales can tell, a prisoner in the capturer's lid the game does not explain
and a stone more out of the other's bowl than its new stones use.
"""

from goban.board import BLACK, WHITE
from goban.referee import bowlwatch, moves, timing
from goban.referee.explain import explain, new_stones, MAX_NEW

EXCHANGE_MS = 2000  # the restart's look waits this long for the lids and bowls (exchange)


def verdict(ref, v):
    """The restart's look: a capture and its recapture (a ko taken and taken
    back, a stone taken and played again) while the board was off leave the
    board as it was there, with the stones played between them new. The side
    to move took a lone stone q of the other's at p, the new stones came, q
    was played again and took p back, p alone. Never under rules with pass
    stones: a pass stone in the capturer's lid, out of the other's bowl,
    weighs as the exchange's prisoner and stone (seed 80345 game 457: a pass
    taken for a capture and a recapture of three). Only when the scales say so (the capturer's
    lid holds a prisoner the game does not explain, the other's bowl a stone
    more out than its new stones use) and such a p lets the frame be
    explained in one order: one p, ("exchange", p, the order after p), played
    with `move` events {unseen: true} for the two the board never saw; several
    (every ko on the board fits), ("exchange-ask", [p...]), the player to move
    says which, as for a move on a dead point. The scales not read yet, it
    waits for them, EXCHANGE_MS at most from the restart: ("wait",). Else
    None: the new stones as they are. Seeds 93475 game 276, 724226 game 465,
    931430 game 444, 553306 game 133: two moves lost, the new stones taken a
    turn early."""
    g = ref.game
    c = g.to_move()
    o = WHITE if c == BLACK else BLACK
    if ref.pending or g.over or ref.since is None or ref.scales.witness_ms <= 0 \
            or g.rules.uses_pass_stones:
        return None               # (a pass stone weighs as a prisoner: seed 80345 game 457)
    new = new_stones(v)
    if not new or len(new) >= MAX_NEW:
        return None
    k = 0                         # the other side's new stones (one of the new there
    for i in new:                 # since the restart: the caller looked)
        if v.stable[i] != BLACK and v.stable[i] != WHITE:
            return None
        if v.stable[i] == o:
            k += 1
    lid = bowlwatch.loose(ref, c)
    out = bowlwatch.unused(ref, o)
    told = lid is not None and out >= 0 and not bowlwatch.lid_moving(ref, c)
    if told and (lid < 1 or out <= k):
        return None               # (the scales say no: nothing searched)
    fits = _fits(ref, v, c, -1)
    if not fits:
        return None
    if not told:
        t = timing.landed(ref, 1)     # (the restart's first scan)
        waited = (ref.now - t) & 0x3FFFFFFF if t is not None else EXCHANGE_MS
        if waited >= EXCHANGE_MS:
            return None
        ref.look_again(EXCHANGE_MS - waited)
        ref.stale = True              # (nothing taken yet: presses wait on)
        return ("wait",)
    if len(fits) == 1:
        return ("exchange", fits[0][0], fits[0][1])
    return ("exchange-ask", [ref.i_of(p) for p, order in fits])


def _fits(ref, v, c, only):
    """[(p, order)]: the points p (board points; `only`, if not -1) where c's
    capture of one stone still on the board, then the new stones and that
    stone again, explain the frame in one order."""
    g = ref.game
    o = WHITE if c == BLACK else BLACK
    stable = v.stable
    cells = g.board.cells
    W = g.board.W
    new = None
    out = []
    for p in range(W + 1, len(cells) - W - 1):     # (the board's points: no call a point)
        if cells[p] != 0 or (only >= 0 and p != only):
            continue
        # a lone stone of o's beside p, p its last liberty (no tuple a point: a
        # look's heap)
        if not (_alone(cells, p - 1, p, o, W) or _alone(cells, p + 1, p, o, W)
                or _alone(cells, p - W, p, o, W) or _alone(cells, p + W, p, o, W)):
            continue
        j = ref.i_of(p)
        if stable[j] != 0 or g.play(c, p) is not None:
            continue
        if new is None:
            new = new_stones(v)
        q = ref.i_of(g.captured(0)) if g.last_removed == 1 else -1
        if q >= 0 and stable[q] == o:
            s = explain(ref, stable, new + [q], v.missing + [j])
            if len(s.found) == 1 and s.complete and _retakes(ref, stable, s.found[0], q):
                out.append((p, list(s.found[0])))
        g.undo()
    return out


def _retakes(ref, stable, order, q):
    """The order, played on the game, has q take back the one stone that took it
    (a recapture of more is another story: seed 80345 game 457)."""
    g = ref.game
    played = 0
    one = False
    for i in order:
        if g.play(stable[i], ref.p_of(i)) is not None:
            break
        played += 1
        if i == q:
            one = g.last_removed == 1
    for _ in range(played):
        g.undo()
    return one


def _alone(cells, q, p, o, W):
    """q holds a lone stone of o's whose only liberty is p."""
    if cells[q] != o:
        return False
    r = q - 1
    if r != p and (cells[r] == 0 or cells[r] == o):
        return False
    r = q + 1
    if r != p and (cells[r] == 0 or cells[r] == o):
        return False
    r = q - W
    if r != p and (cells[r] == 0 or cells[r] == o):
        return False
    r = q + W
    return r == p or (cells[r] != 0 and cells[r] != o)


def take(ref, v, p, order):
    """verdict's moves: c's capture at p, then the order found (the stone it
    took played again in it)."""
    g = ref.game
    c = g.to_move()
    stable = v.stable
    if ref.illegal:
        ref.restored()
    g.play(c, p)
    q = ref.i_of(g.captured(0))
    seen = bytearray(stable)      # (its prisoner reads as a stone: the one played again)
    seen[q] = 0
    moves.played(ref, c, p, seen, unseen=True)
    for i in order:
        if g.play(stable[i], ref.p_of(i)) is not None:
            break                 # cannot happen: the search played it
        moves.played(ref, stable[i], ref.p_of(i), stable, unseen=i == q)
    ref.dirty = True


def ask(ref, pts):
    """The player to move says where the stone was taken: the points lit, one
    offered yellow; down/up offers the next, ok takes it (goban.referee.unseen's
    choose, then `chosen`)."""
    from goban.referee.unseen import show_choice
    g = ref.game
    o = WHITE if g.to_move() == BLACK else BLACK
    ch = ref.choice
    if ref.illegal != "exchange" or ch.points != pts:
        ref.illegal = None        # a new question: said afresh
        ch.k = 0
    k = ch.k
    ref.announce("exchange", o, pts[0], pts, l=" ".join(ref.name(j) for j in pts[:4]),
                 q=ref.name(pts[k]),
                 extra={"choose": ref.name(pts[k]), "of": [ref.name(j) for j in pts]})
    ch.points = pts
    ch.k = k
    show_choice(ref)


def chosen(ref, j):
    """ok on the point offered: the exchange there, if it still fits."""
    v = ref.view
    fits = _fits(ref, v, ref.game.to_move(), ref.p_of(j))
    if fits:
        take(ref, v, fits[0][0], fits[0][1])
