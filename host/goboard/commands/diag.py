"""Bring a board up: every sensor, wire and scale checked, the wiring's mistakes named with their fix.

The board goes into its diagnostics (the referee rests; the display says so)
and, in this order:
1. reads the empty board for a few seconds: each sensor's baseline and noise,
   the dead (at a rail), stuck (far off mid-scale) and unstable ones, and the
   muxes with nothing alive behind them;
2. the wiring check (unless --no-walk): the board lights one point at a time,
   black and white in turn; put that stone there and leave it (ok at the board
   skips a point that stays lit); at the end take every stone off. From which
   sensor moved, and which way, the wiring as built is worked out: the
   numbering order, crossed select lines, swapped ADC inputs, swapped or
   crossed sensor wires, sensors mounted upside down;
3. saves the remap with the calibration (unless --no-save): a board wired with
   those mistakes then plays right;
4. with --scales: tare, then a counted handful of stones (--stones, default
   10) or a known weight (--grams) on each bowl and lid, saved; then one stone
   into each and out again, which must read as one;
5. with --test PARTS: lights, display, buzzer, buttons, each a test to follow
   at the board (answer ok or undo there, or y/n here with --ask); the buttons
   first, whatever the order given: an ok wired wrong still answers yes after.
Then the board goes back to play. Prints the report (the problems with their
fixes, the worst points, heat maps of noise and baselines); --json prints it
as one JSON object: {board, problems: [{kind, points, fix, ...}], points
(worst first: point, channel, baseline, noise, delta, polarity, flags),
wiring, remap, scales, tests}.

--watch [S]: a live heat map of the readings (each point's distance from its
baseline) in the terminal instead, for S seconds or until Ctrl-C; --serve
PORT: the same on a page, http://HOST:PORT/diag/<serial>, beside the
broadcast page.

--sim runs it all on the simulated board, whose hands follow the lights;
--sim-wiring SPEC builds it with wiring mistakes (several joined by ';'):
swap:dd,de  inverted:qq  dead:aa  stuck:cc  noisy:ee  order:serpentine
mux1:5  mux2:3 (muxes counted from 1)  sel1:0,1  sel2:0,2  adc:0,1
buttons:pass,undo  lights:rows  silent:display  scale:B*0.9  tare:W+120
(tools/README.md, "Wiring mistakes"); the parts' mistakes show in the tests
that look at them, as on a real board (buttons, lights: --test; scale, tare:
--scales). --sim --chip: the same on the product
image on the emulated RP2040 (the reference board; about half real time).
"""

import json
import sys
import time

from goboard.argtypes import number, port_number
from goboard.diag import report as R, session as S
from goboard.diag.bringup import bring_up
from goboard.errors import UserError
from goboard.link.boards import choose_port
from goboard.link.transport import HostLink, LinkError
from goboard.sim.board import add_board_arguments

PARTS = ("buttons", "lights", "display", "buzzer")   # the buttons first: they answer the rest


def add_arguments(p):
    p.add_argument("--port", help="the board's serial device (default: the one board found)")
    p.add_argument("--json", action="store_true", help="print the report as one JSON object")
    p.add_argument("--no-walk", action="store_true",
                   help="no wiring check: the empty board's readings only")
    p.add_argument("--rows", metavar="A-B",
                   help="the wiring check on these rows only (1 is the bottom row, as on the board)")
    p.add_argument("--wait", type=number(0.2, 600, "a time in seconds"), default=None,
                   metavar="S", help="the wiring check gives up on a point after S seconds "
                                     "(default 20; 3 on the simulated board)")
    p.add_argument("--frames", type=int, default=15,
                   help="empty-board frames read, 0.2 s apart (default 15)")
    p.add_argument("--no-save", action="store_true", help="save nothing on the board")
    p.add_argument("--save", action="store_true",
                   help="with --rows: save the remap all the same (the rows not walked "
                        "read as the wiring found on the walked ones says)")
    p.add_argument("--scales", action="store_true", help="calibrate and check the scales")
    p.add_argument("--stones", type=int, default=10,
                   help="with --scales: the counted handful per bowl and lid (default 10)")
    p.add_argument("--grams", type=number(1, 5000, "a weight in grams"), default=None,
                   help="with --scales: calibrate with this known weight instead of stones")
    p.add_argument("--test", metavar="PARTS",
                   help="test these parts in turn: buttons,lights,display,buzzer (or all, in that order)")
    p.add_argument("--ask", action="store_true",
                   help="answer the parts' tests here (y/n) instead of at the board")
    p.add_argument("--watch", nargs="?", const=0.0, default=None, metavar="S",
                   type=number(0, 86400, "a time in seconds"),
                   help="a live heat map of the readings (S seconds; no S: until Ctrl-C)")
    p.add_argument("--serve", type=port_number, default=None, metavar="PORT",
                   help="also show the readings and the report on a page on this port")
    p.add_argument("--host", default="127.0.0.1", help="with --serve: the address to listen on")
    p.add_argument("--plain", action="store_true", help="heat maps in digits, no colours")
    p.add_argument("--sim", action="store_true", help="bring up the simulated board")
    p.add_argument("--sim-wiring", metavar="SPEC", default=None,
                   help="with --sim: the builder's wiring mistakes (see the description)")
    p.add_argument("--chip", action="store_true",
                   help="with --sim: the product image on the emulated RP2040 (the reference "
                        "board; about half real time: --rows keeps the check short)")
    add_board_arguments(p)


def _rows(text, size):
    try:
        a, _, b = text.partition("-")
        lo, hi = int(a), int(b or a)
    except ValueError:
        lo = hi = 0
    if not (1 <= lo <= size and 1 <= hi <= size):
        raise UserError("--rows must be A-B with rows 1..%d (1 the bottom row), not %r"
                        % (size, text))
    lo, hi = min(lo, hi), max(lo, hi)
    return [1 if lo <= size - (p // size) <= hi else 0 for p in range(size * size)]


def _parts(text):
    if text is None:
        return []
    parts = PARTS if text == "all" else [t.strip() for t in text.split(",") if t.strip()]
    for t in parts:
        if t not in PARTS:
            raise UserError("--test takes %s or all, not %r" % (",".join(PARTS), t))
    return list(parts)


def _open(args, say):
    """(link, table or None, person)."""
    if args.sim_wiring and not args.sim:
        raise UserError("--sim-wiring needs --sim")
    if args.chip and not args.sim:
        raise UserError("--chip needs --sim")
    if args.chip:
        from goboard.sim.board import ChipSim, check_wiring
        if args.scales or args.test:
            raise UserError("--chip: the emulated board's builder does the sensors and the "
                            "wiring check only (no --scales, no --test)")
        check_wiring(args.sim_wiring, 19, "reference-19")
        chip = ChipSim(args.sim_wiring, args.seed, args.noise)
        link = HostLink(chip.port, reconnect=False, say=say)
        try:
            link.open()
            link.hello(timeout=3.0, tries=10)
        except LinkError as e:
            chip.stop()
            raise UserError("the emulated board does not answer: %s" % e)
        return link, chip, S.Person()
    if args.sim:
        from goboard.sim.board import check_wiring
        check_wiring(args.sim_wiring, args.size)
        from goboard.sim.table import SimTable
        table = SimTable(args.size, "chinese", args.seed, args.noise, 0, 0.0, serial="SIM-DIAG",
                         wiring=args.sim_wiring)
        link = HostLink(table.port, reconnect=False, say=say)
        try:
            link.open()
            link.hello(timeout=5.0, tries=10)
        except LinkError:
            err = table.failed()
            table.stop()
            raise UserError("the simulated board did not start: %s" % (err or "no hello"))
        return link, table, S.SimPerson(table)
    link = HostLink(choose_port(args.port), reconnect=False, say=say)
    link.open()
    link.hello()
    return link, None, S.TerminalPerson()


def run(args):
    out = sys.stderr

    def say(text):
        print("goboard diag: %s" % text, file=out, flush=True)
    parts = _parts(args.test)
    link, table, person = _open(args, say)
    server = None
    try:
        ses = S.Session(link, person, say)
        if args.serve is not None:
            from goboard.diag.page import serve
            server = serve(args.host, args.serve)
            server.publish(link.board.get("serial") or "board", status="reading the board")
            say("the readings on %s/diag/%s" % (server.url, link.board.get("serial") or "board"))
        if args.watch is not None:
            return _watch(ses, args, server)
        info = ses.start()
        mask = _rows(args.rows, info["size"]) if args.rows else None
        wait = args.wait if args.wait is not None else (
            6.0 if args.chip else 3.0 if args.sim else 20.0)
        rep = bring_up(ses, info, frames=args.frames, walk=not args.no_walk, mask=mask,
                       wait_s=wait, save=not args.no_save,
                       scales=(args.stones, args.grams) if args.scales else None,
                       parts=parts, ask=args.ask, say=say, server=server,
                       save_partial=args.save)
        rep["board"] = {k: (link.board or {}).get(k) for k in ("serial", "profile", "fw", "size")}
        if server is not None:
            server.publish(rep["board"]["serial"] or "board", report=rep,
                           status="%d problems" % len(rep["problems"]) if rep["problems"]
                           else "no problem found")
        if args.json:
            print(json.dumps(rep))
        else:
            print("\n".join(R.text(rep, args.plain or not sys.stdout.isatty())))
        if server is not None and not args.json:
            say("the page stays up; Ctrl-C stops")
            try:
                while True:
                    time.sleep(1)
            except KeyboardInterrupt:
                pass
        return 0
    finally:
        try:
            if link.ser is not None:
                S.Session(link).stop()
        except (UserError, LinkError, OSError):
            pass
        link.close()
        if server is not None:
            server.stop()
        if table is not None:
            table.stop()


def _watch(ses, args, server):
    """The board as it plays (the frame the referee reads, the remap applied):
    each point's distance from what it read when the watch began."""
    serial = (ses.link.board or {}).get("serial") or "board"
    size = (ses.link.board or {}).get("size") or 19
    frames = ses.frames(5, wired=False)
    base = [sorted(f[i] for f in frames)[2] for i in range(size * size)]
    plain = args.plain or not sys.stdout.isatty()

    def show(readings, m):
        if m.get("wired"):
            return None
        lines = R.live(readings, base, size, plain, "(frame %d)" % m.get("n", 0))
        if not plain:
            sys.stdout.write(R.CLEAR)
        print("\n".join(lines), flush=True)
        if server is not None:
            server.publish(serial, frame=readings, base=base)
        return None
    ses.watch(show, args.watch or None)
    return 0
