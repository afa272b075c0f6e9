"""The relay against a real Mosquitto that restarts, and as a venue sets it up.

- Boards at full speed, 3 subscribers with persistent sessions, the broker
  stopped and started again mid-game (persistence on): every event reaches
  every subscriber, first arrivals complete and in (game, seq) order (QoS 1 may
  repeat one: same game and seq), and a `serve --mqtt` feed running through it
  ends with the stones of every game. Whether the restart also hands the feed
  an event after its successor is timing; so one more board's events come
  through the broker from a publisher of the test's own, one of them after its
  successor, across the restart, and the test checks the feed got them so: it
  must hold the early one and end with that board's stones too (a feed that
  applied it at once would lose a stone).
  GOBOARD_RELAY_RESTART_BOARDS / _MOVES (default 40 x 150: the acceptance figure
  200 x 300 runs in tools/bench_live.py).
- Logins and an ACL (allow_anonymous false), and TLS with a throwaway CA.
"""

import json
import os
import subprocess
import threading
import time

import pytest

from broker import LocalBroker, find_mosquitto
from goboard.cli import main as goboard
from goboard.live.relay import Relay, connect
from goboard.live.state import LiveState
from synth import random_game

BOARDS = int(os.environ.get("GOBOARD_RELAY_RESTART_BOARDS", "40"))
MOVES = int(os.environ.get("GOBOARD_RELAY_RESTART_MOVES", "150"))


@pytest.fixture(autouse=True)
def _real_broker_present():
    if find_mosquitto() is None:
        pytest.fail("mosquitto is not installed: run tools/setup")


class Subscriber:
    """A persistent-session subscriber that keeps first arrivals per board."""

    def __init__(self, broker, name, topic="goboard/+/events", **login):
        import paho.mqtt.client as mqtt
        self.first = {}
        self.seen = set()
        self.repeats = 0
        self.lock = threading.Lock()
        self.client = mqtt.Client(mqtt.CallbackAPIVersion.VERSION2, client_id=name,
                                  clean_session=False)
        if login.get("username"):
            self.client.username_pw_set(login["username"], login["password"])
        if login.get("cafile"):
            self.client.tls_set(ca_certs=login["cafile"])
        self.client.on_message = self.on_message
        ready = threading.Event()
        self.client.on_subscribe = lambda *a: ready.set()
        self.client.on_connect = lambda c, *a: c.subscribe(topic, qos=1)
        self.client.connect(broker.host, broker.port)
        self.client.loop_start()
        assert ready.wait(10)

    def on_message(self, client, userdata, msg):
        ev = json.loads(msg.payload)
        key = (msg.topic, ev.get("game"), ev.get("seq"))
        with self.lock:
            if key in self.seen:
                self.repeats += 1
                return
            self.seen.add(key)
            self.first.setdefault(msg.topic.split("/")[1], []).append(ev)

    def count(self):
        with self.lock:
            return len(self.seen)

    def close(self):
        self.client.disconnect()
        self.client.loop_stop()


def test_a_broker_restart_mid_game_loses_and_reorders_nothing():
    from goboard.live.server import ServerThread
    from goboard.live.sources import MqttSource
    games = {"R%03d" % i: random_game(MOVES, seed=500 + i, serial="R%03d" % i)
             for i in range(BOARDS)}
    # the board whose events reach the broker out of order: the swapped pair is two
    # moves whose first stone stays on the board to the end (a feed that applied the
    # second at once would take the first for a stale copy: that stone lost)
    late, late_maker = random_game(MOVES, seed=499, serial="LATE")
    final = late_maker.position()

    def stays(ev):
        col, row = (ord(c) - ord("a") for c in ev["point"])
        return final[row][col] == {"B": "X", "W": "O"}[ev["color"]]
    k = next(i for i in range(len(late) // 2, len(late))
             if late[i - 1]["type"] == late[i]["type"] == "move" and stays(late[i - 1]))
    late_order = late[:k - 1] + [late[k], late[k - 1]] + late[k + 1:]
    total = sum(len(ev) for ev, _ in games.values()) + len(late)
    with LocalBroker(persistence=True) as broker:
        subs = [Subscriber(broker, "display-%d" % i) for i in range(3)]
        srv = ServerThread().start()
        arrived = []                      # the LATE board's seqs as the feed got them
        publish = srv.publish

        def tap(board, ev):
            if board == "LATE":
                arrived.append(ev.get("seq"))
            publish(board, ev)
        srv.publish = tap
        page = MqttSource(broker.address, srv).start()
        client = connect(broker.address)
        relay = Relay(client)
        swapper = connect(broker.address, client_id="test-swapper")
        reconnected = threading.Event()
        swapper.on_connect = lambda *a: reconnected.set()
        half = threading.Event()
        sent = [0]

        def swap(events, after_restart=False):
            if after_restart:
                assert reconnected.wait(60), "the test's publisher did not reconnect"
            for ev in events:
                swapper.publish("goboard/LATE/events", json.dumps(ev), qos=1).wait_for_publish(30)

        def board(name, events):
            for ev in events:
                relay.publish(name, ev)
                sent[0] += 1
                if sent[0] > total // 3:
                    half.set()
        threads = [threading.Thread(target=board, args=(b, ev)) for b, (ev, _) in games.items()]
        try:
            for t in threads:
                t.start()
            assert half.wait(60)
            swap(late_order[:k - 1])
            broker.restart(down=1.0)      # mid-game: the relay goes on publishing meanwhile
            swap(late_order[k - 1:], after_restart=True)   # late[k], late[k - 1], the rest
            for t in threads:
                t.join(120)
            assert relay.flush(120), "outstanding %d" % relay.outstanding
            end = time.monotonic() + 120
            while any(s.count() < total for s in subs) and time.monotonic() < end:
                time.sleep(0.2)
            print("%d events of %d boards, broker restarted at %d published; repeats %s"
                  % (total, BOARDS, total // 3, [s.repeats for s in subs]))
            for s in subs:
                assert s.count() == total
                for name, (events, _) in games.items():
                    assert s.first[name] == events, name   # every event, in order
            # the live state right after it: the page's feed holds every game's stones
            games["LATE"] = (late, late_maker)
            while time.monotonic() < end:
                snaps = [srv.snapshot(b) for b in games]
                if all(sn and sn["seq"] == games[b][0][-1]["seq"] for b, sn in zip(games, snaps)):
                    break
                time.sleep(0.2)
            # the feed, caught up, was handed the pair swapped: every run, not by luck
            # of timing (one publisher, QoS 1, each acknowledged before the next; the
            # feed's persistent session queues what the restart kept from it)
            pair = [late[k]["seq"], late[k - 1]["seq"]]
            got = [q for q in arrived if q in pair]
            assert got[:1] == pair[:1] and pair[1] in got, got
            for name, (events, maker) in games.items():
                snap = srv.snapshot(name)
                assert snap["seq"] == events[-1]["seq"], name
                assert LiveState.from_snapshot(snap).rows() == maker.position(), name
        finally:
            relay.close()
            swapper.disconnect()
            swapper.loop_stop()
            page.stop()
            srv.stop()
            for s in subs:
                s.close()
            client.disconnect()
            client.loop_stop()


ACL = "user relay\ntopic readwrite goboard/#\nuser display\ntopic read goboard/#\n"


def test_logins_and_acl_as_the_readme_sets_up_a_venue(tmp_path, capsys, monkeypatch):
    events, maker = random_game(20, seed=11, serial="VENUE")
    rec = tmp_path / "hall.jsonl"
    rec.write_text("".join(json.dumps(e) + "\n" for e in events))
    pw = tmp_path / "relay.pw"
    pw.write_text("s3cret relay\n")
    with LocalBroker(users={"relay": "s3cret relay", "display": "look"}, acl=ACL) as broker:
        # anonymous, then a wrong password: refused, one line each
        assert goboard(["relay", "--broker", broker.address, "--replay", str(rec)]) == 2
        err = capsys.readouterr().err.strip()
        assert "refused the connection" in err and len(err.splitlines()) == 1, err
        bad = tmp_path / "bad.pw"
        bad.write_text("nope\n")
        assert goboard(["relay", "--broker", broker.address, "--replay", str(rec),
                        "--username", "relay", "--password-file", str(bad)]) == 2
        assert "refused the connection" in capsys.readouterr().err
        display = Subscriber(broker, "display-venue", topic="goboard/+/state",
                             username="display", password="look")
        assert goboard(["relay", "--broker", broker.address, "--replay", str(rec), "--pace", "0",
                        "--username", "relay", "--password-file", str(pw)]) == 0
        out = capsys.readouterr()
        assert "21 events of 1 boards" in out.out and "warning" not in out.err
        # --password still works, with a warning that ps shows it
        assert goboard(["relay", "--broker", broker.address, "--replay", str(rec), "--pace", "0",
                        "--username", "relay", "--password", "s3cret relay"]) == 0
        assert "--password shows in `ps`" in capsys.readouterr().err
        end = time.monotonic() + 10
        while "hall" not in display.first and time.monotonic() < end:
            time.sleep(0.05)
        display.close()
        # serve --mqtt logs in as the display (password from the environment)
        monkeypatch.setenv("GOBOARD_MQTT_PASSWORD", "look")
        from goboard.live.server import ServerThread
        from goboard.live.sources import MqttSource
        srv = ServerThread().start()
        src = MqttSource(broker.address, srv, login={"username": "display", "password": "look"})
        try:
            src.start()
            while time.monotonic() < end:
                snap = srv.snapshot("hall")
                if snap and snap["seq"] == events[-1]["seq"]:
                    break
                time.sleep(0.05)
            assert LiveState.from_snapshot(srv.snapshot("hall")).rows() == maker.position()
        finally:
            src.stop()
            srv.stop()


def _throwaway_ca(d):
    def ssl(*args):
        subprocess.run(["openssl"] + list(args), cwd=d, check=True, capture_output=True)
    ssl("req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", "/CN=goboard test CA",
        "-keyout", "ca.key", "-out", "ca.pem")
    ssl("req", "-newkey", "rsa:2048", "-nodes", "-subj", "/CN=127.0.0.1", "-keyout", "server.key",
        "-out", "server.csr")
    with open(os.path.join(d, "ext.cnf"), "w") as f:
        f.write("subjectAltName=IP:127.0.0.1,DNS:localhost\n")
    ssl("x509", "-req", "-in", "server.csr", "-CA", "ca.pem", "-CAkey", "ca.key",
        "-CAcreateserial", "-days", "2", "-extfile", "ext.cnf", "-out", "server.pem")
    ssl("req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "2", "-subj", "/CN=other CA",
        "-keyout", "other.key", "-out", "other.pem")
    return [os.path.join(d, n) for n in ("ca.pem", "server.pem", "server.key", "other.pem")]


def test_tls_with_the_venues_ca(tmp_path, capsys):
    ca, cert, key, other = _throwaway_ca(str(tmp_path))
    events, maker = random_game(10, seed=12, serial="TLS")
    rec = tmp_path / "tls.jsonl"
    rec.write_text("".join(json.dumps(e) + "\n" for e in events))
    with LocalBroker(tls=(ca, cert, key)) as broker:
        assert goboard(["relay", "--broker", broker.address, "--replay", str(rec), "--pace", "0",
                        "--cafile", ca]) == 0
        assert "11 events of 1 boards" in capsys.readouterr().out
        assert goboard(["relay", "--broker", broker.address, "--replay", str(rec),
                        "--cafile", other]) == 2
        err = capsys.readouterr().err.strip()
        assert "TLS with the MQTT broker" in err and "CERTIFICATE_VERIFY_FAILED" in err.upper() \
            .replace(" ", "_"), err
        assert len(err.splitlines()) == 1
        sub = Subscriber(broker, "tls-reader", topic="goboard/+/state", cafile=ca)
        end = time.monotonic() + 10
        while "tls" not in sub.first and time.monotonic() < end:
            time.sleep(0.05)
        sub.close()
        assert LiveState.from_snapshot(sub.first["tls"][-1]).rows() == maker.position()
