// History page: every money movement with its reason, newest first, filterable by player.

import { currentState, get, onState } from "./api.js";
import { t } from "./i18n.js";
import { start } from "./page.js";
import { $, clear, debounce, h, money, timeText } from "./ui.js";

await start();
const filter = $("#history-filter");
let names = [];
let rows = [];

function account(name) {
  return name === "bank" ? t("common.bank") : name === "pot" ? t("common.pot") : name;
}

function renderFilter(state) {
  const now = (state?.players || []).map((p) => p.name);
  if (JSON.stringify(now) === JSON.stringify(names)) return;
  names = now;
  const chosen = filter.value;
  clear(filter, h("option", { value: "" }, t("history.all")),
    names.map((n) => h("option", { value: n, selected: n === chosen }, n)));
}

function renderRows() {
  const who = filter.value;
  $("#history-balance-head").hidden = !who;
  const list = rows.slice().reverse();
  $("#history-empty").hidden = list.length > 0;
  clear($("#history-rows"), list.map((r) => h("tr", {
    "data-test": "history-row", "data-seq": r.seq, "data-from": r.from, "data-to": r.to, "data-amount": r.amount,
    class: who ? (r.to === who ? "in" : r.from === who ? "out" : "") : "",
  },
  h("td", { class: "num muted" }, r.seq),
  h("td", { class: "muted" }, timeText(r.time)),
  h("td", {}, account(r.from)),
  h("td", {}, account(r.to)),
  h("td", { class: "num amount" }, who && r.from === who ? `−${money(r.amount)}` : money(r.amount)),
  h("td", {}, r.reason || ""),
  h("td", { class: "num", hidden: !who }, who && r.balances && who in r.balances ? money(r.balances[who]) : ""))));
}

async function load() {
  const who = filter.value;
  try {
    const answer = await get(`/api/history${who ? `?player=${encodeURIComponent(who)}` : ""}`, { quiet: true });
    if (who !== filter.value) return; // the filter changed meanwhile
    rows = answer.transfers || [];
  } catch {
    rows = [];
  }
  renderRows();
}

const reload = debounce(load, 150);
filter.addEventListener("change", load);
onState((state) => { renderFilter(state); reload(); });
window.addEventListener("langchange", () => { names = []; renderFilter(currentState()); renderRows(); });
