"""Events -> SGF: round trip through sgfmill and through goboard.sgfgame (the
rules core replays the file to the same position), the conventional RU names,
handicap, passes and abandons, takebacks and illegal moves as comments, the
result and the count, and a corrupt file rejected in one sentence."""

import os
import random

import pytest
from sgfmill import sgf

from goban import rules as R
from goboard.errors import UserError
from goboard.record.sgfgame import load_sgf
from goboard.record.sgfrecord import record_game, read_moves, check_record, sgf_rules_name
from synth import EventMaker

SEED = int(os.environ.get("GOBOARD_SGF_SEED", "11"))
GAMES = int(os.environ.get("GOBOARD_SGF_GAMES", "12"))


def messy_game(seed, size=19, rules="chinese", moves=120):
    """Random moves with illegal tries, corrections and takebacks, as the board sends them."""
    rng = random.Random(seed)
    m = EventMaker(rules=rules, size=size, seed=seed)
    evs = [m.start()]
    for _ in range(moves):
        x = rng.random()
        if x < 0.05 and m.g.n:
            last = [e for e in evs if e["type"] == "move"]
            if last:
                evs.append(m.play(last[-1]["point"]))   # occupied
                evs.append(m.restored())
                continue
        if x < 0.1 and m.g.n:
            ev = m.undo()
            if ev:
                evs.append(ev)
            continue
        ev = m.random_move()
        if ev is None:
            break
        evs.append(ev)
    return evs, m


def test_random_games_round_trip_through_sgfmill_and_the_rules_core():
    print("seed", SEED, "games", GAMES)
    for i in range(GAMES):
        size = (9, 13, 19)[i % 3]
        evs, m = messy_game(SEED + i, size=size)
        data = record_game(evs)
        props, moves = check_record(data, evs)
        assert props["SZ"] == size and props["FF"] == 4 and props["GM"] == 1
        assert len(moves) == m.g.n
        game, info = load_sgf(data)
        assert info["illegal"] is None
        assert game.board.rows() == m.position()
        assert game.captures == m.g.captures
        text = data.decode()
        assert text.count("Takeback:") == sum(1 for e in evs if e["type"] == "undo")
        assert text.count("Illegal (") == sum(1 for e in evs if e["type"] == "illegal")


def test_rules_names_are_the_conventional_ones():
    want = {"chinese": "Chinese", "japanese": "Japanese", "aga": "AGA", "ing": "GOE",
            "tromp-taylor": "NZ"}
    for rid, name in want.items():
        assert sgf_rules_name(rid) == name
        ev = {"type": "game-start", "game": 1, "seq": 1, "size": 19, "rules": rid, "komi": 7.5}
        assert sgf.Sgf_game.from_bytes(record_game([ev])).get_root().get("RU") == name
    for rid in R.RULE_IDS:
        assert sgf_rules_name(rid) == R.get(rid).sgf_name


def test_abandon_and_pass_stone_under_living_stones_read_back_as_such():
    m = EventMaker(rules="living-stones", size=9, seed=1)
    evs = [m.start()] + m.moves(6)
    g = m.g
    color = "BW"[g.to_move() - 1]
    assert g.pass_stone(g.to_move()) is None
    evs.append(m.event("pass", color=color, number=g.n, stone=True))
    for _ in range(2):
        color = "BW"[g.to_move() - 1]
        assert g.abandon(g.to_move()) is None
        evs.append(m.event("abandon", color=color, number=g.n))
    data = record_game(evs)
    props, moves = read_moves(data)
    assert [k for _, _, k in moves[-3:]] == [None, "abandon", "abandon"]
    assert b"PL[W]" in data and b"KM[0]" in data
    game, info = load_sgf(data)
    assert game.over and game.end == "two-abandons"
    assert game.pass_stones == g.pass_stones


def test_handicap_result_and_count_as_territory():
    m = EventMaker(rules="aga", size=9, seed=2, handicap=2)
    evs = [m.start(black=["cg", "gc"])]
    evs += m.moves(10)
    evs.append(m.pass_move())
    evs.append(m.pass_move())
    evs.append(m.event("end", reason="two-passes"))
    evs.append(m.event("count", result="W+0.5", winner="W", margin=0.5, unit="points",
                     breakdown={"territory": {"B": ["aa", "ab"], "W": ["ii"]}}))
    data = record_game(evs, event="Club night", round="4", black="Ann", white="Bo", date="2026-11-22")
    root = sgf.Sgf_game.from_bytes(data).get_root()
    assert root.get("HA") == 2 and root.get("RE") == "W+0.5" and root.get("RU") == "AGA"
    assert (root.get("EV"), root.get("RO"), root.get("PB"), root.get("PW"), root.get("DT")) == (
        "Club night", "4", "Ann", "Bo", "2026-11-22")
    assert len(root.get_setup_stones()[0]) == 2
    last = sgf.Sgf_game.from_bytes(data).get_last_node()
    assert last.get("TB") == {(8, 0), (7, 0)} and last.get("TW") == {(0, 8)}
    # resignation without a count
    evs2 = evs[:5] + [m.event("resign", color="B")]
    assert sgf.Sgf_game.from_bytes(record_game(evs2)).get_root().get("RE") == "W+R"


def test_territory_is_computed_when_the_count_does_not_give_it():
    m = EventMaker(size=5, seed=3)
    evs = [m.start()]
    for p in ("ca", "da", "cb", "db", "cc", "dc", "cd", "dd", "ce", "de"):
        evs.append(m.play(p))
    evs.append(m.event("count", result="W+3", winner="W", margin=3, unit="points", breakdown={}))
    last = sgf.Sgf_game.from_bytes(record_game(evs)).get_last_node()
    assert len(last.get("TB")) == 10 and len(last.get("TW")) == 5


def test_stones_found_at_the_count_are_said_and_counted_in_the_territory_marks():
    """A stone the board never saw played, counted on the players' word
    (the dead event's `found`): the SGF says so where the count is, and its
    point is a stone, not territory, in the final marks."""
    m = EventMaker(size=5, seed=3)
    evs = [m.start()]
    for p in ("ca", "da", "cb", "db", "cc", "dc", "cd", "dd", "ce", "de"):
        evs.append(m.play(p))
    evs.append(m.event("dead", points=[], found={"B": ["aa"]}))
    evs.append(m.event("count", result="W+2", winner="W", margin=2, unit="points", breakdown={}))
    data = record_game(evs)
    last = sgf.Sgf_game.from_bytes(data).get_last_node()
    assert len(last.get("TB")) == 9 and (4, 0) not in last.get("TB")
    assert b"Counted on the players' word" in data and b"black A5" in data
    # without it, the point is black's territory
    evs[-2] = m.event("dead", points=[])
    last = sgf.Sgf_game.from_bytes(record_game(evs)).get_last_node()
    assert (4, 0) in last.get("TB")


def test_a_sensor_fault_naming_many_points_is_one_comment_naming_them_all():
    m = EventMaker(size=9, seed=3)
    evs = [m.start(), m.play("cc"),
           m.event("sensor-fault", point="aa", points=["aa", "ee"], what="unstable")]
    data = record_game(evs)
    assert b"Sensor fault at A9, E5: unstable." in data


def test_a_corrupt_file_is_rejected_in_one_sentence():
    evs, _ = messy_game(5, size=9, moves=20)
    data = record_game(evs)
    for bad in (data[: len(data) // 2], b"(;FF[4]GM[1]SZ[19];B[zz", b"", b"hello"):
        with pytest.raises(UserError) as e:
            read_moves(bad, "x.sgf")
        assert "\n" not in str(e.value) and "x.sgf" in str(e.value)
    with pytest.raises(UserError, match="reads back as"):
        check_record(data.replace(b"B[", b"W[", 1), evs)


def test_events_must_begin_with_game_start():
    with pytest.raises(UserError, match="game-start"):
        record_game([{"type": "move", "game": 1, "seq": 2, "color": "B", "point": "aa"}])


def test_every_result_kind_is_written_as_sgf_re():
    """RE as the count says it (SGF FF[4]: B+3.5, W+R, 0 for a draw, Void, B+F
    forfeit); a resignation or a void end without a count still gets one."""
    m = EventMaker(rules="new-ing", size=9, seed=4)
    start = [m.start()] + m.moves(6)
    for result, winner in (("B+3.5", "B"), ("W+R", "W"), ("0", "draw"), ("Void", "void"),
                           ("B+F", "B")):
        evs = start + [{"type": "count", "game": 1, "seq": m.seq + 1, "result": result,
                        "winner": winner, "margin": 0, "unit": "stones", "breakdown": {}}]
        root = sgf.Sgf_game.from_bytes(record_game(evs)).get_root()
        assert root.get("RE") == result
    ends = {"resign": ([{"type": "resign", "color": "W"}], "B+R"),
            "void": ([{"type": "end", "reason": "void"}], "Void")}
    for kind, (tail, want) in ends.items():
        evs = start + [dict(e, game=1, seq=m.seq + 1 + i) for i, e in enumerate(tail)]
        assert sgf.Sgf_game.from_bytes(record_game(evs)).get_root().get("RE") == want, kind


def test_utf8_names_and_komi_in_points_for_stone_counting_rules():
    """Chinese counting is in stones, but SGF's KM is in points (3¾ stones = KM[7.5]);
    names in Chinese survive the round trip (CA[UTF-8])."""
    for rid, km in (("chinese", 7.5), ("jipingdian", 7.5), ("ing", 8), ("ming-qing", 0)):
        m = EventMaker(rules=rid, size=9, seed=6)
        evs = [m.start()] + m.moves(4)
        data = record_game(evs, black="柯洁", white="申真谞", event="第一届")
        root = sgf.Sgf_game.from_bytes(data).get_root()
        assert root.get("KM") == km == R.get(rid).komi
        assert root.get("CA") == "UTF-8" and root.get("RU") == R.get(rid).sgf_name
        assert (root.get("PB"), root.get("PW"), root.get("EV")) == ("柯洁", "申真谞", "第一届")
        props, _ = read_moves(data)
        assert props["PB"] == "柯洁"
        assert ("rules " + R.get(rid).name) in props["GC"]     # e.g. Jipingdian (计枰点)


def test_the_checker_reads_as_replay_does():
    """read_moves is goboard.sgfgame's reader: what replay refuses, the check refuses."""
    for bad, why in ((b"(;GM[3]FF[4]SZ[19];B[aa])", "not a Go game"),
                     (b"(;GM[1]FF[4]SZ[9];B[aa];AB[cc];W[bb])", "setup stones in the middle"),
                     (b"(;GM[1]FF[4]SZ[30];B[aa])", "size")):
        with pytest.raises(UserError, match=why) as e:
            read_moves(bad, "y.sgf")
        assert "y.sgf" in str(e.value)


def test_the_table_and_a_clock_set_after_the_start():
    """The table of a hall's pairing is in GC; a clock the host sets after the
    start (GTP's time_settings) gives TM and OT like one chosen with the game,
    and each move its BL/WL."""
    from synth import TimedGame
    t = TimedGame(EventMaker(size=9, seed=3), "canadian:300+25/600",
                  {"black": "Ann", "white": "Bo", "table": "7"})
    evs = t.start()
    del evs[0]["clock"]                        # the game began without one
    c = t.clock.host({"spec": "canadian:300+25/600"}, t.now)
    evs.append(t.clock_event(c))
    assert evs[-1]["by"] == "host" and evs[-1]["set"]
    for _ in range(4):
        evs += t.move(5000)
    game = sgf.Sgf_game.from_bytes(record_game(evs))
    root = game.get_root()
    assert "table 7" in root.get("GC")
    assert root.get("TM") == 300 and root.get("OT") == "25/600 Canadian"
    assert not root.has_property("C")          # set before any move: no comment
    nodes = game.get_main_sequence()[1:]
    assert [n.get("BL") for n in nodes] == [295, 295, 290, 290]
