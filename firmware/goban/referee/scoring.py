"""The count at the end: goban.count on the game with the dead stones lifted
and the players' seki marks (goban.referee.dead), and under Ing with the fill
the check of white's bowl against the board."""

from goban import rules as R
from goban.referee.phase import OVER, FILL
from goban.referee import timing
from goban.points import board_index


def marks_of(ref):
    """The players' seki marks [(board point, on)] (goban.referee.dead)."""
    if ref.seki is None:
        return []
    from goban.referee.seki import marks_of as marks
    return marks(ref)


def marks_event(ref, marks):
    from goban.referee.seki import marks_event as event
    return event(ref, marks)


def count(ref, log_dead=True, now=False):
    """The end of play counted. The dead stones' event and the phase change
    come at once; the count itself (goban.count) in the
    two steps after when a loop keeps the steps (ref.later: the position
    analysed, then the score, the result and its event; with the end press's
    work in one step it ran past a step on the RP2040), unless `now`
    (a resume).
    Work still left for a step (the seki taps) is done first, as at the end
    press (goban.referee.dead.button)."""
    g = ref.game
    size = ref.size
    dead_pts = [board_index(i, size) for i in ref.dead]    # not ref.p_of: a call less a stone
    marks = marks_of(ref)             # the players' word on seki (goban.referee.dead)
    if log_dead:
        ev = {"type": "dead", "points": [g.board.sgf(p) for p in dead_pts]}
        if marks:
            ev["seki"] = marks_event(ref, marks)
        # the stones the players said stand on empty points the board cannot
        # read (said 2 + colour: goban.referee.dead), put on the game's board
        # for the count and logged with the dead ({"B": [...], "W": [...]}:
        # goban.referee.resume puts them back after a restart)
        for i, w in ref.counting.said.items():
            if w > 2:
                p = board_index(i, size)
                g.board.set_stone(p, w - 2)
                ev.setdefault("found", {}).setdefault("B" if w == 3 else "W", []).append(
                    g.board.sgf(p))
        ref.emit(ev)
    filling = ref.phase == FILL
    ref.enter(OVER)
    from goban.count import count_start
    if now or not ref.steps:
        _result(ref, count_start(g, dead_pts, g.rules, seki=marks or None), filling)
        return
    from goban.referee.seki import finish
    finish(ref)
    ref.later(lambda r: _analyse(r, dead_pts, marks, filling))


def _analyse(ref, dead_pts, marks, filling):
    """The count's first step: the position analysed (goban.count.count_start);
    the score, the result and its event in the next (_result)."""
    from goban.count import count_start
    g = ref.game
    started = count_start(g, dead_pts, g.rules, seki=marks or None)
    ref.later(lambda r: _result(r, started, filling))


def _result(ref, started, filling):
    """The count's score and result, and its event."""
    g = ref.game
    from goban.count import count_finish
    res = timing.penalty(ref, count_finish(started))   # Ing: penalty
    ev = {"type": "count", "result": res.result, "winner": res.winner,
          "margin": res.margin, "unit": res.unit, "breakdown": res.breakdown}
    if g.rules.scoring == R.SCORE_ING and ref.scales.seen:
        ev["bowls"] = {"B": ref.scales.seen[0], "W": ref.scales.seen[1]}
    fill = None
    if filling:
        # what the bowl says: stones left after the fill; white stones
        # neither on the board nor in the bowl (black's lid) are out
        left = ref.scales.now[1]
        out = ref.scales.now[2] if ref.scales.now[2] > 0 else 0
        unfilled = 0
        if left == 0:   # the bowl ran out: the rest of white's area stays empty
            unfilled = res.breakdown["white"]["territory"] - ref.filled
            if unfilled < 0:
                unfilled = 0
        from goban.count_checks import ing_fill_check     # Ing's fill only
        fill = ing_fill_check(res, left, ref.size, unfilled, out)
        fill["white_bowl_left"] = left
        fill["filled"] = ref.filled
        fill["unfilled"] = unfilled
        fill["stones_out"] = out
        ev["fill"] = fill
    ref.emit(ev)
    if fill is not None and not fill["agree"]:
        ref.show("Bowl disagrees: W", "left %d, board %d" % (fill["white_bowl_left"],
                                                               fill["expected_left"]), [], "red")
    else:
        ref.show("Result " + str(res.result), "%s %s" % (res.margin, res.unit))
