"""The demo under each of the eleven rule sets (issue 12's "one count"): the
count the board announces is the count `goboard score` makes of the SGF the host
wrote. Under the rules where white moves first the record is played with its
colours swapped; where the rules end play later than the record's two passes
(AGA: white passes last; Ing: four passes, then white fills its area from its
bowl; Tang-Song: as many moves each) the players pass on; under 计活子 the
closing passes are abandons. A record the board refuses is said, with where the
game stands."""

import json
import os
import subprocess
import sys

import pytest
from conftest import REPO

ENV = dict(os.environ, PYTHONPATH=os.pathsep.join(
    [os.path.join(REPO, "host"), os.path.join(REPO, "firmware")]))


def demo(rules, out, game=()):
    p = subprocess.run([sys.executable, "-m", "goboard", "demo", *game, "--pace", "0",
                        "--rules", rules,
                        "--port", "0", "--linger", "0", "--json", "--out", str(out)],
                       env=ENV, capture_output=True, text=True, timeout=300)
    lines = [x for x in p.stdout.splitlines() if x.startswith("{")]
    return p.returncode, (json.loads(lines[-1]) if lines else None), p.stderr


def score(sgf, rules):
    p = subprocess.run([sys.executable, "-m", "goboard", "score", sgf, "--rules", rules, "--json"],
                       env=ENV, capture_output=True, text=True, timeout=60)
    assert p.returncode == 0, p.stderr
    return json.loads(p.stdout)["result"]


# rules -> the moves the board takes: the record's 243, and the passes these
# rules need to end play after its two
CLOSING = {"aga": 1, "ing": 2, "tang-song": 1}


ELEVEN = ["chinese", "chinese-1988", "japanese", "aga", "ing", "new-ing", "jipingdian",
          "living-stones", "tang-song", "ming-qing", "tromp-taylor"]


@pytest.fixture(scope="module")
def demos(tmp_path_factory):
    """The demo under each rule set, two at a time (each is a board process and a
    host: the machine's two cores)."""
    from concurrent.futures import ThreadPoolExecutor
    base = tmp_path_factory.mktemp("demos")
    with ThreadPoolExecutor(max_workers=2) as pool:
        runs = {r: pool.submit(demo, r, base / r) for r in ELEVEN}
        return {r: f.result() for r, f in runs.items()}


@pytest.mark.parametrize("rules", ELEVEN)
def test_the_board_and_goboard_score_count_the_demo_alike(rules, demos):
    rc, out, err = demos[rules]
    assert rc == 0, err
    assert out["status"] == "counted" and out["exact"] and out["whole"], out
    assert out["record_moves"] == 243
    assert out["moves"] == 243 + CLOSING.get(rules, 0)
    assert out["result"] and score(out["sgf"], rules) == out["result"]


def test_ing_white_fills_its_area_from_its_bowl_and_the_bowl_agrees():
    """The demo's record under Ing through `goboard sim`: two more passes end
    play, the hands put prisoners, dead and pass stones back in their bowls and
    white fills its territory until its bowl is empty; the board weighs the
    bowl and its count agrees with the fill."""
    game = os.path.join(REPO, "tools", "sim", "games", "demo-19.sgf")
    p = subprocess.run([sys.executable, "-m", "goboard", "sim", game, "--rules", "ing", "--json"],
                       env=ENV, capture_output=True, text=True, timeout=300)
    assert p.returncode == 0, p.stderr
    out = json.loads(p.stdout)
    ends = [e for e in out["events"] if e["type"] == "end"]
    assert [e["reason"] for e in ends] == ["four-passes"]
    count = [e for e in out["events"] if e["type"] == "count"][-1]
    fill = count["fill"]
    assert fill["agree"] is True and fill["white_bowl_left"] == 0
    # white's bowl ran out before its area was full: the rest counted as unfilled
    assert fill["filled"] + fill["unfilled"] == count["breakdown"]["white"]["territory"]
    assert count["result"] == out["result"]


def test_white_first_rules_play_the_record_with_its_colours_swapped(demos):
    rc, out, err = demos["ming-qing"]
    assert rc == 0, err
    with open(out["sgf"], encoding="utf-8") as f:
        sgf = f.read()
    first = sgf.index(";W[")
    assert ";B[" not in sgf[:first]           # white's stone comes first
    assert "PW[GNU Go" in sgf


def test_a_record_the_board_refuses_is_said(tmp_path):
    # a Tromp-Taylor record with a suicide (legal there), shown under Chinese
    # rules: the board refuses the move and the demo says where the game stands
    sgf = tmp_path / "suicide.sgf"
    sgf.write_text("(;GM[1]FF[4]SZ[9]RU[NZ]KM[7.5];B[ee];W[ab];B[ff];W[ba];B[aa])")
    rc, out, err = demo("chinese", tmp_path / "out", [str(sgf)])
    assert rc == 2 and out is not None and not out["whole"]
    assert "the board stopped after 4 of the record's 5 moves" in err
    assert "Traceback" not in err and len(err.strip().splitlines()) == 1
