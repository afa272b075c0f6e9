"""A clock spec's text and its meaning (goban.clock's time systems): `parse`
and `Spec`, loaded when a game first has a clock (goban.clock.parse), so a
board that plays without one never holds their words in its heap."""

from goban.clockdefs import ABSOLUTE, BYOYOMI, CANADIAN, FISCHER, ING, SYSTEMS, ING_MAIN_S, \
    ING_PERIODS, ING_POINTS, ING_PART, MAX_S, LOW_MS, ClockError


def _seconds(tok, what):
    """'90', '10m', '3h30m', '1h5m30s' -> seconds (int)."""
    if not tok:
        raise ClockError("%s: a time is missing" % what)
    total = 0
    num = ""
    units = 0
    for ch in tok:
        if "0" <= ch <= "9":
            num += ch
        elif ch in "hms" and num:
            total += int(num) * (3600 if ch == "h" else 60 if ch == "m" else 1)
            num = ""
            units += 1
        else:
            raise ClockError("%s: %r is not a time (seconds, or like 10m, 3h30m)" % (what, tok))
    if num:
        if units:
            raise ClockError("%s: %r is not a time (a unit after every number: 3h30m)"
                             % (what, tok))
        total = int(num)
    if total > MAX_S:
        raise ClockError("%s: %r is over 24 hours" % (what, tok))
    return total


def _count(tok, what, lo, hi):
    ok = tok != ""
    for ch in tok:
        if not "0" <= ch <= "9":
            ok = False
    if not ok or not lo <= int(tok) <= hi:
        raise ClockError("%s must be a whole number %d..%d, not %r" % (what, lo, hi, tok))
    return int(tok)


class Spec:
    """A parsed time system: integer seconds and counts."""

    def __init__(self, system, main, period=0, periods=0, moves=0, inc=0, points=0,
                 press=False, pause_illegal=True):
        self.system = system
        self.main = main            # s
        self.period = period        # s: byo-yomi / Canadian / Ing period
        self.periods = periods      # byo-yomi and Ing periods
        self.moves = moves          # Canadian moves per period
        self.inc = inc              # Fischer increment, s
        self.points = points        # Ing penalty points per period
        self.press = press
        self.pause_illegal = pause_illegal

    def text(self):
        """The canonical spec string (what events and the host carry)."""
        s = self.system
        if s == ABSOLUTE:
            t = "absolute:%d" % self.main
        elif s == BYOYOMI:
            t = "byoyomi:%d+%dx%d" % (self.main, self.periods, self.period)
        elif s == CANADIAN:
            t = "canadian:%d+%d/%d" % (self.main, self.moves, self.period)
        elif s == FISCHER:
            t = "fischer:%d+%d" % (self.main, self.inc)
        else:
            t = "ing:%d+%dx%d@%d" % (self.main, self.periods, self.period, self.points)
        if self.press:
            t += ",press"
        if not self.pause_illegal:
            t += ",run-on-illegal"
        return t

    def as_dict(self):
        """The settings as JSON-ready data (the host's displays)."""
        return {"system": SYSTEMS[self.system], "main": self.main, "period": self.period,
                "periods": self.periods, "moves": self.moves, "inc": self.inc,
                "points": self.points, "press": self.press,
                "pause_illegal": self.pause_illegal, "low": list(LOW_MS[self.system])}


def parse(spec):
    """A spec string -> Spec; ClockError naming what is wrong."""
    if not isinstance(spec, str) or not spec.strip():
        raise ClockError("a clock spec is text like byoyomi:600+3x30, not %r" % (spec,))
    parts = spec.strip().lower().split(",")
    head = parts[0].strip()
    name, _, args = head.partition(":")
    name = name.strip()
    args = args.strip()
    press = False
    pause_illegal = True
    for opt in parts[1:]:
        opt = opt.strip()
        if opt == "press":
            press = True
        elif opt == "run-on-illegal":
            pause_illegal = False
        else:
            raise ClockError("clock option %r unknown (known: press, run-on-illegal)" % opt)
    where = "clock %s" % spec.strip()
    if name == "ing":
        if not args:
            return Spec(ING, ING_MAIN_S, ING_MAIN_S // ING_PART, ING_PERIODS, points=ING_POINTS,
                        press=press, pause_illegal=pause_illegal)
        main, plus, rest = args.partition("+")
        m = _seconds(main, where)
        if not plus:
            per = m // ING_PART
            if per < 1:
                raise ClockError("%s: main time too short for Ing periods (a sixth of it)" % where)
            return Spec(ING, m, per, ING_PERIODS, points=ING_POINTS, press=press,
                        pause_illegal=pause_illegal)
        rest, at, pts = rest.partition("@")
        n, x, per = rest.partition("x")
        if not x:
            raise ClockError("%s: Ing overtime is PERIODSxSECONDS[@POINTS], e.g. 3x2100@2"
                             % where)
        return Spec(ING, m, _period(per, where), _count(n, where + ": periods", 1, 99),
                    points=_count(pts, where + ": points", 0, 99) if at else ING_POINTS,
                    press=press, pause_illegal=pause_illegal)
    if name not in SYSTEMS:
        raise ClockError("unknown time system %r (known: %s)" % (name, ", ".join(SYSTEMS)))
    if not args:
        raise ClockError("%s: the times are missing (e.g. %s)" % (where, EXAMPLES[name]))
    main, plus, rest = args.partition("+")
    m = _seconds(main, where)
    if name == "absolute":
        if plus:
            raise ClockError("%s: absolute time is one time, e.g. absolute:900" % where)
        if m < 1:
            raise ClockError("%s: absolute time must be at least 1 s" % where)
        return Spec(ABSOLUTE, m, press=press, pause_illegal=pause_illegal)
    if not plus:
        raise ClockError("%s: the overtime is missing (e.g. %s)" % (where, EXAMPLES[name]))
    if name == "byoyomi":
        n, x, per = rest.partition("x")
        if not x:
            raise ClockError("%s: byo-yomi is MAIN+PERIODSxSECONDS, e.g. byoyomi:600+3x30"
                             % where)
        return Spec(BYOYOMI, m, _period(per, where), _count(n, where + ": periods", 1, 99),
                    press=press, pause_illegal=pause_illegal)
    if name == "canadian":
        k, slash, per = rest.partition("/")
        if not slash:
            raise ClockError("%s: Canadian is MAIN+MOVES/SECONDS, e.g. canadian:600+20/300"
                             % where)
        return Spec(CANADIAN, m, _period(per, where), moves=_count(k, where + ": moves", 1, 999),
                    press=press, pause_illegal=pause_illegal)
    inc = _seconds(rest, where)
    if m < 1:
        raise ClockError("%s: Fischer main time must be at least 1 s" % where)
    return Spec(FISCHER, m, inc=inc, press=press, pause_illegal=pause_illegal)


EXAMPLES = {"absolute": "absolute:900", "byoyomi": "byoyomi:600+3x30",
            "canadian": "canadian:600+20/300", "fischer": "fischer:300+10",
            "ing": "ing:12600+3x2100@2"}


def _period(tok, where):
    s = _seconds(tok, where)
    if s < 1:
        raise ClockError("%s: an overtime period must be at least 1 s" % where)
    return s
