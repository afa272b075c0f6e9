"""The host's end of the serial link: requests, and events that arrive once each, in order.

Frames, requests and an event stream that loses nothing and doubles nothing.

The wire format and the frame codec are the board's own (`goban.link`); see
host/README.md, "Link protocol". Events are identified by (game, seq) from the
board's game log. `Sequencer` releases them strictly in order: a duplicate is
dropped, a gap is held back and asked for again with a "nak" naming the last
event the host holds, and the board answers from its log. A board that
vanishes (cable pulled, pty closed) is reopened and resumed from there.
"""

import collections
import json
import random
import re
import sys
import time

import serial

from goban.link import frame_bytes, parse_frame, PROTO, RX_MAX
from goboard.errors import UserError

# Fixed bounds on what a board may send (a board may be broken, old or hostile:
# nothing it sends may cost the host more than a fixed amount of memory).
MAX_LINE = 16 * 1024      # one frame; the board's own records are at most 4 KB
MAX_DEPTH = 16            # JSON nesting in a frame (the deepest real one is 5)
MAX_GAME = 99999999       # game numbers 1..
MAX_SEQ = 100000          # events in one game
MAX_GAMES = 10000         # entries of a `games` answer (a board's log holds at most 10,000)
MAX_HELD = 1024           # messages held while a request waits; events held after a gap
READ_CHUNK = 500          # events asked for in one read-back
VIOLATION = "?violation"  # the kind of the stand-in message for a bad answer to a request
_STRINGS = re.compile(rb'"(?:[^"\\]|\\.)*"')
_BRACKETS = re.compile(rb"[\[\]{}]")


class LinkError(UserError):
    """The board did not answer, or answered with an error."""


class Disconnected(Exception):
    """The serial device went away (the host reconnects)."""


def open_serial(url, baudrate=115200):
    """A pyserial port for a device path, a pty or any `serial_for_url` URL."""
    try:
        return serial.serial_for_url(url, baudrate=baudrate, timeout=0.05, write_timeout=2)
    except (serial.SerialException, OSError, ValueError) as e:
        raise LinkError("cannot open %s: %s" % (url, getattr(e, "strerror", None) or e))


def too_deep(text, limit=MAX_DEPTH):
    """Whether JSON text nests deeper than `limit` (checked before json.loads,
    whose recursion a frame of 20,000 brackets would exhaust)."""
    if text.count(b"[") + text.count(b"{") <= limit:
        return False
    depth = 0
    for m in _BRACKETS.finditer(_STRINGS.sub(b"", text)):
        if m.group() in b"[{":
            depth += 1
            if depth > limit:
                return True
        else:
            depth -= 1
    return False


def split_frames(line):
    """The message of one received line, trying each '~' in it (the first may
    start a frame that was cut short): (fseq, msg), or None if garbled, or
    False if the line holds no frame at all (console noise). A frame nested
    deeper than MAX_DEPTH is garbled too (its CRC may be good)."""
    start = line.find(b"~")
    if start < 0:
        return False
    while start >= 0:
        rest = line[start + 1:]
        if too_deep(rest):
            return "too-deep"
        got = parse_frame(rest)
        if got is not None:
            return got
        start = line.find(b"~", start + 1)
    return None


def _int(v, lo, hi):
    return isinstance(v, int) and not isinstance(v, bool) and lo <= v <= hi


def _opt_int(m, key, lo, hi):
    return key not in m or m[key] is None or _int(m[key], lo, hi)


def _event_fault(e):
    if not isinstance(e, dict):
        return "its event is not an object"
    if not isinstance(e.get("type"), str) or len(e["type"]) > 40:
        return "its event has no type"
    if not _opt_int(e, "game", 0, MAX_GAME) or not _opt_int(e, "seq", 0, MAX_SEQ):
        return "its event's game or seq is not a number in range (game 1..%d, seq 1..%d)" % (
            MAX_GAME, MAX_SEQ)
    return None


def message_fault(m):
    """Why a message from a board cannot be used (wrong types, numbers out of
    range, lists too long), or None. Kinds this host does not know pass (a newer
    board's); their fields are never read."""
    k = m.get("k")
    if not isinstance(k, str):
        return "no message kind"
    if not _opt_int(m, "re", 0, 0xFFFF):
        return "its re is not a frame number"
    if k in ("ev", "log"):
        return _event_fault(m.get("e"))
    if k == "eog":
        if not (_int(m.get("game"), 0, MAX_GAME) and _int(m.get("last"), 0, MAX_SEQ)
                and _opt_int(m, "next", 0, MAX_GAME)):
            return "eog needs game, last and next as numbers in range"
    elif k == "done":
        if not (_int(m.get("last"), 0, MAX_SEQ) and _opt_int(m, "game", 0, MAX_GAME)):
            return "done needs last as a seq in range"
    elif k == "games":
        g = m.get("games")
        if not isinstance(g, list) or len(g) > MAX_GAMES:
            return "games must be a list of at most %d [game, last seq] pairs" % MAX_GAMES
        for x in g:
            if not (isinstance(x, list) and len(x) == 2 and _int(x[0], 1, MAX_GAME)
                    and _int(x[1], 0, MAX_SEQ)):
                return "games must be [[game 1..%d, last seq 0..%d], ...], not %s" % (
                    MAX_GAME, MAX_SEQ, _show(x, 40))
    elif k in ("tick", "hello"):
        if not (_opt_int(m, "game", 0, MAX_GAME) and _opt_int(m, "seq", 0, MAX_SEQ)):
            return "%s needs game and seq as numbers in range" % k
        if k == "hello":
            for key in ("serial", "fw", "profile"):
                if key in m and not (isinstance(m[key], str) and len(m[key]) <= 64):
                    return "hello's %s must be a text of at most 64 characters" % key
            if "size" in m and not _int(m["size"], 2, 25):
                return "hello's size must be 2..25"
    elif k == "state":
        if not isinstance(m.get("state"), dict):
            return "state needs a state object"
    elif k == "error":
        if not isinstance(m.get("msg"), str):
            return "error needs a msg text"
    return None


def _show(x, n=80):
    """A short one-line picture of what a board sent (a text as it is, its
    control characters escaped; anything else as JSON)."""
    try:
        text = json.dumps(x, ensure_ascii=True)
        if isinstance(x, str):
            text = text[1:-1]
    except (TypeError, ValueError, RecursionError):
        text = repr(type(x))
    return text if len(text) <= n else text[:n - 3] + "..."


def _token():
    """A request's id: the board answers a request sent again with the same id once."""
    return "%08x" % random.getrandbits(32)


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
            except (serial.SerialException, OSError):
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
        except (serial.SerialException, OSError) as e:
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
        except (serial.SerialException, OSError, TypeError) as e:
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
                self.name(), what, "; it sent " + _show(sent) if sent is not None else "")})
            return
        if what in self.said or len(self.said) > 20:
            return
        self.said.add(what)
        line = "%s broke the link protocol: %s%s (ignored, resynchronising)" % (
            self.name(), what, "; it sent " + _show(sent) if sent is not None else "")
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
            self.violation(fault, msg, re if _int(re, 0, 0xFFFF) else None)
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
                        raise LinkError("%s: %s" % (self.name(), _show(m.get("msg"), 200)))
                    if m.get("re") in ids and k == VIOLATION:
                        raise LinkError(m["msg"])
                    if k == "bad":
                        break
                    self._hold(held, m)
            raise LinkError("%s does not answer %r" % (self.name(), msg.get("k")))
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
                            % (self.name(), _show(m.get("proto"), 20), PROTO))
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
        msg = {"k": "new", "rules": rules, "handicap": int(handicap or 0), "id": _token()}
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
        msg = dict(fields, k="players", id=_token())
        return self.request(msg, "players", timeout=timeout)["e"]

    def clock(self, timeout=2.0, **req):
        """Set, pause or correct the board's clock: spec="byoyomi:600+3x30" (a new
        system, both sides full), pause=True/False, B={...}/W={...} (main, period
        in ms; periods, moves, penalty). Returns the `clock` event the board
        logged; LinkError if refused. Sent again after a lost answer, it acts once."""
        msg = dict(req, k="clock", id=_token())
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
                    raise LinkError("%s: %s" % (self.name(), _show(m.get("msg"), 200)))
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


class Sequencer:
    """Releases events in (game, seq) order exactly once. The cursor (game,
    seq) is the last event released; a game's successor is known from an
    "eog" (end of game) message, so a lost tail of a game is never skipped."""

    def __init__(self, game=0, seq=0):
        self.game = game
        self.seq = seq
        self.ahead = {}
        self.ends = {}       # game -> (its last seq, the next game)
        self.behind = False  # something is known to be missing

    def offer(self, ev):
        g = ev.get("game")
        s = ev.get("seq")
        if not g or not s:
            return [ev]  # a live-only event outside the log: nothing to order
        if (g, s) <= (self.game, self.seq):
            return []
        if len(self.ahead) >= MAX_HELD and (g, s) != (self.game, self.seq + 1):
            # held without bound this would be a board's way to exhaust the host:
            # keep the nearest, read the rest back once the gap is filled
            far = max(self.ahead)
            if far < (g, s):
                self.behind = True
                return []
            del self.ahead[far]
        self.ahead[(g, s)] = ev
        return self._drain()

    def end_of_game(self, game, last, nxt=None):
        if game < self.game:
            return []
        if len(self.ends) >= MAX_HELD:
            self.ends.pop(max(self.ends))
        self.ends[game] = (last, nxt or game + 1)
        return self._drain()

    def tick(self, game, seq):
        if game and (game, seq) > (self.game, self.seq):
            self.behind = True

    def _drain(self):
        out = []
        while True:
            ev = self.ahead.pop((self.game, self.seq + 1), None)
            if ev is not None:
                out.append(ev)
                self.seq += 1
                continue
            end = self.ends.get(self.game)
            if end and end[0] <= self.seq and end[1] and (end[1], 1) in self.ahead:
                self.ends.pop(self.game)
                self.game, self.seq = end[1], 0
                continue
            break
        if self.ahead:
            self.behind = True
        return out


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
