"""The arbiter's requests to a board another goboard holds (one reader a port).

`goboard serve --serial`, `relay --serial` and `sync --follow` hold the board's
port; an arbiter's `goboard clock` or `new` then reaches the board through them:
the holder listens on a Unix socket named after the port (`control_path`), takes
one request a connection (a JSON line: the link message, the answer's kind, its
timeout) and sends it to the board from the loop that reads it
(`ControlServer.run_pending`, the follow loop's idle call), so no frame is stolen
and the board's events stay in order. `open_link` gives the command a HostLink when the port is free, else
a `RemoteLink` through the holder.
"""

import hashlib
import json
import os
import queue
import socket
import tempfile
import threading

from goboard.link.transport import HostLink, LinkError, PortHeld

MAX_REQUEST = 1 << 16      # bytes of one request line


def control_path(port):
    """The socket of the process holding `port` (the same for a symlink to it)."""
    key = hashlib.sha1(os.path.realpath(port).encode()).hexdigest()[:16]
    return os.path.join(tempfile.gettempdir(), "goboard-port-%s.sock" % key)


class ControlServer:
    """Requests from other goboard processes for the board on `port`, run by the
    thread that reads the board (`run_pending`)."""

    def __init__(self, port):
        self.path = control_path(port)
        self.jobs = queue.Queue()
        self.sock = None

    def start(self):
        """Listen; False (and nothing served) when the socket cannot be made."""
        try:
            os.unlink(self.path)      # a holder killed before: we hold the port now
        except FileNotFoundError:
            pass
        except OSError:
            return False
        try:
            s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            s.bind(self.path)
            os.chmod(self.path, 0o600)      # this user's commands only, as with the port
            s.listen(4)
        except OSError:
            return False
        self.sock = s
        threading.Thread(target=self._accept, name="control " + self.path, daemon=True).start()
        return True

    def stop(self):
        if self.sock is not None:
            self.sock.close()
            self.sock = None
            try:
                os.unlink(self.path)
            except OSError:
                pass

    def _accept(self):
        while self.sock is not None:
            try:
                conn, _ = self.sock.accept()
            except OSError:
                return
            threading.Thread(target=self._one, args=(conn,), daemon=True).start()

    def _one(self, conn):
        """One request: queued for the reading thread, its answer written back."""
        with conn:
            try:
                conn.settimeout(5)
                line = conn.makefile("rb").readline(MAX_REQUEST)
                req = json.loads(line)
                msg, kind = req["msg"], str(req["kind"])
                timeout = min(10.0, max(0.1, float(req.get("timeout", 0.7))))
                if not isinstance(msg, dict) or not isinstance(msg.get("k"), str):
                    raise ValueError("no link message")
            except (OSError, ValueError, KeyError, TypeError):
                return
            done = threading.Event()
            job = {"msg": msg, "kind": kind, "timeout": timeout, "done": done}
            self.jobs.put(job)
            if not done.wait(timeout * 8 + 10):
                job["cancelled"] = True     # not sent later, when nobody waits for it
                job["error"] = "the process holding the board did not get to it"
            out = {"answer": job["answer"]} if "answer" in job else \
                {"error": job.get("error", "no answer")}
            try:
                conn.settimeout(5)
                conn.sendall(json.dumps(out).encode() + b"\n")
            except OSError:
                pass

    def run_pending(self, link):
        """Send the requests waiting to the board on `link` (the reading thread's)."""
        while True:
            try:
                job = self.jobs.get_nowait()
            except queue.Empty:
                return
            if job.get("cancelled"):
                continue
            try:
                job["answer"] = link.request(job["msg"], job["kind"], timeout=job["timeout"])
            except LinkError as e:
                job["error"] = str(e)
            finally:
                job["done"].set()


class RemoteLink(HostLink):
    """A HostLink whose requests go through the goboard process holding the port."""

    def open(self):
        if not os.path.exists(control_path(self.url)):
            raise PortHeld("%s is held by another program (not a goboard serve, relay or "
                           "sync --follow, which would pass the request on)" % self.url)
        return self

    def close(self):
        pass

    def request(self, msg, kind, timeout=0.7, tries=8):
        line = json.dumps({"msg": msg, "kind": kind, "timeout": timeout}).encode() + b"\n"
        try:
            with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as s:
                s.settimeout(timeout * tries + 15)
                s.connect(control_path(self.url))
                s.sendall(line)
                answer = json.loads(s.makefile("rb").readline(1 << 20) or b"{}")
        except (OSError, ValueError) as e:
            raise LinkError("%s is held by another program and it did not pass the request "
                            "on: %s" % (self.url, getattr(e, "strerror", None) or e))
        if "answer" not in answer:
            raise LinkError(str(answer.get("error", "no answer")))
        return answer["answer"]


def open_link(port):
    """The board on `port` for one request or a few: a HostLink of our own, or
    through the goboard process that holds it (RemoteLink)."""
    try:
        return HostLink(port, reconnect=False).open()
    except PortHeld:
        return RemoteLink(port, reconnect=False).open()
