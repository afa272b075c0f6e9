"""The game log: power cut at every byte, damage in the middle, ranges of
events for the serial link, old-game cleanup, and resuming the current game."""

import os
import random

import pytest

from goban import gamelog
from goban.gamelog import GameLog, encode
from conftest import MICROPYTHON, MP, REPO

SEED = int(os.environ.get("GOBAN_TEST_SEED", "20240601"))


def game_events(n=24, seed=SEED):
    rng = random.Random(seed)
    evs = [{"type": "game-start", "size": 19, "rules": "chinese", "komi": 7.5, "handicap": 0,
            "first": "B", "setup": {"B": [], "W": []}, "serial": "sim-1", "profile": "sim-19"}]
    for k in range(1, n):
        kind = rng.choice(("move", "move", "move", "pass", "illegal", "bowls"))
        if kind == "move":
            pt = chr(97 + rng.randrange(19)) + chr(97 + rng.randrange(19))
            caps = [chr(97 + rng.randrange(19)) + chr(97 + rng.randrange(19))
                    for _ in range(rng.choice((0, 0, 0, 1, 3)))]
            evs.append({"type": "move", "color": "BW"[k % 2], "point": pt, "number": k,
                        "captures": caps})
        elif kind == "pass":
            evs.append({"type": "pass", "color": "BW"[k % 2], "number": k, "stone": True})
        elif kind == "illegal":
            evs.append({"type": "illegal", "color": "B", "point": "dd", "code": "ko",
                        "text": "Ko: retake forbidden — 劫", "fix": "lift the stone"})
        else:
            evs.append({"type": "bowls", "B": 180 - k, "W": 180 - k, "lidB": 0, "lidW": k})
    return evs


def written(path, evs, game=1):
    log = GameLog(str(path))
    g = log.new_game(dict(evs[0]))
    assert g == game
    for e in evs[1:]:
        log.append(dict(e))
    log.close()
    return log


def numbered(evs, game=1):
    return [dict(e, game=game, seq=i + 1) for i, e in enumerate(evs)]


def test_write_reopen_read_back(tmp_path):
    evs = game_events()
    written(tmp_path, evs)
    log = GameLog(str(tmp_path))
    assert log.games() == [1] and log.current_game() == 1
    assert list(log.events(1)) == numbered(evs)
    assert log.last_event() == numbered(evs)[-1]
    assert log.count() == len(evs)
    assert log.damage == []


def test_ranges_for_the_serial_link(tmp_path):
    evs = numbered(game_events(60))
    written(tmp_path, [{k: v for k, v in e.items() if k not in ("game", "seq")} for e in evs])
    for reopen in (False, True):
        log = GameLog(str(tmp_path))
        if reopen:  # an old game read without the in-memory marks
            log.new_game({"type": "game-start", "size": 9})
        for start in range(0, 64):
            for limit in (None, 0, 1, 5, 17):
                got = list(log.events(1, start, limit))
                lo = max(start, 1) - 1
                want = evs[lo:] if limit is None else evs[lo:lo + limit]
                assert got == want, (start, limit)
        assert list(log.events(99)) == []


def test_power_cut_at_every_byte(tmp_path):
    evs = game_events(24)
    src = tmp_path / "src"
    written(src, evs)
    data = (src / "000001.log").read_bytes()
    ends = []
    off = 0
    for e in numbered(evs):
        off += len(encode(e))
        ends.append(off)
    assert ends[-1] == len(data)
    print("log bytes", len(data), "cuts", len(data) + 1)
    extra = {"type": "pass", "color": "W", "number": 99, "stone": False}
    for cut in range(len(data) + 1):
        d = tmp_path / ("cut%d" % cut)
        d.mkdir()
        (d / "000001.log").write_bytes(data[:cut])
        log = GameLog(str(d), durable=False)
        complete = sum(1 for e in ends if e <= cut)
        want = numbered(evs)[:complete]
        assert list(log.events(1)) == want, cut
        assert log.count() == complete
        assert log.last_event() == (want[-1] if want else None)
        if cut in ends or cut == 0:
            assert log.damage == []
        else:
            assert [x["reason"] for x in log.damage] == ["cut"]
        assert log.append(dict(extra)) == complete + 1
        log.close()
        again = GameLog(str(d), durable=False)
        assert list(again.events(1)) == want + [dict(extra, game=1, seq=complete + 1)], cut
        assert again.damage == []
        again.close()


def test_damaged_byte_in_the_middle_stops_at_the_last_good_event(tmp_path):
    evs = game_events(20)
    src = tmp_path / "src"
    written(src, evs)
    data = (src / "000001.log").read_bytes()
    ends = [0]
    for e in numbered(evs):
        ends.append(ends[-1] + len(encode(e)))
    rng = random.Random(SEED)
    offsets = sorted(rng.sample(range(ends[2], ends[-3]), 40)) + [ends[5], ends[5] + 1]
    for off in offsets:
        bad = bytearray(data)
        bad[off] ^= 1 << rng.randrange(8)
        rec = max(i for i in range(len(ends)) if ends[i] <= off)  # damaged record index
        d = tmp_path / ("bad%d" % off)
        d.mkdir()
        (d / "000001.log").write_bytes(bytes(bad))
        log = GameLog(str(d), durable=False)
        assert list(log.events(1)) == numbered(evs)[:rec], off
        assert len(log.damage) == 1
        dmg = log.damage[0]
        assert dmg["game"] == 1 and dmg["seq"] == rec and dmg["offset"] == ends[rec]
        assert dmg["reason"] in ("checksum", "length", "cut")
        # the unreadable tail is kept aside, the game goes on after the last good event
        assert (d / "000001.bad").read_bytes() == bytes(bad[ends[rec]:])
        log.append({"type": "restored"})
        log.close()
        assert [e["seq"] for e in GameLog(str(d)).events(1)] == list(range(1, rec + 2))


def test_damage_in_an_old_game_is_reported_not_raised(tmp_path):
    evs = game_events(10)
    written(tmp_path, evs)
    log = GameLog(str(tmp_path))
    log.new_game({"type": "game-start", "size": 9})
    log.close()
    path = tmp_path / "000001.log"
    data = bytearray(path.read_bytes())
    cut = len(encode(numbered(evs)[0])) + 5
    data[cut] ^= 0xFF
    path.write_bytes(bytes(data))
    log = GameLog(str(tmp_path))
    assert log.current_game() == 2
    assert list(log.events(1)) == numbered(evs)[:1]
    assert log.damage and log.damage[0]["game"] == 1 and log.damage[0]["seq"] == 1
    assert list(log.events(1, 3)) == []  # past the damage: nothing, no crash
    assert path.read_bytes() == bytes(data)  # an old game is never rewritten


def test_games_numbered_and_old_ones_cleaned_up(tmp_path):
    log = GameLog(str(tmp_path), max_bytes=6000, max_games=4)
    sizes = []
    for g in range(1, 9):
        assert log.new_game({"type": "game-start", "size": 19}) == g
        for k in range(15):
            log.append({"type": "move", "color": "B", "point": "dd", "number": k + 1,
                        "captures": []})
        sizes.append(os.stat(log.file(g)).st_size)
        games = log.games()
        assert games[-1] == g and len(games) <= 4
        assert sum(os.stat(log.file(x)).st_size for x in games) <= 6000 + sizes[-1]
        assert games == list(range(games[0], g + 1))  # the newest are kept
    assert len(log.games()) >= 2
    with pytest.raises(ValueError):
        log.delete(log.current_game())
    log.close()
    assert GameLog(str(tmp_path)).games() == log.games()


def test_current_and_previous_game_are_never_deleted(tmp_path):
    log = GameLog(str(tmp_path), max_bytes=4096, max_games=1)
    log.new_game({"type": "game-start", "size": 19})
    log.new_game({"type": "game-start", "size": 19})
    for k in range(200):  # far beyond max_bytes
        log.append({"type": "move", "color": "W", "point": "pp", "number": k, "captures": []})
    assert log.games() == [1, 2]
    log.new_game({"type": "game-start", "size": 19})
    assert log.games() == [2, 3]


def test_resume_after_restart_continues_numbering(tmp_path):
    evs = game_events(5)
    written(tmp_path, evs)
    log = GameLog(str(tmp_path))
    assert log.append({"type": "pass", "color": "B", "number": 5, "stone": False}) == 6
    assert log.last_event()["seq"] == 6
    log.close()
    log = GameLog(str(tmp_path))
    assert log.count() == 6 and log.new_game({"type": "game-start", "size": 9}) == 2


def test_crc_is_the_shared_one():
    from goban import crc
    assert gamelog.crc32 is crc.crc32   # tests/test_link_crc.py checks it, fallback included


def test_append_without_game_and_oversized_event(tmp_path):
    log = GameLog(str(tmp_path))
    with pytest.raises(ValueError):
        log.append({"type": "move"})
    log.new_game({"type": "game-start"})
    with pytest.raises(ValueError):
        log.append({"type": "illegal", "text": "x" * 5000})
    assert log.count() == 1


MPY = str(MICROPYTHON)


def test_littlefs_power_cut_after_every_flash_operation():
    """The log on the Pico's filesystem (LittleFS v2 on a RAM block device in
    the unix port): power cut after every block operation and in the middle
    of every block write; each image reopens to the committed events (at
    least every append that had returned) and takes a new one."""
    import subprocess
    root = str(REPO)
    env = dict(os.environ, MICROPYPATH=os.path.join(root, "firmware"))
    r = subprocess.run([MPY, str(MP / "mpy_lfs_powercut.py")],
                       capture_output=True, text=True, env=env, timeout=120)
    assert r.returncode == 0, r.stdout + r.stderr
    words = r.stdout.split()
    assert words[0] == "ok", r.stdout
    assert int(words[2]) > 20 and int(words[1]) > int(words[2])  # many cuts tested


def test_a_torn_game_start_does_not_skip_a_game_number(tmp_path):
    evs = game_events(6)
    log = written(tmp_path, evs)
    start = dict(evs[0], rules="japanese")
    rec = encode(dict(start, game=2, seq=1))
    # the power failed while game 2's first record was written: part of it on flash
    with open(log.file(2), "wb") as f:
        f.write(rec[:len(rec) // 2])
    log = GameLog(str(tmp_path))
    assert log.current_game() == 2 and list(log.events(2)) == []
    assert log.new_game(dict(start)) == 2
    assert log.games() == [1, 2] and [e["rules"] for e in log.events(2)] == ["japanese"]
    assert log.new_game(dict(start)) == 3          # a game with events is kept
    assert len(list(log.events(1))) == 6


def test_the_game_just_closed_has_its_last_seq_from_memory(tmp_path):
    """At a new game the link tells the host where the last one ended: the log
    knows that game's last seq without reading it back (a record at a time on
    the heap: the .mpy install's had no room for it at the menu's new game)."""
    import os
    log = GameLog(str(tmp_path / "log"))
    g1 = log.new_game({"type": "game-start"})
    for k in range(5):
        log.append({"type": "move", "number": k + 1})
    g2 = log.new_game({"type": "game-start"})
    assert log.last_seq(g2) == 1 and log.last_seq(g1) == 6
    os.remove(log.file(g1))                  # not read: the closed game's seq is kept
    assert log.last_seq(g1) == 6
