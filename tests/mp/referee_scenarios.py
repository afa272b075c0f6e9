"""Table scenarios of issue 19, the referee fed frames by hand (9x9): what players
do at a board that no fault campaign scripted. Each scenario returns the events
that matter as short tuples, so tests/test_referee_reconcile.py can assert them
under CPython and compare them, line for line, with the same module run by the
MicroPython unix port (`micropython referee_scenarios.py NAME...`, or the names
on stdin, prints one JSON line per scenario)."""

import json
import sys

from referee_board import Board, idx


def brief(evs):
    """The events as (type, point or code, ...) tuples: what the tests compare."""
    out = []
    for e in evs:
        t = e["type"]
        if t == "move":
            out.append(("move", e["color"], e["point"]))
        elif t == "correct":
            out.append(("correct", e["color"], e["from"], e["point"]))
        elif t == "illegal":
            out.append(("illegal", e["code"], e.get("point") or ""))
        elif t == "pass":
            out.append(("pass", e["color"], bool(e.get("stone"))))
        elif t == "count":
            out.append(("count", e["result"]))
        elif t == "dead":
            out.append(("dead", " ".join(sorted(e["points"]))))
        elif t in ("restored", "undo", "capture-pending", "prisoner-missing"):
            out.append((t,))
    return out


def steps(b, *acts, **kw):
    """Each act: a change ('B cc', '- cc', 'W cc,- dd' at once), a button
    ('!undo'), bowls ('#B W lidB lidW') or nothing ('.'); every act is
    followed by a look.
    Returns the brief events of each act (`say`: another brief; `keep`: the
    events of presses and bowls kept in b.log too, for a restart)."""
    say = kw.get("say", brief)
    out = []
    for a in acts:
        if a == ".":
            pass                          # only a look
        elif a[0] == "!":
            b.ref.button(a[1:])
        elif a[0] == "#":
            b.ref.bowls(*[int(x) for x in a[1:].split()])
        elif "," in a or a[0] == "-":
            b.set(a)
        else:
            c, p = a.split()
            b.put(c, p)
        evs = list(b.ref.take_events())     # (the referee's own list when empty)
        if kw.get("keep"):
            b.log += evs
        out.append(say(evs + b.look()))
    return out


def second_stone_same_window():
    b = Board()
    return steps(b, "B cc", "W gg", "B ee,B ff", "- ff", "W dd")


def second_stone_answered():
    b = Board()
    return steps(b, "B cc", "W gg", "B ee", "B ff", "W dd", "- ff")


def wrong_colour_swapped():
    b = Board()
    return steps(b, "W ee", "- ee", "B ee", "W dd")


# W bb is captured by B cb (B ba, ab, bc around it)
CAPTURE = ("B ba", "W bb", "B ab", "W ee", "B bc", "W ff", "B cb")


def answer_before_last_prisoner():
    b = Board()
    steps(b, *CAPTURE[:-1])
    return steps(b, "B cb", "W gg", "- bb", "B hh")


def undo_by_hand_after_capture():
    b = Board()
    steps(b, *CAPTURE[:-1])
    return steps(b, "B cb", "- bb", "- cb", "W bb", "!undo", "B dd")


def rolled_stone():
    b = Board()
    return steps(b, "B cc", "W gg", "B ee", "- ee,B ed", "- ed,B ee", "- ee,B ed", "W dd")


def rolled_stone_after_the_answer_is_slid():
    b = Board()
    return steps(b, "B cc", "W gg", "B ee", "W dd", "- ee,B ed")


def _strong(b):
    """The calibration's evidence wired in: every stone on the board reads strong
    unless the scenario says otherwise (b.strong)."""
    b.strong = bytearray([9] * 81)
    b.ref.strong = b.strong


def scales(rules):
    """A board with the four scales settled (40 a bowl, empty lids) and a stone
    seen leaving each bowl for the first moves, so the bowls witness."""
    b = Board(rules)
    b.ref.scales.witness_ms = 300
    steps(b, "#40 40 0 0", "#39 40 0 0", "B cc", "#39 39 0 0", "W gg")
    return b


def gg_captured(rules):
    """White's gg surrounded (hg, gh, fg, gf), each stone seen leaving its bowl:
    the last, B gf, captures it; gg is still on the board, to be lifted."""
    b = scales(rules)
    steps(b, "#38 39 0 0", "B hg", "#38 38 0 0", "W ee", "#37 38 0 0", "B gh",
          "#37 37 0 0", "W ef", "#36 37 0 0", "B fg", "#36 36 0 0", "W eg",
          "#35 36 0 0", "B gf")
    return b


def stone_knocked_as_a_move_lands_beside_it():
    """Black's move lands on dc as its hand knocks cc off (one scan: a slide,
    as the board sees it, `slid`); black puts a stone from its bowl back on
    cc. Its bowl says two stones are out that the game has not used, and no
    sensor is dead to hide one: dc is the move (seed 339136 game 323: held as
    a slid stone, named a second stone for good)."""
    b = scales("chinese")
    return steps(b, "#38 39 0 0", "- cc,B dc", "B cc", "#37 39 0 0") + [_game(b)]


def _knocked_with_a_dead_sensor(dead):
    """stone_knocked_as_a_move_lands_beside_it (white to play it: black's ee
    first) with the sensor under `dead` dead: under black's cc (a stone on it
    hides nothing: seed 268448 game 633, held for good), or under the empty ii
    (a move there may be the second stone out)."""
    from goban.referee import FAULT
    b = scales("chinese")
    steps(b, "#38 39 0 0", "B ee", "#38 38 0 0")
    b.stable[idx(dead)] = FAULT
    return steps(b, ".", "- gg,W gh", "W gg", "#38 37 0 0") + [_game(b)]


def stone_knocked_as_a_move_lands_beside_it_a_dead_sensor_under_a_stone():
    return _knocked_with_a_dead_sensor("cc")


def stone_knocked_as_a_move_lands_beside_it_a_dead_sensor_under_an_empty_point():
    return _knocked_with_a_dead_sensor("ii")


def _rolled_beside_a_dead_point(white_out, then):
    """Black's ee moves to ed before white's answer, the sensor under the
    empty ii dead: white's answer may be there, unseen, its hand the one that
    pushed ee (seed 809886 game 125). `white_out`: white's bowl settled one
    stone out (in a hand, or on ii: nobody can tell), else none out (no answer
    came: ee rolled). `then`: what the players do next."""
    from goban.referee import FAULT
    b = scales("japanese")
    steps(b, "#38 39 0 0", "B ee")
    b.stable[idx("ii")] = FAULT
    return steps(b, "." if not white_out else "#38 38 0 0", "- ee,B ed", *then) + [_game(b)]


def rolled_beside_a_dead_point_pushed_back():
    """White played ii (unseen) and pushed ee: white puts it back, and black's
    next stone tells of white's move."""
    return _rolled_beside_a_dead_point(True, ("- ed,B ee", "#37 38 0 0", "B hh", "!ok"))


def rolled_beside_a_dead_point_it_rolled():
    """ee rolled, white's stone still in its hand: black says so (ok)."""
    return _rolled_beside_a_dead_point(True, ("!ok", "W dd"))


def rolled_beside_a_dead_point_white_passes_before_the_answer():
    """ee rolled; white passes while the board asks: the pass waits for the
    answer (it came after the stones asked about), then comes after the move."""
    return _rolled_beside_a_dead_point(True, ("!W:pass", "!ok", "."))


def rolled_beside_a_dead_point_no_stone_out():
    """White's settled bowl has no stone out: no answer came, ee rolled."""
    return _rolled_beside_a_dead_point(False, ("#38 38 0 0", "W dd"))


def move_beside_a_stone_slid_elsewhere():
    """White's gg slides to gh (`slid`) and white plays its move on fg, beside
    gg. Lifted, gh leaves gg gone and fg new: named slid to fg in turn, but
    fg came after the first slide was said: put back on gg from the bowl,
    fg is white's move (seed 513635 game 319: held as a slid stone for good)."""
    b = Board()
    return steps(b, "B cc", "W gg", "B ee", "- gg,W gh", "W fg", "- gh", "W gg") + [_game(b)]


def prisoner_from_the_lid_put_on_the_board_while_its_bowl_is_in_doubt():
    """AGA: black takes gg, its prisoner into black's lid. White's bowl cannot
    say that no stone left it (in doubt: a knocked stone's fix lowered its
    start). White takes the prisoner out of the lid and puts it on dd: black's
    lid a stone short since the game last changed says where it came from,
    so it is no move (seed 426465 game 58: a prisoner put back taken as one);
    back in the lid, and white's move from the bowl is taken."""
    from goban.board import WHITE
    b = gg_captured("aga")
    out = steps(b, "- gg", "#35 36 1 0")
    b.ref.scales.doubt[WHITE] = 1
    for act in ("#35 36 0 0", "W dd", "#35 36 0 0", "#35 36 0 0", "- dd", "#35 36 1 0",
                "#35 35 1 0", "W dd", "#35 35 1 0"):
        b.ref.now += 400
        out += steps(b, act)
    return out + [_game(b)]


def pass_stone_answered_before_its_lid_settles():
    b = scales("aga")
    # black takes a stone (its bowl settles one short), drops it in white's lid,
    # and white answers before that lid settles; then the lid settles
    return steps(b, "#38 39 0 -1", "W ee", "#38 38 0 1", ".")


def stone_out_of_turn_while_the_movers_hand_stays_in_its_bowl():
    b = scales("aga")
    # black's bowl keeps moving (a hand in it, or black playing on at once) as
    # white's stone lands out of turn; no stone comes into white's lid
    out = steps(b, "#-1 39 0 0", "W ee")
    b.ref.now += 1000
    out += steps(b, "#-1 39 0 0")
    b.ref.now += 1000
    out += steps(b, "#-1 39 0 0")
    return out


def prisoner_into_the_wrong_lid_then_a_stone_in_hand():
    b = scales("aga")
    # W gg is captured by B: B hg, gh, fg, W ee ... then B gf takes it
    out = steps(b, "#38 39 0 0", "B hg", "#38 38 0 0", "W ee", "#37 38 0 0", "B gh",
                "#37 37 0 0", "W ef", "#36 37 0 0", "B fg", "#36 36 0 0", "W eg",
                "#35 36 0 0", "B gf")
    # the prisoner goes into black's... no: into white's lid (the wrong one), then
    # white thinks with a stone in hand; then plays it
    return out[-1:] + steps(b, "- gg", "#35 36 0 1", "#35 35 0 1", "W dd", "#35 35 0 1")


def prisoner_returned_to_its_owners_bowl():
    b = scales("chinese")
    out = steps(b, "#38 39 0 0", "B hg", "#38 38 0 0", "W ee", "#37 38 0 0", "B gh",
                "#37 37 0 0", "W ef", "#36 37 0 0", "B fg", "#36 36 0 0", "W eg",
                "#35 36 0 0", "B gf", "- gg", "#35 37 0 0")   # the prisoner into W's bowl
    # white plays on, each stone held over 0.4 s before it lands: never no-stone-out
    b.ref.now = 10000
    out += steps(b, "#35 36 0 0", "W dd")
    b.ref.now = 10500
    out += [brief(b.ref.take_events() + b.look())]
    return out[-4:]


def pass_stone_after_a_prisoner_put_in_its_owners_bowl():
    b = gg_captured("aga")
    # black lifts white's gg and puts it in white's bowl; white plays on
    out = steps(b, "- gg", "#35 37 0 0")
    b.ref.now += 1000
    out += steps(b, "#35 36 0 0", "W dd")
    # black passes: its stone out of its bowl, into white's lid, two seconds on
    b.ref.now += 1000
    out += steps(b, "#34 36 0 0", "#34 36 0 -1", "#34 36 0 1")
    # white passes too
    return out + steps(b, "#34 35 0 1", "#34 35 -1 1", "#34 35 1 1")


def _prisoner_in_its_owners_bowl_weighed_nothing(passed):
    """AGA (299031 g469): black lifts white's gg into white's bowl as white
    takes its answer's stone from it: the bowl never shows either. White dd,
    black cd; two seconds on, white passes (`passed`: else nothing leaves
    white's bowl): a stone out of its bowl, into black's lid, short of gg.
    Where the bowl settled no stone out unused (its count may be dd's read
    late), the lid's stone was gg, late: the pass went unseen."""
    b = gg_captured("aga")
    b.ref.now = 1000
    out = steps(b, "- gg", "#35 36 0 0", "W dd")
    b.ref.now += 300
    out += steps(b, "#34 36 0 0", "B cd")
    b.ref.now += 1000
    w = 35 if passed else 36
    out += steps(b, "#34 %d 0 0" % w)
    b.ref.now += 500
    out += steps(b, "#34 %d -1 0" % w, "#34 %d 1 0" % w)
    # black passes (then white's lid holds a stone the game does not explain)
    b.ref.now += 1000
    return out + steps(b, "#33 %d 1 0" % w, "#33 %d 1 -1" % w, "#33 %d 1 1" % w) + [_game(b)]


def pass_stone_after_a_prisoner_in_its_owners_bowl_weighed_nothing():
    return _prisoner_in_its_owners_bowl_weighed_nothing(True)


def prisoner_late_after_one_in_its_owners_bowl_weighed_nothing():
    return _prisoner_in_its_owners_bowl_weighed_nothing(False)


def pass_stone_after_a_capture_whose_prisoner_went_to_the_lid():
    """AGA (506481 g223): black's gf takes white's gg, lifted into white's
    bowl (seen: a stone given). At once white plays df and black's cb takes
    white's bb, lifted as black's lid moves, into that lid, as it should. Two
    seconds on white passes: a stone out of its bowl, into black's lid. bb
    was the new capture's own prisoner, not gg after all: white's bowl still
    holds gg, and its pass stone is a pass (read as gg's, the bowl counted
    a stone short and the pass went unseen)."""
    b = scales("aga")
    steps(b, "#38 39 0 0", "B ba", "#38 38 0 0", "W bb", "#37 38 0 0", "B ab",
          "#37 37 0 0", "W ee", "#36 37 0 0", "B bc", "#36 36 0 0", "W ef",
          "#35 36 0 0", "B hg", "#35 35 0 0", "W eg", "#34 35 0 0", "B gh",
          "#34 34 0 0", "W dd", "#33 34 0 0", "B fg", "#33 33 0 0", "W de",
          "#32 33 0 0", "B gf")
    b.ref.now = 1000
    out = steps(b, "- gg", "#32 34 0 0")
    for act in ("#32 33 0 0", "W df", "#31 33 0 0", "B cb", "#31 33 -1 0", "- bb",
                "#31 33 1 0"):
        b.ref.now += 150
        out += steps(b, act)
    b.ref.now += 2000
    out += steps(b, "#31 32 1 0")
    b.ref.now += 500
    return out + steps(b, "#31 32 -1 0", "#31 32 2 0") + [_game(b)]


def pass_stone_after_a_prisoner_said_missing_went_to_its_owners_bowl():
    from goban.referee import bowlwatch
    b = gg_captured("aga")
    # black lifts gg as its lid still moves and drops it in white's bowl, as
    # white takes a stone for its answer: the bowl never settles to show either
    out = steps(b, "#35 36 -1 0", "- gg", "#35 -1 0 0", "W dd")
    # black plays on: gg, never in black's lid, is said missing; then white's
    # bowl settles one stone more than the game says (gg in it)
    b.ref.now += 2000
    out += steps(b, "#34 -1 0 0", "B cd", "#34 36 0 0")
    out.append([("unused", bowlwatch.unused(b.ref, 1), bowlwatch.unused(b.ref, 2))])
    # white's hand stirs its bowl (a stone taken and put back): it settles at
    # 36 again, a second reading one over
    b.ref.now += 1000
    out += steps(b, "#34 -1 0 0", "#34 36 0 0")
    out.append([("unused", bowlwatch.unused(b.ref, 1), bowlwatch.unused(b.ref, 2))])
    # long after, white passes: a stone out of its bowl into black's lid
    b.ref.now += 5000
    return out + steps(b, "#34 35 0 0", "#34 35 -1 0", "#34 35 1 0")


def prisoner_in_its_owners_bowl_as_two_stones_leave_it():
    from goban.referee import bowlwatch
    b = gg_captured("chinese")
    # black lifts gg as its lid stays settled short: gg may go to white's bowl.
    # It does, while white plays dd and (after black's cd) de, its bowl moving
    # all along; then it settles one stone lighter than before dd
    out = steps(b, "- gg", "#35 -1 0 0", "W dd", "#34 -1 0 0", "B cd", "W de", "#34 35 0 0")
    return out + [[("unused", bowlwatch.unused(b.ref, 1), bowlwatch.unused(b.ref, 2))]]


def _end_held_on_an_unreadable_stone(b):
    """Play ended, black's ba, bb and ab dead; ab flagged unstable (a burst of
    noise), ba and bb lifted, end pressed: held, ab cannot be read."""
    steps(b, "B ba", "W ea", "B ab", "W eb", "B bb", "W ec", "!pass", "!pass")
    b.ref.run_job()
    from goban.referee.diff import FAULT
    b.stable[idx("ab")] = FAULT + 1
    out = steps(b, "- ba,- bb")
    b.ref.run_job()
    b.ref.now = 100
    b.ref.button("end")
    return out


def count_waits_for_a_sensor_that_reads_nothing():
    b = Board()
    out = _end_held_on_an_unreadable_stone(b)
    out.append(brief(b.ref.take_events() + b.look()))
    b.set("- ab")                            # it reads again: lifted
    out.append(brief(b.look()))
    return out


def count_question_stays_while_the_seki_count_runs_in_its_step():
    b = Board()
    b.ref.steps = True                       # jobs in steps of their own, as the loop runs them
    out = _end_held_on_an_unreadable_stone(b)
    b.ref.run_job()
    b.ref.now = 2500
    b.set("- ea")                            # another dead stone lifted meanwhile
    out.append(brief(list(b.ref.take_events()) + b.look()))
    while b.ref.job is not None:             # the seki count's steps
        b.ref.run_job()
    out.append([b.ref.lines[0]])
    b.ref.now = 3100                         # (read, then answered)
    b.ref.button("down")                     # the players: ab was lifted, dead
    out.append(brief(list(b.ref.take_events()) + b.look()))
    while b.ref.job is not None:
        b.ref.run_job()
    return out + [brief(b.ref.take_events())]


def count_answer_waits_for_its_question_to_be_read():
    b = Board()
    out = _end_held_on_an_unreadable_stone(b)
    out.append(brief(list(b.ref.take_events()) + b.look()))
    b.ref.now = 2500
    b.ref.dirty = True                       # (the look asked for: look_again)
    out.append(brief(b.look()))
    out.append([b.ref.lines[0]])             # the question, asked now
    b.ref.now = 2600
    b.ref.button("down")                     # too soon to be its answer
    out.append(brief(list(b.ref.take_events()) + b.look()))
    b.ref.now = 3200
    b.ref.button("down")
    return out + [brief(list(b.ref.take_events()) + b.look())]


def _count_with_a_blind_empty_point(black_over, answer="down"):
    """Chinese, the bowls weighed, aa's sensor reading nothing all game; black's
    bowl `black_over` stones more out than the game used (a second stone put
    down on aa, unseen). Both pass, end pressed; the question, if any, read
    and answered `answer` ("down": the players cleared aa; "up": a stone is
    there)."""
    from goban.referee.diff import FAULT
    b = scales("chinese")
    b.stable[idx("aa")] = FAULT
    steps(b, "#38 39 0 0", "B ee", "#%d 38 0 0" % (38 - black_over), "W ff", "!pass", "!pass")
    b.ref.run_job()
    b.ref.now = 100
    b.ref.button("end")
    out = [brief(list(b.ref.take_events()) + b.look())]
    b.ref.now = 2500
    b.ref.dirty = True                       # (the look asked for: look_again)
    out.append(brief(b.look()))
    out.append(list(b.ref.lines))
    b.ref.now = 3200
    b.ref.button(answer)
    return out + [brief(list(b.ref.take_events()) + b.look())]


def count_asks_about_an_empty_point_it_cannot_read():
    return _count_with_a_blind_empty_point(1)


def count_takes_the_players_word_of_a_stone_on_an_empty_point_it_cannot_read():
    """The same question answered up: a stone is there (seed 530693 game 290:
    a move on the dead sensor, lost; the count waited for ever)."""
    return _count_with_a_blind_empty_point(1, "up")


def count_found_stone_kept_by_a_restart(answer="up"):
    """The count above, its log replayed by a board restarted after it: the
    dead event's found stones, the stone on aa in the restarted game, and
    the count events of both."""
    from goban.referee.diff import FAULT
    b = scales("chinese")
    b.stable[idx("aa")] = FAULT
    steps(b, "#38 39 0 0", "B ee", "#37 38 0 0", "W ff", "!pass", "!pass", keep=True)
    b.ref.run_job()
    for now, press in ((100, "end"), (2500, None), (3200, answer)):
        b.ref.now = now
        if press is None:
            b.ref.dirty = True               # (the look asked for: look_again)
        else:
            b.ref.button(press)
        b.look()
    found = [e.get("found") for e in b.log if e["type"] == "dead"]
    counts = [e["result"] for e in b.log if e["type"] == "count"]
    evs = b.restart(b.log)
    g = b.ref.game
    return [found, counts, g.board.cells[g.board.from_sgf("aa")],
            [e["result"] for e in evs if e["type"] == "count"]]


def count_trusts_an_empty_point_the_bowls_vouch_for():
    return _count_with_a_blind_empty_point(0)


def _rebase_into(rebased):
    """The referee's rebase_sensor(i, base), keeping the points rebased."""
    def rebase(i, base):
        rebased.append(i)
    return rebase


def _names(b, rebased):
    """The points rebased, each once (a sensor rebased twice in a scan, by a look
    and an end press's look again, is rebased once: its reading is the same)."""
    return " ".join(sorted(set(b.ref.name(i) for i in rebased)))


def drift_under_a_dead_stone():
    b = Board()
    _strong(b)
    rebased = []
    b.ref.rebase_sensor = _rebase_into(rebased)
    steps(b, "B ba", "W ea", "B ab", "W eb", "B bb", "W ec", "!pass", "!pass")
    # ab is lifted with the rest of its group, but its sensor drifted under the
    # stone: it still reads black, weakly
    b.strong[idx("ab")] = 0
    out = steps(b, "- ba,- bb", "!end")
    return out + [[("rebased", _names(b, rebased))]]


def dead_stone_lifted_off_a_drifted_sensor_unseen():
    b = scales("japanese")
    _strong(b)
    rebased = []
    b.ref.rebase_sensor = _rebase_into(rebased)
    steps(b, "#38 39 0 0", "B ee", "!pass", "!pass")
    # gg is lifted as dead, but its sensor drifted under the stone: it still
    # reads white, weakly, and the frame does not change; black's lid has it
    # (no look: nothing on the board changed)
    b.strong[idx("gg")] = 0
    b.ref.bowls(38, 39, 1, 0)
    b.ref.button("end")
    return [brief(b.ref.take_events()), [("rebased", _names(b, rebased))]]


def stone_lifted_in_a_burst_of_noise_beside_a_weak_one_left():
    """Japanese, play over: white's gg is lifted as dead while a burst of noise
    has its sensor flagged unstable (not yet counted as a fault), and black's
    lid takes it; white's hh, alive, reads weakly (the burst broke its run of
    strong readings). The lid's stone is gg's, not hh's: hh is never judged
    lifted nor rebased (seed 791373 game 366: five stones left on the board
    counted dead, the winner flipped)."""
    from goban.referee.diff import FAULT
    b = scales("japanese")
    _strong(b)
    rebased = []
    b.ref.rebase_sensor = _rebase_into(rebased)
    steps(b, "#38 39 0 0", "B ee", "#38 38 0 0", "W hh", "!pass", "!pass")
    b.stable[idx("gg")] = FAULT + 1
    b.strong[idx("hh")] = 0
    b.ref.bowls(38, 38, 1, 0)
    b.ref.button("end")
    out = [brief(b.ref.take_events() + b.look())]
    b.stable[idx("gg")] = 0               # the burst over: gg reads empty, hh strong
    b.strong[idx("hh")] = 9
    b.ref.button("end")
    out.append(brief(b.ref.take_events() + b.look()))
    return out + [[("rebased", _names(b, rebased))]]


def block_lifted_over_a_drifted_sensor_beside_a_live_stone_on_a_dead_one():
    """Japanese, play over: white's gg and gh are dead and lifted, black's lid
    takes both; gh's sensor drifted under the stone (it still reads white,
    weakly: judged lifted by its block). White's ii, alive, sits on a sensor
    that died. The lid's second stone is gh's, not ii's: ii is asked about,
    never counted dead (seed 617196 game 436: the count a point off)."""
    from goban.referee.diff import FAULT
    b = scales("japanese")
    _strong(b)
    b.ref.rebase_sensor = _rebase_into([])
    steps(b, "#38 39 0 0", "B ee", "#38 38 0 0", "W gh", "#37 38 0 0", "B aa",
          "#37 37 0 0", "W ii")
    b.stable[idx("ii")] = FAULT
    steps(b, ".", "!pass", "!pass")
    b.strong[idx("gh")] = 0
    out = steps(b, "- gg", "#37 37 2 0", "!end")
    b.ref.now += 3000
    out += steps(b, ".")                  # the board says it cannot read ii
    b.ref.now += 600
    return out + steps(b, "!up", "!end")  # the players: a stone stands on ii


def drifted_empty_sensor_after_a_restart_at_the_count():
    b = scales("japanese")
    _strong(b)
    flagged = []
    b.ref.mark_sensor = flagged.append
    steps(b, "#38 39 0 0", "B ee", "!pass", "!pass", keep=True)
    log = list(b.log)
    # the power cut: an empty point's sensor, whose baseline walked during the
    # game, reads black past the threshold from its old baseline, weakly
    b.put("B", "aa")
    b.strong[idx("aa")] = 0
    evs = b.restart(log)
    b.ref.strong = b.strong               # (the new referee wired as main.py does)

    def mark(i):                          # flagged: it reads as faulty from then on
        from goban.referee.diff import FAULT
        flagged.append(i)
        b.stable[i] = FAULT
    b.ref.mark_sensor = mark
    out = [brief(evs + b.look())]
    # the bowls weighed again: no black stone is out; then gg lifted as dead
    out += steps(b, "#38 39 0 0", "- gg", "#38 39 1 0", "!end")
    return out + [[("flagged", " ".join(b.ref.name(i) for i in flagged))]]


def weak_reading_named_as_a_stone_nobody_takes_off():
    from goban.referee.diff import FAULT
    b = Board("chinese")
    _strong(b)
    flagged = []

    def mark(i):                          # flagged: it reads as faulty from then on
        flagged.append(i)
        b.stable[i] = FAULT
    b.ref.mark_sensor = mark
    steps(b, "B cc", "W gg", "B ee")
    # a sensor whose baseline wandered reads black on aa, weakly: named as a
    # second black stone; nobody takes anything off; then white plays
    b.strong[idx("aa")] = 0
    out = steps(b, "B aa")
    b.ref.now += 1000
    out += steps(b, ".")
    b.ref.now += 2000
    out += steps(b, ".", ".", "W dd")
    return out + [[("flagged", " ".join(b.ref.name(i) for i in flagged))]]


def restart_then_the_count_then_the_lids_weighed_again():
    b = scales("japanese")
    _strong(b)
    # gg taken by black (hg, gh, fg, gf), into black's lid; the board logs a
    # `bowls` event only when a start changes: the log's is the game's first
    steps(b, "#38 39 0 0", "B hg", "#38 38 0 0", "W ee", "#37 38 0 0", "B gh",
          "#37 37 0 0", "W cg", "#36 37 0 0", "B fg", "#36 36 0 0", "W eg",
          "#35 36 0 0", "B gf", "- gg", "#35 36 1 0", keep=True)
    log = [e for e in b.log if e["type"] != "bowls" or e.get("lidB") == 0]

    def wire(ref):
        ref.strong = b.strong
    evs = b.restart(log, wire)
    # the power back, both pass before the lids are weighed again; then they
    # are (black's holds gg, as all along). White's lone ee, on the board,
    # reads weakly now (its sensor drifted under it): nothing says it was lifted
    out = [brief(evs + b.look())] + steps(b, "!pass", "!pass")
    b.strong[idx("ee")] = 0
    return out + steps(b, "#35 36 1 0", "!end")


def wrong_lid_prisoner_then_a_move_on_a_dead_sensor():
    """AGA, a scan each 100 ms: white's ba takes black's aa, whose prisoner
    goes into black's lid (the wrong one); black dd, white ff, black hh come
    fast (its prisoner still carried, for all the board knows); then white
    plays on fg, whose sensor is dead, and black answers on ge before
    white's bowl settles a stone out."""
    from goban.referee.diff import FAULT
    b = scales("aga")
    b.ref.ticks_of = lambda stamp: stamp * 100    # the stamps' ticks: a scan each 100 ms
    b.stable[idx("fg")] = FAULT
    out = []
    for act in ("#38 39 0 0", "B aa", "#38 38 0 0", "W ab", "#37 38 0 0", "B ee",
                "#37 37 0 0", "W ba", "- aa", "#37 37 -1 0", "#37 37 1 0", "#36 37 1 0",
                "B dd", "#36 36 1 0", "W ff", "W ca", "- ca", "#35 36 1 0", "B hh", "B ge",
                "#35 -1 1 0", "#35 35 1 0", "."):
        b.ref.now = b.scan * 100 + 50
        out += steps(b, act)
    return out


def wrong_lid_prisoner_then_a_capture_then_a_move_on_a_dead_sensor():
    """AGA, a scan each 100 ms (693357 g117): white's ba takes black's aa,
    whose prisoner goes into black's lid (the wrong one, for good); black then
    takes white's gg (hg, gh, fg, gf), its prisoner into black's lid too; white
    plays on ci, whose sensor is dead (a stone out of white's bowl), and black
    answers dd."""
    from goban.referee.diff import FAULT
    b = scales("aga")
    b.ref.ticks_of = lambda stamp: stamp * 100
    b.stable[idx("ci")] = FAULT
    out = []
    for act in ("#38 39 0 0", "B aa", "#38 38 0 0", "W ab", "#37 38 0 0", "B hg",
                "#37 37 0 0", "W ba", "- aa", "#37 37 -1 0", "#37 37 1 0", "#36 37 1 0",
                "B gh", "#36 36 1 0", "W ee", "#35 36 1 0", "B fg", "#35 35 1 0", "W ef",
                "#34 35 1 0", "B gf", "- gg", "#34 35 -1 0", "#34 35 2 0", "#34 34 2 0",
                "B dd", "#33 34 2 0", ".", "."):
        b.ref.now = b.scan * 100 + 50
        out += steps(b, act)
    return out + [_game(b)]


def capture_in_a_lid_and_a_recapture_on_a_dead_sensor():
    """AGA: white to move plays dd; black's ab takes white's aa (into black's
    lid); white's ih, on a dead sensor, takes black's ii (into white's lid);
    the board looks once they are all down."""
    from goban.referee.diff import FAULT
    b = scales("aga")
    b.stable[idx("ih")] = FAULT
    steps(b, "#38 39 0 0", "B ba", "#38 38 0 0", "W aa", "#37 38 0 0", "B ii",
          "#37 37 0 0", "W hi", "#36 37 0 0", "B ee")
    b.set("W dd,B ab,- aa,- ii")
    return steps(b, "#35 35 1 1", ".")


def bowls_weighed_afresh_after_a_restart():
    from goban.referee import bowlwatch
    b = Board("chinese")
    b.ref.scales.witness_ms = 300
    # the log keeps the game's first bowls event only (its start never changed)
    steps(b, "#40 40 0 0", keep=True)
    steps(b, "#39 40 0 0", "B cc", "#39 39 0 0", "W gg", "#38 39 0 0", "B ee",
          "#38 38 0 0", "W dd")
    out = [brief(b.restart(b.log) + b.look())]
    counts = []
    for reading in ((-1, 38, 0, 0), (37, 38, 0, 0)):  # white's settles first; black's
        b.ref.bowls(*reading)                           # then, a stone in black's hand
        counts.append([(e["B"], e["W"]) for e in b.ref.take_events() if e["type"] == "bowls"])
    return out + counts + [[("unused", bowlwatch.unused(b.ref, 1), bowlwatch.unused(b.ref, 2))]]


def bb_taken(lid):
    """AGA: black takes white's bb (with cb) into its lid (`lid` 1) or onto the
    floor (0: said missing as white moves on dd), the events kept for a restart."""
    b = scales("aga")
    steps(b, "#38 39 0 0", "B ba", "#38 38 0 0", "W bb", "#37 38 0 0", "B ab",
          "#37 37 0 0", "W ee", "#36 37 0 0", "B bc", "#36 36 0 0", "W ff",
          "#35 36 0 0", "B cb", "- bb", "#35 36 %d 0" % lid, "#35 35 %d 0" % lid, "W dd",
          keep=True)
    return b


def pass_stone_after_a_restart_whose_lids_settled_first():
    from goban.referee import bowlwatch
    b = bb_taken(1)                       # then the power is cut
    out = [brief(b.restart(b.log) + b.look())]
    # after the restart (the scales weighed afresh: the log's last event is a
    # move) the lids settle first, the bowls later; then black passes: a stone
    # out of black's bowl, into white's lid
    out += steps(b, "#-1 -1 1 0", "#35 35 1 0", "#34 35 1 0", "#34 35 1 1")
    return out + [[("loose", bowlwatch.loose(b.ref, 1), bowlwatch.loose(b.ref, 2))]]


def pass_stone_after_a_restart_with_a_prisoner_missing():
    b = bb_taken(0)                       # then the power is cut
    out = [brief(b.restart(b.log) + b.look())]
    # the scales weighed afresh (black's lid a prisoner short); black passes:
    # a stone out of black's bowl, into white's lid
    return out + steps(b, "#35 35 0 0", "#34 35 0 0", "#34 35 0 1")


def pass_stone_after_a_restart_behind_moves_played_while_off():
    b = scales("aga")
    _strong(b)
    steps(b, "#38 39 0 0", "B ee", "#38 38 0 0", "W dd", keep=True)
    log = list(b.log)
    # while the board is off black plays ff and white hh; a drifted sensor reads
    # a weak stone on aa as the board comes back (so its first looks wait)
    b.set("B ff,W hh,W aa")
    b.strong[idx("aa")] = 0
    rebased = []

    def wire(ref):
        ref.strong = b.strong
        ref.rebase_sensor = _rebase_into(rebased)
        ref.scales.witness_ms = 300
        ref.ticks_of = lambda stamp: 5000 + stamp * 100   # the restart's scan at 5 s
    evs = list(b.restart(log, wire))
    b.ref.now = 5000
    b.ref.bowls(37, 37, 0, 0)
    out = [brief(evs + b.look())]
    # 400 ms on black passes: a stone out of its bowl, into white's lid, which
    # settles 300 ms later; then aa is rebased and reads empty
    b.ref.now += 400
    out += steps(b, "#36 37 0 -1")
    b.ref.now += 300
    out += steps(b, "#36 37 0 1")
    b.ref.now += 300
    out += steps(b, ".")
    b.lift("aa")
    return out + steps(b, ".", ".") + [[("rebased", _names(b, rebased))]]


def _restarted(b, log):
    """The restart from `log`, the scales witnessing, its scans stamped from
    5 s, 100 ms apart: the restart's events."""
    def wire(ref):
        ref.scales.witness_ms = 300
        ref.ticks_of = lambda stamp: 5000 + stamp * 100   # the restart's scan at 5 s
    return list(b.restart(log, wire))


def ko_taken_while_off_then_taken_back_as_the_restart_waits():
    """AGA, the ko at ch: black takes it (bh) while the board is off. The
    restart's look sees ch and waits for the lids, unread since; meanwhile
    white plays hh, black gh, white takes the ko back at bh and lifts ch.
    ch, seen and gone, was black's move, and bh white's taking it back (808532
    game 215: the retake unseen, white's hh on black's turn asked about for
    good)."""
    b = scales("aga")
    steps(b, *KO, keep=True)
    log = list(b.log)
    b.set("B ch,- bh")

    evs = _restarted(b, log)
    b.ref.now = 5000
    out = [brief(evs + b.look())]
    for act in ("W hh", "B gh", "W bh", "- ch", "#33 33 1 1", "."):
        b.ref.now += 150
        out += steps(b, act)
    return out + [_game(b)]


KO = ("#38 39 0 0", "B bg", "#38 38 0 0", "W cg", "#37 38 0 0", "B ah", "#37 37 0 0", "W bh",
      "#36 37 0 0", "B bi", "#36 36 0 0", "W dh", "#35 36 0 0", "B ee", "#35 35 0 0", "W ci")


def _ko_exchanged_and_restarted(second_ko):
    """The ko at ch (and `second_ko`'s at hb), the log kept; hh and gh put down
    while the board is off; the restart (its scans stamped from 5 s, 100 ms
    apart): (board, the restart's events)."""
    b = scales("chinese")
    steps(b, *KO, keep=True)
    if second_ko:
        steps(b, "#34 35 0 0", "B ga", "#34 34 0 0", "W ha", "#33 34 0 0", "B fb",
              "#33 33 0 0", "W gb", "#32 33 0 0", "B gc", "#32 32 0 0", "W ib", "#31 32 0 0",
              "B dd", "#31 31 0 0", "W hc", keep=True)
    log = list(b.log)
    b.set("W hh,B gh")

    return b, _restarted(b, log)


def _exchange_while_off(second_ko, exchanged=True):
    """Chinese, a ko at ch (black takes white's bh there); black to move. While
    the board is off black takes the ko, white plays hh, black gh, white takes
    back at bh: the board shows only hh and gh new; the lids a prisoner each,
    the bowls two stones out each (`second_ko`: another ko on the board, at
    hb, where the same four moves fit as well: black says which; not
    `exchanged`: only gh and hh were played, a stone out of each bowl)."""
    b, evs = _ko_exchanged_and_restarted(second_ko)
    b.ref.now = 5200
    out = [brief(evs + b.look())]
    k = 4 if second_ko else 0
    b.ref.now = 5900
    out += steps(b, "#%d %d 1 1" % (33 - k, 33 - k) if exchanged else
                 "#%d %d 0 0" % (34 - k, 34 - k))
    return b, out


def corner_ko_taken_and_taken_back_while_off(dead=False):
    """Chinese, a ko in the corner: black's aa would take white's ab. While the
    board is off black takes it, white plays hh, black gh, white takes back at
    ab: the board shows hh and gh new, the lids a prisoner each, the bowls two
    stones out each. The four moves, as for a ko anywhere else (931430 g444,
    drawn again: the corner was never tried, aa and ab lost). `dead`: aa's
    sensor dead (193915 g33, drawn again: a point taken that reads nothing
    was never tried)."""
    from goban.referee import FAULT
    b = scales("chinese")
    steps(b, "#38 39 0 0", "B ac", "#38 38 0 0", "W ab", "#37 38 0 0", "B bb", "#37 37 0 0",
          "W ba", keep=True)
    if dead:
        b.stable[idx("aa")] = FAULT
        steps(b, ".", keep=True)
    log = list(b.log)
    b.set("W hh,B gh")

    evs = _restarted(b, log)
    b.ref.now = 5200
    out = [brief(evs + b.look())]
    b.ref.now = 5900
    out += steps(b, "#35 35 1 1")
    b.ref.now = 6500
    return out + steps(b, "#34 35 1 1", "B ee") + [_game(b)]


def corner_ko_on_a_dead_sensor_taken_and_taken_back_while_off():
    return corner_ko_taken_and_taken_back_while_off(True)


def ko_taken_and_taken_back_while_off():
    b, out = _exchange_while_off(False)
    return out + [_game(b)]


def ko_left_alone_while_off():
    b, out = _exchange_while_off(False, False)
    return out + [_game(b)]


def ko_taken_and_taken_back_while_off_with_two_kos():
    b, out = _exchange_while_off(True)
    out += steps(b, "!down", "!ok")
    return out + [_game(b)]


def stones_while_off_and_fast_play_the_lids_settled():
    """Chinese, the ko at ch on the board: while the board is off black plays
    gh and white hh (no ko taken). After the restart the lids read settled
    with no prisoner beyond the game, and play goes on at once, the bowls
    never settling (a hand in each): no capture and recapture was made (its
    prisoner would be in black's lid), so the stones are taken as they show
    (988108 g10: the look waited 2 s for the bowls, twelve stones named to be
    played again)."""
    b, evs = _ko_exchanged_and_restarted(False)
    b.ref.now = 5150
    out = [brief(evs + b.look())]
    for k, act in enumerate(("#-1 -1 0 0", "B dd", "W ce", "#-1 -1 0 0", "B ff", ".")):
        b.scan = k
        b.ref.now = 5250 + 150 * k
        out += steps(b, act)
    return out + [_game(b)]


def _ko_after_a_restart(exchanged, acts=None):
    """As ko_taken_and_taken_back_while_off (`exchanged`; else only gh and hh
    were played while off), at tempo 0: before the scales are read after the
    restart play goes on, black taking the ko at ch (white's bh lifted: its
    prisoner in a hand, then in black's lid). The exchange is judged on the
    board as it was at the restart, and the lid waits for the prisoner lifted
    since (seed 93475 game 276). `acts`: another game after the restart."""
    b, evs = _ko_exchanged_and_restarted(False)
    if acts is None:
        acts = (".", "B dd", "W ff", "B ch", "- bh", "#31 32 1 1", "#31 32 2 1", ".") \
            if exchanged else (".", "B ch", "W ff", "- bh", "#33 33 0 0", "#33 33 1 0", ".")
    b.ref.now = 5150
    out = [brief(evs + b.look())]
    for k in range(1, len(acts)):
        b.scan = k - 1            # (a change is stamped the next scan: 5.1 s + 100 ms each)
        b.ref.now = 5150 + 100 * k + (1500 if acts[k] == "." else 0)   # (a second look: late)
        out += steps(b, acts[k])
    return out + [_game(b)]


def ko_taken_yet_again_before_the_scales_are_read():
    return _ko_after_a_restart(True)


def ko_taken_after_a_restart_before_the_scales_are_read():
    return _ko_after_a_restart(False)


def stone_seen_after_a_restart_then_captured():
    """As ko_taken_after_a_restart_before_the_scales_are_read (gh and hh
    played while off), but after the restart black plays di, a self-atari,
    and white's ei takes it at once; di lifted into white's lid as the scales
    are read (seed 668105 game 525). di was seen; gh, there since the
    restart, came before it."""
    return _ko_after_a_restart(False, (".", "B di", "W ei", "- di", "#33 33 0 0", ".",
                                       "#33 33 0 1", ".", "- gh,- hh,- ei", "#35 35 0 1",
                                       "#34 35 0 1", "B gh", "#34 34 0 1", "W hh",
                                       "#33 34 0 1", "B di",
                                       "#33 33 0 1", "W ei", "- di", "#33 33 0 2", "."))


def slid_stone_left_as_one_is_put_back_from_the_bowl():
    """Chinese, dd's sensor dead: black plays there (unseen), then a hand
    slides black's cc to dc (`slid`) and white answers on hh. Black puts a
    stone from its bowl on cc, then lifts dc: the slid stone, there since the
    slide, is never black's move with white's answer (seed 426465 game 425);
    named a stone to take off, then the board asks about dd."""
    from goban.referee import FAULT
    b = Board()
    b.stable[idx("dd")] = FAULT
    return steps(b, "B cc", "W gg", "- cc,B dc", "W hh", "B cc", "- dc", "!ok") + [_game(b)]


def slid_stone_put_back_from_the_bowl_beside_a_move_and_a_dead_point():
    """AGA, ee's sensor dead (an empty point). White's gg slides to gh (`slid`)
    and white plays fg; white puts a stone from its bowl on gg, then lifts gh
    into the bowl. The look that sees gg back takes gh by the sure start of
    a move on a dead point (goban.referee.unseen), with no search of its own
    made (a slid stone stood): it crashed the board (seed 51329 game 560,
    AttributeError). gh is corrected to fg once it is lifted."""
    from goban.referee import FAULT
    b = scales("aga")
    b.stable[idx("ee")] = FAULT
    return steps(b, "#38 39 0 0", "B ch", "- gg,W gh", "W fg", "#38 38 0 0", "W gg",
                 "#38 37 0 0", "- gh", "#38 38 0 0", ".") + [_game(b)]


def pass_pressed_as_a_knock_is_announced(gap):
    """White's gg knocked off as white plays dd; black passes, and the press
    reaches the referee `gap` ms after the look announced the knock (10: the
    press was on its way before anyone could see the announcement; seed
    224932 game 92 at tempo 0: refused, the players thought it made, passed
    again and lifted their dead stones: a jam). White puts gg back, then
    passes."""
    b = Board()
    out = steps(b, "B cc", "W gg", "B ee")
    b.ref.now = 1000
    out += steps(b, "- gg,W dd")
    b.ref.now = 1000 + gap
    out += steps(b, "!B:pass")
    b.ref.now = 2000
    out += steps(b, "W gg", ".")
    b.ref.now = 2500
    return out + steps(b, "!W:pass") + [_game(b)]


def pass_pressed_before_a_knock_could_be_seen():
    return pass_pressed_as_a_knock_is_announced(10)


def pass_pressed_after_a_knock_was_said():
    return pass_pressed_as_a_knock_is_announced(600)


def end_pressed_before_a_knock_could_be_seen():
    """Japanese: white passed; the players lift white's gg as dead, black's
    pass and the end press reach the referee just after it said gg knocked
    (before anyone could see it: the pass waits for the fix, the end behind
    it). gg put back, the pass acts and play ends; the end, pressed for a
    board without gg, is refused; gg lifted again, end counts it dead (seed
    118142 game 212: the count ran at once, with gg alive)."""
    b = Board("japanese")
    out = steps(b, "B cc", "W gg", "B ee", "!W:pass")
    b.ref.now = 1000
    out += steps(b, "- gg")
    b.ref.now = 1010
    out += steps(b, "!B:pass")
    b.ref.now = 1020
    out += steps(b, "!end")
    b.ref.now = 2000
    out += steps(b, "W gg", ".")
    b.ref.now = 3000
    return out + steps(b, "- gg", "!end")


def answer_settled_a_scan_ahead_of_the_move(scan_ms):
    """White to move; white's dd and black's answer ff land a few ms apart,
    and ff settles one scan (`scan_ms`) before dd (seeds 953884 game 77,
    17397 game 389, tempo 0: the answer was named a second stone)."""
    b = Board()
    b.ref.ticks_of = lambda stamp: stamp * scan_ms
    out = steps(b, "B cc", "W gg", "B ee")
    b.put("B", "ff")
    b.put("W", "dd")
    out.append(brief(b.look()))
    return out + steps(b, ".") + [_game(b)]


def answer_a_10ms_scan_ahead_of_the_move():
    return answer_settled_a_scan_ahead_of_the_move(10)


def answer_a_100ms_scan_ahead_of_the_move():
    return answer_settled_a_scan_ahead_of_the_move(100)


def slid_as_moves_played_while_off_are_named_then_put_back_from_the_bowl():
    """Black dd, white hh, black ee played while the board is off (named to be
    played again: `resume-order`); as it comes back a sleeve slides black's cc
    to dc. Once the three are lifted, `slid`; black puts a stone from its bowl
    on cc: the stone there since the slide is no move (seed 339136 game 381:
    taken as black's, then said lifted for good), named to take off."""
    b = Board()
    steps(b, "B cc", "W gg", keep=True)
    log = list(b.log)
    b.set("B dd,W hh,B ee")
    out = [brief(b.restart(log) + b.look())]
    return out + steps(b, "- cc,B dc", "- ee", "- hh", "- dd", ".", "B cc", "- dc", "B dd",
                       "W hh")


def stone_put_down_while_moves_played_while_off_are_named():
    """Black dd, white hh, black ee played while the board is off (named to be
    played again); as the players lift them a black stone is put on ff, named
    with the rest at the next look. Once the three are off, ff, never lifted,
    is still named, not taken as black's move (seed 506481 game 375: taken,
    a false move); lifted, dd played again is the move."""
    b = Board()
    steps(b, "B cc", "W gg", keep=True)
    log = list(b.log)
    b.set("B dd,W hh,B ee")
    out = [brief(b.restart(log) + b.look())]
    return out + steps(b, "- ee", "B ff", "- hh", "- dd", "- ff", "B dd") + [_game(b)]


def _as_logged(log):
    """The events as the loop logs them (goban.boardloop's _to_log and
    _record): a bowls reading only when its start counts or lid offsets change
    (an event that changes one says so: a prisoner said missing, a fix)."""
    out = []
    last = None
    for e in log:
        if e["type"] == "bowls":
            key = (e.get("start"), e.get("offB", 0), e.get("offW", 0))
            if key == last:
                continue
            last = key
        elif last is not None and ("offB" in e or "offW" in e):
            last = (last[0], e.get("offB", last[1]), e.get("offW", last[2]))
        out.append(e)
    return out


def count_after_a_restart_with_a_prisoner_on_the_floor():
    """Japanese: black's gf takes gg, whose prisoner falls on the floor (black's
    lid short: said missing, the lid one up from then on, `offB` logged); white
    dd, black ff; the power is cut and comes back, dd's sensor dead; both pass before
    the lids are weighed again. The lid's first weighing then is what it held
    when play ended, counted with its offset as the lid is: else it was a stone
    up, and white's live dd, unreadable, was counted dead (seed 947839 game 31)."""
    from goban.referee.diff import FAULT
    b = gg_captured("japanese")
    _strong(b)
    steps(b, "- gg", keep=True)
    b.ref.now += 3000
    steps(b, "#35 35 0 0", "W dd", "#34 35 0 0", "B ff", keep=True)
    out = [brief(b.restart(_as_logged(b.log)) + b.look())]
    b.stable[idx("dd")] = FAULT
    out += steps(b, ".", "!pass", "!pass", "#34 35 0 0", "!end")
    return out + [[("lid", b.ref.counting.lid[1], b.ref.scales.into[1])]]


def prisoner_in_the_wrong_lid_then_a_restart():
    b = gg_captured("aga")
    # black's prisoner gg goes into white's lid; white moves (the board moves
    # the count over to black's lid); black moves; the power is cut
    steps(b, "- gg", "#35 36 0 1", keep=True)
    b.ref.now += 2000
    steps(b, "#35 35 0 1", "W dd", "#34 35 0 1", "B hh", keep=True)
    out = [brief(b.restart(_as_logged(b.log)) + b.look())]
    # weighed afresh, nothing came into either lid: white moves, then black
    return out + steps(b, "#-1 -1 0 1", "#34 35 0 1", "#34 34 0 1", "W ah",
                       "#33 34 0 1", "B bh")


def prisoner_moved_over_then_a_restart_before_a_bowls_event_said_so():
    b = gg_captured("aga")
    # black's prisoner gg goes into white's lid; white answers while its bowl
    # still moves: the board moves the count over to black's lid at that move,
    # and no bowls event says so before the power is cut
    steps(b, "- gg", "#35 36 0 1", keep=True)
    b.ref.now += 2000
    steps(b, "#35 -1 0 1", "W dd", keep=True)
    out = [brief(b.restart(_as_logged(b.log)) + b.look())]
    # weighed afresh (white's bowl one lighter, the lids as they were); black
    # takes a stone and plays it
    return out + steps(b, "#35 35 0 1", "#34 35 0 1", "B hh")


def prisoner_in_flight_when_the_lids_are_first_weighed():
    b = scales("aga")
    steps(b, "#38 39 0 0", "B aa", "#38 38 0 0", "W ba", "#37 38 0 0", "B hh", keep=True)
    out = [brief(b.restart(b.log) + b.look())]
    b.ref.scales.witness_ms = 300         # (the new referee wired as main.py does)
    # after the power cut white takes aa; the lids are first weighed as it is
    # carried to white's lid; black plays cd as that lid moves; aa lands
    return out + steps(b, "W ab", "- aa", "#37 37 0 0", "#36 37 0 -1", "B cd",
                       "#36 37 0 1")


def _restart_drifted(b, log, pt):
    """The power cut: an empty point's sensor, whose baseline walked during the
    game (followed in RAM), reads white from its old one on flash, weakly. The
    new referee wired to the calibration's evidence, resumed from `log`:
    (its events, the points it rebases)."""
    b.put("W", pt)
    b.strong[idx(pt)] = 0
    rebased = []

    def wire(ref):
        ref.strong = b.strong
        ref.rebase_sensor = _rebase_into(rebased)
    return b.restart(log, wire), rebased


def _later(b, ms):
    """The look `ms` later (a weak reading at a restart is rebased only once it
    has stayed weak a while: goban.referee.restart.DRIFT_MS)."""
    b.ref.now += ms
    return b.look()


def drifted_sensor_after_a_restart_with_a_stone_in_hand():
    b = scales("chinese")
    _strong(b)
    steps(b, "#38 39 0 0", "B ee", keep=True)
    # the power cut (a drifted sensor on aa); white holds its next stone, and
    # presses nothing
    evs, rebased = _restart_drifted(b, list(b.log), "aa")
    out = [brief(evs + b.look() + _later(b, 500))]
    b.lift("aa")                          # rebased: it reads empty from the next scan
    out += steps(b, ".", "#38 38 0 0", "W dd")
    return out + [[("rebased", _names(b, rebased))]]


def stone_nudged_as_the_power_comes_back():
    b = Board("chinese")
    _strong(b)
    steps(b, "B cc", "W gg")
    log = list(b.log)
    # while the board is off black plays ee; a hand nudges it as the board comes
    # back, so its first look reads it weak; a moment later it reads well again
    b.put("B", "ee")
    evs, rebased = _restart_drifted(b, log, "aa")
    b.lift("aa")
    b.strong[idx("ee")] = 0
    out = [brief(evs + b.look())]
    b.ref.now += 100
    b.strong[idx("ee")] = 9
    return out + steps(b, ".") + [[("rebased", _names(b, rebased))]]


def pass_pressed_as_a_drifted_sensor_is_rebased_after_a_restart():
    b = Board("chinese")
    _strong(b)
    steps(b, "B cc", "W gg", "B ee")
    log = list(b.log)
    # while the board is off white plays dd; black presses pass as it comes
    # back, and a drifted sensor reads on aa
    b.put("W", "dd")
    evs, rebased = _restart_drifted(b, log, "aa")
    b.ref.button("B:pass")                # before the board's first look: it waits
    out = [brief(evs + b.look() + _later(b, 500))]
    b.lift("aa")                          # rebased: it reads empty from the next scan
    return out + steps(b, ".") + [[("rebased", _names(b, rebased))]]


def pass_stone_while_the_bowl_reads_behind():
    b = scales("aga")
    # black's bowl misses ee's stone leaving (moving as it went: it settles
    # where it was), and reads behind the game from then on
    out = steps(b, "#-1 39 0 0", "B ee")
    b.ref.now = 20000
    out += steps(b, "#39 39 0 0", "#39 38 0 0", "W dd")
    # black passes at once: a stone into white's lid; its bowl still reads 39
    b.ref.now = 21000
    return out + steps(b, "#39 38 0 1")


def quick_pass_then_two_stones_before_the_lid_settles():
    b = scales("aga")
    # black passes at once: its bowl still reads its old count, the stone drops
    # into white's lid (moving); white answers and black plays on before the
    # lid settles
    out = steps(b, "#39 39 0 -1", "W dd", "B ee")
    b.ref.now += 400
    return out + steps(b, "#39 39 0 1", ".")


def pass_stone_while_the_bowl_is_a_stone_off():
    b = scales("aga")
    steps(b, "#38 39 0 0", "B ee", "#38 38 0 0", "W dd")
    # black's pass stone leaves its bowl as a stone from the last game is
    # dropped in: the bowl reads the same (settled, "none out"); the stone
    # comes into white's lid
    return steps(b, "#38 38 0 0", "#38 38 0 1")


def pass_stone_soon_after_a_prisoner_said_missing():
    from goban.referee import bowlwatch
    b = gg_captured("aga")
    # gg lifted and dropped on the floor (it may yet go to white's bowl); white
    # answers once it could have reached a lid (CARRY_MS), and black at once,
    # before white's bowl settles again
    out = steps(b, "- gg")
    b.ref.now += 1600
    out += steps(b, "W dd", "#34 36 0 0", "B cd")
    # white's bowl settles two stones lighter: dd's, and the pass stone white
    # hands over at once, into black's lid
    b.ref.now += 500
    out += steps(b, "#34 34 0 0")
    out.append([("unused", bowlwatch.unused(b.ref, 1), bowlwatch.unused(b.ref, 2))])
    b.ref.now += 500
    return out + steps(b, "#34 34 1 0")


def _prisoner_on_a_drifted_sensor():
    """gg taken by black's gf (the calibration's evidence wired in, rebases
    kept): gg's sensor drifted under the stone, so lifted it still reads white,
    weakly. (The board, and the points rebased.)"""
    b = scales("chinese")
    _strong(b)
    rebased = []
    b.ref.rebase_sensor = _rebase_into(rebased)
    steps(b, "#38 39 0 0", "B hg", "#38 38 0 0", "W ee", "#37 38 0 0", "B gh",
          "#37 37 0 0", "W ef", "#36 37 0 0", "B fg", "#36 36 0 0", "W eg",
          "#35 36 0 0", "B gf")
    b.strong[idx("gg")] = 0
    return b, rebased


def drift_under_a_prisoner():
    # gg is lifted into black's lid; the lid, settled, holds the prisoner
    b, rebased = _prisoner_on_a_drifted_sensor()
    out = steps(b, "#35 36 -1 0", "#35 36 1 0")
    return out + [[("rebased", _names(b, rebased))]]


def drift_under_a_prisoner_then_the_answer():
    """As drift_under_a_prisoner, white answering on dd before black's lid
    settles: the look waits for the lid (nothing said: 924253 g194 said not
    lifted a moment before), then the lid holds the prisoner and gg's sensor
    is taken again (its next reading empty); dd is the move (989068 g320: not
    lifted for good, the two moves after lost)."""
    b, rebased = _prisoner_on_a_drifted_sensor()
    out = steps(b, "#35 36 -1 0", "#35 35 -1 0", "W dd", "#35 35 1 0")
    out.append([("rebased", _names(b, rebased))])
    return out + steps(b, "- gg") + [_game(b)]


def drift_under_a_prisoner_the_lid_moving_on():
    """As drift_under_a_prisoner_then_the_answer, but black's lid goes on
    moving past a carry (a hand resting on it): the wait ends, gg is said
    not lifted."""
    b, rebased = _prisoner_on_a_drifted_sensor()
    out = steps(b, "#35 36 -1 0", "#35 35 -1 0", "W dd")
    b.ref.now += 1600
    return out + steps(b, "#35 35 -1 0") + [[("rebased", _names(b, rebased))]]


def prisoner_lifted_weakly_into_a_lid_holding_a_wrong_lid_stone():
    """Chinese, a scan each 100 ms: white's ba takes black's aa, whose prisoner
    goes into black's lid (the wrong one); then black's gf takes gg, and the
    look comes as gg is being lifted (its reading weak). Black's lid already
    weighs as many stones as prisoners, but took none since gf landed: the
    prisoner is in the hand, gg's sensor is not taken again (497994 g198: the
    baseline taken mid-lift, the empty point read as a stone for good).
    (The events, the points rebased, the game.)"""
    b = scales("chinese")
    _strong(b)
    rebased = []
    b.ref.rebase_sensor = _rebase_into(rebased)
    b.ref.ticks_of = lambda stamp: stamp * 100    # the stamps' ticks: a scan each 100 ms
    out = []
    for act in ("#38 39 0 0", "B hg", "#38 38 0 0", "W ee", "#37 38 0 0", "B gh",
                "#37 37 0 0", "W ef", "#36 37 0 0", "B fg", "#36 36 0 0", "W eg",
                "#35 36 0 0", "B aa", "#35 35 0 0", "W ab", "#34 35 0 0", "B ii",
                "#34 34 0 0", "W ba", "- aa", "#34 34 -1 0", "#34 34 1 0",
                "#33 34 1 0", "B gf"):
        b.ref.now = b.scan * 100 + 50
        out += steps(b, act)
    b.strong[idx("gg")] = 0                   # gg half lifted: it reads weakly
    for act in (".", "- gg", "#33 34 -1 0", "#33 34 2 0", "#33 33 2 0", "W dd"):
        b.ref.now = b.scan * 100 + 50
        out += steps(b, act)
    return out[25:] + [[("rebased", _names(b, rebased))], _game(b)]


def prisoner_in_hand_as_the_owner_moves():
    from goban.referee import bowlwatch
    b = gg_captured("chinese")
    # gg lifted, still in black's hand (the lid short: it may go to white's bowl);
    # white answers, its bowl one stone lighter only after the move is taken
    out = steps(b, "- gg", "W dd", "#35 35 0 0", "#35 35 1 0")
    return out + [[("unused", bowlwatch.unused(b.ref, 1), bowlwatch.unused(b.ref, 2))]]


def prisoner_on_the_floor_as_the_owner_moves():
    from goban.referee import bowlwatch
    b = gg_captured("chinese")
    # gg lifted and dropped on the floor (it may yet go to white's bowl); white
    # answers, its bowl one stone lighter after the move is taken; the prisoner
    # never comes
    out = steps(b, "- gg", "W dd", "#35 35 0 0")
    out.append([("unused", bowlwatch.unused(b.ref, 1), bowlwatch.unused(b.ref, 2))])
    # black moves, white's next stone is seen to leave before it lands: the
    # count agrees with the game again
    out += steps(b, "#34 35 0 0", "B cd", "#34 34 0 0")
    out.append([("unused", bowlwatch.unused(b.ref, 1), bowlwatch.unused(b.ref, 2))])
    out += steps(b, "W de")
    return out + [[("unused", bowlwatch.unused(b.ref, 1), bowlwatch.unused(b.ref, 2))]]


def stone_back_in_its_bowl_before_the_undo_press():
    from goban.referee import bowlwatch
    b = scales("chinese")
    steps(b, "#38 39 0 0", "B ee")
    # black lifts ee back into its bowl (its count settles) before pressing undo
    out = steps(b, "- ee", "#39 39 0 0", "!undo")
    return out + [[("unused", bowlwatch.unused(b.ref, 1), bowlwatch.unused(b.ref, 2))]]


def fast_play_after_a_move_on_a_dead_sensor():
    from goban.referee import FAULT
    b = scales("aga")
    b.stable[idx("dd")] = FAULT           # black plays on dd: its sensor is dead
    steps(b, ".")
    # black's hand goes on taking stones (its bowl never settles): white answers,
    # black plays again at once
    return steps(b, "#-1 39 0 0", "W ee", "B ff")


def _two_in_one_scan_by_a_dead_point(answer):
    """Japanese, dd's sensor dead; then a white stone on ff and a black one on
    ee in one scan: white's answer and black's next move after black's dd,
    unseen, or black's ee and white's answer with no move on dd. `answer`:
    what black does when asked."""
    from goban.referee import FAULT
    b = Board("japanese")
    steps(b, "B cc", "W gg")
    b.stable[idx("dd")] = FAULT
    steps(b, ".")
    return steps(b, "W ff,B ee", *answer) + [_game(b)]


def move_as_the_prisoner_drops_into_the_lid():
    """AGA: black's gf takes gg; gg lifted, its lid moving as the prisoner
    drops in, white plays at once: no pass stone is on its way there (seed
    118142 game 456, tempo 0: the move waited for the lid as for a pass, five
    stones came meanwhile)."""
    b = gg_captured("aga")
    b.ref.now = 5000
    steps(b, "- gg", "#35 36 -1 0")
    b.ref.now = 5200
    return steps(b, "#35 35 -1 0", "W ah") + [_game(b)]


def move_after_both_pass_stones_as_the_prisoner_drops_into_the_lid():
    """As move_as_the_prisoner_drops_into_the_lid, but white passed (its stone
    into black's lid with gg), black passed too (into white's lid, moving as
    well) and white's ah came at once: the passes first, taken when the lids
    settle (seed 21212 game 62: W ea taken first, the passes lost)."""
    b = gg_captured("aga")
    b.ref.now = 5000
    steps(b, "- gg", "#35 36 -1 0")
    b.ref.now = 5200
    out = steps(b, "#34 35 -1 -1", "W ah")
    b.ref.now = 5600
    return out + steps(b, "#34 34 2 1", ".", ".") + [_game(b)]


def _two_in_one_scan_weighed(black):
    """Chinese, dd's sensor dead, black to move; a black stone on ee and a
    white one on ff land in one scan, the bowls settled: black's at `black`
    (38: one stone out for ee, none for a move on dd; 37: one more out)."""
    from goban.referee import FAULT
    b = scales("chinese")
    b.stable[idx("dd")] = FAULT
    steps(b, ".")
    return steps(b, "#%d 39 0 0" % black, "B ee,W ff") + [_game(b)]


def two_in_one_scan_by_a_dead_point_no_stone_out():
    return _two_in_one_scan_weighed(38)


def two_in_one_scan_by_a_dead_point_a_stone_out():
    return _two_in_one_scan_weighed(37)


def answer_and_next_move_in_one_scan_after_a_move_on_a_dead_sensor():
    return _two_in_one_scan_by_a_dead_point(["!ok"])


def two_in_one_scan_by_a_dead_point_nobody_played():
    # black did not play dd: white's stone off, as the fix says, then back
    return _two_in_one_scan_by_a_dead_point(["- ff", "W ff"])


def slip_taken_as_a_move_lifted_then_undo_without_takeback():
    from goban.referee import FAULT
    b = Board("japanese")
    steps(b, "B cc", "W gg")
    b.stable[idx("dd")] = FAULT           # black plays on dd: its sensor is dead
    steps(b, ".")
    # white, to move, puts a black stone on ee by mistake: the board, still
    # waiting for black, takes it; white lifts it, black presses undo; white's
    # real move then shows the dead point's question, and ok takes black's dd
    return steps(b, "B ee", "- ee", "!undo", "W ff", "!ok")


def _timed(b, acts, gaps, keep=False):
    """steps() with the referee's clock: a scan each 100 ms, `gaps` scans more
    before each act (by index)."""
    b.ref.ticks_of = lambda stamp: stamp * 100
    out = []
    for k, act in enumerate(acts):
        b.scan += gaps.get(k, 0)
        b.ref.now = (b.scan + 1) * 100 + 50      # (a change is stamped the next scan)
        out += steps(b, act, keep=keep)
    return out


def _game(b):
    """The referee's game's moves, as the scenarios' last line."""
    g = b.ref.game
    return [("game",) + tuple(g.board.sgf(p) for c, p in g.moves())]


def slip_of_an_older_move_taken_off_as_a_later_one_is_asked_about():
    """Japanese, dd's sensor dead: black plays dd (unseen) and a second stone
    on ee, taken for the move; white ff, black gc, white gd, black's bowl
    moving all along. It settles three out at once: the board asks about gc
    (`hidden`). Black takes ee off, the slip, into its bowl: its move was on
    dd (109583 g23: the question about the last move, the slip two moves
    back; said knocked, stuck). Then black plays hc."""
    from goban.referee import FAULT
    b = scales("japanese")
    b.stable[idx("dd")] = FAULT
    return _timed(b, [".", "#-1 39 0 0", "B ee", "#-1 -1 0 0", "W ff", "B gc", "W gd",
                      "#36 37 0 0", "- ee", "#37 37 0 0", "B hc"],
                  {3: 2, 5: 2, 6: 2, 7: 2, 8: 5, 9: 2, 10: 3}) + [_game(b)]


def second_stone_on_a_dead_point_read_again_after_the_question():
    """Japanese, dd's sensor dead: black plays ee and puts a second stone on
    dd by mistake; white answers on ff before either bowl settles, black's
    two stones out at once, and the board asks (`hidden`). Then dd's sensor reads again: black's stone
    there, come when nobody knows. It left the bowl before white's answer:
    a second stone, named to take off, not black's next move (808532 g406:
    taken for it, black's real move then named a second stone for good).
    Black puts it in its bowl, then plays gc."""
    from goban.referee import FAULT, BLACK
    b = scales("japanese")
    b.stable[idx("dd")] = FAULT
    out = _timed(b, [".", "#-1 39 0 0", "B ee", "#-1 -1 0 0", "W ff", "#37 38 0 0"],
                 {3: 2, 5: 2})              # both hands in the bowls till then
    b.stable[idx("dd")] = BLACK           # read again: when it came is unknown
    b.since[idx("dd")] = -1
    out += _timed(b, [".", "- dd", "#38 38 0 0", "B gc"], {2: 8})
    return out + [_game(b)]


def _second_stone_put_away(bowl, back=()):
    """Japanese, dd's sensor dead: black plays there (a stone out of its bowl,
    unseen), then puts a second stone on ee by mistake, which the board takes
    for the move; white answers on ff. Black then lifts ee: into its bowl
    (`bowl`: the bowl settles a stone up 0.8 s later), or it falls on the
    floor; looked at again 2.5 s after; then `back`. A scan each 100 ms."""
    from goban.referee import FAULT
    b = scales("japanese")
    b.stable[idx("dd")] = FAULT           # black plays on dd: its sensor is dead
    acts = [".", "#38 39 0 0", "#37 39 0 0", "B ee", "#37 38 0 0", "W ff", "- ee",
            "#38 38 0 0" if bowl else ".", "."] + list(back)
    return _timed(b, acts, {7: 8, 8: 25}) + [_game(b)]


def second_stone_answered_then_put_away():
    return _second_stone_put_away(True)


def second_stone_answered_then_dropped():
    return _second_stone_put_away(False)


def _two_out_at_once(dead, first, then):
    """Chinese, ii's sensor dead (`dead`): two black stones leave the bowl at
    once (one settled reading), one lands on ee: black's move on ii unseen and
    a second stone on ee, or ee the move and a stone in a hand (seed 325907
    game 475: ee taken, answered, the move on the dead point lost). `first`:
    what comes before the bowl settles; `then`: what the players do next."""
    from goban.referee import FAULT
    b = scales("chinese")
    if dead:
        b.stable[idx("ii")] = FAULT
    acts = ["."] + list(first) + list(then)
    # a scan each 100 ms, two between acts; a look 2.5 s after the last
    return _timed(b, acts + ["."], dict([(k, 2) for k in range(len(acts))] + [(len(acts), 25)])) \
        + [_game(b)]


def two_out_at_once_the_second_stone_taken_off():
    """Asked; black takes ee off into its bowl: the move was on ii."""
    return _two_out_at_once(True, ("#-1 39 0 0", "B ee", "#37 39 0 0"),
                            ("- ee", "#38 39 0 0", "#38 38 0 0", "W dd"))


def two_out_at_once_ok():
    """Asked; black says ee is the move (ok), the stone in its hand."""
    return _two_out_at_once(True, ("#-1 39 0 0", "B ee", "#37 39 0 0"), ("!ok", ".", "#37 38 0 0", "W dd"))


def two_out_at_once_answered_first():
    """The bowl settles after white's answer: asked then; black takes ee off
    (a `correct` of move 3, the answer kept)."""
    return _two_out_at_once(True, ("#-1 39 0 0", "B ee", "#-1 38 0 0", "W dd", "#37 38 0 0"),
                            ("- ee", "#38 38 0 0", "B hh"))


def two_out_at_once_one_back_in_the_bowl():
    """Asked; the stone in black's hand goes back to its bowl: nothing left
    to ask, ee stands."""
    return _two_out_at_once(True, ("#-1 39 0 0", "B ee", "#37 39 0 0"), ("#38 39 0 0", "#38 38 0 0", "W dd"))


def two_out_at_once_no_dead_sensor():
    """No sensor dead: nothing can hide a move, nothing is asked."""
    return _two_out_at_once(False, ("#-1 39 0 0", "B ee", "#37 39 0 0"), ("#37 38 0 0", "W dd"))


def one_out_then_another():
    """ii dead, but the bowl settles a stone out with ee, then another (a stone
    taken for later): nothing is asked."""
    return _two_out_at_once(True, ("#38 39 0 0", "B ee", "#37 39 0 0"), ("#37 38 0 0", "W dd"))


def move_unseen_then_both_pass_stones_the_next_stone_first():
    """AGA, ii's sensor dead: black plays there (a stone out of its bowl,
    unseen), white hands its pass stone, black its own, and white's next
    stone lands before the lids settle (seed 534359 game 683, tempo 2500:
    the passes taken black's first ended the game, the move lost). White's
    pass stone came in first, two out of black's bowl: black moved unseen."""
    from goban.referee import FAULT
    b = scales("aga")
    b.stable[idx("ii")] = FAULT
    return _timed(b, [".", "#38 39 0 0", "#38 38 0 0", "#38 38 -1 0", "#38 38 -1 -1", "W dd",
                      "#38 38 1 -1", "#37 38 1 -1", "#37 38 1 1", ".", ".", "#37 37 1 1", "."],
                  dict((k, 3) for k in range(13))) + [_game(b)]


def _atari_beside_a_dead_point(then):
    """Japanese: white's ee in atari, its last liberty ef on a dead sensor;
    black to move, its settled bowl with no stone out the game has not used
    (a bowl a stone behind the game). ee goes: black's move on ef captured
    it, or a sleeve knocked it (seed 527512 game 112: a ko retaken on a dead
    sensor, said knocked for good, the move lost). `then`: what follows."""
    from goban.referee import FAULT
    b = scales("japanese")
    steps(b, "#38 39 0 0", "B de", "#38 38 0 0", "W ee", "#37 38 0 0", "B fe", "#37 37 0 0",
          "W hh", "#36 37 0 0", "B ed", "#36 36 0 0", "W ai")
    b.stable[idx("ef")] = FAULT
    return steps(b, ".", "- ee", *then) + [_game(b)]


def atari_beside_a_dead_point_captured():
    """Black says it played on ef (ok)."""
    return _atari_beside_a_dead_point(("!ok", "."))


def atari_beside_a_dead_point_knocked():
    """It was knocked: white's stone goes back on ee."""
    return _atari_beside_a_dead_point(("W ee", "."))


def late_prisoner_into_a_lid_that_held_a_stone_over():
    """AGA: white's lid holds a stone the game does not explain (dropped in it
    while white was to move); white's ab takes aa, whose prisoner is carried
    to the lid as black and white play on: the lid's count had taken the old
    stone for it, so the prisoner reads as a stone over. It came in as the
    capture was carried, and the board is the moves in order without a pass:
    no pass of black's (seed 400418 game 62: black's pass, the moves lost)."""
    b = scales("aga")
    steps(b, "#38 39 0 0", "B aa", "#38 38 0 0", "W ba", "#37 38 0 0", "B ee", "#37 38 0 1",
          "#37 37 0 1", "W ab", "- aa")
    return _timed(b, ["#37 37 0 -1", "#36 37 0 -1", "B hh", "#36 36 0 -1", "W hg", "#36 36 0 2",
                      "."], dict((k, 2) for k in range(7))) + [_game(b)]


def last_stone_rolled_onto_a_dead_sensor(back):
    """Japanese, dd's sensor dead: black's stone lands on de, then rolls onto
    dd before white answers (`back`: a hand puts it back on de 0.2 s later);
    looked at again 0.5 s after, then white answers on ff."""
    from goban.referee import FAULT
    b = Board("japanese")
    steps(b, "B cc", "W gg")
    b.stable[idx("dd")] = FAULT
    return _timed(b, [".", "B de", "- de", "B de" if back else ".", ".", "W ff"],
                  {3: 2, 4: 5}) + [_game(b)]


def last_stone_rolled_onto_a_dead_sensor_answered_at_once():
    """As last_stone_rolled_onto_a_dead_sensor, white answering on ff 0.1 s
    after de is gone (seed 357682 game 83: said knocked for good)."""
    from goban.referee import FAULT
    b = Board("japanese")
    steps(b, "B cc", "W gg")
    b.stable[idx("dd")] = FAULT
    return _timed(b, [".", "B de", "- de", "W ff", ".", "."], {3: 0, 4: 5}) + [_game(b)]


def last_stone_rolled_onto_a_dead_sensor_stays():
    return last_stone_rolled_onto_a_dead_sensor(False)


def last_stone_rolled_onto_a_dead_sensor_and_back():
    return last_stone_rolled_onto_a_dead_sensor(True)


def _knocked_after_the_answer(again, back=()):
    """Japanese, dd's sensor dead, nothing on it: black's ee (its stone seen
    leaving its bowl) and white's answer ff; a sleeve knocks ee to the floor;
    `again`: the bowls then; looked at again 2.5 s after; then `back`. A scan
    each 100 ms. No stone of black's is out that the game has not used: the
    knock is said, whatever dead point the move would fit."""
    from goban.referee import FAULT
    b = scales("japanese")
    b.stable[idx("dd")] = FAULT
    acts = [".", "#38 39 0 0", ".", "B ee", "#38 38 0 0", "W ff", "- ee", again, "."]
    return _timed(b, acts + list(back), {7: 8, 8: 25}) + [_game(b)]


def knocked_stone_then_the_bowls_read_again():
    """White's hand takes its next stone: black's bowl read again as it was is
    no stone back in it (seed 791200 game 483: ee moved to dd as a slip put
    away)."""
    return _knocked_after_the_answer("#38 37 0 0")


def knocked_stone_picked_up_into_its_bowl_and_one_put_back():
    """A real knock, said: the player picks the stone up from the floor into
    the bowl and puts one from it back on ee (seed 903317 game 52: taken for a
    slip put away, the move moved to the dead point)."""
    return _knocked_after_the_answer(".", ("#39 38 0 0", "#38 38 0 0", "B ee", "."))


def _pass_after_a_move_on_a_dead_sensor(out):
    """AGA, dd's sensor dead: black's stone leaves its bowl, unseen on the board
    (its bowl settling `out` stones out: more, its hand holds the next); white
    passes: a stone out of white's bowl, then into black's lid."""
    from goban.referee import FAULT
    b = scales("aga")
    b.stable[idx("dd")] = FAULT           # black plays on dd: its sensor is dead
    k = 39 - out
    return steps(b, ".", "#%d 39 0 0" % k, "#%d 38 0 0" % k, "#%d 38 1 0" % k, ".")


def pass_after_a_move_on_a_dead_sensor():
    return _pass_after_a_move_on_a_dead_sensor(1)


def passes_pressed_while_a_move_on_a_dead_sensor_is_asked_about():
    """Chinese, dd's sensor dead: black plays there (unseen) and white answers
    on ee: the board asks whether black played on dd. Both players press pass
    (the game is over for them), then black presses ok."""
    from goban.referee import FAULT
    b = Board("chinese")
    steps(b, "B cc", "W gg")
    b.stable[idx("dd")] = FAULT
    return steps(b, ".", "W ee", "!B:pass", "!W:pass", "!ok", ".") + [_game(b)]


def move_on_a_dead_sensor_while_off_after_a_capture_lifted():
    """Japanese, dd's sensor dead: black's cb takes bb, lifted; while the board
    is off white plays on dd (unseen) and black answers on hh. The restart
    replays the capture as one that may still wait to be lifted."""
    from goban.referee import FAULT
    b = Board("japanese")
    b.stable[idx("dd")] = FAULT
    steps(b, *CAPTURE, keep=True)
    steps(b, "- bb", keep=True)
    log = list(b.log)
    b.set("B hh")
    out = [brief(b.restart(log) + b.look())]
    return out + steps(b, "!ok", ".") + [_game(b)]


def pass_stone_while_a_move_on_a_dead_sensor_is_asked_about():
    from goban.referee import FAULT
    b = scales("aga")
    b.stable[idx("dd")] = FAULT           # black plays on dd: its sensor is dead
    b.ref.ticks_of = lambda stamp: stamp * 100    # the stamps' ticks: a scan each 100 ms
    # white answers on ee: the board asks whether black played on dd; black
    # passes meanwhile, a second later (a stone out of its bowl into white's
    # lid), then presses ok: dd was its move
    out = []
    for act in (".", "#38 39 0 0", "#38 38 0 0", "W ee", "#37 38 0 0", "#37 38 0 -1",
                "#37 38 0 1", "!ok", "."):
        b.scan += 10 if act == "#37 38 0 -1" else 0
        b.ref.now = b.scan * 100 + 50
        out += steps(b, act)
    return out


def pass_after_a_move_on_a_dead_sensor_with_a_stone_in_hand():
    return _pass_after_a_move_on_a_dead_sensor(2)


def two_pass_stones_after_a_move_on_a_dead_sensor():
    from goban.referee import FAULT
    b = scales("aga")
    b.stable[idx("dd")] = FAULT           # black plays on dd: its sensor is dead
    # at tempo 0 black's bowl does not settle before white answers: black's
    # stone goes to dd unseen; white passes (a stone out of its bowl into
    # black's lid); black's bowl settles two out (dd's stone and one in hand),
    # and black passes: that stone into white's lid
    out = steps(b, ".", "#-1 39 0 0", "#-1 38 0 0")
    b.ref.now += 300
    out += steps(b, "#-1 38 -1 0", "#-1 38 1 0", "#37 38 1 0")
    b.ref.now += 300
    return out + steps(b, "#37 38 1 -1", "#37 38 1 1", ".", ".")


def pass_pressed_out_of_turn_while_the_movers_bowl_moves():
    from goban.referee import FAULT
    b = scales("chinese")
    b.stable[idx("dd")] = FAULT           # black plays on dd: its sensor is dead
    # black's hand in its bowl, its stone put on dd unseen; white presses its
    # pass at once, then black its own, before black's bowl settles
    return steps(b, ".", "#-1 39 0 0", "!W:pass", "!B:pass", "#38 39 0 0", ".")


def pass_pressed_out_of_turn_then_the_movers_next_stone():
    """724453 g320: black plays on the dead dd (its bowl moving), white presses
    its pass at once (held for black's bowl), and black, quick, puts ee down
    before its bowl settles two out. A scan each 100 ms."""
    from goban.referee import FAULT
    b = scales("japanese")
    b.stable[idx("dd")] = FAULT           # black plays on dd: its sensor is dead
    return _timed(b, [".", "#-1 39 0 0", "!W:pass", "B ee", ".", "#37 39 0 0", ".", "."],
                  {2: 2, 3: 3, 5: 3}) + [_game(b)]


def pass_pressed_out_of_turn_with_two_stones_out_of_the_movers_bowl():
    from goban.referee import FAULT
    b = scales("chinese")
    b.stable[idx("dd")] = FAULT           # black plays on dd: its sensor is dead
    # as above, black's bowl settling two stones out (one more in a hand)
    return steps(b, ".", "#-1 39 0 0", "!W:pass", "!B:pass", "#37 39 0 0", ".")


def more_stones_than_one_look_orders():
    """Nine moves land before the board looks (it fell behind), each in its own
    scan: their arrival orders them."""
    b = Board()
    steps(b, "B cc", "W gg")
    for m in ("B ee", "W dd", "B ff", "W hh", "B ci", "W gi", "B ai", "W ia", "B bb"):
        b.put(*m.split())
    return [brief(b.look()), brief(b.look())] + steps(b, "W ah")


def more_stones_than_one_look_orders_two_in_one_scan():
    """As above, but the first two came down in one scan, both black: which was
    the move, nobody can tell, nor what the rest answered."""
    b = Board()
    steps(b, "B cc", "W gg")
    b.set("B ee,B ff")
    for m in ("W dd", "B hh", "W ci", "B gi", "W ai", "B ia", "W bb", "B ah"):
        b.put(*m.split())
    out = [brief(b.look())]
    out.append([("lit", " ".join(sorted(b.ref.name(i) for i in b.ref.lights)))])
    # taken off, then played again one by one: each an ordinary move
    b.set(",".join("- " + p for p in ("ee", "ff", "dd", "hh", "ci", "gi", "ai", "ia", "bb", "ah")))
    out.append(brief(b.look()))
    return out + steps(b, "B ee", "W dd")


def stone_named_after_a_restart_then_another_move():
    from goban.referee import FAULT
    b = Board()
    b.stable[idx("ee")] = FAULT           # a dead sensor: a move there is not seen
    steps(b, ".", "B cc", "W gg")
    log = list(b.log)
    b.put("W", "cg")                      # after the power cut a white stone reads on cg
    out = [brief(b.restart(log) + b.look())]
    # black does not answer the question and plays dd: cg came before dd
    return out + steps(b, "B dd", "- cg")


def stone_seen_then_captured_before_it_was_taken():
    b = Board()
    steps(b, "B ba", "W ee", "B cc")
    # fast play: cc knocked off as white plays aa and black captures it with ab
    out = steps(b, "- cc,W aa,B ab")
    # the players make the board their game: cc back, the prisoner aa lifted
    return out + steps(b, "B cc,- aa")


def second_stone_taken_off_then_the_wrong_colour_beside_it():
    b = Board()
    steps(b, "B cc", "W ab", "B ee", "W gg")
    # fast play: black's ff, a second black stone on aa and white's answer on
    # hh, all before the board looks: it takes ff and hh and names aa, which
    # black takes off
    b.put("B", "ff")
    b.put("B", "aa")
    b.put("W", "hh")
    out = steps(b, ".", ".", "- aa")
    # black's next stone goes down the wrong colour on ba (white there would
    # capture aa, gone since), then is swapped for a black one
    return out + steps(b, "W ba", "- ba", "B ba")


def stone_seen_then_captured_while_a_sensor_is_dead():
    from goban.referee import FAULT
    b = scales("aga")
    steps(b, "#38 39 0 0", "B ee", "#38 38 0 0", "W ba")
    b.stable[idx("ii")] = FAULT           # a dead sensor elsewhere on the board
    steps(b, ".")
    # fast play while white's lid is still moving (a prisoner of an earlier
    # capture going in): black's aa waits for that lid, white captures it with
    # ab at once, the prisoner goes to the floor, the lid settles, black plays
    out = steps(b, "#37 38 0 -1", "B aa", "W ab", "- aa")
    b.ref.now += 2000
    return out + steps(b, "#37 37 0 0", "#36 37 0 0", "B cd")


def prisoner_of_a_move_not_taken_yet_into_the_lid():
    b = scales("aga")
    steps(b, "#38 39 0 0", "B aa", "#38 38 0 0", "W ba")
    # fast play while white's lid is still moving: black plays hh, white
    # captures aa with ab, aa goes into white's lid, which settles a stone up
    # before the board took either move
    return steps(b, "#37 38 0 -1", "B hh", "W ab", "- aa", "#37 37 0 1", ".")


def prisoner_of_a_stone_seen_then_captured_into_the_lid():
    b = scales("aga")
    steps(b, "#38 39 0 0", "B ee", "#38 38 0 0", "W ba")
    # black's aa waits for white's moving lid, white captures it with ab at
    # once, aa goes into white's lid, which settles a stone up; black plays on
    return steps(b, "#37 38 0 -1", "B aa", "W ab", "- aa", "#37 37 0 1", "B cd",
                 "#36 37 0 1")


def quick_pass_while_a_prisoner_is_owed_and_the_bowl_reads_behind():
    b = scales("aga")
    # white takes aa, which falls on the floor: said missing at black's move
    steps(b, "#38 39 0 0", "B aa", "#38 38 0 0", "W ba", "#37 38 0 0", "B hh",
          "#37 37 0 0", "W ab", "- aa")
    b.ref.now += 2000
    steps(b, "#36 37 0 0", "B cd", "#36 36 0 0", "W ef")
    b.ref.now += 5000
    # long after, black passes at once (its bowl's reading not yet showing the
    # stone gone), white answers on the board, then white's lid settles
    return steps(b, "#36 36 0 -1", "W gh", "#36 36 0 1", "#35 35 0 1")


def prisoner_put_back_then_lifted_again_into_the_lid():
    b = scales("aga")
    steps(b, "#38 39 0 0", "B aa", "#38 38 0 0", "W ba", "#37 38 0 0", "B hh",
          "#37 37 0 0", "W ab", "- aa")
    b.ref.now += 2000
    # white's prisoner aa, still in a hand, goes back on its point by mistake
    # (a black stone on aa: suicide, said), is lifted again; black takes its
    # next stone; aa lands in white's lid; black plays
    return steps(b, "B aa", "- aa", "#36 37 0 0", "#36 37 0 1", "B cd")


def late_prisoner_as_a_move_waits_for_its_lid():
    b = scales("aga")
    steps(b, "#38 39 0 0", "B aa", "#38 38 0 0", "W ba", "#37 38 0 0", "B hh",
          "#37 37 0 0", "W ab", "- aa")
    b.ref.now += 2000
    # white's prisoner aa, long in a hand, drops into white's lid as black
    # plays cd (its stone out of its bowl, the move waiting for that lid)
    return steps(b, "#36 37 0 -1", "B cd", "#36 37 0 1")


def answer_before_the_prisoner_reaches_the_lid():
    b = gg_captured("aga")
    # gg lifted; white answers at once, before it lands in black's lid; then it
    # lands; black plays, white passes (a stone out of white's bowl into black's lid)
    return steps(b, "- gg", "#35 35 0 0", "W dd", "#35 35 1 0", "#34 35 1 0", "B ce",
                 "#34 34 1 0", "#34 34 2 0")


def pass_stone_into_the_other_lid_soon_after_a_prisoner_said_missing():
    b = gg_captured("aga")
    # gg dropped on the floor: said missing as white answers; at once black
    # takes a stone and passes: it lands in white's lid, where gg could have
    # been dropped by mistake
    steps(b, "- gg")
    b.ref.now += 1600
    out = steps(b, "#35 35 0 0", "W dd")
    b.ref.now += 500
    return out + steps(b, "#34 35 0 0", "#34 35 0 1")


def stone_given_to_a_bowl_then_a_restart_then_a_pass_stone():
    b = scales("aga")
    # a stone from elsewhere (left on the board from the last game) goes into
    # black's bowl: none of black's was out; its bowls event is logged
    b.ref.bowls(40, 39, 0, 0)
    b.log += b.ref.take_events()
    b.look()
    log = list(b.log)
    out = [brief(b.restart(log) + b.look())]
    # black passes: a stone out of its bowl, into white's lid
    return out + steps(b, "#39 39 0 0", "#39 39 0 1")


def bowl_first_weighed_with_a_stone_in_hand():
    b = Board("aga")
    b.ref.scales.witness_ms = 300
    # black's hand already holds its first stone when the bowls are first weighed
    steps(b, "#39 40 0 0", "B cc")
    b.ref.now += 1000
    steps(b, "#39 39 0 0", "W gg")
    b.ref.now += 4000
    # white's hand takes its next stone early; black passes with a stone
    return steps(b, "#39 38 0 0", "#38 38 0 0", "#38 38 0 1")


def knocked_stone_put_back_from_the_bowl():
    from goban.referee import bowlwatch
    b = scales("chinese")
    steps(b, "#38 39 0 0", "B ee", "#38 38 0 0", "W dd")
    # black's cc knocked off the board (to the floor): put back with a stone
    # from black's bowl, which reads one lighter once the fix is done
    out = steps(b, "- cc", "B cc", "#37 38 0 0")
    return out + [[("unused", bowlwatch.unused(b.ref, 1), bowlwatch.unused(b.ref, 2))]]


def knocked_stone_put_back_after_its_bowl_settled():
    from goban.referee import bowlwatch
    b = scales("chinese")
    steps(b, "#38 39 0 0", "B ee", "#38 38 0 0", "W dd")
    # black's cc knocked to the floor; black takes a stone from its bowl, which
    # settles one lighter before that stone is put back on cc
    out = steps(b, "- cc", "#37 38 0 0", "B cc")
    return out + [[("unused", bowlwatch.unused(b.ref, 1), bowlwatch.unused(b.ref, 2))]]


def knocked_stone_put_in_its_bowl_then_put_back_from_it():
    b = scales("chinese")
    steps(b, "#38 39 0 0", "B ee", "#38 38 0 0", "W dd")
    # black's cc knocked off: the hand takes a stone from black's bowl, drops
    # the knocked one in (a slid stone lifted as the board asked), puts the
    # stone in hand on cc; then black's ff, white's hh and black's ca, each
    # with a stone from its bowl (ff's soon after the fix)
    from goban.referee import bowlwatch
    return steps(b, "- cc", "#37 38 0 0", "#38 38 0 0", "B cc", "#37 38 0 0", "B ff",
                 "#37 37 0 0", "W hh", "#36 37 0 0", "B ca") + \
        [[("unused", bowlwatch.unused(b.ref, 1), bowlwatch.unused(b.ref, 2))]]


def passes_pressed_then_a_dead_stone_lifted_before_the_movers_bowl_settles():
    from goban.referee import FAULT
    b = scales("chinese")
    b.ref.ticks_of = lambda stamp: stamp * 100    # the stamps' ticks: a scan each 100 ms
    b.stable[idx("dd")] = FAULT           # white plays on dd: its sensor is dead
    steps(b, "#38 39 0 0", "B ee")
    # white's stone leaves its bowl for dd, unseen; black presses pass, white
    # too; black lifts white's gg, dead, before white's bowl settles one out
    return steps(b, "#38 -1 0 0", "!B:pass", "!W:pass", "- gg", "#38 38 0 0", ".")


def capture_replayed_after_a_restart_with_a_stone_from_the_bowl():
    b = scales("aga")
    steps(b, "#38 39 0 0", "B ba", "#38 38 0 0", "W aa", keep=True)
    log = list(b.log)
    # while the board is off: black ab takes aa (into black's lid), white ee,
    # black ff; two black stones: the board asks for them again
    b.set("B ab,- aa,W ee,B ff")
    out = [brief(b.restart(log) + b.look())]
    # the players take ff, ee, ab back to their bowls and put aa back with a
    # stone from white's bowl: aa itself stays in black's lid
    out += steps(b, "#36 37 1 0", "- ff,- ee,- ab", "#38 38 1 0", "W aa", "#38 37 1 0")
    # and play them again: ab takes aa (into the lid), white thinks with ee in
    # hand, then plays it, and black ff
    return out + steps(b, "#37 37 1 0", "B ab", "- aa", "#37 37 2 0", "#37 36 2 0", "W ee",
                       "#36 36 2 0", "B ff")


def prisoner_lifted_at_once_then_a_stone_in_hand():
    b = scales("aga")
    # B gf takes gg, lifted into black's lid after the move was taken
    steps(b, "#38 39 0 0", "B hg", "#38 38 0 0", "W ee", "#37 38 0 0", "B gh",
          "#37 37 0 0", "W ef", "#36 37 0 0", "B fg", "#36 36 0 0", "W eg",
          "#35 36 0 0", "B gf", "- gg", "#35 36 1 0", "#35 35 1 0", "W aa",
          "#34 35 1 0", "B ba", "#34 34 1 0", "W dd")
    b.ref.now += 5000
    # black takes aa, lifted in the same breath as ab lands; white takes a stone
    # in hand as the prisoner is still on its way to the lid, then plays it
    out = steps(b, "#33 34 1 0", "B ab,- aa")
    b.ref.now += 300
    out += steps(b, "#33 33 1 0")
    b.ref.now += 500
    return out + steps(b, "#33 33 2 0", "W hh")


def moves_played_while_a_stray_stone_holds_the_setup():
    from goban.referee import bowlwatch
    b = Board("chinese")
    b.ref.scales.witness_ms = 300
    # a white stone left from the last game lies on ee as the new game starts
    b.put("W", "ee")
    b.ref.new_game("chinese")
    b.look()
    # nobody sees it: black plays cc before the bowls are first weighed (its
    # stone already out), white answers; then someone lifts the stray stone
    # into white's bowl: play begins with cc and gg as its moves
    out = steps(b, "B cc", "#39 40 0 0", "W gg", "#39 39 0 0", "- ee", "#39 40 0 0")
    b.ref.now += 1000
    # black's next stone leaves its bowl and lands; white thinks
    out += steps(b, "#38 40 0 0", "B dd")
    for _ in range(3):
        b.ref.now += 1000
        out += steps(b, ".")
    return out + [[("unused", bowlwatch.unused(b.ref, 1), bowlwatch.unused(b.ref, 2))]]


def prisoner_of_the_answer_after_a_move_on_a_dead_sensor():
    from goban.referee import FAULT
    b = scales("aga")
    steps(b, "#38 39 0 0", "B aa", "#38 38 0 0", "W ba")
    b.stable[idx("dd")] = FAULT           # black plays on dd: its sensor is dead
    b.ref.ticks_of = lambda stamp: stamp * 100    # the stamps' ticks: a scan each 100 ms
    b.ref.now = b.scan * 100
    # black's hand stays in its bowl (it never settles); white answers on ab,
    # capturing aa, lifts aa 300 ms later, and drops it into white's lid 300 ms
    # after that: a stone into the lid, black's bowl a stone out, as a pass
    # stone would be, but it came after the answer, and after aa left
    out = steps(b, ".", "#-1 38 0 0")
    b.ref.now += 100
    out += steps(b, "W ab")
    b.scan += 2
    b.ref.now = b.scan * 100 + 100
    out += steps(b, "- aa")
    b.ref.now += 300
    out += steps(b, "#-1 37 0 -1")
    b.ref.now += 600
    out += steps(b, "#-1 37 0 1")
    b.ref.now += 1500                     # black's hand never brought a pass stone
    return out + steps(b, ".", "!ok", ".")


def _window_while_the_lid_takes_aa(first, then):
    """Black's ab captures aa, lifted into black's lid, which is still moving as
    white plays `then` (white's `first` on the board before) and black captures
    ii with ih at once; ii goes into the lid too, which settles with both: one
    stone more than the game explains, as white's pass stone would be."""
    b = scales("aga")
    steps(b, "#38 39 0 0", "B ba", "#38 38 0 0", "W aa", "#37 38 0 0", "B hi",
          "#37 37 0 0", "W " + first, "#36 37 0 0", "B ab")
    return steps(b, "- aa", "#36 37 -1 0", "#36 36 -1 0", "W " + then, "#35 36 -1 0", "B ih",
                 "- ii", "#35 36 2 0", ".")


def capture_in_a_window_while_the_lid_takes_the_last_prisoner():
    # white's answer ee, then black's ih capturing ii: in the order they came,
    # the moves explain the board, ii the lid's stone
    return _window_while_the_lid_takes_aa("ii", "ee")


def stone_captured_in_a_window_while_the_lid_takes_the_last_prisoner():
    # white plays ii (the board waits for the lid: a pass stone may be on its
    # way) and black captures it at once: ii, seen, was white's move
    return _window_while_the_lid_takes_aa("ee", "ii")

def _window(b, acts):
    """Stones put down and lifted ('B cc', '- cc'), each in its own scan, then
    one look: fast play the board sees only when it has settled."""
    for a in acts:
        if a[0] == "-":
            b.lift(a[2:])
        else:
            b.put(*a.split())
    return brief(b.look())


def ko_on_a_dead_sensor_later_in_a_look():
    from goban.referee import FAULT
    b = Board()
    # a ko at aa/ab: black ba and ab, white bb and ac; aa's sensor is dead
    steps(b, "B ba", "W bb", "B ab", "W ac", "B ee")
    b.stable[idx("aa")] = FAULT
    out = steps(b, ".")
    # tempo 0: white hh, black gg, white takes the ko on aa (unseen; ab lifted),
    # black ff, white dd, all before the board looks
    out.append(_window(b, ("W hh", "B gg", "- ab", "B ff", "W dd")))
    out += steps(b, ".", ".")
    # black takes back on ab (aa, unreadable, goes to the lid), white cc, black cd
    out.append(_window(b, ("B ab", "W cc", "B cd")))
    out += steps(b, ".")
    # white ci, black ch, white takes the ko again on aa, black cg
    out.append(_window(b, ("W ci", "B ch", "- ab", "B cg")))
    return out + steps(b, ".", ".", ".")


def _dead_move_later(dead):
    """White hh, black dd, white on one of the `dead` points (no capture),
    black ff, in one look; then the question answered: down, ok."""
    from goban.referee import FAULT
    b = Board()
    steps(b, "B cc", "W gg", "B ee")
    for p in dead:
        b.stable[idx(p)] = FAULT
    out = steps(b, ".")
    out.append(_window(b, ("W hh", "B dd", "B ff")))
    out += steps(b, ".")
    out.append([("of", " ".join(b.ref.name(j) for j in b.ref.choice.points))])
    return out + steps(b, "!down", "!ok", ".")


def move_on_a_dead_sensor_later_in_a_look():
    return _dead_move_later(("ii",))


def move_on_one_of_two_dead_sensors_later_in_a_look():
    return _dead_move_later(("aa", "ii"))


def move_on_one_of_eight_dead_sensors_later_in_a_look():
    # a dead mux's row: more dead points than a search keeps orders (explain.ORDERS)
    return _dead_move_later(("aa", "ba", "ca", "da", "ea", "fa", "ga", "ii"))

def second_dead_sensor_while_the_move_on_a_dead_one_is_asked():
    """268448 g143: white on the dead ii, black ff; asked, ii lit. Another
    sensor (aa) dies before black's ok is acted on: the question is asked again
    with aa first, and the ok must still play the point that was lit."""
    from goban.referee import FAULT
    b = Board()
    steps(b, "B cc", "W gg", "B ee")
    b.stable[idx("ii")] = FAULT
    out = steps(b, ".")
    out.append(_window(b, ("B ff",)))     # white's ii unseen
    out.append([("lit", b.ref.name(b.ref.choice.points[b.ref.choice.k]))])
    b.stable[idx("aa")] = FAULT
    out += steps(b, ".")
    ch = b.ref.choice
    out.append([("of", " ".join(b.ref.name(j) for j in ch.points)),
                ("lit", b.ref.name(ch.points[ch.k]))])
    return out + steps(b, "!ok", ".")


def _pass_pressed_while_settling(b, landing, change, fix):
    """Black's `landing` stones; white presses pass while they settle (the board
    has not looked yet); then `change`, black's pass, and `fix`."""
    steps(b, "B cc", "W gg")
    b.set(landing)
    b.ref.frame(b.stable, 1, False)       # still settling: no look yet
    b.ref.button("W:pass")
    return steps(b, change, "!B:pass", fix, ".")


def second_stone_on_a_flickering_sensor_then_the_move_taken_off():
    from goban.referee import FAULT
    b = Board()
    steps(b, "B cc", "W gg", "B ee")
    b.scan += 1000                        # a minute of play later (stamps are scans)
    b.stable[idx("ff")] = FAULT + 1       # ff flickers: unstable, flagged
    out = steps(b, ".", "W dd")
    # white's stone on ff (put down with dd) reads once ff is steady again
    b.stable[idx("ff")] = 2
    return out + steps(b, ".", "- dd", "B hh")


def pass_pressed_then_an_earlier_stone_slid():
    # white's gg slid to gh by a sleeve just after white pressed its pass
    return _pass_pressed_while_settling(Board(), "B ee", "- gg,W gh", "- gh,W gg")


def pass_pressed_on_two_black_stones():
    # two black stones landed at once: the problem is black's move itself
    return _pass_pressed_while_settling(Board(), "B ee,B ff", ".", "- ff")


def _restart_with_dead(before, dead, off, rules="chinese"):
    """A board whose bowls witness: the acts `before` (kept for the log), the
    `dead` points' sensors die, the power is cut and the `off` stones put down
    while the board is off; then the restart and its first look."""
    from goban.referee import FAULT
    b = Board(rules)
    b.ref.scales.witness_ms = 300
    steps(b, *before, keep=True)
    for p in dead:
        b.stable[idx(p)] = FAULT
    steps(b, ".", keep=True)
    log = list(b.log)
    for m in off:
        b.put(*m.split())
    evs = b.restart(log, lambda ref: setattr(ref.scales, "witness_ms", 300))
    return b, [brief(evs), brief(b.look())]


def _hidden_while_off(dead, w_bowl):
    """Black cc, white gg, black ee (the bowls weighed: the log keeps their
    events); the `dead` points' sensors die; the power is cut, and while the
    board is off white plays ii (a dead point: unseen), black dd, white hh.
    After the restart the bowls are weighed: black's a stone lighter, white's
    at `w_bowl` (37: two stones out, ii's and hh's; 38: hh's alone)."""
    b, out = _restart_with_dead(("#40 40 0 0", "#39 40 0 0", "B cc", "#39 39 0 0", "W gg",
                                 "#38 39 0 0", "B ee", "#38 39 0 0"), dead, ("B dd", "W hh"))
    out += steps(b, "#37 %d 0 0" % w_bowl)
    return b, out


def stone_as_the_power_comes_back_then_an_answer_on_a_dead_sensor():
    """AGA, ii's sensor dead: black's ee lands as the power is cut (on the
    board at the restart, its arrival unknown), black's bowl two out (the
    next stone in hand, or a pass stone): the restart's look waits for the
    lids, and meanwhile white answers on ii (unseen) and black plays dd. ee
    came before dd, and with one dead point empty no hidden move came before
    ee: it is black's move, then the board asks about ii (332257 g252: ee
    and dd named to be played again)."""
    b, out = _restart_with_dead(("#40 40 0 0", "#39 40 0 0", "B cc", "#39 39 0 0", "W gg",
                                 "#37 39 0 0"), ("ii",), ("B ee",), "aga")
    b.ref.now = 5000
    for act in ("B dd", "#37 38 0 0", "#37 38 0 0", ".", "!ok", "."):
        b.ref.now += 300
        out += steps(b, act)
    return out + [_game(b)]


def prisoner_on_a_dead_sensor_lifted_late_as_play_goes_on():
    """AGA: white's ba takes black's aa, whose sensor died under it (its
    lifting never seen). Two seconds later the players play on at once,
    black's bowl never settling: the prisoner, lifted late, begins to come
    into white's lid just before black's dd lands, then white's hh. The lid's
    stone came before black's move, black's turn: no pass stone of black's
    (black moved on), but the prisoner late (274604 g87: a pass nobody made,
    then six moves lost). A scan each 100 ms."""
    from goban.referee import FAULT
    b = scales("aga")
    out = _timed(b, ["#38 39 0 0", "B aa", "#38 38 0 0", "W ab", "#37 38 0 0", "B ee"],
                 {1: 3, 3: 3, 5: 3})
    b.stable[idx("aa")] = FAULT
    out += _timed(b, [".", "#37 37 0 0", "W ba", ".", "#-1 37 0 0", "#-1 37 0 -1", "B dd",
                      "#-1 -1 0 -1", "W hh", "#-1 -1 0 1", ".", "#36 36 0 1", "."],
                  {1: 3, 2: 3, 4: 18, 5: 2, 6: 1, 8: 2, 9: 3, 11: 5})
    return out + [_game(b)]


def _hidden_while_off_played_again(dead):
    """_hidden_while_off (white's bowl two stones out): the stones named, then
    taken off (ii's unseen) to their bowls and played again: white ii (unseen),
    black dd (the board asks; `choose`: the presses that answer), white hh,
    black ci."""
    b, out = _hidden_while_off(dead, 37)
    out.append([("lit", " ".join(sorted(b.ref.name(i) for i in b.ref.lights)))])
    return out + steps(b, "- dd,- hh", "#38 39 0 0", "#38 38 0 0", "B dd", *(
        ("!down", "!ok") if len(dead) > 1 else ("!ok",)) + (
        "#37 38 0 0", "W hh", "#36 37 0 0", "B ci")) + [_game(b)]


def move_on_a_dead_sensor_after_stones_played_while_off():
    """Black cc, white gg, black ee, ii's sensor dead; while the board is off
    white hh, black dd. Back, its bowls not weighed yet (the look waits for
    them), white plays ii (unseen) and black ff. W ii, B dd, W hh, B ff fits
    as well as W hh, B dd, W ii, B ff: when hh came nobody saw, so all are
    named to be played again, ii lit (649796 g156: ii asked for and taken
    first, the rest then named with no fix the players could do). Played
    again: W hh, B dd, W ii (asked when ff comes, ok), B ff, W ci."""
    b, out = _restart_with_dead(("#40 40 0 0", "#39 40 0 0", "B cc", "#39 39 0 0", "W gg",
                                 "#38 39 0 0", "B ee", "#38 39 0 0"), ("ii",), ("W hh", "B dd"))
    out += steps(b, "B ff")
    out.append([("lit", " ".join(sorted(b.ref.name(i) for i in b.ref.lights)))])
    return out + steps(b, "- ff,- dd,- hh", "#38 39 0 0", "#38 38 0 0", "W hh",
                       "#37 38 0 0", "B dd", "#37 37 0 0", "#37 36 0 0", "B ff", "!ok",
                       "#36 36 0 0", "W ci") + [_game(b)]


def move_on_a_dead_sensor_while_the_board_was_off():
    return _hidden_while_off_played_again(("ii",))


def move_on_one_of_two_dead_sensors_while_the_board_was_off():
    return _hidden_while_off_played_again(("aa", "ii"))


def bowls_never_weighed_after_a_restart_with_a_dead_sensor():
    b, out = _restart_with_dead(("#40 40 0 0", "#39 40 0 0", "B cc", "#39 39 0 0", "W gg"),
                                ("ii",), ("W hh", "B dd"))
    b.ref.now += 1000
    out += steps(b, ".")
    b.ref.now += 600                      # unseen.BOWL_MS (1500) gone by
    return out + steps(b, ".")


def no_move_on_a_dead_sensor_while_the_board_was_off():
    b, out = _hidden_while_off(("ii",), 38)
    return out + steps(b, "#37 37 0 0", "W ci")


def _capture_named_after_a_restart():
    """AGA: black cc, white gg, black ab, white aa, black ee, the bowls weighed
    (kept for the log); while the board is off white plays hh, black ba taking
    aa (into black's lid), white ii; the restart and its first look."""
    b = scales("aga")
    steps(b, "#39 39 0 0", "#38 39 0 0", "B ab", "#38 38 0 0", "W aa", "#37 38 0 0",
          "B ee", "#37 38 0 0", keep=True)
    log = list(b.log)
    b.put("W", "hh")
    b.set("B ba,- aa")
    b.put("W", "ii")
    evs = b.restart(log, lambda ref: setattr(ref.scales, "witness_ms", 300))
    out = [brief(evs), brief(b.look())]
    return b, out


def capture_named_to_be_played_again_after_a_restart():
    """AGA: black cc, white gg, black ab, white aa, black ee, the bowls weighed
    (kept for the log). While the board is off white plays hh, black ba taking
    aa (into black's lid), white ii: two white stones whose order nobody can
    tell, so the three are named to be played again. The scales are weighed;
    the players take ii, ba and hh back to their bowls (their hands in them),
    and put aa back with a stone from white's bowl (aa itself stays in black's
    lid); then play them again, aa lifted into black's lid once more; then
    black passes (a stone into white's lid)."""
    b, out = _capture_named_after_a_restart()
    out += steps(b, "#36 36 1 0", "#-1 -1 1 0", "- ii", "- ba", "- hh", "W aa",
                 "#37 37 1 0")
    from goban.referee import bowlwatch
    out += steps(b, "#37 36 1 0", "W hh", "#36 36 1 0", "B ba", "- aa", "#36 36 2 0",
                 "#36 35 2 0", "W ii")
    out.append([("loose", bowlwatch.loose(b.ref, 1), bowlwatch.loose(b.ref, 2)),
                ("unused", bowlwatch.unused(b.ref, 1), bowlwatch.unused(b.ref, 2))])
    return out + steps(b, "#35 35 2 0", "#35 35 2 1")     # then black's pass stone


def capture_named_to_be_played_again_then_a_knock_said():
    """As capture_named_to_be_played_again_after_a_restart, the bowls read
    while the prisoner aa is said knocked (before it is put back): the
    resume-order's fix is over when something else is said, and the stone
    aa left in black's lid came with it, no pass stone of white's (seed
    791373 game 437: taken as a pass, then two moves wrong)."""
    b, out = _capture_named_after_a_restart()
    for act in ("#36 36 1 0", "- ii", "- ba", "- hh", "#37 38 1 0", "#37 38 1 0", "W aa",
                "#37 37 1 0", "W hh"):
        b.ref.now += 400
        out += steps(b, act)
    return out + [_game(b)]


def capture_not_lifted_while_the_board_was_off():
    """Black ee, white ab, black aa; while the board is off white ba takes aa
    (nobody lifts it: no board asks), black dd, white hh. Then the players
    play them again as the board asks."""
    b = Board()
    steps(b, "B ee", "W ab", "B aa")
    log = list(b.log)
    for m in ("W ba", "B dd", "W hh"):
        b.put(*m.split())
    out = [brief(b.restart(log)), brief(b.look())]
    return out + steps(b, "- hh,- dd,- ba", "W ba", "- aa", "B dd", "W hh")


def pass_stone_taken_back_out_of_a_moving_lid_as_named_stones_come_off():
    """AGA: white hh, black ff, white ef, black fe played while the board is
    off (two of each: named to be played again, `resume-order`), and white's
    pass stone dropping into black's lid as the board comes back. The players
    take the pass stone back out to hand it again in its turn and lift the four
    stones; the board matches the game as black's lid still moves: the count it
    last settled at is no pass (seed 530693 game 9: a pass nobody made, every
    move after it one off, the count wrong). A scan each 100 ms."""
    b = scales("aga")
    steps(b, "#38 39 0 0", "B ee", "#38 38 0 0", "W dd", "#37 38 0 0", "B cf", keep=True)
    log = list(b.log)
    b.set("W hh,B ff,W ef,B fe")
    out = [brief(b.restart(log))]
    b.ref.bowls(35, 36, 0, 0)
    b.ref.now = 4900
    b.ref.bowls(35, 35, -1, 0)            # (both before the restart's first look)
    acts = [".", "#35 35 1 0", "#35 35 -1 0", "#35 -1 -1 0", "- fe", "- ef", "- ff", "- hh",
            "#35 36 -1 0", "#35 36 0 0", "#35 35 0 0", "W hh", "#34 35 0 0", "B ff",
            "#34 34 0 0", "W ef", "#33 34 0 0", "B fe", "#33 33 0 0", "#33 33 -1 0",
            "#33 33 1 0", "#32 33 1 0", "B gf"]
    b.scan = 50
    return out + _timed(b, acts, {0: 1, 1: 5}) + [_game(b)]


def move_and_pass_stone_while_off_with_a_dead_sensor():
    """AGA, aa's sensor dead: white hh, black ff and white's pass stone while
    the board is off, the pass stone dropping into black's lid as the board
    comes back. White's bowl shows a stone more out than the stones use: a
    move on the dead point before them, or the pass stone after them? The lid
    tells once it settles, and the restart waits for it (seed 530693 game 9:
    named to be played again, aa with them). A scan each 100 ms."""
    from goban.referee import FAULT
    b = scales("aga")
    steps(b, "#38 39 0 0", "B ee", "#38 38 0 0", "W dd", "#37 38 0 0", "B cf", keep=True)
    b.stable[idx("aa")] = FAULT
    steps(b, ".", keep=True)
    log = list(b.log)
    b.set("W hh,B ff")
    out = [brief(b.restart(log, lambda ref: setattr(ref.scales, "witness_ms", 300)))]
    b.ref.bowls(36, 36, 0, 0)
    b.ref.now = 4900
    b.ref.bowls(36, 36, -1, 0)            # (both before the restart's first look)
    b.scan = 50
    return out + _timed(b, [".", ".", "#36 36 1 0", "#35 36 1 0", "B gf"], {0: 1, 1: 5}) + \
        [_game(b)]


def _off_with_a_dead_sensor(moves, dead, while_off, bowls):
    """AGA, cc and gg played (each stone seen leaving its bowl), then `moves`;
    `dead`'s sensor dead, the log kept; `while_off` put down while the board
    is off; the restart, then the bowls read as `bowls`, the lids not yet:
    (board, [the restart's brief events])."""
    from goban.referee import FAULT
    b = Board("aga")
    b.ref.scales.witness_ms = 300
    steps(b, "#40 40 0 0", "#39 40 0 0", "B cc", "#39 39 0 0", "W gg", *moves, keep=True)
    b.stable[idx(dead)] = FAULT
    steps(b, ".", keep=True)
    log = list(b.log)
    b.set(while_off)
    out = [brief(b.restart(log, lambda ref: setattr(ref.scales, "witness_ms", 300)))]
    b.ref.bowls(bowls[0], bowls[1], -1, -1)
    return b, out


def capture_and_a_move_on_a_dead_sensor_while_off(from_bowl=False):
    """AGA, ii's sensor dead: while the board is off black plays ii (unseen),
    white's ba takes black's aa into white's lid, black plays hh. Black's bowl
    shows a stone more out than hh uses and white's lid a black stone: black's
    pass stone before ba and hh would fit too, but then aa, gone from the
    board, would be nowhere. The lid's stone is aa, the stone out the move on
    ii (193400 g53: named with a pass nobody made, the count a point off). A
    scan each 100 ms."""
    b, out = _off_with_a_dead_sensor(("#38 39 0 0", "B aa", "#38 38 0 0", "W ab", "#37 38 0 0",
                                      "B ee", "#37 37 0 0", "W dd"), "ii", "W ba,- aa,B hh",
                                     (35, 36))
    out += _timed(b, [".", ".", "#35 36 0 1"], {1: 3})
    said = [e for e in b.log if e["type"] == "illegal"]
    out.append([("text", said[-1]["text"] if said else "")])
    # the fix as said: aa out of white's lid (`from_bowl`: a stone from black's
    # bowl, aa left in the lid) and back on the board, hh and ba off (and ii,
    # unseen) to their bowls; all played again, the board asking about ii when
    # ba comes
    lid = 2 if from_bowl else 0
    return out + _timed(b, ["#34 36 0 1" if from_bowl else "#35 36 0 -1", "- hh,- ba,B aa",
                            "#34 36 0 %d" % (lid // 2), "#36 37 0 %d" % (lid // 2),
                            "#35 37 0 %d" % (lid // 2), "#35 36 0 %d" % (lid // 2), "W ba",
                            "!ok", "- aa", "#35 36 0 %d" % (1 + lid // 2),
                            "#34 36 0 %d" % (1 + lid // 2), "B hh", "#34 35 0 %d" % (1 + lid // 2),
                            "W gf"], {2: 3, 4: 3, 9: 3}) + [_game(b)]


def capture_on_a_dead_sensor_while_off_is_no_pass_stone():
    """AGA, aa's sensor dead under white's stone: while the board is off black's
    ba takes aa (lifted unseen) into black's lid, and white answers on ee. The
    lid's stone is aa's prisoner, not white's pass stone: ba and ee are the
    moves in the one order they fit (497994 g277: named to be played again
    with white's pass stone). A scan each 100 ms."""
    b, out = _off_with_a_dead_sensor(("#38 39 0 0", "B ab", "#38 38 0 0", "W aa"), "aa",
                                     "B ba,W ee", (37, 37))
    out += _timed(b, [".", ".", "#37 37 1 0", "#36 37 1 0", "B ff"], {1: 3, 4: 3})
    return out + [_game(b)]


def capture_and_a_move_on_a_dead_sensor_while_off_prisoner_from_the_bowl():
    return capture_and_a_move_on_a_dead_sensor_while_off(True)


def _passes_after_a_restart(bowls):
    """AGA (17397 g46): the log's last `bowls` event before black's cf; the
    power cut and back. Then white's pass stone into black's lid, black's into
    white's, and white's ce, all before the lids are weighed again; `bowls`
    then (or nothing). A scan each 100 ms."""
    b = scales("aga")
    steps(b, "#38 39 0 0", "B ee", "#38 38 0 0", "W dd", "#37 38 0 0", "B cf", keep=True)
    log = list(b.log)
    out = [brief(b.restart(log, lambda ref: setattr(ref.scales, "witness_ms", 300)))]
    out += _timed(b, [".", "W ce", ".", bowls, ".", "."], {1: 3, 3: 2, 4: 3, 5: 15})
    return out + [_game(b)]


def ko_retaken_after_a_restart_its_prisoner_lifted_before():
    """AGA: black's hg takes white's gg in a ko, gg lifted into black's lid;
    the power cut and back, white's threat ee placed before the first look, the
    scales not read yet (the look waits for them); black answers ei, white
    retakes gg. gg's stone came since the restart: no prisoner still to lift
    but the retake (754148 g115: said not lifted for good, three moves lost).
    A scan each 100 ms."""
    b = scales("aga")
    steps(b, "#38 39 0 0", "B gf", "#38 38 0 0", "W hf", "#37 38 0 0", "B fg",
          "#37 37 0 0", "W ig", "#36 37 0 0", "B gh", "#36 36 0 0", "W hh",
          "#35 36 0 0", "B hg", "- gg", "#35 36 1 0", keep=True)
    log = list(b.log)
    b.set("W ee")
    out = [brief(b.restart(log, lambda ref: setattr(ref.scales, "witness_ms", 300)))]
    return out + _timed(b, [".", "B ei", "W gg", "- hg", "#34 34 1 1", "."],
                        {1: 2, 2: 2, 3: 2, 4: 3}) + [_game(b)]


def passes_after_a_restart_then_the_lids_weighed():
    return _passes_after_a_restart("#36 36 1 1")


def move_after_a_restart_the_lids_never_weighed():
    return _passes_after_a_restart(".")


def stones_and_a_pass_stone_while_off():
    """AGA, no dead sensor (17397 g631 had one): while the board is off black
    hh, white ff and black's pass stone into white's lid. After the restart the
    lids are not weighed till they settle; the bowls are: black's is a stone
    more out than hh uses. B hh, W ff, B pass and B pass, W ff, B hh both fit,
    and the lid cannot say when its stone came. A scan each 100 ms."""
    b = scales("aga")
    steps(b, "#38 39 0 0", "B ee", "#38 38 0 0", "W dd", keep=True)
    log = list(b.log)
    b.set("B hh,W ff")
    out = [brief(b.restart(log, lambda ref: setattr(ref.scales, "witness_ms", 300)))]
    b.ref.bowls(36, 37, -1, -1)
    out += _timed(b, [".", ".", "#36 37 0 1", "."], {1: 3})
    said = [e for e in b.log if e["type"] == "illegal"]
    out.append([("text", said[-1]["text"] if said else "")])
    # the fix as said: the pass stone out of the lid (into a hand), the stones
    # off; then all played again in order, the pass stone handed last; white
    # plays on
    return out + _timed(b, ["#36 37 0 0", "- hh,- ff", "#37 38 0 0", "B hh", "#36 38 0 0",
                            "W ff", "#36 37 0 0", "#36 37 0 1", "#36 36 0 1", "W cd", "."],
                        {0: 3, 7: 3, 9: 3}) + [_game(b)]


def _passes_then_stones_while_off(between=False):
    """AGA, white to move (371907 g347): white's pass stone into black's lid,
    black's into white's, then white hh, black ff, white ii, all while the
    board is off (`between`: white hh and black ff first, the passes after
    them). The lids
    settled while off, so they cannot say when their stones came; the
    restart's look waits for them, then names the stones and both pass stones
    to be played again (before, the lids' stones were written off as the
    fix's, both passes lost). The players take the pass stones out to their
    bowls, lift the stones, and play it all again in their order. A scan each
    100 ms."""
    b = scales("aga")
    steps(b, "#38 39 0 0", "B ee", "#38 38 0 0", "W dd", "#37 38 0 0", "B cf", keep=True)
    log = list(b.log)
    b.set("W hh,B ff,W ii")
    out = [brief(b.restart(log, lambda ref: setattr(ref.scales, "witness_ms", 300)))]
    out += _timed(b, [".", "#35 35 1 1", "."], {1: 3})
    said = [e for e in b.log if e["type"] == "illegal"]
    out.append([("text", said[-1]["text"] if said else "")])
    if between:
        again = ["W hh", "#37 37 0 0", "B ff", "#36 37 0 0", "#36 36 1 0", "#35 36 1 1",
                 "W ii", "#35 35 1 1"]
    else:
        again = ["#37 37 1 0", "#36 37 1 1", "W hh", "#36 36 1 1", "B ff", "#35 36 1 1",
                 "W ii", "#35 35 1 1"]
    return out + _timed(b, ["#36 36 0 0", "- hh,- ff,- ii", "#37 38 0 0"] + again,
                        {1: 3, 3: 3, 4: 3, 5: 3, 6: 3, 7: 3, 8: 3}) + [_game(b)]


def passes_then_stones_while_off_named_with_them():
    return _passes_then_stones_while_off()


def a_stone_then_passes_while_off_named_with_them():
    return _passes_then_stones_while_off(True)


def passes_while_off_still_named_as_a_move_lands_after_the_look():
    """AGA (283947 g182): as passes_then_stones_while_off_named_with_them, then
    black plays ba at once, before anyone touched a stone. The board says it
    again with ba among them, the pass stones still named (before, said
    again without them: the players left them in the lids, both passes lost).
    The players take the pass stones out, lift the stones and play it all
    again in order, ba last. A scan each 100 ms."""
    b = scales("aga")
    steps(b, "#38 39 0 0", "B ee", "#38 38 0 0", "W dd", "#37 38 0 0", "B cf", keep=True)
    log = list(b.log)
    b.set("W hh,B ff,W ii")
    out = [brief(b.restart(log, lambda ref: setattr(ref.scales, "witness_ms", 300)))]
    out += _timed(b, [".", "#35 35 1 1", ".", "B ba", "#34 35 1 1", "."], {1: 3, 5: 3})
    said = [e for e in b.log if e["type"] == "illegal"]
    out.append([("text", e["text"]) for e in said])
    again = ["#36 36 1 0", "#35 36 1 1", "W hh", "#35 35 1 1", "B ff", "#34 35 1 1",
             "W ii", "#34 34 1 1", "B ba", "#33 34 1 1"]
    return out + _timed(b, ["#34 35 0 0", "- hh,- ff,- ii,- ba", "#36 37 0 0"] + again,
                        dict((k, 3) for k in range(1, 13))) + [_game(b)]


def quick_passes_then_a_capture():
    """AGA (840684 g250): white to play, black's aa in atari. White's pass
    stone drops into black's lid; black's into white's lid; white plays ba,
    taking aa, lifted well after black's lid took its stone; then black's lid
    settles one over, white's later. That stone is no aa dropped in the wrong lid:
    it was there first. White passed, black passed, ba is the move. A scan
    each 100 ms."""
    b = scales("aga")
    steps(b, "#38 39 0 0", "B aa", "#38 38 0 0", "W ab", "#37 38 0 0", "B ee",
          "#37 37 0 0", "W dd", "#36 37 0 0", "B ff")
    return _timed(b, ["#36 36 0 0", "#36 36 -1 0", "#35 36 -1 0", "#35 36 -1 -1",
                      "#35 35 -1 -1", "W ba", "- aa", "#35 35 1 -1", ".", "#35 35 1 2", "."],
                  {1: 3, 3: 1, 5: 1, 6: 3, 9: 4}) + [_game(b)]


def quick_pass_then_a_capture_with_a_dead_sensor():
    """AGA (388954 g238): black to play, gg in atari. Black's pass stone drops
    into white's lid, white answers dd at once, black captures gg with gf and
    lifts it (carried, not in a lid yet); then white's lid settles one over.
    The sensor under ii is dead: black's move there, unseen, would explain the
    stones too, with gg dropped in the wrong lid (white's own): two mishaps,
    where black's pass stone explains it with none. A scan each 100 ms."""
    from goban.referee import FAULT
    b = scales("aga")
    steps(b, "#38 39 0 0", "B hg", "#38 38 0 0", "W ee", "#37 38 0 0", "B gh",
          "#37 37 0 0", "W ef", "#36 37 0 0", "B fg", "#36 36 0 0", "W eg", "#35 36 0 0")
    b.stable[idx("ii")] = FAULT
    steps(b, ".")
    return _timed(b, ["#35 36 0 -1", "W dd", "#35 35 0 -1", "B gf", "- gg", "#34 35 0 1",
                      ".", "#34 35 1 1", "."], {}) + [_game(b)]


def pass_pressed_as_the_move_lands_on_a_flickering_sensor():
    """388954 g403: white's dd lands on a sensor that reads unstable (flagged,
    no stone yet) and black presses pass; then the sensor reads white's stone.
    The sensor under ii has been dead for long: white's bowl a stone out, the
    move could be on either."""
    from goban.referee import FAULT
    b = scales("chinese")
    b.stable[idx("ii")] = FAULT
    steps(b, ".", "#38 39 0 0", "B ee", "#38 38 0 0")
    b._at(idx("dd"), FAULT + 1)
    out = steps(b, "#38 37 0 0", "!B:pass", ".")
    b._at(idx("dd"), 2)
    return out + steps(b, ".", ".") + [_game(b)]


def move_on_a_dead_sensor_then_one_on_a_flickering_sensor():
    """34073 g109: black plays on the dead ii (a stone out of its bowl, unseen),
    white answers on dd (asked: played on ii?), then black plays ff while ff's
    sensor is flagged unstable. When ff reads again its stone's arrival is
    unknown: ff then dd is no order the board saw, and black's bowl has two
    stones out for ff alone. (Taken as black's ff, white's dd: ii was lost.)
    A scan each 100 ms."""
    from goban.referee import FAULT
    b = scales("chinese")
    b.stable[idx("ii")] = FAULT
    out = _timed(b, [".", "#38 39 0 0", "B ee", "#38 38 0 0", "W hh", "#37 38 0 0", ".",
                     "#37 37 0 0", "W dd", "."], {1: 5, 3: 5, 5: 5, 7: 5, 9: 5})
    b._at(idx("ff"), FAULT + 1)
    out += _timed(b, [".", "#36 37 0 0", "."], {1: 3, 2: 5})
    b._at(idx("ff"), 1)
    return out + _timed(b, [".", ".", "!ok", "."], {1: 5}) + [_game(b)]


def _hidden_pair_before_two_moves(downs, restart=False):
    """332257 g588: black plays on the dead ii, white answers on ff as ff's
    sensor reads unstable (neither seen); black's ee and white's hh are taken
    as the next moves. Then ff reads again (its arrival unknown) and black
    plays dd: a white stone on black's turn. ii and ff may have come before
    ee and hh, between them, or after: the board offers the orders that fit
    and the players press down `downs` times, then ok. A scan each 100 ms.
    `restart`: then the power is cut, and the board resumes from its log."""
    from goban.referee import FAULT
    b = scales("chinese")
    b.stable[idx("ii")] = FAULT
    out = _timed(b, [".", "#38 39 0 0"], {1: 5}, restart)
    b._at(idx("ff"), FAULT + 1)
    out += _timed(b, [".", "#38 38 0 0", "B ee", "#37 38 0 0", "W hh", "#37 37 0 0"],
                  {1: 3, 2: 3, 3: 4, 4: 3, 5: 4}, restart)
    b._at(idx("ff"), 2)
    out += _timed(b, [".", "#36 37 0 0", "B dd", "."], {1: 3, 2: 4}, restart)
    out += _timed(b, ["!down"] * downs + ["!ok", "."], {}, restart) + [_game(b)]
    if restart:
        out.append(brief(b.restart(list(b.log))))
        out.append(_game(b))
    return out


def hidden_pair_before_two_moves_taken():
    return _hidden_pair_before_two_moves(2)


def hidden_pair_after_the_moves_taken():
    return _hidden_pair_before_two_moves(1)


def hidden_pair_answered_then_a_restart():
    return _hidden_pair_before_two_moves(2, True)


def _move_taken_while_off(bowls, late=False):
    """840684 g514: while the board is off black plays dd (its last liberty),
    white's dc takes it, black plays ff. The board comes back to dc and ff
    new and dd empty, the scales read (`bowls`) by its first look (`late`:
    a look later). A scan each 100 ms."""
    b = scales("chinese")
    steps(b, "#38 39 0 0", "B hh", "#38 38 0 0", "W cd", "#37 38 0 0", "B hi",
          "#37 37 0 0", "W de", "#36 37 0 0", "B ih", "#36 36 0 0", "W ed", "#36 35 0 0",
          keep=True)
    log = list(b.log)
    b.set("W dc,B ff")
    out = [brief(b.restart(log, lambda ref: setattr(ref.scales, "witness_ms", 300)))]
    return out + _timed(b, ([".", "."] if late else []) + [bowls, "."], {}) + [_game(b)]


def point_played_again_while_the_board_was_off():
    """AGA (180642 g45): while the board is off black's aa takes white's ba
    (into black's lid), white plays ee, black plays ba again. The board
    comes back to aa, ee and a black ba, black's lid one over, read by its
    first look: that stone is ba's, no pass stone of white's."""
    b = scales("aga")
    steps(b, "#38 39 0 0", "B ca", "#38 38 0 0", "W ba", "#37 38 0 0", "B bb",
          "#37 37 0 0", "W gh", keep=True)
    log = list(b.log)
    b.set("B aa,- ba,W ee,B ba")
    out = [brief(b.restart(log, lambda ref: setattr(ref.scales, "witness_ms", 300)))]
    return out + _timed(b, ["#35 36 1 0", "."], {}) + [_game(b)]


def move_on_a_dead_sensor_then_quick_pass_stones():
    """AGA, tempo 0 (964434 g450): white plays on the dead ii, black answers
    on dd as white's hand is back in its bowl, white's pass stone goes into
    black's lid (two out of white's bowl), black's into white's, and white
    plays hh at once. A scan each 100 ms; then white presses ok."""
    from goban.referee import FAULT
    b = scales("aga")
    b.stable[idx("ii")] = FAULT
    return _timed(b, [".", "#38 39 0 0", "B ee", "#38 -1 0 0", "#38 38 0 0", "#-1 -1 0 0",
                      "B dd", "#37 37 0 0", "#37 37 -1 0", "#37 37 1 0", "#-1 37 1 0",
                      "#36 37 1 -1", "#36 37 1 1", "#36 -1 1 1", "W hh", "#36 36 1 1", ".",
                      "!ok", ".", ".", "."], {3: 3, 5: 3, 7: 5, 9: 3, 11: 3, 13: 3}) + [_game(b)]


def _pass_stone_and_a_move_while_off(white_out, dead=(), move="ee"):
    """AGA (583901 g197): while the board is off white passes (its pass stone
    into black's lid, `white_out` stones out of white's bowl in all) and
    black plays `move`; the `dead` sensors died meanwhile. The board comes
    back to that stone new and black's lid one over, the scales read by its
    first look."""
    from goban.referee import FAULT
    b = scales("aga")
    steps(b, "#38 39 0 0", "B ca", "#38 38 0 0", "W ba", "#37 38 0 0", "B bb", keep=True)
    log = list(b.log)
    for p in dead:
        b.stable[idx(p)] = FAULT
    b.set("B " + move)
    out = [brief(b.restart(log, lambda ref: setattr(ref.scales, "witness_ms", 300)))]
    return out + _timed(b, ["#36 %d 1 0" % (38 - white_out), ".", "."], {}) + [_game(b)]


def pass_stone_and_a_move_while_off():
    return _pass_stone_and_a_move_while_off(1)


def pass_stone_and_a_move_while_off_a_stone_more_out_by_a_dead_sensor():
    return _pass_stone_and_a_move_while_off(2, ("ii",))


def move_and_its_capture_at_once_while_off():
    # (434437 g256) white's cb, its one liberty db, and black's db taking it:
    # the prisoner in black's lid, one stone out of white's bowl, as a pass
    return _pass_stone_and_a_move_while_off(1, (), "db")


def move_on_a_dead_point_and_its_capture_at_once_while_off():
    # the same, cb's sensor dead (a capture there is never seen lifted)
    return _pass_stone_and_a_move_while_off(1, ("cb",), "db")


def move_taken_while_the_board_was_off_the_scales_say_so():
    # black's bowl two out for ff alone, dd in white's lid
    return _move_taken_while_off("#34 35 0 1")


def move_taken_while_the_board_was_off_the_scales_read_late():
    return _move_taken_while_off("#34 35 0 1", True)


def stones_while_the_board_was_off_the_scales_say_nothing_more():
    # black's bowl one out (ff), white's lid empty: dc and ff are the moves
    return _move_taken_while_off("#35 35 0 0")


def point_played_again_after_its_capture_in_one_window():
    """Black's aa takes white's ba, lifted; white answers ee and black plays
    ba again, all before one look (725089 g4, AGA at tempo 60: the look had
    waited on a lid). ba is black now: the capture is lifted, and the black
    stone there came after it."""
    b = Board()
    out = steps(b, "B ca", "W ba", "B bb", "W gg")
    out.append(_window(b, ("B aa", "- ba", "W ee", "B ba")))
    return out + steps(b, ".", "W ff") + [_game(b)]


def stone_rolled_then_taken_on_the_point_it_left():
    """White's ba, taken; before black answers it rolls into the corner aa,
    and black's answer on ba takes it there (ab is black's); aa lifted. One
    look: ba black, aa empty (the property test's seed 783064, game 272)."""
    b = Board()
    out = steps(b, "B ab", "W gg", "B cc", "W ba")
    out.append(_window(b, ("- ba", "W aa", "B ba", "- aa")))
    return out + steps(b, ".") + [_game(b)]


def answer_put_back_in_its_bowl_before_the_prisoner_reaches_its_lid():
    """Japanese: black gf takes white's gg, and white answers on hh before gg
    is lifted (`not-lifted`). White puts hh back in its bowl, then lifts gg,
    which reaches black's lid after hh's stone is in the bowl: the stone back
    is hh's, not the prisoner given to its owner's bowl (seed 530693 game 174:
    the bowl counted a stone out for good, and a restart took it for a move on
    a dead point). Then white plays hh again: no stone of white's is out that
    the game has not used."""
    from goban.referee import bowlwatch
    b = gg_captured("japanese")
    out = steps(b, "#35 35 0 0", "W hh", "- hh", "- gg", "#35 36 0 0", "#35 36 1 0",
                "#35 35 1 0", "W hh")
    return out + [[("unused", bowlwatch.unused(b.ref, 1), bowlwatch.unused(b.ref, 2))],
                  _game(b)]


def knocked_stone_was_the_prisoner_of_a_move_on_a_dead_sensor():
    """Chinese, dd's sensor dead: black's move there takes white's dc, which
    black lifts before its stone out of the bowl is seen: dc said knocked.
    Then the bowl says black's stone left it: the move on dd, dc its prisoner.
    White's next stone out of its bowl is white's move, not a stone put back
    on dc (seed 530693 game 264: taken for that fix, the bowl then said no
    stone left it for the rest of the game, and white's move ke was stopped).
    A look each 400 ms."""
    from goban.referee import bowlwatch, FAULT
    b = scales("chinese")
    steps(b, "#38 39 0 0", "B ec", "#38 38 0 0", "W dc", "#37 38 0 0", "B db", "#37 37 0 0",
          "W ff")
    b.stable[idx("dd")] = FAULT
    out = []
    for act in (".", "- dc", "#36 37 0 0", ".", "#36 36 0 0", "W hh", "#35 36 0 0", "B ee",
                "#35 35 0 0", "W hf", ".", ".", "."):
        b.ref.now += 400
        out += steps(b, act)
    return out + [[("unused", bowlwatch.unused(b.ref, 1), bowlwatch.unused(b.ref, 2))],
                  _game(b)]


def two_stones_of_the_mover_and_a_stone_into_the_opponents_lid():
    """AGA: black ee; white puts down ff and fe at once, as a black stone
    slips from black's hand into black's own lid (the weight of white's pass
    stone there). After a pass of white's black would move first: two white
    stones and no black one cannot follow it, so it is no pass, and the
    second stone is named (seed 525944 game 10: two prisoners in the wrong lid
    taken for white's pass, then a mismatch nobody could fix)."""
    b = scales("aga")
    out = steps(b, "#38 39 0 0", "B ee", "#38 38 0 0", "W ff,W fe", "#37 38 1 0", ".")
    return out[-3:] + [_game(b)]


def prisoner_lands_after_play_ends_as_a_live_stone_reads_weak():
    """Chinese: black gf takes white's gg, lifted; black's lid has not taken it
    in when white plays ii and both pass. Then it does, as ii, alive, reads
    weakly (a burst of noise breaking its run of strong readings). The lid's
    stone is gg, the game's prisoner, not a dead stone lifted: ii is not
    judged lifted nor rebased, and end waits for it (seed 19275 game 469: two
    live stones counted dead, the count two points off)."""
    b = gg_captured("chinese")
    _strong(b)
    rebased = []
    b.ref.rebase_sensor = _rebase_into(rebased)
    out = steps(b, "- gg", "#35 35 0 0", "W ii", "!pass", "!pass")
    b.strong[idx("ii")] = 0
    b.ref.bowls(35, 35, 1, 0)
    b.ref.button("end")
    out.append(brief(b.ref.take_events() + b.look()))
    return out + [[("rebased", _names(b, rebased))]]


def seen_stone_captured_later_in_the_order():
    """AGA, tempo 0: white ab takes black's aa, which goes into black's lid
    (the wrong one) as white's stone lands: the lid moving, ab waits (a pass
    stone of white's may be on its way). Meanwhile black plays ii, seen, and
    white ih takes it, ii lifted into black's lid too. When the lid settles
    the board is the game plus ab and ih, aa and ii gone: ab, then black's
    ii a look saw, then ih (seed 525944 game 10: ih said a second stone, then
    a pass nobody made and a mismatch)."""
    b = scales("aga")
    steps(b, "#38 39 0 0", "B aa", "#38 38 0 0", "W ba", "#37 38 0 0", "B ee", "#37 37 0 0",
          "W hi", "#36 37 0 0", "B ef")
    out = steps(b, "#36 36 0 0", "#36 36 -1 0", "W ab", "- aa", "#35 36 -1 0", "B ii",
                "#35 35 -1 0", "W ih", "- ii", "#35 35 2 0", ".")
    return out + [_game(b)]


def prisoner_in_the_wrong_lid_before_its_capture_is_taken():
    """AGA, tempo 0: white ab takes black's aa, lifted at once and dropped
    into black's lid (the wrong one), which is moving as ab lands: ab waits
    for it (a pass stone of white's may be on its way). Black answers on ii,
    then the lid settles a stone over. Without a pass, ab and ii explain the
    frame, and ab's prisoner is the stone over, whatever its lid: no pass of
    white's (seed 525944 game 10: taken for white's pass, then a mismatch
    nobody could fix)."""
    b = scales("aga")
    steps(b, "#38 39 0 0", "B aa", "#38 38 0 0", "W ba", "#37 38 0 0", "B ee", "#37 37 0 0",
          "W hi", "#36 37 0 0", "B ef")
    out = steps(b, "#36 36 0 0", "#36 36 -1 0", "W ab", "- aa", "#35 36 -1 0", "B ii",
                "#35 36 1 0", ".")
    return out + [_game(b)]

def _capture_on_a_dead_point_lifted_as_the_bowl_moves(settles):
    """Chinese: white's gg and hg have one liberty left, gf, whose sensor is
    dead; black plays there (unseen, its bowl moving with the stone out) and
    lifts gg at once. `settles`: the bowl settles a stone out 0.3 s later,
    then hg is lifted; else it stays moving for 2 s (seeds 755965 game 359,
    852066 game 100: said knocked until the bowl settled, then the move
    taken: a false alarm)."""
    from goban.referee.diff import FAULT
    b = scales("chinese")
    steps(b, "#38 39 0 0", "B fg", "#38 38 0 0", "W hg", "#37 38 0 0", "B gh",
          "#37 37 0 0", "W ee", "#36 37 0 0", "B hf", "#36 36 0 0", "W ef",
          "#35 36 0 0", "B ig", "#35 35 0 0", "W eg", "#34 35 0 0", "B hh",
          "#34 34 0 0", "W dd")
    b.stable[idx("gf")] = FAULT
    if settles:
        acts, gaps = (".", "#-1 34 0 0", "- gg", "#33 34 0 0", "- hg", "."), {3: 3}
    else:
        acts, gaps = (".", "#-1 34 0 0", "- gg", ".", "."), {3: 5, 4: 15}
    return _timed(b, acts, gaps) + [_game(b)]


def stone_lifted_into_the_other_lid_then_undone():
    """AGA: black's ee (its stone seen out of the bowl), then lifted and
    dropped into white's lid, not its bowl (`removed-stone` said); black
    presses undo. The stone in white's lid came with that fix (seed 357682
    game 58: a prisoner put back on the board, taken for black's move, lifted
    into white's lid again and undone, then read as black's pass stone)."""
    b = scales("aga")
    steps(b, "#38 39 0 0", "B ee")
    acts = ("- ee", ".", "#38 39 0 -1", "#38 39 0 1", "!undo", ".", ".")
    return _timed(b, acts, {1: 5, 2: 3, 3: 5, 4: 5, 6: 30}) + [_game(b)]


def _pass_stone_or_the_prisoner_of_a_dead_point(answer):
    """AGA, aa's sensor dead: white plays there (a stone out of its bowl,
    unseen) and black's ab captures it at once; black lifts it (never seen)
    into its lid, which begins to take it 0.7 s after ab landed: white's pass
    stone handed late would weigh the same. `answer`: the presses (seed 23140
    game 141: taken for white's pass, the move lost)."""
    from goban.referee.diff import FAULT
    b = scales("aga")
    steps(b, "#38 39 0 0", "B ba", "#38 38 0 0", "W ee", "#37 38 0 0", "B ff")
    b.stable[idx("aa")] = FAULT
    acts = (".", "#37 37 0 0", "B ab", "#36 37 0 0", "#36 37 -1 0", "#36 37 1 0", ".") \
        + answer
    return _timed(b, acts, {2: 3, 4: 5, 5: 4, 7: 5}) + [_game(b)]


def pass_stone_or_the_prisoner_of_a_dead_point_the_move():
    return _pass_stone_or_the_prisoner_of_a_dead_point(("!ok", "."))


def pass_stone_or_the_prisoner_of_a_dead_point_the_pass():
    return _pass_stone_or_the_prisoner_of_a_dead_point(("!down", "!ok", "."))


def capture_on_a_dead_point_first_prisoner_lifted_as_the_bowl_moves():
    return _capture_on_a_dead_point_lifted_as_the_bowl_moves(True)


def capture_on_a_dead_point_first_prisoner_lifted_the_bowl_never_settles():
    return _capture_on_a_dead_point_lifted_as_the_bowl_moves(False)


def _prisoner_missing_then_a_restart(late):
    """AGA: black takes gg, which does not reach black's lid; at white's next
    move, dd, the board says it missing (the log's last bowls event is older:
    the event says the lid's new offset). `late`: the prisoner is found and put
    in the lid 1 s later, as white's bowl settles (the next bowls event, back
    at the offset last logged: logged all the same). The power is cut and
    back. A scan each 100 ms."""
    b = Board("aga")
    b.ref.scales.witness_ms = 300
    steps(b, "#40 40 0 0", "#39 40 0 0", "B cc", "#39 39 0 0", "W gg", "#38 39 0 0",
          "B hg", "#38 38 0 0", "W ee", "#37 38 0 0", "B gh", "#37 37 0 0", "W ef",
          "#36 37 0 0", "B fg", "#36 36 0 0", "W eg", "#35 36 0 0", "B gf", keep=True)
    b.ref.ticks_of = lambda stamp: stamp * 100
    for a in ("- gg", "W dd") + (("#35 35 1 0",) if late else ()):
        b.scan += 10 if late and a[0] == "#" else 40
        b.ref.now = (b.scan + 1) * 100 + 50
        steps(b, a, keep=True)
    log = _as_logged(b.log)
    assert [e for e in log if e["type"] == "prisoner-missing"]
    b.into = list(b.ref.scales.into)      # what the lids counted at the cut
    return b, [brief(b.restart(log, lambda ref: setattr(ref.scales, "witness_ms", 300)))]


def pass_stone_after_a_restart_into_a_lid_short_of_a_prisoner():
    """(809225 g335) Black plays ci, white passes: its stone drops into black's
    lid, whose first reading since the restart holds it."""
    b, out = _prisoner_missing_then_a_restart(False)
    return out + _timed(b, ["#35 35 -1 0", "B ci", "#34 35 -1 0", "#34 34 -1 0",
                            "#34 34 1 0", ".", "B ch", "#33 34 1 0", "."], {3: 2, 4: 5}) + [_game(b)]


def late_prisoner_then_a_restart_is_no_pass_stone():
    """The prisoner came late, before the cut: the lid holds what the game
    says, counted so again at its first reading (the second line: the lids'
    counts at the cut, then), and black and white play on."""
    b, out = _prisoner_missing_then_a_restart(True)
    out += _timed(b, ["#35 35 1 0"], {})
    out.append([("lids", b.into, list(b.ref.scales.into))])
    acts = []
    bowls = 35
    for k, m in enumerate(("B ci", "W ch", "B bh", "W aa", "B cg", "W ab", "B dh")):
        bowls -= k % 2
        acts += [m, "#%d %d 1 0" % (bowls - 1 + k % 2, bowls), "."]
    # dh takes ch: its prisoner lifted into black's lid; white passes (a
    # stone from its bowl into black's lid), black plays on
    acts += ["- ch", "#31 32 2 0", ".", "#31 31 2 0", "#31 31 3 0", ".", "B ba",
             "#30 31 3 0", "."]
    return out + _timed(b, acts, {k: 4 for k in range(1, len(acts))}) + [_game(b)]


def undo_as_the_fix_then_a_restart():
    """AGA: black's ee lifted into white's lid (`removed-stone`), undo pressed:
    the fix writes the stone in the lid off (bowlwatch.fixed) and its event
    says the lid's new count. The power is cut before the next bowls event;
    after the restart black plays ee again, white dd, black ef. Before, the
    restart took the lid's stale count: black's pass stone nobody made, and
    the moves after it refused."""
    b = scales("aga")
    steps(b, "#38 39 0 0", "B ee", keep=True)
    _timed(b, ("- ee", ".", "#38 39 0 -1", "#38 39 0 1", "!undo", "."),
           {1: 5, 2: 3, 3: 5, 4: 5}, keep=True)
    out = [brief(b.restart(_as_logged(b.log)))]
    acts = ["#38 39 0 1", ".", "B ee", "#37 39 0 1", ".", "W dd", "#37 38 0 1", ".",
            "B ef", "#36 38 0 1", "."]
    return out + _timed(b, acts, {k: 4 for k in range(1, len(acts))}) + [_game(b)]


def _both_quick_passes(hand):
    """AGA at tempo 0 (454857 g429): white's cb takes black's bb, lifted onto
    the floor; black answers within a carry. White passes (its bowl settles a
    stone out, black's lid takes it), black passes at once (its hand in its
    bowl, its stone into white's lid, one short of bb), white plays hh with
    its hand still in its bowl, black gc; white's lid settles last. Its stone
    came long after bb left and before hh landed: black's pass, not bb found
    (read as bb, both passes were lost and white's stone on black's turn was
    a move on no point). `hand`: white's hand back in its bowl for hh before
    black's lid settles (its pass stone then seen only by the lid's arrival
    and the bowl's last settled count)."""
    b = scales("aga")
    steps(b, "#38 39 0 0", "B bb", "#38 38 0 0", "W ba", "#37 38 0 0", "B ee",
          "#37 37 0 0", "W ab", "#36 37 0 0", "B ef", "#36 36 0 0", "W bc",
          "#35 36 0 0", "B eg", "#35 35 0 0", "W cb")
    b.ref.now = 1000
    out = steps(b, "- bb")
    b.ref.now = 1100
    out += steps(b, "#34 35 0 0", "B dd")
    b.ref.now = 2700
    out += steps(b, "#34 34 -1 0")
    b.ref.now = 2900
    out += steps(b, "#-1 -1 -1 -1" if hand else "#-1 34 1 -1")
    k = b.scan                    # the stamps' ticks: hh lands at 3.1 s, gc at 3.3 s
    b.ref.ticks_of = lambda stamp: 3100 + 200 * (stamp - k - 1) if stamp > k else 1000
    b.ref.now = 3100
    out += steps(b, "#-1 -1 1 -1", "W hh")
    b.ref.now = 3300
    out += steps(b, "B gc")
    b.ref.now = 3500
    out += steps(b, "#-1 -1 1 1", ".")
    return out + [_game(b)]


def both_quick_passes_the_second_into_a_lid_short_of_a_prisoner():
    return _both_quick_passes(False)


def both_quick_passes_the_first_lid_settling_as_the_next_stone_lands():
    return _both_quick_passes(True)


def prisoner_in_the_wrong_lid_as_the_other_lid_takes_its_own():
    """AGA: white's ab takes aa, whose prisoner goes into black's lid, not
    white's; black's hi takes ih and ii at once, and white plays ia while they
    are carried to black's lid. White's lid, a prisoner short then, is judged
    once black's lid has taken its own: one too many there, moved over, never
    said missing. Last line: what each lid holds beyond the game (seed 556060
    game 31: said missing while black's lid was short of its own, the lids
    apart till a later prisoner into black's lid read as white's pass stone).
    A scan each 100 ms."""
    from goban.referee.bowlwatch import loose
    b = Board("aga")
    b.ref.scales.witness_ms = 300
    bowls = [40, 40, 0, 0]                # black's and white's bowls, their lids

    def now():
        return "#%d %d %d %d" % tuple(bowls)
    acts = [now()]

    def move(c, p):
        bowls[0 if c == "B" else 1] -= 1
        acts.extend(("%s %s" % (c, p), now()))
    for m in ("B aa", "W ba", "B hh", "W ih", "B ig", "W ii", "B ee", "W ab"):
        move(*m.split())
    bowls[2] += 1                         # aa, white's prisoner, into black's lid
    acts.extend(("- aa", now()))
    move("B", "hi")
    acts.append("- ih,- ii")
    move("W", "ia")
    bowls[2] += 2                         # ih and ii land
    acts.append(now())
    move("B", "ha")
    move("W", "de")
    move("B", "ib")                       # takes ia: into black's lid
    bowls[2] += 1
    acts.extend(("- ia", now(), "."))
    move("W", "df")
    out = _timed(b, acts + ["."], {k: 3 for k in range(1, len(acts) + 1)})
    return out + [_game(b), [("loose", loose(b.ref, 1), loose(b.ref, 2))]]   # (black, white)


SCENARIOS = (prisoner_on_a_dead_sensor_lifted_late_as_play_goes_on,
             stones_while_off_and_fast_play_the_lids_settled,
             stone_as_the_power_comes_back_then_an_answer_on_a_dead_sensor,
             hidden_pair_before_two_moves_taken, hidden_pair_after_the_moves_taken,
             hidden_pair_answered_then_a_restart,
             slip_of_an_older_move_taken_off_as_a_later_one_is_asked_about,
             second_stone_on_a_dead_point_read_again_after_the_question,
             ko_taken_while_off_then_taken_back_as_the_restart_waits,
             both_quick_passes_the_second_into_a_lid_short_of_a_prisoner,
             both_quick_passes_the_first_lid_settling_as_the_next_stone_lands,
             prisoner_in_the_wrong_lid_as_the_other_lid_takes_its_own,
             undo_as_the_fix_then_a_restart,
             pass_stone_after_a_restart_into_a_lid_short_of_a_prisoner,
             late_prisoner_then_a_restart_is_no_pass_stone,
             stone_lifted_into_the_other_lid_then_undone,
             last_stone_rolled_onto_a_dead_sensor_answered_at_once,
             pass_stone_or_the_prisoner_of_a_dead_point_the_move,
             pass_stone_or_the_prisoner_of_a_dead_point_the_pass,
             capture_on_a_dead_point_first_prisoner_lifted_as_the_bowl_moves,
             capture_on_a_dead_point_first_prisoner_lifted_the_bowl_never_settles,
             atari_beside_a_dead_point_captured, atari_beside_a_dead_point_knocked,
             late_prisoner_into_a_lid_that_held_a_stone_over,
             move_unseen_then_both_pass_stones_the_next_stone_first,
             two_out_at_once_the_second_stone_taken_off, two_out_at_once_ok,
             two_out_at_once_answered_first, two_out_at_once_one_back_in_the_bowl,
             two_out_at_once_no_dead_sensor, one_out_then_another,
             count_after_a_restart_with_a_prisoner_on_the_floor,
             block_lifted_over_a_drifted_sensor_beside_a_live_stone_on_a_dead_one,
             move_after_both_pass_stones_as_the_prisoner_drops_into_the_lid,
             rolled_beside_a_dead_point_pushed_back, rolled_beside_a_dead_point_it_rolled,
             rolled_beside_a_dead_point_no_stone_out,
             rolled_beside_a_dead_point_white_passes_before_the_answer,
             wrong_lid_prisoner_then_a_capture_then_a_move_on_a_dead_sensor,
             stone_rolled_then_taken_on_the_point_it_left,
             point_played_again_after_its_capture_in_one_window,
             move_taken_while_the_board_was_off_the_scales_say_so,
             point_played_again_while_the_board_was_off,
             move_taken_while_the_board_was_off_the_scales_read_late,
             stones_while_the_board_was_off_the_scales_say_nothing_more,
             pass_pressed_as_the_move_lands_on_a_flickering_sensor,
             move_on_a_dead_sensor_then_one_on_a_flickering_sensor,
             pass_stone_and_a_move_while_off,
             pass_pressed_out_of_turn_then_the_movers_next_stone,
             move_on_a_dead_sensor_then_quick_pass_stones,
             pass_stone_and_a_move_while_off_a_stone_more_out_by_a_dead_sensor,
             move_and_its_capture_at_once_while_off,
             move_on_a_dead_point_and_its_capture_at_once_while_off,
             quick_pass_then_a_capture_with_a_dead_sensor,
             stone_knocked_as_a_move_lands_beside_it_a_dead_sensor_under_a_stone,
             stone_knocked_as_a_move_lands_beside_it_a_dead_sensor_under_an_empty_point,
             stones_and_a_pass_stone_while_off, passes_then_stones_while_off_named_with_them,
             a_stone_then_passes_while_off_named_with_them,
             passes_while_off_still_named_as_a_move_lands_after_the_look,
             capture_and_a_move_on_a_dead_sensor_while_off,
             ko_retaken_after_a_restart_its_prisoner_lifted_before,
             drift_under_a_prisoner_then_the_answer, drift_under_a_prisoner_the_lid_moving_on,
             prisoner_lifted_weakly_into_a_lid_holding_a_wrong_lid_stone,
             capture_on_a_dead_sensor_while_off_is_no_pass_stone,
             corner_ko_taken_and_taken_back_while_off,
             corner_ko_on_a_dead_sensor_taken_and_taken_back_while_off,
             quick_passes_then_a_capture,
             move_on_a_dead_sensor_after_stones_played_while_off,
             capture_and_a_move_on_a_dead_sensor_while_off_prisoner_from_the_bowl,
             passes_after_a_restart_then_the_lids_weighed,
             move_after_a_restart_the_lids_never_weighed,
             second_dead_sensor_while_the_move_on_a_dead_one_is_asked,
             second_stone_on_a_flickering_sensor_then_the_move_taken_off,
             answer_a_10ms_scan_ahead_of_the_move,
             answer_a_100ms_scan_ahead_of_the_move,
             pass_pressed_before_a_knock_could_be_seen,
             pass_pressed_after_a_knock_was_said,
             count_takes_the_players_word_of_a_stone_on_an_empty_point_it_cannot_read,
             count_found_stone_kept_by_a_restart,
             slid_stone_put_back_from_the_bowl_beside_a_move_and_a_dead_point,
             prisoner_in_the_wrong_lid_before_its_capture_is_taken,
             seen_stone_captured_later_in_the_order,
             prisoner_lands_after_play_ends_as_a_live_stone_reads_weak,
             two_stones_of_the_mover_and_a_stone_into_the_opponents_lid,
             knocked_stone_was_the_prisoner_of_a_move_on_a_dead_sensor,
             answer_put_back_in_its_bowl_before_the_prisoner_reaches_its_lid,
             move_and_pass_stone_while_off_with_a_dead_sensor,
             pass_stone_taken_back_out_of_a_moving_lid_as_named_stones_come_off,
             knocked_stone_put_in_its_bowl_then_put_back_from_it,
             knocked_stone_put_back_after_its_bowl_settled,
             passes_pressed_then_a_dead_stone_lifted_before_the_movers_bowl_settles,
             pass_pressed_then_an_earlier_stone_slid, pass_pressed_on_two_black_stones,
             second_stone_same_window, second_stone_answered, wrong_colour_swapped,
             answer_before_last_prisoner, undo_by_hand_after_capture, rolled_stone,
             rolled_stone_after_the_answer_is_slid,
             pass_stone_answered_before_its_lid_settles,
             stone_out_of_turn_while_the_movers_hand_stays_in_its_bowl,
             prisoner_into_the_wrong_lid_then_a_stone_in_hand,
             prisoner_returned_to_its_owners_bowl,
             pass_stone_after_a_prisoner_put_in_its_owners_bowl,
             pass_stone_after_a_prisoner_in_its_owners_bowl_weighed_nothing,
             prisoner_late_after_one_in_its_owners_bowl_weighed_nothing,
             pass_stone_after_a_capture_whose_prisoner_went_to_the_lid,
             pass_stone_after_a_prisoner_said_missing_went_to_its_owners_bowl,
             prisoner_in_its_owners_bowl_as_two_stones_leave_it,
             count_waits_for_a_sensor_that_reads_nothing, drift_under_a_dead_stone,
             count_question_stays_while_the_seki_count_runs_in_its_step,
             count_answer_waits_for_its_question_to_be_read,
             count_asks_about_an_empty_point_it_cannot_read,
             pass_after_a_move_on_a_dead_sensor_with_a_stone_in_hand,
             pass_stone_while_a_move_on_a_dead_sensor_is_asked_about,
             capture_in_a_lid_and_a_recapture_on_a_dead_sensor,
             pass_pressed_out_of_turn_with_two_stones_out_of_the_movers_bowl,
             wrong_lid_prisoner_then_a_move_on_a_dead_sensor,
             count_trusts_an_empty_point_the_bowls_vouch_for,
             drift_under_a_prisoner, prisoner_in_hand_as_the_owner_moves,
             prisoner_on_the_floor_as_the_owner_moves, knocked_stone_put_back_from_the_bowl,
             stone_back_in_its_bowl_before_the_undo_press,
             fast_play_after_a_move_on_a_dead_sensor,
             answer_and_next_move_in_one_scan_after_a_move_on_a_dead_sensor,
             two_in_one_scan_by_a_dead_point_no_stone_out,
             stone_put_down_while_moves_played_while_off_are_named,
             move_as_the_prisoner_drops_into_the_lid,
             two_in_one_scan_by_a_dead_point_a_stone_out,
             end_pressed_before_a_knock_could_be_seen,
             two_in_one_scan_by_a_dead_point_nobody_played,
             more_stones_than_one_look_orders,
             more_stones_than_one_look_orders_two_in_one_scan,
             slip_taken_as_a_move_lifted_then_undo_without_takeback,
             second_stone_answered_then_put_away, second_stone_answered_then_dropped,
             knocked_stone_then_the_bowls_read_again,
             passes_pressed_while_a_move_on_a_dead_sensor_is_asked_about,
             move_on_a_dead_sensor_while_off_after_a_capture_lifted,
             knocked_stone_picked_up_into_its_bowl_and_one_put_back,
             stone_lifted_in_a_burst_of_noise_beside_a_weak_one_left,
             last_stone_rolled_onto_a_dead_sensor_stays,
             ko_taken_and_taken_back_while_off, ko_taken_and_taken_back_while_off_with_two_kos,
             ko_left_alone_while_off, ko_taken_yet_again_before_the_scales_are_read,
             ko_taken_after_a_restart_before_the_scales_are_read,
             stone_seen_after_a_restart_then_captured,
             slid_stone_left_as_one_is_put_back_from_the_bowl, move_beside_a_stone_slid_elsewhere,
             slid_as_moves_played_while_off_are_named_then_put_back_from_the_bowl,
             stone_knocked_as_a_move_lands_beside_it,
             prisoner_from_the_lid_put_on_the_board_while_its_bowl_is_in_doubt,
             last_stone_rolled_onto_a_dead_sensor_and_back,
             pass_after_a_move_on_a_dead_sensor,
             two_pass_stones_after_a_move_on_a_dead_sensor,
             pass_pressed_out_of_turn_while_the_movers_bowl_moves,
             stone_named_after_a_restart_then_another_move,
             stone_seen_then_captured_before_it_was_taken,
             stone_seen_then_captured_while_a_sensor_is_dead,
             second_stone_taken_off_then_the_wrong_colour_beside_it,
             prisoner_of_a_move_not_taken_yet_into_the_lid,
             prisoner_of_a_stone_seen_then_captured_into_the_lid,
             quick_pass_while_a_prisoner_is_owed_and_the_bowl_reads_behind,
             prisoner_put_back_then_lifted_again_into_the_lid,
             late_prisoner_as_a_move_waits_for_its_lid,
             answer_before_the_prisoner_reaches_the_lid,
             pass_stone_into_the_other_lid_soon_after_a_prisoner_said_missing,
             stone_given_to_a_bowl_then_a_restart_then_a_pass_stone,
             bowl_first_weighed_with_a_stone_in_hand,
             capture_replayed_after_a_restart_with_a_stone_from_the_bowl,
             prisoner_lifted_at_once_then_a_stone_in_hand,
             dead_stone_lifted_off_a_drifted_sensor_unseen,
             drifted_empty_sensor_after_a_restart_at_the_count,
             restart_then_the_count_then_the_lids_weighed_again,
             bowls_weighed_afresh_after_a_restart,
             drifted_sensor_after_a_restart_with_a_stone_in_hand,
             pass_pressed_as_a_drifted_sensor_is_rebased_after_a_restart,
             stone_nudged_as_the_power_comes_back,
             weak_reading_named_as_a_stone_nobody_takes_off,
             pass_stone_while_the_bowl_reads_behind,
             pass_stone_while_the_bowl_is_a_stone_off,
             pass_stone_soon_after_a_prisoner_said_missing,
             quick_pass_then_two_stones_before_the_lid_settles,
             pass_stone_after_a_restart_whose_lids_settled_first,
             pass_stone_after_a_restart_with_a_prisoner_missing,
             pass_stone_after_a_restart_behind_moves_played_while_off,
             prisoner_in_the_wrong_lid_then_a_restart,
             prisoner_moved_over_then_a_restart_before_a_bowls_event_said_so,
             prisoner_in_flight_when_the_lids_are_first_weighed,
             moves_played_while_a_stray_stone_holds_the_setup,
             prisoner_of_the_answer_after_a_move_on_a_dead_sensor,
             capture_in_a_window_while_the_lid_takes_the_last_prisoner,
             stone_captured_in_a_window_while_the_lid_takes_the_last_prisoner,
             ko_on_a_dead_sensor_later_in_a_look,
             move_on_a_dead_sensor_later_in_a_look,
             move_on_one_of_two_dead_sensors_later_in_a_look,
             move_on_one_of_eight_dead_sensors_later_in_a_look,
             move_on_a_dead_sensor_while_the_board_was_off,
             move_on_one_of_two_dead_sensors_while_the_board_was_off,
             no_move_on_a_dead_sensor_while_the_board_was_off,
             bowls_never_weighed_after_a_restart_with_a_dead_sensor,
             capture_named_to_be_played_again_after_a_restart,
             capture_named_to_be_played_again_then_a_knock_said,
             capture_not_lifted_while_the_board_was_off)


def run(name, scenarios=None):
    for f in scenarios or SCENARIOS:
        if f.__name__ == name:
            return f()
    raise KeyError(name)


def main(scenarios=None):
    """The scenarios named on the command line (or stdin), one JSON line each."""
    for name in sys.argv[1:] or sys.stdin.read().split():
        print(json.dumps([name, run(name, scenarios)]))


if __name__ == "__main__":
    main()
