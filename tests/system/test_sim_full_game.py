"""A professional-length 19x19 game (218 moves, GNU Go self-play, tests/data) played
physically on the simulated board with heavy sensor and hand noise, and the same
game with a power cut after every event the referee announces, and with power
cuts that land inside the record being written (torn)."""

import os
import random

from sim_rig import sim_sgf, kinds, illegal
from conftest import DATA

GAME = os.path.join(DATA, "sim_gnugo_19.sgf")
SEED = int(os.environ.get("GOBOARD_SIM_SEED", "5"))


def test_full_19x19_game_with_noise_has_zero_false_moves():
    print("seed", SEED)
    out = sim_sgf(GAME, rules="chinese", seed=SEED, noise=3)
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
    out = sim_sgf(GAME, rules="chinese", seed=SEED, noise=2,
                  cut_after=",".join(str(k) for k in range(1, 1500)))
    # a cut after every event, bowls included (the last one ends the run)
    assert out["summary"]["cuts"] >= out["summary"]["events"] - 1 >= 350
    assert out["moves"] == out["sgf_moves"]
    assert illegal(out) == []
    assert kinds(out, "count")


def test_torn_power_cuts_leave_the_game_whole():
    """The power fails inside the record being written, at a sample of the
    events (each with probability 1/2, never two in a row: a cut inside every
    record would let none through). The log reopens to the last complete event;
    the referee takes a torn move again from the board, logs again what follows
    from the log (end, count), and a player whose press was lost presses again."""
    cut_seed = int(os.environ.get("GOBOARD_SIM_CUT_SEED", "1"))
    rng = random.Random(cut_seed)
    cuts = []
    for k in range(1, 1500):
        if rng.random() < 0.5 and (not cuts or cuts[-1] != k - 1):
            cuts.append(k)
    print("seed", SEED, "cut seed", cut_seed, "cuts sampled", len(cuts))
    out = sim_sgf(GAME, rules="chinese", seed=SEED, noise=2,
                  cut_after=",".join(str(k) for k in cuts), torn=True)
    # about a third of the events sampled (never two in a row), those after the last
    # event none: a quarter of the game's events at least were cut inside
    print("cuts", out["summary"]["cuts"], "events", out["summary"]["events"])
    assert out["summary"]["cuts"] >= out["summary"]["events"] // 4 and out["summary"]["cuts"] >= 100
    assert out["moves"] == out["sgf_moves"]            # the log holds exactly the game
    assert illegal(out) == []                          # and nothing was refused on the way
    logged = out["summary"]["log_types"]
    stones = [p for p in out["sgf_moves"] if p]
    assert logged.count("move") == len(stones) and logged.count("pass") == 2
    assert [logged.count(t) for t in ("end", "dead", "count")] == [1, 1, 1]
    assert [t for t in logged if t != "bowls"][-1] == "count"
    assert out["result"] == kinds(out, "count")[-1]["result"]
    # moves whose record was torn were accepted again from the stones on the board
    numbers = [e["number"] for e in kinds(out, "move")]
    assert len(numbers) - len(set(numbers)) >= 20
