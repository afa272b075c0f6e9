"""Issue 23, the end of a game: an end pressed while the board waits and the
undo after it, the count refused while anything stands, play resumed after a
dispute (Japanese 1989 art. 9-3: the opponent of the asker plays first) and
across a restart, a prisoner dropped on the floor and the pass stones after
it (tests/mp/referee_end_scenarios.py, frames by hand). Each answer is derived
from the rules and the physical story; the MicroPython unix port must say
exactly the same."""

import json

from conftest import run_micropython, FIRMWARE, REPO, MP, TESTS
import referee_end_scenarios as S


def flat(steps):
    return [e for step in steps for e in step]


def test_an_end_refused_while_captures_wait_and_the_undo_after_it_take_back_nothing():
    s = S.end_while_captures_wait_then_undo()
    assert s[1] == [("illegal", "end-waits", "")]         # not an agreement, said
    assert s[2] == [("illegal", "end-not-taken", "")]     # black's capture stays
    assert s[3] == [("restored",)]                        # the prisoner lifted
    assert s[4] == [("move", "W", "hh")]                  # play goes on
    assert s[5] == [("undo",)]                            # a second undo: a move, as usual
    assert s[7] == [("state", 7, 1, "")]


def test_undo_after_an_agreement_takes_back_the_end_whatever_was_lifted():
    s = S.undo_after_an_agreement_with_dead_stones_lifted()
    assert s[3] == [("end", "agreement")]
    assert s[5] == [("play-on", "W", "", False), ("illegal", "knocked", "gg")]
    assert s[6] == [("restored",)]
    assert s[7] == [("move", "W", "dd")]
    assert "undo" not in [e[0] for e in flat(s)]          # no move taken back
    assert s[8] == [("state", 4, 1)]


def test_the_count_is_refused_while_a_stone_stands_announced():
    s = S.count_refused_while_a_stone_is_announced()
    assert s[6] == [("illegal", "dead-extra", "hh")]
    assert s[7] == [("illegal", "count-waits", "")]       # refused, not held
    assert s[8] == [("restored",)]                        # no count when hh goes
    assert s[9] == [("dead", "gg"), ("count", "B+73.5")]


def test_play_resumes_after_a_dispute_with_the_askers_opponent_first():
    s = S.resume_after_a_dispute()
    assert s[6][0] == ("play-on", "W", "B", False)        # black asked: white first
    assert s[6][1] == ("illegal", "knocked", "gg")        # the lifted stone goes back
    assert s[8] == [("pass", "W", False)]                 # white's pass is not the end
    assert s[9] == [("move", "B", "dd")]
    assert s[12] == [("pass", "W", False), ("end", "two-passes")]
    assert s[14] == [("dead", "dd"), ("count", "W+7.5")]
    assert s[15] == [("state", 10, 3)]


def test_the_shared_pass_resumes_with_the_side_to_move():
    s = S.resume_the_side_to_move_first()
    assert s[5] == [("play-on", "W", "B", False)]
    assert s[6] == [("pass", "W", False)]
    assert s[9] == [("pass", "B", False), ("end", "two-passes")]


def test_a_turn_handed_over_at_the_resumption_survives_a_restart():
    s = S.resume_with_the_turn_handed_over_and_a_restart()
    assert s[5] == [("play-on", "B", "W", True)]          # white asked while to move
    assert s[6] == [("pass", "B", False)]                 # not an end with the handed pass
    assert s[7] == []                                     # the log replays the resumption
    assert s[9] == [("move", "W", "dd")]
    assert s[11] == [("pass", "W", False), ("end", "two-passes")]
    assert s[12] == [("state", 10, 2, "two-passes")]


def test_a_stone_played_at_the_count_is_the_first_move_once_play_resumes():
    s = S.stone_of_the_dispute_then_resume()
    assert s[5] == [("illegal", "dead-extra", "gf")]
    assert s[6] == [("restored",), ("play-on", "W", "B", False), ("move", "W", "gf")]
    assert s[7] == [("move", "B", "dd")]
    assert s[8] == [("state", 7, 1)]


def test_a_pass_just_after_the_end_is_a_late_one_not_a_request():
    s = S.a_late_pass_is_no_request_to_resume()
    assert s[4] == [("pass", "B", False), ("end", "two-passes")]
    assert s[5] == [] and s[6] == []                      # 0.7 s and 1.3 s after: late
    assert s[7] == [("play-on", "B", "W", True)]          # 2.1 s after: white asks
    assert s[8] == [("state", 6, 1)]


def test_no_resumption_where_a_stone_would_be_handed_over():
    s = S.no_resume_under_pass_stones()
    assert s[4] == [("illegal", "no-resume", "")]
    assert s[5] == [("state", 2)]


def test_a_prisoner_on_the_floor_is_said_and_the_pass_stones_after_it_seen():
    s = S.prisoner_on_the_floor_then_pass_stones()
    assert s[2] == [("prisoner-missing", "B", "black's lid", 0, 1), ("pass", "W", True)]
    assert s[4] == [("pass", "B", True)]


def test_a_prisoner_found_later_is_no_pass_stone():
    s = S.prisoner_found_later_then_a_pass_stone()
    assert s[2] == [("prisoner-missing", "B", "black's lid", 0, 1), ("move", "W", "dd")]
    assert s[3] == []                                     # the prisoner: nothing to say
    assert s[5] == [("move", "B", "cd")]
    assert s[7] == [("pass", "W", True)]
    assert [e for e in flat(s) if e[0] == "pass"] == [("pass", "W", True)]


def test_a_pass_stone_out_of_a_bowl_behind_the_game_is_no_late_prisoner():
    """The prisoner said missing (on the floor), white plays ce with a stone
    from elsewhere: its bowl is a stone behind the game. White's pass stone
    then leaves the bowl (by the totals it only pays the stone behind) and
    comes into black's lid: the bowl lost a stone since the game last
    changed, so it was in a hand: white's pass, not the prisoner found (seeds
    992049 game 198, 638249 game 159: the last pass lost, the dead stones
    lifted announced knocked)."""
    s = S.pass_stone_out_of_a_bowl_behind_the_game_while_a_prisoner_is_owed()
    assert s[2] == [("move", "W", "ce"), ("move", "B", "de")]
    assert s[4] == [("pass", "W", True)]


def test_a_pass_stone_taken_for_a_late_prisoner_is_a_pass_when_the_other_passes_after():
    """White's pass stone, its bowl showing none out, into black's lid is taken
    for the prisoner found; black's pass stone then comes into white's lid
    while white is to move. Black passing out of turn is no explanation: the
    first stone was white's pass, and black's answers it (seed 602451 game
    294: the pass lost)."""
    s = S.pass_stone_taken_for_a_late_prisoner_then_the_other_pass()
    assert s[0] == [] and s[1] == []
    assert s[2] == [("pass", "W", True)] and s[3] == [("pass", "B", True)]


def test_the_prisoner_missing_event_says_what_where_and_how():
    b = S.scales("aga")
    S.steps(b, *S.CAPTURE_GG)
    S.steps(b, "- gg")
    b.ref.now = 20000
    S.steps(b, "#35 35 0 0", "#35 35 1 0")
    ev = [e for e in b.log if e["type"] == "prisoner-missing"][0]
    assert ev["where"] == "black's lid"
    assert ev["text"] == "1 prisoner missing from black's lid (0 of 1)"
    assert ev["fix"] == "put it in black's lid; play goes on either way"


def test_the_scenarios_say_the_same_under_micropython():
    names = [f.__name__ for f in S.SCENARIOS]
    out = run_micropython(str(MP / "referee_end_scenarios.py"), stdin=" ".join(names),
                          path=[FIRMWARE, REPO / ".frozen", TESTS, MP])
    got = [json.loads(line) for line in out.splitlines() if line.startswith("[")]
    want = [json.loads(json.dumps([n, S.run(n)])) for n in names]
    assert got == want


def _logged(b):
    """The board's events as the log numbers them (game 1, seq from 1)."""
    return [dict(e, game=1, seq=k + 1) for k, e in enumerate(b.log)]


def test_the_host_follows_a_resumed_game_live_and_in_its_sgf():
    from goboard.live.state import LiveState
    from goboard.record.sgfrecord import record_game, read_moves
    b = S.Board("japanese")
    S.steps(b, "B cc", "W gg", "B ee", "!pass", "!pass", "!W:pass@5000", "B dd", "W hh",
            "!pass", "!pass", "!end")
    evs = _logged(b)
    assert [e["type"] for e in evs].count("play-on") == 1
    st = LiveState()
    for ev in evs:
        st.apply(ev)
    snap = st.snapshot()
    assert snap["status"] == "counted"
    mid = LiveState()                       # right after the resumption
    for ev in evs[:[e["type"] for e in evs].index("play-on") + 1]:
        mid.apply(ev)
    m = mid.snapshot()
    assert (m["status"], m["to_move"], m["number"], m["last"]["color"]) == ("playing", "B", 6, "W")
    props, mv = read_moves(record_game(evs))
    # white asked while to move: its pass hands the turn over, black plays first
    assert [(c, p) for c, p, _ in mv] == [("B", "cc"), ("W", "gg"), ("B", "ee"), ("W", ""),
                                          ("B", ""), ("W", ""), ("B", "dd"), ("W", "hh"),
                                          ("B", ""), ("W", "")]
    assert props["RE"] == [e for e in evs if e["type"] == "count"][0]["result"]


def test_the_gtp_bridge_counts_the_handed_over_pass_as_a_move():
    """goboard gtp keeps the board's moves for its engine: a resumption that
    hands the turn over adds the asker's pass (the engine's turn follows)."""
    from goboard.gtp.boardgame import BoardGame
    b = S.Board("japanese")
    S.steps(b, "B cc", "W gg", "B ee", "!pass", "!pass", "!W:pass@5000")
    bg = BoardGame("/dev/null", "unused")   # never opened: the events as its follower queues them
    for ev in _logged(b):
        bg.events.put(ev)
    assert len(bg.pump()) == len(_logged(b))
    assert bg.moves == [("B", "cc"), ("W", "gg"), ("B", "ee"), ("W", ""), ("B", ""), ("W", "")]


def test_a_refused_end_keeps_the_captures_lit():
    b = S.Board()
    S.steps(b, *S.CAPTURE[:-1])
    S.steps(b, "B cb")
    lit = list(b.ref.lights)
    S.steps(b, "!end")
    from referee_board import idx
    assert lit == [idx("bb")] and b.ref.lights == lit and b.ref.light_color == "yellow"
    assert b.ref.pending == "capture"
