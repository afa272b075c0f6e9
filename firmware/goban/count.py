"""Counting under every scoring system of RULES.md, with the breakdown a player
can check and the result as SGF writes it.

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
from goban.compat import micropython, const, ptr8, ptr16
from goban.board import BLACK, WHITE, EMPTY
from goban.regions import (Regions, T_DAME, T_DBOTH, T_HUANG, T_NEUTRAL, T_S, T_T,
                           T_E, T_G, T_SEKI_G, T_SEKI_T, T_SEKI_E, MOUTH_POINTS)
from goban.game import ABANDON, PASS_STONE, F_NOOP

# the integer inputs and outputs of Counter.score (array slots)
I_KOMI = const(0)    # komi, quarter points
I_HCOMP = const(1)   # handicap compensation, quarter points
I_PB = const(2)      # prisoners of black (captured + dead white + white pass stones handed over)
I_PW = const(3)
I_HELDB = const(4)   # black stones held by white (Tang-Song)
I_HELDW = const(5)
I_PAYS = const(6)    # 计枰点: black pays for the last move
I_POINTS = const(7)  # points on the board (size * size)
O_B = const(0)       # black's count, quarters of the system's counting unit
O_W = const(1)
O_MARGIN = const(2)  # black minus white less komi and compensation, quarter points


class CountError(ValueError):
    """A dead-stone list the board contradicts (off the board, no stone there)."""


class CountResult:
    __slots__ = ("result", "winner", "margin", "unit", "breakdown", "margin_q",
                 "black_q", "white_q")

    def __init__(self, result, winner, margin, unit, breakdown, margin_q, black_q, white_q):
        self.result = result
        self.winner = winner
        self.margin = margin
        self.unit = unit
        self.breakdown = breakdown
        self.margin_q = margin_q
        self.black_q = black_q
        self.white_q = white_q

    def as_dict(self):
        return {"result": self.result, "winner": self.winner, "margin": self.margin,
                "unit": self.unit, "breakdown": self.breakdown}

    def __repr__(self):
        return "CountResult(%s, %s %s)" % (self.result, self.margin, self.unit)


_EIGHTHS = ("", ".125", ".25", ".375", ".5", ".625", ".75", ".875")


def quarters_text(q, div=4, prefix=""):
    """prefix + q / div (div 4 or 8) as the shortest decimal: 14 -> '3.5', 7 ->
    '1.75', (3, 8) -> '0.375'. One string is made (each costs the chip ~25 us)."""
    sign = "-" if q < 0 else ""
    q = -q if q < 0 else q
    whole = q // div
    return "%s%s%d%s" % (prefix, sign, whole, _EIGHTHS[(q - whole * div) * (8 // div)])


def quarters_number(q, div=4):
    """q / div as an int when whole, else a float (exact: a binary fraction)."""
    if q % div == 0:
        return q // div
    return q / div


def _stones_unit(rules):
    """Systems whose margin is in stones: half the points."""
    return rules.unit == R.UNIT_STONES


class Counter:
    """The counting buffers of one board size (made once) and the arithmetic."""

    def __init__(self, size):
        self.size = size
        self.regions = Regions(size)
        self.inp = array("i", bytes(4 * 8))
        self.out = array("i", bytes(4 * 4))

    def score(self, scoring):
        """The counts of both sides and the margin, from the regions' totals and
        `inp`, into `out` (quarters). Integer arithmetic only: no allocation."""
        rg = self.regions
        t = rg.tot
        inp = self.inp
        out = self.out
        sb = t[8 + T_S]
        sw = t[16 + T_S]
        tb = t[8 + T_T]
        tw = t[16 + T_T]
        eb = t[8 + T_E]
        ew = t[16 + T_E]
        d = t[T_DAME]
        komi = inp[I_KOMI]
        hc = inp[I_HCOMP]
        npts = inp[I_POINTS]
        if scoring == R.SCORE_AREA or scoring == R.SCORE_ING:
            b = 4 * (sb + tb) + 2 * d
            w = 4 * (sw + tw) + 2 * d
            if inp[I_PAYS]:
                b -= 2
                w += 2
            m = b - w - komi - hc
        elif scoring == R.SCORE_TERRITORY:
            b = 4 * (tb - t[8 + T_SEKI_T] + inp[I_PB])
            w = 4 * (tw - t[16 + T_SEKI_T] + inp[I_PW])
            m = b - w - komi - hc
        elif scoring == R.SCORE_NEW_ING:
            b = 4 * (sb + tb) + 2 * t[T_DBOTH]
            w = 4 * (sw + tw) + 2 * t[T_DBOTH]
            # black needs more than half the board plus 3¾ (184¼ on 19x19)
            m = 2 * (b - 2 * npts - 15) - hc
        elif scoring == R.SCORE_LIVING:
            b = 4 * (sb + tb - eb)
            w = 4 * (sw + tw - ew)
            m = 2 * (b - w) - komi - hc  # a living stone is 2 points
        elif scoring == R.SCORE_TANG_SONG:  # a 路 is a point
            b = 4 * (tb - eb - inp[I_HELDB])
            w = 4 * (tw - ew - inp[I_HELDW])
            m = b - w - komi - hc
        else:  # SCORE_MING_QING: every block gives one of its two eye points away
            b = 4 * (sb + tb - eb) + 2 * (eb + ew + d)
            w = 4 * (sw + tw - ew) + 2 * (eb + ew + d)
            m = 2 * (b - 2 * npts) - hc - komi
        out[O_B] = b
        out[O_W] = w
        out[O_MARGIN] = m
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


def end_requester(game):
    """New Ing: who asked to end. The first of the closing no-ops, else the first
    of the closing passes, else the player who moved last (and then stopped)."""
    n = game.n
    i = n
    while i > 0 and game.flags[i] & F_NOOP:
        i -= 1
    if i < n:
        return game.color_of(i + 1)
    i = n
    while i > 0 and game.move_point(i) <= ABANDON:
        i -= 1
    if i < n:
        return game.color_of(i + 1)
    if n:
        return game.color_of(n)
    return 3 - game.to_move()


def handicap_compensation_q(rules, handicap):
    """Handicap compensation in quarter points (given to white)."""
    h = rules.handicap_comp
    if handicap < 2 or h == R.HCOMP_NONE:
        return 0
    if h == R.HCOMP_HALF_STONES:
        return 4 * handicap
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
    rules = rules or game.rules
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
    inp[I_KOMI] = int(k4)
    inp[I_HCOMP] = handicap_compensation_q(rules, handicap) if handicap >= 2 else 0
    caps = game.captures
    ps = game.pass_stones
    db = dead_n[BLACK]
    dw = dead_n[WHITE]
    # prisoners: captured in play, dead stones taken off at the end, pass stones
    # handed over where a pass stone is given to the opponent (AGA, Tang-Song)
    handed = rules.passes == R.PASS_STONE
    inp[I_PB] = caps[BLACK] + dw + (ps[WHITE] if handed else 0)
    inp[I_PW] = caps[WHITE] + db + (ps[BLACK] if handed else 0)
    inp[I_HELDB] = caps[WHITE] + db + ps[BLACK]
    inp[I_HELDW] = caps[BLACK] + dw + ps[WHITE]
    pays = rules.scoring == R.SCORE_AREA and rules.last_move_pays and _black_pays(game)
    inp[I_PAYS] = 1 if pays else 0
    inp[I_POINTS] = board.size * board.size
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
    return count_finish(count_start(game, dead_points, rules, komi, handicap, seki))


def count_start(game, dead_points=(), rules=None, komi=None, handicap=None, seki=None):
    """count()'s first half, the position analysed: for a caller that spreads a
    count over two steps (the board loop: ~3-4 ms each on the RP2040).
    count_finish() takes what it returns, before any other count (the counter's
    buffers are shared). Raises CountError as count() does."""
    return (game,) + _analysed(game, dead_points, rules, komi, handicap, seki)


def count_finish(started):
    """count()'s second half: the score and the result."""
    game, ctr, rules, ndead, facts = started
    ctr.score(rules.scoring)
    return _result(game, ctr, rules, ndead, facts)


def analyse(game, dead_points=(), rules=None, seki=None):
    """The position's regions, blocks and seki with the dead stones taken off
    and the seki marks applied, without the score: the shared Regions, valid
    until the next count (the referee lights the seki from it while the dead
    stones are lifted)."""
    return _analysed(game, dead_points, rules, seki=seki)[0].regions


def _analysed(game, dead_points=(), rules=None, komi=None, handicap=None, seki=None):
    """prepare(), then the position analysed as the rules read it (open mouths
    unless by reach alone, the players' seki marks): what every count starts from."""
    ctr, rules, ndead, facts = prepare(game, dead_points, rules, komi, handicap, seki)
    ctr.regions.run(mouths_for(rules), facts["marks"])
    return ctr, rules, ndead, facts


def _result(game, ctr, rules, ndead, facts):
    out = ctr.out
    b_q = out[O_B]
    w_q = out[O_W]
    m = out[O_MARGIN]
    board = game.board
    rg = ctr.regions
    tot = rg.tot
    huang = tot[T_HUANG]
    if m > 0 or (m == 0 and rules.black_wins_ties):
        winner = "B"
    elif m < 0:
        winner = "W"
    else:
        winner = "draw"
    notes = []
    # no number is won by in a draw, a void game, a resignation or a 懈怠 loss
    # (B+F): the breakdown keeps the count's difference for information
    counted = winner != "draw"
    # the SGF result: points, but living stones under 计活子 (half the points)
    rdiv = 8 if rules.scoring == R.SCORE_LIVING else 4
    if winner == "draw":
        result = "0"
    else:
        result = quarters_text(m if m >= 0 else -m, rdiv, "B+" if winner == "B" else "W+")
    if rules.scoring == R.SCORE_NEW_ING and huang:
        asked = end_requester(game)
        winner = "W" if asked == BLACK else "B"
        result = winner + "+F"
        counted = False
        notes.append("荒空: %d point(s) of a dame region touch one colour only; "
                     "%s asked to end and loses (懈怠)" % (huang, "BW"[asked - 1]))
    if game.end == "resign":
        winner = "B" if game.winner == BLACK else "W"
        result = winner + "+R"
        counted = False
        notes.append("play ended by resignation; the count is for information")
    elif game.end == "void":
        winner = "void"
        result = "Void"
        counted = False
        notes.append("a whole-board cycle ended play with no result")
    margin = 0
    if counted:
        margin = quarters_number(m if m >= 0 else -m,
                                 8 if rules.unit == R.UNIT_STONES else 4)
    bd = _breakdown(game, ctr, rules, ndead, facts, b_q, w_q, m, rdiv)
    if not rules.dead_agreement and ndead:
        notes.append("strict Tromp-Taylor has no dead-stone agreement: the dead "
                     "stones given were taken off as if captured in play")
    if notes:
        bd["notes"] = notes
    return CountResult(result, winner, margin, rules.unit, bd, m, b_q, w_q)


SYSTEM_NAMES = {
    R.SCORE_AREA: "area: stones + territory + half the dame",
    R.SCORE_TERRITORY: "territory + prisoners, no territory in seki",
    R.SCORE_ING: "area by Ing fill counting",
    R.SCORE_NEW_ING: "New Ing area: black needs more than half the board + 3¾",
    R.SCORE_LIVING: "living stones: stones + territory - basic eye positions",
    R.SCORE_TANG_SONG: "路: territory - basic eye positions - own stones held by the opponent",
    R.SCORE_MING_QING: "area with the block tax (还块子): each block gives one eye point away",
}


def _breakdown(game, ctr, rules, ndead, facts, b_q, w_q, m, rdiv):
    """The player's checkable account of the count (allocates: end only)."""
    rg = ctr.regions
    t = rg.tot
    inp = ctr.inp
    board = game.board
    s = rules.scoring
    d = t[T_DAME]
    caps = game.captures
    ps = game.pass_stones
    dead_n = facts["dead_n"]
    # the same for both sides: computed once
    if s == R.SCORE_AREA or s == R.SCORE_ING or s == R.SCORE_MING_QING:
        dame_share = d >> 1 if not d & 1 else d / 2   # quarters 2d, inline (a call
    elif s == R.SCORE_NEW_ING:                         # costs the chip ~20 us)
        db2 = t[T_DBOTH]
        dame_share = db2 >> 1 if not db2 & 1 else db2 / 2
    else:
        dame_share = None
    kq = inp[I_KOMI]
    hq = inp[I_HCOMP]
    sides = {}
    for c, key, opp in ((BLACK, "black", WHITE), (WHITE, "white", BLACK)):
        c8 = c << 3
        tq = b_q if c == BLACK else w_q
        side = {
            "stones": t[c8 + T_S],
            "territory": t[c8 + T_T],
            "blocks": t[c8 + T_G],
            "basic_eyes": t[c8 + T_E],
            "seki_blocks": t[c8 + T_SEKI_G],
            "seki_territory": t[c8 + T_SEKI_T],
            "captured": caps[c],
            "dead_removed": dead_n[opp],
            "prisoners": inp[I_PB if c == BLACK else I_PW],
            "pass_stones": ps[c],
            "total": tq >> 2 if not tq & 3 else tq / 4,
        }
        if dame_share is not None:
            side["dame_share"] = dame_share
        if s == R.SCORE_TERRITORY:
            side["tax"] = t[c8 + T_SEKI_T]
        elif s == R.SCORE_LIVING:
            side["tax"] = t[c8 + T_E]
        elif s == R.SCORE_TANG_SONG:
            side["tax"] = t[c8 + T_E]
            side["held_by_opponent"] = inp[I_HELDB if c == BLACK else I_HELDW]
        elif s == R.SCORE_MING_QING:
            side["tax"] = quarters_number(2 * t[c8 + T_E])
            side["tax_received"] = quarters_number(2 * t[(opp << 3) + T_E])
        sides[key] = side
    bd = {
        "rules": rules.id,
        "system": SYSTEM_NAMES.get(s, ""),
        "count_unit": "stones" if s in (R.SCORE_AREA, R.SCORE_ING, R.SCORE_NEW_ING,
                                         R.SCORE_MING_QING, R.SCORE_LIVING)
                      and rules.unit == R.UNIT_STONES else rules.unit,
        "result_unit": ("living stones" if s == R.SCORE_LIVING else
                        "lu" if s == R.SCORE_TANG_SONG else "points"),
        "black": sides["black"],
        "white": sides["white"],
        "dame": d,
        "neutral": t[T_NEUTRAL],
        "komi": kq >> 2 if not kq & 3 else kq / 4,  # points, in every system
        "handicap": facts["handicap"],
        "compensation": hq >> 2 if not hq & 3 else hq / 4,
        "black_minus_white": quarters_number(m, rdiv),  # in result_unit, komi taken
        "dead": rg.dead_names(board.cells) if ndead else [],
        "seki": rg.seki_names() if t[8 + T_SEKI_G] or t[16 + T_SEKI_G] else [],
    }
    if facts.get("seki_marked"):
        bd["seki_marked"] = facts["seki_marked"]
    if s == R.SCORE_LIVING:
        bd["komi_stones"] = quarters_number(inp[I_KOMI], 8)
    if s == R.SCORE_NEW_ING:
        n = board.size * board.size
        bd["dame_both"] = t[T_DBOTH]
        bd["huangkong"] = t[T_HUANG]
        bd["black_needs_more_than"] = quarters_number(2 * n + 15)
        bd["komi"] = 0
    if s == R.SCORE_MING_QING:
        bd["black_needs_more_than"] = quarters_number(2 * board.size * board.size
                                                      + inp[I_HCOMP] // 2 + inp[I_KOMI] // 2)
    if rules.bowl_stones:   # a fill check: Ing, 计枰点 (推论21(7), 22(8))
        bd["bowl_stones"] = bowl_stones(board.size, rules)
        bd["white_bowl_after_fill"] = bowl_stones(board.size, rules) - t[16 + T_S] - t[16 + T_T]
    if rules.last_move_pays or rules.id == "jipingdian":
        bd["black_pays_last_move"] = bool(facts["pays"])
    return bd


def bowl_stones(size, rules=None):
    """Stones in each bowl at the start under Ing (查子): (points - 1) / 2, 180 on 19x19."""
    if rules is not None and size == 19 and rules.bowl_stones:
        return rules.bowl_stones
    return (size * size - 1) // 2


def ing_fill_check(res, white_bowl_left, size=19, unfilled=0, stones_out=0):
    """The Ing fill-count cross-check. After the dead stones and prisoners went
    back to their owners' bowls, white fills white's territory from its bowl:
    `white_bowl_left` stones are left (or, having run out, `unfilled` points of
    white's territory stay empty). `stones_out` are white stones lying neither
    on the board nor in the bowl (a pass stone left on the lid).

    Returns a dict: agree (the bowl says what the board says), expected_left,
    white and black area by the fill (180 - x and 181 + x on 19x19, plus half
    of any unfilled dame each), and white_area_counted from the board."""
    bd = res.breakdown
    bowl = bowl_stones(size)
    w = bd["white"]
    expected = bowl - w["stones"] - w["territory"] - stones_out
    d = bd["dame"]
    # 计枰点 推论29(1): when black pays, an A-type 负着 makes one black point at the
    # boundary shared: half a point from black to white, in the fill count too
    pays = 2 if bd.get("black_pays_last_move") else 0
    # quarters: area by the fill, and as the board counts it
    white_fill = 4 * (bowl - stones_out - white_bowl_left + unfilled) + 2 * d + pays
    black_fill = 4 * (size * size - bd["neutral"]) - white_fill
    counted = 4 * (w["stones"] + w["territory"]) + 2 * d + pays
    by_bowl = white_bowl_left - unfilled
    return {"agree": white_fill == counted and by_bowl == expected,
            "expected_left": expected, "white_area": quarters_number(white_fill),
            "black_area": quarters_number(black_fill),
            "white_area_counted": quarters_number(counted)}


def jipingdian_by_territory(game, dead_points=(), rules=None, komi=None, detail=None,
                            seki=None):
    """计枰点 Corollary 21: count by 目 with equal stones, then return to points.

    Each side's stones off the board (captured, dead, pass stones) are filled back
    into its own territory, so each side has as many stones on the board as it
    made moves; the side with more moves takes the surplus off inside its own
    territory (B-type 负着, 推论26); if black pays (推论29: white passed first,
    or Axiom 15 option 1 without a pass), one black stone at the boundary becomes
    a shared point instead (A-type, 推论25). Then points = moves + 目 + half the
    shared points (推论21(6)). Returns (black, white) in quarter points: equal to
    the area count, or CountError if the move record and the board disagree
    (stones on the board + stones off it != stones played). A dict `detail` gets
    the procedure's numbers (moves, refilled stones, 目, shared points, the
    负着 made, both totals in points)."""
    ctr, rules, ndead, facts = _analysed(game, dead_points, rules or "jipingdian", komi,
                                        seki=seki)
    rg = ctr.regions
    t = rg.tot
    caps = game.captures
    ps = game.pass_stones
    dead_n = facts["dead_n"]
    moves = [0, len(game.setup_black), len(game.setup_white)]
    for i in range(1, game.n + 1):
        if game.move_point(i) > ABANDON or game.move_point(i) == PASS_STONE:
            moves[game.color_of(i)] += 1
    played = list(moves)
    mu = [0, 0, 0]
    refilled = [0, 0, 0]
    for c in (BLACK, WHITE):
        off = caps[3 - c] + dead_n[c] + ps[c]
        if t[(c << 3) + T_S] + off != moves[c]:
            raise CountError("the record and the board disagree on %s's stones: %d on the "
                             "board + %d off it, %d played"
                             % ("black" if c == BLACK else "white", t[(c << 3) + T_S], off,
                                moves[c]))
        refilled[c] = off
        mu[c] = t[(c << 3) + T_T] - off
    q2 = 2 * t[T_DAME]  # shared points, in half points
    surplus = moves[BLACK] - moves[WHITE]
    if surplus > 0:
        moves[BLACK] -= surplus
        mu[BLACK] += surplus
    elif surplus < 0:
        moves[WHITE] += surplus
        mu[WHITE] -= surplus
    b = 4 * (moves[BLACK] + mu[BLACK]) + q2
    w = 4 * (moves[WHITE] + mu[WHITE]) + q2
    if facts["pays"]:
        b -= 2
        w += 2
    if detail is not None:
        detail["moves"] = {"B": played[BLACK], "W": played[WHITE]}
        detail["refilled"] = {"B": refilled[BLACK], "W": refilled[WHITE]}
        detail["b_type"] = {"B": surplus if surplus > 0 else 0,
                            "W": -surplus if surplus < 0 else 0}
        detail["a_type"] = 1 if facts["pays"] else 0
        detail["stones_each"] = moves[BLACK]
        detail["mu"] = {"B": mu[BLACK], "W": mu[WHITE]}
        detail["shared"] = t[T_DAME]
        detail["black"] = quarters_number(b)
        detail["white"] = quarters_number(w)
    return b, w


def with_penalty(res, rules, black_points, white_points):
    """A count with Ing's overtime penalty (时差罚点, seed 002 §49: the Ing timer
    charges points for each overtime period a player enters, goban.clock):
    each player's penalty points go to the opponent, so they come off that
    player's margin. Returns a new CountResult whose breakdown has `penalty`
    {B, W} and the changed `black_minus_white`; the count itself is unchanged.
    A resignation, a void game or a forfeit keep their result."""
    if not black_points and not white_points:
        return res
    m = res.margin_q - 4 * (black_points - white_points)
    bd = dict(res.breakdown)
    bd["penalty"] = {"B": black_points, "W": white_points}
    rdiv = 8 if rules.scoring == R.SCORE_LIVING else 4
    bd["black_minus_white"] = quarters_number(m, rdiv)
    if res.winner == "void" or res.result[-1:] in ("R", "F"):
        return CountResult(res.result, res.winner, res.margin, res.unit, bd, m,
                           res.black_q, res.white_q)
    if m > 0 or (m == 0 and rules.black_wins_ties):
        winner = "B"
    elif m < 0:
        winner = "W"
    else:
        return CountResult("0", "draw", 0, res.unit, bd, m, res.black_q, res.white_q)
    am = m if m >= 0 else -m
    return CountResult(winner + "+" + quarters_text(am, rdiv), winner,
                       quarters_number(am, 8 if _stones_unit(rules) else 4), res.unit, bd, m,
                       res.black_q, res.white_q)
