"""tools/build-image: the product image a user flashes, and what it says when it cannot.

The .uf2 holds exactly the .bin (RP2040 family, 256-byte payloads from
0x10000000), the image is cached by the hash of its inputs (a second build does
nothing), every frozen native function sits on a 4-byte boundary (the Thumb
literals need it), and a missing kit is one line naming the missing files and
GOBOARD_RP2040_DIR, exit status 2.
"""

import os
import struct
import subprocess
import sys

from conftest import REPO
import chip_rig


def read_uf2(data):
    out = {}
    for k in range(0, len(data), 512):
        b = data[k:k + 512]
        m0, m1, flags, addr, size, blockno, nblocks, family = struct.unpack("<8I", b[:32])
        assert (m0, m1) == (0x0A324655, 0x9E5D5157)
        assert struct.unpack("<I", b[508:512])[0] == 0x0AB16F30
        assert flags & 0x2000 and family == 0xE48BFF56, "not marked for the RP2040"
        assert blockno == k // 512 and nblocks == len(data) // 512
        out[addr] = b[32:32 + size]
    base = min(out)
    assert base == 0x10000000
    return b"".join(out[a] for a in sorted(out))


def test_the_uf2_is_the_image_and_a_second_build_is_cached(tmp_path):
    img = chip_rig.product_image()
    r = subprocess.run([str(REPO / "tools" / "build-image"), "--out", str(tmp_path), "--json"],
                       capture_output=True, text=True, timeout=600)
    assert r.returncode == 0, r.stderr
    import json
    res = json.loads(r.stdout)
    assert res["built"] is False and res["key"] == img["key"], "rebuilt an unchanged image"
    binary = (tmp_path / "goboard-rp2040.bin").read_bytes()
    uf2 = (tmp_path / "goboard-rp2040.uf2").read_bytes()
    assert len(uf2) % 512 == 0
    assert read_uf2(uf2)[:len(binary)] == binary
    assert read_uf2(uf2)[len(binary):] == bytes(len(read_uf2(uf2)) - len(binary))
    assert binary[:len(binary)] == open(img["bin"], "rb").read()
    chip_rig.B.check_native_alignment(img["elf"])      # raises if one is not


def test_the_image_freezes_the_firmware_and_the_profiles():
    c = chip_rig.repl(chip_rig.product_image())
    try:
        out = c.exec("import sys\n"
                     "from goboard_profiles import PROFILES\n"
                     "import goban.referee, goban.game\n"
                     "print(sorted(PROFILES), goban.game.__file__, sys.implementation._build)")
    finally:
        c.close()
    profiles, path, build = out.split()[0:-2], out.split()[-2], out.split()[-1]
    assert "'reference-19'" in " ".join(profiles)
    assert path.startswith("goban/")          # frozen: not a file on the filesystem
    assert build == "RPI_PICO"


def test_a_missing_kit_is_one_line_and_exit_2(tmp_path):
    env = {"PATH": "/usr/bin:/bin", "GOBOARD_RP2040_DIR": str(tmp_path)}
    r = subprocess.run([str(REPO / "tools" / "build-image"), "--out", str(tmp_path)],
                       capture_output=True, text=True, env=env, timeout=60)
    assert r.returncode == 2
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1, r.stderr
    assert "micropython-src.tar.xz" in lines[0] and "GOBOARD_RP2040_DIR" in lines[0]


def test_workers_unpacking_the_source_at_once_all_get_the_whole_tree(tmp_path):
    """On a fresh clone the suite's workers all ask for the source at once (CI failed
    so: one worker renamed its tree onto the one another had just moved in)."""
    script = ("import sys; sys.path.insert(0, %r)\n"
              "import build\n"
              "print(build.source_tree(cache=%r)[0])\n" % (str(REPO / "tools" / "chip"), str(tmp_path)))
    runs = [subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, text=True) for _ in range(4)]
    outs = [r.communicate(timeout=120) for r in runs]
    assert [r.returncode for r in runs] == [0] * 4, [e for _, e in outs]
    roots = {o.strip() for o, _ in outs}
    assert len(roots) == 1
    rp2 = roots.pop()
    assert os.path.isfile(os.path.join(rp2, "CMakeLists.txt"))
    assert not [n for n in os.listdir(tmp_path) if ".tmp" in n], "an unpacking left behind"
