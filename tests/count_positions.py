"""Positions the counting tests share: the seeds' figures as text rows (top row
first, SGF order; X black, O white), the eight symmetries of a position, a
position as an SGF with setup stones, figure 5's count in every system, and
issue 12's seki rule read plainly (with sets) to check the counter's against.

Seed 003 writes its diagrams with the bottom row last, columns a.. from the
left, so rows here are the diagram's lines in order.
"""

from goban.game import Game

# seed 003, 图三: the ideal final position (两溢局面)
FIG3 = [".X.XXO.",
        "XXXXO.O",
        "XXXOOOO",
        "XXXXOXO",
        "OOOXXXX",
        "OO.OOXX",
        ".OOOOOX"]

# seed 003, 图五: the same game before filling; white first, 21 moves each, one
# prisoner each; the black stone on c2 (SGF 'cf') is dead
FIG5 = [".X.XXO.",
        ".XXXO.O",
        "..XOOOO",
        "XXXXOXO",
        "OOOXXXX",
        "O.XOOXX",
        ".OOOOOX"]
FIG5_DEAD = ["cf"]
# the count of 图五 (komi 0, one prisoner each) in every system: (result, black, white)
AREA = ("chinese", "chinese-1988", "aga", "ing", "jipingdian", "tromp-taylor")
EXPECTED_FIG5 = {r: ("W+1", 24, 25) for r in AREA}
EXPECTED_FIG5.update({
    "living-stones": ("B+1", 22, 21),    # the seed: 22 living stones against 21
    "new-ing": ("W+8.5", 24, 25),        # 7x7: black needs more than 24.5 + 3.75
    "ming-qing": ("B+1", 25, 24),        # each side gives one eye point per block
    "japanese": ("W+1", 6, 7),           # territory 5 + 1 prisoner, 5 + 2
    "tang-song": ("B+1", 1, 0),          # 5 - 2 eyes - 2 held; 5 - 4 eyes - 1 held
})

# seed 003, 中国古谱「一气双活图」 (bottom-left of a 9x9 board, two empty rows added on top)
ONE_LIBERTY_SEKI = [".........",
                    ".........",
                    "OOOOO....",
                    "XXXXO....",
                    "OO.XOO...",
                    ".OXXXO...",
                    "XOXOXOOO.",
                    "XOXOXOXO.",
                    "XOXO.XXO."]

# seed 003, 中国古谱「四气双活图」 (7x7)
FOUR_LIBERTY_SEKI = ["OOXXOO.",
                     "OX..XO.",
                     "OX..XO.",
                     "OXOOXO.",
                     "OXXXXO.",
                     "OOOOOO.",
                     "......."]

# seed 003, 「一眼净活图」 (9x9; the upper walls are extended to the top edge so
# the rest of the board is settled territory)
ONE_EYE_LIFE = ["...XO....",
                "...XO....",
                "...XO....",
                "...XO....",
                "...XO....",
                "XXXXOOOOO",
                "OOOOXXXXX",
                "XXXO.X.OO",
                ".XOO.XXOO"]

# seed 004, 图七: a seki in the Tang-Song reading (top of a 19x19 board); white
# may fill one point of each of its two eyes (图八: white 2 路, black none)
TANG_SONG_SEKI = ["." + "XOO.O.X.O.OOX" + "." * 5,
                  "." + "XXO.OOXOO.OXX" + "." * 5,
                  ".." + "XXOOOOXOOXX" + "." * 6,
                  "..." + "XXXXXXXX" + "." * 8] + ["." * 19] * 15


def game_of(rows, rules="chinese", captures=(0, 0)):
    """A Game whose board shows `rows` (setup stones, no moves)."""
    g = Game(rules, size=len(rows))
    g.board.load_rows(rows)
    g.captures[1], g.captures[2] = captures
    return g


def transform_point(x, y, n, k):
    """(x, y) under symmetry k (0..7) of an n x n board."""
    if k & 4:
        x, y = y, x
    if k & 1:
        x = n - 1 - x
    if k & 2:
        y = n - 1 - y
    return x, y


def transform_rows(rows, k):
    n = len(rows)
    out = [["."] * n for _ in range(n)]
    for y in range(n):
        for x in range(n):
            tx, ty = transform_point(x, y, n, k)
            out[ty][tx] = rows[y][x]
    return ["".join(r) for r in out]


def transform_sgf(points, n, k):
    out = []
    for s in points:
        x, y = ord(s[0]) - 97, ord(s[1]) - 97
        tx, ty = transform_point(x, y, n, k)
        out.append(chr(97 + tx) + chr(97 + ty))
    return out

# a black chain with one eye (a9) in the corner lives by connecting at b7 (or
# a7): points white's c7 also touches (单官 black must fill): not seki. The
# black group below has three eyes; white's wall owns the right of the board.
CONNECTED_BY_DAME = [".XO......",
                     "XXO......",
                     "..O......",
                     "XXO......",
                     ".XO......",
                     "XXO......",
                     "X.XO.....",
                     "XXXO.....",
                     "..XO....."]

# an unfilled 单官 in white's wall: black's c5 faces white's area through d5
# (goban.mouths.open_mouths): d5 is dame, the 45 points right of the wall white's
OPEN_MOUTH = ["..XO.....",
              "..XO.....",
              "..XO.....",
              "..XO.....",
              "..X......",
              "..XO.....",
              "..XO.....",
              "..XO.....",
              "..XO....."]

# seed 004, 图九 (top left of a 19x19 board, the rest empty): white's top group
# (seven empty points in six eyes) shares the liberty a17 with the black group
# around a15 (one eye); A (g19) is where black could throw in. 图十 marks the six
# points white can fill and still live ('A'): 白方可占领A位六点,不影响棋的生存,故白
# 有六路;黑方无点可填,黑无路.
FIG9 = ["." + "O.O.O..O.O.OX" + "." * 5,
        "OXOOOXOOXOOOOX" + "." * 5,
        ".XOXXXXXXXXXXX" + "." * 5,
        "XXXO" + "." * 15,
        ".XOO" + "." * 15,
        "XXO" + "." * 16,
        "OOO" + "." * 16] + ["." * 19] * 12
FIG10_A = ["aa", "ca", "ea", "ga", "ha", "ja"]   # the six A points of 图十


def blocks_of(rows):
    """(board, {first point's SGF name: block}) of a position (goban.regions)."""
    from goban.regions import Regions
    g = game_of(rows)
    rg = Regions(len(rows))
    rg.load(g.board.cells)
    rg.run()
    return g.board, {g.board.sgf(b["point"]): b for b in rg.blocks()}


def random_rows(rng, size, alphabet="XXXXOOOO.."):
    """A random position (busy boards with many small blocks and seki)."""
    return ["".join(rng.choice(alphabet) for _ in range(size)) for _ in range(size)]


def setup_sgf(rows, extra="", moves="", komi=None):
    ab, aw = [], []
    for y, row in enumerate(rows):
        for x, ch in enumerate(row):
            s = chr(97 + x) + chr(97 + y)
            if ch == "X":
                ab.append(s)
            elif ch == "O":
                aw.append(s)
    km = "KM[%s]" % komi if komi is not None else ""
    return ("(;GM[1]FF[4]SZ[%d]%sAB%sAW%s%s%s)"
            % (len(rows), km, "".join("[%s]" % s for s in ab), "".join("[%s]" % s for s in aw),
               extra, moves))


def plain_seki(board, rg):
    """issue 12's seki rule read plainly, with sets: the blocks in seki."""
    info = {k: blk for k, blk in enumerate(rg.blocks(), 1)}
    cells, W = board.cells, board.W
    dame = {p for p in board.points()
            if cells[p] == 0 and rg.rinfo[(rg.rid[p] << 3) + 1] == 3}

    def stone_neighbours(p):
        return [q for q in (p - 1, p + 1, p - W, p + W) if cells[q] in (1, 2)]

    borders = {}       # dame region -> blocks next to it
    near = {}          # block -> dame regions next to its stones
    for p in dame:
        r = rg.rid[p]
        for q in stone_neighbours(p):
            borders.setdefault(r, set()).add(rg.bid[q])
            near.setdefault(rg.bid[q], set()).add(r)
    seki = {k for k, blk in info.items()
            if k in near and blk["eyes"] < 2 and blk["largest_eye"] < 3}
    while True:
        let_go = set()
        for k in seki:
            col = info[k]["color"]
            around = set().union(*(borders[r] for r in near[k]))
            living = {j for j in around if j not in seki}
            if info[k]["territory"]:
                if any(info[j]["color"] == col for j in living):
                    let_go.add(k)
            elif living or not any(info[j]["color"] != col for j in around):
                let_go.add(k)
        if not let_go:
            return seki
        seki -= let_go
