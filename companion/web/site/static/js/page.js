// What every page does first: language, session, the table's clock, the pieces, the live stream
// with its connection indicator and offline banner, and toasts for inputs the table refused.

import { connect, loadSession, refreshState, sendClock, session, syncClock } from "./api.js";
import { initI18n, lang, setLang, t } from "./i18n.js";
import { showConnection } from "./offline.js";
import "./pairnotice.js"; // every pairing announced on the table's pages and the player's other screens
import { loadPieces } from "./pieces.js";
import { soundSwitch } from "./sound.js";
import { voiceSwitch } from "./voice.js";
import { toast } from "./ui.js";

// The buttons are base.html's, one for each of the server's languages.
function languageSwitch() {
  const box = document.getElementById("lang-switch");
  if (!box) return;
  const pressed = () => {
    for (const button of box.querySelectorAll("button")) button.setAttribute("aria-pressed", String(button.lang === lang()));
  };
  for (const button of box.querySelectorAll("button")) button.addEventListener("click", () => setLang(button.lang));
  pressed();
  window.addEventListener("langchange", pressed);
}

// On a phone the pages fold into a menu button that names the page it is on.
function menu() {
  const nav = document.querySelector("header.top nav");
  const button = document.getElementById("menu");
  if (!nav || !button) return;
  const name = () => {
    const here = nav.querySelector('a[aria-current="page"]');
    button.querySelector(".menu-page").textContent = here ? here.textContent : t("nav.label");
  };
  button.addEventListener("click", () => {
    const open = !nav.classList.contains("is-open");
    nav.classList.toggle("is-open", open);
    button.setAttribute("aria-expanded", String(open));
  });
  window.addEventListener("langchange", name);
  name();
}

function indicator(status) {
  const el = document.getElementById("connection");
  if (!el) return;
  el.dataset.state = status;
  const text = el.querySelector(".conn-text");
  if (text) text.textContent = t(`connection.${status}`);
  el.title = t(`connection.${status}`);
  showConnection(status);
}

// The stream's news: shown, and told to the panels that ask the table again when it is (back)
// open or polled instead (api.js whenOpen()).
function connection(status) {
  indicator(status);
  window.dispatchEvent(new CustomEvent("connection", { detail: status }));
}

function notice(data) {
  if (data.type === "refused") {
    const reason = data.words?.[lang()] || data.reason;
    toast(t("toast.refused", { reason }), "refused");
  }
  // A computer player's answer to a trade, with its reason (companion/table/computer_trades.py):
  // every screen shows it a while, so the people read why it said yes or no.
  if (data.type === "computer" && data.words) toast(data.words[lang()] || data.words.en, "info", 15000);
  window.dispatchEvent(new CustomEvent("notice", { detail: data }));
}

// The header's height, for layouts that fill the rest of the screen (the Table page's board).
function headerHeight() {
  const header = document.querySelector("header.top");
  if (!header) return;
  const set = () => document.documentElement.style.setProperty("--top", `${header.offsetHeight}px`);
  new ResizeObserver(set).observe(header);
  set();
}

// start(): resolves once strings and the session are known; the stream then runs for good.
export async function start({ stream = true } = {}) {
  await initI18n();
  languageSwitch();
  menu();
  headerHeight();
  document.getElementById("sound-slot")?.append(soundSwitch());
  document.getElementById("voice-slot")?.append(voiceSwitch());
  indicator("connecting");
  window.addEventListener("langchange", () => indicator(document.getElementById("connection")?.dataset.state || "connecting"));
  sendClock();
  await Promise.all([loadSession(), syncClock(), loadPieces()]);
  document.body.classList.toggle("is-banker", session.banker);
  // A new game (or another one resumed): who this screen is, and whose piece is whose, anew.
  window.addEventListener("gamechange", async () => {
    await Promise.all([loadSession(), loadPieces()]);
    window.dispatchEvent(new CustomEvent("pieces"));
  });
  if (stream) {
    await refreshState();
    connect({ notice, status: connection });
  }
  return session;
}
