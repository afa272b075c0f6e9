"""goboard.link.control: an arbiter's request to a board another goboard holds,
passed on by the holder's reading loop (a stand-in link here), its answer or the
board's refusal back in one line; nonsense on the socket answered with nothing;
a socket left by a holder killed before is replaced."""

import json
import os
import socket
import threading

import pytest

from goboard.link.control import ControlServer, RemoteLink, control_path
from goboard.link.transport import LinkError, PortHeld


class Board:
    """The holder's link: answers `clock`, refuses anything else, as the board would."""

    def __init__(self):
        self.asked = []

    def request(self, msg, kind, timeout=0.7):
        self.asked.append((msg, kind, timeout))
        if msg["k"] != "clock":
            raise LinkError("board GB-1: %s refused" % msg["k"])
        return {"k": "clock", "re": 7, "e": {"type": "clock", "paused": True}}


@pytest.fixture
def holder(tmp_path):
    port = str(tmp_path / "tty")
    open(port, "w").close()
    with open(control_path(port), "w") as f:      # left by a holder killed before
        f.write("stale")
    srv = ControlServer(port)
    assert srv.start()
    board, stop = Board(), threading.Event()

    def loop():                                     # the holder's follow loop, idle calls
        while not stop.wait(0.02):
            srv.run_pending(board)
    t = threading.Thread(target=loop, daemon=True)
    t.start()
    yield port, board
    stop.set()
    t.join()
    srv.stop()
    assert not os.path.exists(control_path(port))


def test_a_request_and_a_refusal_through_the_holder(holder):
    port, board = holder
    link = RemoteLink(port, reconnect=False).open()
    assert link.request({"k": "clock", "pause": True}, "clock", timeout=1.5)["e"]["paused"]
    with pytest.raises(LinkError, match="^board GB-1: new refused$"):
        link.request({"k": "new", "rules": "aga"}, "new")
    assert board.asked == [({"k": "clock", "pause": True}, "clock", 1.5),
                           ({"k": "new", "rules": "aga"}, "new", 0.7)]


def test_nonsense_on_the_socket_is_answered_with_nothing(holder):
    port, board = holder
    for line in (b"not json\n", b'{"msg": 3, "kind": "x"}\n', b'{"kind": "clock"}\n'):
        with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as s:
            s.settimeout(5)
            s.connect(control_path(port))
            s.sendall(line)
            assert s.makefile("rb").read() == b""
    assert board.asked == []
    # the holder still serves
    link = RemoteLink(port, reconnect=False).open()
    assert json.dumps(link.request({"k": "clock"}, "clock")).startswith('{"k": "clock"')


def test_no_holder_that_passes_requests_on(tmp_path):
    port = str(tmp_path / "tty")
    with pytest.raises(PortHeld, match="not a goboard serve, relay or sync --follow"):
        RemoteLink(port, reconnect=False).open()
    with open(control_path(port), "w"):            # a socket file nobody listens on
        pass
    try:
        with pytest.raises(LinkError, match="did not pass the request on"):
            RemoteLink(port, reconnect=False).open().request({"k": "clock"}, "clock")
    finally:
        os.unlink(control_path(port))
