"""PLAY: each settled frame explained from the game, by an ordered table of rules.

What the referee does with a frame is the first rule of `RULES` whose guard
holds; the order is the policy:

    rule          guard: the frame ...                       action
    matches       is the game (captures still to lift and   nothing stands: a
                  a takeback's points aside)                 pass stone that came
                                                             in is played; two
                                                             stones out of a bowl
                                                             at once by a move
                                                             that fits on a dead
                                                             point: asked, once
                                                             (amend.hidden)
    phantoms      shows a weak reading where its bowl says   the sensor flagged;
                  no stone can be                            looked at again
    restart       (the restart's look) shows a weak reading  its baseline taken
                  there since the power came back;           again, looked at
                  or stones there since in one order, the    again; or that move,
                  mover's bowl a stone more out than it      the rest looked at
                  uses, and a dead point where a move        again (asked when
                  first fits; or a ko taken and taken back   several points fit;
                  while off explains them in one order, and  the bowl waited for);
                  the scales say so (goban.referee.exchange) or the four moves
                                                             (asked when several
                                                             kos fit; the scales
                                                             waited for)
    unknown       has stones there since a restart whose     named to be played
                  order could not be told                    again
    pass_in       has new stones, and a pass stone of the    the pass; looked at
                  mover's came into the lid (before the      again
                  answer landed; not the prisoners of moves
                  that explain the board without a pass)
    explained     is the game plus moves in alternation,     the moves (a lone
                  in arrival order, legal, captures lifted   one first waits for
                  before the next                            its bowl's word)
    order         is that, in more than one order            those stones named
    captured_seen is explained, in one order, by a move where  that move, and the
                  a look saw a stone of the side to move     moves that captured
                  since the game changed, captured since     it
                  (not taken back while the board was the
                  game); or with such a move later in the    the moves before it
                  order (goban.referee.seen)                 (next look: the rest)
    pass_first    has the opponent's answer to a pass stone  the pass, or a wait
                  still on its way to the lid                for the lid
    rolled        is that with the last stone come to rest   the same move there
                  beside its point, before the answer (its   (`correct`)
                  point maybe taken again since); or with
                  it taken off and another put down with it
                  left (two at once)
    sure_start    has such moves before anything that does   those moves; the rest
                  not fit came                               is looked at next
    unseen        is explained by a move on a dead sensor    that move, or the
                  (first, or after seen moves); or lacks     player names it;
                  the stone of the move before the last,     (after) those moves;
                  back in its bowl, and is the game with     or that move there
                  that move on the one dead point where it   (`correct`), or a
                  fits                                       wait for the bowl
    bowl_may_tell has a weak reading whose bowl cannot tell    nothing yet (its bowl
                  yet                                        settling decides)
    fix           (anything else)                            the smallest fix
                                                             (goban.referee.announce)

Announcements are made afresh at each look from what the board shows now:
when it is the game, nothing stands, whatever was said before; when it is the
game plus the right moves, they are taken. Also the buttons of play: pass,
abandon, end (agreement), resign, undo."""

from goban.game import PASS, ABANDON
from goban.board import BLACK, WHITE, BOTH
from goban.referee.words import NAMES, TITLES, LETTER
from goban.referee.diff import NO_TOL, CAP, fill_bytes, diff_frame, tolerated, split_into
from goban.referee import bowlwatch, moves, timing
from goban.referee.bowlwatch import READS_MASK
from goban.referee.explain import explain, new_stones, sure, beside, weak, unknown
from goban.referee.phase import OVER

# a stone of the last mover's that came down within this many scans of its move:
# put down with it (two at once); the move is the one the player leaves (_rolled)
TWIN_SCANS = 50
# the bowls' witness (witnessed): readings of the mover's bowl a verdict needs,
# taken after the stone came; how often a wait for them looks again (ms); after
# how many witness_ms a bowl still unread counts as silent
FRESH_READS = 2
RELOOK_MS = 50
SILENT_WAITS = 4
# a pass stone in a hand (the mover's bowl moving, nothing in the lid yet) is
# waited for this long after the opponent's stone came; then only the lid tells
PASS_HAND_MS = 1500


def frame(ref, stable, mis, pend, decide=None):
    """One look (goban.referee.Referee._look): the view filled, the rules read,
    the first whose guard holds acted on. A look alone in its step comes in two
    (goban.referee.Referee.act): `decide` True returns that rule's action, not
    taken; given back as `decide` a step later, it is taken then."""
    v = ref.view
    w = ref.wait
    if decide is None or decide is True:
        if pend and (ref.pending == "capture" or ref.pending == "resume") \
                and ref.since is not None and _replaced(ref, stable):
            r = diff_frame(stable, ref.game.board.cells, ref.tol, ref.out, CAP, ref.size)
            mis = r & 0x3FF
            pend = (r >> 10) & 0x3FF
        v.stable = stable
        v.mis = mis
        v.pend = pend
        split_into(stable, ref.game.board.cells, ref.out, mis, ref.size, v.extra, v.missing,
                   v.changed)
        seen = ref.seen
        for i in v.extra:
            seen[i] = stable[i]   # (a fault's reading is no stone: _captured_unseen checks)
        v.search = None
        v.unseen = None
        v.waited = w.i
        w.i = -1                  # the witness sets it again if that stone still waits
        for guard, action in RULES:
            if guard(ref, v):
                break             # (the last guard always holds)
        if decide:
            return action
    else:
        action = decide
    action(ref, v)
    if w.i < 0 and ref.illegal != "no-stone-out":
        w.vouched = -1


def _replaced(ref, stable):
    """A captured stone still to lift whose point's stone came after the
    capture (goban.settle's stamp) was lifted, and a stone put there since:
    it is no prisoner any more, its point no longer tolerated. So after a
    restart, a stone come since its first look (754148 g115: the ko's prisoner
    lifted before a cut, retaken after it, said not lifted for good). True when
    one was."""
    k = tolerated(ref.tol, ref.n, ref.tolerated, CAP)
    since = ref.since
    after = 1 if ref.pending == "resume" else ref.move_stamp   # (stamp 1: the restart's question's)
    found = False
    for j in range(k if k < CAP else CAP):
        i = ref.tolerated[j]
        if stable[i] == ref.tol[i] and since[i] > after > 0:
            ref.tol[i] = NO_TOL
            found = True
    return found


# --- the rules -------------------------------------------------------------------------
def _matches(ref, v):
    return v.mis == 0


def _settle(ref, v):
    """Nothing differs from the game but what waits to be lifted: nothing
    stands. A pass stone that came in now is the mover's pass; so is the host's
    pass (goban.remote) once the board matches. A stone seen since the game
    last changed and gone now was taken back (a prisoner leaves after its
    captor lands, never before): no move _captured_unseen may take later."""
    g = ref.game
    fill_bytes(ref.seen, ref.n, 0)
    done = False
    if ref.pending and v.pend == 0:
        _done_lifting(ref)        # the captures lifted, the takeback done
        done = True
    if (ref.illegal and ref.illegal != "hidden") or done:
        ref.restored()
    if ref.illegal == "hidden" or (ref.n_faults and not ref.illegal and ref.scales.took & 48):
        from goban.referee.amend import hidden    # two stones out at once: one unseen?
        if hidden(ref):
            return
    c = g.to_move()
    r = ref.remote
    if not ref.pending and ref.n_faults and _passed_out_of_turn(ref, c):
        from goban.referee import unseen    # a board with no dead sensor never loads it
        j = unseen.before_a_pass(ref, v, -1)
        if j is not None:
            unseen.play_unseen(ref, j, v.stable)
            return
    if not ref.pending and not g.over and g.rules.uses_pass_stones \
            and (r is None or r.allows(c, PASS)):
        passed = bowlwatch.pass_stone_in(ref, c)
        if not passed and ref.scales.repaid:
            from goban.referee import passorder     # under rules with pass stones only
            passed = passorder.repaid_pass(ref, c)
        if passed:
            bowlwatch.check_lids(ref, 0)
            moves.pass_move(ref, c, stone=True)
            return
    if ref.pending:
        _drifted_prisoners(ref, v)
        moves.show_pending(ref)
    elif r is not None and r.color == c and r.p == PASS and not r.stone:
        moves.pass_move(ref, c, stone=False)     # the other side's pass (goban.remote)
    else:
        moves.show_turn(ref)


def _passed_out_of_turn(ref, c):
    """The opponent's pass stone came into the lid while `c` is to move, and
    a stone is out of c's settled bowl: c moved, unseen (a dead sensor), and
    the opponent passed in answer (more out: in a hand; the opponent passing
    out of turn is no explanation a player would give: seed 633370 game 280,
    c's move lost, its pass stone already in hand). So too with c's own pass
    stone in after it (the lids' arrivals: the opponent's came first), two
    stones out of c's bowl: c moved unseen, the opponent passed, c passed
    (tempo 0, seed 602451 game 130: c's pass taken, then the opponent's, and
    c's move lost). c's pass stone in first: c passed (not this)."""
    g = ref.game
    o = WHITE if c == BLACK else BLACK
    if g.over or not g.rules.uses_pass_stones or not bowlwatch.pass_stone_in(ref, o) \
            or not bowlwatch.settled(ref, c):
        return False
    k = bowlwatch.unused(ref, c)
    if not bowlwatch.pass_stone_in(ref, c):
        return k >= 1
    t = ref.scales.gain_at
    return k >= 2 and t[c] >= 0 and t[o] >= 0 and 0 < (t[o] - t[c]) & 0x3FFFFFFF < 0x20000000


def _drifted_prisoners(ref, v):
    """Captured stones still read where the capturer's settled lid already holds
    every prisoner and took a stone since the capture's landed: a weak reading
    there is a sensor whose baseline wandered while the stone sat on it
    (lifted, it still reads past the threshold): its baseline is taken again
    where it reads now, and it reads empty. True when one was (the next look
    sees the board as it is). A lid that took nothing since may hold a stone
    from before (a prisoner in the wrong lid), the prisoner still in the hand,
    its reading weak as it rises (497994 g198). The lid still moving, the
    prisoners on their way into it, the look waits for it (a carry at most:
    924253 g194, said not lifted a moment before the lid settled): True
    while it does."""
    if ref.pending != "capture" or not v.pend or ref.rebase_sensor is None \
            or ref.strong is None:
        return False
    k = tolerated(ref.tol, ref.n, ref.tolerated, CAP)
    if not k or k > CAP:
        return False
    o = ref.tol[ref.tolerated[0]]         # the prisoners' colour; the capturer's lid holds them
    c = WHITE if o == BLACK else BLACK
    sc = ref.scales
    t = sc.stir[c]
    wait = -1                             # the lid still moving: ms the look waits for it
    if bowlwatch.lid_moving(ref, c) and t >= 0:
        wait = bowlwatch.CARRY_MS - ((ref.now - t) & 0x3FFFFFFF)
        if wait <= 0:
            return False
    else:
        lo = bowlwatch.loose(ref, c)
        if lo is None or lo < 0 or sc.now[1 + c] < 0:
            return False
        if ref.move_stamp > 0 and ref.ticks_of is not None and not (
                t >= 0 and (t - ref.ticks_of(ref.move_stamp)) & 0x3FFFFFFF < 0x20000000):
            return False
    done = False
    for j in range(k):
        i = ref.tolerated[j]
        if v.stable[i] == o and weak(ref, i):
            if wait > 0:
                ref.look_again(wait)
                return True
            ref.rebase_sensor(i, -1)
            ref.dirty = done = True
    return done


def _phantoms(ref, v):
    v.phantoms = ()
    if v.mis > CAP:
        return False
    found = phantoms(ref, v.stable, v.extra, v.missing)
    if found is None:
        return False
    v.phantoms = found
    return True


def phantoms(ref, stable, extra, missing):
    """Weak readings of a colour whose settled bowl says fewer stones are out
    than the frame shows new (stones moved on the board aside): the weak ones
    beyond that are no stones (a list), else None. (Loops, not comprehensions:
    each of those is a closure MicroPython makes, and this runs at every look
    with a new stone.)"""
    if ref.mark_sensor is None or ref.strong is None or not extra:
        return None
    found = None
    cells = ref.game.board.cells
    for c in BOTH:
        new = 0
        faint = None
        for i in extra:
            if stable[i] == c:
                new += 1
                if weak(ref, i):
                    if faint is None:
                        faint = []
                    faint.append(i)
        if faint is None or not bowlwatch.settled(ref, c):
            continue
        out = bowlwatch.unused(ref, c)
        if out < 0:
            continue
        moved = 0                 # stones of c gone from their points may have been moved to new ones
        for i in missing:
            if cells[ref.p_of(i)] == c:
                moved += 1
        k = new - moved - out
        if k > 0:
            found = faint[:k] if found is None else found + faint[:k]
    return found


def _restart(ref, v):
    """The restart's own look: a drifted sensor (goban.referee.restart), or a
    move on a dead sensor played while the board was off (its verdict in
    v.unseen: goban.referee.unseen.at_restart). (One rule, not two: a rule's
    function and its entry in RULES are heap at boot.)"""
    if not ref.resumed or v.mis > CAP:
        return False
    if ref.rebase_sensor is not None:
        from goban.referee.restart import drifted   # loaded after a power cut only
        if drifted(ref, v, False):
            return True
    since = ref.since
    for i in new_stones(v):
        if since is not None and since[i] == 0:
            # a stone played while the board was off: a ko taken and taken back
            # then? (loaded only now)
            from goban.referee import exchange
            v.unseen = exchange.verdict(ref, v)
            if v.unseen is not None:
                return True
            break
    if not ref.n_faults and not ref.game.rules.uses_pass_stones:
        return False
    from goban.referee import unseen        # (loaded after a cut where something may be unseen:
    v.unseen = unseen.at_restart(ref, v)    # a move on a dead point, a pass stone)
    if v.unseen is None and ref.game.rules.uses_pass_stones:
        from goban.referee import passorder     # (pass stones among stones played while off)
        v.unseen = passorder.at_restart(ref, v)
    return v.unseen is not None


def _at_restart(ref, v):
    what = v.unseen
    if what is None:
        from goban.referee.restart import drifted
        drifted(ref, v, True)
    elif what[0] == "exchange":
        from goban.referee import exchange
        if ref.pending:
            _done_lifting(ref)    # (the last capture before the cut: lifted)
        exchange.take(ref, what[1], what[2], what[3])
    elif what[0] == "exchange-ask":
        from goban.referee import exchange
        exchange.ask(ref, what[1])
    else:
        _ask(ref, v)


def _flag(ref, v):
    """Flagged (they read as faulty from the next scan, `sensor-fault`, and a
    move there goes the unseen way, as on a dead sensor); read again."""
    ref.flag_sensors(v.phantoms)


def _explained(ref, v):
    """The frame is the game plus moves in order."""
    if v.mis > CAP or (ref.pending and v.pend) or ref.pending == "undo":
        return False              # captures still to lift, a takeback to finish: no move yet
    new = new_stones(v)
    if not new or unknown(ref, new):
        return False
    if ref.illegal is not None:
        if ref.illegal == "hidden" and ref.since is not None:
            from goban.referee.amend import asked_stone   # (loaded: it asked)
            asked_stone(ref, v, new)
        from goban.referee import wrong     # (loaded: something was wrong)
        s = wrong.slid            # a stone announced slid stays where it came to rest
        if s is not None and s[0] is ref and s[1] in new and ref.since[s[1]] == s[2] \
                and v.stable[s[3]] != 0:
            hide = False          # an empty point on a dead sensor may hide a stone out
            for j in range(ref.n if ref.n_faults else 0):
                if ref.faults[j] and ref.game.board.cells[ref.p_of(j)] == 0:
                    hide = True
                    break
            if hide or bowlwatch.unused(ref, v.stable[s[1]]) < 2:
                return False      # (goban.referee.wrong: `slid`; unseen.verdict alike)
    v.search = explain(ref, v.stable, new, v.missing, s=v.searching)
    v.order = sure(v.search)
    if v.order and ref.n_faults and ref.since is not None and not ref.pending:
        # two hands' stones in one scan, or a scan apart, may settle in either
        # order (explain); but where the mover's move on an empty dead point,
        # unseen, lets the other side's come first, the order is no answer:
        # the player says (goban.referee.unseen). Seed 118142 game 268:
        # white's cl on a dead sensor, black's eo and white's ap in one scan,
        # taken as white's ap and black's eo.
        # So where a stone's arrival is unknown (stamp -1, its sensor read
        # again after a fault): 34073 game 109, black's rd on a dead sensor,
        # white's km, then black's ai on a flickering one, taken as ai, km.
        top = 0
        for i in v.order:
            t = ref.since[i]
            if 0 < t <= top or t < 0:
                c = ref.game.to_move()
                k = 0             # the mover's stones in the order
                for j in v.order:
                    if v.stable[j] == c:
                        k += 1
                if bowlwatch.settled(ref, c) and 0 <= bowlwatch.unused(ref, c) <= k:
                    break         # its settled bowl: no stone out for a move unseen
                from goban.referee import unseen
                v.unseen = unseen.verdict(ref, v)   # (no pass stone waited for first:
                if v.unseen is not None:            # seed 638249 game 162)
                    return False
                break
            if t > top:
                top = t
    return bool(v.order)


def _sure_start(ref, v):
    """Moves that came before anything left over that could change them (that
    is announced after them: goban.referee.wrong.certain)."""
    s = v.search
    if s is None or s.found or ref.since is None or ref.n_faults or _moved_last(ref, v):
        return False              # (a stone out of turn may follow a move a dead sensor hides)
    from goban.referee.wrong import certain
    v.order = certain(ref, v)
    return bool(v.order)


def _take(ref, v):
    """The moves, in order; a lone stone first waits for its bowl's word."""
    order = v.order
    stable = v.stable
    pr = ref.presses
    if pr.held and pr.bowl_since >= 0 and ref.since is not None:
        # the opponent's pass, pressed out of turn, waits for the mover's bowl
        # (goban.referee.unseen.before_press): a stone come since is judged
        # after it (724453 game 320: black's lg on a dead sensor, white's pass
        # held, black's jd taken first; lg lost)
        t = timing.landed(ref, ref.since[order[0]])
        if t is not None and (t - pr.bowl_since) & 0x3FFFFFFF < 0x20000000:
            return                # (the press's judgement looks again)
    if _pass_may_come(ref, v, order[0]):
        return
    if len(order) == 1:
        i = order[0]
        if not witnessed(ref, stable, i, stable[i], v.waited):
            return
    whole = v.search is not None and v.search.found   # (none: a sure start of
    # goban.referee.unseen's, the look's own search never made: a slid stone stood)
    if whole:
        _lifted(ref, v)           # the whole frame explained: nothing stands
    elif ref.pending and v.pend == 0:
        _done_lifting(ref)        # (what stands announced is looked at again next)
    bowlwatch.check_lids(ref, 0)
    for i in order:
        if not moves.play(ref, stable[i], ref.p_of(i), stable):
            break                 # cannot happen: the search played it
    if whole:
        rest = None               # (a loop: a comprehension is a closure made each time)
        for i in new_stones(v):
            if i not in order:
                if rest is None:
                    rest = []
                rest.append(i)
        if rest:
            _name_order(ref, v, rest)     # the rest fits in more than one order
    ref.dirty = True


def _pass_may_come(ref, v, i):
    """Under rules with pass stones, the lid the mover's pass stone goes into
    still moving: the stone out of the mover's bowl may be a pass stone on its
    way, and the stone on i a move after the passes. It waits for the lid (up
    to SILENT_WAITS witness waits), whose settling looks again."""
    g = ref.game
    sc = ref.scales
    if not g.rules.uses_pass_stones or sc.witness_ms <= 0:
        return False
    o = WHITE if g.to_move() == BLACK else BLACK
    if not bowlwatch.lid_moving(ref, o) and (sc.seen is None or sc.seen[1 + o] != -2
                                             or ref.since is None or ref.since[i] == 0):
        return False      # (-2: weighed before a restart, not since: a pass stone handed
        # after it is not seen yet; a stone come since, taken for the move, lost the
        # passes before it: 17397 game 46. Stones there at the restart are the restart's)
    k = bowlwatch.loose(ref, o)
    if k is not None and k < 0 and bowlwatch.carried(ref, o) and \
            not bowlwatch.lid_moving(ref, g.to_move()):
        return False      # the lid short of the prisoners just lifted: they move it (seed
        # 118142 game 456, tempo 0: five stones came while it waited, one slid among them).
        # Unless the mover's own lid moves too, where the other's pass stone goes: the
        # mover's stone may follow both passes (seed 21212 game 62: W's pass stone into
        # black's lid with gi's prisoner, B's into white's, then W ea, taken first)
    w = ref.wait
    if v.waited != i:
        w.since = ref.now
    waited = (ref.now - w.since) & 0x3FFFFFFF
    if waited >= SILENT_WAITS * sc.witness_ms:
        return False
    w.i = i
    w.ms = waited + RELOOK_MS
    return True


def _lifted(ref, v):
    """Before the game changes: what stood announced is over, and captures
    all lifted wait for nothing any more."""
    if ref.illegal:
        ref.restored()
    if ref.pending and v.pend == 0:
        _done_lifting(ref)


def _done_lifting(ref):
    """Everything tolerated matches: nothing waits to be lifted or put back.
    Prisoners a settled lid lacks now may have gone to their owner's bowl,
    which then cannot tell a stone back from one taken (bowlwatch.lifted)."""
    if ref.pending == "capture" or ref.pending == "resume":
        k = tolerated(ref.tol, ref.n, ref.tolerated, CAP)
        if k:
            o = ref.tol[ref.tolerated[0]]
            if ref.pending == "capture":
                bowlwatch.lifted(ref, o)
            # the capture's move is complete: the opponent's time starts (goban.referee.timing)
            timing.lifted(ref, WHITE if o == BLACK else BLACK, ref.tolerated,
                          k if k < CAP else CAP)
    fill_bytes(ref.tol, ref.n, NO_TOL)
    ref.pending = None


def _moved_last(ref, v):
    """The last move's stone is not where it was taken: gone, another colour
    there, or lifted and put back since (its stamp): it may have rolled, and
    nothing after it is sure till the board says where it came to rest."""
    g = ref.game
    if not g.n:
        return False
    p = g.move_point(g.n)
    if p <= ABANDON:
        return False
    i = ref.i_of(p)
    return i in v.missing or i in v.changed or \
        (ref.move_stamp > 0 and ref.since[i] != ref.move_stamp)


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
    since = ref.since
    back = False                  # its stone went, and one of its colour came back there
    if i not in v.missing and i not in v.changed:
        if since is None or stable[i] != c or ref.move_stamp <= 0 or since[i] == ref.move_stamp:
            return False
        back = True
    for j in new_stones(v):
        if j != i and stable[j] == c:
            break
    else:
        if i not in v.changed:
            return False          # no stone of its colour came to rest elsewhere
        back = None               # ... or it did, and the answer on its point took it
    v.rolled = _rested(ref, v, i, c, p, back)
    return bool(v.rolled)


def _rested(ref, v, i, c, p, back):
    """_rolled's search, apart: its comprehensions make cells of what they read,
    which the common look, returning above, never needs."""
    g = ref.game
    stable = v.stable
    since = ref.since
    new = new_stones(v)
    if back is None:
        # `back` None: no stone of c's beside its point, the other's on it. It
        # rolled to an empty neighbour q and the answer there took it: with the
        # move on q the frame is explained in one order, q's prisoner lifted
        # (the properties' seed 783064 game 272: W ia rolled to ha, B ia took
        # ha; named `changed` on ia for good)
        out = []
        g.undo()
        W = g.board.W
        for q in (p - 1, p + 1, p - W, p + W):
            if g.board.cells[q] != 0 or stable[ref.i_of(q)] != 0 or g.play(c, q) is not None:
                continue
            order = sure(explain(ref, stable, new, v.missing + [ref.i_of(q)]))
            if order and not out:
                out = [ref.i_of(q)] + order
            elif order:
                out = None        # (more than one point: nobody can tell)
            g.undo()
            if out is None:
                break
        g.play(c, p)
        return out or []
    if back:
        new = new + [i]
    # where it came to rest: beside its point, or anywhere when that stone came
    # down with it (two of the mover's stones together, the first taken off),
    # or may have (its sensor unreadable then: when it came, nobody saw; seed
    # 723612 game 8, a second stone on a flickering sensor, the move taken off)
    near = [j for j in new if j != i and stable[j] == c and
            (beside(i, j, ref.size) or (since is not None and ref.move_stamp > 0 and
                                        (since[j] < 0 or
                                         -TWIN_SCANS <= since[j] - ref.move_stamp <= TWIN_SCANS)))]
    if not near:
        return near
    caps = [ref.i_of(q) for q in g.last_capture()]
    missing = [j for j in v.missing if j != i] + [j for j in caps if stable[j] == 0]
    g.undo()
    s = explain(ref, stable, new, missing, first=near)
    order = sure(s)
    g.play(c, p)
    return order


def _correct(ref, v):
    order = v.rolled
    stable = v.stable
    g = ref.game
    o = g.to_move()
    if ref.n_faults and ref.wait.vouched != order[0] and not (
            bowlwatch.settled(ref, o) and bowlwatch.unused(ref, o) <= 0):
        # the answer may be on an empty dead point, unseen, its hand the one
        # that pushed the stone (seed 809886 game 125: B pr on a stuck sensor,
        # W pg pushed to pf, taken as rolled); or the stone rolled (723612
        # game 241). Nobody can tell but the players: its owner says (ok: it
        # rolled, `rolled` vouched for; or puts it back). A settled bowl of the
        # answerer's with no stone out says no answer came.
        dead = [ref.name(j) for j in range(ref.n) if ref.faults[j] and
                g.board.cells[ref.p_of(j)] == 0 and g.legal(o, ref.p_of(j)) is None]
        if dead:
            i = ref.i_of(g.move_point(g.n))
            q = order[0]
            ref.announce("rolled", g.color_of(g.n), q, [q, i], extra={"from": ref.name(i)},
                         q=ref.name(i), l=" ".join(dead[:4]))
            return
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
    if not g.rules.uses_pass_stones or ref.pending or g.over or v.mis > CAP \
            or v.unseen is not None:
        return False              # (the move on a dead point is asked: `explained`)
    c = g.to_move()
    o = WHITE if c == BLACK else BLACK
    for i in v.extra:             # (a loop: any() of a generator makes cells of v and o)
        if v.stable[i] == o:
            break
    else:
        return False
    if ref.remote is not None and not ref.remote.allows(c, PASS):
        return False
    sc = ref.scales
    if bowlwatch.loose(ref, o) is None or sc.seen[c - 1] < 0:
        return False              # no lid or bowl weighed: a pass is the button's
    if bowlwatch.pass_stone_in(ref, c) and _pass_stone(ref, v, c):
        return True
    # the scales may yet show one: a stone of the mover's out and the lid still
    # moving (it settles within a second), or the mover's bowl moving (a hand in
    # it: for PASS_HAND_MS; a mover playing on at once keeps it moving for good)
    moving = bowlwatch.lid_moving(ref, o)
    if moving:
        from goban.referee.passorder import lid_after
        moving = not lid_after(ref, v, c, ref.scales.stir[o])
    if bowlwatch.unused(ref, c) >= 1 and moving:
        return True
    # the lid moving with no stone seen out: a pass stone dropped before the
    # bowl's reading caught up, or before the mover played on (its hand holds
    # none now): wait for the lid (seed 765755 game 14: a quick pass at tempo 0
    # announced as a second stone, the answer)
    if not moving and (bowlwatch.settled(ref, c) or _played_on(ref, v, c)):
        return False
    w = ref.wait
    if w.pass_n != g.n:
        w.pass_n = g.n
        w.pass_since = ref.now
    waited = (ref.now - w.pass_since) & 0x3FFFFFFF
    if waited >= PASS_HAND_MS:
        return False
    ref.look_again(PASS_HAND_MS - waited)
    return True


def _played_on(ref, v, c):
    """A stone of `c` came after the opponent's first new stone: c's hand went on
    playing, so it holds no pass stone (its bowl moving says nothing of one). At
    fast play the wait for a pass stone let more stones come than one look
    orders (explain.MAX_NEW): a move on a dead sensor was then never found."""
    since = ref.since
    if since is None:
        return False
    stable = v.stable
    first = -1
    for i in v.extra:
        if stable[i] != c and since[i] >= 0 and (first < 0 or since[i] < first):
            first = since[i]
    if first < 0:
        return False
    for i in v.extra:
        if stable[i] == c and since[i] > first:
            return True
    return False


def _pass_or_wait(ref, v):
    """The pass stone is in: the pass, then the look again for the answer.
    Still on its way: wait for the lid (its settling looks again)."""
    g = ref.game
    c = g.to_move()
    if bowlwatch.pass_stone_in(ref, c) and _pass_stone(ref, v, c):
        bowlwatch.check_lids(ref, 0)
        moves.pass_move(ref, c, stone=True)
        ref.dirty = True


def _unseen(ref, v):
    if v.mis > CAP or not ref.n_faults or (ref.pending and (ref.pending != "resume" or v.pend)):
        return False              # (a capture before a cut, lifted: no wait; seed 339136
        # game 320: a stone after a move on a dead point while off said extra)
    from goban.referee import unseen        # a board with no dead sensor never loads it
    if v.unseen is None:
        v.unseen = unseen.verdict(ref, v)   # (else `explained` found it)
    if v.unseen is None and len(v.missing) == 1:
        # the stone of the move before the last gone into its own bowl, the move
        # itself on a dead point; or the last stone rolled onto one, maybe
        # answered (loaded when first needed)
        from goban.referee.amend import slip_back
        return slip_back(ref, v)
    return v.unseen is not None


def _ask(ref, v):
    """The move on a dead point taken or asked (goban.referee.unseen); the seen
    moves before it taken as any sure start is (a lone one waits for its bowl)."""
    what = v.unseen
    if ref.pending:
        _done_lifting(ref)        # (the last capture before a cut: lifted)
    if what[0] == "start":
        v.order = what[1]
        _take(ref, v)
        return
    if what[0] == "amend":
        from goban.referee.amend import take
        take(ref, v)
        return
    from goban.referee import unseen
    unseen.act(ref, v)


def _captured_unseen(ref, v):
    """A stone of the side to move that a look saw since the game last changed
    (ref.seen), gone now: it may have been that side's move, captured by a new
    stone before the board took it (the board was waiting on something else,
    then the prisoner was lifted). Played on the game, the rest of the frame must
    be explained in one order only, that stone captured by it; else nothing.
    Never a stone nobody saw: the board sensed it (without it, the players' true
    board had no order the board could take, and the game stopped)."""
    if v.mis > CAP or ref.pending or ref.game.over:
        return False
    g = ref.game
    c = g.to_move()
    seen = ref.seen
    cells = g.board.cells
    stable = v.stable
    since = ref.since
    first = True                  # (a stone of c's there since the restart came before
    for i in new_stones(v):       # any a look saw: the seen one cannot be c's next move;
        if since is not None and since[i] == 0 and stable[i] == c:
            first = False         # seed 668105 game 525: black's ld, seen after the
            break                 # restart, taken before its ej, played while off)
    for q in range(ref.n if first else 0):
        if seen[q] != c or stable[q] != 0 or cells[ref.p_of(q)] != 0:
            continue
        p = ref.p_of(q)
        if ref.remote is not None and not ref.remote.allows(c, p):
            continue
        if g.play(c, p) is not None:
            continue
        v.missing.append(q)       # its stone is gone: the moves after must take it
        new = new_stones(v)
        back = None               # what it took, on the board again: played there since
        for j in range(g.last_removed):      # (a ko taken back: 808532 game 215)
            r = ref.i_of(g.captured(j))
            if stable[r]:
                if back is None:
                    back = list(new)
                back.append(r)
        s = explain(ref, stable, new if back is None else back, v.missing)
        v.missing.pop()
        g.undo()
        order = sure(s)
        if order and len(s.found) == 1 and s.complete:
            v.search = s
            v.order = order
            v.captured_seen = q
            return True
    if v.extra:
        from goban.referee.seen import later    # (a seen stone gone, nothing else fits)
        for q in range(ref.n):
            if seen[q] and stable[q] == 0 and cells[ref.p_of(q)] == 0:
                found = later(ref, v)
                if found is not None:
                    v.order = found[0]
                    v.captured_seen = -2 - found[1]   # (below -1: the seen stone comes later)
                    return True
                break
    return False


def _take_captured(ref, v):
    """The seen stone's move, then the moves that captured it (or the moves
    before it: goban.referee.seen; the next look takes it)."""
    q = v.captured_seen
    g = ref.game
    c = ref.seen[-2 - q] if q < -1 else 0
    if q < 0:
        if ref.pending and v.pend == 0:
            _done_lifting(ref)
        bowlwatch.check_lids(ref, 0)
    else:
        _lifted(ref, v)
        if not moves.play(ref, g.to_move(), ref.p_of(q), v.stable):
            return
    for i in v.order:
        if not moves.play(ref, v.stable[i], ref.p_of(i), v.stable):
            break                 # cannot happen: the search played it
    if c:
        ref.seen[-2 - q] = c      # (the new game cleared what the looks saw: the next
        # look takes that stone's move first)
    ref.dirty = True


def _bowl_may_tell(ref, v):
    """A weak reading (no placed stone's) whose colour's bowl cannot tell yet
    (moving, unsure, not weighed since a restart): nothing is said till it
    can, for up to SILENT_WAITS witness waits (play._phantoms then decides)."""
    sc = ref.scales
    if sc.witness_ms <= 0 or ref.strong is None or v.mis > CAP:
        return False
    for i in v.extra:
        if weak(ref, i) and bowlwatch.witness(ref, v.stable[i]) == 0:
            w = ref.wait
            if v.waited != i:
                w.since = ref.now
            waited = (ref.now - w.since) & 0x3FFFFFFF
            if waited < SILENT_WAITS * sc.witness_ms:
                w.i = i
                w.ms = waited + RELOOK_MS
                return True
    return False


def _wait(ref, v):
    pass


def _always(ref, v):
    return True


def _fix(ref, v):
    """The smallest fix: what is left once the longest order of moves that
    fits is played (on the game, taken back after), as goban.referee.announce
    words it (goban.referee.wrong: loaded when something is first wrong)."""
    if ref.pending == "capture" and _drifted_prisoners(ref, v):
        return                    # (a prisoner's sensor drifted: stones came after
        # its lifting, said not lifted for good: 989068 g320)
    from goban.referee.wrong import what_is_wrong, faint
    code, color, i, pts, kw = what_is_wrong(ref, v)
    if code == "resume-order":
        ref.resumed = False       # the restart's look is over: those stones are played again
        if ref.illegal == code and ref.since is not None:
            # said again as stones come and go: the pass stones the lids hold
            # still named with them (283947 g182: the restart's look named
            # both, a move played at once after it said it again without them;
            # the players left them in the lids and both passes were lost)
            from goban.referee.passorder import passers, pass_words
            kw["l"] += pass_words(passers(ref, v))
    if faint(ref, v, code, i):
        return
    was = ref.illegal
    at = ref.announced_at
    if was == "resume-order" and code != was:
        bowlwatch.fixed(ref, None)   # its fix over, something else is wrong now (seed
        # 791373 game 437: the prisoner a named stone took, in its lid, was read
        # as a pass stone while a knock stood)
    ref.announce(code, color, i, pts, **kw)
    if code == "resume-order" and was == code:
        ref.announced_at = at     # said again as its stones come off: the same fix,
        # from when it was first said


def _unknown(ref, v):
    """Stones on the board since the restart whose order its first look could
    not tell: nothing is taken or inferred with them there; they are named to
    be played again (goban.referee.wrong)."""
    return v.mis <= CAP and bool(unknown(ref, new_stones(v)))


def _pass_in(ref, v):
    """A pass stone of the mover's came into the lid, and stones are on the
    board: the pass came first (its answer, and what followed, came after)."""
    g = ref.game
    c = g.to_move()
    r = ref.remote
    return g.rules.uses_pass_stones and not ref.pending and not g.over and v.mis <= CAP \
        and bowlwatch.pass_stone_in(ref, c) and (r is None or r.allows(c, PASS)) \
        and _pass_stone(ref, v, c)


def _pass_stone(ref, v, c):
    """Is the stone the opponent's lid holds beyond the game c's pass stone
    (goban.referee.passorder)?"""
    from goban.referee import passorder     # under rules with pass stones only
    return passorder.pass_stone(ref, v, c, _captured_unseen)


def _pass_first_of_all(ref, v):
    g = ref.game
    if ref.n_faults and _passed_out_of_turn(ref, g.to_move()):
        # the opponent's pass stone came in first, two out of the mover's bowl:
        # the mover moved unseen, then both passed, then the stones came (seed
        # 534359 game 683, tempo 2500: B se on a stuck sensor, both pass
        # stones, W's next stone landing before the lids settled; the passes
        # taken the other way round ended the game, se lost)
        from goban.referee import unseen    # a board with no dead sensor never loads it
        j = unseen.before_a_pass(ref, v, -1)
        if j is not None:
            unseen.play_unseen(ref, j, v.stable)
            ref.dirty = True
            return
    c = g.to_move()
    k = 0                         # the mover's stones on the board, the last of them
    mine = -1
    for i in new_stones(v):
        if v.stable[i] == c:
            k += 1
            mine = i
    out = bowlwatch.unused(ref, c)
    # (its stones on the board left it too; a moving bowl's last reading may be
    # from before them: seed 964434 game 450)
    if ref.n_faults and (out - k if bowlwatch.settled(ref, c) else out) >= 2:
        # the mover's pass stone in with a stone more out of its bowl, and a
        # stone of the opponent's on the board: the mover may have moved on a
        # dead point, then passed after the answer. Asked, the pass one answer
        # (seed 964434 game 450, tempo 0: W gl on a dead sensor, B em, both
        # pass stones, W hl at once; W's pass taken first, gl lost, stuck)
        from goban.referee import unseen
        pts = []
        for j, s in unseen.fits(ref, v, -1):
            pts.append(j)
        theirs = []
        for i in new_stones(v):
            if v.stable[i] != c:
                theirs.append(i)
        if pts and theirs:
            pts.append(ref.n)
            v.unseen = ("ask", pts, theirs, "unseen-then-pass")
            unseen.act(ref, v)
            return
    o = WHITE if c == BLACK else BLACK
    t = ref.scales.gain_at
    if k == 1 and out >= 2 and bowlwatch.pass_stone_in(ref, o) and t[c] >= 0 and t[o] >= 0 \
            and 0 < (t[o] - t[c]) & 0x3FFFFFFF < 0x20000000:
        # both pass stones in, the opponent's first (the lids' arrivals), one
        # stone of the mover's on the board and two out of its bowl: it moved
        # there, the opponent passed, then it passed (964434 g450, tempo 0:
        # B em, W's pass stone, B's, then W hl; B's pass taken before em, a
        # pass nobody made then, em lost)
        if moves.play(ref, c, ref.p_of(mine), v.stable):
            ref.dirty = True
            return
    bowlwatch.check_lids(ref, 0)
    moves.pass_move(ref, c, stone=True)
    ref.dirty = True


RULES = (
    (_matches, _settle),
    (_phantoms, _flag),
    (_restart, _at_restart),
    (_unknown, _fix),
    (_pass_in, _pass_first_of_all),
    (_explained, _take),
    (_ambiguous, _name_order),
    (_captured_unseen, _take_captured),
    (_pass_first, _pass_or_wait),
    (_rolled, _correct),
    (_sure_start, _take),
    (_unseen, _ask),
    (_bowl_may_tell, _wait),
    (_always, _fix),
)


# --- what to announce ---------------------------------------------------------------
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
    absent, unsure or read no more (SILENT_WAITS waits) never holds a strong
    stone back; a weak reading (no placed stone's: a sensor that drifted, read
    again from its old baseline after a restart) waits up to SILENT_WAITS for
    a bowl that can tell (it settles: a stone out takes it, none out flags the
    sensor: play._phantoms), and is taken only when none comes."""
    sc = ref.scales
    w = ref.wait
    seen = bowlwatch.witness(ref, color)
    if seen == 0 and bowlwatch.settled(ref, color) and bowlwatch.unused(ref, color) == 0:
        # a bowl in doubt, none out: the other's lid short of this colour's
        # prisoners since the game last changed says where it came from (a
        # prisoner put back on the board: seed 426465 game 58, taken as a move)
        o = WHITE if color == BLACK else BLACK
        short = bowlwatch.loose(ref, o)
        if short is not None and short < 0 and not bowlwatch.lid_moving(ref, o):
            seen = -1
    if sc.witness_ms <= 0 or w.vouched == i or color != ref.game.to_move() or seen > 0 \
            or (seen == 0 and not weak(ref, i)):
        return True
    if ref.illegal == "no-stone-out" and ref.announced == i:
        return False              # looked at again: the bowl still says nothing left it
    if waited != i:
        w.since = ref.now
        w.ms = sc.witness_ms
        w.reads = bowlwatch.reads(ref, color)
    waited_ms = (ref.now - w.since) & 0x3FFFFFFF
    if seen == 0:                 # a weak reading, the bowl cannot tell yet
        if waited_ms >= SILENT_WAITS * sc.witness_ms:
            return True
        w.ms = waited_ms + RELOOK_MS
        w.i = i
        return False
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
    ch = ref.choice
    if ch.points is not None:
        if name == "ok" and ref.illegal == "exchange":
            from goban.referee.exchange import chosen   # where a stone was taken while off
            chosen(ref, ch.points[ch.k])
            return
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
    pr = ref.presses
    refused, pr.end_refused = pr.end_refused, -1
    if name == "undo":
        if refused == g.n:
            from goban.referee import dispute    # an undo of an end that was not taken
            dispute.undo_after_refused_end(ref)
            return
        moves.undo(ref)
        return
    if name == "ok" and ref.illegal == "hidden":
        ref.restored()            # the move stands where the board took it
        moves.show_turn(ref)
        return
    if name == "ok" and (ref.illegal == "no-stone-out" or ref.illegal == "rolled"):
        # the player vouches for the stone the bowl did not see leave (a scale
        # that reads wrong never stops play): it is taken at the next look
        ref.wait.vouched = ref.announced
        ref.dirty = True
        return
    if name == "ok":
        # teaching: the player to move asks for a hint (a host that teaches answers)
        ref.emit({"type": "hint", "color": LETTER[g.to_move()], "number": g.n})
        return
    after = ref.presses.after
    # (a press that waited for a bowl, unseen.before_press, is judged as the board was
    # when pressed: what was announced since does not refuse it; at tempo 0 the
    # players lift their dead stones before the mover's bowl settles)
    if (ref.illegal or ref.pending) and not (
            after >= 0 and not ref.pending and ref.illegal is not None
            and (ref.announced_at - after) & 0x3FFFFFFF < 0x20000000):
        if name == "end":
            from goban.referee import dispute    # said, and the undo after it knows
            dispute.end_refused(ref)
            return
        ref.show("Fix the board first", ref.lines[1], ref.lights, ref.light_color)
        return
    if name == "pass":
        if color != g.to_move() and ref.n_faults:
            from goban.referee import unseen    # a board with no dead sensor never loads it
            if unseen.before_press(ref, color):
                return            # it waits for the mover's bowl
        bowlwatch.check_lids(ref, 0)
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
