"""The frame path allocates nothing: under MicroPython with the heap locked, the
board loop scans, classifies, settles and referees 2,000 noisy frames of a board
with stones on it (the sim twins, the real calibration, a game in progress). A
look at a changed frame in play allocates nothing but its events: a whole game's
looks, the heap locked. An idle step of the loop on the Pico's clock allocates
nothing either, whether its jobs fit or wait."""

import functools

from conftest import MP, REPO, run_micropython


@functools.lru_cache(maxsize=None)
def _heap_run():
    return run_micropython(MP / "referee_heap.py").strip().splitlines()


def test_frame_path_allocates_nothing():
    assert _heap_run()[-1].startswith("OK 4")


def test_an_idle_step_allocates_nothing_whether_its_jobs_fit_or_wait():
    """500 idle steps, the heap locked (MemoryError otherwise): with room for
    every job (a scan each period) and with none (the lanes wait; the scales
    and the output get steps of their own, so fewer scans)."""
    idle = {int(b): int(n) for _, b, n in (line.split() for line in _heap_run()
                                           if line.startswith("IDLE"))}
    assert set(idle) == {9000, 1}
    assert idle[9000] >= 490 and 0 < idle[1] < idle[9000], idle


def test_a_look_in_play_allocates_nothing_but_its_events():
    """Each look at a changed frame over a whole 274-move game (each stone as it
    lands, each capture as it is lifted), the heap locked: the look's lists, its
    search and the display of the captures to lift are made at boot, a move's event
    is a record (Referee.keep_records), the turn shown is text from goban.names in
    the lines filled in place; only a move that captured, `restored` and the
    clock's `lifted` may allocate (tests/mp/referee_look_heap.py)."""
    game = REPO / "tools" / "sim" / "games" / "gnugo-015.sgf"
    out = run_micropython(MP / "referee_look_heap.py", stdin=str(game) + "\n")
    ok, moves, looks = out.split()[-3:]
    assert ok == "OK" and int(moves) == 274 and int(looks) >= 280, out


def test_a_capture_taken_by_a_look_alone_shows_its_stones_to_lift_in_the_next_step():
    """On the board a look that has a step of its own (the loop's budget:
    look_alone) leaves the captures' display to the next step (ref.job): with it,
    a capture's look ran past the 10 ms period on the emulated chip. The event
    comes at once; the display follows unless the board shows something else."""
    import sys
    sys.path.insert(0, str(REPO / "tests"))
    from referee_board import Board
    b = Board()
    for c, p in (("B", "ba"), ("W", "bb"), ("B", "ab"), ("W", "ee"), ("B", "bc"),
                 ("W", "ff")):
        b.put(c, p)
        b.look()
    b.ref.steps = True
    b.ref.look_alone = True
    b.put("B", "cb")                      # captures W bb
    assert b.look() == [] and b.ref.job is not None      # the look: a step of its own
    from goban.referee import Referee
    b.ref.run_job()
    # its decision, then its action: a job of its own too (the loop runs it at
    # once where it fits, else in the next step), the move at the look's ticks
    assert b.ref.take_events() == [] and b.ref.job is Referee.act
    b.ref.run_job()
    evs = b.ref.take_events()
    assert [e["type"] for e in evs] == ["move", "capture-pending"], evs
    assert b.ref.pending == "capture" and b.ref.job is not None
    assert not b.ref.lines[0].startswith("Lift captured")
    b.ref.run_job()
    assert b.ref.lines[0] == "Lift captured: 1" and b.ref.light_color == "yellow"
    assert b.ref.lights == [1 * 9 + 1]
