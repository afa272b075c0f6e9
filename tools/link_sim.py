"""The simulator's board with the real serial link: tools/sim/runner.py (the
board loop, the referee, the world model: theirs, unchanged) with its link slot
filled by goban.link.Link on a serial device as well as the runner's own tap.
After the game the link keeps serving the host for linger_ms.

    MICROPYPATH=firmware:tools/sim micropython tools/link_sim.py DEVICE LINGER_MS < job.json

A power cut in the job reboots the firmware, and with it the link (a new hello,
frame numbers from 0), as on the real board.
"""

import sys
import time

from goban.link import Link

DEV = sys.argv[1]
LINGER = int(sys.argv[2]) if len(sys.argv) > 2 else 20000
STREAM = open(DEV, "r+b")
ns = {"__name__": "runner"}
with open("tools/sim/runner.py") as f:
    src = f.read()
src = src[:src.rindex("\nmain()")]
exec(src, ns)
Tap = ns["Tap"]
LINKS = []


class TapLink(Tap):
    """The runner's tap plus the real link (made at each boot of the firmware)."""

    def __init__(self, runner):
        Tap.__init__(self, runner)
        self.link = Link(STREAM, info={"serial": "SIM-LINK", "profile": runner.prof.id,
                                       "size": runner.size}, now_ms=runner.now)
        LINKS.append(self.link)

    def send_event(self, ev):
        Tap.send_event(self, ev)
        self._log()
        self.link.send_event(ev)

    def poll(self, now_ms):
        self._log()
        self.link.poll(now_ms)

    def _log(self):
        if self.link.log is None and self.runner.loop is not None:
            self.link.log = self.runner.loop.log


ns["Tap"] = TapLink
job = __import__("json").loads(sys.stdin.read())
runner = ns["Runner"](job)
runner.run()
link = LINKS[-1]
link.log = runner.loop.log
t0 = time.ticks_ms()
while time.ticks_diff(time.ticks_ms(), t0) < LINGER:
    link.poll(runner.now + time.ticks_diff(time.ticks_ms(), t0))
    time.sleep_ms(2)
