"""The buzzer: a passive piezo on a PWM pin. beep(kind) starts a short pattern
and returns at once; a one-shot timer steps through it (the loop never
sleeps). Kinds: "move", "illegal", "capture", "end", "ok", "expect".
"""

import time

_TICKS_ADD = getattr(time, "ticks_add", None)
_TICKS_DIFF = getattr(time, "ticks_diff", None)


def ticks_add(a, b):
    """time.ticks_add on MicroPython (30-bit wrapping ticks); a + b on CPython."""
    return _TICKS_ADD(a, b) if _TICKS_ADD is not None else a + b


def ticks_diff(a, b):
    """time.ticks_diff on MicroPython; a - b on CPython."""
    return _TICKS_DIFF(a, b) if _TICKS_DIFF is not None else a - b


# kind -> ((frequency Hz, 0 for silence, duration ms), ...)
PATTERNS = {
    "move": ((2000, 40),),
    "capture": ((2400, 40), (0, 40), (2400, 40)),
    "illegal": ((600, 150), (0, 80), (600, 150), (0, 80), (600, 150)),
    "end": ((1500, 120), (2000, 120), (2500, 250)),
    "ok": ((2500, 30),),
    "expect": ((1800, 60), (0, 40), (2400, 90)),   # the other side's move is lit (goban.remote)
}


class Melody:
    """Steps through a pattern by the clock; tone(freq) is called on changes
    (0 = silence). Pure logic, so it is tested on the host."""

    def __init__(self, tone):
        self.tone = tone
        self.steps = ()
        self.i = 0
        self.until = 0
        self.playing = False

    def start(self, kind, now_ms):
        steps = PATTERNS.get(kind)
        if steps is None:
            raise ValueError("unknown beep %r" % (kind,))
        self.steps = steps
        self.i = 0
        self.playing = True
        self.tone(steps[0][0])
        self.until = ticks_add(now_ms, steps[0][1])

    def update(self, now_ms):
        if not self.playing or ticks_diff(now_ms, self.until) < 0:
            return
        self.i += 1
        if self.i >= len(self.steps):
            self.playing = False
            self.tone(0)
            return
        f, ms = self.steps[self.i]
        self.tone(f)
        self.until = ticks_add(now_ms, ms)


class Buzzer:
    """Buzzer(pin): PWM at 50% duty while a tone plays. Steps itself with a
    one-shot machine.Timer (a soft callback), so a loop that never calls
    update() still hears the pattern end; update(now_ms) is harmless."""

    def __init__(self, pin):
        from machine import Pin, PWM, Timer
        self.pwm = PWM(Pin(pin))
        self.pwm.duty_u16(0)
        self.ticks = time.ticks_ms
        self.timer = Timer()
        self.one_shot = Timer.ONE_SHOT
        self.melody = Melody(self._tone)
        self.step_cb = self._step      # bound once: a bound method is 16 B a beep

    def _tone(self, freq):
        if freq:
            self.pwm.freq(freq)
            self.pwm.duty_u16(32768)
        else:
            self.pwm.duty_u16(0)

    def _arm(self):
        if self.melody.playing:
            ms = ticks_diff(self.melody.until, self.ticks())
            self.timer.init(mode=self.one_shot, period=ms if ms > 1 else 1, callback=self.step_cb)

    def _step(self, _timer):
        self.melody.update(self.ticks())
        self._arm()

    def beep(self, kind, now_ms=None):
        self.melody.start(kind, self.ticks())
        self._arm()

    def update(self, now_ms):
        pass
