// The broadcast page: boards drawn as SVG from the live states the server pushes (SSE),
// with the players, their clocks, the rules and the event in captions as wide as the board.
// Plain JS, no build step, nothing fetched from outside the server; words from i18n.js.
// Query options: boards=a,b (wall), cols=N (wall), transparent=1, coords=0, info=0,
// lang=en|zh|ja|ko, territory=1 (shade the areas at the count).
"use strict";

(function () {
  const SVGNS = "http://www.w3.org/2000/svg";
  const LETTERS = "ABCDEFGHJKLMNOPQRSTUVWXYZ";
  const params = new URLSearchParams(location.search);
  const opt = {
    transparent: params.get("transparent") === "1",
    coords: params.get("coords") !== "0",
    info: params.get("info") !== "0",
    cols: parseInt(params.get("cols") || "0", 10),
    territory: params.get("territory") === "1",
  };
  const W = window.goboardWords(params.get("lang"));
  document.documentElement.lang = W.html;
  document.documentElement.style.setProperty("--reconnecting", JSON.stringify(W.reconnecting));
  document.getElementById("waiting").textContent = W.waitingBoard;
  // viewBox units: point (x, y) sits at (MARGIN + x*CELL, MARGIN + y*CELL)
  const CELL = 40, MARGIN = opt.coords ? 64 : 32;
  const OFFLINE_MS = 3000;
  const root = document.getElementById("boards");
  const mode = document.body.dataset.mode;   // "board" or "wall"
  const panels = {};
  const G = window.goboard = { states: {}, renders: [], connected: false, delay: 0, pointXY: pointXY,
                               words: W, project: project };

  if (opt.transparent) document.documentElement.classList.add("transparent");
  if (!opt.info) document.documentElement.classList.add("no-info");

  function el(tag, attrs, parent) {
    const e = document.createElementNS(SVGNS, tag);
    for (const k in attrs) e.setAttribute(k, attrs[k]);
    if (parent) parent.appendChild(e);
    return e;
  }
  function div(cls, parent, text) {
    const e = document.createElement("div");
    e.className = cls;
    if (text !== undefined) e.textContent = text;
    if (parent) parent.appendChild(e);
    return e;
  }
  function pointXY(p) {                    // "dd" -> viewBox coordinates of the point
    return [MARGIN + (p.charCodeAt(0) - 97) * CELL, MARGIN + (p.charCodeAt(1) - 97) * CELL];
  }
  function starPoints(n) {
    if (n < 7) return [];
    const e = n >= 13 ? 3 : 2, m = (n - 1) / 2, f = n - 1 - e, out = [];
    const lines = n % 2 ? [e, m, f] : [e, f];
    for (const x of lines) for (const y of lines)
      if (n % 2 || (x !== m && y !== m)) if (n >= 13 || (x !== m) === (y !== m)) out.push([x, y]);
    return out;
  }

  function makeBoard(size) {
    const span = 2 * MARGIN + (size - 1) * CELL;
    const svg = el("svg", { viewBox: "0 0 " + span + " " + span, class: "goban",
                            preserveAspectRatio: "xMidYMid meet" });
    const defs = el("defs", {}, svg);
    const gb = el("radialGradient", { id: "gb", cx: "35%", cy: "35%", r: "65%" }, defs);
    el("stop", { offset: "0%", "stop-color": "#5a5a5a" }, gb);
    el("stop", { offset: "100%", "stop-color": "#050505" }, gb);
    const gw = el("radialGradient", { id: "gw", cx: "35%", cy: "35%", r: "70%" }, defs);
    el("stop", { offset: "0%", "stop-color": "#ffffff" }, gw);
    el("stop", { offset: "100%", "stop-color": "#cfcfcf" }, gw);
    el("rect", { x: 0, y: 0, width: span, height: span, class: "wood", rx: 6 }, svg);
    const grid = el("g", { class: "grid" }, svg);
    const a = MARGIN, b = MARGIN + (size - 1) * CELL;
    for (let i = 0; i < size; i++) {
      const c = MARGIN + i * CELL;
      el("line", { x1: a, y1: c, x2: b, y2: c }, grid);
      el("line", { x1: c, y1: a, x2: c, y2: b }, grid);
    }
    for (const [x, y] of starPoints(size))
      el("circle", { cx: MARGIN + x * CELL, cy: MARGIN + y * CELL, r: 4.5, class: "star" }, grid);
    if (opt.coords) {
      const labels = el("g", { class: "coords" }, svg);
      const near = 22, far = span - 22;
      for (let i = 0; i < size; i++) {
        const c = MARGIN + i * CELL;
        for (const y of [near, far])
          el("text", { x: c, y: y }, labels).textContent = LETTERS[i];
        for (const x of [near, far])
          el("text", { x: x, y: c }, labels).textContent = String(size - i);
      }
    }
    return { svg: svg, stones: el("g", { class: "stones" }, svg), marks: el("g", { class: "marks" }, svg) };
  }

  function span(cls, parent, text) {
    const e = document.createElement("span");
    e.className = cls;
    if (text !== undefined) e.textContent = text;
    parent.appendChild(e);
    return e;
  }

  function makePlate(parent, c) {        // one player: stone, name, rank, captures, clock
    const key = c === "B" ? "black" : "white";
    const plate = div("plate " + key, parent);
    plate.dataset.color = c;
    span("stone-icon " + key, plate);
    span("pname", plate, W[key]);
    span("rank", plate, "");
    const caps = span("capwrap", plate);
    span("label", caps, W.captures);
    span("cap " + key, caps, "0");
    const clock = span("clock", plate);
    return { el: plate, name: plate.querySelector(".pname"), rank: plate.querySelector(".rank"),
             clock: clock };
  }

  function makePanel(board) {
    const cell = div("cell", null);
    const p = div("panel", cell);
    p.id = "panel-" + board;
    p.dataset.board = board;
    const head = div("head", p);
    div("name", head, board);
    div("rules", head, "");
    div("status", head, "");
    div("delay", head, "");
    const plates = { W: makePlate(p, "W") };     // white above the board, black below it
    const holder = div("holder", p);
    div("banner hidden", holder);
    plates.B = makePlate(p, "B");
    div("notice hidden", p);
    const info = div("info", p);
    const mv = div("move", info);
    div("turn", info);
    div("result hidden", info);        // the count: in the caption, never over the board
    return { el: p, cell: cell, holder: holder, size: 0, parts: null, plates: plates,
             q: (sel) => p.querySelector(sel), mv: mv, clock: null, at: 0, state: null };
  }

  function panelFor(board) {
    if (panels[board]) return panels[board];
    const panel = panels[board] = makePanel(board);
    const ids = Object.keys(panels).sort();
    const next = ids[ids.indexOf(board) + 1];
    root.insertBefore(panel.cell, next ? panels[next].cell : null);
    document.getElementById("waiting").classList.add("hidden");
    if (mode === "wall") layoutWall();
    return panel;
  }

  function layoutWall() {          // every board visible at once: a grid that fills the page
    const n = Object.keys(panels).length;
    const cols = opt.cols > 0 ? opt.cols : Math.ceil(Math.sqrt(n * innerWidth / innerHeight) || 1);
    const rows = Math.max(1, Math.ceil(n / cols));
    root.style.gridTemplateColumns = "repeat(" + cols + ", minmax(0, 1fr))";
    root.style.gridTemplateRows = "repeat(" + rows + ", minmax(0, 1fr))";
  }
  addEventListener("resize", () => { if (mode === "wall") layoutWall(); });

  function stone(parent, p, color, cls) {
    const [cx, cy] = pointXY(p);
    return el("circle", { cx: cx, cy: cy, r: CELL * 0.48, "data-point": p,
                          class: "stone " + (color === "B" ? "black" : "white") + (cls ? " " + cls : ""),
                          fill: color === "B" ? "url(#gb)" : "url(#gw)" }, parent);
  }
  function cross(parent, p, cls) {
    const [cx, cy] = pointXY(p), d = CELL * 0.22;
    const g = el("g", { class: cls, "data-point": p }, parent);
    el("line", { x1: cx - d, y1: cy - d, x2: cx + d, y2: cy + d }, g);
    el("line", { x1: cx - d, y1: cy + d, x2: cx + d, y2: cy - d }, g);
    return g;
  }
  const COLOR = { B: W.black, W: W.white };

  // --- the clock: the board's last word, counted down here between its ticks ----------
  function project(side, set, e) {
    // side as the board sent it, `e` ms later (the same rules as goban/clock.py's _use)
    const s = Object.assign({}, side);
    if (s.main > e) { s.main -= e; return s; }
    e -= s.main; s.main = 0;
    for (;;) {
      if (s.period > e) { s.period -= e; return s; }
      e -= s.period; s.period = 0;
      if (set.system === "byoyomi" && s.periods > 1) { s.periods -= 1; s.period = set.period * 1000; }
      else if (set.system === "ing" && s.periods > 0) {
        s.periods -= 1; s.penalty += set.points; s.period = set.period * 1000;
      } else { if (set.system === "byoyomi") s.periods = 0; s.flag = true; return s; }
    }
  }
  function hms(ms) {                      // whole seconds rounded up, like the board's display
    const t = Math.ceil(ms / 1000), h = Math.floor(t / 3600), m = Math.floor(t / 60) % 60, s = t % 60;
    const ss = (s < 10 ? "0" : "") + s;
    return h ? h + ":" + (m < 10 ? "0" : "") + m + ":" + ss : m + ":" + ss;
  }
  function clockParts(s, set) {           // [time text, small text, low?]
    const low = set.low || [0, 0];
    if (s.flag) return [W.timeUp, "", true];
    if (s.main > 0 || set.system === "absolute" || set.system === "fischer") {
      const ot = set.system === "byoyomi" ? set.periods + "×" + set.period + "s" :
        set.system === "canadian" ? set.moves + "/" + hms(set.period * 1000) :
        set.system === "fischer" ? "+" + set.inc + "s" :
        set.system === "ing" ? set.periods + "×" + hms(set.period * 1000) : "";
      return [hms(s.main), ot, low[0] > 0 && s.main <= low[0]];
    }
    const isLow = low[1] > 0 && s.period <= low[1];
    if (set.system === "byoyomi") return [String(Math.ceil(s.period / 1000)), W.periods(s.periods), isLow];
    if (set.system === "canadian") return [hms(s.period), W.moves(s.moves), isLow];
    return [hms(s.period), W.penalty(s.penalty), isLow];     // Ing: the points it cost so far
  }
  function showClock(panel, now) {
    const k = panel.clock, st = panel.state;
    for (const c of ["B", "W"]) {
      const el = panel.plates[c].clock;
      if (!k || !k[c]) { el.textContent = ""; el.className = "clock"; continue; }
      const running = k.run === c && !k.paused && !k.flag && st && st.status === "playing";
      let side = k[c];
      if (running) side = project(side, k.settings, now - panel.at);
      if (k.flag === c) side = Object.assign({}, side, { flag: true });
      const [time, ot, low] = clockParts(side, k.settings);
      if (el.dataset.text !== time + "|" + ot) {
        el.textContent = "";
        span("time", el, time);
        if (ot) span("ot", el, ot);
        el.dataset.text = time + "|" + ot;
      }
      el.className = "clock" + (low ? " low" : "") + (side.flag ? " flag" : "") +
        (running ? " running" : k.paused ? " stopped" : "");
      el.dataset.main = side.main;
      el.dataset.period = side.period;
    }
  }
  setInterval(() => { const now = Date.now(); for (const b in panels) showClock(panels[b], now); }, 200);

  function resultText(r) {
    const re = r.result;
    let unitText = r.unit && r.margin != null && r.unit !== "points" && W.units[r.unit] ?
      r.margin + " " + W.units[r.unit] : "";
    if (/\+T$/.test(re)) unitText = W.byTime;
    else if (/\+R$/.test(re) && W.wins) unitText = W.byResign;
    if (W.wins && (r.winner === "B" || r.winner === "W")) {
      if (W.html !== "en" && r.unit && W.units[r.unit] && unitText && !/\+[TR]$/.test(re))
        unitText = r.margin + W.units[r.unit];
      return W.result(re, unitText, COLOR[r.winner]);
    }
    return (W.wins ? W.result : (a, b) => a + (b ? " (" + b + ")" : ""))(re, unitText, "");
  }

  function territory(s) {                 // empty regions bordered by one colour, dead taken off
    const n = s.size, at = {}, out = { B: [], W: [] }, seen = {};
    for (const c of ["B", "W"]) for (const p of s.stones[c]) at[p] = c;
    const P = (x, y) => String.fromCharCode(97 + x) + String.fromCharCode(97 + y);
    for (let x = 0; x < n; x++) for (let y = 0; y < n; y++) {
      const p = P(x, y);
      if (at[p] || seen[p]) continue;
      const region = [], border = {}, todo = [[x, y]];
      seen[p] = true;
      while (todo.length) {
        const [qx, qy] = todo.pop();
        region.push(P(qx, qy));
        for (const [nx, ny] of [[qx - 1, qy], [qx + 1, qy], [qx, qy - 1], [qx, qy + 1]]) {
          if (nx < 0 || ny < 0 || nx >= n || ny >= n) continue;
          const r = P(nx, ny);
          if (at[r]) border[at[r]] = true;
          else if (!seen[r]) { seen[r] = true; todo.push([nx, ny]); }
        }
      }
      const owners = Object.keys(border);
      if (owners.length === 1) for (const q of region) out[owners[0]].push(q);
    }
    for (const c of ["B", "W"]) for (const p of (s.dead ? s.dead[c] : [])) out[c === "B" ? "W" : "B"].push(p);
    return out;
  }

  function render(board, s) {
    const panel = panelFor(board);
    G.states[board] = s;
    panel.cell.classList.toggle("offline", s.link === "reconnecting");  // its board's link is down
    if (panel.size !== s.size) {
      if (panel.parts) panel.parts.svg.remove();
      panel.parts = makeBoard(s.size);
      panel.holder.insertBefore(panel.parts.svg, panel.holder.firstChild);
      panel.size = s.size;
    }
    const { stones, marks } = panel.parts;
    stones.textContent = "";
    marks.textContent = "";
    if (opt.territory && s.status === "counted" && s.result && !/\+[RTF]$|^Void$/.test(s.result.result)) {
      const t = territory(s);
      for (const c of ["B", "W"]) for (const p of t[c]) {
        const [cx, cy] = pointXY(p), h = CELL * 0.22;
        el("rect", { x: cx - h, y: cy - h, width: 2 * h, height: 2 * h, "data-point": p,
                     class: "terr " + (c === "B" ? "black" : "white") }, stones);
      }
    }
    for (const c of ["B", "W"]) for (const p of s.stones[c]) stone(stones, p, c);
    for (const c of ["B", "W"]) for (const p of (s.dead ? s.dead[c] : [])) {
      stone(stones, p, c, "dead");
      cross(marks, p, "dead-mark");
    }
    if (s.last && s.last.point) {
      const [cx, cy] = pointXY(s.last.point);
      el("circle", { cx: cx, cy: cy, r: CELL * 0.2, class: "last " + (s.last.color === "B" ? "on-black" : "on-white"),
                     "data-point": s.last.point }, marks);
    }
    if (s.pending) for (const p of s.pending.points) cross(marks, p, "lift");
    if (s.banner && s.banner.point) {
      const [cx, cy] = pointXY(s.banner.point), h = CELL * 0.5;
      el("rect", { x: cx - h, y: cy - h, width: 2 * h, height: 2 * h, class: "bad-point",
                   "data-point": s.banner.point }, marks);
    }
    for (const p in (s.faults || {})) {
      const [cx, cy] = pointXY(p);
      el("circle", { cx: cx, cy: cy, r: 5, class: "fault", "data-point": p }, marks);
    }
    const e = panel.el;
    e.dataset.number = s.number;
    e.dataset.seq = s.seq;
    e.dataset.status = s.status;
    e.dataset.toMove = s.to_move;
    panel.mv.textContent = s.status === "waiting" ? W.waiting :
      W.move(s.number || 0) + (s.number && s.last && s.last.kind !== "move" ?
        " (" + COLOR[s.last.color] + " " + (W.did[s.last.kind] || s.last.kind) + ")" : "");
    const turn = panel.q(".turn");
    const over = s.status === "ended" || s.status === "counted";
    turn.textContent = over ? "" : W.toPlay(COLOR[s.to_move]);
    turn.className = "turn " + (over ? "" : s.to_move === "B" ? "black" : "white");
    panel.q(".cap.black").textContent = s.captures.B;
    panel.q(".cap.white").textContent = s.captures.W;
    const pl = s.players || {};
    for (const c of ["B", "W"]) {
      const key = c === "B" ? "black" : "white", plate = panel.plates[c];
      plate.name.textContent = pl[key] || COLOR[c];
      plate.rank.textContent = pl[key + "_rank"] || "";
      plate.el.classList.toggle("tomove", !over && s.status !== "waiting" && s.to_move === c);
    }
    const ev = [pl.event, pl.round].filter(Boolean).join(" \u00B7 ");
    panel.q(".head .name").textContent = ev || board;
    const k = s.clock;
    panel.q(".head .rules").textContent = [s.rules ? W.rules[s.rules] || s.rules : "",
      s.komi != null ? W.komi(s.komi) : "",
      k && k.settings ? W.systems[k.settings.system] || "" : ""].filter(Boolean).join(" \u00B7 ");
    panel.clock = k;
    panel.state = s;
    panel.at = Date.now();
    showClock(panel, panel.at);
    const status = panel.q(".status");
    status.textContent = s.status === "paused" ? W.paused :
      s.status === "ended" ? W.gameOver + (s.end && s.end.reason ? " (" + (W.end[s.end.reason] || s.end.reason.replace(/-/g, " ")) + ")" : "") :
      s.status === "counted" ? W.final : k && k.paused && k.why !== "idle" ? W.clockPaused : "";
    const banner = panel.q(".banner");
    if (s.banner) {
      banner.textContent = "";
      div("what", banner, (s.banner.color ? COLOR[s.banner.color] + ": " : "") +
          (s.banner.text || s.banner.code));
      if (s.banner.fix) div("fix", banner, s.banner.fix);
      banner.dataset.code = s.banner.code;
      // over the edge of the board away from the point it names
      const row = s.banner.point ? s.banner.point.charCodeAt(1) - 97 : 0;
      banner.classList.toggle("top", row >= s.size / 2);
      banner.classList.remove("hidden");
    } else {
      banner.classList.add("hidden");
      banner.dataset.code = "";
    }
    const notes = Object.values(s.notices || {});
    const notice = panel.q(".notice");
    notice.textContent = notes.join(" \u00B7 ");
    notice.classList.toggle("hidden", !notes.length);
    const result = panel.q(".result");
    if (s.result) {
      result.textContent = resultText(s.result);
      result.classList.remove("hidden");
    } else result.classList.add("hidden");
  }

  function connect() {
    let url;
    if (mode === "wall") {
      const boards = params.get("boards");
      url = "/events" + (boards ? "?boards=" + encodeURIComponent(boards) : "");
    } else {
      const board = decodeURIComponent(location.pathname.split("/").pop());
      url = "/events/" + encodeURIComponent(board);
      panelFor(board);
    }
    const es = G.es = new EventSource(url);
    let check = null;
    es.addEventListener("hello", (m) => {
      const h = JSON.parse(m.data);
      G.delay = h.delay || 0;
      G.connected = true;
      document.documentElement.classList.remove("offline");
      for (const d of document.querySelectorAll(".delay"))
        d.textContent = G.delay ? W.delayed(G.delay) : "";
    });
    es.onmessage = (m) => {
      const u = JSON.parse(m.data);
      render(u.board, u.state);
      const panel = panels[u.board];
      const d = panel.q(".delay");
      d.textContent = G.delay ? W.delayed(G.delay) : "";
      // when each update was applied (t) and when the frame showing it began (frame):
      // wall-clock ms, the clock the server's side stamps events with (tools/bench_live.py)
      if (G.renders.length > 20000) G.renders.splice(0, 10000);
      const r = { board: u.board, seq: u.state.seq, type: u.event ? u.event.type : null,
                  t: Date.now(), frame: null };
      G.renders.push(r);
      requestAnimationFrame(() => { r.frame = Date.now(); });
    };
    // EventSource reconnects by itself (retry: 1 s). "(reconnecting)" goes on air
    // only if the feed is still down after OFFLINE_MS, not for a blip.
    es.onerror = () => {
      if (check !== null) return;
      check = setTimeout(() => {
        check = null;
        if (es.readyState !== EventSource.OPEN) {
          G.connected = false;
          document.documentElement.classList.add("offline");
        }
      }, OFFLINE_MS);
    };
  }
  connect();
})();
