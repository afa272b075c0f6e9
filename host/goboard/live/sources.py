"""Where live events come from, for `goboard serve` and `goboard relay`.

Each source runs in its own thread and hands (board id, event) pairs to a sink
in the order the board sent them: `sink.publish(board, event)` and, from an
MQTT relay's retained state, `sink.publish_snapshot(board, state)`.
Sources: recorded JSON lines (`--replay`), boards on serial ports (`--serial`,
through `goboard.link.transport`) and a relay's MQTT topics (`--mqtt`).
With `--out DIR` a board on a serial port is also recorded as `goboard sync
--follow` records it (`goboard.record.sync`: the journal, one SGF a game), so
one process per board serves, relays and records.
"""

import contextlib
import json
import os
import sys
import threading
import time

from goboard.argtypes import number
from goboard.errors import UserError
from goboard.link.control import ControlServer
from goboard.link.sequence import Sequencer
from goboard.link.transport import HostLink, LinkError
from goboard.link.wire import MAX_DEPTH, too_deep
from goboard.live import mqttconn
from goboard.live.state import clean_board_id
from goboard.record.journal import FolderLock
from goboard.record.sync import follow, sync_once

DEFAULT_PREFIX = "goboard"


def add_source_arguments(parser, mqtt=True):
    """The source options serve and relay share."""
    parser.add_argument("--serial", action="append", default=[], metavar="PORT",
                        help="a board on this serial port (repeatable)")
    parser.add_argument("--replay", action="append", default=[], metavar="FILE.jsonl",
                        help="events recorded as JSON lines, one event a line; the board id is "
                             "the line's \"board\" field or the file name (repeatable)")
    parser.add_argument("--pace", type=number(0, 3600, "a time in seconds"), default=1.0,
                        metavar="SECONDS",
                        help="time between replayed events (0: all at once; default 1)")
    parser.add_argument("--loop", action="store_true", help="replay the files again and again")
    parser.add_argument("--out", metavar="DIR", default=None,
                        help="write the games of the boards on --serial here as SGF, as "
                             "goboard sync --follow does (resumes; one writer a folder)")
    if mqtt:
        parser.add_argument("--mqtt", action="append", default=[], metavar="HOST[:PORT]",
                            help="read every board a relay publishes on this MQTT broker")
    parser.add_argument("--prefix", default=DEFAULT_PREFIX,
                        help="MQTT topic prefix (default %(default)s)")


def load_replay(path):
    """A recorded feed as [(board, event)], every line checked before anything runs."""
    default = clean_board_id(os.path.splitext(os.path.basename(path))[0])
    try:
        with open(path, encoding="utf-8") as f:
            lines = f.readlines()
    except OSError as e:
        raise UserError("cannot read replay file %s: %s" % (path, e.strerror or e)) from None
    except UnicodeDecodeError:
        raise UserError("replay file %s is not UTF-8 text" % path) from None
    out = []
    for n, line in enumerate(lines, 1):
        if not line.strip():
            continue
        if too_deep(line.encode()):
            raise UserError("replay file %s line %d nests deeper than %d: not an event"
                            % (path, n, MAX_DEPTH))
        try:
            ev = json.loads(line)
        except ValueError as e:
            raise UserError("replay file %s line %d is not JSON: %s" % (path, n, e)) from None
        if not isinstance(ev, dict) or not isinstance(ev.get("type"), str):
            raise UserError("replay file %s line %d: an event must be an object with a "
                            "\"type\"" % (path, n))
        board = clean_board_id(ev.pop("board", default))
        out.append((board, ev))
    if not out:
        raise UserError("replay file %s holds no events" % path)
    return out


class SourceThread(threading.Thread):
    """A daemon thread feeding a sink until `stop()`."""

    def __init__(self, name):
        super().__init__(name=name, daemon=True)
        self.stopping = threading.Event()
        self.error = None

    def stop(self):
        self.stopping.set()


class ReplaySource(SourceThread):
    """Recorded events, `pace` seconds apart (one file's boards interleave as recorded)."""

    def __init__(self, items, sink, pace=1.0, loop=False):
        super().__init__("replay")
        self.items, self.sink, self.pace, self.loop = items, sink, pace, loop

    def run(self):
        while True:
            for board, ev in self.items:
                if self.stopping.is_set():
                    return
                self.sink.publish(board, dict(ev))
                if self.pace > 0 and self.stopping.wait(self.pace):
                    return
            if not self.loop:
                return


class SerialSource(SourceThread):
    """A board on a serial port, through the link's host end (`goboard.link.transport.HostLink`):
    its current game from the first event (read back from the board's log), then live.

    It never gives up while serve or relay runs: a port that went away or a board
    that broke the protocol is said once on stderr, the board is marked
    "(reconnecting)" (`sink.publish_link`), and the port is opened again every
    RETRY seconds; the stream goes on from the last event it delivered.

    With `out` the board's games are recorded too, as `goboard sync --follow`
    records them: what the journal lacks is fetched first, then every event goes
    to the journal before the sink, so a board unplugged or this process killed
    and started again loses nothing and writes nothing twice."""

    RETRY = 1.0
    # the first hello is asked this many times, 0.7 s apart: a board just plugged
    # in may still be booting (a .mpy install imports its modules first), and a
    # busy machine starts a stand-in board slowly (a test on a loaded CI machine
    # got no answer in the 8 tries a running board needs)
    FIRST_TRIES = 20

    def __init__(self, port, sink, on_hello=None, out=None, say=None):
        super().__init__("serial " + port)
        self.port, self.sink, self.on_hello = port, sink, on_hello
        self.out = out
        self.say = say or (lambda text: None)
        self.written = set()          # the SGF files said once
        self.link = self._connect(tries=self.FIRST_TRIES)
        # an arbiter's `goboard clock` or `new` reaches the board through us
        self.control = ControlServer(port)
        self.control.start()
        self.board = clean_board_id(self.link.board.get("serial") or os.path.basename(port))
        if on_hello is not None:
            # e.g. the relay's pairing: may start the board's game, before it is followed
            on_hello(self.link, self.board)
        self.seq = self._sequencer()

    def _connect(self, **request):
        """The port opened and the board's hello read (`request`: the tries and
        timeout of HostLink.request, its own by default)."""
        lk = HostLink(self.port).open()
        try:
            lk.hello(**request)
        except LinkError:
            lk.close()
            raise
        return lk

    def _sequencer(self):
        games = self.link.games()
        seq = Sequencer(games[-1][0], 0) if games else Sequencer()
        seq.behind = bool(games)     # ask the log for the game so far
        return seq

    def _status(self, up):
        fn = getattr(self.sink, "publish_link", None)
        if fn is not None:
            fn(self.board, up)

    def _record(self):
        """Fetch what the journal lacks, show the current game from its start,
        then follow: the journal and the SGFs first, then the sink."""
        journal, _ = sync_once(self.link, self.out, {}, say=self._written)
        for g in journal.games()[-1:]:
            for ev in journal.events(g):
                self.sink.publish(self.board, ev)   # a page's duplicates are skipped
        follow(self.link, journal, self.out, {}, stop=self.stopping.is_set, say=self._written,
               on_event=lambda serial, ev: self.sink.publish(self.board, ev),
               status=self._status, idle=self.control.run_pending)

    def _written(self, path):
        if path not in self.written:
            self.written.add(path)
            self.say("board %s: %s" % (self.board, path))

    def run(self):
        said = set()
        while not self.stopping.is_set():
            try:
                if self.link is None:
                    self.link = self._connect()
                    serial = clean_board_id(self.link.board.get("serial") or "")
                    if serial and serial != self.board:
                        self.board = serial    # another board on the port: its own game
                        self.seq = self._sequencer()
                    self._status(True)
                if self.out is not None:
                    self._record()
                else:
                    for ev in self.link.follow(self.seq, stop=self.stopping.is_set,
                                               status=self._status,
                                               idle=self.control.run_pending):
                        self.sink.publish(self.board, ev)
                return
            except Exception as e:      # whatever the board did: say it once, go on
                text = "board %s on %s: %s (reconnecting)" % (self.board, self.port, e)
                if type(e).__name__ + str(e)[:40] not in said:
                    said.add(type(e).__name__ + str(e)[:40])
                    print("goboard: %s" % text, file=sys.stderr, flush=True)
                self.error = None
                self._status(False)
                if self.link is not None:
                    self.link.close()
                    self.link = None
                self.stopping.wait(self.RETRY)
            finally:
                if self.stopping.is_set() and self.link is not None:
                    self.link.close()
        self.control.stop()


class MqttSource:
    """Every board a relay publishes: retained states first, then the events.
    A persistent session (mqttconn), so a broker restart loses nothing queued;
    the feed puts events back in order (`live.Ordered`)."""

    def __init__(self, address, sink, prefix=DEFAULT_PREFIX, client_id="", login=None):
        self.client, self.host, self.port = mqttconn.make_client(address, "serve", client_id,
                                                                 login)
        self.sink = sink
        self.prefix = prefix
        self.skipped = 0
        self.client.on_message = self._on_message
        self.client.on_subscribe = self._on_subscribe
        self.subscribed = threading.Event()
        self.refused = False

    def start(self, timeout=10):
        """Returns once the broker has acknowledged the subscription: what a relay
        publishes from then on reaches the sink (before it, a new session has no
        queue, so a caller that says "recording" only now tells the truth)."""
        mqttconn.connect(self.client, self.host, self.port, timeout, on_connect=self._on_connect)
        if not self.subscribed.wait(timeout) or self.refused:
            self.stop()
            raise UserError("the MQTT broker %s:%d %s the subscription to %s/+/"
                            % (self.host, self.port,
                               "refused" if self.refused else "did not acknowledge", self.prefix))
        return self

    def _on_connect(self, client, userdata, flags, reason_code, properties):
        # one SUBSCRIBE for both: the broker sends the retained states, then what follows
        client.subscribe([(self.prefix + "/+/state", 1), (self.prefix + "/+/events", 1)])

    def _on_subscribe(self, client, userdata, mid, reason_codes, properties):
        self.refused = any(rc.is_failure for rc in reason_codes)
        self.subscribed.set()

    def _on_message(self, client, userdata, msg):
        parts = msg.topic.split("/")
        if len(parts) < 3 or len(msg.payload) > 1 << 20 or too_deep(msg.payload):
            self.skipped += 1
            return
        board, kind = parts[-2], parts[-1]
        try:
            data = json.loads(msg.payload)
        except ValueError:
            self.skipped += 1
            return
        if not isinstance(data, dict):
            self.skipped += 1
        elif kind == "events":
            self.sink.publish(board, data)
        elif kind == "state":
            self.sink.publish_snapshot(board, data)

    def stop(self):
        self.client.disconnect()
        self.client.loop_stop()


def start_sources(args, sink, on_hello=None, say=None, replays=None):
    """Open every source named on the command line (errors first, then threads): a
    list. `on_hello(link, board)` is called for each serial board once it said hello;
    with --out the serial boards' games are recorded (`say` names each new SGF).
    `replays`: the --replay files already read (load_replay), if the caller read them
    before anything else it opens."""
    items = replays if replays is not None else [load_replay(path) for path in args.replay]
    out = getattr(args, "out", None)
    serial = [SerialSource(port, sink, on_hello, out=out, say=say) for port in args.serial]
    started = []
    login = None
    if getattr(args, "mqtt", []):
        login = mqttconn.settings(args)
    for address in getattr(args, "mqtt", []):
        started.append(MqttSource(address, sink, prefix=args.prefix, login=login).start())
    for it in items:
        t = ReplaySource(it, sink, pace=args.pace, loop=args.loop)
        t.start()
        started.append(t)
    for t in serial:
        t.start()
        started.append(t)
    return started


def recording(args):
    """The --out folder's lock for the process's life (a context manager), or
    nothing to hold when there is no --out; --out without --serial is refused."""
    out = getattr(args, "out", None)
    if out is None:
        return contextlib.nullcontext()
    if not args.serial:
        raise UserError("--out records the boards on --serial ports (for a relay's MQTT "
                        "feed: goboard record --mqtt)")
    return FolderLock(out)


def stop_sources(sources):
    for s in sources:
        s.stop()


def report_errors(sources, said):
    """Say once on stderr when a source stopped for good (the others go on)."""
    for s in sources:
        err = getattr(s, "error", None)
        if err and s not in said:
            said.add(s)
            print("goboard: %s" % err, file=sys.stderr, flush=True)


def wait_forever(sources):
    """Sleep until Ctrl-C (serve and relay run until stopped), reporting dead sources."""
    said = set()
    while True:
        time.sleep(0.5)
        report_errors(sources, said)
