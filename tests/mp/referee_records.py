"""The referee's event records (Referee.keep_records, the product image's way: a
move's and a bowls reading's events filled in dicts made at boot) against fresh
events: a 9x9 game with captures, two stones taken in one look and bowls
readings, played twice, records on and off, every event dumped as the loop sends
it (compact JSON) and then handed back (BoardLoop._out). Run by CPython
(tests/unit/test_referee_records.py) and by the MicroPython unix port
(`micropython referee_records.py`: one JSON line), whose dicts keep their keys in
their table's order: the records must give the same bytes there too."""

import json

from referee_board import Board

# a change (as referee_board.Board.set), or bowls ('#B W lidB lidW'); a look after each
ACTS = ("#40 40 0 0", "B cc", "#39 40 0 0", "W gg", "#39 39 0 0", "B ab", "#38 39 0 0",
        "W aa", "#38 38 0 0", "B ba", "#37 38 0 0", "- aa", "#37 38 1 0",
        "W ee", "#37 37 1 0", "B dd,W ed", "#36 36 1 0", "B fe", "#35 36 1 0",
        "W hh", "#35 35 1 0", "B hg", "#34 35 1 0", "W gh", "#34 34 1 0",
        "B ih", "#33 34 1 0", "W hi", "#33 33 1 0", "B gi", "#32 33 1 0", "- hi",
        "#32 33 2 0", "W ii", "#32 32 2 0")


def play(records):
    """The game's events as the loop sends them: (their JSON, in order; the move
    and bowls events' dicts, in order)."""
    b = Board()
    if records:
        b.ref.keep_records()
    out = []
    kept = []
    for a in ACTS:
        if a[0] == "#":
            b.ref.bowls(*[int(x) for x in a[1:].split()])
        else:
            b.set(a)
        b.ref.frame(b.stable, 1, True)
        evs = []
        b.ref.move_events(evs)
        for ev in evs:
            out.append(json.dumps(ev, separators=(",", ":")))
            if ev["type"] in ("move", "bowls"):
                kept.append(ev)
            b.ref.give_back(ev)
    return out, kept


def run():
    """{"same": the records' JSON is the fresh events', "events": how many,
    "moves": move events, "records": distinct dicts the move and bowls events
    were made in with records (a few: reused), "fresh": without them}."""
    on, kept_on = play(True)
    off, kept_off = play(False)
    return {"same": on == off, "events": len(on),
            "moves": len([e for e in kept_on if e["type"] == "move"]),
            "records": _distinct(kept_on), "fresh": _distinct(kept_off),
            "diff": [[a, b] for a, b in zip(on, off) if a != b][:3]}


def _distinct(evs):
    seen = []
    for e in evs:
        for s in seen:
            if s is e:
                break
        else:
            seen.append(e)
    return len(seen)


if __name__ == "__main__":
    print(json.dumps(run()))
