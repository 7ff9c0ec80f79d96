// Player page: a phone or tablet paired to one player (a token tap, or the banker's pick) shows
// that player's cash, net worth, deeds by group and jail cards, and sends their moves.

import { act, currentState, loadSession, onState, post, session, showError } from "./api.js";
import { groupKey, groupName, groupStyle, isOwnable, loadBoard, squareName } from "./board.js";
import { DecisionView } from "./decision.js";
import { t } from "./i18n.js";
import { start } from "./page.js";
import { $, clear, confirmDialog, h, money, slug, tokenEl } from "./ui.js";
import { renderPlayers } from "./widgets.js";

await start();
const board = await loadBoard();
const me = () => session.player;
const decision = new DecisionView($("#decision"), { board, mode: "player", me, act: (cmd) => act(cmd, me()) });

// ---- pairing --------------------------------------------------------------------------------------
let pairing = false;

function renderPairing(state) {
  const body = $("#pairing-body");
  const status = h("p", { class: "pair-status", "data-test": "pair-status", role: "status" },
    pairing ? t("player.pair_waiting") : "");
  const tap = h("button", {
    type: "button", class: "primary big-button", "data-test": "pair", disabled: pairing,
    onclick: async () => {
      pairing = true;
      renderPairing(currentState());
      try {
        const answer = await post("/api/pair", {}, { quiet: true });
        session.player = answer.player;
        await loadSession();
      } catch (err) {
        pairing = false;
        renderPairing(currentState());
        if (err.status === 408) $("[data-test=pair-status]").textContent = t("player.pair_timeout");
        else showError(err);
        return;
      }
      pairing = false;
      render(currentState());
    },
  }, t("player.pair"));
  const parts = [h("p", {}, t("player.pair_intro")), tap, status];
  if (session.banker) {
    const players = (state?.players || []).filter((p) => !p.bankrupt);
    const select = h("select", { id: "pair-player", "data-test": "pair-player" },
      players.map((p) => h("option", { value: p.name }, p.name)));
    parts.push(h("div", { class: "banker-pick" },
      h("p", {}, t("player.banker_pick")),
      h("label", { for: "pair-player", class: "visually-hidden" }, t("player.player")),
      select,
      h("button", {
        type: "button", "data-test": "pair-as", disabled: !players.length,
        onclick: async () => {
          try {
            const answer = await post("/api/pair", { player: select.value });
            session.player = answer.player || select.value;
            await loadSession();
            render(currentState());
          } catch { /* toasted */ }
        },
      }, t("player.act_as"))));
  } else {
    parts.push(h("p", { class: "muted" }, t("player.banker_hint"), " ", h("a", { href: "/banker" }, t("nav.banker"))));
  }
  clear(body, parts);
}

$("#unpair").addEventListener("click", async () => {
  try { await post("/api/unpair", {}); } catch { return; }
  session.player = null;
  await loadSession();
  render(currentState());
});

// ---- my turn --------------------------------------------------------------------------------------
// Two fair dice from the browser's random source (rejection sampling: no bias toward low faces).
function rollDice() {
  const out = [];
  const bytes = new Uint8Array(8);
  while (out.length < 2) {
    crypto.getRandomValues(bytes);
    for (const b of bytes) if (b < 252 && out.length < 2) out.push((b % 6) + 1);
  }
  return out;
}

$("#roll").addEventListener("click", () => act({ do: "roll", dice: rollDice() }, me()));
$("#pay-jail-fine").addEventListener("click", () => act({ do: "pay_jail_fine" }, me()));
$("#use-jail-card").addEventListener("click", () => act({ do: "use_jail_card" }, me()));
$("#end-turn").addEventListener("click", () => act({ do: "end_turn" }, me()));
$("#bankrupt").addEventListener("click", async () => {
  if (await confirmDialog(t("player.bankrupt_confirm", { player: me() }), t("action.bankrupt"))) {
    act({ do: "bankrupt" }, me());
  }
});

// ---- my deeds, by group ---------------------------------------------------------------------------
const mortgageValue = (sq) => Math.floor((sq.price || 0) / 2);
const liftCost = (sq) => mortgageValue(sq) + Math.ceil(mortgageValue(sq) / 10);

function groupTitle(key) {
  if (board.groups?.[key]) return groupName(board, key);
  return t(`group.${key}`);
}

function renderDeeds(state) {
  const props = state.properties || {};
  const groups = new Map();
  for (const sq of board.squares) {
    if (!isOwnable(sq) || props[sq.id]?.owner !== me()) continue;
    const key = groupKey(sq);
    if (!groups.has(key)) groups.set(key, []);
    groups.get(key).push(sq);
  }
  if (!groups.size) return clear($("#deeds"), h("p", { class: "muted", "data-test": "no-deeds" }, t("player.no_deeds")));
  const sections = [];
  for (const [key, squares] of groups) {
    const size = board.squares.filter((s) => groupKey(s) === key).length;
    const built = squares.some((s) => props[s.id].houses || props[s.id].hotel);
    const isColour = Boolean(board.groups?.[key]);
    sections.push(h("section", { class: "deed-group", "data-test": `deed-group-${slug(key)}`, "aria-label": groupTitle(key) },
      h("h3", {},
        isColour ? h("span", { class: "swatch", style: groupStyle(board, key), "aria-hidden": "true" }) : null,
        ` ${groupTitle(key)} `, h("span", { class: "muted" }, `${squares.length}/${size}`),
        isColour && built ? h("button", {
          type: "button", class: "small", "data-test": `action-sell-all-${slug(key)}`,
          onclick: () => act({ do: "sell_all_buildings", group: key }, me()),
        }, t("action.sell_all")) : null),
      h("ul", { class: "deed-list" }, squares.map((sq) => deedRow(sq, props[sq.id])))));
  }
  clear($("#deeds"), sections);
}

function deedRow(sq, prop) {
  const buildings = prop.hotel ? [h("span", { class: "hotel", title: t("board.hotel") })]
    : Array.from({ length: prop.houses }, () => h("span", { class: "house", title: t("board.house") }));
  const state = prop.hotel ? t("board.hotel") : prop.houses ? t("board.houses", { n: prop.houses }) : "";
  const button = (label, test, cmd, extra = {}) => h("button", { type: "button", class: "small", "data-test": test, onclick: () => act(cmd, me()), ...extra }, label);
  const actions = [];
  if (sq.kind === "lot" && !prop.mortgaged) {
    actions.push(button(t("action.build", { cost: money(sq.house_cost) }), `action-build-${sq.id}`, { do: "build", square: sq.id }, { disabled: prop.hotel }));
    if (prop.houses || prop.hotel) actions.push(button(t("action.sell_building"), `action-sell-building-${sq.id}`, { do: "sell_building", square: sq.id }));
  }
  if (prop.mortgaged) actions.push(button(t("action.unmortgage", { cost: money(liftCost(sq)) }), `action-unmortgage-${sq.id}`, { do: "unmortgage", square: sq.id }));
  else actions.push(button(t("action.mortgage", { value: money(mortgageValue(sq)) }), `action-mortgage-${sq.id}`, { do: "mortgage", square: sq.id }));
  return h("li", { class: `deed${prop.mortgaged ? " is-mortgaged" : ""}`, "data-test": `deed-${sq.id}`, "data-houses": prop.houses, "data-hotel": String(prop.hotel), "data-mortgaged": String(prop.mortgaged) },
    h("span", { class: "deed-name" }, squareName(board, sq.id)),
    h("span", { class: "buildings", "aria-label": state || null }, buildings),
    prop.mortgaged ? h("span", { class: "badge mortgaged" }, t("board.mortgaged")) : null,
    h("span", { class: "deed-actions" }, actions));
}

// ---- a trade proposal -----------------------------------------------------------------------------
const form = $("#trade-form");
let tradeKey = "";

function deedBoxes(state, owner, side) {
  const props = state.properties || {};
  const ids = board.squares.filter((sq) => isOwnable(sq) && owner && props[sq.id]?.owner === owner).map((sq) => sq.id);
  if (!ids.length) return [h("p", { class: "muted" }, t("trade.no_deeds"))];
  return ids.map((id) => {
    const box = h("input", { type: "checkbox", name: `${side}-squares`, value: id, id: `trade-${side}-${id}`, "data-test": `trade-${side}-deed-${id}` });
    return h("label", { for: box.id, class: "check" }, box, " ", squareName(board, id), props[id].mortgaged ? h("span", { class: "badge mortgaged" }, t("board.mortgaged")) : null);
  });
}

function renderTradeForm(state) {
  const players = (state.players || []).filter((p) => !p.bankrupt && p.name !== me());
  const mine = state.players.find((p) => p.name === me());
  const partnerNow = form.querySelector("[data-test=trade-partner]")?.value;
  const partnerName = players.some((p) => p.name === partnerNow) ? partnerNow : players[0]?.name;
  const partner = players.find((p) => p.name === partnerName);
  const props = state.properties || {};
  const key = JSON.stringify([me(), players.map((p) => [p.name, p.jail_cards]), mine?.jail_cards, partnerName,
    Object.entries(props).filter(([, p]) => p.owner === me() || p.owner === partnerName).map(([id, p]) => [id, p.owner, p.mortgaged])]);
  if (key === tradeKey) return;
  tradeKey = key;
  // keep what was already filled in
  const kept = new FormData(form);
  const checked = new Set(Array.from(form.querySelectorAll("input[type=checkbox]:checked")).map((b) => b.id));
  if (!players.length) return clear(form, h("p", { class: "muted" }, t("trade.nobody")));
  const select = h("select", { id: "trade-partner", name: "partner", "data-test": "trade-partner", onchange: () => { tradeKey = ""; renderTradeForm(currentState()); } },
    players.map((p) => h("option", { value: p.name, selected: p.name === partnerName }, p.name)));
  const number = (name, test, max) => h("input", { type: "number", min: 0, max, step: 1, value: kept.get(name) || 0, name, id: `trade-${name}`, "data-test": test, inputmode: "numeric", class: "short" });
  const side = (who, legend, cash, cards, maxCards, boxes) => h("fieldset", { class: `trade-side trade-${who}` },
    h("legend", {}, legend),
    h("label", { for: `trade-${cash}` }, t("trade.cash")), number(cash, `trade-${who}-cash`),
    h("div", { class: "checks" }, boxes),
    h("label", { for: `trade-${cards}` }, t("trade.jail_cards")), number(cards, `trade-${who}-jail-cards`, maxCards));
  clear(form,
    h("label", { for: "trade-partner" }, t("trade.partner")), select,
    h("div", { class: "trade-sides-form" },
      side("give", t("trade.i_give"), "give_cash", "give_cards", mine?.jail_cards || 0, deedBoxes(state, me(), "give")),
      side("take", t("trade.i_take", { player: partnerName }), "take_cash", "take_cards", partner?.jail_cards || 0, deedBoxes(state, partnerName, "take"))),
    h("p", { class: "muted" }, t("trade.lift_hint")),
    h("div", { class: "actions" }, h("button", { type: "submit", class: "primary", "data-test": "trade-propose" }, t("trade.propose"))));
  for (const box of form.querySelectorAll("input[type=checkbox]")) if (checked.has(box.id)) box.checked = true;
}

form.addEventListener("submit", async (e) => {
  e.preventDefault();
  const data = new FormData(form);
  const num = (name) => Math.max(0, parseInt(data.get(name), 10) || 0);
  const side = (prefix) => {
    const out = {};
    if (num(`${prefix}_cash`)) out.cash = num(`${prefix}_cash`);
    const squares = data.getAll(`${prefix}-squares`);
    if (squares.length) out.squares = squares;
    if (num(`${prefix}_cards`)) out.jail_cards = num(`${prefix}_cards`);
    return out;
  };
  const answer = await act({ do: "trade", from: me(), to: data.get("partner"), give: side("give"), take: side("take") }, me());
  if (answer) { form.reset(); tradeKey = ""; renderTradeForm(currentState()); }
});

// ---- the whole page -------------------------------------------------------------------------------
function render(state) {
  const paired = Boolean(me());
  $("#pairing").hidden = paired;
  $("#mine").hidden = !paired;
  if (!paired) return renderPairing(state);
  const p = (state?.players || []).find((x) => x.name === me());
  clear($("#me-token"), state && p ? tokenEl(state, p.name) : null);
  $("#my-name").textContent = me();
  decision.update(state);
  if (!p) {
    $("#my-cash").textContent = "—";
    $("#my-net-worth").textContent = "—";
    clear($("#deeds"), h("p", { class: "muted" }, state?.game ? t("player.not_in_game", { player: me() }) : t("decision.no_game")));
    return;
  }
  $("#my-cash").textContent = money(p.cash);
  $("#my-cash").dataset.amount = p.cash;
  $("#my-net-worth").textContent = money(p.net_worth);
  $("#my-jail-cards").textContent = String(p.jail_cards);
  $("#my-where").textContent = p.bankrupt ? t("table.bankrupt") : p.in_jail ? t("board.in_jail") : squareName(board, board.squares[p.position]?.id);
  const myTurn = state.turn === p.name;
  $("#roll").disabled = !myTurn;
  $("#end-turn").disabled = !myTurn;
  $("#pay-jail-fine").hidden = !p.in_jail;
  $("#use-jail-card").hidden = !p.in_jail;
  $("#use-jail-card").disabled = !p.jail_cards;
  $("#bankrupt").disabled = p.bankrupt || Boolean(state.winner);
  $("#last-roll-text").textContent = state.last_roll ? t("table.rolled", { a: state.last_roll[0], b: state.last_roll[1], total: state.last_roll[0] + state.last_roll[1] }) : "";
  renderDeeds(state);
  renderTradeForm(state);
  renderPlayers($("#players"), state, board, { me: me() });
}

onState((state) => render(state));
if (!currentState()) render(null);
window.addEventListener("langchange", () => { tradeKey = ""; render(currentState()); });
window.addEventListener("session", () => render(currentState()));
