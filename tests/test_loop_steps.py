"""How the board loop shares a step between the scan and the rest (goban.boardloop,
BoardLoop.step and _jobs), on a clock the test drives: each part of a step costs
what the test says, as on the RP2040 (tests/test_chip_step.py measures the real
ones on the emulated chip). A job runs beside the scan only if the most it lately
cost fits the budget, else it waits a step and goes first the next one; an output
job or the scale job that found no room FORCE steps running gets a step of its own
(no scan then; output jobs follow in it while they fit);
a button press and a count's jobs always get one, after a scanning step; nothing
waits for ever however long every scan runs. Without a clock (the simulator)
everything runs in the step, as before."""

from array import array

import pytest

from goban import profile as P
from goban.boardloop import BoardLoop, FORCE
from goban.calibration import Calibration
from goban.hw import open_devices
from conftest import REPO

PROF = P.load(str(REPO / "boards" / "sim-9.json"))


class Clock:
    """ticks_us for the loop: moves only when a part of the step costs time."""

    def __init__(self):
        self.us = 0

    def __call__(self):
        return self.us


class Rig:
    """A loop on the 9x9 sim devices whose scan, scale job, log and send cost
    `cost[...]` microseconds of the test's clock, and which records what each
    step did."""

    def __init__(self, clock=True, budget=9000):
        d = open_devices(PROF)
        cal = Calibration(9, PROF)
        raw = array("H", bytes(2 * 81))
        d.matrix.scan(raw)
        cal.retake(raw)
        self.buttons = d.buttons
        self.loop = lp = BoardLoop(PROF, d.matrix, cal, d.bowls, d.buttons)
        self.clock = Clock()
        if clock:
            lp.ticks_us = self.clock
            lp.budget_us = budget
        self.cost = {"scan": 3000, "bowls": 1000, "log": 4000, "send": 2000, "press": 7000,
                     "news": 2000}
        self.did = []
        self.logged = []
        self.sent = []
        scan, bowls, press = lp.scan, lp._bowls, lp.press

        def timed(name, f):
            def run(*a):
                self.clock.us += self.cost[name]
                self.did.append(name)
                return f(*a)
            return run

        lp.scan = timed("scan", scan)
        lp._bowls = timed("bowls", bowls)
        lp.press = timed("press", press)
        lp.ref.bowls = timed("news", lp.ref.bowls)
        lp._record = timed("log", self.logged.append)
        lp._out = timed("send", self.sent.append)
        lp._lights = lambda: None
        lp._display = lambda *a: None
        lp.start(now_ms=0)
        self.now = 0

    def step(self):
        """One scan period; what the step did."""
        self.did = []
        self.clock.us += 500          # the link's poll, the clock, the bookkeeping
        self.loop.step(self.now)
        self.now += PROF.scan_ms
        return list(self.did)

    def settle(self, steps=60):
        """The game started and ready, everything it said out: a quiet board."""
        for _ in range(steps):
            self.step()
        assert not self.loop.queue
        del self.logged[:]
        del self.sent[:]

    def queue(self, *types):
        self.loop.queue.extend({"type": t} for t in types)


def test_a_job_that_does_not_fit_waits_a_step_and_then_goes_first():
    r = Rig()
    r.settle()
    r.cost["scan"] = 5500              # a long look: no room for the log
    r.queue("bowls")
    assert r.step() == ["scan", "bowls"]
    r.cost["scan"] = 3000
    assert r.step() == ["scan", "log", "bowls"]     # first, and the scales still fit
    assert r.step() == ["scan", "bowls", "send"]
    assert r.logged == r.sent == [{"type": "bowls"}]


def test_an_output_job_never_room_beside_the_scan_gets_a_step_of_its_own():
    r = Rig()
    r.settle()
    r.cost["scan"] = 6000
    r.queue("bowls")
    steps = [r.step() for _ in range(FORCE + 1)]
    assert steps[:FORCE] == [["scan", "bowls"]] * FORCE
    # alone (no scan in that step), and the send after it while the step has room
    assert steps[FORCE] == ["log", "send"]
    assert r.step()[0] == "scan"                    # and the scan is the next
    assert r.sent == [{"type": "bowls"}]


def test_a_moves_log_and_send_take_the_next_step_alone():
    """A move's log write (~4.5 ms on the RP2040) never shares a step with a scan:
    the step after the one that took it logs and sends it (the announcement
    comes a step after the look), and the scan is the next."""
    r = Rig()
    r.settle()
    r.queue("move")
    assert r.step() == ["log", "send"]
    assert r.step()[0] == "scan"
    assert r.logged == r.sent == [{"type": "move"}]
    r.cost["log"] = 7000                            # no room for both: one a step
    r.queue("move")
    assert r.step() == ["log"]
    assert r.step()[0] == "scan"
    assert r.step() == ["send"]


def test_the_scale_job_never_runs_past_the_budget_beside_a_scan():
    """A scan that leaves no room for the scales: they wait FORCE steps, then get
    a step of their own (and the output jobs that fit after them)."""
    r = Rig()
    r.settle()
    r.cost["scan"] = 8200                           # + the scales' 1000 > 9000
    steps = [r.step() for _ in range(3 * (FORCE + 1))]
    assert all(s == ["scan"] or "scan" not in s for s in steps), steps
    assert steps[:FORCE] == [["scan"]] * FORCE and steps[FORCE] == ["bowls"]
    assert steps.count(["bowls"]) == 3
    r.queue("move")
    steps = [r.step() for _ in range(2 * (FORCE + 1))]
    assert ["log", "send"] in steps or ["bowls", "log", "send"] in steps, steps
    assert r.sent == [{"type": "move"}]


def test_a_press_and_a_count_each_take_a_step_of_their_own():
    r = Rig()
    r.settle()
    r.buttons.press("pass")
    assert r.step() == ["scan", "bowls"]            # polled while scanning...
    assert r.step() == ["press"]                    # ...taken alone the next step
    r.settle()
    r.cost["log"] = r.cost["send"] = 7000           # a count's: ~7-8 ms each on the chip
    r.queue("count")
    seen = [r.step() for _ in range(4)]
    assert ["log"] in seen and ["send"] in seen
    assert all("scan" not in s for s in seen if "log" in s or "send" in s)
    assert r.sent[-1] == {"type": "count"}


@pytest.mark.parametrize("scan_us", [8500, 9500, 12000])
def test_nothing_waits_for_ever_however_long_the_scans(scan_us):
    r = Rig()
    r.settle()
    r.cost["scan"] = scan_us
    r.queue("move", "bowls", "move")
    for _ in range(8 * (FORCE + 2)):
        r.step()
    assert [e["type"] for e in r.sent] == ["move", "bowls", "move"]
    assert r.logged == r.sent
    # the scales were read too, and the scan never stopped for two steps running
    r.did = []
    steps = [r.step() for _ in range(10)]
    assert any("bowls" in s for s in steps)
    assert not any(a == b == [] for a, b in zip(steps, steps[1:]))


def test_without_a_clock_the_step_does_everything_at_once():
    """The simulator: one output job a step, beside the scan (a move's too: a
    step of its own is the Pico's, for its time)."""
    r = Rig(clock=False)
    r.settle()
    r.queue("move")
    assert r.step() == ["scan", "bowls", "log"]
    assert r.step() == ["scan", "bowls", "send"]


def test_a_count_is_first_in_a_step_of_its_own_never_after_another_job():
    """The count's log and send (~6-8 ms each on the RP2040) each take a step
    alone: not after the dead stones' event in that event's step of its own."""
    r = Rig()
    r.settle()
    r.cost["scan"] = 6000                           # no room beside the scan
    r.queue("dead", "count")
    steps = [r.step() for _ in range(FORCE + 6)]
    assert ["log", "send"] in steps                 # the dead stones', alone
    alone = [s for s in steps if "scan" not in s]
    assert alone.count(["log"]) == 1 and alone.count(["send"]) == 1, steps   # the count's
    assert [e["type"] for e in r.sent] == ["dead", "count"]


def test_the_scales_news_to_the_referee_is_a_job_of_its_own():
    """A count that changed reaches the referee (its look at the bowls: 1-2 ms
    of bytecode on the RP2040) after the read, beside it only where it fits,
    else as the next step's scale job: the read's step does not run past the
    budget for it."""
    r = Rig()
    r.settle()
    r.cost["scan"] = 6500                   # a read fits (1000), a read and the news not
    r.loop.bowl_last[0] = -3                # the next read finds a changed count
    assert r.step() == ["scan", "bowls"]
    assert r.loop.news
    assert r.step() == ["scan", "news"]     # the next step's scale job
    assert not r.loop.news
    r.cost["scan"] = 3000
    r.loop.bowl_last[0] = -3
    assert r.step() == ["scan", "bowls", "news"]    # room for both: at once
