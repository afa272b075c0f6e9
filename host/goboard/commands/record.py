"""Record every board a relay publishes on MQTT as SGF files (one a game, resuming).

    goboard record --mqtt BROKER [--out games] [--boards A,B] [--prefix goboard]

Each board's games go to <out>/<board>-<game>.sgf as `goboard sync` writes
them (journal in <out>/.goboard/), from the events the relays publish
(`goboard.live.recorder`). The MQTT session persists under a client id fixed
for the folder, so a recorder stopped and started again gets from the broker
what was published meanwhile (a venue's broker keeps queues: host/README.md).
A game whose start it never saw is written from the live state (the moves,
players and result, no clock times). Runs until Ctrl-C, or `--idle-exit S`
seconds without a message.
"""

import os
import signal
import socket
import threading
import time
import zlib

from goboard.argtypes import number
from goboard.errors import UserError
from goboard.live import mqttconn
from goboard.live.recorder import MqttRecorder
from goboard.live.sources import DEFAULT_PREFIX, MqttSource
from goboard.record.journal import FolderLock


def add_arguments(p):
    p.add_argument("--mqtt", required=True, metavar="HOST[:PORT]", help="the MQTT broker")
    p.add_argument("--out", default="games", help="directory for the SGF files (default: games)")
    p.add_argument("--boards", default="", metavar="A,B",
                   help="record these boards only (default: every board)")
    p.add_argument("--prefix", default=DEFAULT_PREFIX,
                   help="MQTT topic prefix (default %(default)s)")
    p.add_argument("--client-id", default="",
                   help="MQTT client id (default: goboard-record-HOST-<the folder's hash>, "
                        "the same each run, so the broker keeps what comes meanwhile)")
    p.add_argument("--idle-exit", type=number(0, 1e7, "a time in seconds"), default=None,
                   metavar="SECONDS", help="stop after this long without a message")
    mqttconn.add_arguments(p)


def client_id(out):
    """The same id for the same folder on the same host: the broker's session
    (and what it queued while the recorder was away) is found again."""
    where = zlib.crc32(os.path.abspath(out).encode()) & 0xFFFFFFFF
    return "goboard-record-%s-%08x" % (socket.gethostname()[:20], where)


def run(args):
    boards = [b.strip() for b in args.boards.split(",") if b.strip()]
    login = mqttconn.settings(args)
    say = lambda path: print("goboard record: %s" % path, flush=True)   # noqa: E731
    with FolderLock(args.out):
        rec = MqttRecorder(args.out, boards, say=say)
        src = MqttSource(args.mqtt, rec, prefix=args.prefix,
                         client_id=args.client_id or client_id(args.out), login=login)
        seen = [0, time.monotonic()]

        def count(*a):
            seen[0] += 1
            seen[1] = time.monotonic()
        wrapped = src.client.on_message

        def on_message(client, userdata, msg):
            count()
            wrapped(client, userdata, msg)
        src.client.on_message = on_message
        src.start()
        # Ctrl-C, or SIGTERM from a service manager: a flag the loop sees, not an
        # exception raised wherever the main thread is (inside a flush holding the
        # journal's lock, the network thread's join would wait for ever)
        stop = threading.Event()
        handlers = {sig: signal.signal(sig, lambda signum, frame: stop.set())
                    for sig in (signal.SIGINT, signal.SIGTERM)}
        print("goboard record: recording %s/+/ from %s into %s; Ctrl-C stops"
              % (args.prefix, args.mqtt, args.out), flush=True)
        try:
            while not stop.wait(0.5):
                rec.flush()
                if args.idle_exit is not None and time.monotonic() - seen[1] > args.idle_exit:
                    break
        finally:
            src.stop()
            rec.flush()
            for sig, old in handlers.items():
                signal.signal(sig, old)
        if not seen[0]:
            raise UserError("nothing came from %s under %s/ (is a relay publishing?)"
                            % (args.mqtt, args.prefix))
        print("goboard record: %d messages, %d events recorded, %d SGF files"
              % (seen[0], rec.events, len(rec.written)), flush=True)
    return 0

