"""The rules core gives the same positions under CPython and under the MicroPython
unix port with viper active.

One driver (tests/mp/core_driver.py) runs unchanged under both: it reads commands from stdin
(play, pass, pass stone, abandon, undo) and prints one line per command: the
refusal code, the board rows, both hash halves, the prisoners, the move count and
the end of play. The games are random (9x9, 13x13, 19x19 under several rule
sets, with illegal tries, passes and takebacks mixed in) from a printed seed
(GOBOARD_XPORT_SEED, GOBOARD_XPORT_GAMES to change), plus every SGF in tests/data/.
The games of a case run one after the other in one process of each interpreter
(command `n` starts the next), so the time goes into games, not start-ups.
"""

import os
import random
import subprocess
import sys

import pytest

from conftest import REPO, run_micropython
from crossport import DRIVER, SGFS, compare, random_commands, sgf_commands
from goban import rules as R

SEED = int(os.environ.get("GOBOARD_XPORT_SEED", random.randrange(1 << 30)))
# games per case: about 35 s for the ten cases on this machine
GAMES = int(os.environ.get("GOBOARD_XPORT_GAMES", "30"))

def run_both(rules_id, size, cmds):
    script = DRIVER
    text = "%s %d\n%s\n" % (rules_id, size, "\n".join(cmds))
    py = subprocess.run([sys.executable, str(script)], input=text, capture_output=True,
                        text=True, timeout=300, cwd=str(REPO))
    assert py.returncode == 0, py.stderr
    mp = run_micropython(script, stdin=text)
    return py.stdout.splitlines(), mp.splitlines()


GAME_CASES = [("chinese", 9), ("chinese", 13), ("chinese", 19), ("tromp-taylor", 9),
              ("ing", 9), ("new-ing", 9), ("living-stones", 9), ("japanese", 9),
              ("aga", 13), ("tang-song", 9)]


@pytest.mark.parametrize("rules_id,size", GAME_CASES)
def test_random_games_same_under_cpython_and_micropython(rules_id, size):
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
    py_lines, mp_lines = run_both(rules_id, size, games)
    compare(rules_id, size, games, py_lines, mp_lines, "%s %d seed %d (game = the "
            "number of n commands before it)" % (rules_id, size, seed))
    captures = sum(1 for line in py_lines if line.split()[-1] != "0")
    assert captures > GAMES, "the games captured too little: they test too little"


@pytest.mark.parametrize("path", SGFS or [None])
def test_sgf_games_same_under_cpython_and_micropython(path):
    if path is None:
        pytest.skip("no SGF in tests/data/")
    size, cmds = sgf_commands(path)
    py_lines, mp_lines = run_both("chinese", size, cmds)
    compare("chinese", size, cmds, py_lines, mp_lines, os.path.basename(path))
