"""The first look after a power cut (goban.referee.play's `restart` rule), loaded
only then: what the sensors read from the baselines on flash that the game
cannot have."""

from goban.referee.explain import weak

DRIFT_MS = 400      # weak this long at the restart's looks: a drift, not a hand on a stone


def drifted(ref, v, rebase):
    """The restart's look (goban.referee.play's `restart`): a weak reading on a
    point the game has empty, there since the power came back. No placed stone
    reads weak: it is a sensor whose baseline walked during the game, followed
    in RAM (goban.calibration's follow_drift) and read now from the baseline on
    flash. Taken as a stone, it was a move nobody played whenever the mover held
    a stone (seeds 588213 games 175, 190; 434437 game 223 at the count). With
    `rebase`, its baseline is taken again where it reads now: it reads empty from
    the next scan, and the look's frame is stale (presses wait for the next).
    Only once it has read weak for DRIFT_MS: a stone nudged by a hand as the
    power came back read weak for a moment, and rebased it was a stone the
    board never saw again (campaign seed 390617, game 430)."""
    since = ref.since
    if since is None:
        return False
    w = ref.wait
    found = False
    for i in v.extra:
        if since[i] == 0 and weak(ref, i):
            found = True
            break
    if not found:
        w.drift_since = -1
        return False
    if not rebase:
        return True
    if w.drift_since < 0:
        w.drift_since = ref.now
    waited = (ref.now - w.drift_since) & 0x3FFFFFFF
    if waited < DRIFT_MS:
        ref.look_again(DRIFT_MS - waited)
        ref.stale = True          # (no stone taken yet: presses wait on)
        return True
    for i in v.extra:
        if since[i] == 0 and weak(ref, i):
            ref.rebase_sensor(i, -1)
    ref.dirty = True
    ref.stale = True
    return True
