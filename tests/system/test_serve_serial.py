"""goboard serve --serial: a stand-in board (MicroPython on a pty,
tools/link_board.py) feeds the page's hub through the real serial link."""

import time

import pytest


linkrig = pytest.importorskip("linkrig")

from goboard.live.server import ServerThread
from goboard.live.state import LiveState
from goboard.live.sources import SerialSource


def test_a_board_on_a_serial_port_reaches_the_page_state():
    wd = linkrig.workdir()
    relay = linkrig.Relay(wd)
    relay.start()
    plan = {"games": [{"rules": "chinese", "size": 19, "komi": 7.5, "handicap": 0,
                       "actions": linkrig.random_actions(3, moves=60)}],
            "pace_ms": 5, "linger_ms": 30000, "serial": "GB 0042", "profile": "sim"}
    proc = linkrig.start_board(relay.board_path, plan, wd)
    srv = ServerThread().start()
    src = None
    try:
        time.sleep(0.3)
        src = SerialSource(relay.host_path, srv)
        src.start()
        games = linkrig.board_results(proc)
        assert src.board == "GB-0042"
        end = time.monotonic() + 10
        while True:
            snap = srv.snapshot(src.board)
            if snap and snap["seq"] >= games[-1]["events"]:
                break
            assert time.monotonic() < end, "the page never caught up: %r" % (snap and snap["seq"])
            time.sleep(0.05)
        assert src.error is None
        assert LiveState.from_snapshot(snap).rows() == games[-1]["rows"]
    finally:
        if src is not None:
            src.stop()
        linkrig.stop_board(proc)
        relay.stop()
        srv.stop()
