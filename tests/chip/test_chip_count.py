"""The count on the RP2040 against its 5 ms target (issue 24): the referee's own
call, count() with the full breakdown, on the GNU Go game's end position with GNU
Go's dead stones and on tools/bench_count.py's random board with 68 seki blocks
(target 10 ms), the product image on the emulated chip with its XIP cache
modelled (tools/bench_chip.py's count_figures; simulated time, so the figures
repeat exactly for an image). Where a count's time goes: docs/performance.md,
"The count"."""

import os

import pytest

import chip_rig  # noqa: F401  (puts tools/chip on the path)

import bench_chip
import chip as C
from gtp import GNUGO

# the figures move by a few percent with the code's place in flash (the cache's
# misses): the bounds leave that room over what the image measured, under the
# targets (5 and 10 ms). 4.79-4.85 ms until 8cac5b5; 4.92 on 458a335, whose
# count runs the same code: a few lines more in goban/referee/exchange.py moved
# the modules frozen after it (docs/performance.md, "a twenty-eighth session")
COUNT_MS = 4.95
COUNT_MS_WORST = 7.5


def test_counts_on_the_chip_meet_their_targets():
    if not os.path.exists(GNUGO):
        pytest.skip("GNU Go is not installed: no end position to count")
    c = C.Chip(chip_rig.product_image(), xip_cache=True)
    try:
        c.boot()
        c.run_for(300_000)
        c.raw_repl()
        figs = bench_chip.count_figures(c)
    finally:
        c.close()
    assert figs["count_ms"] <= COUNT_MS, figs
    assert figs["count_ms_worst"] <= COUNT_MS_WORST, figs
