"""A private Mosquitto on loopback, for the tests and the bench (not for a venue).

Starts Debian's /usr/sbin/mosquitto with a throw-away config on a free port
and stops it again. The queue limits are raised so a subscriber that falls a
few thousand messages behind (50 boards replayed at full speed) loses nothing;
host/README.md ("Broadcast") gives the config for a real venue.
"""

import os
import shutil
import socket
import subprocess
import tempfile
import time

from goboard.errors import UserError

MOSQUITTO = "/usr/sbin/mosquitto"

CONFIG = """\
listener {port} 127.0.0.1
allow_anonymous true
persistence false
max_queued_messages 200000
max_inflight_messages 100
log_dest file {log}
log_type error
log_type warning
"""


def find_mosquitto():
    return shutil.which("mosquitto") or (MOSQUITTO if os.path.exists(MOSQUITTO) else None)


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class LocalBroker:
    """`with LocalBroker() as b:` ... b.host, b.port, b.address ('127.0.0.1:PORT')."""

    def __init__(self, port=None):
        self.host = "127.0.0.1"
        self.port = port
        self.proc = None
        self.dir = None

    def start(self, timeout=10.0):
        exe = find_mosquitto()
        if exe is None:
            raise UserError("mosquitto is not installed (Debian package mosquitto; tools/setup)")
        self.dir = tempfile.mkdtemp(prefix="goboard-mosquitto-")
        for attempt in range(5):
            port = self.port or free_port()
            conf = os.path.join(self.dir, "mosquitto.conf")
            log = os.path.join(self.dir, "mosquitto.log")
            with open(conf, "w") as f:
                f.write(CONFIG.format(port=port, log=log))
            self.proc = subprocess.Popen([exe, "-c", conf], stdout=subprocess.DEVNULL,
                                         stderr=subprocess.PIPE)
            deadline = time.monotonic() + timeout
            while time.monotonic() < deadline:
                if self.proc.poll() is not None:
                    break          # the port was taken meanwhile: try another
                try:
                    socket.create_connection((self.host, port), timeout=0.5).close()
                    self.port = port
                    return self
                except OSError:
                    time.sleep(0.05)
            self.stop(cleanup=False)
            if self.port:
                break
        err = ""
        if self.proc is not None and self.proc.stderr is not None:
            err = self.proc.stderr.read().decode(errors="replace").strip()
        raise UserError("mosquitto did not start%s" % (": " + err if err else ""))

    @property
    def address(self):
        return "%s:%d" % (self.host, self.port)

    def stop(self, cleanup=True):
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(5)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        if self.proc is not None and self.proc.stderr is not None:
            self.proc.stderr.close()
        if cleanup and self.dir:
            shutil.rmtree(self.dir, ignore_errors=True)
            self.dir = None

    def __enter__(self):
        return self.start()

    def __exit__(self, *exc):
        self.stop()
