"""The board's end of the serial link: framed messages the host can trust.

A frame is one ASCII line, so it survives a USB CDC console (the REPL's own
output in between is skipped by the host) and can be read by eye:

    ~<fseq> <json> <crc32 as 8 lowercase hex digits>\\n

`fseq` counts the frames one side sent (0..65535, wrapping); the CRC-32 covers
the bytes between `~` and the space before it. The JSON object's "k" names the
message (see host/README.md, "Link protocol"). The host can lose nothing: every
referee event carries (game, seq) from the game log, so a garbled, truncated or
missing frame is asked for again with a "nak" naming the last event the host
holds, and the board answers from the log. A garbled request gets "bad" and the
host sends it again.

Never blocks and allocates next to nothing: input is read a byte at a time
while `select.poll` says there is one, into a fixed line buffer; an event's
frame and the heartbeat are put together in a buffer made at boot (the log's
JSON copied in, the CRC written where it goes: nothing of it on the heap);
other messages (answers to the host) make their JSON; a read-back is paced
over calls of `poll()` so the board loop keeps its period.
"""

import json
import sys

import select
import time

from goban.crc import crc32
from goban.players import FIELDS as GAME_FIELDS


_TICKS_DIFF = getattr(time, "ticks_diff", None)


def ticks_diff(a, b):
    """time.ticks_diff on MicroPython (wrapping ticks); plain a - b on CPython."""
    if _TICKS_DIFF is not None:
        return _TICKS_DIFF(a, b)
    return a - b


PROTO = 1
FW_VERSION = "0.1.0"
RX_MAX = 512          # longest request line the board accepts (names in UTF-8)
READ_BURST = 4        # read-back frames sent per poll()
RX_BUDGET = 512       # input bytes handled per poll()
TICK_MS = 1000        # a heartbeat after this long without a frame
TX_MAX = 512          # the product image's Link.tx: an event's frame, a heartbeat
# (60-400 bytes) is put together there; a longer one (a count's) the plain way
# MicroPython's streams write the first n bytes of a buffer: write(buf, n)
_WRITE_N = sys.implementation.name == "micropython"
_EV_HEAD = b'{"k":"ev","e":'
_TICK_HEAD = b'{"k":"tick","game":'


def frame_bytes(fseq, body):
    """The frame for JSON text `body` (str) sent as number `fseq`."""
    head = ("%d " % fseq).encode() + body.encode()
    c = crc32(head) & 0xFFFFFFFF
    return b"~" + head + (" %08x\n" % c).encode()


def parse_frame(line):
    """(fseq, message dict) of one frame line (bytes after `~`, without the
    newline), or None if it is garbled: bad CRC, bad number, bad JSON."""
    n = len(line)
    if n < 12 or line[n - 9] != 0x20:
        return None
    head = line[:n - 9]
    if ("%08x" % (crc32(head) & 0xFFFFFFFF)).encode() != bytes(line[n - 8:]):
        return None  # exact lowercase digits: a flipped case bit is damage too
    sp = head.find(b" ")
    if sp <= 0:
        return None
    try:
        fseq = int(head[:sp])
        msg = json.loads(head[sp + 1:])
    except (ValueError, TypeError):
        return None
    if not isinstance(msg, dict):
        return None
    return fseq, msg


def board_serial():
    """The RP2040's flash unique id as hex (the board's serial number), or ""."""
    try:
        import machine
        import binascii
        return binascii.hexlify(machine.unique_id()).decode().upper()
    except (ImportError, AttributeError):
        return ""


class Link:
    """One serial link. `stream` has read/readinto and write (sys.stdin.buffer
    on the Pico with `out`=sys.stdout.buffer; a pty opened "r+b" in the unix
    port). `log` is the GameLog the host reads back; `info` gives hello's fields
    (serial, profile, size); `state` is a function returning the referee's
    current state as a dict (the full dump the host asks for); `new_game(rules,
    komi, handicap, force[, game])` starts the game the host sends (BoardLoop.host_new_game:
    returns the game-start event, raises ValueError to refuse; `game`: players,
    event, round, clock spec); `players(fields)` sets who plays in the current
    game and `clock(request)` sets, pauses or corrects its clock (each returns
    the event it logged, ValueError to refuse); `expect(msg)` and `undo(msg)`
    serve the host's side of the game (goban.remote: its move lit and awaited, a
    takeback; each returns the answer's fields, ValueError to refuse);
    `raw()` gives the raw stream its frame ((readings, wired, scales):
    BoardLoop.raw_frame) and `diag(msg)` serves the board's diagnostics
    (goban.diag.request: the answer's fields, ValueError to refuse)."""

    def __init__(self, stream, out=None, log=None, info=None, state=None, now_ms=0,
                 new_game=None, players=None, clock=None, expect=None, undo=None, tx=0,
                 raw=None, diag=None, json_buf=None):
        self.inp = stream
        self.out = out if out is not None else stream
        self.flush = getattr(self.out, "flush", None)   # bound once: none a frame
        self.log = log
        self.info = info = dict(info or {})
        if not info.get("serial"):
            info["serial"] = board_serial()
        self.state_fn = state
        self.new_fn = new_game
        self.players_fn = players
        self.clock_fn = clock
        self.expect_fn = expect
        self.undo_fn = undo
        self.raw_fn = raw
        self.diag_fn = diag
        self.now = now_ms
        self.raw_every = 0     # the raw stream: its period (0: off), next frame, end
        self.raw_next = 0
        self.raw_until = 0
        self.raw_n = 0         # raw frames sent
        self.raw_buf = None    # the packed readings (made at the first request)
        self.answered = {}     # kind -> (id, answer) of the last request with an id: a
        #                        request sent again (its answer lost) acts only once
        self.fseq = 0
        # an event's frame and the heartbeat are put together in a buffer
        # (goban.outbuf) when main.py gives one (the product image: tx=TX_MAX);
        # without, every frame is made the plain way
        self.frame = None
        # an event without the log's JSON (a bowls reading) has its JSON made in
        # this buffer (goban.outbuf.Json, the game log's) when main.py gives one
        self.json_buf = json_buf
        if tx:
            from goban.outbuf import Frame
            self.frame = Frame(tx)
        self.rx = bytearray(RX_MAX)
        self.rxn = -1          # -1: outside a frame; else bytes held after '~'
        self.one = bytearray(1)
        self.poller = None
        try:
            self.poller = select.poll()
            self.poller.register(stream, select.POLLIN)
        except (AttributeError, OSError, TypeError, ValueError):
            self.poller = None  # a stream poll cannot watch: read as if ready
        # MicroPython's ipoll yields its own reused tuple: asking every step whether
        # the host sent anything allocates nothing (poll() returns a new list)
        self.ipoll = getattr(self.poller, "ipoll", None)
        self.game = 0
        self.seq = 0
        if log is not None:
            try:
                g = log.current_game()
                if g:
                    self.game = g
                    last = log.last_event(g)
                    self.seq = last["seq"] if last else 0
            except (AttributeError, OSError, ValueError, KeyError):
                pass
        self.last_tx = now_ms
        # the read-back in progress: request id, game, next seq, last seq (0: to
        # the end), whether it runs on into the later games
        self.cur_re = -1
        self.cur_game = 0
        self.cur_seq = 0
        self.cur_to = 0
        self.cur_span = False
        self.stats_bad = 0
        self.hello(None)

    # --- sending --------------------------------------------------------------
    def _send(self, body):
        self._write(frame_bytes(self.fseq, body), -1)

    def _write(self, data, n):
        """A whole frame out (n >= 0: the first n bytes of data), counted."""
        self.fseq = (self.fseq + 1) & 0xFFFF
        try:
            if n < 0:
                self.out.write(data)
            elif _WRITE_N:
                self.out.write(data, n)
            else:
                self.out.write(bytes(data[:n]))
        except OSError:
            pass  # the host is gone; the log keeps everything
        f = self.flush
        if f is not None:
            try:
                f()
            except OSError:
                pass

    def _msg(self, k, re, fields):
        d = {"k": k}
        if re is not None:
            d["re"] = re
        for key in fields:
            d[key] = fields[key]
        self._send(json.dumps(d))

    def send_event(self, ev, payload=None):
        """A referee event, live. Called by the board loop after the game log
        gave it (game, seq); events without them are sent as they are.
        `payload`: its JSON already made (the log's record's: bytes, or the
        JSON buffer both were given), not made again (a count's JSON is dear
        on the RP2040)."""
        jb = self.json_buf
        if jb is not None and payload is jb.buf:
            g = jb.game                 # the log's record: game and seq in its JSON alone
            s = jb.seq
        else:
            g = ev.get("game", 0)
            s = ev.get("seq", self.seq)
        if g and self.game and g != self.game:
            # the previous game is closed: tell the host where it ended
            last = self.seq
            if self.log is not None:
                try:
                    last = self.log.last_seq(self.game)
                except (OSError, ValueError, KeyError):
                    pass
            self._msg("eog", None, {"game": self.game, "last": last, "next": g})
        if g:
            self.game = g
            self.seq = s
        fr = self.frame
        k = 0
        if jb is not None:
            if payload is None and fr is not None:
                k = jb.dump(ev)         # a bowls reading: none of it on the heap
                if k:
                    payload = jb.buf
            elif payload is jb.buf:     # the log's record, made there
                k = jb.n
        if payload is None:
            payload = json.dumps(ev).encode()
        if not k:
            k = len(payload)
        if fr is not None:
            fr.begin(self.fseq)
            fr.add(_EV_HEAD)
            fr.add_n(payload, k)
            fr.add(b"}")
            n = fr.end()
            if n:
                self._write(fr.buf, n)
                return True
        if k < len(payload):
            payload = bytes(payload[:k])
        # no buffer, or longer than it (a count's can be): the plain way
        self._send('{"k":"ev","e":' + str(payload, "utf-8") + "}")
        return True

    def hello(self, re):
        fields = {"proto": PROTO, "fw": self.info.get("fw", FW_VERSION),
                  "serial": self.info.get("serial", ""), "profile": self.info.get("profile", ""),
                  "size": self.info.get("size", 19), "game": self.game, "seq": self.seq}
        self._msg("hello", re, fields)

    # --- the loop's call --------------------------------------------------------
    def poll(self, now_ms):
        """Handle what the host sent, pace a read-back, keep the heartbeat.
        Returns at once; call it every loop period."""
        sent = self.fseq
        self.now = now_ms
        self._receive()
        if self.cur_re >= 0:
            self._pump()
        elif self.raw_every and ticks_diff(now_ms, self.raw_next) >= 0:
            if ticks_diff(now_ms, self.raw_until) >= 0:
                self.raw_every = 0      # nobody asked again: the stream ends
            else:
                self._raw_frame(None)
        if self.fseq != sent:
            self.last_tx = now_ms
        elif ticks_diff(now_ms, self.last_tx) >= TICK_MS:
            fr = self.frame
            n = 0
            if fr is not None:  # {"k":"tick","game":G,"seq":S}
                fr.begin(self.fseq)
                fr.add(_TICK_HEAD)
                fr.add_uint(self.game)
                fr.add(b',"seq":')
                fr.add_uint(self.seq)
                fr.add(b"}")
                n = fr.end()
            if n:
                self._write(fr.buf, n)
            else:
                self._msg("tick", None, {"game": self.game, "seq": self.seq})
            self.last_tx = now_ms

    def _ready(self):
        if self.poller is None:
            return True
        ipoll = self.ipoll
        for ev in (ipoll(0) if ipoll is not None else self.poller.poll(0)):
            if ev[1] & select.POLLIN:
                return True
        return False

    def _receive(self):
        budget = RX_BUDGET
        one = self.one
        while budget > 0 and self._ready():
            try:
                n = self.inp.readinto(one)
            except OSError:
                return
            if not n:
                return
            budget -= 1
            b = one[0]
            if b == 0x7E:  # '~': a frame starts (a truncated one before it is dropped)
                if self.rxn > 0:
                    self.stats_bad += 1
                self.rxn = 0
            elif self.rxn < 0:
                continue  # noise between frames
            elif b == 0x0A or b == 0x0D:
                n = self.rxn
                self.rxn = -1
                if n:
                    self._frame(n)
            elif self.rxn >= RX_MAX:
                self.rxn = -1  # too long to be ours
                self.stats_bad += 1
                self._msg("bad", None, {})
            else:
                self.rx[self.rxn] = b
                self.rxn += 1

    def _frame(self, n):
        got = parse_frame(bytes(memoryview(self.rx)[:n]))
        if got is None:
            self.stats_bad += 1
            self._msg("bad", None, {})
            return
        fseq, msg = got
        try:
            self._request(fseq, msg)
        except (KeyError, TypeError, ValueError) as e:
            self._msg("error", fseq, {"msg": "bad request: %s" % e})
        except Exception as e:     # a fault of the board's: said, and the board plays on
            self._msg("error", fseq, {"msg": "the board failed on %s: %s %s" % (
                msg.get("k"), type(e).__name__, e)})

    def _request(self, re, msg):
        k = msg.get("k")
        if k == "hello":
            self.hello(re)
        elif k == "state":
            st = self.state_fn() if self.state_fn is not None else {}
            self._msg("state", re, {"game": self.game, "seq": self.seq, "state": st})
        elif k == "games":
            out = []
            if self.log is not None:
                for g in self.log.games():
                    e = self.log.last_event(g)
                    out.append([g, e["seq"] if e else 0])
            self._msg("games", re, {"games": out})
        elif k == "read":
            # one game, seqs from..to (to 0 or absent: to its end)
            self._start(re, int(msg["game"]), int(msg.get("from") or 1),
                        int(msg.get("to") or 0), False)
        elif k == "nak":
            # the host's last good event is (game, seq): everything after it again
            self._start(re, int(msg.get("game") or 0), int(msg.get("seq") or 0) + 1, 0, True)
        elif k == "new":
            self._once(re, msg, self._new)
        elif k == "players":
            self._once(re, msg, self._players)
        elif k == "clock":
            self._once(re, msg, self._clock)
        elif k in ("expect", "undo"):
            self._remote(re, k, msg)
        elif k == "raw":
            self._raw_request(re, msg)
        elif k == "diag":
            self._remote(re, k, msg)
        elif k == "ping":
            self._msg("pong", re, {"t": msg.get("t")})
        else:
            self._msg("error", re, {"msg": "unknown request %r" % (k,)})

    def _once(self, re, msg, handler):
        """A request that changes the game: the same id again answers as before."""
        k = msg["k"]
        rid = msg.get("id")
        prev = self.answered.get(k)
        if rid is not None and prev is not None and prev[0] == rid:
            self._msg(k, re, prev[1])
            return
        ans = handler(msg)
        if ans is None:
            self._msg("error", re, {"msg": "this board takes no %s request from the host" % k})
            return
        if rid is not None:
            self.answered[k] = (rid, ans)
        self._msg(k, re, ans)

    def _new(self, msg):
        """A new game chosen on the host: rules, komi (absent: the rules'),
        handicap, force (a game in play is dropped), players, event, round,
        clock (a spec: goban.clock), setup (black's free handicap stones, SGF
        points), placement ("free": black places the handicap anywhere on the
        board), id (the host's token)."""
        if self.new_fn is None:
            return None
        komi = msg.get("komi")
        game = {}
        for key in GAME_FIELDS + ("clock", "setup", "placement"):
            if msg.get(key) is not None:
                game[key] = msg[key]
        rules = str(msg["rules"])
        handicap = int(msg.get("handicap") or 0)
        force = bool(msg.get("force"))
        if game:
            ev = self.new_fn(rules, komi, handicap, force, game)
        else:
            ev = self.new_fn(rules, komi, handicap, force)
        ans = {"game": ev.get("game", 0), "rules": ev.get("rules"), "komi": ev.get("komi"),
               "handicap": ev.get("handicap", 0), "first": ev.get("first")}
        for key in game:
            ans[key] = ev.get(key)
        return ans

    def _players(self, msg):
        """Players and game data for the current game: {black, white, black_rank,
        white_rank, event, round}; answered with the `players` event logged."""
        return self._pass_on(self.players_fn, msg)

    def _clock(self, msg):
        """The clock: {spec, pause, B, W} (goban.clock.Clock.host); answered with
        the `clock` event logged."""
        return self._pass_on(self.clock_fn, msg)

    def _pass_on(self, fn, msg):
        if fn is None:
            return None
        return {"e": fn({k: msg[k] for k in msg if k not in ("k", "id")})}

    def _remote(self, re, k, msg):
        """The host's side of the game (goban.remote): `expect` {color, move:
        "dd" / "pass" / "resign" / "wait"} or {clear, note}, and `undo`. A
        refusal is an `error` whose msg starts with its code ("ko: ...")."""
        fn = self.expect_fn if k == "expect" else self.undo_fn if k == "undo" else self.diag_fn
        try:
            self._once(re, msg, (lambda m: None) if fn is None else fn)
        except ValueError as e:
            self._msg("error", re, {"msg": str(e)})

    def note(self, k, fields):
        """A message of the board's own (goban.diag's progress: `walk`, `press`)."""
        self._msg(k, None, fields)

    # --- the raw stream -----------------------------------------------------------
    def _raw_request(self, re, msg):
        """`raw` {every, for}: the raw readings (goban.rawstream: loaded when
        first asked, so a board that never streams never pays for it)."""
        from goban.rawstream import raw_request
        raw_request(self, re, msg)

    def _raw_frame(self, re):
        from goban.rawstream import raw_send
        raw_send(self, re)

    # --- reading the log back ---------------------------------------------------
    def _start(self, re, game, seq, to, span):
        if self.log is None:
            self._msg("error", re, {"msg": "no game log"})
            return
        if not span and game not in self.log.games():
            self._msg("error", re, {"msg": "no game %d in the log" % game})
            return
        if span and game not in self.log.games():
            # a game the log no longer has (or 0: the host has nothing yet):
            # say where the log goes on, so the host can step over it
            nxt = self._next_game(game)
            self._msg("eog", re, {"game": game, "last": seq - 1, "next": nxt})
            game = nxt
            seq = 1
        self.cur_re = re
        self.cur_game = game
        self.cur_seq = seq if seq > 0 else 1
        self.cur_to = to
        self.cur_span = span

    def _next_game(self, game):
        best = 0
        for g in self.log.games():
            if g > game and (best == 0 or g < best):
                best = g
        return best

    def _pump(self):
        g = self.cur_game
        sent = 0
        more = False
        if g:
            for ev in self.log.events(g, self.cur_seq, READ_BURST + 1):
                s = ev.get("seq", 0)
                if self.cur_to and s > self.cur_to:
                    break
                if sent == READ_BURST:
                    more = True
                    break
                self._send('{"k":"log","re":%d,"e":%s}' % (self.cur_re, json.dumps(ev)))
                self.cur_seq = s + 1
                sent += 1
        if more:
            return
        if self.cur_span and g:
            nxt = self._next_game(g)
            if nxt:
                self._msg("eog", self.cur_re, {"game": g, "last": self.cur_seq - 1, "next": nxt})
                self.cur_game = nxt
                self.cur_seq = 1
                return
        self._msg("done", self.cur_re, {"game": g, "last": self.cur_seq - 1})
        self.cur_re = -1
