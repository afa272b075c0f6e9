"""The settle windows (goban.settle with goban.calibration's strong/steady count):
a stone reading well past the threshold and steady becomes stable after the short
window (settle_fast_ms); a weak reading, a moving one (a hand's tremor, a stone
sliding, a noise burst) and any stone leaving wait for the full window (settle_ms).
The same script runs under CPython and under MicroPython's viper with the heap
locked over the frames."""

import subprocess
import sys

from conftest import MP, REPO, run_micropython


def parse(out):
    res = {}
    for line in out.strip().splitlines():
        f = line.split()
        if f[0] == "full":
            res.update({f[k]: int(f[k + 1]) for k in range(0, len(f), 2)})
        else:
            res[f[0]] = int(f[1])
    return res


def check(res):
    full, fast = res["full"], res["fast"]
    assert fast < full, res
    assert res["placed"] == fast and res["placed_white"] == fast
    assert res["placed_off"] == full
    assert res["weak"] == full
    assert res["moving"] == full
    assert res["dip"] == 0                    # neither window: never a stone
    assert res["slide"] == 0
    assert res["lifted"] == full
    # the jump restarts the run: stable fast scans after it, before the full window
    assert res["jump"] == fast - 1 + fast, res
    # resting when nothing moved changes nothing the referee sees
    assert res["equiv"] == 0 and res["rests"] > 100, res


SCRIPT = MP / "settle_windows.py"


def test_settle_windows_cpython():
    out = subprocess.run([sys.executable, str(SCRIPT)], capture_output=True, text=True,
                         check=True, cwd=str(REPO)).stdout
    check(parse(out))


def test_settle_windows_micropython_viper_heap_locked():
    res = parse(run_micropython(SCRIPT))
    check(res)
