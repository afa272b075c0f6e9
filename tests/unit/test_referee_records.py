"""A move's and a bowls reading's events made in the referee's records
(Referee.keep_records: dicts made at boot, handed back by the loop once sent)
leave the board as the same JSON, byte for byte, as fresh events, under CPython
and under the MicroPython unix port (tests/mp/referee_records.py); a record is
not filled again while its event waits to be sent."""

import json

from conftest import FIRMWARE, MP, REPO, TESTS, run_micropython

import referee_records as R


def check(got):
    assert got["same"], got["diff"]
    assert got["moves"] == 15 and got["events"] == 37, got
    # four records of each kind made the 15 moves and 18 readings (without
    # them: a dict each)
    assert got["records"] == 8 and got["fresh"] == 15 + 18, got


def test_records_give_the_fresh_events_json_under_cpython():
    check(R.run())


def test_records_give_the_fresh_events_json_under_micropython():
    out = run_micropython(str(MP / "referee_records.py"),
                          path=[FIRMWARE, REPO / ".frozen", TESTS, MP])
    check(json.loads(out.strip().splitlines()[-1]))


def test_a_record_waits_until_its_event_is_handed_back():
    from referee_board import Board
    b = Board()
    b.ref.keep_records(2)
    b.set("B cc")
    b.ref.frame(b.stable, 1, True)
    b.set("W gg")
    b.ref.frame(b.stable, 1, True)
    b.set("B dd")
    b.ref.frame(b.stable, 1, True)
    evs = []
    b.ref.move_events(evs)
    moves = [e for e in evs if e["type"] == "move"]
    # none handed back: the third is a fresh dict, the first two untouched
    assert [m["point"] for m in moves] == ["cc", "gg", "dd"], moves
    assert moves[2] is not moves[0] and moves[2] is not moves[1]
    b.ref.give_back(moves[0])
    b.set("W ee")
    b.ref.frame(b.stable, 1, True)
    evs = []
    b.ref.move_events(evs)
    assert evs[0] is moves[0] and evs[0]["point"] == "ee" and moves[1]["point"] == "gg"
