"""goboard diag through the product image on the emulated RP2040: the reference
board built with wiring mistakes (tools/sim/wiring.py, its ADC answered through
them), the host's `goboard diag --port` on the emulated USB, a builder who
follows the board's lights as the WS2812 chain shows them. The mistakes are
named from what the chip read; with its remap saved on the chip's LittleFS the
board then takes the moves on the right points. One row is walked (the
emulator is slow: about a minute); the rows not walked follow the wiring found
(`--rows 18 --save`). `goboard diag --sim --chip` does the same from the
command line."""

import json
import subprocess
import time

from conftest import VENV_BIN
import chip_rig
from board import ChipBoard
from hands import Builder

SPEC = "order:rows;swap:cb,fb;inverted:hb;mux2:3"


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


def test_goboard_diag_sim_chip_from_the_command_line():
    r = subprocess.run([str(VENV_BIN / "goboard"), "diag", "--sim", "--chip", "--sim-wiring",
                        "mux1:3;sel1:0,3", "--rows", "19", "--frames", "3", "--json"],
                       capture_output=True, text=True, timeout=400)
    assert r.returncode == 0, r.stderr
    rep = json.loads(r.stdout)
    named = sorted((p["kind"], p.get("mux"), tuple(p.get("lines", ()))) for p in rep["problems"])
    assert named == [("dead-mux", "M2", ()), ("swapped-select-lines", None, (0, 3))], named
    assert rep["board"]["profile"] == "reference-19" and rep["wiring"]["walked"] == 19
