"""The simulated drivers the world writes and the firmware reads.

The real twins live in goban.hw.sim; this module only
builds them from a profile. If a twin is missing from the tree, a minimal local
stand-in is used and FAKES names it, so a run says what it really exercised
(the tests require FAKES to be empty).
"""

from array import array

FAKES = []

try:
    from goban.hw import sim as S
except ImportError:
    S = None


class _Matrix:
    def __init__(self, size):
        self.size = size
        self.field = array("H", [2048] * (size * size))

    def scan(self, raw):
        f = self.field
        for i in range(len(f)):
            raw[i] = f[i]


class _Scale:
    def __init__(self):
        self.grams_x100 = 0

    def ready(self):
        return True

    def read(self):
        return self.grams_x100


class _Buttons:
    def __init__(self):
        self.queue = []

    def press(self, name):
        self.queue.append(name)

    def poll(self):
        return self.queue.pop(0) if self.queue else None


class _Display:
    def __init__(self):
        self.lines = ("", "")
        self.history = []

    def show(self, a, b=""):
        self.lines = (a, b)
        self.history.append(self.lines)


class _Buzzer:
    def __init__(self):
        self.history = []

    def beep(self, kind):
        self.history.append(kind)


class _Lights:
    def __init__(self):
        self.lit = []

    def show(self, points, color=None):
        self.lit = list(points)

    def clear(self):
        self.lit = []


class _Bowls:
    """Settled stone counts from the scales' grams (a stand-in for goban.hw.bowls)."""

    def __init__(self, profile, scales):
        self.scales = scales
        self.stone = profile.bowls.get("stone_mg", 6500) // 10
        self.tare = {"B": 0, "W": 0, "lidB": 0, "lidW": 0}
        self.last = {}
        self.same = {}
        self.value = {}

    def update(self, now_ms):
        for k, sc in self.scales.items():
            g = sc.read()
            if self.last.get(k) is not None and abs(g - self.last[k]) < self.stone // 4:
                self.same[k] = self.same.get(k, 0) + 1
            else:
                self.same[k] = 0
            self.last[k] = g
            if self.same[k] >= 20:
                self.value[k] = (g - self.tare[k] + self.stone // 2) // self.stone

    def stones(self, which):
        if which not in self.scales:
            return -1
        if self.same.get(which, 0) < 20:
            return -1
        return self.value.get(which, -1)


def _get(name, fallback, *args):
    if S is not None and hasattr(S, name):
        return getattr(S, name)(*args)
    FAKES.append(name)
    return fallback(*args)


def make(profile):
    if S is not None:
        from goban.hw import open_devices
        d = open_devices(profile)
        return {"matrix": d.matrix, "scales": d.scales, "buttons": d.buttons,
                "display": d.display, "buzzer": d.buzzer, "lights": d.lights,
                "bowls": d.bowls}
    size = profile.size
    scales = {}
    for k in (profile.bowls or {}).get("scales", {}):
        scales[k] = _get("SimScale", _Scale)
    return {
        "matrix": _get("SimMatrix", _Matrix, size),
        "scales": scales,
        "buttons": _get("SimButtons", _Buttons),
        "display": _get("SimDisplay", _Display),
        "buzzer": _get("SimBuzzer", _Buzzer),
        "lights": _get("SimLights", _Lights),
    }


def bowls(profile, hw):
    if hw.get("bowls") is not None:
        return hw["bowls"]
    try:
        from goban.hw.bowls import Bowls
    except ImportError:
        if "Bowls" not in FAKES:
            FAKES.append("Bowls")
        return _Bowls(profile, hw["scales"])
    return Bowls(profile, hw["scales"])
