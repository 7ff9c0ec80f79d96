// The whole table on one screen (the Table page and the virtual table): the board with whose turn
// it is, the dice of that turn and the story in its middle, the decision with every player's
// answers (confirmed by a token tap), the players' cash; a tapped deed tag opens its card.

import { act, onState } from "./api.js";
import { BoardView, loadBoard } from "./board.js";
import { openDeed } from "./deedcard.js";
import { DecisionView } from "./decision.js";
import { renderDice } from "./dice.js";
import { FeedView } from "./feed.js";
import { t } from "./i18n.js";
import { tokenEl } from "./pieces.js";
import { renderPlayers } from "./players.js";
import { $, clear, h, toast } from "./ui.js";

function renderCurrent(el, state) {
  if (!state?.game || !state.turn) return clear(el, "—");
  return clear(el, tokenEl(state, state.turn), h("span", { class: "name-text" }, state.turn));
}

// deedCards: a deed tag tapped on the reader opens its card here (the Table page; the virtual
// table only marks the square, so that its own buttons stay free to tap).
export async function tableView({ extra = () => {}, deedCards = false } = {}) {
  const board = await loadBoard();
  const view = new BoardView($("#board"), board, { centre: $("#centre") });
  const decision = new DecisionView($("#decision"), { board, mode: "shared", act });
  new FeedView($("#messages"));
  let last = null;
  const render = (state) => {
    last = state;
    view.update(state);
    decision.update(state);
    $("#turn-line").hidden = !state?.turn;
    renderCurrent($("#current-player"), state);
    renderDice($("#last-roll"), state);
    renderPlayers($("#players"), state, board);
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
    } else if (data.type === "unknown_tag") {
      toast(t("toast.unknown_tag", { uid: data.uid || "" }), "refused");
    }
  });
  return { board, view, decision };
}
