"""Buttons, debounced by counting: a button is pressed once it has read down
on `debounce` consecutive polls (polled every scan, 10 ms: 30 ms by default)
and released once it has read up as many times. poll() returns the name of a
newly pressed button, or None; presses of several buttons queue.

Hardware: eight push buttons to ground on a PCF8574 I2C expander (quasi-
bidirectional inputs with weak pull-ups, bit = 0 when pressed) sharing the
display's I2C bus, or (no expander in the profile) one GPIO per button with
the internal pull-up.
"""


class Debouncer:
    """Turns a bitmask of buttons read down (bit i = input i) into presses."""

    def __init__(self, pins, debounce=3):
        self.names = {}  # input number -> name
        for name, bit in pins.items():
            self.names[bit] = name
        self.n = debounce
        self.count = {}  # input -> consecutive reads different from the state
        self.state = 0  # debounced bitmask of inputs held down
        self.moving = 0  # inputs whose count is under way
        self.queue = []

    def feed(self, down):
        """One poll's raw reading (bitmask of inputs down). A reading equal to
        the debounced state with no count under way (nearly every poll) costs
        one comparison and allocates nothing."""
        if down == self.state and not self.moving:
            return
        moving = 0
        names = self.names
        for bit in names:
            m = 1 << bit
            now = down & m
            if now == (self.state & m):
                self.count[bit] = 0
                continue
            c = self.count.get(bit, 0) + 1
            if c >= self.n:
                self.count[bit] = 0
                self.state ^= m
                if now:
                    self.queue.append(names[bit])
            else:
                self.count[bit] = c
                moving += 1
        self.moving = moving

    def next(self):
        return self.queue.pop(0) if self.queue else None

    def held(self, name):
        for bit, n in self.names.items():
            if n == name:
                return bool(self.state & (1 << bit))
        return False


class Buttons:
    """Buttons(profile, i2c=None): reads the expander over i2c or the GPIOs."""

    def __init__(self, profile, i2c=None):
        cfg = profile.buttons
        self.debouncer = Debouncer(cfg["pins"], cfg["debounce"])
        self.expander = cfg["expander"]
        self.i2c = i2c
        self.pins = []
        if self.expander is not None:
            if i2c is None:
                raise ValueError("buttons on a PCF8574 need the I2C bus")
            self.addr = self.expander["addr"]
            try:
                i2c.writeto(self.addr, b"\xff")  # all inputs (weak pull-ups)
            except OSError:
                pass    # a silent expander: the board boots, diag's selftest names it
            self.buf = bytearray(1)
        else:
            from machine import Pin
            for name, gpio in cfg["pins"].items():
                self.pins.append((gpio, Pin(gpio, Pin.IN, Pin.PULL_UP)))

    def read_down(self):
        """Bitmask of inputs held down right now (undebounced)."""
        if self.expander is not None:
            try:
                self.i2c.readfrom_into(self.addr, self.buf)
            except OSError:
                return self.debouncer.state  # a missed read changes nothing
            return (~self.buf[0]) & 0xFF
        down = 0
        for gpio, pin in self.pins:
            if not pin.value():
                down |= 1 << gpio
        return down

    def poll(self):
        self.debouncer.feed(self.read_down())
        return self.debouncer.next()

    def selftest(self):
        """None, or what is wrong: the expander does not answer (GPIO buttons
        cannot tell: the buttons test asks a person)."""
        if self.expander is None:
            return None
        try:
            self.i2c.readfrom_into(self.addr, self.buf)
        except OSError:
            return "no PCF8574 answers at I2C address 0x%02X" % self.addr
        return None
