"""Runs physical scripts through `goboard sim` (the real firmware in MicroPython)."""

import argparse
import os
import tempfile

from goboard.sim.run import simulate
from conftest import DATA


def sim(script, rules="chinese", size=9, seed=1, noise=1, handicap=None, komi=None,
        cut_after="", torn=False, log_dir=None, players=False, clock=None, profile=None):
    fd, path = tempfile.mkstemp(suffix=".txt", prefix="sim-")
    with os.fdopen(fd, "w") as f:
        f.write(script)
    try:
        args = argparse.Namespace(rules=rules, komi=komi, handicap=handicap, seed=seed,
                                  noise=noise, size=size, profile=profile, cut_after=cut_after,
                                  torn=torn, log_dir=log_dir, json=True, players=players,
                                  clock=clock)
        return simulate(path, args)
    finally:
        os.unlink(path)


def sim_sgf(path, **kw):
    a = dict(rules=None, komi=None, handicap=None, seed=1, noise=1, size=None, profile=None,
             cut_after="", torn=False, log_dir=None, json=True)
    a.update(kw)
    return simulate(path, argparse.Namespace(**a))


def kinds(out, *types):
    """The events of these types (all if none given), without bowl readings."""
    return [e for e in out["events"] if (e["type"] in types if types else e["type"] != "bowls")]


def illegal(out):
    return kinds(out, "illegal")


def script(*lines):
    return "\n".join(lines) + "\n"


def play(moves, gap=250):
    """'B cc', 'W dd' ... as place actions with waits between."""
    out = ["wait 300"]
    for m in moves.split(","):
        c, p = m.split()
        out += ["place %s %s" % (c, p), "wait %d" % gap]
    return out


def flickering_game(seed, point="aa", from_move=61):
    """Issue 8's first case: the 218-move GNU Go game (tests/data) played by the
    simulator's players, the sensor under `point` (nobody plays there) reading
    the black threshold ±6 at random from move `from_move` on.
    Returns (events, summary, verdict)."""
    from goboard.sim import faults as simfaults
    from goboard.paths import BOARDS
    from goboard.sim.run import run_job
    from goboard.sim.script import load_input
    game = os.path.join(DATA, "sim_gnugo_19.sgf")
    args = argparse.Namespace(rules=None, komi=None, handicap=None, seed=seed, noise=1,
                              size=None, tempo=None, faults=0, fault_kinds=None)
    record, actions, size = load_input(game, args)
    assert all(m[1] != point for m in record["moves"])
    k = [i for i, a in enumerate(actions) if a[0] == "place"][from_move - 1]
    actions = actions[:k] + [["fault", "flicker", 600000, 0, point],
                             ["flicker", point, 600000]] + actions[k:]
    with tempfile.TemporaryDirectory() as tmp:
        job = {"profile": str(BOARDS / "sim-19.json"), "rules": "chinese", "seed": seed,
               "noise": 1, "actions": actions, "dir": tmp, "players": True}
        events, notes, summary = run_job(job)
    return events, summary, simfaults.verdict({"events": events, "summary": summary})
