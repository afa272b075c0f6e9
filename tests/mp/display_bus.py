"""The SSD1306 driver with MicroPython's framebuf on a fake I2C bus (tests/unit/
test_drivers_sim.py): reads the boards folder on stdin; prints the commands at
start, what a show() and its pages sent, and whether short lines go out heap-locked
and a long one wraps, each as the same frame a plain framebuf draws."""

import sys

from goban import profile
from goban.hw.display import Display, layout


class Bus:
    def __init__(self):
        self.cmds = []
        self.data = []
    def writeto(self, addr, buf):
        # the SSD1306's control byte: 0x80 one command, 0x00 commands, 0x40 data
        assert addr == 0x3C and buf[0] in (0x80, 0x00, 0x40)
        if buf[0] == 0x80:
            assert len(buf) == 2
            self.cmds.append(buf[1])
        elif buf[0] == 0x00:
            self.cmds.extend(buf[1:])
        else:
            self.data.append(bytes(buf[1:]))


p = profile.load(sys.stdin.readline().strip() + '/reference-19.json')
bus = Bus()
d = Display(p.display, bus)
i = bus.cmds.index(0xA8)
print(bus.cmds[0], bus.cmds[i + 1], bus.cmds[bus.cmds.index(0xDA) + 1],
      bus.cmds[bus.cmds.index(0x21) - 1])
n0 = len(bus.data)
d.show('Black to play', 'move 12')
drawn = len(bus.data) - n0
pages = 0
while d.flush_page():
    pages += 1
lit = sum(bin(x).count('1') for x in b''.join(bus.data[-4:]))
import framebuf
import micropython


def frame_of(rows):
    # the frame a plain 128x32 buffer draws for these text rows
    ref = bytearray(128 * 32 // 8)
    fb = framebuf.FrameBuffer(ref, 128, 32, framebuf.MONO_VLSB)
    for i, t in enumerate(rows):
        fb.text(t, 0, 8 * i, 1)
    return bytes(ref)


rows = layout(d.l1, d.l2, d.cols, d.rows)     # the text rows shown
same = b''.join(bus.data[-4:]) == frame_of(rows)
d.show('Black to play', 'move 12')
again = d.flush_page()
print(drawn, pages, len(bus.data) - n0, len(bus.data[-1]), lit > 100 and same, again,
      rows[0], rows[2])
# short lines are drawn and sent allocating nothing (on a bus that keeps nothing);
# a long one is wrapped


class Null:
    def writeto(self, addr, buf):
        pass


d.i2c = Null()
micropython.heap_lock()
try:
    d.show('White to play', 'move 13')
    while d.flush_page():
        pass
finally:
    micropython.heap_unlock()
d.i2c = bus
short = b''.join(bytes(p[1:]) for p in d.pages) == frame_of(['White to play', '', 'move 13', ''])
d.show('Illegal: a stone on ko at dd', 'move 13')
d.flush()
wrapped = b''.join(bus.data[-4:]) == frame_of(['Illegal: a stone', 'on ko at dd', 'move 13', ''])
print(short, wrapped)
