// The bring-up page: polls /diag/<board>/data (goboard.diag.page) and draws its
// values (one a point, frame order) as a heat map, blue low to red high, with
// the report's problems and worst points beside it.
"use strict";
const BOARD = document.body.dataset.board;
const COLS = "ABCDEFGHJKLMNOPQRSTUVWXYZ";

function colour(v, lo, hi) {
  const t = Math.max(0, Math.min(1, (v - lo) / Math.max(1, hi - lo)));
  const hue = 240 - 240 * t;
  return "hsl(" + hue + ",85%,55%)";
}

function drawGrid(d) {
  const size = d.size, grid = document.getElementById("grid");
  grid.style.gridTemplateColumns = "repeat(" + (size + 1) + ", 22px)";
  const cells = [];
  for (let y = -1; y < size; y++) {
    for (let x = -1; x < size; x++) {
      const c = document.createElement("div");
      if (y < 0 || x < 0) {
        c.className = "coord";
        c.textContent = y < 0 && x >= 0 ? COLS[x] : (x < 0 && y >= 0 ? String(size - y) : "");
      } else {
        const v = d.values[y * size + x];
        c.title = d.names[y * size + x] + ": " + (v === null ? "no reading" : v);
        if (v === null) c.style.background = "#333";
        else c.style.background = colour(v, d.lo, d.hi);
        if ((d.marks || {})[d.names[y * size + x]]) {
          c.className = "dead";
          c.textContent = d.marks[d.names[y * size + x]];
        }
        c.dataset.point = d.names[y * size + x];
      }
      cells.push(c);
    }
  }
  grid.replaceChildren(...cells);
  document.getElementById("label").textContent = d.label || "";
  document.getElementById("scale").textContent = "blue " + d.lo + " … red " + d.hi;
}

function drawReport(r) {
  const list = document.getElementById("problems");
  const items = (r.problems || []).map(p => {
    const li = document.createElement("li");
    const pts = (p.points || []);
    li.innerHTML = "<span class=kind></span> <span class=pts></span><br><span class=fix></span>";
    li.querySelector(".kind").textContent = p.kind;
    li.querySelector(".pts").textContent = pts.slice(0, 8).join(", ") + (pts.length > 8 ? " … (" + pts.length + " points)" : "");
    li.querySelector(".fix").textContent = p.fix;
    return li;
  });
  if (!items.length) {
    const li = document.createElement("li");
    li.textContent = "no problem found";
    items.push(li);
  }
  list.replaceChildren(...items);
  const rows = (r.points || []).slice(0, 15).map(e => {
    const tr = document.createElement("tr");
    for (const k of ["point", "channel", "baseline", "noise", "delta", "flags"]) {
      const td = document.createElement("td");
      const v = e[k];
      td.textContent = Array.isArray(v) ? v.join(",") : (v === null || v === undefined ? "" : v);
      tr.appendChild(td);
    }
    return tr;
  });
  document.getElementById("worst").replaceChildren(...rows);
}

async function refresh() {
  try {
    const r = await fetch("/diag/" + encodeURIComponent(BOARD) + "/data");
    if (r.ok) {
      const d = await r.json();
      document.getElementById("status").textContent = d.status || "";
      if (d.values) drawGrid(d);
      if (d.report) drawReport(d.report);
    }
  } catch (e) {
    document.getElementById("status").textContent = "the board's page is gone (" + e + ")";
  }
  setTimeout(refresh, 500);
}
refresh();
