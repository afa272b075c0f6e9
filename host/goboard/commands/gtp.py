"""The board as a GTP engine: a GTP controller plays the person at the board.

`goboard gtp [--port P]` speaks GTP version 2 on stdin/stdout, so any
controller (Sabaki, GoGui, gtp2ogs for OGS, kgsGtp, twogtp) can put a person at
this board against anyone; `goboard.gtp.engine` answers each command at the
board. The game is synced to SGF (`--out`) like any other.

Only GTP responses go to stdout; diagnostics go to stderr. A controller that
goes away (its end of stdout closed, or stdin closed with nothing left to
answer) leaves the board refereeing the game on its own, and the board's
display says so.

`--black`, `--white`, `--event`, `--table`... name every game it starts at the
board (the page and the SGF show them); `--clock` runs the board's clock until
the controller's time_settings say otherwise.

`--sim` plays on the simulated board (the real firmware in the MicroPython
unix port), whose person is the engine `--sim-player CMD`: `genmove` answers
what that engine chooses and a simulated hand places; `play` lights the stone
and a simulated hand puts it down.
"""

import os
import sys

from goban import rules as R
from goboard.argtypes import add_game_arguments, game_fields
from goboard.gtp.boardgame import BoardGone
from goboard.gtp.engine import NOTES, Controller, GTPEngine, serve
from goboard.sim.table import add_sim_arguments, open_table


def add_arguments(p):
    p.add_argument("--port", help="the board's serial device (default: the one board found)")
    p.add_argument("--rules", default="chinese", choices=R.RULE_IDS, metavar="ID",
                   help="rules of the games until the controller names others (default chinese)")
    p.add_argument("--out", default="games", help="directory for the synced SGF (default: games)")
    add_game_arguments(p, defaults="none; --clock: the board's clock until the controller's "
                                   "time_settings")
    add_sim_arguments(p)


def run(args):
    def say(text):
        print("goboard gtp: %s" % text, file=sys.stderr, flush=True)
    game = game_fields(args)
    board, table, person = open_table(args, say)
    engine = GTPEngine(board, person, args.rules, say, game)
    why = "eof"
    try:
        ctl = Controller(sys.stdin.buffer, sys.stdout)
        try:
            why = serve(engine, ctl, say)
        except BoardGone as e:
            say(str(e))
            return 2
        board.release(NOTES[why])
        board.pump(0.3)
        if why != "quit":
            say("the controller went away (%s): the board keeps game %s (move %s) and "
                "referees it on its own" % ("its input closed" if why == "eof"
                                            else "nobody reads the answers",
                                            board.state.game, board.state.number))
    finally:
        board.close()
        if person is not None:
            person.close()
        if table is not None:
            summary = table.stop()
            if summary and summary.get("display"):
                say("the board shows: %s (%d moves in its log)" % (
                    " / ".join(summary["display"]), len(summary.get("moves") or ())))
        if why == "gone":
            # stdout's reader is gone: nothing may be flushed there at exit
            try:
                os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
            except OSError:
                pass
    return 0
