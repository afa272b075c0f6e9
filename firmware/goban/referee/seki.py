"""Seki as the players confirm it at the count (DEAD, goban.referee.dead): the
blocks the count would take as seki, lit yellow beside the dead stones
(`ref.lights2`, RefState.show_second), counted afresh whenever the dead stones or the marks change (a
count of the position without the score, never on a frame where nothing
changed; on the board in a step of its own: ref.job). A stone lifted and put
back on its point within TAP_MS is a tap: it marks its block in seki if the
count did not take it so, out of seki if it did; a tap on a marked block takes
the mark off (a return sooner than TAP_MIN_MS is taken for a sensor's glitch).
A stone lifted and not put back is a dead stone, as ever; a marked stone lifted
for good leaves its mark out of the count. The marks go to the count (and with
the `dead` event into the log), each as one point of its block and on/off.
A module of its own, imported at the end of play only (from .mpy files on the
stock image the code at boot is heap the game cannot have)."""

from goban.points import board_index
from goban.referee.phase import DEAD

TAP_MS = 2000           # a stone back on its point this soon after it was seen lifted
TAP_MIN_MS = 250        # and no sooner: a sensor's glitch past the settling is no tap
SEKI_COLOR = "yellow"   # the seki blocks, beside the dead stones in blue


class SekiMarks:
    """The players' word on seki during one DEAD phase (ref.seki)."""

    def __init__(self):
        self.marks = []         # [frame index, on]: one point of each marked block
        self.lifted = {}        # frame index -> ms it was first seen lifted
        self.counted = None     # the dead stones the lights were counted for
        self.blocks = 0         # blocks in seki, marks applied
        self.taps = []          # taps seen, not yet taken (look)
        self.rg = None          # the count the lighting waits for (light)
        self.started = None     # the analysis's first half, for its second (look_rest)


def marks_of(ref):
    """The marks as the count takes them: [(board point, on)], leaving out a
    mark whose stone is lifted now (dead)."""
    sk = ref.seki
    if sk is None or not sk.marks:
        return []
    dead = ref.dead
    return [(ref.p_of(i), on) for i, on in sk.marks if i not in dead]


def marks_event(ref, marks):
    """The marks as the log has them: {"on": [...], "off": [...]} (SGF points)."""
    sgf = ref.game.board.sgf
    return {"on": [sgf(p) for p, on in marks if on],
            "off": [sgf(p) for p, on in marks if not on]}


def restore(ref, logged):
    """The marks of a logged `dead` event's "seki" (a resume)."""
    sk = ref.seki = SekiMarks()
    board = ref.game.board
    for key, on in (("on", True), ("off", False)):
        for s in (logged or {}).get(key) or ():
            sk.marks.append([ref.i_of(board.from_sgf(s)), on])


def show(ref):
    """The dead stones lit blue, and the count of them and of the seki."""
    sk = ref.seki
    blocks = sk.blocks if sk is not None else 0
    n = len(marks_of(ref))
    if blocks or n:
        line1 = "Dead %d, seki %d" % (len(ref.dead), blocks)
    else:
        line1 = "Dead stones: %d" % len(ref.dead)
    ref.show(line1, "Seki: %d marked; end counts" % n if n else "press end to count",
              ref.dead, "blue")


def taps(ref, sk, missing):
    """Stones back on their points: those back within TAP_MIN_MS..TAP_MS of
    the look that first saw them lifted are taps."""
    now = ref.now
    lifted = sk.lifted
    taps = []
    for i in list(lifted):
        if i not in missing:
            t = lifted.pop(i)
            held = (now - t) & 0x3FFFFFFF
            if TAP_MIN_MS <= held <= TAP_MS:
                taps.append(i)
    for i in missing:
        if i not in lifted:
            lifted[i] = now
    return taps


def look(ref):
    """Count the position's seki (the dead stones off, the marks applied) and
    take the taps; the lighting follows as a job of its own (`light`), and a
    count again after taps too (`recount`): on the board each is a step, the
    count two (its analysis in halves, `look_rest`: in one it would not fit a
    step on the RP2040)."""
    sk = ref.seki
    if sk is None or ref.game is None:
        return
    if _start(ref, sk):
        ref.later(look_rest)


def look_rest(ref):
    """look()'s second step: the analysis finished, the taps taken."""
    sk = ref.seki
    if sk is None or ref.game is None or sk.started is None:
        return
    rg = _finish(sk)
    taps = sk.taps
    sk.taps = []
    if taps:
        for i in taps:
            toggle(ref, sk, rg, i)
        ref.later(recount)
        return
    sk.rg = rg
    ref.later(light)


def recount(ref):
    """The count again, the taps' marks applied (two steps: `recount_rest`);
    then the lighting."""
    sk = ref.seki
    if sk is None or ref.game is None or ref.phase != DEAD:
        return
    if _start(ref, sk):
        ref.later(recount_rest)


def recount_rest(ref):
    sk = ref.seki
    if sk is None or ref.game is None or ref.phase != DEAD or sk.started is None:
        return
    sk.rg = _finish(sk)
    ref.later(light)


def finish(ref):
    """The work left for a step done now (the end press, before the count):
    the look's second half too, where the taps are taken."""
    ref.run_job()
    if ref.job is look_rest:
        ref.run_job()


def light(ref):
    """The seki blocks of the last count lit, and the display's count of them."""
    sk = ref.seki
    if sk is None or sk.rg is None or ref.phase != DEAD:
        return              # the count came first (end pressed): nothing to light
    rg = sk.rg
    sk.rg = None
    sk.counted = ref.dead
    t = rg.tot
    from goban.regions import T_SEKI_G
    sk.blocks = t[8 + T_SEKI_G] + t[16 + T_SEKI_G]
    k = ref.counting
    if k.held >= 0 and k.unsure:
        return              # the count asks about a stone it cannot read: that stays lit
    lit = rg.seki_stones() if sk.blocks else []
    ref.show_second(lit, SEKI_COLOR)
    if not ref.illegal:
        show(ref)


def _start(ref, sk):
    """The analysis's first half (goban.count.analyse_start) kept for the
    second; False for a lifted point the game has no stone on (nothing to light)."""
    from goban.count import analyse_start, CountError
    g = ref.game
    try:
        # board_index itself, not ref.p_of (a call less a stone: ~30 us each on the chip)
        size = ref.size
        sk.started = analyse_start(g, [board_index(i, size) for i in ref.dead], g.rules,
                                   marks_of(ref))
    except CountError:
        sk.started = None
        return False
    return True


def _finish(sk):
    from goban.count import analyse_finish
    started = sk.started
    sk.started = None
    return analyse_finish(started)


def toggle(ref, sk, rg, i):
    """A tap on frame point i: its block's mark off if it has one, else a mark
    saying the opposite of what the count now takes it for."""
    p = ref.p_of(i)
    b = rg.bid[p]
    if not b or rg.work[p] not in (1, 2):
        return
    dead = ref.dead
    keep = [m for m in sk.marks
            if m[0] in dead or rg.bid[ref.p_of(m[0])] != b]
    if len(keep) != len(sk.marks):
        sk.marks = keep
    else:
        sk.marks.append([i, not rg.in_seki(p)])
