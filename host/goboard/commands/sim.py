"""Play an SGF game or a physical script on the simulated board, through the real firmware.

INPUT is an SGF file (each move placed by a hand, with seeded hand noise: hovers,
brief nudges, captures lifted in random order over several scans; a move the
rules refuse is placed, announced by the referee, taken back, and play stops
there: `stopped` names it) or a physical script, one action per line
(`place B dd`, `lift dd`, `wait 500`, `button B pass` ...: goboard.sim.script
lists them all, with the players, --tempo, --faults and --mistakes).

The firmware (board loop, referee, game log) runs in the MicroPython unix port
against the world model in tools/sim. Prints one JSON object: events (the
referee's, in order), moves (the game as the log holds it, SGF points, "" for a
pass) and result; with players also `truth` (the game the hands played, its
count) and `verdict` (false and lost moves, jams, count errors, each fault's and
mistake's recovery: simfaults.verdict).
"""

import json

from goban import rules as R
from goboard.argtypes import add_game_arguments
from goboard.sim import faults as simfaults
from goboard.sim.run import simulate


def add_arguments(p):
    p.add_argument("input", metavar="INPUT", help="an SGF game or a physical script")
    p.add_argument("--rules", default=None, choices=R.RULE_IDS, metavar="ID",
                   help="rule set (default: the SGF's RU, else chinese)")
    p.add_argument("--komi", type=float, default=None)
    p.add_argument("--handicap", type=int, default=None)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--noise", type=int, default=1, choices=(0, 1, 2, 3),
                   help="sensor and hand noise, 0 (none) .. 3 (heavy)")
    p.add_argument("--size", type=int, default=None, help="board size for a script (default 19)")
    p.add_argument("--profile", default=None, help="sim profile (default boards/sim-SIZE.json)")
    p.add_argument("--cut-after", default="", metavar="K,K..",
                   help="power cuts right after these event numbers")
    p.add_argument("--torn", action="store_true", help="the power cuts tear the record being written")
    p.add_argument("--log-dir", default=None, help="keep the game log here (default: a temporary dir)")
    p.add_argument("--tempo", type=int, default=None, metavar="MS",
                   help="SGF: ms from a stone let go to the next hand moving (0: back to back)")
    p.add_argument("--faults", type=int, default=0, metavar="N",
                   help="SGF: N random faults from the catalogue during the game (seeded)")
    p.add_argument("--mistakes", type=int, default=0, metavar="N",
                   help="SGF: N random player mistakes (simfaults.MISTAKES) during the game (seeded)")
    p.add_argument("--fault-kinds", default=",".join(simfaults.CATALOGUE), metavar="K,K..",
                   help="the faults --faults and the mistakes --mistakes draw from (default: "
                        "each whole catalogue)")
    p.add_argument("--players", action="store_true",
                   help="a script's players answer the board's announcements (always for an SGF)")
    p.add_argument("--json", action="store_true", help="print one JSON object")
    add_game_arguments(p, defaults="an SGF's PB, PW, BR, WR, EV, RO; in a script `wait` "
                                   "lets the player think")


def run(args):
    out = simulate(args.input, args)
    if args.json:
        print(json.dumps(out))
    else:
        for ev in out["events"]:
            print(ev["t"], ev["type"], ev.get("color") or "", ev.get("point") or "",
                  ev.get("code") or "", ev.get("text") or "")
        print("moves: %d, result: %s" % (len(out["moves"]), out["result"]))
        v = out.get("verdict")
        if v:
            print("played %d, recorded %d: false moves %d, lost moves %d, jams %d%s"
                  % (v["played"], v["recorded"], len(v["false"]), len(v["lost"]), len(v["jams"]),
                     ", stuck: " + v["stopped"] if v["stopped"] else ""))
        st = out.get("stopped")
        if st:
            print("stopped at SGF move %d (%s %s): %s" % (st["move"], st["color"],
                                                         st["point"] or "pass", st["code"]))
    return 0
