"""The rules core gives the same positions under CPython and under the MicroPython
unix port with viper active.

One driver script (below) runs unchanged under both: it reads commands from stdin
(play, pass, pass stone, abandon, undo) and prints one line per command: the
refusal code, the board rows, both hash halves, the prisoners, the move count and
the end of play. The games are random (9x9, 13x13, 19x19 under several rule
sets, with illegal tries, passes and takebacks mixed in) from a printed seed
(GOBOARD_XPORT_SEED, GOBOARD_XPORT_GAMES to change), plus every SGF in tests/data/.
The games of a case run one after the other in one process of each interpreter
(command `n` starts the next), so the time goes into games, not start-ups.
"""

import glob
import os
import random
import subprocess
import sys

import pytest

from conftest import REPO, run_micropython
from goban import rules as R
from goban.board import EMPTY
from goban.game import Game

SEED = int(os.environ.get("GOBOARD_XPORT_SEED", random.randrange(1 << 30)))
# games per case: about 35 s for the ten cases on this machine
GAMES = int(os.environ.get("GOBOARD_XPORT_GAMES", "30"))

DRIVER = r'''
import sys
from goban.game import Game
from goban import rules as R

def main():
    head = sys.stdin.readline().split()
    g = Game(head[0], size=int(head[1]), capacity=64)
    out = sys.stdout
    while True:
        line = sys.stdin.readline()
        if not line:
            break
        f = line.split()
        if not f:
            continue
        op = f[0]
        code = None
        if op == "n":  # the next game, same rules and size
            g = Game(head[0], size=int(head[1]), capacity=64)
        elif op == "p":
            code = g.play(g.to_move(), int(f[1]))
        elif op == "s":
            code = g.pass_move(g.to_move())
        elif op == "t":
            code = g.pass_stone(g.to_move())
        elif op == "a":
            code = g.abandon(g.to_move())
        elif op == "u":
            code = "undo" if g.undo() else "no-undo"
        elif op == "setup":
            bl = [int(x) for x in f[1].split(",") if x]
            wl = [int(x) for x in f[2].split(",") if x]
            g.setup(black=bl, white=wl, to_move=int(f[3]))
        b = g.board
        out.write("%s %s %d %d %d %d %d %s %s %d\n" % (
            code, "/".join(b.rows()), b.hash1, b.hash2, g.captures[1], g.captures[2],
            g.n, g.over, g.end, len(g.last_capture())))

main()
'''


def random_commands(rng, rules_id, size, length):
    """Commands of a random game, generated on a live CPython game so that most
    are legal: random empty points, some occupied or suicidal tries, passes,
    pass stones, abandons and takebacks."""
    g = Game(rules_id, size=size, capacity=64)
    b = g.board
    pts = list(b.points())
    cmds = []
    while len(cmds) < length and not g.over:
        r = rng.random()
        c = g.to_move()
        if g.passes_in_row() and rng.random() < 0.9:
            r = 0.5  # mostly play on after a pass, so games run long
        if r < 0.03:
            cmds.append("s")
            g.pass_move(c)
        elif r < 0.04 and g.rules.passes != R.PASS_PLAIN:
            cmds.append("t")
            g.pass_stone(c)
        elif r < 0.05 and g.rules.passes == R.PASS_ABANDON_STONE:
            cmds.append("a")
            g.abandon(c)
        elif r < 0.08:
            cmds.append("u")
            g.undo()
        elif r < 0.15:
            p = rng.choice(pts)  # anything, occupied included
            cmds.append("p %d" % p)
            g.play(c, p)
        else:
            empty = [p for p in pts if b.cells[p] == EMPTY]
            if not empty:
                break
            p = rng.choice(empty)
            cmds.append("p %d" % p)
            g.play(c, p)
    return cmds


def sgf_commands(path):
    """Setup and moves of an SGF's main line (sgfmill reads it)."""
    from sgfmill import sgf
    with open(path, "rb") as f:
        game = sgf.Sgf_game.from_bytes(f.read())
    size = game.get_size()
    W = size + 1

    def idx(rc):
        row, col = rc
        return (size - row) * W + col  # sgfmill rows count from the bottom

    root = game.get_root()
    ab, aw, _ = root.get_setup_stones()
    cmds = []
    first = 1
    seq = game.get_main_sequence()
    for node in seq:
        colour, move = node.get_move()
        if colour:
            first = 1 if colour == "b" else 2
            break
    if ab or aw:
        cmds.append("setup %s %s %d" % (",".join(str(idx(m)) for m in ab),
                                         ",".join(str(idx(m)) for m in aw), first))
    for node in seq[1:]:
        colour, move = node.get_move()
        if colour is None:
            continue
        cmds.append("s" if move is None else "p %d" % idx(move))
    return size, cmds


def run_both(tmp_path, rules_id, size, cmds):
    script = tmp_path / "core_driver.py"
    script.write_text(DRIVER)
    text = "%s %d\n%s\n" % (rules_id, size, "\n".join(cmds))
    py = subprocess.run([sys.executable, str(script)], input=text, capture_output=True,
                        text=True, timeout=300, cwd=str(REPO))
    assert py.returncode == 0, py.stderr
    mp = run_micropython(script, stdin=text)
    return py.stdout.splitlines(), mp.splitlines()


def compare(rules_id, size, cmds, py_lines, mp_lines, label):
    assert len(py_lines) == len(cmds), label
    for i, (a, b) in enumerate(zip(py_lines, mp_lines)):
        assert a == b, "%s: command %d (%s) differs\nCPython:     %s\nMicroPython: %s" % (
            label, i + 1, cmds[i], a, b)
    assert len(mp_lines) == len(py_lines), label


GAME_CASES = [("chinese", 9), ("chinese", 13), ("chinese", 19), ("tromp-taylor", 9),
              ("ing", 9), ("new-ing", 9), ("living-stones", 9), ("japanese", 9),
              ("aga", 13), ("tang-song", 9)]


@pytest.mark.parametrize("rules_id,size", GAME_CASES)
def test_random_games_same_under_cpython_and_micropython(tmp_path, rules_id, size):
    seed = SEED + size * 1000 + R.RULE_IDS.index(rules_id)
    print("cross-port: %s %dx%d GOBOARD_XPORT_SEED=%d (case seed %d), %d games"
          % (rules_id, size, size, SEED, seed, GAMES))
    rng = random.Random(seed)
    cmds = []
    for _ in range(GAMES):
        cmds.append(random_commands(rng, rules_id, size, int(size * size * 1.3)))
    games = []
    for k, c in enumerate(cmds):
        games += (["n"] if k else []) + c
    py_lines, mp_lines = run_both(tmp_path, rules_id, size, games)
    compare(rules_id, size, games, py_lines, mp_lines, "%s %d seed %d (game = the "
            "number of n commands before it)" % (rules_id, size, seed))
    captures = sum(1 for line in py_lines if line.split()[-1] != "0")
    assert captures > GAMES, "the games captured too little: they test too little"


SGFS = sorted(glob.glob(os.path.join(os.path.dirname(__file__), "data", "*.sgf")))


@pytest.mark.parametrize("path", SGFS or [None])
def test_sgf_games_same_under_cpython_and_micropython(tmp_path, path):
    if path is None:
        pytest.skip("no SGF in tests/data/")
    size, cmds = sgf_commands(path)
    py_lines, mp_lines = run_both(tmp_path, "chinese", size, cmds)
    compare("chinese", size, cmds, py_lines, mp_lines, os.path.basename(path))
