#!/usr/bin/env python3
"""The firmware's figures measured on the emulated RP2040 (rp2040js, 125 MHz,
simulated deterministic time), with the product image: `tools/bench chip`.

    tools/bench chip [--json] [--image frozen|mpy] [--game SGF] [--moves N]
                     [--xip both|on|off] [--seed N] [--trace N]

Every figure is taken with the RP2040's XIP flash cache modelled (a miss stalls
the core for the QSPI read: tools/README.md, "The emulated chip") and, with
--xip both (the default), again without it (flash at RAM speed): `xip_off`.

--json prints one JSON object: image, xip_cache ("on"/"off"), move_us_avg,
move_us_worst (bench_core's 20 random 19x19 games, each Game.play timed with
ticks_us), capture360_ms (one stone taking 360, median of 7), count_ms (the
referee's count() on the GNU Go game's end with GNU Go's dead stones),
count_ms_worst (the random board with 68 seki blocks of tools/bench_count.py),
frame_ms (classify + settle + referee: BoardLoop.scan less the matrix scan),
scan_ms (HallMatrix's register scan of 361 points through the emulated ADC and
muxes); then over a whole game played by the simulator's hands to its count (the
record `--game`, by default a 274-stone GNU Go game with its dead stones lifted;
`--moves N`: its first N moves, passes counted, then both pass and count;
game, game_moves (moves and passes), game_stones, steps): step_ms_worst (the
longest BoardLoop.step, the loop's own collection steps aside: gc_step_ms_worst,
gc_steps, gc_steps_over_10ms, gc_in_play between the first move and the count,
gc_looks at the heap; longest_step_ms counts them), steps_over_10ms and
steps_over_detail (each such step: its time and what ran in it, in us: parts,
event types, buttons; steps_over_counted: every step over 10 ms, collections
too, as the emulator counted it), step_ms_worst_pin and steps_over_10ms_pin (the same
steps timed a second way, by the step pin the product image holds high while a step
runs, its edges timed by the emulator with the core's cycle count: nothing of the
bench's ticks_us; pin_steps, pin_steps_unpaired, pin_probe_us_max: pin_figures),
step_parts_ms_worst, announce_ms (a stone let go -> its
move sent on the link, worst; announce_ms_median; announce_early: moves sent while
the fingers were still on the stone, below zero; announce_ms_all), count_game_ms
(the end of play's count: the longer of the end press's work, end_press_ms,
and the count after it in two steps of its own, count_job_ms the longer), heap_free_kb (gc.mem_free with a game started, the
bench's own code not yet compiled), heap_free_kb_end and heap_live_free_kb_end (at the end, before and after
a collection; the live figure with the bench's own code and records added back, heap_bench_kb, as
the board never carries them: heap_live_free_kb_end_raw is the instrumented chip's), pystack_peak_bytes of pystack_bytes, job_cost_us_at_end; from the
emulator's counters: step_counters (ten runs of the game's steps: the median
step's us, instructions, cycles in interrupt handlers, XIP misses, bytes
allocated; interrupts and USB transfers a step), alloc_bytes_per_move (by part
of the loop: the referee's look in play, its look once play ended (count_look),
news, take and button; the log, a count's JSON made for it (count_json), the
link's send and poll, the display; `loop`: the step's own code) and alloc_sites (part, C
function, allocations, bytes); with --trace N, trace: the 12 steps before each of
the N slowest moves went out. Without --json the figures are printed beside the
unix-port estimates of the other benches and the targets.

--image mpy runs the stock MicroPython image with the firmware as .mpy files on its
filesystem (tools/deploy's way) instead of frozen (its heap is tight, its calls
take their frames from the heap: firmware/README.md, "On the chip").
"""

import argparse
import json
import os
import random
import statistics
import sys
import tempfile

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
for p in ("firmware", "host", "tools", "tools/chip", "tools/sim"):
    sys.path.insert(0, os.path.join(REPO, p))

import build as B          # noqa: E402
import chip as C           # noqa: E402
import board as CB         # noqa: E402

TARGETS = {"move_us_avg": 100, "capture360_ms": 3, "count_ms": 5, "count_ms_worst": 10,
           "frame_ms": 1.5, "scan_ms": 2.5, "step_ms_worst": 10, "announce_ms": 100,
           "heap_free_kb": 150, "longest_step_ms": 10, "gc_step_ms_worst": 10,
           "steps_over_10ms": 0, "gc_steps_over_10ms": 0, "count_game_ms": 10,
           "heap_live_free_kb_end": 150, "step_ms_worst_pin": 10, "steps_over_10ms_pin": 0}
AT_LEAST = ("heap_free_kb", "heap_live_free_kb_end")
# a whole tournament game (274 stones, GNU Go's dead stones marked): the loop's figures
GAME = os.path.join(REPO, "tools", "sim", "games", "gnugo-015.sgf")

MOVES = r'''
import time
from goban.game import Game
from goban.board import Board
def moves_bench(games):
    # the average as bench_core takes it: whole games timed, moves in a plain loop;
    # the worst: each move timed alone, less what timing itself costs
    t0 = time.ticks_us()
    t = time.ticks_diff(time.ticks_us(), t0)
    cost = time.ticks_diff(time.ticks_us(), t0) - t
    total = 0
    n = 0
    worst = 0
    for pts in games:
        g = Game("chinese", size=19, capacity=512)
        c = 1
        t0 = time.ticks_us()
        for p in pts:
            g.play(c, p)
            c = 3 - c
        total += time.ticks_diff(time.ticks_us(), t0)
        n += len(pts)
        if g.n != len(pts):
            raise SystemExit("a move was refused in game %d" % len(games))
        g = Game("chinese", size=19, capacity=512)
        c = 1
        for p in pts:
            t0 = time.ticks_us()
            g.play(c, p)
            t = time.ticks_diff(time.ticks_us(), t0) - cost
            c = 3 - c
            if t > worst:
                worst = t
    print("MOVES", total, n, worst, capture360(time.ticks_us, time.ticks_diff))
'''

LOOP = r'''
import time, gc, json, main
from array import array
from machine import mem32
PROBE = 0
PART = PROBE + 4
prof, loop = main.build()
loop.start()
gc.collect()
free = gc.mem_free()
print("BUILT")
#-- the rest in a second exec: its code compiled now would sit in the heap measured
raw = array("H", bytes(2 * prof.size * prof.size))
scan_t = array("i", bytes(4 * 5))
frame_t = array("i", bytes(4 * 5))
plain_scan = loop.scan     # (timed once `armed` is taken, as the board runs it: unwrapped)
# the moves as they went out: point and time, in room made now (a tuple a move
# would be the bench's own garbage, counted as the send's and on the heap)
MOVES_MAX = 512
move_pt = array("h", bytes(2 * MOVES_MAX))   # the point's two letters, packed (no str kept)
move_us = array("i", bytes(4 * MOVES_MAX))
n_moves = array("i", [0])
# the collections when the first move went out and when the count did, the
# passes, the end press's time (the count in play)
state = {"done": None, "first_gc": -1, "count_gc": -1, "passes": 0, "end_us": 0,
         "count_us": 0}
send = loop.link.send_event
def tap(ev, payload=None):
    t = ev.get("type")
    if t == "move":
        k = n_moves[0]
        if k < MOVES_MAX:
            p = ev["point"]
            move_pt[k] = ord(p[0]) * 256 + ord(p[1])
            move_us[k] = time.ticks_us()
            n_moves[0] = k + 1
        if state["first_gc"] < 0:
            state["first_gc"] = loop.collections
    elif t == "pass":
        state["passes"] += 1
    elif t == "count" and state["done"] is None:
        state["done"] = time.ticks_add(time.ticks_ms(), 1500)
        state["count_gc"] = loop.collections
    send(ev, payload)
loop.link.send_event = tap
# the wrappers allocate nothing (no *args tuple a call): the loop's own heap
# quietness is part of what is measured (a collection is a step of its own).
# Each tells the emulator which part runs (PART: its index + 1, 0 the loop's
# own code), which times the parts of every step and counts their allocations.
NAMES = ("scan", "log", "send", "lights", "display_draw", "button", "bowls",
         "display_page", "gc", "link_poll", "buttons_poll", "look", "clock", "lights_flush",
         "take", "news", "gc_look", "job", "count_look", "count_json")
parts = {}
for name in NAMES:
    parts[name] = 0
cur_n = [None] * 16      # what ran in this step: part names, event types
cur_t = array("i", bytes(4 * 16))
cur = array("i", [0])
part = array("i", [0])   # the part running now (PART's value)
CODE = {}
for k, name in enumerate(NAMES):
    CODE[name] = k + 1
def note(name, t0, what=None):
    dt = time.ticks_diff(time.ticks_us(), t0)
    if dt > parts[name]:
        parts[name] = dt
    k = cur[0]
    if k < 15:
        cur_n[k] = what or name
        cur_t[k] = dt
        cur[0] = k + 1
def timed0(name, f):
    code = CODE[name]
    def run():
        prev = part[0]
        part[0] = code
        mem32[PART] = code
        t0 = time.ticks_us()
        r = f()
        note(name, t0)
        part[0] = prev
        mem32[PART] = prev
        return r
    return run
def timed1(name, f, what=None):
    code = CODE[name]
    def run(a):
        prev = part[0]
        part[0] = code
        mem32[PART] = code
        t0 = time.ticks_us()
        r = f(a)
        note(name, t0, a["type"] if what == "event" else (a if what == "arg" else None))
        if what == "arg" and a == "end":
            state["end_us"] = time.ticks_diff(time.ticks_us(), t0)
        part[0] = prev
        mem32[PART] = prev
        return r
    return run
def timed2(name, f):
    code = CODE[name]
    def run(a, b=""):
        prev = part[0]
        part[0] = code
        mem32[PART] = code
        t0 = time.ticks_us()
        r = f(a, b)
        note(name, t0)
        part[0] = prev
        mem32[PART] = prev
        return r
    return run
loop.scan = timed0("scan", loop.scan)
loop._record = timed1("log", loop._record, "event")   # a step's detail names the event
loop._out = timed1("send", loop._out, "event")
# a count's JSON, made in a job of its own before its log's write: made on the
# heap (too long for the loop's buffers) in a string that grows, which the
# heap extends in place or moves as its layout has it, so its bytes are its own
# figure, not the loop's
if loop.log is not None:
    loop.log.prepare = timed1("count_json", loop.log.prepare, "event")
loop._lights = timed0("lights", loop._lights)
loop._display = timed2("display_draw", loop._display)
loop.press = timed1("button", loop.press, "arg")     # ... and the button
loop._bowls = timed1("bowls", loop._bowls)
loop._collect = timed0("gc", loop._collect)
loop._gc_look = timed0("gc_look", loop._gc_look)
loop.link.poll = timed1("link_poll", loop.link.poll)
if loop.buttons is not None:
    loop.buttons.poll = timed0("buttons_poll", loop.buttons.poll)
if loop.display is not None:
    loop.display.flush_page = timed0("display_page", loop.display.flush_page)
import goban.referee.timing as referee_timing
referee_timing.step = timed2("clock", referee_timing.step)     # the game clock's second
# a look once play ended (the dead stones lifted: lists of what it judged) is
# the count's, not play's
LOOK = CODE["look"]
COUNT_LOOK = CODE["count_look"]
_look_now = loop.ref.look_now
def look_now(stable, alone=False):
    code = LOOK if loop.ref.phase == 1 else COUNT_LOOK
    prev = part[0]
    part[0] = code
    mem32[PART] = code
    t0 = time.ticks_us()
    r = _look_now(stable, alone)
    note("look" if code == LOOK else "count_look", t0)
    part[0] = prev
    mem32[PART] = prev
    return r
loop.ref.look_now = look_now
# a press that waited for the look (a stone still settling when it came) is
# the press's work when the look releases it: which look that is depends on
# the steps' timing, which moves with the code's place in flash
BUTTON = CODE["button"]
_held = loop.ref.button
def held_press(name, held=False):
    prev = part[0]
    part[0] = BUTTON
    mem32[PART] = BUTTON
    _held(name, held)
    part[0] = prev
    mem32[PART] = prev
loop.ref.button = held_press
if loop.lights_flush is not None:
    loop.lights_flush = timed0("lights_flush", loop.lights_flush)
loop._take = timed0("take", loop._take)
loop.ref.run_job = timed0("job", loop.ref.run_job)    # the referee's work of a step alone
_news = loop.ref.bowls
NEWS = CODE["news"]
def news(b, w, lb, lw):
    prev = part[0]
    part[0] = NEWS
    mem32[PART] = NEWS
    t0 = time.ticks_us()
    _news(b, w, lb, lw)
    note("news", t0)
    part[0] = prev
    mem32[PART] = prev
loop.ref.bowls = news
import goban.referee.scoring as referee_scoring
_analyse = referee_scoring._analyse
_result = referee_scoring._result
def analyse(r, d, m, f):    # the count's two steps of their own after the end press
    t0 = time.ticks_us()
    _analyse(r, d, m, f)
    state["count_us"] = max(state["count_us"], time.ticks_diff(time.ticks_us(), t0))
def result(r, s, f):
    t0 = time.ticks_us()
    _result(r, s, f)
    state["count_us"] = max(state["count_us"], time.ticks_diff(time.ticks_us(), t0))
referee_scoring._analyse = analyse
referee_scoring._result = result
worst = 0
gc_worst = 0
over = 0
over_gc = 0
steps = 0
longest = []
period = prof.scan_ms
gc.collect()
armed = gc.mem_free()        # the bench's own code and records in place: the game's heap from here
for k in range(5):
    t0 = time.ticks_us()
    loop.matrix.scan(raw)
    scan_t[k] = time.ticks_diff(time.ticks_us(), t0)
for k in range(5):
    t0 = time.ticks_us()
    plain_scan()
    frame_t[k] = time.ticks_diff(time.ticks_us(), t0) - min(scan_t)
print("STEPPING")            # the host lets the first stone go after this
while state["done"] is None or time.ticks_diff(state["done"], time.ticks_ms()) > 0:
    now = time.ticks_ms()
    cur[0] = 0
    collections = loop.collections
    mem32[PROBE] = 1         # the emulator counts this step (chip.PROBE)
    t0 = time.ticks_us()
    loop.step(now)
    dt = time.ticks_diff(time.ticks_us(), t0)
    mem32[PROBE] = 2
    steps += 1
    if loop.collections != collections:
        gc_worst = max(gc_worst, dt)
        if dt > period * 1000:
            over_gc += 1
    else:
        if dt > worst:
            worst = dt
        if dt > period * 1000:
            over += 1
            if len(longest) < 40:
                longest.append("%d: %s" % (dt, " ".join(
                    "%s=%d" % (cur_n[j], cur_t[j]) for j in range(cur[0]))))
    wait = period - time.ticks_diff(time.ticks_ms(), now)
    if wait > 0:
        time.sleep_ms(wait)
for line in longest:    # one line each: a long line can outrun the USB buffer
    print("LONG " + line)
    time.sleep_ms(20)
free_end = gc.mem_free()     # what the game left, garbage and all ...
gc.collect()
live_end = gc.mem_free()     # ... and without its garbage
moves = [(chr(move_pt[k] >> 8) + chr(move_pt[k] & 255), move_us[k]) for k in range(n_moves[0])]
print("LOOP " + json.dumps({"free": free, "free_end": free_end, "live_end": live_end, "armed": armed,
                           "scan": sorted(scan_t)[2], "frame": sorted(frame_t)[2],
                           "worst": worst, "gc_worst": gc_worst, "collections": loop.collections,
                           "over": over, "over_gc": over_gc, "steps": steps, "moves": moves,
                           "parts": parts, "cost": list(loop.cost), "first_gc": state["first_gc"],
                           "count_gc": state["count_gc"], "passes": state["passes"],
                           "end_us": state["end_us"], "count_us": state["count_us"], "names": NAMES,
                           "gc_looks": loop.gc_looks}))
'''


def image_of(kind, tmp):
    if kind == "frozen":
        return B.build(), None
    return B.stock(), CB.mpy_files(tmp)


def core_figures(img, fs, tmp, xip_cache=True):
    import bench_core
    import pathlib
    games = bench_core.make_games(pathlib.Path(tmp) / "games.txt")
    from goban.board import Board
    b = Board(19)
    idx = [[b.from_sgf(s) for s in g] for g in games]
    c = C.Chip(img, fs_files=fs, xip_cache=xip_cache)
    try:
        c.boot()
        c.run_for(300_000)
        c.raw_repl()
        out = c.exec(MOVES + bench_core.CAPTURE360 + "moves_bench(%r)\n" % (idx,),
                     limit_us=300_000_000)
        line = [x for x in out.splitlines() if x.startswith("MOVES")][0].split()
        total, n, worst, cap = (int(v) for v in line[1:])
        figs = count_figures(c)
    finally:
        c.close()
    figs.update({"move_us_avg": round(total / n, 1), "move_us_worst": worst,
                 "capture360_ms": round(cap / 1000, 2), "moves_timed": n})
    return figs


def count_figures(c):
    """count_ms and count_ms_worst: tools/bench_count.py's boards counted on a
    booted chip `c` (its raw REPL entered). The GNU Go board needs GNU Go."""
    import bench_count
    boards = bench_count.game_board()
    res = c.exec(bench_count.prelude(5, boards) + bench_count.BODY, limit_us=300_000_000)
    counts = {}
    for line in res.splitlines():
        if line.startswith("RESULT"):
            f = line.split()
            counts[(f[1], f[2])] = float(f[5])
    figs = {"count_ms_worst": round(counts[("random", "chinese")] / 1000, 2)}
    if ("gnugo-game", "chinese") in counts:
        figs["count_ms"] = round(counts[("gnugo-game", "chinese")] / 1000, 2)
    return figs


def _whole_line_after(buf, tag):
    """The figures arrive over USB in pieces: wait for the end of their line, not its start."""
    start = bytes(buf).find(tag)
    return start >= 0 and b"\n" in buf[start:]


# the Cortex-M0+ exception numbers the probe counts (16 + the RP2040's IRQ number)
IRQ_NAMES = {11: "svcall", 14: "pendsv", 15: "systick", 16: "timer0", 17: "timer1",
             18: "timer2", 19: "timer3", 20: "pwm", 21: "usb", 22: "xip", 23: "pio0_0",
             24: "pio0_1", 25: "pio1_0", 26: "pio1_1", 27: "dma0", 28: "dma1", 29: "gpio",
             31: "sio0", 38: "adc", 39: "i2c0", 40: "i2c1"}


def loop_figures(img, fs, n_moves, seed, trace=0, xip_cache=True, game=None, gc_events=None):
    """The loop's figures over a physical game (the record `game`, its first
    n_moves or, None, the whole of it to its count); `trace`: for that many of
    the slowest moves, the 12 steps before each went out; `gc_events`: the
    loop's look at the heap after that many events (None: main.py's)."""
    actions, played = CB.game_script(game or GAME, n_moves, seed)
    script = LOOP.replace("PROBE = 0", "PROBE = %#x" % C.PROBE)
    if gc_events is not None:
        script = script.replace("loop.start()\n", "loop.start()\nloop.gc_events = %d\n" % gc_events)
    board = CB.ChipBoard(img, seed=seed, noise=1, fs_files=fs, xip_cache=xip_cache)
    try:
        board.power_on()
        if not board.wait_for(lambda evs: any(e["type"] == "ready" for e in evs), 8000):
            raise SystemExit("the board did not start on the chip")
        board.chip.raw_repl()
        # the build and the heap with a game started first, then the bench's own
        # code (compiled, a few KB of heap the board itself never has)
        built, rest = script.split("#-- ", 1)
        board.chip.write_usb(built.encode() + b"\x04")
        end = board.now + 20_000
        while b"BUILT" not in bytes(board.chip.usb) and board.now < end:
            board.step()
        board.chip.write_usb(rest.split("\n", 1)[1].encode() + b"\x04")
        end = board.now + 20_000
        while b"STEPPING" not in bytes(board.chip.usb) and board.now < end:
            board.step()
        board.wait(300)
        board.play(actions)
        end = board.now + 30_000
        while not _whole_line_after(board.chip.usb, b"LOOP ") and board.now < end:
            board.step()
        probe = board.chip.probe_all()
        pystack = board.chip.pystack_peak()
        text = bytes(board.chip.usb).decode("utf-8", "replace")
        start = text.find("LOOP ")
        if start < 0:
            raise SystemExit("the instrumented loop did not finish: %s" % text[-500:])
        data = json.loads(text[start + 5:].splitlines()[0])
        data["longest"] = [x[5:].strip() for x in text.splitlines() if x.startswith("LONG ")]
    finally:
        board.close()
    # each move against its own let-go: the nearest one of that point not taken yet
    # (a move may come while the fingers are still on the stone: below zero)
    lat = []
    left_of = []
    left = list(board.releases_us)
    for pt, t_us in data["moves"]:
        mine = [r for r in left if r[0] == pt]
        if mine:
            rel = min(mine, key=lambda r: abs(t_us - r[2]))
            left.remove(rel)
            lat.append((t_us - rel[2]) / 1000)
            left_of.append(rel[2])
    got = [m[0] for m in data["moves"]]
    if got != [p for _, p in played]:
        raise SystemExit("the chip's moves are not the game: %r" % got)
    names = ["loop"] + data["names"]
    steps = probe["steps"]
    figs = {"frame_ms": round(data["frame"] / 1000, 2), "scan_ms": round(data["scan"] / 1000, 2),
            "step_ms_worst": round(data["worst"] / 1000, 2),
            "steps_over_10ms": data["over"], "steps_over_detail": data["longest"],
            "gc_step_ms_worst": round(data["gc_worst"] / 1000, 2), "gc_steps": data["collections"],
            "gc_steps_over_10ms": data["over_gc"], "gc_looks": data["gc_looks"],
            "longest_step_ms": round(max(data["worst"], data["gc_worst"]) / 1000, 2),
            "gc_in_play": (data["count_gc"] - data["first_gc"]) if data["first_gc"] >= 0 else None,
            "step_parts_ms_worst": {k: round(v / 1000, 2) for k, v in data["parts"].items()},
            "announce_ms": round(max(lat), 1), "announce_ms_median": round(statistics.median(lat), 1),
            "announce_early": len([x for x in lat if x < 0]),
            "announce_ms_all": [round(x, 1) for x in lat],
            "heap_free_kb": data["free"] // 1024, "heap_free_bytes": data["free"],
            "heap_free_kb_end": data["free_end"] // 1024,
            # the heap the game itself kept (the bench's own code and records,
            # compiled and made after `free` was taken, added back: the board
            # never carries them) and, raw, what the instrumented chip had left
            "heap_live_free_kb_end": (data["live_end"] + data["free"] - data["armed"]) // 1024,
            "heap_live_free_kb_end_raw": data["live_end"] // 1024,
            "heap_bench_kb": (data["free"] - data["armed"]) // 1024,
            "count_game_ms": round(max(data["end_us"], data["count_us"]) / 1000, 2),
            "end_press_ms": round(data["end_us"] / 1000, 2),
            "count_job_ms": round(data["count_us"] / 1000, 2),
            "steps": data["steps"], "game_moves": len(got) + data["passes"],
            "game_stones": len(got), "game": os.path.relpath(game or GAME, REPO),
            "job_cost_us_at_end": data.get("cost"),
            "pystack_peak_bytes": pystack and pystack[0], "pystack_bytes": pystack and pystack[1],
            "steps_over_counted": [_step_line(r, names) for r in steps if r["us"] > 10000],
            "step_counters": step_counters(steps, names),
            **pin_figures(steps, probe.get("pin"), names),
            **allocations(probe["allocs"], names, img["elf"], len(got) + data["passes"])}
    if trace:
        slow = sorted(range(len(lat)), key=lambda k: -lat[k])[:trace]
        figs["trace"] = [{"move": k + 1, "point": got[k], "announce_ms": round(lat[k], 1),
                          "let_go_ms": round(left_of[k] / 1000),
                          "steps": steps_before(steps, data["moves"][k][1], names)}
                         for k in slow]
    return figs


def _step_line(r, names):
    """One step as the emulator counted it: when (ms), how long (us), each part's
    own time (us, the parts nested in it apart), instructions, interrupts, XIP
    misses, bytes allocated."""
    parts = " ".join("%s=%d" % (names[int(k)], v) for k, v in
                     sorted(r["parts"].items(), key=lambda kv: -kv[1]) if v)
    irqs = sum(r["irq"].values())
    return "%d %d %s | instr=%d irq=%d isr_cyc=%d xip_miss=%d alloc=%d" % (
        r["t_us"] // 1000, r["us"], parts, r["instr"], irqs, r["isr_cyc"], r["xip_miss"],
        r["alloc_bytes"])


CORE_MHZ = 125    # the step pin's pulses come in the core's cycles


def pin_figures(steps, pulses, names):
    """The same steps timed a second way: by the step pin the product image holds
    high while a step runs (the profile's `step_pin`, main.build), its edges
    timestamped by the emulator with the core's cycle count (emulator.mjs,
    StepPin), as a scope on the pin of a Pico would. Nothing of it is the
    bench's: not ticks_us, not the wrappers, not the probe's marks. Each of the
    bench's steps is paired with the pulse that rose inside it; the loop's own
    collections set apart as step_ms_worst sets them. step_ms_worst_pin,
    steps_over_10ms_pin, pin_steps (steps paired), pin_steps_unpaired (steps
    with no pulse: 0 when every step raised it), pin_probe_us_max (the most a
    pulse and its step's probe time differ: the marks' place, the call)."""
    if pulses is None:
        return {}
    gc_part = str(names.index("gc"))
    worst = 0
    over = 0
    paired = 0
    unpaired = 0
    diff = 0
    k = 0
    n = len(pulses)
    for r in steps:
        start = r["t_us"] * CORE_MHZ
        end = (r["t_us"] + r["us"] + 1) * CORE_MHZ
        while k < n and pulses[k][0] < start - CORE_MHZ:
            k += 1
        if k >= n or pulses[k][0] > end:
            unpaired += 1
            continue
        us = pulses[k][1] / CORE_MHZ
        k += 1
        paired += 1
        diff = max(diff, abs(us - r["us"]))
        if r["parts"].get(gc_part):
            continue            # a collection step (gc_step_ms_worst)
        worst = max(worst, us)
        if us > 10000:
            over += 1
    return {"step_ms_worst_pin": round(worst / 1000, 2), "steps_over_10ms_pin": over,
            "pin_steps": paired, "pin_steps_unpaired": unpaired,
            "pin_probe_us_max": round(diff, 1)}


def steps_before(steps, t_us, names, n=12):
    """The n steps up to the one in which something happened at chip time t_us."""
    k = 0
    while k < len(steps) and steps[k]["t_us"] <= t_us:
        k += 1
    return [_step_line(r, names) for r in steps[max(0, k - n):k]]


def step_counters(steps, names, segments=10):
    """The game's steps in `segments` runs of equal length, each with the median
    step (us, instructions, cycles in interrupt handlers, XIP misses, bytes
    allocated), the interrupts a step and the USB transfers a step (OUT reads the
    device armed and those answered, IN transfers): whether the chip slows as the
    game goes on, and why."""
    out = []
    n = len(steps)
    for i in range(segments):
        seg = steps[i * n // segments:(i + 1) * n // segments]
        if not seg:
            continue
        med = {k: int(statistics.median(r[k] for r in seg))
               for k in ("us", "instr", "isr_cyc", "xip_miss", "alloc_bytes")}
        irq = {}
        for r in seg:
            for k, v in r["irq"].items():
                name = IRQ_NAMES.get(int(k), "exc%s" % k)
                irq[name] = irq.get(name, 0) + v
        out.append({"steps": [i * n // segments, (i + 1) * n // segments], **med,
                    "cycles_per_instr": round(sum(r["us"] for r in seg) * 125 /
                                              max(1, sum(r["instr"] for r in seg)), 2),
                    "irq_per_step": {k: round(v / len(seg), 3) for k, v in sorted(irq.items())},
                    "usb_per_step": {k: round(sum(r[k] for r in seg) / len(seg), 3)
                                     for k in ("out_armed", "out_served", "in_xfers")}})
    return out


def allocations(allocs, names, elf, moves):
    """What the game's steps allocated: bytes a move by the part of the loop that
    asked (the referee's look and news, the log, the link's send...; `loop`:
    the step's own code) and the 15 biggest (part, C function) sites."""
    by_part = {}
    sites = {}
    for part, caller, cnt, nbytes in allocs:
        pname = names[part] if part < len(names) else str(part)
        by_part[pname] = by_part.get(pname, 0) + nbytes
        key = (pname, C.where(elf, caller) if caller >= 0 else "?")
        c = sites.setdefault(key, [0, 0])
        c[0] += cnt
        c[1] += nbytes
    top = sorted(sites.items(), key=lambda kv: -kv[1][1])[:15]
    moves = max(1, moves)
    return {"alloc_bytes_per_move": {k: round(v / moves) for k, v in
                                     sorted(by_part.items(), key=lambda kv: -kv[1])},
            "alloc_sites": [[p, f, c, b] for (p, f), (c, b) in top]}


# the figures of the game that depend on the XIP cache, for the side by side
PER_CACHE = ("move_us_avg", "move_us_worst", "capture360_ms", "count_ms", "count_ms_worst",
             "frame_ms", "scan_ms", "step_ms_worst", "steps_over_10ms", "step_ms_worst_pin",
             "steps_over_10ms_pin", "gc_step_ms_worst",
             "gc_steps", "gc_steps_over_10ms", "longest_step_ms", "gc_in_play",
             "announce_ms", "announce_ms_median", "announce_early", "heap_free_kb",
             "heap_free_kb_end", "heap_live_free_kb_end", "count_game_ms", "steps",
             "game_moves", "step_parts_ms_worst", "steps_over_detail", "steps_over_counted",
             "alloc_bytes_per_move")


def figures(a, img, fs, tmp, xip_cache):
    figs = {"image": a.image, "xip_cache": "on" if xip_cache else "off"}
    figs.update(core_figures(img, fs, tmp, xip_cache))
    figs.update(loop_figures(img, fs, a.moves, a.seed, a.trace, xip_cache, a.game))
    return figs


def main(argv=None):
    ap = argparse.ArgumentParser(prog="tools/bench chip")
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--image", choices=("frozen", "mpy"), default="frozen")
    ap.add_argument("--game", default=GAME, help="the game record played (default: %s)"
                    % os.path.relpath(GAME, REPO))
    ap.add_argument("--moves", type=int, default=None,
                    help="play only the record's first N moves (passes count), then pass "
                         "and count (default: the whole record, to its count)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--xip", choices=("both", "on", "off"), default="both",
                    help="the XIP cache modelled (on), not (off: flash at RAM speed), or "
                         "both: the figures with it, and beside them without")
    ap.add_argument("--trace", type=int, default=0, metavar="N",
                    help="with --json: the 12 steps before each of the N slowest moves")
    a = ap.parse_args(argv)
    if not os.path.isfile(a.game):
        print("bench chip: no game record %s" % a.game, file=sys.stderr)
        return 2
    if a.moves is not None and a.moves < 1:
        print("bench chip: --moves takes a number of moves from 1", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory() as tmp:
        try:
            img, fs = image_of(a.image, tmp)
        except B.BuildError as e:
            print("bench chip: %s" % e, file=sys.stderr)
            return 2
        figs = figures(a, img, fs, tmp, a.xip != "off")
        if a.xip == "both":
            a.trace = 0
            off = figures(a, img, fs, tmp, False)
            figs["xip_off"] = {k: off[k] for k in PER_CACHE if k in off}
    if a.json:
        print(json.dumps(figs))
        return 0
    show(figs)
    return 0


def show(figs):
    off = figs.get("xip_off", {})
    print("== on the emulated RP2040 (rp2040js, 125 MHz, simulated time; %s image; "
          "%s, %d moves) ==" % (figs["image"], figs["game"], figs["game_moves"]))
    print("%-22s %10s %10s   %-18s %-14s %s" % ("", "xip cache", "no cache" if off else "",
                                                "", "", ""))
    est = {"move_us_avg": "~100 (unix x170)", "capture360_ms": "~2", "count_ms": "~4.6",
           "count_ms_worst": "~7.2", "frame_ms": "~0.8-1.2", "scan_ms": "1.7 (computed)",
           "announce_ms": "~30 (scans)"}
    for k, v in figs.items():
        if k in ("image", "game", "xip_cache", "xip_off") or isinstance(v, (list, dict)):
            continue
        t = TARGETS.get(k)
        ok = "" if t is None else ("ok" if (v >= t if k in AT_LEAST else v <= t) else "MISSED")
        tgt = "" if t is None else ("target %s %s" % (">=" if k in AT_LEAST else "<=", t))
        print("%-22s %10s %10s   %-18s %-14s %s" % (k, v, off.get(k, ""),
                                                    "est. " + est[k] if k in est else "", tgt, ok))
    for line in figs.get("steps_over_detail") or ():
        print("  step over 10 ms, us: %s" % line)
    print("allocated a move, bytes: %s" % figs["alloc_bytes_per_move"])


if __name__ == "__main__":
    sys.exit(main())
