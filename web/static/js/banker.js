// Banker page: the PIN (set once, then log in), a new game with pieces and house rules, stored
// games (resume, export), undo / redo, corrections as table-script commands, end of game, the
// devices and the log.

import { applyState, command, currentState, get, loadSession, onState, post, session } from "./api.js";
import { t } from "./i18n.js";
import { start } from "./page.js";
import { $, clear, confirmDialog, dateTimeText, debounce, h, timeText, toast } from "./ui.js";

await start();

export const PIECES = ["boot", "car", "dog", "hat", "iron", "ship", "thimble", "wheelbarrow"];
// RULES.md section 9 (and the physical-decks rule): key, kind, default.
export const RULES = [
  ["starting_cash", "int", 1500], ["salary", "int", 200], ["jail_fine", "int", 50],
  ["shuffle", "bool", true], ["auction_on_decline", "bool", true], ["decliner_may_bid", "bool", true],
  ["auto_collect_rent", "bool", true], ["jail_doubles_roll_again", "bool", true],
  ["building_sellback", "fraction", 0.5], ["max_houses_per_turn", "optint", null],
  ["houses", "int", 32], ["hotels", "int", 12], ["trade_window", "choice", "any", ["any", "before_roll"]],
  ["free_parking_pot", "bool", false], ["income_tax_percent", "optint", null], ["interpol", "bool", false],
  ["physical_decks", "bool", false],
];

// ---- PIN: set up once, then log in ---------------------------------------------------------------
const pinForm = $("#pin-form");
pinForm.addEventListener("submit", async (e) => {
  e.preventDefault();
  const pin = $("#pin").value.trim();
  const setup = !session.pin_set;
  if (setup && pin !== ($("#pin-repeat")?.value || "").trim()) {
    toast(t("banker.pin_mismatch"), "error");
    return;
  }
  try {
    await post(setup ? "/api/banker/setup" : "/api/banker/login", { pin });
  } catch {
    return;
  }
  $("#pin").value = "";
  await loadSession();
  show();
});

$("#logout").addEventListener("click", async () => {
  try { await post("/api/banker/logout", {}); } catch { /* toasted */ }
  await loadSession();
  show();
});

function renderPinForm() {
  const setup = !session.pin_set;
  $("#pin-title").textContent = setup ? t("banker.setup") : t("banker.login");
  $("#pin-hint").textContent = setup ? t("banker.setup_hint") : t("banker.login_hint");
  $("#pin-submit").textContent = setup ? t("banker.set_pin") : t("banker.log_in");
  $("#pin").autocomplete = setup ? "new-password" : "current-password";
  const repeat = $("#pin-repeat-row");
  if (setup && !repeat) {
    $("#pin-submit").before(h("div", { id: "pin-repeat-row", class: "field" },
      h("label", { for: "pin-repeat" }, t("banker.pin_repeat")),
      h("input", { id: "pin-repeat", type: "password", inputmode: "numeric", autocomplete: "new-password", pattern: "[0-9]{4,12}", minlength: 4, maxlength: 12, required: true, "data-test": "pin-repeat" })));
  } else if (!setup && repeat) {
    repeat.remove();
  }
}

// ---- a new game ------------------------------------------------------------------------------------
const newGame = $("#new-game");
let seats = [{ name: "", piece: PIECES[0] }, { name: "", piece: PIECES[1] }];

function readSeats() {
  seats = seats.map((seat, i) => ({
    name: ($(`[data-test=new-game-player-${i}]`, newGame)?.value ?? seat.name),
    piece: ($(`[data-test=new-game-token-${i}]`, newGame)?.value ?? seat.piece),
  }));
}

function ruleField([key, kind, fallback, choices]) {
  const id = `rule-${key}`;
  const label = h("label", { for: id }, t(`rule.${key}`), h("span", { class: "muted" }, ` (${key})`));
  let input;
  if (kind === "bool") {
    input = h("input", { type: "checkbox", id, name: key, checked: fallback, "data-test": id });
    return h("div", { class: "field check" }, input, label);
  }
  if (kind === "choice") {
    input = h("select", { id, name: key, "data-test": id }, choices.map((c) => h("option", { value: c, selected: c === fallback }, t(`rule.${key}.${c}`))));
  } else {
    input = h("input", {
      type: "number", id, name: key, "data-test": id, class: "short", inputmode: kind === "fraction" ? "decimal" : "numeric",
      min: kind === "optint" ? 1 : 0, max: kind === "fraction" ? 1 : key === "income_tax_percent" ? 100 : null,
      step: kind === "fraction" ? 0.05 : 1, value: fallback ?? "", placeholder: fallback === null ? t("rule.none") : null,
    });
  }
  return h("div", { class: "field" }, label, input);
}

function renderNewGame() {
  const kept = {};
  for (const el of newGame.querySelectorAll("[name^=rule-], [data-test^=rule-], #seed")) kept[el.id] = el.type === "checkbox" ? el.checked : el.value;
  const rows = seats.map((seat, i) => h("li", { class: "seat" },
    h("label", { for: `seat-name-${i}`, class: "visually-hidden" }, t("banker.player_n", { n: i + 1 })),
    h("input", { id: `seat-name-${i}`, value: seat.name, required: true, maxlength: 24, autocomplete: "off", placeholder: t("banker.player_n", { n: i + 1 }), "data-test": `new-game-player-${i}` }),
    h("label", { for: `seat-piece-${i}`, class: "visually-hidden" }, t("banker.piece")),
    h("select", { id: `seat-piece-${i}`, "data-test": `new-game-token-${i}` },
      PIECES.map((piece) => h("option", { value: piece, selected: piece === seat.piece }, t(`piece.${piece}`)))),
    seats.length > 2 ? h("button", { type: "button", class: "small", "data-test": `remove-player-${i}`, "aria-label": t("banker.remove_player", { n: i + 1 }), onclick: () => { readSeats(); seats.splice(i, 1); renderNewGame(); } }, "×") : null));
  clear(newGame,
    h("fieldset", {}, h("legend", {}, t("banker.players")),
      h("ol", { class: "seats" }, rows),
      seats.length < 8 ? h("button", {
        type: "button", class: "small", "data-test": "add-player",
        onclick: () => { readSeats(); seats.push({ name: "", piece: PIECES.find((p) => !seats.some((s) => s.piece === p)) || PIECES[0] }); renderNewGame(); },
      }, t("banker.add_player")) : null),
    h("details", { class: "rules" }, h("summary", {}, t("banker.house_rules")),
      h("div", { class: "rule-grid" }, RULES.map(ruleField))),
    h("div", { class: "field" }, h("label", { for: "seed" }, t("banker.seed")),
      h("input", { id: "seed", type: "number", step: 1, min: 0, class: "short", inputmode: "numeric", "data-test": "seed", placeholder: t("banker.seed_random") })),
    h("div", { class: "actions" }, h("button", { type: "submit", class: "primary", "data-test": "new-game-submit" }, t("banker.start"))));
  for (const [id, value] of Object.entries(kept)) {
    const el = newGame.querySelector(`#${id}`);
    if (!el) continue;
    if (el.type === "checkbox") el.checked = value; else el.value = value;
  }
}

function readRules() {
  const rules = {};
  for (const [key, kind, fallback] of RULES) {
    const el = $(`#rule-${key}`, newGame);
    if (!el) continue;
    let value;
    if (kind === "bool") value = el.checked;
    else if (kind === "choice") value = el.value;
    else if (el.value === "") value = null;
    else value = kind === "fraction" ? parseFloat(el.value) : parseInt(el.value, 10);
    if (value !== fallback && !(Number.isNaN(value))) rules[key] = value;
  }
  return rules;
}

newGame.addEventListener("submit", async (e) => {
  e.preventDefault();
  readSeats();
  const players = seats.map((s) => s.name.trim());
  if (players.some((n) => !n) || new Set(players).size !== players.length) {
    toast(t("banker.names_needed"), "error");
    return;
  }
  const pieces = seats.map((s) => s.piece);
  if (new Set(pieces).size !== pieces.length) {
    toast(t("banker.pieces_differ"), "error");
    return;
  }
  const state = currentState();
  if (state?.game && !state.winner && !(await confirmDialog(t("banker.replace_game"), t("banker.start")))) return;
  const body = { players, rules: readRules(), tokens: Object.fromEntries(seats.map((s) => [s.name.trim(), s.piece])) };
  const seed = $("#seed").value.trim();
  if (seed !== "") body.seed = parseInt(seed, 10);
  try {
    const answer = await post("/api/games", body);
    if (answer.state) applyState(answer.state);
    toast(t("banker.started", { game: answer.game }), "ok");
    loadGames();
  } catch { /* toasted */ }
});

// ---- stored games ----------------------------------------------------------------------------------
async function loadGames() {
  let answer;
  try { answer = await get("/api/games", { quiet: true }); } catch { return; }
  const games = (answer.games || []).slice().reverse();
  clear($("#games-rows"), games.map((g) => {
    const current = g.id === answer.current;
    return h("tr", { "data-test": `game-${g.id}`, class: current ? "is-current" : "" },
      h("td", {}, h("code", {}, g.id), current ? h("span", { class: "badge" }, t("banker.current")) : null),
      h("td", {}, (g.players || []).join(", ")),
      h("td", {}, dateTimeText(g.started)),
      h("td", {}, dateTimeText(g.last_move)),
      h("td", {}, g.status || ""),
      h("td", { class: "row-actions" },
        h("button", {
          type: "button", class: "small", "data-test": `game-open-${g.id}`, disabled: current,
          onclick: async () => {
            try {
              const opened = await post(`/api/games/${encodeURIComponent(g.id)}/open`, {});
              if (opened.state) applyState(opened.state);
              loadGames();
            } catch { /* toasted */ }
          },
        }, t("banker.resume")),
        h("a", { href: `/api/export/${encodeURIComponent(g.id)}.jsonl`, download: `${g.id}.jsonl`, "data-test": `export-jsonl-${g.id}` }, t("banker.export_script")),
        h("a", { href: `/api/export/${encodeURIComponent(g.id)}.csv`, download: `${g.id}.csv`, "data-test": `export-csv-${g.id}` }, t("banker.export_ledger"))));
  }));
}

// ---- undo, redo, corrections, end of game ----------------------------------------------------------
async function ledger(path, body) {
  try {
    const answer = await post(path, body);
    if (answer.state) applyState(answer.state);
  } catch { /* toasted */ }
}
$("#undo").addEventListener("click", () => ledger("/api/undo", { count: Math.max(1, parseInt($("#undo-count").value, 10) || 1) }));
$("#redo").addEventListener("click", () => ledger("/api/redo", {}));

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

// ---- devices and log -------------------------------------------------------------------------------
function renderDevices(devices) {
  clear($("#devices"), Object.entries(devices || {}).map(([name, status]) => {
    const offline = String(status).startsWith("offline");
    return h("li", { class: `device${offline ? " is-offline" : ""}`, "data-test": `device-${name}`, "data-status": status },
      h("span", { class: "device-name" }, t(`device.${name}`)),
      h("span", { class: "device-status" }, offline ? `⚠ ${status}` : status));
  }));
}
async function loadDevices() {
  try { renderDevices(await get("/api/devices", { quiet: true })); } catch { /* keep the last */ }
}
window.addEventListener("devices", (e) => renderDevices(e.detail));

async function loadLog() {
  let answer;
  try { answer = await get("/api/log", { quiet: true }); } catch { return; }
  const entries = (answer.entries || []).slice().reverse();
  clear($("#log"), entries.map((entry) => h("li", {
    "data-test": "log-entry", "data-kind": entry.kind, "data-seq": entry.seq,
    class: entry.kind === "undo" || entry.kind === "redo" ? "is-undo" : "",
  },
  h("span", { class: "muted" }, `${entry.seq} · ${timeText(entry.time)} · ${entry.source || ""} · ${entry.kind || ""}`),
  " ", h("code", { title: entry.line }, entry.line))));
}

// ---- the page --------------------------------------------------------------------------------------
function renderStatus(state) {
  let text;
  if (!state?.game) text = t("banker.no_game");
  else if (state.winner || !state.turn) text = t("banker.game_over", { game: state.game, winner: state.winner || "—" });
  else text = t("banker.game_running", { game: state.game, seq: state.seq, player: state.turn });
  $("#game-status").textContent = text;
}

let loaded = false;
function show() {
  const banker = session.banker;
  document.body.classList.toggle("is-banker", banker);
  $("#pin-panel").hidden = banker;
  $("#banker").hidden = !banker;
  if (!banker) { renderPinForm(); $("#pin").focus(); return; }
  if (!loaded) { loaded = true; renderNewGame(); }
  loadGames();
  loadDevices();
  loadLog();
  renderStatus(currentState());
}

const refresh = debounce(() => { if (session.banker) { loadLog(); loadGames(); } }, 300);
onState((state) => { renderStatus(state); refresh(); });
window.addEventListener("langchange", () => {
  if (!session.banker) return renderPinForm();
  readSeats(); renderNewGame(); renderStatus(currentState()); loadDevices(); loadGames(); loadLog();
});
show();
