"""HX711 load-cell amplifier: on a PIO state machine (HX711Pio, the board), or
bit-banged with machine.Pin (HX711: anywhere else, and the protocol's tests).

Protocol (HX711 datasheet): DOUT goes low when a conversion is ready; then 24
SCK pulses shift the result out MSB first (two's complement), and 1, 2 or 3
more pulses choose the next conversion: channel A gain 128 (25 pulses in all),
channel B gain 32 (26), channel A gain 64 (27). SCK held high over 60 us
powers the HX711 down, so the pulses run with interrupts off (25 to 27 pulses).

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


# The read on a PIO state machine, so the loop spends ~50 us a reading instead
# of ~1.2 ms of bit-banging in bytecode. Assembled here (like hw.lights' WS2812
# program); side-set drives SCK (one pin, not optional), `in` samples DOUT:
#   0: wait 0 pin 0      side 0        ; a conversion is ready (DOUT low)
#   1: set x, 23         side 0
#   2: nop               side 1 [3]    ; SCK high 4 cycles: the next bit comes out
#   3: in pins, 1        side 0 [3]    ; SCK low, sample it
#   4: jmp x-- 2         side 0        ; 24 bits, MSB first, into the ISR (shift left)
#   5: nop               side 1 [3]    ; the 25th pulse: channel A, gain 128, next
#   6: push noblock      side 0        ; the reading to the RX FIFO (wrap to 0)
# At 250 kHz a cycle is 4 us: SCK high 16 us (the HX711 powers down past 60 us),
# a reading ~0.6 ms of the state machine's time, none of the core's.
HX711_PROG = (0x2020, 0xE037, 0xB342, 0x4301, 0x0042, 0xB342, 0x8000)
HX711_HZ = 250000
HX711_SM = (1, 2, 3, 4)      # PIO0's machines 1-3 and PIO1's first (hw.lights has PIO0's 0)
_PROG = None                 # one program list for every machine: rp2 loads it once a PIO


class HX711Pio:
    """The same ready()/read() as HX711 (gain 128 only), the bits shifted by a
    PIO state machine: ready() when a reading waits in its RX FIFO; read()
    takes the newest one (older ones are dropped: the scale only wants now)."""

    def __init__(self, dout, sck, sm_id):
        global _PROG
        import rp2
        from array import array
        from machine import Pin
        if _PROG is None:
            _PROG = [array("H", HX711_PROG), -1, -1, -1,
                     6 << 12,                # execctrl: wrap top 6, bottom 0
                     0,                      # shiftctrl: ISR shifts left, no autopush
                     None, None, rp2.PIO.OUT_LOW]   # sideset: SCK, low
        Pin(sck, Pin.OUT, value=0)
        self.sm = rp2.StateMachine(sm_id, _PROG, freq=HX711_HZ, sideset_base=Pin(sck),
                                   in_base=Pin(dout, Pin.IN))
        self.sm.active(1)

    def ready(self):
        return self.sm.rx_fifo() > 0

    def read(self):
        sm = self.sm
        v = sm.get()
        while sm.rx_fifo():
            v = sm.get()
        v &= 0xFFFFFF
        if v & 0x800000:
            v -= 0x1000000
        return v


def open_scale(spec, k):
    """The k-th scale of a profile: on PIO where rp2 has it and the gain is 128
    (the PIO program's 25 pulses), bit-banged otherwise."""
    if spec["gain"] == 128 and k < len(HX711_SM):
        try:
            import rp2     # noqa: F401
            return HX711Pio(spec["dout"], spec["sck"], HX711_SM[k])
        except ImportError:
            pass
    return HX711(spec["dout"], spec["sck"], spec["gain"])
