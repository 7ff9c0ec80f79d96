// What the next token tap on the reader does, said in words, and every command or pairing that
// waits for a tap (what, for whom, which screen asked, the time left) until it is answered or
// runs out: from GET /api/taps and the `taps` notice the table pushes whenever that changes.
// The words are the table's (`words`: English and Russian); this module only lays them out.

import { noticed, session, tableNow, whenOpen } from "./api.js";
import { lang, t } from "./i18n.js";
import { labelText } from "./screennames.js";
import { clear, h } from "./ui.js";

const POLL_MS = 3000; // while the stream is not live (refused, or reconnecting), ask instead

const said = (words) => (words && (words[lang()] || words.en)) || "";

export class TapsView {
  // quiet(): whether, while nothing waits, the panel is one small line (a paired phone)
  constructor(el, { quiet = () => false } = {}) {
    this.el = el;
    this.quietWhen = quiet;
    this.taps = null; // {next, waiting}, or null before the table has said
    this.ticker = 0;
    this.poller = 0;
    this.ask = noticed("taps", "/api/taps", (data) => this.update(data));
    whenOpen(() => this.load());
    window.addEventListener("connection", (e) => this.connection(e.detail));
    window.addEventListener("gamechange", () => this.load());
    window.addEventListener("session", () => this.render()); // "this screen" may now be another label
    window.addEventListener("langchange", () => this.render());
    this.connection(document.getElementById("connection")?.dataset.state || "connecting");
  }

  async load() {
    try {
      await this.ask();
    } catch { /* a table that does not say (yet): the panel stays as it was */ }
  }

  // The live stream brings every change, and each of the page's polls brings a load (whenOpen);
  // while it only reconnects, ask every few seconds.
  connection(status) {
    clearInterval(this.poller);
    if (status !== "live" && status !== "polling") this.poller = setInterval(() => this.load(), POLL_MS);
  }

  update(taps) {
    if (!taps || !taps.next) return;
    this.taps = { next: taps.next, waiting: Array.isArray(taps.waiting) ? taps.waiting : [] };
    this.render();
  }

  waiting() {
    const now = tableNow();
    return (this.taps?.waiting || []).filter((w) => !w.deadline || w.deadline > now);
  }

  render() {
    clearInterval(this.ticker);
    if (!this.taps) { this.el.hidden = true; return; }
    this.el.hidden = false;
    const { next } = this.taps;
    const waiting = this.waiting();
    // a player's own phone with nothing waiting: one quiet line, out of the way of their moves
    this.el.classList.toggle("is-quiet", this.quietWhen() && !waiting.length && (next.kind || "none") === "none");
    clear(this.el,
      h("h2", { class: "taps-title" }, t("taps.title")),
      h("p", { class: "next-tap", "data-test": "next-tap", "data-kind": next.kind || "none" },
        h("span", { class: "tap-mark", "aria-hidden": "true" }), h("span", { class: "next-tap-text" }, said(next.words) || t("taps.unknown"))),
      waiting.length ? h("div", { class: "tap-waits-box" },
        h("h3", { class: "tap-waits-title" }, t("taps.waiting", { n: waiting.length })),
        h("ul", { class: "tap-waits", "data-test": "tap-waiting" }, waiting.map((w) => this.row(w)))) : null);
    if (waiting.length) this.ticker = setInterval(() => this.tick(), 1000);
  }

  row(w) {
    const mine = Boolean(session.label) && w.screen === session.label;
    return h("li", {
      class: `tap-wait${mine ? " is-mine" : ""}`, "data-test": "tap-wait", "data-kind": w.kind,
      "data-request": w.request, "data-player": w.player || "",
    },
    h("span", { class: "tap-wait-what", "data-test": "tap-wait-what" }, said(w.words)),
    h("span", { class: "tap-wait-facts muted" },
      h("span", {}, w.player ? t("taps.for", { player: w.player }) : t("taps.any_token")),
      w.screen ? h("span", {}, mine ? t("taps.from_this", { screen: labelText(w.screen) }) : t("taps.from", { screen: labelText(w.screen) })) : null,
      w.deadline ? left(h("span", { class: "tap-left", "data-test": "tap-left", "data-deadline": w.deadline })) : null));
  }

  // Each second: the time left; a wait whose time is up leaves the list (the table says so too).
  tick() {
    const rows = this.el.querySelectorAll("[data-test=tap-left]");
    if (this.waiting().length !== this.el.querySelectorAll("[data-test=tap-wait]").length) return this.render();
    for (const el of rows) left(el);
  }
}

// The seconds left until the table's deadline, in words and as data-seconds.
function left(el) {
  const seconds = Math.max(0, Math.round((Number(el.dataset.deadline) - tableNow()) / 1000));
  el.dataset.seconds = String(seconds);
  el.textContent = t("taps.left", { seconds });
  return el;
}
