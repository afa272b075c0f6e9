"""The true end to end: the simulator's board (tools/sim: world model, board
loop, referee, game log, all in the MicroPython unix port) plays an SGF game
with the real link on a pty (the runner's `link` job option); the host follows it live
through a relay that garbles, drops and unplugs at random (seeded), with a
power cut on the board in the middle; the SGF the host writes is the game."""

import argparse
import os
import random
import threading
import time

import linkrig

from goboard.sim.board import SimBoard
from goboard.sim.script import load_input
from goboard.record.journal import Journal
from goboard.record.sync import follow, sgf_path
from goboard.link.transport import HostLink
from goboard.record.sgfrecord import read_moves

REPO = linkrig.REPO
SEED = int(os.environ.get("GOBOARD_LINK_SEED", "7"))


def test_simulated_board_to_sgf_over_a_bad_link(tmp_path):
    print("seed", SEED)
    args = argparse.Namespace(rules=None, komi=None, handicap=None, seed=SEED, noise=1, size=None)
    # a 9x9 game of legal moves with captures, played by the rules core
    from synth import random_game
    from goboard.record.sgfrecord import record_game
    events, _ = random_game(moves=36, seed=SEED, size=9)
    game_sgf = tmp_path / "game.sgf"
    game_sgf.write_bytes(record_game(events))
    record, actions, size = load_input(str(game_sgf), args)
    faults = linkrig.Faults(SEED, garble=0.03, drop=0.02, truncate=0.02)
    relay = linkrig.Relay(tmp_path, faults)
    relay.start()
    job = {"profile": str(REPO / "boards" / "sim-9.json"), "rules": record["rules"],
           "komi": record["komi"], "handicap": 0, "seed": SEED, "noise": 1, "actions": actions,
           "dir": str(tmp_path / "sim"), "cut_after": [25],
           "link": {"device": relay.board_path, "serial": "SIM-LINK", "linger_ms": 30000}}
    board = SimBoard(job)
    stop = threading.Event()
    rng = random.Random(SEED)

    def chaos():
        while not stop.is_set():
            time.sleep(rng.uniform(0.1, 0.5))
            if rng.random() < 0.5:
                relay.blackout(rng.uniform(0.05, 0.4))
            else:
                relay.unplug(rng.uniform(0.05, 0.3))
    threading.Thread(target=chaos, daemon=True).start()
    out = tmp_path / "games"
    journal = Journal(str(out), "SIM-LINK")
    link = HostLink(relay.host_path, reconnect_timeout=20).open()
    deadline = time.monotonic() + 120

    def done():
        if time.monotonic() > deadline:
            raise AssertionError("no complete game after 120 s: %s" % board.failed())
        d = board.summary
        if d is None:
            return False
        stop.set()
        return journal.have(1) >= d["logged"]
    try:
        follow(link, journal, str(out), {}, stop=done, say=lambda *a: None)
    finally:
        stop.set()
        link.close()
        board.stop()
        relay.stop()
    d = board.summary
    print("faults", faults.counts, "unplugs", relay.unplugs, "link", dict(link.stats),
          "power cuts", d["cuts"])
    assert d["cuts"] == 1
    with open(sgf_path(str(out), "SIM-LINK", 1), "rb") as f:
        props, moves = read_moves(f.read())
    board = [(m[0], m[1], m[2] if len(m) > 2 else None) for m in d["moves"]]
    assert moves == board
    played = [(m[0], m[1], m[2] if len(m) > 2 else None) for m in record["moves"]]
    assert moves == played and len(played) >= 30  # the SGF game, as the hands played it
