"""Every command-line error is one line on stderr and exit status 2, never a
traceback: numbers out of range (HA, ports, delays, paces: nan, inf, 1e308),
setup properties the reader refuses, a move text with a newline, profiles that
are not UTF-8, nested 100,000 deep or hold NaN, a record too long for the
MicroPython engine, a full disk under `sync --out`, two syncs into one folder."""

import json
import os
import resource
import subprocess
import sys

import pytest

from hostile_board import HostileBoard
from hostile_board import healthy, run_host

from goban.profile import ProfileError, load as load_profile
from goboard.cli import main as goboard
from goboard.record.journal import FolderLock
from conftest import MP, REPO


def one_line(capsys, *words):
    err = capsys.readouterr().err
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    for w in words:
        assert w in lines[0], err
    return lines[0]


@pytest.mark.parametrize("sgf,words", [
    ("(;GM[1]SZ[19]HA[99999999999999999999999];B[dd])", ["bad HA", "0..361"]),
    ("(;GM[1]SZ[19]HA[-1];B[dd])", ["bad HA: -1"]),
    ("(;GM[1]SZ[9]HA[two];B[dd])", ["bad HA: two", "0..81"]),
    ("(;GM[1]SZ[19]AB[zz];B[dd])", ["AB[zz] holds a point off the 19x19 board"]),
    ("(;GM[1]SZ[19]PL[X];B[dd])", ["PL[X] is not B or W"]),
    ("(;GM[1]SZ[19];B[d\nd])", ["B[d\\nd] is not a point"]),
])
@pytest.mark.parametrize("command", ["score", "replay"])
def test_bad_records_are_one_line(tmp_path, capsys, sgf, words, command):
    path = tmp_path / "bad.sgf"
    path.write_text(sgf)
    assert goboard([command, str(path), "--rules", "chinese"]) == 2
    one_line(capsys, *words)


@pytest.mark.parametrize("argv,words", [
    (["serve", "--port", "99999"], ["--port", "99999 is not a port"]),
    (["serve", "--port", "-1"], ["is not a port"]),
    (["serve", "--delay", "nan"], ["--delay", "nan must be"]),
    (["serve", "--delay", "inf"], ["inf must be"]),
    (["serve", "--delay", "1e308"], ["1e308 must be"]),
    (["serve", "--pace", "nan"], ["--pace"]),
    (["relay", "--pace", "-inf"], ["--pace"]),
    (["demo", "--port", "70000"], ["is not a port"]),
    (["demo", "--pace", "inf"], ["--pace"]),
    (["demo", "--linger", "nan"], ["--linger"]),
    (["sync", "--idle-exit", "nan"], ["--idle-exit"]),
    (["watch", "--idle-exit", "1e308"], ["--idle-exit"]),
])
def test_numbers_out_of_range_are_one_line(capsys, argv, words):
    assert goboard(argv + ["--replay", "x.jsonl"] if argv[0] in ("serve", "relay") else argv) == 2
    one_line(capsys, *words)


def test_replay_lines_nested_too_deep(tmp_path, capsys):
    """The replay is read before the port is bound: its error is the one said,
    whatever holds the port (here another program listening on it)."""
    import socket
    rec = tmp_path / "deep.jsonl"
    rec.write_text('{"type": "move", "x": ' + "[" * 100000 + "]" * 100000 + "}\n")
    held = socket.socket()
    held.bind(("127.0.0.1", 0))
    held.listen(1)
    try:
        port = str(held.getsockname()[1])
        assert goboard(["serve", "--port", port, "--replay", str(rec)]) == 2
    finally:
        held.close()
    one_line(capsys, "line 1 nests deeper than 16")


@pytest.mark.parametrize("data,words", [
    (b'{"id": "x", "kind": "sim"\xff\xfe}', ["not UTF-8"]),
    (b"[" * 100000 + b"]" * 100000, ["nested more than 32 levels"]),
], ids=["not-utf8", "nested-100000"])     # (the data as an id: PYTEST_CURRENT_TEST over
# the kernel's 128 KB a variable, and every program the test starts refused)
def test_profiles_that_are_no_text_or_too_deep(tmp_path, data, words, micropython):
    path = tmp_path / "p.json"
    path.write_bytes(data)
    with pytest.raises(ProfileError) as e:
        load_profile(str(path))
    for w in words:
        assert w in str(e.value)
    assert "\n" not in str(e.value)
    # the board reads its profile in MicroPython: the same one line there
    out = micropython(MP / "profile_error.py", stdin=str(path))
    assert out.startswith("ERR ") and words[0].split()[0] in out or "not valid JSON" in out, out


def test_a_profile_number_that_is_nan_or_infinite(tmp_path):
    src = json.load(open(os.path.join(REPO, "boards", "reference-19.json")))
    for bad in ("NaN", "Infinity"):
        text = json.dumps(src)
        # the first counts_per_g in the bowls section
        i = text.index('"counts_per_g": ') + len('"counts_per_g": ')
        j = min(k for k in (text.index(",", i), text.index("}", i)))
        path = tmp_path / "p.json"
        path.write_text(text[:i] + bad + text[j:])
        with pytest.raises(ProfileError) as e:
            load_profile(str(path))
        assert "counts_per_g" in str(e.value) and "must be a number" in str(e.value)


def test_a_record_too_long_for_the_micropython_engine(tmp_path, capsys):
    moves = "".join(";B[%s%s];W[%s%s]" % (a, b, b, a) for a in "abcdefghijklmnopqrs"
                    for b in "abcdefghijklmnopqrs")
    path = tmp_path / "long.sgf"
    path.write_text("(;GM[1]SZ[19]" + moves * 300 + ")")  # 216,600 nodes
    assert goboard(["replay", str(path), "--rules", "chinese", "--engine", "micropython"]) == 2
    one_line(capsys, "too large for the MicroPython engine", "--engine cpython")


def _fsize(limit):
    def pre():
        resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))
    return pre


def test_a_full_disk_under_sync_is_one_line_and_a_later_sync_completes(tmp_path):
    ev, _ = healthy(1, moves=60)
    out = tmp_path / "games"
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(
        [os.path.join(REPO, "host"), os.path.join(REPO, "firmware")]))
    with HostileBoard(games={1: ev}) as board:
        # files may grow to 3 KB: the journal of 61 events needs more (EFBIG as ENOSPC would)
        p = subprocess.run([sys.executable, "-m", "goboard", "sync", "--port", board.path,
                            "--out", str(out)], env=env, capture_output=True, timeout=60,
                           preexec_fn=_fsize(3000))
        err = p.stderr.decode()
        assert p.returncode == 2, err
        assert "Traceback" not in err and len(err.strip().splitlines()) == 1, err
        assert "cannot write" in err and "File too large" in err, err
        rc, _, err, _ = run_host(["sync", "--port", board.path, "--out", str(out)])
    assert rc == 0, err
    assert (out / "HOSTILE-1-0001.sgf").exists()


def test_two_syncs_into_one_folder_do_not_interleave(tmp_path):
    ev, _ = healthy(1, moves=10)
    out = tmp_path / "games"
    with HostileBoard(games={1: ev}) as board:
        with FolderLock(str(out)):
            rc, _, err, _ = run_host(["sync", "--port", board.path, "--out", str(out)])
        assert rc == 2
        assert "another goboard (pid %d) is writing into" % os.getpid() in err, err
        assert len(err.strip().splitlines()) == 1
        rc, _, err, _ = run_host(["sync", "--port", board.path, "--out", str(out)])
        assert rc == 0, err
