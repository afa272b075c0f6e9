"""The board's own diagnostics page, for a board with no computer (goban.diag
from the new-game menu, CPython, sim twins): the last entry of the menu's rules
is "Diagnostics"; its pages (up/down) show the worst points and the scales,
run the wiring check and keep its remap, calibrate the scales with ten stones,
test the parts with ok/undo; Exit gives the board back to play."""

import os
from array import array

from conftest import BOARDS
from goban import profile
from goban.boardloop import BoardLoop
from goban.calibration import Calibration
from goban.hw import open_devices
from goban.rules import RULE_IDS


class Board:
    """A sim-9 board loop with no game yet (the menu opens at ok), its
    calibration saved in tmp, sensor 22 (ec) dead and 40 (ee) noisy."""

    def __init__(self, tmp):
        self.p = profile.load(os.path.join(BOARDS, "sim-9.json"))
        self.d = d = open_devices(self.p)
        self.cal = Calibration(9, self.p)
        raw = array("H", bytes(2 * 81))
        d.matrix.scan(raw)
        self.cal.retake(raw)
        self.cal.save(str(tmp / "cal.bin"))
        self.loop = BoardLoop(self.p, d.matrix, self.cal, bowls=d.bowls, buttons=d.buttons,
                              display=d.display, buzzer=d.buzzer, lights=d.lights)
        self.now = 0
        self.flip = 0
        real = d.matrix.scan

        def scan(out):
            real(out)
            if len(out) > 81:          # by channel (diag): channel = point on sim-9
                out[22] = 0
                self.flip ^= 1
                out[40] = 2048 + (150 if self.flip else -150)
        d.matrix.scan = scan

    def steps(self, k):
        for _ in range(k):
            self.loop.step(self.now)
            self.now += 10

    def press(self, *names):
        for name in names:
            self.d.buttons.press(name)
            self.steps(3)

    def lines(self):
        return tuple(self.d.display.lines)


def test_the_menu_s_last_rules_entry_opens_the_diagnostics(tmp_path):
    b = Board(tmp_path)
    b.steps(2)
    b.press("ok")
    assert b.lines() == ("New game: rules", RULE_IDS[0])
    b.press("down")                   # "down" steps back: from the first to the last entry
    assert b.lines() == ("New game: rules", "Diagnostics")
    b.press("ok")
    assert b.loop.diag is not None and b.loop.menu is None
    b.steps(3)
    assert b.lines() == ("Worst points", "reading...")
    b.steps(110)                      # a window of readings
    assert b.lines() == ("Worst points 1/4", "ec dead")
    b.press("ok")
    assert b.lines()[1].startswith("ee noisy")
    b.press("down")
    assert b.lines()[0].startswith("Scales ")
    b.press("down", "down", "down", "down", "down", "down", "down")
    assert b.lines() == ("Exit", "ok: back to play")
    b.press("ok")
    assert b.loop.diag is None
    b.steps(3)
    assert b.d.lights.lit == {}


def test_the_wiring_check_with_no_computer_keeps_its_remap(tmp_path):
    b = Board(tmp_path)
    b.steps(2)
    b.press("ok", "down", "ok")
    b.press("down", "down")
    assert b.lines() == ("Wiring check", "ok: start")
    b.press("ok")
    walk = b.loop.diag.walk
    assert walk is not None and walk.own
    d = b.d
    # the builder: each lit stone down (aa and ab go on each other's point: a
    # swap at the hands), ec (dead) lit and given up with ok
    while b.loop.diag.walk is not None and not walk.clearing:
        (i, colour), = d.lights.lit.items()
        if i == 22:
            b.press("ok")
            continue
        spot = {0: 1, 1: 0}.get(i, i)
        d.matrix.put(spot, 1 if colour == "black" else 2)
        b.steps(16)
    assert b.lines()[0] == "Clear the board"
    d.matrix.clear()
    b.steps(5)
    assert b.lines()[0] == "Wiring saved"
    again = Calibration(9, b.p)
    again.load(str(tmp_path / "cal.bin"))
    assert [(p, again.remap[p]) for p in range(81) if again.remap[p] != p] == [(0, 1), (1, 0)]


def test_the_scales_calibrate_with_ten_stones_and_the_parts_answer_ok(tmp_path):
    b = Board(tmp_path)
    b.steps(2)
    b.press("ok", "down", "ok")
    b.press("down", "down", "down")
    assert b.lines() == ("Calibrate scales", "ok: start")
    b.press("ok")
    assert b.lines() == ("Empty all scales", "then ok")
    for s in b.d.scales.values():
        s.grams_x100 = 0
    b.steps(60)
    b.press("ok")
    for which in ("B", "W", "lidB", "lidW"):
        assert b.lines() == ("10 stones on %s" % which, "then ok")
        b.d.scales[which].grams_x100 = 10 * 650 * 9 // 10     # a cell that reads 10% light
        b.steps(60)
        b.press("ok")
        b.d.scales[which].grams_x100 = 0
    assert b.lines()[0] == "Scales saved"
    again = Calibration(9, b.p)
    again.load(str(tmp_path / "cal.bin"))
    assert sorted(again.scales) == ["B", "W", "lidB", "lidW"]
    assert all(377000 <= cpk <= 379000 for _, cpk in again.scales.values())
    b.press("down", "down", "down")          # calibrate -> lights -> display -> buttons
    assert b.lines() == ("Buttons test", "ok: start")
    b.press("ok")
    names = sorted(b.p.buttons["pins"])
    for name in names:
        assert b.lines()[1] == "Press %s" % name
        b.press(name if name != "pass" else "undo")  # the pass button answers as undo
    assert b.lines() == ("Buttons test", "1 wrong")


def test_diag_start_names_the_parts_that_did_not_answer(tmp_path):
    """A display whose profile says it is there but which answered nothing at
    boot (open_devices left it None) and a button expander silent now."""
    from goban import diag
    b = Board(tmp_path)
    assert diag.request(b.loop, {"op": "start"})["selftest"] == {}
    diag.request(b.loop, {"op": "stop"})
    b.loop.display = None
    b.loop.buttons.selftest = lambda: "no PCF8574 answers at I2C address 0x20"
    got = diag.request(b.loop, {"op": "start"})["selftest"]
    assert got == {"display": "no SSD1306 answered at I2C address 0x3C at boot",
                   "buttons": "no PCF8574 answers at I2C address 0x20"}


def test_a_diag_start_that_fails_is_an_error_and_the_board_plays_on(tmp_path):
    """What fails inside start (here the matrix's scan; on a board, a heap too
    full for diag's buffers) is a ValueError naming it, the host's `error`,
    and the board stays in play with its matrix routed as before."""
    import pytest
    from goban import diag
    b = Board(tmp_path)
    real = b.d.matrix.scan

    def broken(out):
        raise MemoryError("memory allocation failed")
    b.d.matrix.scan = broken
    with pytest.raises(ValueError, match="diag start failed: MemoryError memory allocation"):
        diag.request(b.loop, {"op": "start"})
    assert b.loop.diag is None
    b.d.matrix.scan = real
    assert "selftest" in diag.request(b.loop, {"op": "start"})
