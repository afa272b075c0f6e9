"""Issue 19's invariants on random play with players' mistakes (tests/referee_props.py):
no move nobody played, nothing announced on a board that is the game, no move
lost once the board is the truth. GAMES games of up to 40 moves from a seed drawn
at each run (GOBOARD_PROPS_SEED to replay one; both are printed), under CPython,
and the first MP_GAMES of them under the MicroPython unix port, whose output must
be the same line for line."""

import json
import os
import random

from conftest import run_micropython, FIRMWARE, REPO, MP, TESTS
import referee_props

GAMES = int(os.environ.get("GOBOARD_PROPS_GAMES", "300"))
MP_GAMES = int(os.environ.get("GOBOARD_PROPS_MP_GAMES", "60"))
SEED = int(os.environ.get("GOBOARD_PROPS_SEED", str(random.SystemRandom().randrange(1, 10 ** 6))))


def test_the_referees_invariants_hold_on_random_play_with_mistakes():
    print("referee properties: seed %d, %d games (GOBOARD_PROPS_SEED, GOBOARD_PROPS_GAMES)"
          % (SEED, GAMES))
    out = referee_props.run(SEED, GAMES)
    bad = [(k, r["breaches"]) for k, r in enumerate(out) if r["breaches"]]
    assert not bad, "seed %d: %s" % (SEED, bad[:3])
    # it was a real test: mistakes of every kind were made, and moves recorded
    kinds = set(k for r in out for k in r["mistakes"])
    assert kinds == {"second", "colour", "knock", "early", "roll", "fast"}
    assert sum(r["recorded"] for r in out) == sum(r["moves"] for r in out) > 30 * GAMES


def test_the_same_games_under_micropython():
    print("referee properties under MicroPython: seed %d, %d games" % (SEED, MP_GAMES))
    mp = run_micropython(str(MP / "referee_props.py"),
                         stdin="%d %d" % (SEED, MP_GAMES),
                         path=[FIRMWARE, REPO / ".frozen", TESTS, MP])
    got = [json.loads(line) for line in mp.splitlines() if line.startswith("{")]
    want = [json.loads(json.dumps(r)) for r in referee_props.run(SEED, MP_GAMES)]
    assert got == want
