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
suggestion there (blue, "Hint: D4") until the next move.

With `--sim` the game is played on the simulated board and the person is the
engine `--sim-player CMD`, its moves placed by simulated hands (`--sim-hints P`:
it asks for a hint with chance P and plays it).
"""

import json
import sys
import time

from goban import rules as R
from goboard.gtp.boardgame import BoardGone, GameOver, Refused
from goboard.commands.gtp import KGS_RULES, add_sim_arguments, open_table
from goboard.errors import UserError
from goboard.gtp.protocol import Engine, GTPError, color_word, gnugo_argv, to_point, vertex
from goboard.record.sgfrecord import read_moves

OTHER = {"B": "W", "W": "B"}
RULES_KGS = {v: k for k, v in KGS_RULES.items()}


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
    add_sim_arguments(p)
    p.add_argument("--sim-hints", type=float, default=0.0, metavar="P",
                   help="with --sim --teach: the chance the simulated person asks for a hint "
                        "and plays it")


def engine_name(engine):
    try:
        name = engine.name()
    except GTPError:
        return engine.argv[0]
    try:
        return "%s %s" % (name, engine.version())
    except GTPError:
        return name


def _gtp(fn, *a):
    try:
        return fn(*a)
    except GTPError as e:
        raise UserError("the engine: %s" % e)


def setup_engine(engine, board):
    """The engine gets the board's game: size, komi, rules where it knows
    kgs-rules, and black's handicap stones as set at the board."""
    st = board.state
    _gtp(engine.boardsize, st.size)
    _gtp(engine.clear_board)
    _gtp(engine.komi, st.komi)
    if st.rules in RULES_KGS and engine.known_command("kgs-rules"):
        engine.raw("kgs-rules %s" % RULES_KGS[st.rules])
    setup = sorted(st.snapshot()["stones"]["B"])
    if setup:
        _gtp(engine.set_free_handicap, [vertex(p, st.size) for p in setup])


class Teacher:
    """Teaching mode: when the person presses ok at the board (a `hint` event)
    on their turn, the engine's suggestion for them is lit there in blue until
    the next move (the link's `expect` {hint}). GNU Go's `reg_genmove` gives it
    without playing; other engines play it with `genmove` and take it back."""

    def __init__(self, board, engine, color, say=print):
        self.board = board
        self.engine = engine
        self.color = color
        self.say = say
        self.reg = None
        self.given = []            # (the move number it was for, vertex)

    def suggest(self):
        if self.reg is None:
            self.reg = self.engine.known_command("reg_genmove")
        if self.reg:
            mv = _gtp(self.engine.command, "reg_genmove %s" % color_word(self.color)).strip()
            return mv.lower() if mv.lower() in ("pass", "resign") else mv.upper()
        mv = _gtp(self.engine.genmove, self.color)
        if mv != "resign":
            _gtp(self.engine.undo)
        return mv

    def on_event(self, ev):
        b = self.board
        if ev.get("type") != "hint" or ev.get("color") != self.color \
                or b.state.to_move != self.color or b.state.end is not None:
            return
        mv = self.suggest()
        if mv == "resign":
            mv = "pass"
        try:
            b.request({"k": "expect", "hint": to_point(mv, b.size) or "pass"}, "expect")
        except Refused:
            return
        n = (ev.get("number") or 0) + 1
        self.given.append((n, mv))
        self.say("  hint for %s at move %d: %s" % (self.color, n, mv))


def play_game(board, engine, person_color, person=None, say=print):
    """Play the game at the board to its end; returns the moves the engine
    and the board agreed on, [(colour, "dd" / "")]."""
    ec = OTHER[person_color]
    size = board.size
    played = []
    while board.state.end is None:
        board.pump()
        if board.state.to_move == ec and board.unclaimed() is None:
            mv = _gtp(engine.genmove, ec)
            if mv == "resign":
                say("  the engine resigns")
                board.play(ec, "resign")
                break
            p = to_point(mv, size)
            try:
                board.play(ec, p)
            except Refused as e:
                # play ended with the person's last move, or with this one when
                # its answer was slower than the request's timeout: the end
                # event is on its way (a loaded machine may take seconds)
                if e.code == "game-over" and board.wait_a_while(
                        lambda: board.state.end is not None, 15.0):
                    if board.moves and board.moves[-1] == (ec, p or "") and \
                            len(board.moves) > len(played):
                        played.append((ec, p))      # it was this move that ended it
                    break
                raise UserError("the engine played %s %s, which the board refuses under %s "
                                "(%s): the game stays on the board as it is"
                                % (ec, mv, board.state.rules, e.text))
            except GameOver:
                break
            played.append((ec, p))
            if len(played) % 25 == 0:
                say("  move %d" % len(played))
            continue
        if person is not None and board.unclaimed() is None:
            person.move(person_color)
        try:
            kind, p = board.person(person_color)
        except GameOver:
            break
        if kind == "resign":
            say("  %s resigns at the board" % person_color)
            break
        if kind == "abandon":
            raise UserError("an abandon (计活子) has no GTP move: the engine cannot follow")
        if not _gtp(engine.play, person_color, vertex(p, size)):
            raise UserError("the engine refuses %s %s, which the board accepted (the rules "
                            "differ): the game stays on the board" % (person_color, vertex(p, size)))
        played.append((person_color, p))
        if len(played) % 25 == 0:
            say("  move %d" % len(played))
        if board.state.end is None:
            board.hold(ec)         # no stone of the engine's colour while it thinks
    return played


def match(board, engine, color, rules, komi=None, handicap=0, person=None, say=print,
          teach=False):
    """One game at the board against the engine, from a new game to the count;
    the board is closed at the end (its SGF complete). Returns the summary:
    sgf, moves, result, end, exact (the SGF is the game played, move for move)."""
    if handicap or not board.fresh(rules, komi):
        board.new_game(rules, komi, handicap)
    setup_engine(engine, board)
    teacher = None
    if teach:
        teacher = Teacher(board, engine, color, say)
        board.listeners.append(teacher.on_event)
    say("  %s against %s, %s rules, komi %s; the SGF: %s" % (
        board.meta.get("black"), board.meta.get("white"), board.state.rules,
        board.state.komi, board.sgf()))
    played = play_game(board, engine, color, person, say)
    res = board.count()
    end = board.state.end or {}
    result = res["result"] if res else ("%s+R" % end.get("winner") if end else "?")
    board.pump(0.5)
    path = board.sgf()
    game = board.state.game
    board.release("Engine left")
    board.close()                   # the last events are in the SGF now
    with open(path, "rb") as f:
        _, synced = read_moves(f.read(), path)
    exact = [(c, p) for c, p, _ in synced] == played
    return {"sgf": path, "moves": len(played), "result": result, "end": end.get("reason"),
            "exact": exact, "game": game, "played": played,
            "hints": teacher.given if teacher is not None else []}


def start_engine(cmd, what="--engine"):
    try:
        return Engine(cmd)
    except GTPError as e:
        raise UserError("%s: %s" % (what, e))


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
        board.meta.update({"black": names["B"], "white": names["W"], "event": "goboard play"})
        st = board.state
        if st.game is not None and st.number and st.end is None and not args.force:
            raise UserError("a game is in play at the board (move %d): finish it, or --force"
                            % st.number)
        say("goboard play: %s at board %s" % (ename, board.serial))
        out = match(board, engine, args.color, args.rules, args.komi, args.handicap, person, say,
                    args.teach)
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


def demo(args):
    """`goboard demo --vs-engine [CMD]`: the simulated board, a simulated person
    (GNU Go, seeded) playing black against the engine CMD (default GNU Go), the
    engine's moves lit and placed by the simulated hands; synced to SGF and
    shown on the live page as the demo does."""
    from goboard.commands.demo import linger, minutes
    from goboard.commands.serve import ServerThread
    from goboard.gtp.boardgame import BoardGame
    from goboard.sim.table import SimPerson, SimTable
    say = (lambda *a: None) if args.json else (lambda *a: print(*a, flush=True))
    cmd = gnugo_argv(1, args.seed) if args.vs_engine == "gnugo" else args.vs_engine
    rules = args.rules or "chinese"
    if rules not in R.RULE_IDS:
        raise UserError("unknown rules %r (known: %s)" % (rules, ", ".join(R.RULE_IDS)))
    engine = start_engine(cmd, "--vs-engine")
    table = person = server = None
    serial = "SIM-DEMO"
    try:
        ename = engine_name(engine)
        table = SimTable(args.size, rules, args.seed, args.noise, args.pace, mistakes=0.05,
                         serial=serial)
        person = SimPerson(gnugo_argv(0, args.seed + 1), table)
        try:
            server = ServerThread(args.host, args.port, title="goboard demo").start()
        except OSError as e:
            raise UserError("cannot serve the live page on %s:%d: %s" % (args.host, args.port, e))
        # every demo is a new board with an empty log (SimTable.forget)
        table.forget(args.out)
        board = BoardGame(table.port, args.out, {"black": "simulated person (GNU Go)",
                                                 "white": ename, "event": "goboard demo"})
        board.listeners += [person.on_event, lambda ev: server.publish(board.serial, ev)]
        board.open()
        say("goboard demo: a simulated person (black, GNU Go) plays %s (white) on the "
            "simulated board; the engine's moves are lit and the hands put them down." % ename)
        say("  Watch it live: %s/board/%s" % (server.url, board.serial))
        t0 = time.monotonic()
        out = match(board, engine, "B", rules, args.komi, 0, person, say)
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
