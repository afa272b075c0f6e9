"""Copy every game in the board's log to an SGF file each (idempotent, resumes).

Each game becomes <out>/<serial>-<game>.sgf. The events fetched are kept in
<out>/.goboard/ so a sync that was interrupted (cable pulled, Ctrl-C) goes on
from the last event it holds, and a second sync fetches and writes nothing new.
Every SGF is parsed back with sgfmill before it is written. --follow keeps the
files current while games are played.
"""

from goboard.argtypes import number
from goboard.errors import UserError
from goboard.link.boards import choose_port
from goboard.link.control import ControlServer
from goboard.link.transport import Disconnected, HostLink
from goboard.record.journal import FolderLock
from goboard.record.sync import follow, sync_once


def add_arguments(p):
    p.add_argument("--port", help="serial device, pty or pyserial URL (default: the one board found)")
    p.add_argument("--out", default="games", help="directory for the SGF files (default: games)")
    p.add_argument("--event", help="EV: the event's name")
    p.add_argument("--round", help="RO: the round")
    p.add_argument("--black", help="PB when the board does not know the players")
    p.add_argument("--white", help="PW when the board does not know the players")
    p.add_argument("--follow", action="store_true", help="keep syncing while games are played")
    p.add_argument("--idle-exit", type=number(0, 1e7, "a time in seconds"), default=None,
                   metavar="SECONDS",
                   help="with --follow: stop after this long without a new event")
    p.add_argument("--quiet", action="store_true")


def run(args):
    say = (lambda *a: None) if args.quiet else print
    meta = {"event": args.event, "round": args.round, "black": args.black, "white": args.white}
    port = choose_port(args.port)
    link = HostLink(port, reconnect=args.follow)
    # following, an arbiter's `goboard clock` or `new` reaches the board through us
    control = ControlServer(port) if args.follow else None
    try:
        with FolderLock(args.out):
            link.open()
            if control is not None:
                control.start()         # its requests are sent once following
            journal, stats = sync_once(link, args.out, meta, say)
            say("board %s: %d games, %d new events, %d SGF written, %d unchanged"
                % (journal.serial, stats["games"], stats["events"], stats["written"],
                   stats["unchanged"]))
            if args.follow:
                follow(link, journal, args.out, meta, idle_exit=args.idle_exit, say=say,
                       idle=control.run_pending)
    except Disconnected:
        # gone before --follow took over (which waits for it): the journal keeps what came
        raise UserError("the board on %s went away: sync again when it is back, it goes "
                        "on from what %s holds" % (port, args.out)) from None
    except OSError as e:
        # the journal on a full disk: what was written stays readable, a torn line is refetched
        raise UserError("cannot write to %s: %s" % (e.filename or args.out,
                                                    e.strerror or e)) from None
    finally:
        link.close()
        if control is not None:
            control.stop()
    if stats.get("failed"):
        raise UserError("%d of %d games not written (said above): %s"
                        % (len(stats["failed"]), stats["games"],
                           " ".join(str(g) for g in stats["failed"][:20])))
    return 0
