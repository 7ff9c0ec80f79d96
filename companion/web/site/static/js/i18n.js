// Interface strings: /static/i18n/<lang>.json, looked up by key with English as the fallback.
// Square names and card texts are not here: they come from /api/board in every language.
// The language is chosen per screen and kept in localStorage; before a screen has chosen, the
// page opens in the language the server picked from ?lang= or the browser's Accept-Language.

export const LANGUAGES = { en: "EN", ru: "RU" }; // add a language: its JSON file and one entry here
const KEY = "companion.lang";

let current = "en";
let dict = {};
let english = {};

export const lang = () => current;

async function fetchDict(code) {
  try {
    const response = await fetch(`/static/i18n/${code}.json`, { cache: "no-cache" });
    return response.ok ? await response.json() : {};
  } catch {
    return {};
  }
}

function stored() {
  try { return localStorage.getItem(KEY); } catch { return null; }
}

export async function initI18n() {
  // ?lang=ru in the address wins (and is kept for this screen), then the screen's choice
  const asked = new URLSearchParams(location.search).get("lang");
  if (asked && asked in LANGUAGES) {
    try { localStorage.setItem(KEY, asked); } catch { /* this page only */ }
  }
  const wanted = (asked in LANGUAGES && asked) || stored() || document.documentElement.lang || "en";
  current = wanted in LANGUAGES ? wanted : "en";
  // both at once: until this screen's own words are in, known() is false (no English first)
  const en = await fetchDict("en");
  const own = current === "en" ? en : await fetchDict(current);
  english = en;
  dict = own;
  document.documentElement.lang = current;
  translateDom();
}

export async function setLang(code) {
  if (!(code in LANGUAGES) || code === current) return;
  try { localStorage.setItem(KEY, code); } catch { /* private mode: this page only */ }
  current = code;
  dict = code === "en" ? english : await fetchDict(code);
  document.documentElement.lang = code;
  translateDom();
  window.dispatchEvent(new CustomEvent("langchange", { detail: code }));
}

// t("decision.buy", {player: "Ann"}): "{player}" placeholders are filled in.
export function t(key, vars) {
  let text = dict[key] ?? english[key] ?? key;
  if (vars) text = text.replace(/\{(\w+)\}/g, (m, name) => (name in vars ? String(vars[name]) : m));
  return text;
}

export const known = (key) => key in dict || key in english;

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
