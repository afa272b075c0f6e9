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
# the result texts (goban.results.RESULTS, a ROM table in the frozen image: strings
# made at each count were a visible part of its time on the chip), loaded at the first count, not at boot (heap); () where
# tools/deploy's .mpy files leave goban.results out
_results = None
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
    '1.75', (3, 8) -> '0.375'. One string is made (each string costs the chip an
    allocation and an interning, a format's argument more)."""
    if q < 0:
        q = -q
        prefix += "-"
    whole = q // div
    return "%s%d%s" % (prefix, whole, _EIGHTHS[(q - whole * div) * (8 // div)])


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
    W; quarters) and the analysed regions `rg` (allocates: the end of a game
    only; on the chip every bytecode step here counts, the flash cache's
    misses with it)."""
    m = fig[2]
    s = rules.scoring
    am = m if m >= 0 else -m
    if m > 0 or (m == 0 and rules.black_wins_ties):
        winner = "B"
    elif m < 0:
        winner = "W"
    else:
        winner = "draw"
    notes = None
    # no number is won by in a draw, a void game, a resignation or a 懈怠 loss
    # (B+F): the breakdown keeps the count's difference for information
    counted = winner != "draw"
    # the SGF result: points, but living stones under 计活子 (half the points)
    rdiv = 8 if s == R.SCORE_LIVING else 4
    if counted:
        global _results
        texts = _results
        if texts is None:
            try:
                from goban.results import RESULTS as texts
            except ImportError:
                texts = ()
            _results = texts
        texts = texts[winner == "W"] if texts and rdiv == 4 else ()
        result = (texts[am - 1] if 0 < am <= len(texts) else
                  quarters_text(am, rdiv, "B+" if winner == "B" else "W+"))
    else:
        result = "0"
    if s == R.SCORE_NEW_ING and rg.tot[T_HUANG]:
        asked = end_requester(game)
        winner = "W" if asked == BLACK else "B"
        result = winner + "+F"
        counted = False
        notes = ["荒空: %d point(s) of a dame region touch one colour only; "
                 "%s asked to end and loses (懈怠)" % (rg.tot[T_HUANG], "BW"[asked - 1])]
    end = game.end
    if end is not None:
        if end == "resign":
            winner = "B" if game.winner == BLACK else "W"
            result = winner + "+R"
            counted = False
            notes = (notes or []) + ["play ended by resignation; the count is for information"]
        elif end == "void":
            winner = "void"
            result = "Void"
            counted = False
            notes = (notes or []) + ["a whole-board cycle ended play with no result"]
    bd = breakdown(game, rg, rules, ndead, facts, fig, rdiv)
    if ndead and not rules.dead_agreement:
        notes = (notes or []) + ["strict Tromp-Taylor has no dead-stone agreement: the dead "
                                 "stones given were taken off as if captured in play"]
    if notes:
        bd["notes"] = notes
    return CountResult(result, winner,
                       quarters_number(am, 8 if rules.unit == R.UNIT_STONES else 4)
                       if counted else 0, rules.unit, bd, m, fig[0], fig[1])


SYSTEM_NAMES = {
    R.SCORE_AREA: "area: stones + territory + half the dame",
    R.SCORE_TERRITORY: "territory + prisoners, no territory in seki",
    R.SCORE_ING: "area by Ing fill counting",
    R.SCORE_NEW_ING: "New Ing area: black needs more than half the board + 3¾",
    R.SCORE_LIVING: "living stones: stones + territory - basic eye positions",
    R.SCORE_TANG_SONG: "路: territory - basic eye positions - own stones held by the opponent",
    R.SCORE_MING_QING: "area with the block tax (还块子): each block gives one eye point away",
}


def _side(t, c8, captured, dead_removed, prisoners, pass_stones, tq, dame_share):
    """One side's part of the breakdown (tq: its count in quarters; dame_share
    None where the system shares no dame: the key is taken out again)."""
    return {
        "stones": t[c8 + T_S],
        "territory": t[c8 + T_T],
        "blocks": t[c8 + T_G],
        "basic_eyes": t[c8 + T_E],
        "seki_blocks": t[c8 + T_SEKI_G],
        "seki_territory": t[c8 + T_SEKI_T],
        "captured": captured,
        "dead_removed": dead_removed,
        "prisoners": prisoners,
        "pass_stones": pass_stones,
        "total": tq >> 2 if not tq & 3 else tq / 4,
        "dame_share": dame_share,
    }


def breakdown(game, rg, rules, ndead, facts, fig, rdiv):
    """The player's checkable account of the count (allocates: end only)."""
    kq = fig[3]
    hq = fig[4]
    t = rg.tot
    s = rules.scoring
    d = t[T_DAME]
    caps = game.captures
    ps = game.pass_stones
    dead_n = facts["dead_n"]
    # the dame share, the same for both sides: computed once, inline (a call costs
    # the chip ~30 us), in the sides' dicts as they are made (a key added after
    # would grow each dict again)
    if s == R.SCORE_AREA or s == R.SCORE_ING or s == R.SCORE_MING_QING:
        share = d >> 1 if not d & 1 else d / 2
    elif s == R.SCORE_NEW_ING:
        share = t[T_DBOTH]
        share = share >> 1 if not share & 1 else share / 2
    else:
        share = None
    black = _side(t, 8, caps[BLACK], dead_n[WHITE], fig[5], ps[BLACK], fig[0], share)
    white = _side(t, 16, caps[WHITE], dead_n[BLACK], fig[6], ps[WHITE], fig[1], share)
    if share is None:
        del black["dame_share"]
        del white["dame_share"]
    if s == R.SCORE_TERRITORY:
        black["tax"] = t[8 + T_SEKI_T]
        white["tax"] = t[16 + T_SEKI_T]
    elif s == R.SCORE_LIVING or s == R.SCORE_TANG_SONG:
        black["tax"] = t[8 + T_E]
        white["tax"] = t[16 + T_E]
        if s == R.SCORE_TANG_SONG:
            black["held_by_opponent"] = fig[7]
            white["held_by_opponent"] = fig[8]
    elif s == R.SCORE_MING_QING:
        tb = quarters_number(2 * t[8 + T_E])
        tw = quarters_number(2 * t[16 + T_E])
        black["tax"] = tb
        black["tax_received"] = tw
        white["tax"] = tw
        white["tax_received"] = tb
    unit = rules.unit
    bd = {
        "rules": rules.id,
        "system": SYSTEM_NAMES.get(s, ""),
        "count_unit": "stones" if unit == R.UNIT_STONES and s != R.SCORE_TERRITORY
                      and s != R.SCORE_TANG_SONG else unit,
        "result_unit": ("living stones" if s == R.SCORE_LIVING else
                        "lu" if s == R.SCORE_TANG_SONG else "points"),
        "black": black,
        "white": white,
        "dame": d,
        "neutral": t[T_NEUTRAL],
        "komi": kq >> 2 if not kq & 3 else kq / 4,  # points, in every system
        "handicap": facts["handicap"],
        "compensation": hq >> 2 if not hq & 3 else hq / 4,
        "black_minus_white": quarters_number(fig[2], rdiv),  # in result_unit, komi taken
        "dead": rg.dead_names(game.board.cells) if ndead else [],
        "seki": rg.seki_names() if t[8 + T_SEKI_G] or t[16 + T_SEKI_G] else [],
    }
    if "seki_marked" in facts:
        bd["seki_marked"] = facts["seki_marked"]
    if s == R.SCORE_LIVING:
        bd["komi_stones"] = quarters_number(kq, 8)
    elif s == R.SCORE_NEW_ING:
        n = rg.size * rg.size
        bd["dame_both"] = t[T_DBOTH]
        bd["huangkong"] = t[T_HUANG]
        bd["black_needs_more_than"] = quarters_number(2 * n + (hq // 2 or 15))
        bd["komi"] = 0
    elif s == R.SCORE_MING_QING:
        bd["black_needs_more_than"] = quarters_number(2 * rg.size * rg.size
                                                      + hq // 2 + kq // 2)
    if rules.bowl_stones:   # a fill check: Ing, 计枰点 (推论21(7), 22(8))
        bs = bowl_stones(rg.size, rules)
        bd["bowl_stones"] = bs
        bd["white_bowl_after_fill"] = bs - t[16 + T_S] - t[16 + T_T]
    if rules.last_move_pays or rules.id == "jipingdian":
        bd["black_pays_last_move"] = bool(facts["pays"])
    return bd
