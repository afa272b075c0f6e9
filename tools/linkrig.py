"""A serial link on the bench: two pseudo-terminal pairs and a relay between
them that can garble, truncate, black out and unplug the link, seeded.

    board (MicroPython) <-> pty A slave | A master <-relay-> B master | B slave <-> host

The host opens `rig.host_path`, a symlink to B's slave: an "unplug" closes B's
master and makes a new pair behind the same symlink, as a USB device that
disappears and comes back under the same name. Used by tests/test_link_*.py,
tests/test_sync_*.py and tools/bench_link.py.
"""

import errno
import json
import os
import pathlib
import random
import select
import subprocess
import tempfile
import threading
import time
import tty

REPO = pathlib.Path(__file__).resolve().parent.parent
MICROPYTHON = REPO / ".venv" / "bin" / "micropython"


class PtyPair:
    def __init__(self):
        self.master, self.slave = os.openpty()
        tty.setraw(self.master)
        tty.setraw(self.slave)
        os.set_blocking(self.master, False)
        self.path = os.ttyname(self.slave)

    def close(self):
        for fd in (self.master, self.slave):
            try:
                os.close(fd)
            except OSError:
                pass


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


class Relay(threading.Thread):
    """Copies bytes between the board's pty and the host's, through `faults`."""

    def __init__(self, workdir, faults=None, chunk=64):
        super().__init__(daemon=True)
        self.board = PtyPair()
        self.host = PtyPair()
        self.host_path = os.path.join(str(workdir), "board-tty")
        os.symlink(self.host.path, self.host_path)
        self.faults = faults
        self.chunk = chunk
        self.blackout_until = 0.0
        self.stopping = False
        self.lock = threading.Lock()
        self.bytes = {"to_host": 0, "to_board": 0}
        self.unplugs = 0

    @property
    def board_path(self):
        return self.board.path

    def blackout(self, seconds):
        """Nothing gets through either way for a while (the bytes are lost)."""
        self.blackout_until = time.monotonic() + seconds

    def unplug(self, seconds=0.3):
        """The host's device vanishes, and comes back under the same name."""
        with self.lock:
            old = self.host
            old.close()
            self.unplugs += 1
        time.sleep(seconds)
        with self.lock:
            new = PtyPair()
            tmp = self.host_path + ".new"
            os.symlink(new.path, tmp)
            os.replace(tmp, self.host_path)
            self.host = new

    def _move(self, src, dst, key, fault):
        try:
            data = os.read(src, self.chunk)
        except OSError as e:
            if e.errno in (errno.EAGAIN, errno.EIO):
                return
            raise
        if not data:
            return
        if time.monotonic() < self.blackout_until:
            return
        if fault and self.faults is not None:
            data = self.faults.apply(data)
        if data:
            self.bytes[key] += len(data)
            try:
                os.write(dst, data)
            except OSError:
                pass  # nobody reading (unplugged, or the buffer is full): lost

    def run(self):
        while not self.stopping:
            with self.lock:
                a = self.board.master
                b = self.host.master
                try:
                    ready, _, _ = select.select([a, b], [], [], 0.01)
                except (OSError, ValueError):
                    ready = None
            if ready is None:
                time.sleep(0.01)
                continue
            with self.lock:
                if a in ready:
                    self._move(a, self.host.master, "to_host", True)
                if b in ready and b == self.host.master:
                    self._move(b, a, "to_board", True)

    def stop(self):
        self.stopping = True
        self.join(2)
        self.board.close()
        self.host.close()


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
    if proc.poll() is None:
        proc.terminate()
        try:
            proc.wait(5)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


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
