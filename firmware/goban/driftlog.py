"""Baselines followed in RAM (goban.calibration's follow_drift) written to the
game log, so a restart reads a drifted sensor as it was followed, not as the
calibration file has it: a drift that read as a stone after a power cut was a
move nobody played. The board loop logs a `baseline` event {points: {name:
baseline, Q4}} with what `to_log` names; a resume takes them again
(goban.referee.resume, Calibration.rebase).

The frozen image only: tools/deploy leaves this module out of the .mpy install,
whose heap cannot hold its native code (goban.boardloop imports it if it is
there)."""

from goban.compat import micropython, ptr16, ptr32


@micropython.viper
def _drifted(state, n: int, step: int, out, cap: int) -> int:
    """Points whose baseline is `step` (Q4) or more from the one last logged
    (bits 21..30 of the state word: Q4 >> 7, plus 1) and that read no fault:
    their indices to out[0:cap], each one's baseline taken as logged now (and
    silently where none was: a calibration just taken or loaded). Returns how
    many."""
    s = ptr32(state)
    o = ptr16(out)
    k = 0
    i = 0
    while i < n and k < cap:
        st = int(s[i])
        b = st & 0xFFFF
        was = (st >> 21) & 0x3FF
        if was == 0:
            s[i] = (st & 0x1FFFFF) | (((b >> 7) + 1) << 21)
        else:
            d = b - ((was - 1) << 7)
            if d < 0:
                d = 0 - d
            if d >= step and (st & 0xE0000) == 0:
                o[k] = i
                s[i] = (st & 0x1FFFFF) | (((b >> 7) + 1) << 21)
                k += 1
        i += 1
    return k


def to_log(cal, out, cap):
    """The points whose baseline `cal` followed half its drift band or more from
    the one last logged: their indices to out[0:cap] (array 'H'), taken as
    logged now. Returns how many (each one's baseline: cal.state[i] & 0xFFFF)."""
    return _drifted(cal.state, cal.n, cal.cfg[5] >> 1, out, cap)   # (cfg[5]: C_BAND)
