// The banker's corrections, as forms a non-technical banker can fill in: move money between any
// two accounts, put a token on a square, give a deed to someone else; each asks before it acts,
// and each choice comes from the banker's legal commands (state.legal.banker). Undo says what it
// will take back, from the log in words, and asks first.

import { applyState, command, currentState, legalFor, post } from "./api.js";
import { loadBoard, squareName } from "./board.js";
import { logEntries } from "./banker-overview.js";
import { lang, t } from "./i18n.js";
import { $, clear, confirmDialog, h, money, toast } from "./ui.js";
import { personArgs } from "./persons.js";

const accountName = (name) => (name === "bank" ? t("account.bank") : name === "pot" ? t("account.pot") : name);
// An account as a question's variables: its kind (bank, pot, player) and, for a player, the name's
// cases ("from Аня" is «от Ани», "to Борис" «Борису»), as persons.js gives them.
const accountArgs = (variable, name) => ({
  ...(name === "bank" || name === "pot" ? { [variable]: accountName(name) } : personArgs(variable, name)),
  [`${variable}_kind`]: name === "bank" || name === "pot" ? name : "player",
});

// What `count` undos would take back: the newest moves still in the game, newest first.
export function undoPreview(count) {
  const effective = logEntries().filter((e) => (e.kind === "play" || e.kind === "redo") && !e.undone);
  return effective.slice(-count).reverse().map((e) => e.text?.[lang()] || e.text?.en || "");
}

export function renderUndoWhat() {
  const count = Math.max(1, parseInt($("#undo-count").value, 10) || 1);
  const what = undoPreview(count);
  $("#undo-what").textContent = what.length ? t("banker.undo_would", { what: what[0] }) : t("banker.undo_nothing");
  $("#undo").disabled = !what.length;
}

// Redo only when the ledger holds undone commands to redo (the committed state says how many).
export function renderRedo(state) {
  $("#redo").hidden = !(state && state.redo > 0);
}

export function wireUndo() {
  $("#undo-count").addEventListener("input", renderUndoWhat);
  $("#undo").addEventListener("click", async () => {
    const count = Math.max(1, parseInt($("#undo-count").value, 10) || 1);
    const what = undoPreview(count);
    if (!what.length) return;
    const message = h("div", {}, h("p", {}, t("banker.undo_ask", { n: count })), h("ul", { class: "undo-list" }, what.map((w) => h("li", {}, w))));
    if (!(await confirmDialog(message, t("banker.undo_yes")))) return;
    try {
      const answer = await post("/api/undo", { count });
      if (answer.state) applyState(answer.state);
      toast(t("banker.undone_n", { n: count }), "ok");
    } catch { /* toasted */ }
  });
  $("#redo").addEventListener("click", async () => {
    try {
      const answer = await post("/api/redo", {});
      if (answer.state) applyState(answer.state);
      toast(t("banker.redone"), "ok");
    } catch { /* toasted */ }
  });
}

// What the banker has chosen in the forms so far. Every redraw starts from it (so a new state
// never changes a choice behind the banker's back), and every command is built from the controls
// as they show now, never from what they showed when the form was drawn.
const chosen = {};
let target = null; // the element the corrections are drawn in

async function send(cmd, question) {
  if (!(await confirmDialog(question, t("banker.do_it")))) return false;
  const answer = await command(cmd);
  if (answer) toast(t("banker.done"), "ok");
  return Boolean(answer);
}

// After a correction (done or not): the forms again from the committed state, whatever has focus.
function redrawNow() {
  if (document.activeElement && target?.contains(document.activeElement)) document.activeElement.blur();
  shownKey = "";
  if (target) renderCorrections(target, currentState());
}

function select(id, test, options, wanted) {
  const values = options.map(([value]) => value);
  const value = values.includes(wanted) ? wanted : values[0];
  const el = h("select", { id, "data-test": test }, options.map(([v, label]) => h("option", { value: v }, label)));
  el.value = value;
  return el;
}

function remember(el, key) {
  el.addEventListener("change", () => { chosen[key] = el.value; });
  el.addEventListener("input", () => { chosen[key] = el.value; });
  return el;
}

function moneyForm(entries) {
  if (!entries.length) return null;
  const form = h("form", { class: "fix-form", "data-test": "fix-money" });
  const draw = () => {
    const froms = entries.map((e) => e.command.from);
    const from = froms.includes(chosen.moneyFrom) ? chosen.moneyFrom : froms[0];
    chosen.moneyFrom = from;
    const entry = entries.find((e) => e.command.from === from);
    const fromSelect = select("fix-money-from", "fix-money-from", froms.map((n) => [n, accountName(n)]), from);
    const to = remember(select("fix-money-to", "fix-money-to", entry.free.to.map((n) => [n, accountName(n)]), chosen.moneyTo), "moneyTo");
    chosen.moneyTo = to.value;
    // its bounds as the account holds now (the form outlives the payments: renderCorrections)
    const bounds = (legalFor(currentState(), "banker").find((x) => x.command.do === "adjust" && x.command.from === from) ?? entry).free.amount;
    const amount = remember(h("input", { id: "fix-money-amount", type: "number", min: bounds[0], max: bounds[1], step: 1, required: true, inputmode: "numeric", class: "short", "data-test": "fix-money-amount", value: chosen.moneyAmount ?? "" }), "moneyAmount");
    const note = remember(h("input", { id: "fix-money-note", maxlength: 200, "data-test": "fix-money-note", placeholder: t("banker.note_hint"), value: chosen.moneyNote ?? "" }), "moneyNote");
    fromSelect.addEventListener("change", () => { chosen.moneyFrom = fromSelect.value; draw(); form.querySelector("#fix-money-from")?.focus(); });
    clear(form,
      h("h3", {}, t("banker.fix_money")),
      h("div", { class: "fix-grid" },
        h("label", { for: "fix-money-from" }, t("banker.from")), fromSelect,
        h("label", { for: "fix-money-to" }, t("banker.to")), to,
        h("label", { for: "fix-money-amount" }, t("banker.amount")), amount,
        h("label", { for: "fix-money-note" }, t("banker.note")), note),
      h("div", { class: "actions" }, h("button", { type: "submit", "data-test": "fix-money-send" }, t("banker.fix_money_go"))));
    form.onsubmit = async (e) => {
      e.preventDefault();
      const n = parseInt(amount.value, 10);
      if (!Number.isFinite(n)) return;
      // exactly what the form shows, and still a move the rules allow the banker now
      const cmd = { do: "adjust", from: fromSelect.value, to: to.value, amount: n };
      const now = legalFor(currentState(), "banker").find((x) => x.command.do === "adjust" && x.command.from === cmd.from);
      if (!now || !now.free.to.includes(cmd.to)) return redrawNow();
      if (note.value.trim()) cmd.note = note.value.trim();
      const question = t("banker.fix_money_ask", { amount: money(n), ...accountArgs("from", cmd.from), ...accountArgs("to", cmd.to) });
      if (await send(cmd, question)) { chosen.moneyAmount = ""; chosen.moneyNote = ""; }
      redrawNow();
    };
  };
  draw();
  return form;
}

function placeForm(board, entry) {
  if (!entry) return null;
  const who = remember(select("fix-place-player", "fix-place-player", entry.free.player.map((n) => [n, n]), chosen.placePlayer), "placePlayer");
  const where = remember(select("fix-place-square", "fix-place-square", entry.free.square.map((id) => [id, squareName(board, id)]), chosen.placeSquare), "placeSquare");
  const form = h("form", { class: "fix-form", "data-test": "fix-place" },
    h("h3", {}, t("banker.fix_place")),
    h("div", { class: "fix-grid" },
      h("label", { for: "fix-place-player" }, t("banker.player")), who,
      h("label", { for: "fix-place-square" }, t("banker.square")), where),
    h("p", { class: "muted" }, t("banker.fix_place_hint")),
    h("div", { class: "actions" }, h("button", { type: "submit", "data-test": "fix-place-send" }, t("banker.fix_place_go"))));
  form.onsubmit = async (e) => {
    e.preventDefault();
    await send({ do: "place", player: who.value, square: where.value },
      t("banker.fix_place_ask", { ...personArgs("player", who.value), square: squareName(board, where.value) }));
    redrawNow();
  };
  return form;
}

function deedForm(board, state, entry) {
  if (!entry) return null;
  const deeds = entry.free.square;
  const ids = board.squares.map((sq) => sq.id).filter((id) => id in deeds);
  const owner = (id) => state.properties?.[id]?.owner;
  const deed = select("fix-deed-square", "fix-deed-square", ids.map((id) => [id, `${squareName(board, id)} (${accountName(owner(id) || "bank")})`]), chosen.deed);
  chosen.deed = deed.value;
  const to = h("select", { id: "fix-deed-to", "data-test": "fix-deed-to" });
  const takers = () => {
    const names = deeds[deed.value] || [];
    clear(to, names.map((n) => h("option", { value: n }, accountName(n))));
    if (names.includes(chosen.deedTo)) to.value = chosen.deedTo;
  };
  deed.addEventListener("change", () => { chosen.deed = deed.value; takers(); });
  to.addEventListener("change", () => { chosen.deedTo = to.value; });
  takers();
  const form = h("form", { class: "fix-form", "data-test": "fix-deed" },
    h("h3", {}, t("banker.fix_deed")),
    h("div", { class: "fix-grid" },
      h("label", { for: "fix-deed-square" }, t("banker.deed")), deed,
      h("label", { for: "fix-deed-to" }, t("banker.to")), to),
    h("div", { class: "actions" }, h("button", { type: "submit", "data-test": "fix-deed-send" }, t("banker.fix_deed_go"))));
  form.onsubmit = async (e) => {
    e.preventDefault();
    const cmd = { do: "give_deed", square: deed.value, to: to.value };
    const now = legalFor(currentState(), "banker").find((x) => x.command.do === "give_deed");
    if (!now || !(now.free.square[cmd.square] || []).includes(cmd.to)) return redrawNow();
    await send(cmd, t("banker.fix_deed_ask", { square: squareName(board, cmd.square), ...accountArgs("to", cmd.to) }));
    redrawNow();
  };
  return form;
}

const FORMS = new Set(["adjust", "place", "give_deed"]);
let shownKey = "";
let waiting = false; // a redraw put off until the banker leaves the form
export async function renderCorrections(el, state) {
  target = el;
  const board = await loadBoard();
  const banker = legalFor(state, "banker").filter((e) => FORMS.has(e.command.do)); // what the forms offer
  // the owners too: the deed list says whose each deed is
  const owners = Object.fromEntries(Object.entries(state?.properties || {}).map(([id, p]) => [id, p.owner]));
  // An account's most it can give changes with every payment: the forms stay as they are for it
  // (they were drawn again at nearly every command), their amount's bounds follow it.
  const shape = banker.map((e) => (e.command.do === "adjust" ? { ...e, free: { ...e.free, amount: null } } : e));
  const key = JSON.stringify([state?.game, shape, owners, lang()]);
  if (key === shownKey) return boundAmount(el, banker);
  // keep a form being filled in: redraw once the banker leaves it (from the state then)
  if (el.contains(document.activeElement) && shownKey) {
    if (!waiting) {
      waiting = true;
      el.addEventListener("focusout", () => setTimeout(() => {
        waiting = false;
        if (!el.contains(document.activeElement)) renderCorrections(el, currentState());
      }, 0), { once: true });
    }
    return;
  }
  shownKey = key;
  if (!state?.game || !banker.length) return clear(el, h("p", { class: "muted" }, t("banker.no_corrections")));
  clear(el,
    moneyForm(banker.filter((e) => e.command.do === "adjust")),
    placeForm(board, banker.find((e) => e.command.do === "place")),
    deedForm(board, state, banker.find((e) => e.command.do === "give_deed")));
}

export function resetCorrections() { shownKey = ""; }

// The money form's amount bounded by what its account holds now.
function boundAmount(el, banker) {
  const from = el.querySelector("#fix-money-from")?.value;
  const amount = el.querySelector("#fix-money-amount");
  const entry = banker.find((e) => e.command.do === "adjust" && e.command.from === from);
  if (!amount || !entry) return;
  if (amount.min !== String(entry.free.amount[0])) amount.min = entry.free.amount[0];
  if (amount.max !== String(entry.free.amount[1])) amount.max = entry.free.amount[1];
}
