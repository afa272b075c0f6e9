"""Several changes in one quiet window (goban.referee.play's rules, explain), frames
by hand: a move and a stone knocked off far from it, of the same colour. The move
is taken only once the whole board is explained: the knocked stone is named (and
the move with it when a settled bowl says no stone of that colour left it: then
the new stone may be the knocked one, carried), and once it is back the move is
taken. Nothing is guessed, and nothing named stays suspect once the board is
right."""

from referee_board import Board


def opening(bowls=None):
    b = Board()
    if bowls:
        b.ref.bowls(*bowls)
        b.look()
    for m in "B cc,W gg,B cg".split(","):
        b.set(m)
        b.look()
    assert b.ref.game.n == 3
    return b


def illegal(evs):
    return [(e["code"], e["point"]) for e in evs if e["type"] == "illegal"]


def moves(evs):
    return [(e["color"], e["point"]) for e in evs if e["type"] == "move"]


def test_a_move_and_a_knocked_stone_of_its_colour_far_away_without_scales():
    b = opening()
    b.set("- gg,W ee")            # gg knocked off while white plays ee
    evs = b.look()
    assert moves(evs) == [] and illegal(evs) == [("knocked", "gg")]
    assert [e for e in evs if e["type"] == "illegal"][0]["fix"]
    b.set("W gg")                 # put back: the board is the game plus white's move
    evs = b.look()
    assert [e["type"] for e in evs][0] == "restored" and moves(evs) == [("W", "ee")]
    b.set("B dd")
    assert [e["point"] for e in b.look() if e["type"] == "move"] == ["dd"]


def test_a_settled_bowl_with_no_stone_out_makes_it_the_same_stone_carried():
    # 40 stones a bowl at the start; three moves used two black and one white
    b = opening(bowls=(40, 40, 0, 0))
    b.ref.bowls(38, 39, 0, 0)     # settled: every stone out is on the board
    b.look()
    b.set("- gg,W ee")
    evs = b.look()
    assert [e for e in evs if e["type"] == "move"] == []
    assert b.ref.game.n == 3      # nothing guessed: announced with its points
    il = [e for e in evs if e["type"] == "illegal"]
    assert il and {"gg", "ee"} <= set(il[0]["text"].split()) | {il[0]["point"], il[0].get("to")}


def test_a_settled_bowl_one_stone_short_takes_the_move_once_the_knock_is_fixed():
    b = opening(bowls=(40, 40, 0, 0))
    b.ref.bowls(38, 38, 0, 0)     # a white stone is out of its bowl: in the hand
    b.look()
    b.set("- gg,W ee")
    evs = b.look()
    assert moves(evs) == [] and illegal(evs) == [("knocked", "gg")]
    b.set("W gg")
    assert moves(b.look()) == [("W", "ee")]


def test_a_move_on_top_of_a_knock_is_taken_when_the_knock_is_fixed():
    """The players may play on while a knocked stone is named: the announcement
    stands (nothing new is said), and the move is taken once the board is the
    game plus that move."""
    b = opening()
    b.set("- cc")                 # black's cc knocked off: announced
    assert illegal(b.look()) == [("knocked", "cc")]
    b.set("W ee")                 # white plays anyway
    evs = b.look()
    assert moves(evs) == [] and illegal(evs) == []
    assert b.ref.illegal == "knocked"
    b.set("B cc")                 # put back
    evs = b.look()
    assert [e["type"] for e in evs][0] == "restored" and moves(evs) == [("W", "ee")]
    assert b.ref.illegal is None


def test_a_press_while_the_last_stone_still_settles_waits_for_it():
    """Fast play: white lets go of ee and black presses pass 10 ms later, before
    the stone has held for the settle window. The pass is black's, after white's
    move: it waits for the look that takes ee (it was refused as not black's turn,
    and white's own pass then taken for white)."""
    b = opening()
    b.set("W ee")
    b.ref.frame(b.stable, 0, False)      # ee in transition: not quiet
    b.ref.button("B:pass")
    b.ref.button("W:pass")
    assert b.ref.take_events() == [] and b.ref.game.n == 3
    b.ref.frame(b.stable, 1, True)       # settled: the move, then both passes
    evs = b.ref.take_events()
    assert [(e["type"], e["color"]) for e in evs if e["type"] in ("move", "pass")] == \
        [("move", "W"), ("pass", "B"), ("pass", "W")]


def test_a_press_waits_no_longer_than_the_hold_for_a_board_that_never_settles():
    from goban.referee import HOLD_MS
    b = opening()
    b.ref.now = 1000
    b.ref.frame(b.stable, 0, False)
    b.ref.button("W:pass")
    b.ref.now = 1000 + HOLD_MS - 10
    b.ref.frame(b.stable, 0, False)
    assert b.ref.take_events() == []
    b.ref.now = 1000 + HOLD_MS
    b.ref.frame(b.stable, 0, False)
    assert [e["type"] for e in b.ref.take_events()] == ["pass"]


def weak_board(bowls):
    """The opening with the calibration's evidence wired in: every stone on the
    board reads strong unless the test says otherwise; flagged sensors kept."""
    b = opening(bowls=bowls)
    b.strong = bytearray([9] * 81)
    b.flagged = []
    b.ref.strong = b.strong
    b.ref.mark_sensor = b.flagged.append
    return b


def test_a_weak_reading_with_no_stone_out_of_the_bowl_is_a_sensor_not_a_move():
    """After a restart a drifted sensor reads past the threshold from its old
    baseline: a weak reading, and black's bowl says no black stone is out. No
    placed stone reads weak and none came from the bowl: the sensor is flagged
    (from then on it is read as faulty), nothing is taken or announced."""
    from referee_board import idx
    b = weak_board((40, 40, 0, 0))
    b.ref.bowls(38, 39, 0, 0)     # settled: every stone out is on the board
    b.look()
    b.set("B ia")
    b.strong[idx("ia")] = 0
    evs = b.look()
    assert b.flagged == [idx("ia")]
    assert [e for e in evs if e["type"] in ("move", "illegal")] == []
    assert b.ref.game.n == 3


def test_a_weak_reading_when_a_stone_is_out_is_not_flagged():
    """The same weak reading with a white stone out of its bowl (white to move):
    it may be a stone with a weak magnet: nothing is flagged, it is played."""
    from referee_board import idx
    b = weak_board((40, 40, 0, 0))
    b.ref.bowls(38, 38, 0, 0)
    b.look()
    b.set("W ia")
    b.strong[idx("ia")] = 0
    evs = b.look()
    assert b.flagged == []
    assert [(e["color"], e["point"]) for e in evs if e["type"] == "move"] == [("W", "ia")]


def test_two_stones_of_the_side_to_move_the_weak_one_is_named():
    """Two new white stones, one strong and one weak, come together: the weak one
    is the stone named to take off (no scales here to say which left the bowl),
    and once it is off the strong one is the move. Both strong, one after the
    other: the first is the move, the later one named."""
    from referee_board import idx
    b = weak_board(None)
    b.set("W ee,W ia")
    b.strong[idx("ia")] = 0
    evs = b.look()
    assert moves(evs) == [] and illegal(evs) == [("extra-stone", "ia")]
    b.lift("ia")
    assert moves(b.look()) == [("W", "ee")]
    c = weak_board(None)
    c.put("W", "ee")
    c.put("W", "ia")              # came after ee (between two looks: fast play)
    evs = c.look() + c.look()
    assert moves(evs) == [("W", "ee")] and illegal(evs) == [("extra-stone", "ia")]
    c.lift("ia")
    assert [e["type"] for e in c.look()] == ["restored"]


def test_the_weak_one_of_two_is_named_to_take_off():
    from goban.referee.announce import classify
    from referee_board import idx
    cells = bytearray(11 * 10 + 1)
    stable = bytearray(81)
    for p in ("ee", "ia"):
        stable[idx(p)] = 2
    extra = sorted([idx("ee"), idx("ia")])
    code, color, i, pts, kw = classify(extra, [], [], 2, stable, cells, 9, to_move=1)
    assert (code, i) == ("extra-stone", idx("ee"))          # the last, by default
    code, color, i, pts, kw = classify(extra, [], [], 2, stable, cells, 9, to_move=1,
                                       weak=[idx("ia")])
    assert (code, i) == ("extra-stone", idx("ia")) and set(pts) == set(extra)
