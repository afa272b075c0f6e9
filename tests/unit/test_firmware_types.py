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
The rules core (board, game, rules, compat) is held to `--check-untyped-defs`
(mypy reads the bodies of unannotated functions too); the rest of firmware/ to
mypy's defaults.
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


CORE = ["goban/compat.py", "goban/rules.py", "goban/board.py", "goban/game.py"]


def mypy(tmp_path, targets, strict):
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
    env["MYPYPATH"] += os.pathsep + str(FIRMWARE)
    proc = subprocess.run(
        [str(REPO / ".venv" / "bin" / "mypy"), "--config-file", str(cfg),
         "--custom-typeshed-dir", str(SITE), "--no-error-summary"]
        + (["--check-untyped-defs"] if strict else []) + [str(t) for t in targets],
        capture_output=True, text=True, env=env, cwd=str(REPO), timeout=300)
    return proc.returncode, proc.stdout + proc.stderr


def test_firmware_type_checks_against_pico_stubs(tmp_path):
    rc, out = mypy(tmp_path, [FIRMWARE], strict=False)
    assert rc == 0, "mypy found problems in firmware/:\n" + out


def test_rules_core_type_checks_strictly(tmp_path):
    rc, out = mypy(tmp_path, [FIRMWARE / f for f in CORE], strict=True)
    assert rc == 0, "mypy --check-untyped-defs found problems in the rules core:\n" + out
