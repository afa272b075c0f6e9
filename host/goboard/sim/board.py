"""The simulated board as a child process, for the demo and the tests.

One place starts `tools/sim/runner.py` inside the MicroPython unix port with a
job, reads its summary and makes sure it never outlives its parent.
"""

import json
import os
import signal
import subprocess
import sys
import threading
import time

from goboard import mpengine
from goboard.errors import UserError
from goboard.paths import FIRMWARE, SIM



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


class SimBoard:
    """The simulated board as a process: tools/sim/runner.py inside MicroPython,
    fed one job (see the runner's docstring). Its summary arrives when the game
    is over; with a `link` job the board then goes on serving the link."""

    def __init__(self, job):
        env = dict(os.environ, MICROPYPATH="%s:%s:.frozen" % (FIRMWARE, SIM))
        self.proc = subprocess.Popen(
            [mpengine.micropython_path(), "-X", "heapsize=4M", str(SIM / "runner.py")],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
            text=True, env=env, preexec_fn=_die_with_parent())
        self.proc.stdin.write(json.dumps(job))
        self.proc.stdin.close()
        self.summary = None
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    def _read(self):
        for line in self.proc.stdout:
            try:
                d = json.loads(line)
            except ValueError:
                continue
            if d.get("done"):
                self.summary = d

    def failed(self):
        """The board's last words if it died before finishing, else None."""
        if self.proc.poll() is not None and self.summary is None:
            self._reader.join(2)
            if self.summary is None:
                err = self.proc.stderr.read().strip().splitlines()
                return err[-1] if err else "exit status %s" % self.proc.returncode
        return None

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
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(5)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
