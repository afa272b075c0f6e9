"""The clock's facts shared by goban.clock (the state machine, at boot) and
goban.clockspec (a spec's text, loaded when a game first has a clock): the time
systems, the Ing timer's defaults, the limits, the low-time marks, the error."""

from goban.compat import const

ABSOLUTE = const(0)
BYOYOMI = const(1)
CANADIAN = const(2)
FISCHER = const(3)
ING = const(4)
SYSTEMS = ("absolute", "byoyomi", "canadian", "fischer", "ing")

# the Ing timer's defaults: 3 h 30 min, then 3 periods of a sixth of it (35 min),
# each costing 2 points; a loss when the third runs out
ING_MAIN_S = 12600
ING_PERIODS = 3
ING_POINTS = 2
ING_PART = 6              # a period is main / ING_PART when only main is given

MAX_S = 86400             # any one time: up to 24 h (ms fit in 30 bits)

# low time: the time left before the clock next costs something (the game, a
# byo-yomi period, a penalty point, the Canadian period) at or below these ms,
# by system: (in main time, in an overtime period); 0: main time ends for free
LOW_MS = ((60000, 0), (0, 10000), (0, 30000), (60000, 0), (60000, 60000))


class ClockError(ValueError):
    """A clock spec or correction that cannot be used (the message says why)."""
