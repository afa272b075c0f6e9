"""Every repetition rule against whole boards: Game.play's scans look at a bounded
stretch of the history (no earlier board with fewer stones can come back), and
these random games check that the bound never hides a repetition.

The oracle keeps every position as a whole board (sgfmill's, which plays the
captures) with its player to move, and says for each try what the rules make of
it: refused (positional superko: any earlier board; situational: any earlier
board with the same player to move; suicide where forbidden), or played and
flagged (New Ing's no-op: any earlier board; Japanese cycles: the same board and
player to move). Small boards, random points, passes, pass stones and
takebacks mixed in, setup stones in some games, so captures and repeats are
frequent.
"""

import random

import pytest
from sgfmill import boards

from goban import rules as R
from goban.board import BLACK, WHITE
from goban.game import Game, F_NOOP, F_REPEAT

SGF_COLOUR = {BLACK: "b", WHITE: "w"}


class Oracle:
    """The history as whole boards: positions[i] = (board after move i, player to move)."""

    def __init__(self, g, black, white):
        b = boards.Board(g.size)
        for p in black:
            x, y = g.board.xy(p)
            b.play(y, x, "b")
        for p in white:
            x, y = g.board.xy(p)
            b.play(y, x, "w")
        self.g = g
        self.positions = [(b, g.to_move())]

    @staticmethod
    def snap(b):
        return tuple(b.get(r, c) for r in range(b.side) for c in range(b.side))

    def after(self, color, p):
        """The board after `color` plays p, and whether the stone took itself off."""
        b = self.positions[-1][0].copy()
        x, y = self.g.board.xy(p)
        b.play(y, x, SGF_COLOUR[color])
        return b, b.get(y, x) is None

    def repeats(self, b, to_move, same_player):
        s = self.snap(b)
        return any(self.snap(ob) == s and (not same_player or tm == to_move)
                   for ob, tm in self.positions)


def random_game(rng, rules_id, size, tries):
    """Plays random tries; returns (repetitions refused, repetitions flagged)."""
    rules = R.get(rules_id)
    g = Game(rules, size=size, capacity=16)     # small: the arrays grow in play too
    black, white = [], []
    pts = list(g.board.points())
    if rng.random() < 0.4:
        for p in rng.sample(pts, rng.randint(1, size)):
            (black if rng.random() < 0.6 else white).append(p)
        g.setup(black=black, white=white)
    o = Oracle(g, black, white)
    refused = flagged = far = 0
    recent = []
    played = []     # the points of the moves and passes (None) of the history
    for _ in range(tries):
        if g.over:
            break
        color = g.to_move()
        r = rng.random()
        if r < 0.04 and g.n:
            assert g.undo()
            o.positions.pop()
            played.pop()
            continue
        if r < 0.09:
            if rng.random() < 0.5 or rules.passes == R.PASS_PLAIN:
                code = g.pass_move(color)
            else:
                code = g.pass_stone(color)
            if code is None:
                o.positions.append((o.positions[-1][0], 3 - color))
                played.append(0)
            continue
        # mostly empty points, and often one a recent capture emptied: retakes
        # and the cycles they start
        hot = [q for q in recent if o.positions[-1][0].get(g.board.xy(q)[1], g.board.xy(q)[0])
               is None]
        again = [played[-j] for j in (4, 6) if len(played) >= j
                 and g.board.cells[played[-j]] == 0]
        if again and rng.random() < 0.4:
            p = rng.choice(again)       # what this side played a cycle ago
        elif hot and rng.random() < 0.5:
            p = rng.choice(hot)
        elif rng.random() < 0.1:
            p = rng.choice(pts)
        else:
            p = rng.choice([q for q in pts if g.board.cells[q] == 0] or pts)
        x, y = g.board.xy(p)
        occupied = o.positions[-1][0].get(y, x) is not None
        n = g.n
        code = g.play(color, p)
        if occupied:
            assert code == "occupied"
            continue
        b, suicide = o.after(color, p)
        if suicide and rules.suicide == R.SUICIDE_FORBIDDEN:
            assert code == "suicide", (rules_id, n, p)
            continue
        ko = rules.ko
        if ko in (R.KO_POSITIONAL, R.KO_SITUATIONAL):
            rep = o.repeats(b, 3 - color, ko == R.KO_SITUATIONAL)
            if rep:
                assert code in ("ko", "superko"), (rules_id, n, p, code)
                refused += 1
                far += code == "superko"
                assert g.n == n
                continue
        elif ko in (R.KO_SIMPLE, R.KO_CYCLES_VOID) and n:
            # the immediate retake: the board before the opponent's last move
            if o.snap(b) == o.snap(o.positions[-2][0]):
                assert code == "ko", (rules_id, n, p, code)
                refused += 1
                continue
        if code is not None:
            # only what the oracle leaves to the rules' other parts: a multi-stone
            # suicide's size, the generalized and Ing rules (not checked here)
            assert code in ("suicide", "disturbing-ko", "ko"), (rules_id, n, p, code)
            continue
        assert g.n == n + 1
        f = g.flags[g.n]
        if ko == R.KO_NOOP:
            noop = o.repeats(b, 3 - color, False)
            assert bool(f & F_NOOP) == noop, (rules_id, n, p)
            flagged += noop
        elif ko == R.KO_CYCLES_VOID:
            rep = o.repeats(b, 3 - color, True)
            assert bool(f & F_REPEAT) == rep, (rules_id, n, p)
            flagged += rep
        o.positions.append((b, 3 - color))
        played.append(p)
        recent = (g.last_capture() + [p] + recent)[:8]
    return refused, flagged, far


@pytest.mark.parametrize("rules_id", ["chinese", "chinese-1988", "tromp-taylor", "new-ing",
                                      "japanese"])
def test_repetitions_are_found_as_whole_boards_find_them(rules_id):
    rng = random.Random(24 + R.RULE_IDS.index(rules_id))
    refused = flagged = far = 0
    for k in range(60):
        a, b, c = random_game(rng, rules_id, (4, 5, 7)[k % 3], 300)
        refused += a
        flagged += b
        far += c
    print(rules_id, "refused", refused, "of them superko", far, "flagged", flagged)
    # the games must have met repetitions, or they test nothing
    assert refused + flagged >= 20, (refused, flagged)


def ko_after_passes(rules_id):
    """Black takes a ko, both pass (play resumed with white to move), white
    retakes: the board of the setup again, with black to move again, as far back
    as the scans' bound lets them look (four moves: two passes, two stones taken)."""
    g = Game(R.get(rules_id), size=4)
    b = g.board
    black = [b.point(x, y) for x, y in ((1, 0), (0, 1), (1, 2))]
    white = [b.point(x, y) for x, y in ((1, 1), (2, 0), (3, 1), (2, 2))]
    g.setup(black=black, white=white, to_move=BLACK)
    assert g.play(BLACK, b.point(2, 1)) is None
    assert g.last_removed == 1
    assert g.pass_move(WHITE) is None
    assert g.pass_move(BLACK) is None
    g.play_on(first=WHITE)
    assert not g.over and g.to_move() == WHITE
    return g.play(WHITE, b.point(1, 1))


def test_a_retake_after_passes_meets_the_board_it_repeats():
    assert ko_after_passes("chinese-1988") == "superko"     # positional
    assert ko_after_passes("chinese") == "superko"          # situational
    assert ko_after_passes("japanese") is None              # simple ko: not the board before
