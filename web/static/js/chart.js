// Chart page: each player's cash over the game as an SVG line chart drawn here (no library),
// redrawn after every stored change.

import { get, onState } from "./api.js";
import { t } from "./i18n.js";
import { start } from "./page.js";
import { $, clear, debounce, h, money, playerColour, playerDash } from "./ui.js";

await start();
const NS = "http://www.w3.org/2000/svg";
const W = 800;
const H = 400;
const PAD = { left: 64, right: 16, top: 16, bottom: 36 };
let data = null;
let state = null;

function svg(tag, attrs = {}, ...children) {
  const el = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) if (v !== undefined && v !== null) el.setAttribute(k, String(v));
  for (const c of children) el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  return el;
}

// A round step for the cash axis: 1, 2 or 5 times a power of ten.
function niceStep(max, ticks = 5) {
  const raw = Math.max(1, max / ticks);
  const power = 10 ** Math.floor(Math.log10(raw));
  return [1, 2, 5, 10].map((m) => m * power).find((s) => s >= raw);
}

function draw() {
  const box = $("#chart");
  const players = data?.players || [];
  const points = data?.points || [];
  $("#chart-empty").hidden = players.length > 0;
  if (!players.length) { clear(box); clear($("#chart-legend")); return; }
  const max = Math.max(1, ...points.flatMap((p) => p.cash));
  const step = niceStep(max);
  const top = Math.ceil(max / step) * step;
  const n = Math.max(1, points.length - 1);
  const x = (i) => PAD.left + (i / n) * (W - PAD.left - PAD.right);
  const y = (v) => H - PAD.bottom - (v / top) * (H - PAD.top - PAD.bottom);
  const chart = svg("svg", { viewBox: `0 0 ${W} ${H}`, role: "img", "aria-labelledby": "chart-svg-title chart-svg-desc", class: "chart-svg", preserveAspectRatio: "xMidYMid meet" },
    svg("title", { id: "chart-svg-title" }, t("chart.title")),
    svg("desc", { id: "chart-svg-desc" }, players.map((name, k) => `${name}: ${money(points.at(-1)?.cash[k] ?? 0)}`).join("; ")));
  const grid = svg("g", { class: "grid" });
  for (let v = 0; v <= top; v += step) {
    grid.append(svg("line", { x1: PAD.left, x2: W - PAD.right, y1: y(v), y2: y(v) }),
      svg("text", { x: PAD.left - 8, y: y(v) + 5, "text-anchor": "end" }, money(v)));
  }
  const every = Math.max(1, Math.ceil(points.length / 10));
  points.forEach((p, i) => {
    if (i % every === 0 || i === points.length - 1) grid.append(svg("text", { x: x(i), y: H - 10, "text-anchor": "middle" }, p.seq));
  });
  grid.append(svg("text", { x: W - PAD.right, y: H - 22, "text-anchor": "end", class: "axis-name" }, t("chart.moves")));
  chart.append(grid);
  players.forEach((name, k) => {
    const colour = playerColour(state, name);
    // steps: cash changes at a move and holds until the next one
    const d = points.map((p, i) => (i ? `H${x(i).toFixed(1)}V${y(p.cash[k] ?? 0).toFixed(1)}` : `M${x(0).toFixed(1)},${y(p.cash[k] ?? 0).toFixed(1)}`)).join("");
    const last = points.at(-1);
    chart.append(svg("g", { "data-test": `chart-line-${name}`, class: "series" },
      svg("path", { d, fill: "none", stroke: colour, "stroke-width": 3, "stroke-dasharray": playerDash(state, name) || null, "stroke-linejoin": "round" }),
      last ? svg("circle", { cx: x(points.length - 1), cy: y(last.cash[k] ?? 0), r: 5, fill: colour }) : ""));
  });
  clear(box, chart);
  clear($("#chart-legend"), players.map((name, k) => h("li", { "data-test": `chart-legend-${name}` },
    svg("svg", { width: 36, height: 12, "aria-hidden": "true" },
      svg("line", { x1: 0, x2: 36, y1: 6, y2: 6, stroke: playerColour(state, name), "stroke-width": 3, "stroke-dasharray": playerDash(state, name) || null })),
    ` ${name}: `, h("strong", {}, money(points.at(-1)?.cash[k] ?? 0)))));
}

async function load() {
  try { data = await get("/api/chart", { quiet: true }); } catch { data = null; }
  draw();
}

const reload = debounce(load, 150);
onState((s) => { state = s; reload(); });
window.addEventListener("langchange", draw);
