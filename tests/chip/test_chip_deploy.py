"""The second way onto a Pico: `tools/deploy` of .mpy files onto the stock image.

The stock MicroPython v1.28.0 image boots on the emulated RP2040 with a blank
filesystem (its _boot.py formats the flash: the emulator serves the erase and
program calls); `tools/deploy --port PTY` compiles the firmware for armv6m and
copies it with mpremote over the emulated USB, then resets the board
(machine.reset -> the watchdog -> the runner powers it up again). The board
then boots main.py from its flash, imports the .mpy modules, loads the profile
deploy copied, and referees: two stones placed are two moves; then, the game
resigned, the new-game menu starts a game on a clock (its module loaded then).
"""

import subprocess
import time

from conftest import REPO
import chip_rig
from board import ChipBoard


def test_deploy_onto_the_stock_image_then_play(tmp_path):
    board = ChipBoard(chip_rig.stock_image(), pty=True)
    try:
        board.power_on()
        board.wait(1000)
        deploy = subprocess.Popen([str(REPO / "tools" / "deploy"), "--port", board.port,
                                   "--build-dir", str(tmp_path / "mpy")],
                                  stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        end = time.monotonic() + 420
        while deploy.poll() is None and time.monotonic() < end:
            board.step()
        late = deploy.poll() is None
        if late:
            deploy.kill()         # (the chip is no longer stepped: mpremote would wait for ever)
            deploy.wait()
        out = deploy.stdout.read().decode()
        assert not late, "tools/deploy did not finish in 420 s:\n" + out
        assert deploy.returncode == 0, out
        assert "copied" in out and "reset" in out
        assert board.resets == 1, "mpremote's reset never reached the chip"
        assert board.wait_for(lambda evs: any(e["type"] == "ready" for e in evs), 8000), \
            "the deployed firmware did not start: %r" % bytes(board.chip.usb[-400:])
        board.play([["place", "B", "pd"], ["wait", "400"], ["place", "W", "dp"], ["wait", "400"]])
        # the game resigned, the new-game menu (goban.menu, loaded only now: the
        # heap is tight) starts a game on a clock of 10 minutes
        presses = ["ok"] * 4 + ["up", "ok", "ok"]     # rules, komi, handicap; absolute
        board.play([["button", "W", "resign"], ["wait", "300"]] +
                   [a for name in presses for a in (["button", "B", name], ["wait", "100"])])
        assert board.wait_for(lambda evs: any(e["type"] == "game-start" and e.get("by") ==
                                              "menu" for e in evs), 4000), \
            "no game from the menu: %r" % bytes(board.chip.usb[-400:])
        files = board.chip.files()
    finally:
        board.close()
    moves = [(e["color"], e["point"]) for e in board.events if e["type"] == "move"]
    assert moves == [("B", "pd"), ("W", "dp")]
    start = [e for e in board.events if e["type"] == "game-start"][0]
    assert start["profile"] == "reference-19"
    menu = [e for e in board.events if e["type"] == "game-start" and e.get("by") == "menu"]
    assert menu[0]["clock"] == "absolute:600" and menu[0]["game"] == start["game"] + 1
    assert "goban/game.mpy" in files and "goban/referee/play.mpy" in files
    assert not [p for p in files if p.startswith("goban/") and p.endswith(".py")]
    assert "main.py" in files and "boards/reference-19.json" in files
