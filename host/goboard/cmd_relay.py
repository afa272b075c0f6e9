"""Relay boards' events to an MQTT broker, one topic per board, with retained state.

Topics (PREFIX is "goboard" unless --prefix says otherwise):
`PREFIX/<board>/events`: every event, QoS 1, in the board's order;
`PREFIX/<board>/state`: the board's live state (see goboard.live) after each
event, QoS 1 and retained, so a display or recorder that subscribes late
starts from the current position and then applies the events after its "seq".
Any number of displays (`goboard serve --mqtt`) and recorders can subscribe.
`--pairings FILE` hands each board its game of the round (goboard.pairing):
players, event, round, rules and clock, by the board's serial number.
"""

import json
import threading
import time

from goboard.errors import UserError
from goboard.live import EventError, LiveState, clean_board_id
from goboard import pairing, sources


class Relay:
    """Publishes boards' events and retained states through one paho client.

    `publish` may be called from many threads at once (one per board); each
    board's events go out in the order that board's thread published them.
    """

    def __init__(self, client, prefix=sources.DEFAULT_PREFIX, qos=1):
        self.client = client
        self.prefix = prefix
        self.qos = qos
        self.states = {}
        self._locks = {}
        self._guard = threading.Lock()
        self.last_info = {}
        self.published = 0
        self.skipped = 0
        self.last_error = None

    def _lock(self, board):
        with self._guard:
            lock = self._locks.get(board)
            if lock is None:
                lock = self._locks[board] = threading.Lock()
                self.states[board] = LiveState(board)
            return lock

    def publish(self, board, event):
        """Relay one event; False when it was a duplicate or made no sense (then skipped)."""
        board = clean_board_id(board)
        with self._lock(board):
            state = self.states[board]
            try:
                if not state.apply(event):
                    return False
            except EventError as e:
                self.skipped += 1
                self.last_error = "board %s: %s" % (board, e)
                return False
            base = "%s/%s/" % (self.prefix, board)
            self.client.publish(base + "events", json.dumps(event, separators=(",", ":")),
                                qos=self.qos)
            self.last_info[board] = self.client.publish(
                base + "state", json.dumps(state.snapshot(), separators=(",", ":")),
                qos=self.qos, retain=True)
            self.published += 1
            return True

    def publish_snapshot(self, board, snapshot):
        """Relays never take snapshots from elsewhere; a source that offers one is ignored."""

    def flush(self, timeout=30.0):
        """Wait until the broker has every message published so far (QoS 1 acknowledged)."""
        deadline = time.monotonic() + timeout
        for info in list(self.last_info.values()):
            left = deadline - time.monotonic()
            if left <= 0:
                return False
            try:
                info.wait_for_publish(left)
            except (RuntimeError, ValueError):
                return False
            if not info.is_published():
                return False
        return True


def connect(address, client_id="", username=None, password=None, prefix=sources.DEFAULT_PREFIX,
            timeout=10.0, inflight=200):
    """A connected paho client (network loop running), or UserError saying why not."""
    import paho.mqtt.client as mqtt
    host, port = sources.parse_hostport(address)
    client = mqtt.Client(mqtt.CallbackAPIVersion.VERSION2, client_id=client_id)
    client.max_inflight_messages_set(inflight)
    client.max_queued_messages_set(0)
    if username:
        client.username_pw_set(username, password)
    status = {}
    ready = threading.Event()

    def on_connect(c, userdata, flags, reason_code, properties):
        status["rc"] = reason_code
        ready.set()

    client.on_connect = on_connect
    try:
        client.connect(host, port, keepalive=30)
    except OSError as e:
        raise UserError("cannot reach the MQTT broker %s:%d: %s"
                        % (host, port, e.strerror or e)) from None
    client.loop_start()
    if not ready.wait(timeout):
        client.loop_stop()
        raise UserError("the MQTT broker %s:%d did not answer" % (host, port))
    if status["rc"].is_failure:
        client.loop_stop()
        raise UserError("the MQTT broker %s:%d refused the relay: %s" % (host, port, status["rc"]))
    return client


def pairing_hook(pairings):
    """The relay's hand-out of a pairing file: each board that says hello gets
    its row (or a line saying it has none); a board that refuses is reported."""
    from goboard.link import LinkError

    def hand_out(link, board):
        row = pairings.get(board)
        if row is None:
            note = "not in the pairing file"
        else:
            try:
                note = pairing.apply(link, row)
            except LinkError as e:
                note = "pairing refused: %s" % e
        print("goboard relay: board %s: %s" % (board, note), flush=True)
    return hand_out


def add_arguments(parser):
    parser.add_argument("--broker", default="localhost:1883", metavar="HOST[:PORT]",
                        help="the MQTT broker (default %(default)s)")
    parser.add_argument("--client-id", default="", help="MQTT client id (default: random)")
    parser.add_argument("--username", help="MQTT user name (the broker's password file)")
    parser.add_argument("--password", help="MQTT password")
    parser.add_argument("--pairings", metavar="FILE.csv",
                        help="a hall's pairing file: each board's players, event, round, "
                             "rules and clock by serial number (see goboard.pairing)")
    sources.add_source_arguments(parser, mqtt=False)


def run(args):
    if not (args.serial or args.replay):
        raise UserError("no event source: give --serial PORT or --replay FILE.jsonl")
    for path in args.replay:          # every file checked before anything is published
        sources.load_replay(path)
    hand_out = None
    if args.pairings:
        hand_out = pairing_hook(pairing.load(args.pairings))
    client = connect(args.broker, args.client_id, args.username, args.password)
    relay = Relay(client, prefix=args.prefix)
    running = []
    try:
        running = sources.start_sources(args, relay, on_hello=hand_out)
        print("goboard relay: publishing to %s under %s/<board>/" % (args.broker, args.prefix),
              flush=True)
        finite = not args.serial and not args.loop
        said = set()
        while True:
            time.sleep(0.2)
            sources.report_errors(running, said)
            if finite and not any(t.is_alive() for t in running):
                break
        if not relay.flush():
            raise UserError("the broker did not acknowledge every message")
        print("goboard relay: %d events of %d boards published%s"
              % (relay.published, len(relay.states),
                 ", %d skipped (%s)" % (relay.skipped, relay.last_error) if relay.skipped else ""),
              flush=True)
    finally:
        sources.stop_sources(running)
        client.disconnect()
        client.loop_stop()
    return 0
