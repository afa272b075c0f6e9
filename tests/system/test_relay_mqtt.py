"""The relay against a real Mosquitto on loopback: many boards at once, many subscribers.

GOBOARD_RELAY_BOARDS and GOBOARD_RELAY_MOVES change the load (default 50 x 300).
"""

import json
import os
import threading
import time

import pytest

from broker import LocalBroker, find_mosquitto
from goboard.cli import main as goboard
from goboard.live.relay import Relay, connect
from goboard.live.state import LiveState
from synth import random_game


@pytest.fixture(autouse=True)
def _real_broker_present():
    """The relay is tested against a real Mosquitto or the test fails: tools/setup installs it."""
    if find_mosquitto() is None:
        pytest.fail("mosquitto is not installed: run tools/setup")

BOARDS = int(os.environ.get("GOBOARD_RELAY_BOARDS", "50"))
MOVES = int(os.environ.get("GOBOARD_RELAY_MOVES", "300"))


@pytest.fixture(scope="module")
def broker():
    with LocalBroker() as b:
        yield b


class Collector:
    """A subscriber that keeps every message per board, in arrival order."""

    def __init__(self, broker, topic, expect=None):
        import paho.mqtt.client as mqtt
        self.got = {}
        self.count = 0
        self.expect = expect
        self.done = threading.Event()
        self.lock = threading.Lock()
        self.client = mqtt.Client(mqtt.CallbackAPIVersion.VERSION2)
        self.client.on_message = self.on_message
        subscribed = threading.Event()
        self.client.on_subscribe = lambda *a: subscribed.set()
        self.client.connect(broker.host, broker.port)
        self.client.subscribe(topic, qos=1)
        self.client.loop_start()
        assert subscribed.wait(10)

    def on_message(self, client, userdata, msg):
        board = msg.topic.split("/")[1]
        with self.lock:
            self.got.setdefault(board, []).append(json.loads(msg.payload))
            self.count += 1
            if self.expect and self.count >= self.expect:
                self.done.set()

    def close(self):
        self.client.disconnect()
        self.client.loop_stop()


def test_fifty_boards_at_once_reach_every_subscriber_in_order_and_late_joiners(broker):
    games = {}
    for i in range(BOARDS):
        events, maker = random_game(MOVES, seed=1000 + i, serial="B%02d" % i)
        games["board-%02d" % i] = (events, maker)
    total = sum(len(ev) for ev, _ in games.values())
    subscribers = [Collector(broker, "goboard/+/events", expect=total) for _ in range(3)]
    client = connect(broker.address, client_id="relay-test")
    relay = Relay(client)
    start = threading.Barrier(BOARDS)

    def board_thread(board, events):
        start.wait()
        for ev in events:
            relay.publish(board, ev)

    threads = [threading.Thread(target=board_thread, args=(b, ev)) for b, (ev, _) in games.items()]
    t0 = time.monotonic()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert relay.flush(60)
    for s in subscribers:
        assert s.done.wait(60), "subscriber got %d of %d events" % (s.count, total)
    elapsed = time.monotonic() - t0
    print("relayed %d events of %d boards to 3 subscribers in %.2f s: %.0f events/s"
          % (total, BOARDS, elapsed, total / elapsed))
    for s in subscribers:
        assert s.count == total
        for board, (events, _) in games.items():
            # every event of every board, in order, exactly as the board sent it
            assert s.got[board] == events, board
    for s in subscribers:
        s.close()

    # a late joiner gets the retained state of every board: the final position
    late = Collector(broker, "goboard/+/state", expect=BOARDS)
    assert late.done.wait(10)
    for board, (events, maker) in games.items():
        snaps = late.got[board]
        assert len(snaps) == 1
        state = LiveState.from_snapshot(snaps[0])
        assert state.seq == events[-1]["seq"] and state.number == MOVES
        assert state.rows() == maker.position()
    late.close()
    client.disconnect()
    client.loop_stop()


def test_the_page_reads_from_the_broker_retained_state_then_live_events(broker):
    from goboard.live.server import ServerThread
    from goboard.live.sources import MqttSource
    events, maker = random_game(40, seed=77, serial="PAGE")
    client = connect(broker.address)
    relay = Relay(client, prefix="venue")
    for ev in events[:30]:
        relay.publish("stage", ev)
    assert relay.flush(10)
    srv = ServerThread().start()
    source = MqttSource(broker.address, srv, prefix="venue").start()
    try:
        def wait_seq(seq):
            end = time.monotonic() + 10
            while time.monotonic() < end:
                snap = srv.snapshot("stage")
                if snap and snap["seq"] >= seq:
                    return snap
                time.sleep(0.02)
            raise AssertionError("the page's feed never reached seq %d" % seq)
        snap = wait_seq(events[29]["seq"])
        assert snap["number"] == 29
        for ev in events[30:]:
            relay.publish("stage", ev)
        snap = wait_seq(events[-1]["seq"])
        assert LiveState.from_snapshot(snap).rows() == maker.position()
        undo = maker.undo()
        relay.publish("stage", undo)
        snap = wait_seq(undo["seq"])
        assert LiveState.from_snapshot(snap).rows() == maker.position()
    finally:
        source.stop()
        srv.stop()
        client.disconnect()
        client.loop_stop()


def test_relay_command_replays_a_recording_and_reports_bad_input(broker, tmp_path, capsys):
    events, maker = random_game(12, seed=5, serial="REC")
    rec = tmp_path / "hall-1.jsonl"
    rec.write_text("".join(json.dumps(e) + "\n" for e in events))
    assert goboard(["relay", "--broker", broker.address, "--replay", str(rec), "--pace", "0",
                    "--prefix", "cli"]) == 0
    assert "13 events of 1 boards" in capsys.readouterr().out
    late = Collector(broker, "cli/+/state", expect=1)
    assert late.done.wait(10)
    assert LiveState.from_snapshot(late.got["hall-1"][0]).rows() == maker.position()
    late.close()

    bad = tmp_path / "bad.jsonl"
    bad.write_text(json.dumps(events[0]) + "\n{not json\n")
    assert goboard(["relay", "--broker", broker.address, "--replay", str(bad)]) == 2
    err = capsys.readouterr().err.strip()
    assert "line 2 is not JSON" in err and len(err.splitlines()) == 1
    closed = LocalBroker()
    port = __import__("broker").free_port()
    del closed
    assert goboard(["relay", "--broker", "127.0.0.1:%d" % port, "--replay", str(rec)]) == 2
    err = capsys.readouterr().err.strip()
    assert "cannot reach the MQTT broker" in err and len(err.splitlines()) == 1
    assert goboard(["relay", "--broker", "127.0.0.1:notaport", "--replay", str(rec)]) == 2
    assert "port must be a number" in capsys.readouterr().err
