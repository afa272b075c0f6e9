"""A game under one rules record: turns, legality, ko of every kind, the end of play.

The history is a handful of fixed arrays, not Python objects per move: for each
move its point (or pass kind), a flag byte and the two 30-bit hash halves of the
position after it; captured stones go to one shared uint16 log so the last move
can be taken back. Repetition is found by comparing hashes, never boards.

Every method that can refuse returns None when the move was played and a
stable code otherwise (see `REASONS`); nothing raises for an illegal move.
"""

from array import array

from goban.compat import micropython, const, ptr32
from goban import rules as R
from goban.board import (Board, BLACK, WHITE, EMPTY, EDGE, capture_neighbours,
                         fill_group, next_generation, remove_points, put_points,
                         zobrist, zobrist_points)

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

# how play ended
END_PASSES = "two-passes"
END_FOUR_PASSES = "four-passes"
END_NOOPS = "two-noops"
END_ABANDONS = "two-abandons"
END_RESIGN = "resign"
END_VOID = "void"
END_AGREEMENT = "agreement"

REASONS = {
    "occupied": ("there is already a stone on this point", "take the stone back"),
    "off-board": ("this is not a point of the board", "take the stone back"),
    "suicide": ("the stone would have no liberty", "take the stone back"),
    "ko": ("this retakes the ko at once", "play elsewhere first (a ko threat)"),
    "superko": ("this repeats an earlier whole-board position", "play elsewhere"),
    "disturbing-ko": ("the disturbing side may not start the cycle again", "play elsewhere"),
    "repeat-pass": ("this pass stone gives your opponent a board he already faced",
                    "play a stone on the board or abandon"),
    "not-your-turn": ("it is the other player's turn", "take the stone back"),
    "game-over": ("play has ended", "take the stone back"),
    "no-abandon": ("these rules have no abandon", "pass instead"),
    "no-takeback": ("there is no move to take back", "play on"),
}


def reason_text(code):
    """The words a player reads for a refusal code: (what is wrong, how to fix it)."""
    return REASONS.get(code, (code, ""))


def _opens(cells, q, color, taken):
    """Neighbour q gives the stone a way out: a friend, or a liberty other than `taken`."""
    v = cells[q]
    return v == color or (v == EMPTY and q != taken)


def other(color):
    return 3 - color


@micropython.viper
def find_hash(h1s, h2s, start: int, stop: int, step: int, a: int, b: int) -> int:
    """The last index i in range(start, stop, -step) (going down) whose hash
    pair is (a, b), or -1. Kept in viper: superko scans the whole history."""
    x = ptr32(h1s)
    y = ptr32(h2s)
    i = start
    while i >= stop:
        if x[i] == a and y[i] == b:
            return i
        i -= step
    return -1


class Game:
    def __init__(self, rules, size=19, capacity=512):
        if isinstance(rules, str):
            rules = R.get(rules)
        self.rules = rules
        self.size = size
        self.board = b = Board(size)
        self.first = rules.first
        cap = capacity + 1
        self.points = array("H", bytes(2 * cap))
        self.flags = bytearray(cap)
        self.h1 = array("I", bytes(4 * cap))
        self.h2 = array("I", bytes(4 * cap))
        # captured stones of every move, then (for a move that captured) their count;
        # room for one more full board above the end for a fill's scratch. Half
        # the capacity for captures (stones taken plus one count per capturing
        # move) covers real games with room to spare; the log doubles if not.
        self.log = array("H", bytes(2 * (capacity // 2 + size * size + 8)))
        self.log_len = 0
        self.n = 0                 # moves played (passes and abandons included)
        self.captures = [0, 0, 0]  # stones each colour took off the board in play
        self.pass_stones = [0, 0, 0]
        self.handicap = 0
        self.setup_black = []
        self.setup_white = []
        self.over = False
        self.end = None            # one of END_*, set when play has ended
        self.winner = 0            # by resignation
        self.paused = False        # Ing: two passes pause play
        self.last_removed = 0      # stones the last move removed (see last_capture())
        self.last_pass_stone = 0   # index of the last pass stone (generalized ko)
        self.h1[0] = b.hash1
        self.h2[0] = b.hash2

    # --- state -------------------------------------------------------------
    def to_move(self):
        if self.n == 0:
            return self.first
        return other(self.color_of(self.n))

    def color_of(self, i):
        """Colour of move i (1-based)."""
        return WHITE if self.flags[i] & F_WHITE else BLACK

    def move_point(self, i):
        """Point index of move i, or PASS / PASS_STONE / ABANDON."""
        return self.points[i]

    def last_capture(self):
        """Points removed by the last move (a list: not for the hot path)."""
        k = self.last_removed
        return [self.log[self.log_len - 1 - k + j] for j in range(k)] if k else []

    def _player_to_move_after(self, i):
        if i == 0:
            return self.first
        return other(self.color_of(i))

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
        self.h1[0] = b.hash1
        self.h2[0] = b.hash2

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
        if self.n + 1 >= len(self.flags):
            grow = len(self.flags)
            self.points.extend(array("H", bytes(2 * grow)))
            self.flags.extend(bytearray(grow))
            self.h1.extend(array("I", bytes(4 * grow)))
            self.h2.extend(array("I", bytes(4 * grow)))
        if self.log_len + self.size * self.size + 2 >= len(self.log):
            self.log.extend(array("H", bytes(2 * len(self.log))))

    def play(self, color, p):
        """A stone of `color` on p. None if played, else the refusal code."""
        # the checks of _refuse_turn and on_board written out: each method call
        # costs about as much as a viper fill on the RP2040
        if self.over:
            return "game-over"
        n = self.n
        if color != (self.first if n == 0 else (BLACK if self.flags[n] & F_WHITE else WHITE)):
            return "not-your-turn"
        b = self.board
        cells = b.cells
        if p < 0 or p >= b.length or cells[p] == EDGE:
            return "off-board"
        if cells[p] != EMPTY:
            return "occupied"
        if n + 1 >= len(self.flags) or self.log_len + self.size * self.size + 2 >= len(self.log):
            self._ensure_room()
        r = self.rules
        opp = other(color)
        base = self.log_len
        log = self.log
        h1 = b.hash1 ^ zobrist(p, color, 0)
        h2 = b.hash2 ^ zobrist(p, color, 1)
        cells[p] = color
        k = capture_neighbours(cells, b.mark, log, base, p, b.W, b.length)
        flags = F_WHITE if color == WHITE else 0
        removed_color = opp
        if k:
            h1 ^= zobrist_points(log, base, k, opp, 0)
            h2 ^= zobrist_points(log, base, k, opp, 1)
            flags |= F_CAPTURE
        else:
            next_generation(b.mark, b.length)
            own = fill_group(cells, b.mark, log, base, p, b.W)
            if own > 0:  # no liberty: suicide
                # a one-stone suicide under the generalized ko (计活子) is left to
                # that rule: legal unless the opponent's last move was one too or an abandon
                if r.suicide == R.SUICIDE_FORBIDDEN or (r.suicide == R.SUICIDE_MULTI and own == 1
                                                        and r.ko != R.KO_GENERALIZED):
                    cells[p] = EMPTY
                    return "suicide"
                remove_points(cells, log, base, own)
                k = own
                removed_color = color
                h1 ^= zobrist_points(log, base, k, color, 0)
                h2 ^= zobrist_points(log, base, k, color, 1)
                flags |= F_CAPTURE | F_SUICIDE
        if k == 1 and not (flags & F_SUICIDE) and self._is_ko_shape(p, color, log[base]):
            flags |= F_HOT
        code = self._check_repetition(color, h1, h2, flags)
        if code is None and (flags & F_NOOP) == 0 and r.ko == R.KO_NOOP:
            if find_hash(self.h1, self.h2, self.n, 0, 1, h1, h2) >= 0:
                flags |= F_NOOP
        if code is None and (r.ko == R.KO_ING or r.ko == R.KO_CYCLES_VOID):  # no tuple: no heap
            if find_hash(self.h1, self.h2, self.n - 1, 0, 2, h1, h2) >= 0:
                flags |= F_REPEAT
        if code:
            if flags & F_SUICIDE and r.ko == R.KO_GENERALIZED:
                code = "suicide"  # what the player did, not the rule that caught it
            # take it back: the removed stones return, the stone leaves
            if k:
                put_points(cells, log, base, k, removed_color)
            cells[p] = EMPTY
            return code
        if k:
            log[base + k] = k
            self.log_len = base + k + 1
            if flags & F_SUICIDE:
                self.captures[opp] += k
            else:
                self.captures[color] += k
        self.last_removed = k
        b.hash1 = h1
        b.hash2 = h2
        self._record(p, flags, h1, h2)
        return None

    def _is_ko_shape(self, p, color, taken):
        """The stone on p took exactly the stone on `taken` and stands alone with
        that point as its only liberty, so it could be retaken at once."""
        cells = self.board.cells
        W = self.board.W
        # four calls, not a loop over a tuple: the move loop must not allocate
        return not (_opens(cells, p - 1, color, taken) or _opens(cells, p + 1, color, taken)
                    or _opens(cells, p - W, color, taken) or _opens(cells, p + W, color, taken))

    def _check_repetition(self, color, h1, h2, flags):
        """The ko rule for a real move giving the position (h1, h2)."""
        ko = self.rules.ko
        n = self.n
        if ko == R.KO_NOOP or (n == 0 and ko != R.KO_POSITIONAL):
            return None  # positional superko also counts the setup position
        last_real = self.points[n] > ABANDON
        if ko == R.KO_SIMPLE or ko == R.KO_CYCLES_VOID:
            if self.h1[n - 1] == h1 and self.h2[n - 1] == h2 and n >= 1:
                return "ko"
            return None
        if ko == R.KO_POSITIONAL:
            i = find_hash(self.h1, self.h2, n, 0, 1, h1, h2)
            if i < 0:
                return None
            return "ko" if i == n - 1 else "superko"
        if ko == R.KO_SITUATIONAL:
            # earlier positions with the opponent to move: n-1, n-3, ...
            i = find_hash(self.h1, self.h2, n - 1, 0, 2, h1, h2)
            if i < 0:
                return None
            return "ko" if i == n - 1 else "superko"
        if ko == R.KO_GENERALIZED:
            # the whole configuration includes the pass stones, so only
            # positions since the last pass stone can be equal to it
            stop = self.last_pass_stone
            i = find_hash(self.h1, self.h2, n - 1, stop, 2, h1, h2)
            if i < 0:
                return None
            return "ko" if i == n - 1 else "superko"
        if ko == R.KO_ING:
            if last_real and self.h1[n - 1] == h1 and self.h2[n - 1] == h2:
                return "ko"  # a hot stone retaken with nothing in between
            i = find_hash(self.h1, self.h2, n - 1, 0, 2, h1, h2)
            if i < 0:
                return None
            # a cycle: is this the second one, and is the mover the disturbing side?
            j = i + 1
            second = False
            while j <= n:
                if self.flags[j] & F_REPEAT:
                    second = True
                    break
                j += 1
            if not second:
                return None
            mine = 1 if flags & F_HOT else 0
            theirs = 0
            wbit = F_WHITE if color == WHITE else 0
            j = i + 1
            while j <= n:
                f = self.flags[j]
                if f & F_HOT:
                    if (f & F_WHITE) == wbit:
                        mine += 1
                    else:
                        theirs += 1
                j += 1
            if mine == 0:
                return "disturbing-ko"
            return None
        return None

    def _record(self, point, flags, h1, h2):
        self.n = n = self.n + 1
        self.points[n] = point
        self.flags[n] = flags
        self.h1[n] = h1
        self.h2[n] = h2
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
        b = self.board
        h1 = b.hash1
        h2 = b.hash2
        r = self.rules
        flags = F_WHITE if color == WHITE else 0
        if kind == PASS_STONE and r.ko == R.KO_GENERALIZED:
            # after a pass stone the opponent may not face a board he faced before
            if find_hash(self.h1, self.h2, self.n - 1, 0, 2, h1, h2) >= 0:
                return "repeat-pass"
        if r.ko == R.KO_NOOP:
            flags |= F_NOOP
        self.last_removed = 0
        self._record(kind, flags, h1, h2)
        if kind == PASS_STONE:
            self.pass_stones[color] += 1
            self.last_pass_stone = self.n
        return None

    def resign(self, color):
        if self.over:
            return "game-over"
        self.over = True
        self.end = END_RESIGN
        self.winner = other(color)
        return None

    def agree_end(self):
        """Both players agreed to stop (the referee's end button, 计活子 休止)."""
        self.over = True
        if self.end is None:
            self.end = END_AGREEMENT

    # --- the end of play ---------------------------------------------------
    def passes_in_row(self):
        """Consecutive passes and pass stones ending the history."""
        i = self.n
        k = 0
        while i > 0 and self.points[i] <= PASS_STONE:
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
        a = self.h1[n]
        b = self.h2[n]
        seen = 1
        i = n - 2
        while i >= 0:
            if self.points[i + 1] <= ABANDON or self.points[i + 2] <= ABANDON:
                break
            if self.h1[i] == a and self.h2[i] == b:
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
        b = self.board
        p = self.points[n]
        f = self.flags[n]
        color = WHITE if f & F_WHITE else BLACK
        if p > ABANDON:
            if f & F_CAPTURE:
                k = self.log[self.log_len - 1]
                base = self.log_len - 1 - k
                if f & F_SUICIDE:
                    put_points(b.cells, self.log, base, k, color)
                    self.captures[other(color)] -= k
                else:
                    put_points(b.cells, self.log, base, k, other(color))
                    self.captures[color] -= k
                self.log_len = base
            b.cells[p] = EMPTY
        elif p == PASS_STONE:
            self.pass_stones[color] -= 1
            i = n - 1
            while i > 0 and self.points[i] != PASS_STONE:
                i -= 1
            self.last_pass_stone = i
        self.n = n - 1
        b.hash1 = self.h1[n - 1]
        b.hash2 = self.h2[n - 1]
        if self.end != END_RESIGN:
            self.over = False
            self.end = None
        self.paused = self.rules.end == R.END_ING and 2 <= self.passes_in_row() < 4
        f = self.flags[self.n] if self.n else 0
        if self.n and f & F_CAPTURE and self.points[self.n] > ABANDON:
            self.last_removed = self.log[self.log_len - 1]
        else:
            self.last_removed = 0
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
