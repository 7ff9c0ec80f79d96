// Player page: a phone or tablet paired to one player (a token tap, or the banker's pick) shows
// that player's cash, net worth, deeds by group and jail cards, and sends their moves.

import { act, allowed, awaitOutcome, currentState, legalFor, loadSession, onState, post, session, showError } from "./api.js";
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
        // Answered at once (202): the tap's outcome comes through the event stream.
        const answer = await awaitOutcome(await post("/api/pair", {}, { quiet: true }), { quiet: true });
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
// The table rolls the dice (the Pi's random source), as for the dice button.
$("#roll").addEventListener("click", () => act({ do: "roll" }, me()));
$("#pay-jail-fine").addEventListener("click", () => act({ do: "pay_jail_fine" }, me()));
$("#use-jail-card").addEventListener("click", () => act({ do: "use_jail_card" }, me()));
$("#end-turn").addEventListener("click", () => act({ do: "end_turn" }, me()));
$("#bankrupt").addEventListener("click", async () => {
  if (await confirmDialog(t("player.bankrupt_confirm", { player: me() }), t("action.bankrupt"))) {
    act({ do: "bankrupt" }, me());
  }
});

// ---- my deeds, by group ---------------------------------------------------------------------------

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
    const sellAll = allowed(state, me(), { do: "sell_all_buildings", group: key });
    const isColour = Boolean(board.groups?.[key]);
    sections.push(h("section", { class: "deed-group", "data-test": `deed-group-${slug(key)}`, "aria-label": groupTitle(key) },
      h("h3", {},
        isColour ? h("span", { class: "swatch", style: groupStyle(board, key), "aria-hidden": "true" }) : null,
        ` ${groupTitle(key)} `, h("span", { class: "muted" }, `${squares.length}/${size}`),
        sellAll ? h("button", {
          type: "button", class: "small", "data-test": `action-sell-all-${slug(key)}`,
          onclick: () => act(sellAll.command, me()),
        }, t("action.sell_all")) : null),
      h("ul", { class: "deed-list" }, squares.map((sq) => deedRow(state, sq, props[sq.id])))));
  }
  clear($("#deeds"), sections);
}

function deedRow(state, sq, prop) {
  const buildings = prop.hotel ? [h("span", { class: "hotel", title: t("board.hotel") })]
    : Array.from({ length: prop.houses }, () => h("span", { class: "house", title: t("board.house") }));
  const built = prop.hotel ? t("board.hotel") : prop.houses ? t("board.houses", { n: prop.houses }) : "";
  // Only what the rules allow now, with what it costs or brings, as the server lists it.
  const actions = [];
  const offer = (doing, label, test) => {
    const entry = allowed(state, me(), { do: doing, square: sq.id });
    if (entry) {
      actions.push(h("button", { type: "button", class: "small", "data-test": test, onclick: () => act(entry.command, me()) },
        label(Math.abs(entry.cash || 0))));
    }
  };
  offer("build", (cost) => t("action.build", { cost: money(cost) }), `action-build-${sq.id}`);
  offer("sell_building", () => t("action.sell_building"), `action-sell-building-${sq.id}`);
  offer("unmortgage", (cost) => t("action.unmortgage", { cost: money(cost) }), `action-unmortgage-${sq.id}`);
  offer("mortgage", (value) => t("action.mortgage", { value: money(value) }), `action-mortgage-${sq.id}`);
  return h("li", { class: `deed${prop.mortgaged ? " is-mortgaged" : ""}`, "data-test": `deed-${sq.id}`, "data-houses": prop.houses, "data-hotel": String(prop.hotel), "data-mortgaged": String(prop.mortgaged) },
    h("span", { class: "deed-name" }, squareName(board, sq.id)),
    h("span", { class: "buildings", "aria-label": built || null }, buildings),
    prop.mortgaged ? h("span", { class: "badge mortgaged" }, t("board.mortgaged")) : null,
    h("span", { class: "deed-actions" }, actions));
}

// ---- a trade proposal -----------------------------------------------------------------------------
const form = $("#trade-form");
let tradeKey = "";

// The deeds each side could hand over now (no buildings in their group), as the server lists them.
function deedBoxes(state, ids, side) {
  const props = state.properties || {};
  if (!ids.length) return [h("p", { class: "muted" }, t("trade.no_deeds"))];
  return ids.map((id) => {
    const box = h("input", { type: "checkbox", name: `${side}-squares`, value: id, id: `trade-${side}-${id}`, "data-test": `trade-${side}-deed-${id}` });
    return h("label", { for: box.id, class: "check" }, box, " ", squareName(board, id), props[id].mortgaged ? h("span", { class: "badge mortgaged" }, t("board.mortgaged")) : null);
  });
}

function renderTradeForm(state) {
  // Whom this player may propose a trade to now, and what each side could hand over: the server's
  // legal trade entries (none while a decision blocks deals, or outside the house rule's window).
  const offer = allowed(state, me(), { do: "trade" });
  const partners = offer ? offer.free.to : [];
  const partnerNow = form.querySelector("[data-test=trade-partner]")?.value;
  const partnerName = partners.includes(partnerNow) ? partnerNow : partners[0];
  const key = JSON.stringify([me(), partnerName, offer?.free]);
  if (key === tradeKey) return;
  tradeKey = key;
  // keep what was already filled in
  const kept = new FormData(form);
  const checked = new Set(Array.from(form.querySelectorAll("input[type=checkbox]:checked")).map((b) => b.id));
  if (!offer) return clear(form, h("p", { class: "muted", "data-test": "trade-closed" }, t(state.game ? "trade.not_now" : "trade.nobody")));
  const select = h("select", { id: "trade-partner", name: "partner", "data-test": "trade-partner", onchange: () => { tradeKey = ""; renderTradeForm(currentState()); } },
    partners.map((name) => h("option", { value: name, selected: name === partnerName }, name)));
  const number = (name, test, max) => h("input", { type: "number", min: 0, max, step: 1, value: kept.get(name) || 0, name, id: `trade-${name}`, "data-test": test, inputmode: "numeric", class: "short" });
  const side = (who, legend, cash, cards, options) => h("fieldset", { class: `trade-side trade-${who}` },
    h("legend", {}, legend),
    h("label", { for: `trade-${cash}` }, t("trade.cash")), number(cash, `trade-${who}-cash`, options.cash[1]),
    h("div", { class: "checks" }, deedBoxes(state, options.squares, who)),
    h("label", { for: `trade-${cards}` }, t("trade.jail_cards")), number(cards, `trade-${who}-jail-cards`, options.jail_cards[1]));
  clear(form,
    h("label", { for: "trade-partner" }, t("trade.partner")), select,
    h("div", { class: "trade-sides-form" },
      side("give", t("trade.i_give"), "give_cash", "give_cards", offer.free.give),
      side("take", t("trade.i_take", { player: partnerName }), "take_cash", "take_cards", offer.free.take[partnerName])),
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
  // The turn's buttons: only those the rules allow this player now.
  const can = (doing) => Boolean(allowed(state, p.name, { do: doing }));
  $("#roll").disabled = !can("roll");
  $("#end-turn").disabled = !can("end_turn");
  $("#pay-jail-fine").hidden = !can("pay_jail_fine");
  $("#use-jail-card").hidden = !can("use_jail_card");
  $("#bankrupt").disabled = !can("bankrupt");
  $("#last-roll-text").textContent = state.last_roll ? t("table.rolled", { a: state.last_roll[0], b: state.last_roll[1], total: state.last_roll[0] + state.last_roll[1] }) : "";
  renderDeeds(state);
  renderTradeForm(state);
  renderPlayers($("#players"), state, board, { me: me() });
}

onState((state) => render(state));
if (!currentState()) render(null);
window.addEventListener("langchange", () => { tradeKey = ""; render(currentState()); });
window.addEventListener("session", () => render(currentState()));
