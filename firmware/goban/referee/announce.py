"""Which illegal to announce for a board that differs from the game: the
decision tree as a pure function, tested without a board
(tests/test_referee_announce.py)."""

from goban.game import ABANDON
from goban.points import board_index, name
from goban.referee.words import NAMES
from goban.referee.diff import CAP


def classify(extra, missing, changed, mis, stable, cells, size, pending=None, left=(),
             resumed=False, last_p=0, last_color=0, to_move=1, weak=()):
    """(code, color, point, points, words) of the announcement for these
    mismatches (frame indices from diff.split; `mis` all of them counted).
    `left`: the tolerated points still waiting (captures not lifted, a takeback
    not done); `last_p`/`last_color`: the last move's board index (0..ABANDON for
    none or a pass) and colour; `weak`: new stones that read only weakly (the one
    of several named to take off, when one is). `point` is the frame index the
    text names (None for a board-wide one), `points` what to light, `words` the
    text's fields."""
    allpts = extra + missing + changed
    names = lambda pts: " ".join(name(i, size) for i in pts[:8])   # noqa: E731
    if pending == "capture" and extra:
        return ("not-lifted", stable[extra[0]], extra[0], allpts + list(left),
                {"l": names(left)})
    if pending == "undo" and extra:
        return ("not-restored", stable[extra[0]], extra[0], allpts + list(left),
                {"l": names(left)})
    code = "resume-mismatch" if resumed else "mismatch"
    if mis > 4 or mis > CAP:
        return (code, None, allpts[0] if allpts else None, allpts, {"n": mis, "l": names(allpts)})
    if len(extra) == 1 and len(missing) == 1 and not changed \
            and stable[extra[0]] == cells[board_index(missing[0], size)]:
        return ("slid", stable[extra[0]], missing[0], allpts, {"q": name(extra[0], size)})
    if extra and not missing and not changed:
        if len(extra) > 1:
            off = [i for i in extra if i in weak] or extra
            return ("extra-stone", stable[off[-1]], off[-1], allpts, {})
        color = stable[extra[0]]
        moved = last_p > ABANDON and last_color == color
        return ("extra-stone" if moved or color == to_move else "wrong-color", color,
                extra[0], allpts, {})
    if missing and not extra and not changed:
        i = missing[0]
        p = board_index(i, size)
        if len(missing) == 1 and last_p > ABANDON and p == last_p:
            return ("removed-stone", cells[p], i, allpts, {})
        return ("knocked", cells[p], i, allpts, {})
    if changed and not extra and not missing:
        i = changed[0]
        return ("changed", stable[i], i, allpts, {"e": NAMES[cells[board_index(i, size)]]})
    return (code, None, allpts[0] if allpts else None, allpts, {"n": mis, "l": names(allpts)})
