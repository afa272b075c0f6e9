"""GNU Go as a GTP engine, for the tests and benches (the client is goboard.gtp.Engine).

Used by the rules-core differential test, the counting checks (GNU Go
self-play and its final score) and the GTP games. Vertices are GTP text ("D16",
column letter without I, row from the bottom) as `goban.board.Board.name(p)`
writes them; "pass" is a pass. Colours are "black"/"white" (or "b"/"w", or 1/2
as in goban).

    from tools.gtp import GTP            # or: sys.path.insert(0, "tools"); from gtp import GTP
    with GTP() as go:                    # /usr/games/gnugo --mode gtp --level 1
        go.boardsize(9); go.clear_board(); go.komi(7.5)
        go.play("black", "E5")           # False if the engine refuses the move
        mv = go.genmove("white")         # "D4", "pass" or "resign"
        go.list_stones("black")          # {"E5"}
        go.final_score()                 # "W+4.5"
        go.final_status_list("dead")     # {"C3", ...}

Each call sends one command and reads the reply up to its blank line; an engine
error ("? ...") raises GTPError unless the method is documented to return False.
"""

from goboard.gtp.client import GNUGO, Engine, gnugo_argv  # noqa: F401
from goboard.gtp.protocol import GTPError, color_word  # noqa: F401


class GTP(Engine):
    """One engine process: GNU Go unless `argv` names another."""

    def __init__(self, argv=None, level=1, seed=None, extra=()):
        Engine.__init__(self, argv if argv is not None else gnugo_argv(level, seed, extra))
