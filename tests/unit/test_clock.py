"""The tournament clock (firmware/goban/clock.py) under every time system.

One driver (tests/clock_driver.py) runs the same commands under CPython and the
MicroPython unix port; the outputs must be equal line by line, and the CPython
output is checked against what each system's rules say. The time that runs
between commands is the board's ticks given with each command (ms).
"""

import json
import subprocess
import sys

import pytest

from conftest import MP, REPO, run_micropython
from goban import clock as C

DRIVER = MP / "clock_driver.py"


def ev(t, **kw):
    return "ev %d %s" % (t, json.dumps(kw))


def run_both(lines):
    """The driver's output lines under CPython and MicroPython (asserted equal)."""
    text = "\n".join(lines) + "\n"
    env = {"PYTHONPATH": str(REPO / "firmware"), "PATH": "/usr/bin:/bin"}
    cp = subprocess.run([sys.executable, str(DRIVER)], input=text, capture_output=True,
                        text=True, env=env, timeout=60)
    assert cp.returncode == 0, cp.stderr
    mp = run_micropython(DRIVER, stdin=text)
    a, b = cp.stdout.splitlines(), mp.splitlines()
    assert a == b, "CPython and MicroPython differ:\n%s" % "\n".join(
        "%s\n  cpy %s\n  mpy %s" % (cmd, x, y) for cmd, x, y in zip(lines, a, b) if x != y)
    assert len(a) == len(lines)
    return [None if x == "-" else x if x.startswith("error") else json.loads(x) for x in a]


def start(spec):
    return ["spec " + spec, ev(0, type="ready", to_move="B")]


def test_absolute_time_runs_out():
    out = run_both(start("absolute:30") + [
        ev(10000, type="move", color="B"),        # black used 10 s
        ev(15000, type="move", color="W"),        # white 5 s
        "step 29999",                              # black at 24.999 s: a tick (2 s, a tenth of its 20 s)
        "step 35000",                              # black's 30 s are gone at 35 s
        ev(36000, type="move", color="B"),         # too late: nothing changes
    ])
    assert out[1]["run"] == "B" and out[1]["B"]["main"] == 30000
    assert out[2]["B"]["main"] == 20000 and out[2]["run"] == "W"
    assert out[3]["W"]["main"] == 25000 and out[3]["run"] == "B"
    assert out[4]["tick"] and out[4]["B"]["main"] == 5001
    assert out[5]["flag"] == "B" and out[5]["B"]["main"] == 0
    assert out[6] is None


def test_byoyomi_periods_given_back_and_lost():
    out = run_both(start("byoyomi:10+2x5") + [
        ev(12000, type="move", color="B"),         # 2 s into the first period: given back
        ev(13000, type="move", color="W"),
        ev(19000, type="move", color="B"),         # 6 s: the first period gone, 1 s of the second
        ev(19500, type="move", color="W"),
        "step 24000",                              # 4.5 s of black's last period: a tick
        "step 24500",                              # the last period ran out
    ])
    b = out[2]["B"]
    assert (b["main"], b["period"], b["periods"]) == (0, 5000, 2)
    b = out[4]["B"]
    assert (b["main"], b["period"], b["periods"]) == (0, 5000, 1)
    assert out[6]["tick"] and out[6]["B"]["period"] == 500 and "entered" not in out[6]
    assert out[7]["flag"] == "B" and out[7]["B"]["periods"] == 0


def test_canadian_moves_in_a_period():
    out = run_both(start("canadian:10+2/5") + [
        ev(11000, type="move", color="B"),         # main gone, 1 s of the period, 1 move left
        ev(11000, type="move", color="W"),
        ev(13000, type="move", color="B"),         # 3 s used, 2 moves made: a new period
        ev(13000, type="move", color="W"),
        ev(17000, type="move", color="B"),         # 4 s, 1 move left
        ev(17000, type="move", color="W"),
        "step 18001",                              # 1 s left and one more move to make
    ])
    b = out[2]["B"]
    assert (b["main"], b["period"], b["moves"]) == (0, 4000, 1)
    b = out[4]["B"]
    assert (b["period"], b["moves"]) == (5000, 2)
    b = out[6]["B"]
    assert (b["period"], b["moves"]) == (1000, 1)
    assert out[8]["flag"] == "B"


def test_fischer_adds_after_each_move():
    out = run_both(start("fischer:10+5") + [
        ev(4000, type="move", color="B"),
        ev(4000, type="pass", color="W"),          # a pass is a move for the clock
        ev(20000, type="move", color="B"),         # 16 s of 11 s: lost at 15 s
    ])
    assert out[2]["B"]["main"] == 11000 and out[3]["W"]["main"] == 15000
    assert out[4]["flag"] == "B"


def test_ing_periods_cost_points_then_the_game():
    out = run_both(start("ing:60+3x30@2") + [
        ev(59000, type="move", color="B"),         # inside main time: no penalty
        ev(59000, type="move", color="W"),
        ev(61000, type="move", color="B"),         # main gone at 60 s: 2 points, 1 s used
        ev(61000, type="move", color="W"),
        ev(92000, type="move", color="B"),         # the 1st period gone, 2 s of the 2nd: 4 points
        ev(92000, type="move", color="W"),
        "step 112000",                             # a tick: 8 s left of the 2nd period
        "step 125000",                             # the 3rd entered at 120 s: 6 points, logged
        "step 150000",                             # the 3rd period ran out at 150 s
    ])
    assert out[2]["B"]["penalty"] == 0
    b = out[4]["B"]
    assert (b["main"], b["penalty"], b["periods"], b["period"]) == (0, 2, 2, 29000)
    b = out[6]["B"]
    assert (b["penalty"], b["periods"], b["period"]) == (4, 1, 28000)
    assert out[8]["tick"] and out[8]["B"]["penalty"] == 4 and out[8]["B"]["period"] == 8000
    assert out[9]["entered"] and out[9]["B"]["penalty"] == 6 and out[9]["B"]["periods"] == 0
    assert out[10]["flag"] == "B" and out[10]["B"]["penalty"] == 6
    assert out[10]["W"]["penalty"] == 0


def test_ing_defaults_are_the_ing_timer():
    sp = C.parse("ing")
    assert (sp.main, sp.periods, sp.period, sp.points) == (12600, 3, 2100, 2)
    sp = C.parse("ing:600")
    assert (sp.main, sp.periods, sp.period, sp.points) == (600, 3, 100, 2)
    assert C.parse("ing:3h30m").text() == "ing:12600+3x2100@2"
    assert C.parse("ing:1h+2x10m@1").text() == "ing:3600+2x600@1"


def test_ticks_while_thinking_and_pauses():
    out = run_both(start("absolute:600") + [
        "step 19999", "step 20050", "step 39999", "step 40050",   # charged every 50 ms
        ev(41000, type="illegal", color="W", point="dd", code="wrong-color"),
        "step 90000",                              # paused: no tick, no time
        ev(100000, type="restored"),
        "step 119999", "step 120050",
        ev(121000, type="illegal", color=None, point=None, code="no-takeback"),  # a refused button
        ev(122000, type="undo", color="B", number=1),
        host_line(130000, {"pause": True}),
        "step 200000",
        host_line(210000, {"pause": False}),
        host_line(211000, {"B": {"main": 100000}, "W": {"penalty": 2}}),
        host_line(212000, {"spec": "byoyomi:60+3x30"}),
    ])
    assert out[2] is None and out[3]["tick"] and out[3]["B"]["main"] == 579950
    assert out[4] is None and out[5]["tick"]
    assert out[6]["paused"] and out[6]["why"] == "illegal" and out[6]["B"]["main"] == 559000
    assert out[7] is None
    assert not out[8]["paused"] and out[8]["B"]["main"] == 559000
    assert out[9] is None and out[10]["tick"] and out[10]["B"]["main"] == 538950
    assert out[11] is None                            # a refusal leaves the board legal
    assert out[12]["run"] == "B"
    assert out[13]["paused"] and out[13]["why"] == "host" and out[13]["by"] == "host"
    assert out[14] is None
    assert not out[15]["paused"] and out[15]["B"]["main"] == 538950 - 1950 - 8000
    assert out[16]["B"]["main"] == 100000 and out[16]["W"]["penalty"] == 2
    assert out[17]["spec"] == "byoyomi:60+3x30" and out[17]["B"]["main"] == 60000
    assert out[17]["run"] == "B"


def host_line(t, req):
    return "host %d %s" % (t, json.dumps(req))


def test_run_on_illegal_option_and_host_errors():
    out = run_both(start("fischer:60+2,run-on-illegal") + [
        ev(1000, type="illegal", color="B", point="dd", code="ko"),
        host_line(2000, {"B": {"main": -5}}),
        host_line(2000, {"W": {"seconds": 5}}),
        host_line(2000, {"spec": "byoyomi:60"}),
        host_line(2000, {"pause": "yes"}),
        "step 20000",
    ])
    assert out[2] is None
    assert out[3].startswith("error: clock B.main must be a whole number")
    assert out[4].startswith("error: clock W: unknown field 'seconds'")
    assert out[5].startswith("error: clock byoyomi:60: the overtime is missing")
    assert out[6].startswith("error: clock pause must be true or false")
    assert out[7]["tick"] and out[7]["B"]["main"] == 40000   # nothing was changed by them


def test_press_option_switches_at_the_press():
    out = run_both(start("byoyomi:10+1x5,press") + [
        ev(3000, type="move", color="B"),          # placed: black's time still runs
        "press 4000 W",                            # not white's to press
        "press 4500 B",                            # black presses at 4.5 s
        ev(6000, type="move", color="W"),
        ev(7000, type="move", color="B"),          # white never pressed: its time ran till now
        "press 9000 -",                            # a shared button: black's press
    ])
    assert out[2] is None and out[3] is None
    assert out[4]["B"]["main"] == 5500 and out[4]["run"] == "W"
    assert out[5] is None
    assert out[6] is None
    assert out[7]["W"]["main"] == 7500 and out[7]["B"]["main"] == 3500 and out[7]["run"] == "W"


def test_resume_from_the_log():
    logged = [{"type": "game-start", "clock": "byoyomi:60+3x30"},
              {"type": "ready", "to_move": "B"},
              {"type": "clock", "spec": "byoyomi:60+3x30", "run": "B", "paused": False,
               "B": {"main": 60000, "period": 30000, "periods": 3, "moves": 0, "penalty": 0},
               "W": {"main": 60000, "period": 30000, "periods": 3, "moves": 0, "penalty": 0}},
              {"type": "move", "color": "B"},
              {"type": "clock", "spec": "byoyomi:60+3x30", "run": "W", "paused": False,
               "B": {"main": 41000, "period": 30000, "periods": 3, "moves": 0, "penalty": 0},
               "W": {"main": 60000, "period": 30000, "periods": 3, "moves": 0, "penalty": 0}},
              {"type": "clock", "tick": True, "run": "W", "paused": False,
               "B": {"main": 41000, "period": 30000, "periods": 3, "moves": 0, "penalty": 0},
               "W": {"main": 40000, "period": 30000, "periods": 3, "moves": 0, "penalty": 0}},
              {"type": "move", "color": "W"}]      # its clock record torn by the cut
    out = run_both(["resume 5000 " + json.dumps(logged), "step 15000",
                    "resume 0 " + json.dumps(logged[:1] + [{"type": "count"}]),
                    "resume 0 " + json.dumps([{"type": "game-start"}])])
    r = out[0]
    assert r["resumed"] and r["run"] == "B" and r["W"]["main"] == 40000
    assert r["B"]["main"] == 41000
    # 10 s of black's since the boot: ticked after a tenth of its 41 s
    assert out[1]["tick"] and out[1]["B"]["main"] == 31000
    assert out[2]["paused"] and out[2]["why"] == "idle"
    assert out[3] is None                 # a game without a clock


def test_resume_after_a_torn_start_and_a_takeback_after_the_end():
    # the cut tore the clock record of `ready`: play had begun, white's time runs
    logged = [{"type": "game-start", "clock": "absolute:60"}, {"type": "ready", "to_move": "W"}]
    out = run_both(["resume 100 " + json.dumps(logged), "step 10100",
                    ev(10100, type="end", reason="two-passes"), "step 20000",
                    ev(20000, type="undo", color="B"), "step 25000",
                    ev(30000, type="move", color="B")])
    assert out[0]["resumed"] and out[0]["run"] == "W" and not out[0]["paused"]
    assert out[2]["paused"] and out[2]["why"] == "idle" and out[2]["W"]["main"] == 50000
    assert out[3] is None                                  # the clock stands after the end
    assert out[4]["run"] == "B" and not out[4]["paused"]   # the takeback: play goes on
    assert out[6]["B"]["main"] == 50000 and out[6]["W"]["main"] == 50000


def test_steps_allocate_nothing():
    out = run_both(start("ing:600") + ["heap 1 5000"])
    assert 600000 - 5000 <= out[2]["B"]["main"] <= 600000 - 5000 + 50    # charged every 50 ms


BAD = {
    "": "a clock spec is text",
    "sudden:900": "unknown time system 'sudden'",
    "absolute": "the times are missing (e.g. absolute:900)",
    "absolute:0": "at least 1 s",
    "absolute:15q": "'15q' is not a time",
    "absolute:3h30": "a unit after every number",
    "absolute:90000": "over 24 hours",
    "byoyomi:600+3": "byo-yomi is MAIN+PERIODSxSECONDS",
    "byoyomi:600+0x30": "periods must be a whole number 1..99",
    "byoyomi:600+3x0": "at least 1 s",
    "canadian:600+20": "Canadian is MAIN+MOVES/SECONDS",
    "canadian:600+0/300": "moves must be a whole number 1..999",
    "fischer:300": "the overtime is missing",
    "ing:600+3": "Ing overtime is PERIODSxSECONDS",
    "ing:5": "too short for Ing periods",
    "ing:600+3x100@x": "points must be a whole number",
    "byoyomi:600+3x30,fast": "clock option 'fast' unknown",
}


@pytest.mark.parametrize("spec", sorted(BAD))
def test_bad_specs_are_one_clear_line(spec):
    with pytest.raises(C.ClockError) as e:
        C.parse(spec)
    assert BAD[spec] in str(e.value)
    assert "\n" not in str(e.value)


def test_spec_round_trip_and_display_text():
    for s in ("absolute:900", "byoyomi:600+3x30", "canadian:600+20/300", "fischer:300+10",
              "ing:12600+3x2100@2", "byoyomi:600+3x30,press,run-on-illegal"):
        assert C.parse(s).text() == s
        assert C.parse(C.parse(s).text()).as_dict() == C.parse(s).as_dict()
    assert C.parse("BYOYOMI:10m+5x30s").text() == "byoyomi:600+5x30"
    k = C.Clock("byoyomi:3700+3x30")
    assert k.text(1) == "1:01:40"
    k.start(1, 0)
    k.step(3700000 - 1)
    assert k.text(1) == "0:01"
    k.step(3700000 + 2500)
    assert k.text(1) == "28s/3"
    assert C.clock_text(59999) == "1:00" and C.clock_text(0) == "0:00"


def _ing_game(moves, size=9):
    from goban.game import Game
    g = Game("ing", size)
    for p in moves:
        g.play(g.to_move(), g.board.from_sgf(p))
    return g


def test_ing_penalty_points_enter_the_count():
    from goban import rules as R
    from goban.count import count
    from goban.count_checks import with_penalty
    ing = R.get("ing")
    # black walls off the left five columns, white the right four: 45 - 36 - 8 = B+1
    moves = []
    for y in "abcdefghi":
        moves += ["e" + y, "f" + y]
    res = count(_ing_game(moves), [], ing)
    assert res.result == "B+1" and res.margin_q == 4
    pen = with_penalty(res, ing, 2, 0)                  # black entered one overtime period
    assert (pen.result, pen.winner, pen.margin) == ("W+1", "W", 1)
    assert pen.breakdown["penalty"] == {"B": 2, "W": 0}
    assert pen.breakdown["black_minus_white"] == -1
    assert res.breakdown.get("penalty") is None         # the count itself is unchanged
    assert with_penalty(res, ing, 2, 2).result == "B+1"
    assert with_penalty(res, ing, 0, 4).result == "B+5"
    tie = with_penalty(count(_ing_game(moves), [], ing.copy(komi=9)), ing, 0, 0)
    assert tie.result == "B+0"                          # Ing: black wins ties
    assert with_penalty(res, ing, 0, 0) is res


CAPS = ["a%s" % y for y in "abcdefghijklmnopqrst"]    # a 20-stone capture (names only)


def test_a_capture_is_the_capturers_time_until_its_last_prisoner_is_off():
    """Issue 23: black takes 20 stones and lifts them over 9.3 s in its 10 s
    byo-yomi period; white's period starts when the last prisoner is off, so
    white's 0.9 s of thinking is nowhere near a flag."""
    out = run_both(start("byoyomi:1+1x10") + [
        ev(2000, type="move", color="B"),          # both in their period from here
        ev(4000, type="move", color="W"),
        ev(4500, type="move", color="B", captures=CAPS),   # black's time still runs
        "step 10000",                              # lifting: black's time, the event says so
        ev(13900, type="lifted", color="B", _at=13800),    # the last prisoner off at 13.8 s
        "step 14300",
        ev(14700, type="move", color="W"),         # white answered in 0.9 s
        "step 20000",
    ])
    assert out[4] is None
    assert out[5]["tick"] and out[5]["run"] == "B" and out[5]["lift"] == "B"
    assert out[5]["B"]["period"] == 10000 - 6000 and out[5]["W"]["period"] == 10000
    lift = out[6]
    assert lift["run"] == "W" and "lift" not in lift and "flag" not in lift
    assert lift["B"]["period"] == 10000                 # in time: the period given back
    assert lift["W"]["period"] == 10000 and lift["W"]["periods"] == 1
    assert out[7] is None or "flag" not in out[7]
    assert out[8]["run"] == "B" and out[8]["W"]["period"] == 10000 and "flag" not in out[8]
    assert out[9]["tick"] and "flag" not in out[9]


def test_the_capturer_lifting_too_long_is_its_own_flag():
    out = run_both(start("byoyomi:1+1x10") + [
        ev(2000, type="move", color="B"),
        ev(4000, type="move", color="W"),
        ev(4500, type="move", color="B", captures=CAPS),
        "step 12000",
        "step 14100",                              # black's period ran out at 14 s, lifting
        ev(14200, type="lifted", color="B"),
    ])
    assert out[6]["flag"] == "B" and out[6]["run"] == "B"
    assert out[7] is None                          # the game is over: nothing changes


def test_a_flag_found_at_the_lifting_or_at_the_press_is_the_movers():
    """The last prisoner off, or the press, after the mover's time ran out with
    no step between: the charge up to it finds the mover's flag, and the turn
    does not pass (Clock.lifted and Clock.press share that path)."""
    out = run_both(start("absolute:5") + [
        ev(1000, type="move", color="B", captures=["aa"]),   # black's time runs while it lifts
        ev(6500, type="lifted", color="B"),                   # ... out at 5 s: lifted too late
        "press 7000 B",                                       # no press option: nothing
    ] + start("absolute:5,press") + [
        ev(1000, type="move", color="B"),                     # placed: black's time runs
        "press 5500 B",                                       # 0.5 s too late
        ev(6000, type="move", color="W"),                     # the game is over: nothing
    ] + start("absolute:5,press") + [
        ev(1000, type="move", color="B", captures=["aa"]),
        ev(2000, type="lifted", color="B"),                   # lifted: the press still due
        "press 2500 B",                                       # in time: white's time runs
    ])
    assert out[3]["flag"] == "B" and out[3]["run"] == "B" and out[3]["B"]["main"] == 0
    assert out[4] is None
    assert out[8]["flag"] == "B" and out[8]["run"] == "B" and out[8]["B"]["main"] == 0
    assert out[9] is None
    assert out[13]["run"] == "B" and out[13]["press"] == "B"   # lifted: black's press due
    assert out[14]["run"] == "W" and "flag" not in out[14] and out[14]["B"]["main"] == 2500


def test_an_answer_before_the_capture_is_lifted_ends_the_capturers_move():
    """A capture never lifted (the opponent answered with its stones still on
    the board): the capturer's move ended when the answer landed, at the latest."""
    out = run_both(start("absolute:60") + [
        ev(1000, type="move", color="B", captures=["aa"]),
        ev(4000, type="move", color="W", _at=3000),   # white's stone landed at 3 s
        ev(4000, type="lifted", color="B"),        # the prisoner lifted later: nothing to do
        ev(9000, type="move", color="B"),
    ])
    assert out[2] is None
    a = out[3]
    assert a["run"] == "B" and a["B"]["main"] == 57000 and a["W"]["main"] == 60000
    assert out[4] is None
    assert out[5]["B"]["main"] == 57000 - 6000 and out[5]["run"] == "W"


def test_press_after_lifting():
    out = run_both(start("byoyomi:60+1x10,press") + [
        ev(1000, type="move", color="B", captures=["aa", "ab"]),
        "press 2000 B",                            # the prisoners still on the board: nothing
        ev(3000, type="lifted", color="B"),
        "press 4000 B",
    ])
    assert out[2] is None and out[3] is None
    assert out[4]["run"] == "B" and out[4]["press"] == "B" and "lift" not in out[4]
    assert out[5]["run"] == "W" and out[5]["B"]["main"] == 56000


def test_a_flag_is_decided_by_when_the_stone_landed():
    """The thinker is charged `lag` behind the loop: a stone that landed before
    the time ran out is in time (the clock runs on), one after it is a flag."""
    out = run_both(start("absolute:10") + [
        "lag 300",
        "step 10200",                              # charged to 9.9 s: no flag yet
        ev(10250, type="move", color="B", _at=9950),   # landed 50 ms before the flag
        "step 20000",
    ] + start("absolute:10") + [
        "lag 300",
        ev(10250, type="move", color="B", _at=10050),  # landed 50 ms after it
        ev(10300, type="move", color="W"),
    ] + start("absolute:10") + [
        "lag 300", "step 10200", "step 10310",    # nobody moved: the flag 300 ms late
    ])
    assert out[3]["tick"] and "flag" not in out[3]
    assert out[4]["run"] == "W" and out[4]["B"]["main"] == 50 and "flag" not in out[4]
    assert out[5]["tick"] and "flag" not in out[5]
    assert out[9]["flag"] == "B" and out[9]["B"]["main"] == 0
    assert out[10] is None
    assert "flag" not in out[14] and out[15]["flag"] == "B"


def test_a_flag_in_a_pause_or_a_takeback_is_said():
    """A charge at a pause, a resume or a takeback that finds the time gone
    returns the flag's event (the board then ends the game)."""
    out = run_both(start("absolute:10") + [
        ev(12000, type="illegal", color="W", point="dd", code="wrong-color"),
    ] + start("absolute:10") + [
        ev(11000, type="undo", color="B", number=1),
    ] + start("fischer:5+1") + [
        host_line(6000, {"pause": True}),
    ])
    assert out[2]["flag"] == "B"
    assert out[5]["flag"] == "B"
    assert out[8]["flag"] == "B"


def test_periods_entered_are_logged_at_once():
    out = run_both(start("ing:20+2x10@2") + [
        "step 19000",
        "step 20100",                              # black's main time gone: 2 points
        "step 20150",
        ev(21000, type="move", color="B"),
    ] + start("byoyomi:5+3x5") + [
        "step 5100",                               # overtime begins
        "step 10100",                              # the first period lost
    ])
    assert out[2]["tick"] and "entered" not in out[2]
    e = out[3]
    assert e["entered"] and e["B"]["penalty"] == 2 and e["B"]["periods"] == 1
    assert e["B"]["period"] == 10000 - 100
    assert out[4] is None                          # a tick a second in a 10 s period
    assert out[5]["B"]["penalty"] == 2
    assert out[8]["entered"] and out[8]["B"]["periods"] == 3
    assert out[9]["entered"] and out[9]["B"]["periods"] == 2


def test_ticks_come_as_often_as_a_cut_may_cost():
    """A tick after each tenth of the time the thinker has left in its stage,
    within 1 s and 20 s: a cut loses at most that much."""
    k = C.Clock("absolute:3600")
    k.start(1, 0)
    got = [t for t in range(0, 3600000, 50) if k.step(t) is not None]
    gaps = [b - a for a, b in zip(got, got[1:])]
    assert gaps[0] == 20000 and min(gaps) >= 1000 and max(gaps) <= 20000
    # near the end a tick a second: the last ones before the flag
    assert gaps[-2] == 1000
    assert len(got) < 300


def test_resume_a_capture_still_to_lift_and_a_press_awaited():
    gs = {"type": "game-start", "clock": "absolute:60"}
    ready = {"type": "ready", "to_move": "B"}
    cap = {"type": "move", "color": "B", "captures": ["aa"]}
    out = run_both([
        "resume 100 " + json.dumps([gs, ready, cap]),
        ev(500, type="lifted", color="B"),
        "resume 100 " + json.dumps([gs, ready, cap, {"type": "lifted", "color": "B"}]),
        "resume 100 " + json.dumps([dict(gs, clock="absolute:60,press"), ready,
                                    {"type": "move", "color": "B"}]),
        "press 600 B",
    ])
    assert out[0]["run"] == "B" and out[0]["lift"] == "B"
    assert out[1]["run"] == "W" and out[1]["B"]["main"] == 60000 - 400
    assert out[2]["run"] == "W" and "lift" not in out[2]
    assert out[3]["run"] == "B" and out[3]["press"] == "B"
    assert out[4]["run"] == "W"
