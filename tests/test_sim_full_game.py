"""A professional-length 19x19 game (218 moves, GNU Go self-play, tests/data) played
physically on the simulated board with heavy sensor and hand noise, and the same
game with a power cut after every event the referee announces."""

import os

from sim_rig import sim_sgf, kinds, illegal

DATA = os.path.join(os.path.dirname(__file__), "data", "sim_gnugo_19.sgf")
SEED = int(os.environ.get("GOBOARD_SIM_SEED", "5"))


def test_full_19x19_game_with_noise_has_zero_false_moves():
    print("seed", SEED)
    out = sim_sgf(DATA, rules="chinese", seed=SEED, noise=3)
    assert len(out["sgf_moves"]) >= 200
    assert out["moves"] == out["sgf_moves"]           # the log holds exactly the game
    moves = kinds(out, "move")
    assert [e["point"] for e in moves] == [p for p in out["sgf_moves"] if p]
    assert illegal(out) == []                         # no false alarm either
    assert len(kinds(out, "capture-pending")) == len(kinds(out, "restored"))
    assert kinds(out, "count") and out["result"] == kinds(out, "count")[0]["result"]
    # every stone let go was announced within the settle window plus a few scans
    lat = out["summary"]["latency_scans"]
    assert len(lat) == len(moves) and max(lat) <= 12


def test_power_cut_after_every_event_of_a_game():
    print("seed", SEED)
    out = sim_sgf(DATA, rules="chinese", seed=SEED, noise=2,
                  cut_after=",".join(str(k) for k in range(1, 1500)))
    assert out["summary"]["cuts"] >= 400                  # every event, bowls included
    assert out["moves"] == out["sgf_moves"]
    assert illegal(out) == []
    assert kinds(out, "count")
