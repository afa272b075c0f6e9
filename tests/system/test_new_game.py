"""A new game (rules, komi, handicap) chosen at the board with the buttons and
the display, or sent by the host (`goboard new`, HostLink.new_game, the link's
`new` request): the choice is the new game's first record in the board's log."""

import json
import re
import subprocess
import time
import urllib.request

import linkrig

from goban.gamelog import GameLog
from goban.rules import RULE_IDS
from goboard.sim.board import SimBoard
from goboard.sim.script import parse_script
from goboard.link.transport import HostLink, LinkError
from sim_rig import sim, kinds, illegal, script, play

REPO = linkrig.REPO
GOBOARD = [str(REPO / ".venv" / "bin" / "goboard")]


def test_new_game_from_the_button_menu():
    lines = play("B cc,W gg") + ["button W resign", "wait 300"]
    lines += ["button B ok", "wait 50", "button B up", "wait 50",            # rules: the 2nd
              "button B ok", "wait 50"] + ["button B up", "wait 50"] * 3 + [  # komi: 3rd step
              "button B ok", "wait 50", "button B up", "wait 50",            # handicap 2
              "button B ok", "wait 50",                                       # clock: none
              "button B ok", "wait 400", "lift cc", "wait 100", "lift gg", "wait 300",
              "place B gc", "wait 200", "place B cg", "wait 300", "place W ee", "wait 300"]
    out = sim(script(*lines))
    starts = kinds(out, "game-start")
    assert len(starts) == 2 and starts[0]["by"] == "start"
    gs = starts[1]
    assert (gs["rules"], gs["komi"], gs["handicap"], gs["by"]) == (RULE_IDS[1], 5.5, 2, "menu")
    assert gs["game"] == 2 and gs["seq"] == 1 and sorted(gs["setup"]["B"]) == ["cg", "gc"]
    # the display walked through the menu
    shown = [u["lines"][0] for u in out["ui"]]
    for title in ("New game: rules", "Komi", "Handicap", "Clock"):
        assert title in shown
    assert "clock" not in gs
    # game 2 is played on: its moves are the log's current game
    assert out["moves"] == ["ee"] and illegal(out) == []


def test_a_timed_game_at_a_board_alone():
    """No computer: the players choose byo-yomi from the menu (1 minute, then 1
    period of 10 s), play, and white thinks too long: the board's own clock
    ends the game on time, as with a clock the host set."""
    lines = play("B cc,W gg") + ["button W resign", "wait 300"]
    lines += ["button B ok", "wait 50"] * 4 + [                      # rules, komi, handicap
              "button B up", "wait 50", "button B up", "wait 50",     # clock: byo-yomi
              "button B ok", "wait 50"] + ["button B down", "wait 50"] * 2 + [  # main 1:00
              "button B ok", "wait 50"] + ["button B down", "wait 50"] * 2 + [  # 1 period
              "button B ok", "wait 50"] + ["button B down", "wait 50"] * 2 + [  # of 10 s
              "button B ok", "wait 400", "lift cc", "wait 100", "lift gg", "wait 500",
              "place B cc", "wait 2000", "place W gg", "wait 1000", "place B cg",
              "wait 80000"]
    out = sim(script(*lines))
    gs = kinds(out, "game-start")[1]
    assert gs["by"] == "menu" and gs["clock"] == "byoyomi:60+1x10"
    shown = [u["lines"] for u in out["ui"]]
    for want in (["Clock", "byo-yomi"], ["Main time", "1:00"], ["Periods", "1"],
                 ["Period", "10 s"]):
        assert want in shown, want
    end = kinds(out, "end")[-1]
    assert (end["reason"], end["winner"]) == ("time", "B") and out["result"] == "B+T"
    assert out["moves"] == ["cc", "gg", "cg"]


def _board(tmp_path, actions, serial):
    relay = linkrig.Relay(tmp_path, None)
    relay.start()
    job = {"profile": str(REPO / "boards" / "sim-9.json"), "rules": "chinese",
           "handicap": 0, "seed": 4, "noise": 1, "actions": actions,
           "dir": str(tmp_path / "sim"),
           "link": {"device": relay.board_path, "serial": serial, "linger_ms": 30000}}
    board = SimBoard(job)
    board.wait_done(60)
    return relay, board


def test_new_game_from_the_host(tmp_path):
    # the board's game is still in play (two moves, nobody resigned)
    relay, board = _board(tmp_path, parse_script("\n".join(play("B cc,W gg")), 9), "SIM-NEW")
    try:
        new = GOBOARD + ["new", "--port", relay.host_path]
        r = subprocess.run(new + ["--rules", "ing", "--komi", "8", "--handicap", "3"],
                           capture_output=True, text=True, timeout=60)
        assert r.returncode == 2 and "in play" in r.stderr and len(r.stderr.splitlines()) == 1
        r = subprocess.run(new + ["--rules", "ing", "--handicap", "1"],
                           capture_output=True, text=True, timeout=60)
        assert r.returncode == 2 and "--handicap" in r.stderr
        r = subprocess.run(new + ["--rules", "ing", "--komi", "8", "--handicap", "3", "--force",
                                  "--black", "Ann", "--table", "5", "--json"],
                           capture_output=True, text=True, timeout=60)
        assert r.returncode == 0, r.stderr
        ans = json.loads(r.stdout)
        assert ans == {"game": 2, "rules": "ing", "komi": 8, "handicap": 3, "first": "W",
                       "black": "Ann", "table": "5"}
        link = HostLink(relay.host_path, reconnect=False).open()
        try:
            st = link.state()["state"]
            assert st["game"] == 2 and st["rules"] == "ing" and st["phase"] == "setup"
            assert st["move"] == 0 and st["to_move"] == "W"
            # the same request again (its answer lost): the same game, no third one
            msg = {"k": "new", "rules": "japanese", "handicap": 0, "id": "feedbeef"}
            a1 = link.request(msg, "new")
            a2 = link.request(msg, "new")
            assert a1["game"] == a2["game"] == 3 and a1["rules"] == "japanese"
            # the new game has no moves yet: another one needs no force
            assert link.new_game("aga", 7.5)["game"] == 4
            try:
                link.new_game("go-moku")
                raise AssertionError("an unknown rules id was taken")
            except LinkError as e:
                assert "unknown rules" in str(e)
        finally:
            link.close()
    finally:
        board.stop()
        relay.stop()
    log = GameLog(str(tmp_path / "sim" / "games"), durable=False)
    assert log.games() == [1, 2, 3, 4]
    first = [next(iter(log.events(g))) for g in (2, 3, 4)]
    assert [(e["type"], e["rules"], e["komi"], e["handicap"], e["by"]) for e in first] == \
        [("game-start", "ing", 8, 3, "host"), ("game-start", "japanese", 6.5, 0, "host"),
         ("game-start", "aga", 7.5, 0, "host")]
    assert len(first[0]["setup"]["B"]) == 3
    assert (first[0]["black"], first[0]["table"]) == ("Ann", "5") and "table" not in first[1]
    assert [e["type"] for e in log.events(1)].count("move") == 2   # game 1 kept as it was


def test_a_free_handicap_from_the_host(tmp_path):
    """`goboard new --free`: black is to place the handicap anywhere (the
    game-start's placement), komi the rules' handicap komi; refused in one line
    where the rules fix the points (on the host, and by the board itself)."""
    relay, board = _board(tmp_path, [["wait", 300]], "SIM-FREE")
    try:
        new = GOBOARD + ["new", "--port", relay.host_path]
        r = subprocess.run(new + ["--rules", "aga", "--handicap", "3", "--free"],
                           capture_output=True, text=True, timeout=60)
        assert r.returncode == 2 and "--free" in r.stderr and len(r.stderr.splitlines()) == 1
        r = subprocess.run(new + ["--rules", "chinese", "--handicap", "3", "--free", "--json"],
                           capture_output=True, text=True, timeout=60)
        assert r.returncode == 0, r.stderr
        ans = json.loads(r.stdout)
        assert ans == {"game": 2, "rules": "chinese", "komi": 0, "handicap": 3, "first": "W",
                       "placement": "free"}
        link = HostLink(relay.host_path, reconnect=False).open()
        try:
            st = link.state()["state"]
            assert (st["phase"], st["handicap"], st["komi"]) == ("setup", 3, 0)
            assert all(set(row) == {"."} for row in st["rows"])     # no stone lit or set
            try:
                link.request({"k": "new", "rules": "japanese", "handicap": 2,
                              "placement": "free", "id": "0ddba11"}, "new")
                raise AssertionError("free placement under Japanese rules was taken")
            except LinkError as e:
                assert "star points" in str(e)
            assert link.state()["state"]["game"] == 2            # nothing changed
        finally:
            link.close()
    finally:
        board.stop()
        relay.stop()


def test_the_board_keeps_running_after_the_game(tmp_path):
    """After the script the simulated board goes on scanning (a still world):
    a new game the host starts on a cleared board is checked by the next
    frames and becomes ready, as on the table."""
    lines = play("B cc,W gg") + ["button W resign", "wait 300", "lift cc", "wait 200",
                                 "lift gg", "wait 300"]
    relay, board = _board(tmp_path, parse_script("\n".join(lines), 9), "SIM-RUN")
    try:
        link = HostLink(relay.host_path, reconnect=False).open()
        try:
            assert link.new_game("japanese")["game"] == 2
            deadline = time.monotonic() + 10
            st = link.state()["state"]
            while st["phase"] != "play":
                assert time.monotonic() < deadline, st
                time.sleep(0.1)
                st = link.state()["state"]
            assert st["game"] == 2 and st["rules"] == "japanese" and st["move"] == 0
            # the state says play once the frame was checked; its `ready` event
            # reaches the log a step or two later (the log job): wait for it there
            # before the board stops (a loaded machine runs the board slower)
            while "ready" not in [e["type"] for e in link.read_events(2)]:
                assert time.monotonic() < deadline, link.read_events(2)
                time.sleep(0.1)
        finally:
            link.close()
    finally:
        board.stop()
        relay.stop()
    log = GameLog(str(tmp_path / "sim" / "games"), durable=False)
    assert [e["type"] for e in log.events(2)][:2] == ["game-start", "ready"]


def test_the_arbiter_reaches_a_board_another_goboard_serves(tmp_path):
    """One reader a port: while `serve --serial --out` holds the board, the
    arbiter's `goboard clock` and `goboard new` go through it (its control socket)
    and are answered; the serving process's journal has their events once each,
    in order, and the page shows the new game. Through a `sync --follow` too."""
    relay, board = _board(tmp_path, parse_script("\n".join(play("B cc,W gg")), 9), "SIM-ARB")
    out = str(tmp_path / "games")
    serve = subprocess.Popen(GOBOARD + ["serve", "--serial", relay.host_path, "--out", out,
                                        "--port", "0"], stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, text=True)
    try:
        page = None
        while page is None:
            line = serve.stdout.readline()
            assert line or serve.poll() is None, serve.stderr.read()
            page = re.search(r"(http://\S+) \(delay", line)
        page = page.group(1)

        def ask(*argv):
            r = subprocess.run(GOBOARD + list(argv) + ["--port", relay.host_path, "--json"],
                               capture_output=True, text=True, timeout=60)
            assert r.returncode == 0, r.stderr
            return json.loads(r.stdout)
        ev = ask("clock", "--set", "byoyomi:60+3x10")
        assert ev["spec"] == "byoyomi:60+3x10" and ev["by"] == "host"
        assert ask("clock", "--pause")["paused"] is True
        ans = ask("new", "--rules", "japanese", "--force", "--black", "Ann", "--table", "9")
        assert (ans["game"], ans["rules"], ans["black"], ans["table"]) == (2, "japanese", "Ann", "9")
        # the serving process read every event once, in order, theirs among them
        path = tmp_path / "games" / ".goboard" / "SIM-ARB"
        deadline = time.monotonic() + 20
        while not (path / "000002.jsonl").exists():
            assert time.monotonic() < deadline and serve.poll() is None
            time.sleep(0.1)
        one = [json.loads(x) for x in open(path / "000001.jsonl")]
        assert [e["seq"] for e in one] == list(range(1, len(one) + 1))
        clocks = [e for e in one if e["type"] == "clock" and e.get("by") == "host"]
        assert [c.get("set", False) for c in clocks] == [True, False] and clocks[1]["paused"]
        end = time.monotonic() + 10
        while True:
            snap = json.loads(urllib.request.urlopen(page + "/state/SIM-ARB", timeout=5).read())
            if snap["game"] == 2 or time.monotonic() > end:
                break
            time.sleep(0.1)
        assert snap["game"] == 2 and snap["players"]["table"] == "9"
        # a sync --follow holding the port passes them on too
        serve.kill()
        serve.wait()
        serve = subprocess.Popen(GOBOARD + ["sync", "--follow", "--port", relay.host_path,
                                            "--out", out], stdout=subprocess.PIPE,
                                 stderr=subprocess.PIPE, text=True)
        assert "board SIM-ARB" in serve.stdout.readline()       # synced, now following
        assert ask("clock", "--set", "fischer:300+10")["spec"] == "fischer:300+10"
        deadline = time.monotonic() + 20
        while "fischer:300+10" not in (path / "000002.jsonl").read_text():
            assert time.monotonic() < deadline and serve.poll() is None
            time.sleep(0.1)
    finally:
        serve.kill()
        serve.wait()
        board.stop()
        relay.stop()
