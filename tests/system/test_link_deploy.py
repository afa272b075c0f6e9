"""tools/deploy's compile step (the copy needs a Pico and is not run here):
every firmware module becomes an armv6m .mpy, and the compiled link (no
native code in it) loads in the unix port and frames as the source does."""

import os
import subprocess
from conftest import REPO


def test_deploy_build_compiles_every_module_for_the_rp2040(tmp_path):
    build = tmp_path / "build"
    r = subprocess.run([str(REPO / "tools" / "deploy"), "--build-only", "--build-dir", str(build)],
                       capture_output=True, text=True, cwd=str(REPO), timeout=300)
    assert r.returncode == 0, r.stderr
    # every module but goban/names.py and goban/results.py (constant tables: free in
    # the frozen image's flash, ~20 and ~15 KB of heap from a .mpy; goban.regions and
    # goban.count_result do without them)
    sources = sorted(p.relative_to(REPO / "firmware").with_suffix(".mpy")
                     for p in (REPO / "firmware" / "goban").rglob("*.py")
                     if p.relative_to(REPO / "firmware").as_posix()
                     not in ("goban/names.py", "goban/results.py"))
    built = sorted(p.relative_to(build) for p in build.rglob("*.mpy"))
    assert built == sources and len(built) > 20
    assert (build / "boards" / "reference-19.json").exists()
    for p in build.rglob("*.mpy"):
        head = p.read_bytes()[:4]
        assert head[0] == ord("M") and head[1] == 6, p  # mpy v6
    env = dict(os.environ, MICROPYPATH=str(build))
    out = subprocess.run([str(REPO / ".venv" / "bin" / "micropython"), "-c",
                          "from goban.link import frame_bytes, parse_frame\n"
                          "import goban.link\n"
                          "print(goban.link.__file__)\n"
                          "print(parse_frame(frame_bytes(9, '{\"k\":\"hello\"}')[1:-1]))\n"],
                         capture_output=True, text=True, env=env, timeout=60)
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() [0].endswith("link.mpy")
    assert "(9, {'k': 'hello'})" in out.stdout


def test_deploy_rejects_an_unknown_option():
    r = subprocess.run([str(REPO / "tools" / "deploy"), "--frobnicate"], capture_output=True,
                       text=True, cwd=str(REPO))
    assert r.returncode == 2 and "unknown option --frobnicate" in r.stderr
