"""A virtual USB cable: two pseudo-terminal pairs joined by a relay thread.

    board (the simulator in MicroPython) <-> pty A slave | A master <-relay-> B master | B slave <-> host

The board opens `relay.board_path`, the host opens `relay.host_path` (a symlink
to B's slave, so an "unplug" can make a new pair behind the same name, as a USB
device that disappears and comes back). The relay can be given `faults` (an
object with `apply(bytes) -> bytes`) to garble the link in tests, and blacked
out or unplugged for a while. `goboard demo` uses it plain.
"""

import errno
import os
import select
import threading
import time
import tty


class PtyPair:
    def __init__(self):
        self.master, self.slave = os.openpty()
        tty.setraw(self.master)
        tty.setraw(self.slave)
        os.set_blocking(self.master, False)
        self.path = os.ttyname(self.slave)

    def close(self):
        """Both ends closed, once: a second close would close whatever the
        process opened since under the same descriptor numbers (another relay's
        pty: its thread died reading a closed descriptor, and its board never
        answered)."""
        fds, self.master, self.slave = (self.master, self.slave), -1, -1
        for fd in fds:
            if fd >= 0:
                try:
                    os.close(fd)
                except OSError:
                    pass


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
