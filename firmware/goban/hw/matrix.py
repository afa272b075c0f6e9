"""The hall-sensor matrix of the reference board, read from viper.

Wiring (boards/README.md): the points, taken in the profile's order ("rows":
y*size + x; "serpentine": odd rows right to left, how the PCB routes them),
are numbered as channels ch = (adc * M2 + b) * M1 + a: first-level mux input
a (CD74HC4067, M1 = 16, select lines mux1_select), second-level mux input b
(CD74HC4051, M2 = 8, select lines mux2_select) and ADC input adc (GPIO26..).
So ADC0 sees points 0..127 of the wiring order, ADC1 128..255, ADC2 256..360,
and channels 361..383 are free.

One scan: for each select step s (b = s >> log2(M1), a = s & (M1 - 1)) the
select lines are set through SIO GPIO_OUT_SET/CLR in two writes, the mux
settles settle_us (busy-wait on the 1 MHz TIMERAWL), then each ADC input is
converted (CS.AINSEL, CS.START_ONCE, poll CS.READY, read RESULT) and stored
at its frame index. The READY wait is bounded (2000 polls, about 100 times a
conversion): a conversion that never ends stores 0, which classify flags. plan() is the pure part (order and masks), tested on the
host; the register loop runs on an RP2040 only.

UNTESTED ON HARDWARE: the register addresses and bit fields follow the
RP2040 datasheet / pico-sdk headers (ADC 0x4004C000: CS 0x00, RESULT 0x04,
FCS 0x08; CS bits EN 0, START_ONCE 2, READY 8, AINSEL 14:12; SIO 0xD0000000:
GPIO_OUT_SET 0x14, GPIO_OUT_CLR 0x18; TIMER 0x40054000: TIMERAWL 0x28), and
the loop has been run here against fake register blocks only.
"""

from array import array

from goban.compat import micropython, ptr16, ptr32

ADC_BASE = 0x4004C000
SIO_BASE = 0xD0000000
TIMER_BASE = 0x40054000
CS_EN = 0x1
CS_START_ONCE = 0x4
CS_READY = 0x100
AINSEL_SHIFT = 12
UNUSED = 0xFFFF

# cfg words for _scan: steps, ADC inputs, settle_us, then each input's AINSEL.
# The register bases travel as a tuple of ints (regs): on the RP2040 they are
# above 2**30, not small ints, and on a 64-bit host a test's fake blocks need
# 64-bit addresses; viper's ptr32(int object) takes the full value of either.


def wiring_to_frame(n, size, order):
    """Frame index (y*size + x) of the n-th point in the wiring order (its own
    inverse: serpentine only turns odd rows round)."""
    y = n // size
    x = n - y * size
    if order == "serpentine" and y & 1:
        x = size - 1 - x
    return y * size + x


def topology(profile):
    """(ADC inputs, mux1 select lines, mux2 select lines, order) of a profile's
    matrix: counted from its pins on a hardware board; a simulated board is
    wired like the reference one (16:1 and 8:1 muxes, as many ADC inputs as its
    points need), so its wiring can be got wrong the same ways (tools/sim)."""
    m = profile.matrix
    if "adc_pins" in m:
        return len(m["adc_pins"]), len(m["mux1_select"]), len(m["mux2_select"]), m["order"]
    return (profile.size * profile.size + 127) >> 7, 4, 3, m["order"]


def channels(nadc, n1, n2):
    """chan[k]: the wiring channel the k-th conversion of a scan reads. Conversion
    k is select step s = k // nadc on ADC input c = k % nadc, i.e. channel
    (c * 2**n2 + (s >> n1)) * 2**n1 + (s & (2**n1 - 1)): first-level input
    s & (2**n1 - 1), second-level input s >> n1, ADC input c."""
    m1 = 1 << n1
    m2 = 1 << n2
    out = array("H", bytes(2 * m1 * m2 * nadc))
    k = 0
    for s in range(m1 * m2):
        for c in range(nadc):
            out[k] = (c * m2 + (s >> n1)) * m1 + (s & (m1 - 1))
            k += 1
    return out


def routed(chan, size, order, src=None):
    """Where each conversion is stored: the frame index of its channel, the
    profile's wiring order giving channel n to point n (src None), or a
    remap's (frame point p reads channel src[p]: a board built with swapped
    wires, crossed select lines or the other order plays right with it);
    UNUSED for a channel no point reads."""
    n = size * size
    out = array("H", [UNUSED] * len(chan))
    if src is None:
        for k in range(len(chan)):
            if chan[k] < n:
                out[k] = wiring_to_frame(chan[k], size, order)
        return out
    at = array("H", [UNUSED] * len(chan))
    for p in range(n):
        at[src[p]] = p
    for k in range(len(chan)):
        out[k] = at[chan[k]]
    return out


def conversions(size, nadc, n1, n2, order="rows"):
    """order[k]: the frame index the k-th conversion of a scan is stored at, as
    the profile's wiring says (UNUSED for a free channel)."""
    return routed(channels(nadc, n1, n2), size, order)


def plan(size, adc_pins, mux1_select, mux2_select, order="rows"):
    """(order, masks): order[k] is the frame index stored by the k-th
    conversion of a scan (UNUSED for a free channel); masks[2s], masks[2s+1]
    are the GPIO_OUT_SET and GPIO_OUT_CLR words of select step s."""
    n1 = len(mux1_select)
    steps = (1 << n1) * (1 << len(mux2_select))
    masks = array("I", [0] * (2 * steps))
    for s in range(steps):
        a = s & ((1 << n1) - 1)
        b = s >> n1
        setm = clrm = 0
        for i, pin in enumerate(mux1_select):
            if (a >> i) & 1:
                setm |= 1 << pin
            else:
                clrm |= 1 << pin
        for i, pin in enumerate(mux2_select):
            if (b >> i) & 1:
                setm |= 1 << pin
            else:
                clrm |= 1 << pin
        masks[2 * s] = setm
        masks[2 * s + 1] = clrm
    return conversions(size, len(adc_pins), n1, len(mux2_select), order), masks


@micropython.viper
def _scan(raw, order, masks, cfg, regs) -> int:
    r = ptr16(raw)
    o = ptr16(order)
    m = ptr32(masks)
    g = ptr32(cfg)
    steps = int(g[0])
    nadc = int(g[1])
    settle = int(g[2])
    adc = ptr32(regs[0])
    sio = ptr32(regs[1])
    tmr = ptr32(regs[2])
    late = 0
    k = 0
    s = 0
    while s < steps:
        sio[5] = m[s + s]  # GPIO_OUT_SET (0x14)
        sio[6] = m[s + s + 1]  # GPIO_OUT_CLR (0x18)
        t0 = int(tmr[10])  # TIMERAWL (0x28), 1 MHz
        while ((int(tmr[10]) - t0) & 0xFFFF) < settle:
            pass
        c = 0
        while c < nadc:
            sel = (int(g[3 + c]) << 12) | 1  # AINSEL | EN
            adc[0] = sel
            adc[0] = sel | 4  # START_ONCE
            spins = 0
            while (int(adc[0]) & 0x100) == 0 and spins < 2000:  # READY
                spins += 1
            v = 0  # a conversion that never ends reads as a rail: a fault
            if spins < 2000:
                v = int(adc[1]) & 0xFFF  # RESULT (0x04)
            else:
                late += 1
            idx = int(o[k])
            if idx != 0xFFFF:
                r[idx] = v
            k += 1
            c += 1
        s += 1
    return late


class HallMatrix:
    """HallMatrix(profile): scan(raw) fills raw (array('H'), size*size).
    regs=(adc, sio, timer) base addresses replace the RP2040's (tests)."""

    def __init__(self, profile, regs=None):
        m = profile.matrix
        self.size = profile.size
        self.order, self.masks = plan(profile.size, m["adc_pins"], m["mux1_select"],
                                      m["mux2_select"], m["order"])
        # the conversions' channels, made when a remap, by_channel() or the selftest
        # asks (not kept: heap at boot)
        self.topo = (len(m["adc_pins"]), len(m["mux1_select"]), len(m["mux2_select"]))
        self.channels = len(self.order)     # a scan by_channel() fills this many readings
        self.wiring_order = m["order"]
        if regs is None:
            from machine import ADC, Pin
            for p in m["mux1_select"] + m["mux2_select"]:
                Pin(p, Pin.OUT, value=0)
            # machine.ADC powers the ADC up and frees each input pin
            self.adcs = [ADC(Pin(p)) for p in m["adc_pins"]]
            regs = (ADC_BASE, SIO_BASE, TIMER_BASE)
        steps = (1 << len(m["mux1_select"])) * (1 << len(m["mux2_select"]))
        cfg = [steps, len(m["adc_pins"]), m["settle_us"]]
        cfg += [p - 26 for p in m["adc_pins"]]
        self.cfg = array("I", cfg)
        self.regs = tuple(regs)
        self.late = 0

    def remap(self, src):
        """From now on frame point p reads wiring channel src[p] (None: the
        channel the profile's wiring gives it). The remap is folded into the
        conversions' frame indices: a scan costs the same."""
        self.order = routed(channels(*self.topo), self.size, self.wiring_order, src)

    def by_channel(self):
        """From now on a scan fills `channels` readings in channel order (the
        wiring as built, for goboard.diag), until the next remap()."""
        self.order = channels(*self.topo)

    def selftest(self):
        """None, or what is wrong: conversions the ADC never finished (one scan
        of every channel)."""
        raw = array("H", bytes(2 * self.channels))
        late = _scan(raw, channels(*self.topo), self.masks, self.cfg, self.regs)
        if late:
            return "the ADC left %d of %d conversions unfinished" % (late, self.channels)
        return None

    def scan(self, raw):
        """One full scan into raw. Returns the number of conversions that
        did not finish (bounded wait: a stuck ADC never hangs the loop; those
        points read 0, which calibration reports as a fault)."""
        late = _scan(raw, self.order, self.masks, self.cfg, self.regs)
        self.late += late
        return late
