"""Counts made another way beside the count, as the rules' own checks: Ing's
fill count against white's bowl (查子), 计枰点 by 目 with equal stones
(Corollary 21), and Ing's overtime penalty applied to a count. Loaded when a
game under those rules ends (`goban.referee.scoring`, `goban.referee.timing`) or
by the host (`goboard score`)."""

from goban import rules as R
from goban.board import BLACK, WHITE
from goban.game import ABANDON, PASS_STONE
from goban.regions import T_DAME, T_S, T_T
from goban.count import CountError, analysed
from goban.rules import bowl_stones
from goban.count_result import (CountResult, quarters_number, quarters_text,
                                stones_unit)


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
    ctr, rules, ndead, facts = analysed(game, dead_points, rules or "jipingdian", komi,
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
                       quarters_number(am, 8 if stones_unit(rules) else 4), res.unit, bd, m,
                       res.black_q, res.white_q)
