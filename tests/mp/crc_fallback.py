"""The CRC-32 without binascii.crc32 (goban.crc's fallback, a build without it)
and outbuf's CRC written in place, against binascii's on the unix port
(tests/unit/test_link_crc.py). Prints "ok" and the check value of "123456789"."""

import binascii

from goban import crc
from goban.outbuf import crc32_into

for d in (b'', b'123456789', bytes(range(256)), b'\xff' * 64):
    a = crc.crc32_small(d)
    b = binascii.crc32(d) & 0xFFFFFFFF
    assert a == b == crc.crc32(d), (d, a, b)
    out = bytearray(4)
    crc32_into(out, b'~' + d, 1, len(d) + 1)
    assert int.from_bytes(out, 'big') == b, (d, out)
print('ok', hex(crc.crc32_small(b'123456789')))
