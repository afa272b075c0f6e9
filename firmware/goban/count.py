"""Counting under every scoring system of RULES.md: the board facts
(`goban.regions`) and the score arithmetic, in integer quarter points. The
result and the breakdown a player can check are made from its figures by
`goban.count_result`; the rules' own cross-checks (Ing's fill, 计枰点 by 目,
Ing's penalty) are in `goban.count_checks`.

    res = count(game, dead_points, rules)   # dead: point indices or 'dd' strings
    res = count(game, dead, rules, seki=[('cc', True), ('pd', False)])   # the players' word
    res.result      # 'B+3.5', 'W+R', '0' (draw), 'Void', 'B+F' (New Ing 懈怠)
    res.winner      # 'B', 'W', 'draw' or 'void'
    res.margin      # what the winner won by, in res.unit
    res.unit        # 'points', 'stones' (area halves, or living stones) or 'lu' (路)
    res.breakdown   # dict: stones, territory, dame, prisoners, tax, compensation, komi, totals

All arithmetic is in integer quarter points (New Ing's 184¼), no floats until
the breakdown is built. The board facts come from `goban.regions` (one viper
pass, no allocation); the score arithmetic (`Counter.score`) allocates nothing
either, so the referee can count on the RP2040 between two sensor frames.

Komi (and handicap compensation) are in points everywhere, as the rules record,
SGF's KM and `--komi` give them; RULES.md's 1 stone = 2 points converts them
for the systems that count in stones, and a 路 is a point. So the margin is kept
in quarter points in every system (`margin_q`); 计活子 counts each living stone
of difference as 2 points (komi 2 is one living stone).

The number in the SGF result is the difference of the two sides' counts less
komi: points for the area and territory systems (so Chinese 'B+3.5' is 1.75
stones), living stones for 计活子, 路 for Tang-Song. `margin`/`unit` give it in
the system's own unit: Chinese, 计枰点, New Ing, Ming-Qing and 计活子 count
stones (half the points), Tang-Song 路 (points).
"""

from array import array

from goban import rules as R
from goban.compat import micropython, const, ptr8, ptr16, ptr32
from goban.board import BLACK, WHITE, EMPTY
from goban.regions import Regions, MOUTH_POINTS

# the integer inputs and outputs of Counter.score (array slots)
_I_KOMI = const(0)    # komi, quarter points
_I_HCOMP = const(1)   # handicap compensation, quarter points
_I_PB = const(2)      # prisoners of black (captured + dead white + white pass stones handed over)
_I_PW = const(3)
_I_HELDB = const(4)   # black stones held by white (Tang-Song)
_I_HELDW = const(5)
_I_PAYS = const(6)    # 计枰点: black pays for the last move
_I_POINTS = const(7)  # points on the board (size * size)
_O_B = const(0)       # black's count, quarters of the system's counting unit
_O_W = const(1)
_O_MARGIN = const(2)  # black minus white less komi and compensation, quarter points


class CountError(ValueError):
    """A dead-stone list the board contradicts (off the board, no stone there)."""


class Counter:
    """The counting buffers of one board size (made once) and the arithmetic."""

    def __init__(self, size):
        self.size = size
        self.regions = Regions(size)
        self.inp = array("i", bytes(4 * 8))
        self.out = array("i", bytes(4 * 4))

    def score(self, scoring):
        """The counts of both sides and the margin, from the regions' totals and
        `inp`, into `out` (quarters): score_q, no allocation. Returns the margin."""
        return score_q(self.regions.tot, self.inp, self.out, scoring, self.inp[_I_KOMI])


@micropython.viper
def score_q(tot, inp, out, scoring: int, komi: int) -> int:
    """Counter.score's arithmetic in one viper pass (a bytecode version was a
    visible part of the count on the chip: docs/performance.md, "The count"). `scoring` is a rules.SCORE_* (0 area ... 6 Ming-Qing, numbered as
    there); komi comes as an argument, the one input that may be negative (a
    32-bit read is not sign-extended on a 64-bit port)."""
    t = ptr32(tot)
    i = ptr32(inp)
    o = ptr32(out)
    sb = t[8]           # 8 + T_S (goban.regions' totals)
    sw = t[16]
    tb = t[9]           # 8 + T_T
    tw = t[17]
    eb = t[10]          # 8 + T_E
    ew = t[18]
    d = t[2]            # T_DAME
    hc = i[_I_HCOMP]
    npts = i[_I_POINTS]
    if scoring == 0 or scoring == 2:        # SCORE_AREA, SCORE_ING
        b = 4 * (sb + tb) + 2 * d
        w = 4 * (sw + tw) + 2 * d
        if i[_I_PAYS]:
            b -= 2
            w += 2
        m = b - w - komi - hc
    elif scoring == 1:                      # SCORE_TERRITORY
        b = 4 * (tb - t[13] + i[_I_PB])     # 8 + T_SEKI_T
        w = 4 * (tw - t[21] + i[_I_PW])
        m = b - w - komi - hc
    elif scoring == 3:                      # SCORE_NEW_ING
        b = 4 * (sb + tb) + 2 * t[3]        # T_DBOTH
        w = 4 * (sw + tw) + 2 * t[3]
        # black needs more than half the board plus 3¾ (184¼ on 19x19),
        # whatever the komi; in a handicap game plus half the compensation
        # instead (the modern Chinese rules: the text is silent)
        m = 2 * (b - 2 * npts) - (hc if hc else 30)
    elif scoring == 4:                      # SCORE_LIVING
        b = 4 * (sb + tb - eb)
        w = 4 * (sw + tw - ew)
        m = 2 * (b - w) - komi - hc         # a living stone is 2 points
    elif scoring == 5:                      # SCORE_TANG_SONG: a 路 is a point
        b = 4 * (tb - eb - i[_I_HELDB])
        w = 4 * (tw - ew - i[_I_HELDW])
        m = b - w - komi - hc
    else:            # SCORE_MING_QING: every block gives one of its two eye points away
        b = 4 * (sb + tb - eb) + 2 * (eb + ew + d)
        w = 4 * (sw + tw - ew) + 2 * (eb + ew + d)
        m = 2 * (b - 2 * npts) - hc - komi
    o[_O_B] = b
    o[_O_W] = w
    o[_O_MARGIN] = m
    return m


_counters = {}  # type: dict


def counter_for(size):
    """The shared Counter of a board size (its buffers are made once)."""
    c = _counters.get(size)
    if c is None:
        c = _counters[size] = Counter(size)
    return c


def _point(board, p):
    if isinstance(p, str):
        try:
            return board.from_sgf(p)
        except ValueError as e:
            raise CountError(str(e))
    if not board.on_board(p):
        raise CountError("dead point %r is not on the board" % (p,))
    return p


@micropython.viper
def black_pays_scan(points, flags, n: int) -> int:
    """计枰点 Corollary 29 over the move history (point PASS / PASS_STONE /
    ABANDON = 0..2, flag bit 1 = white): the first pass of the game decides.
    1 if white made it (black pays once, whoever makes the last real move),
    0 if black made it (nobody pays, even if black then makes the last real
    move: 推论29(c)). A game without a pass falls back on Axiom 15 option 1:
    1 if black made the last real move."""
    pt = ptr16(points)
    fl = ptr8(flags)
    j = 1
    while j <= n and pt[j] > 2:
        j += 1
    if j <= n:
        if (fl[j] & 1) != 0:
            return 1
        return 0
    if n > 0 and (fl[n] & 1) == 0:
        return 1
    return 0


def _black_pays(game):
    """计枰点: does black pay 1 point (one viper scan of the history)."""
    return black_pays_scan(game.points, game.flags, game.n) == 1


def handicap_compensation_q(rules, handicap):
    """Handicap compensation in quarter points (given to white). N/2 stones
    given back move an area margin by N points, but a count of living stones
    (计活子, whose margin is 2 points a stone) by N stones."""
    h = rules.handicap_comp
    if handicap < 2 or h == R.HCOMP_NONE:
        return 0
    if h == R.HCOMP_HALF_STONES:
        return 8 * handicap if rules.scoring == R.SCORE_LIVING else 4 * handicap
    if h == R.HCOMP_STONES:
        return 8 * handicap
    return 4 * (handicap - 1)


def _take_off_slowly(game, rg, dead_points):
    """The dead stones one by one in bytecode: the path for SGF names and for a
    list the viper pass refused, which names the first bad point exactly."""
    board = game.board
    rg.load(board.cells)
    work = rg.work
    dead = []
    dead_n = rg.dead_n
    dead_n[0] = dead_n[1] = dead_n[2] = 0
    taken = rg.taken
    for p in dead_points:
        p = _point(board, p)
        v = work[p]
        if v == EMPTY and p in dead:
            continue
        if v != BLACK and v != WHITE:
            raise CountError("dead point %s has no stone" % board.sgf(p))
        work[p] = EMPTY
        dead.append(p)
        dead_n[v] += 1
        if dead_n[0] < len(taken):
            taken[dead_n[0]] = p
            dead_n[0] += 1


def _seki_marks(board, rg, seki):
    """The players' seki marks [(point, on)] as the int array Regions.run takes
    (2 * point + on), and their names {on: [...], off: [...]} for the breakdown.
    A mark must be on a stone that is not dead (CountError)."""
    marks = array("i", bytes(4 * len(seki)))
    named = {"on": [], "off": []}
    work = rg.work
    j = 0
    for item in seki:
        if not isinstance(item, (tuple, list)) or len(item) != 2:
            raise CountError("seki mark %r is not (point, on)" % (item,))
        p, on = item
        if isinstance(p, str):
            try:
                p = board.from_sgf(p)
            except ValueError as e:
                raise CountError("seki point: %s" % e)
        elif not isinstance(p, int) or not board.on_board(p):
            raise CountError("seki point %r is not on the board" % (p,))
        v = work[p]
        if v != BLACK and v != WHITE:
            raise CountError("seki point %s has no %sstone" % (
                board.sgf(p), "living " if board.cells[p] else ""))
        marks[j] = 2 * p + (1 if on else 0)
        j += 1
        named["on" if on else "off"].append(board.sgf(p))
    return marks, named


def prepare(game, dead_points=(), rules=None, komi=None, handicap=None, seki=None):
    """Everything before the count: the rules, the dead stones taken off a copy
    of the board, the integer inputs. Returns (counter, rules, number of dead
    stones taken off, extra facts). Point indices (what the referee passes) go
    through one viper pass; SGF names take the bytecode path. `seki`: the
    players' marks (see count); facts["marks"] is what Regions.run takes."""
    if rules is None:   # not `rules or`: a Rules' truth looks for __bool__ (slow on the chip)
        rules = game.rules
    if isinstance(rules, str):
        rules = R.get(rules)
    if komi is not None:
        rules = rules.copy(komi=komi)
    board = game.board
    ctr = counter_for(board.size)
    rg = ctr.regions
    rg.load(board.cells)
    dead_n = rg.dead_n
    dead_n[0] = dead_n[1] = dead_n[2] = 0
    if dead_points:
        if type(dead_points) is not list and type(dead_points) is not tuple:
            dead_points = list(dead_points)  # a generator can be read only once
        try:
            bad = rg.take_off(board.cells, array("i", dead_points))
        except (TypeError, ValueError, OverflowError):  # SGF names, not ints
            bad = 0
        if bad >= 0:
            _take_off_slowly(game, rg, dead_points)
    if handicap is None:
        handicap = getattr(game, "handicap", 0) or 0
    inp = ctr.inp
    k4 = rules.komi * 4
    if not -4000 <= k4 <= 4000 or k4 != int(k4):  # NaN fails the first test
        raise CountError("komi %s is not a whole number of quarter points from -1000 to 1000"
                         % (rules.komi,))
    inp[_I_KOMI] = int(k4)
    inp[_I_HCOMP] = handicap_compensation_q(rules, handicap) if handicap >= 2 else 0
    caps = game.captures
    ps = game.pass_stones
    db = dead_n[BLACK]
    dw = dead_n[WHITE]
    # prisoners: captured in play, dead stones taken off at the end, pass stones
    # handed over where a pass stone is given to the opponent (AGA, Tang-Song)
    handed = rules.passes == R.PASS_STONE
    inp[_I_PB] = caps[BLACK] + dw + (ps[WHITE] if handed else 0)
    inp[_I_PW] = caps[WHITE] + db + (ps[BLACK] if handed else 0)
    inp[_I_HELDB] = caps[WHITE] + db + ps[BLACK]
    inp[_I_HELDW] = caps[BLACK] + dw + ps[WHITE]
    pays = rules.scoring == R.SCORE_AREA and rules.last_move_pays and _black_pays(game)
    inp[_I_PAYS] = 1 if pays else 0
    inp[_I_POINTS] = board.size * board.size
    facts = {"dead_n": [0, db, dw], "handicap": handicap, "pays": pays, "marks": None}
    if seki:
        facts["marks"], facts["seki_marked"] = _seki_marks(board, rg, seki)
    return ctr, rules, db + dw, facts


def mouths_for(rules):
    """Open mouths read as players read them (goban.mouths.open_mouths) where
    the players agree on the end; Tromp-Taylor counts by reach alone."""
    return MOUTH_POINTS if rules.dead_agreement else 0


def count(game, dead_points=(), rules=None, komi=None, handicap=None, seki=None):
    """Count the game's board under `rules` (default: the game's own), the
    stones at `dead_points` being dead. `seki`: the players' word over the
    counter's reading of seki, a list of (point, on): the block holding the
    stone at point (an index or an SGF name, like the dead points) is in seki
    (on true) or is not (on false), whatever the counter read (seki_marks in
    goban.regions; the breakdown's `seki` is the final decision and
    `seki_marked` {on, off} the marks). Raises CountError for a dead point off
    the board or without a stone, or a seki point without a living stone."""
    return count_finish((game,) + analysed(game, dead_points, rules, komi, handicap, seki))


def count_start(game, dead_points=(), rules=None, komi=None, handicap=None, seki=None):
    """count()'s first half, the position analysed: for a caller that spreads a
    count over two steps (the board loop: the whole count in one would not fit
    its step on the RP2040).
    count_finish() takes what it returns, before any other count (the counter's
    buffers are shared). Raises CountError as count() does."""
    return (game,) + analysed(game, dead_points, rules, komi, handicap, seki)


# goban.count_result.result, loaded at the first count (heap at boot spared where
# it is a .mpy) and kept: an import at each count was measurable on the chip
_result = None


def count_finish(started):
    """count()'s second half: the score and the result."""
    game, ctr, rules, ndead, facts = started
    inp = ctr.inp
    score_q(ctr.regions.tot, inp, ctr.out, rules.scoring, inp[_I_KOMI])
    out = ctr.out
    global _result
    if _result is None:
        from goban.count_result import result
        _result = result
    return _result(game, ctr.regions, rules, ndead, facts,
                   (out[_O_B], out[_O_W], out[_O_MARGIN], inp[_I_KOMI], inp[_I_HCOMP],
                    inp[_I_PB], inp[_I_PW], inp[_I_HELDB], inp[_I_HELDW]))


def analyse(game, dead_points=(), rules=None, seki=None):
    """The position's regions, blocks and seki with the dead stones taken off
    and the seki marks applied, without the score: the shared Regions, valid
    until the next count (the referee lights the seki from it while the dead
    stones are lifted)."""
    return analyse_finish(analyse_start(game, dead_points, rules, seki))


def analyse_start(game, dead_points=(), rules=None, seki=None):
    """analyse()'s first half (prepare(), Regions.first): for a caller that
    spreads it over two steps (the board: one step could not hold both halves
    on the RP2040).
    analyse_finish() takes what it returns, before any other count. Raises
    CountError as count() does."""
    ctr, rules, ndead, facts = prepare(game, dead_points, rules, seki=seki)
    marks = facts["marks"]
    ctr.regions.first(marks)
    return ctr.regions, mouths_for(rules), marks


def analyse_finish(started):
    """analyse()'s second half (Regions.rest): the shared Regions."""
    rg, mouths, marks = started
    rg.rest(mouths, marks)
    return rg


def analysed(game, dead_points=(), rules=None, komi=None, handicap=None, seki=None):
    """prepare(), then the position analysed as the rules read it (open mouths
    unless by reach alone, the players' seki marks): what every count starts from."""
    ctr, rules, ndead, facts = prepare(game, dead_points, rules, komi, handicap, seki)
    ctr.regions.run(mouths_for(rules), facts["marks"])
    return ctr, rules, ndead, facts
