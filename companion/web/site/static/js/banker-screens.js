// The banker's Screens panel: every screen that plays for a player, banks or is the table's own, grouped by player
// (GET /api/banker/screens), each with its label, browser, how and when it was paired, when it was
// last seen, and a Revoke button (POST /api/banker/screens/<id>/revoke, after a confirmation).

import { currentState, get, post, session } from "./api.js";
import { lang, t } from "./i18n.js";
import { tokenEl } from "./pieces.js";
import { browserName, capitalised, labelText } from "./screennames.js";
import { clear, confirmDialog, dateTimeText, h, slug, toast } from "./ui.js";

const REFRESH_MS = 20000; // "last seen" and "connected" stay fresh while the panel is on show

// "12 seconds ago", "3 minutes ago" in the screen's language (the browser knows the grammar).
export function ago(seconds) {
  if (!seconds) return t("screens.never");
  const past = Math.max(0, Date.now() / 1000 - seconds);
  const words = new Intl.RelativeTimeFormat(lang(), { numeric: "auto" });
  if (past < 10) return t("screens.just_now");
  if (past < 90) return words.format(-Math.round(past), "second");
  if (past < 90 * 60) return words.format(-Math.round(past / 60), "minute");
  if (past < 36 * 3600) return words.format(-Math.round(past / 3600), "hour");
  return words.format(-Math.round(past / 86400), "day");
}

// A screen's short name: the label the table gives it ("screen 3"), else the start of its id.
export const screenLabel = (screen) => (screen.label ? labelText(screen.label) : t("screens.unnamed", { id: String(screen.screen).slice(0, 6) }));

export class ScreensPanel {
  constructor(el) {
    this.el = el;
    this.screens = null; // the last list, or null before the first
    this.timer = 0;
    window.addEventListener("notice", (e) => {
      // a new pairing; "unpaired"/"revoked", should the table ever announce those too
      if (["paired", "unpaired", "revoked"].includes(e.detail?.type)) this.load();
    });
    window.addEventListener("gamechange", () => this.load());
    window.addEventListener("langchange", () => this.render());
    document.addEventListener("visibilitychange", () => { if (!document.hidden) this.load(); });
  }

  async load() {
    clearTimeout(this.timer);
    if (!session.banker) return;
    try {
      this.screens = (await get("/api/banker/screens", { quiet: true })).screens || [];
    } catch { /* the last list stays */ }
    this.render();
    this.timer = setTimeout(() => { if (!document.hidden) this.load(); }, REFRESH_MS);
  }

  // The players of the game in seat order, each with their screens (or "no screen"), then
  // screens of names not in this game, then the screens that only bank.
  groups() {
    const state = currentState();
    const seats = (state?.players || []).map((p) => p.name);
    const byPlayer = new Map(seats.map((name) => [name, []]));
    const banking = [];
    const table = [];
    for (const screen of this.screens || []) {
      if (screen.player) {
        if (!byPlayer.has(screen.player)) byPlayer.set(screen.player, []);
        byPlayer.get(screen.player).push(screen);
      } else if (screen.banker) {
        banking.push(screen);
      } else if (screen.table) {
        table.push(screen);
      }
    }
    const groups = [...byPlayer].map(([name, screens]) => ({ key: name, name, screens, inGame: seats.includes(name) }));
    if (table.length) groups.push({ key: "table", name: t("screens.table_group"), screens: table, inGame: false });
    if (banking.length) groups.push({ key: "banker", name: t("screens.banker_group"), screens: banking, inGame: false });
    return groups;
  }

  render() {
    if (this.screens === null) return clear(this.el, h("p", { class: "muted" }, t("common.loading")));
    const state = currentState();
    const groups = this.groups();
    if (!groups.length) return clear(this.el, h("p", { class: "muted", "data-test": "screens-empty" }, t("screens.none")));
    clear(this.el, groups.map((group) => h("section", { class: "screens-group", "data-test": `screens-group-${slug(group.key)}`, "aria-label": group.name },
      h("h3", { class: "screens-group-head" },
        group.inGame ? tokenEl(state, group.name) : null,
        h("span", {}, group.name),
        !["banker", "table"].includes(group.key) && !group.inGame ? h("span", { class: "badge" }, t("screens.not_in_game")) : null),
      group.screens.length
        ? h("ul", { class: "screen-list" }, group.screens.map((screen) => this.row(screen)))
        : h("p", { class: "muted screens-none" }, t("screens.no_screen")))));
  }

  row(screen) {
    const label = screenLabel(screen);
    const browser = browserName(screen.agent);
    const how = screen.player
      ? t(screen.paired_by === "token" ? "screens.by_token" : "screens.by_banker")
      : t(screen.banker ? "screens.banks" : "screens.table_screen");
    const connected = screen.streams > 0;
    return h("li", {
      class: `screen-row${screen.this ? " is-this" : ""}`, "data-test": `screen-${screen.screen}`,
      "data-player": screen.player || "", "data-by": screen.paired_by || "", "data-this": String(Boolean(screen.this)),
    },
    h("div", { class: "screen-head" },
      h("span", { class: "screen-label" }, label),
      screen.this ? h("span", { class: "badge is-this-badge" }, t("screens.this")) : null,
      screen.player && screen.banker ? h("span", { class: "badge" }, t("screens.also_banker")) : null,
      h("span", { class: `screen-live${connected ? " is-live" : ""}` }, connected ? t("screens.connected") : t("screens.not_connected"))),
    h("div", { class: "screen-facts muted" },
      browser ? h("span", { title: screen.agent || null }, browser) : null,
      h("span", {}, how),
      h("span", {}, t("screens.since", { when: dateTimeText(screen.since) })),
      h("span", {}, t("screens.seen", { when: ago(screen.seen) }))),
    screen.this ? null : h("button", {
      type: "button", class: "small danger-outline", "data-test": `screen-revoke-${screen.screen}`,
      onclick: () => this.revoke(screen),
    }, t("screens.revoke")));
  }

  async revoke(screen) {
    const label = screenLabel(screen);
    const question = screen.player
      ? t("screens.revoke_player", { screen: label, player: screen.player })
      : t(screen.banker ? "screens.revoke_banker" : "screens.revoke_table", { screen: label });
    if (!(await confirmDialog(question, t("screens.revoke")))) return;
    try {
      await post(`/api/banker/screens/${encodeURIComponent(screen.screen)}/revoke`, {});
      toast(capitalised(t("screens.revoked", { screen: label })), "ok");
    } catch { /* toasted; the list says how things are */ }
    this.load();
  }
}
