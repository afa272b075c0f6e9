"""Empty regions, territory, blocks, basic eye positions and seki: the board
facts every scoring system of RULES.md is built from, found by one viper pass.

`label_regions()` and `label_blocks()` flood the board over its own layout
(see `goban.board`: index (y+1)*W + x, a border of EDGE cells, neighbours
p+-1, p+-W) and never allocate: every buffer is made once by `Regions(size)`.

1. Empty regions (4-connected empty points). For each: its size, the colours
   it borders (mask: 1 black, 2 white, 3 both = dame, 0 none), how many of its
   points touch both colours and how many touch exactly one (New Ing's 荒空).
   A region bordering one colour only is that colour's territory. Where the
   players agree on the end (every system but Tromp-Taylor), a dame region
   that one colour touches at MOUTH_POINTS points or fewer is the other's
   area with an open mouth: those points are 单官, the rest territory
   (`goban.mouths`; the board is counted where the players stop, 单官
   filled or not: seed 004's 铃木 game counts the same both ways).
2. Blocks (块): a colour's stones joined through that colour's territory. For
   each: stones, territory points, the number of territory regions (eyes),
   the largest one, and whether a stone touches a dame point.

Basic eye positions E (基本眼位), the points a block keeps empty to live once
its territory is filled (seed 003 第二十二条):
  - 2 if the block can make two non-adjacent eyes (two territory regions, or one
    region of 3 or more points: any connected set of 3 grid points holds two
    non-adjacent ones) and lives on its own;
  - 1 if it lives with a shared liberty: a block in seki with its own eye, or a
    block able to make two eyes that touches a dame point next to an opposing
    block in seki, whatever its number of eye regions (`shared_liberties()`,
    seed 004 图十: white fills six of its seven points and lives);
  - otherwise 1 if it has a territory point (a one-eye life such as seed 003's
    一眼净活图), else 0 (seki on shared liberties only).
A block is in seki when it cannot make two eyes, touches a dame point, and its
shared liberties (公气, the dame next to it, kept for both sides) hold both
sides (`seki_by_liberties()`): no dame region next to it borders a living block
of its colour (it lives by connecting through an unfilled 单官 or an open
border), and, if it has no eye, none borders any living block and one borders
an opponent block that cannot make two eyes either. A board is counted where
the players stop, dame filled or not: touching a dame point alone is no seki.
Known limits: points of a seki that only one side may fill (seed 004's last
figure, seed 003 §18.4(1)) count as shared liberties, like every dame point; a
one-eyed block whose open border faces only the opponent stays in seki (seed
004 图九's reading: the opponent fills its own eyes down to one).
The players have the last word (`goban.seki_marks`, issue 12 item 5): a block they
mark in or out of seki is so, whatever this reading found, and what depends on
seki (open mouths, shared liberties, the totals) follows.
"""

from array import array

from goban.compat import micropython, const, ptr8, ptr16, ptr32
from goban import point_names
from goban.point_names import dead_names, seki_names, named

# per-region record in `rinfo`, stride 8 (region ids start at 1)
_R_SIZE = const(0)
_R_MASK = const(1)
_R_BOTH = const(2)      # points touching both colours
_R_ONE = const(3)       # points touching exactly one colour
_R_OWNER = const(4)     # block that has counted this region (scratch)
_R_FIRST = const(5)     # first point found
_R_NB = const(6)        # points next to a black stone
_R_NW = const(7)        # points next to a white stone

# per-block record in `binfo`, stride 8 (block ids start at 1)
_B_FIRST = const(0)
_B_COLOR = const(1)
_B_STONES = const(2)
_B_TERR = const(3)
_B_EYES = const(4)      # territory regions
_B_MAXEYE = const(5)    # largest territory region
B_FLAGS = const(6)     # bit 1: touches dame, bit 2: seki
B_BASIC = const(7)     # basic eye positions E

# goban.mouths: a colour touching the other's area at this many points or fewer
# leaves it the other's, with those points as 单官 (seed 004's 铃木 game: two)
MOUTH_POINTS = const(2)

# dead stones listed as taken off (beyond, dead_names scans the board: an
# insertion sort of n is n*n/4 steps, a scan about 361)
TAKEN_LIST = const(40)

_F_TOUCH = const(1)
F_SEKI = const(2)
_F_SHARED = const(4)    # lives with a shared liberty (shared_liberties())

# totals in `tot` (int32)
_T_REGIONS = const(0)
_T_BLOCKS = const(1)
T_DAME = const(2)      # points of regions bordering both colours
T_DBOTH = const(3)     # of those, points next to both colours
T_HUANG = const(4)     # of those, points next to one colour only (荒空)
T_NEUTRAL = const(5)   # points of regions bordering no stone
# per colour c at 8*c + ...
T_S = const(0)         # living stones
T_T = const(1)         # territory points
T_E = const(2)         # basic eye positions
T_G = const(3)         # blocks
T_SEKI_G = const(4)    # blocks in seki
T_SEKI_T = const(5)    # territory points of blocks in seki
T_SEKI_E = const(6)    # basic eye positions of blocks in seki
_T_LEN = const(24)


@micropython.viper
def label_regions(r: int, v: int, work, rid, stack, rinfo, tot, length: int, W: int) -> int:
    """Fill rid (`ri`, zeroed)/rinfo (`rf`: regions) and the region
    totals of tot (`t`) from the cells in work (`w`: dead stones already
    removed). Returns the number of regions. `r` and `v` are scratch (the
    caller passes 0): the neighbour looked at and its cell, the locals used
    most, since the first two arguments are the only locals viper keeps in
    registers in frozen code (py/emitnative.c: MAX_REGS_FOR_LOCAL_VARS; ~9%
    off label_blocks on the chip)."""
    w = ptr8(work)
    ri = ptr16(rid)
    st = ptr16(stack)
    rf = ptr16(rinfo)
    t = ptr32(tot)
    i = 0
    while i < 24:
        t[i] = 0
        i += 1
    nreg = 0
    p = W
    while length - p:
        if not w[p] and not ri[p]:
            nreg += 1
            ri[p] = nreg
            st[0] = p
            n = 1
            i = 0
            mask = 0
            both = 0
            one = 0
            nb = 0
            nw = 0
            while n - i:
                q = st[i]
                i += 1
                bits = 0
                # the four neighbours written out on purpose (viper: no call, no loop)
                r = q - 1
                v = w[r]
                if not v:
                    if not ri[r]:
                        ri[r] = nreg
                        st[n] = r
                        n += 1
                elif v ^ 3:
                    bits = bits | v
                r = q + 1
                v = w[r]
                if not v:
                    if not ri[r]:
                        ri[r] = nreg
                        st[n] = r
                        n += 1
                elif v ^ 3:
                    bits = bits | v
                r = q - W
                v = w[r]
                if not v:
                    if not ri[r]:
                        ri[r] = nreg
                        st[n] = r
                        n += 1
                elif v ^ 3:
                    bits = bits | v
                r = q + W
                v = w[r]
                if not v:
                    if not ri[r]:
                        ri[r] = nreg
                        st[n] = r
                        n += 1
                elif v ^ 3:
                    bits = bits | v
                mask = mask | bits
                if not (bits ^ 3):
                    both += 1
                elif bits:
                    one += 1
                if bits & 1:
                    nb += 1
                if bits & 2:
                    nw += 1
            b = nreg << 3
            rf[b] = n
            rf[b + 1] = mask
            rf[b + 2] = both
            rf[b + 3] = one
            rf[b + 4] = 0
            rf[b + 5] = p
            rf[b + 6] = nb
            rf[b + 7] = nw
            if not (mask ^ 3):
                t[2] += n
                t[3] += both
                t[4] += one
            elif not mask:
                t[5] += n
            else:
                t[(mask << 3) + 1] += n
        p += 1
    t[0] = nreg
    return nreg


@micropython.viper
def label_blocks(r: int, v: int, work, bid, rid, stack, rinfo, binfo, tot, length: int,
                 W: int) -> int:
    """Fill bid (`bi`, zeroed)/binfo (`bf`: blocks, stones joined through
    their own territory) and the block totals of tot, from the regions.
    Returns the number of blocks. `r`, `v`: scratch in registers, as in
    label_regions."""
    w = ptr8(work)
    bi = ptr16(bid)
    ri = ptr16(rid)
    st = ptr16(stack)
    rf = ptr16(rinfo)
    bf = ptr16(binfo)
    t = ptr32(tot)
    c8 = 8
    while c8 <= 16:             # the block totals (label_regions made the territory's)
        t[c8] = 0
        i = 2
        while i < 7:
            t[c8 + i] = 0
            i += 1
        c8 += 8
    i = t[0]
    while i > 0:                # no region counted by a block yet (a second run)
        rf[(i << 3) + 4] = 0
        i -= 1
    nblk = 0
    p = W
    while length - p:
        col = w[p]
        if col and col ^ 3 and not bi[p]:
            nblk += 1
            bi[p] = nblk
            st[0] = p
            n = 1
            i = 0
            stones = 0
            terr = 0
            eyes = 0
            maxeye = 0
            touch = 0
            while n - i:
                q = st[i]
                i += 1
                if not w[q]:
                    terr += 1
                    rb = ri[q] << 3
                    if rf[rb + 4] ^ nblk:
                        rf[rb + 4] = nblk
                        eyes += 1
                        if rf[rb] > maxeye:
                            maxeye = rf[rb]
                else:
                    stones += 1
                # the four neighbours written out on purpose (viper: no call, no loop)
                r = q - 1
                v = w[r]
                if not v:               # a point: its region's mask (col joins, 3 touches)
                    v = rf[(ri[r] << 3) + 1]
                    if not (v ^ 3):
                        touch = 1
                if not (v ^ col) and not bi[r]:
                    bi[r] = nblk
                    st[n] = r
                    n += 1
                r = q + 1
                v = w[r]
                if not v:               # a point: its region's mask (col joins, 3 touches)
                    v = rf[(ri[r] << 3) + 1]
                    if not (v ^ 3):
                        touch = 1
                if not (v ^ col) and not bi[r]:
                    bi[r] = nblk
                    st[n] = r
                    n += 1
                r = q - W
                v = w[r]
                if not v:               # a point: its region's mask (col joins, 3 touches)
                    v = rf[(ri[r] << 3) + 1]
                    if not (v ^ 3):
                        touch = 1
                if not (v ^ col) and not bi[r]:
                    bi[r] = nblk
                    st[n] = r
                    n += 1
                r = q + W
                v = w[r]
                if not v:               # a point: its region's mask (col joins, 3 touches)
                    v = rf[(ri[r] << 3) + 1]
                    if not (v ^ 3):
                        touch = 1
                if not (v ^ col) and not bi[r]:
                    bi[r] = nblk
                    st[n] = r
                    n += 1
            # basic eye positions and seki
            if eyes >= 2 or maxeye >= 3:
                basic = 2
                flags = touch
            else:
                basic = 1 if terr > 0 else 0
                flags = touch | (touch << 1)
            b = nblk << 3
            bf[b] = p
            bf[b + 1] = col
            bf[b + 2] = stones
            bf[b + 3] = terr
            bf[b + 4] = eyes
            bf[b + 5] = maxeye
            bf[b + 6] = flags
            bf[b + 7] = basic
            c8 = col << 3
            t[c8] += stones
            t[c8 + 2] += basic
            t[c8 + 3] += 1
            if flags & 2:
                t[c8 + 4] += 1
                t[c8 + 5] += terr
                t[c8 + 6] += basic
        p += 1
    t[1] = nblk
    return nblk


@micropython.viper
def seki_by_liberties(work, rid, bid, stack, rinfo, binfo, tot, length: int, W: int,
                      nblk: int) -> int:
    """Keep in seki only the blocks whose shared liberties hold both sides: a
    block that cannot make two eyes is in seki only if no dame region next to it
    borders a living block of its own colour (it lives by connecting through an
    unfilled 单官 or an open border), and, if it has no eye, no dame region next
    to it borders any living block (the owner fills the shared points and takes
    it, or the fight is not over) and one borders an opponent block that cannot
    make two eyes either (its liberties are shared with one that needs them too).
    A block let go lives, which may let go its neighbours: repeated until
    nothing changes. Run after label_blocks(); clears F_SEKI and updates the seki
    totals in tot; `stack` is scratch. Returns the number of blocks let go."""
    w = ptr8(work)
    ri = ptr16(rid)
    bi = ptr16(bid)
    acc = ptr16(stack)
    rf = ptr16(rinfo)
    bf = ptr16(binfo)
    t = ptr32(tot)
    nreg = t[0]
    released = 0
    changed = 1
    while changed:
        changed = 0
        # 1. what borders each dame region: bit c-1 a living block of colour c,
        #    bit c+1 a block of colour c that cannot make two eyes
        r = 1
        while r <= nreg:
            rf[(r << 3) + 4] = 0     # scratch (_R_OWNER: label_blocks is done with it)
            r += 1
        k = 1
        while k <= nblk:
            acc[k] = 0
            k += 1
        p = W
        while length - p:
            if not w[p]:
                r = (ri[p] << 3)
                if not (rf[r + 1] ^ 3):
                    bits = 0
                    # the four neighbours written out on purpose (viper: no call, no loop)
                    q = p - 1
                    v = w[q]
                    if v and v ^ 3:
                        if bf[(bi[q] << 3) + 6] & 2:
                            v = v << 2
                        bits = bits | v
                    q = p + 1
                    v = w[q]
                    if v and v ^ 3:
                        if bf[(bi[q] << 3) + 6] & 2:
                            v = v << 2
                        bits = bits | v
                    q = p - W
                    v = w[q]
                    if v and v ^ 3:
                        if bf[(bi[q] << 3) + 6] & 2:
                            v = v << 2
                        bits = bits | v
                    q = p + W
                    v = w[q]
                    if v and v ^ 3:
                        if bf[(bi[q] << 3) + 6] & 2:
                            v = v << 2
                        bits = bits | v
                    rf[r + 4] = rf[r + 4] | bits
            p += 1
        # 2. each seki block gathers what borders its dame regions
        p = W
        while length - p:
            if not w[p]:
                r = (ri[p] << 3)
                if not (rf[r + 1] ^ 3):
                    bits = rf[r + 4]
                    # the four neighbours written out on purpose (viper: no call, no loop)
                    q = p - 1
                    if w[q] and w[q] ^ 3:
                        acc[bi[q]] = acc[bi[q]] | bits
                    q = p + 1
                    if w[q] and w[q] ^ 3:
                        acc[bi[q]] = acc[bi[q]] | bits
                    q = p - W
                    if w[q] and w[q] ^ 3:
                        acc[bi[q]] = acc[bi[q]] | bits
                    q = p + W
                    if w[q] and w[q] ^ 3:
                        acc[bi[q]] = acc[bi[q]] | bits
            p += 1
        # 3. let go the blocks whose liberties are not held
        k = 1
        while k <= nblk:
            b = k << 3
            if bf[b + 6] & 2:
                col = bf[b + 1]
                seen = acc[k]
                free = 0
                if bf[b + 3]:
                    if seen & col:
                        free = 1
                elif seen & 3:
                    free = 1
                elif not (seen & ((3 - col) << 2)):
                    free = 1
                if free:
                    bf[b + 6] = bf[b + 6] & 0xFD
                    c8 = col << 3
                    t[c8 + 4] -= 1
                    t[c8 + 5] -= bf[b + 3]
                    t[c8 + 6] -= bf[b + 7]
                    released += 1
                    changed = 1
            k += 1
    return released


@micropython.viper
def shared_liberties(work, rid, bid, rinfo, binfo, tot, length: int, W: int,
                     nblk: int) -> int:
    """Blocks that live with a shared liberty (公气): a block able to make two
    eyes that touches a dame point next to an opponent block in seki (seed 003
    第二十二条: 与对方棋子共有一口公气的活棋,要保留一个所围空点作为其基本眼位) keeps 1
    basic eye position, whatever its number of eye regions (seed 004 图十: white
    fills six of seven points and lives). It is flagged _F_SHARED, not F_SEKI:
    the Japanese seki tax stays on the blocks that cannot make two eyes (while
    seki is decided by shape, a false seki would spread the tax to whole groups).
    Run after label_blocks(), which marks the blocks that cannot make two eyes;
    updates binfo (flags, E) and tot (E). Returns the number of blocks changed."""
    w = ptr8(work)
    ri = ptr16(rid)
    bi = ptr16(bid)
    rf = ptr16(rinfo)
    bf = ptr16(binfo)
    t = ptr32(tot)
    p = W
    while length - p:
        if not w[p] and not (rf[(ri[p] << 3) + 1] ^ 3):
            # which colours have a seki block (from label_blocks) next to this dame point
            seki = 0
            # the four neighbours written out on purpose (viper: no call, no loop)
            q = p - 1
            v = w[q]
            if v and v ^ 3 and bf[(bi[q] << 3) + 6] & 2:
                seki = seki | v
            q = p + 1
            v = w[q]
            if v and v ^ 3 and bf[(bi[q] << 3) + 6] & 2:
                seki = seki | v
            q = p - W
            v = w[q]
            if v and v ^ 3 and bf[(bi[q] << 3) + 6] & 2:
                seki = seki | v
            q = p + W
            v = w[q]
            if v and v ^ 3 and bf[(bi[q] << 3) + 6] & 2:
                seki = seki | v
            if seki:
                # the opponents of those seki blocks here, not in seki themselves
                opp = 3 - seki if seki != 3 else 3
                # the four neighbours written out on purpose (viper: no call, no loop)
                q = p - 1
                v = w[q]
                if v and v ^ 3 and v & opp:
                    b = bi[q] << 3
                    if not (bf[b + 7] ^ 2):
                        bf[b + 6] = bf[b + 6] | 4
                q = p + 1
                v = w[q]
                if v and v ^ 3 and v & opp:
                    b = bi[q] << 3
                    if not (bf[b + 7] ^ 2):
                        bf[b + 6] = bf[b + 6] | 4
                q = p - W
                v = w[q]
                if v and v ^ 3 and v & opp:
                    b = bi[q] << 3
                    if not (bf[b + 7] ^ 2):
                        bf[b + 6] = bf[b + 6] | 4
                q = p + W
                v = w[q]
                if v and v ^ 3 and v & opp:
                    b = bi[q] << 3
                    if not (bf[b + 7] ^ 2):
                        bf[b + 6] = bf[b + 6] | 4
        p += 1
    changed = 0
    k = 1
    while k <= nblk:
        b = k << 3
        f = bf[b + 6]
        if f & 4:
            t[(bf[b + 1] << 3) + 2] += 1 - bf[b + 7]
            bf[b + 7] = 1
            changed += 1
        k += 1
    return changed


@micropython.viper
def take_off(work, cells, pts, n: int, length: int, counts, taken, limit: int) -> int:
    """Take the dead stones at the n points of the int array `pts` off `work`
    (a copy of `cells`), counting them per colour in counts[1] and counts[2]; a
    point given twice counts once. The first `limit` points taken off go into
    the uint16 array `taken`, counts[0] of them (for dead_names). Returns -1, or
    the index of the first point off the board or without a stone (the caller
    names it)."""
    w = ptr8(work)
    c = ptr8(cells)
    pp = ptr32(pts)
    k = ptr32(counts)
    tk = ptr16(taken)
    k[0] = 0
    k[1] = 0
    k[2] = 0
    i = 0
    while i < n:
        p = pp[i]
        if p < 0 or p >= length:   # a negative int32 reads as a huge one on 64 bits
            return i
        v = w[p]
        if v == 1 or v == 2:
            w[p] = 0
            k[v] += 1
            if k[0] < limit:
                tk[k[0]] = p
                k[0] += 1
        elif v != 0 or c[p] == 0:  # the border, or a point that never had a stone
            return i
        i += 1
    return -1


class Regions:
    """The buffers of one board size, allocated once: `load(cells)`, then
    `take_off(cells, pts)` of the dead stones, then `run()` analyses the
    position without allocating; `dead_names`/`seki_names` name points."""

    def __init__(self, size):
        self.size = size
        self.W = W = size + 1
        self.length = n = (size + 2) * W + 1
        self.work = bytearray(n)
        # region and block ids per point (zeroed before each labelling: a memcpy from
        # `_zeros` through memoryviews made at the first run, where a slice of an
        # array would allocate; a viper pass cost the chip more)
        self.rid = array("H", bytes(2 * n))
        self.bid = array("H", bytes(2 * n))
        self.stack = array("H", bytes(2 * n))
        slots = size * size + 2
        self.rinfo = array("H", bytes(16 * (slots // 2 + 2)))
        self.binfo = array("H", bytes(16 * slots))
        self.tot = array("i", bytes(4 * _T_LEN))
        self.nblocks = 0
        self._zeros = None           # (rid, bid, zeros) as memoryviews: _made_zeros
        self._marks_pass = None     # goban.seki_marks.seki_marks, once marks come
        self._mouths_pass = None    # goban.mouths.open_mouths, at the first count
        self.dead_n = array("i", bytes(4 * 3))  # dead stones taken off: listed, black, white
        self.taken = array("H", bytes(2 * TAKEN_LIST))  # the first ones taken off
        # name numbers (NAMES) for dead_names, seki_names and seki_stones: the
        # passes' scratch stack, free once run() is done (heap at boot spared)
        self.names = self.stack
        # without goban.names (the .mpy files): the names' bytes, 'dd ' each
        self.name_buf = bytearray(3 * size * size) if point_names.NAMES is None else None

    def load(self, cells):
        """Copy a board's cells into the work buffer (a memcpy)."""
        if len(cells) != self.length:  # a slice assignment would resize the buffer
            raise ValueError("cells of %d bytes, not %d" % (len(cells), self.length))
        self.work[:] = cells

    def run(self, mouths=MOUTH_POINTS, marks=None):
        """Analyse the work buffer (the hot part: no allocation). `mouths`: the
        most points at which a colour may touch the other's area for that
        area to count as open-mouthed, not dame (goban.mouths); 0 counts by
        reach alone (Tromp-Taylor). `marks`: the players' word on seki, an
        int array of 2 * point + on (seki_marks), or None. In two halves,
        `first` and `rest`, for a caller that spreads it over two steps (the
        board lighting the seki while dead stones are lifted: in one it would
        not fit a step on the RP2040)."""
        self.first(marks)
        return self.rest(mouths, marks)

    def first(self, marks=None):
        """run()'s first half: the regions, the blocks and their seki."""
        z = self._zeros
        if z is None:
            z = self._made_zeros()
        z[0][:] = z[2]
        label_regions(0, 0, self.work, self.rid, self.stack, self.rinfo, self.tot, self.length,
                      self.W)
        self.nblocks = self._blocks(marks)

    def rest(self, mouths=MOUTH_POINTS, marks=None):
        """run()'s second half, after first(): the open mouths (the blocks and
        their seki again if any closed a territory), the shared liberties."""
        n = self.nblocks
        if mouths and self.tot[T_DAME] and self._mouths()(
                self.work, self.rid, self.bid, self.stack, self.rinfo, self.binfo, self.tot,
                self.length, self.W, mouths, len(self.rinfo) >> 3):
            n = self._blocks(marks)     # the territories the mouths closed
        self.nblocks = n
        t = self.tot
        if t[8 + T_SEKI_G] or t[16 + T_SEKI_G]:
            shared_liberties(self.work, self.rid, self.bid, self.rinfo, self.binfo, t,
                             self.length, self.W, n)
        return n

    def _made_zeros(self):
        """The ids' views and their zeros, made at the first run (heap at boot
        spared): a copy of rid, still the zeros __init__ made it (only a run
        writes it), so no temporary of zeros is made (~0.8 KB more at the count)."""
        z = self._zeros = (memoryview(self.rid), memoryview(self.bid),
                           memoryview(array("H", self.rid)))
        return z

    def _mouths(self):
        """goban.mouths.open_mouths, loaded at the first count with dame."""
        f = self._mouths_pass
        if f is None:
            from goban.mouths import open_mouths as f
            self._mouths_pass = f
        return f

    def _blocks(self, marks=None):
        """Blocks, and seki read from the liberties where a block may be in it,
        then the players' marks (seki_marks) over that reading."""
        z = self._zeros
        if z is None:
            z = self._made_zeros()
        z[1][:] = z[2]
        n = label_blocks(0, 0, self.work, self.bid, self.rid, self.stack, self.rinfo,
                         self.binfo, self.tot, self.length, self.W)
        t = self.tot
        if t[8 + T_SEKI_G] or t[16 + T_SEKI_G]:
            seki_by_liberties(self.work, self.rid, self.bid, self.stack, self.rinfo,
                              self.binfo, t, self.length, self.W, n)
        if marks is not None:
            f = self._marks_pass
            if f is None:           # loaded at the first marks (the end of play only)
                from goban.seki_marks import seki_marks as f
                self._marks_pass = f
            bad = f(self.work, self.bid, self.binfo, t, marks, len(marks), self.length)
            if bad >= 0:
                raise ValueError("seki mark %d is not on a stone" % bad)
        return n

    def total(self, key, color=0):
        """A total: key T_* (with color for the per-colour ones)."""
        return self.tot[(color << 3) + key] if color else self.tot[key]

    def blocks(self):
        """Per-block records as dicts (for the breakdown: allocates)."""
        out = []
        bf = self.binfo
        for k in range(1, self.nblocks + 1):
            b = k << 3
            out.append({"point": bf[b + _B_FIRST], "color": bf[b + _B_COLOR],
                        "stones": bf[b + _B_STONES], "territory": bf[b + _B_TERR],
                        "eyes": bf[b + _B_EYES], "largest_eye": bf[b + _B_MAXEYE],
                        "basic_eyes": bf[b + B_BASIC],
                        "seki": bool(bf[b + B_FLAGS] & F_SEKI),
                        "shared": bool(bf[b + B_FLAGS] & _F_SHARED)})
        return out

    def take_off(self, cells, pts):
        """Take the dead stones at `pts` (an int array) off the work buffer
        loaded from `cells`: -1, or the index of the first bad point."""
        return take_off(self.work, cells, pts, len(pts), self.length, self.dead_n,
                        self.taken, TAKEN_LIST)

    def dead_names(self, cells):
        """SGF names of the stones taken off (in `cells`, not in the work buffer),
        sorted: one viper pass sorts the listed ones (or, beyond TAKEN_LIST of
        them, scans the board); the names come from goban.names.NAMES (no string is made)."""
        dn = self.dead_n
        total = dn[1] + dn[2]
        names = point_names.NAMES
        lst = [None] * total if names is not None else None
        n = dead_names(self.work, cells, self.W, self.size, self.names, self.taken,
                       dn[0] if dn[0] == total else -1, names, lst)
        return lst if names is not None else named(self.names, n, self.name_buf)

    def seki_names(self):
        """SGF names of the first point of every block in seki, in block order."""
        n = seki_names(self.binfo, self.nblocks, self.W, self.names)
        return named(self.names, n, self.name_buf)

    def seki_stones(self):
        """Frame indices (y * size + x) of every stone of the blocks in seki,
        after the last run (one viper pass; the list is made)."""
        names = self.names      # scratch: a uint16 of size * size
        from goban.seki_marks import seki_stones         # DEAD's lights only
        k = seki_stones(self.work, self.bid, self.binfo, self.W, self.size, names)
        return [names[j] for j in range(k)]

    def in_seki(self, p):
        """The block holding board point p is in seki (after the last run)."""
        b = self.bid[p]
        return bool(b) and self.work[p] in (1, 2) and bool(self.binfo[(b << 3) + B_FLAGS] & F_SEKI)

    def seki_points(self):
        """The first point of every block in seki (allocates a short list)."""
        out = []
        bf = self.binfo
        for k in range(1, self.nblocks + 1):
            if bf[(k << 3) + B_FLAGS] & F_SEKI:
                out.append(bf[(k << 3) + _B_FIRST])
        return out

    def region_points(self, mask_wanted):
        """Points of regions with the given border mask (allocates)."""
        out = []
        rid = self.rid
        rf = self.rinfo
        for p in range(self.length):
            r = rid[p]
            if r and rf[(r << 3) + _R_MASK] == mask_wanted:
                out.append(p)
        return out
