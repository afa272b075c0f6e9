"""The display's and the matrix's own checks on the unix port (tests/unit/
test_drivers_sim.py): an SSD1306 that answers, then goes silent; an ADC that
never finishes a conversion (fake registers). Reads the boards folder on stdin."""

import sys
from array import array

import uctypes

from goban import profile
from goban.hw.display import Display
from goban.hw.matrix import HallMatrix


class Bus:
    silent = False

    def writeto(self, addr, buf, *n):
        if self.silent:
            raise OSError(19)

    def writeto_mem(self, addr, reg, buf):
        self.writeto(addr, buf)


p = profile.load(sys.stdin.readline().strip() + '/reference-19.json')
bus = Bus()
d = Display(p.display, bus)
print(d.selftest())
bus.silent = True
print(d.selftest())
p.matrix['settle_us'] = 0
adc = array('I', [0x100, 0xABC, 0, 0, 0, 0, 0, 0, 0])
sio = array('I', [0] * 16)
tmr = array('I', [0] * 16)
m = HallMatrix(p, regs=(uctypes.addressof(adc), uctypes.addressof(sio), uctypes.addressof(tmr)))
print(m.selftest())
