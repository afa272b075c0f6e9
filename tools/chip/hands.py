"""A builder at the reference board on the emulated RP2040, for bring-up.

`Builder(board).step()` is one scan period of a person who follows the board's
lights as the WS2812 chain shows them (the LED frames the emulator decodes): a
stone on each point lit black or white, every stone off its point when lit red;
one thing at a time, a stone put in 9 scans. `goboard diag --sim --chip` runs

    python tools/chip/hands.py --wiring SPEC [--seed N]

which boots the product image (tools/build-image) on a ChipBoard built with
those wiring mistakes (tools/sim/wiring.py), prints `port PATH` (the emulated
USB, a pty) and steps the board with its builder until stdin closes.
"""

import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

from board import ChipBoard                    # noqa: E402  (puts firmware/ and tools/sim on the path)
from goban.hw.lights import led_index          # noqa: E402


def lit(board):
    """{frame index: colour} the chain shows now: black, white, red or other."""
    if not board.chip.leds:
        return {}
    frame = board.chip.leds[-1]
    del board.chip.leds[:-1]
    order = (board.prof.lights or {}).get("order", "serpentine")
    out = {}
    for k in range(len(frame) // 3):
        g, r, b = frame[3 * k], frame[3 * k + 1], frame[3 * k + 2]
        if not (g or r or b):
            continue
        out[led_index(k, board.size, order)] = (
            "black" if r and b and not g else "white" if r == g == b else
            "red" if r and not g and not b else "other")
    return out


class Builder:
    """The person at the emulated board (the module docstring)."""

    def __init__(self, board):
        self.board = board
        self.gen = None
        self.placed = set()

    def step(self, pace=1):
        w = self.board.world
        if self.gen is None:
            for i, c in sorted(lit(self.board).items()):
                if c in ("black", "white") and not w.board[i] and i not in self.placed:
                    self.placed.add(i)
                    self.gen = w.place(1 if c == "black" else 2, i, 1, "fix", 6, 3)
                    break
                if c == "red" and w.board[i]:
                    self.placed.discard(i)
                    self.gen = w.lift(i, "bowl")
                    break
        if self.gen is not None:
            try:
                next(self.gen)
            except StopIteration:
                self.gen = None
        self.board.step(pace)


def main(argv=None):
    import argparse
    import select
    sys.path.insert(0, HERE)
    import build
    ap = argparse.ArgumentParser(prog="tools/chip/hands.py", description=__doc__.split("\n")[0])
    ap.add_argument("--wiring", default="")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--noise", type=int, default=1)
    a = ap.parse_args(argv)
    try:
        image = build.build()
    except build.BuildError as e:
        print("error the product image: %s" % e, flush=True)
        return 2
    board = ChipBoard(image, seed=a.seed, noise=a.noise, pty=True, wiring=a.wiring or None)
    try:
        board.power_on()
        board.wait_booted()
        print("port %s" % board.port, flush=True)
        builder = Builder(board)
        poll = select.poll()
        poll.register(sys.stdin, select.POLLIN | select.POLLHUP)
        while True:
            for _ in range(10):
                builder.step()
            if poll.poll(0):
                if not sys.stdin.read(1):
                    break
    finally:
        board.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
