// History page: every money movement in words (in this screen's language), newest first,
// filterable by player, with that player's cash after each one.

import { currentState, onState } from "./api.js";
import { lang, t } from "./i18n.js";
import { Reader } from "./paged.js";
import { start } from "./page.js";
import { $, clear, debounce, h, money, timeText } from "./ui.js";

await start();
const filter = $("#history-filter");
let names = [];
let rows = [];

function renderFilter(state) {
  const now = (state?.players || []).map((p) => p.name);
  if (JSON.stringify(now) === JSON.stringify(names)) return;
  names = now;
  const chosen = filter.value;
  clear(filter, h("option", { value: "" }, t("history.all")),
    names.map((n) => h("option", { value: n, selected: n === chosen }, n)));
}

// A row as this screen shows it, for the player the filter names ("" for everyone).
function row(r, who) {
  return h("tr", {
    "data-test": "history-row", "data-seq": r.seq, "data-from": r.from, "data-to": r.to, "data-amount": r.amount,
    class: who ? (r.to === who ? "in" : r.from === who ? "out" : "") : "",
  },
  h("td", { class: "num muted seq" }, r.seq),
  h("td", { class: "muted time" }, timeText(r.time)),
  h("td", { class: "what" }, r.words?.[lang()] || r.words?.en || r.reason || ""),
  h("td", { class: "num amount" }, who && r.from === who ? `−${money(r.amount)}` : money(r.amount)),
  who ? h("td", { class: "num after" }, r.balances && who in r.balances ? money(r.balances[who]) : "") : null);
}

// What the table shows: these rows (the reader's list), for this filter, in this language. A read
// that only added rows to the same list adds theirs at the top: a long game's History drew every
// row again at each command (most of its screen's work).
let drawn = { reader: null, started: 0, lang: "", count: 0 };

function renderRows() {
  const who = filter.value;
  $("#history-balance-head").hidden = !who;
  $("#history-empty").hidden = rows.length > 0;
  const body = $("#history-rows");
  const same = drawn.reader === reader && drawn.started === reader?.started && drawn.lang === lang();
  if (same && drawn.count <= rows.length) {
    body.prepend(...rows.slice(drawn.count).reverse().map((r) => row(r, who)));
  } else {
    clear(body, rows.slice().reverse().map((r) => row(r, who)));
  }
  drawn = { reader, started: reader?.started, lang: lang(), count: rows.length };
}

let reader = null;

async function load() {
  const who = filter.value;
  const path = `/api/feed/ledger${who ? `?player=${encodeURIComponent(who)}` : ""}`;
  if (reader?.path !== path) reader = new Reader(path, "transfers"); // a new filter reads from the start
  const asked = reader;
  try {
    await asked.more(); // only what came after the seq this page has
  } catch {
    return;
  }
  if (asked !== reader) return; // the filter changed meanwhile
  rows = asked.rows;
  renderRows();
}

const reload = debounce(load, 150);
filter.addEventListener("change", load);
onState((state) => { renderFilter(state); reload(); });
window.addEventListener("langchange", () => { names = []; renderFilter(currentState()); renderRows(); });
