// The decision due now (state.pending) in words, with the buttons to answer it: on a player's
// screen only their own answers; on a shared screen (the table tablet, the virtual table) every
// player's, each confirmed by a token tap unless the screen is the banker's.

import { deckName, squareName } from "./board.js";
import { local, t } from "./i18n.js";
import { h, money, tokenEl } from "./ui.js";

export const AUCTION_SECONDS = 15;

export function sideText(board, side) {
  const bits = [];
  if (side?.cash) bits.push(money(side.cash));
  for (const id of side?.squares || []) bits.push(squareName(board, id));
  if (side?.jail_cards) bits.push(t("trade.jail_cards_n", { n: side.jail_cards }));
  return bits.length ? bits.join(", ") : t("trade.nothing");
}

function optionLabel(option, pending) {
  switch (option) {
    case "pay":
    case "fixed":
      return t(`option.${option}`, { amount: money(pending.amount) });
    case "percent":
      return t("option.percent", { amount: money(pending.percent_amount ?? 0) });
    case "chance":
      return t("option.chance");
    default:
      return option;
  }
}

export class DecisionView {
  // el: the decision region (aria-live); mode: "player" | "shared"; me(): this screen's player;
  // act(cmd, player): sends a command for that player.
  constructor(el, { board, mode = "shared", me = () => null, act }) {
    this.el = el;
    this.board = board;
    this.mode = mode;
    this.me = me;
    this.act = act;
    this.key = "";
    this.auctionKey = "";
    this.deadline = 0;
    this.timer = setInterval(() => this.tick(), 250);
    window.addEventListener("langchange", () => { this.key = ""; if (this.state) this.update(this.state); });
  }

  mine(player) {
    return this.mode === "shared" || player === this.me();
  }

  update(state) {
    this.state = state;
    const pending = state?.pending || null;
    const key = JSON.stringify([pending, state?.turn, state?.winner, state?.game, this.me(), this.mode]);
    if (pending?.kind === "auction") {
      const akey = JSON.stringify([pending.square, pending.building, pending.high_bid, pending.high_bidder]);
      if (akey !== this.auctionKey) { this.auctionKey = akey; this.deadline = Date.now() + AUCTION_SECONDS * 1000; }
    } else {
      this.auctionKey = "";
    }
    if (key === this.key) return;
    this.key = key;
    // keep what someone is typing (a custom bid) across a rebuild
    const kept = {};
    for (const input of this.el.querySelectorAll("[data-keep]")) kept[input.dataset.keep] = input.value;
    this.el.replaceChildren(...this.render(state));
    for (const input of this.el.querySelectorAll("[data-keep]")) {
      if (kept[input.dataset.keep]) input.value = kept[input.dataset.keep];
    }
    this.tick();
  }

  render(state) {
    const pending = state?.pending;
    if (!state || !state.game) {
      this.el.dataset.kind = "none";
      return [h("p", { class: "decision-text", "data-test": "decision-text" }, t("decision.no_game"))];
    }
    if (state.winner || (state.ranking && !state.turn)) {
      this.el.dataset.kind = "over";
      return [
        h("p", { class: "decision-text big", "data-test": "winner" }, state.winner ? t("decision.winner", { player: state.winner }) : t("decision.over")),
        state.ranking ? h("ol", { class: "ranking", "data-test": "ranking" },
          state.ranking.map((r) => h("li", { "data-player": r.name }, tokenEl(state, r.name), ` ${r.name} — ${money(r.net_worth)}`))) : null,
      ];
    }
    this.el.dataset.kind = pending ? pending.kind : "roll";
    if (!pending) {
      const text = state.turn === this.me() ? t("decision.your_roll") : t("decision.roll", { player: state.turn });
      return [h("p", { class: "decision-text", "data-test": "decision-text" }, text)];
    }
    const render = this[`render_${pending.kind}`];
    return render ? render.call(this, pending, state) : [h("p", { class: "decision-text" }, pending.kind)];
  }

  button(label, test, cmd, player, extra = {}) {
    return h("button", {
      type: "button", "data-test": test, ...extra,
      onclick: async (e) => {
        const button = e.currentTarget;
        button.disabled = true;
        try { await this.act(typeof cmd === "function" ? cmd() : cmd, player); } finally { button.disabled = false; }
      },
    }, label);
  }

  render_buy(p) {
    const out = [h("p", { class: "decision-text", "data-test": "decision-text" },
      t("decision.buy", { player: p.player, square: squareName(this.board, p.square), price: money(p.price) }))];
    if (this.mine(p.player)) {
      out.push(h("div", { class: "actions" },
        this.button(t("action.buy", { price: money(p.price) }), "action-buy", { do: "buy" }, p.player, { class: "primary" }),
        this.button(t("action.decline"), "action-decline", { do: "decline" }, p.player)));
    }
    return out;
  }

  render_auction(p, state) {
    const what = p.square ? squareName(this.board, p.square) : t(`decision.building_${p.building || "house"}`);
    const out = [
      h("p", { class: "decision-text", "data-test": "decision-text" }, t("decision.auction", { square: what })),
      h("p", { class: "auction-high", "data-test": "auction-high-bid", "data-amount": p.high_bid || 0, "data-bidder": p.high_bidder || "" },
        p.high_bidder ? t("decision.high_bid", { amount: money(p.high_bid), player: p.high_bidder }) : t("decision.no_bids")),
      h("p", { class: "auction-bidders", "data-test": "auction-bidders" }, t("decision.bidders", { players: (p.bidders || []).join(", ") })),
      h("div", { class: "countdown", "aria-hidden": "true", "data-test": "auction-countdown" },
        h("span", { class: "countdown-bar" }, h("span", { class: "countdown-fill" })),
        h("span", { class: "countdown-text" })),
    ];
    if (p.queued) out.push(h("p", { class: "muted" }, t("decision.queued", { n: p.queued })));
    const shared = this.mode === "shared";
    const bidders = (p.bidders || []).filter((b) => this.mine(b));
    for (const bidder of bidders) {
      const suffix = shared ? `-${bidder}` : "";
      const base = p.high_bid || 0;
      const custom = h("input", {
        type: "number", min: base + 1, step: 1, inputmode: "numeric", "data-test": `bid-amount${suffix}`, "data-keep": `bid-${bidder}`,
        "aria-label": t("action.bid_amount", { player: bidder }), placeholder: String(base + 1), class: "bid-input",
      });
      let where = null;
      if (!p.square) {
        const lots = Object.entries(state.properties || {}).filter(([id, pr]) => pr.owner === bidder && this.board.byId[id]?.kind === "lot");
        where = h("select", { "data-test": `bid-square${suffix}`, "aria-label": t("action.build_on") },
          lots.map(([id]) => h("option", { value: id, selected: id === p.build_on }, squareName(this.board, id))));
      }
      const bid = (amount) => () => {
        const cmd = { do: "bid", player: bidder, amount };
        if (where) cmd.square = where.value;
        return cmd;
      };
      out.push(h("div", { class: "actions bid-row", "data-bidder": bidder },
        shared ? h("span", { class: "bidder" }, tokenEl(state, bidder), ` ${bidder}`) : null,
        this.button(t("action.bid_plus", { n: 10 }), `action-bid-10${suffix}`, bid(base + 10), bidder, { class: "primary" }),
        this.button(t("action.bid_plus", { n: 50 }), `action-bid-50${suffix}`, bid(base + 50), bidder),
        where,
        custom,
        this.button(t("action.bid"), `action-bid-custom${suffix}`, () => {
          const amount = parseInt(custom.value, 10);
          return bid(Number.isFinite(amount) ? amount : base + 1)();
        }, bidder),
        this.button(t("action.pass"), `action-pass${suffix}`, { do: "pass", player: bidder }, bidder,
          { disabled: bidder === p.high_bidder, title: bidder === p.high_bidder ? t("decision.high_cannot_pass") : null })));
    }
    return out;
  }

  tick() {
    const box = this.el.querySelector(".countdown");
    if (!box) return;
    const left = Math.max(0, this.deadline - Date.now());
    const seconds = Math.ceil(left / 1000);
    box.dataset.seconds = String(seconds);
    box.querySelector(".countdown-text").textContent = seconds > 0 ? t("decision.countdown", { n: seconds }) : t("decision.countdown_over");
    box.querySelector(".countdown-fill").style.width = `${(left / (AUCTION_SECONDS * 1000)) * 100}%`;
  }

  render_choice(p) {
    const out = [h("p", { class: "decision-text", "data-test": "decision-text" }, t("decision.choice", { player: p.player }))];
    if (this.mine(p.player)) {
      out.push(h("div", { class: "actions" }, (p.options || []).map((option) =>
        this.button(optionLabel(option, p), `action-choose-${option}`, { do: "choose", option }, p.player))));
    } else {
      out.push(h("p", { class: "muted" }, (p.options || []).map((o) => optionLabel(o, p)).join(" / ")));
    }
    return out;
  }

  render_draw(p) {
    const deck = this.board.decks?.[p.deck];
    const out = [
      h("p", { class: "decision-text", "data-test": "decision-text" }, t("decision.draw", { player: p.player, deck: deckName(this.board, p.deck) })),
      h("p", { class: "muted" }, t("decision.draw_hint")),
    ];
    if (this.mine(p.player) && deck) {
      const select = h("select", { "data-test": "draw-card", "aria-label": t("action.card_drawn") },
        deck.cards.map((card, i) => h("option", { value: card.number ?? i + 1 }, `${card.number ?? i + 1}. ${local(card.text)}`)));
      out.push(h("div", { class: "actions" }, select,
        this.button(t("action.draw"), "action-draw", () => ({ do: "draw", deck: p.deck, card: parseInt(select.value, 10) }), p.player)));
    }
    return out;
  }

  render_debt(p) {
    const out = [h("p", { class: "decision-text", "data-test": "decision-text" },
      t("decision.debt", { player: p.player, amount: money(p.amount), creditor: p.creditor === "bank" ? t("common.bank") : p.creditor }))];
    if (p.reason) out.push(h("p", { class: "muted" }, p.reason));
    if (p.count > 1) out.push(h("p", { class: "muted" }, t("decision.more_debts", { n: p.count - 1 })));
    out.push(h("p", {}, p.player === this.me() ? t("decision.debt_hint_mine") : t("decision.debt_hint")));
    return out;
  }

  render_trade(p, state) {
    const out = [
      h("p", { class: "decision-text", "data-test": "decision-text" }, t("decision.trade", { from: p.from, to: p.to })),
      h("dl", { class: "trade-sides", "data-test": "trade-sides" },
        h("dt", {}, t("decision.trade_gives", { player: p.from })), h("dd", { "data-test": "trade-give" }, sideText(this.board, p.give)),
        h("dt", {}, t("decision.trade_gives", { player: p.to })), h("dd", { "data-test": "trade-take" }, sideText(this.board, p.take))),
    ];
    if (this.mine(p.to)) {
      const mortgaged = (p.give?.squares || []).filter((id) => state.properties?.[id]?.mortgaged);
      const lifts = mortgaged.map((id) => h("input", { type: "checkbox", value: id, "data-test": `lift-${id}`, id: `lift-${id}` }));
      if (lifts.length) {
        out.push(h("fieldset", { class: "lifts" }, h("legend", {}, t("trade.lift_now")),
          lifts.map((box) => h("label", { for: box.id }, box, " ", squareName(this.board, box.value)))));
      }
      out.push(h("div", { class: "actions" },
        this.button(t("action.accept"), "action-accept", () => {
          const lift = lifts.filter((b) => b.checked).map((b) => b.value);
          return lift.length ? { do: "accept", player: p.to, lift } : { do: "accept", player: p.to };
        }, p.to, { class: "primary" }),
        this.button(t("action.reject"), "action-reject", { do: "reject", player: p.to }, p.to)));
    }
    return out;
  }

  render_rent_claim(p) {
    const out = [h("p", { class: "decision-text", "data-test": "decision-text" },
      t("decision.rent_claim", { player: p.player, payer: p.payer, amount: money(p.amount), square: squareName(this.board, p.square) }))];
    if (this.mine(p.player)) {
      out.push(h("div", { class: "actions" },
        this.button(t("action.claim_rent", { amount: money(p.amount) }), "action-claim-rent", { do: "claim_rent", player: p.player }, p.player, { class: "primary" })));
    }
    return out;
  }
}
