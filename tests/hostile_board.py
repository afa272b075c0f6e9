"""A stand-in board on a pseudo-terminal that speaks valid frames (good CRCs,
numbered in turn) with whatever content a test gives it: a healthy log to read
back, and absurd answers, floods and nested JSON where a test says so.

    with HostileBoard(games={1: events}, answers={"games": ...}, live=gen) as b:
        run `goboard sync --port b.path`

`games`: {game: [events]} the board's log (read, nak and games are answered from
it unless `answers` replaces a kind); `answers[kind]`: a function(msg) -> list of
message dicts or raw body texts (str: sent as the JSON body as is); `live`: an
iterator of messages/bodies sent as fast as the host reads them (a flood), after
`live_after` seconds from the host's first request. Runs in one thread with select(), so a host that stops
reading blocks nothing here.
"""

import json
import os
import select
import subprocess
import sys
import threading
import time
import tty

import conftest
from goban.link import frame_bytes, parse_frame

REPO = str(conftest.REPO)


def nested(depth):
    """An `ev` body whose event nests `depth` lists deep (valid JSON)."""
    return '{"k":"ev","e":{"type":"move","game":1,"seq":2,"x":' + "[" * depth + "]" * depth + "}}"


class HostileBoard:
    def __init__(self, games=None, answers=None, live=None, live_after=0.3, serial="HOSTILE-1"):
        self.games = games or {}
        self.answers = answers or {}
        self.live = live
        self.live_after = live_after
        self.serial = serial
        self.fseq = 0
        self.out = bytearray()
        self.requests = []
        self.stopping = threading.Event()
        self.master, slave = os.openpty()
        tty.setraw(slave)
        self.path = os.ttyname(slave)
        self._slave = slave
        self.thread = threading.Thread(target=self._run, daemon=True)

    # --- answers ---------------------------------------------------------------
    def _last(self, game):
        evs = self.games.get(game) or []
        return evs[-1]["seq"] if evs else 0

    def hello(self, msg):
        cur = max(self.games) if self.games else 0
        return [{"k": "hello", "proto": 1, "fw": "hostile", "serial": self.serial,
                 "profile": "test", "size": 19, "game": cur, "seq": self._last(cur)}]

    def read(self, msg):
        game, lo, hi = msg.get("game"), msg.get("from", 1), msg.get("to") or 1 << 30
        out = [{"k": "log", "re": None, "e": e} for e in self.games.get(game, [])
               if lo <= e["seq"] <= hi]
        last = out[-1]["e"]["seq"] if out else min(hi, self._last(game))
        return out + [{"k": "done", "re": None, "game": game, "last": last}]

    def nak(self, msg):
        out = []
        for g in sorted(self.games):
            if g < msg.get("game", 0):
                continue
            for e in self.games[g]:
                if g > msg.get("game", 0) or e["seq"] > msg.get("seq", 0):
                    out.append({"k": "log", "re": None, "e": e})
            nxt = [x for x in sorted(self.games) if x > g]
            out.append({"k": "eog", "game": g, "last": self._last(g),
                        "next": nxt[0] if nxt else g + 1})
        return out + [{"k": "done", "re": None, "game": 0, "last": 0}]

    def games_answer(self, msg):
        return [{"k": "games", "games": [[g, self._last(g)] for g in sorted(self.games)]}]

    def _answer(self, fseq, msg):
        k = msg.get("k")
        self.requests.append(k)
        fn = self.answers.get(k) or {"hello": self.hello, "read": self.read, "nak": self.nak,
                                     "games": self.games_answer}.get(k)
        if fn is None:
            return
        for m in fn(msg):
            if isinstance(m, dict) and "re" in m or (isinstance(m, dict) and m.get("k") in (
                    "hello", "games", "state", "new", "error", "pong")):
                m = dict(m, re=fseq)
            self.send(m)

    def send(self, m):
        body = m if isinstance(m, str) else json.dumps(m, separators=(",", ":"))
        self.out += frame_bytes(self.fseq, body)
        self.fseq = (self.fseq + 1) & 0xFFFF

    # --- the loop --------------------------------------------------------------
    def _run(self):
        rx = bytearray()
        import time
        live_at = None      # counted from the host's first request (it has the port open)
        while not self.stopping.is_set():
            if live_at is None and self.requests:
                live_at = time.monotonic() + self.live_after
            want_live = (self.live is not None and live_at is not None
                         and time.monotonic() >= live_at)
            w = [self.master] if self.out or want_live else []
            try:
                r, w, _ = select.select([self.master], w, [], 0.05)
            except (OSError, ValueError):
                return
            if r:
                try:
                    data = os.read(self.master, 4096)
                except OSError:
                    return
                rx += data
                while b"\n" in rx:
                    i = rx.index(b"\n")
                    line, rx = bytes(rx[:i]), rx[i + 1:]
                    j = line.find(b"~")
                    got = parse_frame(line[j + 1:]) if j >= 0 else None
                    if got is not None:
                        self._answer(*got)
            if w:
                if not self.out and want_live:
                    for _ in range(16):
                        try:
                            self.send(next(self.live))
                        except StopIteration:
                            self.live = None
                            break
                if self.out:
                    try:
                        n = os.write(self.master, bytes(self.out[:4096]))
                    except OSError:
                        return
                    del self.out[:n]

    def __enter__(self):
        self.thread.start()
        return self

    def __exit__(self, *exc):
        self.stopping.set()
        self.thread.join(5)
        fds, self.master, self._slave = (self.master, self._slave), None, None
        for fd in fds:                  # once: a second close would close another's
            if fd is not None:
                try:
                    os.close(fd)
                except OSError:
                    pass


# --- the host under it ------------------------------------------------------------
# The child's peak memory: ru_maxrss from wait4, taken by a small Python between
# the caller and goboard. Linux keeps the peak of the memory a process had before
# it exec'd, and a child spawned straight from a large pytest (vfork) would
# report pytest's own size; the middle process is small and forks goboard itself.
MEASURE = r"""
import os, subprocess, sys
child = subprocess.Popen(sys.argv[2:])
pid, status, usage = os.wait4(child.pid, 0)
with open(sys.argv[1], "w") as f:
    f.write("%d" % usage.ru_maxrss)
sys.exit(os.waitstatus_to_exitcode(status) & 0xFF)
"""


def run_host(args, timeout=60):
    """(exit status, stdout, stderr, peak RSS in MB) of `goboard ARGS` in a child."""
    import signal
    import tempfile
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(
        [os.path.join(REPO, "host"), os.path.join(REPO, "firmware")]))
    fd, peak_file = tempfile.mkstemp(prefix="goboard-peak-")
    os.close(fd)
    out = subprocess.Popen([sys.executable, "-c", MEASURE, peak_file, sys.executable, "-m",
                            "goboard"] + args, env=env, start_new_session=True,
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    got = {}

    def drain(name, f):
        got[name] = f.read().decode("utf-8", "replace")
    readers = [threading.Thread(target=drain, args=(n, f)) for n, f in
               (("out", out.stdout), ("err", out.stderr))]
    for t in readers:
        t.start()
    try:
        out.wait(timeout)
    except subprocess.TimeoutExpired:
        os.killpg(out.pid, signal.SIGKILL)
        out.wait()
    for t in readers:
        t.join(5)
    try:
        with open(peak_file) as f:
            kb = int(f.read() or 0)
    finally:
        os.remove(peak_file)
    return out.returncode, got.get("out", ""), got.get("err", ""), kb / 1024.0


def healthy(game, moves=20, seed=3):
    from synth import random_game
    return random_game(moves, seed=seed, game=game, serial="HOSTILE-1")


# --- the floods: (board, goboard args) each; tests assert, tools/bench_hostile measures
def billion_events(out):
    """`games` answered with a game of a billion events."""
    ev, _ = healthy(1)
    board = HostileBoard(games={1: ev}, answers={
        "games": lambda m: [{"k": "games", "games": [[1, 1000000000]]}]})
    return board, ["sync", "--port", board.path, "--out", out]


def first_events_never(out):
    """A game read back from seq 101 on, never 1..100, again and again, while the
    live side floods it and then new game-starts without end."""
    ev, _ = healthy(1, moves=200)
    tail = ev[100:]

    def read(m):
        return [{"k": "log", "re": None, "e": e} for e in tail] + [
            {"k": "done", "re": None, "game": 1, "last": ev[-1]["seq"]}]

    def flood():
        g = 2
        while True:
            for e in tail:
                yield {"k": "ev", "e": e}
            for _ in range(200):
                yield {"k": "ev", "e": dict(ev[0], game=g)}
                g += 1
    board = HostileBoard(games={1: ev}, answers={"read": read}, live=flood(), live_after=0.0)
    return board, ["sync", "--port", board.path, "--out", out]


def follow_flood(out, n=4000):
    """`sync --follow` under n starts of games never ended and n events after a gap."""
    ev, _ = healthy(1, moves=30)

    def flood():
        g = 2
        for _ in range(n):
            yield {"k": "ev", "e": dict(ev[0], game=g, seq=1)}
            yield {"k": "ev", "e": dict(ev[5], seq=300 + g)}
            g += 1
    board = HostileBoard(games={1: ev}, live=flood(), live_after=1.0)
    return board, ["sync", "--port", board.path, "--out", out, "--follow", "--idle-exit", "3"]


def nested_json(out, depth, command="sync"):
    """One event nested `depth` lists deep, live, to `sync --follow` or `watch`."""
    ev, _ = healthy(1, moves=10)
    board = HostileBoard(games={1: ev}, live=iter([nested(depth)]), live_after=0.5)
    args = ["sync", "--out", out, "--follow"] if command == "sync" else ["watch", "--plain"]
    return board, args + ["--port", board.path, "--idle-exit", "1.2"]
