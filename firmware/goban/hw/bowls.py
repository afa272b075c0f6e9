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

update(now_ms) never waits: it reads only the scales whose conversion is ready.
"""

import time

_TICKS_DIFF = getattr(time, "ticks_diff", None)


def ticks_diff(a, b):
    """time.ticks_diff on MicroPython (30-bit wrapping ticks); a - b on CPython."""
    return _TICKS_DIFF(a, b) if _TICKS_DIFF is not None else a - b


WHICH = ("B", "W", "lidB", "lidW")
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

    def mg_of(self, raw):
        return (raw - self.tare) * 1000000 // self.counts_per_kg

    def add(self, raw, now_ms, tolerance):
        self.raw = raw
        mg = self.mg_of(raw)
        if self.n and max(self.hi, mg) - min(self.lo, mg) <= tolerance:
            self.lo = min(self.lo, mg)
            self.hi = max(self.hi, mg)
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

    def __init__(self, profile, scales):
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
        self.now = None

    def has(self, which):
        return which in self.scales

    def update(self, now_ms):
        """Read the scales that have a conversion ready."""
        self.now = now_ms
        for w, s in self.scales.items():
            if s.ready():
                self.tracks[w].add(s.read(), now_ms, self.tolerance)

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
