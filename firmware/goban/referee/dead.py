"""DEAD: play has ended; the players lift the dead stones (lit blue), then press
end/ok: the count (goban.referee.scoring), or under Ing with white's bowl on a
scale the fill first (goban.referee.fill). A stone added now is announced."""

from goban.referee import scoring, fill, play


def frame(ref, stable, mis, pend):
    extra, missing, changed = ref._mismatch(stable, mis)
    if extra or changed:
        if not ref.illegal:
            i = (extra + changed)[0]
            ref._illegal("dead-extra", stable[i], i, extra + changed)
        return
    if ref.illegal:
        ref.illegal = None
        ref._emit({"type": "restored"})
    ref.dead = missing
    ref._show("Dead stones: %d" % len(missing), "press end to count", missing, "blue")


def button(ref, name, color):
    if name in ("end", "ok"):
        if fill.fills(ref):
            fill.start(ref)
        else:
            scoring.count(ref)
    elif name == "undo":
        play.undo(ref)
