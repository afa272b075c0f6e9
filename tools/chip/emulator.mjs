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
//          re-arm in a storm that slows bytecode 3x)
//   flash  read back part of the flash (the game log on LittleFS, for a check)
//   exit
// The PIO state machines run in simulated time too (pioStep below: rp2040js runs them
// from setTimeout, outside simulated time, with no clock divider), so a WS2812 chain
// driven by a state machine fed by DMA decodes like one bit-banged by the core.
// Idle time is skipped: while the core waits (WFE/WFI in sleep_ms) the clock jumps to
// the next alarm, so a board that sleeps between scans costs little real time.

import fs from 'fs';
import readline from 'readline';
import { RP2040, USBCDC, ConsoleLogger, LogLevel } from 'rp2040js';

const FLASH_BASE = 0x10000000;
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

function b64(arr) { return Buffer.from(arr).toString('base64'); }
function unb64(s) { return new Uint8Array(Buffer.from(s, 'base64')); }

function serveRead() {
  if (!pendingRead || usbIn.length === 0) return;
  const [ep, size] = pendingRead;
  pendingRead = null;
  const n = Math.min(size, usbIn.length);
  const buf = new Uint8Array(usbIn.splice(0, n));
  mcu.usbCtrl.endpointReadDone(ep, buf);
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
  usbIn = []; pendingRead = null;
  cdc = new USBCDC(mcu.usbCtrl);
  cdc.onSerialData = (buf) => { for (const b of buf) usbOut.push(b); };
  const usb = mcu.usbCtrl;
  const cdcRead = usb.onEndpointRead;
  usb.onEndpointRead = (ep, size) => {
    if (ep !== cdc.outEndpoint) return cdcRead(ep, size);
    pendingRead = [ep, size];
    serveRead();
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
  core.PC = (r[14] & ~1) >>> 0;
  return 12;   // a few cycles for the call; real flash ops take ms (not modelled)
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
      continue;
    }
    const pc = core.PC;
    if (pc === hookE || pc === hookP) {
      clock.tick(flashHook(pc) * CYCLE_NANOS);
    } else {
      clock.tick(core.executeInstruction() * CYCLE_NANOS);
    }
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
              t_us: mcu.clock.nanos / 1000 });
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
