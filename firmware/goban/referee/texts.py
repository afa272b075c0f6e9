"""Every physical refusal in the words a player reads: what is wrong, how to fix
it (`PHYSICAL`); the rules core's own refusals (ko, suicide...) are goban.game's
REASONS. Loaded at the first announcement: from .mpy files on the stock image
the text at boot is heap the game cannot have."""

from goban.game import reason_text

# the physical refusals: (code, what is wrong, how to fix it); a tuple of constants,
# kept in flash by the frozen image (a dict is built on the heap at import)
PHYSICAL = (
    ("wrong-color", "a {c} stone is on {p}, it is {t}'s turn", "take the {c} stone off {p}"),
    ("extra-stone", "a second stone is on {p}", "take the stone off {p}"),
    ("slid", "the {c} stone on {p} was slid to {q}", "put it back on {p}"),
    ("rolled", "the {c} stone played on {q} is now on {p}; the sensor under {l} is dead, "
     "{t}'s answer there would not be seen", "{c}: if it rolled to {p}, press ok; if {t}'s "
     "hand pushed it, put it back on {q}"),
    ("hidden", "two {c} stones left the bowl for move {e} on {p}; the sensor under {l} "
     "is dead, a stone there is not seen", "{c}: if your move is {p}, press ok; if it is "
     "on {l}, take the stone off {p}"),
    ("knocked", "the {c} stone on {p} is gone", "put a {c} stone back on {p}"),
    ("removed-stone", "the last stone, {p}, was lifted",
     "put it back on {p}, or press undo to take the move back"),
    ("not-lifted", "captured stones are still on the board: {l}",
     "lift them before the next move; take the stone off {p}"),
    ("not-restored", "the takeback is not finished: {l}", "take the stone off {p}"),
    ("changed", "{p} should hold a {e} stone, it holds a {c} one", "put a {e} stone on {p}"),
    ("mismatch", "the board differs from the game at {n} points: {l}",
     "put the stones as the lights show"),
    ("resume-mismatch", "after the restart the board differs from the saved game at {n} points: {l}",
     "put the stones as the lights show"),
    ("dead-extra", "a stone was added on {p} while counting", "take the stone off {p}"),
    ("no-takeback", "these rules allow no takeback", "play on"),
    ("end-waits", "play cannot end while the board waits: {l}", "{q}, then press end"),
    ("end-before-fix", "the end was pressed before the board was fixed: the stones are not "
     "as they were then", "lift the dead stones again, then press end"),
    ("count-waits", "the count cannot start while something stands: {l}", "{q}, then press end"),
    ("end-not-taken", "the end press was not taken (the board waited): there is no end "
     "to take back", "play on; undo again takes back the last move"),
    ("no-resume", "these rules resume no play after its end here",
     "lift the dead stones and press end, or undo the end"),
    ("not-your-move", "only {t2} can ask to take back the last move, {t2}'s",
     "play on, or let {t2} press undo"),
    ("no-pass-stones", "these rules use no pass stones", "put the stone back in the bowl"),
    ("fill-wrong", "only white stones fill white's area: {p} is wrong", "put {p} back as it was"),
    ("unseen", "a {c} stone is on {p}, it is {t}'s turn; the sensor under {l} is dead, "
     "a stone there is not seen", "{t}: if you played on {q} (lit yellow), press ok; "
     "down shows the next; if you did not play, take the {c} stone off {p}"),
    ("unseen-pass", "a {c} stone is on {p}, it is {t}'s turn; a {t} stone came into the lid: "
     "{t}'s pass stone, or the prisoner of a move on {l}, where the sensor is dead",
     "{t}: if you played on {q} (lit yellow; pass: you passed), press ok; down shows the next"),
    ("unseen-then-pass", "a {c} stone is on {p}, it is {t}'s turn; {t}'s pass stone came "
     "into the lid with a stone more out of the bowl: a move on {l} before the pass, where "
     "the sensor is dead, or the pass alone", "{t}: if you played on {q} (lit yellow; pass: "
     "you only passed), press ok; down shows the next"),
    ("unseen-order", "a {c} stone is on {p}; the sensor under {l} is dead, and the "
     "moves from move {e} on came in an order the board cannot tell",
     "if the moves from {e} ({t} first) were {q}, press ok; down shows the next order; "
     "if none is, take the {c} stone off {p}"),
    ("unseen-gone", "the {c} stone on {p} is gone; the sensor under {l} is dead, a stone "
     "there is not seen", "{t}: if you played on {q} (lit yellow), capturing it, press ok; "
     "down shows the next; if not, put a {c} stone back on {p}"),
    ("exchange", "while the board was off a stone was taken and played again (the lids "
     "and bowls say so); the board cannot see where: {l}",
     "{t}: if you took at {q} (lit yellow), press ok; down shows the next"),
    ("resume-order", "{l} were played in an order the board cannot tell (while it was off, "
     "or faster than it could follow)",
     "take them off, put back what they captured, play them again in order"),
    ("no-stone-out", "a {c} stone is on {p}, but no stone left {c}'s bowl",
     "take it off {p} and play from the bowl; if you did, press ok"),
    ("log-refused", "the saved game stops at event {n}: its {q} is refused ({l})",
     "check the board against the lights"),
    # the other side's move (goban.remote): a stone elsewhere than the lit point,
    # or a stone of that side before its move came
    ("not-expected", "a {c} stone is on {p}; {c} plays {q}", "take it off {p}, put it on {q}"),
    ("remote-move", "{t}'s move comes from the other side, not from this board",
     "wait for the lights (take off any {t} stone put before them)"),
)


def text_for(code, **kw):
    """(text, fix) for a refusal code: the rules core's words, else the physical ones."""
    for c, what, fix in PHYSICAL:
        if c == code:
            return what.format(**kw), fix.format(**kw)
    what, fix = reason_text(code)
    return what, fix
