"""tools/build-image from what a builder has: a MicroPython v1.28 checkout with
its rp2 submodules (MICROPYTHON_DIR) and Debian's toolchain, no chip kit. The
checkout is the kit's source laid out as a clone would be (its own folder
`micropython`, the submodules filled in), unpacked once into build/chip; the
image built from it must be a UF2 of the .bin with the firmware frozen in, the
same image as the kit's source gives. Whatever is missing -- a toolchain
package, a submodule, the version, the checkout itself -- is one line on stderr
and exit status 2, before anything is built."""

import fcntl
import json
import os
import shutil
import struct
import subprocess
import tarfile

import pytest

from conftest import REPO
import chip_rig

PY = str(REPO / ".venv" / "bin" / "python")
BUILD = str(REPO / "tools" / "chip" / "build.py")
KIT = REPO.parent / "shared" / "rp2040"


def build_image(env, out, *args, timeout=1800):
    e = dict(os.environ)
    e.pop("MICROPYTHON_DIR", None)
    e.update(env)
    return subprocess.run([PY, BUILD, "--out", str(out), "--json"] + list(args),
                          capture_output=True, text=True, env=e, timeout=timeout)


def checkout():
    """The kit's source as a builder's clone lays it out (build/chip/checkout/micropython)."""
    top = REPO / "build" / "chip" / "checkout"
    mp = top / "micropython"
    if (mp / "ports" / "rp2").is_dir():
        return mp
    top.mkdir(parents=True, exist_ok=True)
    with open(top / ".lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not (mp / "ports" / "rp2").is_dir():
            tmp = top / "tmp"
            shutil.rmtree(tmp, ignore_errors=True)
            with tarfile.open(KIT / "micropython-src.tar.xz") as t:
                t.extractall(tmp, filter="fully_trusted")
            os.rename(tmp / "micropython-1.28.0", mp)
            shutil.rmtree(tmp, ignore_errors=True)
    return mp


def uf2_payload(data):
    """The flash bytes a UF2 file carries, checked block by block."""
    out = bytearray()
    for k in range(0, len(data), 512):
        b = data[k:k + 512]
        m0, m1, flags, addr, size, no, total, family = struct.unpack("<8I", b[:32])
        assert (m0, m1, struct.unpack("<I", b[508:])[0]) == (0x0A324655, 0x9E5D5157, 0x0AB16F30)
        assert flags & 0x2000 and family == 0xE48BFF56 and size == 256
        assert addr == 0x10000000 + 256 * no and total == len(data) // 512
        out += b[32:32 + 256]
    return bytes(out)


def test_the_image_builds_from_a_builder_s_checkout_without_the_kit(tmp_path):
    mp = checkout()
    nokit = tmp_path / "no-kit"
    nokit.mkdir()
    r = build_image({"MICROPYTHON_DIR": str(mp), "GOBOARD_RP2040_DIR": str(nokit)},
                    tmp_path / "out")
    assert r.returncode == 0, r.stderr[-3000:]
    res = json.loads(r.stdout)
    uf2 = (tmp_path / "out" / "goboard-rp2040.uf2").read_bytes()
    binary = (tmp_path / "out" / "goboard-rp2040.bin").read_bytes()
    assert uf2_payload(uf2)[:len(binary)] == binary
    assert res["bootrom"] is None            # the emulator's file, not the image's
    for name in (b"goboard_profiles", b"host_diag", b"reference-19"):
        assert name in binary, name
    kit = chip_rig.product_image()           # the same firmware from the kit's source
    with open(kit["bin"], "rb") as f:
        kit_bin = f.read()
    assert abs(len(kit_bin) - len(binary)) < 64, (len(kit_bin), len(binary))


def fake_checkout(root, version=(1, 28, 0), drop=()):
    """A checkout's skeleton: what check_checkout reads, no sources."""
    (root / "py").mkdir(parents=True)
    (root / "py" / "mpconfig.h").write_text(
        "#define MICROPY_VERSION_MAJOR %d\n#define MICROPY_VERSION_MINOR %d\n"
        "#define MICROPY_VERSION_MICRO %d\n" % version)
    (root / "ports" / "rp2" / "boards" / "RPI_PICO").mkdir(parents=True)
    for sub, probe in (("lib/pico-sdk", "pico_sdk_init.cmake"), ("lib/tinyusb", "src/tusb.h"),
                       ("lib/mbedtls", "include/mbedtls/aes.h"),
                       ("lib/micropython-lib", "micropython/drivers/led/neopixel/manifest.py")):
        (root / sub).mkdir(parents=True)
        if sub not in drop:
            (root / sub / probe).parent.mkdir(parents=True, exist_ok=True)
            (root / sub / probe).write_text("")
    return root


def one_line(r):
    assert r.returncode == 2, (r.returncode, r.stdout, r.stderr)
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("build-image: "), r.stderr
    return lines[0]


def test_a_missing_submodule_is_one_line(tmp_path):
    mp = fake_checkout(tmp_path / "micropython", drop=("lib/pico-sdk", "lib/tinyusb"))
    line = one_line(build_image({"MICROPYTHON_DIR": str(mp)}, tmp_path / "out"))
    assert "submodules lib/pico-sdk, lib/tinyusb not checked out" in line
    assert "git submodule update --init lib/pico-sdk lib/tinyusb" in line


def test_another_version_is_one_line(tmp_path):
    mp = fake_checkout(tmp_path / "micropython", version=(1, 27, 0))
    line = one_line(build_image({"MICROPYTHON_DIR": str(mp)}, tmp_path / "out"))
    assert "is MicroPython 1.27.0; the image needs v1.28 (git checkout v1.28.0" in line


def test_no_checkout_there_is_one_line(tmp_path):
    line = one_line(build_image({"MICROPYTHON_DIR": str(tmp_path / "nowhere")}, tmp_path / "o"))
    assert "is no MicroPython checkout (no py/mpconfig.h)" in line


def test_no_kit_and_no_checkout_is_one_line(tmp_path):
    line = one_line(build_image({"GOBOARD_RP2040_DIR": str(tmp_path)}, tmp_path / "out"))
    assert "the RP2040 kit is missing micropython-src.tar.xz" in line
    assert "MICROPYTHON_DIR" in line


@pytest.mark.parametrize("missing,package", [
    ("arm-none-eabi-gcc", "gcc-arm-none-eabi"), ("cmake", "cmake"),
    ("libc.a", "libnewlib-arm-none-eabi"), ("libstdc++.a", "libstdc++-arm-none-eabi-newlib")])
def test_a_missing_toolchain_package_is_one_line(tmp_path, missing, package):
    """A PATH of its own: everything the build runs but the missing piece (a
    compiler that cannot find a library answers its bare name, as gcc does)."""
    mp = fake_checkout(tmp_path / "micropython")
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    for tool in ("arm-none-eabi-gcc", "arm-none-eabi-g++", "cmake", "make", "cc"):
        if tool == missing:
            continue
        real = shutil.which(tool)
        lib = {"arm-none-eabi-gcc": "libc.a", "arm-none-eabi-g++": "libstdc++.a"}.get(tool)
        if lib == missing:
            (bin_dir / tool).write_text("#!/bin/sh\necho %s\n" % lib)
            (bin_dir / tool).chmod(0o755)
        else:
            os.symlink(real, bin_dir / tool)
    line = one_line(build_image({"MICROPYTHON_DIR": str(mp), "PATH": str(bin_dir)},
                                tmp_path / "out"))
    assert "install Debian's %s" % package in line
    assert missing in line
