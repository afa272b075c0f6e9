"""The host against a hostile board: a stand-in board on a pty (tests/hostile_board.py)
speaking valid frames (good CRCs, frame numbers in turn) with absurd content.

Each case runs the real `goboard` command in a child process and asserts: exit
status (0, or 2 with one line), no traceback, one line naming the board and what
it sent, the healthy games still written as SGF, and the child's peak memory
(ru_maxrss from wait4) under MEMORY_MB whatever the board sends.
"""

import os
import subprocess
import sys
import time

import pytest

sys.path.insert(0, os.path.dirname(__file__))
from hostile_board import HostileBoard, nested  # noqa: E402

from goboard.sgfrecord import read_moves  # noqa: E402
from goboard.synth import random_game  # noqa: E402

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
MEMORY_MB = 100


def run_host(args, timeout=60):
    """(exit status, stdout, stderr, peak RSS in MB) of `goboard ARGS` in a child."""
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(
        [os.path.join(REPO, "host"), os.path.join(REPO, "firmware")]))
    out = subprocess.Popen([sys.executable, "-m", "goboard"] + args, env=env,
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    import threading
    got = {}

    def drain(name, f):
        got[name] = f.read().decode("utf-8", "replace")
    readers = [threading.Thread(target=drain, args=(n, f)) for n, f in
               (("out", out.stdout), ("err", out.stderr))]
    for t in readers:
        t.start()
    deadline = time.monotonic() + timeout
    while True:
        pid, status, usage = os.wait4(out.pid, os.WNOHANG)
        if pid:
            break
        if time.monotonic() > deadline:
            out.kill()
            pid, status, usage = os.wait4(out.pid, 0)
            break
        time.sleep(0.05)
    out.returncode = os.waitstatus_to_exitcode(status)
    for t in readers:
        t.join(5)
    return out.returncode, got.get("out", ""), got.get("err", ""), usage.ru_maxrss / 1024.0


def healthy(game, moves=20, seed=3):
    events, maker = random_game(moves, seed=seed, game=game, serial="HOSTILE-1")
    return events, maker


def assert_one_clean_line(err, *words):
    assert "Traceback" not in err, err
    lines = [l for l in err.splitlines() if l.strip()]
    hits = [l for l in lines if all(w in l for w in words)]
    assert hits, err
    return lines


def assert_sgf(out, game, maker_moves):
    path = os.path.join(out, "HOSTILE-1-%04d.sgf" % game)
    with open(path, "rb") as f:
        _, moves = read_moves(f.read(), path)
    assert len(moves) == maker_moves


def test_games_claiming_a_billion_events(tmp_path):
    ev, _ = healthy(1)
    board = HostileBoard(games={1: ev}, answers={
        "games": lambda m: [{"k": "games", "games": [[1, 1000000000]]}]})
    with board:
        rc, out, err, mb = run_host(["sync", "--port", board.path, "--out", str(tmp_path)])
    print("peak %.1f MB" % mb)
    assert rc == 2
    assert_one_clean_line(err, "HOSTILE-1", board.path, "games must be", "1000000000")
    assert mb < MEMORY_MB


def test_a_game_whose_first_events_never_come_and_a_flood_after_them(tmp_path):
    ev, _ = healthy(1, moves=200)
    tail = ev[100:]

    def read(m):      # never seq 1..100, every other one again and again
        return [{"k": "log", "re": None, "e": e} for e in tail] + [
            {"k": "done", "re": None, "game": 1, "last": ev[-1]["seq"]}]

    def flood():      # events from seq 101 on, then new game-starts, without end
        g = 2
        while True:
            for e in tail:
                yield {"k": "ev", "e": e}
            for _ in range(200):
                yield {"k": "ev", "e": dict(ev[0], game=g)}
                g += 1
    board = HostileBoard(games={1: ev}, answers={"read": read}, live=flood(), live_after=0.0)
    with board:
        rc, out, err, mb = run_host(["sync", "--port", board.path, "--out", str(tmp_path)])
    print("peak %.1f MB" % mb)
    assert rc == 2
    lines = assert_one_clean_line(err, "could not read game 1 completely")
    assert len(lines) <= 3, err
    assert mb < MEMORY_MB


def test_sync_follow_and_a_flood_of_new_games_and_gaps_stays_bounded(tmp_path):
    ev, maker = healthy(1, moves=30)
    seen = []

    def flood():
        g = 2
        for _ in range(4000):
            yield {"k": "ev", "e": dict(ev[0], game=g, seq=1)}   # starts of games never ended
            yield {"k": "ev", "e": dict(ev[5], seq=300 + g)}      # game 1 events after a gap
            g += 1
    board = HostileBoard(games={1: ev}, live=flood(), live_after=1.0)
    with board:
        rc, out, err, mb = run_host(["sync", "--port", board.path, "--out", str(tmp_path),
                                     "--follow", "--idle-exit", "3"], timeout=90)
        seen.extend(board.requests)
    print("peak %.1f MB, requests %d" % (mb, len(seen)))
    assert rc == 0, err
    assert "Traceback" not in err
    assert_sgf(str(tmp_path), 1, 30)
    assert mb < MEMORY_MB


@pytest.mark.parametrize("depth", [20000, 5000])
def test_nested_json_in_sync_follow_and_watch(tmp_path, depth):
    ev, _ = healthy(1, moves=10)
    for cmd in (["sync", "--out", str(tmp_path), "--follow"], ["watch", "--plain"]):
        board = HostileBoard(games={1: ev}, live=iter([nested(depth)]), live_after=0.5)
        with board:
            rc, out, err, mb = run_host(cmd + ["--port", board.path, "--idle-exit", "1.2"])
        assert rc == 0, err
        if depth * 2 > 16000:   # longer than a frame may be
            assert_one_clean_line(err, "HOSTILE-1", "longer than 16384 bytes")
        else:
            assert_one_clean_line(err, "HOSTILE-1", "nested deeper than 16")
        assert mb < MEMORY_MB
    assert_sgf(str(tmp_path), 1, 10)


def test_a_move_off_the_board_costs_its_game_only(tmp_path):
    bad, _ = healthy(1, moves=12)
    bad[5] = dict(bad[5], point="zz")
    good, maker = healthy(2, moves=15, seed=4)
    board = HostileBoard(games={1: bad, 2: good})
    with board:
        rc, out, err, mb = run_host(["sync", "--port", board.path, "--out", str(tmp_path)])
    assert rc == 2
    lines = assert_one_clean_line(err, "HOSTILE-1", "game 1 not written", "'zz'", "event 6")
    assert lines[-1].startswith("goboard sync: 1 of 2 games not written"), err
    assert len(lines) == 2, err
    assert_sgf(str(tmp_path), 2, 15)
    assert not os.path.exists(os.path.join(tmp_path, "HOSTILE-1-0001.sgf"))


@pytest.mark.parametrize("kind,answer,words", [
    ("games", {"k": "games", "games": "all of them"}, "games must be"),
    ("games", {"k": "games", "games": [[1, "ten"]]}, "games must be"),
    ("games", {"k": "games", "games": [[1, 5]] * 20000}, "longer than 16384 bytes"),
    ("read", {"k": "done", "re": None, "game": 1, "last": "end"}, "done needs last"),
    ("read", {"k": "log", "re": None, "e": ["not", "an", "event"]}, "not an object"),
    ("read", {"k": "log", "re": None, "e": {"type": "move", "game": 1, "seq": -4}}, "seq"),
    ("hello", {"k": "hello", "proto": 1, "serial": {"x": 1}, "game": 1}, "serial must be"),
])
def test_wrong_typed_fields_are_one_line(tmp_path, kind, answer, words):
    ev, _ = healthy(1, moves=5)
    board = HostileBoard(games={1: ev}, answers={kind: lambda m: [answer]})
    with board:
        rc, out, err, mb = run_host(["sync", "--port", board.path, "--out", str(tmp_path)],
                                    timeout=60)
    assert rc == 2, err
    assert_one_clean_line(err, words)
    for line in err.splitlines():
        assert len(line) < 400
    assert mb < MEMORY_MB
