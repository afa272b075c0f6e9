"""The stable frame against the position the game expects.

`diff_frame` is the referee's one pass over the board per look (viper, into a
preallocated buffer: the frame path allocates nothing); `split` sorts the
listed mismatches for the phase that looks at them (`split_into`: into lists
made at boot, for play's look). `room` and `empty` keep such a list's room:
MicroPython's `lst.clear()` and `pop()` give room back, which the next
`append` then allocates again.
"""

from goban.compat import micropython, ptr8, ptr16, ptr32
from goban.board import EMPTY
from goban.points import board_index

FAULT = 3          # a classified cell whose sensor cannot be read (3 and above)
NO_TOL = 255       # tol[i]: nothing tolerated at i
CAP = 64           # mismatching points listed per diff (all are counted)


@micropython.viper
def diff_frame(stable, cells, tol, out, cap: int, size: int) -> int:
    """Compare the stable frame (index y*size+x) with the board (index
    (y+1)*(size+1)+x). Mismatching points go to out[0:cap]; a fault cell
    (3 and above) matches anything; a point whose tolerated value tol[i] it
    shows is pending, not a mismatch. Returns mismatches | pending << 10."""
    s = ptr8(stable)
    e = ptr8(cells)
    t = ptr8(tol)
    o = ptr16(out)
    W = size + 1
    mis = 0
    pend = 0
    i = 0
    y = 0
    while y < size:
        p = (y + 1) * W
        x = 0
        while x < size:
            v = s[i]
            if v != e[p] and v < 3:
                if t[i] != 255 and v == t[i]:
                    pend += 1
                else:
                    if mis < cap:
                        o[mis] = i
                    mis += 1
            i += 1
            p += 1
            x += 1
        y += 1
    return mis | (pend << 10)


class _Slicer:
    def __getitem__(self, k):
        return k


# `lst[:]` makes a slice object at every use (and MicroPython has no `slice()` to
# call): these are made once
_ALL = _Slicer()[:]
_LAST = _Slicer()[-1:]


def empty(lst):
    """lst emptied in place, its room kept (appends up to it allocate nothing)."""
    del lst[_ALL]


def drop_last(lst):
    """lst's last item removed, its room kept (`pop()` gives room back)."""
    del lst[_LAST]


def room(n):
    """An empty list with room for n items, made at boot."""
    lst = [0] * n
    del lst[_ALL]
    return lst


def put(dst, src):
    """dst (a list with room) made a copy of src, in place."""
    del dst[_ALL]
    for x in src:
        dst.append(x)


def split(stable, cells, out, mis, size):
    """The listed mismatches as (extra, missing, changed) frame indices: a stone
    the game lacks, a stone the frame lacks, a stone of the other colour."""
    extra = []
    missing = []
    changed = []
    split_into(stable, cells, out, mis, size, extra, missing, changed)
    return extra, missing, changed


def split_into(stable, cells, out, mis, size, extra, missing, changed):
    """`split` into the lists given (each with room for CAP: `room`), emptied first."""
    del extra[_ALL]
    del missing[_ALL]
    del changed[_ALL]
    for k in range(mis if mis < CAP else CAP):
        i = out[k]
        v = stable[i]
        e = cells[board_index(i, size)]
        if e == EMPTY:
            extra.append(i)
        elif v == EMPTY:
            missing.append(i)
        else:
            changed.append(i)


@micropython.viper
def fill_bytes(buf, n: int, v: int):
    """buf[0:n] = v (a bytearray): the referee's marks and tolerances cleared in
    one native pass (a bytecode loop over 361 points would be a large part of a look)."""
    b = ptr8(buf)
    i = 0
    while i < n:
        b[i] = v
        i += 1


@micropython.viper
def faults_to_look(stable, faults, n: int) -> int:
    """How many points need the fault check's Python loop: a fault cell (3 and
    above) now, or one reported before. Nearly always 0: the look is one native
    pass (a bytecode loop would be a large part of every look)."""
    s = ptr8(stable)
    f = ptr8(faults)
    k = 0
    i = 0
    while i < n:
        if s[i] >= 3 or f[i] != 0:
            k += 1
        i += 1
    return k


@micropython.viper
def tolerated(tol, n: int, out, cap: int) -> int:
    """The points with something tolerated (tol[i] != 255) into out[0:cap], in
    order; returns how many there are."""
    t = ptr8(tol)
    o = ptr16(out)
    k = 0
    i = 0
    while i < n:
        if t[i] != 255:
            if k < cap:
                o[k] = i
            k += 1
        i += 1
    return k


@micropython.viper
def doubtful(stable, cells, strong, was, flags: int, out, cap: int, size: int) -> int:
    """The game's stones the frame cannot vouch for (goban.referee.dead): on a
    sensor that reads no value (3 and above), reading the other colour, or
    (flags & 1) reading their colour with no strong run where they had one at
    the end of play (strong[i] 0, was[i] not); and (flags & 2) the empty
    points whose sensor reads nothing (3): a stone the game lacks may lie
    there unseen. Frame indices into out[0:cap];
    returns how many there are. One native pass: in bytecode the 361 points
    took longer than a step on the RP2040. It walks the board as diff_frame
    does, written out again on purpose: a viper loop calling a shared walker
    would box every point."""
    s = ptr8(stable)
    e = ptr8(cells)
    t = ptr8(strong)
    w = ptr8(was)
    o = ptr16(out)
    W = size + 1
    weak = flags & 1
    blind = flags & 2
    k = 0
    i = 0
    y = 0
    while y < size:
        p = (y + 1) * W
        x = 0
        while x < size:
            c = e[p]
            if c == 1 or c == 2:
                v = s[i]
                if v >= 3 or (v != 0 and v != c) or \
                        (weak and v == c and t[i] == 0 and w[i] != 0):
                    if k < cap:
                        o[k] = i
                    k += 1
            elif blind and s[i] == 3:
                if k < cap:
                    o[k] = i
                k += 1
            i += 1
            p += 1
            x += 1
        y += 1
    return k


@micropython.viper
def latest(since, n: int) -> int:
    """The latest of n stamps (goban.settle's `since`): when the board last
    changed, so a stone with a later stamp came after that moment."""
    s = ptr32(since)
    best = 0
    i = 0
    while i < n:
        v = s[i]
        if v > best and (v >> 30) == 0:     # not -1 (unknown), read as a word
            best = v
        i += 1
    return best
