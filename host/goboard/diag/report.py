"""The bring-up report as text, and heat maps of a board's readings for a terminal.

A heat map is the board as a grid, one cell a point, its colour the value
(ANSI 256 colours: blue low, red high) and, with `plain`, a digit 0-9 instead,
so a log or a pipe shows it too.
"""

from goban.points import LETTERS

# blue -> cyan -> green -> yellow -> red (xterm-256 colour cube)
RAMP = (17, 19, 21, 27, 33, 39, 45, 51, 50, 49, 48, 46, 82, 118, 154, 190, 226, 220, 214,
        208, 202, 196)
CLEAR = "\x1b[H\x1b[2J"


def heatmap(values, size, lo=None, hi=None, title="", plain=False, marks=None):
    """Lines drawing `values` (frame order, None for no value) as a heat map;
    `marks` {point name: character} drawn over their cells."""
    vals = [v for v in values if v is not None]
    lo = min(vals) if lo is None and vals else (lo or 0)
    hi = max(vals) if hi is None and vals else (hi or 1)
    span = max(1, hi - lo)
    marks = marks or {}
    cols = "   " + "".join(" " + c for c in "ABCDEFGHJKLMNOPQRST"[:size])
    out = ["%s  (%s .. %s)" % (title, lo, hi) if title else "", cols]
    for y in range(size):
        row = "%2d " % (size - y)
        for x in range(size):
            v = values[y * size + x]
            name = LETTERS[x] + LETTERS[y]
            mark = marks.get(name)
            if v is None:
                cell = " " + (mark or ".")
            else:
                k = min(len(RAMP) - 1, max(0, (v - lo) * (len(RAMP) - 1) // span))
                digit = str(min(9, max(0, (v - lo) * 10 // (span + 1))))
                if plain:
                    cell = " " + (mark or digit)
                else:
                    cell = "\x1b[48;5;%dm %s\x1b[0m" % (RAMP[k], mark or " ")
            row += cell
        out.append(row)
    return out


def text(report, plain=False, worst=12):
    """The report a builder reads: the problems with their fixes, the worst
    points, and heat maps of the noise and of the baselines."""
    b = report.get("board") or {}
    size = report["size"]
    out = ["board %s (%s, %dx%d)" % (b.get("serial") or "?", b.get("profile") or "?", size, size)]
    w = report.get("wiring") or {}
    if w.get("walked"):
        out.append("wiring check: %d points walked, %d seen; wired %s" % (
            w["walked"], w["seen"], w.get("order")))
    probs = report.get("problems") or []
    if not probs:
        out.append("no problem found")
    for p in probs:
        pts = p.get("points") or []
        shown = ", ".join(pts[:8]) + (" ... (%d points)" % len(pts) if len(pts) > 8 else "")
        out.append("* %s%s" % (p["kind"], " at " + shown if shown else ""))
        out.append("    fix: %s" % p["fix"])
    rm = report.get("remap")
    if rm is not None:
        out.append("remap: %d points read elsewhere or the other way round; %s" % (
            rm.get("moved", 0), "saved on the board" if rm.get("saved") else "not saved"))
    for section in ("scales", "tests"):
        for line in report.get(section + "_text") or []:
            out.append(line)
    pts = report.get("points") or []
    if pts:
        out.append("worst points: point channel baseline noise delta flags")
        for e in pts[:worst]:
            out.append("  %-3s %4s %5s %4s %6s %s" % (
                e["point"], e["channel"], e["baseline"], e["noise"],
                "" if e["delta"] is None else "%+d" % e["delta"], ",".join(e["flags"])))
        by = {e["point"]: e for e in pts}
        order = [LETTERS[i % size] + LETTERS[i // size] for i in range(size * size)]
        noise = [by[p]["noise"] for p in order]
        base = [by[p]["baseline"] for p in order]
        marks = {e["point"]: "x" for e in pts if "dead" in e["flags"]}
        if any(v is not None for v in noise):
            out += heatmap(noise, size, 0, max([v for v in noise if v is not None] + [8]),
                           "noise (half the spread, counts)", plain, marks)
            out += heatmap(base, size, 1648, 2448, "baseline (counts, mid-scale 2048)", plain, marks)
    return out


def live(readings, baselines, size, plain=False, note=""):
    """A live frame: each point's distance from its baseline (a stone reads
    hundreds of counts either way: + north up, black; - white)."""
    vals = [None if baselines[i] is None else readings[i] - baselines[i] for i in range(size * size)]
    lines = heatmap(vals, size, -600, 600, "reading - baseline " + note, plain)
    return lines
