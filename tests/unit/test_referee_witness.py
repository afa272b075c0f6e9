"""The bowls as a second witness (goban.referee.play.witnessed), frames by hand:
the verdict that no stone left the mover's bowl (no-stone-out) needs readings of
that bowl taken after the stone came. A reading from before the hand took the
stone says nothing yet: on the chip the scale job may wait a few steps, and the
scales are read one a step, so the referee can hold a reading of the mover's
bowl older than the stone for longer than the witness's wait; and one sample of
a bowl still ringing from the hand can weigh what it did before. With that
reading alone a real move was announced as no-stone-out (the 14-move game of
tests/test_chip_step.py stopped so). The loop counts each bowl's readings
(ref.scales.reads); a scale read no more never holds a move back."""

from referee_board import Board

WITNESS_MS = 300


def opening():
    """Three moves played, the witness on, the bowls settled with every stone
    out on the board (40 a bowl at the start), each read 5 times so far."""
    b = Board()
    b.ref.bowls(40, 40, 0, 0)
    b.look()
    b.play("B cc,W gg,B cg")
    b.ref.bowls(38, 39, 0, 0)
    b.look()
    assert b.ref.game.n == 3
    b.ref.scales.witness_ms = WITNESS_MS
    b.ref.scales.reads = [5, 5]
    return b


def at(b, now, changed=0):
    """One frame at `now` (ms) with nothing new on the board unless `changed`."""
    b.ref.now = now
    b.ref.frame(b.stable, changed, True)
    evs = b.ref.take_events()
    b.log += evs
    return evs


def kinds(evs):
    return [(e["type"], e.get("code") or e.get("point")) for e in evs]


def test_a_reading_older_than_the_stone_is_no_verdict():
    b = opening()
    b.put("W", "ee")                     # the white bowl was last read before the hand came
    assert at(b, 1000, changed=1) == []  # waits for the bowl
    assert at(b, 1000 + WITNESS_MS) == []            # the wait is over, no reading since
    assert at(b, 1000 + WITNESS_MS + 60) == []
    b.ref.scales.reads[1] += 1             # one reading, still the old weight (a ringing bowl)
    assert at(b, 1000 + WITNESS_MS + 120) == []
    b.ref.scales.reads[1] += 1             # a second: the bowl really says nothing left it
    evs = at(b, 1000 + WITNESS_MS + 180)
    assert kinds(evs) == [("illegal", "no-stone-out")]
    assert b.ref.game.n == 3


def test_a_fresh_reading_that_shows_the_stone_gone_takes_the_move():
    b = opening()
    b.put("W", "ee")
    assert at(b, 1000, changed=1) == []
    assert at(b, 1000 + WITNESS_MS + 10) == []       # stale: no verdict
    b.ref.scales.reads[1] += 1
    b.ref.bowls(38, 38, 0, 0)            # the first reading since: one white stone out
    evs = at(b, 1000 + WITNESS_MS + 20)
    assert [k for k in kinds(evs) if k[0] != "bowls"][0] == ("move", "ee")
    assert not [e for e in b.log if e["type"] == "illegal"]


def test_readings_within_the_wait_give_the_verdict_at_its_end():
    b = opening()
    b.put("W", "ee")
    assert at(b, 1000, changed=1) == []
    b.ref.scales.reads[1] += 2             # read twice since the stone came: nothing left it
    assert at(b, 1000 + WITNESS_MS - 1) == []
    assert kinds(at(b, 1000 + WITNESS_MS)) == [("illegal", "no-stone-out")]


def test_a_scale_read_no_more_never_holds_a_move_back():
    b = opening()
    b.put("W", "ee")
    assert at(b, 1000, changed=1) == []
    t = 1000
    while t < 1000 + 4 * WITNESS_MS - 50:
        t += 50
        assert at(b, t) == [], t         # still waiting for a reading of white's bowl
    evs = []
    while not evs and t < 1000 + 5 * WITNESS_MS:
        t += 50
        evs = at(b, t)
    assert kinds(evs)[0] == ("move", "ee") and t >= 1000 + 4 * WITNESS_MS
    assert not [e for e in b.log if e["type"] == "illegal"]


def test_without_counted_readings_every_reading_is_fresh():
    b = opening()
    b.ref.scales.reads = None              # a referee fed by hand (no loop counting)
    b.put("W", "ee")
    assert at(b, 1000, changed=1) == []
    assert kinds(at(b, 1000 + WITNESS_MS)) == [("illegal", "no-stone-out")]
