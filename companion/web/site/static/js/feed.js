// The story of the game (the Table page's feed): every money movement and event in words, in this
// screen's language, newest first. Read whole from /api/feed (so it is there after a reload, and
// right after an undo), then kept up with the `feed` events that follow each stored command.
// The lines come in the engine's order and stay in it; shown newest first, each turn's heading
// ("Bob's turn") stands above that turn's own lines, not below them. A computer seat's moves
// (items marked `computer`) end in "(computer)".

import { get } from "./api.js";
import { lang, t } from "./i18n.js";
import { h, placeChildren } from "./ui.js";

export class FeedView {
  constructor(ol, keep = 60) {
    this.ol = ol;
    this.keep = keep;
    this.items = [];
    this.game = null;
    this.seq = -1;
    this.loading = null;
    window.addEventListener("feed", (e) => this.pushed(e.detail));
    window.addEventListener("langchange", () => this.render());
    this.load();
  }

  async load() {
    const asked = (this.loading = get(`/api/feed?limit=${this.keep}`, { quiet: true }).catch(() => null));
    const answer = await asked;
    if (asked !== this.loading || !answer) return;
    this.loading = null;
    this.game = answer.game;
    this.seq = answer.seq;
    this.items = answer.items || [];
    this.render();
  }

  pushed(data) {
    if (this.loading) return this.load(); // the answer on its way may already be out of date
    if (data.reset || data.game !== this.game || data.after !== this.seq) return this.load();
    this.seq = data.seq;
    this.items = this.items.concat(data.items || []).slice(-this.keep);
    this.render();
  }

  // Each line is drawn once and kept while the story shows it (the same line in the same
  // language): a command adds its lines at the top and the rest stay as they were.
  render() {
    const language = lang();
    const drawn = this.drawn || new Map();
    this.drawn = new Map();
    const lines = newestFirst(this.items).map((item) => {
      const key = `${language}\n${JSON.stringify(item)}`;
      const li = drawn.get(key) || this.line(item);
      drawn.delete(key); // a line given twice is drawn twice
      this.drawn.set(key, li);
      return li;
    });
    placeChildren(this.ol, lines);
  }

  line(item) {
    return h("li", {
      class: `feed-${item.kind}`, "data-test": "feed-item", "data-kind": item.kind, "data-seq": item.seq,
      "data-amount": item.amount ?? null, "data-computer": item.computer ? "true" : null,
    }, item.text?.[lang()] || item.text?.en || "",
    item.computer ? h("span", { class: "feed-computer muted", "data-test": "feed-computer" }, ` ${t("computer.story")}`) : null);
  }
}

// The story newest first, a turn at a time: the newest turn on top, its heading first, then its
// lines from the newest back (the exact reverse of the engine's order, heading apart).
export function newestFirst(items) {
  const turns = [[]];
  for (const item of items) {
    if (item.kind === "turn") turns.push([]);
    turns[turns.length - 1].push(item);
  }
  return turns.reverse().flatMap((turn) => {
    const heading = turn[0]?.kind === "turn" ? [turn[0]] : [];
    return heading.concat(turn.slice(heading.length).reverse());
  });
}
