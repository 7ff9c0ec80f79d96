// Each player's cash over the game as an SVG line chart (no library): the Chart page and the
// end-of-game summary draw it. The x axis counts the game's turns; its labels are thinned so that
// none overlaps another.

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
  const n = Math.max(1, points.length - 1);
  const x = (i) => PAD.left + (i / n) * (W - PAD.left - PAD.right);
  const y = (v) => H - PAD.bottom - (v / top) * (H - PAD.top - PAD.bottom);
  const chart = svg("svg", { viewBox: `0 0 ${W} ${H}`, role: "img", "aria-labelledby": `${idPrefix}-svg-title ${idPrefix}-svg-desc`, class: "chart-svg", preserveAspectRatio: "xMidYMid meet" },
    svg("title", { id: `${idPrefix}-svg-title` }, t("chart.title")),
    svg("desc", { id: `${idPrefix}-svg-desc` }, players.map((name, k) => `${name}: ${money(points.at(-1)?.cash[k] ?? 0)}`).join("; ")));
  const grid = svg("g", { class: "grid" });
  for (let v = 0; v <= top; v += step) {
    grid.append(svg("line", { x1: PAD.left, x2: W - PAD.right, y1: y(v), y2: y(v) }),
      svg("text", { x: PAD.left - 8, y: y(v) + 5, "text-anchor": "end" }, money(v)));
  }
  // turn numbers along the bottom, each at the first change of its turn, at least 56 units apart
  // (the last turn's always shown: an earlier label too close to it gives way)
  const GAP = 56;
  const starts = points.map((p, i) => [i, p.turn ?? i + 1]).filter(([i, turn]) => i === 0 || turn !== (points[i - 1].turn ?? i));
  const shown = [];
  for (const [i, turn] of starts) {
    if (!shown.length || x(i) - x(shown.at(-1)[0]) >= GAP) shown.push([i, turn]);
  }
  const final = starts.at(-1);
  if (final && shown.at(-1)[0] !== final[0]) {
    while (shown.length && x(final[0]) - x(shown.at(-1)[0]) < GAP) shown.pop();
    shown.push(final);
  }
  for (const [i, turn] of shown) {
    const edge = x(i) - PAD.left < GAP / 2 ? "start" : W - PAD.right - x(i) < GAP / 2 ? "end" : "middle";
    grid.append(svg("text", { x: x(i), y: H - 16, "text-anchor": edge, "data-test": "chart-turn" }, turn));
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
