"""The link's `state` request answers with the real board's state: the
simulator's board (tools/sim runner, MicroPython) with its link on a pty, asked
by the host's HostLink.state() once the game is played; the answer is the
position the rules core reaches by playing the logged moves."""

import linkrig

from goban.game import Game
from goboard.sim.board import SimBoard
from goboard.sim.script import parse_script
from goboard.link.transport import HostLink, LinkError
from sim_rig import play

REPO = linkrig.REPO


def test_state_request_is_the_boards_position(tmp_path):
    # B bc captures bb; then a move more, white to play
    lines = play("B ba,W bb,B ab,W ee,B cb,W ff,B bc") + ["lift bb", "wait 300",
                                                       "place W gg", "wait 300",
                                                       "place B hh", "wait 400"]
    actions = parse_script("\n".join(lines), 9)
    relay = linkrig.Relay(tmp_path, None)
    relay.start()
    job = {"profile": str(REPO / "boards" / "sim-9.json"), "rules": "japanese", "komi": 6.5,
           "handicap": 0, "seed": 2, "noise": 1, "actions": actions,
           "dir": str(tmp_path / "sim"),
           "link": {"device": relay.board_path, "serial": "SIM-STATE", "linger_ms": 30000}}
    board = SimBoard(job)
    link = None
    try:
        done = board.wait_done(60)
        link = HostLink(relay.host_path).open()
        try:
            st = link.state()
        except LinkError as e:
            raise AssertionError("%s; %s; relay bytes %s, relay alive %s; host %s" % (
                e, board.how(), relay.bytes, relay.is_alive(), dict(link.stats)))
    finally:
        if link is not None:
            link.close()
        board.stop()
        relay.stop()
    g = Game("japanese", 9)
    for c, p in done["moves"]:
        assert g.play(1 if c == "B" else 2, g.board.from_sgf(p)) is None
    s = st["state"]
    assert st["game"] == 1 and s["game"] == 1
    assert s["rows"] == g.board.rows() and s["rows"][1][1] == "."     # bb captured
    assert s["move"] == 9 and s["to_move"] == "W" and s["last"] == "hh"
    assert s["captures"] == {"B": 1, "W": 0}
    assert s["rules"] == "japanese" and s["komi"] == 6.5 and s["phase"] == "play"
    assert s["illegal"] is None and s["pending"] is None and st["seq"] == done["logged"]
