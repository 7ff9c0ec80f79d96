// The decision due now (state.pending) in words, with the buttons to answer it: on a player's
// screen only their own answers; on a shared screen (the table tablet, the virtual table) every
// player's, each confirmed by a token tap unless the screen is the banker's.

import { allowed, legalFor } from "./api.js";
import { deckName, squareName } from "./board.js";
import { lang, local, t } from "./i18n.js";
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
    const key = JSON.stringify([pending, state?.decision, state?.legal, state?.winner, state?.game, this.me(), this.mode]);
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
    if (!pending) {  // the current player's own move: the engine's sentence for it
      const text = state.decision?.text?.[lang()] || t("decision.roll", { player: state.turn });
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

  // Every button below is for a command the server lists for that player now (state.legal).
  render_buy(p, state) {
    const out = [h("p", { class: "decision-text", "data-test": "decision-text" },
      t("decision.buy", { player: p.player, square: squareName(this.board, p.square), price: money(p.price) }))];
    if (this.mine(p.player)) {
      const buy = allowed(state, p.player, { do: "buy" });
      const decline = allowed(state, p.player, { do: "decline" });
      out.push(h("div", { class: "actions" },
        buy ? this.button(t("action.buy", { price: money(p.price) }), "action-buy", buy.command, p.player, { class: "primary" }) : null,
        decline ? this.button(t("action.decline"), "action-decline", decline.command, p.player) : null));
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
      // The bids the rules take from this bidder (a building: per lot it could stand on).
      const bids = legalFor(state, bidder).filter((e) => e.command.do === "bid");
      const low = bids.length ? Math.min(...bids.map((e) => e.free.amount[0])) : (p.high_bid || 0) + 1;
      const high = bids.length ? Math.max(...bids.map((e) => e.free.amount[1])) : 0;
      const base = low - 1;
      const custom = h("input", {
        type: "number", min: low, max: high, step: 1, inputmode: "numeric", "data-test": `bid-amount${suffix}`, "data-keep": `bid-${bidder}`,
        "aria-label": t("action.bid_amount", { player: bidder }), placeholder: String(low), class: "bid-input",
        disabled: !bids.length,
      });
      let where = null;
      if (!p.square) {
        const lots = bids.map((e) => e.command.square);
        where = h("select", { "data-test": `bid-square${suffix}`, "aria-label": t("action.build_on"), disabled: !bids.length },
          lots.map((id) => h("option", { value: id, selected: id === p.build_on }, squareName(this.board, id))));
      }
      const bid = (amount) => () => {
        const cmd = { do: "bid", player: bidder, amount };
        if (where) cmd.square = where.value;
        return cmd;
      };
      out.push(h("div", { class: "actions bid-row", "data-bidder": bidder },
        shared ? h("span", { class: "bidder" }, tokenEl(state, bidder), ` ${bidder}`) : null,
        this.button(t("action.bid_plus", { n: 10 }), `action-bid-10${suffix}`, bid((p.high_bid || 0) + 10), bidder,
          { class: "primary", disabled: !bids.length || (p.high_bid || 0) + 10 > high || (p.high_bid || 0) + 10 < low }),
        this.button(t("action.bid_plus", { n: 50 }), `action-bid-50${suffix}`, bid((p.high_bid || 0) + 50), bidder,
          { disabled: !bids.length || (p.high_bid || 0) + 50 > high || (p.high_bid || 0) + 50 < low }),
        where,
        custom,
        this.button(t("action.bid"), `action-bid-custom${suffix}`, () => {
          const amount = parseInt(custom.value, 10);
          return bid(Number.isFinite(amount) ? amount : base + 1)();
        }, bidder, { disabled: !bids.length }),
        this.button(t("action.pass"), `action-pass${suffix}`, { do: "pass", player: bidder }, bidder,
          { disabled: !allowed(state, bidder, { do: "pass" }), title: bidder === p.high_bidder ? t("decision.high_cannot_pass") : null })));
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

  render_choice(p, state) {
    const out = [h("p", { class: "decision-text", "data-test": "decision-text" }, t("decision.choice", { player: p.player }))];
    if (this.mine(p.player)) {
      const choices = legalFor(state, p.player).filter((e) => e.command.do === "choose");
      out.push(h("div", { class: "actions" }, choices.map((entry) =>
        this.button(optionLabel(entry.command.option, p), `action-choose-${entry.command.option}`, entry.command, p.player))));
    } else {
      out.push(h("p", { class: "muted" }, (p.options || []).map((o) => optionLabel(o, p)).join(" / ")));
    }
    return out;
  }

  render_draw(p, state) {
    const deck = this.board.decks?.[p.deck];
    const out = [
      h("p", { class: "decision-text", "data-test": "decision-text" }, t("decision.draw", { player: p.player, deck: deckName(this.board, p.deck) })),
      h("p", { class: "muted" }, t("decision.draw_hint")),
    ];
    const drawable = new Set(legalFor(state, p.player).filter((e) => e.command.do === "draw").map((e) => e.command.card));
    if (this.mine(p.player) && deck && drawable.size) {
      const select = h("select", { "data-test": "draw-card", "aria-label": t("action.card_drawn") },
        deck.cards.filter((card, i) => drawable.has(card.number ?? i + 1))
          .map((card, i) => h("option", { value: card.number ?? i + 1 }, `${card.number ?? i + 1}. ${local(card.text)}`)));
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
      h("div", { "data-slot": "trade-advice" }),  // filled by odds.js: both players' chances either way
    ];
    if (this.mine(p.to)) {
      const accept = allowed(state, p.to, { do: "accept" });
      const costs = accept?.free?.lift?.costs || {};
      const lifts = Object.keys(costs).map((id) => h("input", { type: "checkbox", value: id, "data-test": `lift-${id}`, id: `lift-${id}` }));
      if (lifts.length) {
        out.push(h("fieldset", { class: "lifts" }, h("legend", {}, t("trade.lift_now")),
          lifts.map((box) => h("label", { for: box.id }, box, " ", squareName(this.board, box.value), ` (${money(costs[box.value])})`))));
      }
      const reject = allowed(state, p.to, { do: "reject" });
      out.push(h("div", { class: "actions" },
        accept ? this.button(t("action.accept"), "action-accept", () => {
          const lift = lifts.filter((b) => b.checked).map((b) => b.value);
          return lift.length ? { ...accept.command, lift } : accept.command;
        }, p.to, { class: "primary" }) : null,
        reject ? this.button(t("action.reject"), "action-reject", reject.command, p.to) : null));
    }
    return out;
  }

  render_rent_claim(p, state) {
    const out = [h("p", { class: "decision-text", "data-test": "decision-text" },
      t("decision.rent_claim", { player: p.player, payer: p.payer, amount: money(p.amount), square: squareName(this.board, p.square) }))];
    if (this.mine(p.player) && allowed(state, p.player, { do: "claim_rent" })) {
      out.push(h("div", { class: "actions" },
        this.button(t("action.claim_rent", { amount: money(p.amount) }), "action-claim-rent", { do: "claim_rent", player: p.player }, p.player, { class: "primary" })));
    }
    return out;
  }
}
