"""The `goboard sim` command line contract: one JSON object with events, moves, result;
bad input is one line on stderr and exit status 2."""

import json
import subprocess
import sys
from pathlib import Path

GOBOARD = [str(Path(sys.executable).parent / "goboard"), "sim"]


def run(args, tmp_path, text):
    p = tmp_path / "in.txt"
    p.write_text(text)
    return subprocess.run(GOBOARD + [str(p)] + args, capture_output=True, text=True, timeout=120)


def test_script_gives_events_moves_result(tmp_path):
    proc = run(["--rules", "chinese", "--seed", "3", "--noise", "2", "--size", "9", "--json"],
               tmp_path, "wait 300\nplace B cc\nwait 300\nplace W gg\nwait 300\n"
                         "button B resign\nwait 300\n")
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout)
    types = [e["type"] for e in out["events"]]
    assert types[0] == "game-start" and types.count("move") == 2
    assert out["moves"] == ["cc", "gg"] and out["result"] == "W+R"
    mv = [e for e in out["events"] if e["type"] == "move"]
    assert mv[0]["color"] == "B" and mv[0]["point"] == "cc"
    # the feed shows settled bowl counts only (no -1 "not settled yet")
    bowls = [e for e in out["events"] if e["type"] == "bowls"]
    assert bowls and all(e["B"] >= 0 and e["W"] >= 0 for e in bowls)


def test_sgf_input_played_physically(tmp_path):
    proc = run(["--rules", "chinese", "--json"], tmp_path,
               "(;GM[1]SZ[9];B[cc];W[gg];B[cg];W[gc];B[];W[])")
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout)
    assert out["moves"] == ["cc", "gg", "cg", "gc", "", ""]
    assert [e["type"] for e in out["events"] if e["type"] in ("pass", "end")] == ["pass", "pass", "end"]


def test_players_event_table_and_clock_reach_the_board(tmp_path):
    """The SGF's PB/BR/EV and the command line's --white, --table, --clock are the
    game's: the board logs them with its game-start (the page and the SGF read
    them there); a script game takes them from the command line alone."""
    proc = run(["--rules", "chinese", "--json", "--white", "Shin Jinseo", "--table", "7",
                "--clock", "byoyomi:5+2x3"], tmp_path,
               "(;GM[1]SZ[9]PB[Ke Jie]BR[9p]PW[Someone]WR[9d*]EV[Cup];B[cc];W[gg];B[];W[])")
    assert proc.returncode == 0, proc.stderr
    start = json.loads(proc.stdout)["events"][0]
    assert start["type"] == "game-start"
    assert (start["black"], start["black_rank"], start["white"], start["event"], start["table"],
            start["clock"]) == ("Ke Jie", "9p", "Shin Jinseo", "Cup", "7", "byoyomi:5+2x3")
    assert "white_rank" not in start            # 9d* is no rank: left out, not refused
    proc = run(["--size", "9", "--json", "--black", "Ann", "--round", "2"], tmp_path,
               "wait 300\nplace B cc\n")
    start = json.loads(proc.stdout)["events"][0]
    assert (start["black"], start["round"]) == ("Ann", "2") and "clock" not in start
    for bad in (["--black-rank", "40k"], ["--clock", "byoyomi:5"], ["--table", "x" * 61]):
        proc = run(["--size", "9"] + bad, tmp_path, "wait 300\n")
        assert proc.returncode == 2 and len(proc.stderr.strip().splitlines()) == 1, proc.stderr


def test_bad_input_is_one_line_and_status_2(tmp_path):
    for text in ("place B zz\n", "jump B cc\n", "wait soon\n", "(;GM[1]SZ[9];B[cc"):
        proc = run(["--size", "9", "--json"], tmp_path, text)
        assert proc.returncode == 2, (text, proc.stderr)
        assert len(proc.stderr.strip().splitlines()) == 1 and "Traceback" not in proc.stderr


def test_sgf_handicap_at_free_points_and_without_setup_stones(tmp_path):
    from sim_rig import sim_sgf, kinds
    # AB at points that are not the traditional ones (free placement)
    p = tmp_path / "free.sgf"
    p.write_text("(;GM[1]SZ[9]HA[2]KM[0.5]AB[ee][cc];W[gg];B[dc])")
    out = sim_sgf(str(p), rules="chinese")
    gs = kinds(out, "game-start")[0]
    assert sorted(gs["setup"]["B"]) == ["cc", "ee"] and gs["handicap"] == 2 and gs["first"] == "W"
    assert out["moves"] == ["gg", "dc"] and kinds(out, "illegal") == []
    # HA without AB: the stones go on the traditional points, on the board and in the firmware
    p = tmp_path / "ha.sgf"
    p.write_text("(;GM[1]SZ[9]HA[3];W[ee];B[dd])")
    out = sim_sgf(str(p), rules="chinese")
    gs = kinds(out, "game-start")[0]
    assert len(gs["setup"]["B"]) == 3 and gs["handicap"] == 3
    assert out["moves"] == ["ee", "dd"]


def test_sgf_with_an_illegal_move_is_played_up_to_it_and_the_referee_names_it(tmp_path):
    from sim_rig import sim_sgf, kinds
    # move 9 retakes the ko at once
    p = tmp_path / "ko.sgf"
    p.write_text("(;GM[1]SZ[9];B[ba];W[ca];B[ab];W[db];B[cb];W[cc];B[bc];W[bb];B[cb];W[ee])")
    out = sim_sgf(str(p), rules="chinese")
    il = kinds(out, "illegal")
    assert [(e["code"], e["point"], e["color"]) for e in il] == [("ko", "cb", "B")]
    assert kinds(out)[-1]["type"] == "restored"        # the hand took the stone back
    assert out["moves"] == ["ba", "ca", "ab", "db", "cb", "cc", "bc", "bb"]
    assert out["stopped"] == {"move": 9, "color": "B", "point": "cb", "code": "ko"}
    # a record that puts a stone on a stone is broken: one line, status 2
    proc = run(["--rules", "chinese", "--json"], tmp_path, "(;GM[1]SZ[9];B[ee];W[ee])")
    assert proc.returncode == 2 and "move 2" in proc.stderr and "occupied" in proc.stderr
    assert len(proc.stderr.strip().splitlines()) == 1


def test_a_file_named_sgf_is_read_as_sgf_and_an_empty_input_is_refused(tmp_path):
    # an empty or garbled .sgf is a broken SGF, not an empty physical script
    for name, text, word in (("g.sgf", "", "SGF"), ("g.sgf", "hello\n", "SGF"),
                             ("s.txt", "", "no actions"), ("s.txt", "# only a note\n", "no actions")):
        p = tmp_path / name
        p.write_text(text)
        proc = subprocess.run(GOBOARD + [str(p), "--json"], capture_output=True, text=True, timeout=120)
        assert proc.returncode == 2, (name, text, proc.stdout[:200])
        assert proc.stdout == "" and len(proc.stderr.strip().splitlines()) == 1, proc.stderr
        assert word in proc.stderr and "Traceback" not in proc.stderr
