"""Board profiles: one JSON file per hardware variant (boards/*.json).

A profile is data, checked once at start-up: every field is validated here and
a missing, misspelt or out-of-range field raises ProfileError with a one-line
message naming the file and the field, e.g.
    boards/x.json: field 'thresholds.black' must be an integer 1..2047, got 'abc'
Unknown fields are errors too (a typo must not silently fall back to a default).

The result is a Profile with plain attributes; nested sections stay dicts with
every default filled in, so drivers read them without further checks:
    p.id, p.kind ("hardware" | "sim"), p.size, p.settle_ms, p.settle_fast_ms, p.scan_ms,
    p.polarity (+1 | -1), p.matrix, p.thresholds, p.bowls, p.buttons,
    p.buzzer, p.display, p.lights (None when not fitted), p.log, p.sim, p.path;
    p.data["step_pin"] where a hardware profile names one (no attribute: heap at boot)
Runs under CPython and MicroPython (json is in both).
"""

import json

PIN_MAX = 29  # RP2040 GPIO0..GPIO29
ADC_PINS = (26, 27, 28, 29)  # GPIO26..29 are ADC inputs 0..3
SCALES = ("B", "W", "lidB", "lidW")
BUTTON_NAMES = ("pass", "abandon", "end", "resign", "undo", "ok", "up", "down",
                "B:pass", "W:pass", "clock", "B:clock", "W:clock")
ORDERS = ("rows", "serpentine")


class ProfileError(ValueError):
    """A profile that cannot drive a board; the message names file and field."""


class Profile:
    def __init__(self, d, path):
        self.path = path
        self.data = d
        self.id = d["id"]
        self.kind = d["kind"]
        self.size = d["size"]
        self.description = d["description"]
        self.settle_ms = d["settle_ms"]
        self.settle_fast_ms = d.get("settle_fast_ms", 0)
        self.scan_ms = d["scan_ms"]
        self.polarity = d["polarity"]
        self.matrix = d["matrix"]
        self.thresholds = d["thresholds"]
        self.bowls = d["bowls"]
        self.buttons = d["buttons"]
        self.buzzer = d["buzzer"]
        self.display = d["display"]
        self.lights = d["lights"]
        self.log = d["log"]
        self.sim = d["sim"]

    @property
    def points(self):
        return self.size * self.size

    def __repr__(self):
        return "Profile(%r, %s, %dx%d)" % (self.id, self.kind, self.size, self.size)


# ---- field checks ----------------------------------------------------------

class _Checker:
    def __init__(self, path):
        self.path = path
        self.pins = {}  # gpio -> field that uses it (hardware profiles)

    def fail(self, field, msg, got=None, show=True):
        text = "%s: field '%s' %s" % (self.path, field, msg)
        if show:
            text += ", got %r" % (got,)
        raise ProfileError(text)

    def section(self, d, field, known):
        if not isinstance(d, dict):
            self.fail(field, "must be an object", d)
        for k in d:
            if k not in known:
                name = field + "." + k if field else k
                self.fail(name, "is not a known field (known: %s)"
                          % ", ".join(sorted(known)), show=False)
        return d

    def get(self, d, field, key, default=None, required=False):
        name = field + "." + key if field else key
        if key not in d:
            if required:
                self.fail(name, "is missing", show=False)
            return name, default
        return name, d[key]

    def int_(self, d, field, key, lo, hi, default=None, required=False):
        name, v = self.get(d, field, key, default, required)
        if isinstance(v, bool) or not isinstance(v, int) or v < lo or v > hi:
            self.fail(name, "must be an integer %d..%d" % (lo, hi), v)
        return v

    def num(self, d, field, key, lo, hi, default=None, required=False):
        name, v = self.get(d, field, key, default, required)
        if isinstance(v, bool) or not isinstance(v, (int, float)) or not lo <= v <= hi:
            self.fail(name, "must be a number %s..%s" % (lo, hi), v)  # NaN fails too
        return v

    def str_(self, d, field, key, choices=None, default=None, required=False):
        name, v = self.get(d, field, key, default, required)
        if not isinstance(v, str) or not v:
            self.fail(name, "must be a non-empty string", v)
        if choices and v not in choices:
            self.fail(name, "must be one of %s" % ", ".join(choices), v)
        return v

    def pin(self, name, v, hardware, choices=None):
        if isinstance(v, bool) or not isinstance(v, int) or v < 0 or v > PIN_MAX:
            self.fail(name, "must be a GPIO number 0..%d" % PIN_MAX, v)
        if choices and v not in choices:
            self.fail(name, "must be one of GPIO %s" % ", ".join(str(c) for c in choices), v)
        if hardware:
            if v in self.pins:
                self.fail(name, "uses GPIO%d, already used by '%s'" % (v, self.pins[v]),
                          show=False)
            self.pins[v] = name
        return v

    def pin_list(self, d, field, key, hardware, n_lo, n_hi, choices=None):
        name, v = self.get(d, field, key, required=True)
        if not isinstance(v, list) or len(v) < n_lo or len(v) > n_hi:
            self.fail(name, "must be a list of %d..%d GPIO numbers" % (n_lo, n_hi), v)
        return [self.pin("%s[%d]" % (name, i), p, hardware, choices) for i, p in enumerate(v)]


def _matrix(c, d, size, hw):
    f = "matrix"
    known = ("adc_pins", "mux1_select", "mux2_select", "order", "settle_us")
    c.section(d, f, known)
    m = {"order": c.str_(d, f, "order", ORDERS, "rows")}
    if not hw:
        m["settle_us"] = c.int_(d, f, "settle_us", 0, 1000, 0)
        for k in ("adc_pins", "mux1_select", "mux2_select"):
            if k in d:
                c.fail(f + "." + k, "belongs to a hardware profile (kind is 'sim')", show=False)
        return m
    m["adc_pins"] = c.pin_list(d, f, "adc_pins", True, 1, 4, ADC_PINS)
    m["mux1_select"] = c.pin_list(d, f, "mux1_select", True, 1, 4)
    m["mux2_select"] = c.pin_list(d, f, "mux2_select", True, 0, 4)
    m["settle_us"] = c.int_(d, f, "settle_us", 0, 1000, 5)
    m["mux1_channels"] = 1 << len(m["mux1_select"])
    m["mux2_channels"] = 1 << len(m["mux2_select"])
    channels = len(m["adc_pins"]) * m["mux1_channels"] * m["mux2_channels"]
    if channels < size * size:
        c.fail(f, "wires %d channels (adc_pins x 2^mux2_select x 2^mux1_select), "
               "fewer than the %d points" % (channels, size * size), show=False)
    m["channels"] = channels
    return m


def _thresholds(c, d):
    f = "thresholds"
    c.section(d, f, ("black", "white", "rail", "offset_max", "drift_band", "drift_every",
                     "enter", "unstable", "strong", "steady"))
    t = {
        "black": c.int_(d, f, "black", 1, 2047, required=True),
        "white": c.int_(d, f, "white", 1, 2047, required=True),
        "rail": c.int_(d, f, "rail", 0, 1000, 40),
        "offset_max": c.int_(d, f, "offset_max", 1, 2047, 400),
        "drift_band": c.int_(d, f, "drift_band", 0, 2047, 0),
        "drift_every": c.int_(d, f, "drift_every", 1, 100000, 50),
        "enter": c.int_(d, f, "enter", 100, 400, 150),       # % of the threshold
        "unstable": c.int_(d, f, "unstable", 5, 127, 60),    # grey scans to flag
        # the short settle (settle_fast_ms): a reading this % of the threshold...
        "strong": c.int_(d, f, "strong", 100, 800, 300),
    }
    # ...not moving more than this many counts from one scan to the next
    t["steady"] = c.int_(d, f, "steady", 1, 2047, max(1, min(t["black"], t["white"]) // 6))
    if t["strong"] < t["enter"]:
        c.fail(f + ".strong", "must be at least thresholds.enter (%d)" % t["enter"], t["strong"])
    return t


def _bowls(c, d, hw):
    f = "bowls"
    c.section(d, f, ("stone_mg", "settle_ms", "tolerance_mg", "witness_ms", "samples_per_s",
                     "scales"))
    b = {
        "stone_mg": c.int_(d, f, "stone_mg", 500, 50000, required=True),
        "settle_ms": c.int_(d, f, "settle_ms", 0, 10000, 400),
        "tolerance_mg": c.int_(d, f, "tolerance_mg", 0, 50000, 0),
        # a new stone whose mover's bowl is settled with no stone out waits this
        # long for the bowl to move before it is announced (0: the bowls are no witness)
        "witness_ms": c.int_(d, f, "witness_ms", 0, 10000, 300),
        # the HX711s' conversion rate as wired (RATE pin low: 10, high: 80): how soon a
        # bowl shows a stone taken, so how long a witnessed stone may wait for it
        "samples_per_s": c.int_(d, f, "samples_per_s", 10, 80, 10),
    }
    if b["samples_per_s"] not in (10, 80):
        c.fail(f + ".samples_per_s", "must be 10 or 80 (the HX711's RATE pin low or high)",
               b["samples_per_s"])
    if b["tolerance_mg"] == 0:
        b["tolerance_mg"] = b["stone_mg"] // 4
    name, sc = c.get(d, f, "scales", required=True)
    c.section(sc, name, SCALES)
    scales = {}
    for which in sc:
        sf = name + "." + which
        s = c.section(sc[which], sf, ("dout", "sck", "counts_per_g", "tare", "gain"))
        one = {
            "counts_per_g": c.num(s, sf, "counts_per_g", 0.001, 1e6, required=True),
            "tare": c.int_(s, sf, "tare", -(1 << 23), (1 << 23) - 1, 0),
            "gain": c.int_(s, sf, "gain", 32, 128, 128),
        }
        if one["gain"] not in (32, 64, 128):
            c.fail(sf + ".gain", "must be 128, 64 or 32", one["gain"])
        if hw:
            for k in ("dout", "sck"):
                one[k] = c.pin(sf + "." + k, c.get(s, sf, k, required=True)[1], True)
        scales[which] = one
    for which in ("B", "W"):
        if which not in scales:
            c.fail(name + "." + which, "is missing (both bowls need a scale)", show=False)
    b["scales"] = scales
    return b


def _buttons(c, d, hw):
    f = "buttons"
    c.section(d, f, ("expander", "pins", "debounce"))
    name, ex = c.get(d, f, "expander")
    out = {"debounce": c.int_(d, f, "debounce", 1, 20, 3), "expander": None}
    if ex is not None:
        c.section(ex, name, ("kind", "addr"))
        out["expander"] = {"kind": c.str_(ex, name, "kind", ("pcf8574",), "pcf8574"),
                           "addr": c.int_(ex, name, "addr", 8, 119, required=True)}
    pname, pins = c.get(d, f, "pins", required=True)
    c.section(pins, pname, BUTTON_NAMES)
    seen = {}
    for k in pins:
        n = pname + "." + k
        v = pins[k]
        if out["expander"] is not None or not hw:
            v = c.int_(pins, pname, k, 0, 31 if not hw else 7)
            if v in seen:
                c.fail(n, "uses input %d, already used by '%s'" % (v, seen[v]), show=False)
            seen[v] = n
        else:
            c.pin(n, v, True)
    out["pins"] = dict(pins)
    return out


def _display(c, d, hw):
    f = "display"
    c.section(d, f, ("i2c", "sda", "scl", "addr", "width", "height", "freq"))
    out = {
        "addr": c.int_(d, f, "addr", 8, 119, 0x3C),
        "width": c.int_(d, f, "width", 64, 128, 128),
        "height": c.int_(d, f, "height", 16, 64, 32),
        "freq": c.int_(d, f, "freq", 10000, 1000000, 400000),
    }
    if out["height"] not in (16, 32, 64):
        c.fail(f + ".height", "must be 16, 32 or 64", out["height"])
    if hw:
        out["i2c"] = c.int_(d, f, "i2c", 0, 1, required=True)
        bus = out["i2c"]
        # I2C0 SDA on GPIO 0,4,8,12,16,20,(24,28); I2C1 SDA on 2,6,10,14,18,26
        sda_ok = [p for p in range(30) if p % 4 == 2 * bus]
        scl_ok = [p for p in range(30) if p % 4 == 2 * bus + 1]
        out["sda"] = c.pin(f + ".sda", c.get(d, f, "sda", required=True)[1], True, sda_ok)
        out["scl"] = c.pin(f + ".scl", c.get(d, f, "scl", required=True)[1], True, scl_ok)
    return out


def _lights(c, d, size, hw):
    f = "lights"
    c.section(d, f, ("pin", "count", "order", "brightness"))
    out = {
        "count": c.int_(d, f, "count", 1, 1024, size * size),
        "order": c.str_(d, f, "order", ORDERS, "serpentine"),
        "brightness": c.int_(d, f, "brightness", 1, 255, 48),
    }
    if out["count"] < size * size:
        c.fail(f + ".count", "must cover the %d points" % (size * size), out["count"])
    if hw:
        out["pin"] = c.pin(f + ".pin", c.get(d, f, "pin", required=True)[1], True)
    return out


def _log(c, d):
    f = "log"
    c.section(d, f, ("dir", "max_bytes", "max_games"))
    return {
        "dir": c.str_(d, f, "dir", None, "games"),
        "max_bytes": c.int_(d, f, "max_bytes", 4096, 16 << 20, 512 * 1024),
        "max_games": c.int_(d, f, "max_games", 1, 10000, 100),
    }


def _sim(c, d):
    f = "sim"
    c.section(d, f, ("baseline", "offset_spread", "stone_counts", "noise", "seed"))
    return {
        "baseline": c.int_(d, f, "baseline", 100, 4000, 2048),
        "offset_spread": c.int_(d, f, "offset_spread", 0, 500, 60),
        "stone_counts": c.int_(d, f, "stone_counts", 1, 2000, 600),
        "noise": c.int_(d, f, "noise", 0, 200, 3),
        "seed": c.int_(d, f, "seed", 0, 0x7FFFFFFF, 1),
    }


TOP = ("id", "kind", "size", "description", "settle_ms", "settle_fast_ms", "scan_ms", "polarity",
       "matrix", "thresholds", "bowls", "buttons", "buzzer", "display", "lights", "log", "sim",
       "step_pin")


def from_dict(d, path="<profile>"):
    """Validate a profile dict (as read from JSON) and return a Profile."""
    c = _Checker(path)
    c.section(d, "", TOP)
    out = {}
    out["id"] = c.str_(d, "", "id", required=True)
    out["kind"] = c.str_(d, "", "kind", ("hardware", "sim"), required=True)
    hw = out["kind"] == "hardware"
    out["size"] = size = c.int_(d, "", "size", 5, 19, required=True)
    out["description"] = d.get("description", "")
    if not isinstance(out["description"], str):
        c.fail("description", "must be a string", out["description"])
    out["settle_ms"] = c.int_(d, "", "settle_ms", 0, 5000, 120)
    out["scan_ms"] = c.int_(d, "", "scan_ms", 1, 1000, 10)
    # strong, steady stone readings settle this fast (0: off, every reading waits settle_ms)
    out["settle_fast_ms"] = c.int_(d, "", "settle_fast_ms", 0, 5000, 0)
    if out["settle_fast_ms"] > out["settle_ms"]:
        c.fail("settle_fast_ms", "must not be longer than settle_ms (%d)" % out["settle_ms"],
               out["settle_fast_ms"])
    out["polarity"] = c.int_(d, "", "polarity", -1, 1, 1)
    if out["polarity"] == 0:
        c.fail("polarity", "must be 1 (black stones carry the N pole up) or -1", 0)
    out["matrix"] = _matrix(c, c.get(d, "", "matrix", required=True)[1], size, hw)
    out["thresholds"] = _thresholds(c, c.get(d, "", "thresholds", required=True)[1])
    out["bowls"] = _bowls(c, c.get(d, "", "bowls", required=True)[1], hw)
    out["buttons"] = _buttons(c, c.get(d, "", "buttons", required=True)[1], hw)
    bz = d.get("buzzer")
    if bz is not None:
        c.section(bz, "buzzer", ("pin",))
        bz = {"pin": c.pin("buzzer.pin", c.get(bz, "buzzer", "pin", required=True)[1], True)
              if hw else None}
    out["buzzer"] = bz
    dp = d.get("display")
    out["display"] = None if dp is None else _display(c, dp, hw)
    lt = d.get("lights")
    out["lights"] = None if lt is None else _lights(c, lt, size, hw)
    sp = d.get("step_pin")
    if sp is not None:
        # high for the length of each loop step (main.build): a scope times the steps
        sp = c.pin("step_pin", sp, hw)
        if hw:
            out["step_pin"] = sp
    out["log"] = _log(c, d.get("log", {}))
    out["sim"] = _sim(c, d.get("sim", {}))
    if hw and out["buttons"]["expander"] is not None and out["display"] is None:
        c.fail("buttons.expander", "sits on the display's I2C bus, but there is no display",
               show=False)
    return Profile(out, path)


def load(path):
    """Read and validate boards/<name>.json; ProfileError names what is wrong."""
    try:
        with open(path) as f:
            text = f.read()
    except OSError as e:
        raise ProfileError("%s: cannot read the profile (%s)" % (path, e))
    except ValueError:  # UnicodeDecodeError
        raise ProfileError("%s: not UTF-8 text" % path)
    if _too_deep(text):
        raise ProfileError("%s: nested more than %d levels deep: not a profile"
                           % (path, MAX_DEPTH))
    try:
        d = json.loads(text)
    except ValueError as e:
        raise ProfileError("%s: not valid JSON (%s)" % (path, e))
    return from_dict(d, path)


MAX_DEPTH = 32  # a profile nests 3 deep; the JSON parsers recurse per level


def _too_deep(text):
    """Whether JSON text nests deeper than MAX_DEPTH (checked before parsing:
    100,000 brackets would exhaust the parser's recursion)."""
    if text.count("[") + text.count("{") <= MAX_DEPTH:
        return False
    depth = 0
    quoted = False
    escaped = False
    for ch in text:
        if quoted:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                quoted = False
        elif ch == '"':
            quoted = True
        elif ch == "[" or ch == "{":
            depth += 1
            if depth > MAX_DEPTH:
                return True
        elif ch == "]" or ch == "}":
            depth -= 1
    return False
