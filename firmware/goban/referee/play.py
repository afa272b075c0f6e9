"""PLAY: a stone of the colour to move appearing alone is a move; everything else
that differs from the game is announced (goban.referee.announce) until the board
matches again. Captured stones stay tolerated until lifted; a takeback tolerates
the lifted stone and the captures put back. Also the buttons of play: pass,
abandon, end (agreement), resign, undo."""

from goban.game import PASS, ABANDON, PASS_STONE
from goban.board import BLACK, WHITE
from goban.referee.phase import PLAY, DEAD, OVER
from goban.referee.words import LETTER, NAMES, TITLES, TO_PLAY, RECHECK
from goban.referee.diff import NO_TOL, CAP, fill_bytes, tolerated
from goban.referee.announce import classify
from goban.referee import bowlwatch  # noqa: E402 (it imports play lazily)
from goban.referee.bowlwatch import READS_MASK

# the bowls' witness (witnessed): readings of the mover's bowl a verdict needs,
# taken after the stone came; how often a wait for them looks again (ms); after
# how many witness_ms a bowl still unread counts as silent
FRESH_READS = 2
RELOOK_MS = 50
SILENT_WAITS = 4


def frame(ref, stable, mis, pend):
    waited = ref.wait_i
    ref.wait_i = -1               # try_move sets it again if that stone still waits
    try:
        _frame(ref, stable, mis, pend, waited)
    finally:
        if ref.wait_i < 0 and ref.illegal != "no-stone-out":
            ref.vouched = -1


def _frame(ref, stable, mis, pend, waited):
    g = ref.game
    if ref.pending and pend == 0:
        # everything tolerated now matches: the capture was lifted / the takeback done
        fill_bytes(ref.tol, ref.n, NO_TOL)
        ref.pending = None
        if mis == 0:
            ref._restored()
    if mis == 0:
        if ref.illegal:
            ref._restored()
        fill_bytes(ref.marked, ref.n, 0)
        r = ref.remote
        if ref.pending:
            show_pending(ref)
        elif r is not None and r.color == g.to_move() and r.p == PASS and not r.stone:
            pass_move(ref, r.color, stone=False)     # the other side's pass (goban.remote)
        else:
            show_turn(ref)
        return
    extra, missing, changed = ref._mismatch(stable, mis)
    if extra and mis <= CAP:
        from goban.referee.window import phantoms
        if phantoms(ref, stable, extra):
            ref.dirty = True     # read again once the flagged sensors read as faulty
            return
    if ref.resumed and not ref.pending and not changed and extra and mis <= CAP \
            and (len(extra) > 1 or missing):
        from goban.referee.catchup import catch_up
        if catch_up(ref, stable, extra, missing):
            return
    if ref.recheck and ref.illegal in RECHECK and len(extra) == 1 and mis == 1 \
            and not missing and not changed:
        ref.recheck = False
        again = ref.illegal
        ref.illegal = None       # look again: the mover's bowl may tell now
        try_move(ref, stable, extra[0], again)
        return
    if not ref.pending and not ref.resumed and mis <= CAP and (len(extra) > 1 or
                                                              (extra and missing)):
        # several changes in one window: the moves in them taken in order
        from goban.referee.window import resolve
        if resolve(ref, stable, extra, missing, changed):
            return
    if missing and not extra and not changed and ref.n_faults and not ref.pending \
            and mis <= CAP:
        # stones gone, nothing new: perhaps captured by a move on a dead sensor
        from goban.referee.unseen import by_captures
        if by_captures(ref, missing):
            return
    if ref.illegal == "resume-order" and extra and not changed and mis <= CAP:
        for i in extra:
            if not ref.marked[i]:
                # a stone played on top of stones whose order is not known
                # (fast play as the board came back): it joins them, to be
                # taken off and played again in order too
                from goban.referee.catchup import announce_order
                announce_order(ref, extra, missing)
                return
    if ref.illegal == "unseen" and ref.choice is not None and extra and not missing \
            and not changed and mis <= CAP:
        from goban.referee.unseen import keep_asking
        if keep_asking(ref, stable, extra):
            return
    if ref.illegal and not ref.pending and mis == 1 and len(extra) == 1 \
            and not ref.marked[extra[0]]:
        ref._restored()          # what was announced is fixed; a new stone is on
    if ref.illegal:
        # already announced: a new one only if a point outside it is now wrong
        new = False
        for i in extra + missing + changed:
            if not ref.marked[i]:
                new = True
        if not new and mis <= CAP:
            ref._show(ref.lines[0], ref.lines[1], extra + missing + changed, "red")
            return
    if not ref.illegal and not ref.pending and len(extra) == 1 and not missing \
            and not changed and mis == 1:
        try_move(ref, stable, extra[0], waited=waited)
        return
    announce(ref, stable, mis, extra, missing, changed)


def try_move(ref, stable, i, again=None, waited=-1):
    """The stone on frame point i as the move of its colour: played, refused by
    the rules (announced), or out of turn (perhaps a move on a dead sensor came
    first: goban.referee.unseen). Where the mover's bowl is a witness and says
    no stone left it, the stone waits for the bowl (`waited`: the point that
    waited at the last look), then is announced (no-stone-out)."""
    g = ref.game
    color = stable[i]
    p = ref.p_of(i)
    if color == g.to_move() and not g.over and not witnessed(ref, stable, i, color, again,
                                                                waited):
        return
    if again == "no-stone-out":
        ref._restored()           # the bowl (or the player's ok) vouches for it now
        again = None
    if g.over:
        ref._illegal("game-over", color, i, [i])
        return
    if color != g.to_move():
        from goban.referee.unseen import unseen
        if unseen(ref, stable, i, color, again):
            return
        last = g.move_point(g.n) if g.n else PASS
        code = "extra-stone" if g.n and last > ABANDON and g.color_of(g.n) == color \
            else "wrong-color"
        if code == again:
            ref.illegal = code   # looked at again: still the same, already announced
        else:
            ref._illegal(code, color, i, [i])
        return
    r = ref.remote
    if r is not None and not r.allows(color, p):
        # the other side's move (goban.remote): only its stone on its lit point
        pts = [i]
        if r.p > ABANDON:
            pts.append(ref.i_of(r.p))
        ref._illegal(r.refusal(color), color, i, pts, q=ref.name(pts[-1]))
        return
    code = g.play(color, p)
    if code:
        ref._illegal(code, color, i, [i])
        return
    played(ref, stable, color, p)


def witnessed(ref, stable, i, color, again, waited):
    """The bowls as a second witness (goban.referee.bowlwatch.witness): True to
    go on with the stone on i as a move. A settled bowl with no stone out holds
    it back: it waits up to ref.witness_ms for the bowl to move (each bowl
    reading and the end of the wait look again), then it is announced
    (no-stone-out, looked at again when the bowls change; `ok` vouches for it).
    The verdict needs FRESH_READS readings of that bowl taken since the stone
    came, all still the settled weight: a reading from before the hand took the
    stone (the scale job waited a few steps), or one sample of a ringing bowl
    that happened to weigh what it did, says nothing yet. A bowl that is moving,
    absent, or read no more (SILENT_WAITS waits) never holds a move back."""
    if ref.witness_ms <= 0 or ref.vouched == i or bowlwatch.witness(ref, color) >= 0:
        return True
    if again == "no-stone-out":
        ref.illegal = again      # looked at again: the bowl still says nothing left it
        ref.wait_i = -1
        return False
    if waited != i:
        ref.wait_since = ref.now
        ref.wait_ms = ref.witness_ms
        ref.wait_reads = bowlwatch.reads(ref, color)
    waited_ms = (ref.now - ref.wait_since) & 0x3FFFFFFF
    if waited_ms < ref.wait_ms:
        ref.wait_i = i           # look again at the next bowl reading or the wait's end
        return False
    if ref.bowl_reads is not None and \
            (bowlwatch.reads(ref, color) - ref.wait_reads) & READS_MASK < FRESH_READS:
        if waited_ms >= SILENT_WAITS * ref.witness_ms:
            return True          # a scale read no more cannot tell
        ref.wait_ms = waited_ms + RELOOK_MS
        ref.wait_i = i
        return False
    ref._illegal("no-stone-out", color, i, [i])
    return False


def take(ref, stable, i):
    """The stone on frame point i played quietly if it is its colour's legal
    move (goban.referee.window); False, and nothing changed, if not."""
    g = ref.game
    color = stable[i]
    if g.over or color != g.to_move():
        return False
    p = ref.p_of(i)
    if ref.remote is not None and not ref.remote.allows(color, p):
        return False
    if g.play(color, p):
        return False
    played(ref, stable, color, p, lifted_ok=True)
    return True


def played(ref, stable, color, p, lifted_ok=False):
    """A move the game took: its event, and its captures waiting to be lifted
    (with lifted_ok, those already lifted in the same window wait for nothing)."""
    g = ref.game
    if ref.remote is not None:
        ref.remote.played(color, p)
    caps = g.last_capture()
    ref._emit({"type": "move", "color": LETTER[color], "point": g.board.sgf(p),
               "number": g.n, "captures": [g.board.sgf(q) for q in caps]})
    ref.resumed = False
    wait = [q for q in caps if not lifted_ok or stable[ref.i_of(q)] != 0]
    if wait:
        capture_pending(ref, wait, color)
    else:
        after_play_ui(ref)
    after_game_change(ref)


def capture_pending(ref, caps, color):
    """The stones `color` just captured stay tolerated and lit until lifted."""
    opp = WHITE if color == BLACK else BLACK
    for q in caps:
        ref.tol[ref.i_of(q)] = opp
    ref.pending = "capture"
    ref._emit({"type": "capture-pending", "color": LETTER[opp],
               "points": [ref.game.board.sgf(q) for q in caps]})
    show_pending(ref)


def after_play_ui(ref):
    g = ref.game
    if g.paused:
        ref._show("Paused: two passes", NAMES[g.to_move()] + " to play or pass")
    else:
        show_turn(ref)


def show_turn(ref):
    """What the board shows while it waits for a move in play: the other side's
    move (goban.remote), lit in its colour, a hint or a note; else whose turn it
    is. Changes nothing while captures, a takeback or an illegal wait."""
    g = ref.game
    if g is None or ref.phase != PLAY or ref.pending or ref.illegal or g.over:
        return
    s = ref.remote.show(g.to_move()) if ref.remote is not None else None
    if s is None:
        n = g.n + 1
        if ref.turn_line[0] != n:
            ref.turn_line = (n, "move %d" % n)   # shown at every look: formatted once
        ref._show(TO_PLAY[g.to_move()], ref.turn_line[1])
    else:
        p = s[3]
        ref._show(s[0], s[1], [ref.i_of(p)] if p > ABANDON else [], s[2])


def show_pending(ref):
    k = tolerated(ref.tol, ref.n, ref.tolerated, CAP)   # one native pass, not 361 in bytecode
    if k <= CAP:
        buf = ref.tolerated
        lit = [buf[j] for j in range(k)]
    else:
        lit = [i for i in range(ref.n) if ref.tol[i] != NO_TOL]
    pts = " ".join(ref.name(i) for i in lit[:6])
    if ref.pending == "capture":
        ref._show("Lift captured: %d" % len(lit), pts, lit, "yellow")
    elif ref.pending == "undo":
        ref._show("Takeback: fix %d" % len(lit), pts, lit, "yellow")
    else:
        ref._show("Check the board", pts, lit)


def announce(ref, stable, mis, extra, missing, changed):
    """Announce what is wrong (goban.referee.announce.classify decides what)."""
    g = ref.game
    left = ()
    if ref.pending in ("capture", "undo") and extra:
        left = [i for i in range(ref.n) if ref.tol[i] != NO_TOL and stable[i] == ref.tol[i]]
    last_p = g.move_point(g.n) if g.n else PASS
    last_c = g.color_of(g.n) if g.n else 0
    from goban.referee.window import weak
    code, color, i, pts, kw = classify(extra, missing, changed, mis, stable, g.board.cells,
                                       ref.size, ref.pending, left, ref.resumed, last_p,
                                       last_c, g.to_move(),
                                       [j for j in extra if weak(ref, j)] if len(extra) > 1
                                       else ())
    ref._illegal(code, color, i, pts, **kw)


def after_game_change(ref):
    """After a move, pass or agreement: the end of play (dead stones, or the
    count at once) or a pause."""
    g = ref.game
    ref.dirty = True
    if g.over and ref.phase == PLAY:
        ref._emit({"type": "end", "reason": g.end})
        if g.end == "void":
            ref._enter(OVER)
            ref._emit({"type": "count", "result": "Void", "winner": "void", "margin": 0,
                       "unit": g.rules.unit, "breakdown": {}})
            ref._show("No result", "void")
        elif g.rules.dead_agreement:
            ref._enter(DEAD)
            ref.dead = []
            bowlwatch.check_lids(ref, final=True)
            ref._show("End: lift dead stones", "then press end")
        else:
            bowlwatch.check_lids(ref, final=True)
            from goban.referee.scoring import count
            count(ref)
    elif g.paused:
        ref._emit({"type": "paused"})


# --- buttons --------------------------------------------------------------------------
def button(ref, name, color):
    g = ref.game
    if ref.choice is not None:
        from goban.referee.unseen import choose
        if choose(ref, name):
            return               # the player says which dead point was the move
    if name == "undo" and color is not None and g.n and g.color_of(g.n) != color:
        # a player's own undo button asks back that player's own last move only
        ref._refuse("not-your-move", color, t2=NAMES[g.color_of(g.n)])
        return
    r = ref.remote
    if r is not None and r.waiting():
        if color is None and r.color == g.to_move():
            color = WHITE if r.color == BLACK else BLACK   # the person's press, not the other side's
        elif color == r.color and name in ("pass", "abandon"):
            ref._refuse("remote-move", color)
            return
    if color is None:
        color = g.to_move()
    if name == "resign":
        code = g.resign(color)
        if code:
            ref._refuse(code, color)
            return
        ref._emit({"type": "resign", "color": LETTER[color]})
        ref._emit({"type": "end", "reason": g.end, "winner": LETTER[g.winner]})
        ref._enter(OVER)
        ref._show(TITLES[color] + " resigns", ("B" if g.winner == BLACK else "W") + "+R")
        return
    if name == "undo":
        undo(ref)
        return
    if name == "ok" and ref.illegal == "no-stone-out":
        # the player vouches for the stone the bowl did not see leave (a scale
        # that reads wrong never stops play): it is taken at the next look
        for i in range(ref.n):
            if ref.marked[i]:
                ref.vouched = i
        ref.recheck = True
        ref.dirty = True
        return
    if name == "ok":
        # teaching: the player to move asks for a hint (a host that teaches answers)
        ref._emit({"type": "hint", "color": LETTER[g.to_move()], "number": g.n})
        return
    if ref.illegal or ref.pending:
        ref._show("Fix the board first", ref.lines[1], ref.lights, ref.light_color)
        return
    if name == "pass":
        pass_move(ref, color, stone=False)
    elif name == "abandon":
        code = g.abandon(color)
        if code:
            ref._refuse(code, color)
            return
        ref._emit({"type": "abandon", "color": LETTER[color], "number": g.n})
        after_play_ui(ref)
        after_game_change(ref)
    elif name == "end":
        g.agree_end()
        after_game_change(ref)


def pass_move(ref, color, stone):
    """A pass (button) or a pass stone (bowls: goban.referee.bowlwatch)."""
    g = ref.game
    code = g.pass_stone(color) if stone else g.pass_move(color)
    if code:
        ref._refuse(code, color)
        return
    if ref.remote is not None:
        ref.remote.played(color, PASS)
    kind = g.move_point(g.n)
    ref._emit({"type": "pass", "color": LETTER[color], "number": g.n,
               "stone": kind == PASS_STONE})
    after_play_ui(ref)
    after_game_change(ref)


def undo(ref):
    """Take the last move back where the rules allow it: the stone must be lifted
    and the captures put back (tolerated until they are)."""
    g = ref.game
    if not g.rules.takeback or g.n == 0 or g.end == "resign":
        ref._refuse("no-takeback", None)
        return
    n = g.n
    color = g.color_of(n)
    p = g.move_point(n)
    caps = g.last_capture() if p > ABANDON else []
    g.undo()
    ref._enter(PLAY)
    ref.dead = []
    ref._emit({"type": "undo", "number": n, "color": LETTER[color],
               "point": g.board.sgf(p) if p > ABANDON else "",
               "restored": [g.board.sgf(q) for q in caps]})
    fill_bytes(ref.tol, ref.n, NO_TOL)
    if p > ABANDON:
        ref.tol[ref.i_of(p)] = color
        for q in caps:
            ref.tol[ref.i_of(q)] = 0
        ref.pending = "undo"
        show_pending(ref)
    else:
        ref.pending = None
        after_play_ui(ref)
    ref.illegal = None
    ref.dirty = True
