"""The Pico's entry point: load the board profile from flash, build the real
drivers, resume the logged game (or start one), and run the board loop forever.

The profile is boards/<id>.json on flash; its id is the first line of board.txt
(default "reference-19"). The product image (tools/build-image) also freezes the
shipped hardware profiles into the module `goboard_profiles`, so a board flashed
with that one file runs without anything on its filesystem; a profile on flash
wins. The loop never blocks: each step is at most one scan, and between scans the
Pico only waits for the next scan period.
"""

import gc
import time

from goban import profile as P
from goban.boardloop import BoardLoop
from goban.calibration import Calibration, CalibrationError
from goban.gamelog import GameLog
from goban.hw import open_devices

CAL_PATH = "calibration.bin"
try:
    import goboard_profiles  # type: ignore[import-not-found]  # noqa: F401
    FROZEN = True             # the product image: the firmware frozen in flash
except ImportError:
    FROZEN = False            # .mpy files on the stock image (tools/deploy)
# the time a step may take (BoardLoop.budget_us): after the scan, the scale job
# and an output job (log, send, lights, a display page) run only if the most
# they lately cost still fits (a move's log write ~5-8 ms, a scale job 1-4.5 ms),
# else they wait a step, so no step runs past the 10 ms scan period. 8 ms: with
# the flash cache's misses a job's cost varies more than its learned peak
# foresees (a look beside its scan ran 1 ms over it: steps of 10.0-11.1 ms at 8.8)
STEP_BUDGET_US = 8000
# the loop looks at the heap itself, a quiet step after this many events, and
# collects, a quiet step of its own, when less than GC_FREE_MIN is free
# (BoardLoop.gc_events, gc_free_min): the collector's ~17 ms never lands in a busy
# step. The .mpy install (the heap tight, ~35 KB left) collects at every look.
GC_EVENTS = 24
GC_FREE_MIN = 64 * 1024


def board_id():
    try:
        with open("board.txt") as f:
            return f.readline().strip() or "reference-19"
    except OSError:
        return "reference-19"


def load_profile(name):
    """boards/<name>.json from flash, else the copy frozen into the image."""
    path = "boards/%s.json" % name
    try:
        open(path).close()
    except OSError:
        try:
            from goboard_profiles import PROFILES  # type: ignore[import-not-found]
        except ImportError:
            PROFILES = {}
        if name in PROFILES:
            import json
            return P.from_dict(json.loads(PROFILES[name]), "frozen:" + path)
    return P.load(path)


def tidy():
    """From .mpy files on the stock image (the code in RAM: ~35 KB left after the
    set-up) each part's garbage is collected before the next part's buffers:
    left between long-lived buffers it cut the heap into pieces, and the link's
    code and the game's arrays found no room in one piece. The product image
    (the code in flash, 160 KB free) needs none of it."""
    if not FROZEN:
        gc.collect()


# on the stock image's tight heap (.mpy files) the game's arrays (3.2 KB on 19x19,
# in one piece, at loop.start()) found no piece left once the link's code was
# loaded last: a piece that big is taken early (BoardLoop.room) and given back just
# before the start (run())
ROOM = 4096


def build():
    # the imports above leave their loaders' garbage all over the heap: collect it
    # before the long-lived buffers are taken, or a 6 KB buffer finds no room
    gc.collect()
    prof = load_profile(board_id())
    from goban.referee import Referee
    ref = Referee(prof.size)   # the largest buffers first (the count's, the game's), into
    room = None if FROZEN else bytearray(ROOM)   # an unfragmented heap
    tidy()
    if FROZEN:
        # the referee's parts a clean game never needs load when first needed from
        # .mpy files (heap); frozen they cost no heap, and loaded now, never a look
        # (a first announcement loading three modules took a 22 ms step)
        from goban.referee import wrong, texts, unseen, dead, fill, scoring, seki  # noqa: F401
    dev = open_devices(prof)
    tidy()
    cal = Calibration(prof.size, prof)
    try:
        cal.load(CAL_PATH)
    except (OSError, CalibrationError):
        # first power-on (the board must be empty): take the baseline and keep it
        from array import array
        raw = array("H", bytes(2 * prof.size * prof.size))
        dev.matrix.scan(raw)
        cal.retake(raw)
        cal.save(CAL_PATH)
    log = GameLog(prof.log["dir"], prof.log["max_bytes"], prof.log["max_games"])
    loop = BoardLoop(prof, dev.matrix, cal, bowls=dev.bowls, buttons=dev.buttons,
                     display=dev.display, buzzer=dev.buzzer, lights=dev.lights,
                     log=log, referee=ref)
    tidy()
    loop.pace(time.ticks_us, STEP_BUDGET_US)
    loop.gc_events = GC_EVENTS
    loop.gc_free_min = GC_FREE_MIN if FROZEN else 0
    loop.room = room
    try:
        import sys
        from goban.link import Link, TX_MAX   # the serial link to the host (USB CDC)
        # the host's `state` request answers with the referee's current state
        loop.link = Link(sys.stdin.buffer, sys.stdout.buffer, log=log,
                         info={"profile": prof.id, "size": prof.size}, state=loop.state,
                         new_game=loop.host_new_game, players=loop.host_players,
                         clock=loop.host_clock,
                         expect=loop.host_expect, undo=loop.host_undo,   # goban.remote
                         # frames put together in a buffer (none on the .mpy install:
                         # its heap is tight; every frame made the plain way there)
                         tx=TX_MAX if FROZEN else 0)
    except ImportError:
        loop.link = None
    return prof, loop


def run():
    prof, loop = build()
    # the drivers' and the link's set-up leave garbage between the long-lived
    # objects: collected now, the game's arrays (3 KB and more) find room; from
    # .mpy files on the stock image the heap is tight enough that, left to the
    # collector's own run inside the allocation, the first new game failed
    loop.room = None
    gc.collect()
    loop.start(now_ms=time.ticks_ms())
    period = prof.scan_ms
    while True:
        now = time.ticks_ms()
        loop.step(now)
        wait = period - time.ticks_diff(time.ticks_ms(), now)
        if wait > 0:
            time.sleep_ms(wait)


if __name__ == "__main__":
    run()
