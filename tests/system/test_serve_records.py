"""One process per board: `goboard serve --serial PORT --out DIR` (and `relay`)
serves the page and records the board's games as `goboard sync --follow` does.

A stand-in board (MicroPython on a pty pair, tools/link_board.py) plays two games;
meanwhile its cable is pulled for a second and the serving process is killed
(SIGKILL) and started again. Nothing is lost (every game's SGF is the game the
board played, the same file a later `sync` writes from the board's log) and
nothing is written twice (each event once in the journal, in order); a second
writer into the folder, or a second reader of the port, is refused in one line;
the page follows to the end.
"""

import json
import os
import re
import signal
import subprocess
import time
import urllib.request

import pytest

linkrig = pytest.importorskip("linkrig")

from goboard.record.journal import Journal
from goboard.record.sgfrecord import read_moves
from goboard.record.sync import sgf_path

GOBOARD = str(linkrig.REPO / ".venv" / "bin" / "goboard")
SERIAL = "GB-REC"


def start(argv, **kw):
    return subprocess.Popen([GOBOARD] + argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True, **kw)


def url_of(proc, timeout=30):
    """The page's address from serve's first line."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        line = proc.stdout.readline()
        m = re.search(r"(http://\S+) \(delay", line or "")
        if m:
            return m.group(1)
        if not line and proc.poll() is not None:
            raise AssertionError("serve stopped: %s" % proc.stderr.read())
    raise AssertionError("serve never said where it serves")


def held(out, game):
    """The journal's events of a game as its file holds them, line by line."""
    path = os.path.join(out, ".goboard", SERIAL, "%06d.jsonl" % game)
    if not os.path.exists(path):
        return []
    with open(path, "rb") as f:
        return [json.loads(line) for line in f if line.endswith(b"\n")]


def wait_until(what, cond, timeout=60):
    end = time.monotonic() + timeout
    while not cond():
        assert time.monotonic() < end, "never: " + what
        time.sleep(0.1)


def stop(proc, sig=signal.SIGTERM):
    if proc.poll() is None:
        proc.send_signal(sig)
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


def test_serve_records_the_board_through_an_unplug_and_a_kill(tmp_path):
    wd = linkrig.workdir()
    relay = linkrig.Relay(wd)
    relay.start()
    games = [{"rules": "chinese", "size": 19, "komi": 7.5, "handicap": 0,
              "actions": linkrig.random_actions(21, moves=70) + [["count", "B+3.5"]]},
             {"rules": "japanese", "size": 19, "komi": 6.5, "handicap": 0,
              "actions": linkrig.random_actions(22, moves=150)}]
    # the board starts once serve has said hello: a slow start of serve (a loaded
    # machine) must not let the board finish before the kill below
    plan = {"games": games, "pace_ms": 40, "linger_ms": 30000, "serial": SERIAL,
            "profile": "sim", "wait_host": True}
    board = linkrig.start_board(relay.board_path, plan, wd)
    out = str(tmp_path / "games")
    procs = []
    try:
        time.sleep(0.3)
        serve = start(["serve", "--serial", relay.host_path, "--out", out, "--port", "0"])
        procs.append(serve)
        url_of(serve)
        wait_until("20 events journaled", lambda: len(held(out, 1)) >= 20)
        relay.unplug(1.0)                      # the cable pulled for a second
        n = len(held(out, 1))
        wait_until("events after the unplug", lambda: len(held(out, 1)) > n + 15)
        stop(serve, signal.SIGKILL)            # killed: no chance to tidy up
        killed_at = len(held(out, 1)) + len(held(out, 2))
        # (game 2 is long enough that a slow reconnect on a loaded machine, the
        # board playing on at 25 events a second, still leaves it moves to play)
        assert killed_at < 200, "the board had played too far before the kill: %d" % killed_at
        time.sleep(1.5)                        # the board plays on meanwhile
        serve = start(["serve", "--serial", relay.host_path, "--out", out, "--port", "0"])
        procs.append(serve)
        page = url_of(serve)
        # a second writer into the folder: refused in one line
        r = subprocess.run([GOBOARD, "sync", "--port", "/dev/null", "--out", out],
                           capture_output=True, text=True, timeout=60)
        assert r.returncode == 2 and "another goboard" in r.stderr, r.stderr
        assert len(r.stderr.strip().splitlines()) == 1
        # a second reader of the port (a sync --follow into a folder of its own): refused
        # in one line, and the serving process reads on undisturbed (checked below)
        r = subprocess.run([GOBOARD, "sync", "--follow", "--port", relay.host_path, "--out",
                            str(tmp_path / "other")], capture_output=True, text=True, timeout=60)
        assert r.returncode == 2 and "held by another program" in r.stderr, r.stderr
        assert len(r.stderr.strip().splitlines()) == 1
        played = linkrig.board_results(board)
        total = played[-1]["events"]
        wait_until("every event journaled",
                   lambda: len(held(out, 2)) >= total and os.path.exists(
                       sgf_path(out, SERIAL, 2)), timeout=60)
        assert len(held(out, 1)) + len(held(out, 2)) > killed_at
        # nothing twice: each journal holds seq 1..N once, in order
        for g in (1, 2):
            seqs = [e["seq"] for e in held(out, g)]
            assert seqs == list(range(1, len(seqs) + 1)), g
        assert len(held(out, 2)) == total
        # nothing lost: each SGF is the game the board played
        for g, want in zip((1, 2), played):
            wait_until("game %d written" % g, lambda: os.path.exists(sgf_path(out, SERIAL, g)))
        time.sleep(1.5)                        # the last flush (at most a second behind)
        for g, want in zip((1, 2), played):
            with open(sgf_path(out, SERIAL, g), "rb") as f:
                _, moves = read_moves(f.read())
            assert [list(m) for m in moves] == want["moves"], g
        # the page followed to the end
        with urllib.request.urlopen(page + "/state/" + SERIAL, timeout=10) as resp:
            snap = json.loads(resp.read())
        assert snap["game"] == 2 and snap["seq"] == total and snap["link"] is None
        stop(serve)
        # the files are the ones a sync writes from the board's log afterwards
        other = str(tmp_path / "again")
        r = subprocess.run([GOBOARD, "sync", "--port", relay.host_path, "--out", other],
                           capture_output=True, text=True, timeout=120)
        assert r.returncode == 0, r.stderr
        for g in (1, 2):
            with open(sgf_path(out, SERIAL, g), "rb") as a, open(sgf_path(other, SERIAL, g),
                                                                  "rb") as b:
                assert a.read() == b.read(), g
        assert Journal(other, SERIAL).have(2) == total
    finally:
        for p in procs:
            stop(p, signal.SIGKILL)
        linkrig.stop_board(board)
        relay.stop()


def test_relay_records_too(tmp_path):
    """`goboard relay --serial --out`: the same recording, the events on the broker."""
    from broker import LocalBroker
    wd = linkrig.workdir()
    relay = linkrig.Relay(wd)
    relay.start()
    plan = {"games": [{"rules": "chinese", "size": 19, "komi": 7.5, "handicap": 0,
                       "actions": linkrig.random_actions(5, moves=30)}],
            "pace_ms": 10, "linger_ms": 30000, "serial": SERIAL, "profile": "sim"}
    board = linkrig.start_board(relay.board_path, plan, wd)
    out = str(tmp_path / "games")
    proc = None
    try:
        with LocalBroker() as b:
            time.sleep(0.3)
            proc = start(["relay", "--serial", relay.host_path, "--out", out,
                          "--broker", b.address])
            played = linkrig.board_results(board)
            wait_until("the game written", lambda: len(held(out, 1)) >= played[0]["events"]
                       and os.path.exists(sgf_path(out, SERIAL, 1)))
            time.sleep(1.5)
            with open(sgf_path(out, SERIAL, 1), "rb") as f:
                _, moves = read_moves(f.read())
            assert [list(m) for m in moves] == played[0]["moves"]
            stop(proc)
            said = proc.stdout.read()
            assert "publishing to" in said and sgf_path(out, SERIAL, 1) in said
    finally:
        if proc is not None:
            stop(proc, signal.SIGKILL)
        linkrig.stop_board(board)
        relay.stop()


def test_out_without_a_serial_board_is_one_line(tmp_path):
    r = subprocess.run([GOBOARD, "serve", "--replay", "x.jsonl", "--out", str(tmp_path)],
                       capture_output=True, text=True, timeout=60)
    assert r.returncode == 2 and "--out records the boards on --serial" in r.stderr
