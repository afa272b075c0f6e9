"""The players' word on seki, over goban.regions' reading (issue 12, item 5):
the passes the end of play alone needs, in a module of their own so that the
board imports them only then (from .mpy files on the stock image every KB of
code at boot is a KB of heap the game cannot have)."""

from goban.compat import micropython, ptr8, ptr16, ptr32


@micropython.viper
def seki_marks(work, bid, binfo, tot, marks, n: int, length: int) -> int:
    """The players' word on seki (goban.count's `seki`): each of the n entries
    of the int array `marks` is 2 * p + on, p a stone of the block the players
    say is (on 1) or is not (on 0) in seki. Sets or clears F_SEKI on that block
    alone and keeps the seki totals of tot; a block marked in seki that could
    make two eyes keeps one basic eye position, as a block in seki with its own
    eye does (seed 003 第二十二条). Later marks win. Run after
    seki_by_liberties (Regions._blocks), so open_mouths and shared_liberties go
    by the players' word. Returns -1, or the index of the first mark off the
    board or on no stone (the caller names it)."""
    w = ptr8(work)
    bi = ptr16(bid)
    bf = ptr16(binfo)
    t = ptr32(tot)
    mk = ptr32(marks)
    i = 0
    while i < n:
        v = mk[i]
        p = v >> 1
        if v < 0 or p >= length:   # a negative int32 reads as a huge one on 64 bits
            return i
        c = w[p]
        if c != 1 and c != 2:
            return i
        b = bi[p] << 3
        f = bf[b + 6]
        c8 = c << 3
        if v & 1:
            if (f & 2) == 0:
                if bf[b + 7] == 2:
                    bf[b + 7] = 1
                    t[c8 + 2] -= 1
                bf[b + 6] = f | 2
                t[c8 + 4] += 1
                t[c8 + 5] += bf[b + 3]
                t[c8 + 6] += bf[b + 7]
        elif f & 2:
            bf[b + 6] = f & 0xFD
            t[c8 + 4] -= 1
            t[c8 + 5] -= bf[b + 3]
            t[c8 + 6] -= bf[b + 7]
        i += 1
    return -1


@micropython.viper
def seki_stones(work, bid, binfo, W: int, size: int, out) -> int:
    """Write the frame index (y * size + x) of every stone of a block in seki
    into the uint16 array `out` (what the referee lights beside the dead
    stones). Returns how many."""
    w = ptr8(work)
    bi = ptr16(bid)
    bf = ptr16(binfo)
    o = ptr16(out)
    j = 0
    y = 0
    while y < size:
        p = (y + 1) * W
        k = y * size
        x = 0
        while x < size:
            v = w[p]
            if (v == 1 or v == 2) and (bf[(bi[p] << 3) + 6] & 2):
                o[j] = k
                j += 1
            p += 1
            k += 1
            x += 1
        y += 1
    return j
