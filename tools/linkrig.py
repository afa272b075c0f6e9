"""A serial link on the bench: two pseudo-terminal pairs and a relay between
them that can garble, truncate, black out and unplug the link, seeded.

    board (MicroPython) <-> pty A slave | A master <-relay-> B master | B slave <-> host

The host opens `rig.host_path`, a symlink to B's slave: an "unplug" closes B's
master and makes a new pair behind the same symlink, as a USB device that
disappears and comes back under the same name. The pty pairs and the relay
are goboard.nullmodem's (the demo uses them too); this adds the faults and the
stand-in board. Used by tests/test_link_*.py, tests/test_sync_*.py and
tools/bench_link.py.
"""

import json
import os
import pathlib
import random
import subprocess
import tempfile
import time

from goboard import child
from goboard.link.nullmodem import PtyPair, Relay  # noqa: F401 (re-exported for the tests)

REPO = pathlib.Path(__file__).resolve().parent.parent
MICROPYTHON = REPO / ".venv" / "bin" / "micropython"


class Faults:
    """What the relay does to the bytes, chosen at random (seeded) per chunk:
    flip a byte, drop a chunk, cut a frame short; and whole blackouts."""

    def __init__(self, seed, garble=0.0, drop=0.0, truncate=0.0):
        self.rng = random.Random(seed)
        self.garble = garble
        self.drop = drop
        self.truncate = truncate
        self.counts = {"garbled": 0, "dropped": 0, "truncated": 0}

    def apply(self, data):
        r = self.rng
        if self.drop and r.random() < self.drop:
            self.counts["dropped"] += 1
            return b""
        if self.truncate and len(data) > 2 and r.random() < self.truncate:
            self.counts["truncated"] += 1
            cut = r.randrange(1, len(data))
            data = data[:cut] if r.random() < 0.5 else data[cut:]
        if self.garble and data and r.random() < self.garble:
            self.counts["garbled"] += 1
            b = bytearray(data)
            i = r.randrange(len(b))
            b[i] ^= 1 << r.randrange(8)
            data = bytes(b)
        return data


def start_board(board_path, plan, workdir, name="board"):
    """Run tools/link_board.py under MicroPython on `board_path`; returns the Popen."""
    plan_path = os.path.join(str(workdir), name + "-plan.json")
    with open(plan_path, "w") as f:
        json.dump(plan, f)
    env = dict(os.environ)
    env["MICROPYPATH"] = "%s:%s" % (REPO / "firmware", REPO / ".frozen")
    return subprocess.Popen([str(MICROPYTHON), str(REPO / "tools" / "link_board.py"),
                             board_path, plan_path, os.path.join(str(workdir), name + "-log")],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            cwd=str(REPO), env=env)


def board_results(proc, timeout=60):
    """The board's per-game lines, once it printed {"finished": true}."""
    out = []
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        line = proc.stdout.readline()
        if not line:
            raise AssertionError("board exited: %s" % proc.stderr.read()[-3000:])
        d = json.loads(line)
        if d.get("finished"):
            return out
        out.append(d)
    raise AssertionError("board did not finish in %ss" % timeout)


def stop_board(proc):
    child.stop(proc)


def random_actions(seed, moves=120, size=19, undo=0.03, illegal=0.03, passes=0.0):
    """A plausible game script: random points, some illegal tries (a point
    already played), some takebacks, passes at the end. Illegal or refused
    points are fine: the board reports them, as a referee would."""
    r = random.Random(seed)
    cols = "abcdefghijklmnopqrstuvwxy"[:size]
    played = []
    acts = []
    for _ in range(moves):
        x = r.random()
        if played and x < illegal:
            acts.append(["play", r.choice(played)])
        elif played and x < illegal + undo:
            acts.append(["undo"])
        elif x < illegal + undo + passes:
            acts.append(["pass"])
        else:
            p = r.choice(cols) + r.choice(cols)
            played.append(p)
            acts.append(["play", p])
    acts += [["pass"], ["pass"]]
    return acts


def workdir():
    return tempfile.mkdtemp(prefix="goboard-link-")
