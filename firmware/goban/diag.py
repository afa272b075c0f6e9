"""The board's own diagnostics: what a builder checks before the first game.

A state of the board loop of its own (`BoardLoop.diag`), entered from the host
(the link's `diag` {op: "start"}: `goboard diag`) or from the board's menu (its
last rules entry, "Diagnostics"), left with `stop` or the page "Exit". While it
is on:
- the referee rests: the game stays in the log as it was, and at the end the
  referee looks at the board again, as after a restart;
- the matrix reads every channel in channel order (a saved remap is set aside),
  channel n being point n of the profile's wiring order: the wiring check sees
  the wiring as it was built; the link's raw frames say so (`wired`: true);
- the display and the lights are diag's, and the board still answers the link.
Why a state of its own: the wiring check puts a stone on every point, which no
game can explain, and a board whose wiring is wrong would referee nonsense; the
raw stream alone (goban.link `raw`) needs none of it and runs in play too.

The wiring check (`walk`): the board lights one point at a time, black and
white in turn (so neither bowl runs out), and the builder puts that stone there
and leaves it. The reading that moved farthest from the board as it was before
(at least the enter level: thresholds.enter percent of the threshold) and holds
steady for settle_ms is that point's sensor: `walk` {p, c, w, d} says the point,
the colour, the channel seen (-1: nothing within wait_ms) and how far it moved
(counts, signed). At the end the points walked are lit red under "Clear
the board"; once the board reads empty again `walk` {cleared}. From the walk the
host names the mistakes and sends the remap to keep (`remap` chunks, then
`save`: the channel each point reads, its baseline from the empty board the
check began on); a board with no computer keeps its own (each point where its
stone was seen, the points never seen on channels nobody claimed).

The scales: `tare` (the settled empty readings become zero), `weigh` {which,
grams | stones} (a known weight, or a counted handful of stones at the stone
weight, sets the scale's counts per kg), kept with `save` {scales}.

The parts (`test` {part, step}): lights, display and buzzer show or play one
thing a step and say on the display what should be seen or heard; buttons: the
display asks for each button in turn. Every press in diag is sent as `press`
{name, asked}, so the host (or the person at the board: ok yes, any other
button no) answers.

With no computer, the menu pages (up/down, ok acts): the worst points (dead,
stuck, noisy, farthest from mid-scale, from the last second of readings), the
scales (stones, grams), the wiring check (ok skips a point nobody sees), the
scales' calibration (tare, then 10 stones in each bowl and lid), each part's
test, exit.

Buffers are made when diag starts (about 7 KB on 19x19); a scan's work is two
viper passes and allocates nothing; text is made only when the display changes.
"""

from array import array

from goban.compat import micropython, const, ptr16, ptr32
from goban.hw.bowls import ticks_diff
from goban.points import name as point_name, frame_of_name
from goban.rawstream import scales_info

WINDOW = const(100)          # scans in a statistics window (1 s at 10 ms)
HANDFUL = const(10)          # stones a board with no computer calibrates a scale with
WAIT_MS = 20000              # a walked point nobody sees is given up after this long
RAIL = const(40)
PAGES = ("points", "scales", "wiring", "calibrate", "lights", "display", "buttons",
         "buzzer", "exit")
TITLES = {"points": "Worst points", "scales": "Scales", "wiring": "Wiring check",
          "calibrate": "Calibrate scales", "lights": "Lights test", "display": "Display test",
          "buttons": "Buttons test", "buzzer": "Sound test", "exit": "Exit"}
CORNERS = (("top-left", "red"), ("top-right", "green"), ("bottom-left", "blue"),
           ("bottom-right", "white"))


@micropython.viper
def _window(raw, lo, hi, acc, n: int, first: int):
    """One scan into the window's per-point minimum, maximum and sum."""
    r = ptr16(raw)
    a = ptr16(lo)
    b = ptr16(hi)
    s = ptr32(acc)
    i = 0
    while i < n:
        v = int(r[i])
        if first:
            a[i] = v
            b[i] = v
            s[i] = v
        else:
            if v < int(a[i]):
                a[i] = v
            if v > int(b[i]):
                b[i] = v
            s[i] = int(s[i]) + v
        i += 1


@micropython.viper
def _strongest(raw, ref, n: int) -> int:
    """The point whose reading moved farthest from ref, and how far (signed):
    index | (delta + 4096) << 10."""
    r = ptr16(raw)
    f = ptr16(ref)
    best = 0
    bi = 0
    bd = 0
    i = 0
    while i < n:
        d = int(r[i]) - int(f[i])
        a = d
        if d < 0:
            a = 0 - d
        if a > best:
            best = a
            bi = i
            bd = d
        i += 1
    return bi | ((bd + 4096) << 10)


@micropython.viper
def copy(dst, src, n: int):
    d = ptr16(dst)
    s = ptr16(src)
    i = 0
    while i < n:
        d[i] = s[i]
        i += 1


def set_remap(cal, src, flipped=None, empty=None):
    """The calibration `cal` with a remap: frame point p reads wiring channel
    src[p] from now on (None: the one the profile's wiring order gives it). The
    baselines come from `empty` (each channel's reading on the empty board, in
    channel order: the wiring check's) where given, else each sensor's word
    (baseline, dead, stuck, polarity) moves with its channel; `flipped` (1 where
    the sensor reads the other way round from the profile's polarity, seen with
    a stone of a known colour) sets the polarities. ValueError, and nothing
    changes, if two points would read one channel. The matrix is the caller's
    (its remap(cal.remap)). Here, not in goban.calibration: only diag needs it."""
    from goban.calibration import INVERTED, UNSTABLE, DEAD, STUCK, C_LO, C_HI
    n = cal.n
    if src is not None:
        if len(src) != n:
            raise ValueError("a remap needs %d entries, not %d" % (n, len(src)))
        seen = {}
        for w in src:
            if not 0 <= w < 4096 or w in seen:
                raise ValueError("a remap must give every point a channel of its own (%d)" % w)
            seen[w] = 1
    words = {}                        # channel -> the word of its sensor now
    for p in range(n):
        words[cal.channel_of(p)] = cal.state[p] & ~UNSTABLE
    cal.remap = None if src is None else array("H", src)
    if src is not None:
        same = True
        for p in range(n):
            if src[p] != cal.channel_of_plan(p):
                same = False
                break
        if same:
            cal.remap = None
    inv = INVERTED if cal.polarity < 0 else 0
    lo = cal.cfg[C_LO]
    hi = cal.cfg[C_HI]
    om = cal.offset_max
    for p in range(n):
        ch = cal.channel_of(p)
        if empty is not None:
            v = empty[ch]
            st = (v << 4) | (words.get(ch, inv) & INVERTED)
            if v < lo or v > hi:
                st |= DEAD
            elif v - 2048 > om or 2048 - v > om:
                st |= STUCK
        else:
            st = words.get(ch, inv | (2048 << 4))
        if flipped is not None:
            st = (st & ~INVERTED) | (inv ^ (INVERTED if flipped[p] else 0))
        cal.state[p] = st
        cal.grey[p] = 0
        cal.steady[p] = 0
    cal.as_saved()                    # (saved next: no `baseline` event for these)


def request(loop, msg):
    """The link's `diag` request: {op, ...} -> the answer's fields (ValueError
    refuses, naming why). `start` enters diag, everything else needs it on."""
    op = msg.get("op")
    if op == "start":
        fn, on = _op_start, loop
    else:
        if loop.diag is None:
            raise ValueError("diag is off: start it first ({\"op\": \"start\"})")
        fn, on = OPS.get(op), loop.diag
    if fn is None:
        raise ValueError("unknown diag op %r" % (op,))
    try:
        return fn(on, msg)
    except (ValueError, KeyError, TypeError):
        raise
    except Exception as e:      # diagnostics never take the board down: the host is told
        raise ValueError("diag %s failed: %s %s" % (op, type(e).__name__, e))


def _op_start(loop, msg):
    """Enter diag (once: a start while on answers as the first did). One that
    fails (a heap too full for diag's buffers) leaves the board in play."""
    d = loop.diag
    if d is None:
        d = Diag(loop)
        try:
            d.start()
        except Exception:
            d.stop()
            raise
    return d.info()


def _bits(text, n):
    """A bitmask sent as base64 (bit p of byte p >> 3) -> bytearray n of 0/1."""
    import binascii
    data = binascii.a2b_base64(text)
    if len(data) < (n + 7) >> 3:
        raise ValueError("a point mask needs %d bytes" % ((n + 7) >> 3))
    out = bytearray(n)
    for p in range(n):
        out[p] = (data[p >> 3] >> (p & 7)) & 1
    return out


class Diag:
    """The diagnostics state of one board loop (see the module docstring)."""

    def __init__(self, loop):
        self.loop = loop
        prof = loop.profile
        self.size = size = loop.size
        self.n = size * size
        t = prof.thresholds
        low = min(t["black"], t["white"])
        self.enter = low * t.get("enter", 150) // 100
        self.band = t.get("steady", max(1, low // 6))
        self.rail = t.get("rail", RAIL)
        self.offset_max = t.get("offset_max", 400)
        self.polarity = prof.polarity
        self.hold = max(2, (prof.settle_ms + prof.scan_ms - 1) // prof.scan_ms)
        self.order = prof.matrix.get("order", "rows")
        # every channel of the matrix, in channel order (the wiring as built)
        self.channels = c = loop.matrix.channels
        self.raw = array("H", bytes(2 * c))
        self.lo = array("H", bytes(2 * c))
        self.hi = array("H", bytes(2 * c))
        self.acc = array("I", bytes(4 * c))
        self.mean = array("H", bytes(2 * c))
        self.spread = array("H", bytes(2 * c))
        self.scans = 0            # scans in the current window
        self.windows = 0          # windows done
        self.worst = []           # [(point, what)] from the last window
        self.page = 0
        self.pick = 0             # the entry a page shows (worst points, scales)
        self.lines = ("", "")
        self.shown = None
        self.lit = ([], "off", (), None)
        self.lit_shown = None
        self.walk = None          # the wiring check under way (Walk)
        self.walked = None        # the last one, finished
        self.test = None          # (part, step, steps) of a part's test under way
        self.asked = None         # the button a buttons test waits for
        self.answers = []         # (part, step, press) of the test under way
        self.ok_as = "ok"         # what pressing ok reads as (the buttons test finds out)
        self.cal_step = -1        # the scales' calibration from the menu
        self.staged = None        # a remap sent by the host, not saved yet
        self.redraw = True        # the page's text is made again (a press, a window)
        link = loop.link
        self.note = getattr(link, "note", None)

    # --- on and off -------------------------------------------------------------------
    def start(self):
        loop = self.loop
        loop.diag = self
        m = loop.matrix
        m.by_channel()           # the wiring as built: every channel, in channel order
        m.scan(self.raw)         # a raw frame asked for at once reads the board, not zeros
        loop.next_scan = None
        self.show(TITLES[PAGES[0]], "up/down: pages")
        self.light([], "off")
        if loop.buzzer is not None:
            loop.buzzer.beep("ok")

    def stop(self):
        loop = self.loop
        loop.matrix.remap(loop.cal.remap)
        loop.diag = None
        loop.next_scan = None
        lights = loop.lights
        if lights is not None:
            lights.clear()
        ref = loop.ref
        ref.dirty = True          # the board is looked at again, as after a restart
        ref.ui_dirty = True
        loop.draw = True

    def info(self):
        """What the host needs to read the raw frames and name the wiring."""
        from goban.hw.matrix import topology
        loop = self.loop
        prof = loop.profile
        nadc, n1, n2, order = topology(prof)
        t = prof.thresholds
        bowls = loop.bowls
        figs = {}
        scale_pins = {}
        if bowls is not None:
            for w in bowls.tracks:
                tare, cpk = bowls.figures(w)
                figs[w] = [tare, cpk]
                sc = prof.bowls["scales"][w]
                if "dout" in sc:
                    scale_pins[w] = [sc["dout"], sc["sck"]]
        pins = {}
        for k in ("adc_pins", "mux1_select", "mux2_select"):
            if k in prof.matrix:
                pins[k] = prof.matrix[k]
        return {"size": self.size, "order": order, "adc": nadc, "mux1": n1, "mux2": n2,
                "channels": self.channels, "pins": pins,
                "polarity": self.polarity, "kind": prof.kind,
                "thresholds": {"black": t["black"], "white": t["white"], "rail": self.rail,
                               "offset_max": self.offset_max, "enter": self.enter},
                "scales": figs, "scale_pins": scale_pins,
                "stone_mg": dict(bowls.stone_mg) if bowls is not None else {},
                "buttons": self.buttons() if loop.buttons is not None else [],
                "lights": loop.lights is not None, "display": loop.display is not None,
                "lights_order": (prof.lights or {}).get("order"),
                "buzzer": loop.buzzer is not None,
                "remap": loop.cal.remap is not None, "scan_ms": prof.scan_ms,
                "selftest": self.selftest()}

    def selftest(self):
        """{part: what is wrong} of the drivers that can tell by themselves (the
        matrix's ADC, the display and the button expander on I2C); the lights,
        the buzzer and plain GPIO buttons need a person (the parts' tests)."""
        loop = self.loop
        out = {}
        if loop.display is None and loop.profile.display is not None:
            out["display"] = "no SSD1306 answered at I2C address 0x%02X at boot" % (
                loop.profile.display["addr"])
        for part, dev in (("matrix", loop.matrix), ("display", loop.display),
                          ("buttons", loop.buttons)):
            if dev is not None:
                bad = dev.selftest()
                if bad:
                    out[part] = bad
        return out

    # --- the display and the lights --------------------------------------------------------
    def show(self, a, b=""):
        self.lines = (a, b)

    def light(self, points, color, points2=(), color2=None):
        self.lit = (points, color, points2, color2)

    def _out(self):
        loop = self.loop
        if self.lines != self.shown and loop.display is not None:
            self.shown = self.lines
            loop.display.show(self.lines[0], self.lines[1])
        d = loop.display
        if d is not None:
            d.flush_page()
        if self.lit is not self.lit_shown:
            self.lit_shown = self.lit
            lights = loop.lights
            if lights is not None:
                pts, color, pts2, color2 = self.lit
                lights.set(pts, color, pts2, color2)
        f = loop.lights_flush
        if f is not None:
            f()

    # --- one step -------------------------------------------------------------------------
    def step(self, now_ms):
        """The loop's step while diag is on: at most one scan, its statistics,
        the walk, the scales, the buttons, the link, the display."""
        loop = self.loop
        link = loop.link
        if loop.next_scan is not None and ticks_diff(now_ms, loop.next_scan) < 0:
            if link is not None:
                link.poll(now_ms)
            return 0
        loop.next_scan = now_ms + loop.scan_ms
        loop.matrix.scan(self.raw)
        loop.scans += 1
        _window(self.raw, self.lo, self.hi, self.acc, self.channels, 1 if self.scans == 0 else 0)
        self.scans += 1
        if self.scans >= WINDOW:
            self._window_done()
        if self.walk is not None:
            self.walk.scan(now_ms)
        if loop.bowls is not None:
            loop.bowls.update(now_ms)
        if loop.buttons is not None:
            name = loop.buttons.poll()
            if name is not None:
                self.press(name)
        if link is not None:
            link.poll(now_ms)
        if self.redraw and self.walk is None and self.test is None and self.cal_step < 0:
            self.redraw = False
            self._page()
        self._out()
        return 0

    def _window_done(self):
        n = self.channels
        w = self.scans
        lo, hi, acc, mean, spread = self.lo, self.hi, self.acc, self.mean, self.spread
        for i in range(n):
            mean[i] = acc[i] // w
            spread[i] = hi[i] - lo[i]
        self.scans = 0
        self.windows += 1
        self.worst = self.worst_points(4)
        self.redraw = True

    def name(self, ch):
        """The point the profile's wiring puts on a channel ("ch400" for none)."""
        if ch >= self.n:
            return "ch%d" % ch
        from goban.hw.matrix import wiring_to_frame
        return point_name(wiring_to_frame(ch, self.size, self.order), self.size)

    def worst_points(self, k):
        """The k worst points of the last window: [(name, what)], dead ones (at a
        rail) first, then the noisiest, then the farthest from mid-scale."""
        n = min(self.n, self.channels)
        mean = self.mean
        spread = self.spread
        rail = self.rail
        out = []
        for i in range(n):
            if mean[i] < rail or mean[i] > 4095 - rail:
                out.append((self.name(i), "dead"))
                if len(out) >= k:
                    return out
        used = bytearray(n)
        for _ in range(k - len(out)):
            best = -1
            score = 0
            for i in range(n):
                if used[i] or mean[i] < rail or mean[i] > 4095 - rail:
                    continue
                off = mean[i] - 2048 if mean[i] > 2048 else 2048 - mean[i]
                s = spread[i] * 8 + (off >> 2)
                if best < 0 or s > score:
                    best = i
                    score = s
            if best < 0:
                break
            used[best] = 1
            off = mean[best] - 2048
            what = ("noisy %d" % spread[best]) if spread[best] * 8 >= self.enter else (
                "off %+d" % off)
            out.append((self.name(best), what))
        return out

    # --- the pages (no computer) -----------------------------------------------------------
    def _page(self):
        page = PAGES[self.page]
        title = TITLES[page]
        if page == "points":
            if not self.windows:
                self.show(title, "reading...")
            elif self.worst:
                j = self.pick % len(self.worst)
                p, what = self.worst[j]
                self.show("%s %d/%d" % (title, j + 1, len(self.worst)), "%s %s" % (p, what))
            else:
                self.show(title, "none")
        elif page == "scales":
            info = scales_info(self.loop.bowls)
            names = sorted(info)
            if not names:
                self.show(title, "none fitted")
                return
            w = names[self.pick % len(names)]
            _, stones, mg = info[w]
            self.show("%s %s" % (title, w), "%s st %s g" % (
                "?" if stones < 0 else stones, "?" if mg is None else mg // 1000))
        else:
            self.show(title, "ok: start" if page != "exit" else "ok: back to play")

    def press(self, name):
        """A button in diag: answers a test, or moves through the pages."""
        if self.note is not None:
            self.note("press", {"name": name, "asked": self.asked})
        self.redraw = True
        if self.test is not None:
            self._test_press(name)
            return
        if self.walk is not None:
            if name == "ok":
                self.walk.give_up()
            return
        if self.cal_step >= 0:
            self._calibrate(name)
            return
        if name in ("up", "down"):
            self.page = (self.page + (1 if name == "down" else -1)) % len(PAGES)
            self.pick = 0
            return
        if name != "ok":
            return
        page = PAGES[self.page]
        if page in ("points", "scales"):
            self.pick += 1
        elif page == "wiring":
            self.start_walk(None, WAIT_MS, own=True)
        elif page == "calibrate":
            self.cal_step = 0
            self._calibrate(None)
        elif page == "exit":
            self.stop()
        else:
            self.start_test(page, 0)

    # --- the wiring check ------------------------------------------------------------------
    def start_walk(self, mask, wait_ms, own=False):
        if mask is not None and not sum(mask):
            raise ValueError("the point mask holds no point")
        self.test = None
        self.walk = Walk(self, mask, wait_ms, own)
        return self.walk.todo_n

    def walk_done(self, walk):
        self.walk = None
        self.walked = walk
        self.page = PAGES.index("wiring")
        self.redraw = True
        if walk.own and walk.seen_n:
            self.save_own(walk)
            self.redraw = False

    def save_own(self, walk):
        """A board with no computer keeps the remap its own walk found."""
        loop = self.loop
        set_remap(loop.cal, walk.remap(), walk.flip, walk.empty)
        self._save()
        self.show("Wiring saved", "%d seen" % walk.seen_n)

    def _save(self):
        cal = self.loop.cal
        path = cal.path
        if path is None:
            raise ValueError("this board keeps no calibration file")
        cal.save(path)

    # --- the scales ------------------------------------------------------------------------
    def tare(self):
        bowls = self.loop.bowls
        if bowls is None:
            raise ValueError("this board has no scales")
        return bowls.tare()

    def weigh(self, which, grams=None, stones=None):
        """The settled reading of `which` holding a known weight (grams) or a
        counted handful (stones, at the stone weight) sets its counts per kg.
        Returns (tare, counts per kg)."""
        bowls = self.loop.bowls
        if bowls is None or not bowls.has(which):
            raise ValueError("no scale %r on this board" % (which,))
        raw = bowls.raw_mean(which)
        if raw is None:
            raise ValueError("the %s scale is not settled: wait until it holds still" % which)
        if grams is not None:
            mg = int(grams * 1000)
        else:
            from goban.hw.bowls import STONES_IN
            mg = int(stones) * bowls.stone_mg[STONES_IN[which]]
        tare, _ = bowls.figures(which)
        counts = raw - tare
        if mg <= 0 or counts == 0:
            raise ValueError("the %s scale reads no weight (%d counts over its tare)"
                             % (which, counts))
        if counts < 0:
            raise ValueError("the %s scale reads the weight backwards (%d counts): swap "
                             "its load cell's A+ and A- wires" % (which, counts))
        cpk = counts * 1000000 // mg
        bowls.set_figures(which, None, cpk)
        return tare, cpk

    def keep_scales(self):
        bowls = self.loop.bowls
        cal = self.loop.cal
        cal.scales = {w: bowls.figures(w) for w in bowls.tracks}
        cal.stone_mg = dict(bowls.stone_mg)

    def _calibrate(self, name):
        """The menu's calibration: empty scales, tare; then HANDFUL stones on
        each in turn, ok; saved. undo leaves it."""
        bowls = self.loop.bowls
        if bowls is None:
            self.cal_step = -1
            return
        names = [w for w in ("B", "W", "lidB", "lidW") if bowls.has(w)]
        if name == "undo":
            self.cal_step = -1
            return
        if name == "ok":
            try:
                if self.cal_step == 0:
                    self.tare()
                else:
                    self.weigh(names[self.cal_step - 1], stones=HANDFUL)
            except ValueError:
                self.show("Not settled", "wait, then ok")
                return
            self.cal_step += 1
        if self.cal_step == 0:
            self.show("Empty all scales", "then ok")
        elif self.cal_step <= len(names):
            self.show("%d stones on %s" % (HANDFUL, names[self.cal_step - 1]), "then ok")
        else:
            self.keep_scales()
            self._save()
            self.cal_step = -1
            self.show("Scales saved", "")
            self.redraw = False       # the page comes back at the next press

    # --- the parts' tests ------------------------------------------------------------------
    def steps(self, part):
        """How many steps a part's test has (ValueError: no such part here)."""
        loop = self.loop
        need = {"lights": loop.lights, "display": loop.display, "buzzer": loop.buzzer,
                "buttons": loop.buttons}
        if part not in need:
            raise ValueError("no test of %r (lights, display, buzzer, buttons)" % (part,))
        if need[part] is None:
            raise ValueError("this board has no %s" % part)
        if part == "lights":
            return 4 + self.size
        if part == "buzzer":
            from goban.hw.buzzer import PATTERNS
            return len(PATTERNS)
        if part == "buttons":
            return len(self.buttons())
        return 1

    def buttons(self):
        return sorted(self.loop.profile.buttons["pins"])

    def start_test(self, part, step):
        """Show or play step `step` of a part's test, and tell the host (`test`
        {part, step, steps, say, lit}); returns (steps, what to check)."""
        loop = self.loop
        size = self.size
        steps = self.steps(part)
        if not 0 <= step < steps:
            raise ValueError("%s has steps 0..%d" % (part, steps - 1))
        if step == 0:
            self.answers = []
        lit = None
        if part == "lights":
            if step < 4:
                where, color = CORNERS[step]
                x = 0 if step in (0, 2) else size - 1
                y = 0 if step < 2 else size - 1
                pts = [y * size + x]
                say = "%s %s" % (where, color)
            else:
                # a row, its left end red: a chain laid the other way round on
                # that row shows the red at its right end
                y = step - 4
                pts = [y * size + x for x in range(1, size)]
                color = "white"
                say = "row %d white, left end red" % (size - y)
            ends = [y * size] if step >= 4 else []
            self.light(pts, color, ends, "red")
            lit = {point_name(i, size): color for i in pts}
            for i in ends:
                lit[point_name(i, size)] = "red"
        elif part == "display":
            say = "4 rows of text"
            self.show("ABCDEFGHIJKLMNOP 0123456789abcdef", "Display ok? ok/undo")
        elif part == "buzzer":
            from goban.hw.buzzer import PATTERNS
            kind = sorted(PATTERNS)[step]
            loop.buzzer.beep(kind)
            say = "sound %s" % kind
        else:
            self.asked = self.buttons()[step]
            say = "press %s" % self.asked
            self.show("Buttons %d/%d" % (step + 1, steps), "Press %s" % self.asked)
        if part != "display" and part != "buttons":
            self.show("%s %d/%d" % (TITLES[part], step + 1, steps), say + "? ok/undo")
        self.test = (part, step, steps)
        if self.note is not None:
            self.note("test", {"part": part, "step": step, "steps": steps, "say": say,
                               "lit": lit})
        return steps, say

    def answer(self, name):
        """A step's answer: ok (yes), undo (no), or for the buttons the press
        that came (None: none did); the next step follows, or the end."""
        part, step, steps = self.test
        self.answers.append((part, step, name))
        self.asked = None
        if step + 1 < steps:
            self.start_test(part, step + 1)
            return
        self.end_test()

    def _test_press(self, name):
        """ok is yes, any other button no (a board whose undo is wired wrong
        can still answer); the buttons test takes the button itself. Once the
        buttons test saw ok read as another button, that one is the yes (an ok
        wired wrong does not fail every later test)."""
        if self.test[0] != "buttons":
            name = "ok" if name == self.ok_as else "undo"
        self.answer(name)

    def end_test(self):
        """The test is over: how many steps were answered no (or, for the
        buttons, by another button), on the display and to the host."""
        part = self.test[0] if self.test else ""
        bad = 0
        names = self.buttons()
        wrong = []
        for p, s, name in self.answers:
            no = name != (names[s] if p == "buttons" else "ok")
            bad += no
            if no:
                wrong.append([s, name])
            if p == "buttons" and names[s] == "ok" and name is not None:
                self.ok_as = name
        self.test = None
        self.asked = None
        self.answers = []
        self.light([], "off")
        self.show(TITLES.get(part, part), "all ok" if not bad else "%d wrong" % bad)
        self.redraw = False
        if self.note is not None and part:
            self.note("test", {"part": part, "done": True, "wrong": wrong})


class Walk:
    """The wiring check under way (see the module docstring)."""

    def __init__(self, diag, mask, wait_ms, own):
        n = diag.n
        self.diag = diag
        self.n = n
        self.own = own
        self.wait_ms = wait_ms
        self.todo = mask if mask is not None else bytearray(b"\x01" * n)
        self.todo_n = sum(self.todo)
        raw = diag.raw
        self.empty = array("H", raw)     # every channel before the first stone
        self.ref = array("H", raw)       # ... and with the stones seen so far
        self.seen = array("h", [-1] * n)
        self.flip = bytearray(n)
        self.walked = bytearray(n)
        self.seen_n = 0
        self.k = -1                      # the point lit now (frame index), -1 none
        self.count = 0                   # points lit so far
        self.color = 1
        self.since = None
        self.cand = -1
        self.run = 0
        self.last = 0
        self.clearing = False
        self._next(None)

    def _next(self, now_ms):
        d = self.diag
        k = self.k + 1
        while k < self.n and not self.todo[k]:
            k += 1
        if k >= self.n:
            self.k = -1
            self.clearing = True
            pts = [i for i in range(self.n) if self.walked[i]]
            d.light(pts, "red")
            d.show("Clear the board", "%d of %d seen" % (self.seen_n, self.count))
            if d.note is not None:
                d.note("walk", {"done": True, "seen": self.seen_n, "walked": self.count})
            if not pts:
                self._finish()
            return
        self.k = k
        self.color = 1 if self.count % 2 == 0 else 2
        self.count += 1
        self.walked[k] = 1
        self.since = now_ms
        self.cand = -1
        self.run = 0
        p = point_name(k, d.size)
        c = "B" if self.color == 1 else "W"
        d.light([k], "black" if self.color == 1 else "white")
        d.show("Wiring %d/%d" % (self.count, self.todo_n), "put %s on %s" % (c, p))
        if d.note is not None:
            d.note("walk", {"p": p, "c": c, "n": self.count})

    def scan(self, now_ms):
        d = self.diag
        raw = d.raw
        if self.clearing:
            v = _strongest(raw, self.empty, d.channels)
            delta = (v >> 10) - 4096
            if -d.enter < delta < d.enter:
                self._finish()
            return
        if self.since is None:
            self.since = now_ms
        v = _strongest(raw, self.ref, d.channels)
        i = v & 0x3FF
        delta = (v >> 10) - 4096
        if delta >= d.enter or delta <= -d.enter:
            r = raw[i]
            if i == self.cand and -d.band <= r - self.last <= d.band:
                self.run += 1
            else:
                self.cand = i
                self.run = 1
            self.last = r
            if self.run >= d.hold:
                self._seen(i, delta, now_ms)
                return
        else:
            self.cand = -1
            self.run = 0
        if ticks_diff(now_ms, self.since) >= self.wait_ms:
            self.give_up(now_ms)

    def _seen(self, i, delta, now_ms):
        d = self.diag
        k = self.k
        self.seen[k] = i
        self.seen_n += 1
        expect = d.polarity if self.color == 1 else -d.polarity
        self.flip[k] = 1 if (delta > 0) != (expect > 0) else 0
        self.ref[i] = d.raw[i]
        if d.note is not None:
            d.note("walk", {"p": point_name(k, d.size), "c": "B" if self.color == 1 else "W",
                            "w": i, "d": delta})
        self._next(now_ms)

    def give_up(self, now_ms=None):
        """The point lit now is seen nowhere (a dead sensor, or the builder
        pressed ok): noted as such, and the next one is lit."""
        d = self.diag
        if self.clearing:
            self._finish()
            return
        if self.k < 0:
            return
        if d.note is not None:
            d.note("walk", {"p": point_name(self.k, d.size),
                            "c": "B" if self.color == 1 else "W", "w": -1, "d": 0})
        # the board as it is now is the next point's reference: a stone put
        # but never seen steady (a noisy sensor) no longer outshines the next
        copy(self.ref, d.raw, d.channels)
        self._next(now_ms)

    def _finish(self):
        d = self.diag
        if d.note is not None:
            d.note("walk", {"cleared": True})
        d.light([], "off")
        d.walk_done(self)

    def remap(self):
        """src[p], the channel point p reads: where its stone was seen; a point
        never seen (or seen where another already was) keeps its channel in
        the profile's wiring when nobody claimed it, else takes a free channel
        that reads dead on the empty board (it stays a dead point), else any."""
        d = self.diag
        n = self.n
        c = d.channels
        src = array("H", bytes(2 * n))
        claimed = bytearray(c)
        given = bytearray(n)
        for p in range(n):
            w = self.seen[p]
            if w >= 0 and not claimed[w]:
                claimed[w] = 1
                src[p] = w
                given[p] = 1
        cal = d.loop.cal
        for p in range(n):
            w = cal.channel_of_plan(p)
            if not given[p] and not claimed[w]:
                claimed[w] = 1
                src[p] = w
                given[p] = 1
        for dead in (True, False):
            for p in range(n):
                if given[p]:
                    continue
                for w in range(c):
                    v = self.empty[w]
                    if not claimed[w] and (not dead or v < d.rail or v > 4095 - d.rail):
                        claimed[w] = 1
                        src[p] = w
                        given[p] = 1
                        break
        return src


# --- the link's ops (request) ------------------------------------------------------------------
def _op_stop(d, msg):
    d.stop()
    return {"on": False}


def _op_walk(d, msg):
    mask = _bits(msg["mask"], d.n) if msg.get("mask") else None
    wait = int(msg.get("wait_ms") or WAIT_MS)
    if not 200 <= wait <= 600000:
        raise ValueError("wait_ms must be 200..600000, not %d" % wait)
    d.test = None
    return {"points": d.start_walk(mask, wait)}


def _op_skip(d, msg):
    if d.walk is None:
        raise ValueError("no wiring check under way")
    d.walk.give_up()
    return {"skipped": True}


def _op_status(d, msg):
    w = d.walk
    out = {"page": PAGES[d.page], "lines": list(d.lines), "windows": d.windows,
           "worst": [list(x) for x in d.worst]}
    if w is not None:
        out["walk"] = {"lit": point_name(w.k, d.size) if w.k >= 0 else None,
                       "count": w.count, "of": w.todo_n, "seen": w.seen_n,
                       "clearing": w.clearing}
    if d.test is not None:
        out["test"] = list(d.test)
    return out


def _op_answer(d, msg):
    """The person's answer given at the host: {yes: bool} or, in the buttons
    test, {press: name or null}."""
    if d.test is None:
        raise ValueError("no test under way")
    if d.test[0] == "buttons":
        d.answer(msg.get("press"))
    else:
        d.answer("ok" if msg.get("yes") else "undo")
    return {"test": list(d.test) if d.test is not None else None}


def _op_remap(d, msg):
    """A chunk of the remap the host worked out: src (base64, 2 bytes a point,
    little end first) from point `at` on."""
    import binascii
    data = binascii.a2b_base64(msg["src"])
    at = int(msg.get("at") or 0)
    n = d.n
    if len(data) & 1 or at < 0 or at + len(data) // 2 > n:
        raise ValueError("a remap chunk must fit the %d points" % n)
    if d.staged is None or at == 0:
        d.staged = array("H", [0xFFFF] * n)
    for j in range(len(data) // 2):
        d.staged[at + j] = data[2 * j] | (data[2 * j + 1] << 8)
    have = 0
    for w in d.staged:
        have += w != 0xFFFF
    return {"have": have}


def _op_save(d, msg):
    """Keep on flash what was asked: the remap staged (`remap`: true; its
    crc32 must match; `flip` a base64 mask of the sensors read the other way
    round), the board's own walk's (`own`), none at all (`forget`), the scales
    weighed (`scales`)."""
    from goban.crc import crc32
    cal = d.loop.cal
    saved = []
    if msg.get("remap"):
        st = d.staged
        missing = st is None
        for w in (st or ()):
            missing = missing or w == 0xFFFF
        if missing:
            raise ValueError("the remap is not all there: send every chunk first")
        body = bytearray()
        for w in st:
            body += w.to_bytes(2, "little")
        if msg.get("crc") is not None and crc32(body) != int(msg["crc"]):
            raise ValueError("the remap arrived damaged (crc): send it again")
        flip = _bits(msg["flip"], d.n) if msg.get("flip") else None
        for w in st:
            if w >= d.channels:
                raise ValueError("the remap names channel %d, the matrix has %d" % (w, d.channels))
        set_remap(cal, st, flip, d.walked.empty if d.walked is not None else None)
        d.staged = None
        saved.append("remap")
    elif msg.get("own"):
        if d.walked is None:
            raise ValueError("no wiring check to keep")
        set_remap(cal, d.walked.remap(), d.walked.flip, d.walked.empty)
        saved.append("remap")
    elif msg.get("forget"):
        set_remap(cal, None)
        saved.append("no remap")
    if msg.get("scales"):
        if d.loop.bowls is None:
            raise ValueError("this board has no scales")
        d.keep_scales()
        saved.append("scales")
    if not saved:
        raise ValueError("nothing to save: remap, own, forget or scales")
    d._save()
    return {"saved": saved, "remap": cal.remap is not None}


def _op_tare(d, msg):
    return {"tared": d.tare()}


def _op_weigh(d, msg):
    which = str(msg.get("which"))
    grams = msg.get("grams")
    stones = msg.get("stones")
    if (grams is None) == (stones is None):
        raise ValueError("weigh needs grams or stones")
    if grams is not None and not (isinstance(grams, (int, float)) and 0 < grams <= 5000):
        raise ValueError("grams must be 0..5000")
    if stones is not None and not (isinstance(stones, int) and 0 < stones <= 400):
        raise ValueError("stones must be 1..400")
    tare, cpk = d.weigh(which, grams, stones)
    return {"which": which, "tare": tare, "counts_per_kg": cpk}


def _op_test(d, msg):
    part = str(msg.get("part"))
    step = int(msg.get("step") or 0)
    d.walk = None
    steps, say = d.start_test(part, step)
    return {"part": part, "step": step, "steps": steps, "say": say}


def _op_end_test(d, msg):
    d.end_test()
    return {"test": None}


def _op_light(d, msg):
    """Points lit for the builder (a point the host asks about): {points, color}."""
    pts = [frame_of_name(p, d.size) for p in (msg.get("points") or [])]
    d.light(pts, str(msg.get("color") or "blue"))
    if msg.get("say"):
        d.show(str(msg["say"]), str(msg.get("say2") or ""))
    return {"lit": len(pts)}


OPS = {"stop": _op_stop, "walk": _op_walk, "skip": _op_skip, "status": _op_status,
       "remap": _op_remap, "save": _op_save, "tare": _op_tare, "weigh": _op_weigh,
       "test": _op_test, "answer": _op_answer, "end-test": _op_end_test, "light": _op_light}
