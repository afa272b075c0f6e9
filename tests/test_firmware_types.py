"""firmware/ type-checks with mypy against the MicroPython stubs for the Pico.

The stubs come from PyPI (micropython-rp2-rpi-pico-stubs, which pulls in
micropython-stdlib-stubs). They install flat into site-packages, which mypy
will not read as a stub package, so the test:
- uses site-packages as mypy's typeshed (`--custom-typeshed-dir`): its `stdlib/`
  is micropython-stdlib-stubs' reduced typeshed (MicroPython's `array`, `sys`...);
- links the Pico modules (micropython, machine, rp2, time, gc...) and the
  `_mpy_shed` helpers they import into a scratch directory on MYPYPATH;
- ignores errors inside those stubs (third-party internals such as redefinitions
  in machine.pyi), not in our code.
`--check-untyped-defs` makes mypy read the bodies of unannotated functions too.
"""

import os
import subprocess
import sys

from conftest import FIRMWARE, REPO

SITE = REPO / ".venv" / "lib" / ("python%d.%d" % sys.version_info[:2]) / "site-packages"


def stub_package_modules(dist_prefix):
    """Top-level names a stub distribution installed (from its RECORD)."""
    infos = sorted(SITE.glob(dist_prefix + "*.dist-info"))
    assert infos, "%s is not installed in .venv: run tools/setup" % dist_prefix
    names = set()
    for line in (infos[-1] / "RECORD").read_text().splitlines():
        top = line.split(",")[0].split("/")[0]
        if top.endswith(".pyi") or (top and "." not in top and top != "stdlib"):
            names.add(top)
    return names


def test_firmware_type_checks_against_pico_stubs(tmp_path):
    stubs = tmp_path / "stubs"
    stubs.mkdir()
    names = stub_package_modules("micropython_rp2_rpi_pico_stubs") | {"_mpy_shed"}
    assert "micropython.pyi" in names
    for name in names:
        if (SITE / name).exists():
            os.symlink(SITE / name, stubs / name)
    cfg = tmp_path / "mypy.ini"
    # errors inside the third-party stubs themselves (machine.pyi redefinitions...)
    # are not ours to fix: ignore them, but still use their types
    mods = sorted(n[:-4] if n.endswith(".pyi") else n + ".*" for n in names)
    cfg.write_text("[mypy]\ncache_dir = %s\n[mypy-%s]\nignore_errors = True\n"
                   % (tmp_path / "cache", ",".join(mods)))
    env = dict(os.environ, MYPYPATH=str(stubs))
    proc = subprocess.run(
        [str(REPO / ".venv" / "bin" / "mypy"), "--config-file", str(cfg),
         "--custom-typeshed-dir", str(SITE), "--check-untyped-defs", "--no-error-summary",
         str(FIRMWARE)],
        capture_output=True, text=True, env=env, cwd=str(REPO), timeout=300)
    assert proc.returncode == 0, "mypy found problems in firmware/:\n" + proc.stdout + proc.stderr
