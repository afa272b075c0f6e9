"""The goboard commands on a board behind a pty: ports finds it, sync writes
each game once (a second run writes nothing), watch draws the final position,
and a port that is not there is one line and exit status 2."""

import json
import os
import subprocess

import pytest

import linkrig
from conftest import REPO

GOBOARD = os.path.join(REPO, ".venv", "bin", "goboard")


def goboard(*args, timeout=60):
    return subprocess.run([GOBOARD] + list(args), capture_output=True, text=True, timeout=timeout)


@pytest.fixture(scope="module")
def board(tmp_path_factory):
    wd = tmp_path_factory.mktemp("cli")
    relay = linkrig.Relay(wd)
    relay.start()
    plan = {"games": [
        {"rules": "japanese", "size": 9, "actions": linkrig.random_actions(3, 40, 9)
         + [["count", "W+6.5"]]},
        {"rules": "chinese", "size": 19, "actions": linkrig.random_actions(4, 50, 19)
         + [["count", "B+2.5"]]}],
        "pace_ms": 1, "linger_ms": 60000, "serial": "CLI-1"}
    proc = linkrig.start_board(relay.board_path, plan, wd)
    results = linkrig.board_results(proc)
    yield relay, results, wd
    linkrig.stop_board(proc)
    relay.stop()


def test_ports_finds_the_board_and_ignores_what_is_not_one(board):
    relay, results, wd = board
    r = goboard("ports", "--port", relay.host_path, "--port", "/dev/null", "--json")
    assert r.returncode == 0, r.stderr
    found = json.loads(r.stdout)
    assert [(f["port"], f["serial"], f["game"]) for f in found] == [(relay.host_path, "CLI-1", 2)]


def test_sync_twice_writes_each_game_once(board):
    relay, results, wd = board
    out = str(wd / "games")
    r = goboard("sync", "--port", relay.host_path, "--out", out, "--event", "Club")
    assert r.returncode == 0, r.stderr
    assert "2 games" in r.stdout and "2 SGF written" in r.stdout
    assert sorted(n for n in os.listdir(out) if n.endswith(".sgf")) == ["CLI-1-0001.sgf",
                                                                        "CLI-1-0002.sgf"]
    r = goboard("sync", "--port", relay.host_path, "--out", out)
    assert r.returncode == 0, r.stderr
    assert "0 new events, 0 SGF written, 2 unchanged" in r.stdout
    with open(os.path.join(out, "CLI-1-0001.sgf")) as f:
        text = f.read()
    assert "RU[Japanese]" in text and "RE[W+6.5]" in text and "EV[Club]" in text


def test_watch_draws_the_game_as_the_board_has_it(board):
    relay, results, wd = board
    r = goboard("watch", "--port", relay.host_path, "--plain", "--until-end", timeout=30)
    assert r.returncode == 0, r.stderr
    last = r.stdout.strip().split("\n\n")[-1].splitlines()
    rows = [line[4:].replace("(", " ").replace(")", " ").replace(" ", "")
            for line in last[2:21]]
    assert rows == results[1]["rows"]
    assert last[-1] == "result: B+2.5"
    assert not any("to play" in line for line in last)   # the game is over


def test_a_missing_port_is_one_line_and_status_2(tmp_path):
    for cmd in (["sync", "--out", str(tmp_path)], ["watch"]):
        r = goboard(*cmd, "--port", str(tmp_path / "nothing"))
        assert r.returncode == 2
        assert r.stderr.count("\n") == 1 and "cannot open" in r.stderr and "Traceback" not in r.stderr
