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


def one_row(text, cols):
    """Whether wrap() leaves text as it is, on one row (a short line, single
    spaces, none at its ends): it is drawn as it is then, allocating nothing."""
    return len(text) <= cols and "  " not in text and "\t" not in text and \
        "\n" not in text and "\r" not in text and text.strip() == text


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
        # each page of the frame goes out as one I2C write, the data control byte
        # (0x40) and the page's 128 columns: the frame buffer keeps a byte before
        # every page for it (one at the start, then a stride one column wider than
        # the screen), so a page is sent from where it is drawn, allocating nothing
        self.buf = bytearray(1 + (w + 1) * (h // 8))
        mv = memoryview(self.buf)
        self.fb = framebuf.FrameBuffer(mv[1:], w, h, framebuf.MONO_VLSB, w + 1)
        self.pages = [mv[p * (w + 1):p * (w + 1) + w + 1] for p in range(self.rows)]
        for page in self.pages:
            page[0] = 0x40
        self.cmd = bytearray(2)
        # where the next page goes: columns 0..w-1, that page (one write, Co = 0)
        self.page_cmd = bytearray((0x00, 0x21, 0, w - 1, 0x22, 0, 0))
        self.dirty = 0
        for c in _INIT:
            if c is None:
                c = (h - 1) if self._last == 0xA8 else (0x02 if h == 32 else 0x12)
            self._last = c
            self._command(c)
        self.l1 = self.l2 = None     # the text shown (show()'s arguments)
        self.show("")
        self.flush()

    def _command(self, c):
        self.cmd[0] = 0x80
        self.cmd[1] = c
        self.i2c.writeto(self.addr, self.cmd)

    def show(self, line1, line2=""):
        """Draw the text into the frame buffer; the pages go out one per
        flush_page() (the board loop calls it once a step: a whole 128x32
        frame is ~12 ms of I2C at 400 kHz, a page 3 ms). Lines that fit a row
        each (nearly all: "Black to play", "move 12") are drawn as they are,
        allocating nothing; longer ones are laid out (layout())."""
        if line1 == self.l1 and line2 == self.l2:
            return
        self.l1 = line1
        self.l2 = line2
        fb = self.fb
        fb.fill(0)
        cols = self.cols
        if one_row(line1, cols) and one_row(line2, cols):
            fb.text(line1, 0, 0, 1)
            fb.text(line2, 0, 8 * (self.rows // 2 if line2 else 0), 1)
        else:
            for i, text in enumerate(layout(line1, line2, cols, self.rows)):
                fb.text(text, 0, 8 * i, 1)
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
        cmd = self.page_cmd
        cmd[5] = p
        cmd[6] = p
        self.i2c.writeto(self.addr, cmd)
        self.i2c.writeto(self.addr, self.pages[p])
        return True

    def flush(self):
        while self.flush_page():
            pass
