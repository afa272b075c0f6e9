"""GTP's text rules (goboard.gtp), checked against the specification's words and
against GNU Go, the protocol's reference implementation, as the other end."""

import os
import subprocess
import sys

import pytest

from goban.clock import Clock, parse
from goboard.gtp.client import Engine
from goboard.gtp.protocol import (GTPError, clock_left, clock_spec, color_word, kgs_clock_spec,
                                  parse_command, preprocess, response, time_commands, time_left,
                                  to_color, to_point, vertex)

from gtp import GNUGO, GTP, gnugo_argv


def test_preprocessing_as_the_spec_says():
    # control characters other than HT and LF go, '#' starts a comment, HT is a space
    assert preprocess("1 play\tblack D4 # a comment\r\n") == "1 play black D4"
    assert preprocess("\x01na\x02me\x7f\n") == "name"
    assert preprocess("   \t  \n") is None
    assert preprocess("# only a comment") is None


def test_commands_with_and_without_ids():
    assert parse_command("12 genmove white\n") == (12, "genmove", ["white"])
    assert parse_command("genmove  w") == (None, "genmove", ["w"])
    assert parse_command("7") == (7, "", [])
    assert parse_command("\n") is None


def test_responses_end_with_two_newlines_and_hold_no_empty_line():
    assert response(True, "", 3) == "=3 \n\n"
    assert response(True, "D4") == "= D4\n\n"
    assert response(False, "illegal move", 9) == "?9 illegal move\n\n"
    # an empty line inside a result would end it early: dropped
    assert response(True, "a\n\nb\r\n") == "= a\nb\n\n"


@pytest.mark.parametrize("size", [2, 9, 13, 19, 25])
def test_vertices_round_trip_on_every_point(size):
    letters = "abcdefghijklmnopqrstuvwxy"
    seen = set()
    for x in range(size):
        for y in range(size):
            p = letters[x] + letters[y]
            v = vertex(p, size)
            assert "I" not in v[0] and to_point(v, size) == p and to_point(v.lower(), size) == p
            seen.add(v)
    assert len(seen) == size * size
    assert vertex("", size) == "pass" and to_point("PaSs", size) == ""


def test_vertices_known_points_and_refusals():
    assert vertex("dd", 19) == "D16" and vertex("aa", 9) == "A9" and vertex("ii", 9) == "J1"
    assert to_point("T19", 19) == "sa" and to_point("J1", 9) == "ii"
    for bad in ("I5", "K10", "A0", "A", "5A", "", "Z1", "A20"):
        with pytest.raises(ValueError):
            to_point(bad, 9 if bad in ("K10",) else 19)


def test_colours():
    assert [to_color(w) for w in ("b", "B", "black", "BLACK", "w", "White")] == list("BBBBWW")
    with pytest.raises(GTPError, match="syntax error"):
        to_color("red")
    assert color_word("B") == "black" and color_word(2) == "white"


def test_time_settings_as_the_board_clock():
    # GTP's Canadian byo-yomi, absolute time and "no limit", as the board clock reads them
    c = parse(clock_spec(600, 300, 25)).as_dict()
    assert (c["system"], c["main"], c["period"], c["moves"]) == ("canadian", 600, 300, 25)
    c = parse(clock_spec(1800, 0, 0)).as_dict()
    assert (c["system"], c["main"]) == ("absolute", 1800)
    assert parse(clock_spec(0, 30, 1)).as_dict()["main"] == 0     # byo-yomi from the start
    assert clock_spec(600, 30, 0) is None                           # the spec's "no limit"
    # time_left: the board's clock takes the controller's figures as a correction
    clock = Clock(parse(clock_spec(600, 300, 25)))
    ev = clock.host({"B": clock_left(412, 0), "W": clock_left(120, 5)}, 0)
    assert ev["B"]["main"] == 412000 and ev["B"]["moves"] == 25
    assert (ev["W"]["main"], ev["W"]["period"], ev["W"]["moves"]) == (0, 120000, 5)


def test_kgs_time_settings_as_the_boards_clock():
    """kgs-time_settings says Japanese byo-yomi, which time_settings cannot; in it
    time_left's stones are the periods left (kgsGtp, gtp2ogs, KataGo read it so)."""
    assert kgs_clock_spec("none", []) is None
    assert kgs_clock_spec("absolute", [900]) == "absolute:900"
    assert kgs_clock_spec("BYOYOMI", [600, 30, 5]) == "byoyomi:600+5x30"
    assert kgs_clock_spec("byoyomi", [600, 30, 0]) == "absolute:600"
    assert kgs_clock_spec("canadian", [600, 300, 25]) == clock_spec(600, 300, 25)
    for kind, nums in (("hourglass", [5]), ("byoyomi", [600, 30]), ("none", [1]),
                       ("absolute", [])):
        with pytest.raises(ValueError):
            kgs_clock_spec(kind, nums)
    clock = Clock(parse(kgs_clock_spec("byoyomi", [600, 30, 5])))
    ev = clock.host({"B": clock_left(25, 3, "byoyomi"), "W": clock_left(412, 0, "byoyomi")}, 0)
    assert (ev["B"]["main"], ev["B"]["period"], ev["B"]["periods"]) == (0, 25000, 3)
    assert ev["W"]["main"] == 412000 and ev["W"]["periods"] == 5


def test_what_play_tells_an_engine_is_the_boards_clock_read_back():
    """`goboard play` tells the engine the board's clock (time_commands, then
    time_left before each move); an engine reading them as `goboard gtp` does
    (clock_spec, kgs_clock_spec, clock_left) has the board's clock: byo-yomi as
    itself where kgs-time_settings is known, else the nearest Canadian (one move
    a period); Fischer and Ing, which GTP cannot say, are not told."""
    def read_back(line):
        word, *args = line.split()
        if word == "kgs-time_settings":
            return kgs_clock_spec(args[0], [int(a) for a in args[1:]])
        return clock_spec(*(int(a) for a in args))
    for spec, kgs, want in (("absolute:900", False, "absolute:900"),
                            ("canadian:600+20/300", True, "canadian:600+20/300"),
                            ("byoyomi:600+5x30", True, "byoyomi:600+5x30"),
                            ("byoyomi:600+5x30", False, "canadian:600+1/30")):
        (line,) = time_commands(spec, kgs)
        assert read_back(line) == want, (spec, kgs, line)
        clock = Clock(parse(spec))
        ev = clock.host({"B": {"main": 0, "period": 17000, "periods": 3, "moves": 4},
                         "W": {"main": 412000}}, 0)
        system = "byoyomi" if kgs and spec.startswith("byoyomi") else "canadian"
        for side in "BW":
            t, stones = time_left(ev[side], spec, kgs)
            back = clock_left(t, stones, system)
            assert all(ev[side][k] == v for k, v in back.items() if k != "moves" or
                       spec.startswith("canadian")), (spec, side, back, ev[side])
            if kgs and spec.startswith("byoyomi") and side == "B":
                assert back["periods"] == 3
    assert time_commands("fischer:300+10") == [] and time_commands("ing:600+3x100@2") == []
    assert time_left({"main": 1500}, "fischer:300+10") == (2, 0)


def test_the_client_against_gnu_go():
    assert os.path.exists(GNUGO), "GNU Go is missing: run tools/setup"
    with GTP(level=0) as go:
        assert go.command("protocol_version") == "2"
        go.boardsize(9)
        go.clear_board()
        assert go.play("b", "E5") is True
        assert go.play("w", "E5") is False          # illegal: the answer, not an exception
        ok, text = go.raw("7 frobnicate")
        assert ok is False and "unknown command" in text   # the echoed id is not in the text
        with pytest.raises(GTPError):
            go.command("boardsize x")
        mv = go.genmove("white")
        assert mv == "pass" or to_point(mv, 9)
        assert go.list_stones("black") == {"E5"}
        assert go.undo() is True


def test_a_dead_engine_is_an_error_not_a_hang(tmp_path):
    script = tmp_path / "dies.py"
    script.write_text("import sys\nsys.stdin.readline()\nsys.exit(3)\n")
    e = Engine([sys.executable, str(script)])
    with pytest.raises(GTPError, match="closed its output"):
        e.command("name")
    with pytest.raises(GTPError, match="exited|gone|closed"):
        e.command("name")
    e.close()
    with pytest.raises(GTPError, match="cannot start"):
        Engine(["/nonexistent/engine"])
    assert gnugo_argv(0, 5)[-2:] == ["--seed", "5"]
    assert subprocess.run([GNUGO, "--version"], capture_output=True).returncode == 0
