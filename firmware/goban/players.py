"""Who plays and what the game is: names, ranks, event, round, the table in the hall.

The host sets them at the board (`goboard new --black ... --white ...`, a hall's
pairing file handed out by the relay, the link's `players` request); the board
logs them with the game (in its game-start event, or a `players` event when
they come during the game), so every feed and the SGF carry them. One check
serves the board and the host: texts of bounded length (the board keeps them
in RAM and in every game-start record), no control characters, ranks as Go
players write them (30k..1k, 1d..9d, 1p..9p).
"""

FIELDS = ("black", "white", "black_rank", "white_rank", "event", "round", "table")
MAX_TEXT = 60        # characters of a name, event or round


def rank_ok(r):
    """'5d', '12k', '9p' (case as given), or '' for unknown."""
    if r == "":
        return True
    if len(r) < 2 or r[-1].lower() not in "kdp":
        return False
    num = r[:-1]
    for ch in num:
        if not "0" <= ch <= "9":
            return False
    n = int(num)
    return 1 <= n <= (30 if r[-1].lower() == "k" else 9)


def check(d):
    """The players/game fields of a request or the command line: a dict of
    the known fields that are given (text). ValueError naming the first bad one."""
    out = {}
    for k in d:
        if k not in FIELDS:
            raise ValueError("unknown game field %r (known: %s)" % (k, ", ".join(FIELDS)))
    for k in FIELDS:
        v = d.get(k)
        if v is None:
            continue
        if not isinstance(v, str):
            raise ValueError("%s must be text, not %r" % (k, v))
        v = v.strip()
        if len(v) > MAX_TEXT:
            raise ValueError("%s is longer than %d characters" % (k, MAX_TEXT))
        for ch in v:
            if ord(ch) < 32 or ord(ch) == 127:
                raise ValueError("%s holds a control character" % k)
        if k.endswith("_rank") and not rank_ok(v):
            raise ValueError("%s %r is not a rank like 5d, 12k or 9p" % (k, v))
        out[k] = v
    return out
