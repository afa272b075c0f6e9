"""DEAD: play has ended; the players lift the dead stones (lit blue), then press
end/ok: the count (goban.referee.scoring), or under Ing with white's bowl on a
scale the fill first (goban.referee.fill). A stone added now is announced. The
seki the count would take are lit too, and the players correct them by a tap
(goban.referee.seki)."""

from goban.referee import scoring, fill, play


def frame(ref, stable, mis, pend):
    extra, missing, changed = ref._mismatch(stable, mis)
    if extra or changed:
        if not ref.illegal:
            i = (extra + changed)[0]
            ref._illegal("dead-extra", stable[i], i, extra + changed)
            if ref.lights2:       # only the stone to take off lit (red) till it is
                ref.lights2 = []
                ref.ui_dirty = True
                if ref.seki is not None:
                    ref.seki.counted = None     # lit again once the board is right
        return
    if ref.illegal:
        ref.illegal = None
        ref._emit({"type": "restored"})
    ref.dead = missing
    from goban.referee import seki
    sk = ref.seki
    if sk is None:
        sk = ref.seki = seki.SekiMarks()
    sk.taps += seki.taps(ref, sk, missing)
    if sk.taps or sk.counted != missing:
        ref.later(seki.look)        # a count: in a step of its own (the loop's)
    seki.show(ref)


def button(ref, name, color):
    ref.run_job()               # taps still to take: before the count
    ref.job = None              # (their lighting: no matter now)
    if name in ("end", "ok"):
        if fill.fills(ref):
            fill.start(ref)
        else:
            scoring.count(ref)
    elif name == "undo":
        play.undo(ref)
