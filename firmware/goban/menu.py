"""The board's own new-game menu: rules, komi, handicap, then the clock, with the
buttons and the display, so a board without a computer starts any game, a timed
one too.

`ok` opens it (the board loop calls `press` when no game runs) and goes to the
next step, `up`/`down` change the choice. Steps (_M_*): rules, komi ("rules'
own": the system's komi, its handicap komi in a handicap game), handicap (0,
2..9 on the star points, then, under rules that allow free placement
(goban.rules), 2..9 free: black puts them anywhere), the clock's system (none:
`ok` starts the game), its main time, and that system's overtime: byo-yomi
periods and their seconds, Canadian moves and their period, a Fischer
increment, Ing's periods (each a sixth of the main time, 2 points:
goban.clock's defaults). The choices are records (the tables below); `press` is
the one place that changes the menu's state. Loaded when a board first opens
the menu (goban.boardloop): the heap at boot is tight. The rules list's last
entry, "Diagnostics", opens the board's diagnostics instead of a game (`press`
returns DIAG as its start: goban.diag).
"""

from goban import rules as R
from goban.clock import ABSOLUTE, BYOYOMI, CANADIAN, FISCHER, ING, ING_PART, ING_POINTS, \
    clock_text
from goban.compat import const

KOMI_STEPS = (0, 0.5, 5.5, 6.5, 7, 7.5, 8)
DIAG = "diag"                # press's start for the rules list's last entry

# the clock's choices: the systems offered (-1: no clock) and their names on the
# display, main times (s), and each system's overtime as at most two (title,
# choices) steps, in goban.clock's system order
SYSTEMS = (-1, ABSOLUTE, BYOYOMI, CANADIAN, FISCHER, ING)
NAMES = ("none", "absolute", "byo-yomi", "Canadian", "Fischer", "Ing")
MAIN = (60, 300, 600, 900, 1200, 1800, 2700, 3600, 5400, 7200, 10800, 12600)
MAIN_FIRST = 2               # 10 minutes
OVERTIME = (
    (),                                                                  # absolute
    (("Periods", (1, 2, 3, 5, 10)), ("Period", (10, 20, 30, 40, 60))),   # byo-yomi
    (("Moves", (5, 10, 15, 20, 25)), ("Period", (60, 120, 180, 300, 600))),  # Canadian
    (("Increment", (5, 10, 15, 20, 30, 60)),),                           # Fischer
    (("Periods", (1, 2, 3)),),                                           # Ing
)
OT_FIRST = 2                 # the third choice: 3 x 30 s, 15 moves in 3 min, 15 s, 3 periods

_M_RULES = const(0)
_M_KOMI = const(1)
_M_HANDICAP = const(2)
_M_CLOCK = const(3)
_M_MAIN = const(4)           # then the overtime's steps: _M_MAIN + 1, + 2


def spec(system, main, ot):
    """The clock's Spec of the menu's choices: a system (SYSTEMS), main time (s)
    and its overtime numbers (OVERTIME's choices, in order)."""
    from goban.clockspec import Spec    # (a clock's words: loaded when one is chosen)
    if system == ABSOLUTE:
        return Spec(ABSOLUTE, main)
    if system == BYOYOMI:
        return Spec(BYOYOMI, main, ot[1], ot[0])
    if system == CANADIAN:
        return Spec(CANADIAN, main, ot[1], moves=ot[0])
    if system == FISCHER:
        return Spec(FISCHER, main, inc=ot[0])
    return Spec(ING, main, main // ING_PART, ot[0], points=ING_POINTS)


def press(m, name):
    """A button in the menu, `m` its state (None: closed). Returns (the state
    after it, the display's two lines or None, and when the game starts
    (rules id, komi or None, handicap, game fields with the clock or None,
    free placement), or DIAG when the diagnostics were chosen)."""
    if m is None:
        if name != "ok":
            return None, None, None
        m = {"step": _M_RULES, "rules": 0, "komi": -1, "handicap": 0, "free": 0, "clock": 0,
             "main": MAIN_FIRST, "ot": [OT_FIRST, OT_FIRST]}
    elif name == "ok":
        if m["step"] == _M_RULES and m["rules"] == len(R.RULE_IDS):
            return None, None, DIAG
        m["step"] += 1
        if m["step"] > _last(m):
            return None, None, _chosen(m)
    elif name in ("up", "down"):
        _change(m, 1 if name == "up" else -1)
    return m, _lines(m), None


def _last(m):
    """The last step for the clock chosen so far."""
    system = SYSTEMS[m["clock"]]
    return _M_CLOCK if system < 0 else _M_MAIN + len(OVERTIME[system])


def _chosen(m):
    komi = None if m["komi"] < 0 else KOMI_STEPS[m["komi"]]
    system = SYSTEMS[m["clock"]]
    game = None
    if system >= 0:
        ot = [choices[m["ot"][i]] for i, (_, choices) in enumerate(OVERTIME[system])]
        game = {"clock": spec(system, MAIN[m["main"]], ot).text()}
    return R.RULE_IDS[m["rules"]], komi, m["handicap"], game, m["free"] == 1


def _change(m, d):
    s = m["step"]
    if s == _M_RULES:
        m["rules"] = (m["rules"] + d) % (len(R.RULE_IDS) + 1)   # then "Diagnostics"
    elif s == _M_KOMI:
        m["komi"] = max(-1, min(len(KOMI_STEPS) - 1, m["komi"] + d))
    elif s == _M_HANDICAP:
        # one list: 0, 2..9 fixed, then 2..9 free where the rules allow it
        top = 17 if R.get(R.RULE_IDS[m["rules"]]).free_handicap else 9
        k = m["handicap"] + 8 * m["free"] + d
        if k == 1:
            k = 2 if d > 0 else 0
        k = max(0, min(top, k))
        m["free"] = 1 if k > 9 else 0
        m["handicap"] = k - 8 if k > 9 else k
    elif s == _M_CLOCK:
        m["clock"] = (m["clock"] + d) % len(SYSTEMS)
    elif s == _M_MAIN:
        m["main"] = max(0, min(len(MAIN) - 1, m["main"] + d))
    else:
        i = s - _M_MAIN - 1
        choices = OVERTIME[SYSTEMS[m["clock"]]][i][1]
        m["ot"][i] = max(0, min(len(choices) - 1, m["ot"][i] + d))


def _lines(m):
    """The display's two lines for the menu's step."""
    s = m["step"]
    if s == _M_RULES:
        r = m["rules"]
        return "New game: rules", R.RULE_IDS[r] if r < len(R.RULE_IDS) else "Diagnostics"
    if s == _M_KOMI:
        return "Komi", "rules' own" if m["komi"] < 0 else str(KOMI_STEPS[m["komi"]])
    if s == _M_HANDICAP:
        return "Handicap", str(m["handicap"]) + (" free" if m["free"] else "")
    if s == _M_CLOCK:
        return "Clock", NAMES[m["clock"]]
    main = MAIN[m["main"]]
    if s == _M_MAIN:
        return "Main time", clock_text(main * 1000)
    system = SYSTEMS[m["clock"]]
    i = s - _M_MAIN - 1
    title, choices = OVERTIME[system][i]
    v = choices[m["ot"][i]]
    if system == ING:
        return title, "%d x %s" % (v, clock_text(main // ING_PART * 1000))
    if i == 0 and system in (BYOYOMI, CANADIAN):
        return title, str(v)
    return title, "%d s" % v if v < 60 else clock_text(v * 1000)
