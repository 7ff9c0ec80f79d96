// The classic pieces, drawn here as small SVG silhouettes (local, no image files): a player's
// token on the board and in lists is their piece in their colour. Which piece is whose comes from
// /api/pieces (the piece whose tag taps as that player's token); without one, their initials.

import { get } from "./api.js";
import { t } from "./i18n.js";
import { h, playerColour } from "./ui.js";

const NS = "http://www.w3.org/2000/svg";

// 32 x 32 silhouettes, drawn in white over the player's colour.
export const DRAWINGS = {
  boot: "M9 3h9v15l7 2.6c3 1.1 4.5 3 4.5 5.4V29H9zM6 29h24",
  car: "M2.5 21.5l1.8-5.7c.5-1.5 1.6-2.3 3.2-2.5l4.7-.6 3.6-4.1c.8-.9 1.9-1.4 3.1-1.4h4.6c1.4 0 2.6.7 3.3 1.9l2.3 3.9c1.9.4 3.3 2 3.3 4v4.5zM9 26.5a3.3 3.3 0 1 0 0-6.6 3.3 3.3 0 0 0 0 6.6zM23.5 26.5a3.3 3.3 0 1 0 0-6.6 3.3 3.3 0 0 0 0 6.6z",
  dog: "M2.5 14l3.4-5.2.6-4.6 2.6 3.1 3.2.8.3 3.1h11.6c1.6 0 2.8-1 3.4-2.5l1.6.7-.8 3.4V23h-3v-4.2H14.4L13.5 23h-3v-5.4l-4.3-.9-3.7-.6z",
  hat: "M9.5 4.5h13l.5 15h-14zM3.5 20.5c2-1.2 6.5-2 12.5-2s10.5.8 12.5 2v3.5c-2 1.2-6.5 2-12.5 2s-10.5-.8-12.5-2z",
  iron: "M3 24c.8-7.5 6.2-12.5 14.5-13.3H27c1 0 1.8.8 1.8 1.8V24zM11.5 10.7c.6-3.5 3-5.7 6.5-5.7h6.5c1.4 0 2.4 1 2.4 2.4v3.3h-3V8h-5.8c-1.6 0-2.8 1.1-3.1 2.7z",
  ship: "M2.5 18.5h27l-4 7h-19zM8.5 18.5v-4h14v4zM13 14.5v-5h3.2v5zM18.6 14.5V11h2.4v3.5zM16 9.5V4",
  thimble: "M8.8 26l1.4-15.5C10.6 6.5 13 3.8 16 3.8s5.4 2.7 5.8 6.7L23.2 26zM7.4 25h17.2v3.2H7.4z",
  wheelbarrow: "M4 11.5h21.5l-4.2 8.5H9.6zM9.5 27.2a3.4 3.4 0 1 0 0-6.8 3.4 3.4 0 0 0 0 6.8zM22.5 13.5l7-4.2M20.5 20l1.5 6.5",
};
const STROKED = new Set(["ship", "wheelbarrow", "boot"]); // parts drawn as lines

let pieces = {};
let loading = null;

// Which piece each player of the game holds (asked again after a new game).
export function loadPieces() {
  loading = get("/api/pieces", { quiet: true }).then((answer) => { pieces = answer.pieces || {}; return pieces; })
    .catch(() => pieces);
  return loading;
}
export const pieceOf = (name) => pieces[name] || null;

export function pieceSvg(piece) {
  const svg = document.createElementNS(NS, "svg");
  svg.setAttribute("viewBox", "0 0 32 32");
  svg.setAttribute("aria-hidden", "true");
  svg.classList.add("piece");
  const path = document.createElementNS(NS, "path");
  path.setAttribute("d", DRAWINGS[piece]);
  if (STROKED.has(piece)) path.classList.add("stroked");
  svg.append(path);
  return svg;
}

function initials(state, name) {
  const names = (state?.players || []).map((p) => p.name);
  const first = (n) => (n || "?").slice(0, 1).toUpperCase();
  if (names.filter((n) => first(n) === first(name)).length < 2) return first(name);
  return (name || "?").slice(0, 2).replace(/^./, (c) => c.toUpperCase());
}

// A player's token: their piece (or initials) in their colour.
export function tokenEl(state, name, extra = {}) {
  const piece = pieceOf(name);
  const label = piece ? `${name} (${t(`piece.${piece}`)})` : name;
  return h("span", {
    class: `token${piece ? " has-piece" : ""}`, "data-test": `token-${name}`, "data-piece": piece || null,
    title: label, "aria-label": label, role: "img", style: { background: playerColour(state, name) }, ...extra,
  }, piece ? pieceSvg(piece) : initials(state, name));
}
