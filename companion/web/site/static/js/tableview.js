// The whole table on one screen (the Table page and the virtual table): the board with whose turn
// it is, the dice of that turn and the story in its middle, the decision with every player's
// answers (confirmed by a token tap), the players' cash (a name opens that player's seat panel,
// where a page has one, as does a token tapped while nothing waits for it); a tapped deed tag
// opens its card.

import { act, onState } from "./api.js";
import { BoardView, loadBoard } from "./board.js";
import { openDeed } from "./deedcard.js";
import { DecisionView } from "./decision.js";
import { renderDice } from "./dice.js";
import { FeedView } from "./feed.js";
import { t } from "./i18n.js";
import { pieceOf, tokenEl } from "./pieces.js";
import { renderPlayers } from "./players.js";
import { seatPanel } from "./seatpanel.js";
import { $, h, redraw, toast } from "./ui.js";

function renderCurrent(el, state) {
  if (!state?.game || !state.turn) return redraw(el, null, () => "—");
  const names = state.players?.map((p) => p.name); // a token's colour and initials
  return redraw(el, [state.turn, names, pieceOf(state.turn)],
    () => [tokenEl(state, state.turn), h("span", { class: "name-text" }, state.turn)]);
}

// deedCards: a deed tag tapped on the reader opens its card here (the Table page; the virtual
// table only marks the square, so that its own buttons stay free to tap).
export async function tableView({ extra = () => {}, deedCards = false } = {}) {
  const board = await loadBoard();
  const view = new BoardView($("#board"), board, { centre: $("#centre") });
  // What this page sends, counted while it waits for its token (a tap then is not a call for
  // a seat panel, even one the table ignored for coming early).
  let acting = 0;
  const send = async (cmd, player) => {
    acting += 1;
    try { return await act(cmd, player); } finally { acting -= 1; }
  };
  // The Table page's seat panels (a player without a phone does there what a phone would).
  const seats = seatPanel(board, send);
  const decision = new DecisionView($("#decision"), {
    board, mode: "shared", act: send,
    openSeat: seats ? (player) => seats.open(player) : null,
    counter: seats ? (pending) => seats.open(pending.to, { counter: pending }) : null,
  });
  new FeedView($("#messages"));
  let last = null;
  const render = (state) => {
    last = state;
    view.update(state);
    decision.update(state);
    $("#turn-line").hidden = !state?.turn;
    renderCurrent($("#current-player"), state);
    renderDice($("#last-roll"), state);
    renderPlayers($("#players"), state, board, { pick: seats ? (player) => seats.open(player) : null });
    extra(state);
  };
  onState((state) => render(state));
  window.addEventListener("langchange", () => last && render(last));
  window.addEventListener("pieces", () => last && render(last));
  window.addEventListener("notice", (e) => {
    const data = e.detail;
    if (data.type === "show_deed" && data.square) {
      view.highlight(data.square);
      if (deedCards) openDeed(board, data.square, last, 12);
    } else if (data.type === "identify" && data.player) {
      toast(t("toast.identified", { player: data.player }), "info", 3000);
    } else if (data.type === "ignored" && deedCards && seats && !acting) {
      // A token tapped while nothing waited for it (the table's routing gave it to nobody):
      // the Table page opens that player's seat panel.
      const [kind, value] = String(data.meaning || "").split(":");
      const p = kind === "token" ? (last?.players || []).find((x) => x.name === value || pieceOf(x.name) === value) : null;
      if (p && !p.bankrupt) seats.open(p.name);
    }
  });
  return { board, view, decision };
}
