// The dice of the current player's turn (state.turn_roll), never the previous player's roll.

import { t } from "./i18n.js";
import { h, redraw } from "./ui.js";
import { personArgs } from "./persons.js";

// Pips of a die face on a 3x3 grid (cells 0..8).
const PIPS = { 1: [4], 2: [0, 8], 3: [0, 4, 8], 4: [0, 2, 6, 8], 5: [0, 2, 4, 6, 8], 6: [0, 2, 3, 5, 6, 8] };

function die(value, n) {
  const cells = [];
  for (let i = 0; i < 9; i++) cells.push(h("span", { class: (PIPS[value] || []).includes(i) ? "pip" : "" }));
  return h("span", { class: "die", "data-test": `die-${n}`, "data-value": value, "aria-hidden": "true" }, cells);
}

export function renderDice(el, state) {
  const roll = state?.turn_roll;
  if (!Array.isArray(roll) || roll.length !== 2) {
    el.removeAttribute("aria-label");
    el.removeAttribute("role");
    return redraw(el, [state?.turn, state?.forms?.[state?.turn]], () => h("span", { class: "muted no-roll" },
      state?.turn ? t("table.not_rolled", personArgs("player", state.turn, state)) : ""));
  }
  const [a, b] = roll;
  el.setAttribute("aria-label", t("table.rolled", { a, b, total: a + b }));
  el.setAttribute("role", "img");
  return redraw(el, roll, () => [die(a, 1), die(b, 2),
    h("span", { class: "dice-total", "aria-hidden": "true" }, `= ${a + b}`),
    a === b ? h("span", { class: "badge", "aria-hidden": "true" }, t("table.doubles")) : null]);
}
