// Win chances (companion/odds): the bars on the Table page (#odds), the trade advisor in every
// [data-slot="trade-advice"] the decision view shows, and the game review once the game is over.
// The numbers come from GET /api/odds and the `odds`, `odds_trade` and `odds_review` notices the
// page's live stream passes on as window "notice" events; the words are the .ftl files' page-odds-*
// messages (plurals and a name's cases as every page's words have them) or the sentences the review
// carries in every language.

import { onState } from "./api.js";
import { computerMark } from "./computermark.js";
import { FluentNumber } from "../vendor/fluent-bundle/index.js";
import { lang, locale, t } from "./i18n.js";
import { personArgs } from "./persons.js";
import { redraw } from "./ui.js";

const PALETTE = ["#d7263d", "#1b998b", "#2e86de", "#f49d37", "#8e44ad", "#3bb273", "#e056a0", "#7f8c8d"];

const w = (key, vars) => t(`odds.${key}`, vars);
// A chance as the page's language writes a percentage ("31%" in English, "31 %" in Russian): Intl's,
// one format a locale (one made for each figure was the Table page's costliest script function but
// the board's fitting: bench/page_work.py --profile).
const percents = new Map();
const pct = (p) => {
  const code = locale();
  if (!percents.has(code)) percents.set(code, new Intl.NumberFormat(code, { style: "percent", maximumFractionDigits: 0 }));
  return percents.get(code).format(p ?? 0);
};
// How many games the bots played out, grouped as the language writes thousands ("1,000", "1 000"):
// a Fluent number, so the message's plural still reads it.
const games = (n) => new FluentNumber(Number(n || 0), { useGrouping: true });

function h(tag, attrs = {}, ...children) {
  const el = document.createElementNS(tag.startsWith("svg:") ? "http://www.w3.org/2000/svg" : "http://www.w3.org/1999/xhtml",
    tag.replace(/^svg:/, ""));
  for (const [key, value] of Object.entries(attrs)) {
    if (value !== null && value !== undefined && value !== false) el.setAttribute(key, String(value));
  }
  for (const child of children.flat()) {
    if (child !== null && child !== undefined && child !== false) el.append(child instanceof Node ? child : String(child));
  }
  return el;
}

let odds = null; // GET /api/odds
let state = null; // the page's latest game state
const colour = (name) => {
  const i = (state?.players || []).findIndex((p) => p.name === name);
  return PALETTE[(i >= 0 ? i : 0) % PALETTE.length];
};

async function refresh() {
  try {
    const answer = await fetch("/api/odds", { credentials: "same-origin", headers: { Accept: "application/json" } });
    if (answer.ok) odds = await answer.json();
  } catch { /* offline: the stream brings it back */ }
  render();
}

function sameGame() {
  return odds && state && odds.game && odds.game === state.game;
}

// ---- the bars ----------------------------------------------------------------------------------
// The figure as it stands for the players still in: whoever the state says is bankrupt is gone
// at once, the others' chances rescaled (as the server's companion/odds/standing.py does).
export function stillIn(point, playersIn) {
  const gone = Object.keys(point.chances || {}).filter((n) => !playersIn.includes(n));
  if (!gone.length) return { ...point, gone: point.gone || [] };
  const kept = Object.fromEntries(Object.entries(point.chances).filter(([n]) => playersIn.includes(n)));
  const total = Object.values(kept).reduce((a, b) => a + b, 0);
  const scale = total > 0 ? 1 / total : 0;
  const names = Object.keys(kept);
  const chances = Object.fromEntries(names.map((n) => [n, total > 0 ? kept[n] * scale : 1 / names.length]));
  const interval = Object.fromEntries(names.filter((n) => point.interval?.[n])
    .map((n) => [n, point.interval[n].map((v) => Math.min(1, v * scale))]));
  return { ...point, chances, interval, gone: [...new Set([...(point.gone || []), ...gone])] };
}

const playersIn = () => (state?.players || []).filter((p) => !p.bankrupt).map((p) => p.name);

// How old the figure is: "After Bob's turn, 2 turns ago" (0: the last turn's).
function age(point) {
  const ago = Math.max(0, (odds?.turns ?? point.turn) - point.turn);
  if (!point.turn) return ago ? w("at_start_ago", { n: ago }) : w("at_start");
  return w(ago === 0 ? "after_turn" : "after_turn_ago", { ...personArgs("player", point.player), n: ago });
}

function bars(shownPoint) {
  const point = stillIn(shownPoint, playersIn());
  const names = Object.keys(point.chances);
  const pm = Math.max(...names.map((n) => ((point.interval?.[n]?.[1] ?? 0) - (point.interval?.[n]?.[0] ?? 0)) / 2));
  return [
    h("ul", { class: "odds-bars", "data-test": "odds-bars" }, names.map((name) =>
      h("li", { "data-test": `odds-${name}`, "data-chance": point.chances[name] },
        h("span", { class: "odds-name" }, name,
          computerMark((state?.players || []).find((p) => p.name === name), `odds-computer-${name}`)),
        h("span", { class: "odds-bar", "aria-hidden": "true" },
          h("span", { class: "odds-fill", style: `width: ${(point.chances[name] * 100).toFixed(1)}%; background: ${colour(name)}` })),
        h("span", { class: "odds-pct", "data-test": `odds-pct-${name}` }, pct(point.chances[name]))))),
    h("p", { class: "odds-age", "data-test": "odds-age", "data-turn": point.turn, "data-ago": Math.max(0, (odds?.turns ?? point.turn) - point.turn) },
      point.over ? w("over") : age(point),
      !point.over && (odds?.turns ?? 0) > point.turn ? ` · ${w("newer_coming")}` : ""),
    point.gone?.length ? h("p", { class: "muted", "data-test": "odds-gone" }, w("gone", { players: point.gone.join(", ") })) : null,
    h("p", { class: "muted odds-basis", "data-test": "odds-samples", "data-samples": point.samples },
      point.over ? w("over") : w(point.turn ? "basis" : "start", { turn: point.turn, n: games(point.samples), pm: Math.round(pm * 100) })),
  ];
}

// ---- the review: a chart of every turn, and the turns that moved it most ------------------------
function chart(points) {
  const names = Object.keys(points[0]?.chances || {});
  for (const p of points) for (const n of Object.keys(p.chances)) if (!names.includes(n)) names.push(n);
  const width = 600, height = 220, left = 36, bottom = 22, top = 8;
  const last = Math.max(1, points[points.length - 1].turn);
  const x = (turn) => left + (turn / last) * (width - left - 8);
  const y = (p) => top + (1 - p) * (height - top - bottom);
  const grid = [0, 0.25, 0.5, 0.75, 1].map((p) => [
    h("svg:line", { x1: left, x2: width - 8, y1: y(p), y2: y(p), class: "odds-grid" }),
    h("svg:text", { x: left - 4, y: y(p) + 4, "text-anchor": "end", class: "odds-axis" }, `${p * 100}%`),
  ]);
  const lines = names.map((name) => h("svg:polyline", {
    fill: "none", stroke: colour(name), "stroke-width": 2.5, "data-player": name,
    points: points.map((p) => `${x(p.turn).toFixed(1)},${y(p.chances[name] ?? 0).toFixed(1)}`).join(" "),
  }));
  return h("figure", { class: "odds-chart", "data-test": "odds-chart" },
    h("svg:svg", { viewBox: `0 0 ${width} ${height}`, role: "img", "aria-label": w("chart") },
      grid, lines,
      h("svg:text", { x: width - 8, y: height - 4, "text-anchor": "end", class: "odds-axis" }, `${w("turn_axis")} ${last}`)),
    h("figcaption", {}, names.map((name) => h("span", { class: "odds-key" },
      h("span", { class: "odds-swatch", style: `background: ${colour(name)}` }), ` ${name} `))));
}

// An event of the review in this screen's language (the server words each, rents included).
const said = (event) => String(event[lang()] ?? event.en).replace(/[.!]+$/, "");

function review(data) {
  const out = [h("h3", {}, w("review"))];
  if (!data) return [...out, h("p", { class: "muted", "data-test": "odds-review-working" }, w("review_working"))];
  out.push(chart(data.points));
  out.push(h("ol", { class: "odds-moments", "data-test": "odds-moments" }, (data.moments || []).map((m) =>
    h("li", { "data-turn": m.turn },
      h("strong", {}, w("turn", { turn: m.turn, player: m.player })), ": ",
      m.events.length ? m.events.map(said).join("; ") : w("quiet"), ". ",
      h("span", { class: "odds-moved" }, w("moved", { player: m.who, before: pct(m.change[m.who][0]), after: pct(m.change[m.who][1]) }))))));
  return out;
}

// The section is drawn again only when what it reads changed (ui.js redraw): the figure comes a
// turn at a time, and most states change neither it nor who is still in.
function render() {
  const section = document.getElementById("odds");
  if (section) {
    const sharedScreen = document.body.dataset.page === "table";
    const hiddenHere = sharedScreen && odds && odds.shared === false;
    section.dataset.hiddenHere = hiddenHere ? "true" : "false";
    const point = sameGame() ? odds.latest : null;
    const players = (state?.players || []).map((p) => [p.name, p.bankrupt, p.computer]);
    const reads = [hiddenHere, state?.game, point, point && [odds.turns, odds.review], players,
      state?.winner, state?.ranking, Boolean(state?.turn)];
    redraw(section, reads, () => {
      if (hiddenHere) return [h("h2", {}, w("title")), h("p", { class: "muted", "data-test": "odds-hidden" }, w("hidden_here"))];
      const children = [h("h2", {}, w("title"))];
      if (!state?.game) children.push(h("p", { class: "muted" }, w("none")));
      else if (!point) children.push(h("p", { class: "muted", "data-test": "odds-working" }, w("working")));
      else {
        children.push(...bars(point));
        if (point.over || state.winner || (state.ranking && !state.turn)) children.push(...review(odds.review));
        children.push(h("p", { class: "muted odds-assume" }, w("assume")));
      }
      return children;
    });
    section.hidden = !(odds && odds.enabled);
  }
  for (const slot of document.querySelectorAll('[data-slot="trade-advice"]')) advise(slot);
}

// ---- the trade advisor ---------------------------------------------------------------------------
// A side of a trade as one string, whatever order its keys came in (the stream keeps the server's
// order, the API sorts them).
const side = (s) => JSON.stringify([s?.cash || 0, [...(s?.squares || [])].sort(), s?.jail_cards || 0]);

function forThisTrade(advice, pending) {
  if (!advice || !pending || pending.kind !== "trade") return false;
  return advice.from === pending.from && advice.to === pending.to
    && side(advice.give) === side(pending.give) && side(advice.take) === side(pending.take);
}

function advise(slot) {
  const pending = state?.pending;
  const hiddenHere = document.body.dataset.page === "table" && odds?.shared === false;
  if (!odds?.enabled || pending?.kind !== "trade" || hiddenHere) {
    if (slot.dataset.shown !== "none") { slot.dataset.shown = "none"; slot.replaceChildren(); }
    return;
  }
  const advice = sameGame() && forThisTrade(odds.trade, pending) ? odds.trade : null;
  const key = JSON.stringify([advice, lang()]);
  if (slot.dataset.shown === key) return;
  slot.dataset.shown = key;
  if (!advice) {
    slot.replaceChildren(h("p", { class: "muted trade-advice", "data-test": "trade-advice-working" }, w("advice_working")));
    return;
  }
  const players = [advice.from, advice.to];
  const cell = (answer, name) => (answer?.refused ? w("refused") : pct(answer?.chances?.[name]));
  slot.replaceChildren(h("div", { class: "trade-advice", "data-test": "trade-advice" },
    h("table", {},
      h("caption", {}, w("title")),
      h("thead", {}, h("tr", {}, h("th", {}, ""),
        h("th", { scope: "col" }, w("if_accept", { player: advice.to })),
        h("th", { scope: "col" }, w("if_reject", { player: advice.to })))),
      h("tbody", {}, players.map((name) => h("tr", { "data-player": name },
        h("th", { scope: "row" }, name),
        h("td", { "data-test": `advice-accept-${name}` }, cell(advice.accept, name)),
        h("td", { "data-test": `advice-reject-${name}` }, cell(advice.reject, name)))))),
    h("p", { class: "muted" }, w("advice_basis", { n: games(advice.samples) }))));
}

// ---- wiring --------------------------------------------------------------------------------------
window.addEventListener("notice", (e) => {
  const data = e.detail || {};
  if (data.type === "odds" && odds && odds.game === data.game) {
    const { type, game, ...point } = data;
    odds.history = (odds.history || []).filter((p) => p.turn !== point.turn).concat([point]).sort((a, b) => a.turn - b.turn);
    odds.latest = odds.history[odds.history.length - 1];
    render();
  } else if (data.type === "odds_shared") {
    if (odds) odds.shared = data.shown;
    render();
  } else if (data.type === "odds" || data.type === "odds_trade" || data.type === "odds_review") {
    refresh();
  }
});
window.addEventListener("langchange", () => render());
window.addEventListener("online", () => refresh());
onState((next) => {
  // another game, or another turn (the figure is a turn older: GET /api/odds says by how much)
  const changed = !state || state.game !== next?.game || state.turn !== next?.turn;
  state = next;
  if (changed) refresh();
  else render();
});
new MutationObserver(() => {
  for (const slot of document.querySelectorAll('[data-slot="trade-advice"]')) if (!slot.dataset.shown) advise(slot);
}).observe(document.body, { childList: true, subtree: true });
