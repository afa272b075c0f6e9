// The emulated RP2040 the tests and benches run the product image on.
//
// rp2040js models the Cortex-M0+ at 125 MHz in simulated time; this program adds what
// a goboard needs around the chip and takes orders from one Python process (tools/chip/
// chip.py) as JSON lines on stdin, answering one JSON line on stdout per order:
//   boot   load the bootrom, the image and (optionally) a whole flash file; hook the
//          SDK's flash_range_erase/program (rp2040js models no flash writes: the
//          runner does them on its flash array, with NOR semantics: erase -> 0xff,
//          program can only clear bits)
//   run    run until a simulated time (or a number of instructions: a power cut can
//          land on any instruction), with the world's inputs for that slice: the
//          hall sensors as a table indexed by (ADC input, mux select word), the four
//          HX711 readings, the PCF8574 buttons; answers the USB CDC bytes the device
//          sent, the WS2812 frames it wrote and the time reached
//   usb    bytes for the device's USB CDC OUT endpoint (held, as a real host NAKs,
//          until the device reads them: answering empty reads at once makes TinyUSB
//          re-arm in a storm that slows bytecode 3x); its IN packets complete after
//          their time on the wire, as a host takes them, not when armed
//   flash  read back part of the flash (the game log on LittleFS, for a check)
//   ram    read part of the RAM (the Python stack's deepest use, for the bench)
//   stats  totals: instructions, flash operations, the XIP cache's counters
//   probe  the steps the program marked since the last ask (Probe below), what they
//          allocated by part and caller, (boot with `profile`) where their cycles
//          went, and (boot with `step_pin`) the step pin's pulses (StepPin below)
//   exit
// The PIO state machines run in simulated time too (pioStep below: rp2040js runs them
// from setTimeout, outside simulated time, with no clock divider), so a WS2812 chain
// driven by a state machine fed by DMA decodes like one bit-banged by the core.
// Idle time is skipped: while the core waits (WFE/WFI in sleep_ms) the clock jumps to
// the next alarm, so a board that sleeps between scans costs little real time.
// Flash is read through a model of the RP2040's XIP cache (XipCache below): a miss
// stalls the core for the QSPI read the image's boot2 set up (boot order
// `xip_cache: false`: the same cache, no stall, flash at RAM speed as rp2040js has it).

import fs from 'fs';
import readline from 'readline';
import { RP2040, USBCDC, ConsoleLogger, LogLevel } from 'rp2040js';

const FLASH_BASE = 0x10000000;
const USB_PACKET_EXTRA = 13;   // bytes on the wire beside a packet's data (see boot)
const CYCLE_NANOS = 8; // 125 MHz

let mcu = null;
let cdc = null;
let flash = null;           // Uint8Array, survives power cuts
let cfg = null;
let usbIn = [];             // bytes the host sent, not yet read by the device
let usbOut = [];            // bytes the device sent since the last answer
let pendingRead = null;     // the device's OUT read we hold until bytes arrive
let adcTable = new Uint16Array(8 * 128).fill(2048);
let scales = [];            // HX711 models
let buttons = 0;            // PCF8574 input bits: 1 = pressed (the pin reads low)
let ledFrames = [];         // WS2812 frames written since the last answer
let display = { writes: 0 };
let instrTotal = 0;
let flashOps = { erase: 0, program: 0 };
let flashCut = 0;           // > 0: the power fails during that flash operation from now
let cutNow = false;
let resetNow = false;       // the firmware asked for a reset (watchdog)

let xip = null;              // the XIP cache model (XipCache below)
let probe = null;            // per-step counters (Probe below)
let fetchPC = -1;            // the instruction being fetched (XipCache: fetches vs loads)
let fetchWord = -1;          // the word the core fetched last (the M0+ fetches 32 bits)
let inCore = false;          // a core instruction runs: its XIP misses stall the core
let coreCycles = 0;          // the core's cycles since power-on, idle ones too (StepPin's clock)
let stepPin = null;          // the step pin's scope (StepPin below)

function b64(arr) { return Buffer.from(arr).toString('base64'); }
function unb64(s) { return new Uint8Array(Buffer.from(s, 'base64')); }

function serveRead() {
  if (!pendingRead || usbIn.length === 0) return;
  const [ep, size] = pendingRead;
  pendingRead = null;
  const n = Math.min(size, usbIn.length);
  const buf = new Uint8Array(usbIn.splice(0, n));
  probe.c.out_served++;
  mcu.usbCtrl.endpointReadDone(ep, buf);
}

// --- the XIP cache (RP2040 datasheet 2.6.3, "Flash") -------------------------------------
// 16 KB, two-way set-associative, 8-byte lines: 1,024 sets of two tags. rp2040js reads
// flash at RAM speed; here every XIP access looks the cache up as the silicon does, by
// alias (address bits 25:24): 0x10... cached and allocating, 0x11... cached but not
// allocating, 0x12... not cached (looked up never) but allocating, 0x13... neither. A
// hit costs nothing more (the datasheet: "1 cycle hit", as SRAM); a miss reads the whole
// line from the flash over QSPI as the SSI is set up at that moment (the image's boot2,
// then MicroPython's rp2_flash_set_timing): see missCycles(). Those cycles stall the core
// when its own instruction fetch or load missed (a DMA read counts, but stalls nothing
// here). The replacement is least recently used (a bit a set; the datasheet does not say).
// The control registers at 0x14000000 (CTRL, FLUSH, STAT, CTR_HIT, CTR_ACC) answer as the
// datasheet lists them; a write to the 0x10... alias deallocates the line it names (it
// never changes the flash). `cost` false: the same lookups and counters, no stall (flash
// at RAM speed, rp2040js's own behaviour), to compare.
const XIP_SETS = 1024;
const XIP_FLUSH_CYCLES = 1024;      // datasheet: "just over 1024 clock cycles" (a tag each)
// what a miss costs beyond the serial transfer's clocks: the SSI's RX sample delay plus
// two cycles for the XIP block's handshake with the bus (an estimate: the datasheet
// gives no figure for it)
const XIP_HANDSHAKE = 2;
class XipCache {
  constructor(cost) {
    this.cost = cost;
    this.tags = new Int32Array(2 * XIP_SETS).fill(-1);
    this.next = new Uint8Array(XIP_SETS);     // the way a miss in this set replaces
    this.ctrl = 3;                            // EN | ERR_BADWRITE (reset value)
    this.hit = 0; this.acc = 0;               // CTR_HIT, CTR_ACC (32-bit saturating)
    this.misses = 0; this.stall = 0;          // totals: misses, cycles charged to the core
    this.pending = 0;                         // stall cycles of the running instruction
  }
  // The QSPI read of one 8-byte line in SSI clocks x the SSI's divider (BAUDR), from the
  // SSI's registers as the image set them (boot2_w25q080 with the Pico's
  // PICO_FLASH_SPI_CLKDIV 2: quad I/O, no instruction (continuous read), 32 address +
  // mode bits on 4 lines = 8 clocks, 4 wait clocks, 64 data bits on 4 lines = 16 clocks:
  // 28 x 2 = 56 cycles, + RX_SAMPLE_DLY 1 + the handshake 2 = 59 cycles at 125 MHz).
  missCycles() {
    const ssi = mcu.peripherals[0x18000];
    const baud = Math.max(2, ssi.baudr & 0xfffe);
    const frf = (ssi.crtlr0 >>> 21) & 3;
    const lanes = frf === 2 ? 4 : frf === 1 ? 2 : 1;
    let sck;
    if (lanes === 1) {
      sck = 8 + 24 + 64;                      // standard 03h read: command, address, data
    } else {
      const sp = ssi.spictlr0;
      const tt = sp & 3;
      const inst = [0, 4, 8, 16][(sp >>> 8) & 3];
      const addr = ((sp >>> 2) & 0xf) * 4;
      sck = Math.ceil(inst / (tt === 2 ? lanes : 1)) + Math.ceil(addr / (tt ? lanes : 1)) +
            ((sp >>> 11) & 0x1f) + 64 / lanes;
    }
    return sck * baud + (ssi.rxsampldly & 0xff) + XIP_HANDSHAKE;
  }
  enabled() { return (this.ctrl & 9) === 1; }            // EN and not POWER_DOWN
  access(a) {
    if (this.acc < 0xffffffff) this.acc++;
    const alias = (a >>> 24) & 3;
    const line = (a & 0xffffff) >>> 3;
    const set = line & (XIP_SETS - 1);
    const tag = line >>> 10;
    const tags = this.tags;
    const on = this.enabled();
    if (on && alias < 2) {
      if (tags[set] === tag) { this.hit++; this.next[set] = 1; return; }
      if (tags[set + XIP_SETS] === tag) { this.hit++; this.next[set] = 0; return; }
    }
    this.misses++;
    if (this.cost && inCore) {
      const c = this.missCycles();
      this.pending += c;
      this.stall += c;
    }
    if (on && (alias & 1) === 0) {             // 0x10 and 0x12 allocate
      const way = tags[set] === tag ? 0 : tags[set + XIP_SETS] === tag ? 1 : this.next[set];
      tags[set + way * XIP_SETS] = tag;
      this.next[set] = way ^ 1;
    }
  }
  // a write to the 0x10... alias: the line it names leaves the cache
  invalidate(a) {
    if ((a >>> 24) & 3) return;               // other aliases: ignored (ERR_BADWRITE aside)
    const line = (a & 0xffffff) >>> 3;
    const set = line & (XIP_SETS - 1);
    const tag = line >>> 10;
    if (this.tags[set] === tag) this.tags[set] = -1;
    if (this.tags[set + XIP_SETS] === tag) this.tags[set + XIP_SETS] = -1;
  }
  flush() {
    this.tags.fill(-1);
    if (this.cost && inCore) { this.pending += XIP_FLUSH_CYCLES; this.stall += XIP_FLUSH_CYCLES; }
  }
  read(off) {
    switch (off & 0xff) {
      case 0x00: return this.ctrl;
      case 0x04: return 0;                    // FLUSH: reads once the flush is done
      case 0x08: return 3;                    // STAT: FLUSH_READY, FIFO_EMPTY
      case 0x0c: return this.hit >>> 0;
      case 0x10: return this.acc >>> 0;
    }
    return 0;                                 // STREAM_*: not modelled
  }
  write(off, v) {
    const op = (off >>> 12) & 3;              // atomic aliases: 1 xor, 2 set, 3 clear
    const reg = off & 0xff;
    const cur = this.read(reg);
    v = op === 1 ? cur ^ v : op === 2 ? cur | v : op === 3 ? cur & ~v : v;
    switch (reg) {
      case 0x00:
        this.ctrl = v & 0xb;
        if (this.ctrl & 8) this.ctrl &= ~1;  // powered down: never enabled
        break;
      case 0x04: if (v & 1) this.flush(); break;
      case 0x0c: this.hit = 0; break;         // write any value to clear
      case 0x10: this.acc = 0; break;
    }
  }
}

// The memory accesses of the core and the DMA go through here: XIP accesses (0x10000000-
// 0x13ffffff) are looked up in the cache, the XIP control registers (0x14000000) answered,
// and the bench's probe heard.
const XIP_BASE = 0x10000000, XIP_END = 0x14000000, XIP_CTRL = 0x14;
// cfg.probe (chip.py's PROBE: an address no RP2040 peripheral uses): the bench writes a
// step's start (1) and end (2) there, and the emulator keeps the step's counters
function xipAttach() {
  const PROBE = cfg.probe != null ? cfg.probe >>> 0 : -1;
  const r32 = mcu.readUint32.bind(mcu), r16 = mcu.readUint16.bind(mcu),
        r8 = mcu.readUint8.bind(mcu), w32 = mcu.writeUint32.bind(mcu),
        w16 = mcu.writeUint16.bind(mcu), w8 = mcu.writeUint8.bind(mcu);
  mcu.readUint32 = (a) => {
    a >>>= 0;
    if (a >= XIP_BASE) {
      if (a < XIP_END) xip.access(a);
      else if ((a >>> 24) === XIP_CTRL) return xip.read(a & 0xffff);
    }
    return r32(a);
  };
  // (rp2040js reads 16 and 8 bits of the 0x11-0x13 aliases through readUint32: read
  // here from the flash array, so an access is looked up once)
  mcu.readUint16 = (a) => {
    if (a >= XIP_BASE && a < XIP_END) {
      if (a === fetchPC || a === fetchPC + 2) {   // the core fetches a 32-bit word at a time
        const w = a & ~3;
        if (w !== fetchWord) { fetchWord = w; xip.access(a); }
      } else {
        xip.access(a);
      }
      return mcu.flashView.getUint16(a & 0xffffff, true);
    }
    return r16(a);
  };
  mcu.readUint8 = (a) => {
    if (a >= XIP_BASE && a < XIP_END) {
      xip.access(a);
      return mcu.flash[a & 0xffffff];
    }
    return r8(a);
  };
  const write = (w) => (a, v) => {
    a >>>= 0;
    if (a >= XIP_BASE && a < XIP_END) { xip.invalidate(a); return; }
    if ((a >>> 24) === XIP_CTRL) { xip.write(a & 0xffff, v); return; }
    if (a === PROBE) { probe.mark(v); return; }
    if (a === PROBE + 4) { probe.setPart(v); return; }
    w(a, v);
  };
  mcu.writeUint32 = write(w32);
  mcu.writeUint16 = write(w16);
  mcu.writeUint8 = write(w8);
}

// --- per-step counters (the bench's probe) ------------------------------------------------
// Between a start and an end mark: instructions (and those in interrupt handlers, with
// their cycles), interrupts taken by exception number, the core's sleep, XIP misses and
// their stall, the USB CDC traffic (OUT reads armed by the device, OUT reads answered,
// IN transfers and their bytes). One record a step, kept until `probe` asks for them.
// With `profile`, also where the marked steps' cycles went: a 16-byte bucket of the
// program counter each (flash, RAM and ROM code), asked for with the steps.
const PROF_FLASH = 0x200000 >>> 4, PROF_RAM = 0x42000 >>> 4, PROF_ROM = 0x4000 >>> 4;
class Probe {
  constructor(profile) {
    this.steps = []; this.open = null; this.c = this.zero();
    this.part = 0;                            // what the bench says runs (PROBE + 4)
    this.sites = new Map();                   // 'part:caller' -> [allocations, bytes]
    this.skip = (cfg.alloc && cfg.alloc.skip) || [];
    this.prof = profile ? new Float64Array(PROF_FLASH + PROF_RAM + PROF_ROM) : null;
  }
  // a pc's bucket in prof, or -1
  bucket(pc) {
    if (pc >= XIP_BASE && pc < XIP_BASE + 0x200000) return (pc - XIP_BASE) >>> 4;
    if (pc >= 0x20000000 && pc < 0x20042000) return PROF_FLASH + ((pc - 0x20000000) >>> 4);
    if (pc < 0x4000) return PROF_FLASH + PROF_RAM + (pc >>> 4);
    return -1;
  }
  // the profile as [[address, cycles], ...] (emptied)
  takeProfile() {
    const out = [];
    const p = this.prof;
    if (!p) return out;
    for (let i = 0; i < p.length; i++) {
      if (!p[i]) continue;
      const a = i < PROF_FLASH ? XIP_BASE + (i << 4)
        : i < PROF_FLASH + PROF_RAM ? 0x20000000 + ((i - PROF_FLASH) << 4)
        : (i - PROF_FLASH - PROF_RAM) << 4;
      out.push([a, p[i]]);
    }
    p.fill(0);
    return out;
  }
  zero() {
    return { instr: 0, isr_instr: 0, isr_cyc: 0, sleep_ns: 0, irq: {}, xip_miss: 0,
             xip_stall: 0, out_armed: 0, out_served: 0, in_xfers: 0, in_bytes: 0,
             alloc_n: 0, alloc_bytes: 0, parts: {} };
  }
  // gc_alloc was entered (cfg.alloc.at): the bytes asked for (r0, rounded up to the
  // heap's 16-byte blocks), counted in this step, and, in a marked step, by the part
  // the bench said runs (PROBE + 4) and the C function that asked: the first return
  // address on the stack outside the allocator's own wrappers (cfg.alloc.skip)
  alloc() {
    const core = mcu.core;
    const r = core.registers;
    const n = ((r[0] >>> 0) + 15) & ~15;
    const c = this.c;
    c.alloc_n++;
    c.alloc_bytes += n;
    if (this.open === null) return;
    let site = this.caller(r[14] >>> 0);
    for (let k = 0; site < 0 && k < 24; k++) site = this.caller(mcu.readUint32(core.SP + 4 * k));
    const key = this.part + ':' + site;
    const s = this.sites.get(key) || [0, 0];
    s[0]++; s[1] += n;
    this.sites.set(key, s);
  }
  // a return address into code outside the allocator's wrappers, else -1
  caller(v) {
    if (!(v & 1) || v < XIP_BASE || v >= XIP_BASE + 0x200000) return -1;
    v &= ~1;
    for (const [lo, hi] of this.skip) if (v >= lo && v < hi) return -1;
    return v;
  }
  takeSites() {
    const out = [];
    for (const [k, [cnt, bytes]] of this.sites) {
      const [part, site] = k.split(':');
      out.push([Number(part), Number(site), cnt, bytes]);
    }
    this.sites = new Map();
    return out;
  }
  // the bench names the part that runs now (PROBE + 4; 0: the loop's own code): a
  // marked step's time goes to the part that ran it (`parts`: {part: us})
  setPart(v) {
    if (this.open !== null) this.partTime();
    this.part = v;
  }
  partTime() {
    const now = mcu.clock.nanos;
    const p = this.c.parts;
    p[this.part] = (p[this.part] || 0) + (now - this.partSince);
    this.partSince = now;
  }
  mark(v) {
    const now = mcu.clock.nanos;
    if (v === 1) {
      this.c = this.zero();
      this.open = now;
      this.partSince = now;
      this.miss0 = xip.misses; this.stall0 = xip.stall;
    } else if (v === 2 && this.open !== null) {
      const c = this.c;
      this.partTime();
      for (const k in c.parts) c.parts[k] = Math.round(c.parts[k] / 1000);
      c.t_us = Math.round(this.open / 1000);
      c.us = Math.round((now - this.open) / 1000);
      c.xip_miss = xip.misses - this.miss0;
      c.xip_stall = xip.stall - this.stall0;
      this.steps.push(c);
      this.open = null;
      this.c = this.zero();               // between steps: counted, never kept
    }
  }
}

// --- the step pin: a logic analyser on a spare GPIO ----------------------------------------
// The product image holds the profile's `step_pin` high for the length of each loop
// step (goban.boardloop.BoardLoop.mark_steps). Its edges are timestamped here with the
// core's own cycle count (the cycles of each instruction run, its flash stalls, the idle
// cycles skipped), as a scope on the pin would time them: no part of it reads the timer
// behind the firmware's ticks_us, nor the bench's probe. One [rise, high] pair (cycles)
// a pulse, kept until `probe` asks for them.
class StepPin {
  constructor(pin) {
    this.rise = -1; this.pulses = [];
    mcu.gpio[pin].addListener((state) => this.edge(state === 1));
  }
  edge(high) {
    if (high) { this.rise = coreCycles; return; }
    if (this.rise < 0) return;
    this.pulses.push([this.rise, coreCycles - this.rise]);
    this.rise = -1;
  }
  take() { const p = this.pulses; this.pulses = []; return p; }
}

// --- HX711: DOUT low when a conversion is ready; each SCK rising edge shifts a bit out --
class HX711 {
  constructor(sck, dout, sps) {
    this.sck = sck; this.dout = dout;
    this.value = 0; this.bits = -1; this.shift = 0; this.pulses = 0;
    this.period = 1e9 / (sps || 10);   // ns between conversions: RATE low 10/s, high 80/s
    this.readyAt = 0;       // ns: the next conversion is ready then
    this.highSince = -1;
    mcu.gpio[dout].setInputValue(true);
    mcu.gpio[sck].addListener((state) => this.edge(state === 1));
  }
  tick(now) {
    if (this.bits < 0 && now >= this.readyAt) {
      this.bits = 0; this.pulses = 0;
      this.shift = this.value & 0xffffff;
      mcu.gpio[this.dout].setInputValue(false);   // ready
    }
  }
  edge(high) {
    const now = mcu.clock.nanos;
    if (!high) {
      if (this.highSince >= 0 && now - this.highSince > 60000) {   // >60 us high: power down
        this.bits = -1; this.readyAt = now + this.period;
        mcu.gpio[this.dout].setInputValue(true);
      }
      this.highSince = -1;
      return;
    }
    this.highSince = now;
    if (this.bits < 0) return;
    this.pulses++;
    if (this.pulses <= 24) {
      mcu.gpio[this.dout].setInputValue(((this.shift >> (24 - this.pulses)) & 1) === 1);
    } else {
      mcu.gpio[this.dout].setInputValue(true);      // busy until the next conversion
      if (this.pulses >= 25) { this.bits = -1; this.readyAt = now + this.period; }
    }
  }
}

// --- WS2812: decode the data pin's pulses into frames of GRB bytes ---------------------
class WS2812 {
  constructor(pin) {
    this.rise = -1; this.bitsIn = 0; this.byte = 0; this.bytes = []; this.lastFall = -1;
    mcu.gpio[pin].addListener((state) => this.edge(state === 1));
  }
  edge(high) {
    const now = mcu.clock.nanos;
    if (high) {
      if (this.lastFall >= 0 && now - this.lastFall > 50000) this.flush();   // reset gap
      this.rise = now;
      return;
    }
    if (this.rise < 0) return;
    const t = now - this.rise;
    this.lastFall = now;
    this.byte = (this.byte << 1) | (t > 560 ? 1 : 0);
    if (++this.bitsIn === 8) { this.bytes.push(this.byte); this.bitsIn = 0; this.byte = 0; }
  }
  flush() {
    if (this.bytes.length) ledFrames.push(b64(this.bytes));
    this.bytes = []; this.bitsIn = 0; this.byte = 0;
  }
  idle() {
    if (this.lastFall >= 0 && mcu.clock.nanos - this.lastFall > 50000 && this.bytes.length) this.flush();
  }
}
let leds = null;

// --- PIO in simulated time ------------------------------------------------------------
// rp2040js steps its state machines from setTimeout, 1,000 instructions at a time, in no
// relation to the core's simulated clock: it ignores CLKDIV and counts delay cycles
// without waiting them out, so a WS2812 program's pulses would all land on one instant.
// Here each enabled machine steps with the core at its own clock (CLKDIV x 8 ns), an
// instruction taking 1 + its delay cycles (a stall ended: its delay then). A machine
// stalled on an empty TX FIFO sleeps until something writes the PIO (the core or the
// DMA), so an idle state machine costs nothing.
const WAIT_TXFIFO = 3, WAIT_OUT = 5;      // rp2040js's WaitType.txFIFO, .Out
let pioNext = Infinity;     // ns: when pioStep must run next (Infinity: nothing to do)

function pioAttach() {
  pioNext = Infinity;
  for (const pio of mcu.pio) {
    pio.run = () => { pioNext = mcu.clock.nanos; };   // never its own setTimeout loop
    const write = pio.writeUint32.bind(pio);
    pio.writeUint32 = (offset, value) => { write(offset, value); pioNext = mcu.clock.nanos; };
    for (const sm of pio.machines) { sm.simNext = Infinity; sm.simSleep = false; }
  }
}

function pioStep() {
  const now = mcu.clock.nanos;
  let next = Infinity;
  for (const pio of mcu.pio) {
    for (const sm of pio.machines) {
      if (!sm.enabled) { sm.simNext = Infinity; sm.simSleep = false; continue; }
      if (sm.simSleep) {
        if (sm.waiting && sm.txFIFO.empty) continue;
        sm.simSleep = false;
        sm.simNext = now;
      } else if (sm.simNext === Infinity) {
        sm.simNext = now;       // just enabled
      }
      const div = (sm.clockDivInt || 65536) + sm.clockDivFrac / 256;
      const period = div * CYCLE_NANOS;
      while (sm.simNext <= now) {
        const c0 = sm.cycles;
        sm.step();
        if (sm.waiting) {
          if ((sm.waitType === WAIT_OUT || sm.waitType === WAIT_TXFIFO) && sm.txFIFO.empty) {
            sm.simSleep = true;
            break;
          }
          sm.simNext += period;
        } else {
          sm.simNext += Math.max(1, sm.cycles - c0) * period;
        }
      }
      if (!sm.simSleep && sm.simNext < next) next = sm.simNext;
    }
    pio.checkChangedPins();
  }
  pioNext = next;
}

function attachI2C(bus, devices) {
  const i2c = mcu.i2c[bus];
  let target = null;
  let mode = null;
  i2c.onStart = () => i2c.completeStart();
  i2c.onConnect = (addr, m) => {
    target = devices[addr] ? addr : null; mode = m;
    i2c.completeConnect(target !== null);
  };
  i2c.onWriteByte = () => { if (target === cfg.i2c.ssd1306) display.writes++; i2c.completeWrite(true); };
  i2c.onReadByte = () => {
    // PCF8574: quasi-bidirectional inputs pulled up; a pressed button pulls its pin low
    i2c.completeRead(target === cfg.i2c.pcf8574 ? (~buttons) & 0xff : 0xff);
  };
  i2c.onStop = () => { target = null; i2c.completeStop(); };
}

function boot(c) {
  cfg = c;
  mcu = new RP2040();
  mcu.logger = new ConsoleLogger(LogLevel.Error);   // stdout is our channel: errors only (stderr)
  const rom = fs.readFileSync(c.bootrom);
  mcu.loadBootrom(new Uint32Array(rom.buffer, rom.byteOffset, rom.length / 4));
  if (!flash) {
    flash = new Uint8Array(2 * 1024 * 1024).fill(0xff);
    if (c.image) flash.set(fs.readFileSync(c.image), 0);
    if (c.fs) flash.set(fs.readFileSync(c.fs), c.fs_offset);
  }
  mcu.flash.set(flash, 0);
  mcu.core.PC = FLASH_BASE;
  xip = new XipCache(c.xip_cache !== false);
  probe = new Probe(!!c.profile);
  fetchPC = -1; fetchWord = -1; inCore = false;
  xipAttach();
  const enter = mcu.core.exceptionEntry.bind(mcu.core);
  mcu.core.exceptionEntry = (n) => {
    const irq = probe.c.irq;
    irq[n] = (irq[n] || 0) + 1;
    fetchWord = -1;
    enter(n);
  };
  usbIn = []; pendingRead = null;
  cdc = new USBCDC(mcu.usbCtrl);
  cdc.onSerialData = (buf) => {
    probe.c.in_xfers++; probe.c.in_bytes += buf.length;
    for (const b of buf) usbOut.push(b);
  };
  const usb = mcu.usbCtrl;
  const cdcRead = usb.onEndpointRead;
  usb.onEndpointRead = (ep, size) => {
    if (ep !== cdc.outEndpoint) return cdcRead(ep, size);
    probe.c.out_armed++;
    pendingRead = [ep, size];
    serveRead();
  };
  // IN transfers: rp2040js tells the device a data IN buffer went out the moment it
  // is armed; a host takes it in its next transaction, after the packet's time on the
  // wire (full speed, 12 Mbit/s: the data and ~13 bytes of token, CRC, handshake and
  // gaps), one packet after another (EP0's control transfers stay as they are)
  const ready = usb.indicateBufferReady.bind(usb);
  const inQueue = [];
  let inFree = 0;
  const inAlarm = mcu.clock.createAlarm(() => {
    ready(inQueue.shift()[1], false);
    if (inQueue.length) inAlarm.schedule(Math.max(0, inQueue[0][0] - mcu.clock.nanos));
  });
  usb.indicateBufferReady = (ep, out) => {
    if (out || ep === 0) return ready(ep, out);
    const len = mcu.usbDPRAMView.getUint32(0x80 + ep * 8, true) & 0x3ff;
    const now = mcu.clock.nanos;
    inFree = Math.max(now, inFree) + Math.ceil((len + USB_PACKET_EXTRA) * 8 * 1000 / 12);
    inQueue.push([inFree, ep]);
    if (inQueue.length === 1) inAlarm.schedule(inFree - now);
  };
  mcu.adc.onADCRead = (ch) => {
    const sel = (mcu.sio.gpioValue >>> cfg.adc.shift) & ((1 << cfg.adc.bits) - 1);
    const v = ch < 8 ? adcTable[ch * 128 + sel] : 2048;
    mcu.adc.currentChannel = ch;
    mcu.adc.channelValues[ch] = v;
    mcu.adc.sampleAlarm.schedule(mcu.adc.sampleTime * 1000);
  };
  scales = (c.hx711 || []).map((s) => new HX711(s.sck, s.dout, s.sps));
  leds = c.ws2812 != null ? new WS2812(c.ws2812) : null;
  coreCycles = 0;
  stepPin = c.step_pin != null ? new StepPin(c.step_pin) : null;
  pioAttach();
  if (c.i2c) {
    const devs = {};
    for (const k of ['pcf8574', 'ssd1306']) if (c.i2c[k] != null) devs[c.i2c[k]] = k;
    attachI2C(c.i2c.bus || 0, devs);
  }
  // machine.reset() / a watchdog reset: the runner powers the chip up again
  mcu.peripherals[0x40058].onWatchdogTrigger = () => { resetNow = true; };
  mcu.onBreak = (code) => { throw new Error('BKPT ' + code + ' at 0x' + mcu.core.PC.toString(16)); };
}

// The SDK's flash_range_erase(offset, count) / flash_range_program(offset, data, count):
// done here, then return to the caller (pc = lr).
function flashHook(pc) {
  const core = mcu.core;
  const r = core.registers;
  // a power cut inside this operation: half of it done (a torn page or sector)
  const torn = flashCut > 0 && --flashCut === 0;
  if (torn) cutNow = true;
  if (pc === cfg.hooks.erase) {
    const off = r[0] >>> 0, n = torn ? (r[1] >>> 1) : r[1] >>> 0;
    flash.fill(0xff, off, off + n);
    mcu.flash.fill(0xff, off, off + n);
    flashOps.erase++;
  } else {
    const off = r[0] >>> 0, src = r[1] >>> 0, n = torn ? (r[2] >>> 1) : r[2] >>> 0;
    for (let i = 0; i < n; i++) {
      const v = flash[off + i] & mcu.readUint8(src + i);
      flash[off + i] = v;
      mcu.flash[off + i] = v;
    }
    flashOps.program++;
  }
  // the SDK's function ends with flash_flush_cache(): the XIP cache is emptied (its
  // ~1024 cycles charged); the erase or program itself takes ms on silicon (not modelled)
  xip.flush();
  core.PC = (r[14] & ~1) >>> 0;
  return 12;   // a few cycles for the call
}

function run(o) {
  if (o.adc) {
    const t = unb64(o.adc);
    adcTable = new Uint16Array(t.buffer, t.byteOffset, t.length / 2);
  }
  if (o.scales) o.scales.forEach((v, i) => { if (scales[i]) scales[i].value = v; });
  if (o.buttons != null) buttons = o.buttons;
  if (o.cut_flash != null) flashCut = o.cut_flash;
  cutNow = false;
  if (o.usb) { for (const b of unb64(o.usb)) usbIn.push(b); serveRead(); }
  const clock = mcu.clock;
  const until = o.until_us * 1000;
  const hookE = cfg.hooks ? cfg.hooks.erase : -1;
  const hookP = cfg.hooks ? cfg.hooks.program : -1;
  const hookA = cfg.alloc ? cfg.alloc.at : -1;
  let budget = o.max_instr != null ? o.max_instr : Infinity;
  let n = 0;
  let nextTick = 0;
  const core = mcu.core;
  resetNow = false;
  while (clock.nanos < until && n < budget && !cutNow && !resetNow) {
    if (clock.nanos >= pioNext) pioStep();
    if (clock.nanos >= nextTick) {
      for (const s of scales) s.tick(clock.nanos);
      if (leds) leds.idle();
      nextTick = clock.nanos + 20000;
    }
    if (core.waiting) {
      const d = clock.nanosToNextAlarm;
      const step = Math.max(8, Math.min(d > 0 ? d : 1000, until - clock.nanos, nextTick - clock.nanos,
                                        pioNext - clock.nanos));
      clock.tick(step);
      coreCycles += step / CYCLE_NANOS;
      probe.c.sleep_ns += step;
      continue;
    }
    const pc = core.PC;
    let cyc;
    inCore = true;
    if (pc === hookE || pc === hookP) {
      cyc = flashHook(pc);
    } else {
      if (pc === hookA) probe.alloc();
      fetchPC = pc & ~1;
      cyc = core.executeInstruction();
    }
    inCore = false;
    cyc += xip.pending;
    xip.pending = 0;
    coreCycles += cyc;
    const pcn = probe.c;
    pcn.instr++;
    if (core.IPSR) { pcn.isr_instr++; pcn.isr_cyc += cyc; }
    if (probe.prof !== null && probe.open !== null) {
      const b = probe.bucket(pc);
      if (b >= 0) probe.prof[b] += cyc;
    }
    // an instruction that stalled on the flash (a miss: 59 cycles, a flush: 1024)
    // lasts longer than a WS2812 pulse: the state machines step inside it, on time
    let ns = cyc * CYCLE_NANOS;
    while (clock.nanos + ns > pioNext) {
      const d = pioNext - clock.nanos;
      if (d > 0) { clock.tick(d); ns -= d; }
      pioStep();
    }
    clock.tick(ns);
    n++;
  }
  instrTotal += n;
  if (leds) leds.idle();
  const out = { t_us: clock.nanos / 1000, instr: n, usb: b64(usbOut),
                cut: n >= budget || cutNow, flash_cut: cutNow,
                reset: resetNow };
  if (cutNow) flashCut = 0;
  if (ledFrames.length) out.leds = ledFrames;
  usbOut = []; ledFrames = [];
  return out;
}

const rl = readline.createInterface({ input: process.stdin });
const reply = (o) => process.stdout.write(JSON.stringify(o) + '\n');
rl.on('line', (line) => {
  let o;
  try {
    o = JSON.parse(line);
    if (o.op === 'boot') {
      if (o.keep_flash === false) flash = null;
      boot(o);
      reply({ ok: true });
    } else if (o.op === 'run') {
      reply(run(o));
    } else if (o.op === 'flash') {
      reply({ data: b64(flash.subarray(o.from, o.from + o.len)) });
    } else if (o.op === 'ram') {
      const off = o.from - 0x20000000;
      reply({ data: b64(mcu.sram.subarray(off, off + o.len)) });
    } else if (o.op === 'trace') {
      // debugging: run n instructions, return the pc of each (a jump history)
      const pcs = [];
      let last = -1;
      for (let i = 0; i < o.n; i++) {
        if (mcu.core.waiting) { mcu.clock.tick(1000); continue; }
        const pc = mcu.core.PC;
        if (pc !== last + 2 && pc !== last + 4) pcs.push(pc);
        last = pc;
        mcu.clock.tick(mcu.core.executeInstruction() * CYCLE_NANOS);
        if (pcs.length > o.keep) pcs.splice(0, pcs.length - o.keep);
      }
      reply({ pcs });
    } else if (o.op === 'regs') {
      reply({ pc: mcu.core.PC, lr: mcu.core.registers[14], r: Array.from(mcu.core.registers) });
    } else if (o.op === 'stats') {
      reply({ instr: instrTotal, flash_ops: flashOps, display_writes: display.writes,
              t_us: mcu.clock.nanos / 1000,
              xip: { cost: xip.cost, misses: xip.misses, stall_cycles: xip.stall,
                     ctr_hit: xip.hit, ctr_acc: xip.acc, miss_cycles: xip.missCycles() } });
    } else if (o.op === 'probe') {
      // the steps the bench marked since the last ask
      reply({ steps: probe.steps, profile: probe.takeProfile(), allocs: probe.takeSites(),
              pin: stepPin ? stepPin.take() : null });
      probe.steps = [];
    } else if (o.op === 'exit') {
      reply({ ok: true });
      process.exit(0);
    } else {
      reply({ error: 'unknown op ' + o.op });
    }
  } catch (e) {
    reply({ error: String(e && e.stack || e) });
  }
});
