// A device's status line (companion/hardware: "ok", "simulated", "off", "stopped", "starting",
// "searching", "ok: unit <id> v<version>", "offline: <why>") in this screen's language. The ids,
// versions and a driver's own reason for being offline are data, shown as they are.

import { t } from "./i18n.js";

const WORDS = ["ok", "simulated", "off", "stopped", "starting", "searching"];
const OFFLINE_WHY = { stopped: "device.status.stopped", "not started": "device.status.not_started" };

export function deviceStatusText(status) {
  const text = String(status ?? "");
  if (WORDS.includes(text)) return t(`device.status.${text}`);
  const unit = /^ok: unit (\S+) v(\S+)$/.exec(text);
  if (unit) {
    return unit[2] === "sim" ? t("device.status.unit_simulated", { unit: unit[1] })
      : t("device.status.unit", { unit: unit[1], version: unit[2] });
  }
  if (text.startsWith("offline: ")) {
    const why = text.slice("offline: ".length);
    return t("device.status.offline", { why: OFFLINE_WHY[why] ? t(OFFLINE_WHY[why]) : why });
  }
  return text;
}
