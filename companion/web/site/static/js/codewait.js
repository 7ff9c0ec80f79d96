// A screen waiting for a physical act at the table (pairing by a token, the banker's step) shows
// its code big; while a choice at the table is open, whether the table offers this screen's code
// now ("Now: tap your token again") or another screen's ("318: not this one, wait"), with the
// seconds the offer stands. The people compare the code with what the table offers, as with a
// Bluetooth pairing: the act again takes the code offered, never the screen that asked first.

import { tableNow } from "./api.js";
import { t } from "./i18n.js";
import { personArgs } from "./persons.js";
import { clear, h } from "./ui.js";

export class CodeWait {
  // el: where it is drawn; act: "pair" (a token) or "banker" (the banker's tag, the dice button)
  constructor(el, { act, hold = 6 }) {
    this.el = el;
    this.act = act;
    this.hold = hold;
    this.code = null;
    this.offer = null;
    this.ticker = 0;
    window.addEventListener("langchange", () => this.render());
  }

  show(record) {
    this.code = record?.code || null;
    this.offer = record?.offer || null;
    this.render();
  }

  offered(offer) {
    const yoursBefore = Boolean(this.offer?.yours);
    this.offer = offer;
    if (offer?.yours && !yoursBefore) navigator.vibrate?.(200); // a phone in a pocket feels its turn
    this.render();
  }

  done() {
    clearInterval(this.ticker);
    clearTimeout(this.soon);
    this.code = null;
    this.offer = null;
    clear(this.el);
    this.el.hidden = true;
  }

  render() {
    clearInterval(this.ticker);
    clearTimeout(this.soon);
    if (!this.code) return this.done();
    this.el.hidden = false;
    const offer = this.offer;
    // "Now" only from the moment the act again counts (just after the offer changed, it does not).
    const early = Boolean(offer?.yours && offer.ready && offer.ready > tableNow());
    const yours = Boolean(offer?.yours) && !early;
    let said;
    if (!offer || !offer.code) said = t("wait.waiting");
    else if (early) said = t("wait.next", { code: this.code });
    else if (yours) said = this.act === "pair" ? t("wait.yours_pair", { ...personArgs("player", offer.player), code: this.code })
      : t("wait.yours_banker", { code: this.code });
    else said = t("wait.other", { code: offer.code, mine: this.code });
    if (early) this.soon = setTimeout(() => this.render(), offer.ready - tableNow() + 50);
    const left = h("span", { class: "wait-left", "data-test": "wait-left" });
    const line = h("p", { class: `wait-offer${yours ? " is-yours" : ""}`, "data-test": "wait-offer", "data-yours": String(yours), role: "status", "aria-live": "assertive" },
      said, offer?.until && offer?.code ? [" ", left] : null);
    clear(this.el,
      h("p", { class: "wait-code-label" }, t("wait.code_label")),
      h("p", { class: "wait-code", "data-test": "wait-code", "aria-label": this.code.split("").join(" ") }, this.code),
      line,
      h("p", { class: "wait-steps muted" }, this.act === "pair" ? t("wait.pair_steps") : t("wait.banker_steps", { hold: this.hold })));
    if (offer?.code) line.scrollIntoView({ block: "nearest" }); // what to do now is in sight
    if (offer?.until && offer?.code) {
      const tick = () => {
        const seconds = Math.max(0, Math.round((offer.until - tableNow()) / 1000));
        left.textContent = t("wait.left", { seconds });
      };
      tick();
      this.ticker = setInterval(tick, 500);
    }
  }
}
