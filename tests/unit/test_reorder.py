"""Events put back in (game, seq) order: the one reorder buffer (`link.sequence.Reorder`)
under the live state (`live.state.Ordered`: MQTT across a broker restart, a
recording with lines missing) and the link (`link.sequence.Sequencer`).

The events are written by hand and the answers read off them: a game-start,
then black dd, white ff, black df (seq 1..4, 9x9). Arriving as 1, 2, 4, 3 the board
must still end with all three stones, and while 3 is missing the state must
stay at 2: an event after a one-event gap waits, it is never applied early
(applying 4 at 2 would make 3 a stale duplicate, and ff would be lost)."""

import pytest

from goboard.link.sequence import Reorder, Sequencer
from goboard.live.state import LiveState, Ordered, OutOfOrder

START = {"type": "game-start", "game": 1, "seq": 1, "size": 9, "rules": "chinese", "komi": 7.5}
B_DD = {"type": "move", "game": 1, "seq": 2, "color": "B", "point": "dd", "number": 1}
W_FF = {"type": "move", "game": 1, "seq": 3, "color": "W", "point": "ff", "number": 2}
B_DF = {"type": "move", "game": 1, "seq": 4, "color": "B", "point": "df", "number": 3}
ALL_THREE = {"dd": "B", "ff": "W", "df": "B"}


def test_a_one_event_gap_waits_and_no_stone_is_lost():
    o = Ordered("b1")
    assert [e["seq"] for e in o.offer(START)] == [1]
    assert [e["seq"] for e in o.offer(B_DD)] == [2]
    assert o.offer(B_DF) == []                 # 3 is missing: 4 waits
    assert (o.state.seq, o.state.stones, o.gap) == (2, {"dd": "B"}, True)
    assert [e["seq"] for e in o.offer(W_FF)] == [3, 4]
    assert (o.state.seq, o.state.stones, o.gap) == (4, ALL_THREE, False)
    assert o.state.number == 3 and o.state.to_move == "W"
    assert o.offer(W_FF) == [] and o.offer(B_DF) == []    # late copies change nothing
    assert o.state.stones == ALL_THREE


def test_the_live_state_refuses_an_event_after_a_one_event_gap():
    st = LiveState()
    st.apply(START)
    st.apply(B_DD)
    with pytest.raises(OutOfOrder):
        st.apply(B_DF)
    assert (st.seq, st.stones) == (2, {"dd": "B"})


def test_every_arrival_order_ends_with_the_same_board():
    """The game-start, then the three moves in each of their six orders: nothing
    is applied before its predecessor, and the stones are the game's."""
    import itertools
    for moves in itertools.permutations([B_DD, W_FF, B_DF]):
        order = (START,) + moves
        o = Ordered()
        applied = []
        for ev in order:
            applied += [e["seq"] for e in o.offer(dict(ev))]
        assert applied == [1, 2, 3, 4], [e["seq"] for e in order]
        assert o.state.stones == ALL_THREE


def test_a_newer_snapshot_takes_over_and_the_held_events_after_it_follow():
    o = Ordered()
    o.offer(START)
    o.offer(B_DF)                               # held: 2 and 3 are missing
    snap = {"game": 1, "seq": 3, "size": 9, "stones": {"B": ["dd"], "W": ["ff"]}, "number": 2,
            "to_move": "B", "status": "playing"}
    assert o.adopt(snap)
    assert [e["seq"] for e in o.drain()] == [4]
    assert o.state.stones == ALL_THREE and not o.gap


def test_the_buffer_keeps_the_nearest_when_full():
    r = Reorder(3)
    for s in (5, 7, 9):
        assert r.hold((1, s), s)
    assert r.hold((1, 6), 6)                    # nearer than 9: 9 goes
    assert sorted(r) == [(1, 5), (1, 6), (1, 7)]
    assert not r.hold((1, 8), 8)                # beyond everything held: refused
    assert not r.hold((2, 1), "next game")
    assert sorted(r) == [(1, 5), (1, 6), (1, 7)]
    assert r.hold((1, 5), "again") and r[(1, 5)] == "again" and len(r) == 3


def test_the_live_states_buffer_is_bounded(monkeypatch):
    monkeypatch.setattr(Ordered, "MAX_HELD", 2)
    o = Ordered()
    o.offer(START)
    far = {"type": "move", "game": 1, "seq": 9, "color": "B", "point": "aa"}
    o.offer(far)
    o.offer(B_DF)
    o.offer(W_FF)                               # full: the farthest (9) makes room
    assert sorted(o.held) == [(1, 3), (1, 4)]
    assert [e["seq"] for e in o.offer(B_DD)] == [2, 3, 4]


def test_the_link_releases_the_same_events_in_order():
    seq = Sequencer(1, 0)                                 # following game 1 from its start
    assert seq.offer(START) == [START]
    assert seq.offer(B_DD) == [B_DD]
    assert seq.offer(B_DF) == [] and seq.behind          # held, and the gap asked for
    assert (seq.game, seq.seq) == (1, 2)
    assert seq.offer(W_FF) == [W_FF, B_DF]
    assert (seq.game, seq.seq) == (1, 4) and not seq.ahead
    assert seq.offer(W_FF) == []                          # a duplicate


def test_the_link_crosses_to_the_next_game_only_after_its_last_event():
    seq = Sequencer(1, 3)
    nxt = {"type": "game-start", "game": 2, "seq": 1}
    assert seq.offer(nxt) == []                           # game 1 may have more
    assert seq.end_of_game(1, 4, 2) == []                 # it has one more: seq 4
    assert seq.offer(B_DF) == [B_DF, nxt]
    assert (seq.game, seq.seq) == (2, 1)
