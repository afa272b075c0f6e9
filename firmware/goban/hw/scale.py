"""HX711 load-cell amplifier, bit-banged with machine.Pin.

Protocol (HX711 datasheet): DOUT goes low when a conversion is ready; then 24
SCK pulses shift the result out MSB first (two's complement), and 1, 2 or 3
more pulses choose the next conversion: channel A gain 128 (25 pulses in all),
channel B gain 32 (26), channel A gain 64 (27). SCK held high over 60 us
powers the chip down, so the pulses run with interrupts off (about 25 x 10 us
on the RP2040).

read() must only be called when ready() is True (Bowls.update does so); it
never waits. Pins may be GPIO numbers or pin-like objects (value()), so the
protocol is tested on the host against a simulated chip.
"""

PULSES = {128: 25, 32: 26, 64: 27}


class HX711:
    def __init__(self, dout, sck, gain=128):
        if isinstance(dout, int):
            from machine import Pin
            import machine
            dout = Pin(dout, Pin.IN)
            sck = Pin(sck, Pin.OUT, value=0)
            self._irq = (machine.disable_irq, machine.enable_irq)
        else:
            self._irq = None
        self.dout = dout
        self.sck = sck
        self.sck.value(0)
        self.pulses = PULSES[gain]

    def ready(self):
        return self.dout.value() == 0

    def read(self):
        """The 24-bit signed reading (call when ready())."""
        sck = self.sck
        dout = self.dout
        state = self._irq[0]() if self._irq else None
        try:
            v = 0
            for _ in range(24):
                sck.value(1)
                sck.value(0)
                v = (v << 1) | dout.value()
            for _ in range(self.pulses - 24):
                sck.value(1)
                sck.value(0)
        finally:
            if self._irq:
                self._irq[1](state)
        if v & 0x800000:
            v -= 0x1000000
        return v

    def power_down(self):
        self.sck.value(1)

    def power_up(self):
        self.sck.value(0)
