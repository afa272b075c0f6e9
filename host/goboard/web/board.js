// The broadcast page: boards drawn as SVG from the live states the server pushes (SSE).
// Plain JS, no build step, nothing fetched from outside the server.
// Query options: boards=a,b (wall), cols=N (wall), transparent=1, coords=0, info=0.
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
  };
  // viewBox units: point (x, y) sits at (MARGIN + x*CELL, MARGIN + y*CELL)
  const CELL = 40, MARGIN = opt.coords ? 64 : 32;
  const OFFLINE_MS = 3000;
  const root = document.getElementById("boards");
  const mode = document.body.dataset.mode;   // "board" or "wall"
  const panels = {};
  const G = window.goboard = { states: {}, renders: [], connected: false, delay: 0, pointXY: pointXY };

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

  function makePanel(board) {
    const p = div("panel", null);
    p.id = "panel-" + board;
    p.dataset.board = board;
    const head = div("head", p);
    div("name", head, board);
    div("status", head, "");
    div("delay", head, "");
    const holder = div("holder", p);
    div("banner hidden", holder);
    div("notice hidden", p);
    const info = div("info", p);
    const mv = div("move", info);
    div("turn", info);
    div("result hidden", info);        // the count: in the caption, never over the board
    const caps = div("caps", info);
    div("label", caps, "Captures");
    div("cap black", caps, "0");
    div("cap white", caps, "0");
    return { el: p, holder: holder, size: 0, parts: null,
             q: (sel) => p.querySelector(sel), mv: mv, caps: caps };
  }

  function panelFor(board) {
    if (panels[board]) return panels[board];
    const panel = panels[board] = makePanel(board);
    const ids = Object.keys(panels).sort();
    const next = ids[ids.indexOf(board) + 1];
    root.insertBefore(panel.el, next ? panels[next].el : null);
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
  const COLOR = { B: "Black", W: "White" };
  const DID = { pass: "passes", abandon: "abandons" };

  function render(board, s) {
    const panel = panelFor(board);
    G.states[board] = s;
    if (panel.size !== s.size) {
      if (panel.parts) panel.parts.svg.remove();
      panel.parts = makeBoard(s.size);
      panel.holder.insertBefore(panel.parts.svg, panel.holder.firstChild);
      panel.size = s.size;
    }
    const { stones, marks } = panel.parts;
    stones.textContent = "";
    marks.textContent = "";
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
    panel.mv.textContent = s.status === "waiting" ? "Waiting for a game" :
      s.number ? "Move " + s.number + (s.last && s.last.kind !== "move" ?
        " (" + COLOR[s.last.color] + " " + (DID[s.last.kind] || s.last.kind) + ")" : "") : "Move 0";
    const turn = panel.q(".turn");
    const over = s.status === "ended" || s.status === "counted";
    turn.textContent = over ? "" : COLOR[s.to_move] + " to play";
    turn.className = "turn " + (over ? "" : s.to_move === "B" ? "black" : "white");
    panel.q(".cap.black").textContent = s.captures.B;
    panel.q(".cap.white").textContent = s.captures.W;
    const status = panel.q(".status");
    status.textContent = s.status === "paused" ? "Paused" :
      s.status === "ended" ? "Game over" + (s.end && s.end.reason ? " (" + s.end.reason.replace(/-/g, " ") + ")" : "") :
      s.status === "counted" ? "Final" : "";
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
      result.textContent = s.result.result + (s.result.unit && s.result.margin != null &&
        s.result.unit !== "points" ? " (" + s.result.margin + " " + s.result.unit + ")" : "");
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
        d.textContent = G.delay ? "delayed " + G.delay + " s" : "";
    });
    es.onmessage = (m) => {
      const u = JSON.parse(m.data);
      render(u.board, u.state);
      const panel = panels[u.board];
      const d = panel.q(".delay");
      d.textContent = G.delay ? "delayed " + G.delay + " s" : "";
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
