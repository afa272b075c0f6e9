"""Serve the broadcast page: live boards as SVG for overlays, pushed as they change.

The pages and the data they read are `goboard.live.server`'s; the events come
from boards on serial ports, a relay's MQTT broker or recordings
(`goboard.live.sources`). `--delay` holds the whole feed back (tournaments
delay broadcasts against cheating): no page or JSON shows anything younger than
the delay. `--out DIR` records the boards on serial ports as SGF too, as `goboard
sync --follow` does: one process per board serves and records.
"""

from goboard.argtypes import number, port_number
from goboard.errors import UserError
from goboard.live import mqttconn, sources
from goboard.live.server import ServerThread


def add_arguments(parser):
    parser.add_argument("--host", default="127.0.0.1",
                        help="address to listen on (default %(default)s; 0.0.0.0 for the LAN)")
    parser.add_argument("--port", type=port_number, default=8080, help="default %(default)s")
    parser.add_argument("--delay", type=number(0, 86400, "a delay in seconds"), default=0.0,
                        metavar="SECONDS",
                        help="hold the whole feed back by this time (default 0)")
    parser.add_argument("--title", default="goboard live", help="page title")
    sources.add_source_arguments(parser)
    mqttconn.add_arguments(parser)


def run(args):
    if args.delay < 0:
        raise UserError("--delay must be 0 or more seconds, not %g" % args.delay)
    if not (args.serial or args.replay or args.mqtt):
        raise UserError("no event source: give --serial PORT, --mqtt HOST[:PORT] or "
                        "--replay FILE.jsonl")
    with sources.recording(args):
        # the replay files read before the port is bound: a bad one is named,
        # whatever holds the port
        replays = [sources.load_replay(path) for path in args.replay]
        srv = ServerThread(args.host, args.port, args.delay, title=args.title)
        srv.start()
        running = []
        try:
            running = sources.start_sources(args, srv, say=say, replays=replays)
            print("goboard serve: %s (delay %gs); Ctrl-C stops" % (srv.url, args.delay),
                  flush=True)
            sources.wait_forever(running)
        finally:
            sources.stop_sources(running)
            srv.stop()
    return 0


def say(text):
    print("goboard serve: %s" % text, flush=True)
