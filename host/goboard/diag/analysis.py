"""What a board's readings say about how it was built: each sensor's baseline,
noise and polarity, and the wiring mistakes behind what the wiring check saw.

Everything here works from readings, never from what a simulated board was told:
- `empty_stats(frames, ...)`: per channel (the board reads every channel of its
  matrix in diag, in channel order), the baseline and noise over frames of the
  empty board, and whether it reads at a rail (dead) or far from mid-scale (stuck);
- `fit(...)`: the walk (a stone on each point p, seen on channel w(p), its
  reading moved by d) explained by the wiring as built: the numbering order
  (rows or serpentine), crossed select lines of either mux level, swapped ADC
  inputs, each found by a majority over the points (a bit of the channel number
  the firmware selected against the bit of the channel the point should be on);
  the points the model still leaves out are swapped or crossed wires;
- `analyse(...)`: both, into the report's `points` (worst first) and `problems`
  ({kind, points, fix, ...}), and the remap that makes the board play right.

A channel number is (adc * 2**n2 + b) * 2**n1 + a: first-level mux input a
(select lines S0..), second-level input b (A0..), ADC input adc; point n of the
wiring order is channel n (boards/README.md, goban.hw.matrix).
"""

from itertools import permutations

from goban.hw.matrix import wiring_to_frame
from goban.points import name as point_name, frame_of_name
from goban.profile import ORDERS
SEVERITY = {"dead-mux": 100, "dead-sensor": 90, "stuck-sensor": 85, "no-response": 80,
            "unstable-sensor": 70, "polarity": 65, "inverted-sensor": 60, "wrong-order": 55,
            "swapped-select-lines": 55, "swapped-adc": 55, "swapped-sensors": 50,
            "crossed-wires": 50, "ambiguous": 40}


class Topo:
    """The matrix as the profile describes it (the diag start's answer)."""

    def __init__(self, size, adc, n1, n2, order, pins=None):
        self.size = size
        self.n = size * size
        self.channels = adc << (n1 + n2)
        self.adc = adc
        self.n1 = n1
        self.n2 = n2
        self.order = order
        self.pins = pins or {}

    @classmethod
    def from_info(cls, info):
        return cls(info["size"], info["adc"], info["mux1"], info["mux2"], info["order"],
                   info.get("pins"))

    def split(self, ch):
        """(adc, b, a) of a channel."""
        m1 = 1 << self.n1
        m2 = 1 << self.n2
        return ch // (m1 * m2), (ch // m1) % m2, ch % m1

    def join(self, c, b, a):
        return (c * (1 << self.n2) + b) * (1 << self.n1) + a

    def channel(self, i, order=None):
        """The wiring channel of frame point i under an order (the profile's)."""
        return wiring_to_frame(i, self.size, order or self.order)

    def point(self, ch, order=None):
        """The frame point of a channel under an order (None: a free input)."""
        return wiring_to_frame(ch, self.size, order or self.order) if ch < self.n else None

    def mux1(self, ch):
        """(first-level mux, its input) of a channel."""
        return ch >> self.n1, ch & ((1 << self.n1) - 1)

    def line(self, level, k):
        """A select line's name, with its GPIO where the profile has pins."""
        names = ("S", "A")
        pins = self.pins.get("mux%d_select" % level)
        return "%s%d%s" % (names[level - 1], k, " (GPIO%d)" % pins[k] if pins else "")


def ordinal(k):
    """1st, 2nd, 3rd, 4th ... 11th, 12th, 13th, 21st (chips as a builder counts them)."""
    tail = "th" if 10 <= k % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(k % 10, "th")
    return "%d%s" % (k, tail)


def median(xs):
    s = sorted(xs)
    m = len(s) // 2
    return s[m] if len(s) % 2 else (s[m - 1] + s[m]) // 2


def empty_stats(frames, rail=40, offset_max=400, unstable=50):
    """Per wiring index over frames of the empty board: {baseline, noise (half
    the spread), dead (at a rail), stuck (farther than offset_max from 2048),
    unstable (noise of `unstable` counts or more)}."""
    n = len(frames[0])
    out = []
    for i in range(n):
        vals = [f[i] for f in frames]
        base = median(vals)
        noise = (max(vals) - min(vals) + 1) // 2
        dead = base < rail or base > 4095 - rail
        out.append({"baseline": base, "noise": noise, "dead": dead,
                    "stuck": not dead and abs(base - 2048) > offset_max,
                    "unstable": not dead and noise >= unstable})
    return out


class Model:
    """The wiring as built: the numbering order, a bit permutation of each
    mux level's select lines and a permutation of the ADC inputs, such that a
    sensor the firmware reads at channel o is the one the order puts at
    channel F(o)."""

    def __init__(self, topo, order, perm1, perm2, adcs):
        self.topo = topo
        self.order = order
        self.perm1 = perm1          # e's bit j is o's bit perm1[j]
        self.perm2 = perm2
        self.adcs = adcs            # e's adc = adcs[o's adc]

    @classmethod
    def identity(cls, topo):
        return cls(topo, topo.order, list(range(topo.n1)), list(range(topo.n2)),
                   list(range(topo.adc)))

    def forward(self, o):
        """The channel (of the built order) whose sensor the firmware reads at o."""
        t = self.topo
        c, b, a = t.split(o)
        a2 = _apply(a, self.perm1)
        b2 = _apply(b, self.perm2)
        c2 = self.adcs[c] if c < len(self.adcs) else c
        return t.join(c2, b2, a2)

    def backward(self, e):
        """The channel the firmware reads the sensor of built channel e at."""
        t = self.topo
        c, b, a = t.split(e)
        a2 = _unapply(a, self.perm1)
        b2 = _unapply(b, self.perm2)
        c2 = self.adcs.index(c) if c in self.adcs else c
        return t.join(c2, b2, a2)

    def index_of(self, p):
        """The channel point p's sensor is read on if only the model's mistakes
        were made."""
        return self.backward(self.topo.channel(p, self.order))

    def point_of(self, ch):
        """The point whose sensor the model puts on channel ch (None: a free input)."""
        return self.topo.point(self.forward(ch), self.order)

    def mistakes(self):
        """What differs from the profile's wiring, as (kind, detail) pairs."""
        t = self.topo
        out = []
        if self.order != t.order:
            out.append(("wrong-order", self.order))
        for level, perm in ((1, self.perm1), (2, self.perm2)):
            for pair in _transpositions(perm):
                out.append(("swapped-select-lines", (level, pair)))
        for pair in _transpositions(self.adcs):
            out.append(("swapped-adc", pair))
        return out


def _apply(v, perm):
    out = 0
    for j, i in enumerate(perm):
        out |= ((v >> i) & 1) << j
    return out


def _unapply(v, perm):
    out = 0
    for j, i in enumerate(perm):
        out |= ((v >> j) & 1) << i
    return out


def _transpositions(perm):
    """A permutation as the swaps that make it (the crossed pairs of lines)."""
    p = list(perm)
    out = []
    for j in range(len(p)):
        while p[j] != j:
            k = p[j]
            out.append((min(j, k), max(j, k)))
            p[j], p[k] = p[k], p[j]
    return sorted(out)


def _bit_perm(pairs, bits, field):
    """The permutation of select lines that best maps o's field onto e's: the
    most bits agreeing over the points, then the fewest lines crossed (a
    partial walk sees few values, and several lines can vary alike: the
    simplest wiring that explains them is named)."""
    best = None
    for perm in permutations(range(bits)):
        agree = 0
        for o, e in pairs:
            fo = field(o)
            fe = field(e)
            for j in range(bits):
                agree += ((fo >> perm[j]) & 1) == ((fe >> j) & 1)
        key = (agree, -len(_transpositions(perm)))
        if best is None or key > best[0]:
            best = (key, list(perm))
    return best[1]


def _value_perm(pairs, k, field):
    """The permutation of ADC inputs that best maps o's onto e's (majority);
    an input nothing was seen on (a dead mux behind it) takes what is left."""
    votes = {}
    for o, e in pairs:
        votes.setdefault(field(o), {}).setdefault(field(e), 0)
        votes[field(o)][field(e)] += 1
    perm = [None] * k
    for c in range(k):
        v = votes.get(c)
        if v:
            perm[c] = max(v, key=lambda x: (v[x], x == c))
    left = [c for c in range(k) if c not in perm]
    for c in range(k):
        if perm[c] is None:
            perm[c] = c if c in left else left[0]
            left.remove(perm[c])
    if sorted(perm) != list(range(k)):
        return list(range(k))
    return perm


def fit(topo, seen):
    """The Model that explains most of `seen` ({point: wiring index}), trying
    each numbering order (the profile's first)."""
    t = topo
    best = None
    for order in (t.order,) + tuple(o for o in ORDERS if o != t.order):
        pairs = [(w, t.channel(p, order)) for p, w in seen.items()]
        perm1 = _bit_perm(pairs, t.n1, lambda ch: ch % (1 << t.n1))
        perm2 = _bit_perm(pairs, t.n2, lambda ch: (ch >> t.n1) % (1 << t.n2))
        adcs = _value_perm(pairs, t.adc, lambda ch: ch >> (t.n1 + t.n2))
        m = Model(t, order, perm1, perm2, adcs)
        score = sum(1 for p, w in seen.items() if m.index_of(p) == w)
        if best is None or score > best[0]:
            best = (score, m)
    return best[1] if best is not None else Model.identity(t)


def _chains(odd):
    """[(chain, end)]: the points whose sensors are read where another's should
    be ({p: q}), as chains: each one's sensor on the next one's input, the last
    on `end`'s (a point never seen, -1 for a free input) or, for a cycle, on the
    first's (end None)."""
    targets = set(odd.values())
    out = []
    done = set()
    for start in sorted(p for p in odd if p not in targets):
        chain = [start]
        done.add(start)
        nxt = odd[start]
        while nxt in odd and nxt not in done:
            chain.append(nxt)
            done.add(nxt)
            nxt = odd[nxt]
        out.append((chain, nxt))
    for start in sorted(odd):
        if start in done:
            continue
        chain = [start]
        done.add(start)
        nxt = odd[start]
        while nxt not in done:
            chain.append(nxt)
            done.add(nxt)
            nxt = odd[nxt]
        out.append((chain, None))
    return out


def analyse(info, frames, walk, board=None):
    """The report of a bring-up session: `info` the board's diag start answer,
    `frames` raw frames of the empty board (every channel, in channel order),
    `walk` the wiring check's entries [{p, c, w, d}] (may be empty). Returns
    {points, problems, wiring, remap: {src, flip, moved}}."""
    t = Topo.from_info(info)
    n = t.n
    size = t.size
    th = info["thresholds"]
    stats = empty_stats(frames, th["rail"], th["offset_max"],
                        max(10, min(th["black"], th["white"]) // 3)) if frames else None
    polarity = info.get("polarity", 1)
    seen = {}
    delta = {}
    colour = {}
    unseen = []
    dups = {}
    for e in walk:
        p = frame_of_name(e["p"], size)
        colour[p] = e["c"]
        if e["w"] < 0:
            unseen.append(p)
            continue
        if e["w"] in dups:
            dups[e["w"]].append(p)
            continue
        dups[e["w"]] = [p]
        seen[p] = e["w"]
        delta[p] = e["d"]
    model = fit(t, seen) if seen else Model.identity(t)
    problems = []

    # the sensors' polarity: a stone of a known colour, read above or below
    flipped = set()
    for p, d in delta.items():
        want = polarity if colour[p] == "B" else -polarity
        if (d > 0) != (want > 0):
            flipped.add(p)
    everyone = bool(delta) and len(flipped) * 5 >= len(delta) * 4 and len(delta) >= 8
    if everyone:
        problems.append({"kind": "polarity", "points": [],
                         "fix": "every sensor reads a black stone %s its baseline: set \"polarity\" "
                                "to %d in the profile (or the magnets sit the other way up); the "
                                "remap saved flips them meanwhile"
                                % ("below" if polarity > 0 else "above", -polarity)})
    else:
        for p in sorted(flipped):
            problems.append({"kind": "inverted-sensor", "points": [point_name(p, size)],
                             "fix": "the sensor under %s is mounted upside down (a %s stone reads "
                                    "%s its baseline): turn it over, or keep the remap saved, "
                                    "which flips it" % (point_name(p, size),
                                                        "black" if colour[p] == "B" else "white",
                                                        "below" if colour[p] == "B" else "above")})

    # what the model says (order, select lines, ADC inputs)
    for kind, detail in model.mistakes():
        if kind == "wrong-order":
            problems.append({"kind": kind, "points": [], "order": detail,
                             "fix": "the board's wiring numbers the points %s%s, the profile says "
                                    "%s: set matrix.order to \"%s\" in the profile, or keep the "
                                    "remap saved" % (detail, " (odd rows right to left)"
                                                     if detail == "serpentine" else " (every row "
                                                     "left to right)", t.order, detail)})
        elif kind == "swapped-select-lines":
            level, (i, j) = detail
            a, b = t.line(level, i), t.line(level, j)
            problems.append({"kind": kind, "points": [], "level": level, "lines": [i, j],
                             "fix": "%s-level select lines %s and %s are crossed: swap those two "
                                    "wires (or their pins in matrix.mux%d_select), or keep the "
                                    "remap saved" % ("first" if level == 1 else "second", a, b,
                                                     level)})
        elif kind == "swapped-adc":
            i, j = detail
            problems.append({"kind": kind, "points": [], "adcs": [i, j],
                             "fix": "the outputs of second-level muxes N%d and N%d reach each "
                                    "other's ADC inputs: swap those wires (or matrix.adc_pins "
                                    "%d and %d in the profile), or keep the remap saved"
                                    % (i, j, i, j)})

    # the points the model leaves out: sensors wired to another point's input
    odd = {}
    for p, w in seen.items():
        if model.index_of(p) != w:
            q = model.point_of(w)          # p's sensor is read where q's should be
            odd[p] = q if q is not None else -1
    owner = {w: p for p, w in seen.items()}    # the channels whose sensor is known
    for chain, end in _chains(odd):
        where = [(p, model.forward(seen[p])) for p in chain]
        if end is not None and end >= 0 and end not in seen:
            # the chain's last sensor sits on a point never seen: that point's
            # sensor is most likely on the first one's input (a swap, one of
            # whose inputs reads nothing)
            ch = model.index_of(chain[0])
            if ch not in owner:
                owner[ch] = end
                where.append((end, model.forward(ch)))
                chain = chain + [end]
                end = None
        names = [point_name(p, size) for p in chain]
        inputs = ", ".join("%s's on M%d input %d" % ((point_name(p, size),) + t.mux1(e))
                           for p, e in where)
        if end is None and len(chain) == 2:
            problems.append({"kind": "swapped-sensors", "points": names,
                             "fix": "the sensors under %s and %s are wired to each other's mux "
                                    "inputs (%s): swap the two wires, or keep the remap saved"
                                    % (names[0], names[1], inputs)})
        elif end is None:
            problems.append({"kind": "crossed-wires", "points": names,
                             "fix": "the sensors under %s are wired round to each other's mux "
                                    "inputs (%s): rewire them, or keep the remap saved"
                                    % (", ".join(names), inputs)})
        else:
            problems.append({"kind": "crossed-wires", "points": names,
                             "fix": "the sensor%s under %s %s on another point's mux input "
                                    "(%s): rewire, or keep the remap saved" % (
                                        "s" if len(chain) > 1 else "", ", ".join(names),
                                        "are" if len(chain) > 1 else "is", inputs)})
    for w, ps in sorted(dups.items()):
        if len(ps) > 1:
            names = [point_name(p, size) for p in ps]
            problems.append({"kind": "ambiguous", "points": names,
                             "fix": "stones on %s were all seen at one sensor: check the check "
                                    "(one stone at a time, hands off the board) and run it again "
                                    "for these points" % ", ".join(names)})

    # the sensors the empty board shows broken, and muxes with nothing alive behind them
    flags = {}
    if stats is not None:
        chans = len(stats)
        dead_set = set(ch for ch in range(chans) if stats[ch]["dead"])
        covered = set()
        by2 = {}
        by1 = {}
        seen_at = set(seen)

        def sensor(ch):
            """The point whose sensor channel ch reads (None: not known, a free input)."""
            if ch in owner:
                return owner[ch]
            p = model.point_of(ch)
            return None if p in seen_at else p
        for ch in range(chans):
            e = model.forward(ch)
            by2.setdefault(t.split(e)[0], []).append(ch)
            by1.setdefault(e >> t.n1, []).append(ch)
        for level, groups in ((2, by2), (1, by1)):
            for m, chs in sorted(groups.items()):
                pts = [sensor(ch) for ch in chs]
                pts = sorted(point_name(p, size) for p in pts if p is not None)
                if not pts or not all(ch in dead_set for ch in chs) \
                        or all(ch in covered for ch in chs):
                    continue
                covered.update(chs)
                if level == 2:
                    pin = (info.get("pins") or {}).get("adc_pins")
                    fix = ("second-level mux N%d (the %s, on ADC%d%s) reads nothing on any of "
                           "its %d points: check its supply, its enable pin (tied low), its "
                           "select lines and its output to the ADC; replace it"
                           % (m, ordinal(m + 1), m, ", GPIO%d" % pin[m] if pin else "", len(pts)))
                else:
                    fix = ("first-level mux M%d (the %s) reads nothing on any of its %d points: "
                           "check its supply, its enable pin (tied low) and its output to input "
                           "%d of N%d; replace it" % (m, ordinal(m + 1), len(pts),
                                                      m % (1 << t.n2), m >> t.n2))
                problems.append({"kind": "dead-mux", "level": level, "mux": "%s%d" % (
                    "N" if level == 2 else "M", m), "points": pts, "fix": fix})
        for ch in range(chans):
            s = stats[ch]
            p = sensor(ch)
            if p is None:
                continue
            name = point_name(p, size)
            mux, inp = t.mux1(model.forward(ch))
            where = "the sensor under %s (M%d input %d)" % (name, mux, inp)
            if s["dead"]:
                flags.setdefault(p, []).append("dead")
                if ch not in covered:
                    problems.append({"kind": "dead-sensor", "points": [name],
                                     "fix": "%s reads %d, a rail: solder or replace it; until "
                                            "then the board tells a move there by the bowls"
                                            % (where, s["baseline"])})
            elif s["stuck"]:
                flags.setdefault(p, []).append("stuck")
                problems.append({"kind": "stuck-sensor", "points": [name],
                                 "fix": "%s reads %d on the empty board, far from mid-scale: a "
                                        "magnet or a stone near it, or a broken sensor: clear it "
                                        "or replace it" % (where, s["baseline"])})
            elif s["unstable"]:
                flags.setdefault(p, []).append("unstable")
                problems.append({"kind": "unstable-sensor", "points": [name],
                                 "fix": "%s swings +-%d counts on the empty board: check its "
                                        "solder joints, its supply and decoupling"
                                        % (where, s["noise"])})
    # points a stone was put on and nothing moved, with nothing wrong on the empty board
    for p in unseen:
        if flags.get(p):
            continue
        i = model.index_of(p)
        name = point_name(p, size)
        flags.setdefault(p, []).append("no-response")
        problems.append({"kind": "no-response", "points": [name],
                         "fix": "no reading moved when a stone was put on %s (its sensor should "
                                "be on channel %d, M%d input %d): check the stone was put, the "
                                "sensor's height, and its wire" % ((name, i) + t.mux1(
                                    model.forward(i)))})
    for p in flipped:
        flags.setdefault(p, []).append("inverted")

    dead_chs = [ch for ch in range(len(stats)) if stats[ch]["dead"]] if stats else []
    src, flip = remap(t, model, owner, dead_chs, flipped if not everyone else
                      (flipped | set(range(n))) - (set(delta) - flipped))
    points = []
    for p in range(n):
        i = src[p]
        s = stats[i] if stats is not None and i < len(stats) else {}
        d = delta.get(p)
        points.append({"point": point_name(p, size), "channel": i,
                       "baseline": s.get("baseline"), "noise": s.get("noise"),
                       "delta": d, "polarity": None if d is None else ("+" if d > 0 else "-"),
                       "flags": sorted(set(flags.get(p, [])))})
    for pr in problems:
        pr["severity"] = SEVERITY.get(pr["kind"], 10)
    problems.sort(key=lambda x: (-x["severity"], x["points"]))

    def worst(e):
        fl = e["flags"]
        return (-max([SEVERITY.get({"dead": "dead-sensor", "stuck": "stuck-sensor",
                                    "unstable": "unstable-sensor", "inverted": "inverted-sensor",
                                    "no-response": "no-response"}[f], 0) for f in fl] or [0]),
                -(e["noise"] or 0), -abs((e["baseline"] or 2048) - 2048), e["point"])
    points.sort(key=worst)
    moved = sum(1 for p in range(n) if src[p] != t.channel(p)) + sum(flip)
    return {"points": points, "problems": problems,
            "wiring": {"order": model.order, "mux1_lines": model.perm1,
                       "mux2_lines": model.perm2, "adc": model.adcs,
                       "walked": len(walk), "seen": len(seen)},
            "remap": {"src": src, "flip": flip, "moved": moved}}


def remap(topo, model, owner, dead, flipped):
    """(src, flip): frame point p reads channel src[p], each its own: where its
    stone was seen or its sensor was found (`owner`: channel -> point); a point
    never seen where the model puts it when that channel is free, else on a
    free channel that reads dead (it stays a dead point), else any free one.
    flip[p]: 1 where the sensor reads the other way round."""
    n = topo.n
    src = [-1] * n
    claimed = set()
    for w, p in owner.items():
        src[p] = w
        claimed.add(w)
    for p in range(n):
        if src[p] < 0:
            i = model.index_of(p)
            if i not in claimed and i < topo.channels:
                src[p] = i
                claimed.add(i)
    spare = [ch for ch in dead if ch not in claimed] + \
        [ch for ch in range(topo.channels) if ch not in claimed and ch not in set(dead)]
    spare = iter(spare)
    for p in range(n):
        if src[p] < 0:
            src[p] = next(spare)
    flip = [1 if p in flipped else 0 for p in range(n)]
    return src, flip
