"""The demo is watchable from a second terminal and tells the end of play as the
rules have it: under AGA black's last pass leaves play waiting for white's, so
the players pass once more (white last) and the board counts; where play has
not ended the demo says why (never "game over: None"); and `goboard watch
--page` (the command the demo prints) draws the board from the demo's live page."""

import os
import re
import shlex
import subprocess
import sys
import time
from conftest import REPO


def test_demo_under_aga_prints_a_watch_command_that_works(tmp_path):
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(
        [os.path.join(REPO, "host"), os.path.join(REPO, "firmware")]))
    log = open(tmp_path / "demo.out", "w+")
    demo = subprocess.Popen([sys.executable, "-m", "goboard", "demo", "--pace", "0", "--rules",
                             "aga", "--port", "0", "--linger", "30", "--out",
                             str(tmp_path / "games")], stdout=log, stderr=subprocess.STDOUT,
                            env=env)
    try:
        cmd = None
        end = time.monotonic() + 60
        while cmd is None and time.monotonic() < end:
            time.sleep(0.2)
            m = re.search(r"or in another terminal: (.+ watch --page \S+)",
                          open(tmp_path / "demo.out").read())
            cmd = m and shlex.split(m.group(1))
        assert cmd, open(tmp_path / "demo.out").read()
        while "after 244 moves" not in open(tmp_path / "demo.out").read():
            assert time.monotonic() < end and demo.poll() is None
            time.sleep(0.2)
        text = open(tmp_path / "demo.out").read()
        assert "game over: None" not in text
        assert re.search(r"game over: [BW]\+[0-9.]+ after 244 moves", text), text
        # the command as printed, in this shell (not a bare `goboard`, not on PATH here)
        w = subprocess.run(cmd + ["--plain", "--idle-exit", "1.5"], env=env,
                           capture_output=True, timeout=30)
        assert w.returncode == 0, w.stderr
        out = w.stdout.decode()
        assert "board SIM-DEMO" in out and "move 244: W pass" in out, out[-800:]
        sgf = open(tmp_path / "games" / "SIM-DEMO-0001.sgf").read()
        assert "Dead stones lifted: ." not in sgf
    finally:
        demo.terminate()
        demo.wait(10)
        log.close()


def test_where_play_has_not_ended_the_demo_says_why():
    from goboard.commands.demo import end_words
    from goboard.live.state import LiveState
    from synth import EventMaker
    m = EventMaker(size=9)
    s = LiveState("b")
    start = m.start()
    start["rules"] = "aga"
    s.apply(start)
    s.apply(m.play("cc"))
    s.apply(m.pass_move())      # white passes
    s.apply(m.pass_move())      # black passes last: AGA waits for white's pass
    assert end_words(s) == ("no result: play has not ended (aga rules: black passed, white to "
                            "play; the game waits for white's pass)")
    s.apply({"type": "paused"})
    assert end_words(s).startswith("no result: play is paused after two passes")
    s.apply({"type": "end", "reason": "four-passes"})
    assert end_words(s) == "play has ended (four passes); no count yet"
