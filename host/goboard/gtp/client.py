"""The controller's end of GTP: one engine as a child process (GNU Go, KataGo, ...).

`Engine` speaks the text rules of `goboard.gtp.protocol` to `goboard play`'s
engine, the simulator's stand-in person and the tests' GNU Go; an engine that
dies is a GTPError, never a hang.
"""

import shlex
import subprocess

from goboard.gtp.protocol import GTPError, color_word

GNUGO = "/usr/games/gnugo"              # Debian's GNU Go (tools/setup installs it)


def gnugo_argv(level=1, seed=None, extra=()):
    """GNU Go's command line in GTP mode (level 1: fast; a seed: the same games)."""
    argv = [GNUGO, "--mode", "gtp", "--level", str(level)]
    if seed is not None:
        argv += ["--seed", str(seed)]
    return argv + list(extra)


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
