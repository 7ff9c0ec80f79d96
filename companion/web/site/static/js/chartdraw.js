// Each player's cash over the game as an SVG line chart (no library): the Chart page and the
// end-of-game summary draw it. The x axis counts the game's turns; its labels come at a regular,
// round step (every turn, every 2nd, 5th, 10th...), as few as keep them from overlapping.

import { t } from "./i18n.js";
import { h, money, playerColour, playerDash } from "./ui.js";

const NS = "http://www.w3.org/2000/svg";

export function svg(tag, attrs = {}, ...children) {
  const el = document.createElementNS(NS, tag);
  for (const [k, v] of Object.entries(attrs)) if (v !== undefined && v !== null) el.setAttribute(k, String(v));
  for (const c of children) el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  return el;
}

// A round step for the cash axis: 1, 2 or 5 times a power of ten.
function niceStep(max, ticks) {
  const raw = Math.max(1, max / ticks);
  const power = 10 ** Math.floor(Math.log10(raw));
  return [1, 2, 5, 10].map((m) => m * power).find((s) => s >= raw);
}

// Each point's place along the turn axis: its turn's start (turn - first) and, for the k-th of a
// turn's n points, k/n of the way through it.
function turnPlaces(points, first) {
  const places = [];
  for (let i = 0; i < points.length;) {
    const turn = points[i].turn ?? i + 1;
    let end = i;
    while (end < points.length && (points[end].turn ?? end + 1) === turn) end += 1;
    for (let k = i; k < end; k += 1) places.push(turn - first + (k - i) / (end - i));
    i = end;
  }
  return places;
}

// The turn axis's steps to try, smallest first: 1, 2, 5, 10, 20, 50... up to one past the last turn.
function turnSteps(last) {
  const steps = [];
  for (let power = 1; power <= 10 * Math.max(1, last); power *= 10) steps.push(power, 2 * power, 5 * power);
  return steps;
}

// data: {players, points: [{seq, turn, cash: [...]}]}; width: the pixels it will be shown at (the
// drawing keeps its proportions, labels their size).
export function drawChart(data, state, { width = 800, height = 400, idPrefix = "chart" } = {}) {
  const players = data?.players || [];
  const points = data?.points || [];
  const W = Math.max(320, width);
  const H = height;
  const PAD = { left: 70, right: 16, top: 16, bottom: 40 };
  const max = Math.max(1, ...points.flatMap((p) => p.cash));
  const step = niceStep(max, Math.max(2, Math.floor((H - PAD.top - PAD.bottom) / 50)));
  const top = Math.ceil(max / step) * step;
  // x: the turns, each as wide as the next (a turn that moved no money too), its points spread
  // evenly over it; turn T begins at along = T - first
  const first = points[0]?.turn ?? 1;
  const along = turnPlaces(points, first);
  const span = Math.max(1, along.at(-1) ?? 0);
  const at = (u) => PAD.left + (u / span) * (W - PAD.left - PAD.right);
  const x = (i) => at(along[i]);
  const y = (v) => H - PAD.bottom - (v / top) * (H - PAD.top - PAD.bottom);
  const chart = svg("svg", { viewBox: `0 0 ${W} ${H}`, role: "img", "aria-labelledby": `${idPrefix}-svg-title ${idPrefix}-svg-desc`, class: "chart-svg", preserveAspectRatio: "xMidYMid meet" },
    svg("title", { id: `${idPrefix}-svg-title` }, t("chart.title")),
    svg("desc", { id: `${idPrefix}-svg-desc` }, players.map((name, k) => `${name}: ${money(points.at(-1)?.cash[k] ?? 0)}`).join("; ")));
  const grid = svg("g", { class: "grid" });
  for (let v = 0; v <= top; v += step) {
    grid.append(svg("line", { x1: PAD.left, x2: W - PAD.right, y1: y(v), y2: y(v) }),
      svg("text", { x: PAD.left - 8, y: y(v) + 5, "text-anchor": "end" }, money(v)));
  }
  // turn numbers along the bottom, each where its turn begins, at a regular, round step (every
  // turn, or every 2nd, 5th, 10th, 20th...: the smallest that keeps them GAP units apart) after the
  // first turn's, which is always there (a label too close to it gives way)
  const GAP = 56;
  const lastTurn = points.at(-1)?.turn ?? first;
  const every = turnSteps(lastTurn).find((k) => at(k) - at(0) >= GAP) ?? Infinity;
  const shown = points.length ? [first] : [];
  for (let turn = Math.ceil((first + 1) / every) * every; turn <= lastTurn; turn += every) {
    if (at(turn - first) - at(0) >= GAP) shown.push(turn);
  }
  for (const turn of shown) {
    const place = at(turn - first);
    const edge = place - PAD.left < GAP / 2 ? "start" : W - PAD.right - place < GAP / 2 ? "end" : "middle";
    grid.append(svg("text", { x: place, y: H - 16, "text-anchor": edge, "data-test": "chart-turn" }, turn));
  }
  grid.append(svg("text", { x: W - PAD.right, y: H - 1, "text-anchor": "end", class: "axis-name" }, t("chart.turns")));
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
  return chart;
}

export function legend(data, state) {
  const points = data?.points || [];
  return (data?.players || []).map((name, k) => h("li", { "data-test": `chart-legend-${name}` },
    svg("svg", { width: 36, height: 12, "aria-hidden": "true" },
      svg("line", { x1: 0, x2: 36, y1: 6, y2: 6, stroke: playerColour(state, name), "stroke-width": 3, "stroke-dasharray": playerDash(state, name) || null })),
    ` ${name}: `, h("strong", {}, money(points.at(-1)?.cash[k] ?? 0))));
}
