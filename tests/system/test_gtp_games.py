"""Whole games through GTP on the simulated board (the real firmware in the
MicroPython unix port, live simulated hands).

- GNU Go against GNU Go through `goboard gtp --sim --sim-player "gnugo ..."`:
  a small GTP referee (as twogtp does) asks one side for a move and tells the
  other; one GNU Go is an ordinary engine, the other is the person at the board
  whose stones the simulated hands put down, and the board lights the first
  one's moves for the hands. 19x19 with the board black; 9x9 with the board
  white and hands that sometimes put a lit stone one point off (the referee
  announces it, the hand corrects it).
- `goboard play --engine "gnugo ..." --sim --sim-player "gnugo ..."` on 9x9,
  teaching: the simulated person sometimes presses ok and plays the hint lit.
Every move is the same on both sides, and the board's SGF is the game.

GOBOARD_GTP_SEED changes the seeds (printed); GNU Go level 0 keeps it quick.
"""

import glob
import json
import os
import shlex
import subprocess
import urllib.request
import sys

from goban import rules as R
from goban.game import Game
from goboard.gtp.client import Engine, gnugo_argv
from goboard.gtp.protocol import to_point
from goboard.record.sgfrecord import read_moves

SEED = int(os.environ.get("GOBOARD_GTP_SEED", "3"))
GOBOARD = [sys.executable, "-m", "goboard"]
COLOR = {"B": 1, "W": 2}


def board_engine(tmp_path, size, seed, *extra):
    """`goboard gtp --sim` as a GTP engine (through goboard's own client)."""
    person = " ".join(gnugo_argv(0, seed + 100))
    return Engine(GOBOARD + ["gtp", "--sim", "--size", str(size), "--sim-player", person,
                             "--seed", str(seed), "--out", str(tmp_path / "games")] + list(extra),
                  stderr=open(tmp_path / "gtp.err", "w"))


def referee(black, white, size, komi=7.5, limit=500, white_last=False):
    """twogtp in a few lines: the moves of a whole game, [(colour, vertex)],
    and how it ended ("passes" or "resign"). `white_last`: AGA's end, two
    passes in a row the last of them white's."""
    for e in (black, white):
        e.boardsize(size)
        e.clear_board()
        e.komi(komi)
    moves = []
    color, passes = "B", 0
    while (passes < 2 or (white_last and color == "W")) and len(moves) < limit:
        # (color is the next to move: "W" after black's move)
        mover, other = (black, white) if color == "B" else (white, black)
        mv = mover.genmove(color)
        if mv == "resign":
            return moves, "resign"
        assert other.play(color, mv), "%s refused %s %s after %d moves" % (
            "white" if color == "B" else "black", color, mv, len(moves))
        moves.append((color, mv))
        passes = passes + 1 if mv == "pass" else 0
        color = "W" if color == "B" else "B"
    assert passes >= 2, "no end in %d moves" % limit
    return moves, "passes"


def synced(tmp_path, size):
    """The board's SGF with moves in it: [(colour, SGF point)]."""
    games = []
    for path in sorted(glob.glob(str(tmp_path / "games" / "*.sgf"))):
        with open(path, "rb") as f:
            _, mv = read_moves(f.read(), path)
        if mv:
            games.append([(c, p) for c, p, _ in mv])
    assert len(games) == 1, games
    return games[0]


def as_points(moves, size):
    return [(c, to_point(v, size)) for c, v in moves]


def check_game(tmp_path, board, other, moves, end, size):
    print("seed %d: %dx%d, %d moves, %s" % (SEED, size, size, len(moves), end))
    # the board's own record of the game is the game the two engines played
    hist = other.command("move_history").split("\n") if moves else []
    assert len(hist) == len(moves)
    if end == "passes":
        score = board.final_score()
        assert score[0] in "BW0" and (score == "0" or score[1] == "+"), score
        dead = board.final_status_list("dead")
        alive = board.final_status_list("alive")
        assert not dead & alive
        on_board = other.list_stones("black") | other.list_stones("white")
        assert (dead | alive) <= on_board and on_board - (dead | alive) == \
            set(board.final_status_list("seki"))
    board.close()
    assert synced(tmp_path, size) == as_points(moves, size)


def test_gnugo_against_gnugo_through_the_board_19(tmp_path):
    board = board_engine(tmp_path, 19, SEED)
    other = Engine(gnugo_argv(0, SEED))
    try:
        assert board.command("protocol_version") == "2"
        moves, end = referee(board, other, 19)
        check_game(tmp_path, board, other, moves, end, 19)
    finally:
        board.close()
        other.close()


def test_gnugo_against_gnugo_through_the_board_9_with_mistakes_aga(tmp_path):
    """AGA rules: every pass is a pass stone (the person's by the simulated
    person, the controller's handed over by the hands as the board asks), and
    white passes last."""
    board = board_engine(tmp_path, 9, SEED + 1, "--mistakes", "0.3", "--noise", "2")
    other = Engine(gnugo_argv(0, SEED + 1))
    try:
        assert board.command("goboard-rules aga") == ""
        moves, end = referee(other, board, 9, white_last=True)
        check_game(tmp_path, board, other, moves, end, 9)
    finally:
        board.close()
        other.close()
    log = [json.loads(line) for path in glob.glob(str(tmp_path / "games" / ".goboard" / "*" /
                                                        "*.jsonl")) for line in open(path)]
    # the hands' slips were announced by the referee as usual, and corrected
    slips = [e for e in log if e.get("code") == "not-expected"]
    print("%d stones first put one point off" % len(slips))
    assert slips and all(e["color"] == "B" and e["point"] != e["fix"][-2:] for e in slips)
    # every pass of both sides a stone the scales saw, and no lid short at the end
    passes = [e for e in log if e.get("type") == "pass"]
    print("%d pass stones" % len(passes))
    assert [(e["color"], e["stone"]) for e in passes] == [
        (c, True) for c, v in moves if v == "pass"]
    assert any(c == "B" for c, v in moves if v == "pass")      # the controller's, handed over
    assert not [e for e in log if e.get("type") == "prisoner-missing"]
    assert [e["rules"] for e in log if e.get("type") == "game-start"][-1] == "aga"
    assert "Traceback" not in (tmp_path / "gtp.err").read_text()


def test_goboard_play_against_gnugo_9(tmp_path):
    # the engine's side of the conversation kept: it is told the board's clock
    said = tmp_path / "engine.gtp"
    engine = "sh -c %s" % shlex.quote("tee %s | %s" % (said, " ".join(gnugo_argv(0, SEED + 2))))
    person = " ".join(gnugo_argv(0, SEED + 3))
    r = subprocess.run(GOBOARD + ["play", "--engine", engine, "--color", "W", "--sim", "--size",
                                  "9", "--sim-player", person, "--seed", str(SEED), "--json",
                                  "--teach", "--sim-hints", "0.3", "--clock", "byoyomi:600+3x30",
                                  "--white", "Ann", "--event", "Club", "--table", "2",
                                  "--out", str(tmp_path / "games")],
                       capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout)
    print("seed %d: goboard play 9x9, %d moves, %s" % (SEED, out["moves"], out["result"]))
    assert out["exact"] is True and out["person"] == "W" and "GNU Go" in out["engine"]
    record = synced(tmp_path, 9)
    assert len(record) == out["moves"]
    # the clock: GNU Go knows no kgs-time_settings, so byo-yomi as the nearest Canadian,
    # and before each of its moves the time the board's clock gives it
    lines = said.read_text().splitlines()
    assert "time_settings 600 30 1" in lines
    left = [ln for ln in lines if ln.startswith("time_left black ")]
    assert len(left) >= out["moves"] // 2 - 1 and all(0 < int(ln.split()[2]) <= 600 for ln in left)
    (path,) = glob.glob(str(tmp_path / "games" / "*.sgf"))
    data = open(path, "rb").read()
    for prop in (b"TM[600]", b"OT[3x30 byo-yomi]", b"PW[Ann]", b"PB[GNU Go", b"EV[Club]",
                 b"table 2"):
        assert prop in data, prop
    # an independent replay: GNU Go takes every move of the synced SGF, in turn
    with Engine(gnugo_argv(0)) as go:
        go.boardsize(9)
        go.clear_board()
        for k, (c, p) in enumerate(record):
            assert c == "BW"[k % 2]
            assert go.play(c, "pass" if not p else "%s%d" % (
                "ABCDEFGHJ"[ord(p[0]) - 97], 9 - (ord(p[1]) - 97))), (k, c, p)
    # teaching: each hint the engine gave was lit at the board, and the person
    # (who asked for it) put the stone on the lit point
    hints = [(n, v) for n, v in out["hints"] if v != "pass"]
    print("%d hints" % len(hints))
    assert hints
    for n, v in hints:
        assert record[n - 1] == ("W", to_point(v, 9)), (n, v, record[n - 1])
    if out["end"] != "resign":
        assert out["result"][:2] in ("B+", "W+") or out["result"] == "0"


def test_demo_vs_engine_9(tmp_path):
    """`goboard demo --vs-engine CMD`: the simulated person (GNU Go) against the
    engine CMD on the simulated board, synced to SGF and shown on the live page."""
    engine = " ".join(gnugo_argv(0, SEED + 4))
    proc = subprocess.Popen(GOBOARD + ["demo", "--vs-engine", engine, "--size", "9", "--pace",
                                       "0", "--port", "0", "--seed", str(SEED), "--json",
                                       "--linger", "30", "--out", str(tmp_path / "games")],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        line = proc.stdout.readline()
        assert line, proc.stderr.read()
        out = json.loads(line)
        print("seed %d: goboard demo --vs-engine 9x9, %d moves, %s" % (SEED, out["moves"],
                                                                      out["result"]))
        assert out["exact"] is True and "GNU Go" in out["engine"] and out["moves"] > 10
        record = synced(tmp_path, 9)
        assert len(record) == out["moves"]
        # the page shows the game's end and the stones of the synced record's last position
        state = json.loads(urllib.request.urlopen(out["page"].replace("/board/", "/state/"),
                                                  timeout=5).read())
        assert state["number"] == out["moves"] and state["game"] == out["game"]
        # the players' names reach the page through the board (not "Black" and "White")
        assert state["players"] == {"black": "simulated person (GNU Go)",
                                    "white": out["engine"], "event": "goboard demo"}
        if out["end"] == "resign":
            assert state["end"]["reason"] == "resign"
        else:
            assert state["status"] == "counted" and state["result"]["result"] == out["result"]
        # its stones are the record's final position without the dead stones lifted
        go = Game(R.get(state["rules"]), 9)
        for c, p in record:
            code = go.pass_move(COLOR[c]) if not p else go.play(COLOR[c], go.board.from_sgf(p))
            assert not code, (c, p, code)
        final = {c: sorted(go.board.sgf(q) for q in range(len(go.board.cells))
                           if go.board.cells[q] == COLOR[c]) for c in "BW"}
        dead = state["dead"] or {"B": [], "W": []}
        assert {c: sorted(state["stones"][c] + dead[c]) for c in "BW"} == final
    finally:
        proc.terminate()
        proc.wait(10)
    assert "Traceback" not in proc.stderr.read()
