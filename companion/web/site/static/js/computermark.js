// A computer seat's mark (issue 41): a small robot with its level ("smart") beside the player's
// name wherever players are named (Players panel, odds, the banker's overview, the story), so
// nobody takes the table's moves for a person's. Its accessible name says it in words ("Robo is
// played by the computer: smart"); the robot itself is hidden from screen readers.

import { t } from "./i18n.js";
import { h } from "./ui.js";

const NS = "http://www.w3.org/2000/svg";
// A robot's head: antenna, face, two eyes and a mouth (stroked, in the text's colour).
const ROBOT = "M12 2v3M7 6h10a2 2 0 0 1 2 2v9a2 2 0 0 1-2 2H7a2 2 0 0 1-2-2V8a2 2 0 0 1 2-2zM9 11h.01M15 11h.01M9 15h6M3 11v3M21 11v3";

export function robotSvg() {
  const svg = document.createElementNS(NS, "svg");
  svg.setAttribute("viewBox", "0 0 24 24");
  svg.setAttribute("aria-hidden", "true");
  svg.classList.add("robot");
  const path = document.createElementNS(NS, "path");
  path.setAttribute("d", ROBOT);
  svg.append(path);
  return svg;
}

// The mark for a player of the state ({name, computer}), or null for a person. test: its data-test.
export function computerMark(player, test = `computer-${player?.name}`) {
  if (!player?.computer) return null;
  const level = t(`computer.level.${player.computer}`);
  return h("span", {
    class: "badge computer", "data-test": test, "data-level": player.computer, role: "img",
    "aria-label": t("computer.played_by", { player: player.name, level }), title: t("computer.played_by", { player: player.name, level }),
  }, robotSvg(), h("span", { class: "computer-level", "aria-hidden": "true" }, level));
}
