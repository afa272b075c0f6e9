"""GTP, the Go Text Protocol version 2: the text rules both ends share.

One module for the engine side (`goboard gtp`: the board answers a controller
such as Sabaki, GoGui, gtp2ogs or twogtp) and the controller side (`Engine`:
`goboard play` driving GNU Go or KataGo, the simulator's stand-in player, the
tests). The specification is Gunnar Farnebäck's "Go Text Protocol, version 2,
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

import shlex
import subprocess

COLUMNS = "ABCDEFGHJKLMNOPQRSTUVWXYZ"   # GTP's columns: no I, up to 25x25
GNUGO = "/usr/games/gnugo"              # Debian's GNU Go (tools/setup installs it)
SGF = "abcdefghijklmnopqrstuvwxy"


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
    return SGF[COLUMNS.index(t[0])] + SGF[size - row]


def vertex(point, size):
    """GTP vertex ("D4") of an SGF point; "pass" for ""."""
    if not point:
        return "pass"
    return "%s%d" % (COLUMNS[SGF.index(point[0])], size - SGF.index(point[1]))


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


def clock_left(seconds, stones):
    """GTP's `time_left COLOR TIME STONES` as a correction of that side of the
    board's clock (goban.clock.Clock.host: ms): stones 0 is main time, else the
    current byo-yomi period with that many moves still to play."""
    if stones == 0:
        return {"main": seconds * 1000}
    return {"main": 0, "period": seconds * 1000, "moves": stones}


def gnugo_argv(level=1, seed=None, extra=()):
    """GNU Go's command line in GTP mode (level 1: fast; a seed: the same games)."""
    argv = [GNUGO, "--mode", "gtp", "--level", str(level)]
    if seed is not None:
        argv += ["--seed", str(seed)]
    return argv + list(extra)


# --- the controller's end: one engine process -----------------------------------------------
class Engine:
    """A GTP engine as a child process (`argv`: a list, or a command line split
    as a shell would). One command at a time: each call writes the command and
    reads its response up to the blank line. An engine that exits or closes its
    output raises GTPError, so a controller never waits on a dead engine.
    `stderr` is where the engine's own diagnostics go (default: nowhere)."""

    def __init__(self, argv, stderr=subprocess.DEVNULL, cwd=None):
        if isinstance(argv, str):
            argv = shlex.split(argv)
        if not argv:
            raise GTPError("no engine command given")
        self.argv = list(argv)
        try:
            self.proc = subprocess.Popen(self.argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                         stderr=stderr, text=True, bufsize=1, cwd=cwd)
        except OSError as e:
            raise GTPError("cannot start %s: %s" % (self.argv[0], e.strerror or e))
        self.last = None

    # --- plumbing --------------------------------------------------------------
    def raw(self, line):
        """Send one command; (ok, response text without '= ') without raising on '?'."""
        p = self.proc
        if p.poll() is not None:
            raise GTPError("the engine %s exited (status %s)" % (self.argv[0], p.returncode))
        try:
            p.stdin.write(line + "\n")
            p.stdin.flush()
        except (BrokenPipeError, OSError, ValueError):
            raise GTPError("the engine %s is gone (its input is closed)" % self.argv[0])
        lines = []
        while True:
            s = p.stdout.readline()
            if s == "":
                raise GTPError("the engine %s closed its output after %r" % (self.argv[0], line))
            s = s.rstrip("\r\n")
            if s.strip() == "":
                if lines:
                    break
                continue
            lines.append(s)
        head = lines[0]
        if head[:1] not in "=?":
            raise GTPError("the engine %s answered %r with %r" % (self.argv[0], line, head))
        first = head[1:]
        k = 0
        while k < len(first) and first[k].isdigit():
            k += 1                     # an id echoed back
        text = "\n".join([first[k:].strip()] + lines[1:]).strip()
        self.last = (head[0] == "=", text)
        return self.last

    def command(self, line):
        """Send one command; its result text. GTPError on '?'."""
        ok, text = self.raw(line)
        if not ok:
            raise GTPError("%s: %s" % (line, text))
        return text

    def close(self):
        if self.proc.poll() is None:
            try:
                self.raw("quit")
            except GTPError:
                pass
            try:
                self.proc.wait(timeout=5)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        for f in (self.proc.stdin, self.proc.stdout):
            try:
                f.close()
            except (OSError, ValueError):
                pass

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    # --- the commands ----------------------------------------------------------------
    def name(self):
        return self.command("name")

    def version(self):
        return self.command("version")

    def known_command(self, name):
        return self.command("known_command %s" % name).lower() == "true"

    def boardsize(self, n):
        self.command("boardsize %d" % n)

    def clear_board(self):
        self.command("clear_board")

    def komi(self, k):
        self.command("komi %s" % k)

    def play(self, color, vtx):
        """Play a move; True if the engine accepted it, False if it called it illegal."""
        ok, text = self.raw("play %s %s" % (color_word(color), vtx))
        if not ok and "illegal" not in text:
            raise GTPError("play %s %s: %s" % (color_word(color), vtx, text))
        return ok

    def genmove(self, color):
        """The engine's move for `color`, played on its board: a vertex in upper
        case, 'pass' or 'resign'."""
        mv = self.command("genmove %s" % color_word(color)).strip()
        low = mv.lower()
        return low if low in ("pass", "resign") else mv.upper()

    def undo(self):
        """Take back the last move; False if the engine cannot."""
        return self.raw("undo")[0]

    def fixed_handicap(self, n):
        return self.command("fixed_handicap %d" % n).upper().split()

    def set_free_handicap(self, vertices):
        self.command("set_free_handicap %s" % " ".join(vertices))

    def is_legal(self, color, vtx):
        """GNU Go's legality: occupied, suicide and the simple-ko retake are illegal."""
        return self.command("is_legal %s %s" % (color_word(color), vtx)) == "1"

    def list_stones(self, color):
        """The set of vertices holding `color`'s stones (upper case, e.g. {'D4'})."""
        return set(self.command("list_stones %s" % color_word(color)).upper().split())

    def captures(self, color):
        """How many stones `color` has captured."""
        return int(self.command("captures %s" % color_word(color)))

    def final_score(self):
        """The engine's score of the current position, e.g. 'B+3.5', 'W+0.5', '0'."""
        return self.command("final_score")

    def final_status_list(self, status):
        """Vertices of stones with `status` ('alive', 'dead', 'seki')."""
        return set(self.command("final_status_list %s" % status).upper().split())

    def showboard(self):
        return self.command("showboard")
