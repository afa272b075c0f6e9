"""PLAY: each settled frame explained from the game, by an ordered table of rules.

What the referee does with a frame is the first rule of `RULES` whose guard
holds; the order is the policy:

    rule          guard: the frame ...                       action
    matches       is the game (captures still to lift and   nothing stands: a
                  a takeback's points aside)                 pass stone that came
                                                             in is played
    phantoms      shows a weak reading where its bowl says   the sensor flagged;
                  no stone can be                            looked at again
    explained     is the game plus moves in alternation,     the moves (a lone
                  in arrival order, legal, captures lifted   one first waits for
                  before the next; or has such moves before  its bowl's word); what
                  anything that does not fit came            came after is looked
                                                             at next
    order         is that, in more than one order            those stones named
    rolled        is that with the last stone come to rest   the same move there
                  beside its point, before the answer (its   (`correct`)
                  point maybe taken again since)
    pass_first    has the opponent's answer to a pass stone  the pass, or a wait
                  still on its way to the lid                for the lid
    unseen        is explained by a move on a dead sensor    that move, or the
                                                             player names it
    fix           (anything else)                            the smallest fix
                                                             (goban.referee.announce)

Announcements are made afresh at each look from what the board shows now:
when it is the game, nothing stands, whatever was said before; when it is the
game plus the right moves, they are taken. Also the buttons of play: pass,
abandon, end (agreement), resign, undo."""

from goban.game import PASS, ABANDON
from goban.board import BLACK, WHITE
from goban.referee.words import NAMES, TITLES, LETTER
from goban.referee.diff import NO_TOL, CAP, fill_bytes, diff_frame, split
from goban.referee.announce import classify
from goban.referee import bowlwatch, moves
from goban.referee.bowlwatch import READS_MASK
from goban.referee.explain import explain, likely, new_stones, sure, beside
from goban.referee.phase import OVER

# the bowls' witness (witnessed): readings of the mover's bowl a verdict needs,
# taken after the stone came; how often a wait for them looks again (ms); after
# how many witness_ms a bowl still unread counts as silent
FRESH_READS = 2
RELOOK_MS = 50
SILENT_WAITS = 4


def frame(ref, stable, mis, pend):
    """One look (goban.referee.Referee._look): the view filled, the rules read."""
    v = ref.view
    v.stable = stable
    v.mis = mis
    v.pend = pend
    v.extra, v.missing, v.changed = ref.mismatch(stable, mis)
    v.search = None
    v.unseen = None
    w = ref.wait
    v.waited = w.i
    w.i = -1                      # the witness sets it again if that stone still waits
    for guard, action in RULES:
        if guard(ref, v):
            action(ref, v)
            break
    if w.i < 0 and ref.illegal != "no-stone-out":
        w.vouched = -1


# --- the rules -------------------------------------------------------------------------
def _matches(ref, v):
    return v.mis == 0


def _settle(ref, v):
    """Nothing differs from the game but what waits to be lifted: nothing
    stands. A pass stone that came in now is the mover's pass; so is the host's
    pass (goban.remote) once the board matches."""
    g = ref.game
    done = False
    if ref.pending and v.pend == 0:
        fill_bytes(ref.tol, ref.n, NO_TOL)
        ref.pending = None        # the captures lifted, the takeback done
        done = True
    if ref.illegal or done:
        ref.restored()
    c = g.to_move()
    r = ref.remote
    if not ref.pending and not g.over and g.rules.uses_pass_stones \
            and bowlwatch.pass_stone_in(ref, c) and (r is None or r.allows(c, PASS)):
        bowlwatch.check_lids(ref)
        moves.pass_move(ref, c, stone=True)
        return
    if ref.pending:
        moves.show_pending(ref)
    elif r is not None and r.color == c and r.p == PASS and not r.stone:
        moves.pass_move(ref, c, stone=False)     # the other side's pass (goban.remote)
    else:
        moves.show_turn(ref)


def _weak(ref, i):
    """The stone on i reads past the threshold but not well past it: no placed
    stone's reading (a drifted sensor, a stone held over the point). Without
    the calibration's evidence (tests), nothing is weak."""
    s = ref.strong
    return s is not None and s[i] == 0


def _phantoms(ref, v):
    """Weak readings of a colour whose settled bowl says fewer stones are out
    than the frame shows new (stones moved on the board aside): the weak ones
    beyond that are no stones."""
    if ref.mark_sensor is None or ref.strong is None or not v.extra or v.mis > CAP:
        return False
    found = []
    cells = ref.game.board.cells
    for c in (BLACK, WHITE):
        new = [i for i in v.extra if v.stable[i] == c]
        weak = [i for i in new if _weak(ref, i)]
        if not weak or not bowlwatch.settled(ref, c):
            continue
        out = bowlwatch.unused(ref, c)
        if out < 0:
            continue
        # stones of c gone from their points may have been moved to new ones
        moved = len([i for i in v.missing if cells[ref.p_of(i)] == c])
        k = len(new) - moved - out
        found += weak[:k] if k > 0 else []
    v.phantoms = found
    return bool(found)


def _flag(ref, v):
    """Flagged (they read as faulty from the next scan, `sensor-fault`, and a
    move there goes the unseen way, as on a dead sensor); read again."""
    for i in v.phantoms:
        ref.mark_sensor(i)
    ref.dirty = True


def _explained(ref, v):
    """The frame is the game plus moves in order: all of it, or moves that
    came before anything that does not fit (that is announced after them)."""
    if v.mis > CAP or (ref.pending and v.pend) or ref.pending == "undo":
        return False              # captures still to lift, a takeback to finish: no move yet
    new = new_stones(v)
    if not new or unknown(ref, new):
        return False
    v.search = explain(ref, v.stable, new, v.missing)
    v.order = sure(v.search)
    if not v.order and not v.search.found and ref.since is not None:
        v.order = _certain(ref, v)
    return bool(v.order)


def _certain(ref, v):
    """The moves of the longest likely order that all came before the first
    thing left over: nothing that came later can change them."""
    best = _best(ref, v)
    if not best:
        return []
    first = _after(ref, v, best, _first_wrong)
    since = ref.since
    k = 0
    while k < len(best) and 0 < since[best[k]] < first:
        k += 1
    return best[:k]


def unknown(ref, new):
    """New stones whose arrival nobody saw (on the board since the restart),
    once the restart's look is over: they may be moves only in the order that
    look found (goban.referee.resume), so now they are to be played again."""
    since = ref.since
    if since is None or ref.resumed:
        return []
    return [i for i in new if since[i] == 0]


def _take(ref, v):
    """The moves, in order; a lone stone first waits for its bowl's word."""
    order = v.order
    stable = v.stable
    if len(order) == 1:
        i = order[0]
        if not witnessed(ref, stable, i, stable[i], v.waited):
            return
    _lifted(ref, v)
    bowlwatch.check_lids(ref)
    for i in order:
        if not moves.play(ref, stable[i], ref.p_of(i), stable):
            break                 # cannot happen: the search played it
    if v.search.found:
        rest = [i for i in new_stones(v) if i not in order]
        if rest:
            _name_order(ref, v, rest)     # the rest fits in more than one order
    ref.dirty = True


def _lifted(ref, v):
    """Before the game changes: what stood announced is over, and captures
    all lifted wait for nothing any more."""
    if ref.illegal:
        ref.restored()
    if ref.pending and v.pend == 0:
        fill_bytes(ref.tol, ref.n, NO_TOL)
        ref.pending = None


def _ambiguous(ref, v):
    s = v.search
    return s is not None and bool(s.found) and not sure(s)


def _name_order(ref, v, rest=None):
    """Stones that fit in more than one order (a restart found them; or they
    came down together): named, to be taken off and played again in order,
    with what they captured put back. Never guessed."""
    if rest is None:
        rest = new_stones(v)
    g = ref.game
    gone = [i for i in v.missing if g.board.cells[ref.p_of(i)] != 0]
    ref.resumed = False           # played again, each is an ordinary move
    ref.announce("resume-order", None, rest[0], rest + gone,
                 l=" ".join(ref.name(i) for i in rest[:6]))


def _rolled(ref, v):
    """The last stone is gone from its point and a stone of its colour lies
    beside it, and with the move there the frame is explained: it rolled or
    was pushed before the answer."""
    g = ref.game
    n = g.n
    if not n or ref.pending == "undo" or ref.remote is not None or v.mis > CAP or g.over:
        return False
    p = g.move_point(n)
    if p <= ABANDON:
        return False
    i = ref.i_of(p)
    c = g.color_of(n)
    stable = v.stable
    new = new_stones(v)
    if i not in v.missing and i not in v.changed:
        since = ref.since
        if since is None or stable[i] != c or since[i] == ref.move_stamp:
            return False
        new = new + [i]           # its stone went, and one of its colour came back there
    near = [j for j in new if j != i and stable[j] == c and beside(i, j, ref.size)]
    if not near:
        return False
    caps = [ref.i_of(q) for q in g.last_capture()]
    missing = [j for j in v.missing if j != i] + [j for j in caps if stable[j] == 0]
    g.undo()
    s = explain(ref, stable, new, missing, near=i)
    order = sure(s)
    g.play(c, p)
    v.rolled = order
    return bool(order)


def _correct(ref, v):
    order = v.rolled
    stable = v.stable
    g = ref.game
    _lifted(ref, v)
    if not moves.correct(ref, g.move_point(g.n), ref.p_of(order[0]), stable):
        return
    for i in order[1:]:
        if not moves.play(ref, stable[i], ref.p_of(i), stable):
            break
    ref.dirty = True


def _pass_first(ref, v):
    """Under rules with pass stones, a stone of the opponent's, and a stone out
    of the mover's bowl: the mover may have passed, its stone still on its way
    into the lid (or in already)."""
    g = ref.game
    if not g.rules.uses_pass_stones or ref.pending or g.over or v.mis > CAP:
        return False
    c = g.to_move()
    o = WHITE if c == BLACK else BLACK
    if not any(v.stable[i] == o for i in v.extra):
        return False
    if ref.remote is not None and not ref.remote.allows(c, PASS):
        return False
    return bowlwatch.pass_stone_in(ref, c) or \
        (bowlwatch.unused(ref, c) >= 1 and bowlwatch.lid_moving(ref, o))


def _pass_or_wait(ref, v):
    """The pass stone is in: the pass, then the look again for the answer.
    Still on its way: wait for the lid (its settling looks again)."""
    g = ref.game
    c = g.to_move()
    if bowlwatch.pass_stone_in(ref, c):
        bowlwatch.check_lids(ref)
        moves.pass_move(ref, c, stone=True)
        ref.dirty = True


def _unseen(ref, v):
    if v.mis > CAP or ref.pending or not ref.n_faults:
        return False
    from goban.referee import unseen        # a board with no dead sensor never loads it
    v.unseen = unseen.verdict(ref, v)
    return v.unseen is not None


def _ask(ref, v):
    from goban.referee import unseen
    unseen.act(ref, v)


def _always(ref, v):
    return True


def _fix(ref, v):
    """The smallest fix: what is left once the longest order of moves that
    fits is played (on the game, taken back after), as goban.referee.announce
    words it."""
    code, color, i, pts, kw = what_is_wrong(ref, v)
    ref.announce(code, color, i, pts, **kw)


RULES = (
    (_matches, _settle),
    (_phantoms, _flag),
    (_explained, _take),
    (_ambiguous, _name_order),
    (_rolled, _correct),
    (_pass_first, _pass_or_wait),
    (_unseen, _ask),
    (_always, _fix),
)


# --- what to announce ---------------------------------------------------------------
def what_is_wrong(ref, v):
    """(code, color, point, points, words) for a frame nothing explains."""
    g = ref.game
    stable = v.stable
    took = _takeback_by_hand(ref, v)
    if took is not None:
        return took
    new = new_stones(v)
    if unknown(ref, new):
        gone = [i for i in v.missing if g.board.cells[ref.p_of(i)] != 0]
        return ("resume-order", None, new[0], new + gone,
                {"l": " ".join(ref.name(i) for i in new[:6])})
    return _after(ref, v, _best(ref, v), _words)


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
    weak = [j for j in extra if _weak(ref, j)] if len(extra) > 1 else ()
    if len(extra) > 1 and ref.since is not None:
        since = ref.since
        extra.sort(key=lambda j: (since[j], j))   # the last to come is named to take off
    out = classify(extra, missing, changed, mis, stable, g.board.cells, ref.size,
                   pending, left, ref.resumed, last_p, last_c, g.to_move(), weak)
    if g.over and extra:
        out = ("game-over", stable[extra[0]], extra[0], extra, {})
    elif out[0] in ("extra-stone", "wrong-color", "not-lifted") and len(extra) == 1 \
            and not missing and not changed and stable[extra[0]] == g.to_move() \
            and not left:
        out = _refusal(ref, stable, extra[0]) or out
    out[4]["t"] = NAMES[g.to_move()]
    return out


def _first_wrong(ref, v, extra, missing, changed, mis, left):
    """When the first thing left over came (goban.settle's stamps), or -1
    when that cannot be told."""
    if mis > CAP:
        return -1
    since = ref.since
    first = -1
    for j in extra + missing + changed:
        t = since[j]
        if t <= 0:
            return -1
        if first < 0 or t < first:
            first = t
    return first


def _from_bowls(ref, stable, order):
    """The moves of `order` up to the first stone that no settled bowl gave:
    a new stone of a colour whose bowl says fewer are out may be one moved
    on the board, not a move (then it is named with the rest)."""
    left = [0, -1, -1]
    for c in (BLACK, WHITE):
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


# --- the bowls as a second witness ------------------------------------------------------
def witnessed(ref, stable, i, color, waited):
    """The bowls as a second witness (bowlwatch.witness): True to go on with
    the stone on i as a move. A settled bowl with no stone out holds it back:
    it waits up to witness_ms for the bowl to move (each bowl reading and the
    end of the wait look again), then it is announced (no-stone-out; looked at
    again at each bowl reading; `ok` vouches for it). The verdict needs
    FRESH_READS readings of that bowl taken since the stone came, all still
    the settled weight: a reading from before the hand took the stone (the
    scale job waited a few steps), or one sample of a ringing bowl that
    happened to weigh what it did, says nothing yet. A bowl that is moving,
    absent, unsure or read no more (SILENT_WAITS waits) never holds a move
    back."""
    sc = ref.scales
    w = ref.wait
    if sc.witness_ms <= 0 or w.vouched == i or color != ref.game.to_move() \
            or bowlwatch.witness(ref, color) >= 0:
        return True
    if ref.illegal == "no-stone-out" and ref.announced == i:
        return False              # looked at again: the bowl still says nothing left it
    if waited != i:
        w.since = ref.now
        w.ms = sc.witness_ms
        w.reads = bowlwatch.reads(ref, color)
    waited_ms = (ref.now - w.since) & 0x3FFFFFFF
    if waited_ms < w.ms:
        w.i = i                   # look again at the next bowl reading or the wait's end
        return False
    if sc.reads is not None and \
            (bowlwatch.reads(ref, color) - w.reads) & READS_MASK < FRESH_READS:
        if waited_ms >= SILENT_WAITS * sc.witness_ms:
            return True           # a scale read no more cannot tell
        w.ms = waited_ms + RELOOK_MS
        w.i = i
        return False
    ref.announce("no-stone-out", color, i, [i])
    return False


# --- buttons --------------------------------------------------------------------------
def button(ref, name, color):
    g = ref.game
    if ref.choice.points is not None:
        from goban.referee import unseen
        if unseen.choose(ref, name):
            return                # the player says which dead point was the move
    if name == "undo" and color is not None and g.n and g.color_of(g.n) != color:
        # a player's own undo button asks back that player's own last move only
        ref.refuse("not-your-move", color, t2=NAMES[g.color_of(g.n)])
        return
    r = ref.remote
    if r is not None and r.waiting():
        if color is None and r.color == g.to_move():
            color = WHITE if r.color == BLACK else BLACK   # the person's press, not the other side's
        elif color == r.color and name in ("pass", "abandon"):
            ref.refuse("remote-move", color)
            return
    if color is None:
        color = g.to_move()
    if name == "resign":
        code = g.resign(color)
        if code:
            ref.refuse(code, color)
            return
        ref.emit({"type": "resign", "color": LETTER[color]})
        ref.emit({"type": "end", "reason": g.end, "winner": LETTER[g.winner]})
        ref.enter(OVER)
        ref.show(TITLES[color] + " resigns", ("B" if g.winner == BLACK else "W") + "+R")
        return
    if name == "undo":
        moves.undo(ref)
        return
    if name == "ok" and ref.illegal == "no-stone-out":
        # the player vouches for the stone the bowl did not see leave (a scale
        # that reads wrong never stops play): it is taken at the next look
        ref.wait.vouched = ref.announced
        ref.dirty = True
        return
    if name == "ok":
        # teaching: the player to move asks for a hint (a host that teaches answers)
        ref.emit({"type": "hint", "color": LETTER[g.to_move()], "number": g.n})
        return
    if ref.illegal or ref.pending:
        ref.show("Fix the board first", ref.lines[1], ref.lights, ref.light_color)
        return
    if name == "pass":
        bowlwatch.check_lids(ref)
        moves.pass_move(ref, color, stone=False)
    elif name == "abandon":
        code = g.abandon(color)
        if code:
            ref.refuse(code, color)
            return
        ref.emit({"type": "abandon", "color": LETTER[color], "number": g.n})
        moves.after_play_ui(ref)
        moves.after_game_change(ref)
    elif name == "end":
        g.agree_end()
        moves.after_game_change(ref)
