"""The counter on the target: it gives the same counts under MicroPython (viper) as under CPython, and its loops (the
cells' copy, the dead stones taken off, the region/block pass, the score
arithmetic, the dead and seki names written out, 计枰点's history scan)
allocate nothing: run under micropython.heap_lock() after the buffers are
prepared."""

import json
import subprocess
import sys

import pytest

from conftest import MP
from goban import rules as R
import random

from count_positions import (FIG3, FIG5, FIG5_DEAD, ONE_LIBERTY_SEKI, FOUR_LIBERTY_SEKI,
                             ONE_EYE_LIFE, TANG_SONG_SEKI, CONNECTED_BY_DAME, OPEN_MOUTH,
                             random_rows)

# a 19x19 checkerboard: 361 one-stone blocks (block ids past 255 in the uint16 buffers)
CHECKER = ["".join("XO"[(x + y) % 2] for x in range(19)) for y in range(19)]
POSITIONS = {"fig3": (FIG3, []), "fig5": (FIG5, FIG5_DEAD), "one": (ONE_LIBERTY_SEKI, []),
             "four": (FOUR_LIBERTY_SEKI, []), "eye": (ONE_EYE_LIFE, []),
             "ts": (TANG_SONG_SEKI, []), "checker": (CHECKER, []),
             "connected": (CONNECTED_BY_DAME, []), "mouth": (OPEN_MOUTH, [])}
# busy random boards: seki let go by liberties, in rounds (seeded)
_rng = random.Random(1124)
POSITIONS.update(("random%d" % i, (random_rows(_rng, size), []))
                 for i, size in enumerate((9, 13, 19)))


def test_micropython_counts_like_cpython(micropython):
    """The same script, run by both interpreters (armv6m compilation of every firmware
    file is tests/test_firmware_compiles.py's)."""
    script, text = MP / "count_positions_run.py", json.dumps(POSITIONS)
    got = json.loads(micropython(script, stdin=text).strip().splitlines()[-1])
    want = json.loads(subprocess.run([sys.executable, str(script)], input=text, capture_output=True,
                                     text=True, check=True).stdout.strip().splitlines()[-1])
    assert len(want) == len(POSITIONS) * len(R.RULE_IDS)
    assert got == want


def board19():
    """A full, busy 19x19 position: many blocks, eyes, dame and a seki-like edge."""
    import random
    rng = random.Random(7)
    rows = []
    for y in range(19):
        rows.append("".join(rng.choice("XXXOOO..") for _ in range(19)))
    rows[0] = "X" + rows[0][1:]
    rows[18] = rows[18][:18] + "O"
    return rows


def test_core_loops_do_not_allocate(micropython):
    out = micropython(MP / "count_heap.py", stdin=json.dumps(board19()))
    assert "heap-locked counts: %d" % len(R.RULE_IDS) in out


def test_heap_lock_really_catches_allocation(micropython):
    """The check above means something: allocating under heap_lock fails."""
    with pytest.raises(AssertionError):
        micropython("import micropython\nmicropython.heap_lock()\nx = [1, 2, 3]\n"
                    "micropython.heap_unlock()\nprint(x)\n")
