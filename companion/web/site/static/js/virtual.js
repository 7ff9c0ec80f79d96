// Virtual table (simulated mode): every enrolled tag as a button to tap on the simulated reader
// (the banker's tag among them), the dice button (short press: roll, long press: end turn, held
// on: the banker's step), the dice unit, and enough of the
// game (decision with its answers, players, board) to play a whole game from this page.

import { currentState, get, post, session } from "./api.js";
import { groupSwatch, groupTitle, loadBoard, squareName } from "./board.js";
import { local, t } from "./i18n.js";
import { start } from "./page.js";
import { tableView } from "./tableview.js";
import { $, clear, h, toast } from "./ui.js";

await start();
const simulated = document.body.dataset.simulated === "true";
const LONG_PRESS_MS = 800;

if (simulated) {
  let tags = [];
  let game = currentState()?.game;
  const board = await loadBoard();
  await tableView({
    extra: (state) => { if (state.game !== game) { game = state.game; loadTags(); } }, // a new game maps tokens anew
  });

  // ---- the dice button: a press shorter than LONG_PRESS_MS rolls, a longer one ends the turn ----
  const press = async (long) => {
    try { await post("/api/sim/press", { long }); } catch { /* toasted */ }
  };
  const hold = async () => { // the button held for banker_hold seconds (on the table's side)
    try { await post("/api/sim/press", { hold: true }); } catch { /* toasted */ }
  };
  const button = $("#sim-press");
  let downAt = 0;
  button.addEventListener("pointerdown", (e) => {
    if (e.button !== 0) return;
    downAt = Date.now();
    button.classList.add("is-down");
  });
  button.addEventListener("pointerleave", () => button.classList.remove("is-down"));
  button.addEventListener("click", (e) => {
    // a keyboard or scripted click has no pointerdown before it: a short press
    const held = downAt ? Date.now() - downAt : 0;
    downAt = 0;
    button.classList.remove("is-down");
    e.preventDefault();
    if (held >= (session.banker_hold || 6) * 1000) hold(); // held on: the banker's step
    else press(held >= LONG_PRESS_MS);
  });
  $("#sim-press-long").addEventListener("click", () => press(true));
  $("#sim-press-hold").addEventListener("click", () => hold());
  $("#sim-unit").addEventListener("click", async () => {
    try { await post("/api/sim/unit", {}); } catch { /* toasted */ }
  });

  // ---- tags: deeds by colour group, tokens, cards -----------------------------------------------
  function tagLabel(tag) {
    if (tag.meaning === "banker") return t("virtual.banker_tag");
    const [kind, value, number] = tag.meaning.split(":");
    if (kind === "deed" && board.byId[value]) return squareName(board, value);
    if (kind === "card" && board.decks?.[value]) {
      const card = board.decks[value].cards.find((c, i) => String(c.number ?? i + 1) === number);
      return `${local(board.decks[value].name)} ${number}${card ? `: ${local(card.text)}` : ""}`;
    }
    if (kind === "token") {
      const piece = t(`piece.${value}`);
      return tag.player ? `${piece} (${tag.player})` : piece;
    }
    return tag.label || value || tag.meaning;
  }

  function tagButton(tag, group) {
    return h("button", {
      type: "button", class: `tag tag-${tag.meaning.split(":")[0]}`, "data-test": `sim-tag-${tag.meaning}`, "data-uid": tag.uid,
      "data-player": tag.meaning.startsWith("token:") && tag.player ? tag.player : null,
      title: `${tag.meaning} · ${tag.uid}`,
      onclick: async () => {
        try { await post("/api/sim/tap", { uid: tag.uid }); } catch { /* toasted */ }
      },
    }, group ? groupSwatch(board, group) : null, group ? " " : null, tagLabel(tag));
  }

  function renderTags() {
    const deeds = tags.filter((tg) => tg.meaning.startsWith("deed:"));
    const tokens = tags.filter((tg) => tg.meaning.startsWith("token:"));
    const cardKey = (tg) => { const [, deck, n] = tg.meaning.split(":"); return [deck, parseInt(n, 10) || 0]; };
    const cards = tags.filter((tg) => tg.meaning.startsWith("card:")).sort((a, b) => {
      const [da, na] = cardKey(a);
      const [db, nb] = cardKey(b);
      return da === db ? na - nb : da.localeCompare(db);
    });
    const banker = tags.filter((tg) => tg.meaning === "banker"); // the banker's step at the table
    const other = tags.filter((tg) => !/^(deed|token|card):/.test(tg.meaning) && tg.meaning !== "banker");
    const groups = new Map();
    const order = (tg) => board.byId[tg.meaning.slice(5)]?.index ?? 99;
    for (const tag of deeds.sort((a, b) => order(a) - order(b))) {
      const sq = board.byId[tag.meaning.slice(5)];
      const key = sq?.group || sq?.kind || "other";
      if (!groups.has(key)) groups.set(key, []);
      groups.get(key).push(tag);
    }
    const section = (title, list, test, group = null) => (list.length ? h("div", { class: "tag-group", "data-test": test },
      h("h3", {}, title), h("div", { class: "tag-buttons" }, list.map((tag) => tagButton(tag, group)))) : null);
    clear($("#tags"),
      section(t("virtual.tokens"), tokens, "sim-tokens"),
      section(t("virtual.banker"), banker, "sim-banker"),
      h("div", { class: "deed-tags" }, [...groups].map(([key, list]) => section(
        groupTitle(board, key), list, `sim-group-${key.replace(/\s+/g, "-")}`,
        board.groups?.[key] ? key : null))),
      section(t("virtual.cards"), cards, "sim-cards"),
      section(t("virtual.other"), other, "sim-other"),
      tags.length ? null : h("p", { class: "muted" }, t("virtual.no_tags")));
  }

  async function loadTags() {
    try { tags = (await get("/api/sim/tags", { quiet: true })).tags || []; } catch (err) {
      tags = [];
      if (err.status !== 404) toast(err.message, "error");
    }
    renderTags();
  }

  window.addEventListener("langchange", renderTags);
  window.addEventListener("notice", (e) => {
    const data = e.detail;
    if (data.type === "ignored") toast(t("toast.ignored", { what: data.meaning || data.uid || "" }), "info", 3000);
  });
  loadTags();

  // ---- the table's voice: each utterance in the page's language, with the WAV the Pi's voice wrote ----
  let said = [];
  const renderVoice = () => {
    const items = said.slice().reverse().map((u) => h("li", { "data-test": "sim-voice-item", "data-seq": String(u.seq) },
      h("span", { class: "voice-text" }, local(u.text)),
      u.wav ? h("audio", { controls: "", preload: "none", src: `/api/voice/wav/${encodeURIComponent(u.wav)}`,
        "data-test": "sim-voice-wav" }) : null));
    clear($("#voice-list"), ...(items.length ? items : [h("li", { class: "muted" }, t("virtual.voice_none"))]));
  };
  const loadVoice = async () => {
    try { said = (await get("/api/voice", { quiet: true })).utterances || []; } catch { said = []; }
    renderVoice();
  };
  // An utterance goes out before its WAV is written: read the list again once it has been.
  window.addEventListener("voice", () => { setTimeout(loadVoice, 600); setTimeout(loadVoice, 2500); });
  window.addEventListener("langchange", renderVoice);
  loadVoice();
}
