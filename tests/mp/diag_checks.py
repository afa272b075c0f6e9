"""The board's side of bring-up as one script that runs unchanged under CPython
and MicroPython (tests/unit/test_diag_board.py runs it in both and compares the
output line by line): the raw frame's packing, the matrix's routing (by channel,
remapped), the calibration file with a remap and the scales' figures, and
goban.diag on a board loop of sim twins wired with two sensors swapped and one
mounted upside down: the wiring check finds them, the remap it keeps makes a
stone read on its own point, and a scan of the check allocates nothing.

Reads one line on stdin: BOARDS TMPDIR (the profiles' folder, a scratch folder);
prints `name: value` lines."""

import sys
from array import array

from goban import profile
from goban.boardloop import BoardLoop
from goban.calibration import Calibration, CalibrationError
from goban.gamelog import GameLog
from goban.hw import open_devices
from goban.hw.matrix import channels, routed, UNUSED
from goban.diag import set_remap
from goban.rawstream import pack12, unpack12

boards, tmp = sys.stdin.readline().split()


def out(name, value):
    print("%s: %s" % (name, value))


# the raw frame: 12 bits a reading, two in three bytes
vals = array("H", [0, 4095, 2048, 1, 3000, 77, 4094])
buf = bytearray(12)
pack12(vals, buf, 7)
out("packed", list(buf[:11]))
out("unpacked", unpack12(buf, 7) == list(vals))

# the matrix's routing: the reference board's 384 conversions
chan = channels(3, 4, 3)
plan = routed(chan, 19, "serpentine")
out("channels", "%d %d %d" % (len(chan), chan[1], chan[3]))
out("plan", "%d %d %d" % (plan[0], plan[3], len([k for k in plan if k != UNUSED])))
src = array("H", [0] * 361)
for p in range(361):
    src[p] = (p * 7) % 361 if p != 360 else 383
try:
    moved = routed(chan, 19, "rows", src)
    out("remapped", sorted(moved[k] for k in range(384) if chan[k] == 383 or chan[k] == 14))
except ValueError as e:
    out("remapped", e)

# the calibration file: a remap and the scales' figures, version 1 still read
p9 = profile.load(boards + "/sim-9.json")
d = open_devices(p9)
cal = Calibration(9, p9)
raw = array("H", bytes(2 * 81))
d.matrix.scan(raw)
cal.retake(raw)
src = array("H", range(81))
src[3], src[4] = 4, 3
src[80] = 100          # a free channel
flip = bytearray(81)
flip[5] = 1
set_remap(cal, src, flip)
cal.scales = {"B": (-1200, 415000), "lidW": (33, 430000)}
cal.stone_mg = {"B": 6400, "W": 6550}
cal.save(tmp + "/cal.bin")
again = Calibration(9, p9)
again.load(tmp + "/cal.bin")
out("remap kept", list(again.remap) == list(src))
out("scales kept", sorted(again.scales.items()))
out("stones kept", sorted(again.stone_mg.items()))
out("words kept", list(again.state) == list(cal.state))
out("flipped", "%d %d" % (again.inverted(5), again.inverted(6)))
out("moved with its channel", again.baseline(3) == cal.baseline(3))
data = bytearray(open(tmp + "/cal.bin", "rb").read())
v1 = bytes(data[:4]) + bytes([1, 9, 0, 0]) + bytes(data[8:8 + 4 * 81])
from goban.crc import crc32
v1 += crc32(v1).to_bytes(4, "little")
with open(tmp + "/v1.bin", "wb") as f:
    f.write(v1)
old = Calibration(9, p9)
old.load(tmp + "/v1.bin")
out("version 1", "%s %s" % (old.remap, old.scales))
bad = bytearray(data)
at = 8 + 4 * 81
bad[at:at + 2] = bytes([4, 0])        # two points on channel 4
body = bytes(bad[:-4])
bad[-4:] = crc32(body).to_bytes(4, "little")
with open(tmp + "/bad.bin", "wb") as f:
    f.write(bad)
try:
    Calibration(9, p9).load(tmp + "/bad.bin")
    out("bad remap", "loaded")
except CalibrationError as e:
    out("bad remap", str(e).split(": ", 1)[1])
try:
    set_remap(Calibration(9, p9), array("H", [1] * 81))
except ValueError as e:
    out("set bad remap", e)

# goban.diag on a board loop: dd and de swapped, cc upside down (a wrapper
# stands in for the wiring; tools/sim/wiring.py is the simulator's own)
d = open_devices(p9)
base = array("H", d.matrix.field)


class Wired:
    """The sim matrix with two sensors' wires swapped and one upside down."""

    def __init__(self, m):
        self.m = m
        self.field = m.field
        self.channels = m.channels
        self.phys = array("H", bytes(2 * 81))

    def remap(self, src):
        self.m.remap(src)

    def by_channel(self):
        self.m.by_channel()

    def selftest(self):
        return self.m.selftest()

    def scan(self, raw):
        f = self.field
        a, b, c = 30, 39, 20          # dd, de (rows order: channel = point), cc
        f[a], f[b] = f[b], f[a]
        old = f[c]
        f[c] = 2 * base[c] - old
        self.m.scan(raw)
        f[c] = old
        f[a], f[b] = f[b], f[a]


m = Wired(d.matrix)
cal = Calibration(9, p9)
d.matrix.scan(raw)
cal.retake(raw)
cal.save(tmp + "/loop.bin")
notes = []


class Tap:
    def send_event(self, ev, payload=None):
        pass

    def poll(self, now):
        pass

    def note(self, k, fields):
        notes.append((k, fields))


loop = BoardLoop(p9, m, cal, bowls=d.bowls, buttons=d.buttons, display=d.display,
                 buzzer=d.buzzer, lights=d.lights, log=GameLog(tmp + "/games"), link=Tap())
loop.start()
now = 0


def steps(k):
    global now
    for _ in range(k):
        loop.step(now)
        now += 10


steps(5)
info = loop.host_diag({"op": "start"})
out("diag", "%d %d %s %s" % (info["size"], info["channels"], info["order"], info["remap"]))
steps(3)
out("display", d.display.lines)
try:
    loop.host_diag({"op": "walk", "wait_ms": 5})
except ValueError as e:
    out("bad wait", e)
out("walk", loop.host_diag({"op": "walk", "wait_ms": 400}))
lit = []
while loop.diag.walk is not None and not loop.diag.walk.clearing:
    steps(1)
    now_lit = sorted(d.lights.lit.items())
    if not lit or lit[-1] != now_lit:
        lit.append(now_lit)
        k, colour = now_lit[0]
        if k != 60:                   # nobody puts this one: it is given up
            d.matrix.put(k, 1 if colour == "black" else 2)
    steps(4)
walk = [f for k, f in notes if k == "walk" and "w" in f]
out("lit", lit[0] + lit[1] + [len(lit)])
out("walked", len(walk))
out("seen", [(f["p"], f["w"]) for f in walk if f["w"] != (ord(f["p"][1]) - 97) * 9 + ord(f["p"][0]) - 97])
out("signs", [f["p"] for f in walk if (f["d"] > 0) != (f["c"] == "B") and f["w"] >= 0])
out("clear lit", "%d %s" % (len(d.lights.lit), d.display.lines[0]))
# no allocation while a point is waited for (MicroPython: the heap locked)
try:
    import micropython
    import gc
    gc.collect()
    micropython.heap_lock()
    try:
        for k in range(20):
            loop.step(now + 10 * k)
    finally:
        micropython.heap_unlock()
    out("heap", "quiet")
except (ImportError, AttributeError):
    for k in range(20):
        loop.step(now + 10 * k)
    out("heap", "quiet")
now += 200
d.matrix.clear()
steps(30)
out("cleared", [f for k, f in notes if k == "walk" and f.get("cleared")])
out("saved", loop.host_diag({"op": "save", "own": True}))
out("stop", loop.host_diag({"op": "stop"}))
loaded = Calibration(9, p9)
loaded.load(tmp + "/loop.bin")
out("remap on flash", [(p, loaded.remap[p]) for p in range(81) if loaded.remap[p] != p])
out("flipped on flash", [p for p in range(81) if loaded.inverted(p)])
# the board plays with it: a stone on dd reads on dd, cc's black reads black
frame = array("H", bytes(2 * 81))
cells = bytearray(81)
for pt, colour in ((30, 1), (39, 2), (20, 1)):
    d.matrix.put(pt, colour)
    m.scan(frame)
    cal.classify(frame, cells)
    out("stone %d" % pt, [(i, cells[i]) for i in range(81) if cells[i]])
    d.matrix.lift(pt)
try:
    loop.host_diag({"op": "tare"})
except ValueError as e:
    out("off", e)
