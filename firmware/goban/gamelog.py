"""The game log on flash: every event of every game, append-only, power-safe.

Layout: one directory (the profile's log.dir), one file per game named
"000007.log" (game 7). A file is a run of records
    [2-byte big-endian length n][n bytes of payload][4-byte big-endian crc32(payload)]
where the payload is the event as compact JSON with "game" and "seq" added
(self-describing: a file can be read without the directory around it). The
events of a game are numbered from 1 in file order, so record k is seq k + 1.

Power cut at any byte: a record is written (its length, its JSON, its CRC) and
then flushed (and fsync'd / os.sync'd where the platform has it): on LittleFS
nothing of it is committed before the flush. On start-up the newest
game is scanned record by record; an incomplete last record (the cut) is
dropped, and the file is rewritten to the good prefix (via a temporary file
and an atomic rename: MicroPython files cannot be truncated), so appending
continues on clean framing. On LittleFS the flush itself is a commit, so a cut
normally loses at most the event being written.

Damage (a flipped byte: checksum mismatch, or an impossible length) stops
reading at the last good event before it; it is reported in GameLog.damage
(a list of dicts: game, seq of the last good event, offset, reason), never
raised. When it is in the current game, the unreadable tail is kept in
"000007.bad" for inspection and the game continues after the last good event.

Space: the log keeps at most log.max_games games and about log.max_bytes
bytes; when a new game starts (or a write finds the flash full) the oldest
games are deleted first, never the current game nor the one before it (the
host may not have fetched it yet).
"""

import json
import os

from goban.crc import crc32

MAX_RECORD = 4096  # a longer length field is damage, not an event
# how a record is made durable, looked up once (not an exception a record)
_FSYNC = getattr(os, "fsync", None)
_OS_SYNC = getattr(os, "sync", None)
_MARK_EVERY = 16  # the current game keeps the offset of every 16th record


def payload_of(event):
    """A record's payload: the event as compact JSON (bytes)."""
    payload = json.dumps(event, separators=(",", ":")).encode()
    if len(payload) > MAX_RECORD:
        raise ValueError("event too long for the log (%d bytes)" % len(payload))
    return payload


def encode(event):
    """One record for an event dict (GameLog writes the same in three pieces)."""
    payload = payload_of(event)
    n = len(payload)
    return bytes((n >> 8, n & 0xFF)) + payload + crc32(payload).to_bytes(4, "big")


def read_record(f):
    """Read one record at the file position.
    Returns (payload bytes, None) or (None, reason) where reason is "end"
    (clean end of file), "cut" (incomplete last record), "length" or
    "checksum" (damage)."""
    head = f.read(2)
    if not head:
        return None, "end"
    if len(head) < 2:
        return None, "cut"
    n = (head[0] << 8) | head[1]
    if n == 0 or n > MAX_RECORD:
        return None, "length"
    body = f.read(n + 4)
    if len(body) < n + 4:
        return None, "cut"
    payload = body[:n]
    if crc32(payload) != int.from_bytes(body[n:], "big") or payload[0] != 0x7B:  # '{'
        return None, "checksum"
    return payload, None


def _exists(path):
    try:
        os.stat(path)
        return True
    except OSError:
        return False


def _size(path):
    try:
        return os.stat(path)[6]
    except OSError:
        return 0


class GameLog:
    """GameLog(path): the log in directory path (created if missing)."""

    def __init__(self, path="games", max_bytes=512 * 1024, max_games=100, durable=True,
                 json_buf=None):
        self.path = path.rstrip("/") or "/"
        self.max_bytes = max_bytes
        self.max_games = max_games
        self.durable = durable
        self.damage = []
        self._f = None
        self._seq = 0
        self._last = None
        self.last_payload = None   # the last appended event's JSON (bytes; json_buf.buf)
        self._head = bytearray(2)  # a record's length is written from here
        # the product image's records are made in buffers made at boot
        # (goban.outbuf.Json, main.py): nothing of a record on the heap
        self.json_buf = json_buf
        self._crc = bytearray(4)
        if json_buf is not None:
            from goban.outbuf import crc32_into
            self._crc32_into = crc32_into
        self._marks = []
        self._reported = set()
        self.closed = (None, 0)    # the game new_game just closed, and its last seq
        if not _exists(self.path):
            os.mkdir(self.path)
        self._sizes = {}
        for name in os.listdir(self.path):
            if name.endswith(".tmp"):
                os.remove(self._join(name))
            elif name.endswith(".log") and len(name) == 10:
                try:
                    g = int(name[:6])
                except ValueError:
                    continue
                self._sizes[g] = _size(self._join(name))
        self._cur = max(self._sizes) if self._sizes else None
        if self._cur is not None:
            self._recover(self._cur)

    # ---- names -------------------------------------------------------------
    def _join(self, name):
        return self.path + "/" + name

    def file(self, game):
        """The file holding a game."""
        return self._join("%06d.log" % game)

    # ---- reading -----------------------------------------------------------
    def games(self):
        """The game numbers in the log, oldest first."""
        return sorted(self._sizes)

    def current_game(self):
        """The game events are appended to (the newest), or None."""
        return self._cur

    def _report(self, game, seq, offset, reason):
        key = (game, offset)
        if key not in self._reported:
            self._reported.add(key)
            self.damage.append({"game": game, "seq": seq, "offset": offset, "reason": reason})

    def _read(self, f, game, seq):
        """The next record's payload, or None at the end or at damage (reported)."""
        at = f.tell()
        payload, why = read_record(f)
        if payload is None and why != "end":
            self._report(game, seq - 1, at, why)
        return payload

    def events(self, game, start_seq=1, limit=None):
        """Iterate the events (dicts) of a game from start_seq, at most limit
        of them. Stops at damage (reported in self.damage). Unknown game:
        nothing."""
        if game not in self._sizes or (limit is not None and limit <= 0):
            return
        if start_seq < 1:
            start_seq = 1
        try:
            f = open(self.file(game), "rb")
        except OSError:
            return
        try:
            seq = 1
            if game == self._cur and self._marks and start_seq > 1:
                k = (start_seq - 1) // _MARK_EVERY
                if k >= len(self._marks):
                    k = len(self._marks) - 1
                f.seek(self._marks[k])
                seq = k * _MARK_EVERY + 1
            verified = game == self._cur  # checked record by record at start-up
            while seq < start_seq:
                if verified:  # hop by the length fields
                    head = f.read(2)
                    if len(head) < 2:
                        return
                    f.seek(((head[0] << 8) | head[1]) + 4, 1)
                elif self._read(f, game, seq) is None:  # an older game: each record checked
                    return
                seq += 1
            sent = 0
            while limit is None or sent < limit:
                at = f.tell()
                payload = self._read(f, game, seq)
                if payload is None:
                    return
                try:
                    ev = json.loads(payload)
                except ValueError:
                    self._report(game, seq - 1, at, "json")
                    return
                yield ev
                seq += 1
                sent += 1
        finally:
            f.close()

    def last_seq(self, game):
        """The last complete event's seq of the current game or of the one just
        closed, from memory (reading a game back allocates a record at a time:
        at a new game the .mpy install's heap had no room for it); others read."""
        if game == self._cur:
            return self._seq
        if self.closed[0] == game:
            return self.closed[1]
        e = self.last_event(game)
        return e["seq"] if e else 0

    def last_event(self, game=None):
        """The last complete event of a game (default: the current one)."""
        if game is None:
            game = self._cur
        if game is None:
            return None
        if game == self._cur:
            ev = self._last
            if ev is not None and "seq" not in ev:   # made in json_buf: added when asked,
                ev = dict(ev)           # to a copy: the event may be a record the referee
                ev["game"] = game       # fills again (Referee.keep_records), its table
                ev["seq"] = self._seq   # a fresh event's
            return ev
        last = None
        for ev in self.events(game):
            last = ev
        return last

    def count(self, game=None):
        """How many events a game holds (the current one: from memory)."""
        if game is None or game == self._cur:
            return self._seq
        n = 0
        for _ in self.events(game):
            n += 1
        return n

    # ---- start-up recovery -------------------------------------------------
    def _recover(self, game):
        """Scan the current game; drop a cut tail or damage so appends land
        on clean framing; rebuild the seq count, marks and last event."""
        path = self.file(game)
        self._marks = []
        self._seq = 0
        self._last = None
        good = 0
        why = "end"
        last_payload = None
        with open(path, "rb") as f:
            while True:
                if self._seq % _MARK_EVERY == 0:
                    self._marks.append(good)
                payload, why = read_record(f)
                if payload is None:
                    break
                self._seq += 1
                last_payload = payload
                good = f.tell()
        if self._marks and self._marks[-1] == good and self._seq % _MARK_EVERY == 0:
            self._marks.pop()  # a mark for a record that does not exist yet
        if last_payload is not None:
            try:
                self._last = json.loads(last_payload)
            except ValueError:
                self._last = None
        size = _size(path)
        if why != "end":
            self._report(game, self._seq, good, why)
            self._rewrite(path, good, size, keep_tail=(why != "cut"))
        self._sizes[game] = good

    def _rewrite(self, path, good, size, keep_tail):
        tmp = path + ".tmp"
        with open(path, "rb") as src:
            with open(tmp, "wb") as dst:
                left = good
                while left > 0:
                    chunk = src.read(min(left, 1024))
                    if not chunk:
                        break
                    dst.write(chunk)
                    left -= len(chunk)
                self._sync(dst)
            if keep_tail:
                with open(path[:-4] + ".bad", "wb") as bad:
                    while True:
                        chunk = src.read(1024)
                        if not chunk:
                            break
                        bad.write(chunk)
        os.rename(tmp, path)

    # ---- writing -----------------------------------------------------------
    def _sync(self, f):
        f.flush()
        if not self.durable:
            return
        if _FSYNC is not None:
            _FSYNC(f.fileno())      # CPython
        elif _OS_SYNC is not None:
            _OS_SYNC()              # MicroPython ports that have it

    def _open(self):
        if self._f is None:
            self._f = open(self.file(self._cur), "ab")
        return self._f

    def close(self):
        if self._f is not None:
            self._f.close()
            self._f = None

    def new_game(self, start_event):
        """Start a new game with its first event (seq 1); returns its number.
        Makes room first by deleting the oldest games. A current game with no
        complete event (a power cut tore its game-start) is started again under
        its own number, so game numbers never skip."""
        self.close()
        if self._cur is not None and self._seq == 0:
            g = self._cur
            prev = self._prev()
        else:
            prev = self._cur
            g = (self._cur or 0) + 1
            if prev is not None:
                self.closed = (prev, self._seq)   # its last seq, known without reading it
        self._make_room(keep=(g, prev), adding=1)
        self._cur = g
        self._sizes[g] = 0
        self._seq = 0
        self._last = None
        self._marks = []
        with open(self.file(g), "wb"):
            pass
        self.append(start_event)
        return g

    def prepare(self, event):
        """Add "game" and "seq" to the event and make its JSON (bytes: a count's
        is a job of its own on the board), for append(event, payload)."""
        if self._cur is None:
            raise ValueError("no game started: call new_game first")
        event["game"] = self._cur
        event["seq"] = self._seq + 1
        return payload_of(event)

    def append(self, event, payload=None):
        """Add "game" and "seq" to the event, write its record and flush. Returns
        seq. `payload`: its JSON from prepare(event), with nothing appended
        between. `last_payload` is then the event's JSON (the link sends it as
        it is). The record is the one encode() makes."""
        n = 0
        if payload is None:
            jb = self.json_buf
            if jb is not None:
                if self._cur is None:
                    raise ValueError("no game started: call new_game first")
                if "seq" in event:      # (set before: set again, the dict keeps its size)
                    event["game"] = self._cur
                    event["seq"] = self._seq + 1
                    n = jb.dump(event)
                else:   # game and seq in the JSON, not in the dict (last_event adds them)
                    n = jb.dump(event, self._cur, self._seq + 1)
            if n:
                payload = jb.buf
            else:
                payload = self.prepare(event)
        if not n:
            n = len(payload)
            if n > MAX_RECORD:
                raise ValueError("event too long for the log (%d bytes)" % n)
        # the link sends the record's JSON from here: bytes, or the JSON buffer
        # (its first n bytes: the link is given the same buffer)
        self.last_payload = payload
        try:
            self._write(payload, n)
        except OSError:
            # flash full or a failed write: free space, drop any partial
            # record, and try once more
            self.close()
            self._make_room(keep=(self._cur, self._prev()), adding=0, force=True)
            self._recover(self._cur)
            self._write(payload, n)
        mark = self._seq % _MARK_EVERY == 0
        if mark:
            self._marks.append(self._sizes[self._cur])
        self._seq += 1
        self._sizes[self._cur] += n + 6
        self._last = event
        # the space is looked at every 16th record (a sum allocates: a record does
        # not), so the log may pass max_bytes by 16 records before making room
        if mark and sum(self._sizes.values()) > self.max_bytes:
            self._make_room(keep=(self._cur, self._prev()), adding=0)
        return self._seq

    def _write(self, payload, n):
        """One record: [length][payload][crc32], then the flush. n < len(payload):
        the JSON buffer's first n bytes (MicroPython's write(buf, n))."""
        head = self._head
        head[0] = n >> 8
        head[1] = n & 0xFF
        f = self._open()
        f.write(head)
        if n < len(payload):
            f.write(payload, n)
            crc = self._crc
            self._crc32_into(crc, payload, 0, n)
            f.write(crc)
        else:
            f.write(payload)
            f.write(crc32(payload).to_bytes(4, "big"))
        self._sync(f)

    def _prev(self):
        older = [g for g in self._sizes if g != self._cur]
        return max(older) if older else None

    def _make_room(self, keep, adding, force=False):
        """Delete the oldest games (never those in keep) while there are too
        many or they take too much space; force deletes one at least."""
        for g in sorted(self._sizes):
            if g in keep:
                continue
            total = sum(self._sizes.values())
            too_many = len(self._sizes) + adding > self.max_games
            if not (force or too_many or total > self.max_bytes):
                break
            self.delete(g)
            force = False

    def delete(self, game):
        """Remove a game (and its .bad tail); the current game cannot be."""
        if game == self._cur:
            raise ValueError("the current game cannot be deleted")
        for name in (self.file(game), self.file(game)[:-4] + ".bad"):
            try:
                os.remove(name)
            except OSError:
                pass
        self._sizes.pop(game, None)
