"""The clock at the board: the referee's side of goban.clock.

The referee owns one Clock (`ref.clock`, made at boot; its spec None while the
game has none). It follows the referee's events as they are made (`follow`,
called by `RefState.emit`): the game-start's spec sets it, `ready` starts the
side to move, a `move`/`pass`/`abandon` stops the mover's time (a move's at the
time its stone landed: goban.settle's stamp, `ref.ticks_of`) and starts the
opponent's, except that a capture's move ends when its last prisoner is off
the board (`lifted`: a `lifted` event, then the clock's), an `illegal` with a
point pauses it until `restored` (unless the spec says run-on-illegal), the end
of play stops it. Its own `clock` event goes into the referee's events right
after the one that caused it, so the log, the link and the host see them in
that order. A flag that falls in any charge ends the game at the next step
(`step`), after the referee's work on the event that charged it.

`step(ref, now)` runs every scan: it charges the thinker (allocation-free, see
Clock.step), and only when something is due makes an event: a tick every
TICK_MS, or a flag, and then the game ends on time (`end` {reason: "time",
winner}, the result `B+T`/`W+T`: no count follows). It also marks the display
for a redraw when the running side's shown second changes (`lines` puts the
clock on the display's lower half while the board shows the plain turn prompt).

`press` takes the clock buttons (`clock`, `B:clock`, `W:clock`: the press
option); `host` the host's set/pause/correct request; after a power cut
goban.referee.resume feeds the logged events to Clock.replay and calls `resumed`; `penalty`
brings Ing's penalty points into the count (goban.referee.scoring).
"""

from goban.board import BLACK, WHITE
from goban.clock import P_HOST, parse
from goban import players
from goban.referee.phase import PLAY, OVER
from goban.referee.words import LETTER, TITLES

END_TIME = "time"    # goban.game's end of play when a clock flag fell


def _add(ref, ev):
    """The clock's own event, after the one that caused it (not through emit:
    the clock does not follow itself)."""
    if ev is not None:
        ref.events.append(ev)
        ref.ui_dirty = True


def follow(ref, ev):
    """One referee event as it is made: the clock's event after it, if any
    (a move charged at the time its stone landed)."""
    k = ref.clock
    if k.spec is None and ev["type"] != "game-start":
        return
    at = landed(ref, ref.move_stamp) if ev["type"] == "move" else None
    _add(ref, k.on_event(ev, ref.now, at))


def landed(ref, stamp):
    """The loop's ticks of a frame stamp (goban.settle's `since`), or None."""
    return ref.ticks_of(stamp) if ref.ticks_of is not None and stamp > 0 else None


def lifted(ref, color, points, n):
    """The last prisoner of `color`'s capture is off the board (the first n of
    `points`: the capture's frame points, whose stamps say when): while the
    clock waits for it, a `lifted` event and the clock's (the opponent's time
    starts then). Nothing when no clock waits for that lift."""
    k = ref.clock
    if k.spec is None or k.lifting() != color:
        return
    since = ref.since
    last = 0
    if since is not None:
        for j in range(n):
            i = points[j]
            if since[i] > last:
                last = since[i]
    ev = {"type": "lifted", "color": LETTER[color], "number": ref.game.n}
    _add(ref, ev)
    _add(ref, k.on_event(ev, ref.now, landed(ref, last)))


def step(ref, now):
    """Every scan: charge the thinker; a tick or a flag when due. Allocates
    nothing unless an event is due or the shown second changed (then only
    a flag is set)."""
    k = ref.clock
    if k.spec is None:
        return
    ev = k.step(now)
    if ev is not None:
        _add(ref, ev)
    if k.flagged() and ref.phase != OVER:
        time_out(ref)             # (a flag from the step, or from a move's or a pause's charge)
    s = k.shown()
    if s != ref.shown:
        ref.shown = s
        ref.ui_dirty = True


def time_out(ref):
    """The flag fell: the game ends, the side whose time ran out loses."""
    g = ref.game
    loser = ref.clock.flagged()
    if g is None or g.over or ref.phase == OVER:
        return
    winner = WHITE if loser == BLACK else BLACK
    lost_on_time(g, winner)
    ref.emit({"type": "end", "reason": END_TIME, "winner": LETTER[winner]})
    ref.enter(OVER)
    ref.show(TITLES[loser] + ": time", LETTER[winner] + "+T")


def lost_on_time(g, winner):
    """Mark the game over on time (also when a resume reads the logged end)."""
    g.over = True
    g.end = END_TIME
    g.winner = winner


def press(ref, name):
    """A clock button ("clock", "B:clock", "W:clock"); False for any other
    button. Without the press option, or with nobody waiting, it does nothing."""
    if name != "clock" and name[-6:] != ":clock":
        return False
    k = ref.clock
    if k.spec is not None:
        c = 0 if name == "clock" else (BLACK if name[0] == "B" else WHITE)
        _add(ref, k.press(c, ref.now))
        if k.flagged():
            time_out(ref)
    return True


def host(ref, req):
    """The host's `clock` request (Clock.host): its event, ValueError (a
    ClockError) and nothing changed for a bad one. A clock set on a game in
    play that had none starts for the side to move."""
    k = ref.clock
    start = k.spec is None and ref.phase == PLAY and ref.game is not None \
        and not ref.game.over and req.get("spec")
    ev = k.host(req, ref.now)
    if start:
        k.start(ref.game.to_move(), ref.now)
        ev = k.event()
        ev["by"] = "host"
        ev["set"] = True
    _add(ref, ev)
    if k.flagged():
        time_out(ref)
    return ev


def resumed(ref):
    """After the replay (goban.referee.resume, before it emits anything): the
    clock runs again from now (a `clock` event with "resumed": true); a flag
    whose `end` the cut lost makes the game over on time (resume logs the end)."""
    k = ref.clock
    _add(ref, k.resumed(ref.now))
    g = ref.game
    if k.spec is not None and k.flagged() and not g.over:
        lost_on_time(g, WHITE if k.flagged() == BLACK else BLACK)


def penalty(ref, res):
    """The count with Ing's penalty points (count_checks.with_penalty) when the
    clock charged any; else the count as it is."""
    k = ref.clock
    if k.spec is None:
        return res
    b = k.penalty(BLACK)
    w = k.penalty(WHITE)
    if not b and not w:
        return res
    from goban.count_checks import with_penalty
    return with_penalty(res, ref.game.rules, b, w)


def game_fields(d, clock=True):
    """The host's game data checked (goban.players.check) with, when `clock`,
    the clock spec made canonical: a dict, None for nothing. ValueError (a
    ClockError for the spec) naming the first bad field."""
    if not d:
        if clock:
            return None
        raise ValueError("nothing to set (known: %s)" % ", ".join(players.FIELDS))
    d = dict(d)
    spec = d.pop("clock", None) if clock else None
    out = players.check(d)
    if spec is not None:
        out["clock"] = parse(spec).text()
    return out


def spec(ref):
    """The current clock spec text, or None (the link's `state`)."""
    k = ref.clock
    return k.spec.text() if k.spec is not None else None


def lines(ref):
    """What the display shows: the referee's two lines, or, while it shows the
    plain turn prompt or a capture to lift with a clock set, its first line
    and both clocks ("B9:58* W10:00", '*' on the side whose time runs: the
    capturer's while its prisoners come off; their points stay lit)."""
    k = ref.clock
    g = ref.game
    if k.spec is None or g is None or ref.phase != PLAY or ref.illegal \
            or (ref.pending and ref.pending != "capture") or g.paused or g.over:
        return ref.lines          # (the pair itself, filled in place: no new tuple a draw)
    a = ref.lines[0]
    run = k.running()
    marks = ("", "")
    if run == BLACK:
        marks = ("*", "")
    elif run == WHITE:
        marks = ("", "*")
    text = "B%s%s W%s%s" % (k.text(BLACK), marks[0], k.text(WHITE), marks[1])
    if k.paused() & P_HOST:
        return "Clock stopped", text
    return a, text
