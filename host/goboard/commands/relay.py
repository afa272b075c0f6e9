"""Relay boards' events to an MQTT broker, one topic per board, with retained state.

The topics and the retained state are `goboard.live.relay`'s (PREFIX
"goboard" unless --prefix says otherwise). Any number of displays (`goboard
serve --mqtt`) and recorders can subscribe. `--pairings FILE` hands each board
its game of the round (`goboard.live.pairing`):
players, event, round, table, rules and clock, by the board's serial number.
`--out DIR` records the boards on serial ports as SGF too, as `goboard sync
--follow` does: one process per board relays and records.
"""

import sys
import time

from goboard.errors import UserError
from goboard.link.transport import LinkError
from goboard.live import mqttconn, pairing, sources
from goboard.live.relay import Relay, connect


def pairing_hook(pairings):
    """The relay's hand-out of a pairing file: each board that says hello gets
    its row (or a line saying it has none); a board that refuses is reported."""

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
    parser.add_argument("--client-id", default="",
                        help="MQTT client id (default: goboard-relay-HOST-PID)")
    mqttconn.add_arguments(parser)
    parser.add_argument("--pairings", metavar="FILE.csv",
                        help="a hall's pairing file: each board's players, event, round, "
                             "rules and clock by serial number (see goboard.live.pairing)")
    sources.add_source_arguments(parser, mqtt=False)


def run(args):
    if not (args.serial or args.replay):
        raise UserError("no event source: give --serial PORT or --replay FILE.jsonl")
    for path in args.replay:          # every file checked before anything is published
        sources.load_replay(path)
    hand_out = None
    if args.pairings:
        hand_out = pairing_hook(pairing.load(args.pairings))
    with sources.recording(args):
        return _relay(args, hand_out)


def _relay(args, hand_out):
    client = connect(args.broker, args.client_id, login=mqttconn.settings(args))
    relay = Relay(client, prefix=args.prefix)
    running = []
    try:
        running = sources.start_sources(
            args, relay, on_hello=hand_out,
            say=lambda text: print("goboard relay: %s" % text, flush=True))
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
            raise UserError("the broker did not acknowledge %d messages in 30 s (is it "
                            "running? they are still held: nothing was dropped)"
                            % relay.outstanding)
        for board, n in sorted(relay.held().items()):
            print("goboard relay: board %s: %d events held after a gap (the events before "
                  "them never came): not published" % (board, n), file=sys.stderr, flush=True)
        print("goboard relay: %d events of %d boards published%s"
              % (relay.published, len(relay.states),
                 ", %d skipped (%s)" % (relay.skipped, relay.last_error) if relay.skipped else ""),
              flush=True)
    finally:
        sources.stop_sources(running)
        relay.close()
        relay.flush(5)
        client.disconnect()
        client.loop_stop()
    return 0
