"""Drives goban.clock from commands on stdin; run unchanged by CPython and by the
MicroPython unix port (tests/test_clock.py compares the two outputs line by line).

Commands, one a line (T: the board's ticks in ms):
    spec SPEC            a new game's clock (game-start with "clock")
    ev T JSON            a referee event (on_event; "_at": the ticks its stone landed)
    lag MS               the clock's lag (a stone's way to a move)
    step T               the loop's step (tick or flag event)
    press T C            the clock button (C: B, W or -)
    host T JSON          the host's clock request
    resume T JSON-LIST   rebuild from logged events
    heap T N             N steps from T, one ms apart, under heap_lock (MicroPython)
Each command prints one line: the event it returned (keys sorted), "-" for
none, or "error: ..." for a ClockError.
"""

import json
import sys

from goban.clock import Clock, ClockError


def canon(x):
    if isinstance(x, dict):
        return "{" + ",".join(json.dumps(k) + ":" + canon(x[k]) for k in sorted(x)) + "}"
    if isinstance(x, list):
        return "[" + ",".join(canon(v) for v in x) + "]"
    return json.dumps(x)


def main():
    clock = Clock()
    while True:
        line = sys.stdin.readline()
        if not line:
            break
        f = line.strip().split(" ", 2)
        if not f[0]:
            continue
        op = f[0]
        out = None
        try:
            if op == "spec":
                clock = Clock()
                out = clock.on_event({"type": "game-start", "clock": f[1]}, 0)
            elif op == "ev":
                e = json.loads(f[2])
                at = e.pop("_at", None)
                out = clock.on_event(e, int(f[1]), at)
            elif op == "lag":
                clock.lag = int(f[1])
            elif op == "step":
                out = clock.step(int(f[1]))
            elif op == "press":
                out = clock.press({"B": 1, "W": 2}.get(f[2], 0), int(f[1]))
            elif op == "host":
                out = clock.host(json.loads(f[2]), int(f[1]))
            elif op == "resume":
                lag = clock.lag
                clock = Clock()
                clock.lag = lag
                out = clock.resume_log(json.loads(f[2]), int(f[1]))
            elif op == "heap":
                t = int(f[1])
                n = int(f[2])
                try:
                    import micropython
                    micropython.heap_lock()
                except (ImportError, AttributeError):
                    micropython = None
                k = 0
                while k < n:
                    clock.step(t + k)
                    k += 1
                if micropython is not None:
                    micropython.heap_unlock()
                out = clock.event()
        except ClockError as e:
            print("error: " + str(e))
            continue
        print("-" if out is None else canon(out))


main()
