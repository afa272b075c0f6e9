"""The hardware modules' checks as one script that runs unchanged under
CPython and MicroPython (viper for real); test_drivers_sim runs it in both
and compares the output line by line. Usage: mpy_hw_checks.py BOARDS TMPDIR"""

import sys
from array import array

from goban import profile
from goban.calibration import Calibration
from goban.gamelog import GameLog, encode
from goban.hw.bowls import Bowls
from goban.hw.sim import SimMatrix, SimScale, SimButtons, SimDisplay, SimLights
from goban.hw.matrix import plan
from goban.hw.scale import HX711

boards, tmp = sys.argv[1], sys.argv[2]


def out(name, value):
    print("%s: %s" % (name, value))


# profiles
for n in ("reference-19", "sim-19", "sim-9"):
    p = profile.load(boards + "/" + n + ".json")
    out("profile " + n, "%s %s %d %d" % (p.id, p.kind, p.size, p.bowls["stone_mg"]))
try:
    profile.from_dict({"id": "x", "kind": "sim", "size": 9, "matrix": {},
                       "thresholds": {"black": "abc", "white": 1}}, "boards/x.json")
except profile.ProfileError as e:
    out("profile error", e)

# calibration through the sim matrix, with noise
p = profile.load(boards + "/sim-19.json")
m = SimMatrix.from_profile(p)
cal = Calibration(19, p)
raw = array("H", [0] * 361)
m.scan(raw)
out("retake faults", cal.retake(raw))
cells = bytearray(361)
for i in range(0, 361, 7):
    m.put(i, 1 + (i // 7) % 2)
m.scan(raw)
out("stones", cal.classify(raw, cells))
out("cells", "".join(".XO#"[c] for c in cells))
raw[3] = 0
cal.classify(raw, cells)
out("rail", cells[3])
m.clear()
for i in range(361):
    m.base[i] += 20
    m.field[i] = m.base[i]
moved = 0
for k in range(400):
    m.scan(raw)
    cal.classify(raw, cells)
    moved += cal.follow_drift(raw, cells)
out("drift moved>0", moved > 0)
out("drift baseline", cal.baseline(100) - (m.base[100]))
cal.save(tmp + "/cal.bin")
c2 = Calibration(19, p)
c2.load(tmp + "/cal.bin")
out("cal roundtrip", list(c2.state) == list(cal.state))

# matrix plan
p = profile.load(boards + "/reference-19.json")
mm = p.matrix
order, masks = plan(19, mm["adc_pins"], mm["mux1_select"], mm["mux2_select"], mm["order"])
out("plan", "%d %d %d %s" % (len(order), sum(1 for o in order if o != 0xFFFF),
                             len(set(o for o in order if o != 0xFFFF)), list(order[:6])))
out("masks", "%x %x %x %x" % (masks[0], masks[1], masks[2 * 17], masks[2 * 17 + 1]))

# game log: cut at every byte
import os
d = tmp + "/log"
log = GameLog(d, durable=False)
log.new_game({"type": "game-start", "size": 9})
for k in range(8):
    log.append({"type": "move", "color": "BW"[k % 2], "point": "ab", "number": k + 1,
                "captures": ["cc"] * (k % 3)})
log.close()
data = open(log.file(1), "rb").read()
ends = []
for ev in log.events(1):
    ends.append((ends[-1] if ends else 0) + len(encode(ev)))
ok = 0
for cut in range(len(data) + 1):
    dd = tmp + "/c%d" % cut
    os.mkdir(dd)
    with open(dd + "/000001.log", "wb") as f:
        f.write(data[:cut])
    lg = GameLog(dd, durable=False)
    n = sum(1 for e in ends if e <= cut)
    evs = list(lg.events(1))
    good = len(evs) == n and all(e["seq"] == i + 1 for i, e in enumerate(evs))
    lg.append({"type": "restored"})
    lg.close()
    good = good and [e["seq"] for e in GameLog(dd).events(1)] == list(range(1, n + 2))
    ok += good
out("cuts ok", "%d of %d" % (ok, len(data) + 1))
bad = bytearray(data)
bad[ends[3] + 6] ^= 0x10
os.mkdir(tmp + "/bad")
with open(tmp + "/bad/000001.log", "wb") as f:
    f.write(bad)
lg = GameLog(tmp + "/bad")
out("damage", "%d %s" % (lg.count(), [(x["seq"], x["reason"]) for x in lg.damage]))

# bowls
p = profile.load(boards + "/sim-9.json")
sc = {w: SimScale(420) for w in ("B", "W", "lidB", "lidW")}
b = Bowls(p, sc)
sc["B"].grams_x100 = 181 * 650
for t in range(0, 600, 100):
    b.update(t)
out("bowls", "%d %d %d" % (b.stones("B"), b.stones("W"), b.learn_stone("B", 180)))


# HX711 against a simulated chip
class Chip:
    def __init__(self, value):
        self.bits = [(value >> (23 - i)) & 1 for i in range(24)]
        self.pulses = 0
        self.sck = 0

    def dout(self):
        return self.bits[self.pulses - 1] if 0 < self.pulses <= 24 else (0 if self.pulses == 0 else 1)


class SckPin:
    def __init__(self, chip):
        self.chip = chip

    def value(self, v=None):
        if v is None:
            return self.chip.sck
        if v and not self.chip.sck:
            self.chip.pulses += 1
        self.chip.sck = v


class DoutPin:
    def __init__(self, chip):
        self.chip = chip

    def value(self):
        return self.chip.dout()


res = []
for v in (0, 1, -1, 123456, -8388608, 8388607):
    chip = Chip(v & 0xFFFFFF)
    h = HX711(DoutPin(chip), SckPin(chip), 64)
    res.append((h.ready(), h.read(), chip.pulses, chip.sck))
out("hx711", res)

# sim twins
bt = SimButtons(p)
bt.press("B:pass")
bt.down("undo")
out("buttons", [bt.poll() for _ in range(5)])
dp = SimDisplay(p)
dp.show("Illegal: ko at D4, take the stone back", "Black to play")
out("display", dp.rows)
lt = SimLights(p)
lt.show(["ab", 0], "red")
out("lights", sorted(lt.lit.items()))
