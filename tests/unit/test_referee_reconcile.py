"""Issue 19: what players do at a table, the referee fed frames by hand
(tests/referee_scenarios.py). What the board announces is worked out afresh from
what it shows at each look: once the board is the game plus the right moves they
are taken, whatever was said before; a move is never made of a prisoner put back,
a pass never of a prisoner in the wrong lid; a stone moved before the answer is
the same move where it rests; the count waits for what it cannot read. Each
scenario's answer is derived by hand from the rules and the physical story, and
the same scenarios run under the MicroPython unix port must say exactly the same."""

from crossport import scenarios_alike
import referee_scenarios as S



def flat(steps):
    return [e for step in steps for e in step]


def moves(steps):
    return [(e[1], e[2]) for e in flat(steps) if e[0] == "move"]


def test_a_second_stone_in_the_same_window_is_named_and_the_first_taken_once_it_is_off():
    s = S.second_stone_same_window()
    assert s[2] == [("illegal", "extra-stone", "ff")]      # the later of the two
    assert s[3] == [("restored",), ("move", "B", "ee")]
    assert moves(s) == [("B", "cc"), ("W", "gg"), ("B", "ee"), ("W", "dd")]


def test_a_second_stone_answered_by_the_opponent_the_answer_is_taken_and_it_stays_named():
    s = S.second_stone_answered()
    assert s[3] == [("illegal", "extra-stone", "ff")]
    # ff came out of black's turn: it cannot be black's move, so white's answer,
    # after it, is sure; ff stays named
    assert s[4] == [("move", "W", "dd")]
    assert s[5] == [("restored",)]
    assert moves(s) == [("B", "cc"), ("W", "gg"), ("B", "ee"), ("W", "dd")]


def test_a_stone_of_the_wrong_colour_swapped_for_the_right_one_is_the_move():
    s = S.wrong_colour_swapped()
    assert s[0] == [("illegal", "wrong-color", "ee")]
    assert s[2] == [("move", "B", "ee")]
    assert moves(s) == [("B", "ee"), ("W", "dd")]


def test_an_answer_before_the_last_prisoner_is_lifted_is_taken_when_it_is():
    s = S.answer_before_last_prisoner()
    assert s[0] == [("move", "B", "cb"), ("capture-pending",)]
    assert s[1] == [("illegal", "not-lifted", "gg")]
    assert s[2] == [("restored",), ("move", "W", "gg")]
    assert s[3] == [("move", "B", "hh")]


def test_a_takeback_by_hand_never_makes_a_move_of_the_prisoner_put_back():
    s = S.undo_by_hand_after_capture()
    assert s[2] == [("illegal", "removed-stone", "cb")]
    assert s[3] == []                       # the prisoner back on bb: no white move
    assert s[4] == [("undo",), ("restored",)]
    assert moves(s) == [("B", "cb"), ("B", "dd")]


def test_a_stone_that_rolls_before_the_answer_is_the_same_move_where_it_rests():
    s = S.rolled_stone()
    assert s[3] == [("correct", "B", "ee", "ed")]
    assert s[4] == [("correct", "B", "ed", "ee")]       # pushed back
    assert s[5] == [("correct", "B", "ee", "ed")]
    assert s[6] == [("move", "W", "dd")]
    assert "illegal" not in [e[0] for e in flat(s)]


def test_a_stone_moved_after_the_answer_is_a_slide_to_put_back():
    s = S.rolled_stone_after_the_answer_is_slid()
    assert s[4] == [("illegal", "slid", "ee")]


def test_a_pass_stone_answered_before_its_lid_settles_is_taken_first_when_it_does():
    s = S.pass_stone_answered_before_its_lid_settles()
    assert s[1] == []                       # white's answer waits for the lid, unannounced
    assert s[2] == [("pass", "B", True)]
    assert s[3] == [("move", "W", "ee")]


def test_a_pass_stone_in_a_hand_is_waited_for_a_moment_only():
    """The mover's bowl moving says a hand is in it, perhaps taking a pass
    stone: the opponent's stone waits for that, 1.5 s at most (a mover playing
    on at once keeps its bowl moving for good), then only the lid tells."""
    s = S.stone_out_of_turn_while_the_movers_hand_stays_in_its_bowl()
    assert s[1] == [] and s[2] == []
    assert s[3] == [("illegal", "extra-stone", "ee")]


def test_a_prisoner_in_the_wrong_lid_is_no_pass_stone():
    s = S.prisoner_into_the_wrong_lid_then_a_stone_in_hand()
    assert s[0] == [("move", "B", "gf"), ("capture-pending",)]
    assert "pass" not in [e[0] for e in flat(s)]
    assert s[4] == [("move", "W", "dd")]
    assert "prisoner-missing" not in [e[0] for e in flat(s)]   # it was only in the other lid


def test_a_prisoner_returned_to_its_owners_bowl_never_stops_a_move():
    s = S.prisoner_returned_to_its_owners_bowl()
    assert moves(s) == [("W", "dd")]
    assert "illegal" not in [e[0] for e in flat(s)]


def test_a_move_whose_bowl_reads_after_it_is_one_stone_out_not_two():
    """A capture lifted while its prisoner is still in the capturer's hand (it may
    yet go to its owner's bowl, which then hides a stone taken out): the owner's
    next move is taken before its bowl reads one lighter, so that reading may be
    the move's stone or a new one with the move's hidden. Once the prisoner comes
    into the capturer's lid it was never given: the move's stone is counted
    once and the bowl holds no stone out (counted twice, it witnessed a stone
    nobody took, and a wrong-colour stone later became a move on a dead sensor
    nobody played). tests/system/test_referee_table.py keeps the other case: a
    prisoner that did go into its owner's bowl hides no move after it."""
    s = S.prisoner_in_hand_as_the_owner_moves()
    assert ("move", "W", "dd") in s[1]
    assert s[-1] == [("unused", 0, 0)]


def test_a_knocked_stone_put_back_from_the_bowl_leaves_no_stone_out():
    """The stone that replaces a knocked one comes from the bowl: the bowl's next
    stone out is that stone, on the board already, not a stone in a hand (kept
    as one, it vouched for moves nobody made for the rest of the game)."""
    s = S.knocked_stone_put_back_from_the_bowl()
    assert s[0] == [("illegal", "knocked", "cc")]
    assert s[1] == [("restored",)]
    assert s[-1] == [("unused", 0, 0)]


def test_the_count_waits_for_a_sensor_that_reads_nothing():
    s = S.count_waits_for_a_sensor_that_reads_nothing()
    assert s[1] == []                       # end held: ab cannot be read
    assert s[2] == [("dead", "ab ba bb"), ("count", "W+88.5")]


def test_a_dead_stone_lifted_off_a_drifted_sensor_is_counted_dead():
    s = S.drift_under_a_dead_stone()
    assert s[1] == [("dead", "ab ba bb"), ("count", "W+88.5")]
    assert s[2] == [("rebased", "ab")]


def test_a_prisoner_lifted_off_a_drifted_sensor_is_read_empty_once_the_lid_has_it():
    s = S.drift_under_a_prisoner()
    assert s[0] == []                       # the lid still moving: nothing said
    assert s[2] == [("rebased", "gg")]


def test_the_scenarios_say_the_same_under_micropython():
    got, want = scenarios_alike(S, "referee_scenarios.py")
    assert got == want


def test_a_correction_and_a_taken_back_end_survive_a_restart():
    """The log's `correct` and `play-on` replay to the same game (resume)."""
    from referee_board import Board
    from goban.referee import PLAY
    b = Board()
    for m in ("B cc", "W gg", "B ee"):
        b.put(*m.split())
        b.look()
    b.set("- ee,B ed")                      # it rolled
    b.look()
    b.ref.button("end")                     # a mistaken end...
    b.log += b.ref.take_events()
    b.ref.button("undo")                    # ...taken back at once
    b.log += b.ref.take_events()
    types = [e["type"] for e in b.log]
    assert "correct" in types and types[-1] == "play-on"
    g = b.ref.game
    before = (g.n, g.board.rows(), g.to_move(), g.over)
    b.restart(b.log)
    g = b.ref.game
    assert (g.n, g.board.rows(), g.to_move(), g.over) == before
    assert b.ref.phase == PLAY and g.board.sgf(g.move_point(3)) == "ed"
