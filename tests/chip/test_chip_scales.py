"""The bowls' scales on the emulated RP2040: the product image reads its four
HX711s through PIO state machines (goban.hw.scale.HX711Pio: the 24-bit shift in
hardware, ~0.1 ms of the core's time a reading instead of ~1.2 ms bit-banged),
and what it weighs is what lies in the bowls and lids of the simulated table:
the emulator's HX711 models clock their conversions out on the SCK edges the
state machines make, at the profile's 80 samples a second."""

import chip_rig
from conftest import REPO

import sys
sys.path.insert(0, str(REPO / "tools" / "chip"))
import board as CB  # noqa: E402


def bowls_now(board):
    evs = [e for e in board.events if e["type"] == "bowls"]
    return evs[-1] if evs else None


def test_the_board_weighs_the_bowls_through_pio():
    board = CB.ChipBoard(chip_rig.product_image(), seed=4)
    try:
        board.power_on()
        def settled():
            b = bowls_now(board) or {}
            return all(b.get(k, -1) >= 0 for k in ("B", "W", "lidB", "lidW"))
        assert board.wait_for(lambda evs: settled(), 8000), bowls_now(board)
        first = bowls_now(board)
        assert (first["B"], first["W"], first["lidB"], first["lidW"]) == (180, 180, 0, 0)
        # three stones from black's bowl into white's lid, one white into black's lid
        board.play([["bowl", "B", -3], ["lid", "W", 3], ["bowl", "W", -1], ["lid", "B", 1],
                    ["wait", 1500]])
        now = bowls_now(board)
        assert (now["B"], now["W"], now["lidB"], now["lidW"]) == (177, 179, 1, 3), now
    finally:
        board.close()


def test_the_product_image_opens_its_scales_on_pio():
    c = chip_rig.repl(chip_rig.product_image())
    try:
        text = c.exec("import main\nfrom goban.hw.scale import open_scale\n"
                      "sc = main.load_profile('reference-19').bowls['scales']\n"
                      "d = [open_scale(sc[w], k) for k, w in enumerate(sorted(sc))]\n"
                      "print('KINDS', sorted(set(type(s).__name__ for s in d)))\n",
                      limit_us=20_000_000)
    finally:
        c.close()
    assert "KINDS ['HX711Pio']" in text, text
