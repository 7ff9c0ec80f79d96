// The decision due now, in the engine's own sentence (state.decision.text, in this screen's
// language), with the buttons to answer it: on a player's screen only their own answers; on a
// shared screen (the table tablet, the virtual table) every player's, each confirmed by a token
// tap unless the screen is the banker's. Every button is for a command the server lists for that
// player now (state.legal), with the cost it lists.

import { allowed, applyState, legalFor, post, tableNow } from "./api.js";
import { deckName, groupStyle, squareName } from "./board.js";
import { known, lang, local, say, t } from "./i18n.js";
import { tokenEl } from "./pieces.js";
import { h, money, toast } from "./ui.js";
import { personArgs, squareArgs } from "./persons.js";

// A trade side in words: cash, each deed with its colour, price and mortgage, jail cards.
export function sideChips(board, state, side) {
  const chips = [];
  if (side?.cash) chips.push(h("span", { class: "chip chip-cash" }, money(side.cash)));
  for (const id of side?.squares || []) chips.push(deedChip(board, state, id));
  if (side?.jail_cards) chips.push(h("span", { class: "chip" }, t("trade.jail_cards_n", { n: side.jail_cards })));
  return chips.length ? chips : [h("span", { class: "muted" }, t("trade.nothing"))];
}

export function deedChip(board, state, id) {
  const sq = board.byId[id];
  const mortgaged = Boolean(state?.properties?.[id]?.mortgaged);
  return h("span", { class: `chip chip-deed${mortgaged ? " is-mortgaged" : ""}`, "data-square": id },
    sq?.group ? h("span", { class: "swatch", style: groupStyle(board, sq.group), "aria-hidden": "true" }) : null,
    h("span", { class: "chip-name" }, squareName(board, id)),
    sq?.price ? h("span", { class: "chip-price" }, money(sq.price)) : null,
    mortgaged ? h("span", { class: "badge mortgaged" }, t("board.mortgaged")) : null);
}

function optionLabel(entry, pending) {
  const option = entry.command.option;
  const cost = money(Math.abs(entry.cash || 0));
  switch (option) {
    case "pay":
    case "fixed":
      return t(`option.${option}`, { amount: cost });
    case "percent":
      return t("option.percent", { amount: cost });
    case "chance":
      return t("option.chance");
    default:
      return pending?.kind ? `${option}` : option;
  }
}

// A listed command in words from the texts alone: the page's page-action-<do> if it has one, else
// the table's table-cmd-<do> (what a token tap confirms), else its name; the cost as the server
// lists it, and the command's own fields, fill their variables.
function commandLabel(entry, board) {
  const command = entry.command;
  const cost = money(Math.abs(entry.cash || 0));
  const vars = { ...command, amount: cost, cost, price: cost, value: cost };
  if (typeof command.square === "string") vars.square = squareName(board, command.square);
  const key = `action.${command.do}`;
  const label = known(key) ? t(key, vars) : say(`table-cmd-${command.do}`, vars) ?? command.do;
  return entry.cash && !known(key) ? `${label} (${cost})` : label;
}

// A button that sends a command for a player through act(cmd, player) (cmd: the command, or a
// function giving it when clicked), disabled while the command waits for its answer.
export function actButton(act, label, test, cmd, player, extra = {}) {
  return h("button", {
    type: "button", "data-test": test, ...extra,
    onclick: async (e) => {
      const button = e.currentTarget;
      button.disabled = true;
      try { await act(typeof cmd === "function" ? cmd() : cmd, player); } finally { button.disabled = false; }
    },
  }, label);
}

// A trade proposal on hand: what each side hands over and, for its partner when `mine` says this
// screen acts for them, Accept (lifting mortgages taken, if the rules list that), Reject and,
// given a `counter(pending)`, Counter; for its proposer, Withdraw. The Now box and the Table
// page's seat panel (where Accept must never hide behind a counter-offer's form) both show it:
// `prefix` keeps the ids of the two apart, `advice` leaves room for the trade advisor (odds.js).
export function tradeOffer(p, state, { board, act, mine, counter = null, prefix = "", advice = true }) {
  const button = (...args) => actButton(act, ...args);
  const out = [
    h("dl", { class: "trade-sides", "data-test": "trade-sides" },
      h("dt", {}, t("decision.trade_gives", { player: p.from })), h("dd", { "data-test": "trade-give" }, sideChips(board, state, p.give)),
      h("dt", {}, t("decision.trade_gives", { player: p.to })), h("dd", { "data-test": "trade-take" }, sideChips(board, state, p.take))),
    advice ? h("div", { "data-slot": "trade-advice", "data-from": p.from, "data-to": p.to }) : null,
  ].filter(Boolean);
  if (mine(p.to)) {
    const accept = allowed(state, p.to, { do: "accept" });
    const costs = accept?.free?.lift?.costs || {};
    const lifts = Object.keys(costs).map((id) => h("input", { type: "checkbox", value: id, "data-test": `lift-${id}`, id: `${prefix}lift-${id}` }));
    if (lifts.length) {
      out.push(h("fieldset", { class: "lifts" }, h("legend", {}, t("trade.lift_now")),
        lifts.map((box) => h("label", { for: box.id, class: "check" }, box, squareName(board, box.value), ` (${money(costs[box.value])})`))));
    }
    const reject = allowed(state, p.to, { do: "reject" });
    const counterable = counter && allowed(state, p.to, { do: "trade" });
    out.push(h("div", { class: "actions" },
      accept ? button(t("action.accept"), "action-accept", () => {
        const lift = lifts.filter((b) => b.checked).map((b) => b.value);
        return lift.length ? { ...accept.command, lift } : accept.command;
      }, p.to, { class: "primary" }) : null,
      reject ? button(t("action.reject"), "action-reject", reject.command, p.to) : null,
      counterable ? h("button", { type: "button", "data-test": "action-counter", onclick: () => counter(p) }, t("action.counter")) : null));
  }
  // The proposer's withdrawal names the proposer: on the table's shared screen it waits for the
  // proposer's token alone (a phone-less player takes back her own proposal there), and says so.
  if (mine(p.from) && p.from !== p.to) {
    const withdraw = allowed(state, p.from, { do: "reject" });
    if (withdraw) {
      out.push(h("div", { class: "actions" },
        button(t("action.withdraw", { player: p.from }), "action-withdraw", withdraw.command, p.from)));
    }
  }
  return out;
}

export class DecisionView {
  // el: the decision region (aria-live); mode: "player" | "shared"; me(): this screen's player;
  // act(cmd, player): sends a command for that player; counter(pending): a counter-offer is asked;
  // openSeat(player): a shared screen's way to a player's own moves (the Table page's seat panel).
  constructor(el, { board, mode = "shared", me = () => null, act, counter = null, openSeat = null }) {
    this.el = el;
    this.board = board;
    this.mode = mode;
    this.me = me;
    this.act = act;
    this.counter = counter;
    this.openSeat = openSeat;
    this.key = "";
    this.timer = setInterval(() => this.tick(), 250);
    window.addEventListener("langchange", () => { this.key = ""; if (this.state) this.update(this.state); });
    window.addEventListener("pieces", () => { this.key = ""; if (this.state) this.update(this.state); });
  }

  // Whom this screen answers for: its own player, or on a shared screen everyone but a computer's
  // seat (the table plays it: no screen answers for it, the writer would refuse it anyway).
  mine(player) {
    if ((this.state?.players || []).some((p) => p.name === player && p.computer)) return false;
    return this.mode === "shared" || player === this.me();
  }

  update(state) {
    this.state = state;
    const key = JSON.stringify([state?.pending, state?.decision, state?.legal, state?.winner, state?.game, state?.auction_clock, this.me(), this.mode]);
    if (key === this.key) return;
    this.key = key;
    // keep what someone is typing (a custom bid) across a rebuild
    const kept = {};
    for (const input of this.el.querySelectorAll("[data-keep]")) kept[input.dataset.keep] = input.value;
    // (replaceChildren writes a null as the text "null": the parts left out are dropped first)
    this.el.replaceChildren(...this.render(state).filter((part) => part !== null && part !== undefined && part !== false));
    for (const input of this.el.querySelectorAll("[data-keep]")) {
      if (kept[input.dataset.keep]) input.value = kept[input.dataset.keep];
    }
    this.tick();
  }

  headline(state) {
    const text = state.decision?.text?.[lang()] || state.decision?.text?.en || "";
    return h("p", { class: "decision-text", "data-test": "decision-text" }, text);
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
          state.ranking.map((r) => h("li", { "data-player": r.name }, tokenEl(state, r.name), h("span", {}, r.name), h("span", { class: "num" }, money(r.net_worth))))) : null,
      ];
    }
    // What blocks the dice is the engine's word (`decision.blocks`); anything else is the turn's.
    const kind = state.decision?.blocks ? state.decision.kind : "roll";
    this.el.dataset.kind = kind;
    const out = [this.headline(state)];
    if (pending && this[`render_${pending.kind}`]) out.push(...this[`render_${pending.kind}`](pending, state));
    else if (pending) out.push(...this.answers(pending, state));
    if (this.mode === "shared" && kind === "roll") out.push(...this.turnButtons(state));
    return out;
  }

  button(label, test, cmd, player, extra = {}) {
    return actButton(this.act, label, test, cmd, player, extra);
  }

  // On a shared screen, the current player's own moves besides the dice (the dice button rolls):
  // pay the jail fine, use a card, end the turn; each only when the rules list it.
  turnButtons(state) {
    const who = state.turn;
    const buttons = [];
    for (const [doing, label] of [["pay_jail_fine", "action.pay_jail_fine"], ["use_jail_card", "action.use_jail_card"], ["end_turn", "action.end_turn_of"]]) {
      const entry = allowed(state, who, { do: doing });
      if (entry) {
        const cost = entry.cash ? ` (${money(Math.abs(entry.cash))})` : "";
        buttons.push(this.button(t(label, { player: who }) + cost, `action-${doing.replaceAll("_", "-")}`, entry.command, who));
      }
    }
    return buttons.length ? [h("div", { class: "actions" }, buttons)] : [];
  }

  // A kind with no renderer of its own (a new one): a button for each command that answers it
  // (decision.options) which the server lists now for a player who decides it and this screen acts
  // for, sent as listed; a command with fields left to the player (an amount) needs its own renderer.
  answers(p, state) {
    const decision = state.decision;
    if (decision?.kind !== p.kind) return [];
    const options = new Set(decision.options || []);
    const out = [];
    for (const who of (decision.players || []).filter((player) => this.mine(player))) {
      const entries = legalFor(state, who).filter((e) => options.has(e.command.do) && !e.free);
      const suffix = this.mode === "shared" ? `-${who}` : "";
      const buttons = entries.map((entry, i) => this.button(commandLabel(entry, this.board),
        `action-answer-${entry.command.do.replaceAll("_", "-")}${suffix}`, entry.command, who,
        { ...(i === 0 ? { class: "primary" } : {}), "data-player": who, "data-command": JSON.stringify(entry.command) }));
      if (buttons.length) {
        out.push(h("div", { class: "actions", "data-answers": who },
          this.mode === "shared" ? h("span", { class: "bidder" }, tokenEl(state, who), h("span", {}, who)) : null, buttons));
      }
    }
    return out;
  }

  render_buy(p, state) {
    if (!this.mine(p.player)) return [];
    const buy = allowed(state, p.player, { do: "buy" });
    const decline = allowed(state, p.player, { do: "decline" });
    return [h("div", { class: "actions" },
      buy ? this.button(t("action.buy", { price: money(Math.abs(buy.cash || p.price)) }), "action-buy", buy.command, p.player, { class: "primary" }) : null,
      decline ? this.button(t("action.decline"), "action-decline", decline.command, p.player) : null)];
  }

  render_auction(p, state) {
    const clock = state.auction_clock;
    const out = [
      h("p", { class: "auction-high", "data-test": "auction-high-bid", "data-amount": p.high_bid || 0, "data-bidder": p.high_bidder || "" },
        p.high_bidder ? t("decision.high_bid", { amount: money(p.high_bid), player: p.high_bidder }) : t("decision.no_bids")),
      h("p", { class: "auction-bidders", "data-test": "auction-bidders" }, t("decision.bidders", { players: (p.bidders || []).join(", ") })),
      clock ? h("div", {
        class: "countdown", role: "timer", "data-test": "auction-countdown", "data-deadline": clock.deadline, "data-phase": clock.phase || "bidding",
        "data-total": clock.phase === "opening" ? clock.opening : clock.seconds,
      },
      h("span", { class: "countdown-bar", "aria-hidden": "true" }, h("span", { class: "countdown-fill" })),
      h("span", { class: "countdown-text" })) : null,
      clock ? auctionWait(clock) : null,
    ];
    if (p.queued) out.push(h("p", { class: "muted" }, t("decision.queued", { n: p.queued })));
    const shared = this.mode === "shared";
    for (const bidder of (p.bidders || []).filter((b) => this.mine(b))) {
      const suffix = shared ? `-${bidder}` : "";
      // The bids the rules take from this bidder (a building: per lot it could stand on).
      const bids = legalFor(state, bidder).filter((e) => e.command.do === "bid");
      const low = bids.length ? Math.min(...bids.map((e) => e.free.amount[0])) : 0;
      const high = bids.length ? Math.max(...bids.map((e) => e.free.amount[1])) : 0;
      const pass = allowed(state, bidder, { do: "pass" });
      let where = null;
      if (!p.square && bids.length) {
        where = h("select", { "data-test": `bid-square${suffix}`, "aria-label": t("action.build_on") },
          bids.map((e) => h("option", { value: e.command.square, selected: e.command.square === p.build_on }, squareName(this.board, e.command.square))));
      }
      const bid = (amount) => () => ({ ...(where ? { square: where.value } : {}), do: "bid", player: bidder, amount });
      const step = (n) => {
        const amount = (p.high_bid || 0) + n;
        return amount >= low && amount <= high
          ? this.button(t("action.bid_plus", { amount: money(amount) }), `action-bid-${n}${suffix}`, bid(amount), bidder, { class: "primary" }) : null;
      };
      let custom = null;
      if (!shared && bids.length) {
        const input = h("input", {
          type: "number", min: low, max: high, step: 1, inputmode: "numeric", "data-test": `bid-amount${suffix}`, "data-keep": `bid-${bidder}`,
          "aria-label": t("action.bid_amount", { player: bidder }), placeholder: String(low), class: "bid-input",
        });
        const unit = h("span", { class: "unit", "aria-hidden": "true" }, money(0).replace(/[\d\s.,]/g, "")); // "<sign> [ 60 ]"
        custom = [h("span", { class: "with-unit" }, unit, input), this.button(t("action.bid"), `action-bid-custom${suffix}`, () => {
          const amount = parseInt(input.value, 10);
          return bid(Number.isFinite(amount) ? amount : low)();
        }, bidder)];
      }
      const buttons = [bids.length ? step(10) : null, bids.length ? step(50) : null, where, custom,
        pass ? this.button(t("action.pass"), `action-pass${suffix}`, pass.command, bidder) : null].flat().filter(Boolean);
      const note = bidder === p.high_bidder ? h("span", { class: "muted" }, t("decision.you_lead")) : null;
      out.push(h("div", { class: "actions bid-row", "data-bidder": bidder },
        shared ? h("span", { class: "bidder" }, tokenEl(state, bidder), h("span", {}, bidder)) : null, buttons, note));
    }
    return out;
  }

  tick() {
    const box = this.el.querySelector(".countdown");
    if (!box) return;
    const total = Number(box.dataset.total) * 1000;
    const left = Math.max(0, Number(box.dataset.deadline) - tableNow());
    const seconds = Math.ceil(left / 1000);
    box.dataset.seconds = String(seconds);
    const running = box.dataset.phase === "opening" ? "auction.countdown_opening" : "decision.countdown";
    box.querySelector(".countdown-text").textContent = seconds > 0 ? t(running, { n: seconds }) : t("decision.countdown_over");
    box.querySelector(".countdown-fill").style.width = `${Math.min(100, (left / total) * 100)}%`;
  }

  render_choice(p, state) {
    if (!this.mine(p.player)) return [];
    const choices = legalFor(state, p.player).filter((e) => e.command.do === "choose");
    return [h("div", { class: "actions" }, choices.map((entry) =>
      this.button(optionLabel(entry, p), `action-choose-${entry.command.option}`, entry.command, p.player)))];
  }

  render_draw(p, state) {
    const deck = this.board.decks?.[p.deck];
    const out = [h("p", { class: "muted" }, t("decision.draw_hint", { deck: deckName(this.board, p.deck) }))];
    const drawable = new Set(legalFor(state, p.player).filter((e) => e.command.do === "draw").map((e) => e.command.card));
    if (this.mine(p.player) && deck && drawable.size) {
      const select = h("select", { "data-test": "draw-card", "aria-label": t("action.card_drawn") },
        deck.cards.filter((card, i) => drawable.has(card.number ?? i + 1))
          .map((card, i) => h("option", { value: card.number ?? i + 1 }, `${card.number ?? i + 1}. ${local(card.text)}`)));
      out.push(h("div", { class: "actions" }, select,
        this.button(t("action.draw"), "action-draw", () => ({ do: "draw", player: p.player, deck: p.deck, card: parseInt(select.value, 10) }), p.player)));
    }
    return out;
  }

  render_debt(p, state) {
    const out = [];
    // The engine's sentence: how much, to whom, and the quickest ways the rules allow now.
    const advice = state.decision?.advice?.[lang()] || state.decision?.advice?.en;
    if (advice && this.mine(p.player)) out.push(h("p", { class: "debt-advice", "data-test": "debt-advice" }, advice));
    if (p.count > 1) out.push(h("p", { class: "muted" }, t("decision.more_debts", { n: p.count - 1 })));
    if (this.openSeat) {
      const computer = new Set((state.players || []).filter((x) => x.computer).map((x) => x.name)); // the table plays them
      const debtors = (state.decision?.players || [p.player]).filter((who) => !computer.has(who));
      out.push(h("div", { class: "actions" }, debtors.map((who) => h("button", {
        type: "button", class: "primary", "data-test": `open-seat-debt-${who}`, onclick: () => this.openSeat(who),
      }, tokenEl(state, who), h("span", {}, t("seat.raise", { player: who }))))));
    } else {
      out.push(h("p", { class: "muted" }, p.player === this.me() ? t("decision.debt_hint_mine") : t("decision.debt_hint")));
    }
    return out;
  }

  render_trade(p, state) {
    return tradeOffer(p, state, { board: this.board, act: this.act, mine: (player) => this.mine(player), counter: this.counter });
  }

  render_rent_claim(p, state) {
    const out = [h("p", { class: "rent-claim" },
      t("decision.rent_claim", { ...personArgs("player", p.player, state), ...personArgs("payer", p.payer, state), amount: money(p.amount), ...squareArgs("square", this.board, p.square, squareName(this.board, p.square)) }))];
    const claim = allowed(state, p.player, { do: "claim_rent" });
    if (this.mine(p.player) && claim) {
      out.push(h("div", { class: "actions" },
        this.button(t("action.claim_rent", { amount: money(p.amount) }), "action-claim-rent", claim.command, p.player, { class: "primary" })));
    }
    return out;
  }
}

// The auction's "wait": any screen gives everyone the opening wait again, once per auction
// (POST /api/auction/wait); once it is used every screen says so.
function auctionWait(clock) {
  if (clock.waited) return h("p", { class: "muted", "data-test": "auction-waited" }, t("auction.waited"));
  return h("div", { class: "actions" }, h("button", {
    type: "button", "data-test": "auction-wait",
    onclick: async (e) => {
      e.currentTarget.disabled = true;
      try {
        const answer = await post("/api/auction/wait", {});
        if (answer?.state) applyState(answer.state);
        toast(t("auction.wait_given"), "ok");
      } catch { /* toasted */ }
    },
  }, t("auction.wait")));
}
