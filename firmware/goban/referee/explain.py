"""What the board shows, explained from the last agreed game.

At a look the referee has the game (the position both sides agreed on, with
the captures still to lift tolerated) and the stable frame. `explain` finds the
continuations that make the one into the other: the new stones (on empty
points, or where a stone was captured in between) played as moves in
alternation from the side to move, in the order they arrived (goban.settle's
stamps: a stone never follows one that came after it, the game's last move
included, by more than one scan of 20 ms or less: two hands' stones a few ms
apart settle in either order; stones of one colour
that came in the same scan may go either way, and so may a stone whose
arrival is unknown: stamp -1, a sensor that read again after a fault), each
legal, whose captures take
every stone gone from the frame. A captured stone still on the board waits to
be lifted, and no move follows its capture until it is (removing the prisoners
is part of the capturing move), unless the capture's stone is there since a
restart (stamp 0: played while the board was off, when nobody said lift).
Each candidate is played on the game and taken back: a depth-first search of
at most PLAYS trial moves over at most MAX_NEW new stones (of more, the MAX_NEW
that came first: nothing explains the whole frame, but the start of `best` may
be sure, goban.referee.wrong.certain). A
captured stone on a sensor that cannot be read (FAULT) is never seen lifted,
so it holds nothing up.

With `hidden` (goban.referee.unseen), a move the board cannot see is tried
too: one move per order on a point whose sensor cannot be read (FAULT in the
frame, empty in the game when its turn comes, a dead point captured in the
order included), anywhere in the order, of the colour the alternation needs
there. It must be needed: followed by a move, or its captures gone from the
frame. Only orders with such a move fit, and `found` is then one list, the
seen moves they all begin with before it (Search._lead): a move on any of
many dead points is one answer, not one order each.

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
from goban.referee.diff import room, empty, put, drop_last, fill_bytes, FAULT, CAP

MAX_NEW = 8         # new stones one look explains (a restart's catch-up, fast play)
PLAYS = 400         # trial moves a search may make: under 1 ms each on the RP2040
ORDERS = 6          # fitting orders kept: enough to see what they all begin with
MAX_DEAD = CAP      # dead points a search with hidden moves tries (more: it cannot finish)


def new_stones(v):
    """The frame's new stones: on empty points, or of the other colour (where a
    stone was captured in between)."""
    return v.extra + v.changed if v.changed else v.extra


def explain(ref, stable, new, missing, first=None, s=None, hidden=False):
    """The search (see the module docstring): its `found`, `best` and
    `complete`. `first`: the stones the order may begin with (None: any; the
    last stone come to rest elsewhere: goban.referee.play._rolled). `s`: a
    Search to reuse (the look's own, made at boot: nothing allocated); else
    one is made. `hidden`: with one move on a dead point in each order. The
    game is left as it was."""
    if s is None:
        s = Search(ref.n, MAX_DEAD if hidden else 0)
    s.start(ref, stable, missing, first)
    since = ref.since
    many = len(new) > MAX_NEW
    if ref.game.over or (many and (hidden or since is None)):
        return s
    if hidden and not s.hide(hidden):
        return s
    pools = s.pools
    left = s.left
    for i in new:
        c = stable[i]
        if c != BLACK and c != WHITE:
            return s
        left[c] += 1
        if many:
            # more than one look orders: only the MAX_NEW that came first are
            # tried, the rest left over (nothing is `found`, `best` is a start
            # that goban.referee.wrong.certain may find sure)
            t = since[i]
            if t <= 0:
                return s          # when it came, nobody can tell
            before = 0
            for j in new:
                if since[j] < t or (since[j] == t and j < i):
                    before += 1
            if before >= MAX_NEW:
                continue
        pools[c].append(i)
    if since is not None:
        _by_arrival(pools[BLACK], since)
        _by_arrival(pools[WHITE], since)
    s.dfs(ref.move_stamp if since is not None else -1, False)   # none before the last move
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


class Search:
    """A search's state and its answer, in lists with room for MAX_NEW moves and
    ORDERS orders: `start` readies it for another search without allocating."""

    def __init__(self, n, dead=0):
        self.pools = [None, room(MAX_NEW), room(MAX_NEW)]   # each colour's new stones
        self.left = bytearray(3)  # stones of each pool not yet played (played: -1 - i)
        self.taken = bytearray(n) # frame points the moves so far captured (how often)
        self.seq = room(MAX_NEW)  # the order being tried
        self.best = room(MAX_NEW)
        self.orders = [room(MAX_NEW) for _ in range(ORDERS)]
        self.found = room(ORDERS) # the first len(found) of `orders`
        # the points a hidden move may take (empty: none tried); room for `dead`
        # (MAX_DEAD: a search for hidden moves, goban.referee.unseen; the look's own has none)
        self.dead = room(dead)
        self.hid = -1             # where the order being tried has its hidden move (-1: none)
        self.fits = 0             # orders with a hidden move that fit (Search._lead)
        self.ref = None
        self.stable = None
        self.missing = None
        self.first = None
        self.budget = PLAYS

    def start(self, ref, stable, missing, first):
        self.ref = ref
        self.stable = stable
        self.missing = missing
        self.first = first
        empty(self.pools[BLACK])
        empty(self.pools[WHITE])
        self.left[BLACK] = self.left[WHITE] = 0
        fill_bytes(self.taken, len(self.taken), 0)
        empty(self.seq)
        empty(self.best)
        empty(self.found)
        empty(self.dead)
        self.hid = -1
        self.fits = 0
        self.budget = PLAYS

    def hide(self, points):
        """Every point whose sensor cannot be read may take the order's hidden
        move (`points` True), or those given (frame point + n * colour: a stone
        a look saw there, gone since: goban.referee.seen). False when there is
        none, or more than the search can try (then it is not `complete`)."""
        stable = self.stable
        dead = self.dead
        if points is not True:
            for j in points:
                dead.append(j)
            return len(dead) > 0
        for j in range(self.ref.n):
            if stable[j] >= FAULT:
                if len(dead) >= MAX_DEAD:
                    self.budget = 0
                    return False
                dead.append(j)
        return len(dead) > 0

    @property
    def complete(self):
        """The search ran to its end: every fitting order is in `found`."""
        return self.budget > 0 and len(self.found) < ORDERS

    def _found(self):
        seq = self.seq
        if self.dead:
            self._lead()
            return
        o = self.orders[len(self.found)]
        put(o, seq)
        self.found.append(o)

    def _lead(self):
        """With hidden moves, `found` keeps one list whatever the number of
        dead points: the seen moves every fitting order begins with, before
        its hidden move. Once that is none, nothing more is looked for (the
        budget spent: not `complete`)."""
        seq = self.seq
        lead = self.orders[0]
        self.fits += 1
        if not self.found:
            empty(lead)
            for k in range(self.hid):
                lead.append(seq[k])
            self.found.append(lead)
        else:
            k = 0
            while k < len(lead) and k < self.hid and lead[k] == seq[k]:
                k += 1
            while len(lead) > k:
                drop_last(lead)
        if not lead:
            self.budget = 0

    def dfs(self, last, skipped):
        """Play the next stone of the colour to move (the earliest of its pool
        that came after the last one played, ties each in turn, and any whose
        arrival is unknown), then the other side's, while they fit. `last`: the
        latest arrival stamp played so far (-1: none known). A stone of the
        colour to move that came before the last one played came out of turn
        (a second stone): the order goes on past it for `best`, `skipped`,
        and so explains nothing whole. A stone played is marked in its pool
        (-1 - i) while its order goes on: nothing is moved or allocated."""
        ref = self.ref
        g = ref.game
        seq = self.seq
        left = self.left
        if len(seq) > len(self.best):
            put(self.best, seq)
        c = g.to_move()
        hide = self.hid < 0 and len(self.dead) > 0    # a hidden move may come yet
        if not left[c]:
            if not left[3 - c] and not skipped and (self.hid >= 0 or not self.dead) \
                    and self._covers():
                self._found()
            if not hide:
                return
        pool = self.pools[c]
        since = ref.since
        first = -1                # the earliest known arrival in the pool after `last`
        if since is not None:
            for i in pool:
                if i < 0:
                    continue
                t = since[i]
                if t < 0:
                    continue
                if t < last and (t != last - 1 or last < 3 or ref.ticks_of is None
                                 or (ref.ticks_of(last) - ref.ticks_of(t)) & 0x3FFFFFFF > 20):
                    # (one scan of 20 ms or less before it may follow it: two
                    # hands' stones a few ms apart settle in either order; seeds
                    # 953884 game 77, 17397 game 389 at tempo 0: the answer one
                    # scan ahead of the move was named a second stone)
                    skipped = True
                elif first < 0 or t < first:
                    first = t
        taken = self.taken
        stable = self.stable
        for k in range(len(pool)):
            i = pool[k]
            if i < 0:
                continue          # played earlier in this order
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
            held = False          # a capture still on the board: no move may follow it
            n_caps = g.last_removed
            for q in range(n_caps):
                j = ref.i_of(g.captured(q))
                taken[j] += 1
                if 0 < stable[j] < FAULT and at != 0 and j not in self.pools[stable[j]]:
                    held = True   # (at 0, played while the board was off: nobody said lift;
                    # a stone of the other colour there now, a new one not played yet,
                    # was put down after the lifting: seed 725089 game 4, black's aa
                    # taking ba, then black's ba)
            pool[k] = -1 - i
            left[c] -= 1
            seq.append(i)
            if held:
                self._ends(skipped)
            else:
                self.dfs(at if at > last else last, skipped)
            drop_last(seq)
            pool[k] = i
            left[c] += 1
            for q in range(n_caps):
                taken[ref.i_of(g.captured(q))] -= 1
            g.undo()
        if hide:
            self._hidden(c, last, skipped)

    def _ends(self, skipped):
        """The order ends here (a capture still to lift): kept if it fits."""
        seq = self.seq
        left = self.left
        if len(seq) > len(self.best):
            put(self.best, seq)
        if not skipped and not left[BLACK] and not left[WHITE] and \
                (self.hid >= 0 or not self.dead) and self._covers():
            self._found()

    def _hidden(self, c, last, skipped):
        """c's move on each dead point empty now, unseen, then the rest of the
        order (see the module docstring): it has no arrival, so `last` stays.
        Tried only where the stones left then alternate; once one dead point
        here fits, the others would begin their orders alike (`_lead`), so
        they are not tried."""
        ref = self.ref
        g = ref.game
        cells = g.board.cells
        seq = self.seq
        left = self.left
        taken = self.taken
        stable = self.stable
        if not seq and self.first is not None:
            return
        a = left[c]
        if a != left[3 - c] and a + 1 != left[3 - c]:
            return                # c's hidden move here: the stones left cannot alternate
        n = ref.n
        for j in self.dead:
            if j >= n:
                if j // n != c:
                    continue      # a stone seen there: of its colour only
                j %= n
            p = ref.p_of(j)
            if cells[p] != 0:
                continue
            if self.budget <= 0 or len(self.found) >= ORDERS or g.over:
                return
            self.budget -= 1
            if ref.remote is not None and not ref.remote.allows(c, p):
                continue
            if g.play(c, p) is not None:
                continue
            held = False
            gone = 0              # its captures gone from the frame: what tells it
            n_caps = g.last_removed
            for q in range(n_caps):
                i = ref.i_of(g.captured(q))
                taken[i] += 1
                if stable[i] == 0:
                    gone += 1
                elif stable[i] < FAULT:
                    held = True
            fits = self.fits
            if gone or left[BLACK] or left[WHITE]:
                self.hid = len(seq)
                seq.append(j)
                if held:
                    self._ends(skipped)
                else:
                    self.dfs(last, skipped)
                drop_last(seq)
                self.hid = -1
            for q in range(n_caps):
                taken[ref.i_of(g.captured(q))] -= 1
            g.undo()
            if self.fits > fits:
                return            # another dead point here begins its orders alike

    def _covers(self):
        """Every stone gone from the frame was captured by the moves."""
        taken = self.taken
        for i in self.missing:
            if not taken[i]:
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
    out = found[0]                # (the search's own list when one order fits)
    for n in range(1, len(found)):
        seq = found[n]
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
    look found (goban.referee.resume), so now they are to be played again. So
    too a stone the standing `resume-order` names (lit), never lifted since:
    one put down as the players lifted the others, named with them, was taken
    as the move once they were off (seed 506481 game 375)."""
    since = ref.since
    if since is None or ref.resumed:
        return ()
    named = ref.illegal == "resume-order"
    out = None                    # (none, at nearly every look: nothing made; a
    for i in new:                 # comprehension would make `since` a cell at each call)
        if since[i] == 0 or (named and i in ref.lights):
            if out is None:
                out = []
            out.append(i)
    return out if out is not None else ()
