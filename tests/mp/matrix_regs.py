"""The RP2040 matrix's viper register loop on the unix port (tests/unit/
test_drivers_sim.py): ADC, SIO and TIMER are arrays whose addresses stand in for
the chip's; reads the boards folder on stdin; prints the scan's result, the points
stored as 0, the last CS and select-line writes and the conversions late."""

import sys
from array import array

import uctypes

from goban import profile
from goban.hw.matrix import HallMatrix
p = profile.load(sys.stdin.readline().strip() + '/reference-19.json')
p.matrix['settle_us'] = 0
adc = array('I', [0x100, 0xABC, 0, 0, 0, 0, 0, 0, 0])
sio = array('I', [0] * 16)
tmr = array('I', [0] * 16)
m = HallMatrix(p, regs=(uctypes.addressof(adc), uctypes.addressof(sio), uctypes.addressof(tmr)))
raw = array('H', [7] * 361)
print(m.scan(raw), len([v for v in raw if v == 0]), hex(adc[0]), hex(sio[5]), hex(sio[6]), m.late)
