// The banker's Tags section: enrol a whole set (each deed, token and, asked for, card in turn, with
// progress and the last one undone), redo one tag alone (a damaged sticker), or give an unknown
// tag its meaning when it is tapped. The table runs the enrolment (POST /api/banker/enrolment);
// while it runs every tap on the reader goes to it, and this page polls for what it became.
// Deeds and cards are a board's: the game's while one is at the table, else the board chosen here
// (any edition the table knows, a family's file too); the status names each deed and deck.

import { get, post, session } from "./api.js";
import { deckName, loadBoard, squareName } from "./board.js";
import { local, t } from "./i18n.js";
import { clear, confirmDialog, h, toast } from "./ui.js";
import { openSection } from "./banker-sections.js";

const POLL_MS = 500;
const PATH = "/api/banker/enrolment";

// What a tag stands for, in words: the deed's name, "the <piece> token", "<deck> card 3", "the banker's tag"
// (names: the enrolled board's deeds and decks by language, from the status, when it is not the page's board).
export function meaningText(board, meaning, names) {
  if (meaning === "banker") return t("enrol.banker_tag");
  const [kind, value = "", number = ""] = meaning.split(":");
  if (kind === "deed") return names?.[meaning] ? local(names[meaning]) : squareName(board, value);
  if (kind === "token") return t("enrol.token", { piece: t(`piece.${value}`) });
  if (kind === "card") {
    const deck = names?.[`deck:${value}`] ? local(names[`deck:${value}`]) : deckName(board, value);
    return t("enrol.card", { deck, n: number });
  }
  return meaning;
}

export class EnrolPanel {
  constructor(el) {
    this.el = el;
    this.status = null;
    this.board = null;
    this.unknown = null; // the UID of an unknown tag just tapped, offered to be enrolled
    this.edition = null; // the board chosen while no game is at the table (null: the table's default)
    this.timer = 0;
    window.addEventListener("notice", (e) => {
      if (e.detail?.type === "refused" && ["unknown_tag", "other_board"].includes(e.detail.kind) && session.banker) {
        this.unknown = e.detail.uid;
        openSection("tags");
        this.render();
        this.el.querySelector("[data-test=enrol-unknown]")?.scrollIntoView({ block: "center" });
      }
    });
    window.addEventListener("langchange", () => this.render());
  }

  async load() {
    clearTimeout(this.timer);
    if (!session.banker) return;
    if (!this.board) this.board = await loadBoard().catch(() => null);
    const asked = this.edition ? `?edition=${encodeURIComponent(this.edition)}` : "";
    try { this.status = await get(PATH + asked, { quiet: true }); } catch {
      if (this.edition) { this.edition = null; return this.load(); } // a game came, or the file went
      /* the last one stays */
    }
    if (this.status?.game_edition) this.edition = null; // a game at the table: its board
    this.render();
    if (this.status?.enrolment?.running) this.timer = setTimeout(() => this.load(), POLL_MS);
  }

  async send(path, body) {
    const board = path === PATH && this.edition && !this.status?.game_edition ? { edition: this.edition } : {};
    try { this.status = await post(path, { ...body, ...board }); } catch { return false; }
    this.render();
    this.load();
    return true;
  }

  render() {
    const s = this.status;
    if (!s || !this.board) return;
    const run = s.enrolment;
    const missing = s.meanings.filter((m) => !m.enrolled && !m.meaning.startsWith("card:")).length;
    const parts = [h("p", { "data-test": "enrol-count" }, t("enrol.count", { n: s.tags, missing }))];
    if (this.unknown) parts.push(this.unknownBox());
    if (run?.running) parts.push(this.runBox(run));
    else {
      if (run && run.done) parts.push(h("p", { class: "ok-text", role: "status", "data-test": "enrol-finished" },
        run.stopped ? t("enrol.stopped", { done: run.done, steps: run.steps }) : t("enrol.finished", { done: run.done })));
      parts.push(this.startBox(s));
    }
    clear(this.el, ...parts);
  }

  runBox(run) {
    const last = run.last || {};
    const said = last.outcome === "in_use" ? t("enrol.in_use", { what: meaningText(this.board, last.meaning, this.status?.names) })
      : last.outcome === "enrolled" ? t("enrol.saved", { what: meaningText(this.board, last.meaning, this.status?.names) })
      : last.outcome === "undone" ? t("enrol.undone", { what: meaningText(this.board, last.meaning, this.status?.names) })
      : last.outcome === "bad_uid" ? t("enrol.bad_uid") : "";
    const number = run.done + 1;
    return h("div", { class: "enrol-run", "data-test": "enrol-run", "data-meaning": run.meaning },
      h("p", { class: "enrol-ask", "data-test": "enrol-ask" },
        t("enrol.tap", { what: meaningText(this.board, run.meaning, this.status?.names) })),
      h("label", { for: "enrol-progress", class: "muted" }, t("enrol.progress", { n: number, steps: run.steps })),
      h("progress", { id: "enrol-progress", max: String(run.steps), value: String(run.done), "data-test": "enrol-progress" }),
      h("p", { class: `enrol-last${last.outcome === "in_use" || last.outcome === "bad_uid" ? " danger-text" : ""}`,
        role: "status", "aria-live": "polite", "data-test": "enrol-last" }, said),
      h("div", { class: "actions" },
        h("button", { type: "button", "data-test": "enrol-undo", disabled: run.done === 0,
          onclick: () => this.send(`${PATH}/undo`, {}) }, t("enrol.undo")),
        h("button", { type: "button", "data-test": "enrol-stop", onclick: () => this.send(`${PATH}/stop`, {}) }, t("enrol.stop"))));
  }

  startBox(s) {
    const cards = h("input", { type: "checkbox", id: "enrol-cards", "data-test": "enrol-cards" });
    const options = this.choices(s.meanings);
    const one = h("select", { id: "enrol-one", "data-test": "enrol-one" }, ...options);
    return h("div", { class: "enrol-start" },
      h("p", { class: "muted" }, t("enrol.hint")),
      this.boardChoice(s),
      h("div", { class: "field check" }, cards, h("label", { for: "enrol-cards" }, t("enrol.with_cards"))),
      h("div", { class: "actions" },
        h("button", { type: "button", class: "primary", "data-test": "enrol-missing",
          onclick: () => this.send(PATH, { what: "set", cards: cards.checked, again: false }) }, t("enrol.missing")),
        h("button", { type: "button", "data-test": "enrol-all", onclick: async () => {
          if (await confirmDialog(t("enrol.all_ask"), t("enrol.all"))) this.send(PATH, { what: "set", cards: cards.checked, again: true });
        } }, t("enrol.all"))),
      h("div", { class: "field" }, h("label", { for: "enrol-one" }, t("enrol.one_label")), one),
      h("div", { class: "actions" },
        h("button", { type: "button", "data-test": "enrol-redo", onclick: () => this.send(PATH, { what: "one", meaning: one.value }) },
          t("enrol.redo"))));
  }

  // The board whose deeds and cards are enrolled: the game's (said), or one the banker picks.
  boardChoice(s) {
    const named = (id) => { const found = s.editions.find((e) => e.id === id); return found ? local(found.name) : id; };
    if (s.game_edition) return h("p", { class: "muted", "data-test": "enrol-board" }, t("enrol.board_of_game", { board: named(s.game_edition) }));
    if (s.editions.length < 2) return null;
    const pick = h("select", { id: "enrol-board", "data-test": "enrol-board", onchange: () => { this.edition = pick.value; this.load(); } },
      ...s.editions.map((e) => h("option", { value: e.id, selected: e.id === s.edition }, local(e.name))));
    return h("div", { class: "field" }, h("label", { for: "enrol-board" }, t("enrol.board")), pick);
  }

  // Every meaning, grouped (deeds, tokens, cards, the banker's), each saying whether a tag has it.
  choices(meanings, selected) {
    const groups = [["deed", t("enrol.deeds")], ["token", t("enrol.tokens")], ["card", t("enrol.cards")], ["banker", t("enrol.other")]];
    return groups.map(([kind, label]) => h("optgroup", { label },
      ...meanings.filter((m) => m.meaning.split(":")[0] === kind).map((m) => h("option", { value: m.meaning, selected: m.meaning === selected },
        `${meaningText(this.board, m.meaning, this.status?.names)}${m.enrolled ? "" : ` (${t("enrol.none_yet")})`}`))));
  }

  unknownBox() {
    const what = h("select", { id: "enrol-unknown-what", "data-test": "enrol-unknown-what" },
      ...this.choices(this.status.meanings, this.status.meanings.find((m) => !m.enrolled)?.meaning));
    return h("div", { class: "enrol-unknown", "data-test": "enrol-unknown" },
      h("p", {}, t("enrol.unknown", { uid: this.unknown })),
      h("div", { class: "field" }, h("label", { for: "enrol-unknown-what" }, t("enrol.unknown_label")), what),
      h("div", { class: "actions" },
        h("button", { type: "button", class: "primary", "data-test": "enrol-unknown-save", onclick: async () => {
          const uid = this.unknown;
          if (await this.send(PATH, { what: "one", meaning: what.value, uid })) {
            toast(t("enrol.saved", { what: meaningText(this.board, what.value, this.status?.names) }), "ok");
            this.unknown = null;
            this.render();
          }
        } }, t("enrol.unknown_save")),
        h("button", { type: "button", "data-test": "enrol-unknown-dismiss", onclick: () => { this.unknown = null; this.render(); } },
          t("enrol.unknown_dismiss"))));
  }
}
