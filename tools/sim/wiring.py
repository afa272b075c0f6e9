"""Wiring mistakes a builder can make, for the simulated board and the emulated chip.

A SPEC is mistakes joined by ';' (`goboard diag --sim --sim-wiring SPEC`):

    swap:P,Q        the sensors under P and Q are wired to each other's mux inputs
    inverted:P      the sensor under P is mounted upside down (a black stone reads as white)
    dead:P          the sensor under P is missing or dead: its input reads 0
    stuck:P         the sensor under P reads far off mid-scale and never moves
    noisy:P         the sensor under P is noisy (+-120 counts from one scan to the next)
    order:rows|serpentine   the PCB numbers the points in this order
    mux1:K          the K-th first-level mux is dead: its 16 inputs read 0
    mux2:K          the K-th second-level mux is dead: the 128 inputs behind it read 0
    sel1:I,J        first-level select lines S<I> and S<J> are crossed
    sel2:I,J        second-level select lines A<I> and A<J> are crossed
    adc:I,J         second-level outputs N<I> and N<J> are on each other's ADC inputs
    buttons:A,B     buttons A and B are on each other's inputs
    lights:rows|serpentine  the light chain is laid in this order
    silent:PART     a part that never answers: display, buttons (the I2C expander),
                    or a scale B, W, lidB, lidW (its HX711)
    scale:W*F       load cell W (B, W, lidB, lidW) gives F times the counts its profile says
    tare:W+G        scale W carries G grams more than its profile's tare (its bowl)

(P, Q: SGF points. Muxes are counted from 1 along the board, as a builder counts
the chips: mux2:3 is the third second-level mux, N2 in boards/README.md, whose
names count from 0 like the select lines S0.., A0.. and the ADC inputs.)

The model follows the wiring in boards/README.md and goban.hw.matrix: the firmware
sets the select lines and picks an ADC input for each conversion; what it reads is
the sensor that the wiring as built puts there. `Wiring.readings(field, base, out)`
gives each conversion's reading from the sensors' physical field (frame order, as
tools/sim/world.py writes it) and each sensor's zero-field level; the simulated
board stores them at the frame indices the firmware's own plan says
(`WiredMatrix`), the emulated chip's ADC answers them by select word (`chip_table`).
Runs under CPython and the MicroPython unix port.
"""

from array import array

from goban.hw.matrix import topology, wiring_to_frame, channels, routed, UNUSED
from goban.points import LETTERS
from goban.profile import ORDERS
KINDS = ("swap", "inverted", "dead", "stuck", "noisy", "order", "mux1", "mux2", "sel1",
         "sel2", "adc", "buttons", "lights", "silent", "scale", "tare")
SCALES = ("B", "W", "lidB", "lidW")
STUCK_AT = 3300          # what a stuck sensor reads, whatever lies on it
NOISE = 120              # a noisy sensor's spread either side (past the grey band: the firmware flags it)
# per-conversion flags
_INV = 1
_NOISY = 2


class SpecError(ValueError):
    """A wiring SPEC that cannot be built; the message names the bad part."""


def _point(text, size, part):
    if len(text) != 2 or text[0] not in LETTERS[:size] or text[1] not in LETTERS[:size]:
        raise SpecError("%r: %r is no point of a %dx%d board (SGF letters, like dd)"
                        % (part, text, size, size))
    return (ord(text[1]) - 97) * size + ord(text[0]) - 97


def _index(text, hi, what, part, lo=0):
    try:
        k = int(text)
    except ValueError:
        k = -1
    if not lo <= k < hi:
        raise SpecError("%r: %s must be %d..%d on this board%s" % (
            part, what, lo, hi - 1, " (counted from 1)" if lo else ""))
    return k


def parse(spec, size, topo):
    """[(kind, args)] of a SPEC for a board of `size` wired as `topo`
    (goban.hw.matrix.topology); SpecError names the first bad part."""
    nadc, n1, n2, _ = topo
    out = []
    for part in (spec or "").split(";"):
        part = part.strip()
        if not part:
            continue
        if ":" not in part:
            raise SpecError("%r: a mistake is KIND:ARGS (kinds: %s)" % (part, ", ".join(KINDS)))
        kind, arg = part.split(":", 1)
        kind = kind.strip()
        arg = arg.strip()
        args = [a.strip() for a in arg.split(",")]
        if kind in ("swap",):
            if len(args) != 2:
                raise SpecError("%r: swap needs two points, like swap:dd,de" % part)
            a, b = _point(args[0], size, part), _point(args[1], size, part)
            if a == b:
                raise SpecError("%r: a point swapped with itself is no mistake" % part)
            out.append((kind, (a, b)))
        elif kind in ("inverted", "dead", "stuck", "noisy"):
            if len(args) != 1:
                raise SpecError("%r: %s needs one point, like %s:qq" % (part, kind, kind))
            out.append((kind, (_point(args[0], size, part),)))
        elif kind in ("order", "lights"):
            if arg not in ORDERS:
                raise SpecError("%r: %s is rows or serpentine" % (part, kind))
            out.append((kind, (arg,)))
        elif kind == "mux1":
            m = _index(arg, (nadc << n2) + 1, "a first-level mux", part, 1)
            out.append((kind, (m - 1,)))
        elif kind == "mux2":
            m = _index(arg, nadc + 1, "a second-level mux", part, 1)
            out.append((kind, (m - 1,)))
        elif kind in ("sel1", "sel2", "adc"):
            hi = {"sel1": n1, "sel2": n2, "adc": nadc}[kind]
            what = {"sel1": "a first-level select line", "sel2": "a second-level select line",
                    "adc": "an ADC input"}[kind]
            if len(args) != 2:
                raise SpecError("%r: %s needs two numbers, like %s:0,1" % (part, kind, kind))
            i, j = _index(args[0], hi, what, part), _index(args[1], hi, what, part)
            if i == j:
                raise SpecError("%r: a line crossed with itself is no mistake" % part)
            out.append((kind, (i, j)))
        elif kind == "buttons":
            if len(args) != 2 or args[0] == args[1] or not all(args):
                raise SpecError("%r: buttons needs two button names, like buttons:pass,undo"
                                % part)
            out.append((kind, (args[0], args[1])))
        elif kind == "silent":
            if arg not in ("display", "buttons") + SCALES:
                raise SpecError("%r: silent is display, buttons or a scale (%s)"
                                % (part, ", ".join(SCALES)))
            out.append((kind, (arg,)))
        elif kind == "scale":
            w, _, f = arg.partition("*")
            try:
                fv = float(f)
            except ValueError:
                fv = 0.0
            if w not in SCALES or not 0.2 <= fv <= 5:
                raise SpecError("%r: scale is W*F, W one of %s, F 0.2..5 (like scale:B*0.9)"
                                % (part, ", ".join(SCALES)))
            out.append((kind, (w, fv)))
        elif kind == "tare":
            w, _, g = arg.partition("+")
            try:
                gv = float(g)
            except ValueError:
                gv = -1.0
            if w not in SCALES or not 0 <= gv <= 2000:
                raise SpecError("%r: tare is W+G, W one of %s, G grams 0..2000 (like tare:B+150)"
                                % (part, ", ".join(SCALES)))
            out.append((kind, (w, gv)))
        else:
            raise SpecError("%r: unknown mistake %r (kinds: %s)" % (part, kind, ", ".join(KINDS)))
    return out


def _swap_bits(v, swaps):
    for i, j in swaps:
        bi = (v >> i) & 1
        bj = (v >> j) & 1
        if bi != bj:
            v ^= (1 << i) | (1 << j)
    return v


class Wiring:
    """The matrix of a board as it was built: `mistakes` from parse()."""

    def __init__(self, profile, mistakes):
        self.size = size = profile.size
        self.n = n = size * size
        self.topo = nadc, n1, n2, order = topology(profile)
        self.mistakes = mistakes
        actual = order
        sel1 = []
        sel2 = []
        adcmap = list(range(nadc))
        dead1 = set()
        dead2 = set()
        swapped = list(range(n))      # the sensor whose wire reaches point p's input
        flags = bytearray(n)          # per sensor: inverted, noisy
        fixed = {}                    # per sensor: a constant reading (dead, stuck)
        self.buttons = {}
        self.scales = {}
        self.lights = None            # the light chain's order as laid, if not the profile's
        self.silent = set()           # parts that never answer
        for kind, args in mistakes:
            if kind == "swap":
                a, b = args
                swapped[a], swapped[b] = swapped[b], swapped[a]
            elif kind == "inverted":
                flags[args[0]] |= _INV
            elif kind == "noisy":
                flags[args[0]] |= _NOISY
            elif kind == "dead":
                fixed[args[0]] = 0
            elif kind == "stuck":
                fixed[args[0]] = STUCK_AT
            elif kind == "order":
                actual = args[0]
            elif kind == "mux1":
                dead1.add(args[0])
            elif kind == "mux2":
                dead2.add(args[0])
            elif kind == "sel1":
                sel1.append(args)
            elif kind == "sel2":
                sel2.append(args)
            elif kind == "adc":
                i, j = args
                adcmap[i], adcmap[j] = adcmap[j], adcmap[i]
            elif kind == "buttons":
                a, b = args
                self.buttons[a] = b
                self.buttons[b] = a
            elif kind == "lights":
                self.lights = args[0]
            elif kind == "silent":
                self.silent.add(args[0])
                if args[0] in SCALES:
                    self.scales.setdefault(args[0], [1.0, 0.0])
            elif kind == "scale":
                self.scales.setdefault(args[0], [1.0, 0.0])[0] = args[1]
            elif kind == "tare":
                self.scales.setdefault(args[0], [1.0, 0.0])[1] = args[1]
        m1 = 1 << n1
        m2 = 1 << n2
        k_all = m1 * m2 * nadc
        # per conversion: the sensor read (UNUSED: a constant), its flags, the constant
        self.sensor = array("H", [UNUSED] * k_all)
        self.flags = bytearray(k_all)
        self.const = array("H", [2048] * k_all)
        k = 0
        for s in range(m1 * m2):
            a = _swap_bits(s & (m1 - 1), sel1)
            b = _swap_bits(s >> n1, sel2)
            for c in range(nadc):
                cp = adcmap[c]
                ch = (cp * m2 + b) * m1 + a
                if cp in dead2 or (cp * m2 + b) in dead1:
                    self.const[k] = 0
                elif ch < n:
                    sensor = swapped[wiring_to_frame(ch, size, actual)]
                    if sensor in fixed:
                        self.const[k] = fixed[sensor]
                    else:
                        self.sensor[k] = sensor
                        self.flags[k] = flags[sensor]
                k += 1
        self.seed = 12345

    def readings(self, field, base, out):
        """Each conversion's reading into out (array 'H', one a conversion), from
        the sensors' field and their zero-field levels."""
        sensor = self.sensor
        flags = self.flags
        const = self.const
        seed = self.seed
        for k in range(len(out)):
            p = sensor[k]
            if p == UNUSED:
                out[k] = const[k]
                continue
            v = field[p]
            f = flags[k]
            if f:
                if f & _INV:
                    v = 2 * base[p] - v
                if f & _NOISY:
                    seed = (seed * 1103515245 + 12345) & 0x7FFFFFFF
                    v += (seed >> 8) % (2 * NOISE + 1) - NOISE
                v = 0 if v < 0 else 4095 if v > 4095 else v
            out[k] = v
        self.seed = seed

    def press_name(self, name):
        """The button a finger on `name` really presses (buttons:A,B)."""
        return self.buttons.get(name, name)

    def scale_raw(self, which, raw, counts_per_g):
        """An HX711 reading as this board's load cell gives it (scale:, tare:)."""
        f, grams = self.scales.get(which, (1.0, 0.0))
        return int(raw * f + grams * counts_per_g * f)


class WiredMatrix:
    """The simulated matrix wired as `wiring` says: the world writes `field`
    (the sensors, frame order); scan() reads it through the mistakes into the
    frame indices of the firmware's plan, its remap, or channel order, as
    goban.hw.matrix.HallMatrix does."""

    def __init__(self, inner, wiring, base):
        self.inner = inner                  # the sim twin: its noise, its field
        self.field = inner.field
        self.size = inner.size
        self.n = inner.n
        self.wiring = wiring
        self.base = base
        nadc, n1, n2, order = wiring.topo
        self.chan = channels(nadc, n1, n2)
        self.channels = len(self.chan)
        self.order = routed(self.chan, self.size, order)
        self.phys = array("H", bytes(2 * self.n))
        self.vals = array("H", bytes(2 * self.channels))

    def remap(self, src):
        self.order = routed(self.chan, self.size, self.wiring.topo[3], src)

    def by_channel(self):
        self.order = array("H", self.chan)

    def selftest(self):
        return None

    def scan(self, raw):
        self.inner.scan(self.phys)
        self.wiring.readings(self.phys, self.base, self.vals)
        order = self.order
        vals = self.vals
        for k in range(len(order)):
            i = order[k]
            if i != UNUSED:
                raw[i] = vals[k]


class WiredButtons:
    """The buttons twin with some inputs swapped (buttons:A,B)."""

    def __init__(self, inner, wiring):
        self.inner = inner
        self.wiring = wiring
        self.known = getattr(inner, "known", None)

    def press(self, name):
        if "buttons" not in self.wiring.silent:
            self.inner.press(self.wiring.press_name(name))

    def down(self, name, held=True):
        if "buttons" not in self.wiring.silent:
            self.inner.down(self.wiring.press_name(name), held)

    def poll(self):
        return self.inner.poll()

    def selftest(self):
        return "no PCF8574 answers at I2C address 0x20" if "buttons" in self.wiring.silent \
            else None


class WiredLights:
    """The lights twin with its chain laid in another order than the profile
    says: `lit` is where the LEDs light on the board."""

    def __init__(self, inner, profile, order):
        self.inner = inner
        self.size = profile.size
        self.order = order
        self.says = (profile.lights or {}).get("order", "serpentine")

    def show(self, points, color):
        self.inner.show(points, color)

    def clear(self):
        self.inner.clear()

    def set(self, points, color, points2=(), color2=None):
        self.inner.set(points, color, points2, color2)

    def flush(self):
        return self.inner.flush()

    def idle(self):
        return self.inner.idle()

    @property
    def lit(self):
        from goban.hw.lights import led_index
        s = self.size
        return {led_index(led_index(i, s, self.says), s, self.order): c
                for i, c in self.inner.lit.items()}


class SilentDisplay:
    """The display twin whose I2C address answers nothing: what it is told is
    lost; its selftest says so."""

    def __init__(self, inner):
        self.inner = inner
        self.lines = ["", ""]
        self.rows = [""] * inner.rows_n
        self.history = []

    def show(self, line1, line2=""):
        pass

    dirty = 0

    def flush_page(self):
        return False

    def selftest(self):
        return "no SSD1306 answers at I2C address 0x3C"


class WiredScale:
    """A load cell twin read through scale:/tare: mistakes (the world writes
    the inner one's weight)."""

    def __init__(self, inner, which, wiring):
        self.inner = inner
        self.which = which
        self.wiring = wiring
        self.counts_per_g = inner.counts_per_g
        self.tare = inner.tare

    def ready(self):
        return self.which not in self.wiring.silent and self.inner.ready()

    def read(self):
        i = self.inner
        return self.wiring.scale_raw(self.which, i.read(), i.counts_per_g)


def install(hw, world, profile, spec):
    """The simulator's twins (tools/sim/twins.make) wired as SPEC says:
    the matrix, the buttons and the scales (the world writes the same fields).
    Returns the Wiring (SpecError for a bad SPEC)."""
    w = Wiring(profile, parse(spec, profile.size, topology(profile)))
    hw["matrix"] = WiredMatrix(hw["matrix"], w, world.base)
    if w.lights and hw.get("lights") is not None:
        hw["lights"] = WiredLights(hw["lights"], profile, w.lights)
    if "display" in w.silent and hw.get("display") is not None:
        hw["display"] = SilentDisplay(hw["display"])
    if (w.buttons or "buttons" in w.silent) and hw.get("buttons") is not None:
        hw["buttons"] = WiredButtons(hw["buttons"], w)
        world.buttons = hw["buttons"]
    if w.scales:
        # the firmware reads these; the world goes on writing the twins inside
        hw["scales"] = {k: WiredScale(v, k, w) if k in w.scales else v
                        for k, v in hw["scales"].items()}
        if hw.get("bowls") is not None:
            hw["bowls"] = type(hw["bowls"])(profile, hw["scales"])
    return w


def chip_table(profile, wiring, field, base, vals=None):
    """The emulated ADC's table (tools/chip/chip.py adc_table's layout: one
    reading per (ADC input, select word)) for a board wired as `wiring` says."""
    m = profile.matrix
    nadc, n1, n2, _ = wiring.topo
    steps = (1 << n1) * (1 << n2)
    if vals is None:
        vals = array("H", bytes(2 * steps * nadc))
    wiring.readings(field, base, vals)
    t = array("H", [2048] * (8 * 128))
    for s in range(steps):
        for c in range(nadc):
            t[(m["adc_pins"][c] - 26) * 128 + s] = vals[s * nadc + c]
    return t
