"""The events the host holds of each game, so a sync resumes where it stopped.

One JSON-lines file per game of a board, `<out>/.goboard/<serial>/<game>.jsonl`,
appended in seq order and never rewritten; a line cut short by a crash is
ignored (and the events after it fetched again). A small `<game>.meta.json`
keeps what must not change from one sync to the next (the date first seen),
so the SGF written from a journal is the same every time.
"""

import datetime
import fcntl
import json
import os
import re

from goboard.errors import UserError

# A game's events as the journal holds them: a board's whole log is at most 16 MB
# (profile log.max_bytes) and a real game a few hundred KB; a "game" larger than
# this is a board breaking the protocol, refused before it costs the host memory.
MAX_GAME_BYTES = 4 << 20


def clean_name(text):
    """A board serial as a file-name part."""
    return re.sub(r"[^A-Za-z0-9._-]+", "_", str(text or "board")).strip("._") or "board"


class Journal:
    def __init__(self, out, serial):
        self.out = out
        self.serial = clean_name(serial)
        self.dir = os.path.join(out, ".goboard", self.serial)
        self._cache = {}
        self._bytes = {}
        self._dirty = set()

    def _path(self, game, ext):
        return os.path.join(self.dir, "%06d.%s" % (game, ext))

    def games(self):
        if not os.path.isdir(self.dir):
            return []
        return sorted(int(n[:6]) for n in os.listdir(self.dir)
                      if n.endswith(".jsonl") and n[:6].isdigit())

    def events(self, game):
        """The events held for a game: contiguous from seq 1."""
        if game in self._cache:
            return self._cache[game]
        out = []
        self._dirty.discard(game)
        try:
            with open(self._path(game, "jsonl"), "rb") as f:
                for line in f:
                    try:
                        ev = json.loads(line) if line.endswith(b"\n") else None
                    except ValueError:
                        ev = None
                    if not isinstance(ev, dict) or ev.get("seq") != len(out) + 1:
                        self._dirty.add(game)  # cut short or damaged: fetched again
                        break
                    out.append(ev)
        except FileNotFoundError:
            pass
        self._cache[game] = out
        try:
            self._bytes[game] = os.path.getsize(self._path(game, "jsonl"))
        except OSError:
            self._bytes[game] = 0
        return out

    def forget(self, game):
        """Drop a game's events from memory (read again from the file when needed):
        a sync of many games holds one at a time."""
        self._cache.pop(game, None)

    def have(self, game):
        return len(self.events(game))

    def add(self, game, events):
        """Append events (seq order); those already held are skipped. Returns how many were new."""
        held = self.events(game)
        new = [e for e in events if e.get("seq", 0) > len(held)]
        if not new:
            return 0
        os.makedirs(self.dir, exist_ok=True)
        path = self._path(game, "jsonl")
        if game in self._dirty:
            self._rewrite(path, held)
            self._dirty.discard(game)
        added = 0
        with open(path, "ab") as f:
            for e in new:
                if e["seq"] != len(held) + 1:
                    break
                line = json.dumps(e, ensure_ascii=False, sort_keys=True).encode() + b"\n"
                size = self._bytes.get(game, 0) + len(line)
                if size > MAX_GAME_BYTES:
                    raise UserError("game %d of board %s: more than %d MB of events (no board "
                                    "logs that much): the rest is refused"
                                    % (game, self.serial, MAX_GAME_BYTES >> 20))
                f.write(line)
                self._bytes[game] = size
                held.append(e)
                added += 1
        return added

    def _rewrite(self, path, held):
        tmp = path + ".tmp"
        with open(tmp, "wb") as f:
            for e in held:
                f.write(json.dumps(e, ensure_ascii=False, sort_keys=True).encode() + b"\n")
        os.replace(tmp, path)

    def meta(self, game, given=None):
        """{"seen": "YYYY-MM-DD", and the EV/RO/PB/PW given to a sync}: kept from
        the first sync, so a later sync without them writes the same file."""
        path = self._path(game, "meta.json")
        try:
            with open(path) as f:
                meta = json.load(f)
        except (FileNotFoundError, ValueError):
            meta = {"seen": datetime.date.today().isoformat()}
        changed = not os.path.exists(path)
        for k, v in (given or {}).items():
            if meta.get(k) != v:
                meta[k] = v
                changed = True
        if changed:
            os.makedirs(self.dir, exist_ok=True)
            with open(path, "w") as f:
                json.dump(meta, f)
        return dict(meta)


class FolderLock:
    """One writer per --out folder: a second `sync` (or demo) into the same folder
    waits for nothing and interleaves nothing; it stops with one line instead."""

    def __init__(self, out):
        self.path = os.path.join(out, ".goboard", ".lock")
        self.fd = None

    def __enter__(self):
        try:
            os.makedirs(os.path.dirname(self.path), exist_ok=True)
            self.fd = os.open(self.path, os.O_RDWR | os.O_CREAT, 0o644)
        except OSError as e:
            raise UserError("cannot write to %s: %s" % (os.path.dirname(os.path.dirname(self.path)),
                                                        e.strerror or e)) from None
        try:
            fcntl.flock(self.fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            try:
                other = os.pread(self.fd, 32, 0).decode("ascii", "replace").strip()
            except OSError:
                other = ""
            os.close(self.fd)
            self.fd = None
            raise UserError("another goboard%s is writing into %s: let it finish, or "
                            "give this one another --out"
                            % (" (pid %s)" % other if other.isdigit() else "",
                               os.path.dirname(os.path.dirname(self.path)))) from None
        try:
            os.ftruncate(self.fd, 0)
            os.pwrite(self.fd, b"%d\n" % os.getpid(), 0)
        except OSError:
            pass  # a full disk: the lock holds all the same
        return self

    def __exit__(self, *exc):
        if self.fd is not None:
            os.close(self.fd)
            self.fd = None
