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

from goboard import child
from goboard.errors import UserError

MOSQUITTO = "/usr/sbin/mosquitto"

CONFIG = """\
listener {port} 127.0.0.1
{tls}allow_anonymous {anonymous}
{auth}persistence {persistence}
persistence_location {dir}/
autosave_interval 1
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
    """`with LocalBroker() as b:` ... b.host, b.port, b.address ('127.0.0.1:PORT').

    The venue's setup (host/README.md) on loopback: `persistence=True` keeps
    retained states and queued QoS 1 messages across `restart()`; `users`
    {name: password} turns anonymous access off (a password file made with
    mosquitto_passwd) and `acl` is the ACL file's text; `tls` (cafile, certfile,
    keyfile) makes the listener TLS only."""

    def __init__(self, port=None, persistence=False, users=None, acl=None, tls=None):
        self.host = "127.0.0.1"
        self.port = port
        self.proc = None
        self.dir = None
        self.persistence = persistence
        self.users = users
        self.acl = acl
        self.tls = tls

    def _config(self, port, log):
        auth = ""
        if self.users:
            pw = os.path.join(self.dir, "passwd")
            open(pw, "w").close()
            for name, password in self.users.items():
                subprocess.run(["mosquitto_passwd", "-b", pw, name, password], check=True,
                               capture_output=True)
            os.chmod(pw, 0o644)
            auth += "password_file %s\n" % pw
        if self.acl:
            path = os.path.join(self.dir, "acl")
            with open(path, "w") as f:
                f.write(self.acl)
            os.chmod(path, 0o644)
            auth += "acl_file %s\n" % path
        tls = ""
        if self.tls:
            copies = []
            for src, name in zip(self.tls, ("ca.pem", "server.pem", "server.key")):
                dst = os.path.join(self.dir, name)
                shutil.copyfile(src, dst)
                os.chmod(dst, 0o644)
                copies.append(dst)
            tls = "cafile %s\ncertfile %s\nkeyfile %s\n" % tuple(copies)
        return CONFIG.format(port=port, log=log, dir=self.dir, auth=auth, tls=tls,
                             anonymous="false" if self.users else "true",
                             persistence="true" if self.persistence else "false")

    def start(self, timeout=10.0):
        exe = find_mosquitto()
        if exe is None:
            raise UserError("mosquitto is not installed (Debian package mosquitto; tools/setup)")
        if self.dir is None:
            self.dir = tempfile.mkdtemp(prefix="goboard-mosquitto-")
            # started as root, mosquitto runs as user mosquitto: it must read the
            # password and ACL files and write its log and persistence here
            os.chmod(self.dir, 0o777)
        for attempt in range(5):
            port = self.port or free_port()
            conf = os.path.join(self.dir, "mosquitto.conf")
            log = os.path.join(self.dir, "mosquitto.log")
            with open(conf, "w") as f:
                f.write(self._config(port, log))
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
        try:
            with open(os.path.join(self.dir, "mosquitto.log")) as f:
                err = f.read().strip().splitlines()[-1]
        except (OSError, IndexError):
            pass
        raise UserError("mosquitto did not start%s" % (": " + err if err else ""))

    def restart(self, down=0.0):
        """Stop the broker (SIGTERM: it saves its persistence file), wait `down`
        seconds, start it again on the same port and persistence."""
        self.stop(cleanup=False)
        time.sleep(down)
        return self.start()

    @property
    def address(self):
        return "%s:%d" % (self.host, self.port)

    def stop(self, cleanup=True):
        if self.proc is not None:
            child.stop(self.proc)
        if self.proc is not None and self.proc.stderr is not None:
            self.proc.stderr.close()
        if cleanup and self.dir:
            shutil.rmtree(self.dir, ignore_errors=True)
            self.dir = None

    def __enter__(self):
        return self.start()

    def __exit__(self, *exc):
        self.stop()
