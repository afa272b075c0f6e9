"""The clock at the board, through the simulator: the real firmware (board loop,
referee, clock, game log) in the MicroPython unix port, scripted players who
think for given times (`wait` advances the board's clock), under every time
system, with a loss on time, Ing's penalty in the count, power cuts while a
clock runs, an illegal position pausing it, the press option, and the host
setting and correcting it over the link (a pty, as a USB cable)."""

import json
import subprocess

import linkrig
from sgfmill import sgf

from goban.gamelog import GameLog
from goboard.live import pairing
from goboard.sim.script import parse_script
from goboard.link.transport import HostLink, LinkError
from goboard.record.sgfrecord import record_game
from goboard.sim.board import SimBoard
from sim_rig import sim, kinds, illegal, script

REPO = linkrig.REPO
GOBOARD = [str(REPO / ".venv" / "bin" / "goboard")]
LAG = 700          # ms a placed stone takes to become the referee's move (hand, settle)


def thinking(moves):
    """[(colour point, think ms)] -> script lines: the player thinks, then places."""
    out = ["wait 300"]
    for mv, ms in moves:
        c, p = mv.split()
        out += ["wait %d" % ms, "place %s %s" % (c, p)]
    return out


def after_moves(out):
    """The clock event logged right after each move, in order."""
    evs = out["events"]
    return [evs[i + 1] for i, e in enumerate(evs[:-1])
            if e["type"] in ("move", "pass") and evs[i + 1]["type"] == "clock"]


def near(got, want, lag=LAG):
    return want - lag <= got <= want + 50


def test_byoyomi_through_the_simulator_and_a_loss_on_time():
    lines = thinking([("B cc", 2000), ("W gg", 1000), ("B ee", 4000), ("W cg", 1000),
                      ("B gc", 2000)]) + ["wait 20000"]
    out = sim(script(*lines), clock="byoyomi:6+2x3", noise=0)
    cl = after_moves(out)
    assert len(cl) == 5
    assert near(cl[0]["B"]["main"], 6000 - 2300) and cl[0]["run"] == "W"
    assert cl[0]["spec"] == "byoyomi:6+2x3"
    assert cl[2]["B"]["main"] == 0 and cl[2]["B"]["period"] == 3000     # a period given back
    assert cl[2]["B"]["periods"] == 2
    # black's 2 s at move 5: the first period (3 s) is enough
    assert cl[4]["B"]["periods"] == 2
    # white thinks 20 s: main, then both periods gone: the game ends, W loses on time
    flag = [e for e in kinds(out, "clock") if e.get("flag")]
    assert flag and flag[0]["flag"] == "W" and flag[0]["W"]["periods"] == 0
    end = kinds(out, "end")
    assert end[-1]["reason"] == "time" and end[-1]["winner"] == "B"
    assert out["result"] == "B+T"
    assert illegal(out) == []
    # ticks while white thought (every 20 s): at most one here, none after the end
    i_end = out["events"].index(end[-1])
    assert not [e for e in out["events"][i_end + 1:] if e["type"] == "clock" and e.get("tick")]
    # the display: both clocks under the turn prompt, '*' on the thinker, counting down
    shown = [u["lines"] for u in out["ui"]]
    assert ["Black to play", "B0:06* W0:06"] in shown
    assert ["White to play", "B3s/2 W3s/1*"] in shown            # white's last period
    assert shown[-1] == ["White: time", "B+T"]


def test_canadian_fischer_and_absolute_through_the_simulator():
    moves = [("B cc", 1500), ("W gg", 500), ("B ee", 1500), ("W cg", 500), ("B gc", 1500),
             ("W ge", 500)]
    out = sim(script(*thinking(moves)), clock="canadian:2+2/5", noise=0)
    cl = after_moves(out)
    assert cl[2]["B"]["main"] == 0 and cl[2]["B"]["moves"] == 1          # one of 2 moves made
    assert near(cl[4]["B"]["period"], 5000, lag=2 * LAG)                 # 2 moves made: new period
    assert cl[4]["B"]["moves"] == 2
    out = sim(script(*thinking(moves)), clock="fischer:5+2", noise=0)
    cl = after_moves(out)
    assert near(cl[0]["B"]["main"], 5000 - 1800 + 2000)
    # three moves: 300 + 1500 ms, then 1500 ms twice, 2 s added after each
    assert near(cl[4]["B"]["main"], 5000 + 3 * 2000 - (300 + 3 * 1500), lag=3 * LAG)
    out = sim(script(*thinking(moves[:3]), "wait 9000"), clock="absolute:8", noise=0)
    assert kinds(out, "end")[-1]["reason"] == "time" and out["result"] == "B+T"


def _ing_game(clock, think=10000, **kw):
    """9x9 Ing: black's wall on column d, white's on f, a dead black stone on hh,
    black thinking 10 s over one move (12 s main time: about 0.7 s into the first
    4 s period by the end); the count by filling white's area. `kw`: sim's
    (a power cut after an event)."""
    moves = []
    for y in "abcdefghi":
        moves += [("B d" + y, 100), ("W f" + y, 100)]
    moves[6] = ("B dd", think)
    lines = thinking(moves + [("B hh", 100)])
    lines += ["wait 300", "button B end", "wait 300", "lift hh", "wait 600", "button B end",
              "wait 300", "lid W -1", "bowl B +1", "wait 300"]
    for x in "ghi":
        for y in "abcdefghi":
            lines += ["place W %s%s" % (x, y), "wait 60"]
    lines += ["wait 100", "button W end", "wait 1500"]
    return sim(script(*lines), rules="ing", seed=3, clock=clock, **kw)


def test_ing_penalty_points_enter_the_count():
    _penalised()


def _penalised():
    """The Ing game with black 2 points in penalty, checked: (out, its count, the
    count of the same game without a clock)."""
    plain = kinds(_ing_game(None), "count")[0]
    out = _ing_game("ing:12+3x4@2")
    assert illegal(out) == []
    cl = after_moves(out)
    pen = [c["B"]["penalty"] for c in cl]
    assert pen[-1] == 2 and max(c["W"]["penalty"] for c in cl) == 0
    c = kinds(out, "count")[0]
    assert c["breakdown"]["penalty"] == {"B": 2, "W": 0}
    # the same count, black 2 points worse off
    assert c["breakdown"]["black_minus_white"] == plain["breakdown"]["black_minus_white"] - 2
    assert c["winner"] == "W" and c["margin"] == plain["margin"] + 2
    # the clock stood still from the end of play on
    end = out["events"].index(kinds(out, "end")[0])
    last = [e for e in out["events"][end:] if e["type"] == "clock"]
    assert last and all(e["paused"] for e in last)
    return out, c, plain


def test_an_ing_penalty_entered_in_a_think_survives_a_power_cut():
    """Issue 23: black enters its first Ing period (2 points) while it thinks and
    the power fails right after: the `clock` event logged when the period was
    entered (no tick or move came since) keeps the penalty, and the count is
    the same as without the cut (W+10 where the lost penalty made it W+8)."""
    plain = kinds(_ing_game(None), "count")[0]
    out = _ing_game("ing:12+3x4@2", think=12000)       # the period entered 2 s before the move
    c = kinds(out, "count")[0]
    assert c["breakdown"]["penalty"] == {"B": 2, "W": 0}
    entered = [e for e in kinds(out, "clock") if e.get("entered") and e["B"]["penalty"] == 2]
    assert entered and entered[0]["run"] == "B" and entered[0]["tick"]
    k = out["events"].index(entered[0]) + 1          # (the runner counts every event sent)
    cut = _ing_game("ing:12+3x4@2", think=12000, cut_after=str(k))
    assert illegal(cut) == []
    resumed = [e for e in kinds(cut, "clock") if e.get("resumed")]
    assert len(resumed) == 1 and resumed[0]["B"]["penalty"] == 2 and resumed[0]["run"] == "B"
    assert resumed[0]["B"]["period"] == entered[0]["B"]["period"]    # nothing lost, nothing charged
    got = kinds(cut, "count")[0]
    assert got["breakdown"]["penalty"] == {"B": 2, "W": 0}
    assert got["result"] == c["result"] != plain["result"]


def test_goboard_score_counts_the_ing_penalty_of_the_sgf(tmp_path):
    """The board's Ing count with black's 2 penalty points, written to SGF
    (PENALTY on the last node), read by `goboard score` and by Sabaki's parser:
    the result is the board's, not the count without the penalty."""
    out, c, plain = _penalised()
    path = tmp_path / "ing.sgf"
    path.write_bytes(record_game(out["events"], serial="SIM-ING"))
    game = sgf.Sgf_game.from_bytes(path.read_bytes())
    last = game.get_last_node()
    assert last.get_raw_list("PENALTY") == [b"B:2"]
    assert game.get_root().get("RE") == c["result"] != plain["result"]
    r = subprocess.run(GOBOARD + ["score", str(path), "--json"], capture_output=True,
                       text=True, timeout=60)
    assert r.returncode == 0, r.stderr
    got = json.loads(r.stdout)
    assert got["result"] == c["result"] and got["sgf_result"] == c["result"]
    assert got["breakdown"]["penalty"] == {"B": 2, "W": 0}
    assert got["margin"] == c["margin"]
    # without the property the same file counts as the board would without a clock
    path2 = tmp_path / "nopen.sgf"
    path2.write_bytes(path.read_bytes().replace(b"PENALTY[B:2]", b""))
    r = subprocess.run(GOBOARD + ["score", str(path2), "--json"], capture_output=True,
                       text=True, timeout=60)
    assert json.loads(r.stdout)["result"] == plain["result"]
    # Sabaki's parser reads the property as written
    js = subprocess.run(["node", str(REPO / "tools" / "sgfjs" / "read.js"), str(path)],
                        capture_output=True, text=True, timeout=60)
    assert json.loads(js.stdout)["nodes"][-1]["PENALTY"] == ["B:2"]
    # a bad value is one line naming the property
    for bad in (b"PENALTY[X:2]", b"PENALTY[B:2][B:3]", b"PENALTY[B:two]"):
        path2.write_bytes(path.read_bytes().replace(b"PENALTY[B:2]", bad))
        r = subprocess.run(GOBOARD + ["score", str(path2)], capture_output=True, text=True,
                           timeout=60)
        assert r.returncode == 2 and "PENALTY" in r.stderr and len(r.stderr.splitlines()) == 1, \
            (bad, r.stderr)


def test_power_cuts_while_a_clock_runs():
    lines = thinking([("B cc", 500), ("W gg", 500)]) + [
        "wait 45000", "power-cut", "wait 3000", "place B ee", "wait 500"]
    out = sim(script(*lines), clock="absolute:600", noise=0)
    clocks = kinds(out, "clock")
    ticks = [c for c in clocks if c.get("tick")]
    assert len(ticks) == 2 and near(ticks[-1]["B"]["main"], 600000 - 500 - 40000)
    resumed = [c for c in clocks if c.get("resumed")]
    assert len(resumed) == 1 and resumed[0]["run"] == "B"
    # the board came back with the time of the last logged tick: the 5 s after it are lost
    assert resumed[0]["B"]["main"] == ticks[-1]["B"]["main"]
    cl = after_moves(out)
    assert near(cl[-1]["B"]["main"], resumed[0]["B"]["main"] - 3000)
    assert out["moves"] == ["cc", "gg", "ee"]
    # a cut that tears the clock record after a move (event 6: the bowls' first
    # reading is event 4): the turn still passed to white
    out = sim(script(*thinking([("B cc", 500), ("W gg", 500), ("B ee", 500)]), "wait 3000",
                     "place W ge", "wait 500"), clock="absolute:600", noise=0, cut_after="6",
              torn=True)
    assert [e["type"] for e in out["events"][:6]] == ["game-start", "ready", "clock", "bowls",
                                                       "move", "clock"]
    resumed = [c for c in kinds(out, "clock") if c.get("resumed")]
    assert resumed and resumed[0]["run"] == "W"
    assert out["moves"] == ["cc", "gg", "ee", "ge"]


def test_an_illegal_position_stops_the_clock_until_fixed():
    lines = thinking([("B cc", 500)]) + ["wait 300", "place B gg", "wait 5000", "lift gg",
                                          "wait 400", "place W gg", "wait 300"]
    out = sim(script(*lines), clock="absolute:60", noise=0)
    assert [e["code"] for e in illegal(out)] == ["extra-stone"]
    paused = [c for c in kinds(out, "clock") if c.get("paused") and c.get("why") == "illegal"]
    assert len(paused) == 1
    cl = after_moves(out)
    # white's clock ran about 1 s outside the 5 s the board showed an illegal position
    assert 60000 - 2500 <= cl[-1]["W"]["main"] <= 60000 - 500
    out = sim(script(*lines), clock="absolute:60,run-on-illegal", noise=0)
    cl = after_moves(out)
    assert cl[-1]["W"]["main"] <= 60000 - 5000


def test_players_who_press_the_clock():
    lines = thinking([("B cc", 500)]) + ["wait 2000", "button B clock", "wait 1000",
                                          "place W gg", "wait 500", "button W clock",
                                          "wait 300"]
    out = sim(script(*lines), clock="byoyomi:60+1x10,press", noise=0)
    cl = [c for c in kinds(out, "clock") if not c.get("tick")]
    # the start, black's press, white's press: no switch at the moves themselves
    assert [c["run"] for c in cl] == ["B", "W", "B"]
    # black's time ran from the start to its press: 300 + 500 ms, the stone, 2 s
    assert near(cl[1]["B"]["main"], 60000 - 300 - 500 - 2000, lag=LAG)


def _board(tmp_path, lines, clock=None, linger=30000):
    relay = linkrig.Relay(tmp_path, None)
    relay.start()
    job = {"profile": str(REPO / "boards" / "sim-9.json"), "rules": "chinese", "handicap": 0,
           "seed": 4, "noise": 0, "actions": parse_script("\n".join(lines), 9),
           "dir": str(tmp_path / "sim"), "clock": clock,
           "link": {"device": relay.board_path, "serial": "SIM-CLK", "linger_ms": linger}}
    board = SimBoard(job)
    board.wait_done(60)
    return relay, board


def test_the_host_sets_pauses_and_corrects_the_clock(tmp_path):
    relay, board = _board(tmp_path, ["wait 300"])
    try:
        port = relay.host_path
        r = subprocess.run(GOBOARD + ["new", "--port", port, "--rules", "japanese",
                                      "--black", "柯洁", "--black-rank", "9p", "--white",
                                      "Shin Jinseo", "--white-rank", "9p", "--event", "应氏杯",
                                      "--round", "2", "--clock", "byoyomi:10m+3x30s", "--json"],
                           capture_output=True, text=True, timeout=60)
        assert r.returncode == 0, r.stderr
        ans = json.loads(r.stdout)
        assert ans["game"] == 2 and ans["black"] == "柯洁" and ans["clock"] == "byoyomi:600+3x30"
        r = subprocess.run(GOBOARD + ["clock", "--port", port, "--pause"], capture_output=True,
                           text=True, timeout=60)
        assert r.returncode == 0 and "paused (host)" in r.stdout, (r.stdout, r.stderr)
        r = subprocess.run(GOBOARD + ["clock", "--port", port, "--black", "5:00",
                                      "--white-periods", "1", "--json"],
                           capture_output=True, text=True, timeout=60)
        ev = json.loads(r.stdout)
        assert ev["B"]["main"] == 300000 and ev["W"]["periods"] == 1 and ev["by"] == "host"
        r = subprocess.run(GOBOARD + ["clock", "--port", port, "--black-periods", "-1"],
                           capture_output=True, text=True, timeout=60)
        assert r.returncode == 2 and len(r.stderr.splitlines()) == 1
        link = HostLink(port, reconnect=False).open()
        try:
            try:
                link.clock(B={"main": "lots"})
                raise AssertionError("a bad correction was taken")
            except LinkError as e:
                assert "whole number" in str(e)
            ev = link.clock(spec="ing:3h30m", pause=False)
            assert ev["spec"] == "ing:12600+3x2100@2" and not ev["paused"] and ev["set"]
            assert link.set_players({"white": "Lee Sedol", "white_rank": "9p"})["type"] == \
                "players"
            st = link.state()["state"]
            assert st["players"]["white"] == "Lee Sedol" and st["players"]["black"] == "柯洁"
            assert st["clock"] == "ing:12600+3x2100@2"
            # the relay's pairing: the board already plays this game: nothing happens
            row = {"black": "柯洁", "white": "Lee Sedol", "clock": "ing:12600+3x2100@2"}
            assert "already" in pairing.apply(link, row)
        finally:
            link.close()
    finally:
        board.stop()
        relay.stop()
    log = GameLog(str(tmp_path / "sim" / "games"), durable=False)
    evs = list(log.events(2))
    gs = evs[0]
    assert (gs["black"], gs["black_rank"], gs["white"], gs["event"], gs["round"], gs["clock"]) == \
        ("柯洁", "9p", "Shin Jinseo", "应氏杯", "2", "byoyomi:600+3x30")
    host = [e for e in evs if e["type"] == "clock" and e.get("by") == "host"]
    assert len(host) == 3 and host[0]["paused"] and host[-1]["spec"] == "ing:12600+3x2100@2"
    assert [e["white"] for e in evs if e["type"] == "players"] == ["Lee Sedol"]


# a 20-stone white block in the corner (columns a-d, rows a-e), black's wall around it
# on column e and row f, and black's other moves on columns h and i
BLOCK = [x + y for y in "abcde" for x in "abcd"]
WALL = ["e" + y for y in "abcde"] + [x + "f" for x in "abcd"]
ELSEWHERE = [x + y for x in "hi" for y in "abcdef"]


def big_capture_moves():
    """(colour point, think ms) of a game where black's 21st move takes 20 white
    stones; white burns its main time (60 s) on its first move."""
    black = []
    wall, other = list(WALL[:-1]), list(ELSEWHERE)
    for k in range(20):
        black.append(wall.pop(0) if k % 3 == 1 and wall else other.pop(0) if other
                     else wall.pop(0))
    assert not wall and not other
    moves = []
    for k in range(20):
        moves += [("B " + black[k], 200), ("W " + BLOCK[k], 61000 if k == 0 else 200)]
    return moves + [("B " + WALL[-1], 300)]


def test_a_large_capture_lifted_slowly_under_byoyomi():
    """Issue 23: black takes 20 stones and lifts them over 9.5 s; white is in its
    last 10 s byo-yomi period. The capture's move ends when the last prisoner
    is off: white's period starts then, and white, answering in 1 s, is not
    flagged. The display shows both clocks while the prisoners come off."""
    lines = thinking(big_capture_moves())
    for p in BLOCK:
        lines += ["wait 280", "lift %s" % p]
    lines += ["wait 1000", "place W gh", "wait 1500"]
    out = sim(script(*lines), clock="byoyomi:60+1x10", noise=0)
    assert illegal(out) == []
    assert out["moves"][-2:] == [WALL[-1], "gh"]
    cap = [e for e in kinds(out, "move") if e["point"] == WALL[-1]][0]
    assert sorted(cap["captures"]) == sorted(BLOCK)
    assert not [e for e in kinds(out, "clock") if e.get("flag")] and not kinds(out, "end")
    evs = out["events"]
    i = evs.index(kinds(out, "lifted")[0])
    assert evs[i]["color"] == "B" and evs[i + 1]["type"] == "clock"
    assert 9000 <= evs[i]["t"] - cap["t"] <= 10500      # the last prisoner off 9-10.5 s later
    lifted = evs[i + 1]
    assert lifted["run"] == "W" and lifted["W"]["main"] == 0
    assert lifted["W"]["period"] == 10000 and lifted["W"]["periods"] == 1
    # black's time ran while it lifted: ~9.5 s more than its stone alone
    before = [e for e in evs[:i] if e["type"] == "clock"][-1]
    assert before.get("lift") == "B" and before["run"] == "B"
    first = after_moves(out)
    assert first[-1]["run"] == "B" and first[-1]["W"]["period"] == 10000   # white in time
    # the clocks on the display while the prisoners come off, '*' on black's
    shown = [u["lines"] for u in out["ui"]]
    lifting = [s for s in shown if s[0].startswith("Lift captured")]
    assert lifting and all(s[1].startswith("B") and "* W" in s[1] for s in lifting)
    # the SGF: the capturing move's node has the times after the lift (white's whole
    # period, black's main time less its lifting), the answer's its own
    nodes = sgf.Sgf_game.from_bytes(record_game(out["events"])).get_main_sequence()
    node = nodes[cap["number"]]
    assert node.get_move() == ("b", (3, 3))               # df: row 6 from the top of 9
    assert node.get("BL") == round(lifted["B"]["main"] / 1000.0, 1)
    assert node.get("WL") == 10 and node.get("OW") == 1
    assert nodes[cap["number"] + 1].get("WL") == 10


def test_a_power_cut_while_a_capture_is_lifted():
    """The board goes off for 2 s halfway through the lifting: it comes back with
    black's time running for its capture (`lift`), the time off charged to
    nobody; the last prisoner off starts white's period."""
    lines = thinking(big_capture_moves())
    for k, p in enumerate(BLOCK):
        lines += ["wait 280", "lift %s" % p]
        if k == 9:
            lines += ["power-cut 2000"]
    lines += ["wait 1000", "place W gh", "wait 1500"]
    out = sim(script(*lines), clock="byoyomi:60+1x10", noise=0)
    assert illegal(out) == [] and out["moves"][-1] == "gh"
    resumed = [e for e in kinds(out, "clock") if e.get("resumed")]
    assert len(resumed) == 1 and resumed[0]["lift"] == "B" and resumed[0]["run"] == "B"
    before = [e for e in kinds(out, "clock") if e["t"] < resumed[0]["t"]][-1]
    assert resumed[0]["B"] == before["B"] and resumed[0]["W"] == before["W"]
    evs = out["events"]
    i = evs.index(kinds(out, "lifted")[0])
    assert evs[i]["t"] > resumed[0]["t"] and evs[i + 1]["run"] == "W"
    assert evs[i + 1]["W"]["period"] == 10000
    assert not [e for e in kinds(out, "clock") if e.get("flag")] and not kinds(out, "end")
