"""A stone in the opponent's lid that the game does not explain: the mover's pass
stone, or the prisoner of what the board shows? The order tells (the same
weights): a pass stone lands in the lid before its answer's stone, a prisoner
after its stone was lifted; and prisoners of moves that explain the board
without a pass are theirs. Loaded by goban.referee.play under rules with pass
stones only, when a lid holds such a stone (the .mpy install's heap is tight)."""

from goban.board import BLACK, WHITE
from goban.referee.diff import CAP, FAULT
from goban.referee import bowlwatch
from goban.referee.explain import explain, new_stones, sure, unknown
from goban.referee.timing import landed

# a stone dropped into a lid reads there (its scale's next sample, the job that
# tells the referee) this late at most
LID_LAG_MS = 300


def pass_stone(ref, v, c, captured_unseen):
    """The stone the opponent's lid holds beyond the game (bowlwatch.pass_stone_in)
    is c's pass stone, not the prisoner of what the board shows: neither come
    in after the answer's stone landed and a stone of c's left the board
    (`lid_after`), nor as many as the prisoners of moves that explain the
    frame without a pass (`_prisoners_fit`). `captured_unseen`: play's rule,
    passed in (this module is below play in the import graph)."""
    since = ref.since
    if ref.resumed and since is not None:
        for i in new_stones(v):
            if since[i] == 0:
                if c not in passers(ref, v):
                    return False  # stones there since the restart, and what the
                    # lid holds beyond the game is their prisoners (seed 434437
                    # game 236: a pass nobody made; `at_restart` named pass
                    # stones that came among them)
                break
    o = WHITE if c == BLACK else BLACK
    t = ref.scales.gain_at[o]
    lift = ref.scales.lifted_at[o]
    own = bowlwatch.loose(ref, c)
    if t >= 0 and lift >= 0 and 0 <= (t - lift) & 0x3FFFFFFF < bowlwatch.CARRY_MS and \
            own is not None and own <= 0 and not bowlwatch.lid_moving(ref, c):
        # it began to come in as the opponent's capture was carried to that
        # lid, nothing new in c's own (no pass stone of the opponent's: not
        # quick passes both, seed 21212 game 62), and the stones on the board
        # are moves in the order they came without a pass: that capture's
        # prisoner, late (the lid's count had taken a stone it held already,
        # a prisoner in the wrong lid long before, for it: seed 400418 game
        # 62, AGA, taken for black's pass, the moves after it lost)
        new = new_stones(v)
        if new and not unknown(ref, new) and \
                sure(explain(ref, v.stable, new, v.missing, s=v.searching)):
            return False
    return _answered(ref, v, c) and not lid_after(ref, v, c, t) and \
        not after_stones(ref, v, t) and not _prisoners_fit(ref, v, c, captured_unseen) \
        and not dead_prisoner(ref, v, c, t)


def _answered(ref, v, c):
    """After c's pass the opponent moves first: the new stones can follow it
    only with at least as many of the opponent's as of c's, counting the
    opponent's pass stones in c's lid or landing there (or a move on a dead
    sensor the board cannot see among them). Two of c's and none of the
    opponent's are no pass and its answer (seed 525944 game 10: two prisoners
    of c's capture in the wrong lid, taken for c's pass, and the game stopped
    on a mismatch nobody could fix)."""
    if ref.n_faults:
        return True
    stable = v.stable
    k = 0
    for i in new_stones(v):
        k += 1 if stable[i] == c else -1
    if k <= 0:
        return True
    if bowlwatch.lid_moving(ref, c):
        return True               # (quick passes: the answer a pass stone too, landing)
    theirs = bowlwatch.loose(ref, c)
    return theirs is not None and k <= theirs


def repaid_pass(ref, c):
    """c is to move and the opponent's pass stone has come in; a stone of c's
    colour came into the opponent's lid after the last move landed and was
    taken for a prisoner said missing, late. The opponent passing out of turn
    is no explanation a player would give: that stone was c's pass stone (its
    bowl a stone behind the game, the stone out unseen), so it is counted
    back as the lid's and c passed first (seeds 638249 game 159, 602451 game
    294: the pass lost, the dead stones lifted announced knocked; 633370 game
    224: it came as the moves before it waited for a question). True when c's
    pass stone is in now."""
    sc = ref.scales
    o = WHITE if c == BLACK else BLACK
    if sc.repaid != o or not bowlwatch.pass_stone_in(ref, o):
        return False
    at = landed(ref, ref.move_stamp)
    if at is not None and not 0 < (sc.repaid_at - at) & 0x3FFFFFFF < 0x20000000:
        return False              # a move landed after it came: no pass of this turn
    sc.repaid = 0
    sc.missed[o] += 1
    sc.into[o] += 1
    if bowlwatch.pass_stone_in(ref, c):
        return True
    sc.missed[o] -= 1             # (it explains nothing after all: as it was)
    sc.into[o] -= 1
    return False


def after_stones(ref, v, t):
    """The lid began to take its stone at ticks t more than LID_LAG_MS after
    every new stone on the board had landed (each one's `since` known; a stone
    there at a restart landed by the first scan): whatever that stone is, it
    came after them, so it is no pass before them (seed 264851 game 63: a pass
    stone dropped as the board restarted, behind two moves played while it was
    off, was taken first and the moves after it in the wrong order)."""
    since = ref.since
    if t < 0 or since is None or ref.ticks_of is None:
        return False
    new = new_stones(v)
    if not new:
        return False
    for i in new:
        # (ticks wrap at 30 bits: t is later when less than half the range on)
        if since[i] < 0 or \
                not 0 < (t - ref.ticks_of(since[i]) - LID_LAG_MS) & 0x3FFFFFFF < 0x20000000:
            return False
    return True


def _after_answer(ref, v, c, t):
    """The opponent's lid began to take a stone at ticks t (-1: unknown) more
    than LID_LAG_MS after the first of the opponent's new stones landed."""
    since = ref.since
    if t < 0 or since is None or ref.ticks_of is None:
        return False
    o = WHITE if c == BLACK else BLACK
    stable = v.stable
    first = -1
    for i in v.extra:
        if stable[i] == o and since[i] > 0 and (first < 0 or since[i] < first):
            first = since[i]
    # (ticks wrap at 30 bits: t is later when less than half the range on)
    return first >= 0 and \
        0 < (t - ref.ticks_of(first) - LID_LAG_MS) & 0x3FFFFFFF < 0x20000000


def lid_after(ref, v, c, t):
    """The opponent's lid began to take a stone at ticks t (-1: unknown) more than
    LID_LAG_MS after the first of the opponent's new stones landed, and after
    a stone of c's now gone from the board left it: a pass stone lands in the
    lid before its answer's stone, a prisoner after its stone was lifted. So
    it is that prisoner (seeds 2431600987 game 16, 7662910399 game 32: the
    answer's prisoner, the move before on a dead sensor, taken for a pass)."""
    if not _after_answer(ref, v, c, t):
        return False
    since = ref.since
    cells = ref.game.board.cells
    for i in v.missing:
        if cells[ref.p_of(i)] == c and since[i] > 0 and \
                0 < (t - ref.ticks_of(since[i])) & 0x3FFFFFFF < 0x20000000:
            return True
    return False


def dead_prisoner(ref, v, c, t):
    """The lid began to take its stone at ticks t more than LID_LAG_MS after the
    opponent's first new stone landed, and a move of c's on a dead point,
    captured by the stones after it, explains the frame: the stone may be that
    prisoner (a capture on a dead sensor is never seen lifted) as well as c's
    pass stone handed late. Not taken: the player says which
    (goban.referee.unseen, `unseen-pass`). Seed 23140 game 141: white's si on
    a stuck sensor, captured at once by black's sh, the prisoner in black's
    lid taken for white's pass stone, si lost."""
    return bool(ref.n_faults) and _after_answer(ref, v, c, t) and dead_prisoner_fits(ref, v, c)


def _prisoners_fit(ref, v, c, captured_unseen):
    """Without a pass, moves from c explain the frame (in the order the
    stones arrived, one of them on a dead point if need be; or after a stone
    of c's a look saw, captured since: `_captured_unseen`), and their prisoners
    gone from the board (either colour's: one may be in the wrong lid) are at
    least as many as the opponent's lid holds beyond the game: the lid holds
    those prisoners (seeds 2431601095 game 1, 7662910376 game 9: two stones in one
    window, the second capturing, its prisoner taken for a pass stone)."""
    o = WHITE if c == BLACK else BLACK
    over = bowlwatch.loose(ref, o)
    if over is None or ref.pending or v.mis > CAP:
        return False
    k = len(v.missing) + len(v.changed)   # (c's in the lid they go to; the opponent's
    # dropped in the wrong one: seed 525944 game 10, white's ns taking os, os into
    # black's lid; a stone taken and its point played again, of the other colour
    # now, is a prisoner too: seed 725089 game 4, black's aa taking ba into
    # white's lid, then black's ba, read as black's pass stone)
    sc = ref.scales
    t = sc.stir[c]
    if k and t >= 0 and bowlwatch.lid_moving(ref, c) and \
            (bowlwatch.unused(ref, o) >= 1 or not bowlwatch.settled(ref, o)):
        # c's own lid began to move before any of them left the board, a stone
        # out of o's bowl (or a hand in it): o's pass stone landing, quick
        # passes both; those prisoners are in a hand yet (840684 g250: white's
        # pass stone in black's lid taken for black's jg dropped in the wrong
        # lid as white's jf captured it; both passes lost, a pass nobody made
        # later)
        for i in v.missing:
            at = landed(ref, ref.since[i])
            if at is None or not 100 <= (at - t) & 0x3FFFFFFF < 0x20000000:
                break
        else:
            return False
    new = new_stones(v)
    if k >= over and new and not unknown(ref, new):
        if sure(explain(ref, v.stable, new, v.missing, s=v.searching)):
            return True
        if ref.n_faults and explain(ref, v.stable, new, v.missing, hidden=True).found:
            # with a move on a dead point (seed 93475 game 95: white's recapture
            # there, its prisoner gone; black's capture's in the lid, taken for a
            # pass). Not with prisoners in the wrong lid too: two mishaps where a
            # pass explains it with none (seed 388954 game 238: black's quick pass,
            # white's answer, black's ko recapture, its prisoner still in a hand)
            cells = ref.game.board.cells
            k = 0
            for i in v.missing:
                if cells[ref.p_of(i)] == c:
                    k += 1        # (c's stones: the prisoners o's lid takes)
            if k >= over:
                return True
    return k + 1 >= over and captured_unseen(ref, v)


def at_restart(ref, v):
    """The restart's look (goban.referee.play's `restart` rule), once
    unseen.at_restart has nothing to say: stones on the board since the
    restart, and the lids, read since, holding pass stones beyond the
    prisoners of the stones gone (captured while off). Where a pass came in
    among those stones nobody can tell: taken first, the moves after them
    were a guess. So ("order", the stones and those gone, the words naming
    the pass stones), to be played again and handed again in turn (seed
    371907 game 347: quick passes, then an outage; the passes were written
    off as the fix's, both lost). Those still in a lid when the board is the
    game again are the fix's (bowlwatch.fixed): a stone played and captured
    while off, or a ko taken and taken back, leaves the same weights (seeds
    434437 game 256, 299031 game 34: kept, passes nobody made). ("wait",)
    while a lid is not read yet since the restart (unseen.BOWL_MS at most, as
    that look waits for a bowl); None when no pass stone is in."""
    since = ref.since
    new = new_stones(v)
    if since is None or (ref.pending and (ref.pending != "resume" or v.pend)) or not new \
            or v.mis > CAP:
        return None               # (the last capture before the cut lifted: nothing waits)
    first = -1
    for i in new:
        if since[i] == 0:
            first = i
            break
    if first < 0:
        return None               # (nothing there at the restart)
    sc = ref.scales
    if sc.seen is None:
        return None
    for c in (BLACK, WHITE):
        if bowlwatch.loose(ref, c) is None or bowlwatch.lid_moving(ref, c):
            # (a lid that cannot be read, waited for long enough: nothing to name)
            return ("wait",) if _waits(ref, v, first) else None
    cells = ref.game.board.cells
    gone = [i for i in v.missing if cells[ref.p_of(i)] != 0]
    # the one order the stones fit: with a dead sensor, what it captures there
    # unseen is in the lids (`passers`); searched once, used again below
    order = sure(explain(ref, v.stable, new, v.missing, s=v.searching)) if ref.n_faults else None
    passed = passers(ref, v, order)
    for c in passed:
        if not after_stones(ref, v, sc.gain_at[WHITE if c == BLACK else BLACK]):
            break
    else:
        return None               # (none, or each came into its lid after every
        # stone had landed: the passes come after them, as the lids tell)
    stable = v.stable
    for i in new:
        if stable[i] in passed:
            break
    else:
        if order is None:
            order = sure(explain(ref, v.stable, new, v.missing, s=v.searching))
        if order:
            return None           # (a passer with no stone among them, the stones
            # in one order: so are the passes, as the moves and the lids come:
            # seed 80345 game 457)
        g = ref.game
        c = g.to_move()
        if len(passed) == 1 and passed[0] == c and not dead_prisoner_fits(ref, v, c):
            # the mover's pass stone, none of its stones among them, its bowl
            # one out (that stone): its pass came first, the stones after it
            # in the one order they fit (583901 game 197: W's pass stone and
            # B's jd while off, named to be played again). One more out, or a
            # move of c's the stones captured at once (on a dead point, or
            # beside them: `caught_at_once`), whose prisoner is the lid's
            # stone: that move may have come instead of the pass: named
            out = bowlwatch.unused(ref, c)
            if out < 0 or not bowlwatch.settled(ref, c):
                if _waits(ref, v, first):
                    return ("wait",)
            elif out == 1 and not caught_at_once(ref, v, c, new) \
                    and g.pass_stone(c) is None:
                after = sure(explain(ref, v.stable, new, v.missing, s=v.searching))
                g.undo()
                if after:
                    return None   # (the pass: play's `pass_in`; then the stones)
    return ("order", list(new) + gone, pass_words(passed))


def _waits(ref, v, first):
    """The restart's look waits for a lid or a bowl, unseen.BOWL_MS at most
    since the look began to (its readings look again; presses wait on): True
    while it does."""
    from goban.referee.unseen import BOWL_MS
    w = ref.wait
    if v.waited != first:
        w.since = ref.now
    if (ref.now - w.since) & 0x3FFFFFFF >= BOWL_MS:
        return False
    w.i = first
    w.ms = BOWL_MS
    ref.stale = True
    return True


def dead_prisoner_fits(ref, v, c):
    """A move of c's on an empty dead point is captured by the stones after it
    (in the first order that fits): its prisoner may be the stone in the lid."""
    if not ref.n_faults:
        return False
    from goban.referee.unseen import fits, captured_later
    for j, s in fits(ref, v, -1):
        if captured_later(ref, c, j, s, v.stable):
            return True
    return False


def caught_at_once(ref, v, c, new):
    """A move of c's beside one of the new stones, then the new stones in an
    order that fits, it captured at once: its prisoner is a stone of c's in
    the opponent's lid as a pass stone is, and c's bowl one out the same
    (434437 game 256: W's bk and B's ck capturing it while the board was
    off, read as W's pass stone and ck). Only a lone stone: a group's stones
    gone from the board are seen."""
    g = ref.game
    size = ref.size
    cells = g.board.cells
    stable = v.stable
    for i in new:
        x = i % size
        for j in (i - size, i + size, i - 1 if x else -1, i + 1 if x < size - 1 else -1):
            if j < 0 or j >= ref.n or stable[j] != 0 or cells[ref.p_of(j)] != 0:
                continue
            if g.play(c, ref.p_of(j)) is not None:
                continue
            gone = list(v.missing)
            gone.append(j)
            fit = sure(explain(ref, stable, new, gone, s=v.searching))
            g.undo()
            if fit:
                return True
    return False


def unread_prisoners(ref, v, order):
    """How many stones of each colour (a bytearray by colour) the moves of
    `order` (frame points, played in turn) capture on points whose sensor
    cannot be read: lifted, nobody saw them go, and they lie in the capturer's
    lid as a pass stone would (497994 g277: black's da taking white's ea on a
    dead sensor while the board was off, read as white's pass stone)."""
    g = ref.game
    stable = v.stable
    k = bytearray(3)
    n = 0
    for i in order:
        c = stable[i]
        if g.play(c, ref.p_of(i)) is not None:
            break
        n += 1
        for j in range(g.last_removed):
            if stable[ref.i_of(g.captured(j))] >= FAULT:
                k[WHITE if c == BLACK else BLACK] += 1
    for _ in range(n):
        g.undo()
    return k


def pass_words(passed):
    """The pass stones (`passers`) named after the stones of a `resume-order`
    ("" with none)."""
    if len(passed) == 2:
        return " and both pass stones"
    if not passed:
        return ""
    from goban.referee.words import NAMES
    return " and %s's pass stone" % NAMES[passed[0]]


def passers(ref, v, order=None):
    """The colours whose pass stone the other's lid holds beyond the prisoners
    of the stones gone from the board (captured while the board was off, or
    of the other colour now), those `order`'s moves take on points no sensor
    reads (`unread_prisoners`), and a prisoner in the wrong lid."""
    cells = ref.game.board.cells
    unread = unread_prisoners(ref, v, order) if order else None
    passed = []
    for c in (BLACK, WHITE):
        o = WHITE if c == BLACK else BLACK
        lo = bowlwatch.loose(ref, o)
        lc = bowlwatch.loose(ref, c)
        if lo is None or lc is None:
            continue
        if unread is not None:
            lo -= unread[c]
            lc -= unread[o]
        for gone in (v.missing, v.changed):     # (a point played again by the
            for j in gone:                      # other colour: its stone taken too;
                if cells[ref.p_of(j)] == c:     # seed 180642 game 45)
                    lo -= 1       # (c's stones captured while off: in o's lid)
                elif cells[ref.p_of(j)]:
                    lc -= 1
        if lc < 0:
            lo += lc              # (a prisoner in the wrong lid)
        if lo > 0:
            passed.append(c)
    return passed
