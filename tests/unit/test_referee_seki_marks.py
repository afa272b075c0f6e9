"""The players confirm seki at the board (issue 12, item 5), the referee fed
stable frames by hand (CPython, 9x9): in the DEAD phase the blocks the count
takes as seki are lit yellow beside the dead stones (blue); a stone lifted and
put back on its point within TAP_MS toggles its block's mark, a second tap
toggles it back, a stone lifted and not put back is a dead stone; the `dead`
and `count` events carry the marks, and the SGF the host writes of the log
scores the same in `goboard score`."""

import json

from goban.count import count
from goban.referee import DEAD, OVER, FILL
from goban.referee import seki
from goban.referee.seki import TAP_MS, TAP_MIN_MS, SEKI_COLOR

from conftest import score_cli
from count_positions import ONE_LIBERTY_SEKI, game_of
from referee_board import SIZE, Board, idx

# ONE_LIBERTY_SEKI's blocks (goban.regions; first point -> stones): five in seki
# on single shared liberties (a6, c5, e1), white's wall ac (35 points of territory) alive
SEKI_BLOCKS = {"ad": ["ad", "bd", "cd", "dd", "de", "cf", "df", "ef", "cg", "eg", "ch", "eh",
                      "ci"],
               "ae": ["ae", "be", "bf", "bg", "bh", "bi"],
               "ag": ["ag", "ah", "ai"],
               "dg": ["dg", "dh", "di"],
               "gh": ["gh", "fi", "gi"]}
WALL = "ac"          # a stone of white's living wall


def stones(rows):
    out = {"B": [], "W": []}
    for y, row in enumerate(rows):
        for x, ch in enumerate(row):
            if ch in "XO":
                out["B" if ch == "X" else "W"].append(chr(97 + x) + chr(97 + y))
    return out


def at_the_count(rows=ONE_LIBERTY_SEKI, rules="japanese"):
    """A board whose players placed `rows` stone by stone (black first, a pass
    where one side has no stone left), then both passed: the DEAD phase."""
    b = Board(rules)
    st = stones(rows)
    bl, wh = list(st["B"]), list(st["W"])
    t = 0
    while bl or wh:
        for c, pts in (("B", bl), ("W", wh)):
            t += 10
            b.ref.now = t
            if pts:
                b.put(c, pts.pop(0))
                b.look()
            else:
                b.ref.button(c + ":pass")
                b.log += b.ref.take_events()
    b.ref.button("B:pass" if b.ref.game.to_move() == 1 else "W:pass")
    b.ref.button("B:pass" if b.ref.game.to_move() == 1 else "W:pass")
    b.log += b.ref.take_events()
    if b.ref.phase != DEAD:                        # Ing: two passes pause play
        b.ref.button("B:end")                      # the players agree to end
        b.look()
    assert b.ref.phase == DEAD, [e["type"] for e in b.log[-4:]]
    assert b.ref.game.board.rows() == rows
    b.ref.now = 10000
    b.look()
    return b


def frame_points(names):
    return sorted(idx(p) for p in names)


def seki_lit(b):
    return sorted(b.ref.lights2)


def tap(b, pt, after=500):
    """Lift the stone on pt, put it back `after` ms later (each seen by a look)."""
    c = "B" if b.ref.game.board.cells[b.ref.game.board.from_sgf(pt)] == 1 else "W"
    b.lift(pt)
    b.look()
    b.ref.now += after
    b.put(c, pt)
    b.look()
    b.ref.now += 100


def test_the_seki_blocks_are_lit_beside_the_dead_stones():
    b = at_the_count()
    want = frame_points(sum(SEKI_BLOCKS.values(), []))
    assert seki_lit(b) == want and b.ref.light_color2 == SEKI_COLOR == "yellow"
    assert b.ref.lights == [] and b.ref.lines[0] == "Dead 0, seki 5"
    # a lifted stone is dead (blue), and the seki are counted again without it
    # (black's f1 g1 g2 without g1: the counter reads no seki left)
    b.lift("gi")
    b.look()
    assert b.ref.dead == [idx("gi")] and b.ref.lights == [idx("gi")]
    assert b.ref.light_color == "blue"
    assert b.ref.lights2 == [] and b.ref.lines[0] == "Dead stones: 1"
    b.ref.now += TAP_MS + 1                        # put back late: not a tap
    b.put("B", "gi")
    b.look()
    assert seki_lit(b) == want and b.ref.seki.marks == []
    # a stone added while counting: only it is lit (red) till it is taken off
    b.put("W", "ia")
    assert [e["code"] for e in b.look()] == ["dead-extra"]
    assert b.ref.lights == [idx("ia")] and b.ref.lights2 == []
    b.lift("ia")
    assert [e["type"] for e in b.look()] == ["restored"]
    assert seki_lit(b) == want and b.ref.lights == []


def test_a_tap_marks_a_seki_block_not_seki_and_a_second_tap_takes_it_back():
    b = at_the_count()
    before = seki_lit(b)
    tap(b, "dh")                                   # a stone of the white seki block dg
    assert b.ref.dead == []                         # back on its point: not dead
    assert seki_lit(b) == sorted(set(before) - set(frame_points(SEKI_BLOCKS["dg"])))
    assert b.ref.seki.marks == [[idx("dh"), False]]
    assert tuple(b.ref.lines) == ("Dead 0, seki 4", "Seki: 1 marked; end counts")
    tap(b, "di")                                   # another stone of the same block
    assert b.ref.seki.marks == [] and seki_lit(b) == before
    assert b.ref.lines[1] == "press end to count"


def test_a_tap_marks_a_living_block_seki_and_the_japanese_count_follows():
    """White's wall (35 points of territory) marked in seki: under Japanese its
    territory counts for nobody, so the result changes; the `dead` event and the
    count carry the mark, and the count is goban.count's with that mark."""
    b = at_the_count()
    plain = count(game_of(ONE_LIBERTY_SEKI, "japanese"), [], "japanese")
    tap(b, "ec")                                   # a stone of the wall
    assert b.ref.seki.marks == [[idx("ec"), True]]
    wall = [i for i in b.ref.lights2 if i not in frame_points(sum(SEKI_BLOCKS.values(), []))]
    assert idx("ec") in wall and idx(WALL) in wall
    b.ref.button("end")
    evs = b.ref.take_events()
    b.log += evs
    dead = [e for e in evs if e["type"] == "dead"][0]
    res = [e for e in evs if e["type"] == "count"][0]
    assert dead["points"] == [] and dead["seki"] == {"on": ["ec"], "off": []}
    bd = res["breakdown"]
    assert bd["seki_marked"] == {"on": ["ec"], "off": []}
    assert WALL in bd["seki"] and bd["white"]["seki_territory"] == 35
    marked = count(game_of(ONE_LIBERTY_SEKI, "japanese"), [], "japanese", seki=[("ec", True)])
    assert res["result"] == marked.result != plain.result
    assert b.ref.phase == OVER and b.ref.lights2 == []     # the seki lights go with DEAD


def test_a_stone_lifted_and_not_put_back_is_dead_not_a_tap():
    b = at_the_count()
    b.lift("gi")
    b.look()
    b.ref.now += 5000
    b.look()
    assert b.ref.dead == [idx("gi")] and b.ref.seki.marks == []
    # put back after TAP_MS: no longer dead, and no mark either
    b.put("B", "gi")
    b.look()
    assert b.ref.dead == [] and b.ref.seki.marks == []
    b.lift("gi")
    b.look()
    b.ref.now += TAP_MS + 1
    b.put("B", "gi")
    b.look()
    assert b.ref.seki.marks == []
    # back sooner than TAP_MIN_MS: a sensor's glitch, no tap
    b.lift("gi")
    b.look()
    b.ref.now += TAP_MIN_MS - 1
    b.put("B", "gi")
    b.look()
    assert b.ref.seki.marks == [] and b.ref.dead == []
    tap(b, "gi", TAP_MIN_MS)                       # the shortest tap
    assert b.ref.seki.marks == [[idx("gi"), False]]
    tap(b, "gi", TAP_MS)                           # the longest
    assert b.ref.seki.marks == []
    # lifted for good: the count has it dead and no mark
    b.lift("gi")
    b.look()
    b.ref.button("end")
    evs = b.ref.take_events()
    dead = [e for e in evs if e["type"] == "dead"][0]
    assert dead["points"] == ["gi"] and "seki" not in dead
    assert "seki_marked" not in [e for e in evs if e["type"] == "count"][0]["breakdown"]


def test_a_marked_stone_then_lifted_for_good_drops_its_mark():
    b = at_the_count()
    tap(b, "dh")
    assert b.ref.seki.marks == [[idx("dh"), False]]
    b.lift("dh")
    b.look()
    b.ref.now += 5000
    b.look()
    b.ref.button("end")
    evs = b.ref.take_events()
    dead = [e for e in evs if e["type"] == "dead"][0]
    assert dead["points"] == ["dh"] and "seki" not in dead


def test_the_marks_go_with_an_undo_and_survive_a_restart_after_the_dead_stones():
    b = at_the_count(rules="chinese")              # Japanese allows no takeback
    tap(b, "dh")
    b.ref.button("undo")
    b.log += b.ref.take_events()
    assert b.ref.seki is None and b.ref.lights2 == []
    # play ends again: a fresh DEAD phase, no marks
    b.ref.button("B:pass" if b.ref.game.to_move() == 1 else "W:pass")
    b.log += b.ref.take_events()
    b.ref.now += 100
    b.look()
    assert b.ref.phase == DEAD and b.ref.seki.marks == []
    tap(b, "dh")
    b.ref.button("end")
    b.log += b.ref.take_events()
    assert [e["type"] for e in b.log[-2:]] == ["dead", "count"]
    want = b.log[-1]
    # the count torn after the dead stones and marks were logged: counted again alike
    evs = b.restart(b.log[:-1])
    assert [e["type"] for e in evs] == ["count"]
    assert evs[0]["breakdown"]["seki_marked"] == {"on": [], "off": ["dh"]}
    assert evs[0]["result"] == want["result"] and evs[0]["breakdown"] == want["breakdown"]


def test_under_ing_the_marks_go_through_the_fill():
    b = at_the_count(rules="ing")
    b.ref.bowls(40, 40, 0, 0)
    b.log += b.ref.take_events()
    tap(b, "ec")
    b.ref.button("end")
    b.log += b.ref.take_events()
    assert b.ref.phase == FILL and b.log[-1]["type"] == "dead"
    assert b.log[-1]["seki"] == {"on": ["ec"], "off": []}
    assert b.ref.seki.marks == [[idx("ec"), True]] and b.ref.lights2 == []
    b.ref.now += 100
    b.look()                                       # the fill's look: nothing placed
    b.ref.bowl_now = (40, 40, 0, 0)                # white's bowl weighed
    b.ref.button("end")
    evs = b.ref.take_events()
    res = [e for e in evs if e["type"] == "count"][0]
    assert res["breakdown"]["seki_marked"] == {"on": ["ec"], "off": []}
    assert "ac" in res["breakdown"]["seki"]


def test_the_sgf_of_the_log_scores_as_the_board_counted(capsys, tmp_path):
    from goboard.record.sgfrecord import record_game
    b = at_the_count()
    tap(b, "ec")                                   # the wall in seki
    tap(b, "dh")                                   # the white seki block dg out of it
    b.ref.button("end")
    b.log += b.ref.take_events()
    board = b.log[-1]
    assert board["breakdown"]["seki_marked"] == {"on": ["ec"], "off": ["dh"]}
    for i, ev in enumerate(b.log):
        ev.setdefault("seq", i + 1)
    data = record_game(b.log).decode()
    assert "SEKI[ec]" in data and "NOSEKI[dh]" in data
    code, out, err = score_cli(capsys, tmp_path, data, "--json")
    assert code == 0, err
    host = json.loads(out)
    assert host["result"] == board["result"]
    assert host["breakdown"]["seki"] == board["breakdown"]["seki"]
    assert host["breakdown"]["seki_marked"] == board["breakdown"]["seki_marked"]
    # without the marks the file would not count the same
    bare = data.replace("NOSEKI[dh]", "").replace("SEKI[ec]", "")
    code, out, err = score_cli(capsys, tmp_path, bare, "--json")
    assert code == 0 and json.loads(out)["result"] != board["result"]


def test_the_board_size_is_the_helpers():
    assert SIZE == len(ONE_LIBERTY_SEKI)


class Chain:
    """A lights chain that sets every point in one write (hw.lights.Lights'
    interface: set, flush, idle), keeping each write."""

    def __init__(self):
        self.calls = []

    def set(self, pts, color, pts2=(), color2=None):
        self.calls.append(("set", list(pts), color, list(pts2), color2))

    def flush(self):
        pass

    def idle(self):
        return True


def loop_on(ref, lights):
    """A board loop (goban.boardloop, no clock: the simulator's pace) on the 9x9
    sim devices, refereed by `ref`, showing on `lights`; its state shown as its
    steps go (its sim matrix stays empty and settled: the referee is not woken)."""
    from array import array
    from goban import profile as P
    from goban.boardloop import BoardLoop
    from goban.calibration import Calibration
    from goban.hw import open_devices
    from conftest import REPO
    prof = P.load(str(REPO / "boards" / "sim-9.json"))
    d = open_devices(prof)
    cal = Calibration(9, prof)
    raw = array("H", bytes(2 * 81))
    d.matrix.scan(raw)
    cal.retake(raw)
    return BoardLoop(prof, d.matrix, cal, d.bowls, d.buttons, lights=lights(d), referee=ref)


def shown(loop, now, steps=12):
    """The loop's steps for a while: the referee's state out on its lights."""
    for k in range(steps):
        loop.step(now + 10 * k)
    return now + 10 * steps


def test_the_loop_lights_the_seki_yellow_beside_the_dead_blue():
    """goban.boardloop shows `lights2` over `lights`: on the sim's lights (clear
    and show) and on a chain that sets all in one write (set, then show)."""
    b = at_the_count()
    b.lift("ec")                               # a wall stone called dead: the seki stay
    b.look()
    sim = []
    loop = loop_on(b.ref, lambda d: sim.append(d.lights) or d.lights)
    b.ref.ui_dirty = True                      # the state to show (the referee's flag)
    shown(loop, b.ref.now)
    lit = sim[0].lit
    assert lit[idx("ec")] == "blue"
    assert {i for i, c in lit.items() if c == "yellow"} == set(b.ref.lights2) != set()

    b.ref.ui_dirty = True
    chain = Chain()
    loop = loop_on(b.ref, lambda d: chain)
    now = shown(loop, b.ref.now)
    assert chain.calls == [("set", [idx("ec")], "blue", b.ref.lights2, "yellow")]
    b.ref.button("end")                        # counted: the seki lights go
    chain.calls = []
    shown(loop, now + 100)
    assert len(chain.calls) == 1 and chain.calls[0][0] == "set"
    assert chain.calls[0][3] == [] and loop.sent > 0   # the count went out, no seki lit


def test_the_taps_under_micropython_as_under_cpython(micropython):
    import subprocess
    import sys
    from conftest import MP, REPO
    taps = [(idx("ec"), 500), (idx("dh"), 400), (idx("di"), 100), (idx("ec"), 2500),
            (idx("ed"), 600)]
    script, text = MP / "referee_seki_taps.py", json.dumps([ONE_LIBERTY_SEKI, taps])
    got = json.loads(micropython(script, stdin=text).strip().splitlines()[-1])
    env = dict(__import__("os").environ, PYTHONPATH=str(REPO / "firmware"))
    want = json.loads(subprocess.run([sys.executable, str(script)], input=text, capture_output=True,
                                     text=True, check=True, env=env).stdout.strip()
                      .splitlines()[-1])
    assert got == want
    # ec in seki; dg out; di back too soon (no tap); ec held too long (no tap); ed
    # (the wall again) takes ec's mark off
    assert [m for m, _, _ in want[1:-1]] == [
        [[idx("ec"), True]], [[idx("ec"), True], [idx("dh"), False]],
        [[idx("ec"), True], [idx("dh"), False]], [[idx("ec"), True], [idx("dh"), False]],
        [[idx("dh"), False]]]
    assert want[-1][-2][:2] == ["dead", {"on": [], "off": ["dh"]}]


def test_with_a_loop_the_seki_count_waits_for_a_step_of_its_own():
    """On the board (a loop: ref.steps) the count of the seki to light is 5-9 ms
    on the RP2040, too long beside a scan and near the period alone: the look
    leaves its analysis in ref.job for two steps of their own (the dead stones
    off, the regions and blocks; then the open mouths and the rest), the
    lighting for the next (together they passed 10 ms), and a press of end runs
    the count first (no tap is lost), then leaves the game's count for two
    steps of its own."""
    b = at_the_count()
    b.ref.steps = True
    b.lift("ec")
    b.look()
    sk = b.ref.seki
    assert b.ref.job is seki.look and sk.counted != b.ref.dead     # not counted yet
    b.ref.run_job()
    assert b.ref.job is seki.look_rest and sk.started is not None  # half counted
    b.ref.run_job()
    assert b.ref.job is seki.light and sk.counted != b.ref.dead   # counted, not lit yet
    b.ref.run_job()
    assert b.ref.job is None and sk.counted == b.ref.dead == [idx("ec")]
    assert b.ref.lights2 and b.ref.lines[0].startswith("Dead 1, seki ")
    b.look()                                   # nothing changed: nothing to count again
    assert b.ref.job is None
    b.put("W", "ec")                           # put back at once: a tap, counted later
    b.ref.now += TAP_MIN_MS + 10
    b.look()
    assert b.ref.job is not None and sk.taps
    b.ref.button("end")                        # the press takes the tap first
    assert not sk.taps
    evs = b.ref.take_events()
    dead = [e for e in evs if e["type"] == "dead"]
    assert dead and dead[0]["seki"]["off"] + dead[0]["seki"]["on"]
    # the count itself takes two steps of its own (with the press's work, past 10 ms):
    # the position analysed, then the score and its event
    assert b.ref.job is not None and not [e for e in evs if e["type"] == "count"]
    b.ref.run_job()
    assert b.ref.job is not None and not b.ref.take_events()
    b.ref.run_job()
    assert b.ref.job is None and [e for e in b.ref.take_events() if e["type"] == "count"]


def test_end_pressed_between_the_seki_analysis_halves_takes_the_tap():
    """A tap whose count has run its first half when end is pressed is taken
    (the press finishes the analysis, whose second half takes the taps), and
    makes the `dead` event's seki marks."""
    b = at_the_count()
    b.ref.steps = True
    b.lift("ec")
    b.look()
    while b.ref.job is not None:
        b.ref.run_job()
    sk = b.ref.seki
    b.put("W", "ec")
    b.ref.now += TAP_MIN_MS + 10
    b.look()
    b.ref.run_job()                            # the first half only
    assert b.ref.job is seki.look_rest and sk.taps
    b.ref.button("end")
    assert not sk.taps
    dead = [e for e in b.ref.take_events() if e["type"] == "dead"]
    assert dead and dead[0]["seki"]["off"] + dead[0]["seki"]["on"]
