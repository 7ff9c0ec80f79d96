// The people's choice at the table (issue 36), on the table's own screen and the banker's: a token
// tapped (or the banker's step) with screens waiting for it opens a choice among them, and here
// every waiting screen's code is a button: the person whose screen shows that code touches it.
// From GET /api/choices and the `choice` notice, which only these screens receive.

import { noticed, post, session, showError, whenOpen } from "./api.js";
import { t } from "./i18n.js";
import { personArgs } from "./persons.js";
import { clear, h } from "./ui.js";

export class ChoicePanel {
  constructor(el) {
    this.el = el;
    this.choices = [];
    this.ask = noticed("choice", "/api/choices", (data) => this.update(data));
    this.asked = this.atTable; // whether this screen was the table's when last asked
    whenOpen(() => this.load());
    // (the stream tells a screen its session each time it opens: asked again only when that changed)
    window.addEventListener("session", () => { if (this.atTable !== this.asked) this.load(); });
    window.addEventListener("langchange", () => this.render());
  }

  get atTable() {
    return Boolean(session.table || session.banker);
  }

  async load() {
    this.asked = this.atTable;
    if (!this.atTable) { this.update({ choices: [] }); return; }
    try {
      await this.ask();
    } catch { /* not (or no longer) the table's screen */ }
  }

  update(data) {
    this.choices = Array.isArray(data?.choices) ? data.choices : [];
    this.render();
  }

  render() {
    const shown = this.atTable ? this.choices : [];
    this.el.hidden = !shown.length;
    clear(this.el, shown.map((choice) => this.one(choice)));
  }

  one(choice) {
    const title = choice.act === "pair" ? t("choice.pair_title", personArgs("player", choice.player))
      : t("choice.banker_title");
    const pick = async (code) => {
      try {
        await post(`/api/choices/${encodeURIComponent(choice.choice)}`, { code }, { quiet: true });
      } catch (err) {
        showError(err);
      }
      this.load();
    };
    return h("div", { class: "choice", "data-test": "choice", "data-act": choice.act, "data-player": choice.player || "" },
      h("h2", { class: "choice-title" }, title),
      h("p", { class: "muted" }, choice.act === "pair" ? t("choice.pair_hint", personArgs("player", choice.player)) : t("choice.banker_hint")),
      h("div", { class: "choice-codes" }, choice.codes.map((c) => h("button", {
        type: "button", class: `choice-code${c.code === choice.offered ? " is-offered" : ""}`, "data-test": "choice-code",
        "data-code": c.code, "aria-label": t("choice.pick", { code: c.code.split("").join(" ") }),
        onclick: () => pick(c.code),
      }, c.code))),
      h("button", { type: "button", class: "small", "data-test": "choice-none", onclick: () => pick(null) }, t("choice.none")));
  }
}
