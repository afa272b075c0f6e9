"""SGF names of lists of points, made without strings where the board can.

A point's name number is 25 * x + y: its index in goban.names.NAMES, the table of
every SGF name up to 25x25 (in the frozen image a ROM tuple of constants, so naming
a point makes no string). The viper passes here write name numbers for the count's
dead stones and seki blocks into a buffer made once (`goban.regions.Regions`);
`named()` turns them into names from the table, or, where tools/deploy leaves the
table out (it costs ~20 KB of heap as a .mpy), writes their bytes and splits them.
"""

from goban.compat import micropython, ptr8, ptr16
from goban.points import NAMES           # None where tools/deploy leaves the table out


@micropython.viper
def dead_names(work, cells, W: int, size: int, out, taken, n: int, names, lst) -> int:
    """Write the name numbers (25 * x + y: goban.names.NAMES) of the dead stones
    into the uint16 array `out`, sorted (column by column). With n >= 0 the n
    board points in the uint16 array `taken` are the dead stones (each once):
    their numbers are insertion-sorted, a few dozen steps for a real end of
    game; with n < 0 the stones of `cells` missing from `work` are found by a
    scan of the board (the bound for many dead stones). With a names table
    (NAMES), lst[i] = names[out[i]] too, in the same call (a call less: each
    costs the chip more than the names). Returns how many."""
    o = ptr16(out)
    if n >= 0:
        tk = ptr16(taken)
        i = 0
        while i < n:
            p = tk[i]
            row = W
            y = 0
            while p >= row + W:
                row += W
                y += 1
            key = 25 * (p - row) + y
            j = i
            while j > 0 and o[j - 1] > key:
                o[j] = o[j - 1]
                j -= 1
            o[j] = key
            i += 1
        if names:
            i = 0
            while i < n:
                lst[i] = names[o[i]]
                i += 1
        return n
    w = ptr8(work)
    c = ptr8(cells)
    j = 0
    x = 0
    while x < size:
        p = W + x
        k = 25 * x
        end = k + size
        while k < end:
            if w[p] != c[p]:
                o[j] = k
                j += 1
            p += W
            k += 1
        x += 1
    if names:
        i = 0
        while i < j:
            lst[i] = names[o[i]]
            i += 1
    return j


@micropython.viper
def seki_names(binfo, nblocks: int, W: int, out) -> int:
    """Write the name number (25 * x + y: goban.names.NAMES) of the first point
    of every block in seki into the uint16 array `out`, in block order. Returns
    how many."""
    bf = ptr16(binfo)
    o = ptr16(out)
    j = 0
    row = W      # first index of row y
    y = 0
    k = 1
    while k <= nblocks:
        b = k << 3
        if bf[b + 6] & 2:
            p = bf[b]
            while p >= row + W:   # first points increase with k: rows only move down
                row += W
                y += 1
            o[j] = 25 * (p - row) + y
            j += 1
        k += 1
    return j


@micropython.viper
def name_bytes(idx, n: int, out) -> int:
    """Write the SGF names ('dd ') of the first n name numbers (25 * x + y) of the
    uint16 array `idx` into the byte buffer `out`. Returns the bytes written."""
    ix = ptr16(idx)
    o = ptr8(out)
    i = 0
    j = 0
    while i < n:
        k = ix[i]
        x = 0
        while k >= 25:
            k -= 25
            x += 1
        o[j] = 97 + x
        o[j + 1] = 97 + k
        o[j + 2] = 32
        j += 3
        i += 1
    return j


@micropython.viper
def names_into(out, names, idx, n: int):
    """out[i] = names[idx[i]] for the first n name numbers of the uint16 array
    idx: the list filled without a bytecode loop (a comprehension's every
    name is bytecode the chip pays for)."""
    ix = ptr16(idx)
    i = 0
    while i < n:
        out[i] = names[ix[i]]
        i += 1


def named(idx, n, buf=None, names=None):
    """The first n name numbers (25 * x + y) of `idx` as SGF names: from
    goban.names.NAMES, or, where that table is left out, written into `buf` by
    one viper pass and split (one string made per name)."""
    if n <= 0:
        return []
    if names is None:
        names = NAMES
    if names is None:
        if buf is None or len(buf) < 3 * n:
            buf = bytearray(3 * n)
        j = name_bytes(idx, n, buf)
        return str(memoryview(buf)[:j], "ascii").split()
    out = [None] * n
    names_into(out, names, idx, n)
    return out
