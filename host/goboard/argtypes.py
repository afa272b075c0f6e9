"""argparse types and options the commands and the live sources share: a bad value is
argparse's one line (or a UserError's), never a traceback."""

import argparse

from goban import clock as C
from goban import players as P
from goboard.errors import UserError


def number(lo, hi, what="a number"):
    """An argparse type: a finite number in lo..hi (nan, inf and 1e308 are refused)."""
    def parse(text):
        try:
            v = float(text)
        except ValueError:
            raise argparse.ArgumentTypeError("%r is not a number" % text) from None
        if not lo <= v <= hi:
            raise argparse.ArgumentTypeError("%s must be %s from %g to %g" % (text, what, lo, hi))
        return v
    return parse


def port_number(text):
    """An argparse type: a TCP port, 0 (any free one) to 65535."""
    try:
        v = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError("%r is not a port number" % text) from None
    if not 0 <= v <= 65535:
        raise argparse.ArgumentTypeError("%s is not a port (0..65535; 0: any free one)" % text)
    return v


CLOCK_HELP = ("the clock: absolute:900, byoyomi:600+3x30, canadian:600+20/300, fischer:300+10, "
              "ing[:MAIN[+NxPERIOD@POINTS]]")


def add_game_arguments(p, clock=True, defaults=""):
    """--black NAME --black-rank 5d --white ... --white-rank ... --event ... --round ...
    --table ... and, with `clock`, --clock SPEC: who plays and what the game is, for
    the board to log with the game (goban.players). `defaults` says where they come
    from when not given."""
    g = p.add_argument_group("players and game data" + (" (default: %s)" % defaults
                                                       if defaults else ""))
    for key in P.FIELDS:
        g.add_argument("--" + key.replace("_", "-"), dest=key, metavar="TEXT",
                       help="rank like 5d, 12k, 9p" if key.endswith("rank") else
                       "the table in the hall" if key == "table" else None)
    if clock:
        g.add_argument("--clock", metavar="SPEC", help=CLOCK_HELP)


def game_fields(args, clock=True, given=None):
    """The players/game data (and clock spec) of the command line over `given`
    (e.g. an SGF's PB/PW), checked: UserError with one line for a bad name, rank
    or spec."""
    d = dict(given or {})
    d.update({k: getattr(args, k) for k in P.FIELDS if getattr(args, k, None) is not None})
    try:
        out = P.check(d)
    except ValueError as e:
        raise UserError(str(e).replace("_rank", "-rank"))
    spec = getattr(args, "clock", None) if clock else None
    if spec:
        try:
            out["clock"] = C.parse(spec).text()
        except C.ClockError as e:
            raise UserError(str(e))
    return out
