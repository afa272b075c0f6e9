"""Issue 19's two new events on the host: `correct` (the last move's stone came to
rest beside its point before the answer: the same move there) and `play-on` (the
end of play by agreement taken back). The live state and the SGF follow them,
and the SGF reads back (goboard.record.sgfrecord.read_moves, sgfmill) as the game
the board ended with; a correction of a move the state does not end with changes
nothing and is refused. Answers derived by hand."""

import pytest

from goboard.live.state import LiveState, EventError
from goboard.record.sgfrecord import record_game, read_moves

START = {"type": "game-start", "size": 9, "rules": "chinese", "komi": 7.5, "handicap": 0,
         "first": "B", "setup": {"B": [], "W": []}, "game": 1, "seq": 1}


def events(*evs):
    out = [dict(START)]
    for k, e in enumerate(evs):
        e = dict(e)
        e.setdefault("game", 1)
        e["seq"] = k + 2
        out.append(e)
    return out


def move(c, p, n, caps=()):
    return {"type": "move", "color": c, "point": p, "number": n, "captures": list(caps)}


# B ba, W bb, B ab, W ee, B bc, W ff, B cb takes bb (at cb); it rolls to cc: no capture there
ROLLED = events(move("B", "ba", 1), move("W", "bb", 2), move("B", "ab", 3), move("W", "ee", 4),
                move("B", "bc", 5), move("W", "ff", 6), move("B", "cb", 7, ["bb"]),
                {"type": "correct", "number": 7, "color": "B", "from": "cb", "point": "cc",
                 "captures": [], "was": ["bb"]},
                move("W", "gg", 8))


def test_a_correction_moves_the_last_stone_and_gives_its_capture_back():
    st = LiveState()
    for ev in ROLLED:
        st.apply(ev)
    snap = st.snapshot()
    rows = {p: c for p, c in st.stones.items()}
    assert rows.get("cc") == "B" and "cb" not in rows
    assert rows.get("bb") == "W"                         # the capture is no more
    assert snap["captures"] == {"B": 0, "W": 0}
    assert snap["last"]["point"] == "gg" and snap["number"] == 8


def test_the_sgf_of_a_corrected_move_reads_back_as_the_game():
    data = record_game(ROLLED)
    props, mv = read_moves(data)
    assert [(c, p) for c, p, _ in mv] == [("B", "ba"), ("W", "bb"), ("B", "ab"), ("W", "ee"),
                                          ("B", "bc"), ("W", "ff"), ("B", "cc"), ("W", "gg")]
    assert b"came to rest on" in data


def refused(evs, bad):
    """The live state fed `evs`, then `bad` refused with nothing changed."""
    st = LiveState()
    for ev in evs:
        st.apply(ev)
    before = st.snapshot()
    with pytest.raises(EventError):
        st.apply(bad)
    assert st.snapshot() == before


def test_a_correction_of_another_move_changes_nothing():
    refused(ROLLED[:3], {"type": "correct", "number": 2, "color": "B", "from": "dd",
                         "point": "de", "captures": [], "game": 1, "seq": 4})


# B cc, W gg, B ee (taken for black's move: its stone was on dd, a dead sensor), W ff;
# the stone on ee put away: move 3 was dd
EARLIER = events(move("B", "cc", 1), move("W", "gg", 2), move("B", "ee", 3), move("W", "ff", 4),
                 {"type": "correct", "number": 3, "color": "B", "from": "ee", "point": "dd",
                  "unseen": True},
                 move("B", "cg", 5))


def test_a_correction_of_an_earlier_move_moves_its_stone_and_keeps_the_rest():
    st = LiveState()
    for ev in EARLIER:
        st.apply(ev)
    assert st.stones.get("dd") == "B" and "ee" not in st.stones
    assert [m[:2] for m in st.moves] == [("B", "cc"), ("W", "gg"), ("B", "dd"), ("W", "ff"),
                                         ("B", "cg")]
    assert st.snapshot()["number"] == 5 and st.snapshot()["last"]["point"] == "cg"
    data = record_game(EARLIER)
    props, mv = read_moves(data)
    assert [(c, p) for c, p, _ in mv] == [("B", "cc"), ("W", "gg"), ("B", "dd"), ("W", "ff"),
                                          ("B", "cg")]
    assert b"a second one, put away" in data
    # a correction naming a stone that is not there changes nothing
    bad = {"type": "correct", "number": 3, "color": "B", "from": "ef", "point": "dd",
           "game": 1, "seq": 6}
    refused(EARLIER[:5], bad)
    data = record_game(EARLIER[:5] + [bad])
    assert [p for _, p, _ in read_moves(data)[1]] == ["cc", "gg", "ee", "ff"]
    assert b"which the record does not have on" in data


# B cc, W gg, then black's ii on a dead sensor and white's ff on a flickering one,
# unseen; ee and hh taken as moves 3 and 4. The players' order: 3 and 4 corrected
# (goban.referee.reorder), ee, hh and dd played after them
REORDERED = events(move("B", "cc", 1), move("W", "gg", 2), move("B", "ee", 3), move("W", "hh", 4),
                   {"type": "correct", "number": 3, "color": "B", "from": "ee", "point": "ii",
                    "captures": [], "unseen": True},
                   {"type": "correct", "number": 4, "color": "W", "from": "hh", "point": "ff",
                    "captures": [], "unseen": False},
                   move("B", "ee", 5), move("W", "hh", 6), move("B", "dd", 7))


def test_moves_taken_corrected_to_an_order_with_a_hidden_move_keep_every_stone():
    st = LiveState()
    for ev in REORDERED:
        st.apply(ev)
    order = [("B", "cc"), ("W", "gg"), ("B", "ii"), ("W", "ff"), ("B", "ee"), ("W", "hh"),
             ("B", "dd")]
    assert [m[:2] for m in st.moves] == order
    assert {p: st.stones[p] for p in ("ii", "ff", "ee", "hh")} == \
        {"ii": "B", "ff": "W", "ee": "B", "hh": "W"}
    props, mv = read_moves(record_game(REORDERED))
    assert [(c, p) for c, p, _ in mv] == order


def test_play_on_after_a_mistaken_end():
    evs = events(move("B", "cc", 1), move("W", "gg", 2), {"type": "end", "reason": "agreement"},
                 {"type": "play-on", "to_move": "B", "number": 2}, move("B", "cg", 3))
    st = LiveState()
    for ev in evs[:4]:
        st.apply(ev)
    assert st.snapshot()["status"] == "ended"
    st.apply(evs[4])                                    # play-on
    assert st.snapshot()["status"] == "playing"
    st.apply(evs[5])
    assert st.snapshot()["last"]["point"] == "cg"
    data = record_game(evs)
    props, mv = read_moves(data)
    assert [(c, p) for c, p, _ in mv] == [("B", "cc"), ("W", "gg"), ("B", "cg")]
    assert "RE" not in props
