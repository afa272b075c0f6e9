"""A ko taken and taken back while the board was off (goban.referee.play's
`restart` rule, loaded only when a stone there since the restart is new).

The capture and its recapture leave the board as it was there: only the
scales can tell, a prisoner in the capturer's lid the game does not explain
and a stone more out of the other's bowl than its new stones use.
"""

from goban.board import BLACK, WHITE, EDGE
from goban.referee import bowlwatch, moves, timing
from goban.referee.diff import FAULT
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
    explained in one order: one p, ("exchange", p, the order after p, the
    frame it was judged on: `_as_restarted`), played
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
    if (ref.pending and (ref.pending != "resume" or v.pend)) or g.over or ref.since is None \
            or ref.scales.witness_ms <= 0 or g.rules.uses_pass_stones:
        # (the last capture before the cut lifted: nothing waits; seed 553306
        # game 133. A pass stone weighs as a prisoner: seed 80345 game 457)
        return None
    at = _as_restarted(ref, v)
    if at is None:
        return None
    stable, new, missing = at
    if not new or len(new) >= MAX_NEW:
        return None
    k = 0                         # the other side's new stones, the restart's and since
    for i in new_stones(v):
        if v.stable[i] == o:
            k += 1
    lid = bowlwatch.loose(ref, c)
    out = bowlwatch.unused(ref, o)
    # the capturer's settled lid with no prisoner over says no exchange by
    # itself; one over, the other's bowl must say it too (a stone more out)
    told = lid is not None and not bowlwatch.lid_moving(ref, c)
    t = timing.landed(ref, 1)     # (the restart's first scan)
    wait = EXCHANGE_MS if t is not None else 0
    waited = (ref.now - t) & 0x3FFFFFFF if t is not None else 0
    if told:
        # o's stones taken since the restart (gone from the frame now) lie in
        # c's lid too: one still in a hand may yet come
        carried = False
        for i in v.missing:
            if ref.since[i] != 0 and g.board.cells[ref.p_of(i)] == o:
                lid -= 1
                gone = timing.landed(ref, ref.since[i])
                left = bowlwatch.CARRY_MS - ((ref.now - gone) & 0x3FFFFFFF) \
                    if gone is not None else 0
                if left > 0:
                    carried = True
                    wait = waited + left if waited + left > wait else wait
        if lid < 1 or 0 <= out <= k:
            if not carried:       # (the scales say no exchange: nothing searched)
                return _taken_meanwhile(ref, v, new, c, k, wait - waited)
            told = False
        elif out < 0:
            told = False          # (a prisoner over, the bowl not read: waited for.
            # The lid alone said nothing while a bowl moved: seed 988108 game 10,
            # twelve stones of fast play named to be played again after a cut)
    fits = _fits(ref, stable, new, missing, c, -1)
    if not fits:
        return _taken_meanwhile(ref, v, new, c, k, wait - waited)
    if not told:
        if waited >= wait:
            return None
        ref.look_again(wait - waited)
        ref.stale = True              # (nothing taken yet: presses wait on)
        return ("wait",)
    if len(fits) == 1:
        return ("exchange",) + fits[0]
    return ("exchange-ask", [ref.i_of(f[0]) for f in fits])


def _taken_meanwhile(ref, v, new, c, k, left):
    """No exchange fits: a move of c's played while the board was off and
    taken by the other's new stones leaves its point empty, its stone in the
    other's lid beyond the game (and the prisoners the frame shows lifted),
    c's bowl a stone more out than c's new stones use. Where it stood, no
    board can tell: the new stones are named to be played again, what they
    took put back ("order"). Taken in the order they show, c's move was lost
    and the next stones read as its own (seed 840684 game 514: black's jd,
    white's je taking it, black's ik while off; ik taken as black's move, je
    as white's). The scales not read yet, it waits for them (`left` ms more)
    only where such a stone could have stood: an empty point whose every
    neighbour is the other's, one of them new (`_hole`); elsewhere nothing
    waits (the stones played on meanwhile, at every restart, were more than
    one look orders: the torn power cuts of tests/system/test_sim_full_game.py;
    with a stone gone, a named fix came after the players had pressed end:
    seed 731902 game 166)."""
    o = WHITE if c == BLACK else BLACK
    if k < 1:
        return None               # (none of the other's: nothing took it)
    lid = bowlwatch.loose(ref, o)
    out = bowlwatch.unused(ref, c)
    if lid is None or out < 0 or bowlwatch.lid_moving(ref, o) or not bowlwatch.settled(ref, c):
        if left <= 0 or not _hole(ref, v, new, o):
            return None
        ref.look_again(left)
        ref.stale = True          # (nothing taken yet: presses wait on)
        return ("wait",)
    cells = ref.game.board.cells
    mine = 0
    for i in new_stones(v):
        if v.stable[i] == c:
            mine += 1
    for i in v.missing:
        if cells[ref.p_of(i)] == c:
            lid -= 1              # (the frame's own prisoners of c's: theirs)
    if lid < 1 or out <= mine:
        return None
    return ("order", list(new))


def _hole(ref, v, new, o):
    """An empty point (on the board and in the game) whose every neighbour is
    o's in the frame, one of them new since the restart: where a stone of the
    other's may have been played and taken while the board was off."""
    cells = ref.game.board.cells
    stable = v.stable
    W = ref.game.board.W
    for i in new:
        if stable[i] != o:
            continue
        q = ref.p_of(i)
        for p in (q - 1, q + 1, q - W, q + W):
            if cells[p] != 0 or stable[ref.i_of(p)] != 0:
                continue
            shut = True
            for r in (p - 1, p + 1, p - W, p + W):
                if cells[r] != EDGE and stable[ref.i_of(r)] != o:
                    shut = False
                    break
            if shut:
                return True
    return False


def _as_restarted(ref, v):
    """(frame, new, missing) as the board was at the restart: stones played
    since (at tempo 0 before the scales are read: the ko taken yet again, seed
    93475 game 276) as the game has them, so the exchange is judged on the
    stones played while the board was off. None when a stone new at the
    restart is neither black nor white."""
    since = ref.since
    cells = ref.game.board.cells
    stable = v.stable
    new = []
    for i in new_stones(v):
        if since[i] == 0:
            if stable[i] != BLACK and stable[i] != WHITE:
                return None
            new.append(i)
    missing = [i for i in v.missing if since[i] == 0]
    later = False
    for i in range(ref.n):
        if since[i] != 0 and stable[i] != cells[ref.p_of(i)]:
            later = True
            break
    if later:
        stable = bytearray(stable)
        for i in range(ref.n):
            if since[i] != 0:
                stable[i] = cells[ref.p_of(i)]
    return stable, new, missing


def _fits(ref, stable, new, missing, c, only):
    """[(p, order, frame)]: the points p (board points; `only`, if not -1;
    empty in the frame or unread: a dead sensor under the ko, 193915 g33)
    where c's capture of one stone still on the board (or on a dead sensor),
    then the new stones and that stone again, explain the frame (stable, its
    new stones and those missing) in one order; the frame with that stone
    read as it is played again."""
    g = ref.game
    o = WHITE if c == BLACK else BLACK
    cells = g.board.cells
    W = g.board.W
    out = []
    for p in range(W, len(cells) - W - 1):     # (the board's points, aa at W: no call a point)
        if cells[p] != 0 or (only >= 0 and p != only):
            continue
        # a lone stone of o's beside p, p its last liberty (no tuple a point: a
        # look's heap)
        if not (_alone(cells, p - 1, p, o, W) or _alone(cells, p + 1, p, o, W)
                or _alone(cells, p - W, p, o, W) or _alone(cells, p + W, p, o, W)):
            continue
        j = ref.i_of(p)
        if 0 < stable[j] < FAULT or g.play(c, p) is not None:
            continue
        q = ref.i_of(g.captured(0)) if g.last_removed == 1 else -1
        if q >= 0 and (stable[q] == o or stable[q] >= FAULT):
            f = stable
            if stable[q] != o:    # played again on a sensor dead now (seed 931430 game 444)
                f = bytearray(stable)
                f[q] = o
            s = explain(ref, f, new + [q], missing + [j])
            if len(s.found) == 1 and s.complete and _retakes(ref, f, s.found[0], q):
                out.append((p, list(s.found[0]), f))
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


def take(ref, p, order, stable):
    """verdict's moves: c's capture at p, then the order found (the stone it
    took played again in it), on the frame as it was at the restart (what was
    played since is the next look's)."""
    g = ref.game
    c = g.to_move()
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
    ref.move_stamp = 0            # all there at the restart: what came since follows
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
    at = _as_restarted(ref, ref.view)
    if at is None:
        return
    stable, new, missing = at
    fits = _fits(ref, stable, new, missing, ref.game.to_move(), ref.p_of(j))
    if fits:
        take(ref, *fits[0])
