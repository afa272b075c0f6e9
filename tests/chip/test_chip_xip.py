"""The XIP cache of the emulated RP2040 against what the datasheet says it does.

A viper function, run from RAM with interrupts off, reads one word of each 8-byte
line of a flash region twice, through two of the XIP aliases, and reads the XIP
block's own counters (CTR_HIT, CTR_ACC) and the microsecond timer around each
pass. The counts follow from the cache's shape alone (16 KB, two ways, 8-byte
lines, least recently used): a region that fits hits on the second pass, one
line more costs three misses (the three lines of set 0), twice the cache misses
every time; 0x11... looks up but never allocates, 0x12... allocates but never
looks up, 0x13... does neither. The time is the check on the cost: with the
cache modelled a pass takes what it takes at RAM speed plus its misses times a
miss's cycles (the QSPI read of the image's boot2 settings: 59 cycles at 125 MHz).
The stock image: no build needed.
"""

import struct

import pytest

import chip_rig

PROG = r'''
import micropython, machine, struct
@micropython.viper
def _passes(io):
    r = ptr32(io)
    ctrl = ptr32(0x14000000)
    tmr = ptr32(0x40054000)
    if r[3]:
        ctrl[1] = 1
        x = ctrl[1]
    n = r[2] * 2
    k = 0
    while k < 2:
        p = ptr32(r[k])
        ctrl[3] = 0
        ctrl[4] = 0
        t0 = tmr[3]
        s = 0
        i = 0
        while i < n:
            s += p[i]
            i += 2
        t1 = tmr[3]
        r[4 + 3 * k] = ctrl[3]
        r[5 + 3 * k] = ctrl[4]
        r[6 + 3 * k] = t1 - t0
        k += 1
io = bytearray(40)
def passes(a, b, lines):
    struct.pack_into("<4I", io, 0, a, b, lines, 1)
    st = machine.disable_irq()
    _passes(io)
    machine.enable_irq(st)
    print(struct.unpack_from("<6I", io, 16))
'''

FS = 0x0A0000          # flash offset of a region the image's code does not use
CACHED, NOALLOC, NOCACHE, UNCACHED = 0x10000000, 0x11000000, 0x12000000, 0x13000000

# (alias of pass 1, alias of pass 2, lines): (hits 1, accesses 1, hits 2, accesses 2)
CASES = {
    "8 KB fits": ((CACHED, CACHED, 1024), (0, 1024, 1024, 1024)),
    "16 KB fits exactly": ((CACHED, CACHED, 2048), (0, 2048, 2048, 2048)),
    "one line more: set 0 holds three": ((CACHED, CACHED, 2049), (0, 2049, 2046, 2049)),
    "32 KB thrashes": ((CACHED, CACHED, 4096), (0, 4096, 0, 4096)),
    "0x13 never cached": ((UNCACHED, UNCACHED, 512), (0, 512, 0, 512)),
    "0x11 does not allocate": ((NOALLOC, NOALLOC, 512), (0, 512, 0, 512)),
    "0x11 hits what 0x10 brought": ((CACHED, NOALLOC, 512), (0, 512, 512, 512)),
    "0x12 allocates": ((NOCACHE, CACHED, 512), (0, 512, 512, 512)),
    "0x12 does not look up": ((CACHED, NOCACHE, 512), (0, 512, 0, 512)),
}


def run_cases(cost):
    c = chip_rig.repl(chip_rig.stock_image(), xip_cache=cost)
    try:
        c.exec(PROG)
        out = {}
        for name, ((a, b, lines), _) in CASES.items():
            text = c.exec("passes(%d, %d, %d)" % (a + FS, b + FS, lines))
            out[name] = tuple(int(x) for x in text.strip("()\r\n ").split(","))
        return out, c.stats()["xip"]
    finally:
        c.close()


@pytest.fixture(scope="module")
def both():
    return run_cases(True), run_cases(False)


def test_hits_and_accesses_follow_the_cache_shape(both):
    (on, _), (off, _) = both
    for name, (_, want) in CASES.items():
        assert on[name][0:2] + on[name][3:5] == want, name
        assert off[name][0:2] + off[name][3:5] == want, name     # the switch changes time only


def test_a_miss_costs_the_boot2_qspi_read(both):
    (on, stats), (off, _) = both
    assert stats["miss_cycles"] == 59      # quad I/O, 8 address + 4 wait + 16 data clocks, /2
    for name, (_, (h1, a1, h2, a2)) in CASES.items():
        for k, misses in ((2, a1 - h1), (5, a2 - h2)):
            extra_us = on[name][k] - off[name][k]
            # each time read off a microsecond timer: +-1 us each
            assert abs(extra_us - misses * 59 * 8 / 1000) <= 2, (name, k, extra_us, misses)
    # cache hits cost what RAM costs: the second pass of a region that fits
    assert abs(on["8 KB fits"][5] - off["8 KB fits"][5]) <= 1
