"""The board loop's job table (goban.boardloop's docstring) and its code agree:
the table is prose that `_admit` and `_ready_out` follow slot by slot (a table
of functions made at boot would cost heap neither install has), so this reads
both and compares them. A slot added, moved to another lane or given another
fade in one place and not the other fails here."""

import ast
import re

from goban import boardloop as B
from goban import profile as P
from goban.calibration import Calibration
from goban.hw import open_devices
from conftest import REPO

PROF = P.load(str(REPO / "boards" / "sim-9.json"))

SOURCE = (REPO / "firmware" / "goban" / "boardloop.py").read_text()
TREE = ast.parse(SOURCE)
ROW = re.compile(r"^\s+(?:([A-Z]+|\(frame\))\s+)?(_J_[A-Z]+)\s.*\s(\d+)$")


def docstring_table():
    """{slot: (lane, fade)} from the docstring's first table, each lane's name
    carried down its rows."""
    rows = {}
    lane = None
    lines = ast.get_docstring(TREE).splitlines()
    start = next(k for k, line in enumerate(lines) if line.split()[:2] == ["lane", "slot"])
    for line in lines[start + 1:]:
        if not line.strip():
            break
        m = ROW.match(line)
        assert m, "a row of the job table the test cannot read: %r" % line
        lane = m.group(1) or lane
        assert m.group(2) not in rows, "slot %s twice in the table" % m.group(2)
        rows[m.group(2)] = (lane, int(m.group(3)))
    return rows


def function(name):
    return next(n for n in ast.walk(TREE) if isinstance(n, ast.FunctionDef) and n.name == name)


def slots_in(node):
    return {n.id for n in ast.walk(node) if isinstance(n, ast.Name) and n.id.startswith("_J_")}


def code_lanes():
    """{lane: slots} as the code picks them: `_admit`'s branch for each lane
    (`lane == _L_X`) names its slots; the output's come from `_ready_out`."""
    admit = function("_admit")
    chain = next(n for n in ast.walk(admit) if isinstance(n, ast.If)
                 and isinstance(n.test, ast.Compare) and getattr(n.test.left, "id", "") == "lane")
    lanes = {}
    node = chain
    while True:
        test = node.test
        if isinstance(test, ast.Compare) and getattr(test.left, "id", "") == "lane":
            lane = test.comparators[0].id[len("_L_"):]
            lanes[lane] = slots_in(ast.Module(body=node.body, type_ignores=[]))
        if len(node.orelse) == 1 and isinstance(node.orelse[0], ast.If):
            node = node.orelse[0]
            continue
        break
    assert "OUT" not in lanes
    returns = [n.value for n in ast.walk(function("_ready_out")) if isinstance(n, ast.Return)]
    lanes["OUT"] = set().union(*(slots_in(v) for v in returns))
    return lanes


def test_the_tables_slots_are_the_codes_slots_with_their_fades():
    table = docstring_table()
    slots = {name: getattr(B, name) for name in vars(B) if name.startswith("_J_")}
    assert set(table) == set(slots)
    assert sorted(slots.values()) == list(range(len(slots)))   # each an index of cost
    assert len(B._FADE) == len(slots)
    d = open_devices(PROF)
    assert len(B.BoardLoop(PROF, d.matrix, Calibration(9, PROF)).cost) == len(slots)
    for name, (lane, fade) in table.items():
        assert B._FADE[slots[name]] == fade, "%s fades at %d, the table says %d" % (
            name, B._FADE[slots[name]], fade)


def test_each_lanes_slots_are_the_ones_the_admission_loop_picks():
    table = docstring_table()
    lanes = code_lanes()
    assert set(lanes) == {name[len("_L_"):] for name in vars(B) if name.startswith("_L_")}
    for lane, slots in lanes.items():
        assert slots == {s for s, (ln, _) in table.items() if ln == lane}, lane
    # the slots of no lane: the referee's look, run beside the scan by `_frame`
    alone = set(table) - set().union(*lanes.values())
    assert {table[s][0] for s in alone} == {"(frame)"}
    assert alone <= slots_in(function("_frame"))


def test_the_lane_orders_are_what_their_comments_name():
    """The lane orders are bytes (in ROM when frozen); each line's comment names them."""
    lane_name = {getattr(B, n): n[len("_L_"):] for n in vars(B) if n.startswith("_L_")}
    orders = re.findall(r'^(_(?:BESIDE|SOLO)\w*) = b"[^"]*"\s+# ([A-Z ]+):', SOURCE, re.M)
    assert len(orders) == 6
    for name, said in orders:
        assert [lane_name[b] for b in getattr(B, name)] == said.split(), name
