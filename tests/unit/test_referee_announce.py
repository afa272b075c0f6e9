"""What the referee announces for a board that differs from the game: the decision
tree (goban.referee.announce.classify) as a pure function, without a board, under
CPython and the MicroPython unix port alike."""

import json

from conftest import MP, run_micropython
from goban.referee.announce import classify
from goban.points import board_index

SIZE = 9
B, W = 1, 2


def cells_with(stones):
    """A 9x9 board's cells (the rules core's layout) holding {frame index: colour}."""
    cells = bytearray((SIZE + 1) * (SIZE + 2))
    for i, c in stones.items():
        cells[board_index(i, SIZE)] = c
    return cells


def frame_with(stones):
    f = bytearray(SIZE * SIZE)
    for i, c in stones.items():
        f[i] = c
    return f


def i(name):
    return (ord(name[1]) - 97) * SIZE + ord(name[0]) - 97


# (case, game stones, frame stones, extra, missing, changed, pending, left, last move
#  (frame index or None, colour), to move) -> (code, colour, point, lit, words)
CASES = [
    ("a second stone of the mover", {i("cc"): B}, {i("cc"): B, i("dd"): B}, [i("dd")], [], [],
     None, [], (i("cc"), B), W, ("extra-stone", B, i("dd"), [i("dd")], {})),
    ("the opponent's stone out of turn", {i("cc"): B}, {i("cc"): B, i("dd"): W}, [i("dd")], [],
     [], None, [], (i("cc"), B), B, ("wrong-color", W, i("dd"), [i("dd")], {})),
    ("a stone slid one point", {i("cc"): B}, {i("cd"): B}, [i("cd")], [i("cc")], [], None, [],
     (i("cc"), B), W, ("slid", B, i("cc"), [i("cd"), i("cc")], {"q": "cd"})),
    ("the last stone lifted", {i("cc"): B}, {}, [], [i("cc")], [], None, [], (i("cc"), B), W,
     ("removed-stone", B, i("cc"), [i("cc")], {})),
    ("an older stone knocked off", {i("cc"): B, i("ee"): W}, {i("ee"): W}, [], [i("cc")], [],
     None, [], (i("ee"), W), B, ("knocked", B, i("cc"), [i("cc")], {})),
    ("a stone of the other colour", {i("cc"): B}, {i("cc"): W}, [], [], [i("cc")], None, [],
     (i("cc"), B), W, ("changed", W, i("cc"), [i("cc")], {"e": "black"})),
    ("a move before the captures are lifted", {i("cc"): B}, {i("cc"): B, i("gg"): W}, [i("gg")],
     [], [], "capture", [i("dc")], (i("cc"), B), W,
     ("not-lifted", W, i("gg"), [i("gg"), i("dc")], {"l": "dc"})),
    ("a stone while a takeback waits", {}, {i("gg"): W}, [i("gg")], [], [], "undo", [i("cc")],
     (None, 0), B, ("not-restored", W, i("gg"), [i("gg"), i("cc")], {"l": "cc"})),
    ("a move and a knocked stone of the other colour", {i("cc"): B}, {i("dd"): W},
     [i("dd")], [i("cc")], [], None, [], (i("cc"), B), W,
     ("mismatch", None, i("dd"), [i("dd"), i("cc")], {"n": 2, "l": "dd cc"})),
]


def run(case):
    name, game, frame, extra, missing, changed, pending, left, last, to_move, _ = case
    last_p = board_index(last[0], SIZE) if last[0] is not None else 0
    return classify(extra, missing, changed, len(extra + missing + changed), frame_with(frame),
                    cells_with(game), SIZE, pending, left, False, last_p, last[1], to_move)


def test_each_case_is_announced_as_an_arbiter_would():
    for case in CASES:
        assert run(case) == case[-1], case[0]


def test_many_differences_are_one_board_wide_mismatch():
    game = {k: B for k in range(0, 20, 2)}
    got = classify([], list(game), [], len(game), frame_with({}), cells_with(game), SIZE)
    assert got[0] == "mismatch" and got[1] is None and got[4]["n"] == len(game)
    got = classify([], list(game), [], len(game), frame_with({}), cells_with(game), SIZE,
                   resumed=True)
    assert got[0] == "resume-mismatch"


def test_the_same_answers_under_micropython():
    calls = []
    for case in CASES:
        name, game, frame, extra, missing, changed, pending, left, last, to_move, _ = case
        last_p = board_index(last[0], SIZE) if last[0] is not None else 0
        calls.append([extra, missing, changed, len(extra + missing + changed),
                      list(frame_with(frame)), list(cells_with(game)), SIZE, pending, left,
                      False, last_p, last[1], to_move])
    out = run_micropython(MP / "referee_classify.py", stdin=json.dumps(calls)).splitlines()
    assert [json.loads(line) for line in out] == [json.loads(json.dumps(list(c[-1])))
                                                 for c in CASES]
