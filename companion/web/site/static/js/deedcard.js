// A deed's card, opened by tapping its square on the board or its tag on the reader: colour,
// price, the rent table with its labels, house cost, mortgage value, and what the state says of
// it now (owner, buildings, mortgage, the rent due now). Printed values come from /api/deeds.

import { get } from "./api.js";
import { groupStyle, groupTitle, kindKey, squareName, utilityTimes } from "./board.js";
import { t } from "./i18n.js";
import { h, money, playerColour } from "./ui.js";

let deeds = null;
let open = null; // the card shown now: {dialog, timer}

function loadDeeds() {
  if (!deeds) deeds = get("/api/deeds", { quiet: true }).then((a) => a.deeds || {}).catch(() => { deeds = null; return {}; });
  return deeds;
}

function rentRows(card, prop, board) {
  const level = prop ? (prop.hotel ? 5 : prop.houses) : -1;
  if (card.kind === "lot") {
    const labels = [t("deed.rent"), ...[1, 2, 3, 4].map((n) => t(n === 1 ? "deed.with_house" : "deed.with_houses", { n })), t("deed.with_hotel")];
    return card.rents.map((amount, i) => [labels[i], money(amount), i === level && Boolean(prop?.owner)]);
  }
  if (card.kind === "station") {
    const kind = kindKey(board, "station"); // "railroad" on the US board
    return card.rents.map((amount, i) => [t(i ? `deed.${kind}s` : `deed.${kind}`, { n: i + 1 }), money(amount), false]);
  }
  return (card.multipliers || []).map((m, i) => [t(i ? "deed.utilities" : "deed.utility", { n: i + 1 }), t("deed.times_dice", { n: m }), false]);
}

export function closeDeed() {
  if (!open) return;
  clearTimeout(open.timer);
  if (open.dialog.open) open.dialog.close();
  open.dialog.remove();
  open = null;
}

// Shows the card of square `id`; `seconds`: closes by itself after that long (a tag's tap).
export async function openDeed(board, id, state, seconds = 0) {
  const card = (await loadDeeds())[id];
  const sq = board.byId[id];
  if (!card || !sq) return;
  closeDeed();
  const prop = state?.properties?.[id] || null;
  const owner = prop?.owner || null;
  const kindName = groupTitle(board, sq.group || sq.kind);
  const built = prop?.hotel ? t("board.hotel") : prop?.houses ? t("board.houses", { n: prop.houses }) : t("deed.no_buildings");
  const facts = [
    [t("deed.price"), money(card.price)],
    card.house_cost ? [t("deed.house_cost"), money(card.house_cost)] : null,
    [t("deed.mortgage_value"), money(card.mortgage)],
    [t("deed.owner"), owner ? h("span", { class: "owner-name" }, h("span", { class: "owner-dot", style: { background: playerColour(state, owner) } }), owner) : t("deed.bank")],
    card.kind === "lot" ? [t("deed.buildings"), built] : null,
    [t("deed.mortgaged"), prop?.mortgaged ? h("strong", { class: "danger-text" }, t("common.yes")) : t("common.no")],
    owner && !prop.mortgaged && card.kind !== "utility" ? [t("deed.rent_now"), h("strong", {}, money(prop.rent))] : null,
    owner && !prop.mortgaged && card.kind === "utility"
      ? [t("deed.rent_now"), h("strong", { "data-test": "deed-utility-rent" }, t("deed.times_dice", { n: utilityTimes(board, state, id) }))] : null,
  ].filter(Boolean);
  const dialog = h("dialog", { class: "deed-card", "data-test": "deed-card", "data-square": id, "aria-labelledby": "deed-card-title" },
    h("div", { class: "deed-head", style: sq.group ? groupStyle(board, sq.group) : {} },
      h("span", { class: "deed-kind" }, kindName),
      h("h2", { id: "deed-card-title" }, squareName(board, id))),
    h("table", { class: "deed-rents", "data-test": "deed-rents" },
      h("tbody", {}, rentRows(card, prop, board).map(([label, value, now]) =>
        h("tr", { class: now ? "is-now" : "" }, h("th", { scope: "row" }, label), h("td", { class: "num" }, value))))),
    h("dl", { class: "deed-facts" }, facts.map(([label, value]) => h("div", {}, h("dt", {}, label), h("dd", {}, value)))),
    h("div", { class: "actions" }, h("button", { type: "button", class: "primary", "data-test": "deed-close", onclick: closeDeed }, t("common.close"))));
  dialog.addEventListener("click", (e) => { if (e.target === dialog) closeDeed(); }); // the backdrop
  dialog.addEventListener("cancel", (e) => { e.preventDefault(); closeDeed(); });
  document.body.append(dialog);
  dialog.showModal();
  open = { dialog, timer: seconds ? setTimeout(closeDeed, seconds * 1000) : 0 };
}
