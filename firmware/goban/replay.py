"""Replays a game record through the rules core and summarises it.

The same code runs inside the host (`goboard replay`), inside the MicroPython
unix port (`goboard replay --engine micropython`, which pipes a JSON record to
`micropython -m goban.replay`) and on the board itself over the REPL, so all
three agree by construction and tests can compare them position by position.

Record: {"rules": id, "komi": points or null (the rules' own for its handicap),
"size": n, "handicap": stones, "first": "B"|"W"|null,
"setup": {"B": [sgf points], "W": [...]}, "moves": [[colour, point, kind]],
"resign": "B"|"W"|null, "trace": bool}. A point "" is a pass; kind is
"abandon" for an abandon, otherwise absent. "resign" is the colour that
resigned after the last move (SGF RE[W+R]): play ends there unless it already
had. The summary names the first illegal move and stops there.
"""

from goban import rules as R
from goban.game import Game, ABANDON, PASS, PASS_STONE
from goban.board import BLACK, WHITE

COLOR = {"B": BLACK, "W": WHITE}
LETTER = {BLACK: "B", WHITE: "W"}


def new_game(record):
    rules = R.get(record.get("rules") or "chinese").for_game(
        record.get("komi"), record.get("handicap") or 0)
    size = record.get("size") or 19
    moves = record.get("moves") or ()
    game = Game(rules, size, capacity=max(64, len(moves) + 8))
    b = game.board
    setup = record.get("setup") or {}
    first = record.get("first")
    black = [b.from_sgf(s) for s in setup.get("B", ())]
    white = [b.from_sgf(s) for s in setup.get("W", ())]
    game.setup(black, white, COLOR[first] if first else None)
    game.handicap = record.get("handicap") or 0
    return game


def apply_move(game, color, point, kind=None):
    """One recorded move; returns None or the refusal code."""
    c = COLOR[color]
    if kind == "abandon":
        return game.abandon(c)
    if kind == "resign":
        return game.resign(c)
    if point == "" or point is None:
        return game.pass_move(c)
    try:
        p = game.board.from_sgf(point)
    except ValueError:
        return "off-board"
    return game.play(c, p)


def play_record(record, trace=None):
    """A new game with the record's moves played, up to the first refused one,
    then the record's resignation. Returns (game, moves played, illegal or None).
    `trace`, a list, gets [hash1, hash2, black's prisoners, white's] per move."""
    game = new_game(record)
    illegal = None
    played = 0
    for i, mv in enumerate(record.get("moves") or ()):
        color, point = mv[0], mv[1]
        kind = mv[2] if len(mv) > 2 else None
        code = apply_move(game, color, point, kind)
        if code:
            illegal = {"move": i + 1, "point": point or "", "color": color, "reason": code,
                       "text": _text(code)}
            break
        played += 1
        if trace is not None:
            trace.append([game.board.hash1, game.board.hash2,
                          game.captures[BLACK], game.captures[WHITE]])
    resigned = record.get("resign")
    if resigned in COLOR and illegal is None and not game.over:
        game.resign(COLOR[resigned])
    return game, played, illegal


def replay(record):
    trace = [] if record.get("trace") else None
    game, played, illegal = play_record(record, trace)
    return summary(game, played, illegal, trace)


def _text(code):
    from goban.game import reason_text
    what, fix = reason_text(code)
    return what + "; " + fix if fix else what


def summary(game, played, illegal=None, trace=None):
    moves = []
    for i in range(1, game.n + 1):
        p = game.move_point(i)
        kind = {PASS: "pass", PASS_STONE: "pass-stone", ABANDON: "abandon"}.get(p)
        moves.append([LETTER[game.color_of(i)], "" if kind else game.board.sgf(p)] +
                     ([kind] if kind else []))
    out = {
        "rules": game.rules.id,
        "size": game.size,
        "moves": played,
        "illegal": illegal,
        "captures": {"B": game.captures[BLACK], "W": game.captures[WHITE]},
        "pass_stones": {"B": game.pass_stones[BLACK], "W": game.pass_stones[WHITE]},
        "end": game.end,
        "winner": LETTER.get(game.winner) if game.winner else None,
        "paused": game.paused,
        "to_move": LETTER[game.to_move()],
        "board": game.board.rows(),
        "hash": [game.board.hash1, game.board.hash2],
        "record": moves,
    }
    if trace is not None:
        out["trace"] = trace
    return out


def main():
    import sys
    import json
    data = sys.stdin.read()
    try:
        record = json.loads(data)
        out = replay(record)
    except (ValueError, KeyError) as e:
        out = {"error": str(e)}
    sys.stdout.write(json.dumps(out))
    sys.stdout.write("\n")


if __name__ == "__main__":
    main()
