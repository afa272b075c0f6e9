"""The host's end of the serial link: the port, requests, and an event stream
that loses nothing and doubles nothing.

Frames are the board's own codec (`goban.link`), every message is checked
(`goboard.link.wire`) before it is used; see host/README.md, "Link protocol".
`follow` hands events on in (game, seq) order through a `Sequencer`: a gap is
asked for again with a "nak" naming the last event the host holds, and the
board answers from its log. A board that vanishes (cable pulled, pty closed)
is reopened and resumed from there.
"""

import collections
import errno
import json
import sys
import time

import serial

from goban.link import frame_bytes, PROTO, RX_MAX
from goboard.errors import UserError
from goboard.link.sequence import Sequencer
from goboard.link.wire import (MAX_DEPTH, MAX_HELD, MAX_LINE, READ_CHUNK, in_range,
                               message_fault, show, split_frames, token)

try:
    from termios import error as _TermiosError
except ImportError:               # (not a POSIX host: pyserial raises its own there)
    class _TermiosError(Exception):
        pass

# what a port that just went away raises: pyserial's own, the OS's, and on POSIX
# termios's from a flush or a setting (tcdrain on a pty whose other end closed:
# EIO, not an OSError; a test with a cable pulled at random saw `follow` die of it)
PORT_GONE = (serial.SerialException, OSError, _TermiosError)

VIOLATION = "?violation"  # the kind of the stand-in message for a bad answer to a request


class LinkError(UserError):
    """The board did not answer, or answered with an error."""


class PortHeld(LinkError):
    """Another program holds the port (one reader a port)."""


class Disconnected(Exception):
    """The serial device went away (the host reconnects)."""


def open_serial(url, baudrate=115200):
    """A pyserial port for a device path, a pty or any `serial_for_url` URL, held
    exclusively (flock): two processes reading one board steal each other's
    frames, so a second goboard on a port is refused in one line instead."""
    try:
        return serial.serial_for_url(url, baudrate=baudrate, timeout=0.05, write_timeout=2,
                                     exclusive=True)
    except PORT_GONE + (ValueError,) as e:
        if getattr(e, "errno", None) in (errno.EAGAIN, errno.EWOULDBLOCK):
            raise PortHeld("%s is held by another program (a goboard serve, relay, sync or "
                            "watch?): one process per board, and serve --serial or relay "
                            "--serial with --out records its SGF too" % url)
        raise LinkError("cannot open %s: %s" % (url, getattr(e, "strerror", None) or e))


class HostLink:
    """A board on a serial port. Messages that arrive while a request waits
    for its answer are kept in order for `recv()`/`follow()`."""

    def __init__(self, url, baudrate=115200, reconnect=True, reconnect_timeout=None, say=None):
        self.url = url
        self.say = say          # one line about a board breaking the protocol (stderr)
        self.said = set()
        self.baudrate = baudrate
        self.reconnect = reconnect
        self.reconnect_timeout = reconnect_timeout
        self.ser = None
        self.rx = bytearray()
        self.fseq = 0
        self.expect = None          # the board's next frame number
        self.anomaly = False        # a frame was garbled or missed since last looked at
        self.pending = collections.deque()
        self.board = None           # the last hello
        self.stats = collections.Counter()

    # --- the port -----------------------------------------------------------------
    def open(self):
        self.ser = open_serial(self.url, self.baudrate)
        self.rx = bytearray()
        self.expect = None
        return self

    def close(self):
        if self.ser is not None:
            try:
                self.ser.close()
            except PORT_GONE:
                pass
            self.ser = None

    def __enter__(self):
        if self.ser is None:
            self.open()
        return self

    def __exit__(self, *exc):
        self.close()

    def reopen(self):
        """Wait for the device to come back (a replugged cable) and reopen it."""
        self.close()
        self.stats["reconnects"] += 1
        deadline = None if self.reconnect_timeout is None else time.monotonic() + self.reconnect_timeout
        while True:
            try:
                self.open()
                self.anomaly = True
                return
            except LinkError:
                if deadline is not None and time.monotonic() > deadline:
                    raise LinkError("%s did not come back" % self.url)
                time.sleep(0.2)

    # --- frames ---------------------------------------------------------------------
    def send(self, msg):
        """Frame and write one request; returns its number (replies carry it as "re")."""
        n = self.fseq
        data = frame_bytes(n, json.dumps(msg, separators=(",", ":"), ensure_ascii=False))
        if len(data) > RX_MAX:
            # the board would drop it as noise, and every retry too
            raise LinkError("the %r request is %d bytes, the board takes %d: shorten the names"
                            % (msg.get("k"), len(data), RX_MAX))
        self.fseq = (self.fseq + 1) & 0xFFFF
        try:
            self.ser.write(data)
            self.ser.flush()
        except PORT_GONE as e:
            raise Disconnected(str(e))
        return n

    def _fill(self, timeout):
        """Read what the port has (waiting up to `timeout` for a first byte) and
        queue the frames found."""
        try:
            # setting the timeout reconfigures the port: it fails like a read
            # when the device has just gone (EIO on a pty whose other end closed)
            self.ser.timeout = timeout
            data = self.ser.read(max(1, self.ser.in_waiting))
        except PORT_GONE + (TypeError,) as e:
            raise Disconnected(str(e))
        if not data:
            return
        self.rx += data
        while True:
            i = self.rx.find(b"\n")
            if i < 0:
                break
            line = bytes(self.rx[:i])
            del self.rx[:i + 1]
            self._line(line.rstrip(b"\r"))
        if len(self.rx) > MAX_LINE:
            del self.rx[:]
            self.violation("a line longer than %d bytes" % MAX_LINE)

    def _bad(self):
        self.stats["bad"] += 1
        self.anomaly = True

    def name(self):
        """The board as a user knows it: its serial and port."""
        serial = (self.board or {}).get("serial")
        return "board %s on %s" % (serial, self.url) if serial else "board on %s" % self.url

    def violation(self, what, sent=None, re=None):
        """A board broke the protocol: one line (once per kind of fault) naming the
        board and what it sent; the message is dropped and the stream resynchronised.
        An answer to a request (`re`) fails that request with the same words instead."""
        self.stats["violations"] += 1
        self.anomaly = True
        if re is not None:
            self.pending.append({"k": VIOLATION, "re": re, "msg": "%s sent a bad answer: %s%s" % (
                self.name(), what, "; it sent " + show(sent) if sent is not None else "")})
            return
        if what in self.said or len(self.said) > 20:
            return
        self.said.add(what)
        line = "%s broke the link protocol: %s%s (ignored, resynchronising)" % (
            self.name(), what, "; it sent " + show(sent) if sent is not None else "")
        if self.say is not None:
            self.say(line)
        else:
            print("goboard: " + line, file=sys.stderr, flush=True)

    def _line(self, line):
        got = split_frames(line)
        if got is False:
            self.stats["noise"] += 1
            return
        if got is None:
            self._bad()
            return
        if got == "too-deep":
            self.violation("a frame nested deeper than %d" % MAX_DEPTH, line[:60].decode("ascii", "replace"))
            return
        fseq, msg = got
        fault = message_fault(msg)
        if fault is not None:
            re = msg.get("re")
            self.violation(fault, msg, re if in_range(re, 0, 0xFFFF) else None)
            return
        if len(self.pending) >= MAX_HELD:
            # a board flooding the host while it waits: dropped, read back later
            self.violation("more than %d messages while a request waited" % MAX_HELD)
            return
        self.stats["frames"] += 1
        if msg.get("k") == "hello" and "re" not in msg:
            self.expect = None  # the board (re)started: its numbering starts again
        if self.expect is not None and fseq != self.expect:
            self.stats["gaps"] += 1
            self.anomaly = True
        self.expect = (fseq + 1) & 0xFFFF
        if msg.get("k") == "hello":
            self.board = msg
        self.pending.append(msg)

    def recv(self, timeout=0.1):
        """The next message, or None after `timeout` seconds."""
        if self.pending:
            return self.pending.popleft()
        deadline = time.monotonic() + timeout
        while not self.pending:
            left = deadline - time.monotonic()
            if left <= 0:
                return None
            self._fill(min(left, 0.05))
        return self.pending.popleft()

    def arrivals(self, timeout, renew=None):
        """Messages as they arrive, for `timeout` seconds from now, or from the
        last message `renew(msg)` says extends the wait (a read-back still coming)."""
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                return
            m = self.recv(left)
            if m is None:
                return
            if renew is not None and renew(m):
                deadline = time.monotonic() + timeout
            yield m

    # --- requests -------------------------------------------------------------------
    def request(self, msg, kind, timeout=0.7, tries=8):
        """Send a request and wait for its answer of `kind`, asking again after a
        garbled answer, a "bad" from the board or a timeout."""
        ids = set()
        held = []
        try:
            for attempt in range(tries):
                if attempt:
                    self.stats["retries"] += 1
                ids.add(self.send(msg))
                for m in self.arrivals(timeout):
                    k = m.get("k")
                    if m.get("re") in ids and k == kind:
                        return m
                    if m.get("re") in ids and k == "error":
                        raise LinkError("%s: %s" % (self.name(), show(m.get("msg"), 200)))
                    if m.get("re") in ids and k == VIOLATION:
                        raise LinkError(m["msg"])
                    if k == "bad":
                        break
                    self._hold(held, m)
            raise LinkError("%s does not answer %r" % (self.name(), msg.get("k")))
        except Disconnected:
            if self.reconnect:
                raise
            raise LinkError("the board on %s went away" % self.url) from None
        finally:
            # what came meanwhile stays in arrival order for the event stream
            self.pending.extendleft(reversed(held))

    def _hold(self, held, m):
        """Keep a message that came while a request waited, up to MAX_HELD (events
        dropped here are read back later: the stream resynchronises)."""
        if len(held) + len(self.pending) < MAX_HELD:
            held.append(m)
        else:
            self.violation("more than %d messages while a request waited" % MAX_HELD)

    def hello(self, **kw):
        m = self.request({"k": "hello"}, "hello", **kw)
        if m.get("proto") != PROTO:
            raise LinkError("%s speaks link protocol %s, this host %d"
                            % (self.name(), show(m.get("proto"), 20), PROTO))
        self.board = m
        return m

    def state(self):
        return self.request({"k": "state"}, "state")

    def new_game(self, rules, komi=None, handicap=0, force=False, timeout=2.0, game=None):
        """Start a new game on the board: rules id, komi (None: the rules' own),
        handicap, and `game`: players and game data (goban.players.FIELDS) and
        "clock" (a spec, goban.clock). The board logs the choice with the game
        (its game-start event) and answers {game, rules, komi, handicap, first,
        and the game fields}. LinkError if it refuses: a game still in play
        (unless force), a value out of range. The request carries a token, so
        asking again after a lost answer starts no second game."""
        msg = {"k": "new", "rules": rules, "handicap": int(handicap or 0), "id": token()}
        if komi is not None:
            msg["komi"] = komi
        if force:
            msg["force"] = True
        msg.update(game or {})
        m = self.request(msg, "new", timeout=timeout)
        return {k: v for k, v in m.items() if k not in ("k", "re")}

    def set_players(self, fields, timeout=2.0):
        """Players and game data of the board's current game (goban.players.FIELDS);
        the board logs them (a `players` event, returned). LinkError if refused."""
        msg = dict(fields, k="players", id=token())
        return self.request(msg, "players", timeout=timeout)["e"]

    def clock(self, timeout=2.0, **req):
        """Set, pause or correct the board's clock: spec="byoyomi:600+3x30" (a new
        system, both sides full), pause=True/False, B={...}/W={...} (main, period
        in ms; periods, moves, penalty). Returns the `clock` event the board
        logged; LinkError if refused. Sent again after a lost answer, it acts once."""
        msg = dict(req, k="clock", id=token())
        return self.request(msg, "clock", timeout=timeout)["e"]

    def games(self):
        """[(game, last seq)] of every game in the board's log."""
        return [tuple(x) for x in self.request({"k": "games"}, "games")["games"]]

    def read_events(self, game, start=1, end=None, timeout=0.7, tries=12):
        """Events start..end (end None: to the last) of one game from the board's
        log, complete and in order; missing ones are asked for again. The whole
        range is held in memory: use `read_chunks` for a game of any length."""
        out = []
        for chunk in self.read_chunks(game, start, end, timeout, tries):
            out.extend(chunk)
        return out

    def read_chunks(self, game, start=1, end=None, timeout=0.7, tries=12):
        """Events start..end of one game in lists of at most READ_CHUNK, each
        complete and in order: the host never holds more than a chunk."""
        lo = start
        while end is None or lo <= end:
            hi = lo + READ_CHUNK - 1 if end is None else min(end, lo + READ_CHUNK - 1)
            chunk, last = self._read_window(game, lo, hi, timeout, tries)
            if chunk:
                yield chunk
            if last < hi:
                if end is not None and last < end:
                    raise LinkError("%s: game %d ends at event %d, not %d as it said"
                                    % (self.name(), game, last, end))
                return
            lo = hi + 1

    def _read_window(self, game, start, end, timeout, tries):
        """(events start..min(end, last), last) where `last` is the last seq the
        board sent (its log's end when that comes before `end`)."""
        got = {}
        lo = start
        for attempt in range(tries):
            if attempt:
                self.stats["retries"] += 1
            rid = self.send({"k": "read", "game": game, "from": lo, "to": end})
            finished = False
            held = []

            def ours(m):
                return m.get("k") == "log" and m.get("re") is not None and m["e"].get("game") == game
            for m in self.arrivals(timeout, renew=ours):
                k = m.get("k")
                if ours(m):
                    s = m["e"].get("seq")
                    if isinstance(s, int) and start <= s <= end:
                        got[s] = m["e"]
                elif k == "done" and m.get("re") == rid:
                    last = min(m["last"], end)
                    finished = True
                    break
                elif k == "error" and m.get("re") == rid:
                    raise LinkError("%s: %s" % (self.name(), show(m.get("msg"), 200)))
                elif k == VIOLATION and m.get("re") == rid:
                    raise LinkError(m["msg"])
                elif k == "bad":
                    break
                else:
                    self._hold(held, m)
            self.pending.extend(held)
            if finished and last < start and lo == start:
                return [], last
            lo = start
            while lo in got:
                lo += 1
            if finished and lo > last:
                return [got[s] for s in range(start, last + 1)], last
        raise LinkError("%s: could not read game %d completely" % (self.name(), game))

    # --- the live stream ----------------------------------------------------------------
    def follow(self, seq, stop=None, idle=None, nak_timeout=1.5, status=None):
        """Yield events in (game, seq) order from `seq` (a Sequencer) on,
        live or read back, until `stop()` is true. Gaps are asked for again;
        a vanished port is reopened (`status(False)` before, `status(True)` after).
        `idle(self)` is called about every 0.1 s."""
        nak_id = None
        nak_at = 0.0
        while stop is None or not stop():
            try:
                m = self.recv(0.1)
                if m is not None:
                    k = m.get("k")
                    if k in ("ev", "log"):
                        for e in seq.offer(m["e"]):
                            yield e
                    elif k == "eog":
                        for e in seq.end_of_game(m["game"], m["last"], m.get("next")):
                            yield e
                    elif k in ("tick", "hello"):
                        seq.tick(m.get("game") or 0, m.get("seq") or 0)
                        if k == "hello" and "re" not in m:
                            seq.behind = True  # restarted: it may have logged meanwhile
                    elif k == "done" and m.get("re") == nak_id:
                        nak_id = None
                        if seq.ahead:
                            seq.behind = True
                    elif k == "bad":
                        nak_id = None
                elif idle is not None:
                    idle(self)
                if self.anomaly:
                    self.anomaly = False
                    seq.behind = True
                now = time.monotonic()
                if nak_id is not None and now - nak_at > nak_timeout:
                    nak_id = None
                    seq.behind = True
                if seq.behind and nak_id is None:
                    seq.behind = False
                    self.stats["naks"] += 1
                    nak_id = self.send({"k": "nak", "game": seq.game, "seq": seq.seq})
                    nak_at = now
            except Disconnected:
                if not self.reconnect:
                    raise LinkError("board on %s disconnected" % self.url)
                if status is not None:
                    status(False)
                self.reopen()
                if status is not None:
                    status(True)
                nak_id = None
                seq.behind = True


def live_events(port, stop=None):
    """(board id, event) of the board on `port`, for the live feed: the current
    game from its start, then every event as it happens, in order, once each,
    across garbled frames and reconnections. The board id is its serial."""
    link = HostLink(port)
    link.open()
    try:
        hello = link.hello()
        board = hello.get("serial") or port
        game = hello.get("game") or 0
        seq = Sequencer(game, 0) if game else Sequencer()
        seq.behind = True
        for ev in link.follow(seq, stop=stop):
            yield board, ev
    finally:
        link.close()
