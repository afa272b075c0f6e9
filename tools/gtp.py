"""A small GTP client for GNU Go (or any GTP engine) over subprocess pipes.

Used by the rules-core differential test and by the counting checks (GNU Go
self-play and its final score). Vertices are GTP text ("D16", column letter
without I, row from the bottom) as `goban.board.Board.name(p)` writes them;
"pass" is a pass. Colours are "black"/"white" (or "b"/"w", or 1/2 as in goban).

    from tools.gtp import GTP            # or: sys.path.insert(0, "tools"); from gtp import GTP
    with GTP() as go:                    # /usr/games/gnugo --mode gtp
        go.boardsize(9); go.clear_board(); go.komi(7.5)
        go.play("black", "E5")           # False if the engine refuses the move
        mv = go.genmove("white")         # "D4", "pass" or "resign"
        go.list_stones("black")          # {"E5"}
        go.final_score()                 # "W+4.5"
        go.final_status_list("dead")     # {"C3", ...}

Each call sends one command and reads the reply up to its blank line; an engine
error ("? ...") raises GTPError unless the method is documented to return False.
"""

import subprocess

GNUGO = "/usr/games/gnugo"


class GTPError(Exception):
    """The engine answered a command with '? message' (or died)."""


def color_word(color):
    """'black' or 'white' for 'black'/'b'/'B'/1 and 'white'/'w'/'W'/2."""
    if color in (1, "b", "B", "black", "Black", "BLACK"):
        return "black"
    if color in (2, "w", "W", "white", "White", "WHITE"):
        return "white"
    raise ValueError("not a colour: %r" % (color,))


class GTP:
    """One engine process. `args` default to GNU Go in GTP mode (level 1: fast)."""

    def __init__(self, argv=None, level=1, seed=None, extra=()):
        if argv is None:
            argv = [GNUGO, "--mode", "gtp", "--level", str(level)]
            if seed is not None:
                argv += ["--seed", str(seed)]
            argv += list(extra)
        self.argv = argv
        self.proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.DEVNULL, text=True, bufsize=1)

    # --- plumbing ----------------------------------------------------------
    def command(self, line):
        """Send one command; return the reply text (without '= '). GTPError on '?'."""
        ok, text = self.raw(line)
        if not ok:
            raise GTPError("%s: %s" % (line, text))
        return text

    def raw(self, line):
        """Send one command; return (ok, reply text) without raising on '?'."""
        p = self.proc
        if p.poll() is not None:
            raise GTPError("engine exited with %s" % p.returncode)
        p.stdin.write(line + "\n")
        p.stdin.flush()
        lines = []
        while True:
            s = p.stdout.readline()
            if s == "":
                raise GTPError("engine closed its output after %r" % line)
            s = s.rstrip("\r\n")
            if s == "" and lines:
                break
            if s == "" and not lines:
                continue
            lines.append(s)
        head = lines[0]
        if head[:1] not in "=?":
            raise GTPError("unexpected reply to %r: %r" % (line, head))
        text = "\n".join([head[1:].strip()] + lines[1:]).strip()
        return head[0] == "=", text

    def close(self):
        if self.proc.poll() is None:
            try:
                self.raw("quit")
            except (GTPError, OSError, ValueError):
                pass
            try:
                self.proc.wait(timeout=5)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    # --- the commands --------------------------------------------------------
    def boardsize(self, n):
        self.command("boardsize %d" % n)

    def clear_board(self):
        self.command("clear_board")

    def komi(self, k):
        self.command("komi %s" % k)

    def play(self, color, vertex):
        """Play a move; True if the engine accepted it, False if it called it illegal."""
        ok, text = self.raw("play %s %s" % (color_word(color), vertex))
        if not ok and "illegal" not in text:
            raise GTPError("play %s %s: %s" % (color_word(color), vertex, text))
        return ok

    def genmove(self, color):
        """The engine's move for `color`, played on its board: a vertex, 'pass' or 'resign'."""
        return self.command("genmove %s" % color_word(color)).upper().replace("PASS", "pass") \
            .replace("RESIGN", "resign")

    def is_legal(self, color, vertex):
        """GNU Go's legality: occupied, suicide and the simple-ko retake are illegal."""
        return self.command("is_legal %s %s" % (color_word(color), vertex)) == "1"

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
