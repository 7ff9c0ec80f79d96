// A phone's personal banner: what just happened to its player, from the story lines the table
// pushes after each stored command (event: feed): money in or out with the amount and the
// sentence that says why and with whom, the card they drew (its text, big), jail, an auction won.
// A banner goes when its moment has passed: when the turn passes to another player, at the next
// banner or a tap on it, and (but a card's, whose text may take longer to act on) after a while.
// (The page's optional sounds for money in and out are player.js's, from the cash itself.)

import { currentState, onState } from "./api.js";
import { lang } from "./i18n.js";
import { h, money } from "./ui.js";

const STAYS = 15000; // long enough to read twice at the table
const ABOUT_ME = new Set(["card.draws", "jail.goes", "auction.wins"]);

const words = (texts) => texts?.[lang()] || texts?.en || "";

export class PersonalBanners {
  // el: the banner's place (role=status); me(): this screen's player.
  constructor(el, { me }) {
    this.el = el;
    this.me = me;
    this.timer = 0;
    this.turn = undefined; // the game and turn the banner shown was news in
    el.addEventListener("click", () => this.hide());
    window.addEventListener("feed", (e) => this.pushed(e.detail));
    // A feed event comes straight after its state: a state with another turn (or game) is later.
    onState((state) => { if (this.turn !== undefined && turnOf(state) !== this.turn) this.hide(); });
  }

  // The lines of one stored command that are about this screen's player.
  mine(items) {
    const me = this.me();
    if (!me) return [];
    return (items || []).filter((item) => (item.kind === "money" && (item.from === me || item.to === me))
      || (item.kind === "event" && item.player === me && ABOUT_ME.has(item.key)));
  }

  pushed(data) {
    if (data.reset) return;
    const items = this.mine(data.items);
    if (!items.length) return;
    this.show(items);
  }

  show(items) {
    const me = this.me();
    let net = 0;
    const lines = [];
    let card = null;
    let kind = "event";
    for (const item of items) {
      if (item.kind === "money") {
        const amount = item.to === me ? item.amount : -item.amount;
        net += amount;
        kind = amount < 0 ? "out" : "in";
        lines.push(h("li", { class: `banner-line banner-${amount < 0 ? "out" : "in"}`, "data-test": "banner-line", "data-key": item.key, "data-amount": amount },
          h("span", { class: "banner-amount" }, `${amount < 0 ? "−" : "+"}${money(Math.abs(amount))}`),
          h("span", {}, words(item.text))));
      } else if (item.key === "card.draws" && item.card) {
        card = h("div", { class: "banner-card", "data-test": "banner-card" },
          h("span", { class: "banner-deck" }, words(item.deck)), h("p", { class: "banner-card-text" }, words(item.card)));
      } else {
        lines.push(h("li", { class: "banner-line banner-news", "data-test": "banner-line", "data-key": item.key }, words(item.text)));
      }
    }
    const jailed = items.some((i) => i.key === "jail.goes");
    this.el.dataset.kind = card ? "card" : jailed ? "jail" : items.some((i) => i.kind === "money") ? (net < 0 ? "out" : "in") : kind;
    this.el.replaceChildren(card || "", h("ul", { class: "banner-lines" }, lines));
    this.el.hidden = false;
    clearTimeout(this.timer);
    if (!card) this.timer = setTimeout(() => this.hide(), STAYS);
    this.turn = turnOf(currentState());
  }

  hide() {
    clearTimeout(this.timer);
    this.turn = undefined;
    this.el.hidden = true;
    this.el.replaceChildren();
  }
}

const turnOf = (state) => `${state?.game ?? ""} ${state?.turn ?? ""}`;
