// The end of the game, told on the Table page: who won, everyone ranked by net worth, the chart
// of cash over the game, and the biggest rents paid (from the story's money lines).

import { get } from "./api.js";
import { drawChart, legend } from "./chartdraw.js";
import { lang, t } from "./i18n.js";
import { Reader } from "./paged.js";
import { tokenEl } from "./pieces.js";
import { clear, h, money } from "./ui.js";

const chartRead = new Reader("/api/chart", "points"); // kept: each new look reads only what came after

export class WinnerView {
  constructor(section) {
    this.section = section;
    this.shownFor = null;
  }

  async update(state) {
    const over = Boolean(state?.game && (state.winner || (state.ranking && !state.turn)));
    this.section.hidden = !over;
    document.body.classList.toggle("is-over", over);
    if (!over) { this.shownFor = null; return; }
    const key = `${state.game}:${state.seq}:${lang()}`;
    if (key === this.shownFor) return;
    this.shownFor = key;
    let chart = null;
    let story = [];
    try {
      [chart, story] = await Promise.all([chartRead.more().then(() => ({ players: chartRead.last?.players || [], points: chartRead.rows })), get("/api/feed?limit=100000", { quiet: true }).then((a) => a.items || [])]);
    } catch { /* what the state alone says */ }
    if (key !== this.shownFor) return;
    const rents = story.filter((i) => i.kind === "money" && i.key === "why.rent").sort((a, b) => b.amount - a.amount).slice(0, 3);
    const box = h("div", { class: "chart-box" });
    clear(this.section,
      h("div", { class: "winner-grid" },
        h("h1", { class: "winner-title", "data-test": "winner-title" }, state.winner ? t("decision.winner", { player: state.winner }) : t("decision.over")),
        h("div", {},
          h("h3", {}, t("over.ranking")),
          h("ol", { class: "ranking", "data-test": "final-ranking" }, (state.ranking || []).map((r, i) =>
            h("li", { "data-player": r.name, class: i === 0 ? "is-first" : "" }, tokenEl(state, r.name), h("span", { class: "rank-name" }, r.name), h("span", { class: "num" }, money(r.net_worth))))),
          h("h3", {}, t("over.biggest_rents")),
          rents.length ? h("ol", { class: "rents", "data-test": "biggest-rents" }, rents.map((r) => h("li", {}, r.text[lang()] || r.text.en)))
            : h("p", { class: "muted" }, t("over.no_rents"))),
        h("figure", { class: "chart-figure", "data-test": "final-chart" }, box, h("figcaption", {}, h("ul", { class: "legend" }, legend(chart, state))))));
    if (chart?.players?.length) box.append(drawChart(chart, state, { width: Math.max(320, box.clientWidth || 600), height: 300, idPrefix: "final" }));
  }
}
