"""The frame path allocates nothing: under MicroPython with the heap locked, the
board loop scans, classifies, settles and referees 2,000 noisy frames of a board
with stones on it (the sim twins, the real calibration, a game in progress)."""

from conftest import MP, run_micropython



def test_frame_path_allocates_nothing():
    out = run_micropython(MP / "referee_heap.py")
    assert out.strip().splitlines()[-1].startswith("OK 4")
