"""The board loop on the sim twins with no world model, for the programs here that
drive it by hand (clock_board.py, clock_menu.py) under MicroPython or CPython:
`board()` a BoardLoop on an empty 9x9 board started (or resumed from `log`),
`run()` its steps for a while, `Tap` the link slot that keeps what it is handed."""

from array import array

from goban import profile as P
from goban.hw import open_devices
from goban.calibration import Calibration
from goban.boardloop import BoardLoop

prof = P.load("boards/sim-9.json")


class Tap:
    """The loop's link slot: keeps the events it is handed."""

    def __init__(self):
        self.evs = []

    def send_event(self, ev, payload=None):
        self.evs.append(ev)

    def poll(self, now):
        pass


def board(log=None, game=None, now=0):
    """(loop, devices, tap, how it started)."""
    d = open_devices(prof)
    cal = Calibration(9, prof)
    raw = array("H", bytes(2 * 81))
    d.matrix.scan(raw)
    cal.retake(raw)
    tap = Tap()
    lp = BoardLoop(prof, d.matrix, cal, None, d.buttons, d.display, d.buzzer, d.lights, log, tap)
    how = lp.start("chinese", game=game, now_ms=now)
    return lp, d, tap, how


def run(lp, t, ms):
    """Steps every 10 ms from t for ms; returns the time reached."""
    end = t + ms
    while t < end:
        lp.step(t)
        t += 10
    return t
