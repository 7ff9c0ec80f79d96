// Optional sounds, made here with WebAudio (nothing to download): your turn, money in, money out.
// Off until switched on, per screen (kept in localStorage); the switch sits in the header.

import { headerSwitch, storedOn, switchIcon } from "./ui.js";

const KEY = "companion.sound";
let context = null;

export const soundOn = () => storedOn(KEY);

// Each sound: notes as [frequency Hz, start s, length s].
const SOUNDS = {
  turn: [[523, 0, 0.12], [659, 0.12, 0.12], [784, 0.24, 0.22]],
  in: [[880, 0, 0.08], [1320, 0.08, 0.16]],
  out: [[440, 0, 0.1], [330, 0.1, 0.18]],
};

export function play(name) {
  if (!soundOn() || !SOUNDS[name]) return;
  try {
    context = context || new AudioContext();
    const now = context.currentTime;
    for (const [freq, start, length] of SOUNDS[name]) {
      const osc = context.createOscillator();
      const gain = context.createGain();
      osc.type = "sine";
      osc.frequency.value = freq;
      gain.gain.setValueAtTime(0.0001, now + start);
      gain.gain.exponentialRampToValueAtTime(0.25, now + start + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, now + start + length);
      osc.connect(gain).connect(context.destination);
      osc.start(now + start);
      osc.stop(now + start + length + 0.05);
    }
  } catch { /* no audio on this screen */ }
}

// A loudspeaker, with sound waves when on and struck through when off.
function speaker(on) {
  const tail = on ? '<path d="M16 8.5a5 5 0 0 1 0 7M18.8 5.8a9 9 0 0 1 0 12.4"/>' : '<path d="M16 9l6 6M22 9l-6 6"/>';
  return switchIcon(`<path d="M3 9.5h4l5-4v13l-5-4H3z" class="fill"/>${tail}`);
}

export const soundSwitch = () => headerSwitch({
  key: KEY, test: "sound", className: "sound-switch", icon: speaker,
  words: { on: "sound.on", off: "sound.off", shortOn: "sound.word_on", shortOff: "sound.word_off" },
  changed: () => play("turn"), // switched on: a sound to hear that it works
});
