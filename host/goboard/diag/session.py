"""A board's diagnostics over the link: what `goboard diag` asks and collects.

The board does the physical part itself (goban.diag: it lights each point, sees
which channel a stone moves, paces everything by its own clock); this side asks
(the link's `diag` and `raw` requests), collects what it sends back (`raw`
frames, `walk`, `press` and `test` messages) and keeps nothing else. What the
builder has to do (empty the bowls, put ten stones in one...) goes through a
`Person`: at a real board a prompt on the terminal, at the simulated one the
simulator's hands (tools/sim/live_hands.py) told what to do.
"""

import base64
import struct
import sys
import time

from goban.crc import crc32
from goban.rawstream import unpack12
from goboard.errors import UserError
from goboard.link.transport import LinkError
from goboard.link.wire import token

CHUNK = 120             # remap entries a request carries (the board takes 512-byte lines)
FRAME_MS = 200          # the raw stream's period while frames are collected


class DiagError(UserError):
    """The board refused or stopped answering; the message says what it was doing."""


def bitmask(bits):
    """A list of 0/1 as the board's base64 point mask (bit p of byte p >> 3)."""
    out = bytearray((len(bits) + 7) // 8)
    for p, b in enumerate(bits):
        if b:
            out[p >> 3] |= 1 << (p & 7)
    return base64.b64encode(bytes(out)).decode()


def decode_frame(m):
    """The readings of a `raw` message, as a list of ints."""
    try:
        data = base64.b64decode(m["m"], validate=True)
    except (ValueError, TypeError):
        raise DiagError("the board sent a raw frame that is not base64")
    n = m["count"]
    if len(data) < 3 * ((n + 1) // 2):
        raise DiagError("the board sent a raw frame of %d bytes for %d readings" % (len(data), n))
    return unpack12(data, n)


class Person:
    """A builder who follows the board's lights and nothing else (the emulated
    board's, tools/chip/hands.py): nothing to tell, no answers."""

    sim = True
    held = {}

    def do(self, text, actions=()):
        pass

    def ask(self, text):
        return None


class TerminalPerson:
    """The builder at a real board: each task a line on stderr, done when they
    press Enter (or ok at the board)."""

    sim = False

    def __init__(self, stream=sys.stderr, answer=None):
        self.stream = stream
        self.answer = answer or (lambda: sys.stdin.readline())

    def do(self, text, actions=()):
        print("goboard diag: %s, then press Enter" % text, file=self.stream, flush=True)
        self.answer()

    def ask(self, text):
        """A yes/no question about what the board shows or plays."""
        print("goboard diag: %s [y/n] " % text, end="", file=self.stream, flush=True)
        return self.answer().strip().lower().startswith("y")


class SimPerson:
    """The builder at the simulated board: a task's actions go to its hands
    (the lights and the display they follow by themselves)."""

    sim = True

    def __init__(self, table):
        self.table = table
        # what its scales hold now (the simulated board starts with full bowls)
        self.held = {"B": table.bowl_stones, "W": table.bowl_stones, "lidB": 0, "lidW": 0}

    def do(self, text, actions=()):
        for a in actions:
            self.table.hand(a)

    def ask(self, text):
        return None     # the simulated person answers at the board (its hands press ok/undo)


class Session:
    """One board in diag. `link` an open goboard.link.transport.HostLink;
    `say(text)` progress lines (stderr)."""

    def __init__(self, link, person=None, say=None):
        self.link = link
        self.person = person or TerminalPerson()
        self.say = say or (lambda text: None)
        self.info = None
        self.notes = []         # the board's own messages not yet taken (walk, press, test)
        self.last_frame = None

    # --- requests ----------------------------------------------------------------------
    def ask(self, op, timeout=3.0, **fields):
        msg = dict(fields, k="diag", op=op, id=token())   # sent again, it acts once
        try:
            m = self.link.request(msg, "diag", timeout=timeout)
        except LinkError as e:
            raise DiagError("diag %s: %s" % (op, e))
        return {k: v for k, v in m.items() if k not in ("k", "re")}

    def start(self):
        self.info = self.ask("start")
        return self.info

    def stop(self):
        try:
            self.raw_stream(0)
        except (DiagError, LinkError):
            pass
        return self.ask("stop")

    def _next(self, timeout):
        """The next message the board sent (None after `timeout` seconds of nothing)."""
        m = self.link.recv(timeout)
        return m

    def _wait(self, want, timeout, what):
        """Messages until want(m) is true; DiagError after `timeout` seconds
        with nothing the board sent about it."""
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise DiagError("the board said nothing about %s for %gs" % (what, timeout))
            m = self._next(min(left, 0.5))
            if m is None:
                continue
            got = want(m)
            if got is not None:
                return got
            if m.get("k") in ("walk", "press", "test"):
                self.notes.append(m)

    # --- raw readings ---------------------------------------------------------------------
    def raw_stream(self, every=FRAME_MS, span_ms=10000):
        """Start (every > 0) or stop the raw stream; the first frame, or None."""
        try:
            m = self.link.request({"k": "raw", "every": every, "for": span_ms}, "raw")
        except LinkError as e:
            raise DiagError("raw readings: %s" % e)
        return m if every else None

    def frames(self, count, every=FRAME_MS, wired=True):
        """`count` raw frames (lists of readings) as the board streams them."""
        out = []
        self.raw_stream(every, every * (count + 5))   # its answer: a frame from before the ask
        want = (lambda m: m if m.get("k") == "raw" and "m" in m and bool(m.get("wired")) == wired
                else None)
        while len(out) < count:
            m = self._wait(want, 5.0, "its raw readings")
            out.append(decode_frame(m))
            self.last_frame = m
        self.raw_stream(0)
        return out

    def watch(self, on_frame, seconds=None, every=250):
        """Raw frames to on_frame(readings, message) until `seconds` pass (None:
        until on_frame returns False or Ctrl-C)."""
        end = None if seconds is None else time.monotonic() + seconds
        renew = 0.0
        try:
            while end is None or time.monotonic() < end:
                if time.monotonic() >= renew:
                    self.raw_stream(every, 10000)
                    renew = time.monotonic() + 5.0
                m = self._next(0.5)
                if m is not None and m.get("k") == "raw" and "m" in m:
                    self.last_frame = m
                    if on_frame(decode_frame(m), m) is False:
                        break
        finally:
            try:
                self.raw_stream(0)
            except DiagError:
                pass

    # --- the wiring check -------------------------------------------------------------------
    def walk(self, mask=None, wait_ms=20000, progress=None):
        """The wiring check: the board lights each point in turn, the person puts
        that stone; returns [{p, c, w, d}] as the board saw them, once it is
        cleared again."""
        fields = {"wait_ms": wait_ms}
        if mask is not None:
            fields["mask"] = bitmask(mask)
        total = self.ask("walk", **fields)["points"]
        entries = []
        idle = wait_ms / 1000.0 + 30.0     # each point gets its own allowance
        last = time.monotonic()
        while True:
            m = self._next(0.5)
            if m is None:
                if time.monotonic() - last > idle:
                    raise DiagError("the board said nothing about the wiring check for %gs "
                                    "(%d of %d points seen)" % (idle, len(entries), total))
                continue
            if m.get("k") != "walk":
                if m.get("k") in ("press", "test"):
                    self.notes.append(m)
                continue
            last = time.monotonic()
            if "w" in m:
                entries.append(m)
                if progress is not None:
                    progress(len(entries), total, m)
            if m.get("cleared"):
                break
        return [{k: e[k] for k in ("p", "c", "w", "d")} for e in entries]

    def send_remap(self, src, flip):
        """The remap to the board, in chunks, then saved with the calibration
        (checked by its crc32). Returns the board's answer."""
        data = struct.pack("<%dH" % len(src), *src)
        for at in range(0, len(src), CHUNK):
            part = data[2 * at:2 * (at + CHUNK)]
            self.ask("remap", at=at, src=base64.b64encode(part).decode())
        return self.ask("save", remap=True, crc=crc32(data), flip=bitmask(flip), timeout=5.0)

    # --- the parts --------------------------------------------------------------------------
    def test(self, part, answer_here=False):
        """One part's test (lights, display, buzzer, buttons): the board shows or
        plays each step; the person answers at the board (ok, undo; a button
        asked for) or here (answer_here: y/n on the terminal). Returns
        {part, steps, wrong: [[step, what came]], says: [...]}."""
        first = self.ask("test", part=part, step=0)
        steps = first["steps"]
        says = [first["say"]]
        if answer_here:
            for k in range(steps):
                if part == "buttons":
                    m = self._wait(lambda m: m if m.get("k") == "press" else None, 120.0,
                                   "the buttons test")
                    continue
                yes = self.person.ask("%s: %s?" % (part, says[-1]))
                self.ask("answer", yes=bool(yes))
                if k + 1 < steps:
                    says.append(self._wait(lambda m: m.get("say") if m.get("k") == "test"
                                           and "say" in m and m.get("step") == k + 1 else None,
                                           10.0, "the %s test" % part))
        done = self._wait(lambda m: m if m.get("k") == "test" and m.get("done") else
                          (says.append(m["say"]) if m.get("k") == "test" and "say" in m
                           and m.get("step", 0) > 0 else None),
                          120.0 + 10 * steps, "the %s test" % part)
        return {"part": part, "steps": steps, "wrong": done.get("wrong", []), "says": says}

    # --- the scales -------------------------------------------------------------------------
    def wait_scales(self, pred, timeout=20.0):
        """Raw frames until pred(scales) holds; the scales then (DiagError after timeout)."""
        end = time.monotonic() + timeout
        self.raw_stream(FRAME_MS, int(timeout * 1000) + 2000)
        try:
            while time.monotonic() < end:
                m = self._next(0.5)
                if m is not None and m.get("k") == "raw" and "m" in m:
                    if pred(m.get("s") or {}):
                        return m["s"]
                elif m is not None and m.get("k") in ("walk", "press", "test"):
                    self.notes.append(m)
        finally:
            self.raw_stream(0)
        raise DiagError("the scales did not settle as asked within %gs" % timeout)
