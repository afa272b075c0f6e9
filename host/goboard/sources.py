"""Where live events come from, for `goboard serve` and `goboard relay`.

Each source runs in its own thread and hands (board id, event) pairs to a sink
in the order the board sent them: `sink.publish(board, event)` and, from an
MQTT relay's retained state, `sink.publish_snapshot(board, state)`.
Sources: recorded JSON lines (`--replay`), boards on serial ports (`--serial`,
through `goboard.link`) and a relay's MQTT topics (`--mqtt`).
"""

import json
import os
import sys
import threading
import time

from goboard.errors import UserError
from goboard.live import clean_board_id

DEFAULT_PREFIX = "goboard"


def add_source_arguments(parser, mqtt=True):
    """The source options serve and relay share."""
    parser.add_argument("--serial", action="append", default=[], metavar="PORT",
                        help="a board on this serial port (repeatable)")
    parser.add_argument("--replay", action="append", default=[], metavar="FILE.jsonl",
                        help="events recorded as JSON lines, one event a line; the board id is "
                             "the line's \"board\" field or the file name (repeatable)")
    parser.add_argument("--pace", type=float, default=1.0, metavar="SECONDS",
                        help="time between replayed events (0: all at once; default 1)")
    parser.add_argument("--loop", action="store_true", help="replay the files again and again")
    if mqtt:
        parser.add_argument("--mqtt", action="append", default=[], metavar="HOST[:PORT]",
                            help="read every board a relay publishes on this MQTT broker")
    parser.add_argument("--prefix", default=DEFAULT_PREFIX,
                        help="MQTT topic prefix (default %(default)s)")


def parse_hostport(text, default_port=1883):
    """'host', 'host:port' or '[v6]:port' -> (host, port); UserError for anything else."""
    text = text.strip()
    host, port = text, default_port
    if text.startswith("["):
        end = text.find("]")
        if end < 0:
            raise UserError("bad broker address %r: no closing ']'" % text)
        host, rest = text[1:end], text[end + 1:]
        if rest:
            if not rest.startswith(":"):
                raise UserError("bad broker address %r" % text)
            port = rest[1:]
    elif text.count(":") == 1:
        host, port = text.split(":")
    try:
        port = int(port)
    except ValueError:
        raise UserError("bad broker address %r: the port must be a number" % text) from None
    if not host or not 0 < port < 65536:
        raise UserError("bad broker address %r" % text)
    return host, port


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
    """A board on a serial port, through the link's host end (`goboard.link.HostLink`):
    its current game from the first event (read back from the board's log), then live."""

    def __init__(self, port, sink, on_hello=None):
        super().__init__("serial " + port)
        self.port, self.sink = port, sink
        from goboard import link
        self.link = link.HostLink(port).open()
        try:
            hello = self.link.hello()
            self.board = clean_board_id(hello.get("serial") or os.path.basename(port))
            if on_hello is not None:
                # e.g. the relay's pairing: may start the board's game, before it is followed
                on_hello(self.link, self.board)
            games = self.link.games()
        except link.LinkError:
            self.link.close()
            raise
        self.seq = link.Sequencer(games[-1][0], 0) if games else link.Sequencer()
        self.seq.behind = bool(games)     # ask the log for the game so far

    def run(self):
        try:
            for ev in self.link.follow(self.seq, stop=self.stopping.is_set):
                self.sink.publish(self.board, ev)
        except Exception as e:          # a port that went away for good: say so
            self.error = "serial port %s: %s" % (self.port, e)
        finally:
            self.link.close()


class MqttSource:
    """Every board a relay publishes: retained states first, then the events."""

    def __init__(self, address, sink, prefix=DEFAULT_PREFIX, client_id=""):
        import paho.mqtt.client as mqtt
        self.host, self.port = parse_hostport(address)
        self.sink = sink
        self.prefix = prefix
        self.skipped = 0
        self.client = mqtt.Client(mqtt.CallbackAPIVersion.VERSION2, client_id=client_id)
        self.client.on_connect = self._on_connect
        self.client.on_message = self._on_message
        self.connected = threading.Event()

    def start(self, timeout=10):
        try:
            self.client.connect(self.host, self.port, keepalive=30)
        except OSError as e:
            raise UserError("cannot reach the MQTT broker %s:%d: %s"
                            % (self.host, self.port, e.strerror or e)) from None
        self.client.loop_start()
        if not self.connected.wait(timeout):
            self.client.loop_stop()
            raise UserError("the MQTT broker %s:%d did not accept the connection"
                            % (self.host, self.port))
        return self

    def _on_connect(self, client, userdata, flags, reason_code, properties):
        if reason_code.is_failure:
            return
        # one SUBSCRIBE for both: the broker sends the retained states, then what follows
        client.subscribe([(self.prefix + "/+/state", 1), (self.prefix + "/+/events", 1)])
        self.connected.set()

    def _on_message(self, client, userdata, msg):
        parts = msg.topic.split("/")
        if len(parts) < 3:
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


def start_sources(args, sink, on_hello=None):
    """Open every source named on the command line (errors first, then threads): a
    list. `on_hello(link, board)` is called for each serial board once it said hello."""
    items = [load_replay(path) for path in args.replay]
    serial = [SerialSource(port, sink, on_hello) for port in args.serial]
    started = []
    for address in getattr(args, "mqtt", []):
        started.append(MqttSource(address, sink, prefix=args.prefix).start())
    for it in items:
        t = ReplaySource(it, sink, pace=args.pace, loop=args.loop)
        t.start()
        started.append(t)
    for t in serial:
        t.start()
        started.append(t)
    return started


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
