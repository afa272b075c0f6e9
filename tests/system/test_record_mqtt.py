"""`goboard record --mqtt`: games as SGF from what relays publish, against a real
Mosquitto on loopback.

Two boards' timed games (players, a table, a clock, a count) go out through
`goboard relay`; the recorder is stopped halfway and started again (its
session kept: the broker holds what came meanwhile); events arrive shuffled and
twice. Every SGF is the one `goboard sync` writes from the same events; a
recorder that joins while a game is on writes it from the retained state.
"""

import datetime
import json
import random
import signal
import subprocess
import time

import pytest

from broker import LocalBroker, find_mosquitto
from conftest import REPO
from goboard.record.sgfrecord import read_moves, record_game
from goboard.record.sync import sgf_path
from synth import EventMaker, TimedGame

GOBOARD = str(REPO / ".venv" / "bin" / "goboard")
PLAYERS = {"black": "Ann Lee", "black_rank": "2d", "white": "Bo Kim", "white_rank": "1d",
           "event": "Club cup", "round": "3", "table": "4"}


@pytest.fixture(autouse=True)
def _real_broker_present():
    if find_mosquitto() is None:
        pytest.fail("mosquitto is not installed: run tools/setup")


def game(serial, seed, moves=40):
    t = TimedGame(EventMaker(size=9, seed=seed, serial=serial), "byoyomi:60+3x10", PLAYERS)
    evs = t.start()
    for _ in range(moves):
        evs += t.move(2500)
    m = t.m
    evs += [m.event("pass", color="B", number=moves + 1), m.event("pass", color="W",
                                                                   number=moves + 2),
            m.event("end", reason="two-passes"),
            m.event("count", result="B+2.5", winner="B", margin=2.5, unit="points",
                    breakdown={})]
    return evs


def relay(broker, tmp_path, name, items):
    """`goboard relay --replay` of (board, event) lines: published in order, then it exits."""
    path = tmp_path / (name + ".jsonl")
    path.write_text("".join(json.dumps(dict(ev, board=b)) + "\n" for b, ev in items))
    r = subprocess.run([GOBOARD, "relay", "--broker", broker.address, "--replay", str(path),
                        "--pace", "0"], capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr


def recorder(broker, out, *more):
    p = subprocess.Popen([GOBOARD, "record", "--mqtt", broker.address, "--out", str(out)]
                         + list(more), stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    line = p.stdout.readline()
    assert "recording goboard/+/" in line, (line, p.stderr.read() if p.poll() is not None else "")
    time.sleep(0.5)                   # its subscription in place
    return p


def finish(p, sig=signal.SIGINT):
    p.send_signal(sig)
    out, err = p.communicate(timeout=30)
    return p.returncode, out, err


def wanted(evs, serial):
    today = datetime.date.today().isoformat()
    return record_game(evs, serial=serial, date=today)


def test_record_writes_what_sync_would_across_a_restart(tmp_path):
    a, b = game("HALL-A", 1), game("HALL-B", 2)
    out = tmp_path / "games"
    with LocalBroker(persistence=True) as broker:
        rec = recorder(broker, out)
        half = len(a) // 2
        relay(broker, tmp_path, "first", [("hall-a", e) for e in a[:half]] +
              [("hall-b", e) for e in b[:10]])
        time.sleep(1.0)
        # stopped as a service manager does (SIGTERM; the other test's Ctrl-C):
        # its session stays on the broker
        code, said, err = finish(rec, signal.SIGTERM)
        assert code == 0, err
        assert sgf_path(str(out), "hall-a", 1) in said
        # meanwhile the relays go on
        relay(broker, tmp_path, "second", [("hall-a", e) for e in a[half:]] +
              [("hall-b", e) for e in b[10:]])
        rec = recorder(broker, out, "--idle-exit", "3")
        said, err = rec.communicate(timeout=60)     # runs to its idle exit
        assert rec.returncode == 0, err
        assert "events recorded" in said
    for board, serial, evs in (("hall-a", "HALL-A", a), ("hall-b", "HALL-B", b)):
        with open(sgf_path(str(out), board, 1), "rb") as f:
            data = f.read()
        assert data == wanted(evs, board), board
        _, moves = read_moves(data)
        assert len(moves) == 42
        assert b"PB[Ann Lee]" in data and b"OT[3x10 byo-yomi]" in data and b"RE[B+2.5]" in data
        assert b"table 4" in data
        with open(out / ".goboard" / board / "000001.jsonl") as f:
            assert [json.loads(line)["seq"] for line in f] == list(range(1, len(evs) + 1))


def test_shuffled_and_doubled_events_and_a_late_start(tmp_path):
    """Events out of order and twice are journaled once, in order; a recorder that
    starts while a game is on writes it from the retained state, then follows."""
    import paho.mqtt.client as mqtt
    a = game("HALL-C", 3)
    out, late_out = tmp_path / "games", tmp_path / "late"
    with LocalBroker() as broker:
        rec = recorder(broker, out)
        # the first 30 events through the relay: the retained state is theirs
        relay(broker, tmp_path, "first", [("hall-c", e) for e in a[:30]])
        late = recorder(broker, late_out, "--client-id", "late-one")
        # the rest published by hand: shuffled in small windows, some twice
        c = mqtt.Client(mqtt.CallbackAPIVersion.VERSION2, client_id="shuffler")
        c.connect(broker.host, broker.port)
        c.loop_start()
        rng = random.Random(7)
        rest = a[30:]
        order = []
        for i in range(0, len(rest), 4):
            chunk = rest[i:i + 4]
            rng.shuffle(chunk)
            order += chunk + ([chunk[0]] if rng.random() < 0.5 else [])
        for ev in order:
            c.publish("goboard/hall-c/events", json.dumps(ev), qos=1).wait_for_publish(5)
        c.loop_stop()
        c.disconnect()
        time.sleep(1.5)
        for p in (rec, late):
            code, _, err = finish(p)
            assert code == 0, err
    with open(sgf_path(str(out), "hall-c", 1), "rb") as f:
        assert f.read() == wanted(a, "hall-c")
    # the late recorder saw the state at event 30, then the rest: the moves, players
    # and result are the game's (no clock times before it joined)
    with open(sgf_path(str(late_out), "hall-c", 1), "rb") as f:
        data = f.read()
    _, moves = read_moves(data)
    _, full = read_moves(wanted(a, "hall-c"))
    assert moves == full
    assert b"PW[Bo Kim]" in data and b"RE[B+2.5]" in data
    assert not (late_out / ".goboard" / "hall-c" / "000001.jsonl").exists()


def test_nothing_on_the_broker_is_one_line(tmp_path):
    with LocalBroker() as broker:
        r = subprocess.run([GOBOARD, "record", "--mqtt", broker.address, "--out",
                            str(tmp_path), "--idle-exit", "1"], capture_output=True, text=True,
                           timeout=60)
    assert r.returncode == 2 and "nothing came from" in r.stderr
    assert len(r.stderr.strip().splitlines()) == 1
