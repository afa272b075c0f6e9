"""What is wrong with a frame nothing explains, and which moves in it are sure
anyway (goban.referee.play's rules `explained` and `fix`). Loaded when a
frame first does not fit: a game played cleanly never needs it (from .mpy
files on the stock image the code at boot is heap the game cannot have).

The frame is looked at as the game plus the longest order of likely moves
that fits (goban.referee.explain.likely: no weak reading, nothing slid, no
stone a settled bowl did not give), captures still on the board tolerated.
What is left over is worded by goban.referee.announce.classify, or, for a
lone stone of the side to move, by why the rules or the host refuse it. The
moves of that order that all came before the first thing left over are sure:
nothing that came later can change them (`certain`)."""

from goban.game import PASS, ABANDON
from goban.board import BLACK, WHITE, BOTH
from goban.referee.words import NAMES
from goban.referee.diff import NO_TOL, CAP, diff_frame, split
from goban.referee.announce import classify
from goban.referee import bowlwatch
from goban.referee.explain import MAX_NEW, beside, explain, likely, new_stones, weak


# a weak reading announced as a stone that nobody takes off in this long is a
# sensor whose baseline wandered (no placed stone reads weak): flagged
FAINT_MS = 2500

# the last stone announced `slid`: (by which referee, where it came to rest,
# when it came there: goban.settle's stamp, where it came from), or None; made
# only when a slide is said (this module is loaded in most games: its objects
# are heap). While it stays there with that stamp, once a stone is back where
# it came from (put back from a bowl, not slid back), it is no move, whatever
# order it fits (seed 426465 game 425: taken for the move of the stone on a
# dead sensor beside it, with the answer): goban.referee.play's `explained`
# holds it, and it is named to take off (what_is_wrong). Unless its bowl says
# two stones are out that the game has not used, with no dead sensor to hide
# one: the one put back where it came from, and this one, a move (a stone
# knocked off as a move landed beside it: seed 339136 game 323; a dead sensor
# under a stone hides nothing: seed 268448 game 633). (The check is written
# out where it is used: a function here is heap in most games.) The stone a
# `hidden` question asked about, seen once its sensor reads again, is held
# the same way (goban.referee.amend.asked_stone).
slid = None


def faint(ref, v, code, i):
    """A weak reading named as a stone that nobody takes off for FAINT_MS is no
    stone (a drift the bowls could not rule out: a stone they counted out
    wrongly; seed 434437 game 263, a baseline that walked while the board was
    off): its sensor flagged, and True. Before that, the board looks again then."""
    if i is None or i not in v.extra or not weak(ref, i) or ref.mark_sensor is None:
        return False
    if code != ref.illegal or i != ref.announced:
        ref.look_again(FAINT_MS)
        return False
    if (ref.now - ref.announced_at) & 0x3FFFFFFF < FAINT_MS:
        return False
    ref.flag_sensors([i])
    return True

def certain(ref, v):
    """The moves of the longest likely order that all came before anything
    left over that could change them: a stone left over that came out of its
    colour's turn (a second stone) changes nothing; a stone of the colour whose
    turn it was, or one gone from the board, may (which was the move? was it
    carried?), and what came after it is not sure."""
    best = _best(ref, v)
    if not best:
        return []
    since = ref.since
    left = _after(ref, v, best, _left_over)
    if left is None:
        return []
    stop = 0x7FFFFFFF
    passes = ref.game.rules.uses_pass_stones
    for j in left:
        t = since[j]
        if t <= 0:
            return []             # when it came, nobody can tell
        c = v.stable[j]
        if c == 0:                # gone: the colour it was
            stop = t if t < stop else stop
            continue
        turn = 0                  # whose turn it was when it came (a move that came
        for i in best:            # with it: that move's colour's)
            if since[i] >= t:
                turn = v.stable[i]
                break
        if turn == 0:
            turn = _after_order(ref, best, v.stable)
        if (turn == c or passes) and t < stop:
            stop = t              # (with pass stones, one out of turn may follow a pass)
    k = 0
    while k < len(best) and 0 < since[best[k]] < stop:
        k += 1
    return best[:k]


def _after_order(ref, order, stable):
    """The colour to move once `order` is played."""
    g = ref.game
    if not order:
        return g.to_move()
    return 3 - stable[order[-1]]


def what_is_wrong(ref, v):
    """(code, color, point, points, words) for a frame nothing explains. Stones
    on the board since a restart, or more new stones than one look orders
    (explain.MAX_NEW: fast play the board fell behind on, a move it could not
    see among them), are named to be played again in order: nobody can tell
    from one frame which were moves and in what order (named a mismatch, no fix
    a player could do ended it)."""
    g = ref.game
    took = _takeback_by_hand(ref, v)
    if took is not None:
        return took
    new = new_stones(v)
    s = slid
    if s is not None and s[0] is ref and s[1] in new and ref.since[s[1]] == s[2] \
            and v.stable[s[3]] != 0:
        hide = False              # (as play's `explained`: a dead sensor under an empty point)
        for j in range(ref.n if ref.n_faults else 0):
            if ref.faults[j] and g.board.cells[ref.p_of(j)] == 0:
                hide = True
                break
        if hide or bowlwatch.unused(ref, v.stable[s[1]]) < 2:
            return ("extra-stone", v.stable[s[1]], s[1], [s[1]], {})
    if _since_restart(ref, new) or len(new) > MAX_NEW:
        gone = [i for i in v.missing if g.board.cells[ref.p_of(i)] != 0]
        return ("resume-order", None, new[0], new + gone,
                {"l": " ".join(ref.name(i) for i in new[:6])})
    return _after(ref, v, _best(ref, v), _words)


def _since_restart(ref, new):
    """Stones the saved game lacks that are on the board since a restart, and no
    order of moves explains the frame (or the restart's look is over: their order
    is unknown, goban.referee.explain.unknown): play went on while the board was
    off (more moves than one look orders, a capture among them, a mistake of the
    hands). Which of them were moves, and in what order, nobody can tell from one
    frame: they are named to be played again, what they took put back. Announced
    as a mismatch (or a stone named extra at random) the game stopped or took the
    wrong stone."""
    since = ref.since
    if since is None:
        return False
    for i in new:
        if since[i] == 0:
            return True
    from goban.referee.explain import unknown     # (a global here is heap in most games)
    return bool(unknown(ref, new))    # (or named by the standing resume-order)


def _best(ref, v):
    """The longest order of likely moves that fits (goban.referee.explain), up
    to the first stone no settled bowl gave."""
    s = v.search
    if s is None:
        return []
    new = new_stones(v)
    sure_ones = likely(ref, v.stable, new, v.missing)
    if len(sure_ones) < len(new):
        s = explain(ref, v.stable, sure_ones, v.missing)
    return _from_bowls(ref, v.stable, s.best)


def _after(ref, v, order, then):
    """`then(ref, v, extra, missing, changed, mis, left)` on what differs from
    the game once `order` is played on it (its captures still on the board
    tolerated); the game and the tolerances are as they were after."""
    g = ref.game
    stable = v.stable
    tol = ref.tol
    saved = []
    played = 0
    for i in order:
        c = stable[i]
        if g.play(c, ref.p_of(i)) is not None:
            break
        played += 1
        for q in g.last_capture():
            j = ref.i_of(q)
            saved.append(j)
            saved.append(tol[j])
            tol[j] = 3 - c
    try:
        r = diff_frame(stable, g.board.cells, tol, ref.out, CAP, ref.size)
        mis = r & 0x3FF
        extra, missing, changed = split(stable, g.board.cells, ref.out, mis, ref.size)
        left = []
        if extra and (ref.pending or saved):
            left = [k for k in range(ref.n) if tol[k] != NO_TOL and stable[k] == tol[k]]
        return then(ref, v, extra, missing, changed, mis, left)
    finally:
        for k in range(played):
            g.undo()
        for k in range(len(saved) - 2, -1, -2):
            tol[saved[k]] = saved[k + 1]


def _words(ref, v, extra, missing, changed, mis, left):
    """The announcement of what is left (goban.referee.announce.classify)."""
    g = ref.game
    stable = v.stable
    pending = "undo" if ref.pending == "undo" else ("capture" if left else None)
    last_p = g.move_point(g.n) if g.n else PASS
    last_c = g.color_of(g.n) if g.n else 0
    faint = [j for j in extra if weak(ref, j)] if len(extra) > 1 else ()
    if len(extra) > 1 and ref.since is not None:
        since = ref.since
        extra.sort(key=lambda j: (since[j], j))   # the last to come is named to take off
    out = classify(extra, missing, changed, mis, stable, g.board.cells, ref.size,
                   pending, left, ref.resumed, last_p, last_c, g.to_move(), faint)
    if out[0] == "slid" and (ref.illegal is None or ref.illegal == "resume-order") \
            and ref.since is not None \
            and beside(out[2], out[3][0], ref.size) \
            and 0 < ref.since[out[2]] <= ref.since[out[3][0]]:
        # (the first thing wrong, beside it, gone no later than the other came:
        # a slide; a stone knocked off after a move landed beside it leaves
        # later, and the move is one; one knocked as a move lands further off
        # is no slide either; a move beside a stone slid elsewhere, that stone
        # lifted, is named slid there next: seed 513635 game 319; said while
        # stones played while off stand named to be played again, it is one:
        # seed 339136 game 381)
        global slid
        slid = (ref, out[3][0], ref.since[out[3][0]], out[2])
    if g.over and extra:
        out = ("game-over", stable[extra[0]], extra[0], extra, {})
    elif out[0] in ("extra-stone", "wrong-color", "not-lifted") and len(extra) == 1 \
            and not missing and not changed and stable[extra[0]] == g.to_move() \
            and not left:
        out = _refusal(ref, stable, extra[0]) or out
    out[4]["t"] = NAMES[g.to_move()]
    return out


def _left_over(ref, v, extra, missing, changed, mis, left):
    """The points left over (None: too many to list)."""
    if mis > CAP:
        return None
    return extra + missing + changed


def _from_bowls(ref, stable, order):
    """The moves of `order` up to the first stone that no settled bowl gave:
    a new stone of a colour whose bowl says fewer are out may be one moved
    on the board, not a move (then it is named with the rest)."""
    left = [0, -1, -1]
    for c in BOTH:
        if bowlwatch.settled(ref, c):
            left[c] = bowlwatch.unused(ref, c)
    for k in range(len(order)):
        c = stable[order[k]]
        if left[c] == 0:
            return order[:k]
        if left[c] > 0:
            left[c] -= 1
    return order


def _refusal(ref, stable, i):
    """Why a lone stone of the colour to move is no move: the host expects
    another (goban.remote), or the rules refuse it."""
    g = ref.game
    color = stable[i]
    p = ref.p_of(i)
    r = ref.remote
    if r is not None and not r.allows(color, p):
        pts = [i]
        if r.p > ABANDON:
            pts.append(ref.i_of(r.p))
        return (r.refusal(color), color, i, pts, {"q": ref.name(pts[-1])})
    code = g.legal(color, p)
    if code:
        return (code, color, i, [i], {})
    return None


def _takeback_by_hand(ref, v):
    """The last stone lifted and some of its captures put back on their points
    (a takeback by hand, before undo is pressed): said as the last stone
    lifted, never a move of the stones put back."""
    g = ref.game
    n = g.n
    if not n or ref.pending == "undo" or v.mis > CAP:
        return None
    p = g.move_point(n)
    if p <= ABANDON:
        return None
    i = ref.i_of(p)
    if i not in v.missing or len(v.missing) != 1 or v.changed or not v.extra:
        return None
    caps = [ref.i_of(q) for q in g.last_capture()]
    c = g.color_of(n)
    for j in v.extra:
        if j not in caps or v.stable[j] != 3 - c:
            return None
    return ("removed-stone", c, i, [i] + v.extra, {})
