"""The start of a game, the referee fed frames by hand (9x9): handicap stones and
the bowls, free placement, a stray stone fixed after the answer. Each scenario
returns short tuples, so tests/unit/test_setup_start.py can assert them under
CPython and compare them with the same module run by the MicroPython unix port
(`micropython setup_scenarios.py NAME...`, or the names on stdin: one JSON line
per scenario)."""

import json
import sys

from referee_board import Board
from referee_scenarios import steps
from goban.board import BLACK, WHITE
from goban.referee.bowlwatch import unused


def handicap_game(rules="chinese", n=2, setup=None):
    """A 9x9 game of n handicap stones (fixed on gc, cg; or free: setup None
    with free=True in new_game, see the scenarios)."""
    b = Board(rules)
    b.ref.new_game(rules, handicap=n, setup=setup)
    b.log += b.ref.take_events()
    b.look()
    return b


def bowls_state(b):
    sc = b.ref.scales
    return [("start", list(sc.start)), ("unused", unused(b.ref, BLACK), unused(b.ref, WHITE))]


def checks(b):
    return [("setup-check", e["B"], e["ok"]) for e in b.log if e["type"] == "setup-check"]


def bowl_weighed_before_the_handicap():
    """Black's bowl (40) weighed with no handicap stone placed yet: the two leave
    it as they go on; the count starts at 40, not 42."""
    b = handicap_game()
    out = steps(b, "#40 40 0 0", "B gc", "#39 40 0 0", "B cg", "#38 40 0 0")
    out.append(bowls_state(b))
    out += steps(b, "#38 39 0 0", "W ee")
    out.append(bowls_state(b))
    return out


def bowl_weighed_with_one_handicap_stone_on():
    b = handicap_game()
    out = steps(b, "B gc", "#39 40 0 0", "B cg", "#38 40 0 0")
    out.append(bowls_state(b))
    return out


def ing_bowls_checked_before_the_handicap():
    """Ing's start-of-game check (40 a bowl on 9x9) made before the handicap
    stones left black's bowl: no alarm."""
    b = handicap_game("ing")
    b.ref.bowls(40, 40, 0, 0)
    b.log += b.ref.take_events()
    steps(b, "B gc", "#39 40 0 0", "B cg", "#38 40 0 0")
    return [checks(b), bowls_state(b)]


SCENARIOS = (bowl_weighed_before_the_handicap, bowl_weighed_with_one_handicap_stone_on,
             ing_bowls_checked_before_the_handicap)


def run(name):
    for f in SCENARIOS:
        if f.__name__ == name:
            return f()
    raise KeyError(name)


if __name__ == "__main__":
    for name in sys.argv[1:] or sys.stdin.read().split():
        print(json.dumps([name, run(name)]))
