"""The start of a game, frames by hand (tests/mp/setup_scenarios.py), under
CPython and the MicroPython unix port: black's bowl weighed before the handicap
stones are placed counts them once (they leave it as they go on), and Ing's
start-of-game check counts only the stones on the board."""

import json

import setup_scenarios as S
from conftest import FIRMWARE, MP, REPO, TESTS, run_micropython


def test_a_bowl_weighed_before_the_handicap_counts_its_stones_once():
    s = S.bowl_weighed_before_the_handicap()
    # the 40 in the bowl at the first reading are the start, not 42; once the
    # two stones are on the board no stone of black's is out in a hand
    assert s[5] == [("start", [40, 40]), ("unused", 0, -1)]
    assert s[7] == [("move", "W", "ee")]
    assert s[8] == [("start", [40, 40]), ("unused", 0, 0)]


def test_a_bowl_weighed_with_one_handicap_stone_on_the_board():
    s = S.bowl_weighed_with_one_handicap_stone_on()
    assert s[-1] == [("start", [40, 40]), ("unused", 0, -1)]


def test_ings_bowl_check_before_the_handicap_raises_no_alarm():
    check, state = S.ing_bowls_checked_before_the_handicap()
    assert check == [("setup-check", 40, True)]
    assert state == [("start", [40, 40]), ("unused", 0, -1)]


def test_the_scenarios_say_the_same_under_micropython():
    names = [f.__name__ for f in S.SCENARIOS]
    out = run_micropython(str(MP / "setup_scenarios.py"), stdin=" ".join(names),
                          path=[FIRMWARE, REPO / ".frozen", TESTS, MP])
    got = [json.loads(line) for line in out.splitlines() if line.startswith("[")]
    want = [json.loads(json.dumps([n, S.run(n)])) for n in names]
    assert got == want
