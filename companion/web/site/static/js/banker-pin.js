// Banker page, before the banker is in: the PIN (set once, confirmed at the table; then log in
// with it) and "Log in at the table", which needs no PIN: the banker's tag on the reader or the
// dice button held. Both wait for the banker's step at the table (202, then the outcome).

import { awaitRequest, loadSession, post, session, showError, ApiError, WAIT_MS } from "./api.js";
import { CodeWait } from "./codewait.js";
import { t } from "./i18n.js";
import { $, clear, h, toast } from "./ui.js";

let codeWait = null;

// The banker's step, asked for by `asking` (a request answered 202 with this screen's code): the
// screen shows its code and what to do at the table; while the table offers the waiting screens'
// codes, whether it is this one's; then `done()` (logged in) or the reason it did not work.
async function atTheTable(asking, done) {
  const status = $("#presence-status");
  let record;
  try {
    record = await asking();
  } catch (err) {
    return;
  }
  codeWait ||= new CodeWait(status, { act: "banker", hold: session.banker_hold || 6 });
  status.classList.add("is-waiting");
  codeWait.show(record);
  status.scrollIntoView({ block: "nearest" }); // the code and the seconds left, in sight
  $("#presence").disabled = true;
  const outcome = await awaitRequest(record, { timeout: WAIT_MS, onOffer: (offer) => codeWait.offered(offer) });
  status.classList.remove("is-waiting");
  codeWait.done();
  $("#presence").disabled = false;
  if (outcome.status >= 200 && outcome.status < 300) {
    status.hidden = true;
    await done();
    return;
  }
  status.hidden = true;
  showError(new ApiError(outcome.status, outcome.answer?.error || t("banker.presence_failed"), outcome.answer));
}

export function wirePinPanel(show) {
  $("#pin-form").addEventListener("submit", async (e) => {
    e.preventDefault();
    const pin = $("#pin").value.trim();
    const setup = !session.pin_set;
    if (setup) {
      if (pin !== ($("#pin-repeat")?.value || "").trim()) {
        toast(t("banker.pin_mismatch"), "error");
        return;
      }
      await atTheTable(() => post("/api/banker/setup", { pin }), async () => {
        $("#pin").value = "";
        clear($("#toasts"));
        toast(t("banker.pin_set"), "ok");
        await loadSession();
        show();
      });
      return;
    }
    // The answer to this try replaces the last try's ("wrong PIN", "wait 58 seconds"): never stacked.
    for (const old of document.querySelectorAll('#toasts .toast[data-kind="error"], #toasts .toast[data-kind="refused"]')) old.remove();
    try {
      await post("/api/banker/login", { pin });
    } catch {
      return;
    }
    $("#pin").value = "";
    clear($("#toasts")); // "the two PINs differ" and the like no longer apply
    await loadSession();
    show();
  });

  $("#presence").addEventListener("click", () => atTheTable(() => post("/api/banker/presence", {}), async () => {
    clear($("#toasts"));
    toast(t("banker.presence_done"), "ok");
    await loadSession();
    show();
  }));
}

export function renderPinForm() {
  const setup = !session.pin_set;
  $("#pin-title").textContent = setup ? t("banker.setup") : t("banker.login");
  $("#pin-hint").textContent = setup ? t("banker.setup_hint", { hold: session.banker_hold || 6 })
    : t("banker.login_hint", { hold: session.banker_hold || 6 });
  $("#pin-submit").textContent = setup ? t("banker.set_pin") : t("banker.log_in");
  const input = $("#pin");
  input.autocomplete = setup ? "new-password" : "current-password";
  // A new PIN has 6 to 12 digits; a 4-digit PIN an older table stored still logs in.
  input.pattern = setup ? "[0-9]{6,12}" : "[0-9]{4,12}";
  input.minLength = setup ? 6 : 4;
  $("#presence-row").hidden = setup; // the first start's PIN is itself confirmed at the table
  const repeat = $("#pin-repeat-row");
  if (setup && !repeat) {
    $("#pin-submit").before(h("div", { id: "pin-repeat-row", class: "field" },
      h("label", { for: "pin-repeat" }, t("banker.pin_repeat")),
      h("input", { id: "pin-repeat", type: "password", inputmode: "numeric", autocomplete: "new-password", pattern: "[0-9]{6,12}", minlength: 6, maxlength: 12, required: true, "data-test": "pin-repeat" })));
  } else if (!setup && repeat) {
    repeat.remove();
  } else if (repeat) {
    repeat.querySelector("label").textContent = t("banker.pin_repeat"); // the language changed since
  }
}
