"""Faults and players' mistakes for a simulated game, and what the board got
wrong, judged by the world.

The catalogue (`CATALOGUE`) is what `goboard sim --faults N` draws from and what
`tools/bench faults` runs: sensor faults (a flickering sensor, a drifting
baseline, a sensor stuck at the rail, a dead one, a burst of electrical noise),
hand faults (a hover, a stone slid or knocked off, alone or while the other
hand places a stone), a power cut, two stones in one quiet window (the next
hand starts the moment the last stone is let go), and an outage (the board off
while the players play one to three moves). `CLASSIC` is the catalogue but the
outage.

The players' mistakes (`MISTAKES`, `goboard sim --mistakes N`) are what people
do at a table: a second stone of the side that just moved (in the same window,
later, or answered by the opponent before anyone notices), a stone of the
wrong colour (swapped once seen), an undo by hand after a capture (the
capturing stone back to the bowl, the prisoners out of the lid, undo pressed,
the move played again), a prisoner in the wrong lid (the next player then
thinks with a stone in hand), in its owner's bowl, put back on the board, or
dropped on the floor, a stone that rolls to a neighbour and is pushed back, an
answer while the last prisoner is still on the board, a pass stone answered
before its lid settled (rules with pass stones where white passes last), a
stone left from the last game (noticed after the opponent answered), a mistaken
end in play (then undo; after a capture, half of the time pressed before its
prisoners are lifted), a capture lifted slowly one stone at a time, a large
capture lifted slowly under byo-yomi (the game played on BYOYOMI_CLOCK, every
move in one 30 s period: the capturer lifts for LIFT_MS, the opponent then
thinks ANSWER_MS, and its period must start only when the last prisoner is off,
or it loses on time and the rest of the game is lost moves), and at
the count a drift under a dead stone and a ±255 noise burst while the dead
stones are lifted (end pressed soon after). `plan_mistakes` draws them only
where a record allows (`eligible`: a capturing move, a quiet point for a second
stone...); `Mistakes` writes their actions into the SGF game's script. What the
players' game (the ground truth) makes of each is tools/sim/players.py's
docstring: an arbiter's record.

`verdict(out)` compares the board's record (the game log, as `goboard sim`
reads it back) with the game the hands played (the runner's `truth`, kept by
tools/sim/players.py from what the world's hands put down): a false move was
recorded and never played, a lost move was played and never recorded (the two
lists aligned by their longest common subsequence); a jam is an announcement
that asked the players for a fix no mistake of theirs caused, or one that stayed
stuck after they did the fix; a count error (`counts`) is the board's count
missing or other than the players' game counted by goban.count with the same
rules, komi, handicap and the dead stones they lifted, when they pressed end to
count. Counted apart (`asked`): an unseen move on one of several dead sensors
that the player named with the buttons (the board offered the dead points, ok
took theirs), the order of stones played while the board was off when two
of one side were among them, and a move on a dead sensor asked about when a
stone of each side landed in one scan just then, and the last stone found
beside its point while a dead sensor may hide the answer (`rolled`), and two
stones out of a bowl at once with a dead sensor where the move may be
(`hidden`, when no mistake of the players' was behind it) --
questions the board must ask, nothing on the board to fix. Each error goes to
the fault or mistake that most likely caused
it (`blame`): one on the very point of the error (or one its announcement
names, or a dead stone the counts disagree on) first, however long ago it
began; else the latest one started before it (a false or lost move: up to
LOST_AFTER_MS after it), within RECENT_MS first, then within ATTRIBUTE_MS,
still going, or lasting (a stone where no scale expects it), one the board had
not recovered from yet before one it had; else two stones in a window when the error
came right after two stones let go within TWO_STONES_MS of each other around it;
else "none". A cause that began while an earlier fault was over but not
recovered from (the board never agreed with the hands again) is put down to
that earlier one. An error within LOOKBACK_MS after another, with no newer
fault, shares its cause.
"""

import difflib

from goban import rules as R

CLASSIC = ("flicker", "drift", "stuck", "dead", "hover", "slide", "knock", "noise",
           "power-cut", "two-stones")     # what the board met with its power on, but for a cut
CATALOGUE = CLASSIC + ("outage",)
SENSOR = ("flicker", "drift", "stuck", "dead")   # faults of one point's sensor
BROKEN = ("stuck", "dead")                        # sensors that stay broken
ATTRIBUTE_MS = 20000       # an error this long after a fault started is still its fault
TWO_STONES_MS = 300        # two stones let go this close landed in one quiet window
ONE_LOOK_MS = 1000         # how far back from a question the stones it asks about are
LOOKBACK_MS = 5000         # how far back from an error two such stones are looked for
LOST_AFTER_MS = 2000       # a fault this soon after a move may have lost it or made it false
RECENT_MS = 5000           # a fault begun this soon before an error comes first
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
    if kind == "outage":
        # the board stays off while the players play one to three moves, and
        # comes back a moment after the last
        # (stones: a pass pressed while it is off is no stone let go, and an
        # outage waiting for stones the record no longer has never ended)
        moves = min(rng.randint(1, 3), len([s for s in future if s]))
        return [["fault", kind, 0, moves, None], ["power-cut", rng.randint(100, 1000), moves]], \
            False
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
        elif ep["code"] in ("resume-order", "unseen") and not stuck and ep["end"] is not None \
                and _order_unknown(ep["t"], out):
            asked.append(e)     # two stones of a side played while the board was off (and
            # a dead sensor among their points: which held a move, no board can tell)
        elif ep["code"] == "unseen" and not stuck and ep["end"] is not None \
                and _two_at_once(ep["t"], out):
            asked.append(e)     # a stone of each side in one scan, a sensor dead: the
            # mover's move there may have come before both, as well as after them
        elif ep["code"] == "rolled" and not stuck and ep["end"] is not None:
            asked.append(e)     # the last stone beside its point, a sensor dead: rolled,
            # or pushed by an answer there nobody saw; its owner said which
        elif ep["code"] == "hidden" and not stuck and ep["end"] is not None \
                and not ep["mistake"]:
            asked.append(e)     # two stones out at once, one maybe on a dead sensor, its
            # owner said the move was where the board took it (the other in a hand)
        elif stuck or (not ep["mistake"] and (ep["acted"] or ep["end"] is None)):
            jams.append(e)
        elif ep["code"] == "unseen":
            asked.append(e)     # which dead point: the sensor read again before anyone
            # answered (a stone on a flickering sensor), and the board took the move
        elif not ep["mistake"]:
            alarms.append(e)
    counts = count_errors(out)
    errors = sorted(false + lost + jams + alarms + counts,
                    key=lambda e: (e["t"] is None, e["t"] or 0, "move" not in e))
    last = None
    for e in errors:
        if "move" in e:
            points = [e["move"][1]]
        elif "count" in e:
            points = e["points"]
        else:   # the announcement's point, and any it names (an unseen move's dead points)
            points = [e["point"]] + [w for w in e["text"].replace(",", " ").replace(";", " ")
                                     .split() if len(w) == 2 and w.isalpha() and w.islower()
                                     and w not in WORDS]
        # a move lost, or recorded and then never played (taken back by hand),
        # through what happened right after it
        late = LOST_AFTER_MS if "move" in e else 0
        e["fault"], t0 = blame(e["t"], points, faults, released, late)
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
            "counts": counts, "count": {"true": (truth.get("count") or {}).get("result"),
                                        "board": _board_count(out)},
            "stopped": truth["stopped"], "faults": recs, "played": len(t_moves),
            "recorded": len(b_moves), "attempts": truth["attempts"],
            "mistake_left": truth["mistake"]}


def _two_at_once(t, out):
    """Whether a stone of each side was let go within two scans of each other
    just before t (ONE_LOOK_MS), with a sensor dead or stuck since before them:
    the board cannot tell their order, nor so whether the mover's move on the
    dead point came before both (a question it must ask: goban.referee.play's
    `explained`)."""
    truth = out["summary"]["truth"]
    scan = out["summary"].get("scan_ms") or 10
    stones = [s for s in truth.get("stones") or () if s[2] and t - ONE_LOOK_MS <= s[0] <= t]
    for a, b in zip(stones, stones[1:]):
        if a[1] != b[1] and b[0] - a[0] <= 2 * scan:
            return any(f["kind"] in ("dead", "stuck") and f["t0"] <= a[0]
                       for f in truth.get("faults") or ())
    return False


def _order_unknown(t, out):
    """Whether the board could not know the order of the moves played while it
    was last off before t: two stones or more of one side among those placed
    after the last move it took before going off (a stone put down just before
    the cut, not yet settled, is as unseen as one put down while it was off,
    or after it was back but before its first look; one put down later on a
    dead sensor, before t, too), or one of them captured by another
    (`_captured_meanwhile`). A pass stone is a stone of its side: handed into a
    lid the board had not weighed since (before its first weighing after the
    cut, whatever the first look), it is as unordered."""
    summ = out["summary"]
    off = [o for o in summ.get("outages") or () if o[0] <= t]
    if not off:
        return False
    t0, t1 = off[-1]
    taken = [ev for ev in out["events"]
             if ev["type"] in ("move", "pass") and ev.get("t") is not None and ev["t"] <= t0]
    since = taken[-1]["t"] if taken else 0
    # its first look: the first event after it came back that a look makes (the
    # clock's resumption and a bowls reading come at boot, before any look)
    back = t if t1 is None else min([ev["t"] for ev in out["events"]
                                     if ev.get("t") is not None and t1 < ev["t"]
                                     and ev["type"] not in ("clock", "bowls")] + [t])
    # a stone put down since on a dead sensor is as unordered: when it came, no
    # look could see (649796 g156: white's eb after the restart, cc before it)
    dead = [f.get("point") for f in summ["truth"].get("faults") or ()
            if f["kind"] == "dead" and f["t0"] <= t]
    # a pass stone handed before its lid was first weighed since: as unordered
    # (989068 g242: the scales not settled yet at the first look)
    lid_back = {}
    for key in ("lidB", "lidW"):
        weighed = [ev["t"] for ev in out["events"] if ev["type"] == "bowls"
                   and ev.get("t") is not None and t1 is not None and t1 < ev["t"]
                   and (ev.get(key) or 0) >= 0]
        lid_back[key] = min(weighed) if weighed else t
    seen = {}
    placed = []
    for at, c, p in summ["truth"].get("stones") or ():
        last = back if p else max(back, lid_back["lidW" if c == "B" else "lidB"])
        if since < at <= last or (back < at <= t and p in dead):
            seen[c] = seen.get(c, 0) + 1
            placed.append((c, p))
    return any(n >= 2 for n in seen.values()) or \
        _captured_meanwhile(out, taken[-1].get("number", 0) if taken else 0, placed)


def _captured_meanwhile(out, n, placed):
    """Whether a stone placed while the board could not look (after its move n)
    was captured before it looked again: where it stood, and whether the
    opponent passed (a pass stone weighs as a prisoner does), no board can tell."""
    if not placed:
        return False
    from goban.game import Game
    g = Game(out.get("rules") or "japanese", out.get("size") or 19)
    col = {"B": 1, "W": 2}
    for c, p in out["summary"]["truth"]["moves"][:n]:
        if p:
            g.play(col[c], g.board.from_sgf(p))
        else:
            g.pass_move(col[c])
    for c, p in placed:
        if p:
            g.play(col[c], g.board.from_sgf(p))
        else:
            g.pass_stone(col[c])          # (a pass stone handed meanwhile)
    return any(p and g.board.cells[g.board.from_sgf(p)] != col[c] for c, p in placed)


def _board_count(out):
    """The result of the board's last `count` event (None: it never counted)."""
    res = None
    for ev in out["events"]:
        if ev["type"] == "count":
            res = ev.get("result")
    return res


def count_errors(out):
    """[error]: the board's count against the true one (the players' game and
    dead stones counted by goban.count with the same rules, komi and
    handicap), when the players pressed end to count: missing, or another
    result. `points` are the dead stones the two disagree on."""
    true = out["summary"]["truth"].get("count")
    if not true:
        return []
    board, t, dead = None, None, []
    for ev in out["events"]:
        if ev["type"] == "count":
            board, t = ev.get("result"), ev["t"]
        elif ev["type"] == "dead":
            dead = ev.get("points") or []
    if board == true["result"]:
        return []
    truth_dead = out["summary"]["truth"].get("dead") or []
    pts = sorted(set(dead) ^ set(truth_dead))
    return [{"t": t if t is not None else true["t"], "count": True,
             "code": "count-missing" if board is None else "count-wrong",
             "board": board, "true": true["result"], "points": pts}]


def _root(f, faults):
    """The fault behind f: an earlier one the board had not recovered from
    when f began (over, but the board never agreed with the hands again in
    between) was still making trouble; the earliest of such a chain."""
    while True:
        earlier = [a for a in faults if a["t0"] < f["t0"] and a["end"] is not None
                   and a["end"] <= f["t0"] and a.get("rec", a["end"]) is None]
        if not earlier:
            return f
        f = earlier[0]


def blame(t, points, faults, released, late=0):
    """(fault kind, when it began) an error at time t on `points` (SGF) is put
    down to: a sensor fault or a player's mistake on one of those very points
    first, then see the module docstring (a mistake whose stone stays where no
    scale expects it is still going on; `late`: a fault begun up to that long
    after t counts too). The time is None for two stones of the play and "none"."""
    if t is None:
        return "none", None
    best = None
    for f in faults:
        if f["t0"] <= t + late and f.get("point") in points \
                and (f["kind"] in SENSOR or f.get("mistake")):
            best = f
    if best is not None:
        best = _root(best, faults)
        return best["kind"], best["t0"]
    cands = []
    for f in faults:
        if f["t0"] > t + late:
            continue
        going = f["end"] is None or f["end"] >= t - ATTRIBUTE_MS or f.get("lasting")
        if t - f["t0"] <= ATTRIBUTE_MS or going:
            cands.append(f)
    # one begun just before; else one whose trouble was not over (not recovered
    # from, or lasting) before one the board had already recovered from
    recent = [f for f in cands if f["t0"] >= t - RECENT_MS]
    open_ = [f for f in cands if f.get("lasting") or f.get("rec") is None or f["rec"] > t]
    for f in recent or open_ or cands:
        if best is None or f["t0"] >= best["t0"]:
            best = f
    if best is not None:
        best = _root(best, faults)
        return best["kind"], best["t0"]
    for a, b in zip(released, released[1:]):
        if t - LOOKBACK_MS <= b <= t + TWO_STONES_MS and b - a <= TWO_STONES_MS:
            return "two-stones", None
    return "none", None


# --- the players' mistakes -----------------------------------------------------------
# What players do at a table that no record holds (issue 19). Each is drawn for a
# move of the record where it can happen (`eligible`) and played out by
# `Mistakes` inside the SGF game's script; the players' game (tools/sim/players.py)
# says what an arbiter would record for each. The count ones happen while the
# dead stones are lifted.
MISTAKES = ("second-window", "second-later", "second-answered", "wrong-color", "hand-undo",
            "wrong-lid", "prisoner-bowl", "prisoner-back", "prisoner-floor", "roll",
            "answer-early", "quick-pass", "stray", "end-press", "slow-capture",
            "slow-capture-byoyomi", "count-drift", "count-noise")
CAPTURING = ("hand-undo", "wrong-lid", "prisoner-bowl", "prisoner-back", "prisoner-floor",
             "answer-early", "slow-capture", "slow-capture-byoyomi")  # mistakes of a move that captures
# slow-capture-byoyomi: the clock its game is played on (unless one is given), how
# long the capturer lifts (most of a period, its think and the lifting within it)
# and the opponent then thinks (with the lifting, more than a period: a period
# started at the capture instead of at the lift would run out before the answer)
BYOYOMI_CLOCK = "byoyomi:0+1x30"
LIFT_MS = 24000
ANSWER_MS = 10000
LARGE = 2                  # ... on a capture of at least this many stones
AT_COUNT = ("count-drift", "count-noise")
LASTING = ("wrong-lid", "prisoner-bowl", "prisoner-floor", "stray")   # a stone where no scale expects it
KINDS = CATALOGUE + MISTAKES
NOISE_AT_COUNT = 255       # counts: the heavy burst while the dead stones are lifted
QUIET_AHEAD = 12           # a slip's point is none of the next moves' points


def _neighbours(b, p):
    W = b.W
    return [q for q in (p - 1, p + 1, p - W, p + W) if b.on_board(q)]


def _quiet(b, p):
    """An empty point whose neighbours are all empty: a stone there takes
    nothing and is taken by nothing."""
    return b.cells[p] == 0 and all(b.cells[q] == 0 for q in _neighbours(b, p))


def _liberties(b, p):
    from array import array
    return b.liberties(p, array("H", bytes(2 * b.length)))


def record_facts(record, rules, sg=None):
    """One dict per record move (the board before it): colour, point, the
    stones it captures, quiet points for a slip, whether a stone of the other
    colour there would capture or be captured; and the dead stones at the end.
    Used to draw mistakes only where they can happen."""
    from goban.game import Game
    size = record["size"]
    g = Game(rules, size, capacity=max(64, len(record["moves"]) + 8))
    b = g.board
    setup_b = record["setup"].get("B", [])
    if setup_b:
        g.setup([b.from_sgf(s) for s in setup_b], [], 2)
    col = {"B": 1, "W": 2}
    moves = record["moves"]
    facts = []
    for k, mv in enumerate(moves):
        c, pt = mv[0], mv[1]
        f = {"c": c, "pt": pt, "caps": [], "stone": bool(pt) and len(mv) < 3, "ok": False,
             "quiet": [], "roll": [], "swap": False}
        if f["stone"]:
            p = b.from_sgf(pt)
            ahead = set(m[1] for m in moves[k:k + QUIET_AHEAD])
            f["quiet"] = [b.sgf(q) for q in b.points() if _quiet(b, q) and b.sgf(q) not in ahead
                          and abs(b.xy(q)[0] - b.xy(p)[0]) + abs(b.xy(q)[1] - b.xy(p)[1]) >= 2]
            # where the stone can roll: an empty neighbour whose other neighbours are empty
            f["roll"] = [b.sgf(q) for q in _neighbours(b, p) if b.cells[q] == 0 and
                         all(b.cells[r] == 0 for r in _neighbours(b, q) if r != p)
                         and b.sgf(q) not in ahead]
            # a stone of the other colour on p takes nothing: no neighbour of the
            # mover's colour in atari, and it has a liberty of its own
            f["swap"] = any(b.cells[q] == 0 for q in _neighbours(b, p)) and \
                all(b.cells[q] != col[c] or _liberties(b, q) > 1 for q in _neighbours(b, p))
            code = g.play(col[c], p)
            f["ok"] = code is None
            if code is None:
                f["caps"] = [b.sgf(q) for q in g.last_capture()]
        elif pt == "" and len(mv) < 3:
            f["ok"] = g.pass_move(col[c]) is None
        facts.append(f)
    dead = []
    if g.over and sg is not None:
        from goboard.record.sgfgame import markup_dead
        dead = markup_dead(sg, b)
    return facts, dead, g.over


def eligible(kind, k, facts, rules, dead, over):
    """Whether mistake `kind` can happen at move k of a record (see record_facts)."""
    if kind in AT_COUNT:
        return k == len(facts) and over and bool(dead)
    if k >= len(facts):
        return False
    f = facts[k]
    nxt = facts[k + 1] if k + 1 < len(facts) else None
    if kind == "stray":
        return k == 0 and len(facts) > 2 and bool(f["quiet"])
    if not f["ok"]:
        return False
    if kind == "quick-pass":
        return rules.uses_pass_stones and rules.end == R.END_WHITE_LAST and f["c"] == "W" \
            and k > 0 and f["stone"]
    if not f["stone"]:
        return False
    if kind == "end-press":
        return k > 0 and rules.takeback      # undo is how the player sets it right
    if kind in ("second-window", "second-later"):
        return bool(f["quiet"])
    if kind == "second-answered":
        return bool(f["quiet"]) and nxt is not None and nxt["stone"] and nxt["ok"]
    if kind == "wrong-color":
        return not f["caps"] and f["swap"]
    if kind == "roll":
        return not f["caps"] and bool(f["roll"])
    if kind in CAPTURING:
        if not f["caps"]:
            return False
        if kind == "hand-undo":
            return rules.takeback
        if kind == "slow-capture-byoyomi":
            return len(f["caps"]) >= LARGE and nxt is not None and nxt["stone"]
        if kind in ("answer-early", "wrong-lid"):
            return nxt is not None and nxt["stone"] and nxt["ok"] and \
                any(q != nxt["pt"] for q in f["caps"])
        return True
    raise ValueError("unknown mistake %r (known: %s)" % (kind, ", ".join(MISTAKES)))


def plan_mistakes(n, rng, kinds, facts, rules, dead, over, taken=()):
    """{move index: kind}: n mistakes of `kinds` (those of MISTAKES), each on
    a move where it can happen, at least 4 moves from another mistake and off
    the moves `taken` by faults (the count ones at index len(facts), each at
    most once). Fewer when the record leaves no room."""
    kinds = [k for k in kinds if k in MISTAKES]
    out = {}
    busy = set()
    for t in taken:
        busy.update((t - 1, t, t + 1))
    for _ in range(n):
        for _try in range(8):
            kind = rng.choice(kinds) if kinds else None
            if kind is None:
                break
            if kind in AT_COUNT:
                k = len(facts)
                have = out[k].split("+") if k in out else []
                if kind in have or not eligible(kind, k, facts, rules, dead, over):
                    continue
                out[k] = "+".join(have + [kind])      # (both may happen at the count)
                break
            cand = [k for k in range(len(facts)) if k not in busy
                    and eligible(kind, k, facts, rules, dead, over)]
            if cand:
                k = rng.choice(cand)
                out[k] = kind
                busy.update(range(k - 4, k + 5))
                break
    return out


class Mistakes:
    """The physical side of the planned mistakes, woven into an SGF game's
    script by goboard.sim.script.sgf_script through one hook per stage of a move
    (each returns actions, or changes those given). Its own random stream:
    the hands' noise and the faults are the same with and without it."""

    def __init__(self, at, rng, facts):
        self.at = at
        self.rng = rng
        self.facts = facts
        self.ids = 0
        self.before_next = {}      # move index -> actions before its think
        self.after_place = {}      # move index -> actions right after its stone lands
        self.after_move = {}       # move index -> actions after all of it
        self.quick = set()         # moves answered at once
        # the clock the game needs (a slow capture under byo-yomi), or None
        self.clock = BYOYOMI_CLOCK if "slow-capture-byoyomi" in at.values() else None
        self.end_early = set()     # end-press moves whose press came while a capture waited

    def _marker(self, kind, ms=0, moves=0, pt=None, slip=None):
        """The runner's ["mistake", kind, ms, moves, point, options]: a slip
        gets its id; a mistake whose stone stays where no scale expects it
        is "lasting"."""
        opts = {"lasting": True} if kind in LASTING else {}
        if slip is not None:
            self.ids += 1
            opts.update(slip)
            opts["id"] = self.ids
        return ["mistake", kind, ms, moves, pt, opts]

    def start(self):
        """Before the first move: a stone left from the last game."""
        if self.at.get(0) != "stray":
            return []
        r = self.rng
        q = r.choice(self.facts[0]["quiet"])
        m = self._marker("stray", pt=q, slip={"home": "bowl"})
        c = r.choice("BW")
        sid = m[5]["id"]
        # nobody looks: black plays, white answers, then someone sees it
        self.after_move[1] = self.after_move.get(1, []) + [["notice", sid, r.randint(300, 2000)]]
        return [m, ["lay", c, q, "slip:%d" % sid]]

    def before(self, k, c):
        """Before move k's think."""
        r = self.rng
        acts = self.before_next.pop(k, [])
        kind = self.at.get(k)
        if kind == "end-press" and k not in self.end_early:
            ms = r.randint(500, 2500)
            acts += [self._marker(kind, ms + 800), ["button", c, "end", "slip"], ["wait", ms],
                     ["button", c, "undo", "slip"], ["wait", r.randint(300, 800)]]
        elif kind == "quick-pass":
            # white passes, black answers with its pass stone before black's lid
            # settled, and white's move follows at once
            acts += [self._marker(kind, 0, 3, None), ["wait", r.randint(120, 400)],
                     ["pass-stone", "W", r.randint(300, 700)], ["wait", r.randint(0, 150)],
                     ["pass-stone", "B", r.randint(200, 400)]]
            self.quick.add(k)
        return acts

    def think(self, k, ms):
        return self.rng.randint(0, 120) if k in self.quick else ms

    def place(self, k, c, pt, acts):
        """Move k's stone: `acts` (the hands' usual place, last) or the mistake's."""
        r = self.rng
        kind = self.at.get(k)
        other = "W" if c == "B" else "B"
        if kind == "wrong-color":
            # from the other bowl; swapped for the right one once someone sees it
            m = self._marker(kind, pt=pt, slip={"home": "bowl", "owes": [c, pt]})
            sid = m[5]["id"]
            return acts[:-1] + [m, ["place", other, pt, "slip:%d" % sid],
                                ["notice", sid, r.randint(800, 4000)]]
        if kind == "second-window":
            # a second stone from the same hand, in the same quiet window
            q = r.choice(self.facts[k]["quiet"])
            m = self._marker(kind, pt=q, slip={"home": "bowl"})
            sid = m[5]["id"]
            return acts[:-1] + [m, ["overlap", [[0, acts[-1]], [r.randint(0, 90),
                                                              ["place", c, q, "slip:%d" % sid]]]],
                                ["notice", sid, r.randint(800, 4000)]]
        if kind == "hand-undo":
            # over when the move is let go again (its first let-go, then the replay)
            return [self._marker(kind, 0, 2, pt)] + acts + self.after_place.pop(k, [])
        if kind == "roll":
            # let go, it rolls to a neighbour; its player pushes it back
            q = r.choice(self.facts[k]["roll"])
            rest = r.randint(200, 1500)
            push = r.randint(120, 300)
            return [self._marker(kind, 200 + rest + push, 0, pt)] + acts + \
                [["slide", pt, q, r.randint(60, 200)], ["wait", rest], ["slide", q, pt, push]]
        return acts + self.after_place.pop(k, [])

    def lifts(self, k, c, acts):
        """Move k's captures lifted: `acts` (the hands' usual waits and lifts)
        or the mistake's."""
        r = self.rng
        kind = self.at.get(k)
        if self.at.get(k + 1) == "end-press" and kind not in CAPTURING \
                and any(a[0] == "lift" for a in acts) and r.random() < 0.5:
            # the next player presses end by mistake while this capture is still
            # on the board (refused: the board waits), then undo to set it right
            self.end_early.add(k + 1)
            o = "W" if c == "B" else "B"
            ms = r.randint(200, 800)
            return [self._marker("end-press", ms + 800), ["button", o, "end", "slip"],
                    ["wait", ms], ["button", o, "undo", "slip"],
                    ["wait", r.randint(100, 400)]] + acts
        if kind not in CAPTURING or kind == "hand-undo":
            return acts      # (an undo by hand comes after the whole move)
        lifts = [a for a in acts if a[0] == "lift"]
        if kind == "slow-capture":
            out = [self._marker(kind, 0, 1, lifts[0][1])]
            for a in lifts:
                out += [["wait", r.randint(600, 2500)], a]
            return out
        if kind == "slow-capture-byoyomi":
            out = [self._marker(kind, 0, 1, lifts[0][1])]
            gap = max(0, LIFT_MS // len(lifts) - 200)      # (a lift itself takes ~0.2 s)
            for a in lifts:               # (a prisoner lifted already, by a fix the
                out += [["wait", gap, a[1]], a]   # board asked for: no pause for it)
            self.before_next[k + 1] = self.before_next.get(k + 1, []) + [["wait", ANSWER_MS]]
            return out
        nxt = self.facts[k + 1]["pt"] if k + 1 < len(self.facts) else None
        one = r.choice([a for a in lifts if a[1] != nxt])
        prisoner = "W" if c == "B" else "B"
        if kind == "answer-early":
            # the answer lands while this prisoner is still on the board
            self.after_place[k + 1] = [["wait", r.randint(100, 600)], one]
            self.quick.add(k + 1)
            return [self._marker(kind, 0, 1, one[1])] + [a for a in acts if a is not one]
        if kind == "prisoner-back":
            # lifted, then put back on its point by a fumbling hand
            m = self._marker(kind, pt=one[1], slip={"home": "lid"})
            sid = m[5]["id"]
            i = acts.index(one) + 1
            return acts[:i] + [["wait", r.randint(200, 900)], m,
                               ["restore", prisoner, one[1], "slip:%d" % sid],
                               ["notice", sid, r.randint(800, 4000)]] + acts[i:]
        dest = {"prisoner-bowl": "bowl", "prisoner-floor": "floor", "wrong-lid": "wrong-lid"}[kind]
        if kind == "wrong-lid":
            # and the next player thinks with a stone in hand
            self.before_next[k + 1] = self.before_next.get(k + 1, []) + [["take", prisoner]]
        if kind == "prisoner-bowl":    # a habit: every prisoner of this capture
            return [self._marker(kind, 0, 1, one[1])] + \
                [["lift", a[1], dest] if a[0] == "lift" else a for a in acts]
        return [self._marker(kind, 0, 2 if kind == "wrong-lid" else 1, one[1])] + \
            [["lift", a[1], dest] if a is one else a for a in acts]

    def after(self, k, c, pt, caps):
        """After move k (its stone, its captures, the hands' nudge): a second
        stone, an undo by hand, a mistake noticed after this move."""
        r = self.rng
        kind = self.at.get(k)
        acts = []
        if kind in ("second-later", "second-answered"):
            q = r.choice(self.facts[k]["quiet"])
            m = self._marker(kind, pt=q, slip={"home": "bowl"})
            sid = m[5]["id"]
            acts += [["wait", r.randint(200, 1500) if kind == "second-later" else r.randint(50, 300)],
                     m, ["place", c, q, "slip:%d" % sid]]
            if kind == "second-later":
                acts.append(["notice", sid, r.randint(800, 4000)])
            else:
                # answered before anyone notices; half of the time someone does a
                # moment after the answer, else only when the board names it
                self.quick.add(k + 1)
                if r.random() < 0.5:
                    self.after_move[k + 1] = self.after_move.get(k + 1, []) + \
                        [["notice", sid, r.randint(500, 3000)]]
        elif kind == "hand-undo":
            # the mover changes its mind: the capturing stone back to its bowl,
            # the prisoners out of the lid onto their points, undo pressed
            # (after some or all of them), then the same move again
            colour = "W" if c == "B" else "B"
            seq = [["lift", pt, "bowl"]]
            press_at = r.randint(0, len(caps))
            for j, q in enumerate(caps):
                if j == press_at:
                    seq.append(["button", c, "undo"])
                seq += [["wait", r.randint(100, 500)], ["restore", colour, q]]
            if press_at == len(caps):
                seq += [["wait", r.randint(100, 600)], ["button", c, "undo"]]
            acts += [["wait", r.randint(400, 2000)], ["seq", seq],
                     ["wait", r.randint(800, 3000)], ["place", c, pt]]
            lifts = [["lift", q] for q in caps]
            r.shuffle(lifts)
            for a in lifts:
                acts += [["wait", r.randint(100, 400)], a]
        return acts + self.after_move.pop(k, [])

    def count(self, dead_acts, end_wait):
        """The dead stones lifted (`dead_acts`: waits and lifts) before end,
        pressed `end_wait` ms after: with a drift under a dead stone while it
        still sits there, or a heavy noise burst while they are lifted and end
        pressed soon after. Returns (actions, end_wait)."""
        r = self.rng
        kinds = self.at.get(len(self.facts), "").split("+")
        acts = list(dead_acts)
        lifts = [a for a in acts if a[0] == "lift"]
        if not lifts:
            return acts, end_wait
        if "count-noise" in kinds:
            first = acts.index(lifts[0])
            busy = sum(a[1] for a in acts[first:] if a[0] == "wait") + 300 * len(lifts)
            ms = busy + r.randint(0, 1500)
            acts = acts[:first] + [self._marker("count-noise", ms),
                                   ["noise", ms, NOISE_AT_COUNT]] + acts[first:]
            end_wait = r.randint(100, 300)
        if "count-drift" in kinds:
            q = r.choice(lifts)[1]
            ms = r.randint(2000, 8000)
            counts = r.randint(60, 300) * r.choice((1, -1))
            acts = [self._marker("count-drift", ms + 1000, 0, q), ["drift", q, counts, ms],
                    ["wait", ms + r.randint(200, 1000)]] + acts
        return acts, end_wait
