"""Helpers for the tests on the emulated RP2040 (tests/test_chip_*.py).

The product image is built once per change of the firmware (tools/chip/build.py
caches it by the hash of its inputs) from the chip kit in ../shared/rp2040/ (or
GOBOARD_RP2040_DIR). Nothing skips: a missing kit, toolchain, node or rp2040js
fails the test with what is missing and how to get it.
"""

import os
import subprocess
import sys

import pytest

from conftest import REPO, MPY_CROSS

sys.path.insert(0, str(REPO / "tools" / "chip"))
sys.path.insert(0, str(REPO / "tools" / "sim"))

import build as B  # noqa: E402
import chip as C   # noqa: E402
import board as CB  # noqa: E402

_IMAGE = {}


def product_image():
    """The frozen product image (built or from the cache)."""
    if "frozen" not in _IMAGE:
        try:
            _IMAGE["frozen"] = B.build(log=sys.stdout)
        except B.BuildError as e:
            pytest.fail("the product image cannot be built: %s" % e)
    return _IMAGE["frozen"]


def stock_image():
    try:
        return B.stock()
    except B.BuildError as e:
        pytest.fail(str(e))


def mpy_files(tmp_dir):
    return CB.mpy_files(tmp_dir)


def repl(image, fs_files=None, profile=None, xip_cache=True):
    """A chip booted to its raw REPL (main.py interrupted), ready for exec().
    profile: a goban Profile whose parts the emulator wires up (the WS2812
    chain's pin is decoded, the HX711s answer...); None: the ADC only;
    xip_cache: the XIP cache's misses charged (False: flash at RAM speed)."""
    try:
        c = C.Chip(image, fs_files=fs_files, profile=profile, xip_cache=xip_cache)
    except C.ChipError as e:
        pytest.fail(str(e))
    c.boot()
    c.run_for(300_000)
    c.raw_repl()
    return c




def game_script(sgf_path, n_moves, seed=1):
    return CB.game_script(sgf_path, n_moves, seed)
