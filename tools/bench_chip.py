#!/usr/bin/env python3
"""The firmware's figures measured on the emulated RP2040 (rp2040js, 125 MHz,
simulated deterministic time), with the product image: `tools/bench chip`.

    tools/bench chip [--json] [--image frozen|mpy] [--moves N]

--json prints one JSON object: image, move_us_avg, move_us_worst (bench_core's 20
random 19x19 games, each Game.play timed with ticks_us), capture360_ms (one stone
taking 360, median of 7), count_ms (the referee's count() on the GNU Go game's end
with GNU Go's dead stones), count_ms_worst (the random board with 68 seki blocks of
tools/bench_count.py), frame_ms (classify + settle + referee: BoardLoop.scan less
the matrix scan), scan_ms (HallMatrix's register scan of 361 points through the
emulated ADC and muxes), step_ms_worst (the longest BoardLoop.step over a physical
game played by the simulator's hands, the loop's own gc.collect() steps aside:
gc_step_ms_worst, gc_steps), steps_over_10ms and steps_over_detail (each such step:
its time and what ran in it, in us: parts, event types, buttons), announce_ms (a stone
let go -> its move sent on the link, worst over that game; announce_ms_median;
announce_early: moves sent while the fingers were still on the stone, below zero),
heap_free_kb (gc.mem_free after boot with a
game started). Without --json the figures are printed beside the unix-port
estimates of the other benches and the targets.

--image mpy runs the stock MicroPython image with the firmware as .mpy files on its
filesystem (tools/deploy's way) instead of frozen. The emulator models no XIP
cache misses and no bus contention, so silicon can only be slower, most for
bytecode and frozen code running from flash (firmware/README.md, "On the chip").
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
           "heap_free_kb": 150}
GAME = os.path.join(REPO, "tests", "data", "sim_gnugo_19.sgf")

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
    b = Board(19)
    q = b.point(9, 9)
    times = []
    for rep in range(8):
        g = Game("chinese", size=19, capacity=8)
        g.setup(white=[p for p in b.points() if p != q], to_move=1)
        t0 = time.ticks_us()
        code = g.play(1, q)
        t = time.ticks_diff(time.ticks_us(), t0)
        if code is not None or g.last_removed != 360:
            raise SystemExit("the 360-stone capture failed")
        if rep:
            times.append(t)
    times.sort()
    print("MOVES", total, n, worst, times[len(times) // 2])
'''

LOOP = r'''
import time, gc, json, main
from array import array
prof, loop = main.build()
loop.start()
gc.collect()
free = gc.mem_free()
raw = array("H", bytes(2 * prof.size * prof.size))
scan_t = []
for k in range(5):
    t0 = time.ticks_us()
    loop.matrix.scan(raw)
    scan_t.append(time.ticks_diff(time.ticks_us(), t0))
frame_t = []
for k in range(5):
    t0 = time.ticks_us()
    loop.scan()
    frame_t.append(time.ticks_diff(time.ticks_us(), t0))
frame_t = [f - min(scan_t) for f in frame_t]
moves = []
TRACE = False
# --trace: the last RING steps kept for each move, in preallocated arrays (a
# string a step fills the heap): ticks_ms, us, then (part, us) pairs, -1 ends
RING, WIDE, MOVES_MAX = 12, 14, 48
ring = array("i", bytes(4 * RING * WIDE)) if TRACE else None
ring_k = [0]
traced = [0]
hist = array("i", bytes(4 * MOVES_MAX * RING * WIDE)) if TRACE else None
state = {"done": None}
send = loop.link.send_event
def tap(ev, payload=None):
    t = ev.get("type")
    if t == "move":
        moves.append((ev["point"], time.ticks_us()))

    elif t == "count" and state["done"] is None:
        state["done"] = time.ticks_add(time.ticks_ms(), 1500)
    send(ev, payload)
loop.link.send_event = tap
# the wrappers allocate nothing (no *args tuple a call): the loop's own heap
# quietness is part of what is measured (a collection is a step of its own)
NAMES = ("scan", "log", "send", "lights", "display_draw", "button", "bowls",
         "display_page", "gc", "link_poll", "buttons_poll", "look", "clock", "lights_flush",
         "take", "news")
parts = {}
for name in NAMES:
    parts[name] = 0
cur_n = [None] * 16      # what ran in this step: part names, event types
cur_t = array("i", bytes(4 * 16))
cur_c = array("i", bytes(4 * 16))   # ... and the part's index in NAMES
CODE = {}
for k, name in enumerate(NAMES):
    CODE[name] = k
cur = array("i", [0])
def note(name, t0, what=None):
    dt = time.ticks_diff(time.ticks_us(), t0)
    if dt > parts[name]:
        parts[name] = dt
    k = cur[0]
    if k < 15:
        cur_n[k] = what or name
        cur_t[k] = dt
        cur_c[k] = CODE[name]
        cur[0] = k + 1
def timed0(name, f):
    def run():
        t0 = time.ticks_us()
        r = f()
        note(name, t0)
        return r
    return run
def timed1(name, f, what=None):
    def run(a):
        t0 = time.ticks_us()
        r = f(a)
        note(name, t0, a["type"] if what == "event" else (a if what == "arg" else None))
        return r
    return run
def timed2(name, f):
    def run(a, b=""):
        t0 = time.ticks_us()
        r = f(a, b)
        note(name, t0)
        return r
    return run
loop.scan = timed0("scan", loop.scan)
loop._record = timed1("log", loop._record, "event")   # a step's detail names the event
loop._out = timed1("send", loop._out, "event")
loop._lights = timed0("lights", loop._lights)
loop._display = timed2("display_draw", loop._display)
loop.press = timed1("button", loop.press, "arg")     # ... and the button
loop._bowls = timed1("bowls", loop._bowls)
loop._collect = timed0("gc", loop._collect)
loop.link.poll = timed1("link_poll", loop.link.poll)
if loop.buttons is not None:
    loop.buttons.poll = timed0("buttons_poll", loop.buttons.poll)
if loop.display is not None:
    loop.display.flush_page = timed0("display_page", loop.display.flush_page)
import goban.referee.timing as referee_timing
referee_timing.step = timed2("clock", referee_timing.step)     # the game clock's second
loop.ref.look_now = timed1("look", loop.ref.look_now)
if loop.lights_flush is not None:
    loop.lights_flush = timed0("lights_flush", loop.lights_flush)
loop._take = timed0("take", loop._take)
_news = loop.ref.bowls
def news(b, w, lb, lw):
    t0 = time.ticks_us()
    _news(b, w, lb, lw)
    note("news", t0)
loop.ref.bowls = news
worst = 0
gc_worst = 0
over = 0
steps = 0
longest = []
period = prof.scan_ms
print("STEPPING")            # the host lets the first stone go after this
while state["done"] is None or time.ticks_diff(state["done"], time.ticks_ms()) > 0:
    now = time.ticks_ms()
    cur[0] = 0
    collections = loop.collections
    t0 = time.ticks_us()
    loop.step(now)
    dt = time.ticks_diff(time.ticks_us(), t0)
    steps += 1
    if TRACE:
        b = ring_k[0] * WIDE
        ring[b] = now
        ring[b + 1] = dt
        n = min(cur[0], (WIDE - 3) // 2)
        for j in range(n):
            ring[b + 2 + 2 * j] = cur_c[j]
            ring[b + 3 + 2 * j] = cur_t[j]
        ring[b + 2 + 2 * n] = -1
        ring_k[0] = (ring_k[0] + 1) % RING
        m = len(moves) - 1      # a move went out in this step: keep the steps up to it
        if 0 <= m < MOVES_MAX and traced[0] <= m:
            traced[0] = m + 1
            for j in range(RING):
                src = ((ring_k[0] + j) % RING) * WIDE
                dst = (m * RING + j) * WIDE
                for w in range(WIDE):
                    hist[dst + w] = ring[src + w]
    if loop.collections != collections:
        gc_worst = max(gc_worst, dt)
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
for m in range(min(len(moves), MOVES_MAX) if TRACE else 0):
    for j in range(RING):
        b = (m * RING + j) * WIDE
        out = ["%d %d" % (hist[b], hist[b + 1])]
        for w in range(b + 2, b + WIDE - 1, 2):
            if hist[w] < 0:
                break
            out.append("%s=%d" % (NAMES[hist[w]], hist[w + 1]))
        if hist[b + 1]:
            print("HIST %d %s" % (m, " ".join(out)))
            time.sleep_ms(5)
print("LOOP " + json.dumps({"free": free, "scan": sorted(scan_t)[2], "frame": sorted(frame_t)[2],
                           "worst": worst, "gc_worst": gc_worst, "collections": loop.collections,
                           "over": over, "steps": steps, "moves": moves, "parts": parts,
                           "cost": list(loop.cost)}))
'''


def image_of(kind, tmp):
    if kind == "frozen":
        return B.build(), None
    return B.stock(), CB.mpy_files(tmp)


def core_figures(img, fs, tmp):
    import bench_core
    import pathlib
    games = bench_core.make_games(pathlib.Path(tmp) / "games.txt")
    from goban.board import Board
    b = Board(19)
    idx = [[b.from_sgf(s) for s in g] for g in games]
    c = C.Chip(img, fs_files=fs)
    try:
        c.boot()
        c.run_for(300_000)
        c.raw_repl()
        out = c.exec(MOVES + "moves_bench(%r)\n" % (idx,), limit_us=300_000_000)
        line = [x for x in out.splitlines() if x.startswith("MOVES")][0].split()
        total, n, worst, cap = (int(v) for v in line[1:])
        import bench_count
        boards = bench_count.game_board()
        res = c.exec(bench_count.prelude(5, boards) + bench_count.BODY, limit_us=300_000_000)
    finally:
        c.close()
    counts = {}
    for line in res.splitlines():
        if line.startswith("RESULT"):
            f = line.split()
            counts[(f[1], f[2])] = float(f[5])
    return {"move_us_avg": round(total / n, 1), "move_us_worst": worst,
            "capture360_ms": round(cap / 1000, 2), "moves_timed": n,
            "count_ms": round(counts[("gnugo-game", "chinese")] / 1000, 2),
            "count_ms_worst": round(counts[("random", "chinese")] / 1000, 2)}


def _whole_line_after(buf, tag):
    """The figures arrive over USB in pieces: wait for the end of their line, not its start."""
    start = bytes(buf).find(tag)
    return start >= 0 and b"\n" in buf[start:]


def loop_figures(img, fs, n_moves, seed, trace=0):
    """The loop's figures over a physical game; `trace`: that many of the
    slowest moves. last 12 steps (ticks_ms, us, what ran), as `trace`."""
    actions, played = CB.game_script(GAME, n_moves)
    script = LOOP.replace("TRACE = False", "TRACE = True") if trace else LOOP
    board = CB.ChipBoard(img, seed=seed, noise=1, fs_files=fs)
    try:
        board.power_on()
        if not board.wait_for(lambda evs: any(e["type"] == "ready" for e in evs), 8000):
            raise SystemExit("the board did not start on the chip")
        board.chip.raw_repl()
        board.chip.write_usb(script.encode() + b"\x04")
        end = board.now + 20_000
        while b"STEPPING" not in bytes(board.chip.usb) and board.now < end:
            board.step()
        board.wait(300)
        board.play(actions)
        end = board.now + 30_000
        while not _whole_line_after(board.chip.usb, b"LOOP ") and board.now < end:
            board.step()
        text = bytes(board.chip.usb).decode("utf-8", "replace")
        start = text.find("LOOP ")
        if start < 0:
            raise SystemExit("the instrumented loop did not finish: %s" % text[-500:])
        data = json.loads(text[start + 5:].splitlines()[0])
        data["longest"] = [x[5:].strip() for x in text.splitlines() if x.startswith("LONG ")]
        hist = {}
        for x in text.splitlines():
            if x.startswith("HIST "):
                k, line = x[5:].split(" ", 1)
                hist.setdefault(int(k), []).append(line.strip())
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
    slow = sorted(range(len(lat)), key=lambda k: -lat[k])[:trace]
    traces = [{"move": k + 1, "point": got[k], "announce_ms": round(lat[k], 1),
               "let_go_ms": round(left_of[k] / 1000), "steps": hist.get(k, [])} for k in slow]
    if got != [p for _, p in played]:
        raise SystemExit("the chip's moves are not the game: %r" % got)
    return {"frame_ms": round(data["frame"] / 1000, 2), "scan_ms": round(data["scan"] / 1000, 2),
            "step_ms_worst": round(data["worst"] / 1000, 2),
            "steps_over_10ms": data["over"], "steps_over_detail": data["longest"],
            "gc_step_ms_worst": round(data["gc_worst"] / 1000, 2), "gc_steps": data["collections"],
            "step_parts_ms_worst": {k: round(v / 1000, 2) for k, v in data["parts"].items()},
            "announce_ms": round(max(lat), 1), "announce_ms_median": round(statistics.median(lat), 1),
            "announce_early": len([x for x in lat if x < 0]),
            "announce_ms_all": [round(x, 1) for x in lat],
            "heap_free_kb": data["free"] // 1024, "steps": data["steps"], "game_moves": len(got),
            "job_cost_us_at_end": data.get("cost"),
            **({"trace": traces} if trace else {})}


def main(argv=None):
    ap = argparse.ArgumentParser(prog="tools/bench chip")
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--image", choices=("frozen", "mpy"), default="frozen")
    ap.add_argument("--moves", type=int, default=40, help="moves of the physical game")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--trace", type=int, default=0, metavar="N",
                    help="with --json: the last steps before the N slowest moves")
    a = ap.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        try:
            img, fs = image_of(a.image, tmp)
        except B.BuildError as e:
            print("bench chip: %s" % e, file=sys.stderr)
            return 2
        figs = {"image": a.image}
        figs.update(core_figures(img, fs, tmp))
        figs.update(loop_figures(img, fs, a.moves, a.seed, a.trace))
    if a.json:
        print(json.dumps(figs))
        return 0
    print("== on the emulated RP2040 (rp2040js, 125 MHz, simulated time; %s image) ==" % a.image)
    est = {"move_us_avg": "~100 (unix x170)", "capture360_ms": "~2", "count_ms": "~4.6",
           "count_ms_worst": "~7.2", "frame_ms": "~0.8-1.2", "scan_ms": "1.7 (computed)",
           "step_ms_worst": "-", "announce_ms": "~30 (scans)", "heap_free_kb": "-"}
    for k, v in figs.items():
        if k == "image" or isinstance(v, list):
            continue
        t = TARGETS.get(k)
        ok = "" if t is None else ("ok" if (v >= t if k == "heap_free_kb" else v <= t) else "MISSED")
        tgt = "" if t is None else ("target %s %s" % (">=" if k == "heap_free_kb" else "<=", t))
        print("%-20s %10s   %-18s %-14s %s" % (k, v, "est. " + est[k] if k in est else "", tgt, ok))
    for line in figs.get("steps_over_detail") or ():
        print("  step over 10 ms, us: %s" % line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
