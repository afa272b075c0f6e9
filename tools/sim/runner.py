"""Runs the real firmware against the world model, inside MicroPython.

    MICROPYPATH=firmware:tools/sim micropython tools/sim/runner.py < job.json

The job (JSON on stdin, prepared by `goboard sim`):
    profile  path of a sim profile (boards/sim-19.json)
    rules, komi, handicap   the game set up at the board
    clock    optional clock spec (goban.clock) of that game; `wait` is thinking time
    game     optional players and game data of that game (goban.players: black,
             white, ranks, event, round, table), logged with its game-start
    setup    optional [SGF points]: black's handicap stones at free points (an SGF's AB)
    seed, noise             the world's randomness and sensor/hand noise level (0..3)
    actions  [[verb, args...]]: place C pt [role] | drop C pt [role] | lift pt [dest] |
             slide pt pt [ms] | nudge pt pt [ms] | hover C pt ms | knock pt | take C | lay C pt |
             restore C pt | pass-stone C [ms] | slip C pt [from] | wait ms |
             button C name ["slip"] |
             bowl C k | lid C k | power-cut [ms] [moves] | dead pt | flicker pt ms [C] |
             drift pt counts [ms] | stuck pt | noise ms [counts] | two C pt C pt [ms] |
             fault kind [ms] [moves] [pt] | mistake kind [ms] [moves] [pt] [id] |
             notice id ms | seq [actions] | overlap [[ms, action]...]
                                                (pt: SGF point, C: "B" | "W")
             (tools/sim/world.py `action` says what each world verb does.)
             The sensor faults (flicker, drift, stuck, noise) start and the
             hands go on at once. power-cut ms [moves]: the board stays off
             ms (after that many more moves let go) while the next actions go on. A job may add: ["lid", C, 1, "pass"] (a
             pass stone, for the players' game) and ["fault", kind, ms, moves,
             pt]: a fault of the catalogue starts here (the players time its
             recovery; it is over ms later, or with moves > 0 once that many
             moves were let go); ["mistake", ...] the same for a player's
             mistake (with id: the stones put down with role "slip:id" are
             it, and it is over when they are off the board again); ["notice",
             id, ms]: the players notice that mistake by themselves if the
             board has not named it within ms, and fix it; ["seq", [...]]:
             actions done in a row with no look at the board between (one
             person busy); ["overlap", [[ms, action]...]]: several hands at
             once, each world action starting ms after the first
    players  true: players who behave like people (tools/sim/players.py): they
             answer the board's illegal announcements with the fix it names,
             and play stops when the game is stuck; the summary's `truth` is the
             game as the hands played it
    plugins  [[module, args]]: test rigs imported from `plugin_path` whose
             install(runner, args) runs after every boot
    dir      a scratch directory for the game log and the calibration
    cut_after   [event numbers]: a power cut right after that event reached the log
             (the rest of that scan's work never happens)
    torn     true: each of those cuts lands inside that event's record instead (the
             log file is cut inside its last record, as a cut during the write
             would); a player whose press the board then lacks presses again
             (at each power-on the firmware's drivers start afresh: the bowls
             settle again; presses made while the power was off are lost)
    tail_ms  simulated time to run after the last action (default 1500)
    link     optional {"device": path of a serial device (a pty in tests and the demo),
             "serial": board serial, "linger_ms": real time the board keeps
             running after the game: scanning a still world, answering the host}:
             the real serial link (goban.link.Link) rides along with the tap,
             rebuilt at every boot as on the real board
    hands    optional {"device": a pty}: live hands instead of `actions`, that
             follow the board's lights and take orders while the game runs
             (tools/sim/live_hands.py; the host's end: goboard.sim.table)
    wiring   optional SPEC: the board wired with a builder's mistakes (tools/sim/wiring.py:
             swapped sensors or select lines, the other numbering order, a dead mux...)
    pace     0 (default): as fast as possible; 1: the simulated clock follows real
             time (the demo, so a page can be watched); 2: twice as fast, ...
The clock steps one scan period at a time; the world is written, then the board
loop takes one step. Output: one JSON line per event ({"t": ms, "event": {...}}),
then one line {"done": true, ...} with the moves as the log holds them.
"""

import gc
import json
import os
import sys

from goban import profile as P
from goban.boardloop import BoardLoop
from goban.referee import Referee
from goban.calibration import Calibration
from goban.gamelog import GameLog

import world as W
import twins
from players import Players, game_moves, COLOR


# what answers a game button: its event (a refusal is an illegal without a point;
# an "end" answers only as an agreement, and the count's press is answered by "dead")
ANSWERS = ("pass", "abandon", "resign", "dead", "undo", "play-on")
GAME_BUTTONS = ("pass", "abandon", "resign", "end", "undo")
COUNT_WAIT_MS = 10000      # players who pressed end wait this long for the count


class PowerCut(Exception):
    """Raised from the event tap: the power fails right after that event was logged."""


class Tap:
    """The loop's link slot in the simulator: prints every event as a JSON line."""

    def __init__(self, runner):
        self.runner = runner

    def send_event(self, ev, payload=None):
        self.runner.on_event(ev)

    def poll(self, now_ms):
        pass


class LinkTap(Tap):
    """The tap plus the real serial link, made at each boot of the firmware."""

    def __init__(self, runner, stream, serial):
        Tap.__init__(self, runner)
        from goban.link import Link
        self.link = Link(stream, info={"serial": serial, "profile": runner.prof.id,
                                       "size": runner.size}, now_ms=runner.now)

    def send_event(self, ev, payload=None):
        Tap.send_event(self, ev)
        self._attach_log()
        self.link.send_event(ev, payload)

    def poll(self, now_ms):
        self._attach_log()
        self.link.poll(now_ms)

    def note(self, k, fields):
        """The board's own messages (goban.diag's progress) go out on the link."""
        self.link.note(k, fields)

    def _attach_log(self):
        if self.link.log is None and self.runner.loop is not None:
            self.link.log = self.runner.loop.log


class Runner:
    def __init__(self, job):
        self.job = job
        self.prof = P.load(job["profile"])
        self.size = self.prof.size
        self.scan_ms = self.prof.scan_ms
        d = job.get("dir") or "/tmp/goboard-sim"
        self.dir = d
        self._mkdir(d)
        self.log_dir = d + "/games"
        self.cal_path = d + "/cal.bin"
        self.hw = twins.make(self.prof)
        sim = self.prof.sim or {}
        self.world = W.World(self.size, sim, self.hw["matrix"].field, self.hw["scales"],
                             self.hw["buttons"], seed=job.get("seed", 1),
                             noise=job.get("noise", 1),
                             stone_mg=self.prof.bowls.get("stone_mg", 6500),
                             bowl_stones=job.get("bowl_stones", 180),
                             thresholds=self.prof.thresholds)
        self.wiring = None
        if job.get("wiring"):
            # a board wired with a builder's mistakes (goboard diag --sim-wiring)
            import wiring
            self.wiring = wiring.install(self.hw, self.world, self.prof, job["wiring"])
        self.now = 0
        self.n_events = 0
        self.latency = []            # scans from a stone let go to its move (< 0: before)
        self.early = {}              # point -> when its move came while the stone was held
        self.result = None
        self.cut_after = job.get("cut_after") or []
        self.torn = job.get("torn", False)
        self.cuts = 0
        self.reboot_pending = False
        self.off_until = 0           # a lasting power cut: the board is off until then
        self.off_moves = None        # or (moves let go, ms) until those moves and ms more
        self.unsensed = False        # a slide or knock fault drawn while the board is off
        self.outages = []            # [[off, on]] each power cut (on None: still off; on == off:
                                     # back at once, its RAM lost all the same)
        self.slips = 0               # a script's slips so far
        self.peak = 0
        self.base_heap = 0
        self.loop = None
        self.ui_last = None
        self.last_event = None
        self.unanswered = []         # game buttons pressed, their events not seen yet
        self.in_step = False
        link = job.get("link")
        self.link_stream = open(link["device"], "r+b") if link else None
        self.tap = None
        self.pace = job.get("pace", 0)
        self.t_start = None
        self.players = Players(self, job) if job.get("players") else None
        self.plugins = []
        if job.get("plugins"):
            sys.path.append(job.get("plugin_path") or ".")
            for name, args in job["plugins"]:
                self.plugins.append((__import__(name), args))

    def _mkdir(self, d):
        try:
            os.mkdir(d)
        except OSError:
            pass

    # --- the firmware: built at power-on, thrown away at a power cut --------------
    def boot(self, first):
        gc.collect()
        prof = self.prof
        hw = self.hw
        cal = Calibration(self.size, prof)
        raw = hw["matrix"].new_frame() if hasattr(hw["matrix"], "new_frame") else None
        if first:
            # the board is empty at the first power-on: take the baseline, keep it
            self.world.tick(self.now)
            from array import array
            raw = array("H", bytes(2 * self.size * self.size))
            hw["matrix"].scan(raw)
            cal.retake(raw)
            cal.save(self.cal_path)
        else:
            cal.load(self.cal_path)
        log = GameLog(self.log_dir)
        bowls = twins.bowls(prof, hw)
        if not first and bowls is not None:
            # the bowls driver is firmware RAM too: after a cut it settles afresh
            bowls = type(bowls)(prof, hw["scales"])
        cal.apply(hw["matrix"], bowls)      # a remap, the scales' figures (goban.diag)
        if self.link_stream is not None:
            self.tap = LinkTap(self, self.link_stream, self.job["link"].get("serial", "SIM-1"))
        else:
            self.tap = Tap(self)
        self.loop = BoardLoop(prof, hw["matrix"], cal, bowls=bowls, buttons=hw["buttons"],
                              display=hw["display"], buzzer=hw["buzzer"], lights=hw["lights"],
                              log=log, link=self.tap)
        if isinstance(self.tap, LinkTap):
            self.tap.link.state_fn = self.loop.state   # the host's `state` request
            self.tap.link.new_fn = self.loop.host_new_game   # and `new`
            self.tap.link.players_fn = self.loop.host_players   # `players`, `clock`
            self.tap.link.clock_fn = self.loop.host_clock
            self.tap.link.expect_fn = self.loop.host_expect  # the host's side of the game
            self.tap.link.undo_fn = self.loop.host_undo
            self.tap.link.raw_fn = self.loop.raw_frame       # the board's diagnostics
            self.tap.link.diag_fn = self.loop.host_diag
        game = dict(self.job.get("game") or {})      # the players, event, round, table
        if self.job.get("clock"):
            game["clock"] = self.job["clock"]
        how = self.loop.start(self.job.get("rules", "chinese"), self.job.get("komi"),
                              self.job.get("handicap", 0), self.job.get("setup"),
                              game or None, self.now)
        self.emit_note({"type": "boot", "how": how})
        for mod, args in self.plugins:
            mod.install(self, args)

    def emit_note(self, note):
        print(json.dumps({"t": self.now, "note": note}))

    def on_event(self, ev):
        # keep only what the summary needs: the runner's own memory must not
        # pass for the firmware's in the heap figure
        self.n_events += 1
        print(json.dumps({"t": self.now, "event": ev}))
        t = ev["type"]
        if t == "move":
            t0 = self.world.released.pop(ev["point"], None)
            if t0 is not None:
                self.latency.append((self.now - t0) // self.scan_ms)
            else:
                # announced while the fingers are still on the stone (the board
                # cannot feel them): counted when the hand lets go, below zero
                self.early[ev["point"]] = self.now
        elif t == "count":
            self.result = ev.get("result")
        elif t == "end" and ev.get("reason") in ("resign", "time"):
            self.result = ev.get("winner", "?") + ("+R" if ev["reason"] == "resign" else "+T")
        self.last_event = ev
        if self.players is not None:
            self.players.on_event(ev, self.now)
        if self.unanswered and (t in ANSWERS or (t == "illegal" and ev.get("point") is None)
                                or (t == "end" and ev.get("reason") == "agreement")):
            self.unanswered.pop(0)
        if self.n_events in self.cut_after:
            self.reboot_pending = True
            if self.in_step:
                raise PowerCut()     # right after this event reached the log

    def power_cut(self, torn=False, ms=0, moves=0):
        """Everything in RAM is lost; the flash (log, calibration) and the world stay.
        With ms the board stays off that long (dark, deaf) while the hands go
        on (with moves, ms after the players let go that many more moves); it
        boots at the first scan after. A cut while it is off keeps it off. A
        player whose press the board did not take (no answer yet, made while
        it was off, or its answer was the record the cut tore) sees the board
        come back without it and presses again."""
        if self.loop is None:
            self.off_until = max(self.off_until, self.now + ms)
            return
        self.cuts += 1
        if torn and self._tear():
            lost = self._press_of(self.last_event)
            if lost:
                self.unanswered.insert(0, lost)
        self.loop = None
        if self.players is not None:
            self.players.rebooted(self.now)
        if ms > 0 or moves > 0:
            self.off_until = self.now + ms
            self.off_moves = None
            if moves and self.players is not None:
                self.off_moves = (len(self.players.released) + moves, ms)
            self.emit_note({"type": "power-off", "ms": ms, "moves": moves})
            self.outages.append([self.now, None])
            if self.hw["display"] is not None:
                self.hw["display"].show("", "")
            if self.hw["lights"] is not None:
                self.hw["lights"].clear()
            return
        self.outages.append([self.now, self.now])
        self._power_on()

    def _power_on(self):
        queue = getattr(self.hw["buttons"], "queue", None)
        if queue:
            del queue[:]             # presses while the power is off are lost
        gc.collect()
        self.boot(False)
        if self.players is not None:
            # the players look at the board's record as it came back (its screen,
            # the live page): a move it logged as the power went never reached
            # them as an event, and taken back with the moves played while it was
            # off, the board said its last stone was lifted (seed 200744 game 260)
            game = self._logged_game()[0]
            if game is not None:
                self.players.board_moves = game_moves(game)
        for name in self.unanswered:   # pressed, but the board had not answered yet
            self.hw["buttons"].press(name)

    def _press_of(self, ev):
        """The button press that made an event, or None (the board made it)."""
        t = ev.get("type") if ev else None
        if t in ("pass", "abandon", "resign") and not ev.get("stone"):
            name = ev["color"] + ":" + t
        elif t == "dead" or (t == "end" and ev.get("reason") == "agreement"):
            name = "end"
        elif t == "play-on" and ev.get("dispute"):   # play resumed: the asker's pass
            name = ev.get("by", "") + ":pass"
        elif t == "undo" or t == "play-on":   # (undo right after an agreement: play-on)
            name = "undo"
        else:
            return None
        known = getattr(self.hw["buttons"], "known", None)
        if known is not None and name not in known:
            name = name.split(":")[-1]
        return name

    def _tear(self):
        log = self.loop.log
        g = log.current_game()
        if not g:
            return False
        path = log.file(g)
        with open(path, "rb") as f:
            data = f.read()
        # cut inside the last record: keep its length bytes and part of the payload
        last = self._last_record_start(data)
        if last is None or last + 3 >= len(data):
            return False
        keep = last + 2 + (len(data) - last - 2) // 2
        with open(path, "wb") as f:
            f.write(data[:keep])
        self.emit_note({"type": "torn", "bytes": len(data) - keep})
        self.events_torn = getattr(self, "events_torn", 0) + 1
        return True

    def _last_record_start(self, data):
        i = 0
        last = None
        while i + 2 <= len(data):
            n = (data[i] << 8) | data[i + 1]
            if i + 2 + n + 4 > len(data):
                break
            last = i
            i += 2 + n + 4
        return last

    # --- the clock ---------------------------------------------------------------------
    def clock(self):
        return self.now

    def _keep_pace(self):
        import time
        due = int(self.now / self.pace)   # real ms at which this scan is due
        if self.t_start is None:
            self.t_start = time.ticks_add(time.ticks_ms(), -due)
        ahead = due - time.ticks_diff(time.ticks_ms(), self.t_start)
        if ahead > 0:
            time.sleep_ms(ahead)

    def scan(self):
        if self.pace:
            self._keep_pace()
        self.world.tick(self.now)
        if self.loop is None:        # the power is off: the world goes on, the board sees nothing
            if self.off_moves is not None and len(self.players.released) >= self.off_moves[0]:
                self.off_until = self.now + self.off_moves[1]    # the last of those moves let go
                self.off_moves = None
            if self.now >= self.off_until and self.off_moves is None:
                self.emit_note({"type": "power-on"})
                self.outages[-1][1] = self.now
                self._power_on()
            else:
                if self.players is not None:
                    self.players.watch(self.now)
                self.now += self.scan_ms
                return
        self.in_step = True
        k = 1
        try:
            k = self.loop.step(self.now)
        except PowerCut:
            pass                     # the rest of the step never happens
        self.in_step = False
        if self.early:
            for p in list(self.early):
                t0 = self.world.released.pop(p, None)
                if t0 is not None:
                    self.latency.append((self.early.pop(p) - t0) // self.scan_ms)
        self._watch_ui()
        if self.players is not None:
            self.players.watch(self.now)
        if self.reboot_pending:
            self.reboot_pending = False
            self.power_cut(self.torn)
        self.now += self.scan_ms
        if k or (self.now // self.scan_ms) % 64 == 0:
            # the live heap after every step that did something, and now and then
            gc.collect()
            a = gc.mem_alloc() - self.base_heap
            if a > self.peak:
                self.peak = a

    def _watch_ui(self):
        """Report what the display and the lights show when it changes (notes),
        and keep the twins' own histories short: they are test rigs, not firmware."""
        d = self.hw["display"]
        lines = tuple(d.lines) if d is not None else ()
        li = self.hw["lights"]
        lit = li.lit if li is not None else {}
        key = (lines, len(lit))
        if key != self.ui_last:
            self.ui_last = key
            pts = sorted(lit) if isinstance(lit, dict) else list(lit)
            L = "abcdefghijklmnopqrstuvwxy"
            self.emit_note({"type": "ui", "lines": list(lines),
                            "lit": [L[i % self.size] + L[i // self.size] for i in pts],
                            "color": lit[pts[0]] if pts and isinstance(lit, dict) else None})
        if d is not None and len(getattr(d, "history", ())) > 8:
            del d.history[:]
        b = self.hw["buzzer"]
        if b is not None and len(getattr(b, "beeps", ())) > 8:
            del b.beeps[:]

    def run_gen(self, gen):
        for _ in gen:
            self.scan()

    def act(self, a):
        """Do one action to the end: the world's, or the runner's own verbs
        (power-cut [ms], fault and mistake markers, notice, seq, overlap)."""
        v = a[0]
        if self.loop is None and v == "fault" and a[1] in ("slide", "knock"):
            # a stone slid or knocked while the board is off, played while it
            # was off too, leaves nothing any board could sense (seed 299031
            # game 665: B cp slid to bp unseen, bp the board's move): not done
            self.unsensed = True
            return
        if self.unsensed and v in ("slide", "knock"):
            self.unsensed = False
            return
        if v == "power-cut":
            self.power_cut(False, int(a[1]) if len(a) > 1 else 0, int(a[2]) if len(a) > 2 else 0)
            return
        if v in ("fault", "mistake"):
            ms = int(a[2]) if len(a) > 2 else 0
            self.emit_note({"type": v, "kind": a[1], "ms": ms})
            if self.players is not None:
                self.players.fault(a[1], ms, int(a[3]) if len(a) > 3 else 0,
                                   a[4] if len(a) > 4 else None, a[5] if len(a) > 5 else None,
                                   v == "mistake")
            return
        if v == "notice":
            if self.players is not None:
                self.players.notice(a[1], int(a[2]))
            return
        if v == "seq":              # one person's actions in a row: no look at the board between
            for b in a[1]:
                self.act(b)
            return
        self.run_gen(self.gen(a))

    def gen(self, a):
        """The generator of a world action, or of ["overlap", [[ms, action]...]]:
        several hands at once, each action starting ms after the first."""
        if a[0] == "overlap":
            return self.world.together([(int(ms) // self.scan_ms, self.gen(b)) for ms, b in a[1]])
        return self._action(a)

    def _action(self, a):
        """The world's generator for a, with what the players' game and the
        board's answers must know of it done when the hand starts it."""
        v = a[0]
        if v == "button":
            color = COLOR.get(a[1])
            slip = len(a) > 3 and a[3] == "slip"
            name = a[2] if a[1] in ("", "-") else a[1] + ":" + a[2]
            known = getattr(self.hw["buttons"], "known", None)
            if known is not None and name not in known:
                a = ["button", "", a[2]]   # one button for both players: it acts for the player to move
                name = a[2]
            if len(a) > 4 and self.players is not None and \
                    len(self.players.board_moves) >= a[4]:
                return            # (a press again for a pass the board took meanwhile)
            if a[2] in GAME_BUTTONS:
                self.unanswered.append(name)
                if self.players is not None:
                    self.players.press(name, color, slip)
        elif v == "lid" and len(a) > 3 and a[3] == "pass" and self.players is not None:
            self.players.pass_stone(1 if a[1] == "W" else 2)   # the passer's stone
        elif v == "slip":
            a = self._slip(a)
        elif v == "place" and self.players is not None and (len(a) < 4 or a[3] == "move"):
            back = self.players.slid_onto(a[2])
            if back is not None:      # a stone slid onto the move's point: pushed back first
                yield from self.world.action(["slide", a[2], back], self.scan_ms)
        yield from self.world.action(a, self.scan_ms, self.job.get("noise", 1))

    def _slip(self, a):
        """["slip", C, pt, from]: a stone put down by mistake (a script's: its
        own mistake marker) -> the world action that puts it there."""
        src = a[3] if len(a) > 3 else "bowl"
        self.slips += 1
        sid = "s%d" % self.slips
        if self.players is not None:
            self.players.fault("slip", 0, 0, a[2], {"id": sid, "home": "lid" if src == "lid"
                                                    else "bowl"}, True)
        verb = {"bowl": "place", "lid": "restore", "none": "lay"}[src]
        return [verb, a[1], a[2], "slip:" + sid]

    def run(self):
        gc.collect()
        self.base_heap = gc.mem_alloc()   # the world, the runner, the imported code
        self.boot(True)
        p = self.players
        for a in self.job.get("actions", []):
            if p is not None and not p.react():
                break              # stuck: play stops here
            self.act(a)
        tail = self.job.get("tail_ms", 1500)
        self.run_gen(self.world.wait(tail, self.scan_ms))
        if p is not None and p.alarm is not None and p.react():
            self.run_gen(self.world.wait(tail, self.scan_ms))
        if p is not None and p.count_at is not None and p.stopped is None:
            # the players asked for the count: they wait a while for the result
            k = COUNT_WAIT_MS // self.scan_ms
            while self.result is None and k > 0:
                said = p.answer_count()
                if isinstance(said, list):      # a point cleared first, then the answer
                    for a in said[:-1]:
                        self.act(a)
                    said = said[-1]
                if said:
                    self.act(["button", "", said])
                self.scan()
                k -= 1
        return self.finish()

    def _logged_game(self):
        """(the game the board's log replays to or None, the log, its game's name)."""
        log = GameLog(self.log_dir)
        g = log.current_game()
        return (Referee(self.size).resume(log.events(g)) if g else None), log, g

    def finish(self):
        game, log, g = self._logged_game()
        moves = game_moves(game) if game is not None else []
        logged = list(log.events(g)) if g else []
        out = {"done": True, "moves": moves, "result": self.result, "cuts": self.cuts,
               "outages": self.outages, "scales": self.world.counts,
               "on_board": [sum(1 for c in self.world.board if c == k) for k in (1, 2)],
               "in_hand": [self.world.in_hand[1], self.world.in_hand[2]],
               "floor": self.world.floor,
               "logged": len(logged), "log_types": [e["type"] for e in logged],
               "latency_scans": self.latency, "events": self.n_events, "scan_ms": self.scan_ms, "peak_heap": self.peak, "base_heap": self.base_heap,
               "now": self.now, "display": self.hw["display"].lines
               if hasattr(self.hw["display"], "lines") else None,
               "fakes": twins.FAKES}
        if self.players is not None:
            out["truth"] = self.players.summary()
        print(json.dumps(out))
        return out

    def linger(self):
        """After the game, with a link: the board keeps running in real time for
        linger_ms (the world stays still, the loop scans, the link polls), so a
        host can read games back, ask for the state or start a new game, and
        the board answers as it would on the table."""
        if not isinstance(self.tap, LinkTap):
            return
        if not self.pace:
            self.pace = 1
            self.t_start = None          # real time starts now
        end = self.now + self.job["link"].get("linger_ms", 20000) * self.pace
        while self.now < end:
            self.scan()


def main():
    job = json.loads(sys.stdin.read())
    runner = Runner(job)
    if job.get("hands"):
        from live_hands import LiveHands
        LiveHands(runner, job["hands"]).run()
        return
    runner.run()
    runner.linger()


if __name__ == "__main__":
    main()
