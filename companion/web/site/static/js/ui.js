// Small DOM helpers shared by every page: element builder, toasts, a confirm dialog, money and
// player colours. No framework: pages rebuild their parts from the latest state (redraw: those
// whose inputs changed).

import { t, locale, amountText } from "./i18n.js";

// h("button", {class: "x", "data-test": "y", onclick: f}, "text", child, ...)
export function h(tag, attrs, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs || {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key.startsWith("on") && typeof value === "function") {
      el.addEventListener(key.slice(2), value);
    } else if (key === "class") {
      el.className = value;
    } else if (key === "style" && typeof value === "object") {
      Object.assign(el.style, value);
    } else if (key === "value") {
      el.value = value;
    } else if (key === "checked" || key === "disabled" || key === "selected") {
      el[key] = Boolean(value);
    } else {
      el.setAttribute(key, value === true ? "" : String(value));
    }
  }
  append(el, children);
  return el;
}

function append(el, children) {
  for (const child of children) {
    if (child === undefined || child === null || child === false) continue;
    if (Array.isArray(child)) append(el, child);
    else el.append(child instanceof Node ? child : String(child));
  }
}

export function clear(el, ...children) {
  el.replaceChildren();
  append(el, children);
  return el;
}

// What a part was drawn from: its reads, this screen's language and money sign.
const drawnFrom = (reads) => JSON.stringify([locale(), amountText(0), reads]);

// Fills el as clear() does, but only when what it shows changed: `reads` is everything build()
// reads (the state's parts it shows; this screen's language and money sign count by themselves),
// so a state that leaves a part as it was leaves its elements alone (nothing for the browser to
// style, lay out or paint again there; assistive technology keeps its place in it).
export function redraw(el, reads, build) {
  const key = drawnFrom(reads);
  if (el.__drawn === key) return el;
  el.__drawn = key;
  return clear(el, build());
}

// A list's lines, each drawn again only when what it reads changed, as redraw() does for a part
// (a command changes one or two players' cash, not everyone's): `lines` are [id, reads, build],
// the list keeps each line's element by its id, and its children become exactly these lines, in
// this order (placeChildren).
export function drawLines(list, lines) {
  const was = list.__lines || new Map();
  list.__lines = new Map();
  return placeChildren(list, lines.map(([id, reads, build]) => {
    const key = drawnFrom(reads);
    const line = was.get(id)?.key === key ? was.get(id) : { key, el: build() };
    list.__lines.set(id, line);
    return line.el;
  }));
}

// Makes el's children exactly `nodes`, in this order, moving only what moved: the nodes a list
// keeps from its last drawing stay where they are, so the browser lays out only the new lines.
export function placeChildren(el, nodes) {
  nodes.forEach((node, i) => {
    const at = el.childNodes[i];
    if (at !== node) el.insertBefore(node, at || null);
  });
  while (el.childNodes.length > nodes.length) el.lastChild.remove();
  return el;
}

// Sets an element's text only when it differs (writing the same text still makes the browser
// look at the page again).
export function setText(el, text) {
  if (el.textContent !== text) el.textContent = text;
  return el;
}

export const $ = (selector, root = document) => root.querySelector(selector);

// Money: the game's sign and "1,500" (the separator follows the screen's language).
export function money(amount) {
  const n = Number(amount) || 0;
  const sign = n < 0 ? "−" : "";
  return `${sign}${amountText(Math.abs(n))}`; // written as the messages' MONEY() writes it
}

// A slug fit for a data-test value: "dark blue" -> "dark-blue".
export const slug = (text) => String(text).trim().toLowerCase().replace(/[^a-z0-9а-яё]+/gi, "-");

// ---- players: a colour and a line dash each, stable by seat ------------------------------------
const PALETTE = ["#d7263d", "#1b998b", "#2e86de", "#f49d37", "#8e44ad", "#3bb273", "#e056a0", "#7f8c8d"];
const DASHES = ["", "8 4", "2 4", "10 3 2 3", "14 4", "4 2", "6 6", "1 3"];

export function seat(state, name) {
  const i = (state?.players || []).findIndex((p) => p.name === name);
  return i < 0 ? 0 : i;
}
export const playerColour = (state, name) => PALETTE[seat(state, name) % PALETTE.length];
export const playerDash = (state, name) => DASHES[seat(state, name) % DASHES.length];

// ---- toasts: refusals, errors, notices ---------------------------------------------------------
// They sit in the header's own row (never over the page's buttons), two at most.
// Returns the toast shown (the one already up with the same words), so its caller may take it down.
export function toast(message, kind = "info", ms = 7000) {
  const area = document.getElementById("toasts");
  if (!area || !message) return null;
  // the same notice twice (the answer to this screen's request, and the stream telling every
  // screen) shows once
  for (const shown of area.querySelectorAll(".toast")) {
    if (shown.querySelector(".toast-text")?.textContent === message) return shown;
  }
  const item = h("div", { class: `toast toast-${kind}`, "data-test": "toast", "data-kind": kind, role: kind === "error" || kind === "refused" ? "alert" : "status" },
    h("span", { class: "toast-text" }, message),
    h("button", { type: "button", class: "toast-close", "aria-label": t("common.close"), onclick: () => item.remove() }, "×"));
  area.append(item);
  while (area.children.length > 2) area.firstElementChild.remove();
  setTimeout(() => item.remove(), ms);
  return item;
}

// ---- a confirm dialog (<dialog>, keyboard friendly) -------------------------------------------
export function confirmDialog(message, yesLabel = t("common.yes")) {
  return new Promise((resolve) => {
    const dialog = h("dialog", { class: "confirm", "data-test": "confirm", "aria-labelledby": "confirm-text" },
      h("div", { id: "confirm-text", class: "confirm-text" }, message),
      h("div", { class: "row" },
        h("button", { type: "button", class: "danger", "data-test": "confirm-yes", onclick: () => done(true) }, yesLabel),
        h("button", { type: "button", "data-test": "confirm-no", onclick: () => done(false) }, t("common.cancel"))));
    function done(answer) { dialog.close(); dialog.remove(); resolve(answer); }
    dialog.addEventListener("cancel", (e) => { e.preventDefault(); done(false); });
    document.body.append(dialog);
    dialog.showModal();
    dialog.querySelector("[data-test=confirm-no]").focus();
  });
}

// ---- times: the API may give ISO text or seconds/milliseconds since the epoch -----------------
// One format a locale: toLocaleTimeString builds one at every call, which was most of History's
// work (a long game's rows, each drawn with its time).
const timeFormats = new Map();
export function timeText(value) {
  if (value === undefined || value === null || value === "") return "";
  let date;
  if (typeof value === "number") date = new Date(value < 1e12 ? value * 1000 : value);
  else date = new Date(value);
  if (Number.isNaN(date.getTime())) return String(value);
  const code = locale();
  if (!timeFormats.has(code)) {
    timeFormats.set(code, new Intl.DateTimeFormat(code, { hour: "2-digit", minute: "2-digit", second: "2-digit" }));
  }
  return timeFormats.get(code).format(date);
}

export function dateTimeText(value) {
  const date = new Date(typeof value === "number" && value < 1e12 ? value * 1000 : value);
  if (value === undefined || value === null || value === "" || Number.isNaN(date.getTime())) return value ? String(value) : "";
  return date.toLocaleString(locale(), { dateStyle: "short", timeStyle: "short" });
}

export function debounce(fn, ms = 150) {
  let timer = 0;
  return (...args) => { clearTimeout(timer); timer = setTimeout(() => fn(...args), ms); };
}

// ---- a switch in the header (the sound, the voice): on or off per screen, kept in localStorage ---
export function storedOn(key) {
  try { return localStorage.getItem(key) === "on"; } catch { return false; }
}

// An icon drawn here (no icon font): SVG markup in a 24×24 box, coloured by the switch's CSS.
export function switchIcon(markup) {
  const svg = document.createElementNS("http://www.w3.org/2000/svg", "svg");
  svg.setAttribute("viewBox", "0 0 24 24");
  svg.setAttribute("aria-hidden", "true");
  svg.classList.add("speaker");
  svg.innerHTML = markup;
  return svg;
}

// The button: its icon for the state (icon(on)) with a short word beside it (words.shortOn or
// words.shortOff: a phone shows no tooltip, so the word is what says it), its title the message
// words.on or words.off in the page's language, flipped by a click (then changed(on)), and kept
// at `key` for this screen. Its name is the word shown (the icon is hidden from screen readers).
export function headerSwitch({ key, test, className, icon, words, changed }) {
  const button = h("button", { type: "button", class: className, "data-test": test });
  const show = () => {
    const on = storedOn(key);
    button.setAttribute("aria-pressed", String(on));
    button.replaceChildren(icon(on), h("span", { class: "switch-word", "data-test": `${test}-word` },
      t(on ? words.shortOn : words.shortOff)));
    button.title = t(on ? words.on : words.off);
  };
  button.addEventListener("click", () => {
    const on = !storedOn(key);
    try { localStorage.setItem(key, on ? "on" : "off"); } catch { /* this page only */ }
    show();
    changed?.(on);
  });
  window.addEventListener("langchange", show);
  show();
  return button;
}
