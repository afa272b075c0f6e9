"""An earlier move played again on another point, the moves after it kept
(loaded when first needed: goban.referee.play's `unseen` rule on a board with
a sensor it cannot read, a restart's replay of such a `correct`).

A move the board took on the wrong point is found out only later, when what
came after shows it: the stone it took for the move was a second stone put
down beside it, and goes back to its bowl after the answer. The game is taken
back to before that move, the move played on its point, and the moves after
it played again as they were.
"""

from goban.game import PASS, PASS_STONE, ABANDON
from goban.board import BLACK, WHITE
from goban.referee.diff import CAP, FAULT
from goban.referee.words import LETTER
from goban.referee import bowlwatch, moves, timing


SLIP_MS = 2000      # a stone gone waits this long for its bowl to take it (slip_back)
ROLL_MS = 300       # the last stone gone this long: it rolled, unseen (slip_back)
MAX_NAMED = 4       # dead points a question names at most (hidden)
ASKED_BACK = 8      # a question's slip may be the stone of a move this far back (slip_back)
# the move a `hidden` question stands about: its number and board point, and
# the dead points it names (frame indices, -1 past the last)
_asked = [0, -1] + [-1] * MAX_NAMED


def hidden(ref):
    """(play's `matches`, on a board with a sensor it cannot read: the board is
    the game.) Two stones or more left a bowl at once as its side's last move
    came, one of them out still that the game has not used, and that move fits
    on an empty dead point: it may have been played there, unseen, and the
    stone the board took for it was a second one put down with it (seeds
    325907 game 475, 193400 game 105: the second stone answered, never seen
    for what it was, the move on the dead point lost). Or the stone is in a
    hand, or is a second one on the dead point. Nobody can tell but the
    player, asked once (`hidden`): ok, the move stands; the stone taken off
    the point instead, slip_back plays the move on the dead point; the
    stone out back in its bowl withdraws the question. Never a stop: a move
    played meanwhile goes on as any (the question then lapses). True while
    it stands: the look says nothing else."""
    g = ref.game
    sc = ref.scales
    n = g.n
    if ref.illegal == "hidden":
        k = _asked[0]
        if k <= n and bowlwatch.unused(ref, g.color_of(k)) > 0:
            return True
        ref.restored()            # a stone back in the bowl (unsure which: the one
        return False              # out, or the question's stone off): nothing to ask
    took = sc.took
    if ref.illegal or ref.pending or g.over or ref.remote is not None or not took & 48 \
            or (took >> 6) + 1 < n:
        return False
    for k in (n, n - 1):
        if k < 1:
            return False
        c = g.color_of(k)
        p = g.move_point(k)
        if p <= ABANDON or not took & (c << 4) or k > took >> 6:
            continue
        if not bowlwatch.settled(ref, c) or bowlwatch.unused(ref, c) < 1:
            return False
        fits = _dead_fits(ref, k, -1, None, MAX_NAMED)
        sc.took = took & ~(c << 4)            # (asked once: the evidence is spent)
        if not fits:
            return False
        dead = [ref.name(j) for j in fits]
        _asked[0] = k
        _asked[1] = p
        for m in range(MAX_NAMED):
            _asked[2 + m] = fits[m] if m < len(fits) else -1
        i = ref.i_of(p)
        ref.announce("hidden", c, i, [i], extra={"dead": dead, "number": k},
                     l=" ".join(dead), e=k)
        return True
    return False


def asked_stone(ref, v, new):
    """(play's `explained`, while `hidden` stands.) The question's stone seen:
    a stone of its side come on a dead point it names, the sensor read again
    (when it came is unknown), after the answer. It left the bowl with the
    move asked about, before the answer: a second stone, no move now, named
    to take off as a stone slid is (goban.referee.wrong's `slid`; 808532 game
    406: taken for black's next move, the real one then named a second stone,
    for good)."""
    g = ref.game
    k = _asked[0]
    if k >= g.n or g.move_point(k) != _asked[1]:
        return
    c = g.color_of(k)
    for i in new:
        if v.stable[i] == c and ref.since[i] < 0 and i in _asked[2:]:
            from goban.referee import wrong
            wrong.slid = (ref, i, ref.since[i], ref.i_of(_asked[1]))
            return


def slip_back(ref, v):
    """(goban.referee.play's `unseen` rule, when no move on a dead point explains
    the frame: a sensor cannot be read.) One stone of the game is gone, nothing
    else differs, and a move on a dead point explains it:
      - the stone of the move before the last, and its bowl took a stone back
        since the game last changed: the stone the board took for that move
        was a second one put down with it, answered before anyone saw, now put
        away; the move was on a dead point. Seeds 602451 game 127, 724226
        games 110 and 425: the slip taken for the move, then said knocked, and
        the game stopped. Or its bowl still counts a stone out that the game
        has not used (the one on the dead point, beside the slip): a hand that
        puts the slip away and takes its next stone leaves the count as it
        was (seeds 602451 game 127, 724226 game 425). A stone knocked to the
        floor leaves its bowl as it was, with no stone out unused: said
        knocked, as before (a count read again as it was is no stone back in
        it: seed 791200 game 483); once said knocked, the bowl's moves are
        the fix's (the stone picked up into the bowl, one put back from it:
        seed 903317 game 52). Waits SLIP_MS after the stone went for the bowl;
        while a `hidden` question stands, so for an older move of the side
        asked about (ASKED_BACK moves back at most: its bowl may settle some
        moves late, the question then about its last move);
      - the last move's: it rolled, or was pushed, onto a point beside it
        whose sensor cannot be read, before the answer (seeds 724226 game 296,
        791373 game 427: said lifted, and the game stopped). Waits ROLL_MS
        first (a hand may put it back; put back later, the `rolled` rule moves
        it back again; lifted into its bowl and undo pressed, the move taken
        back is the corrected one). Its bowl says nothing here: at tempo 0 the
        hands take stones and put them back all the time.
    One dead point where the move fits (the moves after it legal as they were,
    the same captures, the board then the game): True, v.unseen ("amend", the
    move's number, that point) for `take`; waiting: True, ("wait",)."""
    g = ref.game
    n = g.n
    i = v.missing[0]
    if ref.pending or g.over or v.mis > CAP or len(v.missing) != 1 \
            or v.changed or ref.remote is not None or n < 2 \
            or (ref.illegal == "knocked" and ref.announced == i):
        return False
    p = ref.p_of(i)
    k = n                         # (a slip is seen soon: the move before the answer;
    if g.move_point(n) != p:      # a stone of an older move was knocked: 765755
        if v.extra:               # game 48, a stone held put back in a bowl)
            return False          # (stones after it: only the last move's rest)
        k = n - 1
        while g.move_point(k) != p:
            # asked (`hidden`) about a move of a side, the stone of an older
            # move of that side's taken off (ASKED_BACK moves back at most):
            # that stone was the slip, the move on a dead point (109583 g23:
            # the bowl settled only after two more moves, the question asked
            # about the last; the players took off the slip: said knocked)
            k -= 1
            if ref.illegal != "hidden" or k < 1 or k < n - ASKED_BACK:
                return False
        if k < n - 1 and g.color_of(k) != g.color_of(_asked[0]):
            return False
    c = g.color_of(k)
    # asked (`hidden`) whether the move was on a dead point, the stone the
    # board took for it taken off: a slip put away, on any dead point
    asked = ref.illegal == "hidden" and (k < n - 1 or (_asked[0] == k and _asked[1] == p))
    rolled = k == n and not asked
    if v.extra:
        # the answer came as it rested there, unseen (seed 357682 game 83: W mr
        # on a stuck sensor rolled to ms, taken there, pushed back, B's lq
        # beside: said knocked for good): the stones new on the board are the
        # moves after it, in an order that fits
        if not rolled:
            return False
        fits = [j for j in _dead_fits(ref, k, p, None, 2) if _followed(ref, v, k, j)]
    else:
        fits = _dead_fits(ref, k, p if rolled else -1, v.stable, 2)
    if len(fits) != 1:
        return False              # none, or more than one: the knock is said
    took = ref.scales.took
    back = took >> 6 == n and (took >> 2) & c and bowlwatch.settled(ref, c)
    if rolled:
        wait = ROLL_MS
    else:
        # a slip put away (k < n), or the question's stone taken off (asked):
        # the move is on the dead point once the stone is seen back in its
        # bowl; a slip, too, while its bowl counts a stone out unused (a
        # stone out was the question's premise, so no witness when asked; a
        # stone lifted to be played again elsewhere is not yet in its bowl:
        # seed 166762 game 167)
        if back or (k < n and bowlwatch.unused(ref, c) > 0):
            v.unseen = ("amend", k, fits[0])
            return True
        wait = SLIP_MS
    t = timing.landed(ref, ref.since[i]) if ref.since is not None else None
    waited = (ref.now - t) & 0x3FFFFFFF if t is not None else SLIP_MS
    if waited < wait:
        ref.look_again(wait - waited)
        v.unseen = ("wait",)
        return True
    if not rolled:
        return False              # no stone back in that bowl: said knocked
    v.unseen = ("amend", k, fits[0])              # rolled, and stays there
    return True


def _dead_fits(ref, k, near, stable, most):
    """The dead points (indices, `most` at most) where move k fits: empty, the
    moves after it legal as they were, the same captures; beside board point
    `near` if it is one; the board then the frame if `stable` is given."""
    g = ref.game
    W = g.board.W
    caps = g.captures[BLACK] + g.captures[WHITE]
    p = g.move_point(k)
    out = []
    for j in range(ref.n):
        if not ref.faults[j]:
            continue              # (the dead points only: no call for the others)
        q = ref.p_of(j)
        if g.board.cells[q] != 0 or (near >= 0 and q != near - 1 and q != near + 1
                                     and q != near - W and q != near + W):
            continue
        if not amend(g, k, q):
            continue
        fits = g.captures[BLACK] + g.captures[WHITE] == caps \
            and (stable is None or _is_frame(ref, stable))
        amend(g, k, p)            # (back as it was)
        if fits:
            out.append(j)
            if len(out) == most:
                break
    return out


def _followed(ref, v, k, j):
    """With move k on the dead point j, the frame's new stones are the moves
    after it, in one order."""
    from goban.referee.explain import explain, sure
    g = ref.game
    p = g.move_point(k)
    if not amend(g, k, ref.p_of(j)):
        return False
    order = sure(explain(ref, v.stable, v.extra, []))
    amend(g, k, p)                # (back as it was)
    return bool(order)


def _is_frame(ref, stable):
    """The game's board is the frame, where its sensors can be read."""
    cells = ref.game.board.cells
    for j in range(ref.n):
        s = stable[j]
        if s < FAULT and cells[ref.p_of(j)] != s:
            return False
    return True


def take(ref, v):
    """slip_back's move played on its point: a `correct` event with its number
    (the log and the SGF follow it), whatever stood announced gone."""
    g = ref.game
    k = v.unseen[1]
    p = g.move_point(k)
    q = ref.p_of(v.unseen[2])
    if ref.illegal:
        ref.restored()
    if k == g.n:
        moves.correct(ref, p, q, v.stable)    # (the last move: its captures said again)
        return
    if not amend(g, k, q):
        return                    # (cannot happen: slip_back played it)
    ref.emit({"type": "correct", "number": k, "color": LETTER[g.color_of(k)],
              "from": g.board.sgf(p), "point": g.board.sgf(q), "unseen": True})
    moves.after_play_ui(ref)
    moves.after_game_change(ref)


def amend(g, k, p):
    """Move k (1-based, not a pass) played on board point p instead, the moves
    after it again: True; False, and the game as it was, when any of them is
    then illegal."""
    n = g.n
    color = g.color_of(k)
    after = [(g.color_of(m), g.move_point(m)) for m in range(k + 1, n + 1)]
    was = g.move_point(k)
    for _ in range(n - k + 1):
        g.undo()
    if _again(g, [(color, p)] + after):
        return True
    _again(g, [(color, was)] + after)     # (legal a moment ago)
    return False


def play_again(g, c, p):
    """A move as the game recorded it (a point, or PASS, PASS_STONE, ABANDON)
    played again: None, or the rules' refusal."""
    if p == PASS:
        return g._pass(c, PASS)
    if p == PASS_STONE:
        return g.pass_stone(c)
    if p == ABANDON:
        return g.abandon(c)
    return g.play(c, p)


def _again(g, moves):
    """Play these moves: True; else those played are taken back (False)."""
    done = 0
    for c, p in moves:
        if play_again(g, c, p) is not None:
            for _ in range(done):
                g.undo()
            return False
        done += 1
    return True
