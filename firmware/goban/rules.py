"""The rules record: every rule system of RULES.md is a value of this record.

One small record of options (the model is KataGo's `Rules`), so the referee
and the counter never branch on a rule system's *name*, only on its options.
Where a source text is silent the modern Chinese rules are followed.

A handicap game has a komi of its own (`handicap_komi`, RULES.md): 0 under the
area rules with the modern Chinese compensation of N/2 stones (N points) to
white (seed 004's 近代数子法: 让几子还一半, no komi), and under Japanese rules
and the Tang-Song counting (seed 004: 填空法 gives nothing back, equal is a
draw); AGA gives 0.5 plus N - 1 points. Ing, New Ing, 计枰点, 计活子 and
Tromp-Taylor say nothing of handicap games, so they follow the modern Chinese
rules (for Ing that is also the AGA's reading of the SST laws, Kim, Simon and
Straus: white receives N points); Ming-Qing gives N stones back.

Handicap stones go anywhere black likes (`free_handicap`: the modern Chinese
rules, Ing's SST laws, New Zealand's, and the systems silent on it) or, where
the rules or their tradition fix them, on the star points: Japanese, AGA, and
the old Chinese counts' 座子 (seed 002: 让子棋大多仍有座子).
"""

from goban.compat import const

BLACK = const(1)
WHITE = const(2)

# suicide
SUICIDE_FORBIDDEN = const(0)
SUICIDE_MULTI = const(1)       # a multi-stone suicide is legal, a single stone is not
SUICIDE_ANY = const(2)         # New Ing / Tromp-Taylor: any suicide is legal

# ko
KO_SIMPLE = const(0)
KO_POSITIONAL = const(1)       # positional superko
KO_SITUATIONAL = const(2)      # situational superko
KO_GENERALIZED = const(3)      # 计活子 第十三条: board + pass stones + player to move
KO_ING = const(4)              # 劫分争搅: hot stones, disturbing side, pass stone in between
KO_NOOP = const(5)             # New Ing: nothing forbidden, repeats are no-ops
KO_CYCLES_VOID = const(6)      # simple ko; an unbroken cycle ends with no result

# what a pass is
PASS_PLAIN = const(0)
PASS_STONE = const(1)          # a stone is put outside the board
PASS_ABANDON_STONE = const(2)  # 计活子: abandon (no stone) or pass stone

# end of play
END_TWO_PASSES = const(0)
END_WHITE_LAST = const(1)      # AGA: two passes, white passed last
END_ING = const(2)             # two passes pause, four end
END_TWO_NOOPS = const(3)       # New Ing
END_TWO_ABANDONS = const(4)    # 计活子
END_EVEN_MOVES = const(5)      # Tang-Song: two passes once both sides moved equally often

# scoring
SCORE_AREA = const(0)
SCORE_TERRITORY = const(1)
SCORE_ING = const(2)           # area by fill counting, 180 stones each
SCORE_NEW_ING = const(3)       # area, 184¼, 荒空 loses
SCORE_LIVING = const(4)        # 计活子: living stones
SCORE_TANG_SONG = const(5)     # 路 with group tax
SCORE_MING_QING = const(6)     # area with group tax (还块子)

# tax
TAX_NONE = const(0)
TAX_SEKI = const(1)            # territory in seki counts for nobody
TAX_GROUP = const(2)           # each block pays two eye points (Tang-Song) / one (Ming-Qing)

# handicap compensation
HCOMP_NONE = const(0)
HCOMP_HALF_STONES = const(1)   # modern Chinese: N/2 stones (N points)
HCOMP_STONES = const(2)        # Ming-Qing: N stones
HCOMP_N_MINUS_1_POINTS = const(3)  # AGA

# the unit a system reports its margin in
UNIT_POINTS = "points"
UNIT_STONES = "stones"
UNIT_LU = "lu"  # 路, Tang-Song


class Rules:
    """One rule system as data. `komi` is always in points, as SGF's KM and the
    command line give it; a system that counts in stones takes it at 1 stone =
    2 points, and a 路 (Tang-Song) is a point. Values from `get()` are shared:
    never assign to their fields, make a variant with `copy()`."""

    __slots__ = ("id", "name", "sgf_name", "first", "suicide", "ko", "passes",
                 "end", "scoring", "tax", "komi", "handicap_comp", "draws",
                 "black_wins_ties", "last_move_pays", "dead_agreement",
                 "takeback", "unit", "bowl_stones", "handicap_komi",
                 "free_handicap")

    def __init__(self, id, name, sgf_name, first=BLACK, suicide=SUICIDE_FORBIDDEN,
                 ko=KO_SITUATIONAL, passes=PASS_PLAIN, end=END_TWO_PASSES,
                 scoring=SCORE_AREA, tax=TAX_NONE, komi=7.5,
                 handicap_comp=HCOMP_NONE, draws=True, black_wins_ties=False,
                 last_move_pays=False, dead_agreement=True, takeback=True,
                 unit=UNIT_POINTS, bowl_stones=0, handicap_komi=0, free_handicap=True):
        self.id = id
        self.name = name
        self.sgf_name = sgf_name
        self.first = first
        self.suicide = suicide
        self.ko = ko
        self.passes = passes
        self.end = end
        self.scoring = scoring
        self.tax = tax
        self.komi = komi
        self.handicap_comp = handicap_comp
        self.draws = draws
        self.black_wins_ties = black_wins_ties
        self.last_move_pays = last_move_pays
        self.dead_agreement = dead_agreement
        self.takeback = takeback
        self.unit = unit
        self.bowl_stones = bowl_stones
        self.handicap_komi = handicap_komi
        self.free_handicap = free_handicap

    def copy(self, **changes):
        """A variant of this rule set (another komi, an option switched)."""
        r = Rules(self.id, self.name, self.sgf_name)
        for k in Rules.__slots__:
            setattr(r, k, getattr(self, k))
        for k in changes:
            if k not in Rules.__slots__:
                raise ValueError("unknown rules option: " + k)
            setattr(r, k, changes[k])
        return r

    def as_dict(self):
        d = {}
        for k in Rules.__slots__:
            d[k] = getattr(self, k)
        return d

    def for_game(self, komi=None, handicap=0):
        """The rules of one game: the komi the players set stays theirs; without
        one, a game of 2 or more handicap stones takes the system's handicap
        komi (its compensation is added at the count), an even game its komi."""
        if komi is None and handicap >= 2:
            komi = self.handicap_komi
        return self.copy(komi=komi) if komi is not None and komi != self.komi else self

    @property
    def uses_pass_stones(self):
        return self.passes != PASS_PLAIN


def _sets():
    return (
        Rules("chinese", "Chinese 2002", "Chinese", ko=KO_SITUATIONAL, komi=7.5,
              handicap_comp=HCOMP_HALF_STONES, draws=False, unit=UNIT_STONES),
        Rules("chinese-1988", "Chinese 1988", "Chinese 1988", ko=KO_POSITIONAL, komi=7.5,
              handicap_comp=HCOMP_HALF_STONES, draws=False, unit=UNIT_STONES),
        Rules("japanese", "Japanese 1989", "Japanese", ko=KO_CYCLES_VOID,
              scoring=SCORE_TERRITORY, tax=TAX_SEKI, komi=6.5, takeback=False,
              free_handicap=False),
        Rules("aga", "AGA", "AGA", ko=KO_SITUATIONAL, passes=PASS_STONE,
              end=END_WHITE_LAST, komi=7.5, handicap_comp=HCOMP_N_MINUS_1_POINTS,
              handicap_komi=0.5, free_handicap=False),
        Rules("ing", "Ing SST", "GOE", suicide=SUICIDE_MULTI, ko=KO_ING,
              passes=PASS_STONE, end=END_ING, scoring=SCORE_ING, komi=8,
              handicap_comp=HCOMP_HALF_STONES, black_wins_ties=True, draws=False, bowl_stones=180),
        Rules("new-ing", "New Ing", "New Ing", suicide=SUICIDE_ANY, ko=KO_NOOP,
              end=END_TWO_NOOPS, scoring=SCORE_NEW_ING, komi=7.5, draws=False,
              handicap_comp=HCOMP_HALF_STONES,
              unit=UNIT_STONES),
        Rules("jipingdian", "Jipingdian (计枰点)", "Jipingdian", ko=KO_SITUATIONAL,
              komi=7.5, last_move_pays=True, draws=False, unit=UNIT_STONES,
              handicap_comp=HCOMP_HALF_STONES,
              bowl_stones=180),
        Rules("living-stones", "Living stones (计活子 2012)", "Living stones",
              first=WHITE, suicide=SUICIDE_MULTI, ko=KO_GENERALIZED,
              passes=PASS_ABANDON_STONE, end=END_TWO_ABANDONS,
              scoring=SCORE_LIVING, komi=0, unit=UNIT_STONES,
              handicap_comp=HCOMP_HALF_STONES),
        Rules("tang-song", "Tang-Song (唐宋填空法)", "Tang-Song", first=WHITE,
              ko=KO_CYCLES_VOID, passes=PASS_STONE, end=END_EVEN_MOVES,
              scoring=SCORE_TANG_SONG, tax=TAX_GROUP, komi=0, unit=UNIT_LU,
              free_handicap=False),
        Rules("ming-qing", "Ming-Qing (明清数子法)", "Ming-Qing", first=WHITE,
              ko=KO_CYCLES_VOID, scoring=SCORE_MING_QING, tax=TAX_GROUP, komi=0,
              handicap_comp=HCOMP_STONES, unit=UNIT_STONES, free_handicap=False),
        Rules("tromp-taylor", "Tromp-Taylor", "NZ", suicide=SUICIDE_ANY,
              ko=KO_POSITIONAL, komi=7.5, dead_agreement=False,
              handicap_comp=HCOMP_HALF_STONES),
    )


RULE_IDS = ("chinese", "chinese-1988", "japanese", "aga", "ing", "new-ing",
            "jipingdian", "living-stones", "tang-song", "ming-qing", "tromp-taylor")


_cache = {}  # type: dict


def get(rules_id, **changes):
    """The named rule set, with options changed (for example komi=6.5).

    Without changes every call returns the same shared value: treat it as
    read-only (`copy(**changes)` or `get(id, **changes)` make a variant). Only
    the sets asked for stay in RAM: a miss builds the table once, keeps the one
    it wanted and lets the rest go."""
    r = _cache.get(rules_id)
    if r is None:
        for s in _sets():
            if s.id == rules_id:
                r = _cache[rules_id] = s
                break
        else:
            raise ValueError("unknown rules: %s (known: %s)" % (rules_id, ", ".join(RULE_IDS)))
    return r.copy(**changes) if changes else r


def bowl_stones(size, rules=None):
    """Stones in each bowl at the start under Ing (查子): (points - 1) / 2, 180 on 19x19."""
    if rules is not None and size == 19 and rules.bowl_stones:
        return rules.bowl_stones
    return (size * size - 1) // 2
