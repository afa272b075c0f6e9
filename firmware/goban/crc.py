"""CRC-32 (zlib's polynomial, as binascii.crc32) for the game log, the serial
link and the calibration file: one definition, so the three agree.

binascii.crc32 where the build has it (CPython, the unix port, rp2 builds with
it); otherwise a small fallback that gives the same number: a 16-entry table
of nibbles (64 bytes) instead of zlib's 256 entries, two steps per byte.
"""

try:
    import binascii
    _lib = getattr(binascii, "crc32", None)  # None: a build without it
except ImportError:   # a MicroPython build without binascii
    _lib = None


def _nibble_table():
    t = []
    for i in range(16):
        c = i
        for _ in range(4):
            c = (c >> 1) ^ (0xEDB88320 if c & 1 else 0)
        t.append(c)
    return tuple(t)


_T = _nibble_table()


def crc32_small(data):
    """CRC-32 of bytes without binascii (same value as binascii.crc32)."""
    c = 0xFFFFFFFF
    t = _T
    for b in data:
        c ^= b
        c = (c >> 4) ^ t[c & 15]
        c = (c >> 4) ^ t[c & 15]
    return c ^ 0xFFFFFFFF


def crc32(data):
    """CRC-32 of bytes as an unsigned 32-bit int."""
    if _lib is not None:
        return _lib(data) & 0xFFFFFFFF
    return crc32_small(data)
