"""Bowls and lids: where the stones are, worked out from what the scales saw arrive.

The scales give settled stone counts (-1: not fitted, or moving). The referee
keeps, per bowl, the stones that left it (`Scales.out`: a count going down by k
is k stones out) and, per lid, the stones that came into it (`Scales.into`),
and compares them with what the game explains:
  - stones out of a bowl the game has not used (`unused`): in a hand, on a dead
    sensor, or a pass stone on its way. A stone may already be in a hand when a
    bowl is first weighed, so a bowl witnesses nothing until a stone is seen to
    leave it. A bowl that gains stones while none of
    its side's is out was given something the game never took from it (a
    prisoner returned to its owner's bowl, as many players do under area
    scoring): those stones are not counted as back from a hand. A bowl that
    gains a stone while one of its side's is out cannot tell which it was: it
    witnesses nothing until a stone next leaves it (`Scales.unsure`);
  - stones in a lid no prisoner or pass stone of the game explains
    (`loose`): a pass stone that arrived, or a prisoner dropped into the wrong
    lid (then the other lid is short by as many: the two together explain it).
So a pass stone is an arrival: the opponent's lid holding one more than the
game gave it, and both lids together one more (`pass_stone_in`; the passer's
bowl may be a stone off the game, the lids are counted against it); never a
standing total a mistake elsewhere made. Each lid keeps when it began to
move (`Scales.stir`) and when its oldest stone the game does not explain began
to come in (`Scales.gain_at`): the look (goban.referee.play) tells a pass stone,
in before its answer landed, from the answer's prisoner, in after it was lifted.
A lid short of its prisoners is announced (`prisoner-missing`): at once when a
stone is taken out of it, else (where prisoners count or pass stones go to the
lids) at the next move once nothing is left to lift; what it holds is then the
count, so a prisoner on the floor never hides a later pass stone; one that
comes in within MISSED_MS after all (in either lid) is that prisoner, late,
unless it comes on its owner's turn with a stone out of that owner's bowl:
its pass stone.

Each bowl's `start` is what it would hold had no stone left it: its first
count plus the stones the game had used, raised by every stone that came in
from elsewhere (a prisoner, a stone left from the last game) and lowered by
every stone that went to the floor in its stead (a knocked one replaced), so
that the stones out are always start less the count: the `bowls` event logs it
and a resume takes the stones out from it (before, a resume counted a bowl
that had been given a stone one stone short, and its pass stones went unseen).
Ing's start-of-game check (180 a bowl) is here too. This module only counts and
tells: what a count means for the game (a pass played, a stone taken as a move)
is decided by the look (goban.referee.play)."""

from goban import rules as R
from goban.board import BLACK, WHITE, BOTH
from goban.referee.phase import PLAY, SETUP, DEAD
from goban.referee.words import LETTER

READS_MASK = 0xFFFFF               # a bowl's readings are counted modulo 2**20
FIX_MS = 10000                     # a knocked stone's fix taken from its bowl this soon
MISSED_MS = 3000                   # prisoners said missing that come in this soon: late, not loose
BEHIND_MS = 3000                   # a settled bowl behind the game this long missed stones leaving
CARRY_MS = 1500                    # a prisoner reaches its lid this soon after it left the board
_LID = (0, 2, 3)                   # a colour's lid: its index in the readings
OFF_KEY = ("", "offB", "offW")     # a bowls event's key: what a lid counts beyond what it holds


def bowls_event():
    """A bowls reading's event, to be filled (Records: the keys in this order)."""
    return {"type": "bowls", "B": 0, "W": 0, "lidB": 0, "lidW": 0, "start": None}


def bowls(ref, b, w, lid_b=-1, lid_w=-1):
    """Settled stone counts (-1: not fitted or not settled)."""
    g = ref.game
    if g is None:
        return
    sc = ref.scales
    new = sc.now                  # filled in place: a reading that brings nothing makes nothing
    if lid_b < 0 and new[2] >= 0:
        sc.stir[BLACK] = ref.now  # a lid begins to move: a stone may be dropping in
    if lid_w < 0 and new[3] >= 0:
        sc.stir[WHITE] = ref.now
    new[0] = b
    new[1] = w
    new[2] = lid_b
    new[3] = lid_w
    if ref.wait.i >= 0:
        ref.dirty = True          # a stone waits for its bowl: look again
    prev = sc.seen
    for k in range(4):
        if new[k] >= 0 and (prev is None or new[k] != prev[k]):
            break
    else:
        # no scale settled at another count: a bowl behind the game may still be
        # so for long enough (`_behind`; the game moved on since its last count)
        for c in BOTH:
            if new[c - 1] >= 0 and sc.start is not None and sc.start[c - 1] >= 0 \
                    and _behind(ref, c, True):
                ref.dirty = True
        return
    now = sc.spare                # two lists in turn: a reading makes none
    for k in range(4):
        now[k] = prev[k] if prev else -1
    for k in range(4):
        if new[k] >= 0:
            now[k] = new[k]       # keep the last settled value of each scale
    sc.seen = now
    if sc.start is None:
        sc.start = [-1, -1]
    first = 0                     # the lids first weighed since a restart (colour bits)
    for c in BOTH:
        k = c - 1
        if now[k] < 0:
            pass                              # (its lid is weighed whatever its bowl does)
        elif sc.start[k] < 0:
            if new[k] >= 0:                   # (this scale's own reading: moves_at_ready)
                sc.start[k] = now[k] + used(ref, c)
                sc.out[c] = used(ref, c)      # as if nothing were in a hand, and so
                sc.unsure[c] = 1              # no witness till a stone is seen to leave
        elif prev is None or prev[k] < 0:
            sc.out[c] = sc.start[k] - now[k]  # first weighed since a restart: out from the start
        elif now[k] != prev[k]:
            # (only a change: a reading the same as the last marked the bowl as
            # having taken a stone back, `took`, and a knocked stone was moved
            # to a dead point as a slip put away: seed 791200 game 483)
            _bowl_moved(ref, c, now[k] - prev[k])
        if now[k] >= 0:
            _behind(ref, c, new[k] >= 0)
        # a lid first weighed while its bowl was not (after a restart): what it
        # holds counts even so; skipped with the bowl, the lid's count was taken
        # as no change at the bowl's first reading, the lid read empty for good,
        # and every pass stone after went unseen (seed 765755 game 87)
        j = _LID[c]
        if now[j] >= 0 and (prev is None or prev[j] < 0):
            # a lid first weighed: what it holds counts, and what it counted beyond
            # that before a cut (a prisoner said missing, a stone come in with a
            # fix: the log's bowls event keeps it); else the stone it held beyond
            # the game before the cut was a pass nobody made (seed 445107 game 157)
            sc.into[c] = now[j] + sc.lid_off[c]
            if ref.counting.lid[c] < 0 and ref.phase != PLAY:
                # (and what it held at the count's start, counted as `into`
                # is: with the offset; seed 947839 game 31, play ended just
                # after a restart, a prisoner on the floor before it: the lid
                # a stone up, and a live stone on a dead sensor counted dead)
                ref.counting.lid[c] = sc.into[c]
            elif ref.phase == PLAY and not ref.pending:
                first |= c            # (both lids' counts taken first: check_lids)
        elif now[j] >= 0:
            d = now[j] - prev[j]
            if d > 0 and ref.phase == PLAY:
                _passed_over(ref, c)
            if d > 0 and sc.into[c] <= expected_lid(ref, c):
                # its oldest stone the game does not explain. Unless these are
                # the lid's own prisoners (lifted within a carry) and it already
                # held one that came in within a carry of the other's prisoners
                # leaving the board, the other lid short now: that one is the
                # other's prisoner, in the wrong lid, and keeps its time (seed
                # 693357 game 117: read as come after the answer, it was a pass
                # stone, the move lost and the count a point off; a pass stone
                # long after keeps its own: 982539 game 219)
                o = WHITE if c == BLACK else BLACK
                old = sc.gain_at[c]
                lift = sc.lifted_at[o]
                own = sc.lifted_at[c]
                short = loose(ref, o)
                if not (old >= 0 and lift >= 0 and own >= 0 and short is not None
                        and short < 0 and (old - lift) & 0x3FFFFFFF < CARRY_MS
                        and (ref.now - own) & 0x3FFFFFFF < CARRY_MS):
                    sc.gain_at[c] = sc.stir[c]
            sc.into[c] += d
            if d > 0:
                _repay(ref, c, d)
                _not_given(ref, c, d)     # (a late one too: said missing, it came)
            short = loose(ref, c)
            if d < 0 and ref.phase == PLAY and short is not None and short < 0:
                _missing(ref, c, short, True)   # a prisoner taken out of the lid: said at once
    if first:
        check_lids(ref, first)
    if now[0] >= 0 and now[1] >= 0:   # a feed shows counts, not "not settled yet"
        rec = ref.bowls_records
        ev = rec.take() if rec is not None else bowls_event()   # (the loop hands it back)
        ev["B"] = now[0]
        ev["W"] = now[1]
        ev["lidB"] = now[2] if now[2] >= 0 else -1    # (-2, unread since a restart: resume's)
        ev["lidW"] = now[3] if now[3] >= 0 else -1
        st = sc.shown
        if st is None or st[0] != sc.start[0] or st[1] != sc.start[1]:
            st = sc.shown = [sc.start[0], sc.start[1]]   # (a new one a change, not a reading)
        ev["start"] = st
        for c in BOTH:
            j = _LID[c]
            k = OFF_KEY[c]
            off = sc.into[c] - now[j] if now[j] >= 0 else 0
            if off:
                ev[k] = off
            elif k in ev:
                del ev[k]                 # (a record: the key of its last use)
        ref.emit(ev)
    if not sc.checked and now[0] >= 0 and now[1] >= 0:
        sc.checked = True
        if g.rules.bowl_stones and g.n == 0:
            # 180 each on 19x19 (the rules' figure), (N - 1) / 2 on other sizes
            need = R.bowl_stones(ref.size, g.rules)
            ok = now[0] + used(ref, BLACK) == need and now[1] == need
            ref.emit({"type": "setup-check", "B": now[0], "W": now[1], "ok": ok})
            if not ok:
                ref.show("Bowls: B %d W %d" % (now[0], now[1]), "each needs %d" % need)
    if ref.phase == PLAY or ref.phase == SETUP or ref.phase == DEAD:
        ref.dirty = True          # the look decides what the counts mean for the game
    sc.spare = prev if prev is not None else [-1, -1, -1, -1]


def _bowl_moved(ref, c, d):
    """A bowl's settled count changed by d: stones out, or back in (see the
    module docstring: back in only as many as were out)."""
    sc = ref.scales
    if d < 0 and sc.fixing[c] and ref.illegal != "knocked":
        # (while the knock stands, a stone out may be a move's: taken for the
        # fix only once the knocked stones are back, `fixed`)
        if (ref.now - sc.fixing_at[c]) & 0x3FFFFFFF < FIX_MS:
            k = -d if -d < sc.fixing[c] else sc.fixing[c]
            d += k                        # stones put back where a knock took them
            sc.start[c - 1] -= k          # (the knocked ones lie on the floor, we think:
            sc.doubt[c] = 1               # one put back in the bowl first, as a slid stone
            # lifted into it, leaves the start a stone low, and the bowl must not
            # then say that no stone left it: seed 992049 game 281)
        sc.fixing[c] = 0
        if d == 0:
            return
    if d < 0:
        n = ref.game.n
        u = used(ref, c)
        short = u - sc.out[c]             # the game's stones not yet seen to leave
        # two or more gone at once with a move's stone still to leave, more
        # than the game's: one beside the move (a second stone, one on a dead
        # sensor, one in a hand: goban.referee.amend.hidden)
        sc.took = (n << 6) | (sc.took & 63 if sc.took >> 6 == n else 0) | c | \
            (c << 4 if d <= -2 and -d > short > 0 else 0)
        # (a count that fell by more than all of them has at least that many
        # more out, hidden prisoner or not: the fewer is taken, the doubt
        # settled; kept, a pass stone on its way went unseen: seed 264851 game 18)
        if sc.gift[c] and short > 0 and short + d >= 0:
            # a prisoner put in it may have hidden a stone taken out (the two
            # weigh nothing together): the game's stones did leave it (undone if
            # the prisoner turns up in the capturer's lid after all: _not_given).
            # Sure only for those this count leaves unexplained; the rest may be
            # hidden, or this count is the game's stone read late and the
            # prisoner went elsewhere (the floor): the bowl then witnesses
            # nothing till a count settles the doubt (counted out twice, it
            # vouched for a stone in a hand nobody took: a move nobody played)
            k = short if short < sc.gift[c] else sc.gift[c]
            sure = short + d
            sure = 0 if sure < 0 else (sure if sure < k else k)
            sc.out[c] += sure
            sc.hidden[c] += sure
            sc.gift[c] -= sure
            sc.start[c - 1] += sure
            if sure < k:
                sc.out[c] -= d
                sc.unsure[c] = 1
                return
        sc.out[c] -= d                    # (once: the hidden ones are `sure`, beside d)
        sc.gift[c] = 0
        sc.unsure[c] = 0
        sc.extra[c] = 0
        return
    if sc.gift[c]:
        k = d if d < sc.gift[c] else sc.gift[c]
        sc.gift[c] -= k                   # the prisoners seen coming in: given, not back
        sc.start[c - 1] += k
        sc.hidden[c] += k                 # (unless they come into the lid after all:
        # then these were stones back, `_not_given`; kept given, the bowl counted a
        # stone out for good, and a restart took it for a move on a dead point
        # played while off: seed 530693 game 174)
        d -= k
        if not d:
            return
    n = ref.game.n
    sc.took = (n << 6) | (sc.took & 63 if sc.took >> 6 == n else 0) | (c << 2)
    free = sc.out[c] - used(ref, c)   # stones out that the game has not used
    back = d if d < free else (free if free > 0 else 0)
    sc.out[c] -= back
    sc.extra[c] += d - back           # in, though none was out: `undone` may explain
    sc.start[c - 1] += d - back
    if back:
        sc.unsure[c] = 1


def undone(ref, color):
    """A stone move of `color` taken back: its stone may be back in the bowl
    already (lifted and put away before the undo press), among the stones that
    came in while the game explained none out. One of those is that stone; kept
    as a gift, the bowl said a stone was in a hand for the rest of the game and
    vouched for moves nobody played (seed 452561 game 76). A gain older than the
    side's last stone out is not it (`extra` is cleared then)."""
    sc = ref.scales
    if sc.extra[color] > 0:
        sc.extra[color] -= 1
        sc.out[color] -= 1
        sc.start[color - 1] -= 1


def _behind(ref, c, settled):
    """A settled bowl that has shown fewer stones leaving than the game used for
    BEHIND_MS is not late: those stones left unseen (one already in a hand when
    it was first weighed, or taken out as a prisoner came in). They are counted
    out, and its start raised; kept behind, the bowl said no stone was in a hand
    while one was, for the rest of the game: its pass stones went unseen (seed
    125461 game 170). A prisoner thought given to it is then so (`lifted`).
    While prisoners of c's are said missing (`check_lids`), a bowl found behind
    again at a later settled reading (a hand in it between) holds them: they
    are found there, put back in their owner's bowl (one behind reading may be
    a count taken before the stone left; at tempo 0 a bowl is seldom settled
    BEHIND_MS; still owed, the owner's pass stone, out of a bowl one over,
    looked like no stone out and was taken as that prisoner, late: seed 644394
    game 47). True when stones were counted out."""
    sc = ref.scales
    short = used(ref, c) - sc.out[c]
    o = WHITE if c == BLACK else BLACK
    owed = sc.missed[o]           # (o's lid short of c's stones)
    if short <= 0 or not (settled or owed):
        sc.behind_at[c] = 0
        return False
    if not settled:
        return False
    if not sc.behind_at[c]:
        sc.behind_at[c] = ref.now | 1
        return False
    k = 0
    if owed and sc.behind_at[c] != ref.now | 1:
        k = short if short < owed else owed
        sc.missed[o] -= k
        sc.gift[c] -= k if k < sc.gift[c] else sc.gift[c]
        sc.out[c] += k
        sc.start[c - 1] += k
        short -= k
        if short <= 0:
            sc.behind_at[c] = 0
            return True
    if (ref.now - sc.behind_at[c]) & 0x3FFFFFFF < BEHIND_MS:
        return k > 0
    k = short if short < sc.gift[c] else sc.gift[c]
    sc.gift[c] -= k
    sc.hidden[c] += k
    sc.out[c] += short
    sc.start[c - 1] += short
    sc.unsure[c] = 0
    sc.behind_at[c] = 0
    return True


def knocked(ref, color, pts):
    """Stones of `color` said knocked off their points: the player may put each
    back with a stone from the bowl (the knocked one on the floor), so the bowl's
    next stones out within FIX_MS are those, not stones of moves to come. Counted
    as out they stayed out for good: the bowl said a stone was in a hand when none
    was, and a wrong-colour stone became a move on a dead sensor nobody played.
    A stone put back from elsewhere leaves the bowl a stone behind the game: it
    then tells nothing (unused), never a stone that is not out."""
    g = ref.game
    k = 0
    for i in pts:
        if g.board.cells[ref.p_of(i)] == color:
            k += 1
    sc = ref.scales
    sc.fixing[color] = k
    sc.fixing_at[color] = ref.now


def moves_at_ready(ref, stable, new):
    """Play begins with moves already on the board (`new`: played while a stray
    stone held the board in SETUP, goban.referee.setup). Their stones may have
    left the bowls before the first weighing, which took the game as using
    none: a bowl's start was low by them, and a later move of its side found no
    stone out (`no-stone-out`, seed 588213 game 183). Weighed now, a bowl may
    not show them yet, nor the stray stone put back in it: each start is taken
    again at the bowl's next settled reading (a stray stone put back after it
    is then a stone in from elsewhere, as at a first weighing). Unless stones
    left as it came in, unseen: the start may stay a stone low, so for the rest
    of the game the bowl never says that no stone left it (`doubt`; seed 903317
    game 37)."""
    sc = ref.scales
    if sc.start is None:
        return
    for c in BOTH:
        k = c - 1
        if sc.start[k] < 0:
            continue
        n = used(ref, c)
        for i in new:
            if stable[i] == c:
                n += 1
        sc.start[k] = -1
        sc.out[c] = n
        sc.unsure[c] = 1
        sc.doubt[c] = 1
        sc.extra[c] = 0
        sc.behind_at[c] = 0


def new_game(ref):
    """A new game: the scales' counts start again at the next settled reading."""
    sc = ref.scales
    sc.start = None
    sc.checked = False
    sc.seen = None
    for c in BOTH:
        sc.out[c] = 0
        sc.into[c] = 0
        sc.unsure[c] = 0
        sc.gift[c] = 0
        sc.missed[c] = 0
        sc.fixing[c] = 0
        sc.hidden[c] = 0
        sc.extra[c] = 0
        sc.behind_at[c] = 0
        sc.lifted_at[c] = -1
        sc.doubt[c] = 0
        sc.lid_off[c] = 0
        sc.stir[c] = -1
        sc.gain_at[c] = -1
    sc.repaid = 0
    sc.took = 0


def used(ref, color):
    """Stones of `color` the game has taken from its bowl (moves, setup, pass
    stones). Before play the setup's stones count once they are on the board
    (goban.referee.setup keeps the ones still to place in `view.missing`): a
    bowl weighed before the handicap went on counts them out as they leave."""
    g = ref.game
    k = g.stones_from_bowl(color)
    if color == BLACK:
        k += len(g.setup_black)
    else:
        k += len(g.setup_white)
    if ref.phase == SETUP:
        cells = g.board.cells
        for i in ref.view.missing:
            if cells[ref.p_of(i)] == color:
                k -= 1
    return k


def unused(ref, color):
    """Stones of `color` out of its bowl that the game has not used (in a hand,
    on a dead sensor, a pass stone on its way), or -1 when the scale cannot
    tell (never settled, or unsure)."""
    sc = ref.scales
    if sc.seen is None or sc.seen[color - 1] < 0 or sc.start is None \
            or sc.start[color - 1] < 0:
        return -1
    k = sc.out[color] - used(ref, color)
    if sc.unsure[color] or k < 0:
        return -1                         # (more used than seen to leave: a reading behind)
    return k


def settled(ref, color):
    """`color`'s bowl reads settled now (not moving)."""
    return ref.scales.now[color - 1] >= 0


def witness(ref, color):
    """The mover's bowl as a second witness of a new stone of `color`: 1 when
    it is settled with a stone out that the game has not used (the stone came
    from it), -1 when it is settled with none out (nothing left it: do not
    accept yet), 0 when it cannot tell (no scale, moving, unsure)."""
    if not settled(ref, color):
        return 0
    out = unused(ref, color)
    if out > 0:
        return 1
    return -1 if out == 0 and not ref.scales.doubt[color] else 0


def reads(ref, color):
    """Readings taken of `color`'s bowl so far (the loop's counter, modulo
    READS_MASK + 1), 0 where nobody counts them."""
    r = ref.scales.reads
    return r[color - 1] if r is not None else 0


def loose(ref, color):
    """Stones in `color`'s lid that no prisoner or pass stone of the game
    explains (negative: short), or None when the lid is not weighed."""
    sc = ref.scales
    if sc.seen is None or sc.seen[_LID[color]] < 0:
        return None
    return sc.into[color] - expected_lid(ref, color)


def lid_moving(ref, color):
    """`color`'s lid is weighed but not settled now (a stone just dropped in)."""
    sc = ref.scales
    return sc.seen is not None and sc.seen[_LID[color]] >= 0 and sc.now[_LID[color]] < 0


def pass_stone_in(ref, color):
    """A pass stone of `color` has arrived: the opponent's lid holds one the game
    does not explain, the two lids together too (a prisoner in the wrong lid
    leaves the other short: no pass). The lids tell it, not the passer's bowl:
    a bowl a stone off the game (a stone from elsewhere dropped in as one left,
    a stone that left it unseen) said "none out", and the last pass stones of
    AGA games went unseen, the dead stones lifted next announced knocked for
    good (seeds 903317 game 37, 264851 game 22). Late prisoners come first
    (`_repay`), and what came into a lid with a fix is the count (`fixed`):
    so none while stones stand named to be played again (`resume-order`:
    their prisoners lie in the lids, those put back came from the bowls; read
    as pass stones, both sides passed: seed 115536 game 264), nor while the
    lid moves again.
    Prisoners of moves not taken yet are told apart by the look
    (goban.referee.play's `_pass_stone`)."""
    o = WHITE if color == BLACK else BLACK
    lo = loose(ref, o)
    sc = ref.scales
    if lo is None or lo < 1 or ref.illegal == "resume-order" or \
            (sc.stir[o] >= 0 and lid_moving(ref, o)):
        return False          # (a lid begun to move: its last count may be going away,
        # as a pass stone handed while off was taken back out to be handed again
        # in its turn: seed 530693 game 9, a pass nobody made, the count wrong; it
        # is looked at again when the lid settles. Not read yet since a restart,
        # its logged count stands)
    from goban.referee.timing import landed as landed_at   # (a lid holds a stone over: seldom)
    landed = landed_at(ref, ref.move_stamp)     # when the last move landed, or None
    t = sc.gain_at[o]
    if lo == 1 and t >= 0 and landed is not None and \
            0 < (landed - t) & 0x3FFFFFFF < 0x20000000:
        # the stone began to come in before the last move landed: whatever it
        # is, it is no pass of this turn (seed 880219 game 73: a prisoner in
        # the wrong lid, three moves old, taken for the mover's pass as its
        # move on a dead sensor had a stone out of its bowl)
        return False
    lc = loose(ref, color)
    if lc is None or lc >= 0 or lo + lc >= 1:
        return True
    # color's lid as many short: a prisoner in the wrong lid, unless that stone
    # began to come in long after color's prisoners left the board (CARRY_MS),
    # or after o's answer landed (a capturer drops its prisoners before its next
    # turn), with a stone out of color's settled bowl that the game has not
    # used (a prisoner, of the other colour, never left it): then it is the
    # pass stone, the prisoner gone elsewhere (its owner's bowl, the floor).
    # Kept as the wrong lid's, every pass after it went unseen and the game
    # stopped at the dead stones (seed 982539 game 219)
    if t < 0 or unused(ref, color) < 1:
        return False
    lift = sc.lifted_at[color]
    if lift < 0 or CARRY_MS <= (t - lift) & 0x3FFFFFFF < 0x20000000:
        return True               # (t before lift, a fix's, is not "long after" it)
    g = ref.game
    if not g.n or g.color_of(g.n) != o:
        return False
    return landed is not None and 0 < (landed - lift) & 0x3FFFFFFF < 0x20000000 and \
        0 < (t - landed) & 0x3FFFFFFF < 0x20000000


def tells_pass_stone(ref, color):
    """The scales can tell a pass stone of `color`: its bowl and the other lid read."""
    sc = ref.scales
    o = WHITE if color == BLACK else BLACK
    return sc.seen is not None and sc.seen[color - 1] >= 0 and loose(ref, o) is not None


def expected_lid(ref, color):
    """Stones `color`'s lid should hold: its prisoners (and pass stones handed over)."""
    g = ref.game
    o = WHITE if color == BLACK else BLACK
    k = g.captures[color]
    if g.rules.uses_pass_stones:
        k += g.pass_stones[o]
    return k


def lifted(ref, prisoners):
    """A capture's stones (of colour `prisoners`) are all off the board: if
    the capturer's settled lid lacks some, they may be in their owner's bowl
    (many players put them back there), which then witnesses nothing until a
    stone is seen to leave it (a prisoner in and a stone out can weigh as
    nothing at all)."""
    c = WHITE if prisoners == BLACK else BLACK
    ref.scales.lifted_at[c] = ref.now
    short = loose(ref, c)
    if short is not None and short < 0 and ref.scales.now[_LID[c]] >= 0:
        sc = ref.scales
        sc.unsure[prisoners] = 1
        sc.gift[prisoners] = -short
        sc.hidden[prisoners] = 0


def carried(ref, c):
    """The prisoners of a capture into c's lid, all lifted less than CARRY_MS
    ago, may still be on their way there."""
    t = ref.scales.lifted_at[c]
    return t >= 0 and (ref.now - t) & 0x3FFFFFFF < CARRY_MS


def check_lids(ref, restart):
    """Before the game changes (a move, a pass) and at the end of play: a
    settled lid short of its prisoners, with none left to lift, is a prisoner
    in the wrong lid when the other holds as many too many (moved over in the
    count, nothing said; judged once neither lid's prisoners are carried), else
    a prisoner gone: `prisoner-missing`, and what
    the lid holds is the count from then on (so a prisoner on the floor never
    hides a later pass stone). A prisoner still in a hand by then is late.
    `restart`: the lids (colour bits) first weighed since a restart, both
    counts taken: short, their prisoners went elsewhere before the cut (said
    missing then, moved over, or put in a bowl): moved over again (the log's
    last bowls event may be older than the move: seed 723612 game 208, the
    stone over read as a pass), else the count, nothing said; one coming in
    soon with its owner's bowl untouched is that prisoner late (`_repay`).
    Kept short, the lid hid the opponent's pass stone for the rest of the
    game (seed 553306 game 27)."""
    sc = ref.scales
    if sc.seen is None or ref.pending == "capture":
        return
    for color in BOTH:
        short = loose(ref, color)
        if short is None or short >= 0 or sc.now[_LID[color]] < 0 or \
                (restart and not restart & color):
            continue
        if carried(ref, color):
            continue              # its prisoners still carried (fast play: the next move came first)
        o = WHITE if color == BLACK else BLACK
        if carried(ref, o):
            continue              # so the other's: one too many there is this one, in the
            # wrong lid (seed 556060 game 31: said missing as the other lid
            # still took its own, then that one's stone read as a pass stone)
        over = loose(ref, o)
        if over is not None and over > 0 and sc.now[_LID[o]] >= 0:
            k = over if over < -short else -short
            sc.into[o] -= k                   # prisoners in the other lid: theirs
            sc.into[color] += k
            short += k
        if short < 0:
            sc.into[color] -= short           # what it holds is the count from now on
            sc.missed[color] = -short         # (unless they come in soon: _repay)
            sc.missed_at[color] = ref.now - (MISSED_MS if restart else 0)
            if not restart:
                _missing(ref, color, short)


def _passed_over(ref, c):
    """A stone comes into c's lid while it is short of the prisoners of a
    capture seen lifted a while ago and the opponent has a stone out of its bowl: a pass stone (a lid
    gaining a stone as the passer's bowl loses one), so the prisoners are
    missing: said now, and what the lid holds is the count from then on, so
    the pass stone is seen whether the prisoner turns up or not."""
    sc = ref.scales
    o = WHITE if c == BLACK else BLACK
    short = loose(ref, c)
    if short is None or short >= 0 or ref.pending == "capture" or sc.lifted_at[c] < 0 \
            or carried(ref, c):
        return                            # (short since no capture seen lifted: a restart's)
    if in_hand(ref, o) < 1:
        # o's bowl unsure (the prisoners given to it, `lifted`): its stone out
        # since the last move, on o's turn, the lid's stone long after they
        # left the board (CARRY_MS) is o's pass stone all the same (seed 299031
        # game 469: read as a late prisoner, three passes went unseen)
        g = ref.game
        t = sc.stir[c]
        if g.to_move() != o or t < 0 or (t - sc.lifted_at[c]) & 0x3FFFFFFF < CARRY_MS:
            return
        # the stones on the board since the lid's stone began to come in: the
        # first is o's (o moved on, so that stone was no pass of o's: it would
        # be c's turn then, but a prisoner late: 274604 game 87, a prisoner on
        # a stuck sensor lifted slowly as the players went on at tempo 0, read
        # as black's pass stone, a pass nobody made); one is c's (`answered`)
        by = 0
        answered = False
        if ref.since is not None:
            from goban.referee.timing import landed
            seen = ref.seen
            cells = g.board.cells
            first = -1
            for i in range(ref.n):
                if seen[i] and cells[ref.p_of(i)] == 0:
                    at = landed(ref, ref.since[i])
                    if at is not None and 0 < (at - t) & 0x3FFFFFFF < 0x20000000:
                        answered = answered or seen[i] == c
                        if first < 0 or (at - first) & 0x3FFFFFFF >= 0x20000000:
                            first = at
                            by = seen[i]
        if by == o:
            return
        if not sc.unsure[o] or sc.took >> 6 != g.n or not sc.took & o:
            # o's bowl moving (a hand in it: it cannot tell), the lid's stone
            # came before a stone of c's on the board now: o passed and c
            # answered; the prisoner found late would be a second thing gone
            # unseen, o's move on a dead point. At tempo 0 the passer's bowl
            # may not settle for seconds (454857 game 429: black's pass stone
            # into white's lid, short of a prisoner on the floor, read as that
            # prisoner; both passes lost)
            if not g.rules.uses_pass_stones or settled(ref, o) or not answered:
                return
    sc.lifted_at[c] = -1
    sc.into[c] -= short
    sc.missed[c] = -short                 # found later: that prisoner (_repay), but this
    sc.missed_at[c] = ref.now - MISSED_MS   # arrival is the pass stone, never a late one
    _missing(ref, c, short)


def fixed(ref, ev):
    """An announcement no longer stands: the players have put the board right
    (taken moves back, replayed after a restart). Stones a lid holds that the
    game does not explain, beyond what the other lid lacks, came in with that
    fix (when they began to come in after it was announced): what the lid
    holds is the count from now on, never a pass stone. Counted,
    a prisoner put back on the board with a stone from its owner's bowl (its lid
    one over, the bowl one short: a pass stone's very weights) was a pass nobody
    made (seed 434437 games 62, 236). The stones of the prisoners' colour out of
    their bowl, unused, as many, are the ones put back in their stead: lost to
    the bowl from then on (kept out, the bowl said a stone was in a hand for the
    rest of the game). A lid's new count goes with `ev` (the event the fix
    makes, if any), as a bowls event's offset: a restart before the next
    bowls event took the written-off stone for a pass nobody made."""
    sc = ref.scales
    if sc.seen is None:
        return
    for c in BOTH:
        if sc.fixing[c]:
            # knocked stones put back: the stones out of their bowl the game has
            # not used are theirs (the rest may still come, FIX_MS). Taken for the
            # fix as they left, while the knock stood, a move's stone on a stuck
            # sensor was lost, a pass out of turn refused (seed 982539 game 11)
            k = unused(ref, c)
            k = 0 if k < 0 else (k if k < sc.fixing[c] else sc.fixing[c])
            sc.out[c] -= k
            sc.start[c - 1] -= k
            sc.fixing[c] -= k
            sc.fixing_at[c] = ref.now
        over = loose(ref, c)
        if over is not None and over < 0:
            # short: a prisoner put back on the board and lifted again in the
            # fix is on its way to the lid now, not a pass stone when it lands
            # (seed 903317 game 162: its carry timed from the first lifting)
            sc.lifted_at[c] = ref.now
        if over is None or over <= 0 or sc.now[_LID[c]] < 0:
            continue              # (a lid moving: its last count may be a prisoner
            # leaving it to be put back, as the fix of stones named after a restart
            # says: taken off it, the lid read one short for the rest of the game)
        o = WHITE if c == BLACK else BLACK
        short = loose(ref, o)
        if short is not None and short < 0:
            over += short                 # a prisoner in the wrong lid: check_lids's
        if over <= 0:
            continue
        t = sc.gain_at[c]
        if t >= 0 and (t - ref.wrong_at) & 0x3FFFFFFF >= 0x20000000:
            continue              # it began to come in before anything was announced:
            # no stone of the fix's (seed 633370 game 224: a pass stone that came
            # as the move before it was asked about, written off at the answer).
            # After the first of the announcements standing since, it is (seed
            # 425223 game 92: a prisoner of stones played on through a `knocked`,
            # named later to be played again, read as a pass stone at the fix)
        sc.into[c] -= over
        if ev is not None:
            ev[OFF_KEY[c]] = sc.into[c] - sc.now[_LID[c]]
        # as many of the prisoners' colour out of their bowl, unused, replaced
        # them on the board: lost to that bowl, as a knocked stone's fix is
        k = unused(ref, o)
        k = over if over < k else k
        if k > 0:
            sc.out[o] -= k
            sc.start[o - 1] -= k


def _not_given(ref, c, d):
    """d prisoners came into c's lid: prisoners `lifted` thought might be in their
    owner's bowl (its lid short when the last left the board, still in a hand)
    were not given to it. Its stones counted out for them (or in: a stone back
    taken for one) are taken back: kept,
    the bowl said a stone was in a hand when none was (a stone of a move already
    taken, its reading late, counted twice), and a wrong-colour stone became a
    move on a dead sensor nobody played (seed 16585 games 36, 123, 171, 192)."""
    sc = ref.scales
    o = WHITE if c == BLACK else BLACK
    x = d if d < sc.gift[o] else sc.gift[o]
    sc.gift[o] -= x
    d -= x
    y = d if d < sc.hidden[o] else sc.hidden[o]
    if not carried(ref, c):
        y = 0                     # (long after the prisoners left the board: a pass
        # stone of o's, its bowl's gift stands: seed 982539 game 219)
    short = loose(ref, c)
    if short is not None and short < 0 and y > sc.hidden[o] + short:
        # the lid still lacks as many as went to the bowl: these are a later
        # capture's own prisoners (seed 506481 game 223: four given to white's
        # bowl, then black's next two in its lid read as those four, white's
        # bowl two stones short, its pass stones unseen)
        y = sc.hidden[o] + short if sc.hidden[o] + short > 0 else 0
    sc.hidden[o] -= y
    sc.out[o] -= y
    sc.start[o - 1] -= y
    if x and not sc.gift[o] and not sc.hidden[o]:
        sc.unsure[o] = 0


def _repay(ref, c, d):
    """d stones came into c's lid: prisoners said missing a moment ago (of
    either lid: one dropped in the wrong one) come first, not as stones the game
    cannot explain. Returns how many they were."""
    sc = ref.scales
    k = 0
    o = WHITE if c == BLACK else BLACK
    # the prisoners' owner to move with a stone out of its bowl: what comes into
    # c's lid is its pass stone (the same colour, the same weight), never that
    # prisoner late (seed 264851 game 18: a pass stone 2 s after a prisoner
    # dropped on the floor was said missing, and the pass went unseen)
    # So too with its bowl's reading behind, when c's stone is already seen on
    # the board (c has played on): the answer to that pass (a quick pass at tempo 0, seed 390617
    # game 430: the pass repaid a prisoner said missing long before)
    # So too when o's bowl lost a stone since the game last changed, whatever
    # its totals say: one behind the game (a stone of a move that came from
    # elsewhere), they showed nothing in hand, and o's last pass stone was
    # taken for a prisoner on the floor (seeds 992049 game 198, 638249 game 159)
    g = ref.game
    passing = g.to_move() == o and (in_hand(ref, o) >= 1 or not settled(ref, o)
                                    or _on_board(ref, c) > 0
                                    or (sc.took >> 6 == g.n and sc.took & o))
    for m in (c, o):
        owed = sc.missed[m]
        # soon after: late (either lid); any time into its own lid while the
        # prisoners' owner has no stone out (no pass stone of its on the way)
        if passing:
            continue      # (nor the other lid's, dropped in this one: seed 264851 game 18)
        if owed and ((ref.now - sc.missed_at[m]) & 0x3FFFFFFF < MISSED_MS
                     or (m == c and in_hand(ref, o) == 0 and settled(ref, o))):
            x = owed if owed < d - k else d - k
            sc.missed[m] -= x
            sc.into[c] -= x
            k += x
            if g.to_move() == o:
                sc.repaid = c             # (or o's pass stone: passorder.repaid_pass)
                sc.repaid_at = ref.now
    return k


def in_hand(ref, color):
    """Stones out of `color`'s bowl that the game has not used and no look saw on
    the board since the game last changed: what may be in a hand (a pass stone
    on its way). A move not taken yet is no pass stone: counted as one, a
    prisoner put back and lifted again, landing as that move waited, was taken
    for the mover's pass (seed 903317, game 162)."""
    k = unused(ref, color)
    return k - _on_board(ref, color) if k >= 1 else k


def _on_board(ref, color):
    """Stones of `color` a look saw on the board since the game last changed, on
    points the game has empty (moves not taken yet)."""
    seen = ref.seen
    cells = ref.game.board.cells
    k = 0
    for i in range(ref.n):
        if seen[i] == color and cells[ref.p_of(i)] == 0:
            k += 1
    return k


def _missing(ref, color, short, taken=False):
    """A prisoner taken out of a lid is said under any rules (seed 004's
    pocketed prisoners); one that never came, only where prisoners count or
    pass stones go to the lids: under area scoring many players put prisoners
    back in the bowls, as they may. One that never came is no longer counted
    (the callers'): the event says what the lid counts beyond what it holds
    from then on, as a bowls event does. The log's last bowls event may be
    older, and a restart before the next one took the lid's stale count: a
    pass stone read as that prisoner (seed 809225 game 335)."""
    r = ref.game.rules
    if not taken and r.scoring != R.SCORE_TERRITORY and not r.uses_pass_stones:
        return
    exp = expected_lid(ref, color)
    lid = ("black's" if color == BLACK else "white's") + " lid"
    ev = {"type": "prisoner-missing", "color": LETTER[color],
          "expected": exp, "counted": exp + short, "where": lid,
          "text": "%d prisoner%s missing from %s (%d of %d)" % (
              -short, "s" if short < -1 else "", lid, exp + short, exp),
          "fix": "put %s in %s; play goes on either way" % (
              "it" if short == -1 else "them", lid)}
    if not taken:
        sc = ref.scales
        ev[OFF_KEY[color]] = sc.into[color] - sc.now[_LID[color]]
    ref.emit(ev)
    ref.show("Prisoner missing", "%s lid: %d of %d" % (LETTER[color], exp + short, exp))
