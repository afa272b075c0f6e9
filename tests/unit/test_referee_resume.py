"""Resuming after a power cut that tore the record being written (CPython, the
referee alone): the log ends one event early, the board is ahead of it. The
frames are fed by hand, so each case is exact."""

from goban.referee import PLAY, DEAD, OVER

from referee_board import SIZE, L, Board, idx  # noqa: F401


def types(evs):
    return [e["type"] for e in evs]


def moves(evs):
    return [(e["color"], e["point"]) for e in evs if e["type"] == "move"]


# B bc captures the white stone on bb
OPENING = "B ba,W bb,B ab,W ee,B cb,W ff"


def test_torn_capturing_move_with_its_capture_already_lifted():
    b = Board()
    b.play(OPENING)
    logged = list(b.log)
    b.put("B", "bc")
    assert types(b.look()) == ["move", "capture-pending"]
    b.lift("bb")
    # the cut tore the move's record: the log ends before it, the board has
    # the stone and the capture is already lifted
    assert b.restart(logged) == []
    evs = b.look()
    assert moves(evs) == [("B", "bc")] and evs[0]["captures"] == ["bb"]
    evs += b.look()
    # its capture, already lifted, waits for nothing
    assert "illegal" not in types(evs) and "capture-pending" not in types(evs)
    assert b.ref.game.n == 7 and b.ref.phase == PLAY and not b.ref.pending


def test_torn_move_and_the_answer_that_captures_still_waiting():
    b = Board()
    b.play("B aa,W ba,B bb,W ee,B cb")
    logged = list(b.log)
    b.play("W ca")                             # ba, ca: one liberty left, da
    b.put("B", "da")                           # takes them
    assert types(b.look()) == ["move", "capture-pending"]
    # the record of W ca was torn, B da was then played before the board looked:
    # W ca's stone, B da's stone, and the two captured stones still on the board
    b.restart(logged)
    evs = b.look()
    assert moves(evs) == [("W", "ca"), ("B", "da")]
    assert "illegal" not in types(evs) and b.ref.pending == "capture"
    cp = [e for e in evs if e["type"] == "capture-pending"]
    assert len(cp) == 1 and sorted(cp[0]["points"]) == ["ba", "ca"]
    b.lift("ba")
    b.lift("ca")
    assert types(b.look()) == ["restored"]
    assert b.ref.game.n == 7


def test_an_illegal_sequence_is_not_caught_up():
    b = Board()
    b.play("B ee,W dd")
    logged = list(b.log)
    b.put("B", "cc")
    b.put("B", "gg")                           # two black stones: not a sequence in turn
    b.restart(logged)
    evs = b.look()
    # which was the move nobody can tell: both named, to be played again
    assert moves(evs) == [] and types(evs) == ["illegal"]
    assert evs[0]["code"] == "resume-order" and b.ref.game.n == 2
    assert sorted(b.ref.lights) == sorted(idx(p) for p in ("cc", "gg"))


def test_a_press_before_the_board_is_checked_waits_for_the_check():
    b = Board()
    b.play("B ee,W dd")
    logged = list(b.log)
    b.put("B", "cc")                           # its record torn
    b.restart(logged)
    b.ref.button("W:pass")                     # white passes while the board comes back
    assert b.ref.take_events() == []
    evs = b.look()
    assert [(e["type"], e["color"]) for e in evs if e["type"] in ("move", "pass")] == \
        [("move", "B"), ("pass", "W")]
    assert "illegal" not in types(evs)


def test_resume_finishes_what_the_log_implies():
    b = Board()
    b.play("B ee,W dd")
    b.ref.button("B:pass")
    b.ref.button("W:pass")
    b.log += b.ref.take_events()
    assert types(b.log)[-3:] == ["pass", "pass", "end"]
    # the end record torn: the replay finds play over and logs the end again
    evs = b.restart(b.log[:-1])
    assert [e["type"] for e in evs] == ["end"] and evs[0]["reason"] == "two-passes"
    assert b.ref.phase == DEAD
    b.lift("dd")
    b.look()
    b.ref.button("end")
    full = b.log + b.ref.take_events()
    assert types(full)[-2:] == ["dead", "count"]
    # the count torn after the dead stones were logged: counted again at once
    evs = b.restart(full[:-1])
    assert types(evs) == ["count"] and evs[0]["result"] == full[-1]["result"]
    assert b.ref.phase == OVER


def test_a_refused_replay_stops_at_the_good_prefix():
    b = Board()
    b.play("B ee,W dd")
    bad = dict(b.log[-1], color="B", seq=99)   # black on white's dd: occupied
    evs = b.restart(b.log + [bad])
    assert b.ref.game.n == 2 and b.ref.replay_refused == {"seq": 99, "type": "move",
                                                          "code": "occupied"}
    assert types(evs) == ["illegal"] and evs[0]["code"] == "log-refused"


def test_ing_fill_survives_a_restart():
    from goban.referee import FILL
    b = Board("ing")
    b.ref.bowls(40, 40, 0, 0)
    b.log += b.ref.take_events()
    moves = []
    for y in L:
        moves += ["B d" + y, "W f" + y]
    b.play(",".join(moves))
    b.ref.button("B:end")                      # agreement
    b.look()
    b.ref.button("end")                        # no dead stones: on to the fill
    b.log += b.ref.take_events()
    assert types(b.log)[-2:] == ["end", "dead"] and b.ref.phase == FILL
    b.restart(b.log)
    assert b.ref.phase == FILL
    for x in "ghi":
        for y in L:
            b.put("W", x + y)
    b.look()
    assert b.ref.filled == 27
    b.ref.bowls(31, 4, 0, 0)                   # 40 - 9 on the board - 27 filled
    b.ref.button("W:end")
    evs = b.ref.take_events()
    c = [e for e in evs if e["type"] == "count"][0]
    assert c["fill"]["agree"] is True and c["fill"]["white_bowl_left"] == 4
    assert b.ref.phase == OVER


def test_stones_whose_order_a_restart_cannot_tell_are_announced_not_guessed():
    """B cc, W gg, B hh played while the board was off: cc and hh could have come
    in either order. Nothing is guessed: resume-order names the three, the players
    take them off and play them again, each then a move as usual."""
    b = Board()
    b.play("B ee,W dd")
    logged = list(b.log)
    for m in ("B cc", "W gg", "B hh"):         # the board was off while these were played
        b.put(*m.split())
    b.restart(logged)
    evs = b.look()
    assert [e for e in evs if e["type"] == "move"] == []
    il = [e for e in evs if e["type"] == "illegal"]
    assert [e["code"] for e in il] == ["resume-order"]
    assert all(p in il[0]["text"] for p in ("cc", "gg", "hh")) and il[0]["fix"]
    assert sorted(b.ref.lights) == sorted(idx(p) for p in ("cc", "gg", "hh"))
    for p in ("hh", "gg"):                     # taken off one by one: still waiting
        b.lift(p)
        assert [e for e in b.look() if e["type"] in ("move", "restored")] == []
    b.lift("cc")
    assert types(b.look()) == ["restored"]
    b.play("B cc,W gg,B hh")
    assert [(e["point"], e["number"]) for e in b.log if e["type"] == "move"][-3:] == \
        [("cc", 3), ("gg", 4), ("hh", 5)]
    # two stones (one each) have one order only: taken
    b = Board()
    b.play("B ee,W dd")
    logged = list(b.log)
    b.put("B", "cc")
    b.put("W", "gg")
    b.restart(logged)
    evs = b.look()
    assert [e["point"] for e in evs if e["type"] == "move"] == ["cc", "gg"]
    assert "illegal" not in types(evs)


def test_more_stones_than_a_look_can_order_after_a_restart_are_played_again():
    """Fast play went on while the board was off: nine stones, more than one look
    orders (explain.MAX_NEW). The game never stops on a board that differs from
    the log: resume-order names them, and played again each is a move."""
    from goban.referee.explain import MAX_NEW
    b = Board()
    b.play("B ee,W dd")
    logged = list(b.log)
    off = "B aa,W ia,B ac,W ic,B ae,W ie,B ag,W ig,B ai".split(",")
    assert len(off) > MAX_NEW
    for m in off:
        b.put(*m.split())
    b.restart(logged)
    evs = b.look()
    il = [e for e in evs if e["type"] == "illegal"]
    assert [e["code"] for e in il] == ["resume-order"] and il[0]["fix"]
    assert not [e for e in evs if e["type"] == "move"]
    assert sorted(b.ref.lights) == sorted(idx(m.split()[1]) for m in off)
    for m in reversed(off):
        b.lift(m.split()[1])
        b.look()
    assert not b.ref.illegal and b.ref.game.n == 2
    b.play(",".join(off))
    assert [e["point"] for e in b.log if e["type"] == "move"][-len(off):] == \
        [m.split()[1] for m in off]
    assert b.ref.game.n == 2 + len(off) and not b.ref.illegal


def test_a_move_on_a_dead_sensor_without_scales_is_announced_not_guessed():
    from goban.referee import FAULT
    b = Board()
    b.stable[idx("ee")] = FAULT                 # the sensor under ee died
    assert types(b.look()) == ["sensor-fault"]
    b.play("B cc,W gg")
    # black played on ee (not seen), then white answered: no scale tells where
    # black's stone went, so the referee names the dead point and waits
    b.put("W", "cg")
    evs = b.look()
    assert [(e["type"], e["code"], e["point"]) for e in evs] == [("illegal", "unseen", "cg")]
    assert "ee" in evs[0]["text"] and "ee" in evs[0]["fix"] and b.ref.game.n == 2
    b.lift("cg")
    assert types(b.look()) == ["restored"]
    # with the scales: black's bowl one short, white's as the game used it.
    # Still asked: the stone out of black's bowl may be in black's hand, and
    # the white stone black's slip (seed 765755 game 200); ok takes ee
    b = Board()
    b.ref.bowls(40, 40, 0, 0)
    b.stable[idx("ee")] = FAULT
    b.look()
    b.play("B cc,W gg")
    b.ref.bowls(38, 39, 0, 0)                   # cc and the stone on ee are out
    b.put("W", "cg")
    b.ref.bowls(38, 38, 0, 0)
    b.ref.take_events()
    evs = b.look()
    assert [(e["type"], e["code"], e["point"]) for e in evs] == [("illegal", "unseen", "cg")]
    b.ref.button("ok")
    evs = b.ref.take_events() + b.look()        # the unseen move, then the look for the answer
    assert [(e["color"], e["point"], e.get("unseen")) for e in evs if e["type"] == "move"] == \
        [("B", "ee", True), ("W", "cg", None)]
    # a wrong-colour stone with black's bowl as the game used it is no unseen move
    b.put("W", "gc")
    evs = b.look()
    assert [e.get("code") for e in evs] == ["extra-stone"]


def test_stones_after_a_cut_whose_order_is_forced_are_caught_up_with_their_capture():
    """The board ran ahead of the log by two stones (one each: one order), the
    first of which took the logged white stone on bb (lifted meanwhile)."""
    b = Board()
    b.play("B ba,W bb,B ab,W ee,B cb,W ff")
    logged = list(b.log)
    for m in ("B bc", "W gg"):
        b.put(*m.split())
    b.lift("bb")
    b.restart(logged)
    evs = b.look()
    mv = [e for e in evs if e["type"] == "move"]
    assert "illegal" not in types(evs)
    assert [(e["color"], e["point"], e["number"]) for e in mv] == [("B", "bc", 7), ("W", "gg", 8)]
    g = b.ref.game
    assert g.n == 8 and g.captures[1] == 1 and g.board.get(g.board.from_sgf("bb")) == 0
    assert b.ref.phase == PLAY and not b.ref.illegal


def test_a_torn_pass_stone_is_taken_again_from_the_logged_bowls():
    for rules in ("aga", "ing"):
        b = Board(rules)
        b.ref.bowls(40, 40, 0, 0)
        b.play("B cc,W gg")
        b.ref.bowls(39, 39, 0, 0)
        b.ref.bowls(38, 39, 0, 1)              # black's pass stone, out of the bowl into W's lid
        counts = b.ref.take_events()
        logged = b.log + counts                # the pass record torn; its reading logged
        evs = b.look()                         # the look says what the counts mean
        assert [e["type"] for e in counts + evs] == ["bowls", "bowls", "pass"]
        assert b.restart(logged) == []
        evs = b.look()                         # the first look finds the stone in the lid
        assert [(e["type"], e["color"], e["stone"]) for e in evs] == [("pass", "B", True)]
        assert b.ref.game.n == 3 and b.ref.game.to_move() == 2
        b.ref.bowls(38, 39, 0, 1)              # the scales settle again: nothing new
        assert b.ref.take_events() == []


def test_a_restart_in_the_middle_of_a_takeback_lets_it_finish():
    b = Board()
    b.play(OPENING + ",B bc")                  # bc takes bb
    b.lift("bb")
    b.look()
    b.ref.button("undo")
    b.log += b.ref.take_events()
    assert types(b.log)[-1] == "undo"
    # the power fails before the hands finish: bc still on the board, bb not back
    b.restart(list(b.log))
    evs = b.look()
    assert "illegal" not in types(evs) and b.ref.pending == "undo"
    assert b.ref.game.n == 6 and b.ref.game.to_move() == 1
    b.lift("bc")
    b.look()
    b.put("W", "bb")
    assert types(b.look()) == ["restored"] and b.ref.pending is None
    b.put("B", "bc")                           # the move again
    assert types(b.look()) == ["move", "capture-pending"]


def test_a_players_own_undo_button_asks_back_only_that_players_last_move():
    """With an undo button per player (a profile may give "B:undo"/"W:undo"), the
    player who did not make the last move cannot take it back; the shared "undo"
    button acts for whoever presses it."""
    b = Board()
    b.play("B cc,W gg")
    b.ref.button("B:undo")
    evs = b.ref.take_events()
    assert [(e["type"], e.get("code")) for e in evs] == [("illegal", "not-your-move")]
    assert "white" in evs[0]["text"]
    assert b.ref.game.n == 2
    b.ref.button("W:undo")
    evs = b.ref.take_events()
    assert [e["type"] for e in evs] == ["undo"] and evs[0]["point"] == "gg"
    assert b.ref.game.n == 1


def test_a_game_already_over_shows_its_result_after_a_restart():
    """Not 'Resumed: move n / black to play': nobody is to play."""
    b = Board()
    b.play("B ee,W dd")
    b.ref.button("W:resign")
    log = b.log + b.ref.take_events()
    b.restart(log)
    assert b.ref.phase == OVER and tuple(b.ref.lines) == ("White resigns", "B+R")
    # lost on time (the clock's end as logged)
    b = Board()
    b.play("B ee,W dd")
    b.restart(b.log + [{"type": "end", "reason": "time", "winner": "W"}])
    assert b.ref.phase == OVER and tuple(b.ref.lines) == ("Black: time", "W+T")
    # counted
    b = Board()
    b.play("B ee,W dd")
    b.ref.button("B:pass")
    b.ref.button("W:pass")
    b.log += b.ref.take_events()
    b.ref.button("end")
    full = b.log + b.ref.take_events()
    assert full[-1]["type"] == "count"
    b.restart(full)
    assert b.ref.phase == OVER
    assert tuple(b.ref.lines) == ("Result " + full[-1]["result"], "game over")
    # a game still in play says where it stands
    b = Board()
    b.play("B ee,W dd")
    b.restart(b.log)
    assert tuple(b.ref.lines) == ("Resumed: move 2", "black to play")


def test_a_stone_played_on_top_of_an_order_announcement_joins_it():
    """Fast play as the board came back: black plays on while resume-order is
    shown. The new stone is named with the others (it was announced as an extra
    stone on one of them, a fix nobody could do)."""
    b = Board()
    b.play("B ee,W dd")
    logged = list(b.log)
    for m in ("B cc", "W gg", "B hh"):
        b.put(*m.split())
    b.restart(logged)
    assert [e["code"] for e in b.look() if e["type"] == "illegal"] == ["resume-order"]
    b.put("W", "ab")
    il = [e for e in b.look() if e["type"] == "illegal"]
    assert [e["code"] for e in il] == ["resume-order"]
    assert all(p in il[0]["text"] for p in ("cc", "gg", "hh", "ab"))
    for p in ("ab", "hh", "gg", "cc"):
        b.lift(p)
        b.look()
    assert b.log[-1]["type"] == "restored" and b.ref.game.n == 2


def dead_sensor_game(dead, moves, bowls_after):
    """A board with the scales settled at 40 each, the sensor under `dead`
    dead, `moves` played and the bowls then reading `bowls_after` (B, W)."""
    from goban.referee import FAULT
    b = Board()
    b.ref.bowls(40, 40, 0, 0)
    b.stable[idx(dead)] = FAULT
    b.look()
    b.play(moves)
    b.ref.bowls(bowls_after[0], bowls_after[1], 0, 0)
    b.look()
    return b


def test_a_dead_sensor_move_whose_captures_are_lifted_one_by_one():
    """White plays on ac, dead, capturing black's aa and ab; one is lifted first.
    Only some of a move's captures gone: that move only when white's settled bowl
    says a stone of white's is out, and so when the bowl settles after the look
    (the announced `knocked` is looked at again); the rest wait to be lifted."""
    b = dead_sensor_game("ac", "B aa,W ba,B ab,W bb,B ee", (37, 38))
    b.lift("aa")                    # white's stone on ac is not seen; its bowl still moving
    b.ref.bowls(37, -1, 0, 0)
    evs = b.look()
    assert [(e["code"], e["point"]) for e in evs if e["type"] == "illegal"] == [("knocked", "aa")]
    b.ref.bowls(37, 37, 0, 0)       # settled: one white stone out that the game has not used
    evs = b.look()
    mv = [e for e in evs if e["type"] == "move"]
    assert [(e["point"], sorted(e["captures"]), e.get("unseen")) for e in mv] == \
        [("ac", ["aa", "ab"], True)]
    pend = [e for e in evs if e["type"] == "capture-pending"]
    assert [e["points"] for e in pend] == [["ab"]]
    b.lift("ab")
    b.look()
    b.put("B", "gg")
    assert [e["point"] for e in b.look() if e["type"] == "move"] == ["gg"]
    assert b.ref.illegal is None
    # the same lifting with white's bowl settled and no stone out: no move
    b = dead_sensor_game("ac", "B aa,W ba,B ab,W bb,B ee", (37, 38))
    b.lift("aa")
    evs = b.look()
    assert [e for e in evs if e["type"] == "move"] == [] and b.ref.game.n == 5


def test_a_capturing_move_on_a_dead_sensor_is_told_by_its_captures():
    """White plays on ab, whose sensor is dead, capturing black's aa: only the
    lifted capture shows. The stones gone are exactly what a move there takes,
    so that was the move (unseen); a lifted stone no such move explains is still
    announced, and a settled bowl with no white stone out keeps it from a move."""
    from goban.referee import FAULT
    b = Board()
    b.stable[idx("ab")] = FAULT
    assert types(b.look()) == ["sensor-fault"]
    b.play("B aa,W ba,B ee")
    b.lift("aa")
    evs = b.look()
    mv = [e for e in evs if e["type"] == "move"]
    assert [(e["color"], e["point"], e["captures"], e.get("unseen")) for e in mv] == \
        [("W", "ab", ["aa"], True)]
    assert "illegal" not in types(evs)
    b.put("B", "gg")
    assert [e["point"] for e in b.look() if e["type"] == "move"] == ["gg"]
    # a stone lifted that no move on the dead point would take: announced
    b.lift("ee")
    assert [(e["code"], e["point"]) for e in b.look() if e["type"] == "illegal"] == \
        [("knocked", "ee")]
    # with the scales settled and no white stone out of its bowl: not taken as a
    # move, but asked (a bowl a stone behind the game, or a knock: the player says)
    b = dead_sensor_game("ab", "B aa,W ba,B ee", (38, 39))
    b.lift("aa")
    evs = b.look()
    assert [e for e in evs if e["type"] == "move"] == [] and b.ref.game.n == 3
    assert [(e["code"], e["point"], e["of"]) for e in evs if e["type"] == "illegal"] == \
        [("unseen-gone", "aa", ["ab"])]


def test_a_burst_that_flags_many_sensors_is_one_event_a_kind_naming_them_all():
    """A burst of noise flags a hundred sensors at once: one event each held the
    game's events behind them for seconds on the link (seed 620941 game 624)."""
    from goban.referee import FAULT
    b = Board()
    shaky = ["aa", "ba", "ee", "ii"]
    for p in shaky:
        b.stable[idx(p)] = FAULT + 1            # unstable
    b.stable[idx("cc")] = FAULT                 # dead
    evs = b.look()
    assert [(e["type"], e["what"], e["point"], e["points"]) for e in evs] == [
        ("sensor-fault", "dead", "cc", ["cc"]),
        ("sensor-fault", "unstable", "aa", ["aa", "ba", "ee", "ii"])]
    for p in shaky:
        b.stable[idx(p)] = 0
    evs = b.look()
    assert [(e["type"], e["point"], e["points"]) for e in evs] == [
        ("sensor-ok", "aa", ["aa", "ba", "ee", "ii"])]
