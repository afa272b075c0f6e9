"""A link frame and an event's JSON put together in buffers made at boot,
allocating nothing (the link's event frames and heartbeat, the game log's
records, when main.py gives them buffers): bytes copied in, the CRC-32 of
goban.crc written where it goes (a CRC over 2**30 is a long int on MicroPython,
and its text or bytes more objects, for every frame). The link and the log
import it only then, so the .mpy install, whose heap is tight, loads none of it.
"""

import io
import json
from array import array

from goban.compat import micropython, ptr8, ptr32
from goban.crc import _T

_T32 = array("I", _T)      # goban.crc's nibble table, for the viper pass


@micropython.viper
def put_bytes(dst, at: int, src, n: int) -> int:
    """src[0:n] (bytes-like) copied to dst[at]; returns at + n."""
    d = ptr8(dst)
    s = ptr8(src)
    i = 0
    while i < n:
        d[at + i] = s[i]
        i += 1
    return at + n


@micropython.viper
def crc32_into(out, src, start: int, end: int):
    """The CRC-32 of src[start:end] (goban.crc.crc32's value) written big-endian
    into out[0:4]: the running value kept as a signed 32-bit word (-1 is
    0xFFFFFFFF), shifted right with the sign bits masked off."""
    d = ptr8(out)
    s = ptr8(src)
    t = ptr32(_T32)
    c = -1
    i = start
    while i < end:
        c ^= s[i]
        c = ((c >> 4) & 0x0FFFFFFF) ^ t[c & 15]
        c = ((c >> 4) & 0x0FFFFFFF) ^ t[c & 15]
        i += 1
    c ^= -1
    d[0] = (c >> 24) & 255
    d[1] = (c >> 16) & 255
    d[2] = (c >> 8) & 255
    d[3] = c & 255


_HEX = b"0123456789abcdef"


class Frame:
    """One frame at a time, as goban.link.frame_bytes makes it:
    `~<fseq> <json> <crc32 hex>\n`. begin(fseq), add(bytes)/add_uint(v) for the
    JSON's pieces, then end(): the frame's length in `buf`, or 0 when the pieces
    did not fit (the caller makes that frame the plain way)."""

    def __init__(self, size):
        self.buf = bytearray(size)
        self.n = -1
        self.crc = bytearray(4)

    def begin(self, fseq):
        self.buf[0] = 0x7E
        self.n = 1
        self.add_uint(fseq)
        self.buf[self.n] = 0x20
        self.n += 1

    def add(self, data):
        self.add_n(data, len(data))

    def add_n(self, data, k):
        """data[0:k]."""
        n = self.n
        if n < 0 or n + k > len(self.buf) - 10:
            self.n = -1
        else:
            self.n = put_bytes(self.buf, n, data, k)

    def add_uint(self, v):
        """The decimal digits of 0 <= v < 2**30 (small ints only)."""
        n = self.n
        buf = self.buf
        if n < 0 or n + 10 > len(buf) - 10:
            self.n = -1
            return
        self.n = _digits(buf, n, v)

    def end(self):
        n = self.n
        self.n = -1
        if n < 0:
            return 0
        buf = self.buf
        crc = self.crc
        crc32_into(crc, buf, 1, n)
        buf[n] = 0x20
        for k in range(4):
            b = crc[k]
            buf[n + 1 + 2 * k] = _HEX[b >> 4]
            buf[n + 2 + 2 * k] = _HEX[b & 15]
        buf[n + 9] = 0x0A
        return n + 10


_SEP = (",", ":")           # compact, as goban.gamelog.payload_of writes it


class Json:
    """An event's compact JSON made without a string on the heap (MicroPython: a
    stream's write(buf, n)): json.dump into a BytesIO made at boot, read back
    into `buf`. dump(ev): the length in buf, or 0 when longer than `size` (the
    caller makes that one the plain way; a count's is). One at a time: the
    game log writes its record from it (its `last_payload` is then `buf`, the
    first `n` bytes) and the link, given the same Json, sends it from there
    before the next event is dumped."""

    def __init__(self, size):
        self.size = size
        self.io = io.BytesIO(size)
        self.buf = bytearray(size)
        self.n = 0              # the last dump's length, its game and seq
        self.game = 0
        self.seq = 0

    def dump(self, ev, game=0, seq=0):
        """game > 0: `"game":game,"seq":seq` added at the JSON's end, as the
        log's record has them, without adding them to the dict (a dict that
        grows makes its table again: ~56 bytes an event)."""
        s = self.io
        s.seek(0)
        json.dump(ev, s, separators=_SEP)
        n = s.tell()
        if n > self.size - (_TAIL if game else 0):
            self.io = io.BytesIO(self.size)  # the long one grew it: let it go
            self.n = 0
            return 0
        s.seek(0)
        s.readinto(self.buf, n)
        if game:
            n = self._tail(n - 1, game, seq)
        self.game = game
        self.seq = seq
        self.n = n
        return n

    def _tail(self, n, game, seq):
        """`,"game":G,"seq":S}` written over the closing brace at buf[n]."""
        buf = self.buf
        if n > 1:
            buf[n] = 0x2C       # ,
            n += 1
        n = put_bytes(buf, n, b'"game":', 7)
        n = _digits(buf, n, game)
        n = put_bytes(buf, n, b',"seq":', 7)
        n = _digits(buf, n, seq)
        buf[n] = 0x7D           # }
        return n + 1


_TAIL = 40      # the most the game and seq add: ,"game":<10 digits>,"seq":<10 digits>}


def _digits(buf, n, v):
    """The decimal digits of 0 <= v < 2**30 at buf[n]; returns the end."""
    p = 1
    while p * 10 <= v:
        p *= 10
    while p:
        q = v // p
        buf[n] = 48 + q
        v -= q * p
        p //= 10
        n += 1
    return n
