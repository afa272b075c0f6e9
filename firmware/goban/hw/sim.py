"""Simulated twins of every driver, with the same interfaces, for tests, the
simulator (tools/sim, which plays the physical world) and demos. Pure Python
plus one viper copy loop; runs under CPython and MicroPython.
"""

from array import array

from goban.compat import micropython, ptr16
from goban.hw.buttons import Debouncer
from goban.hw.display import layout
from goban.hw.lights import point_index


@micropython.viper
def _copy_noisy(dst, src, n: int, seed: int, noise: int) -> int:
    """dst[i] = src[i] + uniform noise in -noise..noise (clamped to 12 bits).
    A 30-bit LCG (constants below 2**30: small ints on the RP2040); returns
    the next seed. No allocation."""
    d = ptr16(dst)
    s = ptr16(src)
    span = noise + noise + 1
    i = 0
    while i < n:
        seed = (seed * 1664525 + 1013904223) & 0x3FFFFFFF
        v = int(s[i]) + ((((seed >> 18) & 0xFF) * span) >> 8) - noise
        if v < 0:
            v = 0
        elif v > 4095:
            v = 4095
        d[i] = v
        i += 1
    return seed


@micropython.viper
def _route(raw, phys, sensor, order, k_all: int):
    """raw[order[k]] = phys[sensor[k]] for every conversion k that is stored (a
    free input, no sensor, reads mid-supply)."""
    r = ptr16(raw)
    f = ptr16(phys)
    s = ptr16(sensor)
    o = ptr16(order)
    k = 0
    while k < k_all:
        i = int(o[k])
        if i != 0xFFFF:
            p = int(s[k])
            if p != 0xFFFF:
                r[i] = f[p]
            else:
                r[i] = 2048
        k += 1


class SimMatrix:
    """SimMatrix(size): .field (array('H'), size*size, index y*size + x) is
    what the sensors read; the world model writes it, scan(raw) copies it
    (plus noise when constructed with noise). put/lift write a stone's field
    with the sim profile's physics: black (N pole) reads baseline + stone_counts
    times polarity, white the opposite."""

    def __init__(self, size, baseline=2048, offset_spread=0, stone_counts=600, noise=0,
                 seed=1, polarity=1, topo=None):
        self.size = size
        self.n = n = size * size
        self.noise = noise
        self.seed = seed & 0x3FFFFFFF
        self.stone_counts = stone_counts
        self.polarity = polarity
        self.base = array("H", [baseline] * n)
        if offset_spread:
            s = seed or 1
            for i in range(n):  # fixed per-point offsets (sensor tolerance)
                s = (s * 1103515245 + 12345) & 0x7FFFFFFF
                self.base[i] = baseline + ((s >> 8) % (2 * offset_spread + 1)) - offset_spread
        self.field = array("H", self.base)
        self.scans = 0
        # wired as the reference board (goban.hw.matrix.topology): a remap or a
        # scan by channel routes each conversion (made when first asked)
        self.topo = topo or ((n + 127) >> 7, 4, 3, "rows")
        self.order = None           # None: frame index = sensor (the profile's wiring)
        self.chan = None
        self.channels = self.topo[0] << (self.topo[1] + self.topo[2])

    @classmethod
    def from_profile(cls, profile):
        from goban.hw.matrix import topology
        s = profile.sim
        return cls(profile.size, s["baseline"], s["offset_spread"], s["stone_counts"],
                   s["noise"], s["seed"], profile.polarity, topology(profile))

    def _routing(self):
        """The twin wired as the profile says (the reference board's muxes,
        goban.hw.matrix.topology): each conversion's sensor and where it goes."""
        if self.chan is None:
            from goban.hw.matrix import channels, routed, wiring_to_frame, UNUSED
            nadc, n1, n2, order = self.topo
            self.chan = channels(nadc, n1, n2)
            self.sensor = array("H", [UNUSED] * self.channels)
            for k in range(self.channels):
                if self.chan[k] < self.n:
                    self.sensor[k] = wiring_to_frame(self.chan[k], self.size, order)
            self.routed = routed
            self.phys = array("H", bytes(2 * self.n))

    def remap(self, src):
        """Frame point p reads wiring channel src[p] from now on (None: as the
        profile's wiring says), as HallMatrix.remap: a twin wired right needs
        none, but a remap saved on it acts as on the board."""
        if src is None:
            self.order = None
            return
        self._routing()
        self.order = self.routed(self.chan, self.size, self.topo[3], src)

    def by_channel(self):
        """A scan fills `channels` readings in channel order (HallMatrix.by_channel)."""
        self._routing()
        self.order = array("H", self.chan)

    def scan(self, raw):
        self.scans += 1
        order = self.order
        out = raw if order is None else self.phys
        if self.noise:
            self.seed = _copy_noisy(out, self.field, self.n, self.seed, self.noise)
        else:
            f = self.field
            for i in range(self.n):
                out[i] = f[i]
        if order is not None:
            _route(raw, out, self.sensor, order, len(order))

    def selftest(self):
        """The twin's parts always answer (HallMatrix.selftest)."""
        return None

    def put(self, i, color, strength=100):
        """A stone of color (1 black, 2 white) at frame index i; strength in
        percent (a stone still in the hand above the point: less)."""
        d = self.stone_counts * strength // 100 * self.polarity
        v = self.base[i] + (d if color == 1 else -d)
        self.field[i] = 0 if v < 0 else 4095 if v > 4095 else v

    def lift(self, i):
        self.field[i] = self.base[i]

    def clear(self):
        for i in range(self.n):
            self.field[i] = self.base[i]


class SimScale:
    """A load cell: the world sets .grams_x100 (weight on it, 1/100 g) or
    .raw (a raw reading, overrides); read() returns raw HX711 counts."""

    def __init__(self, counts_per_g=420, tare=0):
        self.counts_per_g = counts_per_g
        self.tare = tare
        self.grams_x100 = 0
        self.raw = None
        self.is_ready = True
        self.reads = 0

    def ready(self):
        return self.is_ready

    def read(self):
        self.reads += 1
        if self.raw is not None:
            return self.raw
        return self.tare + int(self.grams_x100 * self.counts_per_g // 100)


class SimButtons:
    """press(name) queues a clean press; down(name, True/False) holds a
    button as a GPIO would (poll() then debounces it like the hardware)."""

    def __init__(self, profile=None, debounce=3):
        pins = profile.buttons["pins"] if profile is not None else {}
        if profile is not None:
            debounce = profile.buttons["debounce"]
        self.known = set(pins) if pins else None
        self.debouncer = Debouncer(pins, debounce)
        self.bits = dict(pins)
        self.mask = 0
        self.queue = []

    def _check(self, name):
        if self.known is not None and name not in self.known:
            raise ValueError("no button %r on this board" % (name,))

    def press(self, name):
        self._check(name)
        self.queue.append(name)

    def down(self, name, held=True):
        self._check(name)
        m = 1 << self.bits[name]
        self.mask = (self.mask | m) if held else (self.mask & ~m)

    def poll(self):
        self.debouncer.feed(self.mask)
        if self.queue:
            return self.queue.pop(0)
        return self.debouncer.next()

    def selftest(self):
        return None


class SimBuzzer:
    """Keeps every beep: .beeps is a list of kinds, .last the latest."""

    def __init__(self):
        self.beeps = []
        self.last = None

    def beep(self, kind, now_ms=None):
        from goban.hw.buzzer import PATTERNS
        if kind not in PATTERNS:
            raise ValueError("unknown beep %r" % (kind,))
        self.beeps.append(kind)
        self.last = kind

    def update(self, now_ms):
        pass


class SimDisplay:
    """Keeps .lines (the last show's arguments), .rows (the text rows the
    real display would draw) and .history (every change)."""

    def __init__(self, profile=None, width=128, height=32):
        if profile is not None and profile.display is not None:
            width = profile.display["width"]
            height = profile.display["height"]
        self.cols = width // 8
        self.rows_n = height // 8
        self.lines = ["", ""]
        self.rows = [""] * self.rows_n
        self.history = []

    def selftest(self):
        return None

    def show(self, line1, line2=""):
        if [line1, line2] == self.lines:
            return
        self.lines = [line1, line2]
        self.rows = layout(line1, line2, self.cols, self.rows_n)
        self.history.append((line1, line2))

    dirty = 0                          # pages still to send: none, shown at once

    def flush_page(self):
        """The display's interface (goban.hw.display): nothing waits to go out."""
        return False


class SimLights:
    """Keeps .lit: frame index -> colour."""

    def __init__(self, profile=None, size=19):
        self.size = profile.size if profile is not None else size
        self.lit = {}

    def show(self, points, color):
        for p in points:
            self.lit[point_index(p, self.size)] = color

    def clear(self):
        self.lit = {}

    def set(self, points, color, points2=(), color2=None):
        """Only these points lit (points2 in color2), as goban.hw.lights.Lights.set."""
        self.lit = {}
        self.show(points, color)
        if points2:
            self.show(points2, color2)

    def flush(self):
        """The lights' interface: no frame ever waits for the chain here."""
        return False

    def idle(self):
        return True
