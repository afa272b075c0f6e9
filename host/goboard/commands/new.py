"""Start a new game on a board over its serial link (rules, komi, handicap, players, clock; logged with the game).

The board answers with the new game's number; its game-start event (the choice,
"by": "host", with the players, event, round and clock) is the game's first
record in the board's log, so every feed and the SGF carry them. A game still
in play (moves on the board, not counted or resigned) is not dropped unless --force.
"""

import json

from goban import rules as R
from goboard.argtypes import add_game_arguments, game_fields
from goboard.link.boards import choose_port
from goboard.errors import UserError
from goboard.link.control import open_link


def add_arguments(p):
    p.add_argument("--port", help="serial device, pty or pyserial URL (default: the one board found)")
    p.add_argument("--rules", required=True, metavar="ID",
                   help="rule set: " + ", ".join(R.RULE_IDS))
    p.add_argument("--komi", type=float, default=None, help="komi (default: the rules' own)")
    p.add_argument("--handicap", type=int, default=0, help="handicap stones, 0 or 2..9")
    p.add_argument("--free", action="store_true",
                   help="black places the handicap anywhere (rules that allow it), "
                        "not on the star points")
    p.add_argument("--force", action="store_true", help="drop a game still in play")
    add_game_arguments(p)
    p.add_argument("--json", action="store_true", help="print the board's answer as JSON")


def check(args):
    """One-line errors for values the board would refuse anyway."""
    if args.rules not in R.RULE_IDS:
        raise UserError("unknown rules %r (known: %s)" % (args.rules, ", ".join(R.RULE_IDS)))
    if args.handicap < 0 or args.handicap == 1 or args.handicap > 9:
        raise UserError("--handicap must be 0 or 2..9, not %d" % args.handicap)
    if args.komi is not None and not -100 <= args.komi <= 100:
        raise UserError("--komi must be from -100 to 100, not %g" % args.komi)
    if args.free and (args.handicap < 2 or not R.get(args.rules).free_handicap):
        raise UserError("--free needs --handicap 2..9 and rules that allow free placement "
                        "(%s)" % ", ".join(r for r in R.RULE_IDS if R.get(r).free_handicap))


def run(args):
    check(args)
    game = game_fields(args)
    if args.free:
        game["placement"] = "free"
    port = choose_port(args.port, held_ok=True)
    link = open_link(port)
    try:
        board = link.hello()
        ans = link.new_game(args.rules, args.komi, args.handicap, force=args.force, game=game)
    finally:
        link.close()
    if args.json:
        print(json.dumps(ans))
    else:
        who = ""
        if ans.get("black") or ans.get("white"):
            who = ", %s (black) - %s (white)" % (ans.get("black") or "?", ans.get("white") or "?")
        print("%s: game %d started: %s, komi %s, handicap %d%s, %s to play%s%s"
              % (board.get("serial") or port, ans.get("game", 0), ans.get("rules"),
                 ans.get("komi"), ans.get("handicap", 0),
                 " (free placement)" if ans.get("placement") == "free" else "",
                 "black" if ans.get("first") == "B" else "white", who,
                 ", clock " + ans["clock"] if ans.get("clock") else ""))
    return 0
