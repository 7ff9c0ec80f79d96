// Player page: a phone or tablet paired to one player (a token tap, or the banker's pick) shows
// that player's cash, what they may do now (and only that), their deeds by group, trades, and
// the others' cash; with sounds, if switched on, for their turn and money in or out.

import { act, allowed, currentState, loadSession, onState, pairAs, pairByTap, rollCommand, session, showError, unpair } from "./api.js";
import { loadBoard, squareName } from "./board.js";
import { PersonalBanners } from "./banners.js";
import { renderDeeds } from "./deeds.js";
import { DecisionView } from "./decision.js";
import { t } from "./i18n.js";
import { start } from "./page.js";
import { pieceOf, tokenEl } from "./pieces.js";
import { renderPlayers } from "./players.js";
import { labelText } from "./screennames.js";
import { play } from "./sound.js";
import { TapsView } from "./taps.js";
import { TradeForm } from "./trade.js";
import { CodeWait } from "./codewait.js";
import { $, clear, confirmDialog, h, money, redraw, setText, toast } from "./ui.js";
import { personArgs } from "./persons.js";

await start();
const board = await loadBoard();
const me = () => session.player;
const mine = (cmd) => act(cmd, me());
const trade = new TradeForm($("#trade-form"), { board, me, act: mine });
const decision = new DecisionView($("#decision"), { board, mode: "player", me, act: mine, counter: (p) => trade.counter(p) });
new TapsView($("#taps"), { quiet: () => Boolean(me()) });
new PersonalBanners($("#banner"), { me });

// ---- pairing --------------------------------------------------------------------------------------
let pairing = false;
// This screen's code while it waits to pair, and what the table offers (issue 36: the people's choice).
const codeBox = h("div", { class: "code-wait", "data-test": "pair-code" });
codeBox.hidden = true;
const codeWait = new CodeWait(codeBox, { act: "pair" });

function renderPairing(state) {
  const body = $("#pairing-body");
  const status = h("p", { class: "pair-status", "data-test": "pair-status", role: "status" },
    pairing && !codeWait.code ? t("player.pair_waiting") : "");
  const tap = h("button", {
    type: "button", class: "primary big-button", "data-test": "pair", disabled: pairing || !state?.game,
    onclick: async () => {
      pairing = true;
      renderPairing(currentState());
      try {
        const answer = await pairByTap((record) => { codeWait.show(record); renderPairing(currentState()); },
          (offer) => codeWait.offered(offer));
        session.player = answer.player;
        codeWait.done();
        await loadSession();
      } catch (err) {
        pairing = false;
        codeWait.done();
        renderPairing(currentState());
        if (err.status === 408) $("[data-test=pair-status]").textContent = t("player.pair_timeout");
        else showError(err);
        return;
      }
      pairing = false;
      render(currentState());
    },
  }, t("player.pair"));
  const parts = [h("p", {}, state?.game ? t("player.pair_intro") : t("decision.no_game")),
    session.label ? h("p", { class: "this-screen", "data-test": "this-screen" }, t("player.this_screen", { screen: labelText(session.label) })) : null,
    tap, codeBox, status];
  if (session.banker) {
    const players = (state?.players || []).filter((p) => !p.bankrupt && !p.computer); // no phone plays the computer
    const select = h("select", { id: "pair-player", "data-test": "pair-player" },
      players.map((p) => h("option", { value: p.name }, p.name)));
    parts.push(h("div", { class: "banker-pick" },
      h("p", {}, t("player.banker_pick")),
      h("label", { for: "pair-player", class: "visually-hidden" }, t("player.player")),
      select,
      h("button", {
        type: "button", "data-test": "pair-as", disabled: !players.length,
        onclick: async () => {
          try {
            const answer = await pairAs(select.value);
            session.player = answer.player || select.value;
            await loadSession();
            render(currentState());
          } catch { /* toasted */ }
        },
      }, t("player.act_as"))));
  } else {
    parts.push(h("p", { class: "muted" }, t("player.banker_hint"), " ", h("a", { href: "/banker" }, t("nav.banker"))));
  }
  clear(body, parts);
}

$("#unpair").addEventListener("click", async () => {
  unpairedHere = true;
  try { await unpair(); } catch { unpairedHere = false; return; }
  session.player = null;
  await loadSession();
  render(currentState());
});

// ---- my turn: only the moves the rules list for me now ------------------------------------------
$("#roll").addEventListener("click", () => mine(rollCommand()));
$("#pay-jail-fine").addEventListener("click", () => mine({ do: "pay_jail_fine" }));
$("#use-jail-card").addEventListener("click", () => mine({ do: "use_jail_card" }));
$("#end-turn").addEventListener("click", () => mine({ do: "end_turn" }));
$("#bankrupt").addEventListener("click", async () => {
  if (await confirmDialog(t("player.bankrupt_confirm", personArgs("player", me())), t("action.bankrupt"))) mine({ do: "bankrupt" });
});

function renderTurn(state, p) {
  const entry = (doing) => (p.bankrupt ? null : allowed(state, p.name, { do: doing }));
  const roll = entry("roll");
  const fine = entry("pay_jail_fine");
  const card = entry("use_jail_card");
  const end = entry("end_turn");
  $("#roll").hidden = !roll;
  $("#pay-jail-fine").hidden = !fine;
  if (fine) $("#pay-jail-fine").textContent = t("action.pay_jail_fine_cost", { cost: money(Math.abs(fine.cash || 0)) });
  $("#use-jail-card").hidden = !card;
  $("#end-turn").hidden = !end;
  $("#turn-panel").hidden = !(roll || fine || card || end);
  const dice = state.turn === p.name ? state.turn_roll : null;
  $("#last-roll-text").textContent = dice ? t("table.rolled", { a: dice[0], b: dice[1], total: dice[0] + dice[1] }) : "";
  $("#danger").hidden = !entry("bankrupt");
}

// ---- my deeds, by group (deeds.js: the same buttons as the Table page's seat panel) -------------
function renderMyDeeds(state) {
  renderDeeds($("#deeds"), { board, state, player: me(), act: mine });
}

// ---- sounds: my turn, money in, money out -------------------------------------------------------
let heard = null; // {game, turn, cash} last time
function sounds(state, p) {
  const now = { game: state.game, turn: state.turn, cash: p.cash };
  if (heard && heard.game === now.game) {
    if (now.turn === p.name && heard.turn !== p.name) play("turn");
    else if (now.cash > heard.cash) play("in");
    else if (now.cash < heard.cash) play("out");
  }
  heard = now;
}

// ---- the whole page -------------------------------------------------------------------------------
// What the next tap does: under the pairing question, or under a paired player's decision.
function placeTaps(paired) {
  const after = paired ? $("#mine .decision-panel") : $("#pairing");
  if (after.nextElementSibling !== $("#taps")) after.after($("#taps"));
}

function render(state) {
  const paired = Boolean(me());
  $("#pairing").hidden = paired;
  $("#mine").hidden = !paired;
  placeTaps(paired);
  if (!paired) return renderPairing(state);
  const p = (state?.players || []).find((x) => x.name === me());
  redraw($("#me-token"), state && p ? [p.name, state.players.map((x) => x.name), pieceOf(p.name)] : null,
    () => (state && p ? tokenEl(state, p.name) : []));
  setText($("#my-name"), me());
  setText($("#my-screen"), session.label ? labelText(session.label) : ""); // as pairing notices name it
  decision.update(state);
  if (!p) {
    setText($("#my-cash"), "—");
    setText($("#my-net-worth"), "—");
    $("#turn-panel").hidden = true;
    $("#trade-panel").hidden = true;
    $("#danger").hidden = true;
    redraw($("#deeds"), [me(), Boolean(state?.game)], // no deeds to draw (renderDeeds draws them by redraw too)
      () => h("p", { class: "muted" }, state?.game ? t("player.not_in_game", { player: me() }) : t("decision.no_game")));
    return;
  }
  setText($("#my-cash"), money(p.cash));
  if ($("#my-cash").dataset.amount !== String(p.cash)) $("#my-cash").dataset.amount = p.cash;
  setText($("#my-net-worth"), money(p.net_worth));
  setText($("#my-jail-cards"), String(p.jail_cards));
  setText($("#my-where"), p.bankrupt ? t("table.bankrupt") : p.in_jail ? t("board.in_jail") : squareName(board, board.squares[p.position]?.id));
  renderTurn(state, p);
  renderMyDeeds(state);
  $("#trade-panel").hidden = p.bankrupt || Boolean(state.winner);
  if (!p.bankrupt) trade.render(state);
  renderPlayers($("#players"), state, board, { me: me() });
  sounds(state, p);
}

onState((state) => render(state));
if (!currentState()) render(null);
window.addEventListener("langchange", () => { trade.key = ""; decision.key = ""; render(currentState()); });
// Unpaired from elsewhere (the banker's revoke, "not me" on another screen, a new game): say so.
let playing = session.player;
let unpairedHere = false;
window.addEventListener("session", () => {
  if (playing && !session.player && !unpairedHere) toast(t("player.unpaired_elsewhere", { player: playing }), "info", 15000);
  playing = session.player;
  unpairedHere = false;
  render(currentState());
});
window.addEventListener("pieces", () => render(currentState()));
