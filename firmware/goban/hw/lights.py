"""Point lights: a WS2812 chain under the points (neopixel module), usually
laid in a serpentine (row 0 left to right, row 1 right to left, ...).
show(points, color) lights points (frame indices y*size + x, or SGF 'dd'
strings); clear() turns everything off. Colours: a name or (r, g, b).
"""

COLORS = {
    "red": (255, 0, 0), "green": (0, 255, 0), "blue": (0, 0, 255),
    "yellow": (255, 160, 0), "white": (255, 255, 255), "off": (0, 0, 0),
    "black": (150, 0, 255),     # where a black stone goes (goban.remote): violet, lit
}


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


class Lights:
    """Lights(profile): the WS2812 chain of profile.lights."""

    def __init__(self, profile):
        from machine import Pin
        from neopixel import NeoPixel
        cfg = profile.lights
        self.size = profile.size
        self.order = cfg["order"]
        self.brightness = cfg["brightness"]
        self.np = NeoPixel(Pin(cfg["pin"]), cfg["count"])
        self.lit = {}
        self.clear()

    def show(self, points, color):
        c = rgb(color, self.brightness)
        for p in points:
            i = point_index(p, self.size)
            self.np[led_index(i, self.size, self.order)] = c
            self.lit[i] = color
        self.np.write()

    def clear(self):
        self.np.fill((0, 0, 0))
        self.np.write()
        self.lit = {}

    def set(self, points, color):
        """Only these points lit, in one write of the chain (clear then show
        is two: 2 x 10.8 ms for 361 LEDs)."""
        self.np.fill((0, 0, 0))
        self.lit = {}
        c = rgb(color, self.brightness)
        for p in points:
            i = point_index(p, self.size)
            self.np[led_index(i, self.size, self.order)] = c
            self.lit[i] = color
        self.np.write()
