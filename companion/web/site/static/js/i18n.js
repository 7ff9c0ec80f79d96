// Interface strings in Project Fluent: /i18n/<lang>.ftl is companion/i18n/<lang>.ftl, the one file
// per language the Python side words the engine's sentences from, formatted here by the vendored
// @fluent/bundle with English as the fallback. A page asks t("nav.table"): its message is
// "page-nav-table" (a dot of the page's key is a "-" of the Fluent id). Plurals are the messages'
// own selectors ({ $n -> [one] ... *[other] ... }); money is { MONEY($amount) }: the game's
// edition's sign and the language's grouping (1,500 / 1 500), as the Python side writes it. Square names and card texts are not here: they come from /api/board.
// The language is chosen per screen and kept in localStorage; before a screen has chosen, the
// page opens in the language the server picked from ?lang= or the browser's Accept-Language.
// The languages are the server's (companion/i18n's LANGUAGES, in base.html's data-languages):
// a language the table speaks is its .ftl file, and what the page needs to know of it (the
// locale its dates are written in, the vowels its words break at) is that file's language-* messages.

import { FluentBundle, FluentNumber, FluentResource } from "../vendor/fluent-bundle/index.js";

export const LANGUAGES = (document.documentElement.dataset.languages || "en").split(/\s+/).filter(Boolean);
const KEY = "companion.lang";

let current = "en";
let bundle = null;
let english = null;

export const lang = () => current;

// The sign of the money amounts are written in: the game's edition's, as the state carries it
// (state.money), and before any state the one the server rendered the page with (base.html's
// data-money: the current game's edition's, or the default edition's when no game is played).
let moneySign = document.documentElement.dataset.money ?? "";
export function setMoney(money) {
  if (money && typeof money.sign === "string") moneySign = money.sign;
}

// The sign and the language's grouping (CLDR, as babel does on the server): 1,500, 1 500.
function money(code) {
  const format = new Intl.NumberFormat(code, { maximumFractionDigits: 0 });
  return ([amount]) => {
    const n = amount instanceof FluentNumber ? amount.valueOf() : Number(amount);
    return Number.isFinite(n) ? moneySign + format.format(n) : moneySign + (amount ?? "");
  };
}

// A whole amount as this screen's language writes it, the sign included (MONEY() of its messages).
const formats = {};
export const amountText = (n) => (formats[current] ||= money(current))([n]);

async function fetchBundle(code) {
  // no isolation marks: the words are compared and shown as plain text, as on the Python side
  const made = new FluentBundle(code, { useIsolating: false, functions: { MONEY: money(code) } });
  try {
    const response = await fetch(`/i18n/${code}.ftl`, { cache: "no-cache" });
    if (response.ok) made.addResource(new FluentResource(await response.text()));
  } catch { /* offline: the keys show until the words come */ }
  return made;
}

function stored() {
  try { return localStorage.getItem(KEY); } catch { return null; }
}

export async function initI18n() {
  // ?lang=ru in the address wins (and is kept for this screen), then the screen's choice
  const asked = new URLSearchParams(location.search).get("lang");
  if (asked && LANGUAGES.includes(asked)) {
    try { localStorage.setItem(KEY, asked); } catch { /* this page only */ }
  }
  const wanted = (LANGUAGES.includes(asked) && asked) || stored() || document.documentElement.lang || "en";
  current = LANGUAGES.includes(wanted) ? wanted : "en";
  // both bundles at once: a module asking known() meanwhile must not find the English only
  const en = await fetchBundle("en");
  const own = current === "en" ? en : await fetchBundle(current);
  english = en;
  bundle = own;
  document.documentElement.lang = current;
  translateDom();
}

export async function setLang(code) {
  if (!LANGUAGES.includes(code) || code === current) return;
  try { localStorage.setItem(KEY, code); } catch { /* private mode: this page only */ }
  current = code;
  bundle = code === "en" ? english : await fetchBundle(code);
  document.documentElement.lang = code;
  translateDom();
  window.dispatchEvent(new CustomEvent("langchange", { detail: code }));
}

export const messageId = (key) => `page-${key.replaceAll(".", "-")}`;

// Numbers are written as they are (a seed, a count: "1500"); MONEY() groups amounts itself.
function fluentArgs(vars) {
  if (!vars) return undefined;
  const args = {};
  for (const [name, value] of Object.entries(vars)) {
    args[name] = typeof value === "number" ? new FluentNumber(value, { useGrouping: false }) : value;
  }
  return args;
}

// Any message of the file by its Fluent id, in this screen's language (else English); null if none.
export function say(id, vars) {
  for (const from of [bundle, english]) {
    const message = from?.getMessage(id);
    if (message?.value) return from.formatPattern(message.value, fluentArgs(vars), []);
  }
  return null;
}

// t("decision.buy", {player: "Ann"}): the message page-decision-buy with its variables filled in.
export const t = (key, vars) => say(messageId(key), vars) ?? key;

// The BCP 47 locale this screen's dates, times and numbers are written in ("en-GB", "ru-RU").
export const locale = () => say("language-locale") ?? current;

export const known = (key) => Boolean(bundle?.hasMessage(messageId(key)) || english?.hasMessage(messageId(key)));

// A {"en": ..., "ru": ...} text from the edition, in this screen's language.
export function local(texts) {
  if (!texts) return "";
  if (typeof texts === "string") return texts;
  return texts[current] ?? texts.en ?? Object.values(texts)[0] ?? "";
}

// Static markup: data-i18n="key" sets the text; data-i18n-attr="aria-label:key;placeholder:key2".
export function translateDom(root = document) {
  for (const el of root.querySelectorAll("[data-i18n]")) el.textContent = t(el.dataset.i18n);
  for (const el of root.querySelectorAll("[data-i18n-attr]")) {
    for (const pair of el.dataset.i18nAttr.split(";")) {
      const [attr, key] = pair.split(":").map((s) => s.trim());
      if (attr && key) el.setAttribute(attr, t(key));
    }
  }
  const title = document.querySelector("title[data-i18n-title]");
  if (title) title.textContent = `${t(title.dataset.i18nTitle)} · ${t("app.name")}`;
}
