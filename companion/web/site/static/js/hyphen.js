// Soft hyphens in long words, so a square's name breaks only where the page's language allows
// ("Pen-ton-ville", "За-клю-че-ние"), never mid-syllable. Browsers hyphenate by themselves only
// with dictionaries this table cannot download; these few rules are enough for names on a board.

import { say } from "./i18n.js";

const SHY = "\u00ad";
// English letter pairs that sound as one consonant, and clusters a syllable may start with.
const EN_PAIRS = ["ch", "sh", "th", "ph", "wh", "gh", "ck", "ng", "qu"];
const EN_ONSETS = ["bl", "br", "cl", "cr", "dr", "fl", "fr", "gl", "gr", "pl", "pr", "sc", "sk", "sl", "sm", "sn", "sp", "st", "sw", "tr", "tw", "wr", "ch", "sh", "th", "ph", "wh"];
const RU_TIED = "йьъ"; // stay with the letter before them

function breaks(word, lang) {
  const lower = word.toLowerCase();
  const vowels = say("language-vowels") ?? "aeiouy"; // the screen's language's (its .ftl file's)
  const isVowel = (i) => vowels.includes(lower[i]);
  const points = [];
  let last = -1; // index of the previous vowel
  for (let i = 0; i < lower.length; i++) {
    if (!isVowel(i)) continue;
    if (last >= 0 && i - last >= 1) {
      const between = lower.slice(last + 1, i); // the consonants between two vowels
      let at; // the break goes before index `at`
      if (!between.length) at = lang === "ru" ? i : -1; // two vowels: Russian may break, English not
      else if (between.length === 1) at = last + 1;
      else if (lang === "ru") {
        at = last + 2;
        while (at < i && RU_TIED.includes(lower[at])) at += 1;
      } else {
        const tail = between.slice(-2);
        at = i - (EN_ONSETS.includes(tail) ? 2 : 1);
        if (EN_PAIRS.includes(lower.slice(at - 1, at + 1))) at -= 1; // never split "ch", "th"...
      }
      if (lang === "en" && lower.slice(at - 1, at + 1) === "qu") at -= 1;
      if (at > 0) points.push(at);
    }
    last = i;
  }
  // keep at least two letters either side, and a final silent "e" with its syllable
  return points.filter((at) => at >= 2 && word.length - at >= 3 && !(lang === "en" && /^[^aeiouy]e$/i.test(lower.slice(at))));
}

export function hyphenate(text, lang = "en", longer = 7) {
  return String(text).split(/(\s+|-)/).map((word) => {
    if (word.length <= longer || /\s|-/.test(word)) return word;
    const at = breaks(word, lang);
    let out = "";
    let from = 0;
    for (const i of at) { out += word.slice(from, i) + SHY; from = i; }
    return out + word.slice(from);
  }).join("");
}
