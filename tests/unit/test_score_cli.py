"""`goboard score GAME.sgf --rules ID [--komi K] [--dead POINTS] --json`: the
contract other tests rely on (one JSON object with result, winner, margin,
unit and breakdown; exit status 2 and one line for bad input)."""

import json
import subprocess

import pytest

from goban import rules as R
from conftest import score_cli as score
from count_positions import EXPECTED_FIG5, FIG5, FIG5_DEAD, setup_sgf, transform_rows, transform_sgf


@pytest.mark.parametrize("rid", R.RULE_IDS)
def test_figure_5_every_system(capsys, tmp_path, rid):
    """Figure 5 from an SGF (no moves, so no prisoners: the area and living
    systems do not need them; the territory ones are checked in the core tests)."""
    code, out, err = score(capsys, tmp_path, setup_sgf(FIG5), "--rules", rid, "--komi", "0",
                           "--dead", ",".join(FIG5_DEAD), "--json")
    assert code == 0, err
    obj = json.loads(out)
    assert set(obj) >= {"result", "winner", "margin", "unit", "breakdown"}
    if rid not in ("japanese", "tang-song"):
        assert obj["result"] == EXPECTED_FIG5[rid][0]
    assert obj["winner"] == obj["result"][0] if obj["result"][0] in "BW" else True
    assert obj["unit"] == R.get(rid).unit
    bd = obj["breakdown"]
    for side in ("black", "white"):
        assert {"stones", "territory", "prisoners", "total"} <= set(bd[side])
    assert {"dame", "komi", "compensation"} <= set(bd)


def test_json_margin_and_unit(capsys, tmp_path):
    code, out, _ = score(capsys, tmp_path, setup_sgf(FIG5), "--rules", "chinese", "--komi", "0",
                         "--dead", "cf", "--json")
    obj = json.loads(out)
    assert (obj["result"], obj["winner"], obj["margin"], obj["unit"]) == ("W+1", "W", 0.5, "stones")
    code, out, _ = score(capsys, tmp_path, setup_sgf(FIG5), "--rules", "aga", "--komi", "7.5",
                         "--dead", "cf", "--json")
    obj = json.loads(out)
    assert (obj["result"], obj["margin"], obj["unit"]) == ("W+8.5", 8.5, "points")


def test_komi_from_the_sgf_and_draw(capsys, tmp_path):
    code, out, _ = score(capsys, tmp_path, setup_sgf(FIG5, komi=-1), "--rules", "chinese",
                         "--dead", "cf", "--json")
    obj = json.loads(out)
    assert (obj["result"], obj["winner"], obj["margin"]) == ("0", "draw", 0)


def test_rotated_sgf_counts_the_same(capsys, tmp_path):
    results = set()
    for k in range(8):
        rows = transform_rows(FIG5, k)
        dead = transform_sgf(FIG5_DEAD, 7, k)
        code, out, _ = score(capsys, tmp_path, setup_sgf(rows), "--rules", "living-stones",
                             "--dead", ",".join(dead), "--json")
        obj = json.loads(out)
        results.add((obj["result"], obj["breakdown"]["black"]["total"]))
    assert results == {("B+1", 22)}


def test_dead_stones_from_sgf_markup(capsys, tmp_path):
    """TW on a black stone (white's territory over it) marks it dead; TB/TW on
    empty points is plain territory markup and ignored."""
    sgf = setup_sgf(FIG5, extra="TW[cf][bf][ag]TB[aa][ab]")
    code, out, _ = score(capsys, tmp_path, sgf, "--rules", "chinese", "--komi", "0", "--json")
    obj = json.loads(out)
    assert obj["dead_source"] == "sgf markup"
    assert obj["breakdown"]["dead"] == ["cf"] and obj["result"] == "W+1"
    sgf = setup_sgf(FIG5, extra="MA[cf]")
    code, out, _ = score(capsys, tmp_path, sgf, "--rules", "chinese", "--komi", "0", "--json")
    assert json.loads(out)["breakdown"]["dead"] == ["cf"]
    # --dead "" overrides the markup: every stone alive
    code, out, _ = score(capsys, tmp_path, sgf, "--rules", "chinese", "--komi", "0",
                         "--dead", "", "--json")
    assert json.loads(out)["breakdown"]["dead"] == []


@pytest.mark.parametrize("dead,msg", [("hh", "off the 7x7 board"), ("bf", "has no stone"),
                                      ("c2", "not an SGF point"), ("cf,zz", "off")])
def test_bad_dead_points_exit_2(capsys, tmp_path, dead, msg):
    code, out, err = score(capsys, tmp_path, setup_sgf(FIG5), "--rules", "chinese",
                           "--dead", dead, "--json")
    assert code == 2 and out == ""
    assert msg in err and len(err.strip().splitlines()) == 1


def test_corrupt_sgf_exit_2(capsys, tmp_path):
    code, out, err = score(capsys, tmp_path, "(;GM[1]SZ[9];B[ee", "--rules", "chinese", "--json")
    assert code == 2 and "Traceback" not in err and err.strip()


def test_played_game_with_passes_and_prisoners(capsys, tmp_path):
    """A short 5x5 game with a capture: prisoners come from the record."""
    moves = ";B[bb];W[ab];B[ac];W[ba];B[aa];W[cc];B[];W[]"
    sgf = "(;GM[1]FF[4]SZ[5]KM[0]%s)" % moves
    code, out, err = score(capsys, tmp_path, sgf, "--rules", "japanese", "--json", "--dead", "")
    obj = json.loads(out)
    assert code == 0, err
    assert obj["moves"] == 8
    # black's a9 took the white stone on a8
    assert obj["breakdown"]["black"]["captured"] == 1
    assert obj["breakdown"]["white"]["captured"] == 0
    assert obj["breakdown"]["black"]["prisoners"] == 1


def test_the_installed_command(repo_root, tmp_path):
    """The real `goboard` entry point, as outside tests call it."""
    path = tmp_path / "fig5.sgf"
    path.write_text(setup_sgf(FIG5))
    exe = repo_root / ".venv" / "bin" / "goboard"
    proc = subprocess.run([str(exe), "score", str(path), "--rules", "living-stones",
                           "--dead", "cf", "--json"], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)["result"] == "B+1"
    proc = subprocess.run([str(exe), "score", str(path), "--rules", "living-stones",
                           "--dead", "tt"], capture_output=True, text=True)
    assert proc.returncode == 2 and "off" in proc.stderr


def test_text_output(capsys, tmp_path):
    code, out, _ = score(capsys, tmp_path, setup_sgf(FIG5), "--rules", "ing", "--komi", "0",
                         "--dead", "cf", "--white-bowl", "0", "--white-unfilled", "1")
    assert code == 0 and "W+1" in out and "agrees" in out


def test_resignation_from_re(capsys, tmp_path):
    code, out, err = score(capsys, tmp_path, setup_sgf(FIG5, extra="RE[B+R]"), "--rules",
                           "chinese", "--dead", "cf", "--json")
    obj = json.loads(out)
    assert (obj["result"], obj["winner"], obj["margin"]) == ("B+R", "B", 0)
    assert obj["breakdown"]["black_minus_white"] == -8.5  # the count, for information


def test_komi_default_sgf_and_option_in_points(capsys, tmp_path):
    """No KM: the rules set's komi; KM and --komi are points in every system
    (计活子 takes them at 1 stone = 2 points)."""
    code, out, _ = score(capsys, tmp_path, setup_sgf(FIG5), "--rules", "chinese",
                         "--dead", "cf", "--json")
    obj = json.loads(out)
    assert (obj["komi"], obj["result"]) == (7.5, "W+8.5")
    code, out, _ = score(capsys, tmp_path, setup_sgf(FIG5, komi=2), "--rules",
                         "living-stones", "--dead", "cf", "--json")
    obj = json.loads(out)
    assert (obj["komi"], obj["result"], obj["winner"]) == (2, "0", "draw")
    code, out, _ = score(capsys, tmp_path, setup_sgf(FIG5, komi=2), "--rules",
                         "living-stones", "--komi", "1", "--dead", "cf", "--json")
    obj = json.loads(out)
    assert (obj["result"], obj["margin"], obj["unit"]) == ("B+0.5", 0.5, "stones")


def test_handicap_stones_and_compensation(capsys, tmp_path):
    """HA with AB: the stones are set up and the rules' compensation applies
    (Chinese: N points to white; Japanese: none)."""
    sgf = "(;GM[1]SZ[9]HA[2]KM[0]AB[cc][gg];W[ee];B[dd];W[];B[])"
    code, out, _ = score(capsys, tmp_path, sgf, "--rules", "chinese", "--dead", "", "--json")
    ch = json.loads(out)
    assert ch["breakdown"]["handicap"] == 2 and ch["breakdown"]["compensation"] == 2
    assert ch["breakdown"]["black"]["stones"] == 3 and ch["breakdown"]["white"]["stones"] == 1
    # 3 + 38.5 dame shares against 1 + 38.5, less 2 points of compensation
    assert ch["result"] == "0" and ch["winner"] == "draw"
    code, out, _ = score(capsys, tmp_path, sgf, "--rules", "japanese", "--dead", "", "--json")
    assert json.loads(out)["breakdown"]["compensation"] == 0


@pytest.mark.parametrize("sgf,words", [
    ("(;GM[1]SZ[9];B[ee];W[zz])", "off-board"),
    ("(;GM[1]SZ[9];B[ee];B[dd])", "not-your-turn"),
    ("(;GM[1]SZ[9];B[ee];W[];B[];W[dd])", "game-over"),
])
def test_a_record_the_rules_refuse_cannot_be_counted(capsys, tmp_path, sgf, words):
    code, out, err = score(capsys, tmp_path, sgf, "--rules", "chinese", "--json")
    assert code == 2 and out == "" and words in err and len(err.strip().splitlines()) == 1
