"""Runs physical scripts through `goboard sim` (the real firmware in MicroPython)."""

import argparse
import os
import tempfile

from goboard.cmd_sim import simulate


def sim(script, rules="chinese", size=9, seed=1, noise=1, handicap=None, komi=None,
        cut_after="", torn=False, log_dir=None, clock=None):
    fd, path = tempfile.mkstemp(suffix=".txt", prefix="sim-")
    with os.fdopen(fd, "w") as f:
        f.write(script)
    try:
        args = argparse.Namespace(rules=rules, komi=komi, handicap=handicap, seed=seed,
                                  noise=noise, size=size, profile=None, cut_after=cut_after,
                                  torn=torn, log_dir=log_dir, json=True, clock=clock)
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
