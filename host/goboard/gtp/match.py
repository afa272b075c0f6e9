"""A game at the board against a GTP engine, from a new game to the count.

The engine's moves are lit at the board and a hand puts them down (`BoardGame.play`);
the person's moves at the board go to the engine; while the engine thinks the
board takes no stone of its colour. `match` plays one game and checks the SGF
the board's log was synced to against the moves played. `Teacher` (teaching
mode) lights the engine's suggestion when the person presses ok on their turn.
"""

from goboard.errors import UserError
from goboard.gtp.boardgame import GameOver, Refused
from goboard.gtp.client import Engine
from goboard.gtp.engine import KGS_RULES
from goboard.gtp.protocol import (GTPError, color_word, time_commands, time_left, to_point,
                                  vertex)
from goboard.live.state import OTHER
from goboard.record.sgfrecord import read_moves

RULES_KGS = {v: k for k, v in KGS_RULES.items()}


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
    kgs-rules, black's handicap stones as set at the board, and the time system
    of the board's clock (`time_commands`). Returns whether the engine speaks
    kgs-time_settings (then time_left counts byo-yomi periods)."""
    st = board.state
    _gtp(engine.boardsize, st.size)
    _gtp(engine.clear_board)
    _gtp(engine.komi, st.komi)
    if st.rules in RULES_KGS and engine.known_command("kgs-rules"):
        engine.raw("kgs-rules %s" % RULES_KGS[st.rules])
    setup = sorted(st.snapshot()["stones"]["B"])
    if setup:
        _gtp(engine.set_free_handicap, [vertex(p, st.size) for p in setup])
    kgs = False
    if st.clock is not None:
        kgs = engine.known_command("kgs-time_settings")
        for line in time_commands(st.clock["spec"], kgs):
            try:
                engine.command(line)
            except GTPError:
                pass               # an engine without time control plays on all the same
    return kgs


def tell_time(engine, board, color, kgs):
    """time_left for `color` from the board's clock, before the engine thinks."""
    k = board.state.clock
    if k is None or not k.get(color):
        return
    t, stones = time_left(k[color], k["spec"], kgs)
    try:
        engine.command("time_left %s %d %d" % (color_word(color), t, stones))
    except GTPError:
        pass


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


def play_game(board, engine, person_color, person=None, say=print, kgs=False):
    """Play the game at the board to its end; returns the moves the engine
    and the board agreed on, [(colour, "dd" / "")]."""
    ec = OTHER[person_color]
    size = board.size
    played = []
    while board.state.end is None:
        board.pump()
        if board.state.to_move == ec and board.unclaimed() is None:
            tell_time(engine, board, ec, kgs)
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
          teach=False, game=None):
    """One game at the board against the engine, from a new game to the count;
    the board is closed at the end (its SGF complete). `game`: the players, event,
    round, table and clock spec the board starts the game with (goban.players,
    goban.clock). Returns the summary: sgf, moves, result, end, exact (the SGF is
    the game played, move for move)."""
    if game or handicap or not board.fresh(rules, komi):
        board.new_game(rules, komi, handicap, extra=game)
    kgs = setup_engine(engine, board)
    teacher = None
    if teach:
        teacher = Teacher(board, engine, color, say)
        board.listeners.append(teacher.on_event)
    names = board.state.players
    say("  %s against %s, %s rules, komi %s%s; the SGF: %s" % (
        names.get("black", "black"), names.get("white", "white"), board.state.rules,
        board.state.komi, ", clock " + board.state.clock["spec"] if board.state.clock else "",
        board.sgf()))
    played = play_game(board, engine, color, person, say, kgs)
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
