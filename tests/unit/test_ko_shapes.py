"""Ko, suicide and the end of play on real shapes, one test per shape and rule set.

Each shape is a text diagram ('X' black, 'O' white, '.' empty; the first row is
the top of the board) set up with Game.setup. Every test asserts the code a move
returns and what the game does next. Shapes from seed 003 (计活子): figure 2 (劫)
and the false life (假生图); triple ko; sending two returning one (送二还一);
single- and multi-stone suicide.
"""

import pytest

from goban import rules as R
from goban.board import BLACK, WHITE, EMPTY
from goban.game import Game, F_HOT, F_NOOP, PASS_STONE

B, W = BLACK, WHITE


def setup(rows, rules, to_move, **changes):
    """A game on a square board drawn as rows, with `to_move` to play."""
    rows = [r.replace(" ", "") for r in rows]
    size = len(rows)
    assert all(len(r) == size for r in rows), rows
    g = Game(R.get(rules, **changes) if isinstance(rules, str) else rules, size=size)
    b = g.board
    black = [b.point(x, y) for y in range(size) for x in range(size) if rows[y][x] == "X"]
    white = [b.point(x, y) for y in range(size) for x in range(size) if rows[y][x] == "O"]
    g.setup(black=black, white=white, to_move=to_move)
    assert g.to_move() == to_move
    return g


def at(g, name):
    """A point named as in the seeds' diagrams: column letter a.., row from the bottom."""
    return g.board.point(ord(name[0]) - 97, g.size - int(name[1:]))


def xy(g, x, y):
    return g.board.point(x, y)


def snapshot(g):
    b = g.board
    return (tuple(b.rows()), b.hash1, b.hash2, g.captures[B], g.captures[W], g.n,
            g.to_move(), g.pass_stones[B], g.pass_stones[W])


# --- seed 003 figure 2: 劫 ----------------------------------------------------
# White 1 at e4 takes one stone; black 2 retaking at d4 at once is forbidden.
FIGURE2 = [
    ".........",
    ".........",
    ".........",
    ".........",
    "...OX....",   # row 5
    "..OX.X...",   # row 4
    "...OX....",   # row 3
    ".........",
    ".........",
]
NOT_NOOP = [r for r in R.RULE_IDS if r != "new-ing"]


@pytest.mark.parametrize("rules", NOT_NOOP)
def test_figure2_ko_immediate_retake_refused_then_allowed_after_threats(rules):
    g = setup(FIGURE2, rules, W)
    assert g.play(W, at(g, "e4")) is None
    assert g.last_capture() == [at(g, "d4")] and g.captures[W] == 1
    assert g.flags[g.n] & F_HOT
    before = snapshot(g)
    assert g.play(B, at(g, "d4")) == "ko"
    assert snapshot(g) == before, "a refused move must leave no trace"
    # a ko threat and its answer, then the retake is legal
    assert g.play(B, at(g, "a9")) is None
    assert g.play(W, at(g, "b9")) is None
    assert g.play(B, at(g, "d4")) is None
    assert g.last_capture() == [at(g, "e4")] and g.captures[B] == 1
    # and now white may not retake at once
    assert g.play(W, at(g, "e4")) == "ko"


def test_figure2_ko_under_new_ing_retake_is_a_noop_and_noop_answered_by_noop_ends():
    g = setup(FIGURE2, "new-ing", W)
    assert g.play(W, at(g, "e4")) is None
    start = g.board.rows()
    assert g.play(B, at(g, "d4")) is None           # nothing is forbidden
    assert g.flags[g.n] & F_NOOP and not g.over     # but it asks to end
    assert g.board.rows() != start
    assert g.play(W, at(g, "e4")) is None           # retaking back: a no-op too
    assert g.over and g.end == "two-noops"
    assert g.play(B, at(g, "a9")) == "game-over"


def test_figure2_ko_under_new_ing_noop_answered_by_real_move_goes_on():
    g = setup(FIGURE2, "new-ing", W)
    g.play(W, at(g, "e4"))
    assert g.play(B, at(g, "d4")) is None and g.flags[g.n] & F_NOOP
    assert g.play(W, at(g, "a9")) is None and not g.flags[g.n] & F_NOOP
    assert not g.over


def test_figure2_ko_under_living_stones_pass_stone_is_a_threat():
    """计活子: after white takes, black's pass stone changes the whole
    configuration; after white answers (abandon), black may retake."""
    g = setup(FIGURE2, "living-stones", W)
    assert g.play(W, at(g, "e4")) is None
    assert g.play(B, at(g, "d4")) == "ko"
    assert g.pass_stone(B) is None and g.pass_stones[B] == 1
    assert g.abandon(W) is None
    assert g.play(B, at(g, "d4")) is None and g.captures[B] == 1


# --- seed 003 假生图: the false life ---------------------------------------------
# Black has just taken the ko at a3 (the white stone on a2 was removed); white to
# move. The diagram before black's move: a3 empty, a white stone on a2.
FALSE_LIFE_BEFORE = [
    "XXXXXX.",   # 7
    "X.XXXXX",   # 6
    "XXOXXOX",   # 5
    "OOOXXOO",   # 4
    ".OOOOOO",   # 3
    "OXXO.OO",   # 2
    "X.XOO.O",   # 1
]
LOWER_LEFT = ["a1", "b2", "c2", "c1"]


def false_life(rules):
    g = setup(FALSE_LIFE_BEFORE, rules, B)
    assert g.play(B, at(g, "a3")) is None
    assert g.last_capture() == [at(g, "a2")]
    assert g.flags[g.n] & F_HOT
    return g


def test_false_life_chinese_superko_white_cannot_retake_and_black_lives():
    g = false_life("chinese")
    assert g.play(W, at(g, "a2")) == "ko"      # situational superko: the board before a3
    assert g.pass_move(W) is None
    assert g.play(W, at(g, "a2")) == "not-your-turn"
    assert g.pass_move(B) is None
    assert g.over and g.end == "two-passes"
    assert g.play(W, at(g, "a2")) == "game-over"
    for name in LOWER_LEFT + ["a3"]:
        assert g.board.get(at(g, name)) == B, name  # 假生 became 真活


def test_false_life_ing_pass_stone_in_between_then_white_retakes():
    """应氏 隔虚提劫: a pass stone counts as a move in between."""
    g = false_life("ing")
    assert g.play(W, at(g, "a2")) == "ko"
    assert g.pass_move(W) is None and g.pass_stones[W] == 1
    assert g.pass_move(B) is None and g.paused and not g.over   # two passes pause
    assert g.play(W, at(g, "a2")) is None and not g.paused      # the retake
    assert g.last_capture() == [at(g, "a3")]
    assert g.play(B, at(g, "a3")) == "ko"                       # black cannot at once
    assert g.pass_move(B) is None
    assert g.play(W, at(g, "b1")) is None                       # white takes the lot
    assert sorted(g.last_capture()) == sorted(at(g, n) for n in LOWER_LEFT)


@pytest.mark.parametrize("black_action", ["abandon", "fill-own-eye", "one-stone-suicide"])
def test_false_life_living_stones_pass_stone_then_retake_after_any_black_action(black_action):
    """计活子 广义禁全同: white plays a pass stone; whatever black does next
    (abandon, a real move, even a one-stone suicide), white may retake."""
    g = false_life("living-stones")
    assert g.play(W, at(g, "a2")) == "ko"
    assert g.pass_stone(W) is None
    assert g.pass_stone(B) == "repeat-pass"   # would give white a board he faced
    if black_action == "abandon":
        assert g.abandon(B) is None
    elif black_action == "fill-own-eye":
        assert g.play(B, at(g, "b6")) is None
    else:
        assert g.play(B, at(g, "e2")) is None  # inside white's eye: removed at once
        assert g.board.get(at(g, "e2")) == EMPTY and g.captures[W] == 1
    assert g.play(W, at(g, "a2")) is None
    assert at(g, "a3") in g.last_capture()
    assert g.play(B, at(g, "a3")) == "ko"
    assert g.abandon(B) is None
    assert g.play(W, at(g, "b1")) is None
    assert set(at(g, n) for n in LOWER_LEFT) <= set(g.last_capture())


def test_false_life_living_stones_without_pass_stone_white_only_abandons():
    """Without the pass stone: white abandons, black abandons, play ends; black lives."""
    g = false_life("living-stones")
    assert g.abandon(W) is None
    assert g.abandon(B) is None
    assert g.over and g.end == "two-abandons"
    assert all(g.board.get(at(g, n)) == B for n in LOWER_LEFT)


# --- triple ko ---------------------------------------------------------------
# Three kos: K1 (top left) and K3 (left) hold a white stone black can take, K2
# (top right) a black stone white can take. Black to move. The cycle is six
# captures: B K1, W K2, B K3, W K1, B K2, W K3, and the board is back.
TRIPLE_KO = [
    ".XO...XO.",
    "XO.O.X.XO",
    ".XO...XO.",
    ".........",
    ".XO......",
    "XO.O.....",
    ".XO......",
    ".........",
    ".........",
]
CYCLE = [(B, 2, 1), (W, 6, 1), (B, 2, 5), (W, 1, 1), (B, 7, 1), (W, 1, 5)]


def play_cycle(g, times=1):
    for _ in range(times):
        for color, x, y in CYCLE:
            assert g.play(color, xy(g, x, y)) is None, (color, x, y, g.n)
            assert len(g.last_capture()) == 1


@pytest.mark.parametrize("rules", ["chinese", "chinese-1988", "jipingdian", "aga", "tromp-taylor"])
def test_triple_ko_superko_forbids_the_repetition(rules):
    g = setup(TRIPLE_KO, rules, B)
    start = snapshot(g)[:3]
    for color, x, y in CYCLE[:5]:
        assert g.play(color, xy(g, x, y)) is None
    color, x, y = CYCLE[5]
    assert g.play(W, xy(g, x, y)) == "superko"
    assert g.play(W, xy(g, 8, 8)) is None       # white must play elsewhere
    assert snapshot(g)[:3] != start
    assert not g.over


@pytest.mark.parametrize("rules", ["japanese", "tang-song", "ming-qing"])
def test_triple_ko_cycles_void_third_occurrence_ends_with_no_result(rules):
    g = setup(TRIPLE_KO, rules, B)
    play_cycle(g)                  # second occurrence of the start
    assert not g.over
    for color, x, y in CYCLE[:5]:
        assert g.play(color, xy(g, x, y)) is None
        assert not g.over
    color, x, y = CYCLE[5]
    assert g.play(color, xy(g, x, y)) is None    # third occurrence
    assert g.over and g.end == "void"
    assert g.play(B, xy(g, 2, 1)) == "game-over"


def test_triple_ko_ing_both_sides_take_hot_stones_so_the_cycle_may_go_on():
    """Pinned (see firmware/README.md, Ko rules as implemented): in a triple ko
    both sides capture hot stones, so neither is the disturbing side and Ing's
    rule forbids nothing; the cycle can repeat (each costs no pass stone)."""
    g = setup(TRIPLE_KO, "ing", B)
    play_cycle(g, times=3)
    assert not g.over
    hot = [g.flags[i] & F_HOT for i in range(1, g.n + 1)]
    assert all(hot)


def test_triple_ko_new_ing_the_repetition_is_a_noop_and_two_end_play():
    g = setup(TRIPLE_KO, "new-ing", B)
    for color, x, y in CYCLE:
        assert g.play(color, xy(g, x, y)) is None
    assert g.flags[g.n] & F_NOOP and not g.over   # the board is back: a no-op
    color, x, y = CYCLE[0]
    assert g.play(color, xy(g, x, y)) is None      # and so is the next one
    assert g.over and g.end == "two-noops"


def test_triple_ko_living_stones_repetition_of_whole_configuration_forbidden():
    g = setup(TRIPLE_KO, "living-stones", B)
    for color, x, y in CYCLE[:5]:
        assert g.play(color, xy(g, x, y)) is None
    color, x, y = CYCLE[5]
    assert g.play(W, xy(g, x, y)) == "superko"
    # a pass stone changes the whole configuration: then the capture is new
    assert g.pass_stone(W) is None
    assert g.abandon(B) is None
    assert g.play(W, xy(g, x, y)) is None


# --- sending two, returning one (送二还一) -------------------------------------
# S1 (top left): black throws in at a (0,0) next to its stone (1,0); white takes
# the two at (2,0); black takes that one stone back at (1,0): the board is as
# before, with white to move. S2 (bottom right) is the same for white.
SEND_TWO = [
    ".X.X.....",
    "OOX......",
    ".........",
    ".........",
    ".........",
    ".........",
    ".........",
    "......OXX",
    ".....O.O.",
]
S1 = [(B, 0, 0, 0), (W, 2, 0, 2), (B, 1, 0, 1)]
S2 = [(W, 8, 8, 0), (B, 6, 8, 2), (W, 7, 8, 1)]


def play_seq(g, seq):
    for color, x, y, taken in seq:
        assert g.play(color, xy(g, x, y)) is None, (color, x, y)
        assert len(g.last_capture()) == taken
        assert not g.flags[g.n] & F_HOT


def test_send_two_return_one_positional_superko_refuses_the_return():
    g = setup(SEND_TWO, "chinese-1988", B)
    play_seq(g, S1[:2])
    assert g.play(B, xy(g, 1, 0)) == "superko"   # the board before the throw-in
    assert g.play(B, xy(g, 4, 4)) is None


def test_send_two_return_one_situational_superko_allows_the_return_not_the_cycle():
    g = setup(SEND_TWO, "chinese", B)
    start = g.board.rows()
    play_seq(g, S1)                              # back, but white to move: allowed
    assert g.board.rows() == start
    assert g.pass_move(W) is None
    assert g.play(B, xy(g, 0, 0)) == "superko"   # same board, white to move, again
    assert g.play(B, xy(g, 4, 4)) is None


def test_send_two_return_one_simple_ko_repeats_for_ever():
    g = setup(SEND_TWO, R.get("chinese", ko=R.KO_SIMPLE), B)
    start = g.board.rows()
    for _ in range(3):
        play_seq(g, S1)
        play_seq(g, S2)
    assert g.board.rows() == start and not g.over and g.n == 18


def test_send_two_return_one_ing_disturbing_side_may_not_start_a_second_cycle():
    """A whole-board cycle (S1 then S2) in which black captures no hot stone:
    black is the disturbing side (搅方) and may not begin the second cycle."""
    g = setup(SEND_TWO, "ing", B)
    play_seq(g, S1)
    play_seq(g, S2)                               # the first cycle is allowed
    assert not g.over
    assert g.play(B, xy(g, 0, 0)) == "disturbing-ko"
    assert g.play(B, xy(g, 4, 4)) is None         # black plays elsewhere
    assert not g.over


def test_send_two_return_one_japanese_cycle_without_pass_is_void():
    g = setup(SEND_TWO, "japanese", B)
    for _ in range(2):
        play_seq(g, S1)
        play_seq(g, S2)
    assert g.over and g.end == "void"


# --- suicide -------------------------------------------------------------------
ONE_STONE = [
    ".O.......",
    "O........",
] + ["........."] * 7
TWO_STONES = [
    ".XO......",
    "OO.......",
] + ["........."] * 7


@pytest.mark.parametrize("rules", ["chinese", "chinese-1988", "japanese", "aga", "ing",
                                   "jipingdian", "tang-song", "ming-qing"])
def test_single_stone_suicide_refused(rules):
    g = setup(ONE_STONE, rules, B)
    before = snapshot(g)
    assert g.play(B, xy(g, 0, 0)) == "suicide"
    assert snapshot(g) == before


def test_single_stone_suicide_tromp_taylor_recreates_the_position():
    """Tromp-Taylor allows suicide, but a one-stone suicide leaves the board as
    it was, and positional superko forbids any earlier board, the current one too."""
    g = setup(ONE_STONE, "tromp-taylor", B)
    assert g.play(B, xy(g, 0, 0)) == "superko"


def test_single_stone_suicide_new_ing_is_a_noop_and_two_noops_end():
    g = setup(ONE_STONE, "new-ing", B)
    before = g.board.rows()
    assert g.play(B, xy(g, 0, 0)) is None
    assert g.board.rows() == before and g.captures[W] == 1
    assert g.flags[g.n] & F_NOOP and not g.over
    assert g.pass_move(W) is None
    assert g.over and g.end == "two-noops"


def test_single_stone_suicide_new_ing_answered_by_a_real_move_goes_on():
    g = setup(ONE_STONE, "new-ing", B)
    assert g.play(B, xy(g, 0, 0)) is None
    assert g.play(W, xy(g, 5, 5)) is None
    assert not g.over


def test_single_stone_suicide_living_stones_left_to_the_generalized_rule():
    rows = [
        ".O.....X.",
        "O.......X",
    ] + ["........."] * 7
    g = setup(rows, "living-stones", W)
    assert g.play(W, xy(g, 4, 4)) is None          # a real move
    assert g.play(B, xy(g, 0, 0)) is None          # so black's one-stone suicide is allowed
    assert g.board.get(xy(g, 0, 0)) == EMPTY and g.captures[W] == 1
    # white answering with a one-stone suicide would give black a whole
    # configuration he faced (after white's real move): refused
    assert g.play(W, xy(g, 8, 0)) == "suicide"
    assert g.play(W, xy(g, 4, 6)) is None
    # after an abandon, a one-stone suicide repeats what the opponent faced: refused
    assert g.abandon(B) is None
    assert g.play(W, xy(g, 8, 0)) == "suicide"
    assert g.play(W, xy(g, 4, 7)) is None
    assert not g.over


@pytest.mark.parametrize("rules", ["ing", "new-ing", "tromp-taylor", "living-stones"])
def test_multi_stone_suicide_legal(rules):
    g = setup(TWO_STONES, rules, B)
    assert g.play(B, xy(g, 0, 0)) is None
    assert g.board.get(xy(g, 0, 0)) == EMPTY and g.board.get(xy(g, 1, 0)) == EMPTY
    assert g.captures[W] == 2 and g.captures[B] == 0
    assert not g.flags[g.n] & F_NOOP               # a new board: a ko threat, not a no-op
    assert g.undo()
    assert g.board.get(xy(g, 1, 0)) == B and g.captures[W] == 0


@pytest.mark.parametrize("rules", ["chinese", "chinese-1988", "japanese", "aga",
                                   "jipingdian", "tang-song", "ming-qing"])
def test_multi_stone_suicide_refused(rules):
    g = setup(TWO_STONES, rules, B)
    before = snapshot(g)
    assert g.play(B, xy(g, 0, 0)) == "suicide"
    assert snapshot(g) == before


# --- the end of play -----------------------------------------------------------
EMPTY9 = ["........."] * 9


def test_two_passes_end_chinese_but_not_with_a_move_between():
    g = setup(EMPTY9, "chinese", B)
    assert g.pass_move(B) is None
    assert g.play(W, xy(g, 4, 4)) is None
    assert g.pass_move(B) is None and not g.over
    assert g.pass_move(W) is None
    assert g.over and g.end == "two-passes"
    assert g.pass_move(B) == "game-over"
    assert g.play(B, xy(g, 0, 0)) == "game-over"


def test_aga_ends_only_when_white_passed_last():
    g = setup(EMPTY9, "aga", B)
    assert g.play(B, xy(g, 4, 4)) is None
    assert g.pass_move(W) is None
    assert g.pass_move(B) is None and not g.over       # black passed last
    assert g.pass_stones[W] == 1 and g.pass_stones[B] == 1   # AGA passes are stones
    assert g.pass_move(W) is None
    assert g.over and g.end == "two-passes"


def test_ing_two_passes_pause_four_end():
    g = setup(EMPTY9, "ing", B)
    assert g.pass_move(B) is None and g.pass_move(W) is None
    assert g.paused and not g.over
    assert g.play(B, xy(g, 4, 4)) is None and not g.paused
    for _ in range(3):
        assert g.pass_move(g.to_move()) is None
        assert not g.over
    assert g.paused
    assert g.pass_move(g.to_move()) is None
    assert g.over and g.end == "four-passes"


def test_tang_song_even_move_count():
    g = setup(EMPTY9, "tang-song", W)
    assert g.play(W, xy(g, 4, 4)) is None
    assert g.pass_move(B) is None
    assert g.pass_move(W) is None
    assert not g.over                     # white has made one move more
    assert g.pass_move(B) is None         # black evens the count
    assert g.over and g.end == "two-passes" and g.n % 2 == 0


def test_living_stones_two_abandons_end_pass_stones_never_do():
    g = setup(EMPTY9, "living-stones", W)
    assert g.pass_stone(W) is None
    assert g.pass_stone(B) == "repeat-pass"
    assert g.abandon(B) is None and not g.over
    assert g.move_point(g.n) != PASS_STONE
    assert g.abandon(W) is None
    assert g.over and g.end == "two-abandons"


def test_abandon_only_under_living_stones():
    g = setup(EMPTY9, "chinese", B)
    assert g.abandon(B) == "no-abandon" and g.n == 0


def test_resign_ends_and_names_the_winner():
    g = setup(EMPTY9, "chinese", B)
    assert g.resign(B) is None
    assert g.over and g.end == "resign" and g.winner == W
    assert g.play(B, xy(g, 0, 0)) == "game-over"
    assert g.resign(W) == "game-over"


@pytest.mark.parametrize("rules", ["chinese", "ing", "living-stones", "new-ing", "japanese"])
def test_undo_restores_board_hash_captures_turn(rules):
    """Play the false-life and figure-2 sequences with captures and passes, then
    take everything back, checking every earlier state on the way."""
    g = setup(FIGURE2, rules, W)
    seq = ["e4", "a9", "b9", "d4", "pass", "e6", "e7", "f5"]
    states = [snapshot(g)]
    for name in seq:
        if name == "pass":
            assert g.pass_move(g.to_move()) is None
        else:
            assert g.play(g.to_move(), at(g, name)) is None, (rules, name)
        states.append(snapshot(g))
    assert g.captures[W] + g.captures[B] >= 2
    while g.n:
        assert g.undo()
        states.pop()
        assert snapshot(g) == states[-1]
    assert not g.undo()


def test_undo_after_the_end_reopens_play():
    g = setup(EMPTY9, "chinese", B)
    g.pass_move(B)
    g.pass_move(W)
    assert g.over
    assert g.undo() and not g.over and g.end is None
    assert g.to_move() == W
