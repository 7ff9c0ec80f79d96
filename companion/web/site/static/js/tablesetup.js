// The Table page on a screen that is not yet the table's own (issue 36): a token tap confirms a
// move only where the table trusts the screen asking, so the banker sets the tablet up once, with
// the PIN typed here (or, logged in as the banker on it, with one button). A banker's own screen
// is trusted already; the table's screen says what it is and can stop being it, and the language
// it shows, which the table's voice speaks.

import { loadSession, post, session, showError } from "./api.js";
import { lang, t } from "./i18n.js";
import { clear, h, toast } from "./ui.js";

export class TableSetup {
  constructor(el) {
    this.el = el;
    window.addEventListener("session", () => { this.render(); this.tellLanguage(); });
    window.addEventListener("langchange", () => { this.render(); this.tellLanguage(); });
    this.render();
    this.tellLanguage();
  }

  // The table's own screen says the language it shows: the table's voice speaks it (the Pi's
  // speaker says in Russian what this screen shows in Russian).
  tellLanguage() {
    if (!session.table || this.told === lang()) return;
    this.told = lang();
    post("/api/voice/language", { lang: lang() }, { quiet: true }).catch(() => { this.told = null; });
  }

  render() {
    if (session.banker || session.table) {
      this.el.hidden = true;
      clear(this.el);
      return;
    }
    this.el.hidden = false;
    if (!session.pin_set) { // a new table: the banker's PIN comes first, on the Banker page
      clear(this.el,
        h("h2", {}, t("table_setup.title")),
        h("p", { class: "muted" }, t("table_setup.first"), " ", h("a", { href: "/banker", "data-test": "table-setup-banker" }, t("nav.banker"))));
      return;
    }
    const pin = h("input", { id: "table-pin", type: "password", inputmode: "numeric", autocomplete: "off",
      pattern: "[0-9]{4,12}", minlength: 4, maxlength: 12, required: true, "data-test": "table-pin" });
    const form = h("form", { class: "table-setup-form", onsubmit: async (e) => {
      e.preventDefault();
      try {
        await post("/api/table-screen", { pin: pin.value.trim() }, { quiet: true });
      } catch (err) {
        pin.value = "";
        showError(err);
        return;
      }
      await loadSession();
      toast(t("table_setup.done"), "ok");
    } },
    h("label", { for: "table-pin" }, t("table_setup.pin")), pin,
    h("button", { type: "submit", "data-test": "table-setup" }, t("table_setup.make")));
    clear(this.el,
      h("h2", {}, t("table_setup.title")),
      h("p", { class: "muted" }, t("table_setup.why")),
      form);
  }
}
