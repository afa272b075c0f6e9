"""Hands that play while the game runs: they follow the board's lights and take orders.

The runner's job is a fixed list of actions; a game against an engine or a GTP
controller is not known in advance. With a `hands` entry in the job the runner
hands its clock to `LiveHands` instead (runs inside MicroPython):

    hands   {"device": path of a pty: the control channel,
             "mistakes": chance (0..1) that a hand first puts a lit stone one
                         point off, then corrects it when the board says so}

Each time the hand is free it looks, in this order:
1. at the lights and the display, as a person would: yellow lights under
   "Lift captured" are stones to lift into the lid; under "Takeback" the lit
   stone goes back to its bowl and the captured stones it had taken are put
   back; a point lit black or white (the other side's move, `goban.remote`)
   gets that stone, with the usual noise (think time, a hover beside the point,
   a brief nudge after); green points get black's handicap stones; red points
   under "Clear the board" (a new game) are cleared into their bowls. Each lit
   point is acted on once per lighting. "White passes / put a white stone in
   black's lid" (the other side's pass under rules with pass stones): a stone
   of that colour goes from its bowl to the other lid, once per showing.
2. at the control channel: one JSON array per line, a script action
   (["place", "B", "dd"], ["button", "B", "pass"], ["lift", "dd"], ["wait", 300],
   ["bowl", "B", -1], ...) or ["play", C, pt]: a stone placed with the usual
   noise; ["follow-hint", C, pt]: the stone goes where the board lights a hint
   (teaching), or on pt when none comes; ["stop"] ends the run (the runner's summary follows), as does the
   channel closing.
Otherwise it waits a scan. At pace 0 a hand idle for a while blocks on the
control channel and the serial link (5 ms at a time), so a board waiting for a
person who thinks (an engine) does not spin the CPU.
"""

import json
import random

import select

WORDS = ("place", "lift", "slide", "nudge", "hover", "knock", "wait", "button", "bowl",
         "lid", "dead", "power-cut")
P_HOVER = (0.0, 0.15, 0.3, 0.5)    # by noise level, as goboard sim plays an SGF
P_NUDGE = (0.0, 0.1, 0.2, 0.35)
IDLE_SCANS = 40                     # idle scans before blocking (the settle window and more)
COLOR_OF = {"black": 1, "white": 2}


class LiveHands:
    def __init__(self, runner, cfg):
        self.runner = runner
        self.world = runner.world
        self.size = runner.size
        self.noise = runner.job.get("noise", 1)
        self.mistakes = float(cfg.get("mistakes", 0))
        self.ctrl = open(cfg["device"], "r+b")
        self.rx = bytearray()
        self.one = bytearray(1)
        self.queue = []
        self.stopping = False
        self.cpoll = select.poll()            # the control channel
        self.cpoll.register(self.ctrl, select.POLLIN)
        self.poller = select.poll()           # it and the serial link: what wakes an idle hand
        self.poller.register(self.ctrl, select.POLLIN)
        if runner.link_stream is not None:
            self.poller.register(runner.link_stream, select.POLLIN)
        self.lighting = None          # the lights the hand last acted under
        self.acted = []               # points acted on under them
        self.taken = {}               # frame index -> colour of a captured stone lifted
        self.wrong = None             # (point, colour) of a stone put one point off
        self.handed = False           # the pass stone the display asks for was handed over

    # --- the control channel --------------------------------------------------------
    def _read(self):
        """Take what the control channel holds (a byte at a time while poll
        says one is there, as the link reads), never waiting."""
        one = self.one
        while not self.stopping:
            ready = False
            for _, ev in self.cpoll.poll(0):
                if ev & select.POLLIN:
                    ready = True
                elif ev & (select.POLLHUP | select.POLLERR):
                    self.stopping = True        # the host closed the channel
            if not ready:
                return
            try:
                n = self.ctrl.readinto(one)
            except OSError:
                n = 0
            if not n:
                self.stopping = True
                return
            if one[0] != 10:
                self.rx.append(one[0])
                continue
            line = bytes(self.rx).strip()
            self.rx = bytearray()
            if not line:
                continue
            try:
                a = json.loads(line)
            except ValueError:
                self.runner.emit_note({"type": "hands", "bad": line.decode()})
                continue
            if a and a[0] == "stop":
                self.stopping = True
            elif a:
                self.queue.append(a)

    # --- looking at the board ------------------------------------------------------------
    def _lit(self):
        lit = self.runner.hw["lights"].lit
        return lit if isinstance(lit, dict) else {}

    def _todo(self):
        """The next thing the lights ask of a hand, as a generator, or None."""
        lit = self._lit()
        key = sorted(lit.items())
        if key != self.lighting:
            self.lighting = key
            self.acted = []
        title, line2 = self.runner.hw["display"].lines[:2]
        if title.endswith(" passes") and line2.endswith("lid"):
            if not self.handed:
                self.handed = True
                return self._pass_stone(COLOR_OF[title.split()[0].lower()])
        else:
            self.handed = False
        if not lit:
            return None
        w = self.world
        if self.wrong is not None:
            i, c = self.wrong
            if any(v == "red" for v in lit.values()) and i in lit:
                self.wrong = None          # the board says so: take it off again
                return self._take_back(i, c)
        for i, color in key:
            if i in self.acted:
                continue
            if color == "yellow" and title.startswith("Lift captured") and w.board[i]:
                self.acted.append(i)
                self.taken[i] = w.board[i]
                return w.lift(i)
            if color == "yellow" and title.startswith("Takeback"):
                self.acted.append(i)
                if w.board[i]:
                    return self._take_back(i, w.board[i])
                if i in self.taken:
                    return self._put_back(i, self.taken.pop(i))
            if color in COLOR_OF and not w.board[i]:
                self.acted.append(i)
                return self._play(COLOR_OF[color], i, self.mistakes)
            if color == "green" and not w.board[i]:
                self.acted.append(i)          # a handicap stone of the setup
                return w.place(1, i, self.noise)
            if color == "red" and title.startswith("Clear the board") and w.board[i]:
                self.acted.append(i)          # a new game: the last one's stones go
                return self._take_back(i, w.board[i])
        return None

    # --- what a hand does ------------------------------------------------------------------
    def _neighbour(self, i):
        s = self.size
        x, y = i % s, i // s
        cand = []
        for (dx, dy) in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            if 0 <= x + dx < s and 0 <= y + dy < s and not self.world.board[i + dx + dy * s]:
                cand.append(i + dx + dy * s)
        return random.choice(cand) if cand else None

    def _play(self, color, i, mistakes=0.0):
        """A stone placed as a person does: think, maybe hover beside the point
        (or put it one point off), place, maybe nudge it and let it settle back."""
        w = self.world
        ms = self.runner.scan_ms
        yield from w.wait(random.randint(120, 400), ms)
        near = self._neighbour(i)
        if near is not None and mistakes and random.random() < mistakes:
            self.wrong = (near, color)
            self.runner.emit_note({"type": "hands", "mistake": w.sgf(near), "for": w.sgf(i)})
            yield from w.place(color, near, self.noise)
            return
        if near is not None and random.random() < P_HOVER[self.noise]:
            yield from w.hover(color, near, random.randint(100, 400), ms)
        yield from w.place(color, i, self.noise)
        near = self._neighbour(i)
        if near is not None and random.random() < P_NUDGE[self.noise]:
            yield from w.wait(random.randint(150, 300), ms)
            yield from w.slide(i, near, ms=random.randint(40, 90), scan_ms=ms, back=True)

    def _take_back(self, i, color):
        """A stone lifted back into its own bowl (a takeback, a misplaced stone)."""
        yield from self.world.lift(i, "bowl")     # the world puts it in its bowl

    def _pass_stone(self, color):
        """The other side's pass stone: out of its bowl, into the other lid."""
        w = self.world
        ms = self.runner.scan_ms
        yield from w.wait(random.randint(200, 500), ms)
        w.bowl("B" if color == 1 else "W", -1)
        yield from w.wait(random.randint(200, 400), ms)
        w.bowl("lidW" if color == 1 else "lidB", 1)

    def _put_back(self, i, color):
        """A captured stone out of the lid, back on its point."""
        w = self.world
        lid = "lidW" if color == 1 else "lidB"
        w.bowl(lid, -1)
        w.bowl("B" if color == 1 else "W", 1)    # place() takes it from the bowl
        yield from w.place(color, i, self.noise)

    def _follow_hint(self, color, fallback):
        """A learner who asked for a hint (pressed ok) plays the point it lights
        (blue, under "Hint:"); with no hint lit within 6 s of the board's clock
        (at pace 0: 600 scans of at least 5 ms each: the host's engine thinks in
        real time), or a pass hint, `fallback`."""
        d = self.runner.hw["display"]
        for _ in range(6000 // self.runner.scan_ms):
            if d.lines[0].startswith("Hint:"):
                pts = [i for i, c in self._lit().items() if c == "blue" and not self.world.board[i]]
                if pts:
                    yield from self._play(color, pts[0])
                    return
                break
            if not self.runner.pace:
                self.poller.poll(5)     # the host asks its engine: real time, not scans
            yield
        yield from self._play(color, fallback)

    def _order(self, a):
        if a[0] == "play":
            return self._play(1 if a[1] == "B" else 2, self.world.point(a[2]))
        if a[0] == "follow-hint":
            return self._follow_hint(1 if a[1] == "B" else 2, self.world.point(a[2]))
        if a[0] not in WORDS:
            self.runner.emit_note({"type": "hands", "unknown": a[0]})
            return None
        self.runner.act(a)
        return None

    # --- the clock ---------------------------------------------------------------------------
    def run(self):
        r = self.runner
        import gc
        gc.collect()
        r.base_heap = gc.mem_alloc()
        r.boot(True)
        idle = 0
        while True:
            self._read()
            g = self._todo()
            if g is None and self.queue:
                g = self._order(self.queue.pop(0))
                idle = 0
                if g is None:
                    continue
            if g is not None:
                r.run_gen(g)
                idle = 0
                continue
            if self.stopping:
                break
            r.scan()
            idle += 1
            if idle > IDLE_SCANS and not r.pace:
                self.poller.poll(5)
        return r.finish()
