// A screen waiting for a physical act at the table (pairing by a token, the banker's step) shows
// its code big; while a choice at the table is open, whether the table offers this screen's code
// now ("Now: tap your token again") or another screen's ("318: not this one, wait"), with the
// seconds the offer stands. The people compare the code with what the table offers, as with a
// Bluetooth pairing: the act again takes the code offered, never the screen that asked first.
// Throughout, the seconds the table still waits (the record's deadline); on a simulated table the
// banker's step is a button on the Virtual table, and the banker's wait says so, with its link.

import { session, tableNow } from "./api.js";
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
    this.deadline = null;
    this.ticker = 0;
    window.addEventListener("langchange", () => this.render());
  }

  show(record) {
    this.code = record?.code || null;
    this.offer = record?.offer || null;
    this.deadline = record?.deadline || null;
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
    this.deadline = null;
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
    // (the time left is told by the line itself, not read out each second)
    const total = this.deadline ? h("p", { class: "wait-deadline", "data-test": "wait-deadline", role: "timer", "aria-live": "off" }) : null;
    const simulated = this.act === "banker" && session.simulated
      ? h("p", { class: "wait-simulated", "data-test": "wait-simulated" }, t("wait.simulated_banker"), " ",
        h("a", { href: "/virtual", target: "_blank", rel: "noopener", "data-test": "wait-virtual-link" }, t("wait.open_virtual")))
      : null;
    clear(this.el,
      h("p", { class: "wait-code-label" }, t("wait.code_label")),
      h("p", { class: "wait-code", "data-test": "wait-code", "aria-label": this.code.split("").join(" ") }, this.code),
      line,
      total,
      simulated,
      h("p", { class: "wait-steps muted" }, this.act === "pair" ? t("wait.pair_steps") : t("wait.banker_steps", { hold: this.hold })));
    if (offer?.code) line.scrollIntoView({ block: "nearest" }); // what to do now is in sight
    const seconds = (until) => Math.max(0, Math.round((until - tableNow()) / 1000));
    const tick = () => {
      if (offer?.until && offer?.code) left.textContent = t("wait.left", { seconds: seconds(offer.until) });
      if (total) {
        const n = seconds(this.deadline);
        total.dataset.seconds = String(n);
        total.textContent = t("wait.deadline", { seconds: n });
      }
    };
    tick();
    if (total || (offer?.until && offer?.code)) this.ticker = setInterval(tick, 500);
  }
}
