// The players with their cash: one line each, whose turn it is marked, the bankrupt struck out.
// pick(name): the name is a button (the Table page opens that player's seat panel), but for a
// computer's seat, marked with its robot and level: the table plays it, no screen acts for it.

import { squareName } from "./board.js";
import { computerMark } from "./computermark.js";
import { t } from "./i18n.js";
import { pieceOf, tokenEl } from "./pieces.js";
import { drawLines, h, money } from "./ui.js";

// Each player's line is drawn again only when something it shows changed (ui.js drawLines).
export function renderPlayers(ul, state, board, { me = null, pick = null } = {}) {
  const players = state?.players || [];
  const names = players.map((p) => p.name); // a token's colour is its seat, its initials its name's
  drawLines(ul, players.map((p) => [p.name,
    [p, p.name === state.turn, pieceOf(p.name), names, me, Boolean(pick)],
    () => playerLine(p, state, board, me, pick)]));
}

function playerLine(p, state, board, me, pick) {
  const where = p.in_jail ? t("board.in_jail") : squareName(board, board?.squares?.[p.position]?.id);
  return h("li", {
    class: `player${p.name === state.turn ? " is-turn" : ""}${p.bankrupt ? " is-bankrupt" : ""}${p.name === me ? " is-me" : ""}`,
    "data-test": `player-${p.name}`, "aria-current": p.name === state.turn ? "true" : null,
  },
  tokenEl(state, p.name),
  h("span", { class: "player-name" },
    pick && !p.bankrupt && !p.computer
      ? h("button", { type: "button", class: "link name-text", "data-test": `open-seat-${p.name}`, "aria-label": t("seat.open", { player: p.name }), onclick: () => pick(p.name) }, p.name)
      : h("span", { class: "name-text" }, p.name),
    computerMark(p),
    p.in_jail ? h("span", { class: "badge jail" }, t("board.in_jail")) : null,
    p.bankrupt ? h("span", { class: "badge out" }, t("table.bankrupt")) : null,
    p.jail_cards ? h("span", { class: "badge", title: t("player.jail_cards") }, t("trade.jail_cards_n", { n: p.jail_cards })) : null),
  h("span", { class: "player-cash", "data-test": `player-cash-${p.name}`, "data-amount": p.cash }, money(p.cash)),
  h("span", { class: "player-worth muted", "data-test": `player-worth-${p.name}` }, t("table.worth", { amount: money(p.net_worth) })),
  p.bankrupt || p.in_jail ? null : h("span", { class: "player-where muted" }, where));
}
