"""The start of a game, the referee fed frames by hand (9x9): handicap stones and
the bowls, free placement, a stray stone fixed after the answer (the setup plus
the moves put down meanwhile is ready and those moves). Each scenario
returns short tuples, so tests/unit/test_setup_start.py can assert them under
CPython and compare them with the same module run by the MicroPython unix port
(`micropython setup_scenarios.py NAME...`, or the names on stdin: one JSON line
per scenario)."""

from referee_board import Board
import referee_scenarios as scenarios
from referee_scenarios import brief, steps
from goban.board import BLACK, WHITE
from goban.referee.bowlwatch import unused


def handicap_game(rules="chinese", n=2):
    """A 9x9 game of n handicap stones on the star points (gc, cg for 2)."""
    b = Board(rules)
    b.ref.new_game(rules, handicap=n)
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


def bowl_weighed_after_a_restart_before_the_handicap():
    """The power cut before the bowls settled and before the handicap went on:
    after the restart the first reading is the start (40, not 42)."""
    b = handicap_game()
    b.restart(b.log)
    out = steps(b, "#40 40 0 0", "B gc", "#39 40 0 0", "B cg", "#38 40 0 0")
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


def free_game(rules="chinese", n=2):
    b = Board(rules)
    b.ref.new_game(rules, handicap=n, free=True)
    b.log += b.ref.take_events()
    b.look()
    return b


def acts(b, *changes):
    """Each change then looks till nothing new (a look the referee asks for
    again, as the loop's next scan would): the setup and ready events beside
    brief's, and what the display says."""
    out = []
    for a in changes:
        if a[0] == "-" or "," in a:
            b.set(a)
        else:
            b.put(*a.split())
        evs = list(b.ref.take_events()) + b.look()
        while b.ref.dirty:
            evs += b.look()
        b.log += [e for e in evs if e not in b.log]
        out.append([("setup", " ".join(e["B"])) for e in evs if e["type"] == "setup"] +
                   [("ready", e["to_move"]) for e in evs if e["type"] == "ready"] +
                   brief(evs) + [("shows",) + tuple(b.ref.lines)])
    return out


def free_placement():
    """Two stones anywhere, then white: the handicap is black's two, white moves first."""
    b = free_game()
    out = acts(b, "B cd", "B fe", "W ee", "B dd")
    g = b.ref.game
    out.append([("game", g.handicap, g.rules.komi, b.ref.info["placement"],
                 g.board.rows())])
    return out


def free_placement_answered_before_the_last_stone():
    """White answers after black's first of three: once the third is down the
    three are the handicap and white's stone is its first move."""
    b = free_game(n=3)
    return acts(b, "B cc", "W ee", "B gg", "B gc", "B cg")


def free_placement_beside_a_stone_of_the_last_game():
    """A black stone left from the last game is never a handicap stone: cleared."""
    b = Board()
    b.put("B", "aa")
    b.look()
    b.ref.new_game("chinese", handicap=2, free=True)
    b.look()
    return acts(b, "B cc", "B gg", "- aa", "W ee")


def free_placement_survives_a_restart():
    b = free_game()
    acts(b, "B cd", "B fe", "W ee")
    before = b.ref.game.board.rows()
    b.restart(b.log)
    g = b.ref.game
    out = [[("rows", g.board.rows() == before, g.n, g.handicap, len(g.setup_black))]]
    return out + acts(b, "B dd")


def free_placement_under_rules_that_fix_it():
    b = Board("japanese")
    try:
        b.ref.new_game("japanese", handicap=2, free=True)
    except ValueError as e:
        return [[("refused", str(e))], [("game", b.ref.game.handicap)]]
    return [[("started",)]]


def stray_stone_taken_off_after_the_answers():
    """A stone of the last game left on aa: black plays, white answers, black
    plays again, then someone sees it and takes it off: the three are moves."""
    b = Board()
    b.put("B", "aa")
    b.look()
    b.ref.new_game("chinese")
    b.look()
    return acts(b, "B cc", "W gg", "B ee", "- aa", "W dd")


def handicap_stone_moved_to_its_point_after_the_answer():
    """One handicap stone on cf, below its point cg; white answers; black moves
    the stone to cg: the setup plus white's move is ready and that move."""
    b = handicap_game()
    return acts(b, "B gc", "B cf", "W ee", "- cf,B cg", "B dd")


SCENARIOS = (bowl_weighed_before_the_handicap, bowl_weighed_with_one_handicap_stone_on,
             bowl_weighed_after_a_restart_before_the_handicap,
             ing_bowls_checked_before_the_handicap, free_placement,
             free_placement_answered_before_the_last_stone,
             free_placement_beside_a_stone_of_the_last_game, free_placement_survives_a_restart,
             free_placement_under_rules_that_fix_it, stray_stone_taken_off_after_the_answers,
             handicap_stone_moved_to_its_point_after_the_answer)


def run(name):
    return scenarios.run(name, SCENARIOS)


if __name__ == "__main__":
    scenarios.main(SCENARIOS)
