"""Play an engine at the board: the engine's moves are lit and a hand puts them down.

`goboard play --engine "CMD"` starts a new game at the board and a GTP engine
(GNU Go, KataGo, Leela Zero, Pachi: anything that speaks GTP). The person plays
`--color` (black by default) on the board as always; each of the engine's moves
is lit on its point, shown on the display with a sound, and the person puts the
stone there for it (the referee takes no other stone of that colour). While
the engine thinks the board takes no stone of its colour. The engine's passes
and resignation end the game as the rules set says (after two passes the
person lifts the dead stones and presses end; the board counts). The game is
logged on the board and synced to SGF in `--out` like any other.

`--teach`: a press of ok at the board on the person's turn lights the engine's
suggestion there (blue, "Hint: D4") until the next move. `--clock SPEC` runs the
board's clock and tells the engine its time (time_settings or kgs-time_settings,
time_left before each of its moves); `--black`, `--event`, `--table`... name the
game for the board, the page and the SGF.

With `--sim` the game is played on the simulated board and the person is the
engine `--sim-player CMD`, its moves placed by simulated hands (`--sim-hints P`:
it asks for a hint with chance P and plays it).
"""

import json
import sys

from goban import rules as R
from goban.players import MAX_TEXT
from goboard.argtypes import add_game_arguments, game_fields
from goboard.errors import UserError
from goboard.gtp.boardgame import BoardGone
from goboard.gtp.match import engine_name, match, start_engine
from goboard.sim.table import add_sim_arguments, open_table


def add_arguments(p):
    p.add_argument("--engine", required=True, metavar="CMD",
                   help='the GTP engine to play, e.g. "gnugo --mode gtp --level 5"')
    p.add_argument("--color", default="B", type=str.upper, choices=("B", "W"),
                   help="the person's colour at the board (default B)")
    p.add_argument("--port", help="the board's serial device (default: the one board found)")
    p.add_argument("--rules", default="chinese", choices=R.RULE_IDS, metavar="ID")
    p.add_argument("--komi", type=float, default=None, help="komi in points (default: the rules')")
    p.add_argument("--handicap", type=int, default=0, help="black's handicap stones (2..9)")
    p.add_argument("--force", action="store_true",
                   help="start even while a game with moves is in play at the board")
    p.add_argument("--name", default=None, help="the person's name for the SGF")
    p.add_argument("--out", default="games", help="directory for the synced SGF (default: games)")
    p.add_argument("--json", action="store_true", help="print a JSON summary at the end")
    p.add_argument("--teach", action="store_true",
                   help="teaching: ok pressed at the board lights the engine's suggestion")
    add_game_arguments(p, defaults="the person (--name) and the engine's name, the event "
                                   "'goboard play'; --clock: the board's clock, the engine "
                                   "told its time")
    add_sim_arguments(p)
    p.add_argument("--sim-hints", type=float, default=0.0, metavar="P",
                   help="with --sim --teach: the chance the simulated person asks for a hint "
                        "and plays it")


def run(args):
    say = (lambda *a: None) if args.json else (lambda *a: print(*a, flush=True))

    def note(text):
        print("goboard play: %s" % text, file=sys.stderr, flush=True)
    if args.handicap and not 2 <= args.handicap <= 9:
        raise UserError("--handicap must be 2..9 (or 0), not %d" % args.handicap)
    engine = board = table = person = None
    try:
        engine = start_engine(args.engine)
        ename = engine_name(engine)
        board, table, person = open_table(args, note)
        pname = args.name or ("simulated (%s)" % person.engine.argv[0] if person else "person")
        names = {"B": pname, "W": ename} if args.color == "B" else {"B": ename, "W": pname}
        game = game_fields(args, given={"black": names["B"][:MAX_TEXT],
                                        "white": names["W"][:MAX_TEXT], "event": "goboard play"})
        st = board.state
        if st.game is not None and st.number and st.end is None and not args.force:
            raise UserError("a game is in play at the board (move %d): finish it, or --force"
                            % st.number)
        say("goboard play: %s at board %s" % (ename, board.serial))
        out = match(board, engine, args.color, args.rules, args.komi, args.handicap, person, say,
                    args.teach, game=game)
        say("game over: %s after %d moves; %s %s" % (
            out["result"], out["moves"], out["sgf"],
            "is the game played, move for move" if out["exact"] else "DIFFERS from the game played"))
        if args.json:
            summary = dict((k, v) for k, v in out.items() if k != "played")
            print(json.dumps(dict(summary, engine=ename, person=args.color)))
        if not out["exact"]:
            raise UserError("the synced SGF differs from the game played")
    except BoardGone as e:
        raise UserError(str(e))
    finally:
        if board is not None:
            board.release("Engine left")
            board.close()
        if person is not None:
            person.close()
        if table is not None:
            table.stop()
        if engine is not None:
            engine.close()
    return 0
