#!/usr/bin/env python3
"""Serial link benchmark: board event -> host has it, and read-back speed.

Figures (one line each):
- event -> host: the board's link in the MicroPython unix port (tools/link_board.py,
  a real Game and GameLog) stamps each event (time.time_ns) as it calls
  send_event; the host (goboard.link.HostLink through pyserial, following the
  live stream) stamps it when the event is released in order. Same clock.
  The bytes cross two ptys and the rig's relay thread (one more hop than a USB
  cable). 1 event every 20 ms.
- read-back: a whole game fetched from the board's log ("read"), events/s.
- send_event on the board: microseconds per event frame in the unix port
  (json + CRC-32 + write to /dev/null); the RP2040 is roughly 100x slower.
Run: .venv/bin/python tools/bench_link.py [--quick]
"""

import argparse
import os
import statistics
import subprocess
import sys
import threading
import time

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(REPO, "tools"))
for sub in ("host", "firmware"):
    sys.path.insert(0, os.path.join(REPO, sub))

import linkrig  # noqa: E402
from goboard.link.sequence import Sequencer  # noqa: E402
from goboard.link.transport import HostLink  # noqa: E402


def figures(name, values, unit="ms"):
    values = sorted(values)
    p95 = values[int(len(values) * 0.95) - 1]
    print("%-28s median %.2f %s, p95 %.2f %s, max %.2f %s (n=%d)"
          % (name, statistics.median(values), unit, p95, unit, values[-1], unit, len(values)))


def bench_live(moves):
    wd = linkrig.workdir()
    relay = linkrig.Relay(wd)
    relay.start()
    plan = {"games": [{"rules": "chinese", "size": 19,
                       "actions": linkrig.random_actions(1, moves, 19, undo=0, illegal=0)}],
            "pace_ms": 20, "linger_ms": 10000, "bench": True, "start_ms": 300}
    proc = linkrig.start_board(relay.board_path, plan, wd)
    lat = []
    try:
        link = HostLink(relay.host_path).open()
        hello = link.hello()
        seq = Sequencer(hello.get("game") or 0, hello.get("seq") or 0)
        box = {}
        threading.Thread(target=lambda: box.setdefault("r", linkrig.board_results(proc)),
                         daemon=True).start()

        def stop():
            r = box.get("r")
            return r is not None and seq.seq >= r[0]["events"]
        for ev in link.follow(seq, stop=stop):
            if "t_ns" in ev:
                lat.append((time.time_ns() - ev["t_ns"]) / 1e6)
        read_t = time.perf_counter()
        evs = link.read_events(1)
        read_t = time.perf_counter() - read_t
        link.close()
    finally:
        linkrig.stop_board(proc)
        relay.stop()
    figures("event -> host", lat)
    print("  target: well inside the page's 100 ms from event to screen (tools/bench_live.py)")
    print("%-28s %d events in %.3f s: %.0f events/s (a 300-move game has about 600 events)"
          % ("read-back of a game", len(evs), read_t, len(evs) / read_t))


def bench_send(n):
    script = (
        "import time\n"
        "from goban.link import Link\n"
        "f = open('/dev/null', 'r+b')\n"
        "l = Link(f)\n"
        "ev = {'type': 'move', 'color': 'B', 'point': 'pd', 'number': 120, 'captures': ['pe', 'qe'],"
        " 'game': 3, 'seq': 140}\n"
        "t = time.ticks_us()\n"
        "for i in range(%d):\n"
        "    l.send_event(ev)\n"
        "print(time.ticks_diff(time.ticks_us(), t) / %d)\n" % (n, n))
    env = dict(os.environ, MICROPYPATH=os.path.join(REPO, "firmware"))
    out = subprocess.run([os.path.join(REPO, ".venv", "bin", "micropython"), "-c", script],
                         capture_output=True, text=True, env=env, check=True).stdout
    us = float(out)
    print("%-28s %.1f us per event frame (unix port); RP2040 about %.1f ms (x100, bytecode)"
          % ("send_event on the board", us, us * 100 / 1000))
    print("  budget: an event goes out in the same scan as the move it reports, next to the "
          "3 ms a frame may take (DESIGN.md); an event is sent once per move, not per frame")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--quick", action="store_true")
    args = ap.parse_args()
    print("== serial link ==")
    bench_live(60 if args.quick else 250)
    bench_send(2000)


if __name__ == "__main__":
    main()
