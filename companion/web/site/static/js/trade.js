// A trade proposal on a player's screen: whom to, and what each side hands over, built from the
// server's legal trade entry (partners, cash ranges, the deeds each side could hand over), each
// deed shown with its colour, price and mortgage. A counter-offer fills it in from the proposal it
// answers, sides swapped. Nothing chosen on either side is nothing to send (the engine refuses a
// trade of nothing): the send button waits, saying why, until something is.

import { allowed, currentState } from "./api.js";
import { deedChip } from "./decision.js";
import { t } from "./i18n.js";
import { clear, h, money } from "./ui.js";
import { personArgs } from "./persons.js";

// A trade entry's choices but the most cash of each side (TradeForm.bound follows that).
function withoutCash(free) {
  if (!free) return free;
  const side = ({ cash, ...rest }) => rest;
  return { ...free, give: side(free.give), take: Object.fromEntries(Object.entries(free.take).map(([n, o]) => [n, side(o)])) };
}

export class TradeForm {
  // shared: on the Table page's seat panel, "Ann gives" rather than "I give".
  constructor(form, { board, me, act, shared = false }) {
    this.form = form;
    this.shared = shared;
    this.board = board;
    this.me = me;
    this.act = act;
    this.key = "";
    this.prefill = null; // {partner, give, take}: a counter-offer's starting point
    form.addEventListener("submit", (e) => { e.preventDefault(); this.send(); });
    form.addEventListener("input", () => this.checkEmpty());
    form.addEventListener("change", () => this.checkEmpty());
  }

  // The proposal this counter-offer answers, sides swapped, to edit and send back.
  counter(pending) {
    this.prefill = { partner: pending.from, give: pending.take, take: pending.give };
    this.key = "";
    this.render(currentState());
    this.form.scrollIntoView({ behavior: "smooth", block: "start" });
  }

  deedBoxes(state, ids, side, chosen) {
    if (!ids.length) return [h("p", { class: "muted" }, t("trade.no_deeds"))];
    return ids.map((id) => {
      const box = h("input", { type: "checkbox", name: `${side}-squares`, value: id, id: `trade-${side}-${id}`, "data-test": `trade-${side}-deed-${id}`, checked: chosen.has(id) });
      return h("label", { for: box.id, class: "check deed-check" }, box, deedChip(this.board, state, id));
    });
  }

  render(state) {
    const form = this.form;
    const offer = state ? allowed(state, this.me(), { do: "trade" }) : null;
    const partners = offer ? offer.free.to : [];
    const wanted = this.prefill?.partner ?? form.querySelector("[data-test=trade-partner]")?.value;
    const partner = partners.includes(wanted) ? wanted : partners[0];
    // Each side's most cash changes with every payment at the table: the form stays as it is for
    // that (and what is typed in it), its boxes' bounds follow.
    const key = JSON.stringify([this.me(), partner, withoutCash(offer?.free), this.prefill, state?.pending?.kind]);
    if (key === this.key) return this.bound(offer, partner);
    this.key = key;
    if (!offer) {
      this.prefill = null;
      return clear(form, h("p", { class: "muted", "data-test": "trade-closed" }, t(state?.game ? "trade.not_now" : "trade.nobody")));
    }
    // keep what was already filled in (or take the counter-offer's)
    const kept = new FormData(form);
    const fill = this.prefill;
    const chosen = new Set(fill ? [...(fill.give?.squares || []), ...(fill.take?.squares || [])]
      : Array.from(form.querySelectorAll("input[type=checkbox]:checked")).map((b) => b.value));
    const value = (name, fromFill) => (fill ? fromFill || 0 : kept.get(name) || 0);
    const number = (name, test, max, fromFill) => h("input", {
      type: "number", min: 0, max, step: 1, value: value(name, fromFill), name, id: `trade-${name}`, "data-test": test, inputmode: "numeric", class: "short",
    });
    // "<sign> [ 100 ]": the sum's unit (the money's sign) before its box, as the custom bid and the house rules have it
    const withSign = (input) => h("span", { class: "with-unit" }, h("span", { class: "unit", "aria-hidden": "true" }, money(0).replace(/[\d\s.,]/g, "")), input);
    const side = (who, legend, cash, cards, options, given) => h("fieldset", { class: `trade-side trade-${who}` },
      h("legend", {}, legend),
      h("div", { class: "field-row" }, h("label", { for: `trade-${cash}` }, t("trade.cash")), withSign(number(cash, `trade-${who}-cash`, options.cash[1], given?.cash))),
      h("div", { class: "checks" }, this.deedBoxes(state, options.squares, who, chosen)),
      options.jail_cards[1] ? h("div", { class: "field-row" }, h("label", { for: `trade-${cards}` }, t("trade.jail_cards")),
        number(cards, `trade-${who}-jail-cards`, options.jail_cards[1], given?.jail_cards)) : null);
    const select = h("select", {
      id: "trade-partner", name: "partner", "data-test": "trade-partner",
      onchange: () => { this.prefill = null; this.key = ""; this.render(currentState()); },
    }, partners.map((name) => h("option", { value: name, selected: name === partner }, name)));
    const counter = state.pending?.kind === "trade" && state.pending.to === this.me() && state.pending.from === partner;
    clear(form,
      counter ? h("p", { class: "counter-note", "data-test": "counter-note" }, t("trade.counter_note", personArgs("player", partner))) : null,
      h("div", { class: "field-row" }, h("label", { for: "trade-partner" }, t("trade.partner")), select),
      h("div", { class: "trade-sides-form" },
        side("give", this.shared ? t("decision.trade_gives", { player: this.me() }) : t("trade.i_give"), "give_cash", "give_cards", offer.free.give, fill?.give),
        side("take", t("trade.i_take", { player: partner }), "take_cash", "take_cards", offer.free.take[partner], fill?.take)),
      h("p", { class: "muted" }, t("trade.lift_hint")),
      h("p", { class: "trade-empty", "data-test": "trade-empty", hidden: true }, t("trade.pick_something")),
      h("div", { class: "actions" }, h("button", { type: "submit", class: "primary", "data-test": "trade-propose" },
        t(counter ? "trade.send_counter" : "trade.propose"))));
    this.checkEmpty();
  }

  // The cash boxes bounded by what each side holds now.
  bound(offer, partner) {
    const most = { give: offer?.free.give.cash[1], take: offer?.free.take[partner]?.cash[1] };
    for (const [who, max] of Object.entries(most)) {
      const box = this.form.querySelector(`[data-test=trade-${who}-cash]`);
      if (box && max !== undefined && box.max !== String(max)) box.max = max;
    }
  }

  // What the form hands over now: {give, take}, each side only what is chosen.
  terms() {
    const data = new FormData(this.form);
    const num = (name) => Math.max(0, parseInt(data.get(name), 10) || 0);
    const side = (prefix) => {
      const out = {};
      if (num(`${prefix}_cash`)) out.cash = num(`${prefix}_cash`);
      const squares = data.getAll(`${prefix}-squares`);
      if (squares.length) out.squares = squares;
      if (num(`${prefix}_cards`)) out.jail_cards = num(`${prefix}_cards`);
      return out;
    };
    return { to: data.get("partner"), give: side("give"), take: side("take") };
  }

  isEmpty() {
    const { give, take } = this.terms();
    return !Object.keys(give).length && !Object.keys(take).length;
  }

  checkEmpty() {
    const send = this.form.querySelector("[data-test=trade-propose]");
    if (!send) return;
    const empty = this.isEmpty();
    send.disabled = empty;
    this.form.querySelector("[data-test=trade-empty]").hidden = !empty;
  }

  async send() {
    if (this.isEmpty()) return this.checkEmpty();
    const { to, give, take } = this.terms();
    const answer = await this.act({ do: "trade", from: this.me(), to, give, take });
    if (answer) {
      this.form.reset();
      this.prefill = null;
      this.key = "";
      this.render(currentState());
    }
  }
}
