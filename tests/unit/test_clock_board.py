"""The clock inside the board loop, under MicroPython, without the world model:
the scan and the clock's step allocate nothing while a player thinks (heap
locked); the host's requests (a clock set on a game in play that had none, the
players, bad values refused with nothing changed); a flag whose `end` a power cut
tore ends the game on time at the resume. (tests/test_sim_clock.py plays whole
games through the simulator.)"""

import json
import subprocess
import sys

from conftest import MP, REPO, run_micropython
from crossport import loop_program_alike


def test_the_clock_in_the_board_loop(tmp_path):
    out = json.loads(run_micropython(MP / "clock_board.py", stdin=str(tmp_path)).splitlines()[-1])
    # 1. the heap stayed locked 5 s while black thought; then its first tick after
    # a tenth of its minute (charged the clock's lag, 320 ms, behind the loop)
    h = out["heap"]
    assert h["ticks"] == 1 and 60000 - 6600 <= h["B"] <= 60000 - 5500, h
    assert h["display"][-1].startswith("B0:") and "*" in h["display"][-1]    # black's time runs
    # 2. the host's clock on a game that had none: white (to move) runs at once
    s = out["host"]
    assert s["set"]["run"] == "W" and not s["set"]["paused"] and s["set"]["by"] == "host"
    assert s["set"]["spec"] == "byoyomi:60+3x30"
    a = s["after"]
    assert a["run"] == "B" and 60000 - 5400 <= a["W"]["main"] <= 60000 - 4900
    e = s["errors"]
    assert len(e) == 8 and "no clock is set" in e[0] and "byoyomi" in e[1]
    assert "pause" in e[2] and "nothing to set" in e[3] and "colour" in e[4]
    assert "10d" in e[5] and "white" in e[6] and "fischer" in e[7].lower()
    assert s["players"]["type"] == "players" and s["players"]["white"] == "Lee Sedol"
    # the refused `new` changed nothing: the game, its clock and players stand
    assert s["state"] == {"rules": "chinese", "clock": "byoyomi:60+3x30", "move": 2,
                          "players": {"white": "Lee Sedol", "white_rank": "9p"}}
    assert s["logged"] == ["game-start", "ready", "move", "clock", "move", "clock", "players"], s["logged"]
    # 3. the flag's `end` torn by a cut: the board comes back with the game lost on time
    f = out["flag"]
    assert f["how"] == "resumed"
    assert [(e["reason"], e["winner"]) for e in f["end"]] == [("time", "W")]
    assert f["types"][:2] == ["clock", "end"]
    assert f["phase"] == "over" and f["over"] and f["end_state"] == "time"


MENU = MP / "clock_menu.py"
# (presses after the board's game is over, the clock the new game gets, the display
# at the clock's steps): each time system from the menu at the board, no computer
WALKS = [
    ("ok,ok,ok,ok,ok", None, [["Clock", "none"]]),
    ("ok,ok,ok,ok,up,ok,down,down,ok", "absolute:60",
     [["Clock", "absolute"], ["Main time", "10:00"], ["Main time", "1:00"]]),
    ("ok,ok,ok,ok,up,up,ok,up,ok,down,ok,up,ok", "byoyomi:900+2x40",
     [["Clock", "byo-yomi"], ["Main time", "15:00"], ["Periods", "2"], ["Period", "40 s"]]),
    ("ok,ok,ok,ok,up,up,up,ok,ok,up,ok,up,up,ok", "canadian:600+20/600",
     [["Clock", "Canadian"], ["Moves", "20"], ["Period", "10:00"]]),
    ("ok,ok,ok,ok,down,down,ok,down,ok,up,up,up,up,up,ok", "fischer:300+60",
     [["Clock", "Fischer"], ["Main time", "5:00"], ["Increment", "1:00"]]),
    ("ok,ok,ok,ok,down,ok" + ",up" * 20 + ",ok,ok", "ing:12600+3x2100@2",
     [["Clock", "Ing"], ["Main time", "3:30:00"], ["Periods", "3 x 35:00"]]),
]


def test_a_clock_chosen_at_the_board_alone():
    """The new-game menu's clock steps (type, main time, overtime) under CPython
    and MicroPython alike: each system's spec in the new game's game-start, the
    display at each step, up/down held at the ends of the choices, none: no clock."""
    text = "\n".join(w for w, _, _ in WALKS) + "\n"
    env = {"PYTHONPATH": str(REPO / "firmware"), "PATH": "/usr/bin:/bin"}
    cp = subprocess.run([sys.executable, str(MENU)], input=text, capture_output=True, text=True,
                        env=env, timeout=60, cwd=str(REPO))
    assert cp.returncode == 0, cp.stderr
    mp = run_micropython(MENU, stdin=text)
    assert cp.stdout.splitlines() == mp.splitlines()
    for (presses, spec, shown), line in zip(WALKS, cp.stdout.splitlines()):
        lines, start = json.loads(line)
        assert start is not None and start[4] == "menu", presses
        assert start[3] == spec, (presses, start)
        for want in shown:
            assert want in lines, (presses, want, lines)
        assert lines[-1][0].startswith("New game")        # the game began


def _left(side):
    return side["main"] + side["period"]


def test_captures_flags_and_cuts_in_the_board_loop(tmp_path):
    """Issue 23 in the board loop (tests/mp/clock_cuts.py), under MicroPython and
    CPython alike: a capture is the capturer's time until its last prisoner is
    off; a flag is decided by when the stone landed and always ends the game;
    a cut at every event boundary and between restores the clock as it stood."""
    got = loop_program_alike("clock_cuts.py", tmp_path)
    lift, flags, cuts = got[0]["lift"], got[1]["flags"], got[2]
    # 1. the clocks on the display while black lifts (its time runs); white's
    # period starts when the last prisoner is off: no flag, the game goes on
    assert lift["shown"] == ["Lift captured: 2", "B5s/1* W5s/1"]
    assert lift["types"][-2:] == ["lifted", "clock"]
    a = lift["after_lift"]
    assert a["run"] == "W" and a["W"]["period"] == 5000 and a["B"]["period"] == 5000
    assert lift["flags"] == [] and lift["ends"] == []
    assert lift["after_answer"]["run"] == "B" and lift["after_answer"]["W"]["period"] == 5000
    # 2. landed 10 ms before the flag (taken as a move after it): in time, the clock runs on
    f = flags[0]
    assert not f["over"] and f["moves"] == 1 and f["ends"] == []
    assert f["last"]["run"] == "W" and 0 < f["last"]["B"]["main"] <= 20 and "flag" not in f["last"]
    # ... 50 ms after it: the game is over on time, whatever the move
    f = flags[1]
    assert f["over"] and f["phase"] == "over" and f["display"] == ["Black: time", "W+T"]
    assert [(e["reason"], e["winner"]) for e in f["ends"]] == [("time", "W")]
    # ... a wrong stone whose pause finds the time gone: the same end
    f = flags[2]
    assert f["over"] and [(e["reason"], e["winner"]) for e in f["ends"]] == [("time", "W")]
    assert f["types"].index("illegal") < f["types"].index("end")
    # 3. every cut: penalties, periods, the side to think and a lift awaited as they
    # stood; the thinker's time within one tick (1 s here) and the clock's lag, never
    # less (the 5 s the board was off charged to nobody)
    assert "lifted" in cuts["types"]
    bounds = set()
    for c in cuts["cuts"]:
        r = c["resumed"]
        assert c["how"] == "resumed" and r is not None, c
        live_b, live_w, run, lifting = c["live"]
        for live, key in ((live_b, "B"), (live_w, "W")):
            got = r[key]
            assert (got["periods"], got["penalty"]) == (live["periods"], live["penalty"]), c
            assert 0 <= _left(got) - _left(live) <= 1000 + 320 + 60, c
        assert r["run"] == "BW"[run - 1] and r.get("lift", "") == ("BW"[lifting - 1] if lifting
                                                                  else ""), c
        bounds.add(c["logged"])
    assert len(bounds) >= 12 and len(cuts["cuts"]) >= 2 * len(bounds) - 2
    # the penalty white entered while thinking survives a cut right after it
    assert any(c["live"][1]["penalty"] == 2 and c["resumed"]["W"]["penalty"] == 2
               for c in cuts["cuts"])
