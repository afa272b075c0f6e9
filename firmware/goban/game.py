"""A game under one rules record: turns, legality, ko of every kind, the end of play.

The history is a handful of fixed arrays, not Python objects per move: for each
move its point (or pass kind), a flag byte and the two 30-bit hash halves of the
position after it; captured stones go to one shared uint16 log so the last move
can be taken back. Repetition is found by comparing hashes, never boards.

A stone is played by one viper call, `Game.play`: the turn, the stone, the
captures, suicide, the new hash, the ko rule and the record of the move, on the
history arrays and a small int array holding the game's scalar state (`n`,
`first`, `over`, `paused`, `last_removed` are properties over it) and the
prisoners. Python is left with what is rare: the follow-ups of a repetition
(Ing's cycles, cycles-void, New Ing's no-ops), the end of a pause, growing the
arrays.

Every method that can refuse returns None when the move was played and a
stable code otherwise (see `REASONS`); nothing raises for an illegal move.
"""

from array import array

from goban.compat import micropython, const, ptr8, ptr16, ptr32
from goban import rules as R
from goban.board import Board, BLACK, WHITE, EMPTY, put_points

# the kinds of move, in the point slot of the history (real moves hold p >= W)
PASS = const(0)        # a plain pass
PASS_STONE = const(1)  # a stone put outside the board
ABANDON = const(2)     # 计活子: giving up the turn with no stone

# flag bits of a move
F_WHITE = const(1)
F_CAPTURE = const(2)   # the move removed stones; their count ends its run in the log
F_SUICIDE = const(4)   # the removed stones were the mover's own
F_HOT = const(8)       # a ko capture: one stone took one stone and can be retaken
F_NOOP = const(16)     # New Ing: the board after it existed before
F_REPEAT = const(32)   # the position with the same player to move existed before

# the game's scalar state: slots of one int array (`Game._st`) that the viper
# move reads and writes; every value is >= 0
S_N = const(0)          # moves played, passes included
S_FIRST = const(1)      # colour of the first move
S_OVER = const(2)       # 1 when play has ended
S_PAUSED = const(3)     # Ing: 1 while two passes pause play
S_LOG_LEN = const(4)    # used length of the capture log
S_REMOVED = const(5)    # stones the last move removed
S_PASS_STONE = const(6)  # index of the last pass stone (the generalized ko scans after it)
S_SEEN = const(7)       # the earlier position the last stone repeated (F_REPEAT / F_NOOP)
S_KO = const(8)         # rules.ko
S_SUICIDE = const(9)    # the smallest own group a move may take off (suicide); NEVER if none
S_W = const(10)         # board row width
S_LENGTH = const(11)    # board cells
S_PASSES = const(12)    # passes, pass stones and abandons played (the repetition scans' bound)
S_HCAP = const(13)      # history capacity (len(flags))
S_LROOM = const(14)     # the capture log's length a move may start at: len(log) less a
                        # full board of fill scratch (size * size) and its count
S_RESUMED = const(15)   # moves played when play last resumed after a dispute (passes before never end it)
S_SLOTS = const(16)
NEVER = const(0xFFFF)

# rules.ko as the viper move compares it (const() does not cross modules;
# checked against goban.rules below)
_KO_SIMPLE = const(0)
_KO_POSITIONAL = const(1)
_KO_SITUATIONAL = const(2)
_KO_GENERALIZED = const(3)
_KO_ING = const(4)
_KO_NOOP = const(5)
_KO_CYCLES_VOID = const(6)
if (R.KO_SIMPLE, R.KO_POSITIONAL, R.KO_SITUATIONAL, R.KO_GENERALIZED, R.KO_ING, R.KO_NOOP,
        R.KO_CYCLES_VOID) != (0, 1, 2, 3, 4, 5, 6):
    raise ImportError("goban.game's copy of the ko constants differs from goban.rules")

# how play ended
END_PASSES = "two-passes"
END_FOUR_PASSES = "four-passes"
END_NOOPS = "two-noops"
END_ABANDONS = "two-abandons"
END_RESIGN = "resign"
END_VOID = "void"
END_AGREEMENT = "agreement"

REASONS = (
    ("occupied", "there is already a stone on this point", "take the stone back"),
    ("off-board", "this is not a point of the board", "take the stone back"),
    ("suicide", "the stone would have no liberty", "take the stone back"),
    ("ko", "this retakes the ko at once", "play elsewhere first (a ko threat)"),
    ("superko", "this repeats an earlier whole-board position", "play elsewhere"),
    ("disturbing-ko", "the disturbing side may not start the cycle again", "play elsewhere"),
    ("repeat-pass", "this pass stone gives your opponent a board he already faced",
     "play a stone on the board or abandon"),
    ("not-your-turn", "it is the other player's turn",
     "wait for your turn (take back a stone played out of turn)"),
    ("game-over", "play has ended", "take the stone back"),
    ("no-abandon", "these rules have no abandon", "pass instead"),
    ("no-takeback", "there is no move to take back", "play on"),
)


def reason_text(code):
    """The words a player reads for a refusal code: (what is wrong, how to fix it)."""
    for c, what, fix in REASONS:
        if c == code:
            return what, fix
    return code, ""


def other(color):
    return 3 - color


@micropython.viper
def find_hash(hashes, start: int, stop: int, step: int, a: int, b: int) -> int:
    """The last move i in range(start, stop - 1, -step) (going down) after
    which the position's hash halves were (a, b), or -1."""
    x = ptr32(hashes)
    i = start
    while i >= stop:
        if x[i << 1] == a and x[(i << 1) + 1] == b:
            return i
        i -= step
    return -1


@micropython.viper
def stones_taken(points, flags, n: int, white: int) -> int:
    """Moves 1..n of a colour (white 1, black 0) that took a stone from its
    bowl: a stone on the board or a pass stone, not a pass or an abandon. A
    viper loop: the bowls' witness asks this at every move of a long game."""
    pts = ptr16(points)
    fl = ptr8(flags)
    k = 0
    i = 1
    while i <= n:
        if (fl[i] & F_WHITE) == white:
            p = pts[i]
            if p != PASS and p != ABANDON:
                k += 1
        i += 1
    return k


class Game:
    """One game: the board, the history arrays and the scalar state (`_st`).
    The rules' ko and suicide options are copied into `_st` here, so a game
    keeps the rules it was made with."""

    def __init__(self, rules, size=19, capacity=512):
        self.size = size
        self.board = b = Board(size)
        cap = capacity + 1
        self.points = array("H", bytes(2 * cap))
        self.flags = bytearray(cap)
        self.hashes = array("I", bytes(8 * cap))  # the halves after move i: [2i], [2i + 1]
        # captured stones of every move, then (for a move that captured) their count;
        # room for one more full board above the end for a fill's scratch. Half
        # the capacity for captures (stones taken plus one count per capturing
        # move) covers real games with room to spare; the log doubles if not.
        self.log = array("H", bytes(2 * (capacity // 2 + size * size + 8)))
        self._st = array("i", bytes(4 * S_SLOTS))
        # stones each colour took off the board in play (an int array: the viper move adds to it)
        self.captures = array("i", bytes(12))
        self._bufs = (self._st, b.cells, b.mark, self.log, self.points, self.flags,
                      self.hashes, self.captures)
        self.board_used = False
        self.reset(rules)

    def reset(self, rules):
        """A new game under `rules` in this game's buffers: the board emptied,
        no move played. The referee keeps one Game made at boot and starts
        each game in it, so a game's arrays (5.5 KB on 19x19) are never looked
        for in a heap a long session has cut up."""
        if isinstance(rules, str):
            rules = R.get(rules)
        self.rules = rules
        b = self.board
        if self.board_used:
            b.clear()
        st = self._st
        for k in range(S_SLOTS):
            st[k] = 0
        st[S_FIRST] = rules.first
        st[S_KO] = rules.ko
        if rules.suicide == R.SUICIDE_FORBIDDEN:
            st[S_SUICIDE] = NEVER
        elif rules.suicide == R.SUICIDE_MULTI and rules.ko != R.KO_GENERALIZED:
            st[S_SUICIDE] = 2
        else:
            # any suicide; a one-stone suicide under the generalized ko (计活子)
            # is left to that rule: legal unless the opponent's last move was one
            # too or an abandon
            st[S_SUICIDE] = 1
        st[S_W] = b.W
        st[S_LENGTH] = b.length
        st[S_HCAP] = len(self.flags)
        st[S_LROOM] = len(self.log) - self.size * self.size - 2
        for k in range(3):
            self.captures[k] = 0
        self.board_used = True
        self.hashes[0] = 0            # the empty board's (setup() sets the stones')
        self.hashes[1] = 0
        self.pass_stones = [0, 0, 0]
        self.handicap = 0
        self.setup_black = []
        self.setup_white = []
        self.end = None            # one of END_*, set when play has ended
        self.winner = 0            # by resignation

    # --- state -------------------------------------------------------------
    # the scalar state lives in self._st, where the viper move reads it
    @property
    def n(self):
        """Moves played, passes and abandons included."""
        return self._st[S_N]

    @property
    def first(self):
        return self._st[S_FIRST]

    @first.setter
    def first(self, color):
        self._st[S_FIRST] = color

    @property
    def over(self):
        return self._st[S_OVER] != 0

    @over.setter
    def over(self, value):
        self._st[S_OVER] = 1 if value else 0

    @property
    def paused(self):
        """Ing: two passes pause play (a stone or resume() lifts the pause)."""
        return self._st[S_PAUSED] != 0

    @paused.setter
    def paused(self, value):
        self._st[S_PAUSED] = 1 if value else 0

    @property
    def last_removed(self):
        """Stones the last move removed (see last_capture())."""
        return self._st[S_REMOVED]

    @property
    def log_len(self):
        return self._st[S_LOG_LEN]

    def to_move(self):
        n = self.n
        if n == 0:
            return self.first
        return other(self.color_of(n))

    def color_of(self, i):
        """Colour of move i (1-based)."""
        return WHITE if self.flags[i] & F_WHITE else BLACK

    def move_point(self, i):
        """Point index of move i, or PASS / PASS_STONE / ABANDON."""
        return self.points[i]

    def stones_from_bowl(self, color):
        """Stones `color` has taken from its bowl in play (moves and pass stones;
        the setup's are apart: setup_black, setup_white)."""
        return stones_taken(self.points, self.flags, self.n, 1 if color == WHITE else 0)

    def last_capture(self):
        """Points removed by the last move (a list: not for the hot path)."""
        k = self.last_removed
        return [self.captured(j) for j in range(k)] if k else []

    def captured(self, j):
        """The j-th point the last move removed (0 <= j < last_removed): for a
        loop that makes no list."""
        st = self._st
        return self.log[st[S_LOG_LEN] - 1 - st[S_REMOVED] + j]

    # --- setup -------------------------------------------------------------
    def setup(self, black=(), white=(), to_move=None):
        """Stones placed before play (SGF AB/AW, free handicap). Not moves."""
        if self.n:
            raise ValueError("setup stones can only be placed before the first move")
        b = self.board
        for p in black:
            b.set_stone(p, BLACK)
            self.setup_black.append(p)
        for p in white:
            b.set_stone(p, WHITE)
            self.setup_white.append(p)
        if to_move:
            self.first = to_move
        self.hashes[0] = b.hash1
        self.hashes[1] = b.hash2

    def place_handicap(self, stones):
        """Fixed handicap placement on the star points; white moves first."""
        pts = handicap_points(self.size, stones)
        self.handicap = stones
        self.setup(black=pts, to_move=WHITE)
        return pts

    # --- moves -------------------------------------------------------------
    def _refuse_turn(self, color):
        if self.over:
            return "game-over"
        if color != self.to_move():
            return "not-your-turn"
        return None

    def _ensure_room(self):
        """Grow a full history or capture log by half (amortised O(1) per
        move, and a 401st move on the referee's capacity of 400 costs 2.2 KB,
        not the 4.4 KB of doubling). The move loop's only allocation, and only
        in games longer, or with more captures, than the capacity planned."""
        n = self.n
        if n + 1 >= len(self.flags):
            grow = len(self.flags) // 2 + 8
            self.points.extend(array("H", bytes(2 * grow)))
            self.flags.extend(bytearray(grow))
            self.hashes.extend(array("I", bytes(8 * grow)))
        if self.log_len + self.size * self.size + 2 >= len(self.log):
            self.log.extend(array("H", bytes(2 * (len(self.log) // 2 + 8))))
        # the arrays grew in place, so self._bufs still holds them
        self._st[S_HCAP] = len(self.flags)
        self._st[S_LROOM] = len(self.log) - self.size * self.size - 2

    @micropython.viper
    def play(self, color: int, p: int):
        """A stone of `color` on p: None if played, else the refusal code.

        The whole of a common move in one viper call (Game.play is this function):
        checks the turn and the point, puts the stone, takes off opponent groups
        left without liberty (else the own group if it has none and the rules allow
        that suicide), computes the hash halves of the new position, applies the ko
        rule, flags a repetition for the rules that only note one, records the move
        in history slot n + 1 (n advances) and adds the prisoners. A refused move
        leaves no trace. Python is called only for the rare follow-ups
        (_after_stone) and to grow the arrays; nothing else is called, since every
        call from viper boxes its arguments.
        """
        # one attribute load and one unpack: much cheaper than seven subscripts
        st, cells, mark, log, points, flags, hashes, captures = self._bufs
        s = ptr32(st)
        c = ptr8(cells)
        m = ptr8(mark)          # fill marks, the generation in m[0]
        o = ptr16(log)          # the removed stones are listed at its end
        pts = ptr16(points)
        fl = ptr8(flags)
        hs = ptr32(hashes)     # the halves after move i at hs[2i], hs[2i + 1]
        cp = ptr32(captures)
        if s[S_OVER]:
            return "game-over"
        n = s[S_N]
        if n == 0:
            turn = s[S_FIRST]
        elif fl[n] & F_WHITE:
            turn = 1
        else:
            turn = 2
        if color != turn:
            return "not-your-turn"
        length = s[S_LENGTH]
        if p < 0 or p >= length or c[p] == 3:
            return "off-board"
        if c[p] != 0:
            return "occupied"
        base = s[S_LOG_LEN]
        if n + 1 >= s[S_HCAP] or base >= s[S_LROOM]:
            # grow, then take the pointers again (the arrays grew in place, their
            # buffers may have moved) and go on: no second call of play
            # (tests/test_chip_core.py plays past the capacity on the frozen image)
            self._ensure_room()
            o = ptr16(log)
            pts = ptr16(points)
            fl = ptr8(flags)
            hs = ptr32(hashes)
        W = s[S_W]

        # the stone; then the groups around it: the four neighbours' (the
        # opponent's), then, if nothing was taken, the stone's own. Each is filled
        # into o[base + k:] until a liberty shows; one without is taken off.
        c[p] = color
        opp = 3 - color
        k = 0               # stones taken off, listed at o[base:base + k]
        taken = opp         # their colour
        fill_color = opp
        d = 0
        while d < 5:
            if d == 0:
                q = p - 1
            elif d == 1:
                q = p + 1
            elif d == 2:
                q = p - W
            elif d == 3:
                q = p + W
            else:
                if k:
                    break
                q = p
                fill_color = color
            d += 1
            if c[q] != fill_color:
                continue
            # a fresh generation of marks for every fill: a fill that stopped at a
            # liberty leaves part of its group marked
            gen = m[0] + 1
            if gen > 255:
                i = 1
                while i < length:
                    m[i] = 0
                    i += 1
                gen = 1
            m[0] = gen
            j = base + k
            o[j] = q
            m[q] = gen
            size = 1
            free = 0
            i = 0
            while i < size:
                a = o[j + i]
                i += 1
                e = 0
                while e < 4:
                    if e == 0:
                        r = a - 1
                    elif e == 1:
                        r = a + 1
                    elif e == 2:
                        r = a - W
                    else:
                        r = a + W
                    e += 1
                    v = c[r]
                    if v == 0:
                        free = 1
                        break
                    if v == fill_color and m[r] != gen:
                        m[r] = gen
                        o[j + size] = r
                        size += 1
                if free:
                    break
            if free:
                continue
            if fill_color == color:  # the own group has no liberty: suicide
                if size < s[S_SUICIDE]:
                    c[p] = 0
                    return "suicide"
                taken = color
            i = j
            while i < j + size:
                c[o[i]] = 0
                i += 1
            k += size

        f = 0
        if color == 2:
            f = F_WHITE
        if k:
            f |= F_CAPTURE
            if taken == color:
                f |= F_SUICIDE
            elif k == 1:
                # a ko capture: the stone stands alone and its only liberty is the
                # point it took
                a = o[base]
                hot = 1
                e = 0
                while e < 4:
                    if e == 0:
                        r = p - 1
                    elif e == 1:
                        r = p + 1
                    elif e == 2:
                        r = p - W
                    else:
                        r = p + W
                    e += 1
                    v = c[r]
                    if v == color or (v == 0 and r != a):
                        hot = 0
                if hot:
                    f |= F_HOT

        # the hash halves of the new position: the old ones, the stone's keys,
        # the keys of the stones taken off (see goban.board.zobrist)
        h1 = hs[n << 1]
        h2 = hs[(n << 1) + 1]
        j = -1
        while j < k:
            if j < 0:
                x = (p << 2) | color
            else:
                x = (o[base + j] << 2) | taken
            j += 1
            y = x ^ 0x2545F491
            x = ((x ^ (x >> 15)) * 0x2C1B3C6D) & 0x3FFFFFFF
            x = ((x ^ (x >> 13)) * 0x297A2D39) & 0x3FFFFFFF
            x = ((x ^ (x >> 16)) * 0x1B873593) & 0x3FFFFFFF
            h1 = h1 ^ x ^ (x >> 14)
            y = ((y ^ (y >> 15)) * 0x2C1B3C6D) & 0x3FFFFFFF
            y = ((y ^ (y >> 13)) * 0x297A2D39) & 0x3FFFFFFF
            y = ((y ^ (y >> 16)) * 0x1B873593) & 0x3FFFFFFF
            h2 = h2 ^ y ^ (y >> 14)

        # the ko rule: which earlier positions the new one may not equal; the scan
        # looks at i = start, start - step, ... while i >= stop (none if stop > start)
        ko = s[S_KO]
        start = n - 1
        step = 2
        stop = n
        if ko == _KO_POSITIONAL:
            start = n           # every earlier board, the setup position too
            step = 1
            stop = 0
        elif n > 0:
            if ko == _KO_SITUATIONAL:
                stop = 0        # every earlier board with the same player to move
            elif ko == _KO_GENERALIZED:
                stop = s[S_PASS_STONE]  # the same, since the last pass stone
            elif ko == _KO_SIMPLE or ko == _KO_CYCLES_VOID or (ko == _KO_ING and pts[n] > ABANDON):
                stop = start    # the board before the opponent's last move
        # no board before move lo can be the new one: from the board after move i
        # to this one, each of the n + 1 - i moves put at most one stone and every
        # stone taken off was counted (the prisoners, this move's k), so the new
        # board has more stones than any before lo = n + 1 - passes - all taken.
        # In a game of few captures the scans look at a handful of boards, not all.
        lo = n + 1 - s[S_PASSES] - cp[1] - cp[2] - k
        if lo < 0:
            lo = 0
        if stop < lo:
            stop = lo
        code = 0            # 1 ko (the immediate retake), 2 superko; 3 suicide below
        i = start
        while i >= stop:
            if hs[i << 1] == h1 and hs[(i << 1) + 1] == h2:
                code = 2
                if i == n - 1:
                    code = 1
                break
            i -= step
        if code == 0:
            # repetitions some rules only note: New Ing's no-op (any earlier
            # board), Ing's and cycles-void's (same board, same player to move)
            fbit = 0
            if ko == _KO_NOOP:
                fbit = F_NOOP
                i = n
                step = 1
            elif ko == _KO_ING or ko == _KO_CYCLES_VOID:
                fbit = F_REPEAT
                i = n - 1
                step = 2
            if fbit:
                while i >= lo:
                    if hs[i << 1] == h1 and hs[(i << 1) + 1] == h2:
                        f |= fbit
                        s[S_SEEN] = i
                        break
                    i -= step
        if code:
            if ko == _KO_GENERALIZED and f & F_SUICIDE:
                code = 3  # what the player did, not the rule that caught it
            # take it back: the removed stones return, the stone leaves
            i = base
            while i < base + k:
                c[o[i]] = taken
                i += 1
            c[p] = 0
            if code == 1:
                return "ko"
            if code == 2:
                return "superko"
            return "suicide"

        # the record of the move
        if k:
            o[base + k] = k
            s[S_LOG_LEN] = base + k + 1
            if taken == color:
                cp[opp] += k    # a suicide: the opponent's prisoners
            else:
                cp[color] += k
        s[S_REMOVED] = k
        n += 1
        s[S_N] = n
        pts[n] = p
        fl[n] = f
        hs[n << 1] = h1
        hs[(n << 1) + 1] = h2
        if s[S_PAUSED] or f & (F_NOOP | F_REPEAT):
            return self._after_stone()
        return None

    def _after_stone(self):
        """What play leaves to Python after a stone it played: the rare
        repetition rules (Ing's disturbing side, the end of play by no-ops or
        by a void cycle) and the end of a pause."""
        f = self.flags[self.n]
        if f & F_REPEAT and self.rules.ko == R.KO_ING and self._disturbing(self._st[S_SEEN]):
            paused = self.paused
            self.undo()
            self.paused = paused
            return "disturbing-ko"
        self._after_move()
        return None

    def _disturbing(self, i):
        """Ing: the stone just played (move n) recreated the position after move
        i. Refused when this is the second cycle (a repetition already happened
        since i) and the mover captured no hot stone in it (the disturbing side)."""
        n = self.n
        wbit = self.flags[n] & F_WHITE
        second = False
        j = i + 1
        while j < n:
            if self.flags[j] & F_REPEAT:
                second = True
                break
            j += 1
        if not second:
            return False
        j = i + 1
        while j <= n:
            f = self.flags[j]
            if f & F_HOT and (f & F_WHITE) == wbit:
                return False  # the mover took a hot stone in the cycle
            j += 1
        return True

    def _record(self, point, flags, h1, h2):
        n = self.n + 1
        self._st[S_N] = n
        self.points[n] = point
        self.flags[n] = flags
        self.hashes[2 * n] = h1
        self.hashes[2 * n + 1] = h2
        self._after_move()

    def pass_move(self, color):
        """The rules set's pass: a pass stone where the rules use them."""
        if self.rules.passes == R.PASS_PLAIN:
            return self._pass(color, PASS)
        return self._pass(color, PASS_STONE)

    def pass_stone(self, color):
        return self._pass(color, PASS_STONE)

    def abandon(self, color):
        if self.rules.passes != R.PASS_ABANDON_STONE:
            return "no-abandon"
        return self._pass(color, ABANDON)

    def _pass(self, color, kind):
        code = self._refuse_turn(color)
        if code:
            return code
        self._ensure_room()
        n = self.n
        h1 = self.hashes[2 * n]
        h2 = self.hashes[2 * n + 1]
        r = self.rules
        flags = F_WHITE if color == WHITE else 0
        if kind == PASS_STONE and r.ko == R.KO_GENERALIZED:
            # after a pass stone the opponent may not face a board he faced before
            if find_hash(self.hashes, n - 1, 0, 2, h1, h2) >= 0:
                return "repeat-pass"
        if r.ko == R.KO_NOOP:
            flags |= F_NOOP
        self._st[S_REMOVED] = 0
        self._st[S_PASSES] += 1
        self._record(kind, flags, h1, h2)
        if kind == PASS_STONE:
            self.pass_stones[color] += 1
            self._st[S_PASS_STONE] = self.n
        return None

    def resign(self, color):
        if self.over:
            return "game-over"
        self.over = True
        self.end = END_RESIGN
        self.winner = other(color)
        return None

    def play_on(self, first=0):
        """The end of play by agreement taken back (a mistaken end): play goes
        on with the same side to move. With `first`, play resumed after a
        dispute (Japanese 1989 art. 9-3: the opponent of the player who asks
        plays first) after an agreement or two passes: when the other side is
        to move it hands the turn over with a pass, and the passes before the
        resumption never count toward the next end (after the resumption a
        pass of the side that plays first gives the asker the move)."""
        if self.end == END_AGREEMENT or (first and self.end == END_PASSES):
            self.over = False
            self.end = None
        if first and not self.over:
            hand = first != self.to_move()
            self._st[S_RESUMED] = self.n + 1 if hand else self.n
            if hand:
                self._pass(other(first), PASS)

    def agree_end(self):
        """Both players agreed to stop (the referee's end button, 计活子 休止)."""
        self.over = True
        if self.end is None:
            self.end = END_AGREEMENT

    def legal(self, color, p):
        """Whether `color` may play board point p now: None, or the code play()
        would refuse it with. The game is unchanged (the move is played and
        taken back: one definition of legality, play()'s)."""
        code = self.play(color, p)
        if code is None:
            self.undo()
        return code

    # --- the end of play ---------------------------------------------------
    def passes_in_row(self):
        """Consecutive passes and pass stones ending the history."""
        i = self.n
        k = 0
        stop = self._st[S_RESUMED]
        while i > stop and self.points[i] <= PASS_STONE:
            k += 1
            i -= 1
        return k

    def _after_move(self):
        r = self.rules
        n = self.n
        end = r.end
        self.paused = False
        if end == R.END_TWO_NOOPS:
            if n >= 2 and self.flags[n] & F_NOOP and self.flags[n - 1] & F_NOOP:
                self._finish(END_NOOPS)
        elif end == R.END_TWO_ABANDONS:
            if n >= 2 and self.points[n] == ABANDON and self.points[n - 1] == ABANDON:
                self._finish(END_ABANDONS)
        else:
            k = self.passes_in_row() if self.points[n] <= PASS_STONE else 0
            if end == R.END_ING:
                if k >= 4:
                    self._finish(END_FOUR_PASSES)
                elif k >= 2:
                    self.paused = True
            elif k >= 2:
                if end == R.END_TWO_PASSES:
                    self._finish(END_PASSES)
                elif end == R.END_WHITE_LAST and self.flags[n] & F_WHITE:
                    self._finish(END_PASSES)
                elif end == R.END_EVEN_MOVES and n % 2 == 0:
                    self._finish(END_PASSES)
        if not self.over and r.ko == R.KO_CYCLES_VOID and self.flags[n] & F_REPEAT:
            if self._third_occurrence():
                self._finish(END_VOID)

    def _third_occurrence(self):
        """The current position with the same player to move for the third time,
        no pass in between."""
        n = self.n
        a = self.hashes[2 * n]
        b = self.hashes[2 * n + 1]
        seen = 1
        i = n - 2
        while i >= 0:
            if self.points[i + 1] <= ABANDON or self.points[i + 2] <= ABANDON:
                break
            if self.hashes[2 * i] == a and self.hashes[2 * i + 1] == b:
                seen += 1
                if seen >= 3:
                    return True
            i -= 2
        return False

    def _finish(self, how):
        self.over = True
        self.end = how

    def resume(self):
        """Ing: after two passes a dispute resumes play (the pause is lifted)."""
        self.paused = False

    # --- takeback ----------------------------------------------------------
    def undo(self):
        """Take back the last move (passes included). False if there is none."""
        n = self.n
        if n == 0:
            return False
        st = self._st
        b = self.board
        p = self.points[n]
        f = self.flags[n]
        color = WHITE if f & F_WHITE else BLACK
        if p > ABANDON:
            if f & F_CAPTURE:
                log_len = st[S_LOG_LEN]
                k = self.log[log_len - 1]
                base = log_len - 1 - k
                if f & F_SUICIDE:
                    put_points(b.cells, self.log, base, k, color)
                    self.captures[other(color)] -= k
                else:
                    put_points(b.cells, self.log, base, k, other(color))
                    self.captures[color] -= k
                st[S_LOG_LEN] = base
            b.cells[p] = EMPTY
        else:
            st[S_PASSES] -= 1
            if p == PASS_STONE:
                self.pass_stones[color] -= 1
                i = n - 1
                while i > 0 and self.points[i] != PASS_STONE:
                    i -= 1
                st[S_PASS_STONE] = i
        n -= 1
        st[S_N] = n
        if st[S_RESUMED] > n:
            st[S_RESUMED] = 0             # back before a resumption: its barrier goes
        if self.end != END_RESIGN:
            self.over = False
            self.end = None
        self.paused = self.rules.end == R.END_ING and 2 <= self.passes_in_row() < 4
        f = self.flags[n] if n else 0
        if n and f & F_CAPTURE and self.points[n] > ABANDON:
            st[S_REMOVED] = self.log[st[S_LOG_LEN] - 1]
        else:
            st[S_REMOVED] = 0
        return True

    # --- convenience for the host and tests -----------------------------------
    def moves(self):
        """The game as (colour, point) pairs; point is PASS/PASS_STONE/ABANDON for those."""
        return [(self.color_of(i), self.points[i]) for i in range(1, self.n + 1)]


def handicap_points(size, stones):
    """The traditional fixed handicap points (SGF order of placement)."""
    if stones < 2:
        return []
    edge = 3 if size >= 13 else 2
    if size < 7 or (size % 2 == 0 and stones > 4) or stones > 9:
        raise ValueError("no fixed handicap of %d on %dx%d" % (stones, size, size))
    lo = edge
    hi = size - 1 - edge
    mid = size // 2
    W = size + 1

    def pt(x, y):
        return (y + 1) * W + x
    corners = [pt(hi, lo), pt(lo, hi), pt(hi, hi), pt(lo, lo)]
    pts = corners[:min(stones, 4)]
    if stones >= 5 and stones % 2 == 1:
        extra = stones - 1
    else:
        extra = stones
    sides = [pt(lo, mid), pt(hi, mid), pt(mid, lo), pt(mid, hi)]
    if extra >= 6:
        pts += sides[:2]
    if extra >= 8:
        pts += sides[2:4]
    if stones >= 5 and stones % 2 == 1:
        pts.append(pt(mid, mid))
    return pts
