"""goboard diag through the product image on the emulated RP2040: the reference
board built with wiring mistakes (tools/sim/wiring.py, its ADC answered through
them), the host's `goboard diag --port` on the emulated USB, a builder who
follows the board's lights as the WS2812 chain shows them. The mistakes are
named from what the chip read; with its remap saved on the chip's LittleFS the
board then takes the moves on the right points. One row is walked (the
emulator is slow: about a minute); the rows not walked follow the wiring found
(`--rows 18 --save`)."""

import json
import subprocess
import time

from conftest import VENV_BIN
import chip_rig
from board import ChipBoard
from goban.hw.lights import led_index

SPEC = "order:rows;swap:cb,fb;inverted:hb;mux2:3"


def lit(board):
    """{frame index: colour} the chain shows now (the reference profile's brightness)."""
    if not board.chip.leds:
        return {}
    frame = board.chip.leds[-1]
    size = board.size
    out = {}
    for k in range(len(frame) // 3):
        g, r, b = frame[3 * k], frame[3 * k + 1], frame[3 * k + 2]
        if not (g or r or b):
            continue
        colour = ("black" if r and b and not g else "white" if r == g == b else
                  "red" if r and not g and not b else "other")
        out[led_index(k, size, "serpentine")] = colour
    return out


class Builder:
    """The person at the emulated board: a stone on each point lit black or
    white, every stone off its point when lit red; one thing at a time."""

    def __init__(self, board):
        self.board = board
        self.gen = None
        self.placed = set()

    def step(self):
        w = self.board.world
        if self.gen is None:
            for i, c in sorted(lit(self.board).items()):
                if c in ("black", "white") and not w.board[i] and i not in self.placed:
                    self.placed.add(i)
                    self.gen = w.place(1 if c == "black" else 2, i, 1, "fix", 6, 3)
                    break
                if c == "red" and w.board[i]:
                    self.gen = w.lift(i, to_lid=False)
                    break
        if self.gen is not None:
            try:
                next(self.gen)
            except StopIteration:
                self.gen = None
        self.board.step(pace=1)


def test_diag_on_the_emulated_chip_names_the_mistakes_and_its_remap_fixes_them():
    board = ChipBoard(chip_rig.product_image(), seed=3, noise=1, pty=True, wiring=SPEC)
    proc = None
    try:
        board.power_on()
        board.wait_booted()       # its link said hello: the loop runs
        proc = subprocess.Popen([str(VENV_BIN / "goboard"), "diag", "--port", board.port,
                                 "--rows", "18", "--save", "--frames", "4", "--wait", "4",
                                 "--json"], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                text=True)
        builder = Builder(board)
        end = time.monotonic() + 400
        while proc.poll() is None and time.monotonic() < end:
            builder.step()
        out, err = proc.communicate(timeout=5) if proc.poll() is not None else ("", "")
        assert proc.returncode == 0, err
        rep = json.loads(out)
        named = {p["kind"]: p for p in rep["problems"]}
        assert sorted(named) == ["dead-mux", "inverted-sensor", "swapped-sensors",
                                 "wrong-order"], [(p["kind"], p["points"][:3]) for p in
                                                  rep["problems"]]
        assert named["dead-mux"]["mux"] == "N2" and len(named["dead-mux"]["points"]) == 105
        assert named["swapped-sensors"]["points"] == ["cb", "fb"]
        assert named["inverted-sensor"]["points"] == ["hb"]
        assert named["wrong-order"]["order"] == "rows"
        assert rep["remap"]["saved"] and rep["wiring"]["walked"] == 19
        # the board plays on (once it has said which sensors are dead): a stone
        # on each of these reads on its own point
        start = len(board.events)
        board.wait(3000)
        played = [("B", "cb"), ("W", "dd"), ("B", "hb"), ("W", "pd")]
        for colour, pt in played:
            board.play([["place", colour, pt], ["wait", "500"]])

        def moves(evs):
            return [(e["color"], e["point"]) for e in evs[start:] if e["type"] == "move"]
        board.wait_for(lambda evs: len(moves(evs)) >= 4, 8000)
        assert moves(board.events) == played, [e for e in board.events[start:]
                                               if e["type"] != "sensor-fault"]
        files = board.chip.files()
        assert "calibration.bin" in files and files["calibration.bin"][6] & 1   # a remap in it
    finally:
        if proc is not None and proc.poll() is None:
            proc.kill()
        board.close()
