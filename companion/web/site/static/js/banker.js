// Banker page: the PIN (set once, then log in, or at the table), a screen's clock, everyone at a
// glance, undo that says what it takes back, corrections through forms, the log in words, a new
// game, stored games, devices.

import { command, currentState, get, loadSession, onState, post, session } from "./api.js";
import { loadClock, wireClock } from "./banker-clock.js";
import { renderPinForm, wirePinPanel } from "./banker-pin.js";
import { renderCorrections, renderRedo, renderUndoWhat, resetCorrections, wireUndo } from "./banker-fix.js";
import { NewGameForm } from "./banker-newgame.js";
import { loadLog, renderLog, renderOverview } from "./banker-overview.js";
import { ScreensPanel } from "./banker-screens.js";
import { ChoicePanel } from "./choices.js";
import { EnrolPanel } from "./banker-enrol.js";
import { foldSections, wireSections } from "./banker-sections.js";
import { deviceStatusText } from "./devicestatus.js";
import { local, t } from "./i18n.js";
import { start } from "./page.js";
import { $, clear, confirmDialog, dateTimeText, debounce, h, toast } from "./ui.js";

await start();

// ---- PIN, logging in at the table, the clock: banker-pin.js, banker-clock.js -------------------
wirePinPanel(() => show());
wireClock();
new ChoicePanel($("#choices")); // a token tap or the banker's step asks which screen: chosen here too

$("#logout").addEventListener("click", async () => {
  try { await post("/api/banker/logout", {}); } catch { /* toasted */ }
  await loadSession();
  show();
});

// ---- stored games ----------------------------------------------------------------------------------
async function loadGames() {
  let answer;
  try { answer = await get("/api/games", { quiet: true }); } catch { return; }
  const games = (answer.games || []).slice().reverse();
  clear($("#games"), games.map((g) => {
    const current = g.id === answer.current;
    return h("li", { "data-test": `game-${g.id}`, class: `game${current ? " is-current" : ""}` },
      h("div", { class: "game-head" }, h("code", {}, g.id), current ? h("span", { class: "badge" }, t("banker.current")) : null,
        h("span", { class: "game-players" }, (g.players || []).join(", "))),
      h("div", { class: "muted" }, t("banker.game_times", { started: dateTimeText(g.started), last: dateTimeText(g.last_move) }), " · ", local(g.status_words) || g.status || ""),
      g.condition ? h("div", { class: `game-condition is-${g.condition}`, "data-test": `game-condition-${g.id}` },
        t(`games.condition.${g.condition}`), (g.problems || []).length ? ": " : "",
        (g.problems || []).map((p) => local(p.words)).join(" ")) : null,
      h("div", { class: "row-actions" },
        current ? null : h("button", {
          type: "button", class: "small", "data-test": `game-open-${g.id}`,
          onclick: async () => {
            try { await post(`/api/games/${encodeURIComponent(g.id)}/open`, {}); loadGames(); } catch { /* toasted */ }
          },
        }, t("banker.resume")),
        g.condition === "damaged" ? h("button", {
          type: "button", class: "small", "data-test": `game-recover-${g.id}`,
          onclick: async () => {
            try {
              const done = await post(`/api/games/${encodeURIComponent(g.id)}/recover`, {});
              toast(t("games.recovered", done), "ok");
              loadGames();
            } catch { /* toasted */ }
          },
        }, t("games.recover")) : null,
        h("a", { href: `/api/export/${encodeURIComponent(g.id)}.jsonl`, download: `${g.id}.jsonl`, "data-test": `export-jsonl-${g.id}` }, t("banker.export_script")),
        h("a", { href: `/api/export/${encodeURIComponent(g.id)}.csv`, download: `${g.id}.csv`, "data-test": `export-csv-${g.id}` }, t("banker.export_ledger"))));
  }));
}

// ---- the expert's box and the end of the game ------------------------------------------------------
$("#correction-send").addEventListener("click", async () => {
  const lines = $("#correction").value.split("\n").map((l) => l.trim()).filter(Boolean);
  const commands = [];
  for (const [i, line] of lines.entries()) {
    try { commands.push(JSON.parse(line)); } catch {
      toast(t("banker.bad_json", { line: i + 1 }), "error");
      return;
    }
  }
  let sent = 0;
  for (const cmd of commands) {
    if (!(await command(cmd))) break;
    sent += 1;
  }
  if (sent) toast(t("banker.sent", { n: sent }), "ok");
  if (sent === commands.length) $("#correction").value = "";
});

$("#end-game").addEventListener("click", async () => {
  if (await confirmDialog(t("banker.end_confirm"), t("banker.end_game"))) command({ do: "end_game" });
});

// ---- devices ---------------------------------------------------------------------------------------
let devices = {};
function renderDevices() {
  clear($("#devices"), Object.entries(devices || {}).map(([name, status]) => {
    const offline = String(status).startsWith("offline");
    const word = deviceStatusText(status);
    return h("li", { class: `device${offline ? " is-offline" : ""}`, "data-test": `device-${name}`, "data-status": status },
      h("span", { class: "device-name" }, t(`device.${name}`)),
      h("span", { class: "device-status" }, offline ? `⚠ ${word}` : word));
  }));
}
async function loadDevices() {
  try { devices = await get("/api/devices", { quiet: true }); } catch { /* keep the last */ }
  renderDevices();
}
window.addEventListener("devices", (e) => { devices = e.detail; renderDevices(); });

// ---- the page --------------------------------------------------------------------------------------
function renderStatus(state) {
  let text;
  if (!state?.game) text = t("banker.no_game");
  else if (state.winner || !state.turn) text = t("banker.game_over", { game: state.game, winner: state.winner || "—" });
  else text = t("banker.game_running", { game: state.game, stored: t("banker.moves_stored", { n: state.seq }), player: state.turn });
  $("#game-status").textContent = text;
  $("#section-end").hidden = !state?.game || Boolean(state.winner);
}

const newGame = new NewGameForm($("#new-game"), { started: () => loadGames() });
const screens = new ScreensPanel($("#screens"));
const enrol = new EnrolPanel($("#enrol"));
let loaded = false;
wireSections();
wireUndo();

async function refreshLog() {
  await loadLog($("#log"));
  renderUndoWhat();
}

function show() {
  const banker = session.banker;
  document.body.classList.toggle("is-banker", banker);
  $("#pin-panel").hidden = banker;
  $("#banker").hidden = !banker;
  if (!banker) { renderPinForm(); $("#pin").focus(); return; }
  const state = currentState();
  if (!loaded) { loaded = true; newGame.render(); foldSections(state); }
  loadGames();
  loadDevices();
  screens.load();
  enrol.load();
  loadClock();
  refreshLog();
  renderStatus(state);
  renderOverview($("#overview"), state);
  renderCorrections($("#corrections"), state);
  renderRedo(state);
}

const refresh = debounce(() => { if (session.banker) { refreshLog(); loadGames(); } }, 300);
onState((state) => {
  renderStatus(state);
  if (!session.banker) return;
  renderOverview($("#overview"), state);
  renderCorrections($("#corrections"), state);
  renderRedo(state);
  refresh();
});
window.addEventListener("langchange", () => {
  if (!session.banker) return renderPinForm();
  newGame.readSeats(); newGame.render(); resetCorrections(); show(); renderLog($("#log"));
});
show();
