"""The stable frame: a point's reading counts only after it held for the settle window.

Each point keeps the value it last read (`cand`) and how many scans in a row it
has read it (`age`, saturating). When a candidate has held for `scans` scans it
becomes the point's stable value. A hand hovering with a magnetic stone, or a
stone sliding across points, makes readings that flicker or pass by in less
than the window, so they never reach the stable frame.

Each point also keeps the scan its reading began (`since`): the order in which
stones arrived, however long they then wait for the referee.

`update()` is one viper pass over the frame, allocates nothing, and returns a
packed summary the loop reads without building anything:
    changed  = r & 0x3FF          points whose stable value changed this scan
    pending  = (r >> 10) & 0x3FF  points whose reading differs from the stable value
    moving   = (r >> 20) & 0x3FF  points whose reading changed since the last scan
The referee looks at the frame only when `pending == 0`: the whole frame then
matches what has held for the window at every point.

The short window (`fast` scans, from the profile's settle_fast_ms; 0: off): a
stone reading that goban.calibration counted strong and steady for `fast`
scans in a row (`steady`: well past the threshold, its raw value not moving
more than a small band from scan to scan) becomes stable then, without waiting
for the full window. Anything else (an empty reading, a weak or moving one: a
hovering hand, a sliding stone, a marginal sensor, a noise burst) still needs
`scans`.
"""

from array import array

from goban.compat import micropython, ptr8, ptr32

AGE_MAX = 250


@micropython.viper
def settle_frame(cells, cand, age, stable, n: int, scans: int, steady, fast: int,
                 since, scan: int) -> int:
    c = ptr8(cells)
    k = ptr8(cand)
    a = ptr8(age)
    s = ptr8(stable)
    t = ptr8(steady)
    w = ptr32(since)
    if fast <= 0:
        fast = 255          # off: no run of steady readings gets that long (max 250)
    changed = 0
    pending = 0
    moving = 0
    i = 0
    while i < n:
        v = c[i]
        if v != k[i]:
            k[i] = v
            a[i] = 1
            w[i] = scan
            moving += 1
        elif a[i] < 250:
            a[i] = a[i] + 1
        if v != s[i]:
            if a[i] >= scans or (t[i] >= fast and (v == 1 or v == 2)):
                s[i] = v
                changed += 1
            else:
                pending += 1
        i += 1
    return changed | (pending << 10) | (moving << 20)


def scans_for(settle_ms, scan_ms):
    """The settle window in whole scans (at least 2: one reading never counts)."""
    if scan_ms <= 0:
        raise ValueError("scan period must be positive")
    k = (settle_ms + scan_ms - 1) // scan_ms
    return k if k >= 2 else 2


class Settle:
    """Per-point counters over a size*size frame of classified cells (0/1/2/3).
    `fast`: the short window in scans (0: off) over `steady`, the per-point run
    of strong, steady readings (goban.calibration.Calibration.steady)."""

    def __init__(self, n, scans, fast=0, steady=None):
        self.n = n
        self.scans = scans if scans < AGE_MAX else AGE_MAX
        self.fast = fast if fast < self.scans else 0
        self.steady = steady if steady is not None else bytearray(n)
        self.cand = bytearray(n)
        self.age = bytearray(n)
        self.stable = bytearray(n)
        # the scan each point's reading began (the order stones arrived in, kept
        # however long they wait: `age` stops counting at AGE_MAX)
        self.since = array("i", bytes(4 * n))
        self.scan = 0
        self.last = 0   # the packed summary of the last update

    def reset(self, cells=None):
        """Start from `cells` as already stable (a restart on a board with stones)."""
        n = self.n
        for i in range(n):
            v = cells[i] if cells is not None else 0
            self.cand[i] = v
            self.stable[i] = v
            self.age[i] = AGE_MAX
            self.since[i] = 0           # there before anyone watched: no order among them
        self.last = 0

    def update(self, cells, moved=-1):
        """One scan. `moved`: how many cells changed since the last update (-1:
        unknown). None, with nothing pending after the last update, leaves
        nothing to do: every point reads its stable value and still does (the
        ages only matter once a reading changes, which sets them to 1)."""
        scan = self.scan           # 0 at the first: what is there at boot came before anyone watched
        self.scan = scan + 1
        if moved == 0 and (self.last >> 10) == 0:
            self.last = 0
            return 0
        r = settle_frame(cells, self.cand, self.age, self.stable, self.n, self.scans,
                         self.steady, self.fast, self.since, scan)
        self.last = r
        return r

    def quiet(self):
        """Nothing is in transition: every point reads its stable value."""
        return (self.last >> 10) & 0x3FF == 0
