"""Bowls and lids: the settled stone counts of the scales, as the referee uses
them. A stone out of the mover's bowl that lands in the opponent's lid while the
board is unchanged is a pass stone (rules with pass stones); the lids are checked
against the prisoners (prisoner-missing); Ing's start-of-game check (180 a bowl);
the count of stones the game has taken from each bowl (unseen moves use it)."""

from goban.game import PASS
from goban.board import BLACK, WHITE
from goban.referee.phase import PLAY, FILL
from goban.referee.words import LETTER, RECHECK

_LIDS = ((BLACK, 2), (WHITE, 3))   # each colour's lid: its index in the readings
READS_MASK = 0xFFFFF               # a bowl's readings are counted modulo 2**20


def bowls(ref, b, w, lid_b=-1, lid_w=-1):
    """Settled stone counts (-1: not fitted or not settled)."""
    g = ref.game
    if g is None:
        return
    ref.bowl_now = (b, w, lid_b, lid_w)
    if ref.wait_i >= 0:
        ref.dirty = True          # a stone waits for its bowl: look again
    if ref.fill_wait and w >= 0 and ref.phase == FILL:
        from goban.referee.fill import count
        count(ref)
    prev = ref.bowl_seen
    now = list(prev) if prev else [-1, -1, -1, -1]
    new = (b, w, lid_b, lid_w)
    for k in range(4):
        if new[k] >= 0:
            now[k] = new[k]       # keep the last settled value of each scale
    if prev == now or (prev is None and now == [-1, -1, -1, -1]):
        return
    ref.bowl_seen = now
    if ref.bowl_start is None:
        ref.bowl_start = [-1, -1]
    for c in (BLACK, WHITE):
        if ref.bowl_start[c - 1] < 0 and now[c - 1] >= 0:
            ref.bowl_start[c - 1] = now[c - 1] + used(ref, c)
    if now[0] >= 0 and now[1] >= 0:   # a feed shows counts, not "not settled yet"
        ref._emit({"type": "bowls", "B": now[0], "W": now[1], "lidB": now[2],
                   "lidW": now[3], "start": list(ref.bowl_start)})
    if ref.illegal in RECHECK and (ref.n_faults or ref.illegal == "no-stone-out"):
        ref.recheck = True       # the bowl may now tell where the mover's stone went
        ref.dirty = True
    if not ref.checked and now[0] >= 0 and now[1] >= 0:
        ref.checked = True
        if g.rules.bowl_stones and g.n == 0:
            # 180 each on 19x19 (the rules' figure), (N - 1) / 2 on other sizes
            need = g.rules.bowl_stones if ref.size == 19 else (ref.n - 1) // 2
            ok = now[0] + len(g.setup_black) == need and now[1] == need
            ref._emit({"type": "setup-check", "B": now[0], "W": now[1], "ok": ok})
            if not ok:
                ref._show("Bowls: B %d W %d" % (now[0], now[1]), "each needs %d" % need)
    if pass_stone(ref, now):
        return
    if prev is not None and ref.phase == PLAY:
        check_lids(ref, final=False, prev=prev)


def pass_stone(ref, now):
    """A stone is out of the mover's bowl, not on the board, and the opponent's
    lid holds one more than its prisoners: a pass stone (rules that use them).
    True when the pass was played."""
    g = ref.game
    if ref.phase != PLAY or not g.rules.uses_pass_stones or ref.illegal \
            or ref.pending or not ref.bowl_start:
        return False
    c = g.to_move()
    if ref.remote is not None and not ref.remote.allows(c, PASS):
        return False             # that side's move comes from the host (goban.remote)
    o = WHITE if c == BLACK else BLACK
    lid_o = now[2] if o == BLACK else now[3]
    if lid_o >= 0 and out_of_bowl(ref, c) >= 1 and lid_o > expected_lid(ref, o):
        from goban.referee.play import pass_move
        pass_move(ref, c, stone=True)
        return True
    return False


def witness(ref, color):
    """The mover's bowl as a second witness of a new stone of `color`: 1 when
    it is settled with a stone out that the game has not used (the stone came
    from it), -1 when it is settled with none out (nothing left it: look again,
    do not accept yet), 0 when it cannot tell (no scale, still moving or never
    settled, more stones back in it than the game says: stones put back)."""
    if ref.bowl_now[color - 1] < 0:
        return 0
    out = out_of_bowl(ref, color)
    if out > 0:
        return 1
    return -1 if out == 0 else 0


def reads(ref, color):
    """Readings taken of `color`'s bowl so far (ref.bowl_reads, kept by the
    loop; counted modulo READS_MASK + 1), 0 where nobody counts them."""
    r = ref.bowl_reads
    return r[color - 1] if r is not None else 0


def tells_pass_stone(ref, color):
    """The scales can tell a pass stone of `color`: its bowl and the other lid read."""
    s = ref.bowl_seen
    return out_of_bowl(ref, color) >= 0 and s[2 if color == WHITE else 3] >= 0


def out_of_bowl(ref, color):
    """Stones of `color` out of its bowl that the game has not used (on a
    dead sensor, in a hand, or a pass stone), or -1 when the scales cannot tell."""
    s = ref.bowl_seen
    st = ref.bowl_start
    if not s or not st or s[color - 1] < 0 or st[color - 1] < 0:
        return -1
    return st[color - 1] - used(ref, color) - s[color - 1]


def used(ref, color):
    """Stones of `color` the game has taken from its bowl (moves, setup, pass stones)."""
    g = ref.game
    k = g.stones_from_bowl(color)
    if color == BLACK:
        k += len(g.setup_black)
    else:
        k += len(g.setup_white)
    return k


def expected_lid(ref, color):
    """Stones `color`'s lid should hold: its prisoners (and pass stones handed over)."""
    g = ref.game
    o = WHITE if color == BLACK else BLACK
    k = g.captures[color]
    if g.rules.uses_pass_stones:
        k += g.pass_stones[o]
    return k


def check_lids(ref, final, prev=None):
    """prisoner-missing when a lid holds fewer stones than it should: when it
    drops (a prisoner taken away) and once at the end of play."""
    s = ref.bowl_seen
    if not s:
        return
    for color, j in _LIDS:
        have = s[j]
        if have < 0:
            continue
        exp = expected_lid(ref, color)
        if ref.pending == "capture" and color == ref.game.color_of(ref.game.n):
            exp -= len(ref.game.last_capture())
        dropped = prev is not None and prev[j] >= 0 and have < prev[j]
        if have < exp and (final or dropped):
            ref._emit({"type": "prisoner-missing", "color": LETTER[color],
                       "expected": exp, "counted": have})
            ref._show("Prisoner missing", "%s lid: %d of %d" % (LETTER[color], have, exp))
