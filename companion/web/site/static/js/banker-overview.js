// The banker's view of the game: everyone's cash, worth and deeds at a glance, and the log in
// words, move by move (what an undo took back struck through). A computer's seat carries its
// mark and the banker's actions on it (banker-seats.js).

import { seatActions } from "./banker-seats.js";
import { groupStyle, loadBoard, squareName } from "./board.js";
import { computerMark } from "./computermark.js";
import { lang, t } from "./i18n.js";
import { Reader } from "./paged.js";
import { pieceOf, tokenEl } from "./pieces.js";
import { clear, drawLines, h, money, timeText } from "./ui.js";

// A player's part is drawn again only when what it shows changed (ui.js drawLines).
export async function renderOverview(el, state) {
  const board = await loadBoard();
  if (!state?.game) return clear(el, h("p", { class: "muted" }, t("banker.no_game")));
  const props = state.properties || {};
  const list = el.querySelector(":scope > .overview-list") || clear(el, h("ul", { class: "overview-list" })).firstElementChild;
  const names = state.players.map((p) => p.name); // a token's colour is its seat, its initials its name's
  drawLines(list, state.players.map((p) => {
    const deeds = board.squares.filter((sq) => props[sq.id]?.owner === p.name);
    const seat = p.computer ? (state.legal?.banker || []).filter((l) => l.command?.player === p.name).map((l) => l.command.do) : null;
    const shown = [p.name, p.cash, p.net_worth, p.bankrupt, p.computer]; // not where it stands
    return [p.name, [shown, deeds.map((sq) => props[sq.id]), p.name === state.turn, names, pieceOf(p.name), seat],
      () => overviewLine(board, state, p, deeds)];
  }));
}

function overviewLine(board, state, p, deeds) {
  const props = state.properties || {};
  return h("li", { class: `overview-player${p.bankrupt ? " is-bankrupt" : ""}${p.name === state.turn ? " is-turn" : ""}`, "data-test": `overview-${p.name}` },
    h("div", { class: "overview-head" },
      tokenEl(state, p.name),
      h("span", { class: "player-name" }, p.name, computerMark(p, `overview-computer-${p.name}`)),
      h("span", { class: "player-cash", "data-test": `overview-cash-${p.name}`, "data-amount": p.cash }, money(p.cash)),
      h("span", { class: "muted" }, t("table.worth", { amount: money(p.net_worth) }))),
    deeds.length ? h("div", { class: "chips" }, deeds.map((sq) => {
      const prop = props[sq.id];
      const built = prop.hotel ? ` (${t("board.hotel")})` : prop.houses ? ` ${"⌂".repeat(prop.houses)}` : "";
      return h("span", { class: `chip chip-deed${prop.mortgaged ? " is-mortgaged" : ""}`, title: prop.mortgaged ? t("board.mortgaged") : null },
        sq.group ? h("span", { class: "swatch", style: groupStyle(board, sq.group), "aria-hidden": "true" }) : null,
        h("span", { class: "chip-name" }, squareName(board, sq.id) + built),
        prop.mortgaged ? h("span", { class: "badge mortgaged" }, t("board.mortgaged")) : null);
    })) : h("p", { class: "muted" }, t("player.no_deeds")),
    seatActions(state, p));
}

let entries = [];
export const logEntries = () => entries;

const log = new Reader("/api/feed/log", "entries");

export async function loadLog(el) {
  let added;
  try { ({ rows: added } = await log.more()); } catch { return; } // only the entries after the seq this page has
  const undone = new Set(added.flatMap((e) => e.took_back || [])); // what a new undo took back
  if (undone.size) for (const e of log.rows) if (undone.has(e.seq)) e.undone = true;
  entries = log.rows;
  // Only the new entries are drawn, above the others: the log grows with the game, and drawn whole
  // at every command it cost the banker's phone more at each one. Whole again when an undo struck
  // earlier ones through, or the list does not hold what came before (another game).
  if (!undone.size && el.childElementCount === entries.length - added.length) {
    el.prepend(...added.slice().reverse().map(logItem));
  } else {
    renderLog(el);
  }
}

const logItem = (entry) => h("li", {
  "data-test": "log-entry", "data-kind": entry.kind, "data-seq": entry.seq,
  class: `${entry.kind === "undo" || entry.kind === "redo" ? "is-undo" : ""}${entry.undone ? " is-undone" : ""}`,
},
h("span", { class: "log-meta muted" }, `${entry.seq} · ${timeText(entry.time)} · ${t(`source.${entry.source}`)}`),
h("span", { class: "log-text" }, entry.text?.[lang()] || entry.text?.en || ""),
entry.money?.length ? h("ul", { class: "log-money" }, entry.money.map((m) => h("li", {}, m[lang()] || m.en))) : null,
entry.undone ? h("span", { class: "badge" }, t("banker.undone")) : null);

export function renderLog(el) {
  clear(el, entries.slice().reverse().map(logItem));
}
