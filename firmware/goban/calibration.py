"""Per-point calibration of the hall matrix: baseline, polarity, faults.

Every point keeps one 32-bit word in `state` (array('i'), size*size):
    bits 0..15  baseline in 1/16 ADC count (Q4), so slow drift can be followed
                by fractions of a count
    bit 16      INVERTED: this sensor reads a black stone (N pole) *below* its
                baseline (mounted the other way up, or the profile polarity -1)
    bit 17      DEAD: read at an ADC rail on the empty board (open or shorted)
    bit 18      STUCK: read too far from mid-scale on the empty board (a stone
                left on it, a magnet nearby, or a broken sensor)
    bit 19      MARKED: flagged at run time by the caller (mark_fault)
    bit 20      UNSTABLE: its readings wander (see below); not kept on flash
    bits 21..28 LOGGED: the baseline a restart would rebuild, in 16 counts (the
                one on flash, or the game log's last `baseline` event for it)
    bit 29      TOLD: a `baseline` event kept it since flash was written
classify() is one viper pass over the frame with no allocation. A stone needs
evidence: an empty point becomes black only when (raw - baseline) * sign rises
past the *enter* level (thresholds.enter percent of thresholds.black, 150% by
default) and stays black while it reads above thresholds.black (hysteresis);
white the same below zero. A point at a rail or flagged reads 3 (fault).

A sensor whose reading lingers in the grey band (past half the threshold but
short of a stone: a marginal sensor flickering around its threshold, a baseline
drifting toward it) is *unstable*: a per-point counter goes up 2 for every such
scan and down 1 for every other, and past 2 * thresholds.unstable the point is
flagged and reads 4 (the referee handles it like a dead sensor and says
"unstable"). A stone placed or a hand passing over crosses the band in a scan
or two and never gets near the flag. While flagged, the baseline follows a
reading short of a stone 1/16 a scan (a drift that stays, or a sensor that
settled at a new level, is learned); the flag clears once the counter is back
at zero, 60 steady scans or more after the grey readings stop.

The short settle (goban.settle, the profile's settle_fast_ms) needs a second
kind of evidence: a *strong* reading (past thresholds.strong percent of the
threshold, 300 by default: a placed stone reads about 4x) that is *steady*
(its raw value moved no more than thresholds.steady counts since the last
scan). classify counts such readings in a row per point into `steady`; any
other reading (weaker, moving, a fault) sets it back to 0. A hovering hand, a
sliding stone or a noisy sensor never builds a run.

The baseline is re-taken on an empty board (retake), followed slowly on points
that read empty (follow_drift), and kept on flash (save/load, a small binary
file with a crc32, replaced atomically by rename). A followed baseline lives
in RAM, and a power cut would lose it: the point, read from the flash copy at
the restart, read as a stone nobody played. So follow_drift also finds a
baseline that moved C_UNIT or more (16 counts each) from its LOGGED one, and
the board loop logs it (cfg[C_MOVED]: 1 + the point; a `baseline` event the
restart replays, then `told`); a new
game logs again the baselines told in the game before (`retell`).

Two more things a builder's bring-up measures are kept in the same file (goban.diag,
`goboard diag`): the *remap* (frame point p reads wiring channel src[p]: a board
wired with swapped sensors, crossed select lines or the other numbering order
plays right once it is saved; the matrix folds it into its conversions,
hw.matrix.HallMatrix.remap) and the *scales* (each load cell's tare
and counts per kg, and the stone weights, from a tare and a known weight or a
counted handful of stones: they win over the profile's figures).
"""

from array import array

from goban.compat import micropython, const, ptr8, ptr16, ptr32
from goban.crc import crc32 as _crc32

EMPTY = const(0)
BLACK = const(1)
WHITE = const(2)
FAULT = const(3)

INVERTED = const(0x10000)
DEAD = const(0x20000)
STUCK = const(0x40000)
MARKED = const(0x80000)
FAULTS = const(0xE0000)
UNSTABLE = const(0x100000)
BASE_MASK = const(0xFFFF)
LOGGED = const(0x1FE00000)
TOLD = const(0x20000000)   # (the highest bit a small int keeps: no long int a point)

# cfg words
C_N = const(0)
C_BLACK = const(1)  # Q4
C_WHITE = const(2)  # Q4
C_LO = const(3)  # raw below this is a rail
C_HI = const(4)  # raw above this is a rail
C_BAND = const(5)  # Q4: drift followed only within this distance
C_EVERY = const(6)
C_TICK = const(7)
C_ENTER_B = const(8)  # Q4: an empty point becomes black above this
C_ENTER_W = const(9)  # Q4
C_FLAG = const(10)  # the grey-band counter flags a point unstable at this
C_STRONG_B = const(11)  # Q4: a black reading past this is strong (the short settle)
C_STRONG_W = const(12)  # Q4
C_STEADY = const(13)  # counts: a strong reading moving no more than this a scan is steady
C_CHANGED = const(14)  # out: cells the last classify changed (0: goban.settle may rest)
C_UNIT = const(15)  # 16 counts: a baseline this far from its logged one is logged again
C_MOVED = const(16)  # out: 1 + a point whose baseline is that far (0: none)

ADC_MAX = const(4095)
_MAGIC = b"GCAL"
# 2: the head's flags byte says which sections follow the words (version 1 files,
# whose flags byte is 0, load as they are)
_VERSION = const(2)
_HAS_REMAP = const(1)
_HAS_SCALES = const(2)
SCALES = ("B", "W", "lidB", "lidW")   # the scales section's order (hw.bowls.WHICH)


class CalibrationError(ValueError):
    """A calibration file that cannot be used (the message says why)."""


@micropython.viper
def _classify(raw, cells, state, cfg, grey, steady, last) -> int:
    """Fill cells from raw (cells holds the previous scan's values: hysteresis);
    count each point's strong, steady readings in a row into steady (last: the
    raw value of its last strong reading); returns the number of stones seen."""
    r = ptr16(raw)
    c = ptr8(cells)
    s = ptr32(state)
    g = ptr32(cfg)
    q = ptr8(grey)
    t = ptr8(steady)
    p = ptr16(last)
    n = int(g[0])
    blk = int(g[1])
    wht = 0 - int(g[2])
    lo = int(g[3])
    hi = int(g[4])
    enter_b = int(g[8])
    enter_w = 0 - int(g[9])
    grey_b = blk >> 1
    grey_w = wht >> 1
    flag = int(g[10])
    strong_b = int(g[11])
    strong_w = 0 - int(g[12])
    band = int(g[13])
    stones = 0
    changed = 0
    i = 0
    while i < n:
        v = int(r[i])
        st = int(s[i])
        prev = c[i]
        if (st & 0xE0000) != 0 or v < lo or v > hi:
            if prev != 3:
                c[i] = 3
                changed += 1
            t[i] = 0
            i += 1
            continue
        d = (v << 4) - (st & 0xFFFF)
        if (st & 0x10000) != 0:
            d = 0 - d
        if prev == 0:
            if d <= grey_b and d >= grey_w and q[i] == 0:
                # empty and quiet (most points, most scans): nothing changes
                # (an empty point has steady 0 and is not flagged unstable)
                i += 1
                continue
        elif q[i] == 0 and (st & 0x100000) == 0 and (
                (prev == 1 and d >= strong_b and d > blk)
                or (prev == 2 and d <= strong_w and d < wht)):
            # a stone well down that stays (most stones, most scans): only
            # its run of steady readings moves (the same lines as at the end of
            # the loop, unrolled: viper inlines nothing, and sharing them through
            # one more test costs every stone of every frame on the RP2040)
            stones += 1
            k = t[i]
            dv = v - int(p[i])
            p[i] = v
            if k > 0 and dv <= band and dv >= 0 - band:
                if k < 250:
                    t[i] = k + 1
            else:
                t[i] = 1
            i += 1
            continue
        new = 0
        if d > blk and (prev == 1 or d > enter_b):
            new = 1
        elif d < wht and (prev == 2 or d < enter_w):
            new = 2
        k = q[i]
        if new == 0 and (d > grey_b or d < grey_w):
            k += 2
            if k > flag + 60:
                k = flag + 60
        elif k > 0:
            k -= 1
        q[i] = k
        if (st & 0x100000) != 0:
            if k == 0:
                s[i] = st ^ 0x100000
            else:
                new = 4
                dv = v - int(p[i])
                p[i] = v              # (a flagged point has no strong run: its last reading)
                if d < enter_b and d > enter_w and dv <= band and dv >= 0 - band:
                    # flagged and steady: the baseline follows the reading 1/16
                    # a scan (a drift that stays is learned; a burst of noise,
                    # jumping from scan to scan, moves no baseline: it would have
                    # walked a stone's under it, and the stone read as gone)
                    # (_follow's step, unrolled: a viper call a point costs more)
                    b = st & 0xFFFF
                    step = ((v << 4) - b) >> 4
                    if step == 0:
                        if (v << 4) > b:
                            step = 1
                        else:
                            step = 0 - 1
                    s[i] = ((st >> 16) << 16) | ((b + step) & 0xFFFF)
        elif k >= flag:
            s[i] = st | 0x100000
            new = 4
        if new != prev:
            c[i] = new
            changed += 1
        if new == 0 or new == 4:
            if t[i] != 0:
                t[i] = 0
        else:
            stones += 1
            if d >= strong_b or d <= strong_w:
                # strong: a stone well down; steady while it moves within the band
                # (the fast path above repeats these lines: unrolled for speed)
                k = t[i]
                dv = v - int(p[i])
                p[i] = v
                if k > 0 and dv <= band and dv >= 0 - band:
                    if k < 250:
                        t[i] = k + 1
                else:
                    t[i] = 1
            elif t[i] != 0:
                t[i] = 0
        i += 1
    g[14] = changed
    return stones


@micropython.viper
def _follow(raw, cells, state, cfg) -> int:
    """Move the baseline of empty, quiet points 1/16 of the way to the
    reading (at least 1/16 count); an unstable point's (4) within the enter
    band, so a drift that stays is learned. Returns the number of points moved;
    cfg[C_MOVED] names a point whose baseline is C_UNIT from its logged one
    (however it moved there: followed here or in classify, or rebased)."""
    r = ptr16(raw)
    c = ptr8(cells)
    s = ptr32(state)
    g = ptr32(cfg)
    n = int(g[0])
    band = int(g[5])
    wide = int(g[8])
    if int(g[9]) < wide:
        wide = int(g[9])
    unit = int(g[15])
    far = 0
    moved = 0
    i = 0
    while i < n:
        v = c[i]
        st = int(s[i])
        k = ((st & 0xFFFF) >> 8) - ((st >> 21) & 0xFF)
        if k >= unit or k <= 0 - unit:
            far = i + 1
        if v == 0 or v == 4:
            b = st & 0xFFFF
            d = (int(r[i]) << 4) - b
            w = band
            if v == 4:
                w = wide
            if d != 0 and d <= w and d >= 0 - w:
                step = d >> 4
                if step == 0:
                    if d > 0:
                        step = 1
                    else:
                        step = 0 - 1
                s[i] = ((st >> 16) << 16) | ((b + step) & 0xFFFF)
                moved += 1
        i += 1
    g[16] = far
    return moved


class Calibration:
    """Calibration(size, profile): see the module docstring."""

    def __init__(self, size, profile):
        self.size = size
        self.n = n = size * size
        t = profile.thresholds
        band = t["drift_band"] or min(t["black"], t["white"]) // 3
        self.offset_max = t["offset_max"]
        self.polarity = profile.polarity
        self.order = (getattr(profile, "matrix", None) or {}).get("order", "rows")
        enter = t.get("enter", 150)
        strong = t.get("strong", 300)
        self.cfg = array("i", [n, t["black"] << 4, t["white"] << 4, t["rail"],
                               ADC_MAX - t["rail"], band << 4, t["drift_every"], 0,
                               (t["black"] * enter // 100) << 4,
                               (t["white"] * enter // 100) << 4,
                               2 * t.get("unstable", 60),
                               (t["black"] * strong // 100) << 4,
                               (t["white"] * strong // 100) << 4,
                               t.get("steady", max(1, min(t["black"], t["white"]) // 6)),
                               0,
                               # a third of the threshold at most: a baseline that
                               # many counts off at a restart reads short of grey
                               max(1, min(t["black"], t["white"]) // 48), 0])
        self.grey = bytearray(n)   # the grey-band counter per point (see the docstring)
        # strong, steady readings in a row per point (goban.settle's short window)
        self.steady = bytearray(n)
        self.last = array("H", bytes(2 * n))   # each point's last strong raw reading
        inv = INVERTED if profile.polarity < 0 else 0
        self.state = array("i", [inv | (2048 << 4) | (128 << 21)] * n)
        self.taken = False  # True once retake() or load() gave real baselines
        self.remap = None   # array('H'): frame point p reads wiring channel remap[p]
        # {which: (tare raw, counts per kg)} and {"B"/"W": stone mg} measured on
        # the board (goban.diag), or None: the profile's figures
        self.scales = None
        self.stone_mg = None
        self.path = None    # the file it was loaded from or saved to (goban.diag saves there)

    # ---- hot path ----------------------------------------------------------
    def classify(self, raw, cells):
        """Fill cells (bytearray size*size, last scan's values in it) with 0
        empty, 1 black, 2 white, 3 fault, 4 unstable, and `steady` with each
        point's strong, steady stone readings in a row. No allocation. Returns
        the number of stones seen."""
        return _classify(raw, cells, self.state, self.cfg, self.grey, self.steady, self.last)

    def changed(self):
        """Cells the last classify changed: 0 lets goban.settle rest a scan."""
        return self.cfg[C_CHANGED]

    def follow_drift(self, raw, cells):
        """Call once per frame after classify: every drift_every-th call, the
        baselines of points that read empty and lie within drift_band of
        their baseline move towards the reading. Returns points moved."""
        g = self.cfg
        t = g[C_TICK] + 1
        if t < g[C_EVERY]:
            g[C_TICK] = t
            return 0
        g[C_TICK] = 0
        return _follow(raw, cells, self.state, g)

    def told(self, i):
        """Point i's baseline is logged as it is now (a `baseline` event, or
        replayed from one at a restart)."""
        st = self.state[i] & ~LOGGED
        self.cfg[C_MOVED] = 0
        self.state[i] = st | TOLD | (((st & BASE_MASK) >> 8) << 21)

    def retell(self):
        """A new game's log replays from flash: every baseline told in the game
        before is to be logged again (follow_drift finds them)."""
        s = self.state
        for i in range(self.n):
            st = s[i]
            if st & TOLD:                    # its logged one as far as can be
                s[i] = (st & ~LOGGED) | ((((st & BASE_MASK) >> 8) ^ 0x80) << 21)

    def as_saved(self):
        """Every baseline as on flash (just loaded, saved or taken)."""
        s = self.state
        for i in range(self.n):
            st = s[i] & ~(LOGGED | TOLD)
            s[i] = st | (((st & BASE_MASK) >> 8) << 21)

    # ---- calibration -------------------------------------------------------
    def retake(self, raw):
        """Take the baseline from a frame of the empty board. Keeps each
        point's polarity; flags DEAD (at a rail) and STUCK (farther than
        thresholds.offset_max from mid-scale). Returns the number of faults."""
        s = self.state
        lo = self.cfg[C_LO]
        hi = self.cfg[C_HI]
        om = self.offset_max
        bad = 0
        for i in range(self.n):
            v = raw[i]
            st = s[i] & INVERTED
            if v < lo or v > hi:
                st |= DEAD
                bad += 1
            elif v - 2048 > om or 2048 - v > om:
                st |= STUCK
                bad += 1
            s[i] = st | (v << 4) | ((v >> 4) << 21)
            self.grey[i] = 0
        self.taken = True
        return bad

    def learn(self, raw, i, color):
        """With a stone of a known colour (1 black, 2 white) on point i, set
        that sensor's polarity. Returns False when the reading is too weak to
        tell (then nothing changes)."""
        d = (raw[i] << 4) - (self.state[i] & BASE_MASK)
        need = min(self.cfg[C_BLACK], self.cfg[C_WHITE])
        if -need <= d <= need:
            return False
        north = d > 0
        inverted = north != (color == BLACK)
        st = self.state[i] & ~INVERTED
        self.state[i] = st | (INVERTED if inverted else 0)
        return True

    def rebase(self, i, raw):
        """Take point i's baseline where it reads now: the referee's evidence
        says the point is empty (a stone lifted off a sensor whose baseline
        wandered while the stone sat on it: it still read past the threshold).
        Its polarity and flags are kept."""
        st = self.state[i]
        self.state[i] = (st & ~BASE_MASK) | ((raw << 4) & BASE_MASK)
        self.grey[i] = 0

    def baseline(self, i):
        """The baseline of point i in ADC counts (rounded)."""
        return ((self.state[i] & BASE_MASK) + 8) >> 4

    def inverted(self, i):
        return bool(self.state[i] & INVERTED)

    def mark_fault(self, i):
        """Flag point i as faulty (classify reports 3) until clear_fault/retake."""
        self.state[i] |= MARKED

    def clear_fault(self, i):
        self.state[i] &= ~(FAULTS | UNSTABLE)
        self.grey[i] = 0

    def unstable(self, i):
        """Point i is flagged unstable now (its readings wander)."""
        return bool(self.state[i] & UNSTABLE)

    def faults(self):
        """[(point index, what)] for flagged points; what is 'dead' or
        'stuck' (from the last retake) or 'marked'."""
        out = []
        s = self.state
        for i in range(self.n):
            st = s[i]
            if st & FAULTS:
                out.append((i, "dead" if st & DEAD else "stuck" if st & STUCK else "marked"))
        return out

    # ---- the remap ---------------------------------------------------------
    def channel_of(self, p):
        """The wiring channel frame point p reads now (the remap's, else the
        profile's wiring order's)."""
        if self.remap is not None:
            return self.remap[p]
        return self.channel_of_plan(p)

    def channel_of_plan(self, p):
        """The channel the profile's wiring order gives frame point p."""
        from goban.hw.matrix import wiring_to_frame
        return wiring_to_frame(p, self.size, self.order)

    def apply(self, matrix, bowls=None):
        """At boot: the remap onto the matrix, the scales' figures onto the
        bowls (what the profile says where none was saved)."""
        matrix.remap(self.remap)
        if bowls is not None:
            bowls.apply(self.scales, self.stone_mg)

    # ---- flash -------------------------------------------------------------
    def _blob(self):
        out = bytearray(4 * self.n)
        for i in range(self.n):
            out[4 * i:4 * i + 4] = (self.state[i] & 0xFFFFF).to_bytes(4, "little")
        return out

    def _sections(self):
        """(flags, bytes) of what follows the words: the remap, the scales."""
        flags = 0
        out = bytearray()
        if self.remap is not None:
            flags |= _HAS_REMAP
            for w in self.remap:
                out += w.to_bytes(2, "little")
        if self.scales is not None:
            flags |= _HAS_SCALES
            for w in SCALES:
                tare, cpk = self.scales.get(w, (0, 0))
                out += (tare & 0xFFFFFFFF).to_bytes(4, "little") + cpk.to_bytes(4, "little")
            mg = self.stone_mg or {}
            out += mg.get("B", 0).to_bytes(4, "little") + mg.get("W", 0).to_bytes(4, "little")
        return flags, out

    def save(self, path):
        """Write the calibration to path (via path + '.tmp' and rename, so a
        power cut leaves either the old or the new file)."""
        import os
        self.path = path
        body = self._blob()
        flags, more = self._sections()
        head = _MAGIC + bytes([_VERSION, self.size, flags, 0])
        crc = _crc32(head + body + more)
        tmp = path + ".tmp"
        with open(tmp, "wb") as f:
            f.write(head)
            f.write(body)
            f.write(more)
            f.write(crc.to_bytes(4, "little"))
        try:
            os.remove(path)
        except OSError:
            pass
        os.rename(tmp, path)
        self.as_saved()

    def load(self, path):
        """Read a calibration saved by save(). CalibrationError says what is
        wrong (missing, damaged, other board size); the state is unchanged."""
        self.path = path
        try:
            with open(path, "rb") as f:
                data = f.read()
        except OSError:
            raise CalibrationError("%s: no calibration saved" % path)
        n = self.n
        nbytes = 4 * n
        if len(data) < 12 or data[:4] != _MAGIC:
            raise CalibrationError("%s: not a calibration file" % path)
        if data[4] not in (1, _VERSION) or data[5] != self.size:
            raise CalibrationError("%s: calibration for version %d size %d, not %d"
                                   % (path, data[4], data[5], self.size))
        flags = data[6]
        more = (2 * n if flags & _HAS_REMAP else 0) + (40 if flags & _HAS_SCALES else 0)
        if flags & ~(_HAS_REMAP | _HAS_SCALES) or len(data) != 8 + nbytes + more + 4:
            raise CalibrationError("%s: calibration damaged (length)" % path)
        if _crc32(data[:-4]) != int.from_bytes(data[-4:], "little"):
            raise CalibrationError("%s: calibration damaged (checksum)" % path)
        at = 8 + nbytes
        remap = None
        if flags & _HAS_REMAP:
            remap = array("H", bytes(2 * n))
            seen = {}
            for p in range(n):
                w = data[at + 2 * p] | (data[at + 2 * p + 1] << 8)
                if w >= 4096 or w in seen:
                    raise CalibrationError("%s: calibration damaged (remap)" % path)
                seen[w] = 1
                remap[p] = w
            at += 2 * n
        scales = stone = None
        if flags & _HAS_SCALES:
            scales = {}
            for w in SCALES:
                tare = int.from_bytes(data[at:at + 4], "little")
                cpk = int.from_bytes(data[at + 4:at + 8], "little")
                if tare & 0x80000000:
                    tare -= 0x100000000
                if cpk:
                    scales[w] = (tare, cpk)
                at += 8
            stone = {"B": int.from_bytes(data[at:at + 4], "little"),
                     "W": int.from_bytes(data[at + 4:at + 8], "little")}
        for i in range(n):
            self.state[i] = int.from_bytes(data[8 + 4 * i:12 + 4 * i], "little")
        self.as_saved()
        self.remap = remap
        self.scales = scales
        self.stone_mg = stone
        self.taken = True
