"""The simulator's input: a physical script, or an SGF game played by hands
(`sgf_script`), read by `load_input` for `goboard sim` and `goboard demo`.

A physical script is one action per line:
    place B dd [fix] | slip B dd [bowl|lid|none] | drop B dd | lift dd [lid|bowl|wrong-lid|floor] | slide dd de [ms] |
    nudge dd de [ms] | hover W cc 300 | knock dd | take B | lay B dd | restore W dd |
    pass-stone B [ms] | wait 500 [pt] | button B pass|abandon|end|resign|undo|ok|clock [slip] |
    bowl B -1 | lid W +1 | power-cut [ms] | dead dd | flicker dd 2000 [B|W] |
    drift dd 200 [ms] | stuck dd | noise 2000 [counts] | two B dd W pp [ms] |
    fault knock [ms] [moves] | mistake roll [ms] [moves] [dd] |
    overlap place B dd | 60 lift cc wrong-lid | seq lift cc bowl ; wait 300 ; restore W bb
(`#` starts a comment). place ... fix: a stone put back, not a move. slip: a
stone put down by mistake, never a move (from its bowl; from the lid: a
prisoner put back; none: found lying there): the players take it off when the
board names it, or any stone of its colour while it stands. button ... slip: a
press by mistake (and the one that sets it right), not in the players' game.
drop: a stone that did not come from its bowl. lift: a
stone to the lid of the side that took it (default), its own bowl, the wrong
lid, or the floor. take: a stone out of its bowl into the hand (the next place
of that colour puts it down). lay: a stone found lying on the point (left from
the last game: no hand brings it). restore: a prisoner out of the lid back onto its
point. wait ms pt: only while a stone is on pt (a hand pausing before it lifts
that stone). pass-stone: out of the bowl, carried ms (default 600), into the other
lid: a pass the players' game knows. power-cut ms: the board stays off ms
while the next actions go on. overlap: several hands at once, each part
starting the given ms after the first (world actions only). seq: one person's
actions in a row, the players look at the board only after the last. mistake:
a mistake of simfaults.MISTAKES starts here (a marker, like fault). flicker:
the sensor reads around its black (or white) threshold for ms, then steadies; drift: its baseline walks by the signed counts
over ms (default 5000) and stays; stuck: it reads the rail; noise: a burst of
electrical noise of about ±counts (default 40) on every point for ms. These
start at once and the script goes on. two: fast play, the second hand touches
its point ms (default 40) after the first stone touched, before it is let go.
fault: a fault of the catalogue starts here (only marks it: the players time
the recovery from it, over ms later or once `moves` moves are let go).

An SGF is played by players who behave like people (tools/sim/players.py; a
script with --players): they answer the board's illegal announcements with the
fix it names, and play stops when the game is stuck. `--tempo MS` is the time
from one stone let go to the next hand starting to move (±50%; 0: back to back,
two stones can land in one quiet window; default 120-400 ms); `--faults N` puts
N faults of the catalogue (goboard.sim.faults) into the game and `--mistakes N`
N of the players' mistakes (simfaults.MISTAKES, each where the record allows
it), seeded by --seed; `--fault-kinds` chooses among both (a catalogue the list
names nothing of is drawn whole).
"""

import random
from pathlib import Path

from goban import rules as R
from goban.rules import bowl_stones
from goban.game import Game, handicap_points
from goban.board import WHITE
from goboard.sim import faults as simfaults
from goboard.errors import UserError
from goboard.record.sgfgame import markup_dead

LETTERS = "abcdefghijklmnopqrstuvwxy"

VERBS = {
    # verb: argument kinds (c colour, p point, i integer, s signed int, n button name,
    # k fault kind, m mistake kind, d where a lifted stone goes, f where a slip comes
    # from, r a place's role, x a press by mistake; after ? optional)
    "place": "cp?r", "slip": "cp?f", "drop": "cp", "lift": "p?d", "slide": "pp?i", "nudge": "pp?i", "hover": "cpi",
    "knock": "p", "take": "c", "lay": "cp", "restore": "cp", "pass-stone": "c?i",
    "wait": "i?p", "button": "cn?x", "bowl": "cs", "lid": "cs", "power-cut": "?i", "dead": "p",
    "flicker": "pi?c", "drift": "ps?i", "stuck": "p", "noise": "i?i", "two": "cpcp?i",
    "fault": "k?ii", "mistake": "m?iip", "overlap": None, "seq": None,
}
BUTTONS = ("pass", "abandon", "end", "resign", "undo", "ok", "up", "down", "clock")
DESTS = ("lid", "bowl", "wrong-lid", "floor")
WORDS = {"k": ("fault", simfaults.CATALOGUE), "m": ("mistake", simfaults.MISTAKES),
         "n": ("button", BUTTONS), "d": ("place for a stone", DESTS),
         "f": ("place a slip comes from", ("bowl", "lid", "none")),
         "r": ("role", ("move", "fix")), "x": ("press", ("slip",))}
HANDS = ("place", "slip", "drop", "lift", "slide", "nudge", "hover", "knock", "take", "restore",
         "pass-stone", "wait")      # what a hand does: the parts of an overlap


# --- the physical script --------------------------------------------------------------
def _point(tok, size, where):
    if len(tok) != 2 or tok[0] not in LETTERS[:size] or tok[1] not in LETTERS[:size]:
        raise UserError("%s: %r is not a point of a %dx%d board" % (where, tok, size, size))
    return tok


def parse_script(text, size, name="script"):
    """Physical script text -> actions ([verb, args...]); UserError names the bad line."""
    actions = []
    for n, line in enumerate(text.splitlines(), 1):
        line = line.split("#", 1)[0].strip()
        if not line:
            continue
        where = "%s line %d" % (name, n)
        toks = line.split()
        if toks[0].lower() == "overlap":
            actions.append(_overlap(line[len(toks[0]):], size, where))
        elif toks[0].lower() == "seq":
            actions.append(_seq(line[len(toks[0]):], size, where))
        else:
            actions.append(_action(toks, size, where))
    return actions


def _overlap(text, size, where):
    """overlap VERB ARGS | MS VERB ARGS ...: ["overlap", [[0, action], [ms, action]...]]."""
    parts = []
    for j, part in enumerate(text.split("|")):
        toks = part.split()
        ms = 0
        if j and toks and toks[0].isdigit():
            ms = int(toks.pop(0))
        if not toks:
            raise UserError("%s: overlap takes actions separated by |, part %d is empty"
                            % (where, j + 1))
        if toks[0].lower() not in HANDS:
            raise UserError("%s: overlap takes what a hand does (%s), not %r"
                            % (where, ", ".join(HANDS), toks[0]))
        parts.append([ms, _action(toks, size, where)])
    if len(parts) < 2:
        raise UserError("%s: overlap takes two actions or more, separated by |" % where)
    return ["overlap", parts]


def _seq(text, size, where):
    """seq VERB ARGS ; VERB ARGS ...: ["seq", [action...]]: one person's
    actions in a row, with no look at the board between."""
    parts = []
    for j, part in enumerate(text.split(";")):
        toks = part.split()
        if not toks or toks[0].lower() in ("seq", "overlap"):
            raise UserError("%s: seq takes actions separated by ;, part %d is %s"
                            % (where, j + 1, "empty" if not toks else toks[0]))
        parts.append(_action(toks, size, where))
    return ["seq", parts]


def _action(toks, size, where):
    verb = toks[0].lower()
    if verb not in VERBS:
        raise UserError("%s: unknown action %r (known: %s)" % (where, toks[0], ", ".join(VERBS)))
    kinds = VERBS[verb]
    optional = kinds.find("?")
    need = kinds.replace("?", "")
    lo = optional if optional >= 0 else len(need)
    args = toks[1:]
    if not lo <= len(args) <= len(need):
        many = "%d" % lo if lo == len(need) else "%d to %d" % (lo, len(need))
        raise UserError("%s: %s takes %s argument(s), got %d" % (where, verb, many, len(args)))
    out = [verb]
    for k, a in zip(need, args):
        if k == "c":
            if a.upper() not in ("B", "W"):
                raise UserError("%s: colour must be B or W, got %r" % (where, a))
            out.append(a.upper())
        elif k == "p":
            out.append(_point(a.lower(), size, where))
        elif k in "is":
            try:
                v = int(a)
            except ValueError:
                raise UserError("%s: %r is not a number" % (where, a))
            if k == "i" and not 0 <= v <= 600000:
                raise UserError("%s: %r is out of range" % (where, a))
            out.append(v)
        else:
            what, known = WORDS[k]
            if a.lower() not in known:
                raise UserError("%s: unknown %s %r (known: %s)" % (where, what, a, ", ".join(known)))
            out.append(a.lower())
    return out


# --- an SGF played by hands -----------------------------------------------------------------
def sgf_script(record, seed, noise, sg=None, tempo=None, faults=0, kinds=simfaults.CATALOGUE,
               mistakes=0):
    """The SGF's moves as physical actions with seeded hand noise. When play
    ended and the SGF marks dead stones (`sg`, see sgfgame.markup_dead), the
    hands lift them before the end button asks for the count. `tempo`,
    `faults` and `mistakes` (see the module docstring; `kinds` holds both
    catalogues' kinds to draw from) draw from streams of their own, so the
    hands' noise is the same with and without them."""
    rng = random.Random(seed)
    frng = random.Random(seed * 1000003 + 17)
    fkinds = tuple(k for k in kinds if k in simfaults.CATALOGUE)
    at = simfaults.plan(len(record["moves"]), faults, frng, fkinds) if faults and fkinds else {}
    broken = []                # points whose sensor a fault touched
    size = record["size"]
    rules = R.get(record["rules"])
    mk = None
    if mistakes:
        facts, dead_end, over = simfaults.record_facts(record, rules, sg)
        mrng = random.Random(seed * 1000033 + 29)
        mkinds = [k for k in kinds if k in simfaults.MISTAKES] or simfaults.MISTAKES
        mat = simfaults.plan_mistakes(mistakes, mrng, mkinds, facts, rules, dead_end, over,
                                      taken=list(at))
        mk = simfaults.Mistakes(mat, mrng, facts)
        if mk.clock:
            record["clock"] = mk.clock       # the game's clock, unless one is given (job_game)
    game = Game(rules, size, capacity=max(64, len(record["moves"]) + 8))
    b = game.board
    color = {"B": 1, "W": 2}
    acts = [["wait", 300]]
    if mk is not None:
        acts = mk.start() + acts
    lids = {"B": 0, "W": 0}    # stones in each lid (lidW holds black ones), for Ing's fill
    setup_b = record["setup"].get("B", [])
    for s in setup_b:
        acts.append(["place", "B", s])
        acts.append(["wait", rng.randint(50, 200)])
    if setup_b:
        game.setup([b.from_sgf(s) for s in setup_b], [], 2)
    if record["setup"].get("W"):
        raise UserError("SGF: white setup stones cannot be set up at the board")
    p_hover = (0.0, 0.15, 0.3, 0.5)[noise]
    p_nudge = (0.0, 0.1, 0.2, 0.35)[noise]
    closing = _closing_passes(record["moves"])
    for k, mv in enumerate(record["moves"]):
        c, pt = mv[0], mv[1]
        kind = mv[2] if len(mv) > 2 else None
        if k >= closing and rules.end == R.END_TWO_ABANDONS:
            kind = "abandon"       # 计活子 ends play by abandons, not pass stones
        think = rng.randint(120, 400)
        if tempo is not None:
            think = frng.randint(tempo // 2, tempo + tempo // 2) if tempo > 0 else 0
        pre, with_move = [], False
        if k in at:
            future = [m[1] for m in record["moves"][k:]]
            # a sleeve slides or knocks an older stone: the last one, moved before
            # the answer, is that move where it comes to rest (the referee's `correct`)
            last = [record["moves"][k - 1][1]] if k and record["moves"][k - 1][1] else []
            pre, with_move = simfaults.actions(at[k], frng, b, color[c], pt, future,
                                               broken + last)
            broken += [a[1] for a in pre if a[0] in simfaults.SENSOR]
        caps = []
        if mk is not None:
            acts += mk.before(k, c)
            think = mk.think(k, think)
        if think and at.get(k) != "two-stones":
            acts.append(["wait", think])   # (a knock or slide with the move: after it)
        acts += pre
        merge = k > 0 and at.get(k) == "two-stones" and acts[-2][0] == "place" \
            and len(acts[-2]) == 3
        if kind == "abandon":
            acts.append(["button", c, "abandon"])
            code = game.abandon(color[c])
        elif not pt:
            code = _pass_by_hand(acts, game, rules, c, lids)
        else:
            try:
                p = b.from_sgf(pt)
            except ValueError:  # an SGF move off the board (B[zz] on 9x9)
                raise UserError("SGF: move %d (%s %s) is off the %dx%d board"
                                % (k + 1, c, pt, size, size))
            if rng.random() < p_hover:
                near = _empty_neighbour(b, p, rng)
                if near is not None:
                    hover = ["hover", c, b.sgf(near), rng.randint(100, 400)]
                    if not with_move:   # a hand busy with a fault comes straight down
                        acts.append(hover)
            if merge:
                # two stones in one window: this stone comes down while the last
                # one is still held (the marker goes before both)
                marker, last = acts.pop(), acts.pop()
                marker[3] = 2
                acts += [marker, ["two", last[1], last[2], c, pt, frng.randint(0, 80)]]
            elif mk is not None:
                acts += mk.place(k, c, pt, [["place", c, pt]])
            else:
                acts.append(["place", c, pt])
            code = game.play(color[c], p)
            if code is None:
                caps = [b.sgf(q) for q in game.last_capture()]
                lids[c] += len(caps)       # the opponent's stones, into the mover's lid
                rng.shuffle(caps)
                lifting = []
                if caps:
                    lifting.append(["wait", rng.randint(150, 300)])
                for q in caps:
                    lifting.append(["lift", q])
                    if rng.random() < 0.5:
                        lifting.append(["wait", rng.randint(10, 200)])
                acts += mk.lifts(k, c, lifting) if mk is not None else lifting
                if rng.random() < p_nudge:
                    near = _empty_neighbour(b, p, rng)
                    if near is not None:
                        acts.append(["wait", rng.randint(150, 300)])
                        acts.append(["nudge", pt, b.sgf(near), rng.randint(40, 90)])
        if mk is not None and not code:
            acts += mk.after(k, c, pt, caps)
        if code in ("occupied", "off-board"):
            # no hand can put a stone there: the record itself is broken
            raise UserError("SGF: move %d (%s %s) is illegal under %s: %s"
                            % (k + 1, c, pt or "pass", rules.id, code))
        if code:
            # played at the board like any illegal move: the referee names it,
            # the hand takes the stone back off; the rest of the record cannot
            # be played on a board that refused this move, so play stops here
            if pt:
                acts += [["wait", 400], ["lift", pt], ["wait", 400]]
            record["stopped"] = {"move": k + 1, "color": c, "point": pt, "code": code}
            return acts
    res = record.get("result") or ""
    closed = 0
    while closing < len(record["moves"]) and not game.over and closed < 4 \
            and "+R" not in res.upper():
        # the players stopped by passing, but these rules end play later (AGA:
        # white passes last; Ing: four passes; Tang-Song: as many moves each):
        # they pass on until play ends, as they would at a real board
        c = "B" if game.to_move() == 1 else "W"
        acts.append(["wait", rng.randint(120, 400)])
        if _pass_by_hand(acts, game, rules, c, lids):
            break
        closed += 1
    record["closing_passes"] = closed
    if "+R" in res.upper():
        loser = "W" if res.upper().startswith("B") else "B"
        acts += [["wait", 400], ["button", loser, "resign"]]
    elif game.over:
        dead = markup_dead(sg, b) if sg is not None else []
        lifting = []
        for q in dead:
            lifting += [["wait", rng.randint(150, 400)], ["lift", q]]
            lids["W" if b.cells[b.from_sgf(q)] == 1 else "B"] += 1
        end_wait = 400
        if mk is not None:
            lifting, end_wait = mk.count(lifting, end_wait)
        acts += lifting + [["wait", end_wait], ["button", "B", "end"]]
        if rules.scoring == R.SCORE_ING:
            acts += _ing_fill(game, dead, lids, rng)
    return acts


def _ing_fill(game, dead, lids, rng):
    """Ing's count by the hands (every simulated board weighs white's bowl): the
    prisoners, dead stones and pass stones go back to their owners' bowls, white
    fills its territory from its bowl, then end: the board counts white's bowl."""
    from array import array
    from goban.regions import Regions
    b = game.board
    acts = [["wait", 600]]
    for lid, bowl in (("W", "B"), ("B", "W")):
        if lids[lid]:
            acts += [["lid", lid, -lids[lid]], ["bowl", bowl, lids[lid]], ["wait", 300]]
    rg = Regions(b.size)
    rg.load(b.cells)
    rg.take_off(b.cells, array("i", [b.from_sgf(q) for q in dead]))
    rg.run()
    # what white's bowl holds now: it fills no more (the rest stays empty)
    bowl = bowl_stones(b.size, game.rules) + lids["B"] - game.stones_from_bowl(WHITE)
    for p in sorted(rg.region_points(2))[:max(0, bowl)]:
        acts += [["place", "W", b.sgf(p)], ["wait", rng.randint(40, 120)]]
    # end once the bowl rings no more (a stone taken rings it up to 2 s)
    return acts + [["wait", 2500], ["button", "W", "end"], ["wait", 2500]]


def _closing_passes(moves):
    """Where the record's closing passes start (two or more in a row at its end:
    the players agreed to stop), or len(moves)."""
    k = len(moves)
    while k > 0 and not moves[k - 1][1] and not (len(moves[k - 1]) > 2 and moves[k - 1][2]):
        k -= 1
    return k if len(moves) - k >= 2 else len(moves)


def _pass_by_hand(acts, game, rules, c, lids):
    """A pass at the board: a stone handed over (into the opponent's lid) where
    the rules use pass stones, else the pass button. Returns the core's refusal,
    or None."""
    if rules.uses_pass_stones:
        lid = "W" if c == "B" else "B"
        acts += [["bowl", c, -1], ["wait", 600], ["lid", lid, 1, "pass"], ["wait", 600]]
        lids[lid] += 1
    else:
        acts.append(["button", c, "pass"])
    return game.pass_move(1 if c == "B" else 2)


def _empty_neighbour(b, p, rng):
    W = b.W
    cand = [q for q in (p - 1, p + 1, p - W, p + W) if b.on_board(q) and b.cells[q] == 0]
    return rng.choice(cand) if cand else None


def _handicap_setup(record, handicap=None):
    """Black's setup stones are the handicap the board is set up with: the SGF's
    AB (free placement) or, for a handicap without AB (HA, or --handicap), the
    traditional points. They go to the firmware too, so both agree."""
    ab = record["setup"]["B"]
    if handicap is not None:
        if ab and handicap != len(ab):
            raise UserError("--handicap %d disagrees with the SGF's %d black setup stones"
                            % (handicap, len(ab)))
        record["handicap"] = handicap
    if not ab and record["handicap"] >= 2:
        size = record["size"]
        try:
            pts = handicap_points(size, record["handicap"])
        except ValueError as e:
            raise UserError("SGF: %s" % e)
        record["setup"]["B"] = [LETTERS[p % (size + 1)] + LETTERS[p // (size + 1) - 1]
                                for p in pts]
    elif ab:
        record["handicap"] = len(ab) if len(ab) >= 2 else record["handicap"]


def load_input(path, args, rules_first=False):
    """(record or None, actions, size). `rules_first`: a record whose first move
    is black's, played under rules where white moves first (living stones,
    Tang-Song, Ming-Qing), is played with its colours swapped (record["swapped"])
    so the same game can be shown under them."""
    try:
        data = Path(path).read_bytes()
    except OSError as e:
        raise UserError("cannot read %s: %s" % (path, e.strerror or e))
    if data.lstrip()[:1] == b"(" or Path(path).suffix.lower() == ".sgf":
        # a file named .sgf is an SGF game, never a script (an empty or garbled one is refused)
        from goboard.record.sgfgame import read_sgf, record_from_sgf
        sg = read_sgf(data)
        record = record_from_sgf(sg, args.rules, args.komi, path)
        try:
            record["result"] = str(sg.get_root().get("RE")) if sg.get_root().has_property("RE") else ""
        except ValueError:
            record["result"] = ""
        _handicap_setup(record, args.handicap)
        record["swapped"] = False
        if rules_first and record["moves"] and record["moves"][0][0] == "B" \
                and not record["setup"].get("B") and not record["setup"].get("W") \
                and R.get(record["rules"]).first == WHITE:
            other = {"B": "W", "W": "B"}
            record["moves"] = [[other[m[0]]] + list(m[1:]) for m in record["moves"]]
            record["swapped"] = True
        kinds = _fault_kinds(getattr(args, "fault_kinds", None))
        faults = getattr(args, "faults", 0) or 0
        mistakes = getattr(args, "mistakes", 0) or 0
        tempo = getattr(args, "tempo", None)
        if faults < 0 or mistakes < 0 or (tempo is not None and not 0 <= tempo <= 600000):
            raise UserError("--faults, --mistakes and --tempo take a number from 0 "
                            "(--tempo up to 600000 ms)")
        return record, sgf_script(record, args.seed, args.noise, sg, tempo, faults, kinds,
                                  mistakes), record["size"]
    if getattr(args, "faults", 0) or getattr(args, "mistakes", 0) \
            or getattr(args, "tempo", None) is not None:
        raise UserError("--tempo, --faults and --mistakes play an SGF game; %s is a script" % path)
    try:
        text = data.decode()
    except UnicodeDecodeError:
        raise UserError("%s is neither an SGF game nor a text script" % path)
    size = args.size or 19
    actions = parse_script(text, size, path)
    if not actions:
        raise UserError("%s holds no actions: neither an SGF game nor a physical script" % path)
    return None, actions, size


def _fault_kinds(text):
    """--fault-kinds: the faults and mistakes to draw from (each catalogue
    whole when the list names none of it)."""
    if not text:
        return simfaults.KINDS
    kinds = tuple(k.strip() for k in text.split(",") if k.strip())
    bad = [k for k in kinds if k not in simfaults.KINDS]
    if bad or not kinds:
        raise UserError("--fault-kinds: unknown %s (known: %s)"
                        % (", ".join(bad) or "nothing", ", ".join(simfaults.KINDS)))
    if not any(k in simfaults.CATALOGUE for k in kinds):
        kinds += simfaults.CATALOGUE
    return kinds
