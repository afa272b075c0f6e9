"""The demo under each rule set (issue 12's "one count"): the count the board
announces is the count `goboard score` makes of the SGF the host wrote; under
the rules where white moves first the record is played with its colours swapped
(it played nothing before, and said the game was exact); under the rules whose
end of play the record does not reach, the demo says where the game stands."""

import json
import os
import subprocess
import sys

import pytest

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ENV = dict(os.environ, PYTHONPATH=os.pathsep.join(
    [os.path.join(REPO, "host"), os.path.join(REPO, "firmware")]))


def demo(rules, out):
    p = subprocess.run([sys.executable, "-m", "goboard", "demo", "--pace", "0", "--rules", rules,
                        "--port", "0", "--linger", "0", "--json", "--out", str(out)],
                       env=ENV, capture_output=True, text=True, timeout=300)
    lines = [x for x in p.stdout.splitlines() if x.startswith("{")]
    return p.returncode, (json.loads(lines[-1]) if lines else None), p.stderr


def score(sgf, rules):
    p = subprocess.run([sys.executable, "-m", "goboard", "score", sgf, "--rules", rules, "--json"],
                       env=ENV, capture_output=True, text=True, timeout=60)
    assert p.returncode == 0, p.stderr
    return json.loads(p.stdout)["result"]


@pytest.mark.parametrize("rules", ["chinese", "chinese-1988", "japanese", "new-ing", "jipingdian",
                                   "ming-qing", "tromp-taylor"])
def test_the_board_and_goboard_score_count_the_demo_alike(rules, tmp_path):
    rc, out, err = demo(rules, tmp_path)
    assert rc == 0, err
    assert out["status"] == "counted" and out["exact"] and out["whole"], out
    assert out["moves"] == out["record_moves"] == 243
    assert out["result"] and score(out["sgf"], rules) == out["result"]


def test_white_first_rules_play_the_record_with_its_colours_swapped(tmp_path):
    rc, out, err = demo("ming-qing", tmp_path)
    assert rc == 0, err
    with open(out["sgf"], encoding="utf-8") as f:
        sgf = f.read()
    first = sgf.index(";W[")
    assert ";B[" not in sgf[:first]           # white's stone comes first
    assert "PW[GNU Go" in sgf


def test_a_record_that_does_not_reach_the_rules_end_of_play_is_said(tmp_path):
    # under living stones two passes repeat a board: play ends by abandons, which
    # the record has not; the board refuses the pass and the demo says so
    rc, out, err = demo("living-stones", tmp_path)
    assert rc == 2 and out is not None and not out["whole"]
    assert "the board stopped after 242 of the record's 243 moves" in err
    assert "Traceback" not in err and len(err.strip().splitlines()) == 1
