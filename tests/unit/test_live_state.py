"""The live-state reducer and the feed hub, against games the rules core plays.

GOBOARD_LIVE_GAMES raises the number of random games (seed printed).
"""

import asyncio
import json
import os
import random

import pytest

from goboard.live.feed import Feed
from goboard.live.state import COUNTED, ENDED, PAUSED, PLAYING, EventError, LiveState, clean_board_id
from synth import EventMaker, random_game


def apply_all(state, events):
    for ev in events:
        state.apply(ev)
    return state


def test_random_games_match_the_rules_core_move_by_move_and_through_takebacks():
    games = int(os.environ.get("GOBOARD_LIVE_GAMES", "6"))
    seed = int(os.environ.get("GOBOARD_LIVE_SEED", random.randrange(1 << 30)))
    print("seed", seed, "games", games)
    rng = random.Random(seed)
    captures = 0
    for i in range(games):
        m = EventMaker(seed=rng.randrange(1 << 30), serial="T%d" % i)
        s = LiveState("t")
        s.apply(m.start())
        for n in range(300):
            ev = m.random_move() if rng.random() > 0.1 or m.g.n == 0 else m.undo()
            if ev is None:
                break
            s.apply(ev)
            captures += len(ev.get("captures") or ev.get("restored") or [])
            assert s.rows() == m.position(), (seed, i, n, ev)
            assert s.number == m.g.n
            assert s.captures == {"B": m.g.captures[1], "W": m.g.captures[2]}
            assert s.to_move == "BW"[m.g.to_move() - 1]
            # the snapshot survives JSON and rebuilds the same position
            again = LiveState.from_snapshot(json.loads(json.dumps(s.snapshot())))
            assert again.rows() == s.rows() and again.number == s.number
    assert captures > 0, "random games without a capture test little"


def test_move_with_captures_then_undo_restores_the_stones_and_the_last_move():
    m = EventMaker(size=9, seed=1)
    s = LiveState("b")
    s.apply(m.start())
    # white's stone on the top edge at 'ba' loses its last liberty to black's 'ca'
    for p in ["bb", "ba", "aa", "ee", "ca"]:
        s.apply(m.play(p))
    assert s.last["point"] == "ca" and s.last["captures"] == ["ba"]
    assert "ba" not in s.stones and s.captures == {"B": 1, "W": 0}
    s.apply(m.undo())
    assert s.stones["ba"] == "W" and "ca" not in s.stones
    assert s.captures == {"B": 0, "W": 0}
    assert s.last == {"color": "W", "point": "ee", "number": 4, "kind": "move", "captures": []}
    assert s.to_move == "B" and s.number == 4
    assert s.rows() == m.position()


def test_illegal_banner_until_restored_and_cleared_by_the_next_move():
    m = EventMaker(size=9)
    s = LiveState("b")
    s.apply(m.start())
    s.apply(m.play("cc"))
    ev = m.play("cc")          # the rules core refuses: occupied
    assert ev["type"] == "illegal" and ev["code"] == "occupied"
    s.apply(ev)
    assert s.banner["code"] == "occupied" and s.banner["point"] == "cc"
    assert s.banner["text"] and s.banner["fix"]
    s.apply(m.restored())
    assert s.banner is None
    s.apply({"type": "illegal", "color": None, "point": None, "code": "knocked",
             "text": "a stone moved", "fix": "put it back"})
    assert s.banner["code"] == "knocked"
    s.apply(m.play("dd"))
    assert s.banner is None


def test_sensor_events_name_one_point_or_many():
    m = EventMaker(size=9)
    s = LiveState("b")
    s.apply(m.start())
    s.apply({"type": "sensor-fault", "point": "cc", "what": "dead"})
    s.apply({"type": "sensor-fault", "point": "aa", "points": ["aa", "ba", "ee"],
             "what": "unstable"})
    assert s.faults == {"cc": "dead", "aa": "unstable", "ba": "unstable", "ee": "unstable"}
    s.apply({"type": "sensor-ok", "point": "aa", "points": ["aa", "ee"]})
    assert s.faults == {"cc": "dead", "ba": "unstable"}
    with pytest.raises(EventError):
        s.apply({"type": "sensor-ok", "point": "ba", "points": "ba"})
    assert s.faults == {"cc": "dead", "ba": "unstable"}


def test_an_unseen_move_to_choose_keeps_the_banner_on_the_point_offered():
    m = EventMaker(size=9)
    s = LiveState("b")
    s.apply(m.start())
    s.apply(m.play("cc"))
    s.apply({"type": "illegal", "color": "B", "point": "gc", "code": "unseen",
             "text": "a black stone is on gc, it is white's turn; the sensor under ee cg is dead",
             "fix": "white: if you played on ee (lit yellow), press ok; down shows the next",
             "choose": "ee", "of": ["ee", "cg"]})
    assert s.banner["choose"] == "ee"
    s.apply({"type": "choose", "point": "cg", "of": ["ee", "cg"]})
    assert s.banner["choose"] == "cg" and "played on cg (lit" in s.banner["fix"]
    with pytest.raises(EventError):
        s.apply({"type": "choose", "point": "zz9", "of": ["ee"]})
    s.apply(m.restored())
    s.apply({"type": "choose", "point": "ee", "of": ["ee"]})     # no banner: nothing to do
    assert s.banner is None


def test_an_order_of_moves_to_choose_then_the_moves_taken_corrected():
    """`unseen-order` offers orders of moves, not points: the banner keeps the
    order shown, and the answer's `correct` events of the moves taken (an
    earlier one and the last) leave the moves as the players played them."""
    m = EventMaker(size=9)
    s = LiveState("b")
    s.apply(m.start())
    for p in ("cc", "gg", "ee", "hh"):
        s.apply(m.play(p))
    of = ["ee hh ii ff dd", "ii ff ee hh dd"]
    s.apply(m.event("illegal", color="W", point="ff", code="unseen-order",
                    text="a white stone is on ff; the sensor under ii is dead",
                    fix="if the moves from 3 (black first) were ee hh ii ff dd, press ok",
                    choose=of[0], of=of))
    assert s.banner["choose"] == of[0]
    s.apply(m.event("choose", point=of[1], of=of))
    assert s.banner["choose"] == of[1] and "were ii ff ee hh dd, press ok" in s.banner["fix"]
    s.apply(m.restored())
    s.apply(m.event("correct", number=3, color="B", **{"from": "ee"}, point="ii", captures=[],
                    unseen=True))
    s.apply(m.event("correct", number=4, color="W", **{"from": "hh"}, point="ff", captures=[]))
    for c, p, k in (("B", "ee", 5), ("W", "hh", 6), ("B", "dd", 7)):
        s.apply(m.event("move", color=c, point=p, number=k, captures=[]))
    assert [mv[1] for mv in s.moves] == ["cc", "gg", "ii", "ff", "ee", "hh", "dd"]


def test_setup_handicap_first_player_and_capture_pending():
    m = EventMaker(size=9)
    s = LiveState("b")
    s.apply(m.start(black=["cc", "gg"]))
    assert s.to_move == "W" and s.stones == {"cc": "B", "gg": "B"} and s.status == PLAYING
    s.apply({"type": "capture-pending", "color": "W", "points": ["dd"]})
    assert s.pending == {"color": "W", "points": ["dd"]}
    s.apply({"type": "restored"})
    assert s.pending is None


def test_pause_end_dead_and_count():
    m = EventMaker(size=9)
    s = LiveState("b")
    s.apply(m.start())
    s.apply(m.play("cc"))
    s.apply(m.play("gg"))
    s.apply(m.pass_move())
    s.apply(m.pass_move())
    assert s.last["kind"] == "pass" and s.last["point"] == "" and s.number == 4
    s.apply({"type": "paused"})
    assert s.status == PAUSED
    s.apply({"type": "end", "reason": "two-passes"})
    assert s.status == ENDED and s.end["reason"] == "two-passes"
    s.apply({"type": "dead", "points": ["gg"], "found": {"B": ["aa"]}})
    assert "gg" not in s.stones and s.dead == {"gg": "W"}
    assert s.stones["aa"] == "B"        # a stone the board never saw, on the players' word
    s.apply({"type": "count", "result": "B+81", "winner": "B", "margin": 81,
             "unit": "points", "breakdown": {"B": 81, "W": 0}})
    assert s.status == COUNTED and s.result["result"] == "B+81"
    snap = s.snapshot()
    assert snap["dead"] == {"B": [], "W": ["gg"]} and snap["result"]["winner"] == "B"


def test_a_dead_event_with_a_garbled_found_is_refused_by_name():
    s = LiveState("b")
    s.apply({"type": "game-start", "size": 9, "first": "B"})
    for bad in (["aa"], {"B": "aa"}, {"W": ["zz"]}):
        try:
            s.apply({"type": "dead", "points": [], "found": bad})
        except EventError as e:
            assert str(e).startswith("dead") and ("found" in str(e) or "zz" in str(e))
        else:
            raise AssertionError("accepted %r" % (bad,))


def test_resignation_result():
    s = LiveState("b")
    s.apply({"type": "game-start", "size": 19, "first": "B"})
    s.apply({"type": "resign", "color": "W"})
    assert s.status == COUNTED and s.result["result"] == "B+R"


def test_duplicates_and_old_games_are_skipped_new_game_resets():
    evs, m = random_game(20, seed=5)
    s = apply_all(LiveState("b"), evs)
    before = s.snapshot()
    for ev in evs[5:12]:          # a resend after a reconnect
        assert s.apply(ev) is False
    assert s.snapshot() == before
    evs2, m2 = random_game(3, seed=6, game=2)
    apply_all(s, evs2)
    assert s.game == 2 and s.rows() == m2.position() and s.number == 3
    assert s.apply(evs[-1]) is False       # a late event of game 1


def test_bad_events_raise_and_leave_the_state_alone():
    evs, _ = random_game(10, seed=7)
    s = apply_all(LiveState("b"), evs)
    before = json.dumps(s.snapshot())
    for bad in [{"type": "move", "color": "B", "point": "zz", "captures": []},
                {"type": "move", "color": "X", "point": "aa"},
                {"type": "move", "color": "B", "point": "aa", "captures": ["aa", "t"]},
                {"type": "game-start", "size": 99},
                {"type": "game-start", "size": 9, "setup": {"B": ["jj"]}},
                {"type": "count", "result": 3},
                {"no": "type"}, "text"]:
        with pytest.raises(EventError):
            s.apply(bad)
    assert json.dumps(s.snapshot()) == before
    assert s.apply({"type": "a-kind-from-the-future"}) is True   # skipped, not an error


def test_late_joiner_from_a_snapshot_applies_only_later_events_and_can_undo():
    evs, m = random_game(40, seed=11)
    full = apply_all(LiveState("b"), evs[:30])
    late = LiveState.from_snapshot(json.loads(json.dumps(full.snapshot())))
    for ev in evs:                      # replays everything: the first 30 are skipped
        late.apply(ev)
    assert late.rows() == m.position() and late.number == 40
    late.apply(m.undo())
    assert late.rows() == m.position()
    assert late.is_newer({"game": 1, "seq": late.seq + 1})
    assert not late.is_newer({"game": 1, "seq": late.seq})


def test_board_ids_are_safe_for_urls_and_topics():
    assert clean_board_id("table 3/a#+") == "table-3-a"
    assert clean_board_id("GB-0042") == "GB-0042"
    assert clean_board_id("///") == "board"


def test_feed_orders_updates_and_holds_them_for_the_delay():
    async def main():
        feed = Feed(delay=0.3).attach()
        sub = feed.subscribe()
        evs, m = random_game(30, seed=2)
        loop = asyncio.get_running_loop()
        t0 = loop.time()
        for ev in evs:
            feed.publish("table-1", ev)
        await asyncio.sleep(0.1)
        assert sub.queue.qsize() == 0 and feed.snapshot("table-1") is None
        got = []
        while len(got) < len(evs):
            u = await asyncio.wait_for(sub.get(), 2)
            got.append(u)
        waited = loop.time() - t0
        assert waited >= 0.3
        assert [u.event["seq"] for u in got] == [e["seq"] for e in evs]
        assert got[-1].state["number"] == 30
        assert feed.snapshot("table-1")["stones"] == got[-1].state["stones"]
        assert json.loads(got[-1].json())["board"] == "table-1"
        # a bad event is skipped and counted, the next one still arrives
        feed.publish("table-1", {"type": "move", "color": "B", "point": "zz"})
        feed.publish("table-1", m.undo())
        u = await asyncio.wait_for(sub.get(), 2)
        assert u.event["type"] == "undo" and feed.skipped == 1
        # a snapshot that is behind changes nothing; one ahead is adopted
        snap = dict(u.state)
        feed.publish_snapshot("table-1", dict(snap, seq=snap["seq"] - 1))
        snap2 = dict(snap, seq=snap["seq"] + 5, number=99)
        feed.publish_snapshot("table-1", snap2)
        u = await asyncio.wait_for(sub.get(), 2)
        assert u.event is None and u.state["number"] == 99
        sub.close()
    asyncio.run(main())


def test_feed_subscription_filters_boards_and_drops_a_reader_that_stalls():
    async def main():
        feed = Feed(queue_limit=5).attach()
        one = feed.subscribe(["a"])
        slow = feed.subscribe()
        for i in range(8):
            feed.publish("a" if i % 2 else "b", {"type": "restored"})
        assert one.queue.qsize() == 4
        items = [slow.queue.get_nowait() for _ in range(slow.queue.qsize())]
        assert items[-1] is None and len(items) == 6
    asyncio.run(main())


def test_a_source_thread_publishing_after_the_loop_closed_is_dropped_quietly():
    """`serve` shutting down while a serial source still reports its board gone:
    the publish from that thread must not raise (it did: 'Event loop is closed'
    killed the thread with a traceback)."""
    import threading
    loop = asyncio.new_event_loop()
    feed = Feed(delay=0).attach(loop)
    loop.close()
    errors = []

    def source():
        try:
            feed.publish_link("table-1", False)
            feed.publish("table-1", {"type": "pass", "color": "B", "seq": 2, "game": 1})
        except Exception as e:      # what the thread would have died of
            errors.append(e)
    t = threading.Thread(target=source)
    t.start()
    t.join(5)
    assert errors == []


def test_the_main_line_rides_in_the_snapshot_so_a_late_joiner_can_step_and_undo():
    """The snapshot's `moves` is the main line with each move's captures (takebacks
    gone from it), `setup` the stones before the first move: a display that joins
    from it takes back as many moves as the board does, and the state's own game
    record (`as_events`) replays to the same position."""
    from goboard.record.sgfrecord import check_record, record_game
    m = EventMaker(seed=5, handicap=2, local=0.9)
    evs = [m.start(black=["dp", "pd"])]
    took = 0
    while len(evs) < 90:
        ev = m.random_move()
        took += len(ev.get("captures") or ())
        evs.append(ev)
        if len(evs) % 17 == 0:
            evs.append(m.undo())
    assert took > 0
    s = apply_all(LiveState("b"), evs)
    snap = json.loads(json.dumps(s.snapshot()))
    assert snap["setup"] == {"B": ["dp", "pd"], "W": []} and snap["first"] == "W"
    assert len(snap["moves"]) == s.number == m.g.n
    for k, mv in enumerate(snap["moves"], 1):
        c, p = m.g.color_of(k), m.g.move_point(k)
        assert (mv[0], mv[1]) == ({1: "B", 2: "W"}[c], m.sgf(p))
    late = LiveState.from_snapshot(snap)
    assert late.snapshot() == s.snapshot()
    for _ in range(12):                    # the board takes back twelve moves
        ev = m.undo()
        s.apply(ev)
        late.apply(ev)
        assert late.rows() == m.position() == s.rows()
    assert len(late.snapshot()["moves"]) == m.g.n
    # the game as the state holds it: an SGF whose main line is the game
    data = record_game(late.as_events(), serial="b")
    check_record(data, late.as_events())
    from goboard.record.sgfgame import load_sgf
    game, info = load_sgf(data)
    assert game.board.rows() == m.position() and info["illegal"] is None


def test_the_feed_keeps_the_games_events_for_its_sgf():
    """Seen from its game-start, a board's game is its events as sent (clock times,
    comments); joined from a snapshot, the game as the state holds it."""
    async def main():
        feed = Feed().attach()
        evs, m = random_game(20, seed=4)
        extra = [m.event("illegal", color="B", point=evs[3]["point"], code="occupied",
                         text="occupied", fix="take it off"), m.restored()]
        for ev in evs + extra:
            feed.publish("t1", ev)
        got = feed.game_events("t1")
        assert got == evs + extra
        feed.publish_snapshot("t2", dict(feed.snapshot("t1"), board="t2"))
        late = feed.game_events("t2")
        assert late[0]["type"] == "game-start" and len(late) == 21
        assert [e["point"] for e in late[1:]] == [e["point"] for e in evs[1:]]
        # a new game starts the list again
        m2 = EventMaker(seed=6, game=2)
        feed.publish("t1", m2.start())
        assert [e["type"] for e in feed.game_events("t1")] == ["game-start"]
        assert feed.game_events("nobody") is None
    asyncio.run(main())
