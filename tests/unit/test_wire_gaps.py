"""The host sees a frame gap: a board numbers its frames 0, 1, 2... (wrapping at
65,535, starting again at 0 when it restarts and says hello), and a number out
of turn means a frame was lost on the wire; `HostLink.anomaly` then tells the
follower to ask the board's log again (a nak). A garbled frame is an anomaly too.

The frames are written by hand onto pyserial's `loop://` port (what is written
is read back), so the host reads exactly the frames the test made."""

import json

import pytest

from goban.link import frame_bytes
from goboard.link.transport import HostLink


def link_reading(frames):
    """A HostLink that has read `frames` [(fseq, message)]: (link, messages read)."""
    link = HostLink("loop://", reconnect=False).open()
    for n, msg in frames:
        link.ser.write(frame_bytes(n, json.dumps(msg)))
    got = []
    while True:
        m = link.recv(0.2)
        if m is None:
            return link, got
        got.append(m)


def tick(seq):
    return {"k": "tick", "game": 1, "seq": seq}


def test_frames_in_turn_are_no_anomaly():
    link, got = link_reading([(0, tick(1)), (1, tick(2)), (2, tick(3))])
    assert [m["seq"] for m in got] == [1, 2, 3]
    assert not link.anomaly and link.stats["gaps"] == 0


def test_a_missing_frame_is_an_anomaly():
    link, got = link_reading([(0, tick(1)), (1, tick(2)), (3, tick(4))])
    assert [m["seq"] for m in got] == [1, 2, 4]    # what came is handed on
    assert link.anomaly and link.stats["gaps"] == 1


def test_a_repeated_frame_number_is_an_anomaly():
    link, _ = link_reading([(0, tick(1)), (1, tick(2)), (1, tick(2))])
    assert link.anomaly


def test_the_numbers_wrap_and_a_restart_starts_them_again():
    link, _ = link_reading([(65534, tick(1)), (65535, tick(2)), (0, tick(3)),
                            (0, {"k": "hello", "proto": 1, "game": 1, "seq": 3}),
                            (1, tick(4))])
    assert not link.anomaly and link.stats["gaps"] == 0


def test_a_garbled_frame_is_an_anomaly():
    link = HostLink("loop://", reconnect=False).open()
    good = frame_bytes(0, json.dumps(tick(1)))
    link.ser.write(good[:-4] + b"0000\n")          # a wrong CRC
    assert link.recv(0.2) is None
    assert link.anomaly and link.stats["bad"] == 1



class _GonePort:
    """A pty whose other end just closed: tcdrain fails with termios's EIO
    (no OSError), reading the settings too."""

    def write(self, data):
        return len(data)

    def flush(self):
        import termios
        raise termios.error(5, "Input/output error")

    def close(self):
        import termios
        raise termios.error(5, "Input/output error")


def test_a_port_gone_during_a_flush_is_a_disconnect_not_a_crash():
    # a cable pulled as a request went out (tests/system/test_link_sim.py's
    # random unplugs): `follow` died of termios.error instead of reconnecting
    from goboard.link.transport import Disconnected
    lk = HostLink("/nonexistent-port", reconnect=False)
    lk.ser = _GonePort()
    with pytest.raises(Disconnected):
        lk.send({"k": "hello"})
    lk.close()
    assert lk.ser is None
