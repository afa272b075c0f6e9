"""The end of a game at the table (issue 23), the referee fed frames by hand
(9x9): an end pressed while the board waits and the undo after it, the count
refused while something stands, play resumed after a dispute (Japanese 1989
art. 9-3) and across a restart, a prisoner dropped on the floor and the pass
stones after it. Each scenario returns short tuples (referee_scenarios.brief
plus the fields that matter here) so tests/unit/test_referee_end.py asserts
them under CPython and compares them, line for line, with the same module run
by the MicroPython unix port (`micropython referee_end_scenarios.py NAME...`)."""

from referee_board import Board
import referee_scenarios as scenarios
from referee_scenarios import brief, CAPTURE


def tell(evs):
    """brief() and the fields of this issue's events."""
    out = []
    for e in evs:
        t = e["type"]
        if t == "play-on":
            out.append(("play-on", e["to_move"], e.get("by") or "", bool(e.get("pass"))))
        elif t == "end":
            out.append(("end", e["reason"]))
        elif t == "prisoner-missing":
            out.append(("prisoner-missing", e["color"], e.get("where") or "", e["counted"],
                        e["expected"]))
        else:
            out += brief([e])
    return out


def steps(b, *acts):
    """referee_scenarios.steps told by `tell`, every event kept in b.log (a
    restart replays them); 'ACT@ms' does ACT with the referee's clock at ms (a
    pass in DEAD sooner than dead.LATE_PASS_MS after the end is a late one)."""
    out = []
    for a in acts:
        if "@" in a:
            a, ms = a.split("@")
            b.ref.now = int(ms)
        out += scenarios.steps(b, a, say=tell, keep=True)
    return out


def end_while_captures_wait_then_undo():
    """Black captures; before the prisoner is lifted white presses end by
    mistake (refused: captures wait) and undo to set it right: nothing is
    taken back, play goes on; a second undo takes back black's capture."""
    b = Board()
    steps(b, *CAPTURE[:-1])
    out = steps(b, "B cb", "!end", "!undo", "- bb", "W hh", "!undo", "- hh")
    return out + [[("state", b.ref.game.n, b.ref.phase, b.ref.pending or "")]]


def undo_after_an_agreement_with_dead_stones_lifted():
    """A mistaken end agreed, a stone already lifted as dead: undo takes back
    the end only (the stone is announced till it is back), then play goes on."""
    b = Board()
    out = steps(b, "B cc", "W gg", "B ee", "!end", "- gg", "!undo", "W gg", "W dd")
    return out + [[("state", b.ref.game.n, b.ref.phase)]]


def count_refused_while_a_stone_is_announced():
    """At the count a stone is added (dead-extra): end is refused, not held;
    once the stone is off, end counts with the dead stones lifted then."""
    b = Board("japanese")
    out = steps(b, "B cc", "W gg", "B ee", "!pass", "!pass", "- gg", "B hh", "!end",
                "- hh", "!end")
    return out


def resume_after_a_dispute():
    """Japanese: play stops by two passes; black lifts gg as dead, white says
    it lives; black asks to resume (B:pass), so white plays first. gg goes
    back; white passes (the asker's move, not the end), black and white
    play, two new passes end play again, black's dd is lifted and counted."""
    b = Board("japanese")
    out = steps(b, "B cc", "W gg", "B ee", "!pass", "!pass", "- gg", "!B:pass@5000", "W gg",
                "!pass", "B dd", "W gf", "!pass", "!pass", "- dd", "!end")
    return out + [[("state", b.ref.game.n, b.ref.phase)]]


def resume_the_side_to_move_first():
    """The shared pass in DEAD: the side to move plays first (no pass handed
    over); a pass of it right away does not end play."""
    b = Board("japanese")
    out = steps(b, "B cc", "W gg", "B ee", "!pass", "!pass", "!pass@5000", "!pass", "B dd",
                "!pass", "!pass")
    return out + [[("state", b.ref.game.n, b.ref.phase, b.ref.game.end or "")]]


def resume_with_the_turn_handed_over_and_a_restart():
    """White asks (W:pass) while white is to move: white hands the turn over
    with a pass, black plays first; black's pass right away does not end play
    (the handed pass never counts); a power cut then replays the resumption
    from the log, and two passes end play again."""
    b = Board("japanese")
    out = steps(b, "B cc", "W gg", "B ee", "!pass", "!pass", "!W:pass@5000", "!pass")
    log = list(b.log)
    out.append(tell(b.restart(log)))
    out += steps(b, ".", "W dd", "!pass", "!pass")
    return out + [[("state", b.ref.game.n, b.ref.phase, b.ref.game.end or "")]]


def stone_of_the_dispute_then_resume():
    """White, sure its gg group lives, plays gf at the count (dead-extra);
    black asks to resume: white plays first, and gf already on the board is
    that move."""
    b = Board("japanese")
    out = steps(b, "B cc", "W gg", "B ee", "!pass", "!pass", "W gf", "!B:pass@5000", "B dd")
    return out + [[("state", b.ref.game.n, b.ref.phase)]]


def a_late_pass_is_no_request_to_resume():
    """A pass pressed just after play ended (meant for play: a player or a
    program a moment late) changes nothing; the same press later resumes."""
    b = Board("japanese")
    out = steps(b, "B cc", "W gg", "B ee", "!pass@100", "!pass@200", "!pass@900",
                "!W:pass@1500", "!W:pass@2300")
    return out + [[("state", b.ref.game.n, b.ref.phase)]]


def no_resume_under_pass_stones():
    """AGA (pass stones): a pass press in DEAD is refused, the end stays."""
    b = Board("aga")
    out = steps(b, "B cc", "W gg", "!pass", "!pass", "!B:pass@5000")
    return out + [[("state", b.ref.phase)]]


def scales(rules):
    b = Board(rules)
    b.ref.scales.witness_ms = 300
    steps(b, "#40 40 0 0", "#39 40 0 0", "B cc", "#39 39 0 0", "W gg")
    return b


CAPTURE_GG = ("#38 39 0 0", "B hg", "#38 38 0 0", "W ee", "#37 38 0 0", "B gh",
              "#37 37 0 0", "W ef", "#36 37 0 0", "B fg", "#36 36 0 0", "W eg",
              "#35 36 0 0", "B gf")          # black's gf takes white's gg


def prisoner_on_the_floor_then_pass_stones():
    """AGA: black captures gg and the prisoner falls to the floor (black's lid
    never gains it). White passes with a pass stone into black's lid: the
    prisoner is said missing then (which lid, how to fix), and the pass is
    seen; black's pass stone into white's lid ends play."""
    b = scales("aga")
    steps(b, *CAPTURE_GG)
    out = steps(b, "- gg")
    b.ref.now = 20000
    out += steps(b, "#35 35 0 0", "#35 35 1 0")       # white's pass stone into black's lid
    b.ref.now = 30000
    out += steps(b, "#34 35 1 0", "#34 35 1 1")       # black's into white's lid
    return out + [[("state", b.ref.phase, b.ref.game.over)]]


def prisoner_found_later_then_a_pass_stone():
    """The same, but white answers with a move (the prisoner said missing at
    it), and black finds the prisoner and puts it in its lid long after: it
    is that prisoner, not a pass stone; black moves and white's pass stone
    after it is still seen."""
    b = scales("aga")
    steps(b, *CAPTURE_GG)
    out = steps(b, "- gg")
    b.ref.now = 20000
    out += steps(b, "#35 35 0 0", "W dd")
    b.ref.now = 30000
    out += steps(b, "#35 35 1 0")                     # the prisoner found, into black's lid
    b.ref.now = 40000
    out += steps(b, "#34 35 1 0", "B cd")
    b.ref.now = 50000
    out += steps(b, "#34 34 1 0", "#34 34 2 0")       # white's pass stone into black's lid
    return out


def _prisoner_said_missing_then_cd():
    """prisoner_found_later's start: the prisoner said missing at white's dd;
    black's cd, a stone out of its bowl."""
    b = scales("aga")
    steps(b, *CAPTURE_GG)
    steps(b, "- gg")
    b.ref.now = 20000
    steps(b, "#35 35 0 0", "W dd")
    b.ref.now = 40000
    steps(b, "#34 35 0 0", "B cd")
    return b


def pass_stone_out_of_a_bowl_behind_the_game_while_a_prisoner_is_owed():
    """White's ce with a stone from elsewhere (its bowl never moves: a stone
    behind the game), black's de; then white passes: a stone out of its bowl
    (it only pays the stone behind, by the totals) into black's lid."""
    b = _prisoner_said_missing_then_cd()
    out = steps(b, "W ce", "#33 35 0 0", "B de")
    b.ref.now = 50000
    return out + steps(b, "#33 34 0 0", "#33 34 1 0")


def pass_stone_taken_for_a_late_prisoner_then_the_other_pass():
    """White passes with a stone its bowl never showed out (a stone behind),
    into black's lid; black then passes, a stone out of its bowl into
    white's lid."""
    b = _prisoner_said_missing_then_cd()
    b.ref.now = 50000
    return steps(b, "#34 35 1 0", "#33 35 1 0", "#33 35 1 1", ".")


SCENARIOS = (end_while_captures_wait_then_undo, undo_after_an_agreement_with_dead_stones_lifted,
             count_refused_while_a_stone_is_announced, resume_after_a_dispute,
             resume_the_side_to_move_first,
             resume_with_the_turn_handed_over_and_a_restart, stone_of_the_dispute_then_resume,
             a_late_pass_is_no_request_to_resume, no_resume_under_pass_stones,
             prisoner_on_the_floor_then_pass_stones, prisoner_found_later_then_a_pass_stone,
             pass_stone_out_of_a_bowl_behind_the_game_while_a_prisoner_is_owed,
             pass_stone_taken_for_a_late_prisoner_then_the_other_pass)


def run(name):
    return scenarios.run(name, SCENARIOS)


if __name__ == "__main__":
    scenarios.main(SCENARIOS)
