// Every pairing, announced where someone can object: on the table's own pages (the Table page,
// the virtual table) and on every other screen paired to the same player, a banner in the header
// ("Ann's token paired screen 3 (Chrome on Android)") with a one-tap "Not me — unpair"
// (POST /api/screens/<screen_id>/not-me). It stays 20 s, or until closed.

import { post, session, showError } from "./api.js";
import { lang, t } from "./i18n.js";
import { browserName, capitalised, labelText } from "./screennames.js";
import { h, toast } from "./ui.js";

const SHOWN_MS = 20000;
const MAX_SHOWN = 3;
const TABLE_PAGES = new Set(["table", "virtual"]);

let box = null;
const shown = new Set(); // each banner's redraw, for a change of language

function area() {
  if (!box) {
    box = h("div", { class: "paired-banners", "data-test": "paired-banners", "aria-live": "polite" });
    document.querySelector("header.top")?.append(box); // sticky with the header, never over a button
  }
  return box;
}

// Whether this screen should hear of that pairing: the table's pages, and the player's other screens.
function concerns(data) {
  if (!data.player) return false;
  if (data.screen_id && data.screen_id === session.screen) return false; // the new screen itself
  return TABLE_PAGES.has(document.body.dataset.page) || session.player === data.player;
}

function sentence(data) {
  const screen = data.screen ? labelText(data.screen) : t("paired.a_screen");
  const text = t(data.by === "banker" ? "paired.banker" : "paired.token", { player: data.player, screen });
  const browser = browserName(data.agent);
  return browser ? `${text} (${browser})` : text;
}

export function announce(data) {
  if (!concerns(data)) return;
  const list = area();
  for (const old of list.querySelectorAll(`[data-screen-id="${CSS.escape(data.screen_id || "")}"]`)) old.remove();
  const text = h("span", { class: "paired-text", "data-test": "paired-text" }, sentence(data));
  const close = () => { clearTimeout(timer); shown.delete(redraw); banner.remove(); };
  const notMe = h("button", {
    type: "button", class: "small danger", "data-test": "paired-not-me", hidden: !data.screen_id,
    onclick: async () => {
      notMe.disabled = true;
      try {
        await post(`/api/screens/${encodeURIComponent(data.screen_id)}/not-me`, {}, { quiet: true });
      } catch (err) {
        notMe.disabled = false;
        showError(err);
        return;
      }
      close();
      toast(capitalised(t("paired.unpaired", { screen: data.screen ? labelText(data.screen) : t("paired.a_screen") })), "ok");
    },
  }, t("paired.not_me"));
  const banner = h("div", {
    class: "paired-banner", "data-test": "paired-banner", role: "status",
    "data-player": data.player, "data-screen-id": data.screen_id || "", "data-by": data.by || "",
  }, text, h("span", { class: "paired-actions" }, notMe,
    h("button", { type: "button", class: "small paired-close", "data-test": "paired-close", "aria-label": t("common.close"), onclick: close }, "×")));
  const redraw = () => {
    text.textContent = sentence(data);
    notMe.textContent = t("paired.not_me");
  };
  shown.add(redraw);
  const timer = setTimeout(close, SHOWN_MS);
  list.append(banner);
  while (list.children.length > MAX_SHOWN) list.firstElementChild.remove();
}

// Undone ("not me" from another screen): its banners go, and where one was shown, the table's words.
function unpaired(data) {
  const banners = box ? box.querySelectorAll(`[data-screen-id="${CSS.escape(data.screen_id || "")}"]`) : [];
  if (!banners.length) return;
  for (const banner of banners) banner.querySelector("[data-test=paired-close]").click();
  const said = data.words?.[lang()] || data.reason;
  if (said) toast(said, "info");
}

window.addEventListener("notice", (e) => {
  if (e.detail?.type === "paired") announce(e.detail);
  else if (e.detail?.type === "unpaired") unpaired(e.detail);
});
window.addEventListener("langchange", () => { for (const redraw of shown) redraw(); });
