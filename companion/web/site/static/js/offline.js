// A lost connection, said loudly: a banner across every page and the page's controls out of reach
// (inert, greyed) until the live stream is back, so nobody taps a button of a stale state.

import { t } from "./i18n.js";
import { h } from "./ui.js";

let banner = null;

export function showConnection(status) {
  const offline = status === "offline";
  document.body.classList.toggle("is-offline", offline);
  const main = document.getElementById("main");
  if (main) main.inert = offline;
  if (!banner) {
    banner = h("div", { class: "offline-banner", "data-test": "offline-banner", role: "alert", hidden: true });
    document.querySelector("header.top")?.append(banner); // sticky with the header
  }
  banner.hidden = !offline;
  banner.textContent = offline ? t("offline.banner") : "";
}
