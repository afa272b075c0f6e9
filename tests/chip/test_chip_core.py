"""The rules core on the emulated RP2040 (the product image, frozen viper code)
agrees with CPython, position by position.

The cross-port driver (tests/mp/core_driver.py) runs unchanged on the chip (the
commands given as a string), through the raw REPL, on random games of several rule
sets, every SGF in tests/data/, a game of 500+ moves and games whose capture log
outgrows its start size: the driver's games start with a capacity of 64 moves,
so the history and the capture log grow during play — what crashed the frozen
image before (Game.play re-entered viper after growing its arrays).
GOBOARD_CHIP_SEED, GOBOARD_CHIP_GAMES change the random games.
"""

import os
import random
import subprocess
import sys

import pytest

from conftest import REPO
import chip_rig
from crossport import DRIVER, SCRIPT_MARK, SGFS, compare, random_commands, sgf_commands

SEED = int(os.environ.get("GOBOARD_CHIP_SEED", random.randrange(1 << 30)))
GAMES = int(os.environ.get("GOBOARD_CHIP_GAMES", "2"))


def chip_driver(rules_id, size, cmds):
    """The driver's text (tests/mp/core_driver.py, without its script part) and a
    call that reads the commands from a string: the chip's REPL has no stdin."""
    text = "%s %d\n%s\nend\n" % (rules_id, size, "\n".join(cmds))
    body = DRIVER.read_text().split(SCRIPT_MARK)[0]
    return body + "import io\nrun(io.StringIO(%r), sys.stdout, True)\n" % text


def cpython_lines(rules_id, size, cmds):
    text = "%s %d\n%s\nend\n" % (rules_id, size, "\n".join(cmds))
    py = subprocess.run([sys.executable, str(DRIVER), "--compact"], input=text,
                        capture_output=True, text=True, timeout=300, cwd=str(REPO))
    assert py.returncode == 0, py.stderr
    return py.stdout.splitlines()


@pytest.fixture(scope="module")
def chip():
    c = chip_rig.repl(chip_rig.product_image())
    yield c
    c.close()


def run_case(chip, rules_id, size, cmds, label):
    cmds = cmds + ["end"]
    py = cpython_lines(rules_id, size, cmds[:-1])
    out = chip.exec(chip_driver(rules_id, size, cmds[:-1]))
    compare(rules_id, size, cmds, py, out.replace("\r", "").splitlines(), label)
    return py


CASES = [("chinese", 19), ("ing", 9), ("living-stones", 9), ("tromp-taylor", 9),
         ("new-ing", 9), ("japanese", 13)]


@pytest.mark.parametrize("rules_id,size", CASES)
def test_random_games_same_on_the_chip(chip, rules_id, size):
    seed = SEED + size
    print("chip core: %s %dx%d GOBOARD_CHIP_SEED=%d, %d games" % (rules_id, size, size,
                                                                  SEED, GAMES))
    rng = random.Random(seed)
    games = []
    for k in range(GAMES):
        games += (["n"] if k else []) + random_commands(rng, rules_id, size,
                                                        int(size * size * 1.3))
    run_case(chip, rules_id, size, games, "%s %d seed %d" % (rules_id, size, seed))


@pytest.mark.parametrize("path", SGFS)
def test_sgf_games_same_on_the_chip(chip, path):
    size, cmds = sgf_commands(path)
    run_case(chip, "chinese", size, cmds, os.path.basename(path))


def test_a_long_game_grows_its_arrays_on_the_frozen_image(chip):
    """520 moves from a capacity of 64 (the history grows four times) and 400+
    stones captured (the capture log grows too), on 9x9 where captures are many."""
    from goban.game import Game
    from goban.board import EMPTY

    def random_game(seed):
        rng = random.Random(seed)
        g = Game("chinese", size=9, capacity=64)
        cmds = []
        while len(cmds) < 520:
            empty = [p for p in g.board.points() if g.board.cells[p] == EMPTY]
            rng.shuffle(empty)
            for p in empty:
                if g.play(g.to_move(), p) is None:
                    cmds.append("p %d" % p)
                    break
            else:
                cmds.append("s")
                g.pass_move(g.to_move())
                if g.over:
                    break
        return g, cmds

    # a random game may end by two passes before 500 moves (some seeds do): the
    # next seed then, so the test is of the arrays, never of the draw's luck
    for seed in range(SEED, SEED + 20):
        g, cmds = random_game(seed)
        if g.n >= 500:
            break
    print("long game: seed %d, %d moves" % (seed, g.n))
    assert g.n >= 500, "the random game ended early (%d moves)" % g.n
    taken = int(g.captures[1]) + int(g.captures[2])
    assert taken > 200, "too few captures to grow the log: %d" % taken
    py = run_case(chip, "chinese", 9, cmds, "long game seed %d" % seed)
    assert py[-2].split()[6] == str(g.n)


def test_capacity_8_plays_past_its_room(chip):
    """The issue's case: capacity 8, the ninth move grows the arrays (it hung the
    chip in a HardFault before)."""
    out = chip.exec(
        "from goban.game import Game\n"
        "g = Game('chinese', 9, capacity=8)\n"
        "for k, s in enumerate(('aa','ii','ab','ih','ac','ig','ad','if','ae','ie','af','id')):\n"
        "    print(g.play(g.to_move(), g.board.from_sgf(s)), g.n, len(g.flags))\n")
    lines = out.split()
    assert lines[0::3] == ["None"] * 12
    assert lines[1::3] == [str(k) for k in range(1, 13)]
    assert int(lines[-1]) > 9          # the history grew
