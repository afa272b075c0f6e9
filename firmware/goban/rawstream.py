"""The link's raw stream: the matrix's readings (and the scales') as they are.

Loaded at the first `raw` request (goban.link), so a board that never streams
never pays for it (the .mpy install's heap at boot): the viper `pack12` packs a
frame's 12-bit readings two in three bytes into a buffer made then, sent in
base64 (firmware/README.md, "Link protocol": `raw`). A frame is a copy of what
the last scan read: the board keeps scanning and refereeing (or, in diag, its
checks) meanwhile.
"""

from goban.compat import micropython, ptr8, ptr16

# the raw stream (`raw` request): a frame of 361 readings is ~920 bytes on the
# wire, so at most 10 a second (a USB CDC link carries far more, a step sends one)
# and each request streams for a while only: a host that went away stops it
RAW_MIN_MS = 100
RAW_MAX_EVERY_MS = 5000
RAW_FOR_MS = 10000    # a request's stream lasts this long unless it says `for`
RAW_MAX_FOR_MS = 60000


@micropython.viper
def pack12(raw, out, n: int):
    """Readings 0..4095 packed two in three bytes, little end first: out[3j] is
    the low byte of reading 2j, out[3j+1] its high nibble and the low nibble of
    reading 2j+1, out[3j+2] the rest of it (an odd count ends with a 0 reading)."""
    r = ptr16(raw)
    o = ptr8(out)
    i = 0
    j = 0
    while i < n:
        a = int(r[i]) & 0xFFF
        b = 0
        if i + 1 < n:
            b = int(r[i + 1]) & 0xFFF
        o[j] = a & 0xFF
        o[j + 1] = (a >> 8) | ((b & 0xF) << 4)
        o[j + 2] = b >> 4
        i += 2
        j += 3


def unpack12(data, n):
    """The readings pack12 packed (the host's side, and the tests')."""
    out = []
    for j in range(0, 3 * ((n + 1) // 2), 3):
        out.append(data[j] | ((data[j + 1] & 0xF) << 8))
        out.append((data[j + 1] >> 4) | (data[j + 2] << 4))
    return out[:n]


def raw_request(link, re, msg):
    """The link's `raw` {every: ms (0 stops), for: ms}: the matrix's raw frame
    (and the scales') now, as the answer, then every `every` ms for `for` ms
    (a host asks again before then to go on); goban.link's poll sends them
    (raw_send)."""
    if link.raw_fn is None:
        link._msg("error", re, {"msg": "this board sends no raw readings"})
        return
    every = int(msg.get("every", 250))
    if every <= 0:
        link.raw_every = 0
        link._msg("raw", re, {"every": 0})
        return
    every = max(RAW_MIN_MS, min(RAW_MAX_EVERY_MS, every))
    span = max(every, min(RAW_MAX_FOR_MS, int(msg.get("for", RAW_FOR_MS))))
    link.raw_every = every
    link.raw_until = link.now + span
    raw_send(link, re)


def raw_send(link, re):
    """One raw frame on the link (host/README.md, "Link protocol": `raw`)."""
    import binascii
    import json
    raw, wired, scales = link.raw_fn()
    n = len(raw)
    buf = link.raw_buf
    if buf is None or len(buf) != 3 * ((n + 1) // 2):
        buf = link.raw_buf = bytearray(3 * ((n + 1) // 2))
    pack12(raw, buf, n)
    text = binascii.b2a_base64(buf).decode().strip()
    link.raw_n += 1
    link.raw_next = link.now + (link.raw_every or RAW_MIN_MS)
    head = '{"k":"raw",' + ('"re":%d,' % re if re is not None else "")
    link._send(head + '"n":%d,"t":%d,"size":%d,"count":%d,"wired":%s,"every":%d,"s":%s,'
               '"m":"%s"}' % (link.raw_n, link.now, link.info.get("size", 19), n,
                              "true" if wired else "false", link.raw_every,
                              json.dumps(scales), text))


def scales_info(bowls):
    """{which: [raw, stones (-1 unsettled), mg or None]} of the fitted scales."""
    out = {}
    if bowls is None:
        return out
    for w, t in bowls.tracks.items():
        out[w] = [t.raw, bowls.stones(w), bowls.mg(w)]
    return out


def raw_frame(loop):
    """The link's raw stream: (readings, in channel order, scales): in diag the
    matrix's every channel in wiring order, else the frame the referee reads."""
    d = loop.diag
    if d is not None:
        return d.raw, True, scales_info(loop.bowls)
    return loop.raw, False, scales_info(loop.bowls)
