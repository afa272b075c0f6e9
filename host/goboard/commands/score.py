"""Count an SGF game's final position under any rule set, with dead stones and a checkable breakdown.

    goboard score GAME.sgf --rules ID [--komi K] [--dead POINTS] [--json]
                  [--method area|territory] [--last-move-pays yes|no]
                  [--white-bowl X [--white-unfilled Y]]

POINTS is a comma-separated list of SGF points (cb,dd) holding dead stones.
Without --dead the dead stones come from the SGF's own markup on the last node
of the main line: a TB (black territory) mark on a white stone or a TW mark on
a black stone (what CGoban and Sabaki write at the count), and MA marks on
stones. `--dead ""` counts every stone as alive. A point off the board, or a
--dead point without a stone, is an error (exit status 2).

The players' word on seki at the board comes from the last node too, this
project's private properties: SEKI[cc] (the block holding cc is in seki) and
NOSEKI[dd] (the block holding dd is not), over what the counter reads (the
breakdown's `seki` is the final decision, `seki_marked` {on, off} the marks).
A value that is not a point of the board, or a point without a living stone, is
an error naming the property (exit status 2). The points the Ing timer charged
(时差罚点) are PENALTY[B:2][W:4] on the last node: each side's points go to the
opponent (goban.count_checks.with_penalty; the breakdown's `penalty`), so the result is
the one the board announced.

The JSON object: result (the SGF RE string), winner (B, W, draw or void),
margin and unit (points, stones or lu), breakdown (stones, territory, dame,
prisoners, tax, compensation, komi, each side's total), rules, komi, size.

`--method territory` (计枰点 only) counts by Corollary 21's procedure: stones
refilled, moves balanced with B-type and A-type 负着, 目 counted, back to points.
Its numbers are under `territory_procedure`, and the result is the procedure's;
it equals the area count (推论21(6), 22(7)). `--white-bowl X` is the fill check of
the systems that have one (Ing, 计枰点 推论21(7)/22(8)): white fills its area from
its bowl and X stones are left; under `ing_fill` (the key kept for both). Either
flag under a rule set without that procedure is an error (exit status 2).
"""

import json

from goban import rules as R
from goban.count import count, CountError
from goban.count_checks import ing_fill_check, jipingdian_by_territory, with_penalty
from goboard.errors import UserError
from goboard.record.sgfgame import load_sgf, markup_dead, markup_penalty, markup_seki


def add_arguments(p):
    p.add_argument("sgf", metavar="GAME.sgf")
    p.add_argument("--rules", default=None, choices=R.RULE_IDS, metavar="ID",
                   help="rule set: " + ", ".join(R.RULE_IDS) + " (default: the SGF's RU, else chinese)")
    p.add_argument("--komi", type=float, default=None,
                   help="komi in points (default: the SGF's KM, else the rule set's)")
    p.add_argument("--dead", default=None, metavar="POINTS",
                   help="comma-separated SGF points of dead stones (default: the SGF's TB/TW/MA markup)")
    p.add_argument("--last-move-pays", choices=("yes", "no"), default=None,
                   help="计枰点 option: black pays 1 point for the last move (default: yes)")
    p.add_argument("--method", choices=("area", "territory"), default="area",
                   help="计枰点: count by area (default) or by Corollary 21's territory procedure")
    p.add_argument("--white-bowl", type=int, default=None, metavar="X",
                   help="Ing, 计枰点: stones left in white's bowl after the fill, to cross-check "
                        "the count")
    p.add_argument("--white-unfilled", type=int, default=0, metavar="Y",
                   help="Ing, 计枰点: points of white's territory left empty when white's bowl "
                        "ran out")
    p.add_argument("--json", action="store_true", help="print one JSON object")


def parse_points(text, size):
    """'cb,dd' -> ['cb', 'dd'], checking each against the board (UserError)."""
    out = []
    for part in text.split(","):
        s = part.strip()
        if not s:
            continue
        if len(s) != 2 or not s.isalpha() or not s.islower():
            raise UserError("--dead: %r is not an SGF point (two letters such as cb)" % s)
        x, y = ord(s[0]) - 97, ord(s[1]) - 97
        if not (0 <= x < size and 0 <= y < size):
            raise UserError("--dead: point %s is off the %dx%d board" % (s, size, size))
        out.append(s)
    return out


def run(args):
    game, info = load_sgf(args.sgf, args.rules, args.komi)
    notes = []
    il = info["illegal"]
    if il and all(mv[1] == "" for mv in info["record"]["moves"][il["move"] - 1:]):
        # closing passes these rules refuse (two pass stones under 计活子) leave
        # the board as it is: count it
        notes.append("moves %d.. (passes) are not legal under %s rules and were ignored"
                     % (il["move"], game.rules.id))
    elif il:
        raise UserError("%s: move %d (%s %s) is illegal under %s rules (%s): cannot count "
                        "the final position" % (info["name"], il["move"], il["color"],
                                                il["point"] or "pass", game.rules.id, il["reason"]))
    size = game.board.size
    if args.dead is not None:
        dead = parse_points(args.dead, size)
        source = "--dead"
    else:
        dead = markup_dead(info["sgf"], game.board)
        source = "sgf markup" if dead else "none"
    # the players' seki marks at the board (SEKI/NOSEKI on the last node)
    seki = markup_seki(info["sgf"], size)
    cells = game.board.cells
    for s, on in seki:
        v = cells[game.board.from_sgf(s)]
        if not v or s in dead:
            raise UserError("bad %s markup in the last node: %s has no %sstone"
                            % ("SEKI" if on else "NOSEKI", s, "living " if v else ""))
    rules = game.rules
    if args.last_move_pays is not None:
        rules = rules.copy(last_move_pays=args.last_move_pays == "yes")
    if args.white_bowl is not None and not rules.bowl_stones:
        raise UserError("--white-bowl: %s rules have no fill check (Ing and jipingdian do)"
                        % rules.id)
    if args.method == "territory" and rules.id != "jipingdian":
        raise UserError("--method territory: only jipingdian has a territory procedure "
                        "(Corollary 21); %s counts one way" % rules.id)
    try:
        res = count(game, dead, rules, handicap=info.get("handicap") or None,
                    seki=seki or None)
    except CountError as e:
        raise UserError(str(e))
    penalty = markup_penalty(info["sgf"])
    if penalty:
        res = with_penalty(res, rules, penalty["B"], penalty["W"])
    out = res.as_dict()
    out.update({"rules": rules.id, "komi": rules.komi, "size": size, "dead_source": source,
                "moves": game.n, "sgf_result": info.get("result")})
    if notes:
        res.breakdown.setdefault("notes", []).extend(notes)
    if args.white_bowl is not None:
        out["ing_fill"] = ing_fill_check(res, args.white_bowl, size, unfilled=args.white_unfilled)
    out["method"] = args.method
    if rules.id == "jipingdian" or (rules.scoring == R.SCORE_AREA and rules.last_move_pays):
        detail = {}
        try:
            b, w = jipingdian_by_territory(game, dead, rules, detail=detail,
                                           seki=seki or None)
        except CountError as e:
            if args.method == "territory":
                raise UserError("--method territory: %s" % e)
            out["territory_procedure"] = {"error": str(e)}
        else:
            detail["agrees"] = b == res.black_q and w == res.white_q
            out["territory_procedure"] = detail
            if args.method == "territory":
                if not detail["agrees"]:   # 推论21(6): never, the tests hold it
                    raise UserError("the territory procedure (B %s, W %s) disagrees with the "
                                    "area count" % (b / 4, w / 4))
                # the result is the procedure's: the same totals as the area count
    if args.json:
        print(json.dumps(out, ensure_ascii=False))
        return 0
    bd = res.breakdown
    print("%s (%s), %dx%d, komi %s: %s" % (rules.name, bd["system"], size, size,
                                           bd["komi"], res.result))
    print("winner %s by %s %s" % (res.winner, res.margin, res.unit))
    for key in ("black", "white"):
        side = bd[key]
        print("  %-5s " % key + ", ".join("%s %s" % (k, v) for k, v in side.items()))
    print("  dame %d, neutral %d, dead %s, seki blocks at %s"
          % (bd["dame"], bd["neutral"], ",".join(bd["dead"]) or "none",
             ",".join(bd["seki"]) or "none"))
    marked = bd.get("seki_marked")
    if marked:
        print("  the players marked in seki %s, not in seki %s"
              % (",".join(marked["on"]) or "none", ",".join(marked["off"]) or "none"))
    if bd.get("penalty"):
        print("  clock penalty (PENALTY): black %d, white %d points"
              % (bd["penalty"]["B"], bd["penalty"]["W"]))
    if "ing_fill" in out:
        f = out["ing_fill"]
        print("  Ing fill: %d stones expected in white's bowl, %s; white %s, black %s"
              % (f["expected_left"], "agrees" if f["agree"] else "DOES NOT AGREE",
                 f["white_area"], f["black_area"]))
    for note in bd.get("notes", ()):
        print("  note: " + note)
    return 0
