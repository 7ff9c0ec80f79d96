// The board: the edition from /api/board drawn as squares around the edge of a CSS grid, kept up
// to date from the state (owners, houses and hotels, mortgages, current rents, tokens, jail).
// Everything in a square is laid out in flow, so nothing covers its name. A wide screen gets the
// classic square; a narrow one (a phone) the same ring as a tall loop, four squares across, so
// every name stays readable. Tapping a deed's square opens its card.

import { get } from "./api.js";
import { openDeed } from "./deedcard.js";
import { lang, local, t } from "./i18n.js";
import { tokenEl } from "./pieces.js";
import { h, money, playerColour, redraw } from "./ui.js";

let boardPromise = null;

// The edition, fetched once per page.
export function loadBoard() {
  if (!boardPromise) {
    boardPromise = get("/api/board").then((board) => {
      board.byId = {};
      board.squares.forEach((sq, i) => {
        if (sq.index === undefined) sq.index = i;
        board.byId[sq.id] = sq;
      });
      return board;
    });
    boardPromise.catch(() => { boardPromise = null; });
  }
  return boardPromise;
}

export const squareName = (board, id) => (board?.byId?.[id] ? local(board.byId[id].name) : id || "");
// A colour group's name in one form everywhere: the edition's own ("dark blue", "тёмно-синяя"),
// never capitalised here or by CSS; where it stands alone (a heading, a deed card) it is said in a
// phrase that starts the line ("The dark blue group"): groupTitle.
export const groupName = (board, group) => (board?.groups?.[group] ? local(board.groups[group].name) : group || "");
// What a board calls its four stations: the US board's are railroads ("Reading Railroad", ...), so
// its deeds say "Railroads" and "2 railroads owned" (a key of its own: group.railroad, deed.railroad).
const RAILROAD_BOARDS = new Set(["us"]);
export const kindKey = (board, kind) => (kind === "station" && RAILROAD_BOARDS.has(board?.id) ? "railroad" : kind);
// The title of a group of deeds: a colour group in its phrase, else "Stations" (or "Railroads"),
// "Utilities", "Other".
export const groupTitle = (board, key) => (board?.groups?.[key] ? t("group.colour", { group: groupName(board, key) }) : t(`group.${kindKey(board, key)}`));
export const deckName = (board, deck) => (board?.decks?.[deck] ? local(board.decks[deck].name) : deck || "");

// The group of a square for grouping deeds: its colour group, or "station" / "utility".
export const groupKey = (sq) => sq.group || sq.kind;

// An owned utility's rent: so many times the dice (4 with one utility, 10 with both), or null.
export function utilityTimes(board, state, id) {
  const owner = state?.properties?.[id]?.owner;
  if (!owner || !board) return null;
  const held = board.squares.filter((sq) => sq.kind === "utility" && state.properties?.[sq.id]?.owner === owner).length;
  const times = board.utility_multipliers?.length ? board.utility_multipliers : [4, 10];
  return times[Math.max(1, Math.min(held, times.length)) - 1];
}
export const isOwnable = (sq) => sq && (sq.kind === "lot" || sq.kind === "station" || sq.kind === "utility");

// ---- patterns: a tiny SVG tile per pattern name, in black or white to show on the group colour --
const TILES = {
  dots: '<circle cx="5" cy="5" r="1.9" fill="C"/>',
  stripes: '<path d="M-1 1l2-2M0 10L10 0M9 11l2-2" stroke="C" stroke-width="2.2"/>',
  checks: '<path d="M0 0h5v5H0zM5 5h5v5H5z" fill="C"/>',
  zigzag: '<path d="M0 7l2.5-4 2.5 4 2.5-4 2.5 4" fill="none" stroke="C" stroke-width="1.6"/>',
  crosses: '<path d="M5 1.5v7M1.5 5h7" stroke="C" stroke-width="1.8"/>',
  waves: '<path d="M0 5q2.5-3.5 5 0t5 0" fill="none" stroke="C" stroke-width="1.6"/>',
  diamonds: '<path d="M5 1l4 4-4 4-4-4z" fill="none" stroke="C" stroke-width="1.6"/>',
  triangles: '<path d="M5 1.5l4 7H1z" fill="C"/>',
};

function isDark(colour) {
  const m = /^#?([0-9a-f]{6})$/i.exec(colour || "");
  if (!m) return false;
  const n = parseInt(m[1], 16);
  const [r, g, b] = [(n >> 16) & 255, (n >> 8) & 255, n & 255];
  return 0.299 * r + 0.587 * g + 0.114 * b < 140;
}

// CSS for a group band: the colour with its pattern on top.
export function groupStyle(board, group) {
  const info = board?.groups?.[group];
  if (!info) return {};
  const style = { backgroundColor: info.colour, color: isDark(info.colour) ? "#fff" : "#000" };
  const tile = TILES[info.pattern];
  if (tile) {
    const ink = isDark(info.colour) ? "rgba(255,255,255,.55)" : "rgba(0,0,0,.45)";
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">${tile.replaceAll("C", ink)}</svg>`;
    style.backgroundImage = `url("data:image/svg+xml,${encodeURIComponent(svg)}")`;
    style.backgroundSize = "10px 10px";
  }
  return style;
}

// A colour-group swatch (used in lists and legends): pattern + colour, named for screen readers.
export function groupSwatch(board, group) {
  return h("span", { class: "swatch", style: groupStyle(board, group), role: "img", "aria-label": groupName(board, group), title: groupName(board, group) });
}

// Grid cell of square i: GO bottom right, then clockwise. "square": the classic board, n/4 + 1
// cells a side; "tall": four cells across and n/2 - 2 down, for a phone held upright.
export function cell(i, n, shape) {
  if (shape === "tall") {
    const rows = n / 2 - 2;
    if (i <= 3) return { row: rows, col: 4 - i, side: "bottom" };
    if (i < n / 2) return { row: rows - (i - 3), col: 1, side: "left" };
    if (i <= n / 2 + 3) return { row: 1, col: i - n / 2 + 1, side: "top" };
    return { row: i - n / 2 - 2, col: 4, side: "right" };
  }
  const side = n / 4;
  const last = side + 1; // grid lines 1..side+1
  if (i <= side) return { row: last, col: last - i, side: i === 0 || i === side ? "corner" : "bottom" };
  if (i <= 2 * side) return { row: last - (i - side), col: 1, side: i === 2 * side ? "corner" : "left" };
  if (i <= 3 * side) return { row: 1, col: 1 + (i - 2 * side), side: i === 3 * side ? "corner" : "top" };
  return { row: 1 + (i - 3 * side), col: last, side: "right" };
}

const TALL_BELOW = 560; // px: a board narrower than this is drawn as the tall loop

function kindNote(sq) {
  switch (sq.kind) {
    case "tax": return money(sq.tax ?? sq.amount ?? 0); // as a deed shows its price: the name says it is a tax
    case "go": return t("board.collect");
    default: return "";
  }
}

export class BoardView {
  // container: an element to fill; centre: an optional element for the middle of the board.
  constructor(container, board, { centre = null } = {}) {
    this.container = container;
    this.board = board;
    this.centreSlot = centre;
    this.parts = new Map();
    this.state = null;
    this.shape = this.shapeFor(container.clientWidth);
    this.build();
    window.addEventListener("langchange", () => { this.build(); if (this.state) this.update(this.state); });
    window.addEventListener("pieces", () => { // the tokens' pictures: every square drawn again
      for (const parts of this.parts.values()) parts.shown = null;
      if (this.state) this.update(this.state);
    });
    new ResizeObserver(() => {
      const shape = this.shapeFor(this.container.clientWidth);
      if (shape !== this.shape) {
        this.shape = shape;
        this.build();
        if (this.state) this.update(this.state);
      } else {
        this.fit(true);
      }
    }).observe(container);
  }

  shapeFor(width) {
    return width && width < TALL_BELOW ? "tall" : "square";
  }

  build() {
    const board = this.board;
    const n = board.squares.length;
    const side = n / 4;
    const tall = this.shape === "tall";
    const grid = h("div", {
      class: `board board-${this.shape}`, "data-test": "board", "data-shape": this.shape, role: "region", "aria-label": t("board.label"),
      style: tall
        ? { gridTemplateColumns: "repeat(4, minmax(0, 1fr))", gridTemplateRows: `repeat(${n / 2 - 2}, auto)` }
        : { gridTemplateColumns: `1.6fr repeat(${side - 1}, 1fr) 1.6fr`, gridTemplateRows: `1.6fr repeat(${side - 1}, 1fr) 1.6fr` },
    });
    this.parts.clear();
    for (const sq of board.squares) {
      const pos = cell(sq.index, n, this.shape);
      const parts = { sq };
      const deed = isOwnable(sq);
      parts.band = sq.group ? h("div", { class: "band", style: groupStyle(board, sq.group), "aria-hidden": "true" }) : null;
      parts.note = h("span", { class: "sq-note" }, sq.price ? money(sq.price) : kindNote(sq));
      parts.owner = h("span", { class: "sq-owner" });
      parts.tokens = h("div", { class: "tokens" });
      const body = h("div", { class: "sq-body" },
        h("div", { class: "sq-name", lang: lang() }, local(sq.label || sq.name)),
        h("div", { class: "sq-meta" }, parts.note, parts.owner));
      if (sq.kind === "jail") {
        parts.cell = h("div", { class: "jail-cell", "data-test": "jail-cell", title: t("board.in_jail") });
        parts.visiting = h("div", { class: "tokens visiting", "data-test": "jail-visiting" });
      }
      parts.el = h("div", {
        class: `sq sq-${sq.kind} side-${pos.side}${deed ? " is-deed" : ""}`, "data-test": `square-${sq.id}`, "data-index": sq.index,
        role: deed ? "button" : "group", tabindex: deed ? "0" : null,
        style: { gridRow: String(pos.row), gridColumn: String(pos.col) },
        onclick: deed ? () => openDeed(this.board, sq.id, this.state) : null,
        onkeydown: deed ? (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); openDeed(this.board, sq.id, this.state); } } : null,
      }, parts.band, body, parts.cell, parts.visiting, sq.kind === "jail" ? null : parts.tokens);
      this.parts.set(sq.id, parts);
      grid.append(parts.el);
    }
    this.bank = h("div", { class: "bank", "data-test": "bank" });
    this.centre = h("div", {
      class: "board-centre",
      style: tall ? { gridRow: `2 / ${n / 2 - 2}`, gridColumn: "2 / 4" } : { gridRow: `2 / ${side + 1}`, gridColumn: `2 / ${side + 1}` },
    }, this.centreSlot, this.bank);
    grid.append(this.centre);
    this.container.replaceChildren(grid);
    this.grid = grid;
    this.describe();
  }

  update(state) {
    this.state = state;
    const players = state?.players || [];
    const props = state?.properties || {};
    const here = new Map();
    for (const p of players) {
      if (p.bankrupt) continue;
      const sq = this.board.squares[p.position];
      if (!sq) continue;
      if (!here.has(sq.id)) here.set(sq.id, []);
      here.get(sq.id).push(p);
    }
    for (const [id, parts] of this.parts) {
      const prop = props[id];
      const owner = prop?.owner || null;
      const sq = parts.sq;
      const standing = here.get(id) || [];
      parts.standing = standing;
      // Drawn again only when what it shows changed: a move touches two squares of forty.
      const shows = JSON.stringify([prop, owner && playerColour(state, owner),
        owner && sq.kind === "utility" ? utilityTimes(this.board, state, id) : 0,
        standing.map((p) => [p.name, p.in_jail, p.name === state.turn])]);
      if (parts.shown === shows) continue;
      parts.shown = shows;
      parts.refit = true; // its words or tokens changed (a token out of jail to Just Visiting too)
      parts.described = false; // ... and so its words for a screen reader
      parts.el.dataset.owner = owner || "";
      parts.el.dataset.houses = prop ? String(prop.houses) : "0";
      parts.el.dataset.hotel = prop && prop.hotel ? "true" : "false";
      parts.el.classList.toggle("is-owned", Boolean(owner));
      parts.el.classList.toggle("is-mortgaged", Boolean(prop?.mortgaged));
      parts.el.style.setProperty("--owner", owner ? playerColour(state, owner) : "transparent");
      // the line under the name: the price while the bank holds it, then the rent due now
      if (isOwnable(sq)) {
        let note = money(sq.price);
        if (prop?.mortgaged) note = t("board.mortgaged");
        else if (owner && sq.kind !== "utility") note = t("board.rent", { amount: money(prop.rent) });
        else if (owner) note = t("board.rent_dice", { n: utilityTimes(this.board, state, id) });
        parts.note.textContent = note;
        if (owner) parts.note.setAttribute("data-test", `rent-${id}`);
        else parts.note.removeAttribute("data-test");
      }
      parts.owner.replaceChildren(...(owner ? [h("span", { class: "owner-dot", style: { background: playerColour(state, owner) } }), owner] : []));
      if (parts.band) {
        const buildings = [];
        if (prop?.hotel) buildings.push(h("span", { class: "hotel", title: t("board.hotel") }));
        else for (let k = 0; k < (prop?.houses || 0); k++) buildings.push(h("span", { class: "house", title: t("board.house") }));
        parts.band.replaceChildren(...buildings);
      }
      const mark = (p) => {
        const tok = tokenEl(state, p.name);
        if (p.name === state.turn) tok.classList.add("is-turn");
        return tok;
      };
      if (parts.cell) {
        parts.cell.replaceChildren(h("span", { class: "jail-label" }, t("board.in_jail")), ...standing.filter((p) => p.in_jail).map(mark));
        parts.visiting.replaceChildren(...standing.filter((p) => !p.in_jail).map(mark));
      } else {
        parts.tokens.replaceChildren(...standing.map(mark));
      }
    }
    const bank = state?.bank;
    redraw(this.bank, bank ? [bank.houses, bank.hotels, bank.pot] : null, () => (bank ? [
      h("span", {}, t("board.bank_buildings", { houses: bank.houses, hotels: bank.hotels })),
      bank.pot ? h("span", { "data-test": "pot" }, " · ", t("board.pot", { amount: money(bank.pot) })) : null] : []));
    this.describe();
    this.fit();
  }

  // A square whose words do not fit gets a smaller type, a step at a time (names break only
  // at their hyphens and spaces, so a long word is never cut). The squares step down together,
  // each step one reading of the layout for all of them (a square at a time forced the browser to
  // lay the board out again up to 200 times a move: most of a tablet's work at each command), and
  // only the squares update() drew again since, unless the board's size changed (`all`).
  fit(all = false) {
    this.refitAll ||= all;
    if (this.fitting) return; // one fitting a frame, whatever asked for it
    this.fitting = requestAnimationFrame(() => {
      this.fitting = 0;
      const everything = this.refitAll;
      this.refitAll = false;
      let todo = [...this.parts.values()].filter((parts) => everything || parts.refit);
      for (const parts of this.parts.values()) parts.refit = false;
      for (const parts of todo) parts.el.style.removeProperty("--fit");
      const over = (el) => {
        const name = el.querySelector(".sq-name");
        return el.scrollHeight > el.clientHeight + 1 || el.scrollWidth > el.clientWidth + 1
          || Boolean(name && name.scrollWidth > name.clientWidth + 1);
      };
      for (const scale of [0.9, 0.8, 0.72, 0.64]) {
        todo = todo.filter((parts) => over(parts.el)); // all read first: one layout
        if (!todo.length) break;
        for (const parts of todo) parts.el.style.setProperty("--fit", String(scale)); // then written
      }
    });
  }

  // aria-label and tooltip of each square: everything the picture shows, in words; of the
  // squares update() drew again since (a move changes two of forty), or of every one once built.
  describe() {
    const props = this.state?.properties || {};
    for (const [id, parts] of this.parts) {
      if (parts.described) continue;
      parts.described = true;
      const sq = parts.sq;
      const bits = [local(sq.name)];
      if (sq.group) bits.push(t("board.group", { group: groupName(this.board, sq.group) }));
      else if (sq.kind === "station" || sq.kind === "utility") bits.push(t(`group.${kindKey(this.board, sq.kind)}`));
      if (sq.price) bits.push(money(sq.price));
      const prop = props[id];
      if (prop) {
        bits.push(prop.owner ? t("board.owner", { player: prop.owner }) : t("board.unowned"));
        if (prop.hotel) bits.push(t("board.hotel"));
        else if (prop.houses) bits.push(t("board.houses", { n: prop.houses }));
        if (prop.mortgaged) bits.push(t("board.mortgaged"));
        else if (prop.owner && sq.kind !== "utility") bits.push(t("board.rent", { amount: money(prop.rent) }));
        else if (prop.owner) bits.push(t("board.rent_dice", { n: utilityTimes(this.board, this.state, id) }));
      }
      const standing = parts.standing || [];
      if (sq.kind === "jail") {
        const jailed = standing.filter((p) => p.in_jail).map((p) => p.name);
        const visiting = standing.filter((p) => !p.in_jail).map((p) => p.name);
        if (jailed.length) bits.push(t("board.jailed", { players: jailed.join(", ") }));
        if (visiting.length) bits.push(t("board.visiting", { players: visiting.join(", ") }));
      } else if (standing.length) {
        bits.push(t("board.here", { players: standing.map((p) => p.name).join(", ") }));
      }
      const text = bits.join(" · ");
      parts.el.setAttribute("aria-label", text);
      parts.el.title = text;
    }
  }

  highlight(id) {
    const parts = this.parts.get(id);
    if (!parts) return;
    parts.el.classList.remove("flash");
    void parts.el.offsetWidth;
    parts.el.classList.add("flash");
    setTimeout(() => parts.el.classList.remove("flash"), 4000);
  }
}
