"""After a restart: the game rebuilt from the log's events (imported only then).

A power cut can tear the record being written, so the log may end one event
early. What the board itself shows (a torn move's stone) is caught up from the
frame (goban.referee.catchup); what follows from the logged events alone is
emitted again here for the log: the `end` of a game the replay finds over, the
`capture-pending` of a last move whose stones wait, the `count` once the dead
stones were logged (with the players' seki marks logged beside them), a pass
stone the last logged bowls reading shows. A logged event the replay refuses
(a log that is not this referee's) stops the replay there: the game is the good
prefix and `replay_refused` says where. The sensors' baselines logged
(`baseline`) are taken again as they were.
"""

from goban import rules as R
from goban.game import PASS
from goban.board import BLACK, WHITE, EMPTY, BOTH
from goban.referee.phase import SETUP, PLAY, DEAD, OVER, FILL
from goban.referee.words import LETTER, COLOR, NAMES, TITLES
from goban.referee import bowlwatch, fill, scoring, timing
from goban.players import FIELDS as GAME_FIELDS


def resume(ref, events):
    """Rebuild ref's game from the events of the current game (in order). The
    board is then checked against it at the next frame. Returns the game."""
    g = None
    phase = SETUP
    dead = None
    seki = None               # the players' seki marks logged with the dead stones
    bowls = None
    offs = None                   # the lids' offsets since that event ([B, W]), if changed
    checked = False
    ended = counted = False
    result = None             # the logged count's result (RE), shown again
    cap_logged = True         # the last move's capture-pending is in the log
    undone = None             # the undo event, while it is the game's last change
    ref.replay_refused = None
    ev = None
    for ev in events:
        t = ev.get("type")
        if t in ("game-start", "move", "pass", "abandon", "resign", "play-on"):
            undone = None
        code = None
        if bowls is not None and t != "bowls" and ("offB" in ev or "offW" in ev):
            # a lid's count changed since that event (a prisoner said missing,
            # a fix's stones: bowlwatch): its offset, newer than the event's
            if offs is None:
                offs = [bowls.get("offB", 0), bowls.get("offW", 0)]
            offs[0] = ev.get("offB", offs[0])
            offs[1] = ev.get("offW", offs[1])
        if t == "game-start":
            r = R.get(ev.get("rules") or "chinese")
            if ev.get("komi") is not None:
                r = r.copy(komi=ev["komi"])
            g = ref.fresh_game(r, ev.get("size") or ref.size)
            setup = ev.get("setup") or {}
            b = g.board
            black = [b.from_sgf(s) for s in setup.get("B", ())]
            white = [b.from_sgf(s) for s in setup.get("W", ())]
            first = ev.get("first")
            g.setup(black, white, COLOR[first] if first else None)
            g.handicap = ev.get("handicap") or 0
            ref.info = ev
            phase = SETUP
            dead = None
            ended = counted = False
        elif g is None:
            continue
        elif t == "move":
            code = g.play(COLOR[ev["color"]], g.board.from_sgf(ev["point"]))
            cap_logged = not g.last_removed
            phase = PLAY
        elif t == "capture-pending":
            cap_logged = True
        elif t == "correct":
            # the last move again where its stone came to rest (goban.referee.moves.correct),
            # or an earlier one where it was (goban.referee.amend)
            c = COLOR[ev["color"]]
            k = ev.get("number")
            code = "not-your-turn" if not isinstance(k, int) or not 0 < k <= g.n \
                or g.color_of(k) != c else None
            if code is None and k < g.n:
                from goban.referee.amend import amend
                code = None if amend(g, k, g.board.from_sgf(ev["point"])) else "illegal"
            elif code is None:
                g.undo()
                code = g.play(c, g.board.from_sgf(ev["point"]))
                cap_logged = not g.last_removed
        elif t == "pass":
            c = COLOR[ev["color"]]
            code = g.pass_stone(c) if ev.get("stone") else g._pass(c, PASS)
            phase = PLAY
        elif t == "abandon":
            code = g.abandon(COLOR[ev["color"]])
            phase = PLAY
        elif t == "undo":
            code = None if g.undo() else "no-takeback"
            undone = ev
            cap_logged = True
            dead = None
            ended = counted = False
            phase = PLAY
        elif t == "play-on":
            # a mistaken end taken back, or play resumed after a dispute
            g.play_on(COLOR[ev["to_move"]] if ev.get("dispute") else 0)
            ended = counted = False
            dead = None
            phase = PLAY
        elif t == "resign":
            code = g.resign(COLOR[ev["color"]])
        elif t == "end":
            ended = True
            if ev.get("reason") == "agreement":
                g.agree_end()
            elif ev.get("reason") == timing.END_TIME:
                timing.lost_on_time(g, COLOR[ev["winner"]])
        elif t == "players":
            ref.info = dict(ref.info)
            for k in GAME_FIELDS:
                if k in ev:
                    ref.info[k] = ev[k]
        elif t == "dead":
            dead = list(ev.get("points") or ())
            seki = ev.get("seki")
            for c, pts in (ev.get("found") or {}).items():
                # stones the board never saw, on the players' word (goban.referee.scoring)
                for s in pts:
                    g.board.set_stone(g.board.from_sgf(s), COLOR[c])
        elif t == "count":
            counted = True
            result = ev.get("result")
            phase = OVER
        elif t == "bowls":
            bowls = ev
            offs = None
        elif t == "baseline":
            # a drift followed before the cut (goban.calibration): from where it
            # was logged, not from flash, or the point reads as a stone now
            b = ev.get("base")
            if ref.rebase_sensor is not None and isinstance(b, int) and 0 <= b < 4096:
                ref.rebase_sensor(ref.i_of(g.board.from_sgf(ev["point"])), b)
        elif t == "setup-check":
            checked = True
        elif t == "ready":
            phase = PLAY
        elif t == "setup":              # free placement: the stones black put down
            code = "not-your-turn" if g.n or g.setup_black else None
            if code is None:
                g.setup([g.board.from_sgf(s) for s in ev.get("B") or ()],
                        [g.board.from_sgf(s) for s in ev.get("W") or ()], WHITE)
        if code:
            ref.replay_refused = {"seq": ev.get("seq"), "type": t, "code": code}
            break
        ref.clock.replay(ev)
    if g is None:
        ref.game = None
        ref.enter(OVER)
        return None
    ref.game = g
    timing.resumed(ref)
    if phase != OVER:
        if g.over:
            phase = OVER if g.end in ("resign", "void", timing.END_TIME) \
                or not g.rules.dead_agreement else DEAD
        elif phase == SETUP and g.n:
            phase = PLAY
    ref.reset_phase(phase)
    if phase == SETUP:
        from goban.referee.setup import unplaced
        unplaced(ref)
    ref.resumed = True
    ref.presses.looked = False
    ref.presses.held = []
    if bowls is not None:   # the bowls as last logged: no event unless they changed
        _scales(ref, bowls, bowls is ev, offs)
    else:
        ref.scales.checked = checked
    if phase == OVER:
        _show_over(ref, g, result)
    else:
        ref.show("Resumed: move %d" % g.n, NAMES[g.to_move()] + " to play")
    bad = ref.replay_refused
    if bad:
        ref.refuse("log-refused", None, n=bad["seq"], q=bad["type"], l=bad["code"])
    if phase == PLAY:
        # a capture may still be waiting to be lifted
        caps = g.last_capture()
        for p in caps:
            ref.tol[ref.i_of(p)] = BLACK if g.color_of(g.n) == WHITE else WHITE
        if undone is not None and undone.get("point"):
            # a takeback may be half done: the stone not yet lifted, the
            # captures not yet back (as after the undo press itself)
            ref.tol[ref.i_of(g.board.from_sgf(undone["point"]))] = COLOR[undone["color"]]
            for q in undone.get("restored") or ():
                ref.tol[ref.i_of(g.board.from_sgf(q))] = EMPTY
            ref.pending = "undo"
        elif caps:
            ref.pending = "resume"
            if not cap_logged:
                ref.emit({"type": "capture-pending",
                          "color": LETTER[ref.tol[ref.i_of(caps[0])]],
                          "points": [g.board.sgf(p) for p in caps]})
    # a pass stone the logged bowls show and the log lacks (its record was
    # torn) is the first look's: it finds the stone in the lid (goban.referee.play)
    if g.over and not ended:
        ev = {"type": "end", "reason": g.end}
        if g.end in ("resign", timing.END_TIME):
            ev["winner"] = LETTER[g.winner]
        ref.emit(ev)
    if g.over and not counted and g.end not in ("resign", timing.END_TIME):
        if g.end == "void":
            ref.enter(OVER)
            ref.emit({"type": "count", "result": "Void", "winner": "void", "margin": 0,
                      "unit": g.rules.unit, "breakdown": {}})
        elif dead is not None or not g.rules.dead_agreement:
            # the count was asked for (its dead stones are logged): count
            # now, or under Ing with white's bowl weighed, fill first
            ref.dead = [ref.i_of(g.board.from_sgf(s)) for s in (dead or ())]
            if seki:
                from goban.referee.seki import restore
                restore(ref, seki)
            if dead is not None and fill.fills(ref):
                ref.enter(FILL)
                fill.show(ref)
            else:
                scoring.count(ref, log_dead=dead is None, now=True)
    return g


def _show_over(ref, g, result):
    """A game already over shows its result again after a restart, as it did
    when it ended (not a 'to play' prompt nobody can follow)."""
    w = g.winner
    if g.end == "resign" and w in BOTH:
        ref.show(TITLES[BLACK if w == WHITE else WHITE] + " resigns", LETTER[w] + "+R")
    elif g.end == timing.END_TIME and w in BOTH:
        ref.show(TITLES[BLACK if w == WHITE else WHITE] + ": time", LETTER[w] + "+T")
    elif g.end == "void":
        ref.show("No result", "void")
    elif result is not None:
        ref.show("Result " + str(result), "game over")
    else:
        ref.show("Game over", "move %d" % g.n)


def _scales(ref, logged, last, offs):
    """The scales as a resume finds them in the log's last `bowls` event: no
    event unless they change; the stones out counted from the start counts.
    Its counts are now's only if it is the log's `last` event; else the scales
    are weighed afresh (the stones out then counted from the start); a lid's
    offset an event since says (`offs`: a prisoner said missing, a fix) is the
    newer. The log keeps a `bowls` event only when a start or an offset changes:
    a lid's gain since that one, read as stones arriving now, made every
    prisoner of the game arrive at once after a restart (at the count, where
    the lids say which doubtful stones were lifted: seed 434437 game 223), and
    a bowl not settled yet was shown full (180) in the first event after one."""
    sc = ref.scales
    # (a lid the log weighed, not read since: -2, a pass stone may be in it:
    # play._pass_may_come)
    sc.seen = [logged.get("B", -1), logged.get("W", -1), logged.get("lidB", -1),
               logged.get("lidW", -1)] if last else \
        [-1, -1, -2 if logged.get("lidB", -1) >= 0 else -1,
         -2 if logged.get("lidW", -1) >= 0 else -1]
    sc.start = list(logged.get("start") or [-1, -1])
    for c in BOTH:
        k = c - 1
        if sc.start[k] >= 0 and sc.seen[k] >= 0:
            sc.out[c] = sc.start[k] - sc.seen[k]
        sc.lid_off[c] = offs[k] if offs else logged.get(bowlwatch.OFF_KEY[c], 0)
        sc.into[c] = sc.seen[1 + c] + sc.lid_off[c] if sc.seen[1 + c] >= 0 else 0   # (c's lid: reading 1 + c)
    sc.checked = True
