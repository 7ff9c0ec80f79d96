// Pieces several pages show: the players with their cash, the current player, the dice of the
// last roll, and the feed of what happened.

import { squareName } from "./board.js";
import { t } from "./i18n.js";
import { $, clear, h, money, tokenEl } from "./ui.js";

/** The parts every whole-table screen shows: board, decision, current player, dice, players. */
export function renderGame({ view, decision, board }, state) {
  view.update(state);
  decision.update(state);
  renderCurrent($("#current-player"), state);
  renderDice($("#last-roll"), state.last_roll);
  renderPlayers($("#players"), state, board);
}

export function renderPlayers(ul, state, board, { me = null } = {}) {
  clear(ul, (state?.players || []).map((p) => {
    const where = p.in_jail ? t("board.in_jail") : squareName(board, board?.squares?.[p.position]?.id);
    return h("li", {
      class: `player${p.name === state.turn ? " is-turn" : ""}${p.bankrupt ? " is-bankrupt" : ""}${p.name === me ? " is-me" : ""}`,
      "data-test": `player-${p.name}`, "aria-current": p.name === state.turn ? "true" : null,
    },
    tokenEl(state, p.name),
    h("span", { class: "player-name" }, p.name,
      p.name === state.turn ? h("span", { class: "badge" }, t("table.turn_badge")) : null,
      p.in_jail ? h("span", { class: "badge jail" }, t("board.in_jail")) : null,
      p.bankrupt ? h("span", { class: "badge out" }, t("table.bankrupt")) : null,
      p.jail_cards ? h("span", { class: "badge", title: t("player.jail_cards") }, t("trade.jail_cards_n", { n: p.jail_cards })) : null),
    h("span", { class: "player-cash", "data-test": `player-cash-${p.name}`, "data-amount": p.cash }, money(p.cash)),
    h("span", { class: "player-worth muted", "data-test": `player-worth-${p.name}` }, t("table.worth", { amount: money(p.net_worth) })),
    p.bankrupt ? null : h("span", { class: "player-where muted" }, where));
  }));
}

export function renderCurrent(el, state) {
  if (!state?.game) return clear(el, "—");
  if (!state.turn) return clear(el, state.winner ? t("decision.winner", { player: state.winner }) : "—");
  return clear(el, tokenEl(state, state.turn), " ", h("span", {}, state.turn));
}

// Pips of a die face on a 3x3 grid (cells 0..8).
const PIPS = { 1: [4], 2: [0, 8], 3: [0, 4, 8], 4: [0, 2, 6, 8], 5: [0, 2, 4, 6, 8], 6: [0, 2, 3, 5, 6, 8] };

function die(value, n) {
  const cells = [];
  for (let i = 0; i < 9; i++) cells.push(h("span", { class: (PIPS[value] || []).includes(i) ? "pip" : "" }));
  return h("span", { class: "die", "data-test": `die-${n}`, "data-value": value, "aria-hidden": "true" }, cells);
}

export function renderDice(el, roll) {
  if (!Array.isArray(roll) || roll.length !== 2) {
    el.removeAttribute("aria-label");
    return clear(el, h("span", { class: "muted" }, t("table.no_roll")));
  }
  const [a, b] = roll;
  el.setAttribute("aria-label", t("table.rolled", { a, b, total: a + b }));
  el.setAttribute("role", "img");
  return clear(el, die(a, 1), die(b, 2),
    h("span", { class: "dice-total", "aria-hidden": "true" }, `= ${a + b}`),
    a === b ? h("span", { class: "badge", "aria-hidden": "true" }, t("table.doubles")) : null);
}

// The feed: newest first, at most `keep` lines.
export class MessageFeed {
  constructor(ol, keep = 40) {
    this.ol = ol;
    this.keep = keep;
    this.game = undefined;
  }

  add(state, messages) {
    if (state && state.game !== this.game) {
      if (this.game !== undefined) this.ol.replaceChildren();
      this.game = state.game;
    }
    for (const text of messages || []) {
      this.ol.prepend(h("li", { "data-test": "message" }, text));
    }
    while (this.ol.children.length > this.keep) this.ol.lastElementChild.remove();
  }
}
