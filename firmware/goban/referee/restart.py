"""The first look after a power cut (goban.referee.play's `drifted` rule), loaded
only then: what the sensors read from the baselines on flash that the game
cannot have."""

from goban.referee.explain import weak


def drifted(ref, v, rebase):
    """The restart's look (goban.referee.play's `drifted`): a weak reading on a
    point the game has empty, there since the power came back. No placed stone
    reads weak: it is a sensor whose baseline walked during the game, followed
    in RAM (goban.calibration's follow_drift) and read now from the baseline on
    flash. Taken as a stone, it was a move nobody played whenever the mover held
    a stone (seeds 588213 games 175, 190; 434437 game 223 at the count). With
    `rebase`, its baseline is taken again where it reads now: it reads empty from
    the next scan, and the look's frame is stale (presses wait for the next)."""
    since = ref.since
    if since is None:
        return False
    found = False
    for i in v.extra:
        if since[i] == 0 and weak(ref, i):
            found = True
            if rebase:
                ref.rebase_sensor(i)
    if found and rebase:
        ref.dirty = True
        ref.stale = True
    return found
