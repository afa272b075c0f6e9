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

try:
    import goboard_profiles  # type: ignore[import-not-found]  # noqa: F401
    FROZEN = True             # the product image: the firmware frozen in flash
except ImportError:
    FROZEN = False            # .mpy files on the stock image (tools/deploy)

# The modules main imports, leaves first. From .mpy files each one's code lands in the
# heap and its loader leaves garbage behind: imported as one cascade, the garbage of
# each lay between the next ones' code and the heap was in pieces (94 KB free, the
# largest 30 KB: the referee's buffers took it and a driver's 1.3 KB found none).
# One at a time with a collection between, the free heap stays in one piece (the
# largest 86 KB). tests/unit/test_boot_order.py keeps the list whole.
BOOT_ORDER = (
    "goban", "goban.profile", "goban.compat", "goban.rules", "goban.settle", "goban.hw",
    "goban.hw.bowls", "goban.board", "goban.game", "goban.point_names", "goban.regions",
    "goban.count", "goban.referee.words", "goban.points", "goban.referee.diff",
    "goban.referee.phase", "goban.clockdefs", "goban.clock", "goban.players", "goban.referee.timing",
    "goban.referee.state", "goban.referee.bowlwatch", "goban.referee.moves",
    "goban.referee.setup", "goban.referee.explain", "goban.referee.play", "goban.referee",
    "goban.boardloop", "goban.crc", "goban.calibration", "goban.gamelog")
if not FROZEN:
    for _name in BOOT_ORDER:
        __import__(_name)
        gc.collect()

from goban import profile as P  # noqa: E402
from goban.boardloop import BoardLoop  # noqa: E402
from goban.calibration import Calibration, CalibrationError  # noqa: E402
from goban.gamelog import GameLog  # noqa: E402
from goban.hw import open_devices  # noqa: E402

CAL_PATH = "calibration.bin"
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
# an event's JSON longer than this (a count's) is made the plain way
JSON_MAX = 384
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


def build():
    # the imports above leave their loaders' garbage all over the heap: collect it
    # before the long-lived buffers are taken, or a 6 KB buffer finds no room
    gc.collect()
    prof = load_profile(board_id())
    from goban.referee import Referee
    ref = Referee(prof.size, reuse=FROZEN)   # the largest buffers first (the count's, the
                               # game's, every game's: fresh_game reuses them), into an
                               # unfragmented heap; the look's search too, frozen only
    if FROZEN:
        ref.keep_records()      # a move's and a bowls reading's events: no dict a move
    tidy()
    if FROZEN:
        # the referee's parts a clean game never needs load when first needed from
        # .mpy files (heap); frozen they cost no heap, and loaded now, never a look
        # (a first announcement loading three modules took a 22 ms step)
        from goban.referee import wrong, texts, unseen, dead, fill, scoring, seki  # noqa: F401
        from goban.referee import dispute, freeplace  # noqa: F401
        from goban import count_result, mouths, seki_marks  # noqa: F401  (the end press's step)
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
    cal.apply(dev.matrix, dev.bowls)   # a remap and the scales' figures saved (goban.diag)
    # the product image makes an event's JSON in a buffer made at boot, for the
    # log's record and the link's frame (goban.outbuf.Json): none on the heap a move
    jb = None
    if FROZEN:
        from goban.outbuf import Json
        jb = Json(JSON_MAX)
    log = GameLog(prof.log["dir"], prof.log["max_bytes"], prof.log["max_games"], json_buf=jb)
    loop = BoardLoop(prof, dev.matrix, cal, bowls=dev.bowls, buttons=dev.buttons,
                     display=dev.display, buzzer=dev.buzzer, lights=dev.lights,
                     log=log, referee=ref)
    tidy()
    loop.pace(time.ticks_us, STEP_BUDGET_US)
    if prof.data.get("step_pin") is not None:
        from machine import Pin    # high while a step runs: a scope times the steps
        loop.mark_steps(Pin(prof.data["step_pin"], Pin.OUT, value=0))
    loop.gc_events = GC_EVENTS
    loop.gc_free_min = GC_FREE_MIN if FROZEN else 0
    try:
        import sys
        from goban.link import Link, TX_MAX   # the serial link to the host (USB CDC)
        # the host's `state` request answers with the referee's current state
        loop.link = Link(sys.stdin.buffer, sys.stdout.buffer, log=log,
                         info={"profile": prof.id, "size": prof.size}, state=loop.state,
                         new_game=loop.host_new_game, players=loop.host_players,
                         clock=loop.host_clock,
                         expect=loop.host_expect, undo=loop.host_undo,   # goban.remote
                         raw=loop.raw_frame, diag=loop.host_diag,         # goban.diag
                         # frames put together in a buffer (none on the .mpy install:
                         # its heap is tight; every frame made the plain way there)
                         tx=TX_MAX if FROZEN else 0, json_buf=jb)
    except ImportError:
        loop.link = None
    return prof, loop


def run():
    prof, loop = build()
    # the drivers' and the link's set-up leave garbage between the long-lived
    # objects: collected now, the game's arrays (3 KB and more) find room; from
    # .mpy files on the stock image the heap is tight enough that, left to the
    # collector's own run inside the allocation, the first new game failed
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
