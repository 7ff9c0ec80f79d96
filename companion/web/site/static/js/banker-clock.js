// Banker page: a screen's clock, proposed. The Pi has no clock battery, so a screen's time may be
// the right one, or a guest's phone set to 2030: the banker compares and decides, and the answer
// names the proposal shown (another screen proposing meanwhile never becomes the time taken).

import { get, post } from "./api.js";
import { t } from "./i18n.js";
import { $, dateTimeText } from "./ui.js";

let shown = null; // the id of the proposal the question shows: what the banker answers

export async function loadClock() {
  const panel = $("#clock-panel");
  let answer;
  try { answer = await get("/api/banker/clock", { quiet: true }); } catch { panel.hidden = true; return; }
  const proposal = answer.proposal;
  shown = proposal ? proposal.id : null;
  panel.hidden = !proposal;
  if (!proposal) return;
  $("#clock-question").textContent = t("banker.clock_question", {
    screen: dateTimeText(new Date(proposal.time).toISOString()),
    pi: dateTimeText(new Date(answer.pi).toISOString()),
    address: proposal.address || "?",
  });
}

async function decide(use) {
  try {
    const answer = await post("/api/banker/clock", { use, proposal: shown });
    if (use) $("#clock-done").textContent = answer.corrected ? t("banker.clock_taken") : t("banker.clock_kept");
  } catch { /* toasted */ }
  loadClock();
}

export function wireClock() {
  $("#clock-use").addEventListener("click", () => decide(true));
  $("#clock-keep").addEventListener("click", () => decide(false));
  window.addEventListener("notice", (e) => { if (e.detail?.type === "clock_proposed") loadClock(); });
}
