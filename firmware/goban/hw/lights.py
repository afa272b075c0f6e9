"""Point lights: a WS2812 chain under the points, usually laid in a serpentine
(row 0 left to right, row 1 right to left, ...).
show(points, color) lights points (frame indices y*size + x, or SGF 'dd'
strings); set(points, color) lights only those; clear() turns everything off;
`lit` maps each lit frame index to its colour. Colours: a name or (r, g, b).

On the RP2040 the chain is driven by a PIO state machine fed by DMA
(`PioChain`): a write fills a preallocated buffer and starts the DMA, and the
10.8 ms bitstream of 361 LEDs goes out while the loop scans on; a write while a
frame is still on the wire fills the buffer when it is done (one buffer: heap). Where rp2's PIO
or DMA is missing, the neopixel module's bitstream (the core busy for the
whole chain) is the fallback.
"""

from array import array

from goban.compat import micropython, ptr8, ptr16, ptr32

COLORS = {
    "red": (255, 0, 0), "green": (0, 255, 0), "blue": (0, 0, 255),
    "yellow": (255, 160, 0), "white": (255, 255, 255), "off": (0, 0, 0),
    "black": (150, 0, 255),     # where a black stone goes (goban.remote): violet, lit
}

# pico-examples' ws2812.pio (T1 2, T2 5, T3 3 cycles at 8 MHz: a bit in 1.25 us):
#   bitloop: out x, 1 side 0 [2];  jmp !x do_zero side 1 [1];  jmp bitloop side 1 [4]
#   do_zero: nop side 0 [4]
# assembled here, so the firmware needs no asm_pio decorator (its injected names
# are not Python the type checker or mpy-cross can follow)
WS2812_PROG = (0x6221, 0x1123, 0x1400, 0xA442)
WS2812_HZ = 8000000
US_PER_LED = 30                 # 24 bits x 1.25 us
LATCH_US = 300                  # low this long and the chain latches (WS2812B: > 280 us)
PIO0_TXF0 = 0x50200010          # the TX FIFO of PIO0's state machine 0 (+4 per machine)
SM_ID = 0                       # PIO0, state machine 0: nothing else on the board uses PIO
# the palette's room (the firmware lights seven colours; goboard diag may add a few)
MAX_COLORS = 32


def point_index(p, size):
    """Frame index of a point given as an int (frame index) or SGF 'dd'."""
    if isinstance(p, str):
        if len(p) != 2:
            raise ValueError("bad point %r" % (p,))
        x = ord(p[0]) - 97
        y = ord(p[1]) - 97
        if not (0 <= x < size and 0 <= y < size):
            raise ValueError("point %r is off a %dx%d board" % (p, size, size))
        return y * size + x
    if not 0 <= p < size * size:
        raise ValueError("point %d is off a %dx%d board" % (p, size, size))
    return p


def led_index(i, size, order):
    """The LED in the chain under frame index i."""
    y = i // size
    x = i - y * size
    if order == "serpentine" and y & 1:
        x = size - 1 - x
    return y * size + x


def rgb(color, brightness=255):
    c = COLORS[color] if isinstance(color, str) else color
    return (c[0] * brightness // 255, c[1] * brightness // 255, c[2] * brightness // 255)


def grb_word(c):
    """(r, g, b) as the word the PIO program shifts out: G, R, B from bit 31 down."""
    return (c[1] << 24) | (c[0] << 16) | (c[2] << 8)


@micropython.viper
def add_points(points, n: int, codes, idx, k: int, code: int, area: int) -> int:
    """Light the n frame indices (ints) of the list `points` in palette `code`:
    codes[i] = code, and i appended to idx[k:] if it was dark. Returns the new
    k, or -1 - j for the first point j off the board (the caller names it)."""
    c = ptr8(codes)
    x = ptr16(idx)
    j = 0
    while j < n:
        i = int(points[j])
        if i < 0 or i >= area:
            return -1 - j
        if c[i] == 0:
            x[k] = i
            k += 1
        c[i] = code
        j += 1
    return k


@micropython.viper
def fill_frame(buf, idx, k: int, codes, size: int, serpentine: int, words):
    """The lit points' PIO words into the chain's frame: buf[LED under i] =
    words[codes[i] - 1] for each of the k lit frame indices in idx (the LED
    worked out here as led_index does: no table of them kept)."""
    b = ptr32(buf)
    x = ptr16(idx)
    c = ptr8(codes)
    w = ptr32(words)
    j = 0
    while j < k:
        i = x[j]
        col = i
        row = 0
        while col >= size:
            col -= size
            row += 1
        if serpentine and (row & 1):
            col = size - 1 - col
        b[row * size + col] = w[c[i] - 1]
        j += 1


@micropython.viper
def zero_words(buf, n: int):
    """buf[0:n] = 0 (a uint32 array) without a bytecode loop or a slice."""
    p = ptr32(buf)
    i = 0
    while i < n:
        p[i] = 0
        i += 1


class PioChain:
    """The chain on a PIO state machine fed by DMA, from one buffer: `send()`
    asks for a frame, and the buffer is filled (`fill(buf)`, the caller's) and
    sent at once if the chain is free, else at the first `flush()` after the
    frame on the wire and its latch gap are over (a new transfer never starts
    while one runs, and never waits for it; the buffer is never written while
    the DMA may read it)."""

    def __init__(self, pin, count, fill, sm_id=SM_ID):
        import rp2
        import time
        from array import array
        from machine import Pin
        self.count = count
        self.buf = array("I", bytes(4 * count))
        self.fill = fill            # fill(buf): the frame's words, into a zeroed buffer
        self.pending = False        # a frame asked for, waiting for the chain
        self.on_wire = False        # a frame or its latch gap may still be going out
        self.started = 0            # ticks_us when it started
        self.duration = count * US_PER_LED + LATCH_US
        self.ticks_us = time.ticks_us
        self.ticks_diff = time.ticks_diff
        prog = [array("H", WS2812_PROG), -1, -1, -1,
                3 << 12,                            # execctrl: wrap top 3, bottom 0
                (24 << 25) | (1 << 17),             # shiftctrl: autopull at 24 bits, left
                None, None, rp2.PIO.OUT_LOW]        # sideset: one pin, low
        self.sm = rp2.StateMachine(sm_id, prog, freq=WS2812_HZ, sideset_base=Pin(pin))
        self.sm.active(1)
        self.dma = dma = rp2.DMA()
        pio = sm_id >> 2
        k = sm_id & 3
        # DREQ_PIOn_TXk: the DMA moves a word only when the state machine's FIFO has room
        ctrl = dma.pack_ctrl(size=2, inc_read=True, inc_write=False,
                             treq_sel=pio * 8 + k, irq_quiet=True)
        dma.config(read=self.buf, write=PIO0_TXF0 + pio * 0x100000 + 4 * k,
                   count=count, ctrl=ctrl)

    def send(self):
        """A frame goes out: filled and sent now, or at a later flush()."""
        self.pending = True
        self.flush()

    def busy(self):
        """The last frame (or its latch gap) is still on the wire. Looked at every
        step by flush(), so the 30-bit ticks never wrap past a finished frame."""
        if self.on_wire and not self.dma.active() \
                and self.ticks_diff(self.ticks_us(), self.started) >= self.duration:
            self.on_wire = False
        return self.on_wire

    def flush(self):
        """Start the pending frame if the chain is free; True if one started."""
        if not self.pending or self.busy():
            return False
        b = self.buf
        zero_words(b, self.count)
        self.fill(b)
        self.started = self.ticks_us()
        self.on_wire = True
        self.dma.config(read=b, trigger=True)
        self.pending = False
        return True


class Lights:
    """Lights(profile): the WS2812 chain of profile.lights; pio=False keeps to
    the neopixel module even where PIO and DMA are there.

    What is lit is kept without a dict (a write allocates nothing once a colour
    has been seen): `codes[i]` is the colour's place in `palette` plus one, and
    the first `k` entries of `idx` are the lit frame indices. `lit` builds the
    {frame index: colour} view when asked."""

    def __init__(self, profile, pio=True):
        cfg = profile.lights
        self.size = size = profile.size
        self.order = cfg["order"]
        self.serpentine = 1 if self.order == "serpentine" else 0
        self.brightness = cfg["brightness"]
        self.count = cfg["count"]
        self.codes = bytearray(size * size)
        self.idx = array("H", bytes(2 * size * size))
        self.k = 0
        self.palette = []           # colours as given (names or (r, g, b))
        self.words = array("I", bytes(4 * MAX_COLORS))  # their PIO words, made once per colour
        self.chain = None
        self.np = None
        if pio:
            try:
                self.chain = PioChain(cfg["pin"], self.count, self._fill)
            except (ImportError, AttributeError, ValueError, OSError):
                self.chain = None   # no rp2 PIO/DMA here: the neopixel bitstream
        if self.chain is None:
            from machine import Pin
            from neopixel import NeoPixel
            self.np = NeoPixel(Pin(cfg["pin"]), self.count)
        self.clear()

    @property
    def lit(self):
        """{frame index: colour} of the lit points (built when asked)."""
        return {self.idx[j]: self.palette[self.codes[self.idx[j]] - 1] for j in range(self.k)}

    def show(self, points, color):
        """These points lit too (the others stay as they are)."""
        self._add(points, color)
        self._write()

    def clear(self):
        self._off()
        self._write()

    def set(self, points, color, points2=(), color2=None):
        """Only these points lit (and points2 in color2: the dead stones and the
        seki blocks at the count), in one write of the chain (clear then show
        is two: 2 x 10.8 ms of bitstream for 361 LEDs without the PIO)."""
        self._off()
        self._add(points, color)
        if points2:
            self._add(points2, color2)
        self._write()

    def flush(self):
        """The board loop calls this every step: a frame that found the chain
        busy goes out once it is free. True if one started."""
        return self.chain is not None and self.chain.flush()

    def idle(self):
        """No frame waits for the chain (the loop's quiet step may collect)."""
        return self.chain is None or not self.chain.pending

    def _off(self):
        codes = self.codes
        idx = self.idx
        for j in range(self.k):
            codes[idx[j]] = 0
        self.k = 0

    def _code(self, color):
        pal = self.palette
        for j in range(len(pal)):
            if pal[j] == color:
                return j + 1
        if len(pal) >= MAX_COLORS:
            raise ValueError("too many light colours")
        pal.append(color)
        self.words[len(pal) - 1] = grb_word(rgb(color, self.brightness))
        return len(pal)

    def _add(self, points, color):
        code = self._code(color)
        codes = self.codes
        idx = self.idx
        size = self.size
        if type(points) is list and points and type(points[0]) is int:
            k = add_points(points, len(points), codes, idx, self.k, code, size * size)
            if k < 0:                  # a point off the board: named (or a str among ints)
                point_index(points[-1 - k], size)
                raise ValueError("bad point %r" % (points[-1 - k],))
            self.k = k
            return
        k = self.k
        for p in points:
            i = point_index(p, size)
            if not codes[i]:
                idx[k] = i
                k += 1
            codes[i] = code
        self.k = k

    def _fill(self, buf):
        """The chain's frame of what is lit now (PioChain.flush: a viper loop over
        the lit points: in bytecode the frame would not fit a step)."""
        fill_frame(buf, self.idx, self.k, self.codes, self.size, self.serpentine, self.words)

    def _write(self):
        codes = self.codes
        idx = self.idx
        size = self.size
        order = self.order
        chain = self.chain
        if chain is not None:
            chain.send()
            return
        np = self.np
        pal = self.palette
        np.fill((0, 0, 0))
        for j in range(self.k):
            i = idx[j]
            np[led_index(i, size, order)] = rgb(pal[codes[i] - 1], self.brightness)
        np.write()
