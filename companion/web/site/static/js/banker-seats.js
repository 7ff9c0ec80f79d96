// The banker's two actions on a computer's seat (issue 41), under that player in the overview:
// end its seat (the engine's `retire`: it leaves as a bankrupt does, to whom it owes or the bank)
// or hand it over to a person who came late (`hand_over`: a phone may then be paired to it).
// Each is offered only while the engine lists it for the banker now (state.legal.banker), asks
// the confirm dialog first, and goes through the banker's command route like any correction.

import { command } from "./api.js";
import { t } from "./i18n.js";
import { confirmDialog, h } from "./ui.js";

const listed = (state, cmd) => (state?.legal?.banker || []).some(
  (l) => l.command?.do === cmd.do && l.command?.player === cmd.player);

export function seatActions(state, player) {
  if (!player.computer) return null;
  const name = player.name;
  const action = (what, cls) => {
    const cmd = { do: what, player: name };
    if (!listed(state, cmd)) return null;
    return h("button", {
      type: "button", class: `small ${cls}`, "data-test": `${what.replace("_", "-")}-${name}`,
      "aria-label": t(`banker.${what}_label`, { player: name }),
      onclick: async () => {
        if (await confirmDialog(t(`banker.${what}_confirm`, { player: name }), t(`banker.${what}`))) command(cmd);
      },
    }, t(`banker.${what}`));
  };
  const buttons = [action("hand_over", ""), action("retire", "danger")].filter(Boolean);
  return buttons.length ? h("div", { class: "actions seat-actions", "data-test": `seat-actions-${name}` }, buttons) : null;
}
