"""The frame path allocates nothing: under MicroPython with the heap locked, the
board loop scans, classifies, settles and referees 2,000 noisy frames of a board
with stones on it (the sim twins, the real calibration, a game in progress). A
look at a changed frame in play allocates nothing but its events: a whole game's
looks, the heap locked."""

from conftest import MP, REPO, run_micropython



def test_frame_path_allocates_nothing():
    out = run_micropython(MP / "referee_heap.py")
    assert out.strip().splitlines()[-1].startswith("OK 4")


def test_a_look_in_play_allocates_nothing_but_its_events():
    """Each look at a changed frame over a whole 274-move game (each stone as it
    lands, each capture as it is lifted), the heap locked: the look's lists, its
    search and the display of the captures to lift are made at boot; only a move's
    event, `restored` and the turn shown may allocate (tests/mp/referee_look_heap.py)."""
    game = REPO / "tools" / "sim" / "games" / "gnugo-015.sgf"
    out = run_micropython(MP / "referee_look_heap.py", stdin=str(game) + "\n")
    ok, moves, looks = out.split()[-3:]
    assert ok == "OK" and int(moves) == 274 and int(looks) >= 280, out
