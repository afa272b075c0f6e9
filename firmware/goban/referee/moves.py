"""The game changing: a move, a pass, a takeback, a moved stone corrected, and
what each leaves to do at the board (captures to lift, a takeback to finish),
the end of play they may bring, and whose turn the board shows.

Everything here acts on a game change already decided (by the inferences or a
button); nothing looks at the frame. The layer every inference and phase
builds on: it imports only the referee's state, words and diff."""

from goban.game import PASS, ABANDON, PASS_STONE
from goban.board import BLACK, WHITE
from goban.referee.phase import PLAY, DEAD, OVER
from goban.referee.words import LETTER, NAMES, TO_PLAY
from goban.referee.diff import NO_TOL, CAP, fill_bytes, tolerated
from goban.referee import bowlwatch, timing


TURNS = ()  # type: tuple
TURNS_MAX = 0
try:
    from goban.names import TURNS, TURNS_MAX    # the frozen image: "move N" in ROM
except ImportError:                             # (tools/deploy leaves the table out)
    pass

# a move that captured nothing: its event's captures (one list, never changed in
# place; a new [] a move was 32 B)
NO_CAPS = []  # type: list[str]


def move_event():
    """A move's event, to be filled (Records: the keys in this order, always)."""
    return {"type": "move", "color": "", "point": "", "number": 0, "captures": NO_CAPS}


def play(ref, color, p, stable=None):
    """`color` plays board point p: False (nothing changed) when the rules or
    the host's expected move (goban.remote) refuse it, else the move is
    played and told. `stable`: the frame it was seen in (its captures already
    lifted there wait for nothing)."""
    g = ref.game
    if ref.remote is not None and not ref.remote.allows(color, p):
        return False
    if g.play(color, p):
        return False
    played(ref, color, p, stable)
    return True


def played(ref, color, p, stable=None, unseen=False):
    """A move the game took: its event, its captures left to lift (those the
    frame `stable` still shows; all of them without a frame), the end of play
    it may bring."""
    g = ref.game
    if ref.remote is not None:
        ref.remote.played(color, p)
    _stamp(ref, p)
    caps = NO_CAPS                # (loops: a comprehension makes cells and a closure)
    wait = None                   # those still on the board
    gone = 0
    for j in range(g.last_removed):
        q = g.captured(j)
        if caps is NO_CAPS:
            caps = []
        caps.append(g.board.sgf(q))
        s = stable[ref.i_of(q)] if stable is not None else 1
        if s != 0 and (s != color or g.board.cells[p] == 0):
            # (a stone of the mover's there now, no suicide, was put down after
            # the lifting: seed 725089 game 4, its point played again at once)
            if wait is None:
                wait = []
            wait.append(q)
        else:
            gone += 1
    if gone:
        # stones said knocked may be this move's prisoners, lifted before it was
        # seen (on a dead sensor): no stone from the bowl puts them back (seed
        # 530693 game 264: the next stone out of it was taken for their fix,
        # and the bowl said none left it for the rest of the game)
        fix = ref.scales.fixing
        o = WHITE if color == BLACK else BLACK
        fix[o] = fix[o] - gone if fix[o] > gone else 0
    rec = ref.move_records
    if unseen or rec is None:
        ev = move_event()
    else:
        ev = rec.take()           # made at boot: the loop hands it back sent
    ev["color"] = LETTER[color]
    ev["point"] = g.board.sgf(p)
    ev["number"] = g.n
    ev["captures"] = caps
    if unseen:
        ev["unseen"] = True
    ref.emit(ev)
    ref.resumed = False
    if wait:
        # (every capture still on the board, as nearly always: their names made once)
        capture_pending(ref, wait, color, caps if len(wait) == len(caps) else None)
    else:
        if caps:                         # lifted by now: the capture's move is complete
            pts = _captured_points(ref, g)
            timing.lifted(ref, color, pts, len(pts))
            bowlwatch.lifted(ref, WHITE if color == BLACK else BLACK)
        after_play_ui(ref)
    after_game_change(ref)


def _captured_points(ref, g):
    """(apart: a comprehension makes cells of what it reads at every call of the
    function it is in: played's, every move)"""
    return [ref.i_of(g.captured(j)) for j in range(g.last_removed)]


def correct(ref, p, q, stable):
    """The last move's stone came to rest on board point q instead of p before
    the answer (rolled, pushed): the same move there. A `correct` event says so
    (the log and the SGF follow it). False when q is no legal move there."""
    g = ref.game
    n = g.n
    color = g.color_of(n)
    caps_before = g.last_capture()
    g.undo()
    if g.play(color, q):
        g.play(color, p)                 # as it was (it was legal a moment ago)
        return False
    caps = g.last_capture()
    _stamp(ref, q)
    fill_bytes(ref.tol, ref.n, NO_TOL)
    ref.pending = None
    ref.emit({"type": "correct", "number": n, "color": LETTER[color],
              "from": g.board.sgf(p), "point": g.board.sgf(q),
              "captures": [g.board.sgf(r) for r in caps],
              "was": [g.board.sgf(r) for r in caps_before]})
    wait = [r for r in caps if stable[ref.i_of(r)] != 0]
    if wait:
        capture_pending(ref, wait, color)
    else:
        pts = [ref.i_of(r) for r in caps]
        timing.lifted(ref, color, pts, len(pts))
        if caps:
            bowlwatch.lifted(ref, WHITE if color == BLACK else BLACK)
        after_play_ui(ref)
    after_game_change(ref)
    return True


def _stamp(ref, p):
    """When the stone of the last move on board point p arrived (goban.settle's
    stamp): a stone there with another stamp came later (play._rolled)."""
    ref.move_stamp = ref.since[ref.i_of(p)] if ref.since is not None else -1


def capture_pending(ref, caps, color, names=None):
    """The stones `color` just captured stay tolerated and lit until lifted.
    `names`: their SGF names, when the move's event made them already."""
    opp = WHITE if color == BLACK else BLACK
    for q in caps:
        ref.tol[ref.i_of(q)] = opp
    ref.pending = "capture"
    if names is None:
        names = _names(ref.game.board, caps)
    ref.emit({"type": "capture-pending", "color": LETTER[opp], "points": names})
    if ref.look_alone and ref.steps and ref.job is None:
        # a look in a step of its own (the loop's budget): the captures' display
        # is the next step's (a capture's look and its display ran 8.7-10.4 ms on
        # the emulated chip, past the period with the step's own work)
        n = ref.lines_n
        ref.later(lambda r: _pending_later(r, n))
    else:
        show_pending(ref)


def _pending_later(ref, n):
    """The captures to lift displayed, a step after their look: unless nothing
    waits any more, or the board shows something else since (lines_n not n)."""
    if ref.pending and ref.lines_n == n:
        show_pending(ref)


def _names(board, pts):
    """(apart: a comprehension makes cells of what it reads, at its caller's call)"""
    return [board.sgf(q) for q in pts]


def after_play_ui(ref):
    g = ref.game
    if g.paused:
        ref.show("Paused: two passes", NAMES[g.to_move()] + " to play or pass")
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
        if ref.turn_n != n:
            ref.turn_n = n                       # shown at every look: formatted once
            # (no pair with it: a tuple a move; from the table: no string a move)
            ref.turn_text = TURNS[n - 1] if n <= TURNS_MAX else "move %d" % n
        ref.show(TO_PLAY[g.to_move()], ref.turn_text)
    else:
        p = s[3]
        ref.show(s[0], s[1], [ref.i_of(p)] if p > ABANDON else [], s[2])


def show_pending(ref):
    """The points still to lift or put back, lit, and their count; at each look
    while they are, nothing is made when the board shows them already (nothing
    shown since they were, the lit points the same)."""
    k = tolerated(ref.tol, ref.n, ref.tolerated, CAP)   # one native pass, not 361 in bytecode
    if k <= CAP and ref.lines_n == ref.pending_lines and len(ref.lights) == k:
        lights = ref.lights
        buf = ref.tolerated
        for j in range(k):
            if lights[j] != buf[j]:
                break
        else:
            return
    _show_pending(ref, k)
    ref.pending_lines = ref.lines_n


def _show_pending(ref, k):
    """(apart: its comprehensions make cells of what they read)"""
    if k <= CAP:
        buf = ref.tolerated
        lit = [buf[j] for j in range(k)]
    else:
        lit = [i for i in range(ref.n) if ref.tol[i] != NO_TOL]
    pts = " ".join(ref.name(i) for i in lit[:6])
    if ref.pending == "capture":
        ref.show("Lift captured: %d" % len(lit), pts, lit, "yellow")
    elif ref.pending == "undo":
        ref.show("Takeback: fix %d" % len(lit), pts, lit, "yellow")
    else:
        ref.show("Check the board", pts, lit)


def after_game_change(ref):
    """After a move, pass or agreement: the end of play (dead stones, or the
    count at once) or a pause."""
    g = ref.game
    ref.dirty = True
    fill_bytes(ref.seen, ref.n, 0)      # what the looks saw: explained by the new game
    if g.over and ref.phase == PLAY:
        ref.emit({"type": "end", "reason": g.end})
        if g.end == "void":
            ref.enter(OVER)
            ref.emit({"type": "count", "result": "Void", "winner": "void", "margin": 0,
                      "unit": g.rules.unit, "breakdown": {}})
            ref.show("No result", "void")
        elif g.rules.dead_agreement:
            ref.enter(DEAD)
            ref.dead = []
            bowlwatch.check_lids(ref, 0)
            ref.show("End: lift dead stones", "then press end")
        else:
            bowlwatch.check_lids(ref, 0)
            from goban.referee.scoring import count
            count(ref)
    elif g.paused:
        ref.emit({"type": "paused"})


def pass_move(ref, color, stone):
    """A pass (button) or a pass stone (the scales: goban.referee.bowlwatch)."""
    g = ref.game
    code = g.pass_stone(color) if stone else g.pass_move(color)
    if code:
        ref.refuse(code, color)
        return False
    if ref.remote is not None:
        ref.remote.played(color, PASS)
    kind = g.move_point(g.n)
    ref.emit({"type": "pass", "color": LETTER[color], "number": g.n,
              "stone": kind == PASS_STONE})
    after_play_ui(ref)
    after_game_change(ref)
    return True


def play_on(ref):
    """The end of play by agreement taken back (undo right after it: a mistaken
    end press): play goes on, the same side to move (`play-on` event)."""
    g = ref.game
    g.play_on()
    ref.reset_phase(PLAY)
    ref.emit({"type": "play-on", "to_move": LETTER[g.to_move()], "number": g.n})
    after_play_ui(ref)


def _lifted_last(ref):
    """The last move's stone is off the board, announced as lifted."""
    g = ref.game
    p = g.move_point(g.n)
    return ref.illegal == "removed-stone" and p > ABANDON and ref.announced == ref.i_of(p)


def undo(ref):
    """Take the last move back where the rules allow it: the stone must be lifted
    and the captures put back (tolerated until they are). Under rules with no
    takeback, a last stone already lifted (`removed-stone` stands) is taken back
    too: the players say the board recorded a stone nobody meant (a slip of
    the other colour), and the game cannot go on while the record holds it."""
    g = ref.game
    if g.n == 0 or g.end == "resign" or not (g.rules.takeback or _lifted_last(ref)):
        ref.refuse("no-takeback", None)
        return
    n = g.n
    color = g.color_of(n)
    p = g.move_point(n)
    caps = g.last_capture() if p > ABANDON else []
    ill = ref.illegal
    sc = ref.scales
    o = WHITE if color == BLACK else BLACK
    into = sc.into[o]
    ev = {"type": "undo"}
    if ill is not None and ill != "unseen" and ill != "rolled" and ill != "hidden" \
            and ref.phase == PLAY:
        # the undo is the fix of what stands (`removed-stone`'s "or press undo"):
        # what came into a lid since it was said is the fix's, as at any fix
        # (state's `restored`), counted against the game with the move (its
        # prisoners still in the lid till they are put back). Seed 357682 game
        # 58: a prisoner put back on the board, taken for black's move, lifted
        # into its lid again, then undone: read as black's pass stone
        bowlwatch.fixed(ref, ev)
    g.undo()
    fill_bytes(ref.seen, ref.n, 0)
    if p > ABANDON:
        bowlwatch.undone(ref, color)
        if sc.into[o] < into and bowlwatch.unused(ref, color) > 0:
            # its stone among those the fix wrote off in the other lid: lost to
            # its bowl (kept out, the bowl said a stone was in a hand for good)
            sc.out[color] -= 1
            sc.start[color - 1] -= 1
    ref.move_stamp = -1                  # the move before: when it came is not kept
    ref.enter(PLAY)
    ref.dead = []
    ev["number"] = n
    ev["color"] = LETTER[color]
    ev["point"] = g.board.sgf(p) if p > ABANDON else ""
    ev["restored"] = [g.board.sgf(q) for q in caps]
    ref.emit(ev)
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
    ref.announced = -1
    ref.dirty = True
