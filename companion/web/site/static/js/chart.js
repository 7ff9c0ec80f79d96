// Chart page: each player's cash over the game (chartdraw.js), redrawn after every stored change.

import { onState } from "./api.js";
import { drawChart, legend } from "./chartdraw.js";
import { Reader } from "./paged.js";
import { start } from "./page.js";
import { $, clear, debounce } from "./ui.js";

await start();
let data = null;
let state = null;

function draw() {
  const box = $("#chart");
  const players = data?.players || [];
  $("#chart-empty").hidden = players.length > 0;
  if (!players.length) { clear(box); clear($("#chart-legend")); return; }
  const width = box.clientWidth || 800;
  clear(box, drawChart(data, state, { width, height: Math.round(Math.min(420, Math.max(260, width * 0.55))) }));
  clear($("#chart-legend"), legend(data, state));
}

const reader = new Reader("/api/chart", "points");

async function load() {
  try {
    await reader.more(); // only the points after the seq this page has
    data = { players: reader.last?.players || [], points: reader.rows };
  } catch { data = null; }
  draw();
}

const reload = debounce(load, 150);
onState((s) => { state = s; reload(); });
window.addEventListener("langchange", draw);
window.addEventListener("resize", debounce(draw, 200));
