"""Boards' events to an MQTT broker, one topic per board, with retained state.

Topics (PREFIX is "goboard" unless said otherwise): `PREFIX/<board>/events`:
every event, QoS 1, in the board's order; `PREFIX/<board>/state`: the board's
live state (`goboard.live.state`), QoS 1 and retained, so a display or
recorder that subscribes late starts from the current position and then
applies the events after its "seq". `connect` opens the connection as a
venue's broker wants it (`goboard.live.mqttconn`).
"""

import json
import threading
import time

from goboard.errors import UserError
from goboard.live import mqttconn, sources
from goboard.live.state import EventError, Ordered, clean_board_id


class Relay:
    """Publishes boards' events and retained states through one paho client.

    `publish` may be called from many threads at once (one per board); each
    board's events go out in the order that board's thread published them, and
    in (game, seq) order whatever order they came in (`live.Ordered`: one after
    a gap waits for it). Every publish result is checked; with `window`
    messages unacknowledged the caller waits for room (paho's message ids wrap
    at 65,535: past that it refuses new ones, which were lost before), so the
    broker may restart and nothing is lost or reordered (QoS 1, persistent
    session: paho sends the unacknowledged ones again, in order).
    """

    def __init__(self, client, prefix=sources.DEFAULT_PREFIX, qos=1, window=20000,
                 state_every=0.1):
        self.client = client
        self.state_every = state_every
        self._dirty = set()           # boards whose retained state is behind their events
        self._stop = threading.Event()
        self._stater = threading.Thread(target=self._states, name="relay-states", daemon=True)
        self.prefix = prefix
        self.qos = qos
        self.window = window
        self.states = {}
        self._order = {}
        self._locks = {}
        self._guard = threading.Lock()
        self._room = threading.Condition()
        self.outstanding = 0          # published, not yet acknowledged by the broker
        self.published = 0
        self.skipped = 0
        self.last_error = None
        client.on_publish = self._acked
        self._stater.start()

    def _states(self):
        """The retained states, each board's at most every `state_every` seconds
        (a snapshot per event halved the relay's speed; a late joiner that
        misses events between two states holds them until the next state)."""
        while not self._stop.wait(self.state_every):
            self.publish_states()

    def publish_states(self):
        """Publish the retained state of every board with events since its last one."""
        with self._guard:
            dirty, self._dirty = self._dirty, set()
        for board in sorted(dirty):
            with self._lock(board):
                self._out(board, self._order[board].state, None)

    def close(self):
        """Stop the state thread after publishing the last states."""
        self._stop.set()
        self._stater.join(5)
        self.publish_states()
    def _acked(self, client, userdata, mid, reason_code=None, properties=None):
        with self._room:
            self.outstanding -= 1
            if self.outstanding < self.window:
                self._room.notify()

    def _lock(self, board):
        with self._guard:
            lock = self._locks.get(board)
            if lock is None:
                lock = self._locks[board] = threading.Lock()
                self._order[board] = Ordered(board)
                self.states[board] = self._order[board].state
            return lock

    def _send(self, topic, payload, retain=False):
        """Publish one message, waiting for room; never drops it."""
        import paho.mqtt.client as mqtt
        with self._room:
            while self.outstanding >= self.window:
                self._room.wait(1.0)
            self.outstanding += 1
        while True:
            info = self.client.publish(topic, payload, qos=self.qos, retain=retain)
            if info.rc in (mqtt.MQTT_ERR_SUCCESS, mqtt.MQTT_ERR_NO_CONN):
                return info      # NO_CONN: paho holds it and sends it after reconnecting
            if info.rc == mqtt.MQTT_ERR_QUEUE_SIZE:
                with self._room:  # its message id is still in flight: wait for acks
                    self._room.wait(0.05)
                continue
            with self._room:
                self.outstanding -= 1
            raise UserError("publishing to %s failed: %s" % (topic, mqtt.error_string(info.rc)))

    def _out(self, board, state, event):
        base = "%s/%s/" % (self.prefix, board)
        if event is not None:
            self._send(base + "events", json.dumps(event, separators=(",", ":")))
            self.published += 1
            with self._guard:
                self._dirty.add(board)
            return
        self._send(base + "state", json.dumps(state.snapshot(), separators=(",", ":")),
                   retain=True)

    def publish(self, board, event):
        """Relay one event (and the events after a gap it fills); False when it was
        a duplicate, is held after a gap, or made no sense (then skipped)."""
        board = clean_board_id(board)
        with self._lock(board):
            order = self._order[board]
            try:
                sent = order.offer(event, lambda ev: self._out(board, order.state, ev))
            except EventError as e:
                self.skipped += 1
                self.last_error = "board %s: %s" % (board, e)
                return False
            return bool(sent)

    def publish_snapshot(self, board, snapshot):
        """Relays never take snapshots from elsewhere; a source that offers one is ignored."""

    def publish_link(self, board, up):
        """A board's serial source lost or back: the retained state says "reconnecting"."""
        board = clean_board_id(board)
        with self._lock(board):
            state = self._order[board].state
            state.link = None if up else "reconnecting"
            self._out(board, state, None)

    def held(self):
        """Events waiting after a gap, per board (a recording with lines missing)."""
        return {b: len(o.held) for b, o in self._order.items() if o.held}

    def flush(self, timeout=30.0):
        """Publish the states due, then wait until the broker has acknowledged
        every message published so far."""
        self.publish_states()
        deadline = time.monotonic() + timeout
        with self._room:
            while self.outstanding > 0:
                left = deadline - time.monotonic()
                if left <= 0:
                    return False
                self._room.wait(min(left, 0.5))
        return True


def connect(address, client_id="", username=None, password=None, prefix=sources.DEFAULT_PREFIX,
            timeout=10.0, inflight=200, login=None):
    """A connected paho client (network loop running, persistent session), or
    UserError saying why not. `login`: mqttconn.settings (user, password, TLS)."""
    login = dict(login or {})
    if username:
        login.update(username=username, password=password)
    client, host, port = mqttconn.make_client(address, "relay", client_id, login, inflight)
    return mqttconn.connect(client, host, port, timeout)
