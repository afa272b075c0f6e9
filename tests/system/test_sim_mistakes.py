"""The players' mistakes and the world's new abilities (issue 19, items 6 and 7),
checked whatever the referee does: the stones, bowls and lids where the hands
put them, the players' game (the ground truth) right, and the verdict's count
and blame. What a correct referee makes of each mistake is
tests/test_referee_table.py; the campaign is tests/test_fault_campaign.py."""

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from goboard.sim import faults as simfaults
from goboard.sim.run import simulate
from goboard.sim.script import parse_script
from goboard.errors import UserError
from goboard.record.sgfgame import read_sgf
from goban import rules as R
from goban.game import Game
from sim_rig import play, script, sim
from conftest import REPO

ROOT = REPO
GAMES = ROOT / "tools" / "sim" / "games"
SEED = int(os.environ.get("GOBOARD_MISTAKE_SEED", "3"))
BOWL = 40           # stones in each bowl at the start on the simulated 9x9 board


# --- the world's new abilities, played through goboard sim ---------------------------------
def test_a_power_cut_that_lasts_while_the_hands_play_on():
    lines = play("B cc,W gg") + ["power-cut 2500", "wait 200", "place B cg", "wait 400",
                                 "place W gc", "wait 3000"]
    out = sim(script(*lines), players=True, seed=2)
    off, on = out["summary"]["outages"][0]
    assert on - off >= 2500 and out["summary"]["cuts"] == 1
    # the board said nothing while it was off, and booted when the power came back
    assert not [e for e in out["events"] if off < e["t"] < on]
    assert any(b["how"] != "new" for b in out["boots"][1:])
    truth = out["truth"]
    assert [m[1] for m in truth["moves"]] == ["cc", "gg", "cg", "gc"]
    played = [s[0] for s in truth["stones"] if s[2] in ("cg", "gc")]
    assert all(off < t < on for t in played), (off, on, played)


def test_passes_and_a_dead_stone_while_the_board_was_off_are_done_again():
    """Play ends while the board is off (two moves, both passes, a dead stone
    lifted): back on, it lights the two stones to play again in order. The
    players take them off, put the dead stone back (play has not ended for the
    board), play them again, press both passes again, lift the dead stone
    again: the board's game and count are the players' (seed 731902 game 166)."""
    lines = play("B cc,W gg,B cg,W gc") + [
        "power-cut 3000", "wait 200", "place B ee", "wait 400", "place W ge", "wait 300",
        "button B pass", "wait 300", "button W pass", "wait 300", "lift gc", "wait 3500",
        "button B end", "wait 2000"]
    out = sim(script(*lines), players=True, seed=2)
    v = out["verdict"]
    assert (v["false"], v["lost"], v["jams"], v["stopped"]) == ([], [], [], None), v
    assert [f["code"] for f in out["fixes"]] == ["resume-order"]
    assert out["fixes"][0]["actions"] == [["restore", "W", "gc", "fix"], ["lift", "ge", "bowl"],
                                          ["lift", "ee", "bowl"]]
    assert out["moves"] == ["cc", "gg", "cg", "gc", "ee", "ge", "", ""]
    assert out["truth"]["dead"] == ["gc"]
    assert v["count"]["board"] == v["count"]["true"] and v["count"]["true"]


def test_a_scripted_pass_stone_is_in_the_players_game_and_the_lid():
    lines = play("B cc,W gg") + ["pass-stone B 500", "wait 600", "place W gc", "wait 600"]
    out = sim(script(*lines), rules="aga", players=True, seed=3)
    assert out["truth"]["moves"] == [["B", "cc"], ["W", "gg"], ["B", ""], ["W", "gc"]]
    sc = out["summary"]["scales"]
    assert sc["lidW"] == 1 and sc["B"] == BOWL - 2 and sc["W"] == BOWL - 2 and sc["lidB"] == 0


def test_lifts_go_where_the_hand_carries_them():
    # black captures white's bb; white's stones then go to four places
    lines = play("B ba,W bb,B ab,W ee,B cb,W ff,B bc") + [
        "wait 200", "lift bb wrong-lid", "wait 300", "place W gg", "wait 300", "place B hh",
        "wait 300", "lift gg floor", "lift ee bowl", "lift ff", "wait 300"]
    out = sim(script(*lines), players=False, seed=4)
    sc = out["summary"]["scales"]
    # bb in white's own lid (lidW holds black prisoners: the wrong one), ff in
    # the right one (lidB), ee back in white's bowl, gg on the floor
    assert (sc["lidW"], sc["lidB"]) == (1, 1)
    assert sc["W"] == BOWL - 4 + 1 and sc["B"] == BOWL - 5
    assert sum(sc.values()) + 5 + 1 == 2 * BOWL   # 5 black stones on the board, one on the floor


def test_two_hands_at_once_and_a_stone_taken_early():
    lines = play("B cc,W gg") + ["take B", "wait 800",
                                 "overlap place B cg | 60 lift gg bowl", "wait 400"]
    out = sim(script(*lines), seed=5)
    sc = out["summary"]["scales"]
    assert sc["B"] == BOWL - 2 and sc["W"] == BOWL     # the stone in hand left the bowl once


def test_a_stone_slid_onto_the_next_moves_point_is_pushed_back_before_the_move():
    """Black's cd slides onto ce (a sleeve) after white's answer, and black's
    next move is ce, its hand already on the way: the player sees a stone
    there and pushes it back to cd before playing (two stones never share a
    point: the world let the new one take the slid one's place, a stone
    vanished, the player put another on cd from the bowl, and in a campaign
    the board took the slid stone's arrival for black's move, before white's:
    seed 723612 game 241). Every stone is where the game has one or in its
    bowl, none fetched for a fix."""
    lines = play("B cc,W gg,B cd,W gd") + ["slide cd ce", "place B ce", "wait 300",
                                           "place W gc", "wait 2500"]
    out = sim(script(*lines), players=True, seed=2)
    want = ["cc", "gg", "cd", "gd", "ce", "gc"]
    assert [m[1] for m in out["truth"]["moves"]] == want and out["moves"] == want
    summ = out["summary"]
    assert summ["on_board"] == [3, 3] and summ["floor"] == 0
    assert summ["scales"]["B"] == BOWL - 3 and summ["scales"]["W"] == BOWL - 3
    assert not [a for f in out["fixes"] for a in f.get("actions", ()) if a[0] == "place"]
    v = out["verdict"]
    assert (v["false"], v["lost"], v["stopped"]) == ([], [], None), v


class _Lights:
    def __init__(self, lit):
        self.lit = lit


class _Runner:
    """What the players read of a runner: the world (a 9x9 board of stones) and
    the board's lights."""

    def __init__(self, stones, lit):
        sys.path.insert(0, str(ROOT / "tools" / "sim"))
        try:
            from world import World
        finally:
            sys.path.pop(0)
        self.size = 9
        self.world = w = World.__new__(World)     # (its board and point names only)
        w.size = 9
        w.board = [0] * 81
        for c, s in stones:
            w.board[w.point(s)] = {"B": 1, "W": 2}[c]
        self.hw = {"lights": _Lights({w.point(s): 1 for s in lit})}


def test_a_capture_taken_back_with_the_move_that_captured_it_stays_off():
    """resume-order after a cut: while the board was off white played aa, black
    captured it with ab (aa lifted), and white played gd as the board came
    back; the board lights ab alone (its order is what it cannot tell). The
    players take back every move since the board's record, newest first: gd
    and ab are lifted, and aa, captured by ab but itself taken back, stays off
    (put back and lifted again, the board took it for white's move and its
    lifting for a stone removed: seed 644394 game 92). Then they play the
    three again in order."""
    sys.path.insert(0, str(ROOT / "tools" / "sim"))
    try:
        from players import Players
    finally:
        sys.path.pop(0)
    r = _Runner([("B", "ba"), ("W", "gg"), ("B", "cc"), ("B", "ab"), ("W", "gd")], ["ab"])
    pl = Players(r, {"rules": "chinese"})
    g = pl.truth
    for c, s in (("B", "ba"), ("W", "gg"), ("B", "cc"), ("W", "aa"), ("B", "ab"), ("W", "gd")):
        assert g.play({"B": 1, "W": 2}[c], g.board.from_sgf(s)) is None
    pl.released = [0] * g.n
    pl.board_moves = [["B", "ba"], ["W", "gg"], ["B", "cc"]]
    assert pl._replay_lit() == [["lift", "gd", "bowl"], ["lift", "ab", "bowl"]]
    assert g.n == 3
    assert [(c, r.world.sgf(i)) for c, i in pl.replay] == [(2, "aa"), (1, "ab"), (2, "gd")]


def test_new_verbs_parse_and_bad_ones_are_one_line():
    acts = parse_script("lift cc wrong-lid\ntake W\nlay B dd\nrestore W ee\npass-stone B 300\n"
                        "power-cut 2000\nslide cc cd 90\nmistake roll 0 1 cc\n"
                        "overlap place B cc | 40 lift dd floor\nwait 900 cc\n", 9)
    assert acts == [["lift", "cc", "wrong-lid"], ["take", "W"], ["lay", "B", "dd"],
                    ["restore", "W", "ee"], ["pass-stone", "B", 300], ["power-cut", 2000],
                    ["slide", "cc", "cd", 90], ["mistake", "roll", 0, 1, "cc"],
                    ["overlap", [[0, ["place", "B", "cc"]], [40, ["lift", "dd", "floor"]]]],
                    ["wait", 900, "cc"]]
    for bad, word in (("lift cc pocket\n", "place for a stone"), ("mistake sneeze\n", "mistake"),
                      ("overlap place B cc\n", "two actions"), ("overlap place B cc | wait\n",
                                                                "takes 1 to 2"),
                      ("overlap place B cc | 40 power-cut\n", "what a hand does")):
        with pytest.raises(UserError) as e:
            parse_script(bad, 9)
        assert word in str(e.value) and "line 1" in str(e.value), (bad, str(e.value))


# --- each mistake, once, through goboard sim ---------------------------------------------------
def sgf_args(**kw):
    a = dict(rules=None, komi=None, handicap=None, seed=SEED, noise=1, size=None, profile=None,
             cut_after="", torn=False, log_dir=None, json=True, tempo=None, faults=0,
             mistakes=0, fault_kinds=None, players=True)
    a.update(kw)
    return argparse.Namespace(**a)


def replayed(moves, rules, size=19):
    """The players' moves replayed: (game, stones captured of each colour)."""
    g = Game(R.get(rules), size, capacity=600)
    b = g.board
    for c, pt in moves:
        col = 1 if c == "B" else 2
        assert (g.play(col, b.from_sgf(pt)) if pt else g.pass_move(col)) is None
    return g, {1: g.captures[2], 2: g.captures[1]}     # black stones white took, white ones black took


RECORD = str(GAMES / "gnugo-009.sgf")     # 27 capturing moves, 8 dead stones at the end


@pytest.mark.parametrize("kind", simfaults.MISTAKES)
def test_each_mistake_is_played_as_the_catalogue_says(kind):
    """One mistake of `kind` in a GNU Go game: it happened, the players' game
    is the record's (a slip is never a move), a slip's stones were put down
    and taken off again, every stone is in a bowl, a lid, on the board or on
    the floor as the mistake put it, and the players' count is GNU Go's.
    Whatever the referee made of it (printed: tests/test_referee_table.py
    holds what it should do)."""
    rules = "aga" if kind == "quick-pass" else "chinese"
    out = simulate(RECORD, sgf_args(mistakes=1, fault_kinds=kind, rules=rules))
    truth, v = out["truth"], out["verdict"]
    print(kind, "seed", SEED, "played", v["played"], "recorded", v["recorded"], "false",
          len(v["false"]), "lost", len(v["lost"]), "jams", len(v["jams"]), "counts",
          v["counts"], "stopped", v["stopped"], "slips", truth["slips"])
    made = [f for f in truth["faults"] if f.get("mistake")]
    assert [f["kind"] for f in made] == [kind]
    moves = truth["moves"]
    sgf = out["sgf_moves"]
    played = [m[1] for m in moves]
    if kind == "quick-pass":          # white's pass and black's answer, inside the record
        i = next(k for k in range(len(moves) - 2) if moves[k:k + 2] == [["W", ""], ["B", ""]])
        played = played[:i] + played[i + 2:]
    if truth.get("arbiter"):          # a second stone never taken off: the arbiter's move
        assert kind in ("second-window", "second-later", "second-answered")
        return
    sc = out["summary"]["scales"]
    floor = out["summary"]["floor"]
    assert floor == (1 if kind == "prisoner-floor" and not v["stopped"] else floor)
    found = 1 if kind == "stray" else 0            # a stone that came from no bowl
    held = sum(out["summary"]["on_board"]) + sum(out["summary"]["in_hand"])
    assert sum(sc.values()) + held + floor == 2 * 180 + found, (sc, held)
    if v["stopped"]:
        assert played == sgf[:len(played)]
        return                        # (the hands stopped where they were)
    assert played == sgf              # the players' game is the record's
    for s in truth["slips"]:
        assert s["t"] is not None and s["fixed"] is not None and s["how"] in ("named", "self")
        assert s["stones"] == [], "the slip's stones are off the board"
    game, taken = replayed([m[:2] for m in moves], rules)
    b = game.board
    dead = {1: 0, 2: 0}
    for q in truth["dead"]:
        dead[b.cells[b.from_sgf(q)]] += 1
    passes = {c: sum(1 for m in moves if m == [c, ""]) for c in "BW"} if rules == "aga" \
        else {"B": 0, "W": 0}
    lid_w = taken[1] + dead[1] + passes["B"]       # white's lid: black prisoners, black's passes
    lid_b = taken[2] + dead[2] + passes["W"]
    lids = (sc["lidW"], sc["lidB"])
    if kind == "prisoner-floor":
        assert sum(lids) == lid_w + lid_b - 1
    elif kind == "wrong-lid":
        assert lids in ((lid_w + 1, lid_b - 1), (lid_w - 1, lid_b + 1))
    elif kind == "prisoner-bowl":
        assert sum(lids) < lid_w + lid_b and lids[0] <= lid_w and lids[1] <= lid_b
    else:
        assert lids == (lid_w, lid_b), (sc, lid_w, lid_b)
    on_board = sum(1 for p in b.points() if b.cells[p]) - dead[1] - dead[2]
    assert sum(out["summary"]["on_board"]) == on_board
    if truth["count"] is not None:      # the players' count is the rules core's on their game
        root = read_sgf(Path(RECORD).read_bytes()).get_root()
        assert truth["count"]["result"] == str(root.get("RE"))


# --- the verdict: the count, the blame, the arbiter ---------------------------------------------
def verdict_of(truth_count, events, dead=(), faults=()):
    out = {"events": events, "summary": {"moves": [["B", "aa"]], "truth": {
        "moves": [["B", "aa"]], "released": [100], "faults": list(faults), "episodes": [],
        "stopped": None, "attempts": [], "mistake": [], "dead": list(dead),
        "count": truth_count}}}
    return simfaults.verdict(out)


def test_the_verdict_counts_the_boards_count_against_the_true_one():
    true = {"result": "W+7.5", "t": 5000}
    count = {"type": "count", "result": "W+7.5", "t": 5100}
    v = verdict_of(true, [count])
    assert v["counts"] == [] and v["count"] == {"true": "W+7.5", "board": "W+7.5"}
    drift = {"kind": "count-drift", "t0": 3000, "end": 4000, "rec": None, "point": "cc",
             "mistake": True}
    v = verdict_of(true, [{"type": "dead", "points": ["dd"], "t": 5050},
                          dict(count, result="W+35.5")], dead=["dd", "cc"], faults=[drift])
    assert [(e["code"], e["board"], e["true"], e["points"], e["fault"]) for e in v["counts"]] \
        == [("count-wrong", "W+35.5", "W+7.5", ["cc"], "count-drift")]
    v = verdict_of(true, [], faults=[drift])
    assert [e["code"] for e in v["counts"]] == ["count-missing"]
    assert verdict_of(None, [])["counts"] == []      # the players never asked for a count


def test_an_error_goes_to_the_fault_the_board_never_recovered_from():
    faults = [{"kind": "stray", "t0": 0, "end": 2000, "rec": None, "point": "ee",
               "mistake": True, "lasting": True},
              {"kind": "hover", "t0": 50000, "end": 51000, "rec": None, "point": "cc"}]
    assert simfaults.blame(52000, ["dd"], faults, [])[0] == "stray"
    faults[0]["rec"] = 2500       # recovered: the hover is the latest
    assert simfaults.blame(52000, ["dd"], faults, [])[0] == "hover"
    # a lasting mistake (a stone where no scale expects it) stays a cause, before
    # a newer fault the board had recovered from
    lid = {"kind": "wrong-lid", "t0": 1000, "end": 3000, "rec": 3100, "point": "aa",
           "mistake": True, "lasting": True}
    hover = {"kind": "hover", "t0": 80000, "end": 81000, "rec": 81010, "point": "cc"}
    assert simfaults.blame(90000, ["dd"], [lid], [])[0] == "wrong-lid"
    assert simfaults.blame(90000, ["dd"], [lid, hover], [])[0] == "wrong-lid"
    hover["rec"] = None
    assert simfaults.blame(90000, ["dd"], [lid, hover], [])[0] == "hover"
    hover["rec"], hover["t0"], hover["end"] = 86010, 88000, 88500    # begun just before
    assert simfaults.blame(90000, ["dd"], [lid, hover], [])[0] == "hover"
    # a move lost to a mistake right after its stone was let go
    end = {"kind": "end-press", "t0": 10300, "end": 12000, "rec": None, "point": None,
           "mistake": True}
    assert simfaults.blame(10000, ["dd"], [end], [], late=2000)[0] == "end-press"
    assert simfaults.blame(10000, ["dd"], [end], [])[0] == "none"


def test_the_arbiter_records_a_second_stone_left_on_the_board(tmp_path):
    """A second black stone nobody took off (the board never named it): the
    arbiter's record has it as black's move after a white pass (players.py)."""
    sys.path.insert(0, str(ROOT / "tools" / "sim"))
    try:
        import players as P
        import world as W
    finally:
        sys.path.remove(str(ROOT / "tools" / "sim"))
    from array import array

    class Runner:
        size = 9
        scan_ms = 10

    r = Runner()
    r.world = W.World(9, {}, array("H", [0] * 81), seed=1)
    p = P.Players(r, {"rules": "chinese", "komi": 7.5})
    w = r.world

    def put(c, pt, role="move"):
        for _ in w.place(c, w.point(pt), role=role):
            w.tick(w.now + 10)
    put(1, "cc")
    p.fault("second-later", 0, 0, "gg", {"id": 1, "home": "bowl"}, True)
    put(1, "gg", "slip:1")
    put(2, "ee")
    s = p.summary()
    assert s["moves"] == [["B", "cc"], ["W", ""], ["B", "gg"], ["W", "ee"]]
    assert s["arbiter"] == ["gg"] and len(s["released"]) == 4
    for _ in w.lift(w.point("gg"), "bowl"):       # taken off after all: never a move
        pass
    s = p.summary()
    assert s["moves"] == [["B", "cc"], ["W", "ee"]] and "arbiter" not in s


def test_a_pause_before_lifting_a_stone_is_none_once_it_is_gone():
    """`wait ms pt` (slow-capture-byoyomi's pauses between prisoners): the full
    pause while a stone is on pt, none once it was lifted (by a fix the board
    asked for: white then thought past its period and lost on time for real,
    while the script said the time began later: seed 724226 game 63)."""
    sys.path.insert(0, str(ROOT / "tools" / "sim"))
    try:
        import world as W
    finally:
        sys.path.remove(str(ROOT / "tools" / "sim"))
    from array import array
    w = W.World(9, {}, array("H", [0] * 81), seed=1)
    for _ in w.place(1, w.point("cc")):
        pass
    assert sum(1 for _ in w.action(["wait", 900, "cc"], 10)) == 90
    for _ in w.lift(w.point("cc")):
        pass
    assert sum(1 for _ in w.action(["wait", 900, "cc"], 10)) == 1
    assert sum(1 for _ in w.action(["wait", 900], 10)) == 90


# --- the campaign ------------------------------------------------------------------------------
def test_the_campaign_draws_its_seed_prints_it_first_and_a_failing_game_replays(capsys, tmp_path):
    import bench_faults
    path = tmp_path / "v.json"
    assert bench_faults.main(["--games", "1", "--jobs", "1", "--json", str(path)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("seed ") and "mixed" not in lines[0]
    seed = int(lines[0].split()[1])
    v = json.loads(path.read_text())[0]
    assert v["seed"] == seed * 10007 and 1 <= v["n_mistakes"] <= 3 and v["rules"] in bench_faults.RULES
    assert any(x.startswith("counts: ") for x in lines) and "mistake" in "\n".join(lines)
    # the game's replay line, run as a user would, plays the same game
    line = bench_faults.replay_line(v)
    goboard = str(Path(sys.executable).parent / "goboard")
    proc = subprocess.run([goboard] + line.split()[1:], capture_output=True, text=True,
                          timeout=600, cwd=str(ROOT))
    again = json.loads(proc.stdout)["verdict"]
    for key in ("played", "recorded", "false", "lost", "counts"):
        assert len(again[key]) == len(v[key]) if isinstance(v[key], list) else again[key] == v[key]
    assert [f["kind"] for f in again["faults"]] == [f["kind"] for f in v["faults"]]


def test_a_large_capture_lifted_slowly_under_byoyomi():
    """The catalogue's slow-capture-byoyomi (issue 23): the GNU Go game on a 30 s
    byo-yomi for every move; the capturer lifts for 24 s and the opponent then
    thinks 10 s. The opponent's period starts at the lift, so nobody loses on
    time and the board records every move played."""
    out = simulate(RECORD, sgf_args(mistakes=1, fault_kinds="slow-capture-byoyomi"))
    evs, v = out["events"], out["verdict"]
    assert evs[0]["clock"] == simfaults.BYOYOMI_CLOCK
    made = [f for f in out["truth"]["faults"] if f.get("mistake")]
    assert [f["kind"] for f in made] == ["slow-capture-byoyomi"]
    slow = []
    for k, e in enumerate(evs):
        if e["type"] == "lifted":
            cap = [m for m in evs[:k] if m["type"] == "move"][-1]
            answer = next(m for m in evs[k:] if m["type"] == "move")
            if e["t"] - cap["t"] > 20000:
                slow.append((len(cap["captures"]), e["t"] - cap["t"], answer["t"] - e["t"]))
    assert len(slow) == 1 and slow[0][0] >= simfaults.LARGE, slow
    assert slow[0][1] + slow[0][2] > 30000         # a period started at the capture: gone
    assert not [e for e in evs if e.get("flag")] and not [
        e for e in evs if e["type"] == "end" and e.get("reason") == "time"]
    assert v["false"] == [] and v["lost"] == [] and v["jams"] == [] and v["stopped"] is None
    assert v["played"] == v["recorded"] == len(out["sgf_moves"])


def test_a_campaign_stopped_early_reports_the_games_it_played():
    """A long campaign stopped (Ctrl-C, a kill: `stop` set) starts no game
    after, ends those under way and answers with their verdicts: a 650-game
    run stopped for a session's end used to print nothing at all."""
    import threading
    import bench_faults
    stop = threading.Event()
    seen = []

    def progress(v, done):
        seen.append(v["game"])
        stop.set()                # stopped as the first game ends
    results = bench_faults.campaign(3, 11, jobs=1, progress=progress, stop=stop)
    assert [v["game"] for v in results] == seen == [1]
    assert bench_faults.report(results, 11, 1, 0)[0].startswith("fault campaign: seed 11, 1 games")



def test_a_game_killed_by_the_stop_is_left_out_not_called_a_crash(monkeypatch):
    """Ctrl-C reaches the whole process group: the game under way dies with the
    campaign's stop. It is cut short, not a board that crashed (seed 499490
    game 22 was reported stuck: crashed); a crash with no stop still counts."""
    import threading
    import bench_faults
    stop = threading.Event()

    def killed(g):
        stop.set()
        return {"game": g["game"], "crashed": True, "stopped": "crashed: no summary"}
    monkeypatch.setattr(bench_faults, "play", killed)
    assert bench_faults.campaign(3, 11, jobs=1, stop=stop) == []
    stop.clear()
    monkeypatch.setattr(bench_faults, "play", lambda g: {"game": g["game"], "crashed": True})
    assert [v["game"] for v in bench_faults.campaign(2, 11, jobs=1, stop=stop)] == [1, 2]
