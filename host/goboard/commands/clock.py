"""Set, pause or correct the clock of a board's current game over its serial link (the arbiter's tool).

    goboard clock --pause | --resume
    goboard clock --set byoyomi:600+3x30           (a new time system, both sides full)
    goboard clock --black 12:30 --white 9:05       (correct main time left)
    goboard clock --black-periods 2 --white-penalty 2 ...
Every change is logged on the board as a `clock` event (with "by": "host"), so
the feeds and the SGF show it; printed is the clock as the board now has it.
"""

import json

from goban import clock as C
from goboard.link.boards import choose_port
from goboard.errors import UserError
from goboard.link.control import open_link

SIDES = (("black", "B"), ("white", "W"))


def add_arguments(p):
    p.add_argument("--port", help="serial device, pty or pyserial URL (default: the one board found)")
    g = p.add_mutually_exclusive_group()
    g.add_argument("--pause", action="store_true", help="stop both clocks")
    g.add_argument("--resume", action="store_true", help="let the clock run again")
    p.add_argument("--set", metavar="SPEC", help="a new time system for this game (both sides full)")
    for name, _ in SIDES:
        p.add_argument("--" + name, metavar="TIME", help="%s's main time left: 90, 12:30, 1:02:03" % name)
        p.add_argument("--%s-period" % name, metavar="TIME", help="time left in the current period")
        p.add_argument("--%s-periods" % name, type=int, metavar="N", help="overtime periods left")
        p.add_argument("--%s-moves" % name, type=int, metavar="N", help="Canadian: moves left")
        p.add_argument("--%s-penalty" % name, type=int, metavar="N", help="Ing: penalty points")
    p.add_argument("--json", action="store_true", help="print the board's clock event as JSON")


def ms_of(text, what):
    """'90', '12:30', '1:02:03' -> ms; UserError otherwise."""
    parts = text.strip().split(":")
    if not 1 <= len(parts) <= 3 or not all(x.isdigit() for x in parts):
        raise UserError("%s: %r is not a time like 90, 12:30 or 1:02:03" % (what, text))
    s = 0
    for x in parts:
        s = s * 60 + int(x)
    return s * 1000


def request(args):
    """The clock request the options ask for (UserError for a bad one)."""
    req = {}
    if args.set:
        try:
            req["spec"] = C.parse(args.set).text()
        except C.ClockError as e:
            raise UserError(str(e))
    if args.pause:
        req["pause"] = True
    elif args.resume:
        req["pause"] = False
    for name, key in SIDES:
        d = {}
        if getattr(args, name) is not None:
            d["main"] = ms_of(getattr(args, name), "--" + name)
        if getattr(args, name + "_period") is not None:
            d["period"] = ms_of(getattr(args, name + "_period"), "--%s-period" % name)
        for f in ("periods", "moves", "penalty"):
            v = getattr(args, "%s_%s" % (name, f))
            if v is not None:
                if v < 0:
                    raise UserError("--%s-%s must be 0 or more, not %d" % (name, f, v))
                d[f] = v
        if d:
            req[key] = d
    if not req:
        raise UserError("nothing to do: give --pause, --resume, --set SPEC or a correction")
    return req


def describe(ev):
    """One line: both sides' time as the board's display shows it."""
    k = C.Clock(ev.get("spec") or "absolute:1")
    k.load(ev)
    state = "paused (%s)" % ev.get("why") if ev.get("paused") else \
        "running for %s" % ("black" if ev.get("run") == "B" else "white")
    return "clock %s: black %s, white %s, %s" % (ev.get("spec"), k.text(1), k.text(2), state)


def run(args):
    req = request(args)
    port = choose_port(args.port, held_ok=True)
    link = open_link(port)
    try:
        link.hello()
        ev = link.clock(**req)
    finally:
        link.close()
    print(json.dumps(ev) if args.json else describe(ev))
    return 0
