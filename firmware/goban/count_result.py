"""A count as a player reads it: the result as SGF writes it (`B+3.5`, `W+R`,
`0`, `Void`, `B+F`), the winner and margin in the system's own unit, and the
breakdown a player can check (stones, territory, dame, prisoners, tax,
compensation, komi, totals). `goban.count` does the arithmetic in integer
quarter points; the figures become text and numbers here, at the end of a game
only (this allocates)."""

from goban import rules as R
from goban.rules import bowl_stones
from goban.board import BLACK, WHITE
from goban.game import ABANDON, F_NOOP
from goban.regions import (T_DAME, T_DBOTH, T_HUANG, T_NEUTRAL, T_S, T_T, T_E, T_G,
                           T_SEKI_G, T_SEKI_T)

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


def stones_unit(rules):
    """Systems whose margin is in stones: half the points."""
    return rules.unit == R.UNIT_STONES


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


def result(game, rg, rules, ndead, facts, fig):
    """The count's result, winner, margin and breakdown from the figures of
    goban.count's Counter.score: `fig` (black's and white's counts, black's
    margin less komi, komi, compensation, prisoners B and W, stones held B and
    W; quarters) and the analysed regions `rg` (allocates: the end of a game only)."""
    b_q, w_q, m = fig[0], fig[1], fig[2]
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
    bd = breakdown(game, rg, rules, ndead, facts, fig, rdiv)
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


def breakdown(game, rg, rules, ndead, facts, fig, rdiv):
    """The player's checkable account of the count (allocates: end only)."""
    b_q, w_q, m, kq, hq = fig[0], fig[1], fig[2], fig[3], fig[4]
    t = rg.tot
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
            "prisoners": fig[5 if c == BLACK else 6],
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
            side["held_by_opponent"] = fig[7 if c == BLACK else 8]
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
        bd["komi_stones"] = quarters_number(kq, 8)
    if s == R.SCORE_NEW_ING:
        n = board.size * board.size
        bd["dame_both"] = t[T_DBOTH]
        bd["huangkong"] = t[T_HUANG]
        bd["black_needs_more_than"] = quarters_number(2 * n + (hq // 2 or 15))
        bd["komi"] = 0
    if s == R.SCORE_MING_QING:
        bd["black_needs_more_than"] = quarters_number(2 * board.size * board.size
                                                      + hq // 2 + kq // 2)
    if rules.bowl_stones:   # a fill check: Ing, 计枰点 (推论21(7), 22(8))
        bd["bowl_stones"] = bowl_stones(board.size, rules)
        bd["white_bowl_after_fill"] = bowl_stones(board.size, rules) - t[16 + T_S] - t[16 + T_T]
    if rules.last_move_pays or rules.id == "jipingdian":
        bd["black_pays_last_move"] = bool(facts["pays"])
    return bd
