// One player's deeds by group, each with only the moves the rules list for that player now
// (build, sell, mortgage, lift, a group's buildings sold at once) and what each costs or brings:
// the phone's "My deeds" and the Table page's seat panel, the same buttons on both.

import { allowed, currentState, legalFor } from "./api.js";
import { groupKey, groupStyle, groupTitle, isOwnable, squareName } from "./board.js";
import { openDeed } from "./deedcard.js";
import { t } from "./i18n.js";
import { h, money, redraw, slug } from "./ui.js";

// The moves a deed's row offers (the rules' listed entries for the player).
const MOVES = new Set(["build", "sell_building", "unmortgage", "mortgage", "sell_all_buildings"]);

// act(cmd): sends a command for this player (a shared screen asks for their token tap). Drawn again
// only when the player's deeds or their moves changed (redraw): a command elsewhere at the table
// leaves them as they were.
export function renderDeeds(el, { board, state, player, act }) {
  const props = state.properties || {};
  const owned = Object.entries(props).filter(([, prop]) => prop?.owner === player);
  const moves = legalFor(state, player).filter((entry) => MOVES.has(entry.command?.do));
  redraw(el, [player, owned, moves], () => drawDeeds({ board, state, player, act }));
}

function drawDeeds({ board, state, player, act }) {
  const props = state.properties || {};
  const groups = new Map();
  for (const sq of board.squares) {
    if (!isOwnable(sq) || props[sq.id]?.owner !== player) continue;
    const key = groupKey(sq);
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key).push(sq);
  }
  if (!groups.size) return h("p", { class: "muted", "data-test": "no-deeds" }, t("player.no_deeds"));
  const sections = [];
  for (const [key, squares] of groups) {
    const size = board.squares.filter((s) => groupKey(s) === key).length;
    const sellAll = allowed(state, player, { do: "sell_all_buildings", group: key });
    const isColour = Boolean(board.groups?.[key]);
    sections.push(h("section", { class: "deed-group", "data-test": `deed-group-${slug(key)}`, "aria-label": groupTitle(board, key) },
      h("h3", {},
        isColour ? h("span", { class: "swatch", style: groupStyle(board, key), "aria-hidden": "true" }) : null,
        h("span", {}, groupTitle(board, key)), h("span", { class: "muted" }, `${squares.length}/${size}`),
        sellAll ? h("button", { type: "button", class: "small", "data-test": `action-sell-all-${slug(key)}`, onclick: () => act(sellAll.command) },
          t("action.sell_all", { value: money(Math.abs(sellAll.cash || 0)) })) : null),
      h("ul", { class: "deed-list" }, squares.map((sq) => deedRow({ board, state, player, act }, sq, props[sq.id])))));
  }
  return sections;
}

function deedRow({ board, state, player, act }, sq, prop) {
  const buildings = prop.hotel ? [h("span", { class: "hotel", title: t("board.hotel") })]
    : Array.from({ length: prop.houses }, () => h("span", { class: "house", title: t("board.house") }));
  const built = prop.hotel ? t("board.hotel") : prop.houses ? t("board.houses", { n: prop.houses }) : "";
  // Only what the rules allow now, with what it costs or brings, as the server lists it.
  const actions = [];
  const offer = (doing, label, test) => {
    const entry = allowed(state, player, { do: doing, square: sq.id });
    if (entry) actions.push(h("button", { type: "button", class: "small", "data-test": test, onclick: () => act(entry.command) }, label(Math.abs(entry.cash || 0))));
  };
  offer("build", (cost) => t(prop.houses >= 4 ? "action.build_hotel" : "action.build_house", { cost: money(cost) }), `action-build-${sq.id}`);
  offer("sell_building", (value) => t("action.sell_building", { value: money(value) }), `action-sell-building-${sq.id}`);
  offer("unmortgage", (cost) => t("action.unmortgage", { cost: money(cost) }), `action-unmortgage-${sq.id}`);
  offer("mortgage", (value) => t("action.mortgage", { value: money(value) }), `action-mortgage-${sq.id}`);
  return h("li", { class: `deed${prop.mortgaged ? " is-mortgaged" : ""}`, "data-test": `deed-${sq.id}`, "data-houses": prop.houses, "data-hotel": String(prop.hotel), "data-mortgaged": String(prop.mortgaged) },
    h("button", { type: "button", class: "deed-name link", "data-test": `deed-card-${sq.id}`, onclick: () => openDeed(board, sq.id, currentState()) }, squareName(board, sq.id)),
    h("span", { class: "buildings", "aria-label": built || null }, buildings),
    prop.mortgaged ? h("span", { class: "badge mortgaged" }, t("board.mortgaged"))
      : sq.kind !== "utility" ? h("span", { class: "muted deed-rent" }, t("board.rent", { amount: money(prop.rent) })) : null,
    actions.length ? h("span", { class: "deed-actions" }, actions) : null);
}
