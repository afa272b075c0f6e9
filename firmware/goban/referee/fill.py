"""FILL (Ing, with a scale under white's bowl): after the dead stones, the players
put the dead stones and prisoners back in their owners' bowls, white fills its area
from its bowl (white stones on empty points or where dead stones were; anything else
is `fill-wrong` until put back), then end/ok: the count checks the bowl's count."""

from goban import rules as R
from goban.board import WHITE, EMPTY
from goban.referee.phase import FILL
from goban.referee.diff import FAULT, CAP


def fills(ref):
    """Ing with a scale under white's bowl: the count goes through the fill.
    (Weighed in this game: its start known, as after a restart before the
    scales are weighed again.)"""
    sc = ref.scales
    s = sc.seen
    return ref.game.rules.scoring == R.SCORE_ING and s is not None and (
        s[1] >= 0 or (sc.start is not None and sc.start[1] >= 0))


def start(ref):
    g = ref.game
    ev = {"type": "dead", "points": [g.board.sgf(ref.p_of(i)) for i in ref.dead]}
    from goban.referee.scoring import marks_of, marks_event
    marks = marks_of(ref)
    if marks:
        ev["seki"] = marks_event(ref, marks)    # the players' seki marks, for the count
    ref.emit(ev)
    ref.enter(FILL)
    ref.filled = 0
    ref.dirty = True
    show(ref)


def show(ref):
    ref.show("Fill: white fills", "its area, then end", [], "blue")


def frame(ref, stable, mis, pend):
    """White stones may appear on empty points, the dead stones stay off;
    anything else is announced (fill-wrong) until put back."""
    cells = ref.game.board.cells
    filled = 0
    wrong = []
    for i in range(ref.n):
        v = stable[i]
        e = cells[ref.p_of(i)]
        if v == e or v >= FAULT:
            continue
        if v == WHITE and (e == EMPTY or i in ref.dead):
            filled += 1       # a fill stone (also where a dead stone was)
        elif v == EMPTY and i in ref.dead:
            continue
        elif len(wrong) < CAP:
            wrong.append(i)
    ref.filled = filled
    if wrong:
        ref.announce("fill-wrong", stable[wrong[0]], wrong[0], wrong)
        return
    if ref.illegal:
        ref.restored()
    ref.show("Fill: %d placed" % filled, "press end to count", [], "blue")


def button(ref, name, color):
    if name in ("end", "ok"):
        if ref.illegal:
            from goban.referee import dispute
            dispute.count_refused(ref)      # never a count while anything stands
        else:
            count(ref)


def count(ref):
    """End of the fill: count when white's bowl reads settled (else wait for it)."""
    if ref.scales.now[1] < 0:
        ref.fill_wait = True
        ref.show("Weighing white's", "bowl...", [], "blue")
        return
    ref.fill_wait = False
    from goban.referee.scoring import count as count_now
    count_now(ref, log_dead=False)
