// What every page does first: language, session, the Pi's clock, the live stream with its
// connection indicator, and toasts for inputs the table refused.

import { connect, loadSession, refreshState, sendClock, session } from "./api.js";
import { LANGUAGES, initI18n, lang, setLang, t } from "./i18n.js";
import { h, toast } from "./ui.js";

function languageSwitch() {
  const box = document.getElementById("lang-switch");
  if (!box) return;
  box.replaceChildren(...Object.entries(LANGUAGES).map(([code, label]) =>
    h("button", {
      type: "button", lang: code, "data-test": `lang-${code}`, "aria-pressed": String(code === lang()),
      onclick: () => setLang(code),
    }, label)));
  window.addEventListener("langchange", () => {
    for (const button of box.querySelectorAll("button")) button.setAttribute("aria-pressed", String(button.lang === lang()));
  });
}

function indicator(status) {
  const el = document.getElementById("connection");
  if (!el) return;
  el.dataset.state = status;
  const text = el.querySelector(".conn-text");
  if (text) text.textContent = t(`connection.${status}`);
  el.title = t(`connection.${status}`);
}

function notice(data) {
  if (data.type === "refused") toast(t("toast.refused", { reason: data.reason }), "refused");
  window.dispatchEvent(new CustomEvent("notice", { detail: data }));
}

// start(): resolves once strings and the session are known; the stream then runs for good.
export async function start({ stream = true } = {}) {
  await initI18n();
  languageSwitch();
  indicator("connecting");
  window.addEventListener("langchange", () => indicator(document.getElementById("connection")?.dataset.state || "connecting"));
  sendClock();
  await loadSession();
  document.body.classList.toggle("is-banker", session.banker);
  if (stream) {
    await refreshState();
    connect({ notice, status: indicator });
  }
  return session;
}
