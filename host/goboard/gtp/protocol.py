"""GTP, the Go Text Protocol version 2: the text rules both ends share.

One module for the engine side (`goboard.gtp.engine`: the board answers a
controller such as Sabaki, GoGui, gtp2ogs or twogtp) and the controller side
(`goboard.gtp.client`: `goboard play` driving GNU Go or KataGo, the simulator's
stand-in player, the tests). The specification is Gunnar Farnebäck's "Go Text Protocol, version 2,
draft 2" (http://www.lysator.liu.se/~gunnar/gtp/); what it fixes is written
here once:

- A command line is `[id] command_name [arguments]`; before parsing, control
  characters other than HT and LF are dropped, a `#` starts a comment, HT
  becomes a space, and empty lines are skipped (`preprocess`).
- A response is `=[id] result` or `?[id] error message`, ending with two
  newlines; the result never holds an empty line (`response`). As GNU Go (the
  reference implementation) does, a space follows `=`/`?` and the id.
- Vertices are a column letter (A-Z without I) and a row counted from the
  bottom, case-insensitive, or `pass`; colours are `black`/`b`/`white`/`w`.
  Inside goboard a point is SGF text ("dd", row from the top) and a colour is
  "B"/"W"; `to_point`/`vertex` convert, for any size 2..25.
"""

from goban import clock as C
from goban.points import LETTERS

COLUMNS = "ABCDEFGHJKLMNOPQRSTUVWXYZ"   # GTP's columns: no I, up to 25x25


class GTPError(Exception):
    """A GTP failure: on the engine side the `?` answer's text (a syntax error,
    an illegal move...); on the controller side the engine answered `?` or died."""


# --- text ---------------------------------------------------------------------------
def preprocess(line):
    """A raw input line as the spec wants it parsed, or None when nothing is left."""
    out = []
    for ch in line:
        if ch == "#":
            break
        if ch == "\t":
            out.append(" ")
        elif ch >= " " and ch != "\x7f":
            out.append(ch)
    text = "".join(out).strip()
    return text or None


def parse_command(line):
    """(id or None, command name, [arguments]) of one raw line, or None for a
    line with nothing to do. The id is a leading number."""
    text = preprocess(line)
    if text is None:
        return None
    toks = text.split()
    cid = None
    if toks[0].isdigit():
        cid = int(toks[0])
        toks = toks[1:]
    if not toks:
        return cid, "", []
    return cid, toks[0], toks[1:]


def response(ok, text="", cid=None):
    """The response text for a command: `=id result\\n\\n` or `?id message\\n\\n`.
    Empty lines inside the text are dropped (they would end the response)."""
    lines = [ln.rstrip() for ln in str(text).replace("\r", "").split("\n")]
    body = "\n".join(ln for ln in lines if ln)
    return "%s%s %s\n\n" % ("=" if ok else "?", "" if cid is None else cid, body)


# --- colours and vertices ----------------------------------------------------------------
def to_color(word):
    """'B' or 'W' for a GTP colour (any case); GTPError("syntax error...") otherwise."""
    w = str(word).lower()
    if w in ("b", "black"):
        return "B"
    if w in ("w", "white"):
        return "W"
    raise GTPError("syntax error (not a colour: %s)" % word)


def color_word(color):
    """'black' or 'white' for 'B'/'W', 'b'/'w', 'black'/'white' or 1/2."""
    if color in (1, "1") or str(color).lower() in ("b", "black"):
        return "black"
    if color in (2, "2") or str(color).lower() in ("w", "white"):
        return "white"
    raise ValueError("not a colour: %r" % (color,))


def to_point(text, size):
    """SGF point ("dd") of a GTP vertex on a size x size board, "" for pass.
    ValueError naming the text for anything else (I, a row off the board...)."""
    t = str(text).strip().upper()
    if t == "PASS":
        return ""
    if len(t) < 2 or t[0] not in COLUMNS[:size] or not t[1:].isdigit():
        raise ValueError("not a vertex of a %dx%d board: %s" % (size, size, text))
    row = int(t[1:])
    if not 1 <= row <= size:
        raise ValueError("not a vertex of a %dx%d board: %s" % (size, size, text))
    return LETTERS[COLUMNS.index(t[0])] + LETTERS[size - row]


def vertex(point, size):
    """GTP vertex ("D4") of an SGF point; "pass" for ""."""
    if not point:
        return "pass"
    return "%s%d" % (COLUMNS[LETTERS.index(point[0])], size - LETTERS.index(point[1]))


def clock_spec(main, byo_time, byo_stones):
    """GTP's `time_settings` as the board clock's spec (goban.clock), None for
    no time limit. GTP knows Canadian byo-yomi only: main time, then
    byo_stones moves in each byo_time seconds; byo_time 0 is absolute time,
    byo_time > 0 with byo_stones 0 means no limit."""
    if byo_time > 0 and byo_stones == 0:
        return None
    if byo_time == 0:
        return "absolute:%d" % main
    return "canadian:%d+%d/%d" % (main, byo_stones, byo_time)


def kgs_clock_spec(kind, numbers):
    """KGS's `kgs-time_settings` (what kgsGtp and gtp2ogs send) as the board clock's
    spec, None for no limit: `none`, `absolute MAIN`, `byoyomi MAIN PERIOD PERIODS`
    (Japanese byo-yomi, which plain time_settings can only call Canadian) and
    `canadian MAIN PERIOD STONES`. ValueError naming what is wrong."""
    want = {"none": 0, "absolute": 1, "byoyomi": 3, "canadian": 3}
    kind = str(kind).lower()
    if kind not in want:
        raise ValueError("none, absolute, byoyomi or canadian, not %s" % kind)
    if len(numbers) != want[kind]:
        raise ValueError("kgs-time_settings %s takes %d numbers" % (kind, want[kind]))
    if kind == "none":
        return None
    if kind == "absolute":
        return "absolute:%d" % numbers[0]
    main, period, n = numbers
    if kind == "canadian":
        return clock_spec(main, period, n)
    if n == 0:
        return "absolute:%d" % main       # byo-yomi without periods: main time only
    return "byoyomi:%d+%dx%d" % (main, n, period)


def clock_left(seconds, stones, system="canadian"):
    """GTP's `time_left COLOR TIME STONES` as a correction of that side of the
    board's clock (goban.clock.Clock.host: ms): stones 0 is main time, else the
    current overtime period: with that many moves still to play (Canadian), or
    under Japanese byo-yomi (`kgs-time_settings byoyomi`) with that many periods
    left, as kgsGtp means it (KataGo reads it so too)."""
    if stones == 0:
        return {"main": seconds * 1000}
    if system == "byoyomi":
        return {"main": 0, "period": seconds * 1000, "periods": stones}
    return {"main": 0, "period": seconds * 1000, "moves": stones}


def time_commands(spec, kgs=False):
    """The GTP commands that tell an engine the board clock's time system: Japanese
    byo-yomi by `kgs-time_settings` where the engine knows it (`kgs`), else as the
    nearest Canadian (one move a period); Canadian and absolute by `time_settings`;
    [] for what GTP cannot say (Fischer, Ing)."""
    sp = C.parse(spec)
    if sp.system == C.ABSOLUTE:
        return ["time_settings %d 0 0" % sp.main]
    if sp.system == C.CANADIAN:
        return ["time_settings %d %d %d" % (sp.main, sp.period, sp.moves)]
    if sp.system == C.BYOYOMI:
        if kgs:
            return ["kgs-time_settings byoyomi %d %d %d" % (sp.main, sp.period, sp.periods)]
        return ["time_settings %d %d 1" % (sp.main, sp.period)]
    return []


def time_left(side, spec, kgs=False):
    """(time, stones) of GTP's time_left for one side of the board's clock (its
    event's {main, period, periods, moves} in ms), as `time_commands` set it up."""
    sp = C.parse(spec)
    if side["main"] > 0 or sp.system in (C.ABSOLUTE, C.FISCHER):
        return (side["main"] + 999) // 1000, 0
    period = (side["period"] + 999) // 1000
    if sp.system == C.BYOYOMI:
        return period, (side["periods"] if kgs else 1)
    return period, side.get("moves") or 1
