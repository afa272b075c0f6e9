"""The start of a game, frames by hand (tests/mp/setup_scenarios.py), under
CPython and the MicroPython unix port: black's bowl weighed before the handicap
stones are placed counts them once (they leave it as they go on), and Ing's
start-of-game check counts only the stones on the board."""

import setup_scenarios as S
from crossport import scenarios_alike


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
    got, want = scenarios_alike(S, "setup_scenarios.py")
    assert got == want


def test_free_placement_two_stones_anywhere_then_white():
    s = S.free_placement()
    assert s[0] == [("shows", "Handicap: 1 of 2", "black: anywhere")]
    assert s[1][:2] == [("setup", "cd fe"), ("ready", "W")]
    assert s[2][0] == ("move", "W", "ee") and s[3][0] == ("move", "B", "dd")
    (game,) = s[4]
    assert game[:4] == ("game", 2, 0, "free")      # Chinese: komi 0 in a handicap game
    assert game[4][3] == "..XX....." and game[4][4] == "....OX..."


def test_free_placement_answered_before_the_last_stone():
    s = S.free_placement_answered_before_the_last_stone()
    assert s[1] == [("shows", "Handicap: 1 of 3", "white waits")]
    # the third black stone: the three are the handicap, white's stone its first move
    assert s[3][:3] == [("setup", "cc gg gc"), ("ready", "W"), ("move", "W", "ee")]
    assert s[4][0] == ("move", "B", "cg")


def test_a_stone_of_the_last_game_is_never_a_handicap_stone():
    s = S.free_placement_beside_a_stone_of_the_last_game()
    assert s[0] == [("shows", "Clear the board: 1", "aa")]
    assert s[1][0] == ("setup", "cc gg")
    assert ("restored",) in s[2] and s[3][0] == ("move", "W", "ee")


def test_free_placement_survives_a_restart():
    s = S.free_placement_survives_a_restart()
    assert s[0] == [("rows", True, 1, 2, 2)]
    assert s[1][0] == ("move", "B", "dd")


def test_free_placement_is_refused_where_the_rules_fix_the_points():
    s = S.free_placement_under_rules_that_fix_it()
    assert s[0][0][0] == "refused" and "star points" in s[0][0][1]
    assert s[1] == [("game", 0)]                     # the game before is untouched


def test_a_stray_stone_taken_off_after_three_moves_leaves_them_moves():
    s = S.stray_stone_taken_off_after_the_answers()
    assert s[2] == [("shows", "Clear the board: 4", "aa cc ee gg")]
    assert s[3][:4] == [("ready", "B"), ("move", "B", "cc"), ("move", "W", "gg"),
                        ("move", "B", "ee")]
    assert s[4][0] == ("move", "W", "dd")


def test_a_handicap_stone_moved_to_its_point_after_the_answer():
    s = S.handicap_stone_moved_to_its_point_after_the_answer()
    assert s[2][0][1].startswith("Clear the board")
    assert s[3][:2] == [("ready", "W"), ("move", "W", "ee")]
    assert s[4][0] == ("move", "B", "dd")


def test_a_bowl_weighed_after_a_restart_before_the_handicap():
    s = S.bowl_weighed_after_a_restart_before_the_handicap()
    assert s[-1] == [("start", [40, 40]), ("unused", 0, -1)]
