"""End to end over pseudo-terminals: the board's link in the MicroPython unix
port (tools/link_board.py: a real Game, a real GameLog) on one side, the host
on the other, a relay between them that garbles, truncates, drops, blacks out
and unplugs the link at random points (seeded). The SGF the host writes must
be the game the board played, move for move, nothing lost or doubled."""

import os
import random
import subprocess
import sys
import threading
import time

import pytest

import linkrig

from goboard.link.sequence import Sequencer
from goboard.link.transport import HostLink
from goboard.record.journal import Journal
from goboard.record.sync import sync_once, follow, sgf_path
from goboard.record.sgfrecord import read_moves
from goboard.record.sgfgame import load_sgf

SEED = int(os.environ.get("GOBOARD_LINK_SEED", "7"))
RUNS = int(os.environ.get("GOBOARD_LINK_RUNS", "2"))


def plan_for(seed, pace_ms=4, linger_ms=60000):
    return {"games": [
        {"rules": "chinese", "size": 19, "actions": linkrig.random_actions(seed, 160, 19)
         + [["count", "B+3.5"]]},
        {"rules": "living-stones", "size": 9, "actions": linkrig.random_actions(seed + 1, 50, 9)
         + [["abandon"], ["abandon"]]},
        {"rules": "ing", "size": 13, "handicap": 3,
         "actions": linkrig.random_actions(seed + 2, 60, 13) + [["resign"]]},
    ], "pace_ms": pace_ms, "linger_ms": linger_ms, "serial": "PTY-%d" % seed}


@pytest.fixture
def rig(tmp_path):
    made = []

    def make(plan, faults=None):
        relay = linkrig.Relay(tmp_path, faults)
        relay.start()
        proc = linkrig.start_board(relay.board_path, plan, tmp_path)
        made.append((relay, proc))
        return relay, proc
    yield make
    for relay, proc in made:
        linkrig.stop_board(proc)
        relay.stop()


def assert_sgf_is_the_game(out, serial, results):
    for r in results:
        path = sgf_path(str(out), serial, r["game"])
        with open(path, "rb") as f:
            data = f.read()
        props, moves = read_moves(data, path)
        assert moves == [tuple(m) for m in r["moves"]], path
        game, info = load_sgf(path)  # the lead's reader plays it through the rules core
        assert info["illegal"] is None
        assert game.board.rows() == r["rows"], path


def test_sync_over_a_clean_link_is_exact_and_idempotent(rig, tmp_path):
    plan = plan_for(SEED, pace_ms=1)
    relay, proc = rig(plan)
    results = linkrig.board_results(proc)
    out = tmp_path / "games"
    link = HostLink(relay.host_path).open()
    try:
        journal, stats = sync_once(link, str(out), {"event": "Test cup"}, say=lambda *a: None)
        assert stats["games"] == 3 and stats["written"] == 3
        assert stats["events"] == sum(r["events"] for r in results)
        assert_sgf_is_the_game(out, "PTY-%d" % SEED, results)
        before = {n: (out / n).read_bytes() for n in os.listdir(out) if n.endswith(".sgf")}
        journal, again = sync_once(link, str(out), {"event": "Test cup"}, say=lambda *a: None)
        assert again == {"games": 3, "events": 0, "written": 0, "unchanged": 3}
        assert {n: (out / n).read_bytes() for n in before} == before
        assert link.stats["bad"] == 0 and link.stats["gaps"] == 0
    finally:
        link.close()
    data = (out / ("PTY-%d-0002.sgf" % SEED)).read_bytes()
    assert b"RU[Living stones]" in data and b"PT[abandon]" in data and b"PL[W]" in data
    data = (out / ("PTY-%d-0003.sgf" % SEED)).read_bytes()
    assert b"RU[GOE]" in data and b"HA[3]" in data and b"AB[" in data and b"+R]" in data


def test_sync_resumes_after_an_interrupted_journal(rig, tmp_path):
    plan = plan_for(SEED + 100, pace_ms=1)
    relay, proc = rig(plan)
    results = linkrig.board_results(proc)
    out = tmp_path / "games"
    link = HostLink(relay.host_path).open()
    try:
        journal, _ = sync_once(link, str(out), {}, say=lambda *a: None)
        # a crash mid-write: game 1's journal loses its tail, half a line left
        path = os.path.join(journal.dir, "000001.jsonl")
        with open(path, "rb") as f:
            lines = f.read().split(b"\n")
        with open(path, "wb") as f:
            f.write(b"\n".join(lines[:40]) + b"\n" + lines[40][:17])
        journal, stats = sync_once(link, str(out), {}, say=lambda *a: None)
        assert stats["events"] == results[0]["events"] - 40
        assert stats["written"] == 0  # the SGF it rewrote is the same file
        assert_sgf_is_the_game(out, "PTY-%d" % (SEED + 100), results)
    finally:
        link.close()


def chaos(relay, rng, stop):
    while not stop.is_set():
        time.sleep(rng.uniform(0.1, 0.6))
        x = rng.random()
        if x < 0.35:
            relay.blackout(rng.uniform(0.05, 0.6))
        elif x < 0.6:
            relay.unplug(rng.uniform(0.05, 0.4))


BOARD_S = 150   # the board's games take ~10 s; past this it hung: the test fails, never hangs


@pytest.mark.parametrize("run", range(RUNS))
def test_live_sync_survives_a_link_cut_and_garbled_at_random(rig, tmp_path, run):
    seed = SEED * 1000 + run
    print("seed", seed, "(GOBOARD_LINK_SEED, GOBOARD_LINK_RUNS)")
    rng = random.Random(seed)
    faults = linkrig.Faults(seed, garble=0.04, drop=0.02, truncate=0.03)
    plan = plan_for(seed, pace_ms=6)
    relay, proc = rig(plan, faults)
    stop = threading.Event()
    box = {}

    def board_done():
        try:
            box["results"] = linkrig.board_results(proc, timeout=120)
        except AssertionError as e:     # the board failed or hung: the test fails, never hangs
            box["error"] = e
            linkrig.stop_board(proc)
    give_up = time.monotonic() + BOARD_S
    waiter = threading.Thread(target=board_done, daemon=True)
    waiter.start()
    cutter = threading.Thread(target=chaos, args=(relay, rng, stop), daemon=True)
    cutter.start()
    out = tmp_path / "games"
    link = HostLink(relay.host_path, reconnect_timeout=20).open()
    journal = Journal(str(out), plan["serial"])
    released = []
    real_add = journal.add

    def add(game, events):
        released.extend((e["game"], e["seq"]) for e in events)
        return real_add(game, events)
    journal.add = add

    def done():
        if "error" not in box and time.monotonic() > give_up:
            box["error"] = AssertionError("the board did not finish in %d s" % BOARD_S)
            linkrig.stop_board(proc)    # a board that hangs silently (readline never returns)
        if "error" in box:
            return True
        r = box.get("results")
        if r is None:
            return False
        stop.set()
        return all(journal.have(x["game"]) >= x["events"] for x in r)
    try:
        follow(link, journal, str(out), {}, stop=done, say=lambda *a: None)
    finally:
        stop.set()
        link.close()
    if "error" in box:
        raise box["error"]
    results = box["results"]
    print("faults", faults.counts, "unplugs", relay.unplugs, "link", dict(link.stats))
    assert released == sorted(set(released)), "an event released twice or out of order"
    assert sum(faults.counts.values()) > 20 and link.stats["bad"] > 0
    assert_sgf_is_the_game(out, plan["serial"], results)


def test_the_events_are_those_the_board_logged(rig, tmp_path):
    """Read back over a garbling link: every event equals the board's log record."""
    faults = linkrig.Faults(SEED, garble=0.1, truncate=0.05)
    plan = plan_for(SEED + 7, pace_ms=1)
    relay, proc = rig(plan, faults)
    results = linkrig.board_results(proc)
    link = HostLink(relay.host_path).open()
    try:
        evs = link.read_events(1)
    finally:
        link.close()
    assert [e["seq"] for e in evs] == list(range(1, results[0]["events"] + 1))
    from goban.gamelog import GameLog
    log = GameLog(str(tmp_path / "board-log"), durable=False)
    assert evs == list(log.events(1))
    seq = Sequencer(1, 0)
    assert seq.offer(evs[0]) == [evs[0]]


def test_a_port_whose_other_end_closed_is_a_disconnect_not_a_traceback():
    """Setting the port's timeout reconfigures it (tcgetattr): on a pty whose
    other end just closed that fails with EIO before any read does. It must
    reach `follow` as Disconnected (reconnect), not as a SerialException
    traceback (seen once in CI: the random cut test died of it)."""
    import pty
    from goboard.link.transport import Disconnected
    master, slave = pty.openpty()
    link = HostLink(os.ttyname(slave), reconnect=False).open()
    os.close(slave)
    os.close(master)
    with pytest.raises(Disconnected):
        link.recv(0.2)
    link.close()


def test_one_reader_a_port_and_a_request_to_a_gone_board_is_one_line(monkeypatch):
    """A second HostLink on a port one holds is refused (two readers steal each
    other's frames); a request whose board went away, on a link that does not
    reconnect (new, clock, sync), is a LinkError (one line), not a traceback."""
    import pty
    from goboard.errors import UserError
    from goboard.link import boards
    from goboard.link.transport import LinkError
    master, slave = pty.openpty()
    path = os.ttyname(slave)
    link = HostLink(path, reconnect=False).open()
    with pytest.raises(LinkError, match="held by another program"):
        HostLink(path, reconnect=False).open()
    # looking for the board: the held port named, not "no board found"
    monkeypatch.delenv("GOBOARD_PORT", raising=False)
    monkeypatch.setattr(boards, "candidate_ports", lambda every=False: [(path, "")])
    with pytest.raises(UserError, match="no board free: %s held" % path):
        boards.choose_port()
    r = subprocess.run([sys.executable, "-m", "goboard", "ports", "--port", path],
                       capture_output=True, text=True, timeout=60)
    assert r.returncode == 1 and r.stdout.splitlines() == [
        path + "\theld by another program (a goboard serving it?)", "no board found free"], r.stdout
    os.close(slave)
    os.close(master)
    with pytest.raises(LinkError, match="went away"):
        link.hello(timeout=0.2, tries=1)
    link.close()
    again = HostLink("loop://", reconnect=False).open()     # a URL: no lock to take
    again.close()
