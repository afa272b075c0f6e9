"""The display: an SSD1306 OLED (128x32 or 128x64) on I2C, drawn with the
standard framebuf module (8x8 font: 16 columns, 4 or 8 text rows).
show(line1, line2="") wraps line1 onto the upper half of the rows and line2
onto the lower half (layout() is the pure part, tested on the host).
"""

_INIT = (
    0xAE,  # display off
    0xD5, 0x80,  # clock divide
    0xA8, None,  # multiplex = height - 1
    0xD3, 0x00,  # display offset
    0x40,  # start line 0
    0x8D, 0x14,  # charge pump on
    0x20, 0x00,  # horizontal addressing
    0xA1, 0xC8,  # segment remap, COM scan descending
    0xDA, None,  # COM pins: 0x02 for 32 rows, 0x12 for 64
    0x81, 0xCF,  # contrast
    0xD9, 0xF1,  # precharge
    0xDB, 0x40,  # VCOM detect
    0xA4, 0xA6,  # display RAM, not inverted
    0xAF,  # display on
)


def wrap(text, cols, rows):
    """Split text into at most rows lines of cols characters, on spaces when
    it can; the last line ends with '~' when text was cut."""
    words = text.split()
    lines = []
    cur = ""
    for w in words:
        while len(w) > cols:
            if cur:
                lines.append(cur)
                cur = ""
            lines.append(w[:cols])
            w = w[cols:]
        if not cur:
            cur = w
        elif len(cur) + 1 + len(w) <= cols:
            cur += " " + w
        else:
            lines.append(cur)
            cur = w
    if cur:
        lines.append(cur)
    if len(lines) > rows:
        lines = lines[:rows]
        lines[-1] = lines[-1][:cols - 1] + "~"
    return lines


def layout(line1, line2, cols, rows):
    """The text rows the display shows for show(line1, line2)."""
    top = rows // 2 if line2 else rows
    out = wrap(line1, cols, top)
    out += [""] * (top - len(out))
    if line2:
        out += wrap(line2, cols, rows - top)
    out += [""] * (rows - len(out))
    return out


def open_i2c(cfg):
    from machine import I2C, Pin
    return I2C(cfg["i2c"], sda=Pin(cfg["sda"]), scl=Pin(cfg["scl"]), freq=cfg["freq"])


class Display:
    """Display(cfg, i2c): cfg is profile.display."""

    def __init__(self, cfg, i2c):
        import framebuf
        self.i2c = i2c
        self.addr = cfg["addr"]
        self.width = w = cfg["width"]
        self.height = h = cfg["height"]
        self.cols = w // 8
        self.rows = h // 8
        self.buf = bytearray(w * h // 8)
        self.fb = framebuf.FrameBuffer(self.buf, w, h, framebuf.MONO_VLSB)
        self.cmd = bytearray(2)
        mv = memoryview(self.buf)
        self.pages = [mv[p * w:(p + 1) * w] for p in range(self.rows)]
        self.dirty = 0
        for c in _INIT:
            if c is None:
                c = (h - 1) if self._last == 0xA8 else (0x02 if h == 32 else 0x12)
            self._last = c
            self._command(c)
        self.lines = []
        self.show("")
        self.flush()

    def selftest(self):
        """None, or what is wrong: nothing answers at the display's address (one
        command written: a NACK is an OSError)."""
        try:
            self._command(0xAF)      # display on, as it is
        except OSError:
            return "no SSD1306 answers at I2C address 0x%02X" % self.addr
        return None

    def _command(self, c):
        self.cmd[0] = 0x80
        self.cmd[1] = c
        self.i2c.writeto(self.addr, self.cmd)

    def show(self, line1, line2=""):
        """Draw the text into the frame buffer; the pages go out one per
        flush_page() (the board loop calls it once a step: a whole 128x32
        frame is ~12 ms of I2C at 400 kHz, a page 3 ms)."""
        rows = layout(line1, line2, self.cols, self.rows)
        if rows == self.lines:
            return
        self.lines = rows
        self.fb.fill(0)
        for i, text in enumerate(rows):
            self.fb.text(text, 0, 8 * i, 1)
        self.dirty = (1 << self.rows) - 1

    def flush_page(self):
        """Send the next changed page; False when all are out."""
        d = self.dirty
        if not d:
            return False
        p = 0
        while not d & (1 << p):
            p += 1
        self.dirty = d & ~(1 << p)
        for c in (0x21, 0, self.width - 1, 0x22, p, p):
            self._command(c)
        self.i2c.writeto_mem(self.addr, 0x40, self.pages[p])
        return True

    def flush(self):
        while self.flush_page():
            pass
