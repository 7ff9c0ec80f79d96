// Plural forms: "1 move stored", "2 moves stored"; in Russian "1 ход", "3 хода", "5 ходов". The key
// names a family ("banker.moves_stored") whose members end in the browser's plural category for
// this language (.one, .few, .many, .other); a language without a member falls back to .other.

import { known, lang } from "./i18n.js";

export function plural(key, n) {
  const category = new Intl.PluralRules(lang()).select(Number(n));
  return known(`${key}.${category}`) ? `${key}.${category}` : `${key}.other`;
}
