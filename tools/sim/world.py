"""The physical world around a simulated board (runs inside MicroPython).

Stones are magnets: a black stone (N pole down) raises its hall sensor's reading,
a white one lowers it. The signal falls with the height above the board and the
sideways distance from the point:
    s = stone_counts * (h0 / (h0 + h))**3 / (1 + (d / 0.35)**2)**1.5
(h in mm, h0 = 4 mm, d in points). So a stone held a centimetre up reads a few
percent of a placed one, and a stone half way between two points reads below
the threshold on both. Every scan adds sensor noise; a dead sensor reads 0.

Sensor faults (each from the scan it starts): a flickering sensor reads around
its threshold (the empty reading plus the threshold, ±6 counts at random each
scan) for a while, then steadies; a drifting one has its baseline walk by some
counts over some seconds and stay there; a stuck one reads the high rail; a
burst of electrical noise widens every point's noise for a while.

A hand does one thing at a time. Each action is a generator that, scan by scan,
moves the stone it holds (`self.moving`: colour, x, y, h) and changes the board
when the hand lets go; `together` steps several at once (two hands, each with
its own timing). Bowls and lids are load cells that ring and settle after
every change. A stone can be taken into the hand early (`take`: it leaves its
bowl while the player thinks) and is then placed from the hand; a lifted stone
goes where the hand carries it (`lift`: the right lid, the wrong one, its own
bowl, or the floor, where no scale sees it). The world writes the twins'
fields: the matrix's `.field`, each scale's `.grams_x100` (tare + stones), and
presses the twin's buttons.

The world is also the ground truth of a game: every stone a hand lets go is
reported to `on_let_go(colour, i, role)` when set (role "move" for a player's
move, "fix" for a stone put back because the board asked, "restore" for a
prisoner put back from the lid, "slip:ID" for a stone put down by mistake,
"pass" with i None for a pass stone let go into the opponent's lid), and every
stone lifted off the board to `on_lift(colour, i, dest)`; `board` is what lies
on the board, whatever the sensors say.
"""

import random
from array import array

from goban.compat import micropython, ptr16

H0 = 4.0


@micropython.viper
def noisy_copy(static, field, n: int, seed: int, mask: int, half: int) -> int:
    """field = static + triangular noise in [-2*half, 2*half]; xorshift32 seed."""
    s = ptr16(static)
    f = ptr16(field)
    x = seed
    i = 0
    while i < n:
        x ^= (x << 13) & 0xFFFFFFFF
        x ^= x >> 17
        x ^= (x << 5) & 0xFFFFFFFF
        v = int(s[i]) + (x & mask) + ((x >> 8) & mask) - half - half
        if v < 0:
            v = 0
        if v > 4095:
            v = 4095
        f[i] = v
        i += 1
    return x & 0xFFFFFFFF


FLICKER_JITTER = 6     # counts either side of the threshold a flickering sensor reads


def clamp12(v):
    return 0 if v < 0 else 4095 if v > 4095 else v


def noise_mask(amp):
    """The mask for noisy_copy whose triangular noise spans about ±amp counts."""
    if amp <= 0:
        return 0, 0
    mask = 1
    while mask * 2 + 1 <= amp:
        mask = mask * 2 + 1
    return mask, mask // 2


def signal(strength, h, d):
    f = H0 / (H0 + h)
    g = 1.0 + (d / 0.35) * (d / 0.35)
    return strength * f * f * f / (g * (g ** 0.5))


class World:
    def __init__(self, size, sim, field, scales=None, buttons=None, seed=1, noise=1,
                 stone_mg=6500, bowl_stones=180, thresholds=None):
        self.size = size
        self.n = n = size * size
        self.field = field
        self.scales = scales or {}
        self.buttons = buttons
        self.rng = random.Random(seed) if hasattr(random, "Random") else None
        random.seed(seed)
        self.strength = sim.get("stone_counts", 600)
        self.noise_level = noise
        amp = sim.get("noise", 3) * noise
        mask = 1
        while mask < amp:
            mask = mask * 2 + 1
        self.mask = mask if amp else 0
        self.half = mask // 2 if amp else 0
        self.seed = (seed * 2654435761 + 12345) & 0xFFFFFFFF or 1
        base = sim.get("baseline", 2048)
        spread = sim.get("offset_spread", 60)
        self.base = array("H", [base + random.randint(-spread // 2, spread // 2) for _ in range(n)])
        self.static = array("H", self.base)
        self.board = bytearray(n)
        self.dead = []
        self.moving = []           # [(colour, x, y, h)] stones in a hand this scan
        self.stone_g100 = stone_mg // 10
        self.counts = {"B": bowl_stones, "W": bowl_stones, "lidB": 0, "lidW": 0}
        self.tare = {"B": 0, "W": 0, "lidB": 0, "lidW": 0}   # g x 100 (the scales are tared)
        self.in_hand = {1: 0, 2: 0}   # stones taken from their bowl, not yet put down
        self.floor = 0                # stones dropped where no scale sees them
        self.ring = {}             # which -> (amplitude g x 100, scans left)
        self.released = {}         # 'dd' -> time the last stone was let go there
        self.now = 0
        t = thresholds or {}
        self.threshold = {1: t.get("black", 150), 2: t.get("white", 150)}
        self.sensor_faults = []    # [kind, i, t0, t1, counts, applied]: flickers and drifts
        self.stuck = []            # points whose sensor reads the high rail
        self.burst = None          # (until, mask, half): a noise burst and the noise before it
        self.on_let_go = None      # the ground truth's ear: f(colour, i, role)
        self.on_lift = None        # and its eye on lifts: f(colour, i, dest)
        self.sliding = []          # points whose stone a hand is pushing along the board now
        for k in self.counts:
            self._scale(k)

    # --- the board ------------------------------------------------------------------
    def idx(self, x, y):
        return y * self.size + x

    def sgf(self, i):
        L = "abcdefghijklmnopqrstuvwxy"
        return L[i % self.size] + L[i // self.size]

    def xy(self, i):
        return i % self.size, i // self.size

    def _contrib(self, i, color, sign=1):
        s = int(self.strength) * sign * (1 if color == 1 else -1)
        v = self.static[i] + s
        self.static[i] = 0 if v < 0 else 4095 if v > 4095 else v

    def put(self, i, color):
        if self.board[i]:
            self._contrib(i, self.board[i], -1)
        self.board[i] = color
        self._contrib(i, color)

    def remove(self, i):
        c = self.board[i]
        if c:
            self._contrib(i, c, -1)
            self.board[i] = 0
        return c

    # --- one scan ---------------------------------------------------------------------
    def tick(self, now):
        """Write every twin for the scan at `now` (ms)."""
        self.now = now
        if self.burst is not None and now >= self.burst[0]:
            self.mask, self.half = self.burst[1], self.burst[2]
            self.burst = None
        if self.sensor_faults:
            self._walk(now)        # drifting baselines move before the scan
        self.seed = noisy_copy(self.static, self.field, self.n, self.seed, self.mask, self.half)
        f = self.field
        size = self.size
        for (color, x, y, h) in self.moving:
            sign = 1 if color == 1 else -1
            cx = int(x + 0.5)
            cy = int(y + 0.5)
            for py in (cy - 1, cy, cy + 1):
                if py < 0 or py >= size:
                    continue
                for px in (cx - 1, cx, cx + 1):
                    if px < 0 or px >= size:
                        continue
                    d = ((px - x) ** 2 + (py - y) ** 2) ** 0.5
                    s = int(signal(self.strength, h, d)) * sign
                    i = py * size + px
                    v = f[i] + s
                    f[i] = 0 if v < 0 else 4095 if v > 4095 else v
        if self.sensor_faults:
            self._flicker(now)
        for i in self.dead:
            f[i] = 0
        for i in self.stuck:
            f[i] = 4095
        for k in list(self.ring):
            self._scale(k)

    def _walk(self, now):
        for ft in self.sensor_faults:
            if ft[0] != "drift":
                continue
            i, t0, t1, total = ft[1], ft[2], ft[3], ft[4]
            want = total if now >= t1 else total * (now - t0) // (t1 - t0)
            d = want - ft[5]
            if d:
                ft[5] = want
                self.base[i] = clamp12(self.base[i] + d)
                self.static[i] = clamp12(self.static[i] + d)
        self.sensor_faults = [ft for ft in self.sensor_faults
                              if not (ft[0] == "drift" and now >= ft[3])]

    def _flicker(self, now):
        f = self.field
        keep = False
        for ft in self.sensor_faults:
            if ft[0] == "flicker" and now < ft[3]:
                i = ft[1]
                f[i] = clamp12(f[i] + ft[4] + random.randint(-FLICKER_JITTER, FLICKER_JITTER))
            elif ft[0] == "flicker":
                keep = True        # over: drop it below
        if keep:
            self.sensor_faults = [ft for ft in self.sensor_faults
                                  if not (ft[0] == "flicker" and now >= ft[3])]

    def _scale(self, which):
        sc = self.scales.get(which)
        g = self.tare[which] + self.counts[which] * self.stone_g100
        amp, left = self.ring.get(which, (0, 0))
        if left > 0:
            g += amp * left // 40 * (1 if left & 2 else -1)
            self.ring[which] = (amp, left - 1)
        elif which in self.ring:
            del self.ring[which]
        if sc is not None:
            sc.grams_x100 = g

    def bowl(self, which, k):
        self.counts[which] += k
        self.ring[which] = (800 + random.randint(0, 1200), 30)

    # --- actions: generators, one step per scan --------------------------------------
    def place(self, color, i, hand=1, role="move", steps=None, hold=None, from_bowl=True):
        """Take a stone from the bowl, bring it down on i (with hand wobble), hold, let go.
        `role` is what the hand meant (told to on_let_go): "move", "fix",
        "restore" or "slip:ID". `steps` (scans coming down) and `hold` (scans
        held) are random unless given. from_bowl False: a stone that was not in
        the bowl (a pocket, the lid); a stone already in the hand (`take`) is
        used before the bowl is touched."""
        if from_bowl and self.in_hand[color]:
            self.in_hand[color] -= 1
        elif from_bowl:
            self.bowl("B" if color == 1 else "W", -1)
        x, y = self.xy(i)
        if steps is None:
            steps = 6 + random.randint(0, 6)
        wob = 0.15 + 0.15 * hand
        ox = random.uniform(-wob, wob)
        oy = random.uniform(-wob, wob)
        for k in range(steps):
            t = (k + 1) / steps
            h = 14.0 * (1.0 - t)
            self.moving = [(color, x + ox * (1 - t), y + oy * (1 - t), h)]
            yield
        if hold is None:
            hold = 2 + random.randint(0, 5)
        for k in range(hold):   # fingers still on the stone
            self.moving = [(color, x, y, 0.0)]
            yield
        self.moving = []
        self.put(i, color)
        self.released[self.sgf(i)] = self.now
        if self.on_let_go is not None:
            self.on_let_go(color, i, role)
        yield

    def two_stones(self, c1, i1, c2, i2, gap=4, hand=1):
        """Fast play: the second hand touches i2 `gap` scans after the first stone
        touched i1, while the first is still held; the first is let go first."""
        s1 = 6 + random.randint(0, 6)
        h1 = 2 + random.randint(0, 5)
        s2 = 6 + random.randint(0, min(6, s1 + gap - 6))
        h2 = max(2, h1 - gap + 1 + random.randint(0, 3))
        return self.together([(0, self.place(c1, i1, hand, "move", s1, h1)),
                              (s1 + gap - s2, self.place(c2, i2, hand, "move", s2, h2))])

    def together(self, parts):
        """Several hands at once: parts are [(first scan, action)]; each action
        steps once per scan from its first scan, and every stone in a hand is in
        the air together."""
        k = 0
        live = list(parts)
        while live:
            held = []
            left = []
            for start, g in live:
                if k < start:
                    left.append((start, g))
                    continue
                self.moving = []
                try:
                    next(g)
                    left.append((start, g))
                except StopIteration:
                    pass
                held += self.moving
            live = left
            self.moving = held
            yield
            k += 1

    def lift(self, i, dest="lid"):
        """Pick the stone up and carry it to `dest` (see `scale_for`: "lid", the
        lid of the other colour, where a prisoner goes; "bowl", its own bowl;
        "wrong-lid"; "floor", dropped where no scale sees it; or a scale's
        name). True and False stand for "lid" and "bowl"."""
        color = self.remove(i)
        if not color:
            yield
            return
        dest = "lid" if dest is True else "bowl" if dest is False else dest
        if self.on_lift is not None:
            self.on_lift(color, i, dest)
        x, y = self.xy(i)
        steps = 4 + random.randint(0, 4)
        for k in range(steps):
            self.moving = [(color, x, y, 14.0 * (k + 1) / steps)]
            yield
        self.moving = []
        for k in range(10 + random.randint(0, 10)):   # the hand carries it to the lid
            yield
        which = self.scale_for(color, dest)
        if which is not None:
            self.bowl(which, 1)
        else:
            self.floor += 1
        yield

    def scale_for(self, color, dest):
        """The scale a stone of `color` carried to `dest` lands on (None: the floor)."""
        if dest == "floor":
            return None
        if dest == "lid":       # a prisoner: the lid of the side that took it
            return "lidW" if color == 1 else "lidB"
        if dest == "wrong-lid":
            return "lidB" if color == 1 else "lidW"
        if dest == "bowl":
            return "B" if color == 1 else "W"
        if dest in self.counts:
            return dest
        raise ValueError("no place %r for a stone" % (dest,))

    def lay(self, color, i, role="move"):
        """A stone found lying on i (left from the last game): no hand brings it."""
        self.put(i, color)
        if self.on_let_go is not None:
            self.on_let_go(color, i, role)
        yield

    def take(self, color):
        """A stone out of its bowl into the hand (the player thinks with it);
        the next `place` of that colour puts it down."""
        self.bowl("B" if color == 1 else "W", -1)
        self.in_hand[color] += 1
        yield

    def restore(self, color, i, hand=1, role="restore"):
        """A prisoner out of the lid (where `lift` put it) back on its point."""
        self.bowl(self.scale_for(color, "lid"), -1)
        return self.place(color, i, hand, role, from_bowl=False)

    def pass_stone(self, color, carry_ms=600, scan_ms=10):
        """A pass stone: out of the passer's bowl, carried carry_ms, let go
        into the opponent's lid (told to on_let_go with role "pass")."""
        self.bowl("B" if color == 1 else "W", -1)
        for k in range(max(1, carry_ms // scan_ms)):
            yield
        self.bowl("lidB" if color == 2 else "lidW", 1)
        if self.on_let_go is not None:
            self.on_let_go(color, None, "pass")
        yield

    def slide(self, i, j, ms=150, scan_ms=10, back=False):
        """Push the stone on i along the board to j (back: only part way and
        back). A stone that rolls by itself after it is let go moves the same way."""
        color = self.remove(i)
        if not color:
            yield
            return
        x0, y0 = self.xy(i)
        x1, y1 = self.xy(j)
        steps = max(2, ms // scan_ms)
        self.sliding.append(i)
        for k in range(steps):
            t = (k + 1) / steps
            if back:
                t = 0.8 * (t if t < 0.5 else 1.0 - t)
            self.moving = [(color, x0 + (x1 - x0) * t, y0 + (y1 - y0) * t, 0.0)]
            yield
        self.moving = []
        self.sliding.remove(i)
        self.put(i if back else j, color)
        yield

    def hover(self, color, i, ms, scan_ms=10):
        """A hand holds a stone over i: height 5..14 mm with a tremor, drifting
        sideways, dipping to brush the board now and then for 2..4 scans."""
        x, y = self.xy(i)
        steps = max(1, ms // scan_ms)
        dip = 0
        k = 0
        while k < steps:
            if dip > 0:
                h = random.uniform(0.3, 1.2)
                dip -= 1
            else:
                h = random.uniform(5.0, 14.0)
                if random.random() < 0.05 * self.noise_level + 0.03:
                    dip = 2 + random.randint(0, 2)
            self.moving = [(color, x + random.uniform(-0.4, 0.4), y + random.uniform(-0.4, 0.4), h)]
            yield
            k += 1
        self.moving = []
        yield

    def knock(self, i):
        """A sleeve knocks the stone off the board: gone at once, not in a lid."""
        self.remove(i)
        yield

    def kill(self, i):
        """The sensor under i dies (reads 0 from now on)."""
        if i not in self.dead:
            self.dead.append(i)
        yield

    # --- sensor faults: each starts now and the hands go on (one scan) ---------------
    def flicker(self, i, ms, color=1):
        """The sensor under i reads around its black (colour 1) or white threshold
        for ms: the threshold ±FLICKER_JITTER counts at random, on top of what
        it would read. Then it steadies."""
        sign = 1 if color == 1 else -1
        self.sensor_faults.append(["flicker", i, self.now, self.now + ms,
                                   sign * self.threshold[color], 0])
        yield

    def drift(self, i, counts, ms=5000):
        """The baseline of the sensor under i walks by `counts` (signed: + towards
        black) evenly over ms, and stays there."""
        self.sensor_faults.append(["drift", i, self.now, self.now + max(ms, 1), counts, 0])
        yield

    def stick(self, i):
        """The sensor under i is stuck at the high rail (4095) from now on."""
        if i not in self.stuck:
            self.stuck.append(i)
        yield

    def noise_burst(self, ms, counts):
        """Electrical noise: for ms every point's noise spans about ±counts."""
        if self.burst is None:
            self.burst = (self.now + ms, self.mask, self.half)
        else:
            self.burst = (self.now + ms, self.burst[1], self.burst[2])
        self.mask, self.half = noise_mask(counts)
        yield

    def wait(self, ms, scan_ms=10):
        for k in range(max(1, ms // scan_ms)):
            yield

    def press(self, name):
        if self.buttons is not None:
            self.buttons.press(name)
        yield

    # --- a script's action -------------------------------------------------------------
    def point(self, s):
        """'dd' -> frame index."""
        return (ord(s[1]) - 97) * self.size + ord(s[0]) - 97

    def action(self, a, scan_ms=10, noise=1):
        """The generator for one script action [verb, args...]: place C pt [role],
        drop C pt [role] (a stone not from the bowl), lift pt [dest] (see
        `lift`), slide pt pt [ms], nudge pt pt [ms], hover C pt ms, knock pt,
        take C (a stone into the hand), lay C pt [role] (a stone found lying
        there, no hand), restore C pt (a prisoner from the lid
        back on its point), pass-stone C [ms] (bowl to the opponent's lid),
        wait ms, button C name (name as given: the caller maps it onto the board's
        buttons), bowl C k, lid C k, dead pt, flicker pt ms [C], drift pt counts [ms],
        stuck pt, noise ms [counts], two C pt C pt [ms]. ValueError for any other
        verb (power-cut, fault, mistake, notice, seq and overlap are the
        caller's: they concern the firmware and the players, not the world)."""
        v = a[0]
        pt = self.point
        if v == "place":
            return self.place(1 if a[1] == "B" else 2, pt(a[2]), noise,
                              a[3] if len(a) > 3 else "move")
        if v == "drop":       # a stone put down that did not come from its bowl
            return self.place(1 if a[1] == "B" else 2, pt(a[2]), noise,
                              a[3] if len(a) > 3 else "move", from_bowl=False)
        if v == "lift":
            return self.lift(pt(a[1]), a[2] if len(a) > 2 else "lid")
        if v == "slide":
            return self.slide(pt(a[1]), pt(a[2]), ms=int(a[3]) if len(a) > 3 else 150,
                              scan_ms=scan_ms)
        if v == "nudge":
            return self.slide(pt(a[1]), pt(a[2]), ms=int(a[3]) if len(a) > 3 else 80,
                              scan_ms=scan_ms, back=True)
        if v == "take":
            return self.take(1 if a[1] == "B" else 2)
        if v == "lay":
            return self.lay(1 if a[1] == "B" else 2, pt(a[2]), a[3] if len(a) > 3 else "move")
        if v == "restore":
            return self.restore(1 if a[1] == "B" else 2, pt(a[2]), noise,
                                a[3] if len(a) > 3 else "restore")
        if v == "pass-stone":
            return self.pass_stone(1 if a[1] == "B" else 2, int(a[2]) if len(a) > 2 else 600,
                                   scan_ms)
        if v == "hover":
            return self.hover(1 if a[1] == "B" else 2, pt(a[2]), int(a[3]), scan_ms)
        if v == "knock":
            return self.knock(pt(a[1]))
        if v == "wait":
            if len(a) > 2 and not self.board[pt(a[2])]:
                return self.wait(scan_ms, scan_ms)   # (waits while a stone is on pt: none now)
            return self.wait(int(a[1]), scan_ms)
        if v == "button":
            return self.press(a[2] if a[1] in ("", "-") else a[1] + ":" + a[2])
        if v in ("bowl", "lid"):
            self.bowl(a[1] if v == "bowl" else "lid" + a[1], int(a[2]))
            return self.wait(scan_ms, scan_ms)
        if v == "dead":
            return self.kill(pt(a[1]))
        if v == "flicker":
            return self.flicker(pt(a[1]), int(a[2]), 2 if len(a) > 3 and a[3] == "W" else 1)
        if v == "drift":
            return self.drift(pt(a[1]), int(a[2]), int(a[3]) if len(a) > 3 else 5000)
        if v == "stuck":
            return self.stick(pt(a[1]))
        if v == "noise":
            return self.noise_burst(int(a[1]), int(a[2]) if len(a) > 2 else 40)
        if v == "two":
            return self.two_stones(1 if a[1] == "B" else 2, pt(a[2]), 1 if a[3] == "B" else 2,
                                   pt(a[4]), int(a[5]) // scan_ms if len(a) > 5 else 4, noise)
        raise ValueError("unknown action %r" % v)
