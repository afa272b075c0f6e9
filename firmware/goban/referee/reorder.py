"""A move on a dead sensor that may have come before moves the board took:
the players say the order (loaded when first needed: goban.referee.unseen).

A move the board cannot see is learnt from what follows it (goban.referee.
unseen). When the stone that tells of it came at a time nobody saw (its
sensor read again after a fault: stamp -1), or the fitting orders part, the
hidden move may have come before moves already taken: black's move on a dead
point, white's answer on a flickering sensor, then black's next stone taken
as black's move (seeds 332257 game 588, 724453 game 225: the moves after
were recorded one place early, and the question about the dead point could
only add the hidden move at the end). The search runs again from up to
REWIND moves back, the stones of those moves new again, with one hidden move
anywhere, and every order that fits is kept. When one of them takes the
place of a move taken, the sensors cannot tell the order: the players say it
(`unseen-order`: the orders offered in turn, down shows the next, ok takes
the one shown). The moves taken that it changes are corrected (`correct`
events: the log and the SGF follow), the rest played in order. Never guessed.
"""

from goban.game import ABANDON
from goban.board import BLACK, WHITE
from goban.referee import bowlwatch, moves
from goban.referee.amend import play_again
from goban.referee.explain import Search, explain, new_stones, MAX_DEAD, ORDERS
from goban.referee.diff import put
from goban.referee.words import LETTER, NAMES

REWIND = 2          # moves taken that a hidden move may have come before
COLOR2 = "yellow"   # the hidden move's dead point in the order offered


class Orders(Search):
    """A search with a hidden move that keeps every fitting order whole, and
    where its hidden move is (the look's own keeps only their common start)."""

    def __init__(self, n):
        Search.__init__(self, n, MAX_DEAD)
        self.hids = bytearray(ORDERS)

    def _lead(self):
        k = len(self.found)
        o = self.orders[k]
        put(o, self.seq)
        self.hids[k] = self.hid
        self.found.append(o)


class _Asked:
    """The question that stands: the game's length when asked, how many of
    its moves the orders replace, the orders and where each hides its move,
    and the stone to take off if none is right."""
    n = -1
    back = 0
    orders = None
    hids = None
    key = None
    off = -1


_asked = _Asked()


def _rewind(ref, stable):
    """The last moves (REWIND at most) taken back while each is a stone still
    on its point that captured nothing: [(colour, point)], oldest first."""
    g = ref.game
    out = []
    while len(out) < REWIND and g.n > 0:
        k = g.n
        p = g.move_point(k)
        c = g.color_of(k)
        if p <= ABANDON or g.last_removed or stable[ref.i_of(p)] != c \
                or ref.since is None or ref.since[ref.i_of(p)] <= 0:
            break
        g.undo()
        out.insert(0, (c, p))
    return out


def orders(ref, v, off=-1):
    """("orders",) when some fitting order puts the hidden move (or a stone
    before it) in the place of a move taken (see the module docstring); the
    question is then in `_asked`. None otherwise: the caller's question or
    announcement stands. `off`: the stone out of turn, named to take off if
    no order is right (-1: the new stone that came last)."""
    g = ref.game
    if v.missing or ref.pending or g.over or not ref.n_faults or ref.since is None:
        return None
    new = new_stones(v)
    for i in new:
        if ref.since[i] == 0:
            return None           # (there since a restart: goban.referee.unseen.at_restart)
    # a hidden move of a side whose settled bowl has a stone out that the new
    # stones do not use: without one the orders need no hidden move (a stone
    # seen late, a second stone), and the board says so as before. (Nothing
    # searched then: each look of a standing announcement asks this again.)
    stable = v.stable
    out = [False, False, False]
    for c in (BLACK, WHITE):
        k = 0
        for i in new:
            if stable[i] == c:
                k += 1
        out[c] = bowlwatch.settled(ref, c) and bowlwatch.unused(ref, c) > k
    if not out[BLACK] and not out[WHITE]:
        return None
    key = (g.n, tuple(new), out[BLACK], out[WHITE])
    if _asked.key == key:         # (searched already: the frame and bowls as they were)
        return ("orders",) if _asked.orders is not None else None
    _asked.key = key
    _asked.orders = None
    taken = _rewind(ref, stable)
    back = len(taken)
    if not back:
        return None
    s = Orders(ref.n)
    stamp = ref.move_stamp
    ref.move_stamp = -1           # (the move before them: any stone may follow it)
    explain(ref, stable, list(new) + [ref.i_of(p) for c, p in taken], v.missing, s=s, hidden=True)
    ref.move_stamp = stamp
    for c, p in taken:
        play_again(g, c, p)
    if not s.found or not s.complete:
        return None
    c0 = taken[0][0]
    keep = []
    rewrites = False
    for k in range(len(s.found)):
        o = s.found[k]
        h = s.hids[k]
        if not out[c0 if h % 2 == 0 else 3 - c0]:
            continue
        keep.append(k)
        for m in range(back):
            if h == m or ref.p_of(o[m]) != taken[m][1]:
                rewrites = True
    if not rewrites:
        return None
    _asked.n = g.n
    _asked.back = back
    _asked.orders = [list(s.found[k]) for k in keep]
    _asked.hids = [s.hids[k] for k in keep]
    if off < 0:
        for i in new:
            if off < 0 or ref.since[i] > ref.since[off]:
                off = i
    _asked.off = off
    return ("orders",)


def _words(ref, k):
    return " ".join(ref.name(i) for i in _asked.orders[k])


def ask(ref, v):
    """The question said (once; then only while it stands), the order offered lit."""
    ch = ref.choice
    ords = _asked.orders
    if ref.illegal == "unseen" and ch.points is ords:
        return
    g = ref.game
    first = _asked.n - _asked.back + 1
    c = g.color_of(first)         # (back >= 1: a move taken)
    o0 = ords[0]
    p = _asked.off
    dead = []
    for k in range(len(ords)):
        j = ords[k][_asked.hids[k]]
        if j not in dead:
            dead.append(j)
    ref.illegal = None
    lit = list(o0)
    for j in dead:
        if j not in lit:
            lit.append(j)
    ref.announce("unseen-order", v.stable[p], p, lit,
                 l=" ".join(ref.name(j) for j in dead[:4]), e=str(first), t=NAMES[c],
                 q=_words(ref, 0),
                 extra={"from": first, "choose": _words(ref, 0),
                        "of": [_words(ref, k) for k in range(len(ords))]})
    ref.illegal = "unseen"        # (a question: its answers are presses, not fixes)
    ch.points = ords
    ch.k = 0
    _show(ref)


def _show(ref):
    ch = ref.choice
    k = ch.k
    ref.show_second([_asked.orders[k][_asked.hids[k]]], COLOR2)


def choose(ref, name):
    """down/up: the next or previous order (a `choose` event); ok: the order
    shown taken. True when the press was for the question."""
    ch = ref.choice
    ords = _asked.orders
    if ch.points is not ords or ords is None or ref.illegal != "unseen":
        return False
    if name == "down" or name == "up":
        ch.k = (ch.k + (1 if name == "down" else -1)) % len(ords)
        ref.emit({"type": "choose", "point": _words(ref, ch.k),
                  "of": [_words(ref, k) for k in range(len(ords))]})
        _show(ref)
        return True
    if name != "ok":
        return False
    k = ch.k
    ref.restored()
    _asked.key = None
    _take(ref, ords[k], _asked.hids[k])
    _asked.orders = None
    return True


def _take(ref, order, hid):
    """The order played: the moves taken it changes corrected, the rest up to
    its hidden move played; the stones after it left to the next look (they
    are new stones in arrival order there)."""
    g = ref.game
    back = _asked.back
    n = g.n
    if n != _asked.n:
        return                    # (the game moved on: the question lapsed)
    first = n - back + 1
    was = [(g.color_of(k), g.move_point(k)) for k in range(first, n + 1)]
    for _ in range(back):
        g.undo()
    for m in range(back):
        c = g.to_move()
        p = ref.p_of(order[m])
        if g.play(c, p) is not None:
            for _ in range(m):    # (cannot happen: the search played it)
                g.undo()
            for c2, p2 in was:
                play_again(g, c2, p2)
            return
        if p != was[m][1]:
            ref.emit({"type": "correct", "number": first + m, "color": LETTER[c],
                      "from": g.board.sgf(was[m][1]), "point": g.board.sgf(p),
                      "captures": [g.board.sgf(r) for r in g.last_capture()],
                      "unseen": m == hid})
    for m in range(back, hid + 1):
        c = g.to_move()
        p = ref.p_of(order[m])
        g.play(c, p)
        moves.played(ref, c, p, None, unseen=m == hid)
    ref.move_stamp = -1           # (the hidden move's stone came when nobody saw)
    moves.after_play_ui(ref)
    moves.after_game_change(ref)
