"""The host against a hostile board: a stand-in board on a pty (tests/hostile_board.py)
speaking valid frames (good CRCs, frame numbers in turn) with absurd content.

Each case runs the real `goboard` command in a child process and asserts: exit
status (0, or 2 with one line), no traceback, one line naming the board and what
it sent, the healthy games still written as SGF, and the child's peak memory
(ru_maxrss from wait4) under MEMORY_MB whatever the board sends.
"""

import os
import time

import pytest

from hostile_board import (HostileBoard, run_host, healthy,
                           billion_events, first_events_never, follow_flood, nested_json)

from goboard.record.sgfrecord import read_moves

MEMORY_MB = 100


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
    board, args = billion_events(str(tmp_path))
    with board:
        rc, out, err, mb = run_host(args)
    print("peak %.1f MB" % mb)
    assert rc == 2
    assert_one_clean_line(err, "HOSTILE-1", board.path, "games must be", "1000000000")
    assert mb < MEMORY_MB


def test_a_game_whose_first_events_never_come_and_a_flood_after_them(tmp_path):
    board, args = first_events_never(str(tmp_path))
    with board:
        rc, out, err, mb = run_host(args)
    print("peak %.1f MB" % mb)
    assert rc == 2
    lines = assert_one_clean_line(err, "could not read game 1 completely")
    assert len(lines) <= 3, err
    assert mb < MEMORY_MB


def test_sync_follow_and_a_flood_of_new_games_and_gaps_stays_bounded(tmp_path):
    board, args = follow_flood(str(tmp_path))
    with board:
        rc, out, err, mb = run_host(args, timeout=90)
        seen = list(board.requests)
    print("peak %.1f MB, requests %d" % (mb, len(seen)))
    assert rc == 0, err
    assert "Traceback" not in err
    assert_sgf(str(tmp_path), 1, 30)
    assert mb < MEMORY_MB


@pytest.mark.parametrize("depth", [20000, 5000])
def test_nested_json_in_sync_follow_and_watch(tmp_path, depth):
    for command in ("sync", "watch"):
        board, args = nested_json(str(tmp_path), depth, command)
        with board:
            rc, out, err, mb = run_host(args)
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


def test_serve_marks_a_lost_board_reconnecting_and_follows_it_back(tmp_path):
    """`serve --serial`'s source: the board's port goes away mid-game (its page says
    "(reconnecting)", the stones stay), the board comes back on the same path with
    the game gone on, and the page follows it from the last event to the end."""
    from goboard.live.sources import SerialSource
    from goboard.live.server import ServerThread
    from goboard.live.state import LiveState
    ev, maker = healthy(1, moves=30)
    port = str(tmp_path / "port")       # a stable name, as udev gives a board

    def wait_snapshot(pred, limit=10):
        end = time.monotonic() + limit
        while time.monotonic() < end:
            sn = srv.snapshot("HOSTILE-1")
            if sn and pred(sn):
                return sn
            time.sleep(0.05)
        return srv.snapshot("HOSTILE-1")
    srv = ServerThread().start()
    first = HostileBoard(games={1: ev[:12]})
    src = None
    try:
        with first:
            os.symlink(first.path, port)
            src = SerialSource(port, srv)
            src.start()
            sn = wait_snapshot(lambda s: s["seq"] == ev[11]["seq"])
            assert sn["seq"] == ev[11]["seq"] and sn.get("link") is None, sn
        sn = wait_snapshot(lambda s: s.get("link") == "reconnecting")
        assert sn.get("link") == "reconnecting" and sn["seq"] == ev[11]["seq"], sn
        with HostileBoard(games={1: ev}) as back:
            os.remove(port)
            os.symlink(back.path, port)
            sn = wait_snapshot(lambda s: s["seq"] == ev[-1]["seq"] and not s.get("link"))
        assert sn["seq"] == ev[-1]["seq"] and sn.get("link") is None, sn
        assert LiveState.from_snapshot(sn).rows() == maker.position()
    finally:
        if src is not None:
            src.stopping.set()
        srv.stop()
