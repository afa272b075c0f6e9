"""The simulated board as a child process, for the demo and the tests.

One place starts `tools/sim/runner.py` inside the MicroPython unix port with a
job, reads its summary and makes sure it never outlives its parent.
"""

import collections
import json
import os
import signal
import subprocess
import sys
import threading
import time

from goboard import child, mpengine
from goboard.errors import UserError
from goboard.paths import CHIP, FIRMWARE, SIM



def _die_with_parent():
    """For the board's process (Linux): when the demo dies, even by SIGKILL, the
    kernel sends the board SIGTERM (prctl PR_SET_PDEATHSIG), so no board goes on
    running alone. Resolved here, called in the child between fork and exec."""
    if not sys.platform.startswith("linux"):
        return None
    try:
        import ctypes
        prctl = ctypes.CDLL(None, use_errno=True).prctl
    except (OSError, AttributeError):
        return None
    return lambda: prctl(1, int(signal.SIGTERM))


def add_board_arguments(p):
    """The simulated board's size, its hands' randomness and noise: the options
    `--sim` takes in `goboard gtp`, `play` and `diag`."""
    p.add_argument("--size", type=int, default=19, choices=(9, 19),
                   help="with --sim: the board's size (default 19)")
    p.add_argument("--seed", type=int, default=1, help="with --sim: the hands' randomness")
    p.add_argument("--noise", type=int, default=1, choices=(0, 1, 2, 3),
                   help="with --sim: sensor and hand noise (default 1)")


def check_wiring(spec, size, board=None):
    """A SPEC of wiring mistakes for the simulated board of `size` (tools/sim/
    wiring.py reads it on the board's side too; `board`: another profile than
    sim-<size>): UserError naming the bad part."""
    if not spec:
        return
    import importlib.util
    from goban import profile
    from goban.hw.matrix import topology
    from goboard.paths import BOARDS
    where = importlib.util.spec_from_file_location("goboard_sim_wiring", SIM / "wiring.py")
    wiring = importlib.util.module_from_spec(where)
    where.loader.exec_module(wiring)
    prof = profile.load(str(BOARDS / ("%s.json" % (board or "sim-%d" % size))))
    try:
        wiring.parse(spec, size, topology(prof))
    except wiring.SpecError as e:
        raise UserError("--sim-wiring: %s" % e)


def runner():
    """The simulator's runner (tools/sim/runner.py) in the MicroPython unix port,
    fed one job on stdin: its argv and environment."""
    env = dict(os.environ, MICROPYPATH="%s:%s:.frozen" % (FIRMWARE, SIM))
    return [mpengine.micropython_path(), "-X", "heapsize=4M", str(SIM / "runner.py")], env


class SimBoard:
    """The simulated board as a process: tools/sim/runner.py inside MicroPython,
    fed one job (see the runner's docstring). Its summary arrives when the game
    is over; with a `link` job the board then goes on serving the link."""

    def __init__(self, job):
        argv, env = runner()
        self.proc = subprocess.Popen(
            argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
            text=True, env=env, preexec_fn=_die_with_parent())
        self.proc.stdin.write(json.dumps(job))
        self.proc.stdin.close()
        self.summary = None
        self.err = collections.deque(maxlen=40)   # its last words, drained: a full pipe would stop it
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()
        self._drain = threading.Thread(target=self._read_err, daemon=True)
        self._drain.start()

    def _read(self):
        for line in self.proc.stdout:
            try:
                d = json.loads(line)
            except ValueError:
                continue
            if d.get("done"):
                self.summary = d

    def _read_err(self):
        for line in self.proc.stderr:
            if line.strip():
                self.err.append(line.rstrip())

    def failed(self):
        """The board's last words if it died before finishing, else None."""
        if self.proc.poll() is not None and self.summary is None:
            self._reader.join(2)
            if self.summary is None:
                self._drain.join(2)
                return self.err[-1] if self.err else "exit status %s" % self.proc.returncode
        return None

    def how(self):
        """One line for a test's failure: alive or not, and what it wrote to stderr."""
        state = "running" if self.proc.poll() is None else "exited %s" % self.proc.returncode
        return "board %s; stderr: %s" % (state, " | ".join(list(self.err)[-5:]) or "-")

    def wait_done(self, timeout=60):
        """The summary, once the game is over (AssertionError-free: UserError on failure)."""
        deadline = time.monotonic() + timeout
        while self.summary is None:
            err = self.failed()
            if err:
                raise UserError("the simulated board stopped: %s" % err)
            if time.monotonic() > deadline:
                raise UserError("the simulated board did not finish in %ss" % timeout)
            time.sleep(0.05)
        return self.summary

    def stop(self):
        child.stop(self.proc)


class ChipSim:
    """The reference board's product image on the emulated RP2040 (tools/chip),
    built with wiring mistakes and a builder who follows its lights
    (tools/chip/hands.py), as a child process; `port` is its emulated USB."""

    def __init__(self, wiring=None, seed=1, noise=1, timeout=900):
        argv = [sys.executable, str(CHIP / "hands.py"), "--seed", str(seed), "--noise", str(noise)]
        if wiring:
            argv += ["--wiring", wiring]
        self.proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.PIPE, text=True,
                                     preexec_fn=_die_with_parent())
        self.port = None
        line = self.proc.stdout.readline().strip()     # the image may be built first
        if line.startswith("port "):
            self.port = line[5:]
        else:
            err = line[6:] if line.startswith("error ") else (
                self.proc.stderr.read().strip().splitlines() or ["it stopped"])[-1]
            self.stop()
            raise UserError("the emulated board did not start: %s" % err)

    def stop(self):
        if self.proc.poll() is None:
            try:
                self.proc.stdin.close()
                self.proc.wait(10)
            except (OSError, subprocess.TimeoutExpired):
                self.proc.kill()
                self.proc.wait()
