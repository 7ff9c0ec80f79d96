// The Table page's prompts for a computer player (issue 41): its piece, deeds, houses and cards
// are real, and the people move them, so the table says what to move, large, at the top ("Move
// Robo's car to" a square), in the words the server sends (`words`: English and Russian). With
// [computer] confirm = "act" a Done button says it is done (POST /api/computer/confirm: the
// table's own screens); with "seconds" the computer goes on by itself. From GET
// /api/computer/prompts and the `prompts` notice the table pushes whenever they change.

import { currentState, noticed, post, showError, whenOpen } from "./api.js";
import { lang, t } from "./i18n.js";
import { tokenEl } from "./pieces.js";
import { clear, h } from "./ui.js";

const said = (words) => (words && (words[lang()] || words.en)) || "";

export class PromptsPanel {
  constructor(el) {
    this.el = el;
    this.data = { prompts: [], confirm: "seconds" };
    this.ask = noticed("prompts", "/api/computer/prompts", (data) => this.update(data));
    whenOpen(() => this.load());
    window.addEventListener("gamechange", () => this.load());
    window.addEventListener("langchange", () => this.render());
  }

  async load() {
    try {
      await this.ask();
    } catch { /* a table that does not say (yet): the panel stays as it was */ }
  }

  update(data) {
    if (!data || !Array.isArray(data.prompts)) return;
    this.data = data;
    this.render();
  }

  render() {
    const { prompts, confirm } = this.data;
    this.el.hidden = !prompts.length;
    if (!prompts.length) { clear(this.el); return; }
    const state = currentState();
    const act = confirm === "act";
    clear(this.el,
      h("h2", { class: "prompts-title" }, t("prompts.title")),
      h("ol", { class: "prompts-list", "data-test": "prompts-list" }, prompts.map((p) => h("li", {
        class: "prompt", "data-test": "prompt", "data-kind": p.kind, "data-player": p.player, "data-id": p.id,
      }, state ? tokenEl(state, p.player) : null, h("span", { class: "prompt-text" }, said(p.words))))),
      act ? h("button", { type: "button", class: "primary prompts-done", "data-test": "prompts-done",
        onclick: () => this.done() }, t("prompts.done")) : null,
      h("p", { class: "muted prompts-hint", "data-test": "prompts-hint" },
        t(act ? "prompts.hint_act" : "prompts.hint_seconds")));
  }

  async done() {
    try {
      await post("/api/computer/confirm", {}, { quiet: true });
    } catch (err) {
      showError(err);
    }
    this.load();
  }
}
