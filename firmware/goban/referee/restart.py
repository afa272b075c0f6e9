"""The first look after a power cut (goban.referee.play's `restart` rule), loaded
only then: what the sensors read from the baselines on flash that the game
cannot have (`drifted`), and a move on a dead sensor among the stones played
while the board was off (`hidden`); the lids' stones of moves named to be
played again (`named`)."""

from goban.referee import bowlwatch
from goban.referee.explain import weak, explain, new_stones, sure

DRIFT_MS = 400      # weak this long at the restart's looks: a drift, not a hand on a stone
BOWL_MS = 1500      # the restart's look waits this long for the mover's bowl (`hidden`)


def look(ref, v):
    """The restart's own rules, before the look's others: a drifted sensor
    (`drifted`), a move hidden on a dead sensor (`hidden`: its verdict left in
    v.unseen). True: this look is theirs (`act`)."""
    v.unseen = None
    if ref.rebase_sensor is not None and drifted(ref, v, False):
        return True
    return hidden(ref, v)


def act(ref, v):
    """What `look` found: a drifted sensor rebased, the bowl waited for, the
    hidden move and its order taken, or the player asked which dead point."""
    what = v.unseen
    if what is None:
        drifted(ref, v, True)
    elif what[0] == "wait":
        ref.stale = True          # (nothing taken yet: presses wait on)
    elif what[0] == "take":
        _take_hidden(ref, v, what[1], what[2])
    else:
        from goban.referee import unseen
        _ordered(ref, v)
        unseen.act(ref, v)


def hidden(ref, v):
    """The stones on the board since the restart explained as moves in one
    order, and the mover's bowl showing one stone more out than that order
    uses, with a dead point where the mover's move lets the same stones follow
    (goban.referee.unseen.fits): that was the first move, played while the
    board was off, and the order after it (seeds 982539 game 216, 210311 game
    52, 644394 game 352: W of on a dead point, B me, W mf; the order without it,
    W mf, B me, lost one move and made the next look ask about one nobody could
    answer). One point fits: taken with the order after it; several: the player
    says which (lit yellow, as goban.referee.unseen asks). The bowl not weighed
    yet since the restart: the look waits for it, BOWL_MS at most (then the
    order without it). Where no bowl tells (none, moving, a stone more or less
    out) the order the stones show is taken, as before; so too once a stone
    came since the restart (stamp > 1: its hand may hold the next already; 1
    is the question's, `_ordered`)."""
    g = ref.game
    sc = ref.scales
    w = ref.wait
    if not ref.n_faults or ref.pending or g.over or sc.witness_ms <= 0 or \
            (ref.remote is not None and ref.remote.color == g.to_move()):
        return False
    new = new_stones(v)
    since = ref.since
    c = g.to_move()
    k = 0                         # the mover's new stones: the other's as many
    for i in new:
        if since is None or since[i] > 1:
            return False          # (one put down since: its hand may hold the next)
        if v.stable[i] == c:
            k += 1
    if not new or 2 * k != len(new):
        return False              # (the mover's move first: then as many of each)
    cells = g.board.cells
    for j in range(ref.n):
        if ref.faults[j] and cells[ref.p_of(j)] == 0:
            break
    else:
        return False              # no dead point the move may be on
    s = explain(ref, v.stable, new, v.missing, s=v.searching)
    if not sure(s):
        return False
    out = bowlwatch.unused(ref, c)
    if out < 0 or not bowlwatch.settled(ref, c):
        if w.bowl_since < 0:
            w.bowl_since = ref.now
        waited = (ref.now - w.bowl_since) & 0x3FFFFFFF
        if waited >= BOWL_MS:
            return False
        ref.look_again(BOWL_MS - waited)
        v.unseen = ("wait",)
        return True
    w.bowl_since = -1
    if out != k + 1:
        return False
    from goban.referee import unseen
    cand = unseen.fits(ref, v)
    if not cand:
        return False
    if len(cand) == 1:
        j, s = cand[0]
        v.unseen = ("take", j, sure(s))
        return True
    theirs = [i for i in new if v.stable[i] != c]
    v.unseen = ("ask", [j for j, s in cand], theirs)
    return True


def _ordered(ref, v):
    """The stones there since the restart come after the hidden move, in an
    order the looks after it tell (unordered among themselves: stamp 1, as
    goban.referee.unseen.act orders those its question names); left at 0,
    they were named to be played again once it was played."""
    since = ref.since
    for i in new_stones(v):
        if since[i] == 0:
            since[i] = 1


def named(ref, pts):
    """Stones named to be played again (resume-order) with the prisoners to put
    back (`pts`: those the game still has): each prisoner lies in its capturer's
    lid until the fix, which may put another stone back from the bowl in its
    stead. While that stands, those lids' stones are the named moves', no pass
    stone (bowlwatch.pass_stone_in); the fix counts them (bowlwatch.fixed).
    Read as pass stones, both sides passed nobody made (seed 115536 game 264).
    The first announcement lists them all; a later one, only those still off."""
    cells = ref.game.board.cells
    k = [0, 0, 0]
    for i in pts:
        c = cells[ref.p_of(i)]
        if c:
            k[3 - c] += 1         # (a prisoner of c's: in the other side's lid)
    sc = ref.scales
    for c in (1, 2):
        if k[c] > sc.named[c]:
            sc.named[c] = k[c]


def _take_hidden(ref, v, j, order):
    """The move on dead point j, then the stones' order after it (none sure:
    the looks after it name them to be played again)."""
    from goban.referee import unseen, moves
    stable = v.stable
    if ref.illegal:
        ref.restored()
    _ordered(ref, v)
    unseen.play_unseen(ref, j, stable)
    for i in order:
        if not moves.play(ref, stable[i], ref.p_of(i), stable):
            break                 # cannot happen: the search played it


def drifted(ref, v, rebase):
    """The restart's look (goban.referee.play's `restart`): a weak reading on a
    point the game has empty, there since the power came back. No placed stone
    reads weak: it is a sensor whose baseline walked during the game, followed
    in RAM (goban.calibration's follow_drift) and read now from the baseline on
    flash. Taken as a stone, it was a move nobody played whenever the mover held
    a stone (seeds 588213 games 175, 190; 434437 game 223 at the count). With
    `rebase`, its baseline is taken again where it reads now: it reads empty from
    the next scan, and the look's frame is stale (presses wait for the next).
    Only once it has read weak for DRIFT_MS: a stone nudged by a hand as the
    power came back read weak for a moment, and rebased it was a stone the
    board never saw again (campaign seed 390617, game 430)."""
    since = ref.since
    if since is None:
        return False
    w = ref.wait
    found = False
    for i in v.extra:
        if since[i] == 0 and weak(ref, i):
            found = True
            break
    if not found:
        w.drift_since = -1
        return False
    if not rebase:
        return True
    if w.drift_since < 0:
        w.drift_since = ref.now
    waited = (ref.now - w.drift_since) & 0x3FFFFFFF
    if waited < DRIFT_MS:
        ref.look_again(DRIFT_MS - waited)
        ref.stale = True          # (no stone taken yet: presses wait on)
        return True
    for i in v.extra:
        if since[i] == 0 and weak(ref, i):
            ref.rebase_sensor(i)
    ref.dirty = True
    ref.stale = True
    return True
