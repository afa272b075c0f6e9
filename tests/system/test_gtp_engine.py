"""`goboard gtp` as a GTP engine, byte for byte: every listed command answered
in protocol-2 form with its id echoed, unknown commands and bad arguments
answered `? ...`, comments and empty lines skipped, `quit` honoured; and a
controller killed mid-game leaves the board refereeing the game, which it keeps
and says so. The board is the simulated one (`--sim`, 9x9) with GNU Go as the
person; nothing but GTP responses may reach stdout."""

import glob
import json
import os
import re
import select
import subprocess
import sys
import time

from goboard.gtp.client import gnugo_argv
from goboard.record.sgfrecord import read_moves

GOBOARD = [sys.executable, "-m", "goboard"]
RESPONSE = re.compile(r"^([=?])(\d*) (.*)$", re.S)


class Raw:
    """A controller that writes command lines and reads raw responses."""

    def __init__(self, tmp_path, *extra):
        self.proc = subprocess.Popen(
            GOBOARD + ["gtp", "--sim", "--size", "9", "--sim-player", " ".join(gnugo_argv(0, 7)),
                       "--out", str(tmp_path / "games")] + list(extra),
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        self.buf = b""

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()
        self.err = self.proc.stderr.read().decode()
        assert "Traceback" not in self.err

    def send(self, text):
        self.proc.stdin.write(text.encode())
        self.proc.stdin.flush()

    def read(self, timeout=60):
        """One response, exactly as written: (ok, id or None, text)."""
        deadline = time.monotonic() + timeout
        fd = self.proc.stdout.fileno()
        while b"\n\n" not in self.buf:
            left = deadline - time.monotonic()
            assert left > 0, "no response in %ss (got %r)" % (timeout, self.buf)
            if select.select([fd], [], [], left)[0]:
                data = os.read(fd, 4096)
                assert data, "stdout closed after %r" % self.buf
                self.buf += data
        raw, self.buf = self.buf.split(b"\n\n", 1)
        m = RESPONSE.match(raw.decode())
        assert m, "not a GTP response: %r" % raw
        return m.group(1) == "=", (int(m.group(2)) if m.group(2) else None), m.group(3)

    def ask(self, line, cid=None):
        self.send(("%d %s\n" % (cid, line)) if cid is not None else line + "\n")
        ok, rid, text = self.read()
        assert rid == cid, (line, rid, cid)
        return ok, text


def test_every_command_in_protocol_2_form(tmp_path):
    with Raw(tmp_path) as g:
        ok, listed = g.ask("list_commands", 1)
        names = listed.split("\n")
        for must in ("protocol_version", "name", "version", "known_command", "list_commands",
                     "quit", "boardsize", "clear_board", "komi", "play", "genmove", "undo",
                     "final_score", "final_status_list", "fixed_handicap", "place_free_handicap",
                     "set_free_handicap", "time_settings", "time_left", "kgs-rules",
                     "goboard-rules", "kgs-time_settings"):
            assert must in names, must
        assert g.ask("protocol_version", 2) == (True, "2")
        assert g.ask("name", 3) == (True, "goboard")
        assert g.ask("version", 4)[0]
        assert g.ask("known_command genmove", 5) == (True, "true")
        assert g.ask("known_command frobnicate", 6) == (True, "false")
        # comments, tabs, control characters, empty lines: the spec's preprocessing
        g.send("# a comment line\n\n   \n7\tboardsize\t9   # trailing comment\n")
        assert g.read()[:2] == (True, 7)
        g.send("8 clear_b\x01oard\r\n")
        assert g.read()[:2] == (True, 8)
        # unknown commands and bad arguments: '? ...', never a hang
        bad = {"frobnicate": "unknown command", "boardsize": "syntax error",
               "boardsize x": "syntax error", "boardsize 13": "unacceptable size",
               "komi": "syntax error", "komi seven": "syntax error",
               "play red D4": "syntax error", "play black": "syntax error",
               "play black Z9": "illegal move", "play black J10": "illegal move",
               "play black 9Z": "syntax error",
               "play black I5": "syntax error", "genmove": "syntax error",
               "genmove purple": "syntax error", "fixed_handicap": "syntax error",
               "fixed_handicap 1": "invalid number of stones",
               "fixed_handicap 10": "invalid number of stones",
               "set_free_handicap C3": "bad vertex list",
               "set_free_handicap C3 C3": "bad vertex list",
               "set_free_handicap C3 pass": "bad vertex list",
               "final_status_list": "syntax error", "final_status_list living": "syntax error",
               "final_score": "cannot score", "undo": "cannot undo",
               "time_settings 1 2": "syntax error", "time_left black x 0": "syntax error",
               "time_settings 600 30 -5": "syntax error", "time_left white -1 0": "syntax error",
               "kgs-rules go-moku": "syntax error", "goboard-rules go-moku": "syntax error"}
        for k, (line, words) in enumerate(sorted(bad.items()), 100):
            ok, text = g.ask(line, k)
            assert not ok and text.startswith(words), (line, text)
        for k, line in enumerate(["komi 6.5", "goboard-rules japanese", "kgs-rules chinese",
                                  "time_settings 600 30 5", "time_left white 590 0",
                                  "boardsize 9", "clear_board", "komi 7.5"], 200):
            assert g.ask(line, k) == (True, ""), line
        # a handicap through the board's setup phase: the hands put the lit stones
        ok, stones = g.ask("fixed_handicap 2", 300)
        assert ok and sorted(stones.split()) == ["C3", "G7"]
        assert g.ask("fixed_handicap 2", 301) == (False, "board not empty")
        assert g.ask("play white E5", 303) == (True, "")
        assert g.ask("play white D5", 304)[0] is False        # not white's turn
        assert g.ask("play black E5", 305) == (False, "illegal move (occupied: "
                                                     "there is already a stone on this point)")
        ok, mv = g.ask("genmove black", 306)
        assert ok and re.match(r"^([A-HJ][1-9]|pass|resign)$", mv), mv
        ok, board = g.ask("showboard", 307)
        assert ok and board.count("X") == 2 + (mv not in ("pass", "resign")) and board.count("O") == 1
        assert g.ask("undo", 308) == (True, "")
        assert g.ask("undo", 309) == (True, "")
        ok, board = g.ask("showboard", 310)
        assert board.split("\n")[0].endswith("move 0, W to play")
        assert g.ask("undo", 311)[0] is False       # the handicap is no move
        assert g.ask("final_score", 312)[0] is False
        # free handicap stones, chosen by the controller: a new game set up at the board
        assert g.ask("clear_board", 320) == (True, "")
        assert g.ask("set_free_handicap C3 G7 E5 A9", 321) == (True, "")
        ok, board = g.ask("showboard", 322)
        rows = board.split("\n")
        assert board.count("X") == 4 and rows[2].startswith(" 9 X") and rows[0].endswith(
            "move 0, W to play")
        # the column letters over their points: A over the first column, J over the last
        assert rows[1].index("A") == rows[2].index("X") == 3
        assert rows[1].index("J") == len(rows[2]) - 1
        assert g.ask("set_free_handicap D4 D5", 323) == (False, "board not empty")
        g.send("313 quit\n")
        assert g.read()[:2] == (True, 313)
        assert g.proc.wait(30) == 0
        assert g.proc.stdout.read() == b""          # nothing after quit's answer
    # the time settings reach the board's clock, once for each game
    assert g.err.count("the board's clock runs canadian:600+5/30") == 2, g.err


def test_time_settings_run_the_boards_clock(tmp_path):
    with Raw(tmp_path) as g:
        for k, line in enumerate(["boardsize 9", "clear_board", "time_settings 600 30 5",
                                  "play black E5", "time_left white 590 0",
                                  "time_left black 25 3", "genmove white"], 1):
            ok, text = g.ask(line, k)
            assert ok, (line, text)
        assert g.ask("quit", 9) == (True, "")
    assert g.err.count("the board's clock runs canadian:600+5/30") == 1, g.err
    log = [json.loads(line) for path in glob.glob(str(tmp_path / "games" / ".goboard" / "*" /
                                                        "*.jsonl")) for line in open(path)]
    by_host = [e for e in log if e.get("type") == "clock" and e.get("by") == "host"]
    # the spec as GTP's Canadian byo-yomi, then the controller's figures as corrections
    assert by_host[0]["spec"] == "canadian:600+5/30" and by_host[0]["W"]["main"] == 600000
    assert by_host[1]["W"]["main"] == 590000
    b = by_host[2]["B"]
    assert (b["main"], b["period"], b["moves"]) == (0, 25000, 3), b
    # the board's clock goes on from there: white's genmove charged white's time
    last = [e for e in log if e.get("type") == "clock"][-1]
    assert 0 < last["W"]["main"] < 590000 and last["B"]["period"] <= 25000


def test_the_command_lines_players_table_and_clock_name_every_game(tmp_path):
    """`goboard gtp --black ... --table ... --clock ...`: each game the controller
    starts at the board has them (its game-start, so the page and the SGF), and
    the board's clock runs though the controller sets no time."""
    with Raw(tmp_path, "--black", "Ann", "--black-rank", "2d", "--white", "Bo", "--event",
             "Club night", "--table", "4", "--clock", "byoyomi:60+3x10") as g:
        for k, line in enumerate(["boardsize 9", "clear_board", "komi 6.5", "play black E5"], 1):
            assert g.ask(line, k) == (True, ""), line
        ok, mv = g.ask("genmove white", 5)
        assert ok and re.match(r"^([A-HJ][1-9]|pass)$", mv), mv
        assert g.ask("quit", 6) == (True, "")
        assert g.proc.wait(30) == 0
    log = [json.loads(line) for path in glob.glob(str(tmp_path / "games" / ".goboard" / "*" /
                                                        "*.jsonl")) for line in open(path)]
    # the board's own game at power-on is not the controller's; the one it started is
    (start,) = [e for e in log if e.get("type") == "game-start" and e.get("by") == "host"]
    assert (start["black"], start["black_rank"], start["white"], start["event"],
            start["table"]) == ("Ann", "2d", "Bo", "Club night", "4"), start
    clocks = [e for e in log if e.get("type") == "clock" and e["game"] == start["game"]]
    assert clocks[0]["spec"] == "byoyomi:60+3x10" and clocks[-1]["W"]["main"] < 60000
    (path,) = glob.glob(str(tmp_path / "games" / "*.sgf"))
    data = open(path, "rb").read()
    for prop in (b"PB[Ann]", b"BR[2d]", b"PW[Bo]", b"EV[Club night]", b"table 4", b"TM[60]",
                 b"OT[3x10 byo-yomi]", b"BL["):
        assert prop in data, (prop, data)


def test_genmove_out_of_turn_and_kgs_time_settings(tmp_path):
    """gtp2ogs and kgsGtp set Japanese byo-yomi with kgs-time_settings (time_settings
    can only say Canadian) and mean periods by time_left's stones; a genmove out of
    turn is answered as engines answer it: at the board the side to move (the
    controller's) passes first. The SGF has the clock as TM/OT."""
    with Raw(tmp_path) as g:
        for k, line in enumerate(["boardsize 9", "clear_board", "komi 6.5",
                                  "kgs-time_settings byoyomi 600 30 5", "play black E5"], 1):
            assert g.ask(line, k) == (True, ""), line
        ok, mv = g.ask("genmove black", 5)            # white to move: white passes first
        assert ok and re.match(r"^([A-HJ][1-9]|pass)$", mv), mv
        ok, board = g.ask("showboard", 6)
        assert board.split("\n")[0] == "game 2, move 3, W to play", board
        assert g.ask("time_left black 25 3", 7) == (True, "")
        assert g.ask("kgs-time_settings hourglass 5", 8)[0] is False
        assert g.ask("kgs-time_settings byoyomi 600 30", 9)[0] is False
        assert g.ask("quit", 10) == (True, "")
        assert g.proc.wait(30) == 0
    assert "the board's clock runs byoyomi:600+5x30" in g.err, g.err
    log = [json.loads(line) for path in glob.glob(str(tmp_path / "games" / ".goboard" / "*" /
                                                        "*.jsonl")) for line in open(path)]
    by_host = [e for e in log if e.get("type") == "clock" and e.get("by") == "host"]
    b = by_host[-1]["B"]
    assert (b["main"], b["period"], b["periods"]) == (0, 25000, 3), b
    # the board's own game 1, replaced before its first move (komi 6.5): no file
    files = glob.glob(str(tmp_path / "games" / "*.sgf"))
    assert [os.path.basename(f) for f in files] == ["SIM-GTP-0002.sgf"], g.err
    path = files[0]
    with open(path, "rb") as f:
        data = f.read()
    assert b"TM[600]" in data and b"OT[5x30 byo-yomi]" in data, data
    _, moves = read_moves(data, path)
    assert [(c, p) for c, p, _ in moves][:2] == [("B", "ee"), ("W", "")]


def test_a_controller_killed_mid_game(tmp_path):
    with Raw(tmp_path) as g:
        for k, line in enumerate(["boardsize 9", "clear_board", "komi 7.5", "play black E5",
                                  "genmove white", "play black C3"], 1):
            ok, text = g.ask(line, k)
            assert ok, (line, text)
        g.send("7 genmove white\n")
        # the controller dies while the person thinks: both its pipes close
        g.proc.stdin.close()
        g.proc.stdout.close()
        assert g.proc.wait(60) == 0
    err = g.err
    # it says so, and what the board shows: the game goes on at the board
    assert "controller went away" in err and "keeps game 1" in err, err
    assert re.search(r"the board shows: Controller gone / (Black|White) to play", err), err
    # the board kept the game: its log, synced, holds the moves played
    (path,) = glob.glob(str(tmp_path / "games" / "*.sgf"))
    with open(path, "rb") as f:
        _, moves = read_moves(f.read(), path)
    assert [(c, p) for c, p, _ in moves][:3] == [("B", "ee"), (moves[1][0], moves[1][1]),
                                               ("B", "cg")]
    assert moves[1][0] == "W" and len(moves) in (3, 4)


def test_a_second_simulated_board_into_the_same_folder(tmp_path):
    # every --sim run is a new board with an empty log: a game an earlier one
    # played to its end in the same --out is not taken for this board's
    with Raw(tmp_path) as g:
        for k, line in enumerate(["boardsize 9", "clear_board", "play black pass",
                                  "play white pass", "final_score"], 1):
            ok, text = g.ask(line, k)
            assert ok, (line, text)
        assert g.ask("quit", 9) == (True, "")
    with Raw(tmp_path) as g:
        ok, mv = g.ask("genmove black", 1)
        assert ok and re.match(r"^[A-HJ][1-9]$", mv), mv
        ok, board = g.ask("showboard", 2)
        assert board.split("\n")[0] == "game 1, move 1, W to play", board
        assert g.ask("quit", 3) == (True, "")
