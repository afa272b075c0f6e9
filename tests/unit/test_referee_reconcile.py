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
from referee_board import Board, idx


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


def test_a_prisoner_on_the_floor_hides_no_stone_of_its_owners_next_move():
    """The same, but the prisoner never comes (dropped on the floor): the owner's
    bowl one lighter after its move may be that move's stone (the prisoner went
    elsewhere) or a new one (the prisoner hid the move's): the bowl says it
    cannot tell (-1) until a stone is seen to leave with the count agreeing with
    the game. Counted as a stone hidden by a prisoner that never came, the bowl
    vouched for a stone in a hand, and a stuck sensor later became a move nobody
    played (campaign seed 452561, game 57)."""
    s = S.prisoner_on_the_floor_as_the_owner_moves()
    assert ("move", "W", "dd") in s[1]
    assert s[3] == [("unused", 0, -1)]
    assert ("move", "B", "cd") in s[5]
    assert s[7] == [("unused", 0, 1)]           # white's next stone, in its hand
    assert ("move", "W", "de") in s[8]
    assert s[-1] == [("unused", 0, 0)]


def test_a_stone_put_back_in_its_bowl_before_undo_is_no_stone_in_a_hand():
    """The mover lifts its stone into its bowl, then presses undo: the stone that
    came in is the undone move's. Counted as a gift, the bowl said a stone was in
    a hand for the rest of the game, and a wrong-colour stone later became a move
    on a dead sensor nobody played (campaign seed 452561, game 76)."""
    s = S.stone_back_in_its_bowl_before_the_undo_press()
    assert s[0] == [("illegal", "removed-stone", "ee")]
    assert [e[0] for e in s[2]] == ["undo", "restored"]
    assert s[-1] == [("unused", 0, 0)]


def test_a_hand_that_plays_on_holds_no_pass_stone():
    """Under AGA a stone of white's while black is to move may follow black's
    pass, its stone still in the hand (the bowl moving): the board waits for the
    lid. Once black has placed another stone after white's, black's hand holds
    no pass stone: the move on the dead sensor is asked at once. Waiting on, the
    fast players' stones outgrew what one look orders and the game stopped on a
    mismatch nobody could fix (campaign seed 452561, game 5)."""
    s = S.fast_play_after_a_move_on_a_dead_sensor()
    assert s[1] == []                          # white's stone: a pass may yet come
    assert s[2] == [("illegal", "unseen", "ee")]


def test_two_stones_in_one_scan_by_an_empty_dead_point_are_asked_not_ordered():
    """Stones of both colours in one scan may land in either order; with an
    empty point on a dead sensor, the mover's move there, unseen, lets the
    other side's stone come first. Taken as the mover's stone and the answer,
    a move was lost and one nobody played recorded (seed 118142 game 268):
    the player is asked, and either answer gives the game played."""
    s = S.answer_and_next_move_in_one_scan_after_a_move_on_a_dead_sensor()
    assert s[0] == [("illegal", "unseen", "ff")]
    assert s[1] == [("restored",), ("move", "B", "dd"), ("move", "W", "ff"), ("move", "B", "ee")]
    assert s[2] == [("game", "cc", "gg", "dd", "ff", "ee")]
    s = S.two_in_one_scan_by_a_dead_point_nobody_played()
    assert s[0] == [("illegal", "unseen", "ff")]
    assert s[1] == [("restored",), ("move", "B", "ee")] and s[2] == [("move", "W", "ff")]
    assert s[3] == [("game", "cc", "gg", "ee", "ff")]


def test_passes_pressed_while_a_move_on_a_dead_sensor_is_asked_wait_for_the_answer():
    """The passes came after the stones the question is about (they were on the
    board when it was asked): they wait for the answer and act after it, in
    order. Refused ("Fix the board first"), the players, who had both passed,
    lifted their dead stones and the game stopped on a stone `knocked` (seed
    791200 game 215)."""
    s = S.passes_pressed_while_a_move_on_a_dead_sensor_is_asked_about()
    assert s[1] == [("illegal", "unseen", "ee")]
    assert s[2] == [] and s[3] == []
    assert s[4] == [("restored",), ("move", "B", "dd"), ("move", "W", "ee"),
                    ("pass", "B", False), ("pass", "W", False)]
    assert s[6][0][:5] == ("game", "cc", "gg", "dd", "ee") and len(s[6][0]) == 7


def test_a_move_on_a_dead_sensor_while_off_is_asked_though_a_capture_before_the_cut_was_replayed():
    """The restart replays the last capture as one that may still wait to be
    lifted; it was lifted before the cut, so nothing waits, and the stone
    after a move on the dead point is asked about (`unseen`), as in play: ok
    takes both. Before, the wait ruled the question out and the stone was
    said extra, or named to be played again (seed 339136 game 320)."""
    s = S.move_on_a_dead_sensor_while_off_after_a_capture_lifted()
    assert s[0][0] == ("illegal", "unseen", "hh")
    assert s[1] == [("restored",), ("move", "W", "dd"), ("move", "B", "hh")]
    assert s[3] == [("game", "ba", "bb", "ab", "ee", "bc", "ff", "cb", "dd", "hh")]


def test_a_slip_taken_as_a_move_is_undone_under_rules_with_no_takeback():
    """Black's move sits on a dead sensor; white puts a black stone down by
    mistake and the board, still waiting for black, takes it. Lifted, it is the
    last stone lifted, whose fix offers undo: under Japanese rules (no takeback)
    undo used to be refused, and nothing a player could do moved the game on.
    The move lifted is taken back; black's real move is then asked for."""
    s = S.slip_taken_as_a_move_lifted_then_undo_without_takeback()
    assert s[0] == [("move", "B", "ee")]
    assert s[1] == [("illegal", "removed-stone", "ee")]
    assert s[2][0] == ("undo",)
    assert s[3] == [("illegal", "unseen", "ff")]
    assert s[4][1:] == [("move", "B", "dd"), ("move", "W", "ff")]


def test_a_second_stone_put_away_after_the_answer_moves_the_move_to_the_dead_point():
    """Black's move sits on a dead sensor; a second black stone beside it is
    taken for the move and white answers, black's bowl counting both stones
    out. Black then puts that stone back in its bowl, or drops it: the move was
    on the dead point, and it is corrected there as the stone goes (a `correct`
    of move 3, not the last), the answer kept: the bowl counts a stone out
    the game has not used (seeds 602451 game 127, 724226 game 425: the hand
    that put the slip away took its next stone, the count as it was)."""
    for s in (S.second_stone_answered_then_put_away(), S.second_stone_answered_then_dropped()):
        assert s[3] == [("move", "B", "ee")] and s[5] == [("move", "W", "ff")]
        assert s[6] == [("correct", "B", "ee", "dd")] and s[7] == [] and s[8] == []
        assert s[9] == [("game", "cc", "gg", "dd", "ff")]


def test_a_move_knocked_off_is_no_slip_without_a_stone_out_unused():
    """Black's ee, answered, knocked to the floor, with dd's sensor dead and
    nothing on it: black's bowl counts no stone out the game has not used, so
    the move is not moved to dd; after SLIP_MS the knock is said. Black's
    count read again as it was, as white's hand takes its next stone, is no
    stone back in it (seed 791200 game 483: before, any reading marked the
    bowl as having taken one back, and the move went to the dead point)."""
    s = S.knocked_stone_then_the_bowls_read_again()
    assert s[3] == [("move", "B", "ee")] and s[5] == [("move", "W", "ff")]
    assert s[6] == [] and s[7] == [] and s[8] == [("illegal", "knocked", "ee")]
    assert s[9] == [("game", "cc", "gg", "ee", "ff")]
    # said knocked, the bowl's moves are the fix's: picked up into the bowl, one
    # put back from it, the game stands
    s = S.knocked_stone_picked_up_into_its_bowl_and_one_put_back()
    assert s[8] == [("illegal", "knocked", "ee")]
    assert s[9] == [] and s[10] == [] and s[11] == [("restored",)] and s[12] == []
    assert s[13] == [("game", "cc", "gg", "ee", "ff")]



def test_a_pass_stone_taken_back_out_of_a_moving_lid_is_no_pass():
    """White's pass stone, handed while the board was off, came into black's
    lid as it came back; the players take it out to hand it again in its turn
    and lift the stones named to be played again. When the board matches the
    game black's lid is still moving: its last settled count (one over) is no
    pass (seed 530693 game 9: before, white passed there, nobody had, and every
    move after it was one off). The restart's look waits for the lid, then
    names the pass stone with the stones (it may have come among them: 371907
    g347). Played again in order, then the pass: all taken."""
    s = S.pass_stone_taken_back_out_of_a_moving_lid_as_named_stones_come_off()
    assert s[1] == []                               # the lid still moving: waited for
    assert s[2] == [("illegal", "resume-order", "fe")]
    assert s[8] == [("restored",)]                  # and no pass
    assert all(e[0] == "move" for step in s[9:21] for e in step)
    assert s[21] == [("pass", "W", True)]
    assert s[-1] == [("game", "cc", "gg", "ee", "dd", "cf", "hh", "ff", "ef", "fe", "by", "gf")]


def test_a_stone_out_after_a_restart_waits_for_the_lid_of_its_pass_stone():
    """AGA, aa's sensor dead; while the board is off white hh, black ff and
    white's pass stone, which is dropping into black's lid as the board comes
    back. White's bowl is a stone more out than the stones use: a move on aa
    before them or the pass stone after them. The restart waits for the lid;
    settled one over, it was the pass (seed 530693 game 9: before, hh, ff and
    aa were named to be played again, a fix nobody could make on aa)."""
    s = S.move_and_pass_stone_while_off_with_a_dead_sensor()
    assert s[1] == [] and s[2] == []                # the lid still moving: nothing said
    assert s[3] == [("move", "W", "hh"), ("move", "B", "ff")]
    assert s[4] == [("pass", "W", True)]
    assert s[-1] == [("game", "cc", "gg", "ee", "dd", "cf", "hh", "ff", "by", "gf")]


def test_a_stone_back_in_its_bowl_before_the_prisoner_reaches_its_lid_is_no_gift():
    """White answers before gg is lifted, puts the answer back in its bowl and
    lifts gg, which reaches black's lid after: the stone that came into the
    bowl was the answer's, so once white plays again no stone of white's is out
    unused (seed 530693 game 174: the bowl kept one out for good, and a restart
    took it for a move on a dead point played while off)."""
    s = S.answer_put_back_in_its_bowl_before_the_prisoner_reaches_its_lid()
    assert s[1] == [("illegal", "not-lifted", "hh")]
    assert s[7] == [("move", "W", "hh")]
    assert s[8] == [("unused", 0, 0)]


def test_a_knocked_stone_that_was_a_prisoner_needs_no_stone_from_the_bowl():
    """dc, lifted before black's move on the dead dd was seen, is asked about
    (`unseen-gone`: the move on dd, or a knock); the bowl then tells the move,
    dc its prisoner. White's stones out of its
    bowl after are its moves, so the bowl still witnesses them: nothing out
    unused once white has played (seed 530693 game 264: the next stone out was
    taken for dc's fix, and the bowl could not tell a stone out again)."""
    s = S.knocked_stone_was_the_prisoner_of_a_move_on_a_dead_sensor()
    assert s[1] == [("illegal", "unseen-gone", "dc")]
    assert s[2] == [("restored",), ("move", "B", "dd")]
    assert moves(s[3:13]) == [("W", "hh"), ("B", "ee"), ("W", "hf")]
    assert s[13] == [("unused", 0, 0)]


def test_a_stone_into_the_lid_is_no_pass_when_no_answer_can_follow_it():
    """White puts down two stones at once as a black stone slips into black's
    lid (a white pass stone's weight there): after white's pass black would
    move first, and no black stone is new, so it is no pass; the second
    stone stays named (seed 525944 game 10)."""
    s = S.two_stones_of_the_mover_and_a_stone_into_the_opponents_lid()
    assert s[0] == [("illegal", "extra-stone", "ff")]
    assert s[1] == [] and s[2] == []
    assert s[3] == [("game", "cc", "gg", "ee")]


def test_a_prisoner_landing_after_play_ended_is_no_dead_stone_lifted():
    """gg's lid takes it in only after both passed, as white's live ii reads
    weakly: the lid gained what the game already put there, so ii is neither
    judged lifted nor rebased, and end waits for it to read again (seed 19275
    game 469: counted dead, the count two points off)."""
    s = S.prisoner_lands_after_play_ends_as_a_live_stone_reads_weak()
    assert s[2] == [("move", "W", "ii")]
    assert s[5] == []                       # end held: ii cannot be read yet
    assert s[6] == [("rebased", "")]


def test_a_seen_stone_captured_later_in_the_order_is_a_move_there():
    """White ab waits for black's moving lid; meanwhile black's ii is seen and
    white's ih takes it. The look that finds ab and ih with ii gone takes ab
    (the moves before the seen stone are sure), then ii and ih: no second
    stone said (seed 525944 game 10)."""
    s = S.seen_stone_captured_later_in_the_order()
    assert not any(e[0] == "illegal" for step in s for e in step)
    assert moves(s) == [("W", "ab"), ("B", "ii"), ("W", "ih")]
    assert s[-1] == [("game", "cc", "gg", "aa", "ba", "ee", "hi", "ef", "ab", "ii", "ih")]


def test_a_prisoner_in_the_wrong_lid_is_no_pass_when_moves_explain_the_frame():
    """White ab's prisoner aa, dropped into black's lid, is that lid's stone
    over: ab and black's answer explain the frame without a pass, whatever
    lid the prisoner went to (seed 525944 game 10: a pass nobody made)."""
    s = S.prisoner_in_the_wrong_lid_before_its_capture_is_taken()
    assert s[6] == [("move", "W", "ab"), ("move", "B", "ii")]
    assert not any(e[0] in ("pass", "illegal") for step in s for e in step)

def test_a_last_stone_rolled_onto_a_dead_sensor_is_the_move_there():
    """Black's stone lands on de and rolls onto dd, whose sensor is dead,
    before white answers: gone 0.3 s, it is the same move on dd (`correct`),
    not a stone lifted that stops the game (seeds 724226 game 296, 791373
    game 427); put back on de at once, nothing is said or changed."""
    s = S.last_stone_rolled_onto_a_dead_sensor_stays()
    assert s[1] == [("move", "B", "de")] and s[2] == []          # (a hand may put it back)
    assert s[3] == [("correct", "B", "de", "dd")] and s[5] == [("move", "W", "ff")]
    assert s[6] == [("game", "cc", "gg", "dd", "ff")]
    s = S.last_stone_rolled_onto_a_dead_sensor_and_back()
    assert s[2:5] == [[], [], []] and s[5] == [("move", "W", "ff")]
    assert s[6] == [("game", "cc", "gg", "de", "ff")]
    # answered before the wait is over: the answer is the move after it, no
    # knock said (seed 357682 game 83: `knocked` for good)
    s = S.last_stone_rolled_onto_a_dead_sensor_answered_at_once()
    assert s[3] == [] and s[4] == [("correct", "B", "de", "dd")] and s[5] == [("move", "W", "ff")]
    assert not [e for e in flat(s) if e[0] == "illegal"]
    assert s[6] == [("game", "cc", "gg", "dd", "ff")]


def test_a_ko_taken_and_taken_back_while_the_board_was_off():
    """While the board is off black takes the ko at ch, white plays hh, black
    gh, white takes back at bh: the board shows gh and hh new, and once the
    scales are read (a prisoner in each lid, two stones out of each bowl) the
    four moves are taken, the two it never saw as such. With a second ko on
    the board black is asked which (hb offered, down, ok: ch). With the lids
    empty and a stone out of each bowl, gh and hh are the moves. (Seeds 93475
    game 276, 724226 game 465, 931430 game 444, 553306 game 133.)"""
    four = [("move", "B", "ch"), ("move", "W", "hh"), ("move", "B", "gh"), ("move", "W", "bh")]
    s = S.ko_taken_and_taken_back_while_off()
    assert s[0] == [] and s[1] == four                  # (waits for the scales first)
    assert s[2][0][-4:] == ("ch", "hh", "gh", "bh")
    s = S.ko_taken_and_taken_back_while_off_with_two_kos()
    assert s[0] == [] and s[1] == [("illegal", "exchange", "hb")] and s[2] == []
    assert s[3] == [("restored",)] + four and s[4][0][-4:] == ("ch", "hh", "gh", "bh")
    s = S.ko_left_alone_while_off()
    assert s[0] == [] and s[1] == [("move", "B", "gh"), ("move", "W", "hh")]


def test_a_corner_ko_taken_and_taken_back_while_the_board_was_off():
    """The same exchange with the ko on the first point of the board, aa: the
    search for the point taken began one point past it, so the board took gh
    and hh at once and lost aa and ab (931430 g444, drawn again)."""
    four = [("move", "B", "aa"), ("move", "W", "hh"), ("move", "B", "gh"), ("move", "W", "ab")]
    s = S.corner_ko_taken_and_taken_back_while_off()
    assert s[0] == []                                   # (waits for the scales first)
    assert s[1] == four and s[3] == [("move", "B", "ee")]
    assert s[4][0][-5:] == ("aa", "hh", "gh", "ab", "ee")


def test_a_ko_on_a_dead_sensor_taken_and_taken_back_while_the_board_was_off():
    """The point the ko was taken on reads nothing (its sensor dead): it is
    still where the exchange may have been, and the scales say it was: the
    four moves, aa's prisoner said to lift and, the lid holding it, done
    (193915 g33, drawn again: the stones named to play again, or the move on
    the dead point taken first and the retake then said not lifted for good)."""
    s = S.corner_ko_on_a_dead_sensor_taken_and_taken_back_while_off()
    assert s[0] == []
    assert s[1] == [("move", "B", "aa"), ("move", "W", "hh"), ("move", "B", "gh"),
                    ("move", "W", "ab"), ("capture-pending",)]
    assert s[2] == [("restored",)] and s[3] == [("move", "B", "ee")]
    assert s[4][0][-5:] == ("aa", "hh", "gh", "ab", "ee")


def test_a_ko_exchange_while_off_is_judged_on_the_board_as_it_was_at_the_restart():
    """At tempo 0 play goes on before the scales are read after the restart:
    black plays dd, white ff, black takes the ko at ch again and bh is lifted.
    The exchange is judged on the board as it was at the restart (before, the
    ko taken again left no exchange that fitted, and the stones played while
    off were taken a turn early: seed 93475 game 276). Black's lid counts
    the prisoner lifted since too: with one stone in it the board waits while
    that prisoner may be in a hand; the second stone in, the four moves of the
    exchange are taken, then dd, ff and ch. Without the exchange (only gh and
    hh played while off) the lid never holds more than the prisoner lifted
    since, and once its carry is over the stones are the moves as they came."""
    s = S.ko_taken_yet_again_before_the_scales_are_read()
    assert s[:6] == [[]] * 6                            # (waits: the lid holds one)
    assert s[6] == [("move", "B", "ch"), ("move", "W", "hh"), ("move", "B", "gh"),
                    ("move", "W", "bh")]
    assert s[7] == [("move", "B", "dd"), ("move", "W", "ff"), ("move", "B", "ch")]
    s = S.ko_taken_after_a_restart_before_the_scales_are_read()
    assert s[:6] == [[]] * 6
    assert s[6] == [("move", "B", "gh"), ("move", "W", "hh"), ("move", "B", "ch"),
                    ("move", "W", "ff")]


def test_a_stone_seen_after_a_restart_never_goes_before_the_stones_there_at_it():
    """Black gh and white hh played while the board was off; after the
    restart, as the look waits for the scales, black plays di and white's ei
    takes it at once. di was seen, so it may be black's move, but gh was
    there before it: black's di first, then hh, gh, ei, was a false move and
    a lost one (seed 668105 game 525). The stones are named to be played
    again; played again, they are the moves in order."""
    s = S.stone_seen_after_a_restart_then_captured()
    assert not any(e[0] == "move" for e in flat(s[:8]))
    assert s[4] == [("illegal", "resume-order", "gh")]
    assert s[8] == [("restored",)]
    assert [e for e in flat(s[9:-1]) if e[0] == "move"] == [
        ("move", "B", "gh"), ("move", "W", "hh"), ("move", "B", "di"), ("move", "W", "ei")]
    assert s[-1][0][-4:] == ("gh", "hh", "di", "ei")


def test_a_pass_stone_is_seen_after_a_prisoner_in_its_owners_bowl_weighed_nothing():
    """AGA: black lifts white's gg into white's bowl as white takes a stone
    for its answer: the bowl shows neither, and cannot tell a stone out. Two
    seconds after the lifting, on white's turn, a stone leaves white's bowl
    and comes into black's lid: white's pass stone, gg said missing (seed
    299031 game 469: read as gg late, three passes went unseen and the game
    stopped). With nothing out of white's bowl the same lid's stone is gg,
    late: no pass."""
    s = S.pass_stone_after_a_prisoner_in_its_owners_bowl_weighed_nothing()
    assert s[7] == [("prisoner-missing",), ("pass", "W", True)]
    assert s[10] == [("pass", "B", True)]
    assert s[-1][0][-3:] == ("cd", "by", "by")
    s = S.prisoner_late_after_one_in_its_owners_bowl_weighed_nothing()
    assert not any(e[0] in ("pass", "prisoner-missing") for e in flat(s))
    assert s[-1][0][-1] == "cd"


def test_a_later_captures_prisoners_in_the_lid_are_not_those_given_to_the_bowl():
    """AGA: gg lifted into white's bowl (a stone given, seen), then at once
    black's cb takes bb, which goes into black's lid. Those are cb's own
    prisoners: gg is still in white's bowl, the lid still a stone short.
    White's pass stone two seconds later is a pass, gg said missing (seed
    506481 game 223: bb read as gg, the bowl a stone short, three passes
    unseen and the game stopped)."""
    s = S.pass_stone_after_a_capture_whose_prisoner_went_to_the_lid()
    assert s[11] == [("prisoner-missing",), ("pass", "W", True)]
    assert not any(e[0] == "pass" for e in flat(s[:11]))
    assert s[-1][0][-3:] == ("df", "cb", "by")


def test_a_point_played_again_after_its_capture_in_one_window_is_lifted():
    """Black's aa takes white's ba, lifted; white's ee and black's ba again
    come before one look. The black stone on ba came after the lifting: the
    three are the moves and nothing waits to be lifted (seed 725089 game 4,
    AGA: the capture read as not lifted, so nothing fit but black's pass,
    with ba's prisoner in the wrong lid: a pass nobody made, four moves
    lost, the game stopped on a mismatch)."""
    s = S.point_played_again_after_its_capture_in_one_window()
    assert s[4] == [("move", "B", "aa"), ("move", "W", "ee"), ("move", "B", "ba")]
    assert s[5] == [] and s[6] == [("move", "W", "ff")]


def test_a_point_played_again_while_the_board_was_off_holds_no_pass_stone():
    """AGA: while off, black's aa takes white's ba, white plays ee, black
    plays ba again. Black's lid one over is ba's prisoner (ba black now),
    not white's pass stone: the three are the moves (seed 180642 game 45:
    a white pass stone named with them, nobody's)."""
    s = S.point_played_again_while_the_board_was_off()
    assert s[1] == [("move", "B", "aa"), ("move", "W", "ee"), ("move", "B", "ba")]
    assert not any(e[0] in ("illegal", "pass") for e in flat(s))


def test_a_slid_stone_is_no_move_once_a_stone_is_put_back_where_it_came_from():
    """dd's sensor dead, black plays there unseen; a hand slides cc to dc
    (`slid`), white answers on hh. Black puts a stone from the bowl on cc
    before lifting dc: the board was then the game plus dc and hh, which fit
    as black's move and white's answer, and were taken (seed 426465 game 425:
    dc a move nobody played, dd lost, then `knocked` for good). The stone
    there since the slide is named to take off; once it is, the board asks
    about dd, and ok takes dd and hh."""
    s = S.slid_stone_left_as_one_is_put_back_from_the_bowl()
    assert s[2] == [("illegal", "slid", "cc")]
    assert s[4] == [("illegal", "extra-stone", "dc")]
    assert s[5] == [("illegal", "unseen", "hh")]
    assert s[6] == [("restored",), ("move", "B", "dd"), ("move", "W", "hh")]


def test_a_stone_put_down_while_a_resume_order_stands_stays_named_till_lifted():
    """A stone put down as the players lift the stones named to be played again
    is named with them; once they are off it is still named (never lifted), not
    taken as the move (seed 506481 game 375: taken, a false move and a slide
    nobody could fix). Lifted, the board is the game; dd played again is the move."""
    s = S.stone_put_down_while_moves_played_while_off_are_named()
    assert s[4] == [("illegal", "resume-order", "ff")]
    assert s[5] == [("restored",)] and s[6] == [("move", "B", "dd")]
    assert s[7] == [("game", "cc", "gg", "dd")]


def test_a_stone_slid_while_moves_played_while_off_stand_named_is_no_move():
    """The slide is named with the restart's `resume-order` (the slid stone
    among the stones to take off, the point it left among those to put back):
    once the stones played while off are lifted and a stone from the bowl is
    put back where the slid one came from, the slid stone is still named, not
    taken as black's move (seed 339136 game 381)."""
    s = S.slid_as_moves_played_while_off_are_named_then_put_back_from_the_bowl()
    assert s[0][0] == ("illegal", "resume-order", "dd")
    # dc, named with them, stays named once they are off (never lifted), cc lit
    # as a stone to put back; dc lifted, the board is the game
    assert s[1] == [("illegal", "resume-order", "dc")]
    assert flat(s[2:7]) == [] and s[7] == [("restored",)]
    assert s[8] == [("move", "B", "dd")] and s[9] == [("move", "W", "hh")]


def test_a_stone_lifted_unseen_in_a_burst_of_noise_is_no_lid_evidence_for_another():
    """At the count, a dead stone lifted while its sensor reads unstable goes
    into the lid; a live stone of its colour reads weakly after the burst. The
    lid's stone may be the unreadable one's: the live stone is not judged
    lifted, nor its sensor rebased (which hid it from the count for good: seed
    791373 game 366, the winner flipped); the count waits for the sensor."""
    s = S.stone_lifted_in_a_burst_of_noise_beside_a_weak_one_left()
    assert s[0] == []                                    # held: gg cannot be read
    assert s[1] == [("dead", "gg"), ("count", "W+5.5")]
    assert s[2] == [("rebased", "")]


def test_a_pass_stone_after_a_move_on_a_dead_sensor_tells_the_move():
    """AGA: black plays on dd, whose sensor is dead (a stone out of black's
    bowl, nothing new on the board); white passes, its stone into black's
    lid, while the board still waits for black. The one dead point that fits
    was black's move, and the pass came after it; before, the pass waited,
    white's next pass stone was taken as white's move and black's as black's,
    a turn early, and the count missed dd (seed 765755 game 48)."""
    s = S.pass_after_a_move_on_a_dead_sensor()
    assert flat(s[:3]) == []
    assert flat(s[3:]) == [("move", "B", "dd"), ("pass", "W", True)]


def test_a_pass_stone_dropped_while_a_dead_point_is_asked_about_is_the_pass():
    """Black's move on a dead sensor, white's answer: the board asks whether
    black played on dd; black passes meanwhile (its stone into white's lid)
    and then presses ok. dd and ee are the moves, then black's pass: the lid's
    stone came in while a question stood that no stone answers, not with a
    fix (before, written off as the fix's at the answer: the pass lost, and
    with it the count, seed 633370 game 224)."""
    s = S.pass_stone_while_a_move_on_a_dead_sensor_is_asked_about()
    assert s[3] == [("illegal", "unseen", "ee")]
    assert flat(s[4:7]) == []
    assert s[7] == [("restored",), ("move", "B", "dd"), ("move", "W", "ee")]
    assert s[8] == [("pass", "B", True)]


def test_a_pass_after_a_move_on_a_dead_sensor_with_a_stone_in_the_movers_hand():
    """The same with black's bowl two stones out (its hand holds the next):
    white's pass stone out of turn says black moved; dd fits. Before, only
    exactly one stone out would do: black's move lost, white's pass taken
    after black's (seed 633370 game 280)."""
    s = S.pass_after_a_move_on_a_dead_sensor_with_a_stone_in_hand()
    assert flat(s[:3]) == []
    assert flat(s[3:]) == [("move", "B", "dd"), ("pass", "W", True)]


def test_a_move_on_a_dead_sensor_before_both_pass_stones_is_taken_first():
    """AGA at tempo 0, dd's sensor dead: black's stone goes to dd unseen, white
    passes (its stone into black's lid), black's bowl settles two stones out,
    and black passes (its stone into white's lid, after white's). Both pass
    stones are in, black to move: taken as black's pass, white's pass, the
    bowl would hold one stone out too many, and white's came first. Black
    moved (the one dead point where a move fits), white passed, black passed
    (seed 602451 game 130: black's pass taken first, the move lost, the count
    a point off). The move is taken as soon as black's bowl settles two out
    with white's pass stone in (a stone in hand beside it), before black's."""
    s = S.two_pass_stones_after_a_move_on_a_dead_sensor()
    assert flat(s[:5]) == []
    assert s[5] == [("move", "B", "dd")]
    assert s[6] == [("pass", "W", True)]
    assert s[7] == [("pass", "B", True)]
    assert flat(s[8:]) == []


def test_a_pass_pressed_out_of_turn_waits_for_the_movers_bowl():
    """Chinese, a dead sensor on dd: black's stone goes there unseen while its
    bowl is still moving, and white presses its pass at once, then black its
    own. White's press waits for black's bowl (the presses after it wait
    behind it, in order); settled one stone out, with dd the one dead point
    where it fits, that was black's move, and both passes come after it. Before,
    white's pass was refused (not its turn) and black's taken: black's move
    lost, the count a point off (campaign seed 982539, game 11)."""
    s = S.pass_pressed_out_of_turn_while_the_movers_bowl_moves()
    assert flat(s[:4]) == []
    assert s[4] == [("move", "B", "dd"), ("pass", "W", False), ("pass", "B", False)]


def test_a_pass_pressed_out_of_turn_comes_before_the_movers_next_stone():
    """Black plays on the dead dd, white presses pass at once (held for
    black's moving bowl), and black puts ee down before its bowl settles two
    out. The press is judged as the board was when pressed, before ee: dd,
    the pass, then ee (seed 724453 game 320: ee taken first, the pass after
    it, dd lost)."""
    s = S.pass_pressed_out_of_turn_then_the_movers_next_stone()
    assert flat(s[:5]) == []
    assert s[5] == [("move", "B", "dd"), ("pass", "W", False), ("move", "B", "ee")]
    assert s[-1][0][-3] == "dd" and s[-1][0][-1] == "ee"


def test_a_pass_pressed_out_of_turn_with_two_stones_out_of_the_movers_bowl():
    """The same with black's bowl settling two stones out, one more in a hand:
    the press out of turn says black moved, and dd is where it fits. Before,
    only exactly one stone out would do: white's press was refused, black's
    move lost (seed 93475 game 199)."""
    s = S.pass_pressed_out_of_turn_with_two_stones_out_of_the_movers_bowl()
    assert flat(s[:4]) == []
    assert s[4] == [("move", "B", "dd"), ("pass", "W", False), ("pass", "B", False)]


def test_a_capture_in_the_lid_with_a_recapture_on_a_dead_sensor_is_no_pass_stone():
    """White dd, black ab taking aa (into black's lid), white ih on a dead
    sensor taking ii: black's lid holds a stone the game does not explain
    yet, and a white stone is out. Moves explain the board without a pass,
    one of them on the dead point, with aa the lid's stone: it is no white
    pass stone, and the board asks about the dead point. Before, white's
    pass and black's were taken (seed 93475 game 95: the passes nobody made,
    the moves lost, play stopped on a mismatch)."""
    s = S.capture_in_a_lid_and_a_recapture_on_a_dead_sensor()
    assert s[0] == [("illegal", "unseen", "ab")]
    assert not [e for a in s for e in a if e[0] == "pass"]


def test_a_second_stone_on_a_flickering_sensor_is_the_move_once_the_other_is_off():
    """White puts down dd and, in the same window, a second stone on ff, whose
    sensor flickers (flagged unstable): dd is taken. When ff reads again, its
    stone is named the second one; when it came nobody saw, so it may have come
    down with dd. White takes dd off: the move is corrected to ff, and black
    plays on. Before, dd was said slid to ff, then knocked, and play stopped
    (campaign seed 723612, game 8)."""
    s = S.second_stone_on_a_flickering_sensor_then_the_move_taken_off()
    assert s[1] == [("move", "W", "dd")]
    assert s[2] == [("illegal", "extra-stone", "ff")]
    assert s[3] == [("restored",), ("correct", "W", "dd", "ff")]
    assert s[4] == [("move", "B", "hh")]


def test_a_pass_pressed_before_an_earlier_stone_slid_acts_once_it_is_put_back():
    """White presses pass while black's ee settles; a sleeve slides white's gg
    to gh before the board looks. The look names the slide, which came after
    the press: white could not see it. Put back, ee is black's move and white's
    pass comes after it, then black's own pass ends play. Before, the held pass
    met "Fix the board first" and was dropped, black's pass was out of turn,
    and the players lifted their dead stones on a board still in play (campaign
    seed 931430, game 42)."""
    s = S.pass_pressed_then_an_earlier_stone_slid()
    assert s[0] == [("illegal", "slid", "gg")]
    assert s[1] == []                          # black's pass waits behind white's
    assert s[2] == [("restored",), ("move", "B", "ee"), ("pass", "W", False),
                    ("pass", "B", False)]


def test_a_pass_pressed_on_a_move_that_is_itself_wrong_is_not_kept():
    """The same press while two black stones land at once: the problem is
    black's move, which the fix may change, so white's pass is not kept for
    after it; black's own pass meanwhile is refused. Only ee is taken."""
    s = S.pass_pressed_on_two_black_stones()
    assert s[0] == [("illegal", "extra-stone", "ff")]
    assert flat(s[1:]) == [("restored",), ("move", "B", "ee")]


def test_a_pass_stone_long_after_a_prisoner_went_to_its_owners_bowl():
    """AGA: black captures white's gg and puts it in white's bowl; white plays
    on. Two seconds later black's stone leaves its bowl and lands in white's
    lid: black's lid is a prisoner short and white's a stone over, as when a
    prisoner goes into the wrong lid, but that stone came long after gg left
    the board, with a stone out of black's settled bowl: black's pass stone,
    taken as it lands, and white's after it. Before, it waited for the wrong
    lid's prisoner and white's pass stone was taken as black's pass: every
    pass after went unseen (campaign seed 982539, game 219)."""
    s = S.pass_stone_after_a_prisoner_put_in_its_owners_bowl()
    assert flat(s[:6]) == [("restored",), ("move", "W", "dd")]
    assert s[6] == [("pass", "B", True)]
    assert ("pass", "W", True) in s[9]


def test_a_prisoner_said_missing_is_found_in_its_owners_bowl_and_the_pass_stone_seen():
    """AGA: black lifts white's gg as its lid still moves and drops it in white's
    bowl while white takes the stone for its answer (the bowl never settles to
    show either). At black's next move black's lid is a prisoner short: said
    missing. White's bowl then settles at 36, its count before dd: the game used
    5 of its 40, so it holds one stone more than the game says. One such
    reading may be a count taken before dd's stone left: the bowl cannot tell
    yet (unused -1). Read so again after a hand stirred it, gg, owed, is that
    stone: found there, no stone out (unused 0). Long after, white passes: one
    stone leaves its bowl and comes into black's lid. White's bowl has a stone
    out and gg is no longer owed, so it is white's pass stone (seed 644394 game
    47: still owed, it was taken as gg late and the pass lost)."""
    s = S.pass_stone_after_a_prisoner_said_missing_went_to_its_owners_bowl()
    assert flat(s[:4]) == [("restored",), ("move", "W", "dd")]
    assert s[5] == [("prisoner-missing",), ("move", "B", "cd")]
    assert s[7] == [("unused", 0, -1)]
    assert s[10] == [("unused", 0, 0)]
    assert flat(s[11:13]) == []
    assert s[13] == [("pass", "W", True)]


def test_a_prisoner_hiding_a_stone_in_its_owners_bowl_is_counted_once():
    """Chinese: black lifts white's gg while its lid stays settled short, so gg
    may have gone to white's bowl (it did). White's bowl moves through dd and
    de and settles at 35: one lighter than its 36 before dd, while the game
    used two of its stones since. Both left (the count cannot explain one
    otherwise): gg hid one. Out of 40, 6 used, 35 left with gg in: no white
    stone is out that the game has not used (unused 0; counted out twice, the
    bowl said one was in a hand, and vouched for a move nobody played)."""
    s = S.prisoner_in_its_owners_bowl_as_two_stones_leave_it()
    assert moves(s) == [("W", "dd"), ("B", "cd"), ("W", "de")]
    assert s[-1] == [("unused", 0, 0)]


def test_undo_is_still_refused_without_takeback_while_the_stone_stands():
    b = Board("japanese")
    out = S.steps(b, "B cc", "W gg", "!undo", "B ee")
    assert out[2] == [("illegal", "no-takeback", "")]
    assert out[3] == [("move", "B", "ee")]


def test_more_stones_than_one_look_orders_are_taken_in_the_order_they_came():
    """Nine moves landed before the board looked (it fell behind, or an
    announcement held it while the players played on), each in its own scan.
    One look orders at most explain.MAX_NEW stones: the eight that came first
    are tried, and the moves among them that came before anything left over
    are sure (the issue's invariant: stones that alternate and are legal in
    the order they came are the moves). The ninth is the next look's. Named
    to be played again, the players' lifting them was taken for eight moves at
    once (seed 574640 game 422: eight false moves, stuck)."""
    s = S.more_stones_than_one_look_orders()
    assert s[0] == [("move", "B", "ee"), ("move", "W", "dd"), ("move", "B", "ff"),
                    ("move", "W", "hh"), ("move", "B", "ci"), ("move", "W", "gi"),
                    ("move", "B", "ai"), ("move", "W", "ia")]
    assert s[1] == [("move", "B", "bb")]
    assert s[2] == [("move", "W", "ah")]


def test_more_stones_than_one_look_orders_in_no_order_are_named_to_be_played_again():
    """Ten stones, the first two black ones in one scan: no order is sure, so
    they are named and lit to be played again, as after a restart (a
    `mismatch` there had no fix a player could do)."""
    s = S.more_stones_than_one_look_orders_two_in_one_scan()
    assert s[0][0][:2] == ("illegal", "resume-order")
    assert s[1] == [("lit", "ah ai bb ci dd ee ff gi hh ia")]
    assert s[2] == [("restored",)]
    assert s[3] == [("move", "B", "ee")] and s[4] == [("move", "W", "dd")]


def test_a_stone_named_after_a_restart_never_answers_a_later_move():
    """After a power cut a white stone reads on cg while black is to move, and
    black's last move may be on a dead sensor: the board asks. Black plays dd
    instead: cg was on the board before dd, so it is no answer to it; it stays
    named, and dd is taken once cg is off. Its arrival forgotten, it was taken as
    white's answer to dd, a move nobody played (seed 452561 game 80: a drifted
    sensor read from its old baseline after the restart)."""
    s = S.stone_named_after_a_restart_then_another_move()
    assert ("illegal", "unseen", "cg") in s[0]
    assert s[1] == []                        # the question still stands
    assert s[2] == [("restored",), ("move", "B", "dd")]


def test_ok_to_the_question_after_a_restart_takes_the_move_and_its_answer():
    from referee_board import Board, idx
    from referee_scenarios import steps, brief
    from goban.referee import FAULT
    b = Board()
    b.stable[idx("ee")] = FAULT
    steps(b, ".", "B cc", "W gg")
    log = list(b.log)
    b.put("W", "cg")
    assert ("illegal", "unseen", "cg") in brief(b.restart(log) + b.look())
    assert steps(b, "!ok", ".", "B dd") == [
        [("restored",), ("move", "B", "ee"), ("move", "W", "cg")], [], [("move", "B", "dd")]]


def test_a_move_seen_then_captured_before_the_board_took_it():
    """Fast play while the last move's stone is knocked off: white plays aa and
    black captures it at once. The board, on the knocked stone, takes neither;
    the players put cc back and lift the prisoner: the board is their game
    plus white's aa (seen at a look, captured since) and black's ab. Those two
    moves are taken: the stone was sensed. Without it the board stayed on a
    second black stone that nobody could fix (tests/unit/test_referee_props.py,
    seed 477055 game 141)."""
    s = S.stone_seen_then_captured_before_it_was_taken()
    assert s[0] == [("illegal", "knocked", "cc")]
    assert s[1] == [("restored",), ("move", "W", "aa"), ("move", "B", "ab")]


def test_a_stone_taken_off_at_the_boards_word_is_never_a_captured_move():
    """Fast play: black's ff, a second black stone on aa and white's hh before
    the board looks; it takes ff and hh and names aa, and black takes it off.
    Black's next stone goes down the wrong colour on ba, where white would
    capture aa. The board was the game once aa was off: aa was taken back, not
    captured (a prisoner leaves after its captor lands). It had taken black aa
    and white ba, two moves nobody played (tests/unit/test_referee_props.py,
    seed 85651 game 91)."""
    s = S.second_stone_taken_off_then_the_wrong_colour_beside_it()
    assert s[1] == [("illegal", "extra-stone", "aa")] and s[2] == [("restored",)]
    assert ("move", "B", "aa") not in flat(s) and ("move", "W", "ba") not in flat(s)
    assert s[3][0][0] == "illegal" and s[-1] == [("move", "B", "ba")]


def test_a_stone_seen_then_captured_is_the_move_before_a_dead_sensor_is_asked_about():
    """AGA, a dead sensor elsewhere: black's aa waits for white's moving lid,
    white captures it with ab at once and the prisoner goes to the floor. The
    board then shows only white's stone on black's turn. Black's aa was sensed,
    and ab captures it: that is the one order, taken once aa is off (a pass
    stone on its way is no likelier). The question about a move on the dead
    sensor came first and nobody could answer it (campaign seed 390617, game
    14)."""
    s = S.stone_seen_then_captured_while_a_sensor_is_dead()
    assert ("illegal", "unseen", "ab") not in flat(s)
    assert s[3] == [("move", "B", "aa"), ("move", "W", "ab")]
    assert s[-1][-1] == ("move", "B", "cd")


def test_a_prisoner_of_a_move_not_taken_yet_is_no_pass_stone():
    """AGA, fast play while white's lid moves: black plays hh, white captures aa
    with ab, and aa lands in white's lid before the board took either move. The
    lid's new stone is the prisoner of a stone gone from the board, not black's
    pass stone: the moves are taken. Read as a pass, black's hh became a second
    stone nobody could fix (campaign seed 390617, game 82)."""
    s = S.prisoner_of_a_move_not_taken_yet_into_the_lid()
    assert ("pass", "B", True) not in flat(s)
    assert s[4] == [("move", "B", "hh"), ("move", "W", "ab")]
    assert s[5] == []


def test_the_prisoner_of_a_stone_seen_then_captured_is_no_pass_stone():
    """AGA: black's aa waits for white's moving lid, white captures it with ab
    at once and aa goes into white's lid. The board shows white's ab on black's
    turn and a stone more in white's lid: read as black's pass stone, white's ab
    was taken as the answer to a pass nobody made. aa was sensed, and ab took
    it: the two moves (campaign seed 553306, game 10)."""
    s = S.prisoner_of_a_stone_seen_then_captured_into_the_lid()
    assert ("pass", "B", True) not in flat(s)
    assert s[3] == [("move", "B", "aa"), ("move", "W", "ab")]
    assert moves(s)[-1] == ("B", "cd")


def test_a_pass_stone_is_seen_after_a_restart_with_a_prisoner_missing():
    """AGA: black's prisoner fell on the floor (said missing), then the power is
    cut. Weighed afresh, black's lid is a prisoner short of the game: that was
    known before the cut, and what it holds is the count. Kept short, it read as
    a prisoner in the wrong lid, and black's pass stone into white's lid was
    never a pass (campaign seed 553306, game 27)."""
    s = S.pass_stone_after_a_restart_with_a_prisoner_missing()
    assert ("prisoner-missing",) not in flat(s[1:])      # said before the cut, once
    assert s[-1] == [("pass", "B", True)]


def test_a_quick_pass_is_no_late_prisoner_once_the_answer_is_on_the_board():
    """AGA: white's prisoner fell on the floor long ago (said missing). Black
    passes at once, its bowl's reading not yet showing the stone gone; white
    answers on the board; white's lid then settles a stone up. With the answer
    seen, that stone is black's pass stone, not the prisoner come late: repaid,
    the pass was lost and white's answer a stone out of turn nobody could fix
    (campaign seed 390617, game 430)."""
    s = S.quick_pass_while_a_prisoner_is_owed_and_the_bowl_reads_behind()
    assert s[2] == [("pass", "B", True)]
    assert moves(s) == [("W", "gh")]


def test_a_stone_nudged_as_the_power_comes_back_is_no_drift():
    """A stone played while the board was off is nudged by a hand as the board
    comes back: the restart's first look reads it weak, as a drifted sensor
    reads. Weak a moment only, it is the stone: taken, its sensor not rebased.
    Rebased at once, the stone read as nothing from then on, and the board
    said it was gone (campaign seed 390617, game 430)."""
    s = S.stone_nudged_as_the_power_comes_back()
    assert s[0] == []
    assert s[1] == [("move", "B", "ee")]
    assert s[2] == [("rebased", "")]


def test_lid_offsets_survive_a_restart():
    """AGA: black's prisoner went into white's lid; the board counts it as
    black's (white's lid holds a stone beyond what it counts, black's one
    short), and its bowls event says so (offB, offW), which the log keeps.
    After a power cut the lids are weighed afresh: with those offsets nothing
    new is in either lid. Without them, white's lid held a stone the game did
    not explain, and black's next turn began with a pass nobody made
    (campaign seed 445107, game 157)."""
    s = S.prisoner_in_the_wrong_lid_then_a_restart()
    assert ("pass", "B", True) not in flat(s)
    assert moves(s) == [("W", "ah"), ("B", "bh")]


def test_a_prisoner_moved_over_before_a_cut_the_log_never_saw_is_moved_over_again():
    """AGA: black's prisoner gg goes into white's lid; at white's answer the
    board moves it over to black's lid in the count, but no bowl settles at
    another count before the power is cut, so the log's last bowls event still
    has the lids as read (black's 0, white's 1, no offsets). Weighed afresh,
    black's lid is a prisoner short and white's holds one the game does not
    explain: that is the prisoner in the wrong lid, as it was before the cut,
    not a pass stone of black's. Black takes a stone and plays hh: the move
    (seed 723612 game 208: black's lid written off as missing, white's stone
    over read as black's pass at the restart, and black's move refused)."""
    s = S.prisoner_moved_over_then_a_restart_before_a_bowls_event_said_so()
    assert ("pass", "B", True) not in flat(s)
    assert ("prisoner-missing",) not in flat(s)
    assert flat(s[:3]) == []
    assert s[3] == [("move", "B", "hh")]


def test_a_prisoner_put_back_and_lifted_again_is_carried_afresh():
    """AGA: white's prisoner aa goes back on its point by mistake (said), and is
    lifted again; black takes its next stone; aa then lands in white's lid.
    Timed from its first lifting, its carry was over, so the lid's stone with a
    stone out of black's bowl read as black's pass stone (the prisoner said
    missing): the fix starts its carry again (campaign seed 903317, game 162)."""
    s = S.prisoner_put_back_then_lifted_again_into_the_lid()
    assert s[0] == [("illegal", "suicide", "aa")] and s[1] == [("restored",)]
    assert ("pass", "B", True) not in flat(s) and ("prisoner-missing",) not in flat(s)
    assert moves(s) == [("B", "cd")]


def test_a_stone_out_on_the_board_is_no_pass_stone_in_hand():
    """AGA: white's prisoner, long in a hand, drops into white's lid as black
    plays cd, the move waiting for that lid to settle. Black's stone out of its
    bowl is on the board: no pass stone can be in black's hand, so the lid's
    stone is the prisoner come late, and cd is the move."""
    s = S.late_prisoner_as_a_move_waits_for_its_lid()
    assert ("pass", "B", True) not in flat(s)
    assert s[-1] == [("move", "B", "cd")]


def test_a_weak_reading_nobody_takes_off_is_flagged():
    """A sensor whose baseline wandered reads black on aa, weakly, just after
    black moved: named as a second black stone (the bowls cannot rule it out).
    Nobody takes anything off it: after FAINT_MS it is flagged as a sensor
    fault, and what stood announced is over. Kept, nobody could answer it and
    the game stopped (campaign seed 434437, game 263)."""
    from goban.referee.wrong import FAINT_MS
    s = S.weak_reading_named_as_a_stone_nobody_takes_off()
    assert s[0] == [("illegal", "extra-stone", "aa")]
    assert s[1] == [] and 1000 < FAINT_MS <= 3000       # (looked at 1 s, then 3 s)
    assert ("restored",) in flat(s[2:4])
    assert s[-1] == [("flagged", "aa")] and moves(s)[-1] == ("W", "dd")


def test_a_prisoner_in_flight_when_the_lids_are_first_weighed_is_no_pass():
    """AGA, after a power cut: white takes aa, and the lids are first weighed
    as aa is carried to white's lid (short by it); black plays cd as the lid
    moves; aa lands. Its lid was short of a capture just lifted, not of
    prisoners gone before the cut: aa is the prisoner, cd the move. Taken as a
    shortfall from before the cut, aa's landing was black's pass stone
    (campaign seed 588213, game 116)."""
    s = S.prisoner_in_flight_when_the_lids_are_first_weighed()
    assert ("pass", "B", True) not in flat(s)
    assert s[-2] == [("move", "B", "cd")]     # (the lid short of aa, lifted: no wait)


def test_an_answer_before_the_prisoner_lands_says_nothing_missing():
    """AGA at tempo 0: gg lifted, white answers before it lands in black's lid.
    Within CARRY_MS of the lifting the prisoner is still carried: nothing is
    said missing (said, the board counted a lid short and then a prisoner
    late at every ko capture, and the last pass stones of the game went unseen:
    campaign seed 630926, game 297). White's pass stone after is seen."""
    s = S.answer_before_the_prisoner_reaches_the_lid()
    assert ("prisoner-missing",) not in flat(s)
    assert moves(s) == [("W", "dd"), ("B", "ce")] and s[-1] == [("pass", "W", True)]


def test_a_pass_stone_into_the_other_lid_is_no_prisoner_in_the_wrong_lid():
    """AGA: black's prisoner gg fell on the floor, said missing at white's
    answer; at once black takes a stone and passes into white's lid, where gg
    could have been dropped by mistake. Black to move with a stone out: the
    lid's stone is black's pass stone, not gg late in the wrong lid (seed
    264851 game 18, once prisoners still carried were no longer said missing)."""
    s = S.pass_stone_into_the_other_lid_soon_after_a_prisoner_said_missing()
    assert s[1] == [("prisoner-missing",), ("move", "W", "dd")]
    assert s[-1] == [("pass", "B", True)]


def test_a_stone_given_to_a_bowl_survives_a_restart():
    """A stone from elsewhere goes into black's bowl (none of black's was out):
    the bowl's start (what it would hold had no stone left it) is raised and
    logged, so after a power cut the stones out are still right and black's
    next pass stone is seen. Taken from the start of the game, the bowl came
    back one stone short and under AGA the game could not end by passing
    (campaign seed 125461, game 80: a stone left from the last game)."""
    s = S.stone_given_to_a_bowl_then_a_restart_then_a_pass_stone()
    assert s[-1] == [("pass", "B", True)]


def test_a_bowl_first_weighed_with_a_stone_in_hand_catches_up():
    """Black's first stone is already in the hand when the bowls are first
    weighed: the bowl shows one stone fewer leaving than the game used, settled,
    for good. After BEHIND_MS it is no late reading: that stone left unseen, and
    black's pass stone is then seen. Kept behind, the bowl said no stone was in
    black's hand for the rest of the game, and under AGA the game could not end
    by passing (campaign seed 125461, game 170)."""
    s = S.bowl_first_weighed_with_a_stone_in_hand()
    assert s[-1] == [("pass", "B", True)]


def test_a_knocked_stone_put_back_from_the_bowl_leaves_no_stone_out():
    """The stone that replaces a knocked one comes from the bowl: the bowl's next
    stone out is that stone, on the board already, not a stone in a hand (kept
    as one, it vouched for moves nobody made for the rest of the game)."""
    s = S.knocked_stone_put_back_from_the_bowl()
    assert s[0] == [("illegal", "knocked", "cc")]
    assert s[1] == [("restored",)]
    assert s[-1] == [("unused", 0, 0)]


def test_a_knocked_stone_put_back_after_its_bowl_settled_leaves_no_stone_out():
    """The same fix, its stone taken from the bowl and the bowl settled before
    the stone is back on cc: the stone out is the fix's once cc is back (not
    while the knock stands, when it could be a move's)."""
    s = S.knocked_stone_put_back_after_its_bowl_settled()
    assert s[0] == [("illegal", "knocked", "cc")]
    assert s[2] == [("restored",)]
    assert s[-1] == [("unused", 0, 0)]


def test_a_knocked_stone_dropped_in_its_bowl_leaves_the_bowl_no_witness_of_none_out():
    """The hand takes a stone for the fix, drops the knocked one into the bowl
    and puts the first on cc; black's next stone leaves the bowl soon after,
    taken for the fix's (the knocked stone on the floor, the board thinks), so
    the bowl's start is a stone low: it must not say later that no stone left
    it. Black's ca is a move (it was a `no-stone-out` stop: seed 992049 game
    281, white's move stopped after a slid stone's fix)."""
    s = S.knocked_stone_put_in_its_bowl_then_put_back_from_it()
    assert s[0] == [("illegal", "knocked", "cc")] and s[3] == [("restored",)]
    assert moves(s) == [("B", "ff"), ("W", "hh"), ("B", "ca")]
    assert s[-1] == [("unused", -1, 0)]     # black's bowl witnesses no "none out" now


def test_a_prisoner_in_the_wrong_lid_moves_ago_is_no_pass_of_this_turn():
    """A prisoner dropped into the wrong lid three moves ago (fast play: still
    carried, for all the board knows, so not moved over yet), a fix since;
    white's move on a dead sensor takes a stone out of its bowl. That lid's
    stone began to come in before the last move landed (and before the fix
    that timed the carry again): it is no white pass (seed 880219 game 73:
    the pass taken, white's move lost, the count a point off)."""
    s = S.wrong_lid_prisoner_then_a_move_on_a_dead_sensor()
    assert s[18] == [("move", "B", "hh")] and s[19] == [("illegal", "unseen", "ge")]
    assert not [e for a in s for e in a if e[0] == "pass"]


def test_passes_then_a_dead_stone_lifted_before_the_movers_bowl_settles():
    """White plays on dd, whose sensor is dead; black presses pass, then white,
    and black lifts white's gg as dead, all before white's bowl settles. The
    passes wait for that bowl; gg is said knocked meanwhile. The bowl settles
    one out: that stone is white's move, not the knocked stone's fix (nothing
    was put back), and the presses are judged as the board was when pressed,
    gg still on it: dd is white's move, then both passes. Before, the stone
    out went to the fix, black's pass was refused and white's taken: white's
    move lost, the count a point off (campaign seed 982539, game 11)."""
    s = S.passes_pressed_then_a_dead_stone_lifted_before_the_movers_bowl_settles()
    assert flat(s[:3]) == []
    assert s[3] == [("illegal", "knocked", "gg")]
    assert s[4][:3] == [("move", "W", "dd"), ("pass", "B", False), ("pass", "W", False)]


def test_moves_played_while_a_stray_stone_holds_the_setup_leave_their_bowls():
    """A stone left from the last game holds the new game in SETUP; black's
    first stone was out of its bowl when the bowls were first weighed (the game
    used none then). Play begins with the stones down as its moves: the bowls
    count them out, so black's next stone is seen leaving (counted low, that
    move was a `no-stone-out` stop: seed 588213 game 183)."""
    s = S.moves_played_while_a_stray_stone_holds_the_setup()
    assert s[4] == [("move", "B", "cc"), ("move", "W", "gg")]
    assert s[7] == [("move", "B", "dd")]
    assert not [e for a in s for e in a if e[0] == "illegal"]
    assert s[-1] == [("unused", 0, -1)]     # black's bowl right, white's unsure


def test_the_count_waits_for_a_sensor_that_reads_nothing():
    s = S.count_waits_for_a_sensor_that_reads_nothing()
    assert s[1] == []                       # end held: ab cannot be read
    assert s[2] == [("dead", "ab ba bb"), ("count", "W+88.5")]


def test_the_count_asks_about_an_empty_point_it_cannot_read_when_a_stone_is_unaccounted():
    """aa's sensor reads nothing and black's bowl has a stone out the game never
    used: it may lie on aa (seed 281085 game 25: black's second stone on a
    dead sensor, unseen, the count 41 points off). End waits, then asks the
    players to clear aa; their "down" counts."""
    s = S.count_asks_about_an_empty_point_it_cannot_read()
    assert s[0] == [] and s[1] == []
    assert s[2] == ["Cannot read aa", "aa: clear it, then down"]
    assert s[3] == [("dead", ""), ("count", "W+7.5")]


def test_the_count_takes_the_players_up_on_an_empty_point_it_cannot_read():
    """The same question answered up, a stone there (seed 530693 game 290: a
    move on the dead sensor the board lost; the players' game has it, so they
    pressed up and the count waited for ever). Black's bowl is the one with a
    stone out the game never used: aa counts as black's, a point more."""
    s = S.count_takes_the_players_word_of_a_stone_on_an_empty_point_it_cannot_read()
    assert s[2] == ["Cannot read aa", "aa: clear it, then down"]
    assert s[3] == [("dead", ""), ("count", "W+6.5")]


def test_a_stone_found_at_the_count_is_logged_and_kept_by_a_restart():
    """The found stone rides on the dead event; a board restarted after the
    count has it on its game board, the count not made twice. Answered down
    instead, nothing is found and aa stays empty."""
    found, counts, cell, again = S.count_found_stone_kept_by_a_restart()
    assert found == [{"B": ["aa"]}] and counts == ["W+6.5"]
    assert cell == 1 and again == []
    found, counts, cell, again = S.count_found_stone_kept_by_a_restart("down")
    assert found == [None] and counts == ["W+7.5"] and cell == 0


def test_the_count_trusts_an_empty_point_it_cannot_read_when_the_bowls_vouch():
    """The same board with every stone out of the bowls on it: nothing can lie
    on aa unseen, so end counts at once, with no question."""
    s = S.count_trusts_an_empty_point_the_bowls_vouch_for()
    assert s[0] == [("dead", ""), ("count", "W+7.5")]
    assert not s[2][0].startswith("Cannot read")


def test_the_counts_question_stays_while_the_seki_count_runs_in_its_step():
    """End held (ab unreadable in a burst of noise), another dead stone lifted
    after the wait: the board asks about ab ("Cannot read ab", lit yellow) and
    the seki count that follows, in a step of its own, leaves the question
    up. It wrote its own line over it ("Dead 3, seki 2"), so nobody answered
    and the game was never counted (campaign seed 115536, games 59 and 299)."""
    s = S.count_question_stays_while_the_seki_count_runs_in_its_step()
    assert s[2] == ["Cannot read ab"]
    assert s[-1] == [("count", "W+88.5")]


def test_a_count_answer_pressed_as_its_question_changes_is_no_answer():
    """The count asks about ab ("Cannot read ab: down=dead up=on"); a press
    100 ms later was meant for the question before (a person reads, then
    presses): it answers nothing. Pressed after ANSWER_MS it is the answer.
    A "down" meant for em, pressed as the question became sf (a live stone on
    a dead sensor), had made sf dead: the count 3 points off (campaign seed
    982539, game 68)."""
    s = S.count_answer_waits_for_its_question_to_be_read()
    assert s[2] == [] and s[3] == ["Cannot read ab"]
    assert s[4] == []
    assert s[5] == [("dead", "ab ba bb"), ("count", "W+88.5")]


def test_a_dead_stone_lifted_off_a_drifted_sensor_is_counted_dead():
    s = S.drift_under_a_dead_stone()
    assert s[1] == [("dead", "ab ba bb"), ("count", "W+88.5")]
    assert s[2] == [("rebased", "ab")]


def test_end_looks_again_at_a_dead_stone_lifted_off_a_drifted_sensor():
    """A dead stone lifted off a sensor whose baseline walked under it still
    reads, weakly, the same colour: the frame does not change, so no look saw
    it go. `end` counted with the last look's dead list, the stone alive (seed
    434437 game 161: W+34.5 for B+1.5); it looks again first, and the lid that
    gained the stone says it was lifted."""
    s = S.dead_stone_lifted_off_a_drifted_sensor_unseen()
    assert s[0] == [("dead", "gg"), ("count", "B+73.5")]
    assert s[1] == [("rebased", "gg")]


def test_a_drifted_empty_sensor_after_a_restart_is_no_stone_added_at_the_count():
    """After a power cut at the end of play, an empty point whose sensor's
    baseline walked during the game reads black from its old baseline, weakly,
    and black's bowl says no black stone is out: the sensor is flagged, as in
    play, not a stone `added while counting` that no player could take off
    (seed 434437 game 223); the count then goes on."""
    s = S.drifted_empty_sensor_after_a_restart_at_the_count()
    assert s[-1] == [("flagged", "aa")]
    assert s[2] == [("restored",)] and s[4] == [("dead", "gg"), ("count", "B+73.5")]


def test_the_lids_are_weighed_afresh_after_a_restart():
    """The log keeps a `bowls` event only when a start changes (the first of a
    game): its lids are not now's. Taken as the baseline after a restart, the
    prisoner black's lid had held all along arrived when the lids were weighed
    again, at the count, and said a doubtful white stone still on the board was
    lifted: counted dead (W+4.5, seed 434437 game 223's cause). Weighed afresh,
    the lid says nothing of it: the count waits for the players' word."""
    s = S.restart_then_the_count_then_the_lids_weighed_again()
    assert s[1] == [("pass", "W", False)] and s[2] == [("pass", "B", False)]
    assert s[4] == []                       # held: ee cannot be read


def test_the_bowls_are_weighed_afresh_after_a_restart():
    """After a restart the log's bowls event is the game's first: a bowl not
    settled yet was shown full (B 40 here, 180 on the table) in the first
    event, beside the other's fresh count. Now the counts are shown once both
    are weighed again, and the stones out come from the start: one in black's
    hand, none in white's."""
    s = S.bowls_weighed_afresh_after_a_restart()
    assert s[1] == [] and s[2] == [(37, 38)]
    assert s[3] == [("unused", 1, 0)]


def test_a_lid_weighed_before_its_bowl_after_a_restart_still_counts():
    """After a restart the scales are weighed afresh; black's lid (one
    prisoner) settles before the bowls. Its count was skipped with its bowl's
    and taken as no change at the bowl's first reading: the lid read a stone
    short for good, white's lid a stone over, and black's pass stone went
    unseen (seed 765755 games 74, 87: the last passes of AGA games lost)."""
    s = S.pass_stone_after_a_restart_whose_lids_settled_first()
    assert flat(s[:4]) == []
    assert s[4] == [("pass", "B", True)]
    assert s[5] == [("loose", 0, 0)]


def test_a_drifted_sensor_read_after_a_restart_is_rebased_not_played():
    """An empty point whose baseline walked during the game (followed in RAM)
    reads white from the baseline on flash after a power cut, weakly; white
    holds its next stone, so its bowl vouches for one. No placed stone reads
    weak: the sensor's baseline is taken again, and white's real move is taken.
    Played, it was a move nobody played (seeds 588213 games 175, 190)."""
    s = S.drifted_sensor_after_a_restart_with_a_stone_in_hand()
    assert s[0] == [] and s[-1] == [("rebased", "aa")]
    assert [e for a in s[1:-1] for e in a] == [("move", "W", "dd")]


def test_a_press_waits_while_the_restarts_look_rebases_a_sensor():
    """A pass pressed as the board comes back waits for the look that takes the
    stones played while it was off; a look that only rebased a drifted sensor is
    not that look (the press was refused as not black's turn, or ended the game
    before the stones were taken: seed 588213 game 175)."""
    s = S.pass_pressed_as_a_drifted_sensor_is_rebased_after_a_restart()
    assert s[0] == [] and s[1] == [("move", "W", "dd"), ("pass", "B", False)]


def test_a_pass_stone_is_seen_while_the_passers_bowl_reads_behind():
    """Black's bowl missed a stone leaving (it was moving as the stone went)
    and reads behind the game: it cannot say whether a stone is out. Black's
    pass stone comes into white's lid: the lids tell it. Waiting for a bowl
    that could not tell, the last pass stones of AGA games went unseen and the
    dead stones lifted next were announced knocked, for good (seeds 903317
    game 37)."""
    s = S.pass_stone_while_the_bowl_reads_behind()
    assert s[-1] == [("pass", "B", True)]


def test_a_pass_stone_is_seen_when_the_passers_bowl_is_a_stone_off():
    """Black's pass stone leaves its bowl as a stone from the last game is
    dropped in: the bowl, settled, says none is out. The lid says a stone came:
    the pass (seed 264851 game 22: W's pass read as its next move's stone)."""
    s = S.pass_stone_while_the_bowl_is_a_stone_off()
    assert s[-1] == [("pass", "B", True)]


def test_a_pass_stone_soon_after_a_prisoner_said_missing_is_a_pass():
    """AGA: a prisoner dropped on the floor is said missing at white's answer;
    white's bowl then settles two stones lighter (the answer's stone and a
    pass stone) and a white stone comes into black's lid within MISSED_MS. The
    bowl fell by more than the game owed it, so the prisoner could not have
    hidden a stone in it: one is out, unused; and on white's turn, with a
    stone out of white's bowl, the lid's new stone is white's pass stone, not
    the prisoner late (campaign seed 264851 game 18: the pass went unseen)."""
    s = S.pass_stone_soon_after_a_prisoner_said_missing()
    assert ("prisoner-missing",) in s[1] and ("move", "W", "dd") in s[1]
    assert s[-2] == [("unused", 0, 1)]
    assert s[-1] == [("pass", "W", True)]


def test_a_quick_pass_is_waited_for_while_the_lid_settles():
    """AGA at tempo 0: black's pass stone drops into white's lid before black's
    bowl reading shows it leave; white answers and black plays on before the
    lid settles. A lid moving is a stone on its way: nothing is said, and once
    it settles the pass comes first, then both moves (seed 765755 game 14: a
    second stone announced on white's answer, the players made to act)."""
    s = S.quick_pass_then_two_stones_before_the_lid_settles()
    assert flat(s[:3]) == []
    assert s[3] == [("pass", "B", True)]
    assert s[4] == [("move", "W", "dd"), ("move", "B", "ee")]


def test_a_prisoner_lifted_off_a_drifted_sensor_is_read_empty_once_the_lid_has_it():
    s = S.drift_under_a_prisoner()
    assert s[0] == []                       # the lid still moving: nothing said
    assert s[2] == [("rebased", "gg")]


def test_a_drifted_prisoner_sensor_is_taken_again_after_the_answer_came():
    """The answer lands while the drifted prisoner still reads weakly and the
    capturer's lid still moves: nothing is said while the lid may be taking
    it (924253 g194: said not lifted a moment before the lid settled, a
    false alarm); once the lid holds the prisoner its sensor is taken again,
    and the answer is the move (989068 g320: the sensor never taken again
    while stones stood after it, not lifted for good)."""
    s = S.drift_under_a_prisoner_then_the_answer()
    assert flat(s[:4]) == []
    assert s[4] == [("rebased", "gg")]
    assert s[5] == [("move", "W", "dd")]


def test_a_weak_prisoner_is_said_not_lifted_once_its_lid_moved_a_carry_long():
    """The wait for a moving lid has an end: a carry on, the weak prisoner
    is said not lifted, its sensor not taken again."""
    s = S.drift_under_a_prisoner_the_lid_moving_on()
    assert flat(s[:3]) == []
    assert s[3] == [("illegal", "not-lifted", "dd")]
    assert s[4] == [("rebased", "")]


def test_a_prisoner_read_weakly_as_it_is_lifted_is_no_drifted_sensor_before_its_lid_moves():
    """Black's lid already weighs as many stones as prisoners (one went into
    the wrong lid before): gg read weakly as it is lifted is no drifted sensor
    while that lid took nothing since the capture. Its baseline taken then, the
    empty point read as a stone for good (497994 g198)."""
    s = S.prisoner_lifted_weakly_into_a_lid_holding_a_wrong_lid_stone()
    assert s[0] == [] and s[1] == [("restored",)]
    assert s[5] == [("move", "W", "dd")]
    assert s[6] == [("rebased", "")]
    assert s[7][0][-2:] == ("gf", "dd")


def test_a_capture_on_a_dead_sensor_while_off_leaves_its_prisoner_not_a_pass_stone():
    """While the board was off black's ba took white's aa, whose sensor is dead
    (lifted unseen), and white answered: black's lid one over is aa's prisoner,
    the two stones the moves in their one order (497994 g277: named to be
    played again with white's pass stone)."""
    s = S.capture_on_a_dead_sensor_while_off_is_no_pass_stone()
    said = [e for a in s[:-1] for e in a if e[0] in ("move", "pass", "illegal")]
    assert said == [("move", "B", "ba"), ("move", "W", "ee"), ("move", "B", "ff")]
    assert s[-1] == [("game", "cc", "gg", "ab", "aa", "ba", "ee", "ff")]


def test_a_capture_replayed_after_a_restart_leaves_no_pass_stone():
    """While the board was off black took aa and played two stones: asked for
    them again, the players put aa back with a stone from white's bowl, aa
    itself staying in black's lid. That lid one over and that bowl one short
    are a pass stone's very weights, but they came with the fix: once the board
    is the game again they are the count, and white's ee, played after a think
    with the stone in hand, is a move, not a pass nobody made (seed 434437
    games 62, 236)."""
    s = S.capture_replayed_after_a_restart_with_a_stone_from_the_bowl()
    assert s[0] == []                       # the lids not read since the restart: waited for
    assert s[1] == [("illegal", "resume-order", "ab")]
    assert s[4] == [("restored",)]
    assert s[7] == [("move", "B", "ab"), ("capture-pending",)]
    moves = [e for a in s[8:] for e in a if e[0] in ("move", "pass", "illegal")]
    assert moves == [("move", "W", "ee"), ("move", "B", "ff")]


def test_a_pass_stone_dropped_after_a_restart_comes_after_the_moves_played_while_off():
    """Black ff and white hh were played while the board was off; as it came
    back a drifted sensor held its looks, and black dropped a pass stone into
    white's lid. The stones were on the board at the restart's first scan, the
    lid began to take its stone 400 ms later: the pass came after them (seed
    264851 game 63: taken first, the two moves after it were read in the order
    the alternation then needed, hh before ff, both wrong)."""
    s = S.pass_stone_after_a_restart_behind_moves_played_while_off()
    assert flat(s[:4]) == []                # aa weak: the restart's looks wait
    assert s[4] == [("move", "B", "ff"), ("move", "W", "hh")]
    assert s[5] == [("pass", "B", True)]
    assert s[6] == [("rebased", "aa")]


def test_a_move_that_lands_as_its_hand_knocks_a_stone_beside_it_is_a_move():
    """One scan: cc gone, black's dc come (`slid`, as the board sees it). A stone
    from black's bowl back on cc: the bowl not read yet, dc is named a stone to
    take off; read, two stones out the game has not used and no dead sensor:
    dc is black's move (seed 339136 game 323: held for good)."""
    s = S.stone_knocked_as_a_move_lands_beside_it()
    assert s[1] == [("illegal", "slid", "cc")]
    assert s[3] == [("restored",), ("move", "B", "dc")]


def test_a_move_beside_a_stone_slid_elsewhere_is_a_move_once_that_stone_is_back():
    """White's gg slid to gh, then white's move on fg beside gg. gh lifted, the
    board reads gg gone and fg new: named slid again, to fg. Only the first
    thing wrong is remembered as a slide: put back on gg, fg is the move (seed
    513635 game 319: fg held as the slid stone, named a second stone for good)."""
    s = S.move_beside_a_stone_slid_elsewhere()
    assert s[3] == [("illegal", "slid", "gg")] and s[5] == [("illegal", "slid", "gg")]
    assert s[6] == [("restored",), ("move", "W", "fg")]


def test_a_prisoner_put_on_the_board_from_the_lid_is_no_move_while_its_bowl_is_in_doubt():
    """White's bowl in doubt cannot say that no stone left it; a white prisoner
    taken out of black's lid and put on dd was then taken as white's move
    (seed 426465 game 58: a prisoner put back, then undone, its stone's return
    to the lid read as a pass nobody made). The lid a stone short since the
    game last changed says where it came from: `no-stone-out`; back in the
    lid, white's stone from the bowl is the move."""
    s = S.prisoner_from_the_lid_put_on_the_board_while_its_bowl_is_in_doubt()
    assert s[2] == [("prisoner-missing",)] and s[3] == []
    assert s[4] == [("illegal", "no-stone-out", "dd")]
    assert s[6] == [("restored",)]
    assert s[9] == [("move", "W", "dd")]


def test_a_prisoner_lifted_at_once_is_carried_before_a_pass_is_read():
    """A capture whose prisoner was off the board before the move was taken:
    the prisoner is on its way to the lid for a while (CARRY_MS) as it is for a
    capture lifted later. Its arrival, as white holds a stone in hand, read as
    a pass stone nobody played, and white's move was refused (seed 434437 game
    236): the carry was timed from an older capture's lifting."""
    s = S.prisoner_lifted_at_once_then_a_stone_in_hand()
    assert s[1] == [("move", "B", "ab")]
    assert s[3] == [] and s[4] == [("move", "W", "hh")]


def test_a_prisoner_that_came_into_the_lid_after_the_answer_is_no_pass_stone():
    s = S.prisoner_of_the_answer_after_a_move_on_a_dead_sensor()
    # the lid's stone came after white's ab landed and after aa left the board:
    # aa, white's prisoner; black's move was on the dead dd, asked and named
    assert ("pass", "B", True) not in flat(s)
    assert flat(s[:6]) == []
    assert s[6] == [("illegal", "unseen", "ab")]
    assert s[7] == [("restored",), ("move", "B", "dd"), ("move", "W", "ab")]


def test_two_stones_in_a_window_the_second_capturing_are_the_moves_not_a_pass():
    s = S.capture_in_a_window_while_the_lid_takes_the_last_prisoner()
    # ee came before ih, and ii is the one stone the lid holds beyond aa; the
    # lid short of aa, just lifted, moves with it: no pass stone is waited for
    assert s[3] == [("move", "W", "ee")] and s[5][0] == ("move", "B", "ih")
    assert moves(s) == [("W", "ee"), ("B", "ih")]
    assert "pass" not in [e[0] for e in flat(s)]


def test_a_stone_seen_then_captured_in_a_window_is_the_move_not_a_pass():
    s = S.stone_captured_in_a_window_while_the_lid_takes_the_last_prisoner()
    # ii is white's move, taken as it lands (the lid moves with aa, just
    # lifted), then captured by ih; its prisoner the lid's stone
    assert s[3] == [("move", "W", "ii")] and s[5][0] == ("move", "B", "ih")
    assert moves(s) == [("W", "ii"), ("B", "ih")]
    assert "pass" not in [e[0] for e in flat(s)]


def test_a_ko_taken_on_a_dead_sensor_later_in_a_look_is_found_there():
    """A ko at aa/ab with aa's sensor dead, at tempo 0: white hh, black gg,
    white takes the ko on aa (unseen; black's ab lifted), black ff, white dd,
    all in one look. Only white's move on aa, third, explains the two black
    stones in a row and ab gone; it captures exactly ab, so it is taken: first
    the two moves before it, then it, then the two after. The board stopped on
    ab 'slid' to ff (seed 588213 game 116, move 212). Black then takes back on
    ab: aa, unreadable, holds nothing up, so white's cc and black's cd in the
    same look follow it; white retakes on aa after ci and ch: found again."""
    s = S.ko_on_a_dead_sensor_later_in_a_look()
    assert s[0] == []
    assert s[1] == [("move", "W", "hh"), ("move", "B", "gg")]
    assert s[2] == [("move", "W", "aa")]
    assert s[3] == [("move", "B", "ff"), ("move", "W", "dd")]
    assert s[4] == [("move", "B", "ab"), ("capture-pending",), ("move", "W", "cc"),
                    ("move", "B", "cd")]
    assert s[5] == [("restored",)]
    assert s[6] == [("move", "W", "ci"), ("move", "B", "ch")]
    assert s[7] == [("move", "W", "aa")]
    assert s[8] == [("move", "B", "cg")]
    assert s[9] == []


def test_a_move_on_a_dead_sensor_later_in_a_look_is_asked_after_the_moves_before():
    """One dead sensor (ii); white hh, black dd, white on ii (no capture),
    black ff in one look. Only white's move on ii, third, explains the two
    black stones in a row: hh and dd before it are taken, then black is asked
    (nothing captured tells it: ff may be black's slip), and ok takes ii and ff.
    The board named ff a second stone nobody could fix (campaign seed 441183,
    game 136: bc, ad, black's ah on a dead sensor, sa)."""
    s = S.move_on_a_dead_sensor_later_in_a_look()
    assert s[0] == []
    assert s[1] == [("move", "W", "hh"), ("move", "B", "dd")]
    assert s[2] == [("illegal", "unseen", "ff")]
    assert s[3] == [("of", "ii")]
    assert s[5] == [("restored",), ("move", "W", "ii"), ("move", "B", "ff")]


def test_a_move_on_one_of_two_dead_sensors_later_in_a_look_is_asked_after_the_moves_before():
    """Two dead sensors (aa, ii); white hh, black dd, white on ii (no capture),
    black ff in one look. Either dead point fits as white's third move: hh and
    dd, which every fitting order begins with, are taken; then the player is
    asked which dead point (aa first, down offers ii), and ok takes ii and
    black's ff after it. Never guessed."""
    s = S.move_on_one_of_two_dead_sensors_later_in_a_look()
    assert s[0] == []
    assert s[1] == [("move", "W", "hh"), ("move", "B", "dd")]
    assert s[2] == [("illegal", "unseen", "ff")]
    assert s[3] == [("of", "aa ii")]
    assert s[4] == []                      # down: ii offered
    assert s[5] == [("restored",), ("move", "W", "ii"), ("move", "B", "ff")]
    assert s[6] == []


def test_a_move_on_one_of_more_dead_sensors_than_a_search_keeps_orders_is_asked_the_same():
    """Eight dead points in a row (a dead mux), more than the orders one search
    keeps (explain.ORDERS): each is an order of its own, all beginning with hh
    and dd. Those are taken, then all eight points are offered (down: the
    second, ba), and ok takes it with black's ff."""
    s = S.move_on_one_of_eight_dead_sensors_later_in_a_look()
    assert s[1] == [("move", "W", "hh"), ("move", "B", "dd")]
    assert s[2] == [("illegal", "unseen", "ff")]
    assert s[3] == [("of", "aa ba ca da ea fa ga ii")]
    assert s[5] == [("restored",), ("move", "W", "ba"), ("move", "B", "ff")]


def test_a_move_on_a_dead_sensor_while_the_board_was_off_is_named_to_be_played_again():
    """Black cc, white gg, black ee; ii's sensor dies; while the board is off
    white plays ii (unseen), black dd, white hh. White's bowl, first weighed
    after the restart, shows two out: a white move the board cannot see. It
    fits before dd and hh (W ii, B dd, W hh) as well as after them (W hh, B dd,
    W ii): nobody can tell which, so the three are named to be played again,
    the dead point lit too. Played again, ii is asked about when dd comes, and
    the game goes on. Before, the board took ii as the first move whatever
    came (seeds 982539 game 216, 210311 game 52, 644394 game 352 were so;
    426465 game 338 was the other way: W jf, B og, W on the dead lh taken as
    lh, og, jf)."""
    s = S.move_on_a_dead_sensor_while_the_board_was_off()
    assert s[0] == [] and s[1] == []         # (the resume; the look waits for the bowls)
    assert s[2] == [("illegal", "resume-order", "dd")]
    assert s[3] == [("lit", "dd hh ii")]
    assert s[4] == [("restored",)]
    assert s[7] == [("illegal", "unseen", "dd")]
    assert s[8] == [("restored",), ("move", "W", "ii"), ("move", "B", "dd")]
    assert s[11] == [("move", "W", "hh")] and s[12] == [("move", "B", "ci")]


def test_a_move_on_a_dead_sensor_after_stones_played_while_off_leaves_the_order_open():
    """White hh and black dd while the board is off; back, before its bowls
    are weighed, white plays on the dead ii and black ff. ii fits before hh as
    well as after it: all four named to be played again, ii lit, never ii
    taken first (649796 g156: then the rest named with no fix a player could
    do). Played again in order, ii is asked about when ff comes."""
    s = S.move_on_a_dead_sensor_after_stones_played_while_off()
    assert s[2] == [("illegal", "resume-order", "dd")]
    assert s[3] == [("lit", "dd ff hh ii")]
    assert s[4] == [("restored",)]
    assert s[7] == [("move", "W", "hh")] and s[9] == [("move", "B", "dd")]
    assert s[12] == [("illegal", "unseen", "ff")]
    assert s[13] == [("restored",), ("move", "W", "ii")]
    assert s[-1] == [("game", "cc", "gg", "ee", "hh", "dd", "ii", "ff", "ci")]


def test_a_move_on_one_of_two_dead_sensors_while_the_board_was_off_is_asked():
    """As above with aa dead too: both dead points are lit with the stones to
    play again; played again, white's move is asked about (aa offered first,
    down offers ii) and ok takes ii, then dd."""
    s = S.move_on_one_of_two_dead_sensors_while_the_board_was_off()
    assert s[2] == [("illegal", "resume-order", "dd")]
    assert s[3] == [("lit", "aa dd hh ii")]
    assert s[7] == [("illegal", "unseen", "dd")] and s[8] == []
    assert s[9] == [("restored",), ("move", "W", "ii"), ("move", "B", "dd")]
    assert s[12] == [("move", "W", "hh")] and s[13] == [("move", "B", "ci")]


def test_no_move_on_a_dead_sensor_while_off_when_the_movers_bowl_shows_none():
    """The same stones with white's bowl one stone out (hh's alone): nothing
    was played on ii; hh and dd are the moves, and white plays on."""
    s = S.no_move_on_a_dead_sensor_while_the_board_was_off()
    assert s[2] == [("move", "W", "hh"), ("move", "B", "dd")]
    assert moves(s) == [("W", "hh"), ("B", "dd"), ("W", "ci")]


def test_a_restart_with_a_dead_sensor_waits_for_the_bowls_a_while_only():
    """Black to move, black dd and white hh there since the restart, ii dead,
    the bowls never weighed: the look waits for them (unseen.BOWL_MS, 1.5 s),
    then takes the order the stones show."""
    s = S.bowls_never_weighed_after_a_restart_with_a_dead_sensor()
    assert s[1] == [] and s[2] == []
    assert s[3] == [("move", "B", "dd"), ("move", "W", "hh")]


def test_pass_stones_named_at_the_restart_stay_named_when_it_is_said_again():
    """AGA (283947 g182): the restart's look names the stones and both pass
    stones; black plays at once, and the board says it again with the new
    stone first: the pass stones are still named (said again without them, the
    players left them in the lids and both passes were lost). Played again as
    told: both passes, then the moves."""
    s = S.passes_while_off_still_named_as_a_move_lands_after_the_look()
    assert s[2] == [("illegal", "resume-order", "ff")]
    assert s[4] == [("illegal", "resume-order", "ba")]
    texts = [t for k, t in s[7]]
    assert len(texts) == 2 and all(" and both pass stones were played" in t for t in texts)
    assert texts[1].startswith("ba ff hh ii")
    assert s[9] == [("restored",)]
    assert not any(e[0] == "illegal" for e in flat(s[10:]))
    assert s[-1] == [("game", "cc", "gg", "ee", "dd", "cf", "by", "by", "hh", "ff", "ii", "ba")]


def test_pass_stones_handed_among_stones_played_while_off_are_named_with_them():
    """AGA: while the board is off both sides pass and three stones are
    played, the passes first or between the stones; the lids settle while
    off. Nobody can tell from the board where the passes came: the restart's
    look waits for the lids, then names the stones and both pass stones to be
    played again (371907 g347: the lids' stones were written off as the fix's,
    both passes lost). Handed again in their turn, they are the passes."""
    head = ("game", "cc", "gg", "ee", "dd", "cf")
    for s, rest in ((S.passes_then_stones_while_off_named_with_them(),
                     ("by", "by", "hh", "ff", "ii")),
                    (S.a_stone_then_passes_while_off_named_with_them(),
                     ("hh", "ff", "by", "by", "ii"))):
        assert s[1] == []                   # the lids not read since the restart: waited for
        assert s[2] == [("illegal", "resume-order", "ff")]
        assert s[4][0][1].startswith("ff hh ii and both pass stones were played")
        assert s[6] == [("restored",)]
        assert not any(e[0] == "illegal" for e in flat(s[7:]))
        assert s[-1] == [head + rest]


def test_the_prisoners_of_moves_named_to_be_played_again_are_no_pass_stones():
    """AGA, white to move: while the board is off white hh, black ba taking aa
    into black's lid, white ii; hh and ii may go either way, so the three are
    named to be played again (aa to be put back). Black's lid then holds aa, a
    stone the game does not explain: the weight of white's pass stone. It is
    the named capture's prisoner: when the stones are off and aa is not back
    yet, the board asks for aa (knocked), never takes a white pass (then a
    black one) nobody made (seed 115536 game 264). aa put back with a stone
    from white's bowl is the fix's (the lid keeps the old aa); the three
    played again are the moves, and afterwards neither lid holds a stone the
    game does not explain, nor is a stone out of either bowl unused: black's
    pass stone then is a pass, as ever."""
    s = S.capture_named_to_be_played_again_after_a_restart()
    assert s[1] == []                       # the lids not read since the restart: waited for
    assert s[2] == [("illegal", "resume-order", "ba")]
    assert s[6] == [("illegal", "knocked", "aa")]
    assert s[7] == [("restored",)]
    assert not any(e[0] == "pass" for e in flat(s[:-3]))
    assert moves(s) == [("W", "hh"), ("B", "ba"), ("W", "ii")]
    assert s[-3] == [("loose", 0, 0), ("unused", 0, 0)]
    assert s[-1] == [("pass", "B", True)]


def test_a_resume_orders_fix_is_over_when_something_else_is_said():
    """The stones named after a restart taken off, the prisoner aa (taken
    while the board was off, in black's lid) is said knocked; the bowls are
    read while that stands. The resume-order's fix is over: the stone in
    black's lid came with it, not as white's pass stone (seed 791373 game 437:
    a pass nobody made, then W's move refused). Said again as its stones come
    off, a resume-order is the same fix, from when it was first said."""
    s = S.capture_named_to_be_played_again_then_a_knock_said()
    assert s[5] == [("illegal", "knocked", "aa")]
    assert not any(e[0] == "pass" for e in flat(s))
    assert s[8] == [("restored",)] and s[10] == [("move", "W", "hh")]


def test_a_capture_not_lifted_while_the_board_was_off_leaves_the_order_open():
    """White to move; while the board is off white ba takes aa, nobody lifts
    it (no board asked), black dd, white hh. Had the board been on, aa would
    have had to go before dd: so hh, dd, ba was the one order. Off, it need
    not: ba, dd, hh fits as well (the truth of seed 982539 game 276, where the
    board took the other: three moves wrong, then stuck on a retake). So the
    three are named to be played again (never guessed); taken off and played
    again, each is an ordinary move, aa lifted after ba."""
    s = S.capture_not_lifted_while_the_board_was_off()
    assert s[1] == [("illegal", "resume-order", "ba")]
    assert s[2] == [("restored",)]
    assert s[3] == [("move", "W", "ba"), ("capture-pending",)]
    assert s[4] == [("restored",)]
    assert moves(s) == [("W", "ba"), ("B", "dd"), ("W", "hh")]


def test_a_slid_stone_put_back_beside_a_move_with_a_dead_point_on_the_board():
    """Seed 51329 game 560 crashed the board here (the sure start of a move on
    a dead point taken with no search of the look's own), and once that was
    mended the slid stone was taken as white's move, then corrected to fg.
    The slid stone is no move by that way either: named extra once gg is
    back, and fg is white's move when it is lifted."""
    s = S.slid_stone_put_back_from_the_bowl_beside_a_move_and_a_dead_point()
    assert s[2] == [("illegal", "slid", "gg")]
    assert s[5] == [("illegal", "extra-stone", "gh")]
    assert moves(s[:-1]) == [("B", "ch"), ("W", "fg")]
    assert "correct" not in [e[0] for e in flat(s[:-1])]
    assert s[-1] == [("game", "cc", "gg", "ch", "fg")]


def test_a_pass_pressed_before_a_knock_could_be_seen_acts_once_the_board_is_fixed():
    """The press reaches the referee 10 ms after the knock is announced: no
    player could have seen it. It waits for the fix like a press held while
    a stone settled, then acts after white's dd (seed 224932 game 92: it was
    refused, and the players, sure of their passes, lifted their dead stones).
    Pressed 600 ms after, it is refused as before ("Fix the board first"), and
    white's pass then is out of turn."""
    s = S.pass_pressed_before_a_knock_could_be_seen()
    assert s[3] == [("illegal", "knocked", "gg")] and s[4] == []
    assert s[5] == [("restored",), ("move", "W", "dd"), ("pass", "B", False)]
    assert s[7] == [("pass", "W", False)]
    assert s[-1] == [("game", "cc", "gg", "ee", "dd", "ay", "ay")]
    s = S.pass_pressed_after_a_knock_was_said()
    assert ("pass", "B", False) not in flat(s[:-1])
    assert s[7] == [("illegal", "not-your-turn", "")]


def test_a_move_as_the_prisoner_drops_into_the_lid_is_taken_at_once():
    """The capturer's lid moving just after its prisoners were lifted, short of
    them: it is they that move it, no pass stone. The move after is taken at
    once, not held for the lid (at tempo 0 five stones came meanwhile, one slid
    among them, and the game stopped: seed 118142 game 456)."""
    s = S.move_as_the_prisoner_drops_into_the_lid()
    assert s[1] == [("move", "W", "ah")]


def test_a_stone_judged_lifted_by_its_block_takes_its_own_lid_stone_not_a_live_ones():
    """gg and gh lifted dead, black's lid two stones up; gh's drifted sensor
    still reads it (its block says lifted). Counted without it, the lid had a
    stone to spare for white's live ii on a dead sensor, counted dead (seed
    617196 game 436: a point off). The board asks about ii; up: it stands."""
    s = S.block_lifted_over_a_drifted_sensor_beside_a_live_stone_on_a_dead_one()
    assert not [e for e in flat(s[:4]) if e[0] in ("dead", "count")]
    assert s[4] == [("dead", "gg gh"), ("count", "W+4.5")]     # 2 prisoners, komi 6.5


def test_a_lid_first_weighed_after_play_ended_counts_its_offset_as_the_lid_does():
    """Play ended just after a restart, the lids not weighed yet; black's lid
    one up from a prisoner on the floor before the cut. Its first weighing is
    its count at the end of play with that offset, as the lid's own count is:
    without it the lid had a stone to spare, and white's live dd on a dead
    sensor was counted dead (seed 947839 game 31)."""
    s = S.count_after_a_restart_with_a_prisoner_on_the_floor()
    assert s[2] == [("pass", "W", False)] and s[3] == [("pass", "B", False)]
    assert not [e for e in flat(s[4:6]) if e[0] in ("dead", "count")]   # dd asked about
    assert s[-1] == [("lid", 1, 1)]


def test_a_move_after_both_pass_stones_waits_for_the_lids_though_one_moves_with_a_prisoner():
    """The capturer's lid moving with its prisoner and the mover's pass stone,
    the mover's own lid moving with the other's pass stone: the mover's stone
    may follow both passes, so it waits for the lids, which say so (seed 21212
    game 62: taken first, the passes after it)."""
    s = S.move_after_both_pass_stones_as_the_prisoner_drops_into_the_lid()
    assert s[1] == []
    assert s[2] == [("pass", "W", True)] and s[3] == [("pass", "B", True)]
    assert s[4] == [("move", "W", "ah")]


def test_two_stones_in_one_scan_by_a_dead_point_taken_when_the_bowl_says_none_is_hidden():
    """The mover's settled bowl with no stone out but the one on the board: no
    move hides on the dead point, the stones are the mover's and the answer.
    One more stone out, the board asks."""
    s = S.two_in_one_scan_by_a_dead_point_no_stone_out()
    assert s[1] == [("move", "B", "ee"), ("move", "W", "ff")]
    s = S.two_in_one_scan_by_a_dead_point_a_stone_out()
    assert s[1] == [("illegal", "unseen", "ff")] and s[2] == [("game", "cc", "gg")]


def test_an_end_pressed_before_a_fix_is_refused_not_counted_on_the_fixed_board():
    """The end press was held behind a pass that waited for a knocked stone to
    be put back: it agreed to a board without that stone. Counted once play
    ended, the dead stone put back counted alive and the winner flipped (seed
    118142 game 212). It is refused, said so; the stone lifted again, end
    counts it dead."""
    s = S.end_pressed_before_a_knock_could_be_seen()
    assert s[4] == [("illegal", "knocked", "gg")]
    assert s[7] == [("restored",), ("pass", "B", False), ("illegal", "end-before-fix", "")]
    assert "count" not in [e[0] for e in flat(s[:-2])]
    assert s[-1][0] == ("dead", "gg") and s[-1][1][0] == "count" and s[-1][1][1].startswith("B+")


def test_an_answer_settled_one_short_scan_ahead_of_the_move_is_the_next_move():
    """Two hands' stones a few ms apart settle in either order: with 10 ms
    scans, black's answer one scan ahead of white's move is still the move
    after it (seeds 953884 game 77, 17397 game 389: named a second stone, the
    players took it off). One scan of 100 ms ahead is a stone out of turn, as
    before."""
    s = S.answer_a_10ms_scan_ahead_of_the_move()
    assert s[3] == [("move", "W", "dd"), ("move", "B", "ff")] and s[4] == []
    assert s[-1] == [("game", "cc", "gg", "ee", "dd", "ff")]
    s = S.answer_a_100ms_scan_ahead_of_the_move()
    assert s[3] == [("move", "W", "dd")] and s[4] == [("illegal", "extra-stone", "ff")]


def test_every_scenario_is_run_under_micropython_too():
    """A scenario left out of SCENARIOS would be checked under CPython only."""
    import inspect
    helpers = {"bb_taken", "brief", "gg_captured", "main", "run", "scales", "steps",
               "last_stone_rolled_onto_a_dead_sensor", "pass_pressed_as_a_knock_is_announced",
               "answer_settled_a_scan_ahead_of_the_move"}       # (helpers, or with a parameter)
    listed = {f.__name__ for f in S.SCENARIOS}
    public = {n for n, f in inspect.getmembers(S, inspect.isfunction)
              if f.__module__ == S.__name__ and not n.startswith("_")}
    assert public - helpers - listed == set()


def test_the_scenarios_say_the_same_under_micropython():
    got, want = scenarios_alike(S, "referee_scenarios.py")
    assert got == want


def test_an_earlier_move_corrected_survives_a_restart():
    """The log's `correct` of an earlier move (play._slip_back) replays to the
    same game; one whose point is illegal there stops the replay (log-refused)."""
    from goban.referee import FAULT
    b = S.scales("japanese")
    b.stable[idx("dd")] = FAULT
    b.ref.ticks_of = lambda stamp: stamp * 100
    for act in (".", "#38 39 0 0", "#37 39 0 0", "B ee", "#37 38 0 0", "W ff", "- ee",
                "#38 38 0 0", "."):
        b.ref.now = (b.scan + 1) * 100 + 50
        S.steps(b, act, keep=True)
    assert "correct" in [e["type"] for e in b.log]
    g = b.ref.game
    before = (g.n, g.board.rows(), g.to_move())
    log = list(b.log)
    b.restart(log)
    g = b.ref.game
    assert (g.n, g.board.rows(), g.to_move()) == before
    assert g.board.sgf(g.move_point(3)) == "dd" and b.ref.replay_refused is None
    bad = [dict(e) for e in log]
    for e in bad:
        if e["type"] == "correct":
            e["point"] = "gg"              # white's stone stands there
    b.restart(bad)
    assert b.ref.replay_refused["type"] == "correct" and b.ref.game.n == 4


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


def test_a_sensor_that_dies_while_a_dead_point_is_asked_leaves_the_lit_point_lit():
    """White's move on the dead ii, black's ff: black is asked, ii lit. aa's
    sensor dies before black's ok is acted on (a press held while a stone
    settles): the question is asked again with aa first in its list, and ii
    stays lit, so the ok plays ii, the point black saw lit. Before, the list's
    first (aa) was lit afresh and taken: a move nobody played (campaign seed
    268448, game 143)."""
    s = S.second_dead_sensor_while_the_move_on_a_dead_one_is_asked()
    assert s[1] == [("illegal", "unseen", "ff")]
    assert s[2] == [("lit", "ii")]
    assert s[4] == [("of", "aa ii"), ("lit", "ii")]
    assert s[5] == [("restored",), ("move", "W", "ii"), ("move", "B", "ff")]


def test_a_move_after_a_restart_waits_for_the_lids_not_weighed_since():
    """AGA: after a power cut the lids are not weighed again till they settle.
    White's pass stone, black's, then white's ce all come before they are:
    ce waits for black's lid, and once the lids show both pass stones the
    passes come first, then ce. Before, ce was taken at once as white's move
    and both passes were lost (campaign seed 17397, game 46)."""
    s = S.passes_after_a_restart_then_the_lids_weighed()
    assert s[2] == [] and s[3] == []              # ce waits
    assert s[4] == [("pass", "W", True)]
    assert s[5] == [("pass", "B", True)]
    assert s[6] == [("move", "W", "ce")]
    assert s[-1][0][-3:] == ("by", "by", "ce")     # (by: a pass on the 9x9 board)


def test_a_move_after_a_restart_is_taken_when_the_lids_never_settle():
    """The same with lids that are never weighed again (a scale broken by the
    cut): ce is taken after the lid's wait, never held for good."""
    s = S.move_after_a_restart_the_lids_never_weighed()
    assert s[2] == [] and s[3] == [] and s[4] == []
    assert s[6] == [("move", "W", "ce")]


def _capture_and_a_dead_point_while_off(s):
    assert s[0] == [] and s[1] == [] and s[2] == []     # the lids waited for
    assert s[3] == [("illegal", "resume-order", "ba")]
    assert s[4] == [("text", "ba hh ii were played in an order the board cannot tell "
                     "(while it was off, or faster than it could follow)")]
    flat = [e for step in s[5:] for e in step]
    assert ("pass", "B", True) not in flat and ("prisoner-missing",) not in flat
    assert s[11] == [("illegal", "unseen", "ba")]
    assert s[12] == [("restored",), ("move", "B", "ii"), ("move", "W", "ba"),
                     ("capture-pending",)]
    assert s[-1] == [("game", "cc", "gg", "aa", "ab", "ee", "dd", "ii", "ba", "hh", "gf")]


def test_a_ko_retaken_after_a_restart_is_no_prisoner_left_on_the_board():
    """The last move before a cut took gg in a ko, gg lifted before the cut.
    After the restart a threat, its answer and the retake on gg land while the
    look waits for the scales: gg's stone came since the restart, so it is the
    retake, not the prisoner still to lift (754148 g115: not lifted for good,
    three moves lost)."""
    s = S.ko_retaken_after_a_restart_its_prisoner_lifted_before()
    assert s[5] == [("move", "W", "ee"), ("move", "B", "ei"), ("move", "W", "gg")]
    assert s[-1] == [("game", "cc", "gg", "gf", "hf", "fg", "ig", "gh", "hh", "hg", "ee", "ei",
                      "gg")]


def test_quick_passes_then_a_capture_are_two_passes_and_the_capture():
    """AGA: white's pass stone into black's lid, black's into white's, then
    white's ba taking aa. Black's lid settles one over after aa was lifted,
    but its stone began to come in well before: no aa dropped in the wrong
    lid. Both passes, then ba (840684 g250: ba taken at once, both passes
    lost, a pass nobody made later)."""
    s = S.quick_passes_then_a_capture()
    assert s[7] == [("pass", "W", True)]
    assert s[9] == [("pass", "B", True)] and s[10] == [("move", "W", "ba")]
    assert s[-1] == [("game", "cc", "gg", "aa", "ab", "ee", "dd", "ff", "by", "by", "ba")]


def test_a_capture_and_a_move_on_a_dead_sensor_while_off_are_named_with_the_dead_point():
    """AGA: black ii on a dead sensor, white's ba taking aa into white's lid,
    black hh, all while the board is off. The lid's stone is aa, not black's
    pass stone: the stones and the dead point are named to be played again,
    and the prisoner taken out of the lid to be put back is no stone short
    (193400 g53: named with a pass nobody made, the count a point off; then
    kj, the dead point, lost with the pass taken when the fix was done)."""
    _capture_and_a_dead_point_while_off(S.capture_and_a_move_on_a_dead_sensor_while_off())


def test_the_same_with_the_prisoner_put_back_from_the_bowl():
    """As above, aa put back with a stone from black's bowl, aa left in the
    lid: the lid's stone is the count from then on, no pass stone."""
    _capture_and_a_dead_point_while_off(
        S.capture_and_a_move_on_a_dead_sensor_while_off_prisoner_from_the_bowl())


def test_a_pass_stone_in_a_lid_unread_since_a_restart_leaves_the_order_open():
    """AGA: black hh, white ff and black's pass stone while the board is off.
    Black's bowl says a stone more is out than hh: the restart waits for the
    lids; white's holds black's pass stone, come at a time nobody saw. Pass
    last or pass first both fit, so the stones and the pass stone are named to
    be played again (campaign seed 17397, game 631: the pass was taken first,
    the players ended play on a pass the board had put before their moves).
    The stone in the lid is no stone of that fix: handed again, it is the pass."""
    s = S.stones_and_a_pass_stone_while_off()
    assert s[0] == [] and s[1] == [] and s[2] == []     # the lids waited for
    assert s[3] == [("illegal", "resume-order", "ff")]
    assert s[5] == [("text", "ff hh and black's pass stone were played in an order the "
                     "board cannot tell (while it was off, or faster than it could follow)")]
    # the pass stone out of the lid, the stones off: nothing missing, no pass
    assert s[6] == [] and s[7] == [("restored",)]
    # played again in order, the pass stone handed after them: the pass, then white
    assert s[9] == [("move", "B", "hh")] and s[11] == [("move", "W", "ff")]
    assert s[13] == [("pass", "B", True)] and s[15] == [("move", "W", "cd")]
    assert s[-1] == [("game", "cc", "gg", "ee", "dd", "hh", "ff", "by", "cd")]


def test_a_dead_sensor_under_a_stone_leaves_the_bowls_to_tell_a_knock_from_a_slide():
    """White's move lands on gh as its hand knocks gg off (`slid`, as the board
    sees it); gg put back from the bowl. White's bowl then says two stones are
    out the game has not used. A dead sensor under black's cc can hide no
    move: gh is white's move (seed 268448 game 633: held as the slid stone,
    named a second stone for good). Under the empty ii it could (a move there,
    unseen): gh stays a stone to take off."""
    s = S.stone_knocked_as_a_move_lands_beside_it_a_dead_sensor_under_a_stone()
    assert s[1] == [("illegal", "slid", "gg")]
    assert s[2] == [("illegal", "extra-stone", "gh")]     # the bowl not read yet
    assert s[3] == [("restored",), ("move", "W", "gh")]
    s = S.stone_knocked_as_a_move_lands_beside_it_a_dead_sensor_under_an_empty_point()
    assert s[2] == [("illegal", "extra-stone", "gh")] and s[3] == []
    assert s[-1] == [("game", "cc", "gg", "ee")]


def test_a_move_on_a_dead_sensor_with_its_prisoner_in_the_wrong_lid_is_no_explanation_beside_a_pass():
    """AGA, a dead sensor (ii): black's pass stone drops into white's lid,
    white answers dd, black captures gg with gf and lifts it. White's lid
    settles one over: black's unseen move on ii, then dd and gf, would fit too,
    but only with gg dropped in white's own lid, the wrong one: the pass, with
    no mishap, is taken (seed 388954 game 238: asked which dead point, a
    question nobody could answer; the pass and two moves lost)."""
    s = S.quick_pass_then_a_capture_with_a_dead_sensor()
    assert s[5] == [("pass", "B", True)]
    assert s[6] == [("move", "W", "dd"), ("move", "B", "gf")]
    assert s[-1][0][-3:] == ("by", "dd", "gf")


def test_a_pass_pressed_as_the_move_lands_on_a_flickering_sensor_waits_for_it():
    """White's dd lands on a sensor that reads unstable (flagged since the game
    last changed, under an empty point), another sensor long dead: black's
    pass waits, and once dd reads white's stone the move and the pass are
    taken in order (seed 388954 game 403: refused as not black's turn; the
    players, who had both passed, lifted their dead stones, said knocked)."""
    s = S.pass_pressed_as_the_move_lands_on_a_flickering_sensor()
    assert s[0] == [] and s[1] == [] and s[2] == []     # held, nothing refused
    assert s[3] == [("move", "W", "dd"), ("pass", "B", False)]


def test_a_stone_whose_arrival_is_unknown_is_no_order_past_a_dead_sensor():
    """Black plays on the dead ii, white answers on dd (the board asks), black
    then plays ff while ff's sensor is flagged unstable. When ff reads again,
    nobody saw when its stone came, and black's bowl has a stone out for ii
    as well: the question stands (not black's ff, white's dd, with ii lost:
    seed 34073 game 109), and ok plays ii, dd, ff in order."""
    s = S.move_on_a_dead_sensor_then_one_on_a_flickering_sensor()
    assert s[8] == [("illegal", "unseen", "dd")]
    assert not [e for step in s[:15] for e in step if e[0] == "move" and e[2] in ("ff", "dd")]
    assert s[13] == [("illegal", "unseen", "dd")]
    assert s[15] == [("restored",), ("move", "B", "ii"), ("move", "W", "dd"), ("move", "B", "ff")]
    assert s[-1] == [("game", "cc", "gg", "ee", "hh", "ii", "dd", "ff")]


def test_the_movers_pass_stone_and_an_answer_while_off_come_in_their_one_order():
    """AGA: while the board is off white passes (its stone into black's lid)
    and black plays ee. White is to move and has no stone on the board, its
    bowl one out: the pass came first, then ee, the one order that alternates
    (seed 583901 game 197: both named to be played again). With a dead sensor
    and a stone more out of white's bowl, a move there may have come before
    the pass: named to be played again, as before; so with a point where a
    move of white's is captured by ee at once."""
    s = S.pass_stone_and_a_move_while_off()
    assert s[1] == [("pass", "W", True)] and s[2] == [("move", "B", "ee")]
    assert not [e for step in s for e in step if e[0] == "illegal"]
    s = S.pass_stone_and_a_move_while_off_a_stone_more_out_by_a_dead_sensor()
    assert s[1] == [("illegal", "resume-order", "ee")]
    assert not [e for step in s for e in step if e[0] in ("move", "pass")]
    # a move of white's beside db that db captured at once leaves the same
    # weights (its prisoner in black's lid): named too (seed 434437 game 256)
    for s in (S.move_and_its_capture_at_once_while_off(),
              S.move_on_a_dead_point_and_its_capture_at_once_while_off()):
        assert s[1] == [("illegal", "resume-order", "db")]
        assert not [e for step in s for e in step if e[0] in ("move", "pass")]


def test_a_move_on_a_dead_sensor_before_quick_pass_stones_keeps_its_place():
    """AGA, tempo 0: white plays on the dead ii, black answers dd, white's pass
    stone (two out of white's bowl), black's, then white's hh. The mover's
    pass stone with a stone more out of its bowl is no sure pass: asked
    (`unseen-then-pass`, ii or the pass); ok on ii plays ii and dd, then the
    passes in the order the lids took their stones, then hh (seed 964434 game
    450: white's pass taken first, then black's before dd, ii lost, stuck)."""
    s = S.move_on_a_dead_sensor_then_quick_pass_stones()
    assert s[14] == [("illegal", "unseen-then-pass", "dd")]
    assert not [e for step in s[:17] for e in step if e[0] in ("move", "pass") and e[1] == "W"]
    assert s[17] == [("restored",), ("move", "W", "ii"), ("move", "B", "dd")]
    assert s[18] == [("pass", "W", True)] and s[19] == [("pass", "B", True)]
    assert s[20] == [("move", "W", "hh")]


def test_a_move_taken_while_the_board_was_off_names_the_stones_to_play_again():
    """While the board is off black plays dd, white's dc takes it, black plays
    ff. It comes back to dc and ff new, dd empty, the scales read by its first
    look: black's bowl two out for ff alone with a black stone in white's lid
    says a black move was played and taken; where, nobody can tell, so dc and
    ff are named to be played again. The scales saying nothing more, dc and ff
    are the moves. (Seed 840684 game 514, where the scales were read 0.4 s
    after that look, still loses the move: waiting for them at every restart
    let play run ahead of the board.)"""
    s = S.move_taken_while_the_board_was_off_the_scales_say_so()
    assert s[1] == [("illegal", "resume-order", "dc")]
    s = S.stones_while_the_board_was_off_the_scales_say_nothing_more()
    assert s[1] == [("move", "B", "ff"), ("move", "W", "dc")]
    # the scales read two looks after the restart: dd, white's stones all
    # round it, one new, may hold a stone played and taken while off: the
    # look waits for them (seed 840684 game 514: ff and dc were taken at once)
    s = S.move_taken_while_the_board_was_off_the_scales_read_late()
    assert s[1] == [] and s[2] == []
    assert s[3] == [("illegal", "resume-order", "dc")]


def test_a_stone_rolled_then_taken_on_the_point_it_left_is_the_move_where_it_rested():
    """White's ba, taken; it rolls into the corner aa before black answers, and
    black's ba takes it there. The board reads ba black and aa empty: with
    white's move on aa (the only empty neighbour where it fits) black's ba
    takes it, so the move is corrected to aa and black's ba follows. Before,
    `changed` stood on ba for good (found by the property test, seed 783064
    game 272)."""
    s = S.stone_rolled_then_taken_on_the_point_it_left()
    assert s[4] == [("correct", "W", "ba", "aa"), ("move", "B", "ba")]
    assert s[-1] == [("game", "ab", "gg", "cc", "aa", "ba")]


def test_a_wrong_lid_prisoner_keeps_its_time_when_the_lids_own_prisoners_come_in():
    """AGA: white's ba takes black's aa, dropped in black's lid (the wrong one);
    black then takes white's gg, which reaches black's lid after black's gf
    landed. The stone over in black's lid is aa, come in as white's prisoners
    left the board, white's lid as short: no pass stone of white's (it would
    have come after black's answer). White's move on the dead ci is asked
    about, no pass is taken (seed 693357 game 117: a pass nobody made, the
    move lost, the count a point off)."""
    s = S.wrong_lid_prisoner_then_a_capture_then_a_move_on_a_dead_sensor()
    assert not [e for a in s for e in a if e[0] == "pass"]
    assert s[25] == [("illegal", "unseen", "dd")]


def test_a_stone_moved_beside_its_point_while_a_dead_sensor_may_hide_the_answer_is_asked():
    """The answer may be on the dead ii, its hand the one that pushed black's
    ee to ed (seed 809886 game 125): taken as a roll, a move nobody played.
    Black's stone's owner says: it goes back (white's move then told by
    black's next stone), or ok, it rolled."""
    s = S.rolled_beside_a_dead_point_pushed_back()
    assert s[1] == [("illegal", "rolled", "ed")]
    assert s[2] == [("restored",)]                  # put back: nothing corrected
    assert s[4] == [("illegal", "unseen", "hh")]
    assert s[5] == [("restored",), ("move", "W", "ii"), ("move", "B", "hh")]
    assert s[-1] == [("game", "cc", "gg", "ee", "ii", "hh")]
    s = S.rolled_beside_a_dead_point_it_rolled()
    assert s[1] == [("illegal", "rolled", "ed")]
    assert s[2] == [("restored",), ("correct", "B", "ee", "ed")]
    assert s[-1] == [("game", "cc", "gg", "ed", "dd")]


def test_a_stone_rolled_with_the_answerers_bowl_settled_none_out_is_corrected_unasked():
    s = S.rolled_beside_a_dead_point_no_stone_out()
    assert s[1] == [("correct", "B", "ee", "ed")]
    assert "illegal" not in [e[0] for e in flat(s)]
    assert s[-1] == [("game", "cc", "gg", "ed", "dd")]


def test_a_pass_pressed_while_the_board_asks_whether_a_stone_rolled_waits_for_the_answer():
    s = S.rolled_beside_a_dead_point_white_passes_before_the_answer()
    assert s[2] == []                               # held, not refused
    assert s[3] == [("restored",), ("correct", "B", "ee", "ed"), ("pass", "W", False)]


def test_two_stones_out_at_once_with_an_empty_dead_point_ask_where_the_move_is():
    """Two black stones leave the bowl in one reading, one lands on ee, ii's
    sensor dead: the move may be on ii, unseen, and ee a second stone (seed
    325907 game 475: ee taken and answered, the move on the dead point lost,
    the game stopped when white later played on ee). Asked once (`hidden`):
    the stone taken off ee, the move is ii (the answer kept, when it came
    first); ok, it is ee; the stone out back in its bowl, nothing to ask."""
    s = S.two_out_at_once_the_second_stone_taken_off()
    assert s[2] == [("move", "B", "ee")] and s[3] == [("illegal", "hidden", "ee")]
    assert s[4] == []                               # off: waits for the bowl
    assert s[5] == [("restored",), ("correct", "B", "ee", "ii")]     # back in it
    assert s[-1] == [("game", "cc", "gg", "ii", "dd")]
    s = S.two_out_at_once_answered_first()
    assert s[4] == [("move", "W", "dd")] and s[5] == [("illegal", "hidden", "ee")]
    assert s[6] == [("restored",), ("correct", "B", "ee", "ii")]
    assert s[-1] == [("game", "cc", "gg", "ii", "dd", "hh")]
    s = S.two_out_at_once_ok()
    assert s[3] == [("illegal", "hidden", "ee")] and s[4] == [("restored",)]
    assert [e for e in flat(s) if e[0] == "illegal"] == [("illegal", "hidden", "ee")]
    assert s[-1] == [("game", "cc", "gg", "ee", "dd")]
    s = S.two_out_at_once_one_back_in_the_bowl()
    assert s[3] == [("illegal", "hidden", "ee")] and s[4] == [("restored",)]
    assert s[-1] == [("game", "cc", "gg", "ee", "dd")]


def test_no_question_without_a_dead_point_or_when_the_stones_leave_one_at_a_time():
    """No sensor dead: nothing hides a move. A stone out with ee, then another
    (taken for later): no two at once beside the move. Nothing is asked."""
    for s in (S.two_out_at_once_no_dead_sensor(), S.one_out_then_another()):
        assert "illegal" not in [e[0] for e in flat(s)]
        assert s[-1] == [("game", "cc", "gg", "ee", "dd")]


def test_a_move_unseen_then_both_pass_stones_with_the_next_stone_down_first():
    """AGA, ii dead: black's stone out, unseen; white's pass stone into black's
    lid first, then black's into white's, two out of black's bowl; white's
    next stone landed before the lids settled (seed 534359 game 683: the
    passes taken black's first ended the game and the move was lost). Black
    moved on ii, white passed, black passed, then white's dd."""
    s = S.move_unseen_then_both_pass_stones_the_next_stone_first()
    assert s[8] == [("move", "B", "ii")] and s[9] == [("pass", "W", True)]
    assert s[10] == [("pass", "B", True)] and s[11] == [("move", "W", "dd")]
    assert "illegal" not in [e[0] for e in flat(s)]
    assert len(s[-1][0]) == 7 and s[-1][0][3] == "ii" and s[-1][0][6] == "dd"


def test_a_stone_gone_that_a_move_on_a_dead_point_captures_is_asked_when_the_bowl_says_none_out():
    """White's ee in atari, its last liberty ef dead; black's bowl settled with
    no stone out the game has not used (a bowl a stone behind the game after
    power cuts), and ee gone: black's move on ef, or a knock. Asked
    (`unseen-gone`, ef offered): ok plays ef capturing ee; white's stone put
    back, nothing stands (seed 527512 game 112: said knocked, and the move,
    a ko retaken, lost)."""
    s = S.atari_beside_a_dead_point_captured()
    assert s[1] == [("illegal", "unseen-gone", "ee")]
    assert s[2] == [("restored",), ("move", "B", "ef")]
    assert s[-1][0][-1] == "ef"
    s = S.atari_beside_a_dead_point_knocked()
    assert s[1] == [("illegal", "unseen-gone", "ee")] and s[2] == [("restored",)]
    assert s[-1][0][-1] == "ai"

def test_a_prisoner_late_into_a_lid_that_held_a_stone_over_is_no_pass():
    """AGA: white's lid held a stone the game does not explain; white's capture
    counted it as its prisoner, so the prisoner, carried in as black and white
    played on, reads as a stone over. It came in as the capture was carried
    and the board is the moves in order without a pass: the moves are taken,
    no pass of black's (seed 400418 game 62: black's pass nobody made, three
    moves lost, the game stopped on `extra-stone`)."""
    s = S.late_prisoner_into_a_lid_that_held_a_stone_over()
    assert s[5] == [("move", "B", "hh"), ("move", "W", "hg")]
    assert not [e for e in flat(s) if e[0] in ("pass", "illegal")]
    assert s[-1] == [("game", "cc", "gg", "aa", "ba", "ee", "ab", "hh", "hg")]


def test_a_capture_on_a_dead_point_waits_for_the_movers_bowl_not_said_knocked():
    """Black's gf, on a dead sensor, takes white's gg and hg; gg is lifted while
    black's bowl still moves with the stone just out. The first prisoner off is
    no knock while that bowl can still tell (BOWL_MS): once it settles a stone
    out, the move is taken with its captures, nothing said before (seeds 755965
    game 359, 852066 game 100: `knocked` for 300 ms, a false alarm). A bowl
    that never settles: said knocked after the wait, the move not guessed."""
    s = S.capture_on_a_dead_point_first_prisoner_lifted_as_the_bowl_moves()
    assert s[2] == [] and s[3] == [("move", "B", "gf"), ("capture-pending",)]
    assert not [e for e in flat(s) if e[0] == "illegal"]
    assert s[-1][0][-1] == "gf"
    s = S.capture_on_a_dead_point_first_prisoner_lifted_the_bowl_never_settles()
    assert s[2] == [] and s[3] == []
    assert s[4] == [("illegal", "knocked", "gg")]
    assert s[-1][0][-1] == "dd"


def test_a_stone_in_the_lid_after_the_answer_may_be_a_pass_stone_or_a_dead_points_prisoner():
    """AGA: white's aa on a dead sensor, captured at once by black's ab, its
    prisoner dropped in black's lid after ab landed: white's pass stone handed
    late weighs the same. Not taken for the pass (seed 23140 game 141: the
    move lost): asked, `unseen-pass` offering aa and the pass; ok on aa plays
    white's aa captured by ab, down then ok takes white's pass stone, then ab."""
    s = S.pass_stone_or_the_prisoner_of_a_dead_point_the_move()
    assert ("pass", "W", True) not in flat(s)
    assert s[5] == [("illegal", "unseen-pass", "ab")]
    assert s[7] == [("restored",), ("move", "W", "aa"), ("move", "B", "ab"), ("capture-pending",)]
    assert s[-1][0][-2:] == ("aa", "ab")
    s = S.pass_stone_or_the_prisoner_of_a_dead_point_the_pass()
    assert s[5] == [("illegal", "unseen-pass", "ab")]
    assert s[8] == [("restored",), ("pass", "W", True), ("move", "B", "ab")]
    assert ("move", "W", "aa") not in flat(s)


def test_an_undo_that_fixes_what_stands_keeps_the_stone_the_fix_put_in_a_lid():
    """AGA: black's ee lifted and dropped into white's lid (`removed-stone`),
    then undone: the undo is the fix, and the stone that came into the lid
    since it was said is the fix's, as at any fix, never black's pass stone
    (seed 357682 game 58: a pass nobody made, the next move refused)."""
    s = S.stone_lifted_into_the_other_lid_then_undone()
    assert s[0] == [("illegal", "removed-stone", "ee")]
    assert s[4] == [("undo",), ("restored",)]
    assert not [e for e in flat(s) if e[0] == "pass"]
    assert s[-1] == [("game", "cc", "gg")]


def test_a_pass_stone_after_a_restart_in_a_lid_short_of_a_prisoner_is_the_pass():
    """AGA: gg never reached black's lid and was said missing at white's next
    move, after the log's last bowls event. After a restart white's pass stone
    drops into black's lid before its first reading: the event said what the
    lid counts beyond what it holds from then on, so the stone is white's
    pass, and black plays on. Before, the restart took the lid's stale count
    and the pass was lost (seeds 809225 game 335, 516806 game 330: the players
    lifted their dead stones, said knocked)."""
    s = S.pass_stone_after_a_restart_into_a_lid_short_of_a_prisoner()
    assert s[5] == [("pass", "W", True)]
    assert s[8] == [("move", "B", "ch")]
    assert s[-1][0][-3:] == ("ci", "by", "ch")


def test_a_late_prisoner_after_it_was_said_missing_is_counted_so_after_a_restart():
    """AGA: gg said missing from black's lid (its new offset in the event),
    then found and dropped in as white's bowl settles: the bowls event back at
    the offset last logged is logged all the same, so the restart's lids count
    what they counted at the cut. Before (the log's filter blind to the
    event's offset), black's lid counted a stone over after the restart and
    white passed three times nobody made (the shape of seeds 693357 games
    199, 213 and 23140 game 270)."""
    s = S.late_prisoner_then_a_restart_is_no_pass_stone()
    assert s[2] == [("lids", [0, 1, 0], [0, 1, 0])]
    assert [e for e in flat(s) if e[0] == "pass"] == [("pass", "W", True)]   # its own, late
    assert s[-1][0][-9:] == ("ci", "ch", "bh", "aa", "cg", "ab", "dh", "by", "ba")


def test_a_fix_that_writes_a_lid_stone_off_says_so_for_a_restart():
    """AGA: black's ee lifted into white's lid and undone (the undo is the fix:
    the stone in the lid written off); the power is cut before the next bowls
    event. The fix's event carried the lid's new count, so after the restart
    black's ee, white's dd and black's ef are moves, and no pass. Before, the
    stale count read the stone as black's pass stone, a pass nobody made, and
    the moves after it were refused."""
    s = S.undo_as_the_fix_then_a_restart()
    assert not [e for e in flat(s) if e[0] in ("pass", "illegal")]
    assert s[-1] == [("game", "cc", "gg", "ee", "dd", "ef")]


def test_a_prisoner_in_the_wrong_lid_is_judged_once_the_other_lid_took_its_own():
    """AGA: aa, white's prisoner, into black's lid; black's capture of two is
    still carried to black's lid as white plays on. White's lid is not said
    short of a prisoner then: once black's lid has its own, the one too many
    there is moved over, nothing said, and the game goes on with both lids
    right (seed 556060 game 31: said missing at once, later a prisoner into
    black's lid read as white's pass stone, a pass nobody made)."""
    s = S.prisoner_in_the_wrong_lid_as_the_other_lid_takes_its_own()
    assert not [e for e in flat(s) if e[0] in ("prisoner-missing", "pass", "illegal")]
    assert s[-2] == [("game", "aa", "ba", "hh", "ih", "ig", "ii", "ee", "ab", "hi", "ia",
                      "ha", "de", "ib", "df")]
    assert s[-1] == [("loose", 0, 0)]


def test_both_quick_passes_are_taken_though_the_second_fills_a_lid_short_of_a_prisoner():
    """AGA at tempo 0: white's prisoner bb went onto the floor; white passes,
    black passes at once, white and black play on before white's lid settles
    with black's pass stone. That stone began to come in long after bb left
    the board and before white's next stone landed, on black's turn, black's
    hand in its bowl: black's pass (bb said missing), and both moves after
    it. Before, it was read as bb found late: black's pass was lost and white's
    hh named an extra stone (seed 454857 game 429, both passes lost)."""
    s = S.both_quick_passes_the_second_into_a_lid_short_of_a_prisoner()
    assert s[4] == [("pass", "W", True)]
    assert s[-3] == [("prisoner-missing",), ("pass", "B", True)]
    assert s[-2] == [("move", "W", "hh"), ("move", "B", "gc")]
    assert not [e for e in flat(s) if e[0] == "illegal"]


def test_the_first_quick_pass_is_taken_as_its_lid_settles_with_the_passers_hand_in_its_bowl():
    """As above, but white's hand is back in its bowl for hh before black's
    lid settles with white's pass stone, white's lid one short of bb: the
    bowl's last settled count showed the stone out, and the stone came into
    black's lid long after bb left: white's pass (before, a prisoner in the
    wrong lid, since the bowl was not settled now: both passes lost)."""
    s = S.both_quick_passes_the_first_lid_settling_as_the_next_stone_lands()
    assert s[5] == [("pass", "W", True)]
    assert s[-3] == [("prisoner-missing",), ("pass", "B", True)]
    assert s[-1] == [("game", "cc", "gg", "bb", "ba", "ee", "ab", "ef", "bc", "eg", "cb",
                      "dd", "by", "by", "hh", "gc")]


def test_the_stone_a_hidden_question_asked_about_is_no_move_when_its_sensor_reads_again():
    """Japanese, dd dead: black's ee and a second stone on dd, white's answer,
    the board asks (`hidden`). When dd reads again with black's stone on it
    (when it came unknown), it is that second stone, named to take off; put
    away, black's next move is taken. Before, it was taken for black's next
    move, a move nobody played (seed 808532 game 406, then stuck)."""
    s = S.second_stone_on_a_dead_point_read_again_after_the_question()
    assert s[5] == [("illegal", "hidden", "ee")]
    assert s[6] == [("illegal", "extra-stone", "dd")]
    assert s[7] == [("restored",)]
    assert s[-1] == [("game", "cc", "gg", "ee", "ff", "gc")]


def test_a_ko_taken_while_off_and_taken_back_as_the_restart_waits_is_four_moves():
    """AGA: black takes the ko at ch while the board is off; the restart's
    look sees ch and waits for the lids; white's hh, black's gh and white's
    retake at bh come meanwhile, ch lifted. ch, seen and gone, was black's
    move, captured by bh played there again: four moves, nothing said. Before,
    hh was named a second stone and both lids' prisoners read as pass stones,
    two passes nobody made (seed 808532 game 215: the retake unseen, stuck)."""
    s = S.ko_taken_while_off_then_taken_back_as_the_restart_waits()
    assert ("move", "B", "ch") in s[4] and s[4][-3:] == [
        ("move", "W", "hh"), ("move", "B", "gh"), ("move", "W", "bh")]
    assert not [e for e in flat(s) if e[0] in ("illegal", "pass")]
    assert s[-1][0][-4:] == ("ch", "hh", "gh", "bh")


def test_the_slip_of_an_older_move_taken_off_while_a_later_one_is_asked_about_is_corrected():
    """Japanese, dd dead: black's dd unseen and a second stone on ee taken for
    the move; two moves later black's bowl settles three out at once and the
    board asks about black's gc. Black takes ee off into its bowl: ee was the
    slip, the move was on dd (a `correct`, the moves after kept), and play
    goes on. Before, ee was said knocked and nothing a player could do ended
    it (seed 109583 game 23)."""
    s = S.slip_of_an_older_move_taken_off_as_a_later_one_is_asked_about()
    assert s[7] == [("illegal", "hidden", "gc")]
    assert s[8] == [("restored",), ("correct", "B", "ee", "dd")]
    assert s[-2] == [("move", "B", "hc")]
    assert s[-1] == [("game", "cc", "gg", "dd", "ff", "gc", "gd", "hc")]


def test_a_move_on_a_dead_sensor_and_its_answer_unseen_before_two_moves_taken_are_asked_in_order():
    """Chinese, ii dead: black plays ii, white answers on ff as ff's sensor
    reads unstable (neither seen), and black's ee and white's hh are taken as
    the next moves. ff reads again, a white stone on black's turn, black's
    bowl a stone more out: ii and ff may have come before ee and hh, or after
    them. The board offers the orders that fit (`unseen-order`); the players
    show theirs with down and press ok: the moves taken are corrected, the
    rest played in order. Before, only ii after hh could be answered, and the
    game recorded the moves out of order (seed 332257 game 588: stuck)."""
    s = S.hidden_pair_before_two_moves_taken()
    assert s[8] == [("illegal", "unseen-order", "ff")]
    assert not [e for e in flat(s[7:14]) if e[0] in ("move", "correct")]
    assert s[14] == [("restored",), ("correct", "B", "ee", "ii"), ("correct", "W", "hh", "ff"),
                     ("move", "B", "ee"), ("move", "W", "hh"), ("move", "B", "dd")]
    assert s[-1] == [("game", "cc", "gg", "ii", "ff", "ee", "hh", "dd")]
    # the players' order the board's own (the hidden pair after ee and hh)
    s = S.hidden_pair_after_the_moves_taken()
    assert s[13] == [("restored",), ("move", "B", "ii"), ("move", "W", "ff"), ("move", "B", "dd")]
    assert s[-1] == [("game", "cc", "gg", "ee", "hh", "ii", "ff", "dd")]


def test_a_stone_there_at_the_restart_then_an_answer_on_a_dead_sensor_is_the_first_move():
    """AGA, ii dead: black's ee is on the board at the restart (its arrival
    unknown), the look waits for the lids; white answers on ii, unseen, and
    black plays dd. ee came before dd, and with one empty dead point no hidden
    move can come before black's ee: it is black's move, and the board asks
    about ii; ok plays ii and dd (seed 332257 game 252: ee and dd named to be
    played again)."""
    s = S.stone_as_the_power_comes_back_then_an_answer_on_a_dead_sensor()
    assert not [e for e in flat(s[:2]) if e[0] in ("move", "illegal")]
    assert s[2] == [("move", "B", "ee")]
    assert s[3] == [("illegal", "unseen", "dd")]
    assert s[6] == [("restored",), ("move", "W", "ii"), ("move", "B", "dd")]
    assert s[-1] == [("game", "cc", "gg", "ee", "ii", "dd")]


def test_a_prisoner_on_a_dead_sensor_lifted_late_is_no_pass_of_the_side_that_moved_on():
    """AGA: white takes black's aa, whose sensor died under it. The prisoner,
    lifted late as the players go on at once, begins into white's lid just
    before black's dd lands: black moved on, so the lid's stone is no pass
    stone of black's but the prisoner; dd and hh are the moves (seed 274604
    game 87: black's pass nobody made, then six moves lost)."""
    s = S.prisoner_on_a_dead_sensor_lifted_late_as_play_goes_on()
    assert s[8] == [("move", "W", "ba"), ("capture-pending",)]
    assert not [e for e in flat(s) if e[0] in ("pass", "prisoner-missing", "illegal")]
    assert s[15] == [("move", "B", "dd"), ("move", "W", "hh")]
    assert s[-1] == [("game", "cc", "gg", "aa", "ab", "ee", "ba", "dd", "hh")]


def test_a_move_taken_while_off_is_ruled_out_by_the_capturers_lid_alone():
    """Chinese, a ko on the board: after a cut, the capturer's settled lid
    holding no prisoner beyond the game rules out a capture and recapture
    while the board was off, whatever the bowls (moving in fast play) say:
    the restart's stones are taken as they show (seed 988108 game 10: twelve stones of fast play
    named to be played again after 2 s of waiting for the bowls)."""
    s = S.stones_while_off_and_fast_play_the_lids_settled()
    assert s[0] == []                     # the restart's look: the lids not read yet
    assert s[1] == [("move", "B", "gh"), ("move", "W", "hh")]
    assert [e for e in flat(s) if e[0] == "illegal"] == []
    assert s[-1][0][-5:] == ("gh", "hh", "dd", "ce", "ff")


def test_an_order_answered_is_in_the_log_a_restart_replays():
    """The answer's `correct` events of moves taken, and the moves after them,
    are the log: a board resumed from it after a cut has the players' order,
    and nothing to announce."""
    s = S.hidden_pair_answered_then_a_restart()
    game = ("game", "cc", "gg", "ii", "ff", "ee", "hh", "dd")
    assert s[-3] == [game]
    assert not [e for e in s[-2] if e[0] in ("illegal", "move", "correct")]
    assert s[-1] == [game]
