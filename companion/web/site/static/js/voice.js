// The table's voice on this screen: the browser's own speech synthesis (speechSynthesis, the
// tablet's offline voices) says each utterance the table's planner made (event: voice on the
// stream, in every language), in the page's language. Off until switched on, per screen (kept in
// localStorage); the switch sits in the header. A new utterance cuts the one still being said:
// the newest matters most, so a screen never runs behind the game.

import { lang, locale } from "./i18n.js";
import { headerSwitch, storedOn, switchIcon } from "./ui.js";

const KEY = "companion.voice";

export const voiceOn = () => storedOn(KEY);

const synth = () => ("speechSynthesis" in window ? window.speechSynthesis : null);

function voiceFor(tag) {
  const voices = synth()?.getVoices?.() || [];
  return voices.find((v) => v.lang === tag) || voices.find((v) => v.lang?.slice(0, 2) === tag.slice(0, 2)) || null;
}

export function say(texts) {
  const speech = synth();
  if (!voiceOn() || !speech || !texts) return;
  const code = lang();
  const text = texts[code] || texts.en;
  if (!text) return;
  try {
    const utterance = new SpeechSynthesisUtterance(text);
    utterance.lang = locale(); // the BCP 47 tag speechSynthesis is asked for
    const voice = voiceFor(utterance.lang);
    if (voice) utterance.voice = voice;
    speech.cancel();
    speech.speak(utterance);
  } catch { /* no speech on this screen */ }
}

// A mouth with sound waves when on, closed and struck through when off.
function mouth(on) {
  const tail = on ? '<path d="M17 9a4 4 0 0 1 0 6M19.5 6.5a8 8 0 0 1 0 11"/>' : '<path d="M17 9l5 6M22 9l-5 6"/>';
  return switchIcon(`<circle cx="8" cy="8" r="3.5" class="fill"/><path d="M2 20c0-4 3-6 6-6s6 2 6 6z" class="fill"/>${tail}`);
}

export function voiceSwitch() {
  window.addEventListener("voice", (e) => {
    say(e.detail && e.detail.text);
    document.body.dataset.voiceHeard = String(e.detail?.n ?? ""); // the newest this screen was told of
  });
  return headerSwitch({
    key: KEY, test: "voice", className: "sound-switch voice-switch", icon: mouth,
    words: { on: "voice.on", off: "voice.off", shortOn: "voice.word_on", shortOff: "voice.word_off" },
    changed: (on) => { if (!on) synth()?.cancel(); }, // switched off: silent at once
  });
}
