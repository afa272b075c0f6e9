"""The board: a fixed bytearray with a one-point border, and the viper hot loops.

Layout: a point (x, y), x the column and y the row from the top (SGF order),
lives at index (y + 1) * W + x with W = size + 1. The column x = size of every
row is the border, shared by both edges; row 0 and row size + 1 are border rows.
So the neighbours of p are p - 1, p + 1, p - W, p + W, and no bounds check is
needed anywhere.

Flood fills write the points they find into a caller's uint16 buffer and use a
generation mark (a byte per point, the generation in mark[0], which is always a
border cell), so no fill ever clears the whole board. The fills of a move are
written out inside `goban.game.Game.play` (one viper call per move).

Zobrist keys are computed, not stored (a 19x19 table of two 30-bit halves per
colour would cost 5.8 KB of RAM): a multiply-xorshift mix of the point and
colour. Every value is kept below 2**30 so it is a small int on the RP2040 (no
heap) and the same on the 64-bit unix port (products are masked to 30 bits,
whose low bits do not depend on the word size). A board computes its hash from
its cells when asked (`hash1`, `hash2`); a game keeps the running hash of every
position in its history, so the move never touches the Board object.
"""

from goban.compat import micropython, const, ptr8, ptr16
from goban.points import sgf as _sgf

EMPTY = const(0)
BLACK = const(1)
WHITE = const(2)
EDGE = const(3)
# the two colours, to loop over: `(BLACK, WHITE)` written out elsewhere is a tuple
# made at each use (imported names are no constants there)
BOTH = (BLACK, WHITE)

MASK30 = const(0x3FFFFFFF)
_SALT2 = const(0x2545F491)

COLUMNS = "ABCDEFGHJKLMNOPQRST"


@micropython.viper
def next_generation(mark, length: int):
    """Start a new generation of marks; clear them once every 255 fills."""
    m = ptr8(mark)
    g = m[0] + 1
    if g > 255:
        i = 1
        while i < length:
            m[i] = 0
            i += 1
        g = 1
    m[0] = g


@micropython.viper
def put_points(cells, out, base: int, n: int, color: int):
    c = ptr8(cells)
    o = ptr16(out)
    j = base
    end = base + n
    while j < end:
        c[o[j]] = color
        j += 1


@micropython.viper
def zobrist(p: int, color: int, half: int) -> int:
    """The 30-bit Zobrist key of a stone of `color` on p (half 0 or 1)."""
    x = (p << 2) | color
    if half:
        x = x ^ 0x2545F491
    x = ((x ^ (x >> 15)) * 0x2C1B3C6D) & 0x3FFFFFFF
    x = ((x ^ (x >> 13)) * 0x297A2D39) & 0x3FFFFFFF
    x = ((x ^ (x >> 16)) * 0x1B873593) & 0x3FFFFFFF
    return x ^ (x >> 14)


@micropython.viper
def zobrist_cells(cells, length: int, half: int) -> int:
    """XOR of the keys of every stone in `cells` (half 0 or 1): the position's hash."""
    c = ptr8(cells)
    h = 0
    p = 0
    while p < length:
        v = c[p]
        if v == 1 or v == 2:
            x = (p << 2) | v
            if half:
                x = x ^ 0x2545F491
            x = ((x ^ (x >> 15)) * 0x2C1B3C6D) & 0x3FFFFFFF
            x = ((x ^ (x >> 13)) * 0x297A2D39) & 0x3FFFFFFF
            x = ((x ^ (x >> 16)) * 0x1B873593) & 0x3FFFFFFF
            h = h ^ x ^ (x >> 14)
        p += 1
    return h


@micropython.viper
def count_liberties(cells, mark, out, base: int, p: int, W: int, length: int) -> int:
    """Liberties of the group at p (0 for an empty point). Scratch in out[base:]."""
    c = ptr8(cells)
    m = ptr8(mark)
    o = ptr16(out)
    color = c[p]
    if color == 0 or color == 3:
        return 0
    next_generation(mark, length)
    gen = m[0]
    m[p] = gen
    o[base] = p
    n = 1
    i = 0
    libs = 0
    while i < n:
        q = o[base + i]
        i += 1
        d = 0
        while d < 4:
            if d == 0:
                r = q - 1
            elif d == 1:
                r = q + 1
            elif d == 2:
                r = q - W
            else:
                r = q + W
            d += 1
            if m[r] == gen:
                continue
            v = c[r]
            if v == 0:
                m[r] = gen
                libs += 1
            elif v == color:
                m[r] = gen
                o[base + n] = r
                n += 1
    return libs


class Board:
    """Stones on a size x size board, with the hash of the position.

    The board knows nothing of turns or rules; `goban.game.Game` does.
    """

    def __init__(self, size=19):
        if size < 2 or size > 25:
            raise ValueError("board size must be 2..25, not %d" % size)
        self.size = size
        self.W = W = size + 1
        self.length = n = (size + 2) * W + 1
        self.cells = bytearray(n)
        self.mark = bytearray(n)
        for i in range(n):
            self.cells[i] = EDGE
        for y in range(size):
            for x in range(size):
                self.cells[(y + 1) * W + x] = EMPTY

    def clear(self):
        """Every point empty again (the border kept): a new game in the same buffers."""
        cells = self.cells
        W = self.W
        for y in range(self.size):
            p = (y + 1) * W
            for x in range(self.size):
                cells[p + x] = EMPTY
        m = self.mark
        for i in range(self.length):
            m[i] = 0

    # --- coordinates -------------------------------------------------------
    def point(self, x, y):
        """Index of (x, y), x the column, y the row from the top."""
        if not (0 <= x < self.size and 0 <= y < self.size):
            raise ValueError("point off the board")
        return (y + 1) * self.W + x

    def xy(self, p):
        return p % self.W, p // self.W - 1

    def on_board(self, p):
        return 0 <= p < self.length and self.cells[p] != EDGE

    def points(self):
        """Every point index, row by row from the top."""
        W = self.W
        for y in range(self.size):
            for x in range(self.size):
                yield (y + 1) * W + x

    def sgf(self, p):
        """SGF coordinates ('dd'), the format the host, the log and tests use."""
        W = self.W
        y = p // W
        return _sgf(p - y * W, y - 1)     # (no (x, y) tuple: a move's names, every move)

    def from_sgf(self, s):
        """The point of SGF coordinates, or ValueError naming the bad text."""
        if len(s) != 2:
            raise ValueError("bad SGF point %r" % s)
        x = ord(s[0]) - 97
        y = ord(s[1]) - 97
        if not (0 <= x < self.size and 0 <= y < self.size):
            raise ValueError("SGF point %r is off a %dx%d board" % (s, self.size, self.size))
        return (y + 1) * self.W + x

    def name(self, p):
        """The point as players say it: column letter (no I) and row from the bottom."""
        x, y = self.xy(p)
        return "%s%d" % (COLUMNS[x], self.size - y)

    # --- stones --------------------------------------------------------------
    def get(self, p):
        return self.cells[p]

    def set_stone(self, p, color):
        """Put or remove one stone (setup, not a move)."""
        self.cells[p] = color

    @property
    def hash1(self):
        """The first 30-bit Zobrist half of the position (computed from the cells)."""
        return zobrist_cells(self.cells, self.length, 0)

    @property
    def hash2(self):
        return zobrist_cells(self.cells, self.length, 1)

    def liberties(self, p, scratch):
        """Liberties of the group at p; `scratch` is a uint16 buffer of size >= 361."""
        return count_liberties(self.cells, self.mark, scratch, 0, p, self.W, self.length)

    def count(self, color):
        n = 0
        for v in self.cells:
            if v == color:
                n += 1
        return n

    def rows(self):
        """The position as text rows, '.' empty, 'X' black, 'O' white."""
        out = []
        for y in range(self.size):
            row = ""
            for x in range(self.size):
                row += ".XO"[self.cells[(y + 1) * self.W + x]]
            out.append(row)
        return out

    def load_rows(self, rows):
        """Set the position from text rows (tests, diagrams, setup)."""
        if len(rows) != self.size:
            raise ValueError("expected %d rows" % self.size)
        for y in range(self.size):
            for x in range(self.size):
                ch = rows[y][x]
                self.set_stone((y + 1) * self.W + x,
                               BLACK if ch in "XxB#●" else WHITE if ch in "OoW○〇" else EMPTY)
