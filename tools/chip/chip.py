"""An emulated RP2040 running a MicroPython image, driven from Python.

    chip = Chip(image)            # image: tools/chip/build.py's build() or stock()
    chip.boot()                   # power on (the flash keeps what it held)
    chip.run_for(10_000)          # simulated microseconds
    out = chip.exec("print(1+1)") # a script through the raw REPL (interrupts main.py)
    chip.cut(); chip.boot()       # a power cut: RAM gone, flash kept

The chip itself runs in node (tools/chip/emulator.mjs on rp2040js, installed by
tools/setup into tools/chip/node_modules); this class sends it orders, one JSON
line each. Time is simulated (125 MHz, deterministic): the same image, inputs and
orders give the same ticks on every run. What the device sends over USB CDC is
collected in `self.usb` (bytes) and handed to `on_usb` if set; `write_usb` queues
bytes for it. The inputs for each slice — the hall sensors, the HX711 scales, the
PCF8574 buttons — are `set_inputs`'s; `tools/chip/board.py` fills them from the
simulator's physical world.

The XIP flash cache is modelled (tools/chip/emulator.mjs, XipCache: 16 KB,
two-way, 8-byte lines, a miss stalls the core for the QSPI read the image's
boot2 set up, ~59 cycles at 125 MHz); `xip_cache=False` keeps the lookups and
the counters but charges nothing (flash at RAM speed, rp2040js's own way), to
compare. Not modelled: bus contention, the real duration of flash
erase/program (done instantly here).
"""

import base64
import json
import os
import random
import shutil
import subprocess
import struct

HERE = os.path.dirname(os.path.abspath(__file__))
FS_OFFSET = 0xA0000          # RPI_PICO v1.28: the last 1408 KB of the 2 MB flash
FS_BLOCKS = 352
FS_BLOCK = 4096
# an address no RP2040 peripheral answers: a program on the emulated chip writes 1
# (a step begins) and 2 (it ends) there, and the emulator keeps that step's counters
# (Chip.probe). Silicon would fault: only the bench's instrumented loop writes it.
PROBE = 0x40068000


class ChipError(Exception):
    """The emulator is missing, died, or the device did not answer in time."""


def node_path():
    node = shutil.which("node")
    if node is None:
        raise ChipError("node is not installed (run tools/setup)")
    if not os.path.isdir(os.path.join(HERE, "node_modules", "rp2040js")):
        raise ChipError("rp2040js is not installed in tools/chip/node_modules (run tools/setup)")
    return node


def littlefs_image(files):
    """A LittleFS v2 image of the Pico's filesystem holding `files` {path: bytes},
    laid out as MicroPython's _boot.py mounts it (VfsLfs2, progsize 256)."""
    from littlefs import LittleFS
    fs = LittleFS(block_size=FS_BLOCK, block_count=FS_BLOCKS, prog_size=256)
    for path, data in sorted(files.items()):
        d = os.path.dirname(path)
        parts = []
        while d:
            parts.insert(0, d)
            d = os.path.dirname(d)
        for p in parts:
            try:
                fs.mkdir(p)
            except Exception:
                pass
        with fs.open(path, "wb") as f:
            f.write(data)
    return bytes(fs.context.buffer)


def littlefs_files(image):
    """{path: bytes} of every file in a LittleFS image read back from the flash."""
    from littlefs import LittleFS
    fs = LittleFS(block_size=FS_BLOCK, block_count=FS_BLOCKS, prog_size=256, mount=False)
    fs.context.buffer = bytearray(image)
    fs.mount()
    out = {}
    for root, dirs, files in fs.walk("/"):
        for f in files:
            p = (root.rstrip("/") + "/" + f).lstrip("/")
            with fs.open(p, "rb") as fh:
                out[p] = fh.read()
    return out


class Chip:
    def __init__(self, image, fs_files=None, profile=None, on_usb=None, xip_cache=True,
                 pc_profile=False):
        """image: build()/stock() dict; fs_files: {path: bytes} for a fresh
        filesystem (None: a blank one, which _boot.py formats at the first boot);
        profile: a goban Profile whose wiring the sensors and scales follow;
        xip_cache: charge the XIP cache's misses to the core (False: flash at
        RAM speed); pc_profile: keep where the marked steps' cycles went
        (probe_all()'s profile)."""
        self.image = image
        self.xip_cache = xip_cache
        self.pc_profile = pc_profile
        self.fs_files = fs_files
        self.profile = profile
        self.on_usb = on_usb
        self.usb = bytearray()
        self.leds = []
        self.t_us = 0
        self.instr = 0
        self.cut_happened = False
        self.reset_happened = False
        self.inputs = {}
        self.proc = None
        self.booted = 0
        self._usb_pending = bytearray()
        self._fs_path = None
        self._start()

    # --- the node process ---------------------------------------------------------
    def _start(self):
        self.proc = subprocess.Popen([node_path(), os.path.join(HERE, "emulator.mjs")],
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     cwd=HERE, bufsize=0)

    def _ask(self, order):
        try:
            self.proc.stdin.write((json.dumps(order) + "\n").encode())
            line = self.proc.stdout.readline()
        except (BrokenPipeError, OSError) as e:
            raise ChipError("the emulator died (%s)" % e)
        if not line:
            raise ChipError("the emulator died (exit %s)" % self.proc.poll())
        ans = json.loads(line)
        if "error" in ans:
            raise ChipError("emulator: %s" % ans["error"])
        return ans

    def close(self):
        if self.proc is not None:
            try:
                self._ask({"op": "exit"})
            except ChipError:
                pass
            self.proc.wait(5)
            self.proc = None
        if self._fs_path:
            try:
                os.unlink(self._fs_path)
            except OSError:
                pass

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    # --- power ------------------------------------------------------------------------
    def boot(self):
        """Power on. The first boot lays out the flash (image + filesystem); later
        boots (after cut()) find the flash as the power cut left it."""
        order = {"op": "boot", "bootrom": self.image["bootrom"], "hooks": self.image["hooks"],
                 "xip_cache": self.xip_cache, "probe": PROBE, "profile": self.pc_profile,
                 "alloc": alloc_hook(self.image["elf"])}
        if not self.booted:
            order.update({"image": self.image["bin"], "keep_flash": False})
            if self.fs_files is not None:
                import tempfile
                fd, self._fs_path = tempfile.mkstemp(suffix=".lfs")
                with os.fdopen(fd, "wb") as f:
                    f.write(littlefs_image(self.fs_files))
                order.update({"fs": self._fs_path, "fs_offset": FS_OFFSET})
        order.update(self._hardware())
        self._ask(order)
        self.booted += 1
        self.t_us = 0
        self.usb = bytearray()

    def cut(self, instr=None):
        """A power cut now (or `instr` instructions from now, at any instruction:
        inside a flash write, a viper loop...). RAM is lost; boot() again."""
        if instr:
            self.run_for(10 ** 9, max_instr=instr)

    def _hardware(self):
        """Where the reference board's parts sit (the profile's pins)."""
        p = self.profile
        if p is None:
            return {"adc": {"shift": 8, "bits": 7}}
        m = p.matrix
        sel = list(m["mux1_select"]) + list(m["mux2_select"])
        shift = min(sel)
        if sel != list(range(shift, shift + len(sel))):
            raise ChipError("the emulator needs the mux select lines on consecutive GPIOs")
        hw = {"adc": {"shift": shift, "bits": len(sel)}}
        scales = (p.bowls or {}).get("scales") or {}
        sps = (p.bowls or {}).get("samples_per_s", 10)
        hw["hx711"] = [{"sck": scales[k]["sck"], "dout": scales[k]["dout"], "sps": sps}
                       for k in ("B", "W", "lidB", "lidW") if k in scales]
        i2c = {}
        if p.display:
            i2c["ssd1306"] = p.display["addr"]
            i2c["bus"] = p.display["i2c"]
        ex = (p.buttons or {}).get("expander")
        if ex:
            i2c["pcf8574"] = ex["addr"]
        if i2c:
            hw["i2c"] = i2c
        if p.lights:
            hw["ws2812"] = p.lights["pin"]
        if p.data.get("step_pin") is not None:
            hw["step_pin"] = p.data["step_pin"]     # its pulses timed (probe_all: `pin`)
        return hw

    # --- running ----------------------------------------------------------------------
    def set_inputs(self, adc=None, scales=None, buttons=None):
        """adc: array('H') of 8 * 128 readings, [adc_input * 128 + mux select word];
        scales: raw HX711 counts [B, W, lidB, lidW]; buttons: PCF8574 bits pressed."""
        if adc is not None:
            self.inputs["adc"] = base64.b64encode(bytes(adc)).decode()
        if scales is not None:
            self.inputs["scales"] = list(scales)
        if buttons is not None:
            self.inputs["buttons"] = buttons

    def write_usb(self, data):
        self._usb_pending += data

    def arm_flash_cut(self, k):
        """The power will fail inside the k-th flash erase/program from now (half
        of it done: a torn page). `run_until` then stops there and `cut_happened`
        is True; boot() again."""
        self.inputs["cut_flash"] = k

    def run_until(self, t_us, max_instr=None):
        """Run to simulated time t_us (µs since power-on). Returns what the device
        sent over USB in that slice."""
        order = {"op": "run", "until_us": t_us}
        order.update(self.inputs)
        self.inputs = {}
        if self._usb_pending:
            order["usb"] = base64.b64encode(bytes(self._usb_pending)).decode()
            self._usb_pending = bytearray()
        if max_instr is not None:
            order["max_instr"] = max_instr
        ans = self._ask(order)
        self.t_us = ans["t_us"]
        self.instr += ans["instr"]
        self.cut_happened = bool(ans.get("flash_cut"))
        self.reset_happened = bool(ans.get("reset"))
        out = base64.b64decode(ans["usb"])
        if ans.get("leds"):
            self.leds.extend(base64.b64decode(x) for x in ans["leds"])
        if out:
            self.usb += out
            if self.on_usb is not None:
                self.on_usb(out)
        return out

    def run_for(self, us, max_instr=None):
        return self.run_until(self.t_us + us, max_instr)

    def read_flash(self, offset, length):
        return base64.b64decode(self._ask({"op": "flash", "from": offset, "len": length})["data"])

    def read_ram(self, address, length):
        return base64.b64decode(self._ask({"op": "ram", "from": address, "len": length})["data"])

    def pystack_peak(self):
        """The most of the image's Python stack (build.py: goboard_pystack) any call
        chain has used since power-on, in bytes (the highest word ever written: the
        stack grows up from zeroed RAM), and its size; None without one."""
        for a, n, name in _functions(self.image["elf"], objects=True):
            if name == "goboard_pystack":
                data = self.read_ram(a, n)
                used = len(data.rstrip(b"\0"))
                return (used + 3) & ~3, n
        return None

    def files(self):
        """The board's filesystem as the flash holds it now ({path: bytes})."""
        return littlefs_files(self.read_flash(FS_OFFSET, FS_BLOCKS * FS_BLOCK))

    def stats(self):
        """Totals since power-on: instructions, flash operations, display writes,
        and the XIP cache's (misses, stall cycles, CTR_HIT, CTR_ACC, a miss's cycles)."""
        return self._ask({"op": "stats"})

    def probe(self):
        """The steps a program marked (1 then 2 written at PROBE)
        since the last call, one dict each: t_us, us, instr, isr_instr, isr_cyc,
        irq {exception number: entries}, sleep_ns, xip_miss, xip_stall (cycles),
        out_armed, out_served, in_xfers, in_bytes, alloc_n, alloc_bytes (heap
        blocks taken by gc_alloc, in bytes)."""
        return self.probe_all()["steps"]

    def probe_all(self):
        """probe()'s steps, and over the marked steps since the last call: `allocs`
        [[part, C caller, allocations, bytes]] (part: the last value written at
        PROBE + 4), with pc_profile, `profile` [[address, cycles]] (16-byte
        buckets of the program counter), and with a profile's `step_pin`, `pin`:
        its pulses since the last call, [rise, high] in the core's cycles (125 a
        us), timed by the emulator from the pin's edges (emulator.mjs, StepPin).
        Name the addresses with where()."""
        return self._ask({"op": "probe"})

    # --- the REPL -------------------------------------------------------------------------
    def wait_for(self, marker, limit_us=10_000_000, step_us=2_000):
        """Run until the device has sent `marker` (bytes); returns everything up to it."""
        end = self.t_us + limit_us
        seen = 0
        while True:
            i = self.usb.find(marker, seen)
            if i >= 0:
                break
            seen = max(0, len(self.usb) - len(marker) + 1)
            if self.t_us >= end:
                raise ChipError("no %r from the device within %d ms of simulated time; "
                                "it sent: %r" % (marker, limit_us // 1000, bytes(self.usb[-300:])))
            self.run_for(step_us)
        i += len(marker)
        got = bytes(self.usb[:i])
        del self.usb[:i]
        return got

    def raw_repl(self, limit_us=10_000_000):
        """Interrupt whatever runs (main.py) and enter the raw REPL."""
        self.write_usb(b"\r\x03\x03")
        self.run_for(50_000)
        self.usb = bytearray()
        self.write_usb(b"\r\x01")
        self.wait_for(b"raw REPL; CTRL-B to exit\r\n>", limit_us)

    def exec(self, code, limit_us=60_000_000):
        """Run `code` in the raw REPL; returns its stdout. ChipError with the
        device's traceback if it raised."""
        self.write_usb(code.encode() + b"\x04")
        self.wait_for(b"OK", limit_us)
        out = self.wait_for(b"\x04", limit_us)[:-1]
        err = self.wait_for(b"\x04", limit_us)[:-1]
        self.wait_for(b">", limit_us)
        if err:
            raise ChipError("on the chip: " + err.decode("utf-8", "replace").strip())
        return out.decode("utf-8", "replace")


# the allocator's own wrappers: an allocation is put down to the first caller
# outside them
ALLOCATORS = ("gc_alloc", "gc_realloc", "m_malloc", "m_malloc_maybe", "m_malloc0",
              "m_malloc_with_finaliser", "m_realloc", "m_realloc_maybe",
              "mp_obj_malloc_helper", "mp_obj_malloc_with_finaliser_helper")
_FUNCS = {}


def _functions(elf, objects=False):
    key = (elf, objects)
    if key not in _FUNCS:
        import build
        _FUNCS[key] = build.functions(elf, objects)
    return _FUNCS[key]


def alloc_hook(elf):
    """Where the emulator hears an allocation: gc_alloc's address and the
    wrappers' address ranges."""
    at, skip = None, []
    for a, n, name in _functions(elf):
        if name in ALLOCATORS:
            skip.append([a, a + max(n, 2)])
            if name == "gc_alloc":
                at = a
    return {"at": at, "skip": skip}


def where(elf, address):
    """The function of the image holding a code address ("bootrom" below 0x4000,
    "0x..." when no symbol covers it: frozen native code, the heap)."""
    import bisect
    if address < 0x4000:
        return "bootrom"
    funcs = _functions(elf)
    i = bisect.bisect_right(funcs, (address, 1 << 62, "")) - 1
    if i >= 0 and address < funcs[i][0] + max(funcs[i][1], 2):
        return funcs[i][2]
    return "%#x" % address


def adc_table(profile, field):
    """The sensors as the emulated ADC sees them: one reading per (ADC input,
    select word), from a frame-order field (y*size + x). Free mux inputs read
    mid-supply."""
    from array import array
    from goban.hw.matrix import wiring_to_frame
    m = profile.matrix
    size = profile.size
    n1 = len(m["mux1_select"])
    m1 = 1 << n1
    m2 = 1 << len(m["mux2_select"])
    t = array("H", [2048] * (8 * 128))
    n = size * size
    for c in range(len(m["adc_pins"])):
        adc_in = m["adc_pins"][c] - 26
        for b in range(m2):
            for a in range(m1):
                ch = (c * m2 + b) * m1 + a
                if ch < n:
                    t[adc_in * 128 + ((b << n1) | a)] = field[wiring_to_frame(ch, size, m["order"])]
    return t
