"""The rules core's cross-port checks: command lists for tests/mp/core_driver.py
(random games played on a live CPython game, an SGF's main line) and the line by
line comparison of two interpreters' outputs. Shared by
tests/unit/test_core_crossport.py and tests/chip/test_chip_core.py."""

import glob
import os

from conftest import DATA, MP
from goban import rules as R
from goban.board import EMPTY
from goban.game import Game

DRIVER = MP / "core_driver.py"
SCRIPT_MARK = "# --- as a script"
SGFS = sorted(glob.glob(os.path.join(DATA, "*.sgf")))


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


def compare(rules_id, size, cmds, py_lines, mp_lines, label):
    assert len(py_lines) == len(cmds), label
    for i, (a, b) in enumerate(zip(py_lines, mp_lines)):
        assert a == b, "%s: command %d (%s) differs\nCPython:     %s\nMicroPython: %s" % (
            label, i + 1, cmds[i], a, b)
    assert len(mp_lines) == len(py_lines), label


def scenarios_alike(module, script):
    """A scenario module's answers (its SCENARIOS, each run by `module.run`)
    under CPython against the same module run by the MicroPython unix port
    (`script` in tests/mp, the referee board from tests/): (got, want)."""
    import json
    from conftest import FIRMWARE, REPO, TESTS, run_micropython
    names = [f.__name__ for f in module.SCENARIOS]
    out = run_micropython(str(MP / script), stdin=" ".join(names),
                          path=[FIRMWARE, REPO / ".frozen", TESTS, MP])
    got = [json.loads(line) for line in out.splitlines() if line.startswith("[")]
    want = [json.loads(json.dumps([n, module.run(n)])) for n in names]
    return got, want


def loop_program_alike(script, tmp_path, lines=3):
    """A tests/mp program that drives the board loop, given a scratch folder on
    stdin, run by CPython and by the MicroPython unix port: its last `lines`
    JSON lines, asserted the same under both."""
    import json
    import subprocess
    import sys
    from conftest import REPO, run_micropython
    env = {"PYTHONPATH": "%s:%s" % (REPO / "firmware", MP), "PATH": "/usr/bin:/bin"}
    (tmp_path / "cp").mkdir()
    (tmp_path / "mp").mkdir()
    cp = subprocess.run([sys.executable, str(MP / script)], input=str(tmp_path / "cp"),
                        capture_output=True, text=True, env=env, timeout=120, cwd=str(REPO))
    assert cp.returncode == 0, cp.stderr
    mp = run_micropython(MP / script, stdin=str(tmp_path / "mp"))
    got = [json.loads(x) for x in mp.splitlines()[-lines:]]
    assert got == [json.loads(x) for x in cp.stdout.splitlines()[-lines:]]
    return got
