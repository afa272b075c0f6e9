"""The link's frames and ordering, without a board process: every corrupted
frame is caught, CPython and MicroPython frame alike, the Sequencer releases
each event once and in order whatever the wire did, and the board's Link (run
under CPython on a pty) answers hello, games, read, nak and a garbled request."""

import json
import os
import random
import select
import time
import tty

import pytest

from conftest import MP
from goban.gamelog import GameLog
from goban.link import Link, frame_bytes, parse_frame
from goboard.link.sequence import Sequencer
from goboard.link.wire import split_frames

SEED = int(os.environ.get("GOBOARD_LINK_SEED", "20261122"))


def test_frame_round_trip_and_every_bit_flip_is_caught():
    body = json.dumps({"k": "ev", "e": {"type": "move", "game": 3, "seq": 41, "color": "B",
                                        "point": "dd", "text": "计活子 ~ tilde"}},
                      ensure_ascii=False)
    f = frame_bytes(1234, body)
    assert f.startswith(b"~1234 ") and f.endswith(b"\n")
    assert parse_frame(f[1:-1]) == (1234, json.loads(body))
    line = f[1:-1]
    caught = 0
    for i in range(len(line)):
        for bit in range(8):
            bad = bytearray(line)
            bad[i] ^= 1 << bit
            if bad[i] in (0x0A, 0x7E):
                continue  # a newline or '~' splits the frame: caught by the line split
            assert parse_frame(bytes(bad)) is None, (i, bit)
            caught += 1
    assert caught > 8 * len(line) - 30
    for cut in range(1, len(line)):
        assert parse_frame(line[:cut]) is None
        assert parse_frame(line[cut:]) is None


def test_split_frames_skips_console_noise_and_a_frame_cut_short():
    a = frame_bytes(7, '{"k":"tick","game":1,"seq":2}')
    b = frame_bytes(8, '{"k":"ev","e":{"type":"pass","text":"a ~ b"}}')
    assert split_frames(b"MicroPython v1.28 REPL") is False
    assert split_frames(b">>> " + a[:-1]) == (7, {"k": "tick", "game": 1, "seq": 2})
    # the first frame lost its end: the second, glued to it, is still read
    assert split_frames(a[:15] + b[:-1])[0] == 8
    assert split_frames(a[:20]) is None


def test_frames_are_the_same_under_micropython(micropython):
    out = micropython(MP / "link_frame.py")
    lines = out.splitlines()
    body = json.loads(lines[0].split(" ", 1)[1].rsplit(" ", 1)[0])
    assert (lines[0] + "\n").encode() == frame_bytes(65535, json.dumps(body))
    assert lines[1:] == ["65535", "None"]


def _events(games):
    """(game, seq) keyed fake events for `games` = {game: count}."""
    return [{"type": "move", "game": g, "seq": s} for g in sorted(games)
            for s in range(1, games[g] + 1)]


def test_sequencer_releases_each_event_once_in_order_whatever_the_wire_did():
    rng = random.Random(SEED)
    print("seed", SEED)
    for trial in range(200):
        games = {g: rng.randint(1, 30) for g in range(1, rng.randint(2, 5))}
        evs = _events(games)
        seq = Sequencer()
        wire = []
        # live: some lost, some doubled, some late; then the nak answers (in order)
        for e in evs:
            r = rng.random()
            if r < 0.2:
                continue
            wire.append(("ev", e))
            if r > 0.9:
                wire.append(("ev", e))
        for g in sorted(games):
            if rng.random() < 0.5:
                wire.append(("eog", g, games[g], g + 1))
        rng.shuffle(wire)
        out = []
        for w in wire:
            out += seq.offer(w[1]) if w[0] == "ev" else seq.end_of_game(w[1], w[2], w[3])
        keys = [(e["game"], e["seq"]) for e in out]
        assert keys == [(e["game"], e["seq"]) for e in evs[:len(keys)]]
        # the board's answer to the nak from the cursor: the log, in order, with eogs
        start = (seq.game, seq.seq)
        if start[0] == 0:
            out += seq.end_of_game(0, 0, 1)  # the log begins at game 1
        for g in sorted(games):
            for e in evs:
                if e["game"] == g and (g, e["seq"]) > start:
                    out += seq.offer(e)
            if g < max(games):
                out += seq.end_of_game(g, games[g], g + 1)
        assert [(e["game"], e["seq"]) for e in out] == [(e["game"], e["seq"]) for e in evs]
        assert not seq.ahead


def test_sequencer_does_not_skip_a_lost_tail_of_a_game():
    seq = Sequencer(1, 0)
    out = []
    for s in (1, 2, 3):
        out += seq.offer({"game": 1, "seq": s})
    # seq 4 and 5 of game 1 are lost; game 2 starts
    out += seq.offer({"game": 2, "seq": 1})
    assert [e["seq"] for e in out] == [1, 2, 3] and seq.behind
    seq.behind = False
    out += seq.end_of_game(1, 5, 2)  # the board says game 1 ended at 5: still held
    assert len(out) == 3
    out += seq.offer({"game": 1, "seq": 5}) + seq.offer({"game": 1, "seq": 4})
    assert [(e["game"], e["seq"]) for e in out] == [(1, 1), (1, 2), (1, 3), (1, 4), (1, 5), (2, 1)]
    seq.tick(2, 4)
    assert seq.behind


class PtyHost:
    """The host end of a pty, raw, talking frames by hand."""

    def __init__(self):
        self.master, self.slave = os.openpty()
        tty.setraw(self.master)
        tty.setraw(self.slave)
        self.board_stream = open(os.ttyname(self.slave), "r+b", buffering=0)
        self.buf = b""
        self.n = 100

    def send_raw(self, data):
        os.write(self.master, data)

    def send(self, msg):
        self.n += 1
        self.send_raw(frame_bytes(self.n, json.dumps(msg)))
        return self.n

    def frames(self, link, wait=0.3, ticks=False, sim_ms=0, until=None):
        """Poll the board's link (10 ms of its clock a turn) and collect what it
        sends for `wait` seconds, and at least until its clock reads `sim_ms`
        (a heartbeat is due by its clock, however few turns a loaded machine
        gives in `wait`; heartbeats only if `ticks`) and until `until(out)`
        holds (a pty hands bytes over asynchronously: on a loaded machine
        `wait` can pass before the answer crosses; up to 20 s more)."""
        out = []
        end = time.monotonic() + wait
        late = end + 20
        now = 0
        while (time.monotonic() < end or now < sim_ms
               or (until is not None and not until(out) and time.monotonic() < late)):
            now += 10
            link.poll(now)
            while select.select([self.master], [], [], 0)[0]:
                self.buf += os.read(self.master, 4096)
            while b"\n" in self.buf:
                line, self.buf = self.buf.split(b"\n", 1)
                got = split_frames(line)
                assert got, line
                if ticks or got[1]["k"] != "tick":
                    out.append(got)
            time.sleep(0.002)
        return out

    def close(self):
        self.board_stream.close()
        os.close(self.master)
        os.close(self.slave)


def answer(r):
    """Until the frame that answers request `r` is in."""
    return lambda out: any(m.get("re") == r for _, m in out)


@pytest.fixture
def board(tmp_path):
    log = GameLog(str(tmp_path / "log"), durable=False)
    host = PtyHost()
    link = Link(host.board_stream, log=log, info={"serial": "T-9", "profile": "sim-9", "size": 9},
                state=lambda: {"to_move": "W"})
    yield host, link, log
    host.close()


def test_board_link_answers_requests_from_its_log(board):
    host, link, log = board
    first = host.frames(link, 0.05, until=lambda out: len(out) >= 1)
    assert first[0][1]["k"] == "hello" and first[0][1]["serial"] == "T-9"
    g1 = log.new_game({"type": "game-start", "size": 9})
    for i in range(12):
        ev = {"type": "move", "color": "BW"[i % 2], "point": "abcdefghi"[i % 9] + "a"}
        log.append(ev)
        link.send_event(ev)
    live = host.frames(link, 0.05, until=lambda out: len(out) >= 12)
    assert [m["e"]["seq"] for _, m in live if m["k"] == "ev"] == list(range(2, 14))
    g2 = log.new_game({"type": "game-start", "size": 9})
    ev = {"type": "pass", "color": "B"}
    log.append(ev)
    link.send_event(ev)
    got = host.frames(link, 0.05, until=lambda out: len(out) >= 2)
    assert [m["k"] for _, m in got] == ["eog", "ev"]
    assert got[0][1] == {"k": "eog", "game": g1, "last": 13, "next": g2}
    # numbers run on without a gap
    nums = [n for n, _ in first + live + got]
    assert nums == list(range(nums[0], nums[0] + len(nums)))

    r = host.send({"k": "games"})
    assert host.frames(link, until=answer(r))[-1][1] == {"k": "games", "re": r, "games": [[1, 13], [2, 2]]}
    r = host.send({"k": "read", "game": 1, "from": 5, "to": 9})
    msgs = [m for _, m in host.frames(link, until=answer(r))]
    assert [m["e"]["seq"] for m in msgs if m["k"] == "log"] == [5, 6, 7, 8, 9]
    assert msgs[-1] == {"k": "done", "re": r, "game": 1, "last": 9}
    # nak: everything after (1, 11), across the game boundary
    r = host.send({"k": "nak", "game": 1, "seq": 11})
    msgs = [m for _, m in host.frames(link, until=answer(r))]
    assert [(m["k"], m.get("e", {}).get("seq")) for m in msgs] == [
        ("log", 12), ("log", 13), ("eog", None), ("log", 1), ("log", 2), ("done", None)]
    r = host.send({"k": "state"})
    assert host.frames(link, until=answer(r))[-1][1] == {"k": "state", "re": r, "game": 2, "seq": 2,
                                        "state": {"to_move": "W"}}
    r = host.send({"k": "read", "game": 7})
    assert host.frames(link, until=answer(r))[-1][1]["k"] == "error"


def test_board_link_says_bad_to_a_garbled_request_and_ticks_when_idle(board):
    host, link, log = board
    host.frames(link, 0.02)
    f = bytearray(frame_bytes(5, '{"k":"games"}'))
    f[6] ^= 4
    host.send_raw(bytes(f))
    host.send_raw(b"~12 {\"k\":\"ga")          # cut short, then a good one
    r = host.send({"k": "hello"})
    kinds = [m["k"] for _, m in host.frames(link, 0.1, until=answer(r))]
    assert kinds[:2] == ["bad", "hello"]
    ticks = [m for _, m in host.frames(link, 0.3, ticks=True, sim_ms=1500) if m["k"] == "tick"]
    assert ticks and ticks[0] == {"k": "tick", "game": 0, "seq": 0}
    assert r
