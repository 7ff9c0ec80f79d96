// The banker's switch for the win chances on shared screens (the Table page): some families play
// without a number telling the table who is losing. Kept by the table (POST /api/odds/shared);
// each player's phone still shows the chances.

import { get, post } from "./api.js";
import { known, t } from "./i18n.js";
import { h } from "./ui.js";

const w = (key) => t(`odds_shared.${key}`);
const slot = document.getElementById("odds-setting");
let shown = true;

function render() {
  if (!slot) return;
  if (!known("odds_shared.label")) { setTimeout(render, 100); return; } // the page's words not loaded yet
  const box = h("input", { type: "checkbox", id: "odds-shared", "data-test": "odds-shared", checked: shown });
  box.addEventListener("change", async () => {
    const wanted = box.checked;
    try {
      const answer = await post("/api/odds/shared", { shown: wanted });
      shown = answer.shown;
    } catch { /* toasted; the switch shows what the table keeps */ }
    render();
  });
  slot.replaceChildren(h("div", { class: "field check" }, box, h("label", { for: "odds-shared" }, w("label"))),
    h("p", { class: "muted", "data-test": "odds-shared-status", role: "status" }, w(shown ? "shown" : "hidden")));
}

async function load() {
  try { shown = (await get("/api/odds", { quiet: true })).shared !== false; } catch { /* shown, then */ }
  render();
}

window.addEventListener("notice", (e) => { if (e.detail?.type === "odds_shared") { shown = e.detail.shown; render(); } });
window.addEventListener("langchange", render);
load();
