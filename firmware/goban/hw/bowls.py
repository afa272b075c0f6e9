"""Bowls and lids: weight to stone count, tare, settling.

Each scale (B, W bowls; lidB, lidW lids where fitted) turns raw HX711 counts
into milligrams: mg = (raw - tare) * 10**6 // counts_per_kg, integers only.
A reading is settled once every sample for settle_ms stayed within
tolerance_mg of each other (a hand in the bowl never yields a count); the
settled value is the mean of those samples, and the count is that weight
divided by the stone weight, rounded (stone_mg from the profile: 6500 for Ing
stones; learn_stone() measures the real set, e.g. 180 stones at the start).
Weights are kept per colour: Black's lid (lidB) holds white prisoners, so it
counts with the white stone weight.

update(now_ms) never waits: it reads only the scales whose conversion is ready,
and at most `per_update` of them (the board reads one a loop step: an HX711 read
is bit-banged, and four ready at once were too much for one step; at 10
samples/s a scale, one read a 10 ms step keeps up with four).
Nothing here allocates once running (a loop step is heap-quiet): the
milligrams come from small-int arithmetic, and a settled run's mean is taken
over its first MEAN_OF samples (every later one is within tolerance_mg of it),
so the sums never grow into long ints.
"""

import time

_TICKS_DIFF = getattr(time, "ticks_diff", None)


def ticks_diff(a, b):
    """time.ticks_diff on MicroPython (30-bit wrapping ticks); a - b on CPython."""
    return _TICKS_DIFF(a, b) if _TICKS_DIFF is not None else a - b


WHICH = ("B", "W", "lidB", "lidW")
MEAN_OF = 64        # samples a settled value is the mean of (the sums stay small ints)
# the colour of the stones each scale holds: a player's lid holds the
# prisoners they took, stones of the other colour
STONES_IN = {"B": "B", "W": "W", "lidB": "W", "lidW": "B"}


class _Track:
    """Settling of one scale: the samples since the last jump."""

    def __init__(self, cfg):
        self.counts_per_kg = int(cfg["counts_per_g"] * 1000 + 0.5)
        self.tare = cfg["tare"]
        self.since = None  # time of the first sample of the current run
        self.lo = self.hi = 0
        self.sum_mg = 0
        self.sum_raw = 0
        self.n = 0
        self.raw = None
        self.reads = 0     # readings taken, modulo 2**20 (the bowls' witness asks)

    def mg_of(self, raw):
        """(raw - tare) * 10**6 // counts_per_kg, exactly, in three small-int
        steps (the plain product is a long int on the RP2040: an allocation a read)."""
        k = self.counts_per_kg
        d = raw - self.tare
        if k > 1000000:
            return d * 1000000 // k
        q = d // k
        r = (d - q * k) * 1000          # 0 <= r < k * 1000 < 2**30
        q2 = r // k
        return q * 1000000 + q2 * 1000 + (r - q2 * k) * 1000 // k

    def add(self, raw, now_ms, tolerance):
        self.raw = raw
        self.reads = (self.reads + 1) & 0xFFFFF
        mg = self.mg_of(raw)
        if self.n and max(self.hi, mg) - min(self.lo, mg) <= tolerance:
            self.lo = min(self.lo, mg)
            self.hi = max(self.hi, mg)
            if self.n < MEAN_OF:
                self.sum_mg += mg
                self.sum_raw += raw
                self.n += 1
            return
        self.since = now_ms
        self.lo = self.hi = self.sum_mg = mg
        self.sum_raw = raw
        self.n = 1

    def restart(self):
        self.n = 0
        self.since = None


class Bowls:
    """Bowls(profile, scales): scales maps "B", "W", "lidB", "lidW" to objects
    with ready() and read() (HX711 or SimScale)."""

    def __init__(self, profile, scales, per_update=None):
        cfg = profile.bowls
        self.settle_ms = cfg["settle_ms"]
        self.tolerance = cfg["tolerance_mg"]
        self.stone_mg = {"B": cfg["stone_mg"], "W": cfg["stone_mg"]}
        self.scales = {}
        self.tracks = {}
        for w in WHICH:
            if w in scales and w in cfg["scales"]:
                self.scales[w] = scales[w]
                self.tracks[w] = _Track(cfg["scales"][w])
        # (scale, track) in WHICH order, walked round robin from `next`
        self.order = tuple((self.scales[w], self.tracks[w]) for w in WHICH if w in self.scales)
        fitted = [w for w in WHICH if w in self.scales]
        self.slot = {w: fitted.index(w) for w in fitted}   # each scale's place in order
        self.bit = tuple(1 << WHICH.index(w) for w in fitted)   # its bit in read_mask
        self.read_mask = 0          # the scales the last update read (bit k: WHICH[k])
        self.per_update = per_update or len(self.order)
        self.next = 0
        self.now = None

    def has(self, which):
        return which in self.scales

    def update(self, now_ms, first=-1):
        """Read the scales that have a conversion ready, at most per_update of
        them, starting after the last one read, or with scale number `first`
        of `order` (a bowl the referee waits on). Returns how many were read."""
        self.now = now_ms
        order = self.order
        n = len(order)
        j = self.next
        turn = True                 # the round robin's turn (a read `first` is not)
        if 0 <= first < n:
            j = first
            turn = False
        read = 0
        mask = 0
        for _ in range(n):
            s, t = order[j]
            bit = self.bit[j]
            j = j + 1 if j + 1 < n else 0
            if s.ready():
                t.add(s.read(), now_ms, self.tolerance)
                mask |= bit
                read += 1
                if turn:
                    self.next = j
                if read >= self.per_update:
                    break
        self.read_mask = mask
        return read

    def reads(self, which):
        """Readings taken of a scale so far (modulo 2**20; 0 for none fitted)."""
        t = self.tracks.get(which)
        return t.reads if t is not None else 0

    def settled(self, which):
        t = self.tracks.get(which)
        return (t is not None and t.n > 0 and self.now is not None
                and ticks_diff(self.now, t.since) >= self.settle_ms)

    def mg(self, which):
        """Settled weight in mg, or None while unsettled."""
        if not self.settled(which):
            return None
        t = self.tracks[which]
        return t.sum_mg // t.n

    def stones(self, which):
        """Stones in a bowl or lid, or -1 while unsettled (or no such scale,
        or a weight well below the tare: the bowl lifted off)."""
        mg = self.mg(which)
        if mg is None or mg < -self.tolerance:
            return -1
        if mg < 0:
            return 0
        s = self.stone_mg[STONES_IN[which]]
        return (mg + s // 2) // s

    def residual_mg(self, which):
        """How far the settled weight is from a whole number of stones (a
        large residual means a foreign object or a wrong stone weight)."""
        n = self.stones(which)
        if n < 0:
            return None
        return self.mg(which) - n * self.stone_mg[STONES_IN[which]]

    def tare(self, which=None):
        """Take the settled reading(s) as zero (empty bowls/lids). Returns the
        list of scales tared (an unsettled one is left as it was)."""
        done = []
        for w in (WHICH if which is None else (which,)):
            if self.settled(w):
                t = self.tracks[w]
                t.tare = t.sum_raw // t.n
                t.restart()
                done.append(w)
        return done

    def figures(self, which):
        """(tare raw, counts per kg) of a scale, as weighed now."""
        t = self.tracks[which]
        return t.tare, t.counts_per_kg

    def set_figures(self, which, tare=None, counts_per_kg=None):
        """A scale's tare and sensitivity from a calibration (goban.diag, saved
        with goban.calibration); its settling starts afresh."""
        t = self.tracks[which]
        if tare is not None:
            t.tare = tare
        if counts_per_kg:
            t.counts_per_kg = counts_per_kg
        t.restart()

    def apply(self, scales, stone_mg):
        """The figures a calibration saved ({which: (tare, counts per kg)},
        {"B"/"W": stone mg}, either None): they win over the profile's."""
        for w, (tare, cpk) in (scales or {}).items():
            if w in self.tracks:
                self.set_figures(w, tare, cpk)
        for c, mg in (stone_mg or {}).items():
            if mg > 0:
                self.stone_mg[c] = mg

    def raw_mean(self, which):
        """The settled run's mean raw reading, or None while unsettled."""
        if not self.settled(which):
            return None
        t = self.tracks[which]
        return t.sum_raw // t.n

    def learn_stone(self, which, count):
        """Set the weight of the stones a settled bowl or lid holds, from the
        count known to be in it (e.g. 180 in each bowl at the start under Ing
        rules). Returns the new stone weight in mg, or None while unsettled."""
        mg = self.mg(which)
        if mg is None or count <= 0 or mg <= 0:
            return None
        c = STONES_IN[which]
        self.stone_mg[c] = (mg + count // 2) // count
        return self.stone_mg[c]
