"""Two printed historical games of seed 004 (三、近代数子法, lines 247-337 of
../shared/seeds/004_e3b75dfa2864c069.txt), counted from the seed's own diagrams.
The diagrams are read from the seed file at test time.

高部道平 gives 张乐山 two stones, 1910 (lines 255-289, diagram lines 257-275).
The notes: 还白二子 (black gives back its 2 handicap stones), the 单官 are filled,
白石95、白地87、计182;黑石102、黑地77、计179. The editor reads the printed
"白三目半胜" as white winning by 3½ stones under 明清数子法 (with 还块子), and says
高部 recounted in Japanese and got white by 5 目.
The diagram prints the six white stones captured in play (db, pc, qc, bg, lr, mr:
chains with no liberty), as a diagram of the whole record does. Without them the
board has no dame; GNU Go (final_status_list dead) calls black lc and white rb
dead. Then ming-qing with a handicap of 2 gives black 102 + 77 = 179, white
94 + 88 = 182: both sides have two blocks, so the block tax cancels, and the
result is white by 3½ stones ("W+7": SGF results are in points). Modern
Chinese (1 stone back) and Japanese both give W+5. For Japanese the prisoners
are the six printed captured stones plus the dead stones. Not reproduced: the
seed splits white's 182 as 95 stones + 87 territory; the diagram gives 94 + 88.

铃木为次郎 gives 方金题 three stones, 1921 (lines 305-309, diagram lines 311-329).
After move 246, 单官 not filled (单官请读者自填). 白先黑收后,黑盘面182子,还白1又1/2子,
各得180又1/2子,和棋. Black has two blocks, white five (no 还块子 any more). By the
Japanese method both have 40 目. GNU Go calls white me and black jq dead.
White's lower-right area is open to black's po and qo through pn and qn. Read
by reach alone (Tromp-Taylor) the whole 18-point area is dame and the diagram
counts B+16; read as a player reads it (goban.mouths.open_mouths), pn and qn
are 单官 and the other 16 points are white's. That gives 26 单官; with 13 for
each side, black has 169 + 13 = 182 and it is a draw, on the raw diagram and
once black pn and white qn are played (one 单官 each) and white seals with on
and pm inside its own area. With all 26 单官 filled, 13 each,
plus the forced connections (a filled 单官 that puts a chain in atari forces its
owner to connect inside its own area), the count is still a draw, with black's
2 blocks and white's 5. Japanese needs the prisoners, which the diagram does not
show. Black has 3 + 123 = 126 stones played and 120 on the board; white has
123 played and 120 on the board. So white took 6 and black 3. With the dead
stones, and the prisoners put back into the opponent's area (填空法), black has
47 - 7 = 40 (seed: 40), white 41 - 4 = 37 (seed: 40, a strict xfail: which
side fills which 单官, and so the forced connections, is this test's guess). On
the raw diagram, before any forced connection, both have 43: even, a draw.
"""

import pytest

from goban.count import count
from count_positions import game_of

from gtp import GTP
from conftest import REPO

SEED = REPO.parent / "shared" / "seeds" / "004_e3b75dfa2864c069.txt"
BOARD_CHARS = set("●○┼├┤┌┐└┘┬┴╋")
GTP_COLUMNS = "ABCDEFGHJKLMNOPQRST"

# 高部 - 张乐山: GNU Go's dead stones on the final position (M17, S18)
TAKABE_CAPTURED = {"db", "pc", "qc", "bg", "lr", "mr"}   # white, printed with no liberty
TAKABE_DEAD = ["lc", "rb"]                               # black lc, white rb
# 铃木 - 方金题: GNU Go's dead stones (N15, K3)
SUZUKI_DEAD = ["me", "jq"]                               # white me, black jq
SUZUKI_MOVES, SUZUKI_HANDICAP = 246, 3                   # white first: 123 moves each
# the mouth of white's lower-right area: black pn and white qn, one 单官 each; white's
# on and pm seal the area against pn (inside white's own area: no change in area)
MOUTH_BLACK, MOUTH_WHITE = ["pn"], ["qn", "on", "pm"]
# the other 24 单官, 12 each, and the forced connections inside one's own area.
# Only black may fill ns, ep, gs and hm: white there puts its own chain in atari
# and loses it. Each of them forces white to connect (qs, gp, is, ho). Only white
# may fill ao, and it forces black ar. White ac forces black ae. White ab puts
# black's aa-ba in atari and forces black ca. Black jf joins black's top group to
# its right side (the seed's two black blocks). The rest are plain 单官.
FILL_BLACK = ["aa", "ep", "gs", "hm", "ns", "gd", "hd", "id", "ik", "jf", "lp", "mo"]
FILL_WHITE = ["ab", "ac", "ao", "il", "ee", "ic", "jd", "ke", "kf", "kn", "no", "oj"]
FORCED_BLACK = ["ca", "ae", "ar"]
FORCED_WHITE = ["qs", "gp", "is", "ho"]


# --- the diagrams ------------------------------------------------------------------

def seed_diagrams():
    """{first line number: rows} of every 19x19 diagram in the seed (X black, O white)."""
    if not SEED.is_file():
        pytest.fail("the seed text %s is missing (it sits in ../shared/seeds/ beside the "
                    "repository)" % SEED)
    lines = SEED.read_text(encoding="utf-8").splitlines()
    found = {}
    i = 0
    while i < len(lines):
        j = i
        while j < len(lines) and len(lines[j].strip()) == 19 \
                and set(lines[j].strip()) <= BOARD_CHARS:
            j += 1
        if j - i == 19:
            found[i + 1] = ["".join("X" if c == "●" else "O" if c == "○" else "."
                                    for c in line.strip()) for line in lines[i:j]]
        i = max(j, i + 1)
    return found, lines


def diagram_after(marker):
    """The first 19x19 diagram after the seed line holding `marker`: (line number, rows)."""
    found, lines = seed_diagrams()
    at = [n for n, line in enumerate(lines, 1) if marker in line]
    assert at, "no line of %s holds %r" % (SEED.name, marker)
    after = [n for n in sorted(found) if n > at[0]]
    assert after, "no 19x19 diagram after line %d of %s" % (at[0], SEED.name)
    return after[0], found[after[0]]


def takabe_diagram():
    return diagram_after("第一谱日本高部道平四段让中国张乐山二子")


def suzuki_diagram():
    return diagram_after("这里试举日本铃木为次郎让中国方金题三子局")


def xy(name):
    return ord(name[0]) - 97, ord(name[1]) - 97


def sgf(x, y):
    return chr(97 + x) + chr(97 + y)


def put(rows, names, ch):
    """`rows` with `ch` ('X', 'O' or '.') at the SGF points `names`."""
    grid = [list(r) for r in rows]
    for name in names:
        x, y = xy(name)
        grid[y][x] = ch
    return ["".join(r) for r in grid]


def chains(rows):
    """[(colour, set of SGF points, set of liberties)] of every chain on `rows`."""
    n = len(rows)
    seen = set()
    out = []
    for y in range(n):
        for x in range(n):
            c = rows[y][x]
            if c == "." or (x, y) in seen:
                continue
            stack, stones, libs = [(x, y)], set(), set()
            seen.add((x, y))
            while stack:
                px, py = stack.pop()
                stones.add(sgf(px, py))
                for qx, qy in ((px + 1, py), (px - 1, py), (px, py + 1), (px, py - 1)):
                    if 0 <= qx < n and 0 <= qy < n:
                        d = rows[qy][qx]
                        if d == ".":
                            libs.add(sgf(qx, qy))
                        elif d == c and (qx, qy) not in seen:
                            seen.add((qx, qy))
                            stack.append((qx, qy))
            out.append((c, stones, libs))
    return out


def empty_regions(rows, dead=()):
    """[(colours bordered, e.g. "OX", set of SGF points)] of the empty regions once the
    stones at `dead` are off."""
    rows = put(rows, dead, ".")
    n = len(rows)
    seen = set()
    out = []
    for y in range(n):
        for x in range(n):
            if rows[y][x] != "." or (x, y) in seen:
                continue
            stack, points, border = [(x, y)], set(), set()
            seen.add((x, y))
            while stack:
                px, py = stack.pop()
                points.add(sgf(px, py))
                for qx, qy in ((px + 1, py), (px - 1, py), (px, py + 1), (px, py - 1)):
                    if 0 <= qx < n and 0 <= qy < n:
                        d = rows[qy][qx]
                        if d != ".":
                            border.add(d)
                        elif (qx, qy) not in seen:
                            seen.add((qx, qy))
                            stack.append((qx, qy))
            out.append(("".join(sorted(border)), points))
    return out


def touching(rows, points, ch):
    """The points of `points` next to a stone `ch`."""
    out = set()
    for name in points:
        x, y = xy(name)
        for qx, qy in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
            if 0 <= qx < len(rows) and 0 <= qy < len(rows) and rows[qy][qx] == ch:
                out.add(name)
    return out


def stones(rows, ch):
    return sum(r.count(ch) for r in rows)


def colour_at(rows, name):
    x, y = xy(name)
    return rows[y][x]


def gnugo_status(rows):
    """GNU Go's (dead, seki) stones of the position, as SGF points."""
    with GTP(level=1) as go:
        go.boardsize(19)
        go.clear_board()
        for y, row in enumerate(rows):
            for x, c in enumerate(row):
                if c != ".":
                    vtx = "%s%d" % (GTP_COLUMNS[x], 19 - y)
                    assert go.play("black" if c == "X" else "white", vtx), vtx
        return (from_gtp(go.final_status_list("dead")),
                from_gtp(go.final_status_list("seki")))


def from_gtp(vertices):
    return {sgf(GTP_COLUMNS.index(v[0].upper()), 19 - int(v[1:])) for v in vertices}


# --- 高部道平 - 张乐山 (1910): 明清数子法, 2 stones back -----------------------------------

def takabe_final():
    """The final position: the diagram without the stones captured in play."""
    _, rows = takabe_diagram()
    captured = {p for c, st, libs in chains(rows) if not libs for p in st}
    return put(rows, sorted(captured), "."), captured


def test_takabe_diagram_prints_the_captured_stones():
    line, rows = takabe_diagram()
    assert line == 257
    assert (stones(rows, "X"), stones(rows, "O")) == (103, 101)
    final, captured = takabe_final()
    assert captured == TAKABE_CAPTURED
    assert all(colour_at(rows, p) == "O" for p in captured)
    # the seed's black stones: 103 less the dead lc
    assert stones(final, "X") - 1 == 102


def test_takabe_dead_stones_are_gnugos():
    final, _ = takabe_final()
    dead, seki = gnugo_status(final)
    assert dead == set(TAKABE_DEAD) and not seki
    assert colour_at(final, "lc") == "X" and colour_at(final, "rb") == "O"


def test_takabe_ming_qing_white_by_three_and_a_half_stones():
    final, _ = takabe_final()
    res = count(game_of(final, "ming-qing"), TAKABE_DEAD, "ming-qing", komi=0, handicap=2)
    bd = res.breakdown
    b, w = bd["black"], bd["white"]
    assert bd["dame"] == 0                                   # 收完单官
    # the seed: 黑石102、黑地77、计179; white's total 182
    assert (b["stones"], b["territory"]) == (102, 77)
    assert b["stones"] + b["territory"] == 179
    assert w["stones"] + w["territory"] == 182
    # 还块子: two blocks each, so the tax cancels and the totals stay 179 : 182
    assert (b["blocks"], w["blocks"]) == (2, 2)
    assert (b["total"], w["total"]) == (179, 182)
    # 还白二子: black needs more than 180½ + 2
    assert bd["compensation"] == 4 and bd["black_needs_more_than"] == 182.5
    assert (res.winner, res.margin, res.unit) == ("W", 3.5, "stones")
    assert res.result == "W+7"                               # SGF: in points


@pytest.mark.xfail(strict=True, reason="the diagram gives white 94 stones + 88 points, not the "
                   "seed's 95 + 87. The total is the same (182), so one point of white's area "
                   "is a stone in the seed's count and an empty point on the diagram")
def test_takabe_white_split_as_printed():
    final, _ = takabe_final()
    res = count(game_of(final, "ming-qing"), TAKABE_DEAD, "ming-qing", komi=0, handicap=2)
    w = res.breakdown["white"]
    assert (w["stones"], w["territory"]) == (95, 87)


def test_takabe_modern_chinese_and_japanese_agree_on_white_by_5():
    """高部's Japanese recount: white by 5 目. 近代数子法 (1 stone back for 2) gives the
    same 5 points; 明清数子法 returns a whole stone more (2 points)."""
    final, _ = takabe_final()
    modern = count(game_of(final, "chinese"), TAKABE_DEAD, "chinese", komi=0, handicap=2)
    assert modern.result == "W+5" and modern.margin == 2.5
    # prisoners: the six stones captured in play (by black); the dead stones are added
    japanese = count(game_of(final, "japanese", captures=(len(TAKABE_CAPTURED), 0)),
                     TAKABE_DEAD, "japanese", komi=0, handicap=2)
    assert japanese.result == "W+5"
    jb, jw = japanese.breakdown["black"], japanese.breakdown["white"]
    assert (jb["territory"], jb["prisoners"], jw["territory"], jw["prisoners"]) == (77, 7, 88, 1)
    old = count(game_of(final, "ming-qing"), TAKABE_DEAD, "ming-qing", komi=0, handicap=2)
    assert old.margin_q - modern.margin_q == -8


# --- 铃木为次郎 - 方金题 (1921): 近代数子法, 1½ stones back -----------------------------

def suzuki_counted(rows, rules="chinese", captures=(0, 0)):
    return count(game_of(rows, rules, captures=captures), SUZUKI_DEAD, rules, komi=0,
                 handicap=SUZUKI_HANDICAP)


def suzuki_mouth_closed():
    _, rows = suzuki_diagram()
    return put(put(rows, MOUTH_BLACK, "X"), MOUTH_WHITE, "O")


def suzuki_filled():
    rows = suzuki_mouth_closed()
    rows = put(put(rows, FILL_BLACK + FORCED_BLACK, "X"), FILL_WHITE + FORCED_WHITE, "O")
    return rows


def test_suzuki_diagram():
    line, rows = suzuki_diagram()
    assert line == 311
    assert (stones(rows, "X"), stones(rows, "O")) == (120, 120)
    # no stone captured in play is printed: every chain has a liberty
    assert all(libs for _, _, libs in chains(rows))
    dead, seki = gnugo_status(rows)
    assert dead == set(SUZUKI_DEAD) and not seki
    assert colour_at(rows, "me") == "O" and colour_at(rows, "jq") == "X"


def test_suzuki_unfilled_raw_diagram_is_a_draw():
    """The diagram as printed, 单官 open: 黑盘面182子, less 1½ back, 180½ each. The 26
    单官 are the 24 GNU Go calls dame and the mouth pn, qn of white's lower-right
    area (goban.mouths.open_mouths): its other 16 points are white's."""
    _, rows = suzuki_diagram()
    res = suzuki_counted(rows)
    bd = res.breakdown
    assert bd["dame"] == 26
    assert bd["black"]["total"] == 182 and bd["white"]["total"] == 179
    assert res.winner == "draw" and res.result == "0"


def test_suzuki_raw_diagram_by_reach_alone_is_not_a_draw():
    """Counted by reach alone (Tromp-Taylor's reading of a region: no open mouth),
    white's lower-right area is 18 dame points: black by 16 in modern counting."""
    from goban import rules as R
    _, rows = suzuki_diagram()
    res = count(game_of(rows, "chinese"), SUZUKI_DEAD, R.get("chinese", dead_agreement=False),
                komi=0, handicap=SUZUKI_HANDICAP)
    assert res.breakdown["dame"] == 42
    assert res.result == "B+16"


def test_suzuki_white_area_is_open_at_pn_and_qn():
    """The 18 empty points of white's lower-right area are one region, next to
    black only at pn and qn; the other 24 dame points are 单官."""
    _, rows = suzuki_diagram()
    regions = {frozenset(pts): colours for colours, pts in empty_regions(rows, SUZUKI_DEAD)}
    corner = [pts for pts in regions if "rr" in pts][0]
    assert regions[corner] == "OX" and len(corner) == 18
    assert touching(rows, corner, "X") == {"pn", "qn"}
    dame = set().union(*(pts for pts, colours in regions.items() if colours == "OX"))
    assert len(dame - corner) == 24


def test_suzuki_unfilled_is_a_draw():
    """(a) 单官 not filled, split evenly: 黑盘面182子, less 1½ back, 180½ each. The mouth
    pn/qn is played one each and sealed inside white's area (MOUTH_*), so that the
    count reads the lower-right area as white's."""
    res = suzuki_counted(suzuki_mouth_closed())
    bd = res.breakdown
    assert bd["dame"] == 24                                  # + pn, qn: 26 单官
    assert bd["black"]["total"] == 182 and bd["white"]["total"] == 179
    assert bd["compensation"] == 3                           # 1½ stones, in points
    assert res.winner == "draw" and res.result == "0"


def test_suzuki_filled_is_a_draw():
    """(b) every 单官 filled, 13 each. A forced connection inside one's own area
    turns a territory point into a stone, so the area count does not change."""
    closed = suzuki_mouth_closed()
    regions = empty_regions(closed, SUZUKI_DEAD)
    dame = set().union(*(pts for colours, pts in regions if colours == "OX"))
    assert sorted(FILL_BLACK + FILL_WHITE) == sorted(dame)
    assert len(FILL_BLACK) == len(FILL_WHITE) == 12
    own = {c: set().union(*(pts for colours, pts in regions if colours == c)) for c in "XO"}
    assert set(FORCED_BLACK) <= own["X"] and set(FORCED_WHITE) <= own["O"]
    rows = suzuki_filled()
    for c, st, libs in chains(rows):
        if st != {"me"}:                                     # the dead white stone
            assert len(libs) >= 2, (c, sorted(st), sorted(libs))
    res = suzuki_counted(rows)
    bd = res.breakdown
    assert bd["dame"] == 0
    assert bd["black"]["total"] == 182 and bd["white"]["total"] == 179
    assert res.winner == "draw"
    # 本局黑有两块,白有五块
    assert (bd["black"]["blocks"], bd["white"]["blocks"]) == (2, 5)
    # under ming-qing the block tax and three stones back would make it black's
    old = suzuki_counted(rows, "ming-qing")
    assert old.breakdown["black"]["total"] == 182 - 2 + 5
    assert old.result == "B+3" and old.margin == 1.5


def test_suzuki_filled_count_follows_the_shares():
    """If one 单官 goes to the other side, the result changes: the area count of a
    filled board is decided by how many 单官 each side filled."""
    rows = put(suzuki_filled(), ["oj"], "X")
    res = suzuki_counted(rows)
    assert res.breakdown["black"]["total"] == 183
    assert res.result == "B+2"


def suzuki_prisoners(rows):
    """(captured by black, captured by white), from the moves played and the stones
    on the board: white moved first, 123 moves each, black also had 3 handicap stones."""
    per_side = SUZUKI_MOVES // 2
    by_white = SUZUKI_HANDICAP + per_side - stones(rows, "X")
    by_black = per_side - stones(rows, "O")
    assert by_white >= 0 and by_black >= 0
    return by_black, by_white


def suzuki_japanese():
    _, rows = suzuki_diagram()
    caps = suzuki_prisoners(rows)
    assert caps == (3, 6)
    return suzuki_counted(suzuki_filled(), "japanese", captures=caps)


def test_suzuki_japanese_black_40():
    """(c) 填空法: the opponent's prisoners go back into one's area. Black: 47
    points of territory less white's 6 + 1 (jq)."""
    bd = suzuki_japanese().breakdown
    assert bd["black"]["territory"] - bd["white"]["prisoners"] == 40


@pytest.mark.xfail(strict=True, reason="white has 41 - (3 + 1) = 37. The forced connections "
                   "qs, gp, is, ho and the seal on, pm inside white's area cost 6 points; the "
                   "seed's 40 allows for only 3")
def test_suzuki_japanese_white_40():
    bd = suzuki_japanese().breakdown
    assert bd["white"]["territory"] - bd["black"]["prisoners"] == 40


def test_suzuki_japanese_raw_diagram_is_even():
    """(c) on the diagram as printed (单官 open, no forced connection played yet):
    black and white have the same, 43 each, and the game is a draw by territory
    too (如按日本填空法,黑白地域均为40目: the seed counts after each side's forced
    connections inside its own area)."""
    _, rows = suzuki_diagram()
    res = suzuki_counted(rows, "japanese", captures=suzuki_prisoners(rows))
    bd = res.breakdown
    black = bd["black"]["territory"] - bd["white"]["prisoners"]
    white = bd["white"]["territory"] - bd["black"]["prisoners"]
    assert black == white == 43
    assert res.winner == "draw"
