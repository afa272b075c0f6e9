"""The organiser's day, end to end: a pairing file, three boards (the simulated
board with its serial link, each on a pty pair), one `goboard relay` that hands
each board its game and records the boards' SGFs, a real Mosquitto, a display
(`goboard serve --mqtt`) whose wall and index show the tables and players in
headless Chromium, and a recorder (`goboard record --mqtt`) that writes the same
files from the broker.
"""

import json
import os
import pathlib
import re
import signal
import subprocess
import time
import urllib.request

import pytest

import linkrig
from broker import LocalBroker, find_mosquitto
from browser_rig import _real_browser_present, browser, viewport, wait_for  # noqa: F401
from goboard.sim.script import parse_script
from goboard.record.sgfrecord import read_moves
from goboard.record.sync import sgf_path
from goboard.sim.board import SimBoard

REPO = linkrig.REPO
GOBOARD = str(REPO / ".venv" / "bin" / "goboard")
PAIRINGS = """serial,table,black,black_rank,white,white_rank,event,round,rules,komi,clock
HALL-1,3,Ann Lee,2d,Bo Kim,1d,Club Cup,Round 3,chinese,7.5,byoyomi:300+3x30
HALL-2,1,Cy Park,5k,Di Wu,4k,Club Cup,Round 3,japanese,6.5,absolute:900
HALL-3,2,Ed Roe,1k,Fay Sun,1k,Club Cup,Round 3,chinese,7.5,canadian:300+10/120
"""
MOVES = {1: "cc gg cg gc ee dd", 2: "dd ff df fd ee", 3: "cc gg ee gc cg"}
# the one resign button acts for the player to move: after 6 moves black, after 5 white
RESULT = {1: "W+R", 2: "B+R", 3: "B+R"}


@pytest.fixture(autouse=True)
def _real_broker_present():
    if find_mosquitto() is None:
        pytest.fail("mosquitto is not installed: run tools/setup")


def board(k, tmp_path):
    """A simulated 9x9 board whose players wait for the pairing, play, and one resigns."""
    lines = ["wait 7000"]
    for i, p in enumerate(MOVES[k].split()):
        lines += ["place %s %s" % ("BW"[i % 2], p), "wait 500"]
    lines += ["button B resign", "wait 500"]
    relay = linkrig.Relay(str(tmp_path), None)
    relay.start()
    job = {"profile": str(REPO / "boards" / "sim-9.json"), "rules": "chinese", "handicap": 0,
           "seed": k, "noise": 0, "actions": parse_script("\n".join(lines), 9),
           "dir": str(tmp_path / ("sim%d" % k)), "pace": 1,
           "link": {"device": relay.board_path, "serial": "HALL-%d" % k, "linger_ms": 120000}}
    return relay, SimBoard(job)


def start(argv):
    return subprocess.Popen([GOBOARD] + argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            text=True)


def stop(p):
    if p.poll() is None:
        p.send_signal(signal.SIGINT)
        try:
            return p.communicate(timeout=20)
        except subprocess.TimeoutExpired:
            p.kill()
    return p.communicate()


def test_pairings_three_boards_relay_wall_and_sgfs(browser, tmp_path):  # noqa: F811
    pairing = tmp_path / "round3.csv"
    pairing.write_text(PAIRINGS)
    out, rec_out = tmp_path / "games", tmp_path / "recorded"
    boards, procs = [], []
    try:
        for k in (1, 2, 3):
            d = tmp_path / ("b%d" % k)
            d.mkdir()
            boards.append(board(k, d))
        with LocalBroker() as b:
            recorder = start(["record", "--mqtt", b.address, "--out", str(rec_out)])
            procs.append(recorder)
            # the recorder says it records once the broker holds its subscription: a
            # relay started before that publishes the games' first events to nobody
            assert "recording" in recorder.stdout.readline()
            relay = start(["relay", "--broker", b.address, "--pairings", str(pairing),
                           "--out", str(out)] +
                          sum((["--serial", r.host_path] for r, _ in boards), []))
            procs.append(relay)
            serve = start(["serve", "--mqtt", b.address, "--port", "0"])
            procs.append(serve)
            url = re.search(r"(http://\S+) \(delay", serve.stdout.readline()).group(1)
            for _, sim in boards:
                sim.wait_done(90)               # every game played to its resignation
            deadline = time.monotonic() + 30
            while not all(os.path.exists(sgf_path(str(out), "HALL-%d" % k, 2)) and
                          os.path.exists(sgf_path(str(rec_out), "HALL-%d" % k, 2))
                          for k in (1, 2, 3)):
                assert time.monotonic() < deadline, os.listdir(out)
                time.sleep(0.3)
            time.sleep(1.5)                     # the last flushes
            # the wall: by table, each board's players, at one height
            viewport(browser, 1920, 1080)
            browser.get(url + "/wall?lang=en")
            wait_for(browser, "return [...document.querySelectorAll('.panel')].filter("
                              "p => p.dataset.status === 'counted').length === 3", timeout=20)
            wall = browser.execute_script("""return [...document.querySelectorAll('.panel')].map(
                p => [p.dataset.board, p.querySelector('.head .title').textContent,
                      p.querySelector('.plate.black .pname').textContent,
                      p.querySelector('.plate.white .pname').textContent,
                      p.querySelector('.info .result').textContent,
                      Math.round(p.getBoundingClientRect().bottom)]);""")
            assert [w[0] for w in wall] == ["HALL-2", "HALL-3", "HALL-1"]
            assert wall[0][1:4] == ["Club Cup \u00B7 Round 3 \u00B7 Table 1", "Cy Park", "Di Wu"]
            for w in wall:
                re_ = RESULT[int(w[0][-1])]
                assert w[4] == "%s wins %s (resignation)" % (
                    "White" if re_[0] == "W" else "Black", re_), wall
            assert len({w[5] for w in wall}) == 1
            browser.get(url + "/?lang=en")
            wait_for(browser, "return document.querySelectorAll('#list tr[data-board]').length == 3")
            rows = browser.execute_script("""return [...document.querySelectorAll('#list tr')].map(
                tr => [...tr.children].slice(0, 4).map(td => td.textContent));""")
            assert rows == [["1", "HALL-2", "Cy Park5k", "Di Wu4k"],
                            ["2", "HALL-3", "Ed Roe1k", "Fay Sun1k"],
                            ["3", "HALL-1", "Ann Lee2d", "Bo Kim1d"]]
            said, err = stop(relay)
            assert "paired game started" in said, (said, err)

            # the relay's last events (a clock tick after the resignation) are still on
            # their way to the recorder when the relay stops: its files catch up
            def same():
                return all(pathlib.Path(sgf_path(str(out), "HALL-%d" % k, 2)).read_bytes() ==
                           pathlib.Path(sgf_path(str(rec_out), "HALL-%d" % k, 2)).read_bytes()
                           for k in (1, 2, 3))
            deadline = time.monotonic() + 10
            while not same() and time.monotonic() < deadline:
                time.sleep(0.3)
    finally:
        for p in procs:
            stop(p)
        for r, sim in boards:
            sim.stop()
            r.stop()
        viewport(browser, 800, 900)
    # the SGFs: each board's paired game, its players, table and clock; the recorder's
    # files the relay's, byte for byte; the boards' start-up games left no file
    for k, row in ((1, "Ann Lee"), (2, "Cy Park"), (3, "Ed Roe")):
        with open(sgf_path(str(out), "HALL-%d" % k, 2), "rb") as f:
            data = f.read()
        with open(sgf_path(str(rec_out), "HALL-%d" % k, 2), "rb") as f:
            assert f.read() == data, k
        _, moves = read_moves(data)
        assert [p for _, p, _ in moves] == MOVES[k].split()
        assert ("PB[%s]" % row).encode() in data and b"EV[Club Cup]" in data and \
            b"RO[Round 3]" in data and ("RE[%s]" % RESULT[k]).encode() in data
        assert not os.path.exists(sgf_path(str(out), "HALL-%d" % k, 1))
    one = open(sgf_path(str(out), "HALL-1", 2), "rb").read()
    assert b"table 3" in one and b"TM[300]" in one and b"OT[3x30 byo-yomi]" in one
    two = open(sgf_path(str(out), "HALL-2", 2), "rb").read()
    assert b"RU[Japanese]" in two and b"KM[6.5]" in two and b"TM[900]" in two
