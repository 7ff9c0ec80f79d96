// Table page: the board in the middle of the table, whose turn, the last roll, the decision due
// now (answerable here with a token tap), the players' cash and the QR codes to join.

import { act, onState, session } from "./api.js";
import { BoardView, loadBoard, squareName } from "./board.js";
import { DecisionView } from "./decision.js";
import { t } from "./i18n.js";
import { start } from "./page.js";
import { $, money, toast } from "./ui.js";
import { MessageFeed, renderGame } from "./widgets.js";

await start();
const board = await loadBoard();
const view = new BoardView($("#board"), board);
const decision = new DecisionView($("#decision"), { board, mode: "shared", act });
const feed = new MessageFeed($("#messages"));

$("#wifi-ssid").textContent = session.wifi?.ssid ? `(${session.wifi.ssid})` : "";
$("#join-url").textContent = session.join_url || "";

let last = null;
function render(state) {
  last = state;
  renderGame({ view, decision, board }, state);
}

onState((state, messages) => {
  render(state);
  feed.add(state, messages);
});
window.addEventListener("langchange", () => last && render(last));

window.addEventListener("notice", (e) => {
  const data = e.detail;
  if (data.type === "show_deed" && data.square) {
    view.highlight(data.square);
    const sq = board.byId[data.square];
    const rents = sq?.rents ? ` · ${t("board.rents")}: ${sq.rents.map((r) => money(r)).join(" / ")}` : "";
    toast(`${squareName(board, data.square)}${sq?.price ? ` · ${money(sq.price)}` : ""}${rents}`, "info");
  } else if (data.type === "identify" && data.player) {
    toast(t("toast.identified", { player: data.player }), "info", 3000);
  } else if (data.type === "unknown_tag") {
    toast(t("toast.unknown_tag", { uid: data.uid || "" }), "refused");
  }
});
