// The Table page's card spotlight: each card drawn, big enough to read from across the table,
// with who drew it, until the next stored command or a few seconds (or a tap on it).

import { lang } from "./i18n.js";
import { tokenEl } from "./pieces.js";
import { h } from "./ui.js";

const STAYS = 12000;
const words = (texts) => texts?.[lang()] || texts?.en || "";

export class CardSpotlight {
  constructor(el, { state }) {
    this.el = el;
    this.state = state; // () => the state now (for the drawer's token)
    this.timer = 0;
    this.shown = null;
    el.addEventListener("click", () => this.hide());
    window.addEventListener("feed", (e) => this.pushed(e.detail));
    window.addEventListener("langchange", () => this.shown && this.show(this.shown));
  }

  pushed(data) {
    const card = (data.items || []).filter((item) => item.key === "card.draws" && item.card).pop();
    if (card) this.show(card);
    else this.hide();
  }

  show(item) {
    this.shown = item;
    const state = this.state();
    this.el.replaceChildren(
      h("p", { class: "spotlight-who" }, state && item.player ? tokenEl(state, item.player) : "", h("span", {}, item.player || ""),
        h("span", { class: "spotlight-deck" }, words(item.deck))),
      h("p", { class: "spotlight-text", "data-test": "spotlight-text" }, words(item.card)));
    this.el.hidden = false;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.hide(), STAYS);
  }

  hide() {
    clearTimeout(this.timer);
    this.shown = null;
    this.el.hidden = true;
  }
}
