"""goban.crc: the one CRC-32 of the game log, the serial link and the calibration
file, with binascii and with its fallback, under CPython and the MicroPython unix port;
and goban.outbuf's viper pass (the link's frames on the product image) gives the same."""

import binascii
import os
import random

from goban import crc, gamelog, link, calibration, outbuf
from conftest import MP, REPO, run_micropython
from importgraph import imports, modules

SEED = int(os.environ.get("GOBOARD_CRC_SEED", "5"))
COUNT = int(os.environ.get("GOBOARD_CRC_COUNT", "200"))


def samples():
    rng = random.Random(SEED)
    out = [b"", b"a", b"123456789", bytes(range(256)), b"\xff" * 64]
    out += [bytes(rng.getrandbits(8) for _ in range(rng.randrange(1, 300))) for _ in range(COUNT)]
    return out


def test_fallback_equals_binascii():
    print("seed", SEED, "count", COUNT)
    assert crc.crc32_small(b"123456789") == 0xCBF43926   # the standard check value
    for data in samples():
        want = binascii.crc32(data) & 0xFFFFFFFF
        assert crc.crc32_small(data) == want
        assert crc.crc32(data) == want
        assert crc.crc32(bytearray(data)) == want
        out = bytearray(4)
        outbuf.crc32_into(out, b"~" + data, 1, len(data) + 1)
        assert int.from_bytes(out, "big") == want


def test_one_definition_serves_log_link_and_calibration():
    assert gamelog.crc32 is crc.crc32 and link.crc32 is crc.crc32
    # calibration keeps it under a private name: its import says where it comes from
    graph = imports(modules(REPO / "firmware" / "goban"))
    assert "crc32" in graph["goban.calibration"]["goban.crc"]


def test_fallback_under_micropython():
    out = run_micropython(MP / "crc_fallback.py", timeout=60)
    assert out.split() == ["ok", "0xcbf43926"]
