"""The `goboard replay` contract: JSON fields, illegal moves, setup, errors, both engines."""

import json
import subprocess
import sys

import pytest
from conftest import REPO

ROOT = REPO
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


# --- odd but readable files (in-process: the same cli.main the command runs) ------

def replay_here(capsys, tmp_path, data, *opts):
    from goboard import cli
    f = tmp_path / "odd.sgf"
    f.write_bytes(data if isinstance(data, bytes) else data.encode())
    code = cli.main(["replay", str(f), "--json"] + list(opts))
    out, err = capsys.readouterr()
    return code, (json.loads(out) if code == 0 else None), err


def test_a_move_off_the_board_is_an_illegal_move(capsys, tmp_path):
    code, out, _ = replay_here(capsys, tmp_path, "(;GM[1]SZ[9];B[ee];W[zz];B[dd])")
    assert code == 0
    assert out["moves"] == 1
    assert {k: out["illegal"][k] for k in ("move", "point", "reason")} == \
        {"move": 2, "point": "zz", "reason": "off-board"}
    code, out, err = replay_here(capsys, tmp_path, "(;GM[1]SZ[9];B[ee];W[a])")
    assert code == 2 and "node 2" in err and "W[a]" in err and len(err.splitlines()) == 1


def test_resignation_in_re_ends_play(capsys, tmp_path):
    code, out, _ = replay_here(capsys, tmp_path, "(;GM[1]SZ[9]RE[W+R];B[ee];W[dd])")
    assert (out["end"], out["winner"], out["moves"]) == ("resign", "W", 2)
    code, out, _ = replay_here(capsys, tmp_path, "(;GM[1]SZ[9]RE[B+Resign];B[ee];W[dd])")
    assert (out["end"], out["winner"]) == ("resign", "B")
    code, out, _ = replay_here(capsys, tmp_path, "(;GM[1]SZ[9]RE[B+3.5];B[ee];W[dd])")
    assert (out["end"], out["winner"]) == (None, None)


def test_passes_tt_variations_and_sizes(capsys, tmp_path):
    # B[tt] is a pass on 19x19, so is B[]; a pass may open the game
    code, out, _ = replay_here(capsys, tmp_path, "(;GM[1]SZ[19];B[tt];W[dd];B[];W[ee])")
    assert out["illegal"] is None and out["moves"] == 4
    assert [m[1] for m in out["record"]] == ["", "dd", "", "ee"]
    assert sum(row.count("X") for row in out["board"]) == 0
    # variations: the main line (first child) is replayed
    code, out, _ = replay_here(capsys, tmp_path, "(;GM[1]SZ[9];B[ee](;W[dd];B[cc])(;W[gg]))")
    assert [m[1] for m in out["record"]] == ["ee", "dd", "cc"]
    code, out, _ = replay_here(capsys, tmp_path, "(;GM[1]SZ[25];B[yy];W[aa])")
    assert out["size"] == 25 and out["board"][24][24] == "X" and out["board"][0][0] == "O"
    code, out, err = replay_here(capsys, tmp_path, "(;GM[1]SZ[1];B[aa])")
    assert code == 2 and "size 1" in err
    # bytes that are not UTF-8 in a text property do not stop the replay
    code, out, _ = replay_here(capsys, tmp_path, b"(;GM[1]SZ[9]CA[UTF-8]PB[\xff\xfe];B[ee]C[\x80])")
    assert code == 0 and out["moves"] == 1


@pytest.mark.parametrize("opts,sgf,words", [
    (["--komi", "nan"], "(;GM[1]SZ[9];B[ee])", "--komi nan"),
    (["--komi", "inf"], "(;GM[1]SZ[9];B[ee])", "--komi inf"),
    ([], "(;GM[1]SZ[9]KM[inf];B[ee])", "bad KM"),
    ([], "(;GM[1]SZ[9]KM[abc];B[ee])", "bad KM"),
])
def test_komi_that_is_no_number_is_one_line_and_status_2(capsys, tmp_path, opts, sgf, words):
    code, out, err = replay_here(capsys, tmp_path, sgf, *opts)
    assert code == 2 and words in err and len(err.strip().splitlines()) == 1


def test_a_long_file_replays(capsys, tmp_path):
    """A random 19x19 game played to its end (no filling of one's own eyes):
    hundreds of moves and captures, the same board as the core itself."""
    import random
    from goban.game import Game
    rng = random.Random(7)
    g = Game("chinese", size=19, capacity=64)
    b = g.board
    W = b.W
    moves = []
    while not g.over:
        c = g.to_move()
        empty = [p for p in b.points() if b.cells[p] == 0 and not all(
            b.cells[q] in (c, 3) for q in (p - 1, p + 1, p - W, p + W))]
        rng.shuffle(empty)
        for p in empty:
            if g.play(c, p) is None:
                moves.append(";%s[%s]" % ("BW"[c - 1], b.sgf(p)))
                break
        else:
            g.pass_move(c)
            moves.append(";%s[]" % "BW"[c - 1])
    code, out, _ = replay_here(capsys, tmp_path, "(;GM[1]SZ[19]%s)" % "".join(moves))
    assert out["illegal"] is None and out["moves"] == len(moves) > 500
    assert out["end"] == "two-passes"
    assert out["board"] == b.rows()
    assert out["captures"] == {"B": g.captures[1], "W": g.captures[2]} != {"B": 0, "W": 0}


def test_usage_errors_are_one_line_with_status_2(tmp_path):
    f = tmp_path / "g.sgf"
    f.write_text("(;GM[1]SZ[9];B[ee])")
    for args in (["replay", str(f), "--engine", "pypy"], ["frobnicate"], [],
                 ["replay", str(f), "--komi", "lots"]):
        proc = goboard(*args, check=False)
        assert proc.returncode == 2, args
        lines = proc.stderr.strip().splitlines()
        assert len(lines) == 1 and "--help" in lines[0], proc.stderr
