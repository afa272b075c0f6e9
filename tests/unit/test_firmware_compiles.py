"""Every .py under firmware/ compiles for the RP2040 (`mpy-cross -march=armv6m`):
viper code that the unix port accepts can still fail for Thumb-1 (armv6m)."""

import subprocess

from conftest import FIRMWARE, MPY_CROSS


def test_every_firmware_file_compiles_for_armv6m(tmp_path):
    assert MPY_CROSS.exists(), "%s is missing: run tools/setup" % MPY_CROSS
    files = sorted(FIRMWARE.rglob("*.py"))
    assert files, "no .py under firmware/"
    failed = []
    for i, f in enumerate(files):
        out = tmp_path / ("%d.mpy" % i)
        proc = subprocess.run([str(MPY_CROSS), "-march=armv6m", str(f), "-o", str(out)],
                              capture_output=True, text=True, timeout=120)
        if proc.returncode != 0 or not out.exists():
            failed.append("%s: %s" % (f.relative_to(FIRMWARE.parent),
                                      (proc.stderr or proc.stdout).strip()))
    assert not failed, "mpy-cross -march=armv6m failed on %d file(s):\n%s" % (
        len(failed), "\n".join(failed))
