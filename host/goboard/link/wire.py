"""The link's wire as the host reads it: what a board may send, and the checks
every message passes before it is used.

The frame codec is the board's own (`goban.link`: `~<fseq> <json> <crc>`); see
host/README.md, "Link protocol". A board may be broken, old or hostile: the
bounds here keep what it sends from costing the host more than a fixed amount
of memory, and a message that breaks them is named in one line (`show`).
"""

import json
import random
import re

from goban.link import parse_frame

# Fixed bounds on what a board may send (a board may be broken, old or hostile:
# nothing it sends may cost the host more than a fixed amount of memory).
MAX_LINE = 16 * 1024      # one frame; the board's own records are at most 4 KB
MAX_DEPTH = 16            # JSON nesting in a frame (the deepest real one is 5)
MAX_GAME = 99999999       # game numbers 1..
MAX_SEQ = 100000          # events in one game
MAX_GAMES = 10000         # entries of a `games` answer (a board's log holds at most 10,000)
MAX_HELD = 1024           # messages held while a request waits; events held after a gap
READ_CHUNK = 500          # events asked for in one read-back
_STRINGS = re.compile(rb'"(?:[^"\\]|\\.)*"')
_BRACKETS = re.compile(rb"[\[\]{}]")


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


def in_range(v, lo, hi):
    """Whether v is a whole number (not a bool) in lo..hi."""
    return isinstance(v, int) and not isinstance(v, bool) and lo <= v <= hi


def _opt_int(m, key, lo, hi):
    return key not in m or m[key] is None or in_range(m[key], lo, hi)


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
        if not (in_range(m.get("game"), 0, MAX_GAME) and in_range(m.get("last"), 0, MAX_SEQ)
                and _opt_int(m, "next", 0, MAX_GAME)):
            return "eog needs game, last and next as numbers in range"
    elif k == "done":
        if not (in_range(m.get("last"), 0, MAX_SEQ) and _opt_int(m, "game", 0, MAX_GAME)):
            return "done needs last as a seq in range"
    elif k == "games":
        g = m.get("games")
        if not isinstance(g, list) or len(g) > MAX_GAMES:
            return "games must be a list of at most %d [game, last seq] pairs" % MAX_GAMES
        for x in g:
            if not (isinstance(x, list) and len(x) == 2 and in_range(x[0], 1, MAX_GAME)
                    and in_range(x[1], 0, MAX_SEQ)):
                return "games must be [[game 1..%d, last seq 0..%d], ...], not %s" % (
                    MAX_GAME, MAX_SEQ, show(x, 40))
    elif k in ("tick", "hello"):
        if not (_opt_int(m, "game", 0, MAX_GAME) and _opt_int(m, "seq", 0, MAX_SEQ)):
            return "%s needs game and seq as numbers in range" % k
        if k == "hello":
            for key in ("serial", "fw", "profile"):
                if key in m and not (isinstance(m[key], str) and len(m[key]) <= 64):
                    return "hello's %s must be a text of at most 64 characters" % key
            if "size" in m and not in_range(m["size"], 2, 25):
                return "hello's size must be 2..25"
    elif k == "state":
        if not isinstance(m.get("state"), dict):
            return "state needs a state object"
    elif k == "error":
        if not isinstance(m.get("msg"), str):
            return "error needs a msg text"
    return None


def show(x, n=80):
    """A short one-line picture of what a board sent (a text as it is, its
    control characters escaped; anything else as JSON)."""
    try:
        text = json.dumps(x, ensure_ascii=True)
        if isinstance(x, str):
            text = text[1:-1]
    except (TypeError, ValueError, RecursionError):
        text = repr(type(x))
    return text if len(text) <= n else text[:n - 3] + "..."


def token():
    """A request's id: the board answers a request sent again with the same id once."""
    return "%08x" % random.getrandbits(32)
