"""The end of play pressed at the wrong time, and play resumed after a dispute.

Loaded when first needed (from .mpy files on the stock image the code at boot
is heap the game cannot have): only an end press while the board waits, the
undo after it, or a pass press in DEAD bring it in.

  - `end` while anything stands (captures to lift, a takeback to finish, an
    announcement; in DEAD and FILL an announcement) is refused, and what
    stands keeps standing: play never ends, and the count never runs, on a
    board that is not the game (the dead list would be a stale one).
  - An undo right after a refused end takes back nothing: the player meant to
    take back the end, and there is none (the next undo takes back a move).
  - A pass press in DEAD (from dead.LATE_PASS_MS after the end: sooner it
    is a pass meant for play, pressed late) asks to resume play (Japanese 1989 art. 9-3: the
    opponent of the player who asks plays first; RULES.md says nothing for
    the other systems, so the same under every rule set with a dead-stone
    agreement and plain passes). `B:pass`/`W:pass` name who asks; the shared
    `pass` is taken as the last passer's (the side to move plays first, as
    the next move would have been). Under rules with pass stones or
    abandons a stone would have to be handed over for the turn: refused
    (`no-resume`), undo takes back the end as before."""

from goban import rules as R
from goban.game import other
from goban.referee.phase import PLAY
from goban.referee.words import LETTER


def _refuse_keeping(ref, code, color, **kw):
    """A refused press said as one `illegal` event with no point, while what
    stood announced stays announced and lit."""
    stood = (ref.illegal, ref.announced)
    lit, lit_color, fix = ref.lights, ref.light_color, ref.lines[1]
    ref.announce(code, color, None, [], **kw)
    ref.illegal, ref.announced = stood
    if stood[0] or lit:                   # what stood stays lit (captures to lift too)
        ref.show("Fix first, then end", fix, lit, lit_color)


def _standing(ref):
    """(what stands, how to fix it) in words, for a refused end."""
    if ref.illegal:
        return "%s (%s)" % (ref.illegal, ref.lines[0]), ref.lines[1]
    if ref.pending == "capture":
        return "captured stones are still on the board", "lift them"
    if ref.pending == "undo":
        return "a takeback is not finished", "finish it as the lights show"
    return "the board is settling", "wait for it"


def end_refused(ref):
    """`end` in PLAY while the board waits: refused; remembered for the undo."""
    what, fix = _standing(ref)
    _refuse_keeping(ref, "end-waits", ref.game.to_move(), l=what, q=fix)
    ref.presses.end_refused = ref.game.n


def count_refused(ref):
    """`end`/`ok` in DEAD or FILL while an announcement stands: refused."""
    what, fix = _standing(ref)
    _refuse_keeping(ref, "count-waits", None, l=what, q=fix)


def end_before_fix(ref):
    """`end` pressed before the board was fixed, held for the fix: refused, to
    be pressed again on the board as it is now."""
    _refuse_keeping(ref, "end-before-fix", None)


def undo_after_refused_end(ref):
    """The undo right after a refused end: there was no end; nothing is taken back."""
    _refuse_keeping(ref, "end-not-taken", None)


def resume(ref, color):
    """A pass press in DEAD: play resumes, the opponent of the asker first
    (`play-on` {to_move, by, dispute, pass: the asker handed the turn over})."""
    g = ref.game
    r = g.rules
    if r.passes != R.PASS_PLAIN or g.end not in ("agreement", "two-passes"):
        _refuse_keeping(ref, "no-resume", color)
        return
    asker = color if color is not None else other(g.to_move())
    first = other(asker)
    n = g.n
    g.play_on(first)
    if g.over:
        _refuse_keeping(ref, "no-resume", color)
        return
    if ref.illegal:
        ref.restored()                    # what the count said stands no more (a clock
        # paused on it runs again); the look in play says anything anew
    ref.reset_phase(PLAY)
    ref.emit({"type": "play-on", "to_move": LETTER[first], "number": g.n,
              "by": LETTER[asker], "dispute": True, "pass": g.n > n})
    from goban.referee import moves
    moves.after_play_ui(ref)


__all__ = ("end_refused", "count_refused", "undo_after_refused_end", "resume")
