"""How the board loop shares a step between the scan and the rest (goban.boardloop,
BoardLoop.step), on a clock the test drives: each part of a step (the loop's
scan and press, the scales' reads, the referee's look and news, the log's write,
the link's send) costs what the test says, as on the RP2040 (tests/chip/
test_chip_step.py measures the real ones on the emulated chip). A job runs beside the scan only if the most it lately
cost fits the budget, else it waits a step and goes first the next one; an output
job or the scale job that found no room FORCE steps running gets a step of its own
(no scan then; output jobs follow in it while they fit);
a button press and a count's jobs always get one, after a scanning step; nothing
waits for ever however long every scan runs. Without a clock (the simulator)
everything fits, one output job a step."""

import json
from array import array

import pytest

from goban import profile as P
from goban.boardloop import BoardLoop, FORCE, _J_LOOK   # the look's slot in `cost`
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


class Log:
    """A game log with GameLog's interface whose writes cost the rig's clock
    (`log`; a count's JSON made apart: `prep`)."""

    def __init__(self, rig):
        self.rig = rig
        self.last_payload = None

    def current_game(self):
        return 0                        # none: the loop starts a new game

    def events(self, game):
        return iter(())

    def prepare(self, ev):
        self.rig.spend("prep")
        return json.dumps(ev).encode()

    def new_game(self, ev):
        self.append(ev)

    def append(self, ev, payload=None):
        self.rig.spend("log")
        self.rig.logged.append(ev)
        self.last_payload = payload if payload is not None else json.dumps(ev).encode()


class Link:
    """A link with goban.link.Link's board-side interface: a send costs the rig's
    clock (`send`); a poll is noted, free (the rig's step pays for it)."""

    def __init__(self, rig):
        self.rig = rig

    def send_event(self, ev, payload=None):
        self.rig.spend("send")
        self.rig.sent.append(ev)

    def poll(self, now):
        self.rig.polls.append(now)


class Rig:
    """A loop on the 9x9 sim devices, with a log and a link of the test's, whose
    scan, scale reads, the referee's look and news, log and send cost `cost[...]`
    microseconds of the test's clock, and which records what each step did."""

    def __init__(self, clock=True, budget=9000):
        d = open_devices(PROF)
        cal = Calibration(9, PROF)
        raw = array("H", bytes(2 * 81))
        d.matrix.scan(raw)
        cal.retake(raw)
        self.buttons = d.buttons
        self.scales = d.scales
        d.scales["B"].grams_x100 = 100 * 650      # 100 black stones in their bowl
        self.did = []
        self.logged = []
        self.sent = []
        self.polls = []
        self.loop = lp = BoardLoop(PROF, d.matrix, cal, d.bowls, d.buttons,
                                   log=Log(self), link=Link(self))
        self.clock = Clock()
        if clock:
            lp.pace(self.clock, budget)
        self.cost = {"scan": 3000, "bowls": 1000, "log": 4000, "send": 2000, "press": 7000,
                     "news": 2000, "look": 5500, "prep": 3000}

        def timed(name, f):
            def run(*a):
                self.spend(name)
                return f(*a)
            return run

        # the loop's public parts, the drivers' and the referee's
        lp.scan = timed("scan", lp.scan)
        lp.press = timed("press", lp.press)
        d.bowls.update = timed("bowls", d.bowls.update)
        lp.ref.look_now = timed("look", lp.ref.look_now)
        lp.ref.bowls = timed("news", lp.ref.bowls)
        lp.start(now_ms=0)
        self.now = 0

    def spend(self, name):
        """A part of the step ran: its cost on the clock, its name in the step's list."""
        self.clock.us += self.cost[name]
        self.did.append(name)

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
    r.queue("players")
    assert r.step() == ["scan", "bowls"]
    r.cost["scan"] = 3000
    assert r.step() == ["scan", "log", "bowls"]     # first, and the scales still fit
    assert r.step() == ["scan", "bowls", "send"]
    assert r.logged == r.sent == [{"type": "players"}]


def test_an_output_job_never_room_beside_the_scan_gets_a_step_of_its_own():
    r = Rig()
    r.settle()
    r.cost["scan"] = 6000
    r.queue("players")
    steps = [r.step() for _ in range(FORCE + 1)]
    assert steps[:FORCE] == [["scan", "bowls"]] * FORCE
    # alone (no scan in that step), and the send after it while the step has room
    assert steps[FORCE] == ["log", "send"]
    assert r.step()[0] == "scan"                    # and the scan is the next
    assert r.sent == [{"type": "players"}]


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
    r.cost["log"] = 7500                            # no room for both: one a step
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
    seen = [r.step() for _ in range(6)]
    # its JSON, its write, its send: each alone, a scanning step between
    alone = [s for s in seen if "scan" not in s]
    assert alone == [["prep"], ["log"], ["send"]], seen
    assert r.sent[-1]["type"] == "count"


@pytest.mark.parametrize("scan_us", [8500, 9500, 12000])
def test_nothing_waits_for_ever_however_long_the_scans(scan_us):
    r = Rig()
    r.settle()
    r.cost["scan"] = scan_us
    r.queue("move", "players", "move")
    for _ in range(8 * (FORCE + 2)):
        r.step()
    assert [e["type"] for e in r.sent] == ["move", "players", "move"]
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
    """The count's JSON, log and send (~5-8 ms each on the RP2040) each take a
    step alone: not after the dead stones' event in that event's step of its own."""
    r = Rig()
    r.settle()
    r.cost["scan"] = 6000                           # no room beside the scan
    r.queue("dead", "count")
    steps = [r.step() for _ in range(FORCE + 8)]
    assert ["log", "send"] in steps                 # the dead stones', alone
    alone = [s for s in steps if "scan" not in s]
    assert alone[-3:] == [["prep"], ["log"], ["send"]], steps   # the count's
    assert [e["type"] for e in r.sent] == ["dead", "count"]


def test_the_scales_news_to_the_referee_is_a_job_of_its_own():
    """A count that changed reaches the referee (its look at the bowls: 1-2 ms
    of bytecode on the RP2040) after the read, beside it only where it fits,
    else as the next step's scale job: the read's step does not run past the
    budget for it."""
    r = Rig()
    r.settle()
    r.cost["scan"] = 5500                   # a read fits (1000), a read and the news not
    r.loop.bowl_last[0] = -3                # the next read finds a changed count
    assert r.step() == ["scan", "bowls"]
    assert r.loop.news
    assert r.step() == ["scan", "news"]     # the next step's scale job
    assert not r.loop.news
    r.cost["scan"] = 3000
    r.loop.bowl_last[0] = -3
    assert r.step() == ["scan", "bowls", "news"]    # room for both: at once


def test_the_referees_look_goes_beside_its_scan_only_where_it_fits():
    """A stone settles: the look that takes it (2-5 ms of bytecode on the RP2040)
    runs inside the scan's step where the most a look lately cost fits the budget
    (no later announcement), else in the next step, alone, before any scan, and
    the move it took is logged and sent in the step after, before the scan; the
    simulator (no clock) always looks inside the scan."""
    for clock, scan_us, alone in ((True, 2500, False), (True, 6000, True), (False, 3000, False)):
        r = Rig(clock=clock)
        r.settle()
        r.cost["scan"] = scan_us
        steps = _black_plays(r)
        looks = [s for s in steps if "look" in s]
        assert looks
        if alone:
            assert all(s[0] == "look" and "scan" not in s for s in looks), steps
            k = steps.index(looks[0])
            assert steps[k - 1][0] == "scan"
            # the look that took the move: its log and send the next step, at once
            assert steps[-1] == ["log", "send"] and steps[-2][0] == "look", steps
            assert r.step()[0] == "scan"
        else:
            assert all(s[:2] == ["scan", "look"] for s in looks), steps
        if clock:
            # what a look costs, learned (a peak, forgotten slowly)
            assert 0.8 * r.cost["look"] < r.loop.cost[_J_LOOK] <= r.cost["look"]


def _black_plays(r):
    """Black's stone on the centre point, from its bowl: the steps up to its move's send."""
    r.loop.matrix.put(40, 1)
    r.scales["B"].grams_x100 -= 650
    steps = []
    while not r.sent and len(steps) < 300:
        steps.append(r.step())
    assert [e["type"] for e in r.sent] == ["move"], (r.sent, steps)
    return steps


def _polls_noted():
    """A settled rig whose buttons' polls are noted beside the link's (r.polls)."""
    r = Rig()
    r.settle()
    read = r.buttons.poll
    r.buttons.poll = lambda: (r.polls.append("buttons"), read())[1]
    del r.polls[:]
    return r


def test_the_buttons_and_the_link_wait_for_a_step_with_room():
    """After a scan that took a long look, the buttons' and the link's polls
    (~0.5 ms each on the RP2040) wait for the next step, which has room."""
    r = _polls_noted()
    polls = r.polls
    r.cost["scan"] = 8990                   # no room for either
    r.step()
    assert polls == []
    r.cost["scan"] = 3000
    r.step()
    assert polls[0] == "buttons" and isinstance(polls[1], int)


def test_buttons_that_never_fit_are_polled_after_force_steps_and_a_press_is_taken():
    """Scans that leave no room for the buttons' poll: after FORCE steps without
    one it runs beside the scan anyway (a press held ~100 ms is three debounced
    polls; the .mpy install's slow scans once lost a resign press so), and a
    press is taken."""
    r = _polls_noted()
    polls = r.polls
    r.cost["scan"] = 8990                   # no room beside any scan
    seen = []                               # each scanning step: were they polled
    for _ in range(8 * (FORCE + 1)):
        del polls[:]
        if "scan" in r.step():
            seen.append("buttons" in polls)
    # (the scales and the link, likewise starved, take steps of their own between)
    assert seen.count(True) >= 3, seen
    assert "." * (FORCE + 1) not in "".join("x" if b else "." for b in seen), seen
    r.buttons.press("resign")
    steps = [r.step() for _ in range(12 * (FORCE + 1))]
    assert ["press"] in steps, steps


def test_a_bowls_reading_is_sent_and_logged_only_with_new_start_counts():
    """The feed gets every bowls reading; the log only those that bring the
    bowls' start counts (what a restart needs): a move's readings cost no flash
    write. A new game logs its first again."""
    r = Rig()
    r.settle()
    reading = [{"type": "bowls", "B": b, "W": 180, "start": s}
               for b, s in ((180, [180, 180]), (179, [180, 180]), (178, [180, 180]),
                            (180, [181, 180]))]
    r.loop.queue.extend(reading)
    for _ in range(20):
        r.step()
    assert r.sent == reading
    assert r.logged == [reading[0], reading[3]]
    r.loop.new_game()
    assert r.logged[-1]["type"] == "game-start"
    k = len(r.logged)
    r.loop.queue.append(reading[3])
    for _ in range(5):
        r.step()
    assert [e for e in r.logged[k:] if e["type"] == "bowls"] == [reading[3]]


def test_a_lid_offset_an_event_says_is_the_logs_and_a_bowls_event_back_is_logged():
    """A lid's offset changes with its bowls events, and with an event that
    changes the count outside a reading (a prisoner said missing, a fix: its
    `offB`/`offW`), which a restart reads as the newer. A bowls event back at
    the offset the log last had from a bowls event is logged all the same (the
    prisoner came late): else a restart took the event's offset, a stone over."""
    r = Rig()
    r.settle()
    start = [180, 180]
    first = {"type": "bowls", "B": 179, "W": 180, "lidB": 0, "lidW": 0, "start": start}
    missing = {"type": "prisoner-missing", "color": "B", "expected": 1, "counted": 0,
               "offB": 1}
    same = {"type": "bowls", "B": 179, "W": 179, "lidB": 0, "lidW": 0, "start": start,
            "offB": 1}
    back = {"type": "bowls", "B": 179, "W": 179, "lidB": 1, "lidW": 0, "start": start}
    again = dict(back)
    r.loop.queue.extend([first, missing, same, back, again])
    for _ in range(30):
        r.step()
    assert r.logged == [first, missing, back]


def test_every_other_scale_read_is_the_movers_bowl():
    """One conversion ready a read (the HX711s at 80 a second): every other read
    starts at the bowl of the side to move, whose stone leaves it 0.1-0.2 s
    before it lands (the witness of the next move); the rest go round."""
    r = Rig()
    r.settle()
    r.loop.bowls.per_update = 1
    for s in r.scales.values():
        s.reads = 0
    for _ in range(40):
        r.step()
    reads = {w: s.reads for w, s in r.scales.items()}
    assert r.loop.ref.game.to_move() == 1
    assert reads["B"] >= 2 * max(reads["W"], reads["lidB"], reads["lidW"]) - 2, reads
    assert min(reads.values()) > 0, reads


class PayloadLink:
    """A link that keeps each event with the log's JSON of it."""

    def __init__(self):
        self.got = []

    def send_event(self, ev, payload=None):
        self.got.append((ev, payload))

    def poll(self, now):
        pass


def test_a_counts_json_is_made_once_then_written_then_sent_each_in_a_step(tmp_path):
    """A count's event is large: its JSON (~5 ms on the RP2040), its log write and
    its send each take a step of their own, and the send is the log's own JSON
    (not made twice); every logged event goes out with its record's JSON."""
    from goban.gamelog import GameLog
    import json
    d = open_devices(PROF)
    cal = Calibration(9, PROF)
    raw = array("H", bytes(2 * 81))
    d.matrix.scan(raw)
    cal.retake(raw)
    log = GameLog(str(tmp_path / "games"))
    lp = BoardLoop(PROF, d.matrix, cal, d.bowls, d.buttons, log=log)
    lp.link = link = PayloadLink()
    clock = Clock()
    lp.pace(clock, 9000)
    lp.start(now_ms=0)
    now = 0
    for _ in range(60):
        clock.us += 10000
        lp.step(now)
        now += PROF.scan_ms
    assert not lp.queue and link.got
    for ev, payload in link.got:            # game-start, ready...: the log's JSON
        assert payload is not None and json.loads(payload) == ev
    g = log.current_game()
    n_logged = len(list(log.events(g)))
    count = {"type": "count", "result": "W+7.5", "winner": "W", "margin": 7.5,
             "breakdown": {"black": {"stones": 40, "territory": 1}, "white": {"stones": 41}}}
    lp.queue.append(count)
    seen = []
    while not any(ev is count for ev, _ in link.got) and len(seen) < 20:
        before = (lp.prepared is not None, len(list(log.events(g))))
        clock.us += 10000
        lp.step(now)
        now += PROF.scan_ms
        seen.append((before, (lp.prepared is not None, len(list(log.events(g))))))
    made = [k for k, (b, a) in enumerate(seen) if not b[0] and a[0]]
    written = [k for k, (b, a) in enumerate(seen) if a[1] == n_logged + 1 and b[1] == n_logged]
    assert len(made) == 1 and len(written) == 1 and made[0] < written[0] < len(seen) - 1, seen
    ev, payload = link.got[-1]
    assert ev is count and json.loads(payload) == count and count["seq"] == n_logged + 1
    assert list(log.events(g))[-1] == json.loads(payload)


def test_the_display_is_drawn_between_events_behind_a_long_queue():
    """A burst of noise flags ~200 sensors: their events go out one or two a
    step for seconds. The display and lights the referee changed meanwhile are
    drawn once a few events (boardloop's _UI_BEHIND) went ahead of them, not
    after the whole queue:
    a player read the count's question seconds late and answered the one the
    board had replaced (campaign seed 982539, game 68)."""
    r = Rig()
    r.settle()
    r.queue(*(["sensor-fault"] * 40))
    r.loop.ref.ui_dirty = True                      # (the count's question, changed)
    drawn = []
    r.loop.display = type("Display", (), {"show": lambda s, a, b="": drawn.append(len(r.sent)),
                                          "dirty": False})()
    for _ in range(200):
        r.step()
        if drawn:
            break
    assert len(drawn) == 1 and 0 < drawn[0] <= 10   # drawn after a few events ...
    assert len(r.loop.queue) == 40 - drawn[0]       # ... long before the queue drained


def _look_alone(monkeypatch, look_us, act_us):
    """A rig whose scans leave no room for a look, its looks and their actions
    (Referee.act) costing what is given; a black stone put and played. The
    steps, up to the move's send."""
    from goban.referee import Referee
    r = Rig()
    act = Referee.act

    def timed_act(ref):
        r.spend("act")
        return act(ref)
    monkeypatch.setattr(Referee, "act", timed_act)
    r.cost["look"] = look_us
    r.cost["act"] = act_us
    r.settle()
    r.cost["scan"] = 6000
    return r, _black_plays(r)


def test_a_look_alone_takes_its_action_in_the_next_step_where_it_does_not_fit(monkeypatch):
    """A look alone in play reads the frame and its rules' guards in its step and
    leaves the rule's action (Referee.act: the move taken) to the very next step,
    before any scan, where the most an action lately cost does not fit beside
    it; the move is the same, logged and sent after. What the loop learns a look
    costs is the whole of it, both halves."""
    r, steps = _look_alone(monkeypatch, 4500, 5000)
    k = next(k for k, s in enumerate(steps) if "look" in s)
    assert steps[k - 1][0] == "scan" and steps[k] == ["look"], steps
    assert steps[k + 1][0] == "act" and "scan" not in steps[k + 1], steps
    assert "log" in steps[k + 1] + steps[k + 2], steps   # (where the log fits beside it)
    assert 0.9 * 9500 < r.loop.cost[_J_LOOK] <= 9500 + 100
    assert 0.9 * 5000 < r.loop.act_us <= 5000 + 100     # ... and its action's, apart
    # a short look whose action fits beside it: one step, as before
    r, steps = _look_alone(monkeypatch, 1500, 500)
    k = next(k for k, s in enumerate(steps) if "look" in s)
    assert steps[k][:2] == ["look", "act"], steps
