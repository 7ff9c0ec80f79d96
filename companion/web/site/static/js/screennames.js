// How a screen is named to people: its label ("screen 3", which the table gives it, in this page's
// language) and its browser in a few words ("Chrome on Android", from the User-Agent it sent):
// enough for a family to tell their phones apart in the banker's list and in a pairing notice.

import { t } from "./i18n.js";

// Order matters: Edge, Opera and Samsung's browser also say "Chrome"; Chrome also says "Safari".
const BROWSERS = [
  [/Edg(e|A|iOS)?\//, "Edge"],
  [/OPR\/|Opera/, "Opera"],
  [/SamsungBrowser\//, "Samsung Internet"],
  [/YaBrowser\//, "Yandex"],
  [/Firefox\/|FxiOS\//, "Firefox"],
  [/Chrome\/|CriOS\/|Chromium\//, "Chrome"],
  [/Safari\//, "Safari"],
  [/curl\//, "curl"],
];
const SYSTEMS = [
  [/Android/, "Android"],
  [/iPhone/, "iPhone"],
  [/iPad/, "iPad"],
  [/CrOS/, "ChromeOS"],
  [/Windows/, "Windows"],
  [/Mac OS X|Macintosh/, "macOS"],
  [/Linux/, "Linux"],
];

const first = (list, agent) => (list.find(([pattern]) => pattern.test(agent)) || [null, ""])[1];

// "Chrome on Android", "Firefox", or "" when the agent says nothing we know.
export function browserName(agent) {
  if (!agent) return "";
  const browser = first(BROWSERS, agent);
  const system = first(SYSTEMS, agent);
  if (browser && system) return t("agent.on", { browser, system });
  return browser || system || t("agent.other");
}

// The table's label ("screen 3") in this page's language; any other label as it is.
export function labelText(label) {
  const numbered = /^screen (\d+)$/i.exec(String(label || "").trim());
  return numbered ? t("screens.numbered", { n: numbered[1] }) : String(label || "");
}

// A sentence that starts with a label ("screen 3 is unpaired") starts with a capital letter.
export const capitalised = (text) => (text ? text[0].toLocaleUpperCase() + text.slice(1) : "");
