"""Positions the counting tests share: the seeds' figures as text rows (top row
first, SGF order; X black, O white), and the eight symmetries of a position.

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
