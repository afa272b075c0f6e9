"""The main job (`goboard demo`): the simulated board plays a game through the
referee and the serial link; the host syncs it to SGF and serves the live page."""

import json
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

from goboard.record.sgfgame import load_sgf, markup_dead
from goboard.record.sgfrecord import read_moves
from conftest import REPO

ROOT = REPO
DEMO_GAME = ROOT / "tools" / "sim" / "games" / "demo-19.sgf"


def demo(out, seed, linger, *extra):
    return subprocess.Popen([sys.executable, "-m", "goboard", "demo", "--pace", "0", "--port", "0",
                             "--out", str(out), "--linger", str(linger), "--json",
                             "--seed", str(seed)] + list(extra),
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, cwd=ROOT)


def test_demo_plays_syncs_and_serves(tmp_path):
    out = tmp_path / "games"
    proc = demo(out, 3, 30)
    try:
        line = proc.stdout.readline()
        assert line, proc.stderr.read()
        summary = json.loads(line)
        # the SGF the host wrote is the game the SGF input played, move for move
        assert summary["exact"] is True
        # every event the board logged went to the page once
        assert summary["published"] == summary["events"]
        props, synced = read_moves(Path(summary["sgf"]).read_bytes())
        assert props["PB"] == info_of(DEMO_GAME)["black"] and props["EV"] == "goboard demo"
        assert "board SIM-DEMO" in props["GC"]
        game, info = load_sgf(DEMO_GAME)
        assert [(c, p) for c, p, _ in synced] == [tuple(m[:2]) for m in info["record"]["moves"]]
        assert summary["moves"] == game.n == 243
        # the count the referee announced is the host's own count of the input
        scored = subprocess.run([sys.executable, "-m", "goboard", "score", str(DEMO_GAME),
                                 "--rules", "chinese", "--json"], capture_output=True, text=True,
                                cwd=ROOT, check=True)
        assert summary["result"] == json.loads(scored.stdout)["result"]
        # the live page's state holds the final position, the rules and the result
        state_url = summary["page"].replace("/board/", "/state/")
        deadline = time.monotonic() + 10
        while True:
            state = json.loads(urllib.request.urlopen(state_url, timeout=5).read())
            if state.get("status") == "counted" or time.monotonic() > deadline:
                break
            time.sleep(0.2)
        assert state["status"] == "counted"
        assert state["rules"] == "chinese"
        # the players the SGF names reach the page through the board (its game-start)
        assert state["players"] == {"black": "GNU Go 3.8 level 6", "white": "GNU Go 3.8 level 6",
                                    "event": "goboard demo"}
        assert summary["result"] in json.dumps(state)
        # ... without the dead stones the hands lifted before the count
        dead = markup_dead(info["sgf"], game.board)
        assert len(dead) == 10
        board_stones = len(state["stones"]["B"]) + len(state["stones"]["W"])
        on_board = sum(row.count("X") + row.count("O") for row in game.board.rows())
        assert board_stones == on_board - len(dead)
    finally:
        proc.terminate()
        proc.wait(10)
    # the demo stopped (SIGTERM, as `kill` does): its board stopped with it
    assert proc.returncode != 0
    assert gone(summary["board_pid"])
    # a second demo into the same folder is a new board: its game is played live
    # on the page again and replaces the first one's SGF (another seed: other hand noise)
    # ... with players, a table and a clock of its own: the board runs the clock
    proc = demo(out, 4, 0, "--black", "Ke Jie", "--black-rank", "9p", "--table", "3",
                "--event", "Demo Cup", "--clock", "byoyomi:30+3x10")
    stdout, stderr = proc.communicate(timeout=300)
    assert proc.returncode == 0, stderr
    again = json.loads(stdout)
    assert again["exact"] is True and again["sgf"] == summary["sgf"]
    assert again["published"] == again["events"]
    data = Path(again["sgf"]).read_bytes()
    for prop in (b"PB[Ke Jie]", b"BR[9p]", b"PW[GNU Go 3.8 level 6]", b"EV[Demo Cup]", b"TM[30]",
                 b"OT[3x10 byo-yomi]", b"table 3"):
        assert prop in data, prop
    game = load_sgf(data)[1]["sgf"]
    last_move = [n for n in game.get_main_sequence() if n.get_move()[0]][-1]
    assert last_move.has_property("BL") and last_move.has_property("OB")   # in byo-yomi by then


def gone(pid, wait=5.0):
    end = time.monotonic() + wait
    while time.monotonic() < end:
        try:
            with open("/proc/%d/stat" % pid) as f:
                if f.read().split(") ")[-1][:1] == "Z":   # exited, not yet reaped
                    return True
        except FileNotFoundError:
            return True
        time.sleep(0.1)
    return False


def info_of(path):
    return load_sgf(path)[1]
