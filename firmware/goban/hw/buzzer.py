"""The buzzer: a passive piezo on a PWM pin. beep(kind) starts a short pattern
and returns at once; update(now_ms), called every loop, steps through it (the
loop never sleeps). Kinds: "move", "illegal", "capture", "end", "ok".
"""

# kind -> ((frequency Hz, 0 for silence, duration ms), ...)
PATTERNS = {
    "move": ((2000, 40),),
    "capture": ((2400, 40), (0, 40), (2400, 40)),
    "illegal": ((600, 150), (0, 80), (600, 150), (0, 80), (600, 150)),
    "end": ((1500, 120), (2000, 120), (2500, 250)),
    "ok": ((2500, 30),),
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
        self.until = now_ms + steps[0][1]

    def update(self, now_ms):
        if not self.playing or now_ms - self.until < 0:
            return
        self.i += 1
        if self.i >= len(self.steps):
            self.playing = False
            self.tone(0)
            return
        f, ms = self.steps[self.i]
        self.tone(f)
        self.until = now_ms + ms


class Buzzer:
    """Buzzer(pin): PWM at 50% duty while a tone plays."""

    def __init__(self, pin, clock=None):
        from machine import Pin, PWM
        import time
        self.pwm = PWM(Pin(pin))
        self.pwm.duty_u16(0)
        self.clock = clock or time.ticks_ms
        self.melody = Melody(self._tone)

    def _tone(self, freq):
        if freq:
            self.pwm.freq(freq)
            self.pwm.duty_u16(32768)
        else:
            self.pwm.duty_u16(0)

    def beep(self, kind, now_ms=None):
        self.melody.start(kind, self.clock() if now_ms is None else now_ms)

    def update(self, now_ms):
        self.melody.update(now_ms)
