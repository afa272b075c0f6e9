"""A physical game through the product image on the emulated RP2040.

The reference board's own drivers run on the chip (the register scan of the hall
matrix through the ADC and the mux select lines, the HX711s, the PCF8574 buttons,
the SSD1306, the WS2812 chain), the game log on the chip's LittleFS, the link
over USB CDC bridged to a pseudo-terminal; the stones come from the simulator's
world. The host follows the game with `goboard sync --follow` on that port, as
on a Pico, and its SGF must be the game the hands played. A power cut at a random
instruction in the middle of another game must lose nothing: the board resumes
from its flash and the game goes on to the same end.
GOBOARD_CHIP_SEED changes the world's randomness and the cut's instruction.
"""

import glob
import os
import random
import subprocess
import time

import pytest

from conftest import DATA, REPO, VENV_BIN
import chip_rig
from board import ChipBoard

SEED = int(os.environ.get("GOBOARD_CHIP_SEED", random.randrange(1 << 30)))
GAME = str(DATA / "sim_gnugo_19.sgf")
MOVES = 24


def moves_of(events):
    return [(e["color"], e["point"]) for e in events if e["type"] == "move"]


def test_a_physical_game_synced_over_the_emulated_usb(tmp_path):
    print("chip game: GOBOARD_CHIP_SEED=%d, %d moves of %s" % (SEED, MOVES, GAME))
    actions, played = chip_rig.game_script(GAME, MOVES, SEED)
    board = ChipBoard(chip_rig.product_image(), seed=SEED, noise=1, pty=True)
    out = tmp_path / "games"
    sync = None
    try:
        board.power_on()
        assert board.wait_for(lambda evs: any(e["type"] == "ready" for e in evs), 5000), \
            "the board never became ready: %r" % board.events
        sync = subprocess.Popen([str(VENV_BIN / "goboard"), "sync", "--port", board.port,
                                 "--out", str(out), "--follow", "--idle-exit", "6", "--quiet"],
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        board.play(actions)
        assert board.wait_for(lambda evs: any(e["type"] == "count" for e in evs), 5000), \
            "no count: %r" % board.events[-5:]
        end = time.monotonic() + 60
        while sync.poll() is None and time.monotonic() < end:
            board.step()
        assert sync.poll() is not None, "goboard sync did not finish"
        err = sync.stderr.read().decode()
        assert sync.returncode == 0, err
    finally:
        if sync is not None and sync.poll() is None:
            sync.kill()
        board.close()
    assert moves_of(board.events) == played
    assert not [e for e in board.events if e["type"] == "illegal"], board.events
    count = [e for e in board.events if e["type"] == "count"][0]
    files = glob.glob(str(out / "*.sgf"))
    assert len(files) == 1, files
    from goboard.record.sgfrecord import read_moves
    props, moves = read_moves(open(files[0], "rb").read(), files[0])
    assert [(c, p) for c, p, _ in moves if p] == played
    assert props["RE"] == count["result"]
    assert props["SZ"] == 19


def test_a_power_cut_mid_game_resumes_from_flash():
    """The power fails at a random instruction between two moves (stones placed
    while the board boots land before it looks; a player presses a button only
    once the board is back); at power-on the board resumes its game from the log
    on its LittleFS and the moves are the game played, none lost, none doubled."""
    rng = random.Random(SEED)
    actions, played = chip_rig.game_script(GAME, 16, SEED)
    cut_at = [j for j, a in enumerate(actions) if a[0] == "place"][rng.randint(3, 8)]
    actions.insert(cut_at, ["power-cut"])     # before the k-th move's stone
    print("chip power cut: GOBOARD_CHIP_SEED=%d, cut before action %d" % (SEED, cut_at))
    board = ChipBoard(chip_rig.product_image(), seed=SEED, noise=1)
    try:
        board.power_on()
        assert board.wait_for(lambda evs: any(e["type"] == "ready" for e in evs), 5000)
        board.play(actions)
        assert board.wait_for(lambda evs: any(e["type"] == "count" for e in evs), 5000), \
            board.events[-5:]
        files = board.chip.files()
    finally:
        board.close()
    assert board.cuts == 1
    assert moves_of(board.events) == played
    boots = [m for m in board.messages if m.get("k") == "hello" and "re" not in m]
    assert len(boots) == 2, "the board should have said hello at each power-on"
    # the log on the chip's own flash holds the game
    logs = sorted(p for p in files if p.startswith("games/") and p.endswith(".log"))
    assert logs, sorted(files)
    assert "calibration.bin" in files


def test_a_power_cut_inside_a_flash_write_loses_nothing():
    """The power fails inside the k-th flash program/erase after a stone is let
    go (the game log's record of that move, on the chip's LittleFS: half a page
    written). LittleFS keeps its last committed state; the board resumes, finds
    the torn move's stone on the board and takes it as the move (catch-up), and
    the game goes on: every move once, in order. k (1..4) from the seed."""
    k = random.Random(SEED).randint(1, 4)
    print("chip torn write: GOBOARD_CHIP_SEED=%d, the flash operation %d after move 6" % (SEED, k))
    actions, played = chip_rig.game_script(GAME, 10, SEED)
    i = [j for j, a in enumerate(actions) if a[0] == "place"][5]
    actions.insert(i, ["power-cut-in-write", str(k)])
    board = ChipBoard(chip_rig.product_image(), seed=SEED + k, noise=1)
    try:
        board.power_on()
        assert board.wait_for(lambda evs: any(e["type"] == "ready" for e in evs), 5000)
        board.play(actions)
        assert board.wait_for(lambda evs: any(e["type"] == "count" for e in evs), 5000), \
            board.events[-5:]
    finally:
        board.close()
    assert board.cuts == 1, "the armed cut never happened"
    assert moves_of(board.events) == played, board.events
