"""The `goboard replay` contract: JSON fields, illegal moves, setup, errors, both engines."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
GOBOARD = [sys.executable, "-m", "goboard"]


def goboard(*args, check=True):
    proc = subprocess.run(GOBOARD + list(args), capture_output=True, text=True, cwd=ROOT)
    if check:
        assert proc.returncode == 0, proc.stderr
    return proc


def replay(tmp_path, sgf, *opts, engine="cpython"):
    f = tmp_path / "g.sgf"
    f.write_text(sgf)
    proc = goboard("replay", str(f), "--json", "--engine", engine, *opts)
    return json.loads(proc.stdout)


KO = "(;GM[1]FF[4]SZ[9];B[bb];W[cb];B[ac];W[dc];B[bd];W[cd];B[cc];W[bc]%s)"


def test_ko_retake_is_refused_with_its_code(tmp_path):
    out = replay(tmp_path, KO % ";B[cc]", "--rules", "chinese")
    assert out["moves"] == 8
    assert out["illegal"] == {"move": 9, "point": "cc", "color": "B", "reason": "ko",
                              "text": out["illegal"]["text"]}
    assert "ko" in out["illegal"]["text"]
    assert out["captures"] == {"B": 0, "W": 1}
    assert out["end"] is None


def test_ko_retake_after_a_threat_exchange_is_legal(tmp_path):
    out = replay(tmp_path, KO % ";B[hh];W[hg];B[cc]", "--rules", "chinese")
    assert out["illegal"] is None
    assert out["moves"] == 11
    assert out["captures"] == {"B": 1, "W": 1}


def test_occupied_and_suicide(tmp_path):
    out = replay(tmp_path, "(;GM[1]SZ[9];B[ee];W[ee])", "--rules", "japanese")
    assert out["illegal"]["reason"] == "occupied" and out["illegal"]["move"] == 2
    corner = "(;GM[1]SZ[9];B[ba];W[ff];B[ab];W[aa])"
    assert replay(tmp_path, corner, "--rules", "chinese")["illegal"]["reason"] == "suicide"
    # Tromp-Taylor: a one-stone suicide repeats the board (positional superko) ...
    out = replay(tmp_path, corner, "--rules", "tromp-taylor")
    assert out["illegal"]["reason"] == "superko"
    # ... a multi-stone suicide is legal: the stones go, counted for black
    multi = "(;GM[1]SZ[9]AB[ca][bb][ac]AW[aa]PL[W];W[ba];B[ee];W[ab])"
    assert replay(tmp_path, multi, "--rules", "chinese")["illegal"]["reason"] == "suicide"
    out = replay(tmp_path, multi, "--rules", "tromp-taylor")
    assert out["illegal"] is None and out["captures"]["B"] == 3
    assert out["board"][0][:2] == ".." and out["board"][1][0] == "."


def test_two_passes_end_play_and_a_move_after_is_game_over(tmp_path):
    out = replay(tmp_path, "(;GM[1]SZ[9];B[ee];W[];B[])", "--rules", "chinese")
    assert out["end"] == "two-passes" and out["illegal"] is None
    out = replay(tmp_path, "(;GM[1]SZ[9];B[ee];W[];B[];W[dd])", "--rules", "chinese")
    assert out["illegal"]["reason"] == "game-over"
    # AGA: two passes end play only if white passed last
    out = replay(tmp_path, "(;GM[1]SZ[9];B[ee];W[dd];B[];W[])", "--rules", "aga")
    assert out["end"] == "two-passes"
    out = replay(tmp_path, "(;GM[1]SZ[9];B[ee];W[];B[])", "--rules", "aga")
    assert out["end"] is None and out["pass_stones"] == {"B": 1, "W": 1}


def test_setup_stones_and_player_to_move(tmp_path):
    sgf = "(;GM[1]SZ[9]HA[2]AB[cc][gg]PL[W];W[ee];B[dd])"
    out = replay(tmp_path, sgf, "--rules", "chinese")
    assert out["illegal"] is None and out["moves"] == 2
    assert out["board"][2][2] == "X" and out["board"][6][6] == "X"
    assert out["board"][4][4] == "O" and out["board"][3][3] == "X"
    sgf = "(;GM[1]SZ[9]AB[cc]AW[dd]PL[B];W[ee])"
    out = replay(tmp_path, sgf, "--rules", "chinese")
    assert out["illegal"]["reason"] == "not-your-turn"


def test_abandon_property_reads_back_under_living_stones(tmp_path):
    sgf = "(;GM[1]SZ[7];W[dd];B[cc];W[]PT[abandon];B[]PT[abandon])"
    out = replay(tmp_path, sgf, "--rules", "living-stones")
    assert out["end"] == "two-abandons"
    assert out["record"][2] == ["W", "", "abandon"]
    # plain passes are pass stones there and never end play; a pass stone
    # answering a pass stone would give white a board it already faced
    out = replay(tmp_path, "(;GM[1]SZ[7];W[dd];B[cc];W[];B[])", "--rules", "living-stones")
    assert out["end"] is None and out["pass_stones"] == {"B": 0, "W": 1}
    assert out["illegal"]["reason"] == "repeat-pass" and out["illegal"]["move"] == 4


@pytest.mark.parametrize("text,words", [
    ("(;GM[1]SZ[9];B[ee", "not a valid SGF"),
    ("", "empty"),
    ("hello world", "not a valid SGF"),
    ("(;GM[3]SZ[9];B[ee])", "not a Go game"),
    ("(;GM[1]SZ[9];B[ee];W[ee]AB[aa])", "setup stones in the middle"),
])
def test_bad_files_get_one_line_and_status_2(tmp_path, text, words):
    f = tmp_path / "bad.sgf"
    f.write_text(text)
    proc = goboard("replay", str(f), "--json", check=False)
    assert proc.returncode == 2
    assert words in proc.stderr
    assert "Traceback" not in proc.stderr and len(proc.stderr.strip().splitlines()) == 1
    assert proc.stdout == ""


def test_missing_file_and_unknown_rules(tmp_path):
    proc = goboard("replay", str(tmp_path / "none.sgf"), "--json", check=False)
    assert proc.returncode == 2 and "cannot read" in proc.stderr
    f = tmp_path / "g.sgf"
    f.write_text("(;GM[1]SZ[9];B[ee])")
    proc = goboard("replay", str(f), "--rules", "klingon", check=False)
    assert proc.returncode == 2


def test_engines_agree_on_every_position(tmp_path):
    # a ko fight, captures on the edge and a suicide attempt, then passes
    sgf = ("(;GM[1]SZ[9];B[bb];W[cb];B[ac];W[dc];B[bd];W[cd];B[cc];W[bc];B[hh];W[hg];"
           "B[cc];W[ab];B[aa];W[ba];B[ca];W[];B[])")
    a = replay(tmp_path, sgf, "--rules", "chinese", "--trace", engine="cpython")
    b = replay(tmp_path, sgf, "--rules", "chinese", "--trace", engine="micropython")
    assert a["engine"] == "cpython" and b["engine"] == "micropython"
    del a["engine"], b["engine"]
    assert a == b
    assert len(a["trace"]) == a["moves"] > 10
