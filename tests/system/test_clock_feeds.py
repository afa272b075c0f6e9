"""Players and the clock in every feed: the live state (page, relay, watch), the
retained MQTT state, the SGF (read back by sgfmill and by Sabaki's parser), a
hall's pairing file, and the host's command lines (one clear line for bad input).

The games are the rules core's (tools/synth.py) with the firmware's clock
(goban.clock) charging the think times each test gives.
"""

import json
import os
import subprocess

import pytest
from sgfmill import sgf

from conftest import REPO
from goboard.live import pairing
from goboard.errors import UserError
from goboard.live.state import EventError, LiveState
from goboard.record.sgfrecord import record_game
from synth import EventMaker, TimedGame

NODE = "/usr/bin/node"
SABAKI = REPO / "tools" / "sgfjs" / "read.js"
PLAYERS = {"black": "柯洁", "black_rank": "9p", "white": "申真谞", "white_rank": "9p",
           "event": "应氏杯", "round": "决赛 1"}
GOBOARD = [str(REPO / ".venv" / "bin" / "goboard")]


def timed(spec, moves, think=3000, seed=5, size=9, rules="chinese"):
    t = TimedGame(EventMaker(rules=rules, size=size, seed=seed), spec, PLAYERS)
    evs = t.start()
    for _ in range(moves):
        evs += t.move(think)
    return t, evs


def sabaki(path):
    """Sabaki's parser's reading of an SGF file (tools/sgfjs/read.js)."""
    if not (SABAKI.parent / "node_modules" / "@sabaki" / "sgf").exists():
        pytest.fail("Sabaki's SGF parser is not installed: run tools/setup")
    r = subprocess.run([NODE, str(SABAKI), str(path)], capture_output=True, text=True,
                       timeout=60)
    assert r.returncode == 0, r.stderr
    return json.loads(r.stdout)


def test_sgf_has_players_times_and_a_loss_on_time(tmp_path):
    t, evs = timed("byoyomi:20+2x5", 8, think=4000)
    evs += t.move(7000)                    # black: into the first period and out of it
    evs += t.wait(60000)                   # white thinks until its last period is gone
    assert evs[-1]["type"] == "end" and evs[-1]["reason"] == "time"
    data = record_game(evs)
    path = tmp_path / "timed.sgf"
    path.write_bytes(data)
    game = sgf.Sgf_game.from_bytes(data)
    root = game.get_root()
    assert root.get("PB") == "柯洁" and root.get("PW") == "申真谞"
    assert (root.get("BR"), root.get("WR"), root.get("EV"), root.get("RO")) == \
        ("9p", "9p", "应氏杯", "决赛 1")
    assert root.get("TM") == 20 and root.get("OT") == "2x5 byo-yomi"
    assert root.get("RE") == "B+T"
    nodes = game.get_main_sequence()[1:]
    assert len(nodes) == 9
    # after move k (think 4 s each): black 20-4k..., white likewise
    assert nodes[0].get("BL") == 16 and nodes[0].get("WL") == 20
    assert nodes[3].get("BL") == 12 and nodes[3].get("WL") == 12
    assert not nodes[3].has_property("OB")
    last = nodes[8]                        # black's 9th move: main 4 s, then 3 s of a period
    assert last.get("BL") == 5 and last.get("OB") == 2 and last.get("WL") == 4
    assert "time ran out" in last.get("C")
    # Sabaki's parser reads the same
    js = sabaki(path)
    assert js["games"] == 1
    r = js["root"]
    assert (r["PB"], r["PW"], r["BR"], r["WR"], r["EV"], r["RO"]) == \
        (["柯洁"], ["申真谞"], ["9p"], ["9p"], ["应氏杯"], ["决赛 1"])
    assert r["TM"] == ["20"] and r["OT"] == ["2x5 byo-yomi"] and r["RE"] == ["B+T"]
    assert [float(n["BL"][0]) for n in js["nodes"]] == [n.get("BL") for n in nodes]
    assert [float(n["WL"][0]) for n in js["nodes"]] == [n.get("WL") for n in nodes]
    assert js["nodes"][8]["OB"] == ["2"]
    moves = [n.get_move() for n in nodes]
    assert [("b" if "B" in n else "w") for n in js["nodes"]] == [c for c, _ in moves]


def test_sgf_ing_penalty_is_in_the_result_comment(tmp_path):
    t = TimedGame(EventMaker(rules="ing", size=9, seed=2), "ing:10+3x5@2", PLAYERS)
    evs = t.start()
    evs += t.move(12000)                   # black enters an overtime period: 2 points
    evs += t.move(1000)
    m = t.m
    evs.append(m.event("end", reason="agreement"))
    evs.append(m.event("count", result="W+10", winner="W", margin=10, unit="points",
                     breakdown={"penalty": {"B": 2, "W": 0}}))
    path = tmp_path / "ing.sgf"
    path.write_bytes(record_game(evs))
    game = sgf.Sgf_game.from_bytes(path.read_bytes())
    root = game.get_root()
    assert root.get("OT") == "Ing: 3x5 s, 2 points each" and root.get("TM") == 10
    assert root.get("RE") == "W+10"
    first = game.get_main_sequence()[1]
    assert first.get("OB") == 2 and first.get("BL") == 3     # 2 periods left to enter
    comment = game.get_last_node().get("C")
    assert "时差罚点" in comment and "black 2, white 0 points" in comment
    js = sabaki(path)
    assert "black 2, white 0 points" in js["nodes"][-1]["C"][0]


def test_live_state_carries_players_and_the_clock():
    t, evs = timed("canadian:10+2/6", 6, think=2500)
    s = LiveState("t1")
    for ev in evs:
        s.apply(ev)
    snap = s.snapshot()
    assert snap["players"] == PLAYERS
    k = snap["clock"]
    assert k["spec"] == "canadian:10+2/6" and k["settings"]["system"] == "canadian"
    assert k["settings"]["moves"] == 2 and k["settings"]["low"] == [0, 30000]
    assert k["B"]["main"] == 2500 and k["W"]["main"] == 2500 and k["run"] == "B"
    assert not k["paused"]
    # a late joiner starts from the snapshot and follows on
    late = LiveState.from_snapshot(json.loads(json.dumps(snap)))
    more = t.move(4000)
    for ev in more:
        s.apply(ev)
        late.apply(ev)
    assert late.snapshot() == s.snapshot()
    assert s.clock["B"]["main"] == 0 and s.clock["B"]["moves"] == 1
    assert s.clock["B"]["period"] == 4500
    # players changed during the game, the host pausing the clock
    s.apply(t.m.event("players", white="Lee Sedol", white_rank=""))
    assert s.players["white"] == "Lee Sedol" and "white_rank" not in s.players
    c = t.clock.host({"pause": True}, t.now)
    s.apply(t.clock_event(c))
    assert s.clock["paused"] and s.clock["why"] == "host"
    # nonsense is refused whole
    before = s.snapshot()
    for bad in ({"type": "clock", "B": {"main": -1}, "W": c["W"]},
                {"type": "clock", "B": c["B"], "W": c["W"], "run": "X"},
                {"type": "clock", "spec": "hourglass:5", "B": c["B"], "W": c["W"]}):
        with pytest.raises(EventError):
            s.apply(bad)
    assert s.snapshot() == before


def test_a_loss_on_time_is_the_result():
    t, evs = timed("absolute:15", 4, think=3000)
    evs += t.wait(20000)
    s = LiveState("t2")
    for ev in evs:
        s.apply(ev)
    assert s.status == "counted" and s.result["result"] == "W+T"
    assert s.clock["flag"] == "B"


def test_retained_mqtt_state_has_players_and_clock():
    from broker import LocalBroker, find_mosquitto
    from goboard.live.relay import Relay, connect
    import paho.mqtt.client as mqtt
    import threading
    if find_mosquitto() is None:
        pytest.fail("mosquitto is not installed: run tools/setup")
    t, evs = timed("ing:60", 5, think=2000)
    with LocalBroker() as b:
        client = connect("%s:%d" % (b.host, b.port))
        relay = Relay(client)
        for ev in evs:
            relay.publish("hall-3", ev)
        assert relay.flush()
        client.disconnect()
        client.loop_stop()
        got = {}
        done = threading.Event()
        sub = mqtt.Client(mqtt.CallbackAPIVersion.VERSION2)

        def on_message(c, u, msg):
            got["state"] = json.loads(msg.payload)
            done.set()
        sub.on_message = on_message
        sub.connect(b.host, b.port)
        sub.subscribe("goboard/hall-3/state", qos=1)
        sub.loop_start()
        assert done.wait(10)
        sub.disconnect()
        sub.loop_stop()
    st = got["state"]
    assert st["players"] == PLAYERS and st["seq"] == evs[-1]["seq"]
    assert st["clock"]["spec"] == "ing:60+3x10@2"
    assert st["clock"]["B"]["main"] == 60000 - 3 * 2000 and st["clock"]["run"] == "W"


def write(tmp_path, name, text):
    p = tmp_path / name
    p.write_text(text, encoding="utf-8")
    return str(p)


def test_pairing_file_is_checked_row_by_row(tmp_path):
    good = write(tmp_path, "round3.csv",
                 "serial,table,black,black_rank,white,white_rank,event,round,rules,komi,clock\n"
                 "E6614103E7,1,柯洁,9p,申真谞,9p,应氏杯,3,ing,8,ing\n"
                 "SIM-2,2,Ann,3k,Bo,2d,Club,3,,,byoyomi:10m+3x30s\n")
    p = pairing.load(good)
    assert p["E6614103E7"] == {"black": "柯洁", "black_rank": "9p", "white": "申真谞",
                               "white_rank": "9p", "event": "应氏杯", "round": "3",
                               "table": "1", "rules": "ing", "komi": 8.0,
                               "clock": "ing:12600+3x2100@2"}
    assert p["SIM-2"]["clock"] == "byoyomi:600+3x30" and "rules" not in p["SIM-2"]
    bad = {
        "serial,colour\nX,1\n": "unknown column 'colour'",
        "black,white\nA,B\n": "no serial column",
        "serial,black_rank\nX,5x\n": "line 2: black_rank '5x' is not a rank",
        "serial,clock\nX,byoyomi:5\n": "line 2: clock byoyomi:5: the overtime is missing",
        "serial,rules\nX,go-moku\n": "line 2: unknown rules 'go-moku'",
        "serial,handicap\nX,1\n": "line 2: handicap '1' must be 0 or 2..9",
        "serial,komi\nX,lots\n": "line 2: komi 'lots' is not a number",
        "serial\nX\nY\nX\n": "line 4: board X is paired twice",
        "serial,black\nX,A,B\n": "line 2: 3 values for 2 columns",
        "": "is empty",
    }
    for text, want in bad.items():
        with pytest.raises(UserError) as e:
            pairing.load(write(tmp_path, "bad.csv", text))
        assert want in str(e.value) and "\n" not in str(e.value), (text, str(e.value))


class FakeLink:
    """What pairing.apply asks of a board: its state, a new game, players."""

    def __init__(self, state):
        self.st = state
        self.sent = []

    def state(self):
        return {"state": self.st}

    def new_game(self, rules, komi=None, handicap=0, game=None):
        self.sent.append(("new", rules, komi, handicap, game))
        return {"game": self.st.get("game", 0) + 1}

    def set_players(self, fields):
        self.sent.append(("players", fields))


def test_pairing_goes_to_the_board_without_breaking_a_game():
    row = {"black": "Ann", "white": "Bo", "round": "3", "rules": "japanese", "clock": "absolute:60"}
    # a fresh board: the paired game starts
    k = FakeLink({"game": 4, "phase": "setup", "move": 0, "rules": "chinese", "players": {}})
    assert "started" in pairing.apply(k, row)
    assert k.sent == [("new", "japanese", None, 0, {"black": "Ann", "white": "Bo", "round": "3",
                                                     "clock": "absolute:60"})]
    # a game in play without names gets them; the game goes on
    k = FakeLink({"game": 4, "phase": "play", "move": 12, "players": {}})
    assert "players set" in pairing.apply(k, row)
    assert k.sent == [("players", {"black": "Ann", "white": "Bo", "round": "3"})]
    # a game in play with other players is left alone
    k = FakeLink({"game": 4, "phase": "play", "move": 12, "players": {"black": "Cy"}})
    assert "not applied" in pairing.apply(k, row) and k.sent == []
    # already playing it: nothing
    k = FakeLink({"game": 5, "phase": "play", "move": 30, "clock": "absolute:60",
                  "players": {"black": "Ann", "white": "Bo", "round": "3"}})
    assert "already" in pairing.apply(k, row) and k.sent == []
    # last round's game is over: this round's starts
    k = FakeLink({"game": 5, "phase": "over", "move": 180, "players": {"black": "Cy"}})
    assert "started" in pairing.apply(k, row) and k.sent[0][0] == "new"


@pytest.mark.parametrize("argv,want", [
    (["new", "--rules", "chinese", "--black-rank", "40k"], "black-rank '40k' is not a rank"),
    (["new", "--rules", "chinese", "--black", "x" * 61], "black is longer than 60"),
    (["new", "--rules", "chinese", "--clock", "byoyomi:600+3"], "byo-yomi is MAIN+PERIODSxSECONDS"),
    (["clock", "--white", "5:3:2:1"], "--white: '5:3:2:1' is not a time"),
    (["clock", "--set", "hourglass"], "unknown time system 'hourglass'"),
    (["clock"], "nothing to do"),
    (["relay", "--pairings", "/nonexistent.csv", "--replay", "x.jsonl"], "cannot read"),
])
def test_bad_command_lines_are_one_line(argv, want):
    r = subprocess.run(GOBOARD + argv + ["--port", "/dev/null"] if argv[0] != "relay" else
                       GOBOARD + argv, capture_output=True, text=True, timeout=60,
                       env=dict(os.environ, GOBOARD_PORT=""))
    assert r.returncode == 2, r
    assert want in r.stderr and len(r.stderr.splitlines()) == 1, r.stderr
