"""What the board shows, explained from the last agreed game.

At a look the referee has the game (the position both sides agreed on, with
the captures still to lift tolerated) and the stable frame. `explain` finds the
continuations that make the one into the other: the new stones (on empty
points, or where a stone was captured in between) played as moves in
alternation from the side to move, in the order they arrived (goban.settle's
stamps: a stone never follows one that came after it, the game's last move
included; stones of one colour
that came in the same scan may go either way, and so may a stone whose
arrival is unknown: stamp -1, a sensor that read again after a fault), each
legal, whose captures take
every stone gone from the frame. A captured stone still on the board waits to
be lifted, and no move follows its capture until it is (removing the prisoners
is part of the capturing move). Each candidate is played on the game and taken back: a depth-first
search of at most PLAYS trial moves over at most MAX_NEW new stones.

The answer (the search's fields):
    found  the orders that explain the whole frame (at most ORDERS): none, one,
           or several (the common start is sure, the rest cannot be told)
    best   the longest order of moves that fits, so what is left over is what
           to announce when nothing explains the whole frame

For the announcement when nothing explains the whole frame, the longest order
is looked for among the `likely` moves only: a stone that reads only weakly
(no placed stone's reading: a drifted sensor, a stone held over the point), or
one beside a stone of its colour gone from the board (slid there), is left
over, and so named.
"""

from goban.board import BLACK, WHITE

MAX_NEW = 8         # new stones one look explains (a restart's catch-up, fast play)
PLAYS = 400         # trial moves a search may make: under 1 ms each on the RP2040
ORDERS = 6          # fitting orders kept: enough to see what they all begin with


def new_stones(v):
    """The frame's new stones: on empty points, or of the other colour (where a
    stone was captured in between)."""
    return v.extra + v.changed if v.changed else v.extra


def explain(ref, stable, new, missing, first=None):
    """The search (see the module docstring): its `found`, `best` and
    `complete`. `first`: the stones the order may begin with (None: any; the
    last stone come to rest elsewhere: goban.referee.play._rolled). The game is
    left as it was."""
    pools = [None, [], []]
    s = _Search(ref, stable, pools, missing, first)
    if len(new) > MAX_NEW or ref.game.over:
        return s
    for i in new:
        c = stable[i]
        if c != BLACK and c != WHITE:
            return s
        pools[c].append(i)
    since = ref.since
    if since is not None:
        _by_arrival(pools[BLACK], since)
        _by_arrival(pools[WHITE], since)
    s.dfs([], ref.move_stamp if since is not None else -1)   # none before the last move
    return s


def _by_arrival(pool, since):
    """Sorted in place by arrival, then point (at most MAX_NEW stones): an insertion
    sort, as MicroPython's sort is unstable and a key's closure and tuples were
    half of what a look allocated."""
    for k in range(1, len(pool)):
        i = pool[k]
        t = since[i]
        j = k - 1
        while j >= 0 and (since[pool[j]] > t or (since[pool[j]] == t and pool[j] > i)):
            pool[j + 1] = pool[j]
            j -= 1
        pool[j + 1] = i


SLID_SCANS = 50     # a stone that came this soon after one of its colour left, near it: slid


def likely(ref, stable, new, missing):
    """The new stones that may be moves, for the longest order that fits when
    nothing explains the whole frame: not a weak reading (no placed stone's),
    nor a stone that looks slid from a point of its colour gone from the board
    (beside it; or up to three points along its line, come as that one went,
    unless its bowl says a stone of that colour is out)."""
    from goban.referee import bowlwatch
    since = ref.since
    cells = ref.game.board.cells
    size = ref.size
    out = []
    for i in new:
        if weak(ref, i):
            continue
        c = stable[i]
        slid = False
        for j in missing:
            if cells[ref.p_of(j)] != c:
                continue
            dx = i % size - j % size
            dy = i // size - j // size
            if (dx == 0 and -1 <= dy <= 1) or (dy == 0 and -1 <= dx <= 1):
                slid = True
            elif since is not None and (dx == 0 or dy == 0) and -3 <= dx + dy <= 3 and \
                    -SLID_SCANS <= since[i] - since[j] <= SLID_SCANS and \
                    bowlwatch.witness(ref, c) <= 0:
                slid = True       # pushed along its line as the other went
        if not slid:
            out.append(i)
    return out


class _Search:
    def __init__(self, ref, stable, pools, missing, first):
        self.ref = ref
        self.stable = stable
        self.pools = pools
        self.missing = missing
        self.first = first
        self.taken = []           # frame points the moves so far captured
        self.found = []
        self.best = []
        self.budget = PLAYS

    @property
    def complete(self):
        """The search ran to its end: every fitting order is in `found`."""
        return self.budget > 0 and len(self.found) < ORDERS

    def dfs(self, seq, last, skipped=False):
        """Play the next stone of the colour to move (the earliest of its pool
        that came after the last one played, ties each in turn, and any whose
        arrival is unknown), then the other side's, while they fit. `last`: the
        latest arrival stamp played so far (-1: none known). A stone of the
        colour to move that came before the last one played came out of turn
        (a second stone): the order goes on past it for `best`, `skipped`,
        and so explains nothing whole."""
        ref = self.ref
        g = ref.game
        if len(seq) > len(self.best):
            self.best = list(seq)
        c = g.to_move()
        pool = self.pools[c]
        if not pool:
            if not skipped and not self.pools[3 - c] and self._covers():
                self.found.append(list(seq))
            return
        since = ref.since
        first = -1                # the earliest known arrival in the pool after `last`
        if since is not None:
            for i in pool:
                t = since[i]
                if t < 0:
                    continue
                if t < last:
                    skipped = True
                elif first < 0 or t < first:
                    first = t
        for k in range(len(pool)):
            i = pool[k]
            at = since[i] if since is not None else -1
            if at >= 0 and at != first:
                continue          # only the earliest (and those tied with it) may go next
            if self.budget <= 0 or len(self.found) >= ORDERS or g.over:
                return
            if not seq and self.first is not None and i not in self.first:
                continue
            self.budget -= 1
            p = ref.p_of(i)
            if ref.remote is not None and not ref.remote.allows(c, p):
                continue
            if g.play(c, p) is not None:
                continue
            caps = g.last_capture()
            held = False          # a capture still on the board: no move may follow it
            for q in caps:
                j = ref.i_of(q)
                self.taken.append(j)
                if self.stable[j] != 0:
                    held = True
            pool.pop(k)
            seq.append(i)
            if held:
                if len(seq) > len(self.best):
                    self.best = list(seq)
                if not skipped and not self.pools[BLACK] and not self.pools[WHITE] \
                        and self._covers():
                    self.found.append(list(seq))
            else:
                self.dfs(seq, at if at > last else last, skipped)
            seq.pop()
            pool.insert(k, i)
            for q in caps:
                self.taken.pop()
            g.undo()

    def _covers(self):
        """Every stone gone from the frame was captured by the moves."""
        taken = self.taken
        for i in self.missing:
            if i not in taken:
                return False
        return True


def beside(i, j, size):
    """Frame points i and j touch (the eight around a point)."""
    dx = i % size - j % size
    dy = i // size - j // size
    return i != j and -1 <= dx <= 1 and -1 <= dy <= 1


def sure(s):
    """The moves every fitting order of search `s` begins with (all of one
    order, when it is the only one), or [] when none fits or the search could
    not finish."""
    found = s.found
    if not found or not s.complete:
        return []
    out = found[0]
    for seq in found[1:]:
        k = 0
        while k < len(out) and k < len(seq) and out[k] == seq[k]:
            k += 1
        out = out[:k]
    return out


def weak(ref, i):
    """The stone on i reads past the threshold but not well past it: no placed
    stone's reading (a drifted sensor, a stone held over the point). Without
    the calibration's evidence (tests), nothing is weak."""
    s = ref.strong
    return s is not None and s[i] == 0


def unknown(ref, new):
    """New stones whose arrival nobody saw (on the board since the restart),
    once the restart's look is over: they may be moves only in the order that
    look found (goban.referee.resume), so now they are to be played again."""
    since = ref.since
    if since is None or ref.resumed:
        return ()
    for i in new:                 # (none, at nearly every look: nothing made)
        if since[i] == 0:
            return [j for j in new if since[j] == 0]
    return ()
