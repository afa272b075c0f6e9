"""Replay an SGF game through the referee's rules core and report where it stands.

Prints one JSON object (with --json): moves played, the first illegal move (with
its stable reason code), captures and how play ended. `--engine micropython`
runs the very same core inside the MicroPython interpreter.
"""

import json

from goban import rules as R
from goban.replay import replay
from goboard import mpengine
from goboard.errors import UserError
from goboard.record.sgfgame import read_sgf, record_from_sgf


def add_arguments(p):
    p.add_argument("sgf", metavar="GAME.sgf")
    p.add_argument("--rules", default=None, choices=R.RULE_IDS, metavar="ID",
                   help="rule set: " + ", ".join(R.RULE_IDS) + " (default: the SGF's RU, else chinese)")
    p.add_argument("--komi", type=float, default=None, help="komi in points (default: the SGF's KM)")
    p.add_argument("--engine", choices=("cpython", "micropython"), default="cpython")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    p.add_argument("--trace", action="store_true", help="include the hash of every position")


def run(args):
    game = read_sgf(args.sgf)
    record = record_from_sgf(game, args.rules, args.komi, args.sgf)
    record["trace"] = bool(args.trace)
    if args.engine == "micropython":
        out = mpengine.run_module("goban.replay", record)
        if "error" in out:
            raise UserError("%s: %s" % (args.sgf, out["error"]))
    else:
        try:
            out = replay(record)
        except ValueError as e:
            raise UserError("%s: %s" % (args.sgf, e))
    out["engine"] = args.engine
    if args.json:
        print(json.dumps(out))
    else:
        print("%s, %dx%d: %d moves played" % (out["rules"], out["size"], out["size"], out["moves"]))
        if out["illegal"]:
            il = out["illegal"]
            print("illegal move %d (%s %s): %s" % (il["move"], il["color"], il["point"] or "pass",
                                                   il["reason"]))
        print("captures: black took %d, white took %d" % (out["captures"]["B"], out["captures"]["W"]))
        print("end: %s" % (out["end"] or "play goes on"))
        for row in out["board"]:
            print("  " + " ".join(row))
    return 0
