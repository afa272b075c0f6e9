"""Play a real game on the simulated board, sync it to SGF and serve the live page.

The main job, end to end as at a tournament: the firmware (referee, game log,
serial link) runs in the MicroPython unix port against the simulator's physical
world, which places the stones of an SGF game with hand noise; a pseudo-terminal
pair stands in for the USB cable; the host follows the link, writes the game to
SGF as it goes and pushes every event to the broadcast page.
"""

import json
import os
import shutil
import signal
import sys
import tempfile
import time
from argparse import Namespace

from goban import rules as R
from goban.players import MAX_TEXT
from goboard.argtypes import add_game_arguments, game_fields, number, port_number
from goboard.errors import UserError
from goboard.gtp.boardgame import BoardGame
from goboard.gtp.client import gnugo_argv
from goboard.gtp.match import engine_name, match, start_engine
from goboard.link.nullmodem import Relay
from goboard.link.transport import HostLink
from goboard.live.server import ServerThread
from goboard.live.state import COUNTED, ENDED, PAUSED, EventError, LiveState, OutOfOrder
from goboard.paths import BOARDS, SIM, invoked_as
from goboard.record.journal import Journal
from goboard.record.sgfrecord import read_moves
from goboard.record.sync import follow, sgf_path, sync_once
from goboard.sim.board import SimBoard
from goboard.sim.run import job_game
from goboard.sim.script import load_input
from goboard.sim.table import SimPerson, SimTable

DEMO_GAME = SIM / "games" / "demo-19.sgf"
SERIAL = "SIM-DEMO"


def end_words(st):
    """How play stands at the end of the demo's moves, as the rules have it: a
    result, or why there is none yet (Ing pauses after two passes; AGA waits for
    white to pass last) - never "game over: None"."""
    if st.status == COUNTED and st.result:
        return "game over: %s" % st.result.get("result")
    if st.status == ENDED:
        return "play has ended (%s); no count yet" % str(
            (st.end or {}).get("reason") or "?").replace("-", " ")
    if st.status == PAUSED:
        return ("no result: play is paused after two passes (%s rules: play goes on, "
                "or the players agree to count)" % st.rules)
    last = st.last or {}
    if last.get("kind") == "pass":
        return ("no result: play has not ended (%s rules: %s passed, %s to play; the game "
                "waits for %s's pass)" % (st.rules, "black" if last.get("color") == "B" else "white",
                                          "white" if st.to_move == "W" else "black",
                                          "white" if st.to_move == "W" else "black"))
    return "no result: play goes on (%s to play)" % ("white" if st.to_move == "W" else "black")


def add_arguments(p):
    p.add_argument("game", nargs="?", default=str(DEMO_GAME),
                   help="SGF game the hands play (default: a GNU Go game, 19x19)")
    p.add_argument("--rules", default=None, help="rules id (default: the SGF's RU, else chinese)")
    p.add_argument("--komi", type=float, default=None)
    p.add_argument("--pace", type=number(0, 1000, "a pace"), default=1.0,
                   help="speed of the simulated clock (default %(default)s: the hands play about "
                        "two moves a second, a game of 250 moves takes two minutes; 5: five "
                        "times faster; 0: as fast as the machine goes)")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--noise", type=int, default=1, choices=(0, 1, 2, 3))
    p.add_argument("--out", default="games", help="directory for the SGF (default: games)")
    p.add_argument("--host", default="127.0.0.1")
    p.add_argument("--port", type=port_number, default=8080,
                   help="port of the live page (0: any free)")
    p.add_argument("--linger", type=number(0, 1e6, "a time in seconds"), default=None,
                   metavar="SECONDS",
                   help="keep serving this long after the game (default: until Ctrl-C)")
    p.add_argument("--json", action="store_true", help="print a JSON summary at the end")
    p.add_argument("--vs-engine", nargs="?", const="gnugo", default=None, metavar="CMD",
                   help="instead of an SGF: a simulated person (GNU Go) plays the GTP engine "
                        "CMD (default GNU Go) at the board, the engine's moves lit and placed "
                        "by the simulated hands (goboard play)")
    p.add_argument("--size", type=int, default=19, choices=(9, 19),
                   help="with --vs-engine: the board's size (default 19)")
    add_game_arguments(p, defaults="the SGF's PB, PW, BR, WR, EV, RO; the event "
                                   "'goboard demo'")


def minutes(seconds):
    return "%d:%02d" % divmod(int(round(seconds)), 60)


def linger(args, say):
    """Keep the page up after the game: --linger seconds, or until Ctrl-C."""
    try:
        if args.linger is None:
            say("the page keeps showing the final position; Ctrl-C stops")
            while True:
                time.sleep(3600)
        elif args.linger > 0:
            time.sleep(args.linger)
    except KeyboardInterrupt:
        pass


def run(args):
    if args.pace < 0:
        raise UserError("--pace must be 0 (as fast as possible) or more, not %g" % args.pace)
    if args.vs_engine:
        return vs_engine(args)
    # a plain `kill` ends the demo as Ctrl-C does: the board, the link and the page stop too
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    sim_args = Namespace(rules=args.rules, komi=args.komi, handicap=None, seed=args.seed,
                         noise=args.noise, size=None)
    record, actions, size = load_input(args.game, sim_args, rules_first=True)
    if record is None:
        raise UserError("%s: the demo plays an SGF game" % args.game)
    profile = BOARDS / ("sim-%d.json" % size)
    if not profile.exists():
        raise UserError("no simulated board for %dx%d" % (size, size))
    say = (lambda *a: None) if args.json else (lambda *a: print(*a, flush=True))
    os.makedirs(args.out, exist_ok=True)
    # every demo is a new board with an empty log: what an earlier demo synced
    # into this folder is that other board's, so it starts again from game 1
    shutil.rmtree(Journal(args.out, SERIAL).dir, ignore_errors=True)
    # the players and the event go to the board, which logs them with the game:
    # the page, the SGF and the relay all have them from there (white moves first
    # under some rules: the record's black then plays white)
    game, clock = job_game(args, record, args.game)
    game.setdefault("event", "goboard demo")
    meta = {}
    work = tempfile.mkdtemp(prefix="goboard-demo-")
    relay = Relay(work)
    relay.start()
    job = {"profile": str(profile), "rules": record["rules"], "komi": record["komi"],
           "handicap": record["handicap"], "seed": args.seed, "noise": args.noise,
           "actions": actions, "dir": os.path.join(work, "board"), "pace": args.pace,
           "game": game, "clock": clock,
           "link": {"device": relay.board_path, "serial": SERIAL, "linger_ms": 10 ** 9}}
    try:
        server = ServerThread(args.host, args.port, title="goboard demo").start()
    except OSError as e:
        relay.stop()
        raise UserError("cannot serve the live page on %s:%d: %s" % (args.host, args.port, e))
    board = SimBoard(job)
    link = HostLink(relay.host_path, reconnect=True, reconnect_timeout=30)
    moves_seen = [0]
    live = [0]
    t0 = time.monotonic()
    try:
        say("goboard demo: a simulated board plays %s (%d moves, %s rules) through the "
            "referee;\n  the host follows it over a pseudo-terminal and writes %s as it goes."
            % (os.path.basename(args.game), len(record["moves"]), record["rules"],
               sgf_path(args.out, SERIAL, 1)))
        say("  Watch it live: %s/board/%s   (every board: %s/)" % (server.url, SERIAL, server.url))
        say("  or in another terminal: %s watch --page %s/board/%s" % (invoked_as(), server.url,
                                                                      SERIAL))
        if record["swapped"]:
            say("  %s: white moves first, so the record is played with its colours swapped"
                % record["rules"])
        say("  %s" % ("pace 0: as fast as the machine goes" if not args.pace else
                      "pace %g: about %.0f moves a second (--pace changes it)"
                      % (args.pace, 2 * args.pace)))
        try:
            link.open()
            journal, _ = sync_once(link, args.out, meta, say=lambda *a: None)
        except UserError:
            time.sleep(0.5)
            err = board.failed()
            if err:
                raise UserError("the simulated board did not start: %s" % err)
            raise
        for g in journal.games():   # what the first sync fetched (game-start at least)
            for ev in journal.events(g):
                server.publish(journal.serial, ev)
                live[0] += 1

        def on_event(serial, ev):
            server.publish(serial, ev)
            live[0] += 1
            t = ev.get("type")
            if t in ("move", "pass", "abandon"):
                moves_seen[0] += 1
                if moves_seen[0] % 25 == 0:
                    say("  move %d" % ev.get("number", moves_seen[0]))
            elif t == "illegal":
                say("  move %d: the referee refuses %s (%s)" % (
                    moves_seen[0] + 1, ev.get("point") or "it", ev.get("text") or ev.get("code")))
            elif t == "end":
                say("  end of play: %s" % str(ev.get("reason", "")).replace("-", " "))
            elif t == "dead":
                say("  dead stones lifted: %d" % len(ev.get("points") or ()))
            elif t == "count":
                say("  count: %s" % ev.get("result"))

        def finished():
            err = board.failed()
            if err:
                raise UserError("the simulated board stopped: %s" % err)
            s = board.summary
            return s is not None and journal.have(journal.games()[-1] if journal.games() else 0) >= s["logged"]

        follow(link, journal, args.out, meta, stop=finished, say=lambda *a: None, on_event=on_event)
        s = board.summary
        game_no = journal.games()[-1]
        path = sgf_path(args.out, journal.serial, game_no)
        with open(path, "rb") as f:
            _, synced = read_moves(f.read(), path)
        played = [m[1] for m in s["moves"]]
        exact = [m[1] for m in synced] == played
        whole = len(played) >= len(record["moves"])
        out = {"sgf": path, "moves": len(played), "result": s["result"], "exact": exact,
               "whole": whole, "record_moves": len(record["moves"]),
               "page": "%s/board/%s" % (server.url, SERIAL), "events": s["logged"],
               "published": live[0], "board_pid": board.proc.pid}
        final = LiveState()
        for ev in journal.events(game_no):
            try:
                final.apply(ev)
            except (EventError, OutOfOrder):
                pass
        out["status"] = final.status
        say("%s after %d moves (%s); %s %s"
            % (end_words(final), len(played), minutes(time.monotonic() - t0), path,
               "is the game played, move for move" if exact else "DIFFERS from the game played"))
        if args.json:
            print(json.dumps(out))
        if not exact:
            raise UserError("the synced SGF differs from the game played")
        if not whole:
            raise UserError("the board stopped after %d of the record's %d moves (%s)"
                            % (len(played), len(record["moves"]), end_words(final)))
        linger(args, say)
    finally:
        board.stop()
        link.close()
        server.stop()
        relay.stop()
    return 0


def vs_engine(args):
    """`goboard demo --vs-engine [CMD]`: the simulated board, a simulated person
    (GNU Go, seeded) playing black against the engine CMD (default GNU Go), the
    engine's moves lit and placed by the simulated hands; synced to SGF and
    shown on the live page as the demo does."""
    say = (lambda *a: None) if args.json else (lambda *a: print(*a, flush=True))
    cmd = gnugo_argv(1, args.seed) if args.vs_engine == "gnugo" else args.vs_engine
    rules = args.rules or "chinese"
    if rules not in R.RULE_IDS:
        raise UserError("unknown rules %r (known: %s)" % (rules, ", ".join(R.RULE_IDS)))
    engine = start_engine(cmd, "--vs-engine")
    table = person = server = None
    try:
        ename = engine_name(engine)
        table = SimTable(args.size, rules, args.seed, args.noise, args.pace, mistakes=0.05,
                         serial=SERIAL)
        person = SimPerson(gnugo_argv(0, args.seed + 1), table)
        try:
            server = ServerThread(args.host, args.port, title="goboard demo").start()
        except OSError as e:
            raise UserError("cannot serve the live page on %s:%d: %s" % (args.host, args.port, e))
        # every demo is a new board with an empty log (SimTable.forget)
        table.forget(args.out)
        game = game_fields(args, given={"black": "simulated person (GNU Go)",
                                        "white": ename[:MAX_TEXT], "event": "goboard demo"})
        board = BoardGame(table.port, args.out)
        board.listeners += [person.on_event, lambda ev: server.publish(board.serial, ev)]
        board.open()
        say("goboard demo: a simulated person (black, GNU Go) plays %s (white) on the "
            "simulated board; the engine's moves are lit and the hands put them down." % ename)
        say("  Watch it live: %s/board/%s" % (server.url, board.serial))
        t0 = time.monotonic()
        out = match(board, engine, "B", rules, args.komi, 0, person, say, game=game)
        say("game over: %s after %d moves (%s); %s %s" % (
            out["result"], out["moves"], minutes(time.monotonic() - t0), out["sgf"],
            "is the game played, move for move" if out["exact"] else "DIFFERS from the game played"))
        if args.json:
            summary = dict((k, v) for k, v in out.items() if k != "played")
            print(json.dumps(dict(summary, engine=ename,
                                  page="%s/board/%s" % (server.url, board.serial))))
        if not out["exact"]:
            raise UserError("the synced SGF differs from the game played")
        linger(args, say)
    finally:
        if person is not None:
            person.close()
        if table is not None:
            table.stop()
        if server is not None:
            server.stop()
        engine.close()
    return 0
