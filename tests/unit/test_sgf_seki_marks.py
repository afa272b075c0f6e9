"""The players' seki marks in the SGF (issue 12, item 5): the host writes them
on the last node beside TB/TW as this project's private properties SEKI (blocks
confirmed in seki) and NOSEKI (blocks said not to be), and `goboard score`
counts with them; a bad value is one line naming the property, exit status 2."""

import json

from sgfmill import sgf

from goban.count import count
from goboard.record.sgfgame import load_sgf, markup_seki
from goboard.record.sgfrecord import record_game, check_record
from conftest import score_cli as score
from count_positions import TANG_SONG_SEKI, ONE_LIBERTY_SEKI, game_of, setup_sgf


def events(seki_dead=None, seki_count=None):
    start = {"type": "game-start", "seq": 1, "size": 9, "rules": "japanese", "komi": 0,
             "handicap": 0, "first": "B", "setup": {"B": [], "W": []}}
    moves = [{"type": "move", "seq": 2, "color": "B", "point": "ee"},
             {"type": "pass", "seq": 3, "color": "W"},
             {"type": "pass", "seq": 4, "color": "B"},
             {"type": "end", "seq": 5, "reason": "two-passes"}]
    dead = {"type": "dead", "seq": 6, "points": []}
    if seki_dead is not None:
        dead["seki"] = seki_dead
    bd = {"seki": []}
    if seki_count is not None:
        bd["seki_marked"] = seki_count
    return [start] + moves + [dead, {"type": "count", "seq": 7, "result": "B+81",
                                     "breakdown": bd}]


def last_node(data):
    return sgf.Sgf_game.from_bytes(data).get_main_sequence()[-1]


def test_the_marks_are_written_on_the_last_node_and_read_back():
    evs = events({"on": ["ee"], "off": []}, {"on": ["ee"], "off": []})
    data = record_game(evs)
    check_record(data, evs)
    node = last_node(data)
    assert node.get_raw_list("SEKI") == [b"ee"] and not node.has_property("NOSEKI")
    assert "The players marked E5 in seki." in node.get("C")
    game, info = load_sgf(data)
    assert markup_seki(info["sgf"], 9) == [("ee", True)]


def test_the_counted_marks_win_over_the_dead_events():
    data = record_game(events({"on": ["ee"], "off": []}, {"on": [], "off": ["ee"]}))
    node = last_node(data)
    assert node.get_raw_list("NOSEKI") == [b"ee"] and not node.has_property("SEKI")
    # a count without them: the dead event's
    data = record_game(events({"on": [], "off": ["ee"]}))
    assert last_node(data).get_raw_list("NOSEKI") == [b"ee"]
    # no marks: neither property
    data = record_game(events())
    assert b"SEKI" not in data


def test_score_counts_with_the_marks(capsys, tmp_path):
    """Seed 004 图七 under Japanese: NOSEKI on a stone of white's left block
    gives white its two eye points, as the count with that mark does."""
    want = count(game_of(TANG_SONG_SEKI, "japanese"), [], "japanese", komi=0,
                 seki=[("da", False)])
    plain = count(game_of(TANG_SONG_SEKI, "japanese"), [], "japanese", komi=0)
    assert want.result != plain.result
    for extra, res in (("NOSEKI[da]", want), ("", plain)):
        code, out, err = score(capsys, tmp_path, setup_sgf(TANG_SONG_SEKI, extra=extra),
                               "--rules", "japanese", "--komi", "0", "--json")
        assert code == 0, err
        obj = json.loads(out)
        assert obj["result"] == res.result
        assert obj["breakdown"]["seki"] == res.breakdown["seki"]
        assert obj["breakdown"].get("seki_marked") == res.breakdown.get("seki_marked")
    code, out, err = score(capsys, tmp_path, setup_sgf(ONE_LIBERTY_SEKI, extra="SEKI[ec]"),
                           "--rules", "japanese", "--komi", "0")
    assert code == 0 and "the players marked in seki ec, not in seki none" in out
    assert "W+0" not in out and ": 0\n" in out


def test_bad_marks_exit_2_naming_the_property(capsys, tmp_path):
    for extra, args, words in (("NOSEKI[zz]", (), ["NOSEKI", "'zz'", "not a point"]),
                               ("SEKI[d]", (), ["SEKI", "'d'"]),
                               ("SEKI[ia]", (), ["SEKI", "ia has no stone"]),
                               ("NOSEKI[ag]", ("--dead", "ag"),
                                ["NOSEKI", "ag has no living stone"])):
        code, out, err = score(capsys, tmp_path, setup_sgf(ONE_LIBERTY_SEKI, extra=extra),
                               "--rules", "japanese", "--json", *args)
        assert code == 2 and out == "", extra
        assert len(err.strip().splitlines()) == 1 and "Traceback" not in err
        for w in words:
            assert w in err, (extra, err)
