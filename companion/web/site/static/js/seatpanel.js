// The Table page's seat panel: everything a player could do from their own phone, for a player
// without one. It opens on a tap of their name in the players list (or from the Now box when they
// owe money) and offers only what the rules list for them now (state.legal): build, sell,
// mortgage, lift (deeds.js), propose, answer or counter a trade (trade.js), go bankrupt; each
// confirmed by that player's token tap on the reader (act() on a shared screen). A modal dialog:
// the page's toasts move into it while it is open. A proposal to this player shows at its top,
// with Accept, Reject and Counter (decision.js's tradeOffer, as in the Now box): the panel hides
// the Now box, and a counter-offer's form opens only on Counter, filled in from the proposal.

import { act as sendAs, allowed, onState } from "./api.js";
import { tradeOffer } from "./decision.js";
import { renderDeeds } from "./deeds.js";
import { lang, t } from "./i18n.js";
import { tokenEl } from "./pieces.js";
import { TradeForm } from "./trade.js";
import { $, clear, confirmDialog, h, money } from "./ui.js";
import { personArgs } from "./persons.js";

export class SeatPanel {
  // act(cmd, player): sends a command for that player (the Table page's, counting its waits).
  constructor(el, { board, act = sendAs }) {
    this.el = el;
    this.board = board;
    this.player = null;
    this.state = null;
    this.countering = null; // the proposal on hand this player chose to counter (its terms, as JSON)
    const mine = (cmd) => act(cmd, this.player);
    this.act = mine;
    this.sendAs = act;
    this.offer = h("section", { class: "seat-offer", "data-test": "seat-offer", "aria-labelledby": "seat-offer-title", hidden: true });
    this.head = h("div", { class: "seat-head" });
    this.advice = h("p", { class: "debt-advice", "data-test": "seat-advice", hidden: true });
    this.deeds = h("div", { class: "deeds", "data-test": "seat-deeds" });
    this.form = h("form", { class: "trade-form", "data-test": "trade-form" });
    this.tradeBox = h("section", { class: "seat-trade", "aria-labelledby": "seat-trade-title" },
      h("h3", { id: "seat-trade-title" }), this.form);
    this.bankrupt = h("button", {
      type: "button", class: "danger", "data-test": "action-bankrupt", hidden: true,
      onclick: async () => {
        const who = this.player;
        if (await confirmDialog(t("player.bankrupt_confirm", personArgs("player", who)), t("action.bankrupt"))) act({ do: "bankrupt" }, who);
      },
    });
    this.trade = new TradeForm(this.form, { board, me: () => this.player, act: mine, shared: true });
    el.append(this.head, this.advice, this.offer,
      h("section", { "aria-labelledby": "seat-deeds-title" }, h("h3", { id: "seat-deeds-title" }), this.deeds),
      this.tradeBox, h("div", { class: "seat-end" }, this.bankrupt));
    this.hint = h("p", { class: "muted seat-hint", "data-test": "seat-hint" });
    this.head.after(this.hint);
    el.addEventListener("cancel", (e) => { e.preventDefault(); this.close(); });
    el.addEventListener("click", (e) => { if (e.target === el) this.close(); }); // the backdrop
    onState((state) => { this.state = state; if (this.player) this.render(); });
    window.addEventListener("langchange", () => { this.trade.key = ""; this.offerShown = ""; if (this.player) this.render(); });
  }

  // Open this player's panel; counter: a trade proposal to them, to answer with a counter-offer.
  open(player, { counter = null } = {}) {
    const changed = player !== this.player;
    this.player = player;
    if (changed) { this.trade.prefill = null; this.trade.key = ""; this.form.replaceChildren(); this.countering = null; }
    if (!this.el.open) {
      this.el.showModal();
      // the page's toasts ("tap Ann's token", a refusal) behind the backdrop would go unseen
      const toasts = $("#toasts");
      if (toasts) { this.toastsHome = [toasts.parentElement, toasts.nextSibling]; this.hint.after(toasts); }
    }
    if (counter) this.countering = offerKey(counter);
    this.render();
    if (counter) this.trade.counter(counter);
    this.el.querySelector("[data-test=seat-close]")?.focus();
  }

  renderOffer(pending, state) {
    this.offer.hidden = !pending;
    const key = JSON.stringify([pending, state.legal?.[this.player], state.forms, this.countering]);
    if (key === this.offerShown) return;
    this.offerShown = key;
    if (!pending) return this.offer.replaceChildren();
    const counter = (p) => {
      this.countering = offerKey(p);
      this.render();
      this.trade.counter(p);
    };
    this.offer.replaceChildren(
      h("h3", { id: "seat-offer-title" }, t("seat.offer", { from: pending.from, ...personArgs("player", pending.to, state) })),
      ...tradeOffer(pending, state, {
        board: this.board, act: this.sendAs, mine: (who) => who === this.player, prefix: "seat-", advice: false,
        counter: this.countering ? null : counter,
      }));
  }

  close() {
    this.player = null;
    if (this.toastsHome) {
      const [parent, next] = this.toastsHome;
      parent.insertBefore($("#toasts"), next);
      this.toastsHome = null;
    }
    if (this.el.open) this.el.close();
  }

  render() {
    const state = this.state;
    const p = (state?.players || []).find((x) => x.name === this.player);
    if (!state?.game || !p || p.bankrupt || p.computer) return this.close(); // the table plays a computer's seat
    const name = p.name;
    this.el.dataset.player = name;
    clear(this.head,
      h("h2", { id: "seat-title" }, tokenEl(state, name), h("span", { class: "name-text" }, t("seat.title", { player: name }))),
      h("span", { class: "seat-cash", "data-test": "seat-cash", "data-amount": p.cash }, money(p.cash)),
      h("button", { type: "button", class: "small", "data-test": "seat-close", onclick: () => this.close() }, t("seat.close")));
    this.hint.textContent = t("seat.hint", { player: name });
    this.el.querySelector("#seat-deeds-title").textContent = t("seat.deeds", { player: name });
    this.el.querySelector("#seat-trade-title").textContent = t("seat.trade", { player: name });
    // The debt's quickest ways to raise it, in the engine's own sentence.
    const debtor = state.pending?.kind === "debt" && state.decision?.players?.includes(name);
    const advice = debtor ? state.decision?.advice?.[lang()] || state.decision?.advice?.en || "" : "";
    this.advice.hidden = !advice;
    this.advice.textContent = advice;
    renderDeeds(this.deeds, { board: this.board, state, player: name, act: this.act });
    // A proposal to this player: its terms and answers first; the counter-offer's form only once
    // Counter is chosen (then filled in from it), never an empty one in place of the answers.
    const pending = state.pending?.kind === "trade" && state.pending.to === name ? state.pending : null;
    if (!pending || offerKey(pending) !== this.countering) {
      if (this.countering) { this.trade.prefill = null; this.trade.key = ""; }
      this.countering = null;
    }
    this.renderOffer(pending, state);
    this.tradeBox.hidden = Boolean(state.winner) || Boolean(pending && !this.countering);
    this.trade.render(state);
    const out = allowed(state, name, { do: "bankrupt" });
    this.bankrupt.hidden = !out;
    this.bankrupt.textContent = t("seat.bankrupt", { player: name });
  }
}

// A trade proposal's terms, to tell one proposal from the next.
const offerKey = (p) => JSON.stringify([p.from, p.to, p.give, p.take]);

// The seat panel's place on the Table page, opened by the players list and the Now box.
export function seatPanel(board, act) {
  const el = $("#seat-panel");
  return el ? new SeatPanel(el, { board, act }) : null;
}
