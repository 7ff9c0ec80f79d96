// Table page: the tablet in the middle of the table. The board tells the story (whose turn, the
// dice, every payment in words); beside it the decision due now (answered here with a token
// tap), what the next tap does and what waits for one, the players' cash (a name opens that
// player's seat panel: a player without a phone does everything there), each card drawn shown
// big, what to move for a computer player, a slot for the odds, and the QR codes to join; at
// the end, the winner.

import { currentState, session } from "./api.js";
import { lang } from "./i18n.js";
import { start } from "./page.js";
import { ChoicePanel } from "./choices.js";
import { PromptsPanel } from "./prompts.js";
import { CardSpotlight } from "./spotlight.js";
import { TableSetup } from "./tablesetup.js";
import { tableView } from "./tableview.js";
import { TapsView } from "./taps.js";
import { $ } from "./ui.js";
import { WinnerView } from "./winner.js";

await start();
$("#wifi-ssid").textContent = session.wifi?.ssid ? `(${session.wifi.ssid})` : "";
$("#join-url").textContent = session.join_url || "";
// The join code opens the page in the language this screen speaks now (?lang=ru).
const joinCode = () => { $("[data-test=qr-join]").src = `/api/qr.svg?for=join&lang=${lang()}`; };
joinCode();
window.addEventListener("langchange", joinCode);
const winner = new WinnerView($("#winner"));
new TapsView($("#taps"));
new ChoicePanel($("#choices"));
new PromptsPanel($("#prompts"));
new TableSetup($("#table-setup"));
new CardSpotlight($("#spotlight"), { state: currentState });
await tableView({ extra: (state) => winner.update(state), deedCards: true });
