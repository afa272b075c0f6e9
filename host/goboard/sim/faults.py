"""Faults for a simulated game, and what the board got wrong, judged by the world.

The catalogue (`CATALOGUE`) is what `goboard sim --faults N` draws from and what
`tools/bench faults` runs: sensor faults (a flickering sensor, a drifting
baseline, a sensor stuck at the rail, a dead one, a burst of electrical noise),
hand faults (a hover, a stone slid or knocked off, alone or while the other
hand places a stone), a power cut, and two stones in one quiet window (the next
hand starts the moment the last stone is let go).

`verdict(out)` compares the board's record (the game log, as `goboard sim`
reads it back) with the game the hands played (the runner's `truth`, kept by
tools/sim/players.py from what the world's hands put down): a false move was
recorded and never played, a lost move was played and never recorded (the two
lists aligned by their longest common subsequence); a jam is an announcement
that asked the players for a fix no mistake of theirs caused, or one that stayed
stuck after they did the fix. Counted apart (`asked`): an unseen move on one of
several dead sensors that the player named with the buttons (the board offered
the dead points, ok took theirs) -- a question a broken sensor makes the board
ask, nothing on the board to fix. Each error goes to the fault that most likely
caused it (the latest one started before it, within ATTRIBUTE_MS, or still
going), else to two stones in a window when the error came right after two
stones let go within TWO_STONES_MS of each other around it, else to "none". A sensor
fault on the very point of the error (or one its announcement names) comes
first, however long ago it began;
an error within LOOKBACK_MS after another, with no newer fault, shares its cause.
"""

import difflib

CATALOGUE = ("flicker", "drift", "stuck", "dead", "hover", "slide", "knock", "noise",
             "power-cut", "two-stones")
SENSOR = ("flicker", "drift", "stuck", "dead")   # faults of one point's sensor
BROKEN = ("stuck", "dead")                        # sensors that stay broken
ATTRIBUTE_MS = 20000       # an error this long after a fault started is still its fault
TWO_STONES_MS = 300        # two stones let go this close landed in one quiet window
LOOKBACK_MS = 5000         # how far back from an error two such stones are looked for
WORDS = ("is", "on", "it", "to", "of", "up", "at", "as", "be", "in", "no", "or", "by", "do",
         "go", "if", "me", "my", "so", "we", "an", "he")   # not points, in an announcement


def plan(n_moves, n_faults, rng, kinds=CATALOGUE):
    """{move index: fault kind}: n_faults distinct moves, before which a fault
    of the catalogue (or of `kinds`) happens. At most one sensor that stays
    broken (stuck or dead) per game, when other kinds are allowed: a board with
    more is a board to mend, and several of them make an unseen move ambiguous
    by design."""
    n_faults = min(n_faults, n_moves)
    at = rng.sample(range(n_moves), n_faults) if n_faults else []
    out = {}
    others = [k for k in kinds if k not in BROKEN]
    broken = False
    for k in sorted(at):
        kind = rng.choice(kinds)
        if kind in BROKEN and broken and others:
            kind = rng.choice(others)
        broken = broken or kind in BROKEN
        out[k] = kind
    return out


def _empty(b, rng, avoid=()):
    pts = [p for p in b.points() if b.cells[p] == 0 and p not in avoid]
    return rng.choice(pts) if pts else None


def _stone_with_room(b, rng, broken, avoid):
    """A stone on the board with an empty neighbour, and that neighbour (neither
    on a faulty sensor: a knocked stone nobody can see is nobody's to put back;
    the neighbour is not `avoid`, where the move's stone comes down)."""
    W = b.W
    cand = []
    for p in b.points():
        if b.cells[p] and b.sgf(p) not in broken:
            room = [q for q in (p - 1, p + 1, p - W, p + W)
                    if b.on_board(q) and b.cells[q] == 0 and b.sgf(q) not in broken
                    and b.sgf(q) != avoid]
            if room:
                cand.append((p, room))
    if not cand:
        return None, None
    p, room = rng.choice(cand)
    return p, rng.choice(room)


def actions(kind, rng, b, color, move_pt, future, broken=()):
    """The physical actions of one fault before a move by `color` on `move_pt`
    (SGF, "" for a pass) on board `b` (the position before it); `future`: SGF
    points still to be played; `broken`: points whose sensor a fault touched
    (no stone there is knocked or slid: nobody could see it go). Returns
    (actions, with_move): with_move says the fault shares its quiet window with
    the move, whose hand comes straight down after it (the think time goes
    before the fault; two stones in a window have none). The first action is
    the marker ["fault", kind, ms, moves, point] (moves: the fault is over once
    that many moves are let go; else ms after it began). Two stones in a window
    is only the marker: the caller brings the move's stone down together with
    the last one (the runner's `two`)."""
    C = "B" if color == 1 else "W"
    S = b.sgf
    if kind in ("flicker", "drift", "hover"):
        p = _empty(b, rng)
        if p is None:
            return [], False
        if kind == "flicker":
            ms = rng.randint(2000, 30000)
            return [["fault", kind, ms, 0, S(p)],
                    ["flicker", S(p), ms, rng.choice("BW")]], False
        if kind == "drift":
            ms = rng.randint(2000, 20000)
            counts = rng.randint(60, 300) * rng.choice((1, -1))
            return [["fault", kind, ms, 0, S(p)], ["drift", S(p), counts, ms]], False
        ms = rng.randint(500, 3000)
        return [["fault", kind, ms, 0, S(p)], ["hover", C, S(p), ms]], False
    if kind in ("stuck", "dead"):
        # a point still to be played half of the time: the board must see that
        # move (one followed by ten more, so an opponent's stone comes after it)
        todo = [s for s in future[:-10] if s and b.cells[b.from_sgf(s)] == 0]
        if todo and rng.random() < 0.5:
            s = rng.choice(todo)
        else:
            s = S(rng.choice(list(b.points())))
        return [["fault", kind, 0, 0, s], ["stuck" if kind == "stuck" else "dead", s]], False
    if kind == "noise":
        ms = rng.randint(500, 5000)
        return [["fault", kind, ms, 0, None], ["noise", ms, rng.randint(20, 60)]], False
    if kind == "power-cut":
        return [["fault", kind, 0, 0, None], ["power-cut"]], False
    if kind in ("slide", "knock"):
        p, q = _stone_with_room(b, rng, broken, move_pt)
        if p is None:
            return [], False
        with_move = bool(move_pt) and rng.random() < 0.5
        if kind == "slide":
            act = ["slide", S(p), S(q)]
        else:
            act = ["knock", S(p)]
        acts = [["fault", kind, 0, 1 if with_move else 0, S(p)], act]
        if not with_move:
            acts.append(["wait", rng.randint(300, 600)])
        return acts, with_move
    if kind == "two-stones":
        if not move_pt:
            return [], False
        return [["fault", kind, 0, 1, move_pt]], True
    raise ValueError("unknown fault %r (known: %s)" % (kind, ", ".join(CATALOGUE)))


# --- the verdict ---------------------------------------------------------------------
def verdict(out):
    """What the board got wrong in one `goboard sim` run with players (see the
    module docstring): {false: [...], lost: [...], jams: [...], false_alarms:
    [...], stopped, faults: [{kind, recovery_ms or None}], played, recorded}."""
    summ = out["summary"]
    truth = summ["truth"]
    t_moves = [tuple(m) for m in truth["moves"]]
    b_moves = [tuple(m) for m in summ["moves"]]
    released = truth["released"]
    faults = truth["faults"]
    move_t = {}
    for ev in out["events"]:
        if ev["type"] in ("move", "pass", "abandon") and ev.get("number"):
            move_t[(ev["number"], ev["color"], ev.get("point") or "")] = ev["t"]
    false, lost = [], []
    sm = difflib.SequenceMatcher(None, t_moves, b_moves, autojunk=False)
    for tag, i1, i2, j1, j2 in sm.get_opcodes():
        if tag in ("replace", "delete"):
            for i in range(i1, i2):
                t = released[i] if i < len(released) else None
                lost.append({"number": i + 1, "move": list(t_moves[i]), "t": t})
        if tag in ("replace", "insert"):
            for j in range(j1, j2):
                m = b_moves[j]
                t = move_t.get((j + 1, m[0], m[1]))
                false.append({"number": j + 1, "move": list(m), "t": t})
    jams, alarms, asked = [], [], []
    for ep in truth["episodes"]:
        stuck = ep.get("stuck")
        e = {"t": ep["t"], "code": ep["code"], "point": ep["point"], "mistake": ep["mistake"],
             "stuck": stuck, "acted": ep["acted"], "text": ep.get("text") or ""}
        if ep.get("chose") and not stuck and ep["end"] is not None:
            asked.append(e)     # which dead point: the player's ok answered, nothing moved
        elif stuck or (not ep["mistake"] and (ep["acted"] or ep["end"] is None)):
            jams.append(e)
        elif not ep["mistake"]:
            alarms.append(e)
    errors = sorted(false + lost + jams + alarms,
                    key=lambda e: (e["t"] is None, e["t"] or 0, "move" not in e))
    last = None
    for e in errors:
        if "move" in e:
            points = [e["move"][1]]
        else:   # the announcement's point, and any it names (an unseen move's dead points)
            points = [e["point"]] + [w for w in e["text"].replace(",", " ").replace(";", " ")
                                     .split() if len(w) == 2 and w.isalpha() and w.islower()
                                     and w not in WORDS]
        e["fault"], t0 = blame(e["t"], points, faults, released)
        if last is not None and e["t"] is not None and e["t"] - last["t"] <= LOOKBACK_MS \
                and (t0 is None or t0 <= last["t"]):
            e["fault"] = last["fault"]    # no newer fault: the same trouble going on
        if e["t"] is not None:
            last = e
    recs = []
    last = summ.get("now")
    for f in faults:
        rec = f["rec"] - f["end"] if f["rec"] is not None and f["end"] is not None else None
        r = {"kind": f["kind"], "t0": f["t0"], "recovery_ms": rec}
        if rec is None and last is not None and (f["end"] is None or f["end"] > last):
            r["ongoing"] = True     # still going on when the game ended: nothing to recover from yet
        recs.append(r)
    return {"false": false, "lost": lost, "jams": jams, "false_alarms": alarms, "asked": asked,
            "stopped": truth["stopped"], "faults": recs, "played": len(t_moves),
            "recorded": len(b_moves), "attempts": truth["attempts"],
            "mistake_left": truth["mistake"]}


def blame(t, points, faults, released):
    """(fault kind, when it began) an error at time t on `points` (SGF) is put
    down to: a sensor fault on one of those very points first, then see the
    module docstring. The time is None for two stones of the play and "none"."""
    if t is None:
        return "none", None
    best = None
    for f in faults:
        if f["t0"] <= t and f.get("point") in points and f["kind"] in SENSOR:
            best = f
    if best is not None:
        return best["kind"], best["t0"]
    for f in faults:
        if f["t0"] > t:
            continue
        going = f["end"] is None or f["end"] >= t - ATTRIBUTE_MS
        if (t - f["t0"] <= ATTRIBUTE_MS or going) and (best is None or f["t0"] >= best["t0"]):
            best = f
    if best is not None:
        return best["kind"], best["t0"]
    for a, b in zip(released, released[1:]):
        if t - LOOKBACK_MS <= b <= t + TWO_STONES_MS and b - a <= TWO_STONES_MS:
            return "two-stones", None
    return "none", None
