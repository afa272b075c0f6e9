// The broadcast page: boards drawn as SVG from the live states the server pushes (SSE),
// with the players, their clocks, the rules, the event and the table in captions as
// wide as the board; on one board's page a side with the move list, stepping back
// through the moves (live one click away), the SGF and the language.
// Plain JS, no build step, nothing fetched from outside the server; words from i18n.js.
// Query options: boards=a,b (wall), cols=N (wall), transparent=1, coords=0, info=0,
// side=0 (no move list), lang=en|zh|ja|ko, territory=1 (shade the areas at the count).
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
  const lang = window.goboardLanguage(params);
  const W = window.goboardWords(lang);
  document.documentElement.lang = W.html;
  document.documentElement.style.setProperty("--reconnecting", JSON.stringify(W.reconnecting));
  document.getElementById("waiting").textContent = W.waitingBoard;
  // viewBox units: point (x, y) sits at (MARGIN + x*CELL, MARGIN + y*CELL)
  const CELL = 40, MARGIN = opt.coords ? 64 : 32;
  const OFFLINE_MS = 3000;
  // a caption shrinks to this share of its size, and never below MIN_PX (a name
  // NAME_PX) where the window is small: then it is cut
  const MIN_FIT = 0.62, MIN_PX = 11, NAME_PX = 13, TIGHT_FIT = 0.8;
  const root = document.getElementById("boards");
  const mode = document.body.dataset.mode;   // "board" or "wall"
  const withSide = mode === "board" && opt.info && !opt.transparent && params.get("side") !== "0";
  const panels = {};
  const G = window.goboard = { states: {}, renders: [], connected: false, delay: 0, pointXY: pointXY,
                               words: W, lang: lang, project: project, danger: danger,
                               view: view };

  if (opt.transparent) document.documentElement.classList.add("transparent");
  if (!opt.info) document.documentElement.classList.add("no-info");
  if (!withSide) document.documentElement.classList.add("no-side");

  function el(tag, attrs, parent) {
    const e = document.createElementNS(SVGNS, tag);
    for (const k in attrs) e.setAttribute(k, attrs[k]);
    if (parent) parent.appendChild(e);
    return e;
  }
  function div(cls, parent, text, tag) {
    const e = document.createElement(tag || "div");
    e.className = cls;
    if (text !== undefined) e.textContent = text;
    if (parent) parent.appendChild(e);
    return e;
  }
  function span(cls, parent, text) { return div(cls, parent, text, "span"); }
  function pointXY(p) {                    // "dd" -> viewBox coordinates of the point
    return [MARGIN + (p.charCodeAt(0) - 97) * CELL, MARGIN + (p.charCodeAt(1) - 97) * CELL];
  }
  function vertex(p, size) {               // "dd" -> "D16"
    return LETTERS[p.charCodeAt(0) - 97] + (size - (p.charCodeAt(1) - 97));
  }
  function starPoints(n) {
    if (n < 7) return [];
    const e = n >= 13 ? 3 : 2, m = (n - 1) / 2, f = n - 1 - e, out = [];
    const lines = n % 2 ? [e, m, f] : [e, f];
    for (const x of lines) for (const y of lines)
      if (n % 2 || (x !== m && y !== m)) if (n >= 13 || (x !== m) === (y !== m)) out.push([x, y]);
    return out;
  }

  // --- fitting a caption: shrink, then cut ------------------------------------------
  function fit(e, px, least) {
    // a part of it that is cut first (.cut: the event of a title) counts as its room
    e.style.fontSize = "";
    const floor = Math.max(least || MIN_FIT, (px || MIN_PX) / parseFloat(getComputedStyle(e).fontSize));
    const part = e.querySelector(".cut");
    const over = () => e.scrollWidth > e.clientWidth + 1 ||
      (part !== null && part.scrollWidth > part.clientWidth + 1);
    let s = 1;
    while (over() && s > floor) {
      s = Math.max(floor, s - 0.04);
      e.style.fontSize = s.toFixed(3) + "em";
    }
    e.dataset.fit = s.toFixed(3);
  }
  function fitPlate(plate) {
    // a name shrinks a little; still cut, the captures lose their word (and the
    // clock in main time the overtime that follows) and the name shrinks on;
    // then it is cut
    plate.el.classList.remove("tight");
    fit(plate.name, NAME_PX, TIGHT_FIT);
    if (plate.name.scrollWidth > plate.name.clientWidth + 1) {
      plate.el.classList.add("tight");
      fit(plate.name, NAME_PX);
    }
  }
  function fitPanel(panel) {
    for (const e of panel.el.querySelectorAll(".head .fit, .info .fit")) fit(e);
    fitPlate(panel.plates.B);
    fitPlate(panel.plates.W);
  }
  function refit() { for (const b in panels) fitPanel(panels[b]); }
  addEventListener("resize", () => { if (mode === "wall") layoutWall(); else refit(); });
  if (document.fonts) {
    // a font loads when its first text is drawn: the captions are measured again
    document.fonts.ready.then(refit);
    document.fonts.addEventListener("loadingdone", refit);
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

  function makePlate(parent, c) {        // one player: stone, name and rank, captures, clock
    const key = c === "B" ? "black" : "white";
    const plate = div("plate " + key, parent);
    plate.dataset.color = c;
    span("stone-icon " + key, plate);
    const name = span("pname fit", plate, W[key]);
    const rank = span("rank", plate, "");
    const caps = span("capwrap", plate);
    span("label", caps, W.captures);
    span("cap " + key, caps, "0");
    const clock = span("clock", plate);
    return { el: plate, name: name, rank: rank, clock: clock };
  }

  function makePanel(board) {
    const cell = div("cell", null);
    const p = div("panel", cell);
    p.id = "panel-" + board;
    p.dataset.board = board;
    const head = div("head", p);
    const title = div("title fit", head);
    span("ev cut", title, board);      // the event is cut before the round and the table
    span("rest", title, "");
    const sub = div("sub", head);
    span("rules fit", sub, "");
    span("status", sub, "");
    span("delay", sub, "");
    const plates = { W: makePlate(p, "W") };     // white above the board, black below it
    const holder = div("holder", p);
    div("banner hidden", holder);
    div("notice hidden", holder);
    plates.B = makePlate(p, "B");
    const info = span("line fit", div("info", p));
    const mv = span("move", info);
    span("turn", info);
    span("result hidden", info);        // the count: in the caption, never over the board
    const golive = div("golive hidden", info, W.live + " \u25B6\u25B6", "button");
    golive.addEventListener("click", () => goTo(board, null));
    return { el: p, cell: cell, holder: holder, size: 0, parts: null, plates: plates,
             q: (sel) => p.querySelector(sel), mv: mv, clock: null, at: 0, state: null,
             view: null, order: null };
  }

  function orderKey(board, s) {          // the wall and the index: by table, then board id
    const t = s && s.players && s.players.table;
    const n = t && /^\d+$/.test(t) ? ("000000" + t).slice(-6) : (t || "~");
    return n + "\u0000" + board;
  }

  function place(panel, board) {
    const keys = Object.keys(panels).filter((b) => b !== board && panels[b].order !== null)
      .sort((a, b) => (panels[a].order < panels[b].order ? -1 : 1));
    const next = keys.find((b) => panels[b].order > panel.order);
    root.insertBefore(panel.cell, next ? panels[next].cell : (side ? side.el : null));
  }

  function panelFor(board, s) {
    let panel = panels[board];
    if (!panel) {
      panel = panels[board] = makePanel(board);
      panel.order = orderKey(board, s);
      place(panel, board);
      document.getElementById("waiting").classList.add("hidden");
      if (mode === "wall") layoutWall();
    } else if (s && orderKey(board, s) !== panel.order) {
      panel.order = orderKey(board, s);
      place(panel, board);
    }
    return panel;
  }

  function layoutWall() {          // every board visible at once: a grid that fills the page
    const n = Object.keys(panels).length;
    const cols = opt.cols > 0 ? opt.cols : Math.ceil(Math.sqrt(n * innerWidth / innerHeight) || 1);
    const rows = Math.max(1, Math.ceil(n / cols));
    root.style.gridTemplateColumns = "repeat(" + cols + ", minmax(0, 1fr))";
    root.style.gridTemplateRows = "repeat(" + rows + ", minmax(0, 1fr))";
    refit();                       // every panel's room changed
  }

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
  function danger(s, set) {
    // what running out of the time shown would cost: "game" (the game is lost),
    // "cost" (a byo-yomi period, a penalty point, the main time of a system
    // whose overtime follows) or "" (nothing soon); by the board's low-time
    // thresholds (goban.clock LOW_MS: in main time, in an overtime period)
    const low = set.low || [0, 0];
    const sys = set.system;
    if (s.main > 0 || sys === "absolute" || sys === "fischer") {
      if (!(low[0] > 0 && s.main <= low[0])) return "";
      return sys === "absolute" || sys === "fischer" ? "game" : "cost";
    }
    if (!(low[1] > 0 && s.period <= low[1])) return "";
    const last = sys === "canadian" || (sys === "byoyomi" && s.periods <= 1) ||
      (sys === "ing" && s.periods <= 0);
    return last ? "game" : "cost";
  }
  function hms(ms) {                      // whole seconds rounded up, like the board's display
    const t = Math.ceil(ms / 1000), h = Math.floor(t / 3600), m = Math.floor(t / 60) % 60, s = t % 60;
    const ss = (s < 10 ? "0" : "") + s;
    return h ? h + ":" + (m < 10 ? "0" : "") + m + ":" + ss : m + ":" + ss;
  }
  function clockParts(s, set) {           // [time text, small text, the small text is the settings]
    if (s.flag) return [W.timeUp, ""];
    if (s.main > 0 || set.system === "absolute" || set.system === "fischer") {
      const ot = set.system === "byoyomi" ? set.periods + "×" + set.period + "s" :
        set.system === "canadian" ? set.moves + "/" + hms(set.period * 1000) :
        set.system === "fischer" ? "+" + set.inc + "s" :
        set.system === "ing" ? set.periods + "×" + hms(set.period * 1000) : "";
      return [hms(s.main), ot, true];
    }
    if (set.system === "byoyomi") return [String(Math.ceil(s.period / 1000)), W.periods(s.periods)];
    if (set.system === "canadian") return [hms(s.period), W.moves(s.moves)];
    return [hms(s.period), W.penalty(s.penalty)];     // Ing: the points it cost so far
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
      const [time, ot, spec] = clockParts(side, k.settings);
      if (el.dataset.text !== time + "|" + ot) {
        el.textContent = "";
        span("time", el, time);
        if (ot) span(spec ? "ot spec" : "ot", el, ot);
        const wider = !el.dataset.text || el.dataset.text.length !== (time + "|" + ot).length;
        el.dataset.text = time + "|" + ot;
        if (wider) fitPlate(panel.plates[c]);      // the name's room changed
      }
      // coloured for the side whose time runs, red only where the game is at stake
      const risk = running && !side.flag ? danger(side, k.settings) : "";
      el.className = "clock" + (side.flag ? " flag" : "") +
        (running ? " running" : k.paused || !st || st.status !== "playing" ? " stopped" : "") +
        (risk === "game" ? " danger" : risk === "cost" ? " warn" : "");
      el.dataset.main = side.main;
      el.dataset.period = side.period;
    }
  }
  setInterval(() => { const now = Date.now(); for (const b in panels) showClock(panels[b], now); }, 200);

  function resultText(r) {
    // the count in words: who wins, SGF's result, and the margin in the rules'
    // own unit, a loss on time or a resignation in brackets
    const re = r.result;
    let detail = "";
    if (/\+T$/.test(re)) detail = W.byTime;
    else if (/\+R$/.test(re)) detail = W.byResign;
    else if (r.unit && r.margin != null && r.unit !== "points" && W.units[r.unit])
      detail = r.margin + (W.html === "en" || W.html === "ko" ? " " : "") + W.units[r.unit];
    const tail = detail ? W.paren(detail) : "";
    if (r.winner === "B" || r.winner === "W") return W.wins(COLOR[r.winner]) + " " + re + tail;
    if (r.winner === "draw" || re === "0") return W.draw + " " + re;
    if (r.winner === "void" || re === "Void") return W.voidGame;
    return re + tail;
  }

  function territory(s, stones) {         // empty regions bordered by one colour, dead taken off
    const n = s.size, at = {}, out = { B: [], W: [] }, seen = {};
    for (const c of ["B", "W"]) for (const p of stones[c]) at[p] = c;
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

  // --- stepping back: the position after move k of the main line ---------------------
  function reviewable(s) {
    return Array.isArray(s.moves) && s.moves.length === s.number && !!s.setup;
  }
  function view(s, k) {
    // {stones, last, captures} after move k (setup stones, then each move with its
    // captures taken off: the board's own record, nothing recomputed)
    const at = {}, caps = { B: 0, W: 0 };
    for (const c of ["B", "W"]) for (const p of s.setup[c] || []) at[p] = c;
    let last = null;
    for (let i = 0; i < k; i++) {
      const m = s.moves[i];
      if (m[1]) at[m[1]] = m[0];
      for (const p of m[2]) {
        caps[at[p] === m[0] ? (m[0] === "B" ? "W" : "B") : m[0]] += 1;
        delete at[p];
      }
      last = { color: m[0], point: m[1], number: i + 1, kind: m[3] || (m[1] ? "move" : "pass") };
    }
    const stones = { B: [], W: [] };
    for (const p in at) stones[at[p]].push(p);
    return { stones: stones, last: last, captures: caps };
  }

  function goTo(board, k) {
    // k: a move number to look at, or null for the live position
    const panel = panels[board], s = panel && panel.state;
    if (!s) return;
    if (k !== null && (!reviewable(s) || k >= s.moves.length || k < 0)) k = k < 0 ? 0 : null;
    panel.view = k;
    draw(board, panel, s);
    if (side) side.update(panel, s);
  }

  function draw(board, panel, s) {
    // the board and the captions of `s`, live or at the move being looked at
    const past = panel.view !== null && reviewable(s) ? view(s, panel.view) : null;
    const stones = past ? past.stones : s.stones;
    const last = past ? past.last : s.last;
    if (panel.size !== s.size) {
      if (panel.parts) panel.parts.svg.remove();
      panel.parts = makeBoard(s.size);
      panel.holder.insertBefore(panel.parts.svg, panel.holder.firstChild);
      panel.size = s.size;
    }
    const layer = panel.parts;
    layer.stones.textContent = "";
    layer.marks.textContent = "";
    if (!past && opt.territory && s.status === "counted" && s.result &&
        !/\+[RTF]$|^Void$/.test(s.result.result)) {
      const t = territory(s, stones);
      for (const c of ["B", "W"]) for (const p of t[c]) {
        const [cx, cy] = pointXY(p), h = CELL * 0.22;
        el("rect", { x: cx - h, y: cy - h, width: 2 * h, height: 2 * h, "data-point": p,
                     class: "terr " + (c === "B" ? "black" : "white") }, layer.stones);
      }
    }
    for (const c of ["B", "W"]) for (const p of stones[c]) stone(layer.stones, p, c);
    if (!past) {
      for (const c of ["B", "W"]) for (const p of (s.dead ? s.dead[c] : [])) {
        stone(layer.stones, p, c, "dead");
        cross(layer.marks, p, "dead-mark");
      }
    }
    if (last && last.point) {
      const [cx, cy] = pointXY(last.point);
      el("circle", { cx: cx, cy: cy, r: CELL * 0.2, class: "last " + (last.color === "B" ? "on-black" : "on-white"),
                     "data-point": last.point }, layer.marks);
    }
    if (!past) {
      if (s.pending) for (const p of s.pending.points) cross(layer.marks, p, "lift");
      if (s.banner && s.banner.point) {
        const [cx, cy] = pointXY(s.banner.point), h = CELL * 0.5;
        el("rect", { x: cx - h, y: cy - h, width: 2 * h, height: 2 * h, class: "bad-point",
                     "data-point": s.banner.point }, layer.marks);
      }
      for (const p in (s.faults || {})) {
        const [cx, cy] = pointXY(p);
        el("circle", { cx: cx, cy: cy, r: 5, class: "fault", "data-point": p }, layer.marks);
      }
    }
    const e = panel.el;
    e.dataset.number = s.number;
    e.dataset.seq = s.seq;
    e.dataset.status = s.status;
    e.dataset.toMove = s.to_move;
    e.dataset.view = past ? String(panel.view) : "live";
    e.classList.toggle("review", !!past);
    const over = s.status === "ended" || s.status === "counted";
    const turn = panel.q(".turn");
    const result = panel.q(".result");
    const golive = panel.q(".golive");
    if (past) {
      panel.mv.textContent = W.of(panel.view, s.number) + (last && last.kind !== "move" ?
        " (" + COLOR[last.color] + " " + (W.did[last.kind] || last.kind) + ")" : "");
      const next = panel.view < s.moves.length ? s.moves[panel.view][0] : s.to_move;
      turn.textContent = W.toPlay(COLOR[next]);
      turn.className = "turn " + (next === "B" ? "black" : "white");
      result.classList.add("hidden");
      golive.classList.remove("hidden");
    } else {
      panel.mv.textContent = s.status === "waiting" ? W.waiting :
        W.move(s.number || 0) + (s.number && last && last.kind !== "move" && !s.result ?
          " (" + COLOR[last.color] + " " + (W.did[last.kind] || last.kind) + ")" : "");
      turn.textContent = over ? "" : W.toPlay(COLOR[s.to_move]);
      turn.className = "turn " + (over ? "" : s.to_move === "B" ? "black" : "white");
      golive.classList.add("hidden");
      if (s.result) {
        result.textContent = resultText(s.result);
        result.classList.remove("hidden");
      } else result.classList.add("hidden");
    }
    const caps = past ? past.captures : s.captures;
    panel.q(".cap.black").textContent = caps.B;
    panel.q(".cap.white").textContent = caps.W;
    const pl = s.players || {};
    for (const c of ["B", "W"]) {
      const key = c === "B" ? "black" : "white", plate = panel.plates[c];
      plate.name.textContent = pl[key] || COLOR[c];
      plate.rank.textContent = pl[key + "_rank"] || "";
      const toMove = past ? turn.classList.contains(key) : !over && s.status !== "waiting" && s.to_move === c;
      plate.el.classList.toggle("tomove", toMove);
    }
    const title = [pl.event, pl.round, pl.table ? W.table(pl.table) : ""].filter(Boolean);
    panel.q(".head .title .ev").textContent = title.length ? title[0] : board;
    panel.q(".head .title .rest").textContent = title.slice(1).map((t) => " \u00B7 " + t).join("");
    const k = s.clock;
    panel.q(".head .rules").textContent = [s.rules ? W.rules[s.rules] || s.rules : "",
      s.komi != null ? W.komi(s.komi) : "",
      k && k.settings ? W.systems[k.settings.system] || "" : ""].filter(Boolean).join(" \u00B7 ");
    const status = panel.q(".status");
    status.textContent = s.status === "paused" ? W.paused :
      s.status === "ended" ? W.gameOver + (s.end && s.end.reason ? " (" + (W.end[s.end.reason] || s.end.reason.replace(/-/g, " ")) + ")" : "") :
      s.status === "counted" ? W.final : k && k.paused && k.why !== "idle" ? W.clockPaused : "";
    const banner = panel.q(".banner");
    if (s.banner && !past) {
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
    notice.classList.toggle("hidden", !notes.length || !!past);
    notice.classList.toggle("bottom", !banner.classList.contains("hidden") && banner.classList.contains("top"));
    fitPanel(panel);
  }

  function render(board, s) {
    const panel = panelFor(board, s);
    G.states[board] = s;
    panel.cell.classList.toggle("offline", s.link === "reconnecting");  // its board's link is down
    if (panel.state && (panel.state.game !== s.game || !reviewable(s) ||
                        (panel.view !== null && panel.view > s.moves.length)))
      panel.view = null;               // another game, or the move looked at was taken back
    panel.clock = s.clock;
    panel.state = s;
    panel.at = Date.now();
    showClock(panel, panel.at);
    draw(board, panel, s);
    if (side) side.update(panel, s);
  }

  // --- one board's side: the controls and the move list ------------------------------
  function makeSide(board) {
    const box = div("side", null);
    const bar = div("bar", box);
    const buttons = {};
    for (const [go, text] of [["first", "\u21E4"], ["prev", "\u25C0"], ["next", "\u25B6"],
                              ["last", "\u21E5"]]) {
      const b = div("go " + go, bar, text, "button");
      b.title = W.go[go];
      b.dataset.go = go;
      buttons[go] = b;
    }
    const live = div("live", bar, "\u25CF " + W.live, "button");
    const bar2 = div("bar", box);
    const sgf = div("sgf", bar2, W.sgf + " \u2B07", "a");
    sgf.href = "/sgf/" + encodeURIComponent(board);
    sgf.setAttribute("download", board + ".sgf");
    const select = div("lang", bar2, undefined, "select");
    select.title = W.language;
    window.goboardSwitcher(select, lang);
    const list = div("moves", box, undefined, "ol");
    const empty = div("empty", box, W.noMoves);
    let shown = 0, game = null;

    function step(go) {
      const panel = panels[board], s = panel && panel.state;
      if (!s || !reviewable(s)) return;
      const n = s.moves.length, at = panel.view === null ? n : panel.view;
      const k = go === "first" ? 0 : go === "prev" ? at - 1 : go === "next" ? at + 1 : n;
      goTo(board, k >= n ? null : Math.max(0, k));
    }
    for (const go in buttons) buttons[go].addEventListener("click", () => step(go));
    live.addEventListener("click", () => goTo(board, null));
    list.addEventListener("click", (e) => {
      const li = e.target.closest("li");
      if (li) goTo(board, Number(li.dataset.n));
    });
    addEventListener("keydown", (e) => {
      if (e.target && e.target.tagName === "SELECT") return;
      const go = { ArrowLeft: "prev", ArrowRight: "next", Home: "first", End: "last" }[e.key];
      if (go) { step(go); e.preventDefault(); }
    });

    function update(panel, s) {
      const ok = reviewable(s);
      const moves = ok ? s.moves : [];
      if (game !== s.game || moves.length < shown) {
        list.textContent = "";
        shown = 0;
        game = s.game;
      }
      for (; shown < moves.length; shown++) {
        const m = moves[shown];
        const li = div("", list, undefined, "li");
        li.dataset.n = shown + 1;
        span("n", li, String(shown + 1));
        span("stone-icon " + (m[0] === "B" ? "black" : "white"), li);
        span("v", li, m[1] ? vertex(m[1], s.size) : W.listed[m[3] || "pass"] || m[3]);
      }
      empty.classList.toggle("hidden", moves.length > 0);
      const at = panel.view === null ? moves.length : panel.view;
      const prev = list.querySelector("li.at");
      if (prev) prev.classList.remove("at");
      const cur = at > 0 ? list.children[at - 1] : null;
      if (cur) {
        cur.classList.add("at");
        const r = cur.getBoundingClientRect(), box = list.getBoundingClientRect();
        if (r.top < box.top || r.bottom > box.bottom) list.scrollTop += r.top - box.top - box.height / 2;
      }
      buttons.first.disabled = buttons.prev.disabled = !ok || at === 0;
      buttons.next.disabled = buttons.last.disabled = !ok || panel.view === null;
      live.classList.toggle("on", panel.view === null);
    }
    return { el: box, update: update };
  }

  let side = null;

  function connect() {
    let url;
    if (mode === "wall") {
      const boards = params.get("boards");
      url = "/events" + (boards ? "?boards=" + encodeURIComponent(boards) : "");
    } else {
      const board = decodeURIComponent(location.pathname.split("/").pop());
      url = "/events/" + encodeURIComponent(board);
      if (withSide) {
        side = makeSide(board);
        root.appendChild(side.el);
      }
      panelFor(board, null);
    }
    const es = G.es = new EventSource(url);
    // a page left for another closes its stream (a browser may keep the page in
    // its back-forward cache, and its open stream with it: six take every
    // connection a browser allows a server); back on it, it starts afresh
    addEventListener("pagehide", () => es.close());
    addEventListener("pageshow", (e) => { if (e.persisted) location.reload(); });
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
