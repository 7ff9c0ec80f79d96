"""`companion doctor`'s look at the voice: espeak-ng and the voice of the table's language, the
sound card (`aplay -l`, and the ALSA device [voice] names, in `aplay -L`), and a test sentence
said through it (or, in simulated mode, written to a WAV), unless told not to make a sound."""

from __future__ import annotations

import tempfile
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

from ..doctor import Finding
from .espeak import Speech, VoiceUnavailable, available, play, render, voice_language
from .start import settings_of
from .words import say

Runner = Callable[[Sequence[str]], "tuple[int, str] | None"]
CHECKS = ("voice", "audio", "speech")
NO_CARD = ("connect a speaker (a USB one, or enable the 3.5 mm jack or HDMI audio with "
           "`sudo raspi-config`, System Options > Audio), then run the doctor again")


def voice_findings(config: Any, data_dir: Path, run: Runner, simulate: bool = False,
                   sound: bool = True, speak: Callable[[str, Speech], None] = play) -> Iterator[Finding]:
    """The voice's findings, in the order of CHECKS. `config`: [voice] (config.VoiceConfig)."""
    settings = settings_of(config)
    speech = settings.speech
    if not settings.enabled:
        yield Finding("voice", "ok", "off ([voice] enabled = false): the Pi says nothing")
        return
    if not available():
        yield Finding("voice", "fail", "espeak-ng is not installed", "sudo apt-get install espeak-ng")
        return
    spoken = voice_language(speech.voice_name)
    if spoken is None or spoken.split("-")[0] != speech.lang:
        yield Finding("voice", "fail", f"espeak-ng has no {speech.lang} voice called {speech.voice_name!r}",
                      "set [voice] voice to one `espeak-ng --voices` lists for the language, "
                      "or leave it empty")
        return
    yield Finding("voice", "ok", f"espeak-ng, voice {speech.voice_name} ({spoken}), "
                                 f"{speech.rate} words a minute")
    yield _audio(speech, run, simulate)
    if not sound:
        yield Finding("speech", "ok", "no test sentence (--no-sound)")
        return
    text = say(speech.lang, "voice-test")
    try:
        if simulate:
            folder = data_dir / "voice" if data_dir.is_dir() else Path(tempfile.mkdtemp())
            folder.mkdir(parents=True, exist_ok=True)
            wav = render(text, speech, folder / "doctor.wav")
            yield Finding("speech", "ok", f"said into {wav} (simulated): \"{text}\"")
        else:
            speak(text, speech)
            yield Finding("speech", "ok", f"said \"{text}\": did you hear it? If not, check the volume "
                                          "(alsamixer) and [voice] device")
    except VoiceUnavailable as exc:
        yield Finding("speech", "fail", f"the test sentence could not be said: {exc}", NO_CARD)


def _audio(speech: Speech, run: Runner, simulate: bool) -> Finding:
    if simulate:
        return Finding("audio", "ok", "simulated: each sentence is a WAV in the data folder (voice/)")
    cards = run(["aplay", "-l"])
    if cards is None:
        return Finding("audio", "fail", "aplay is not installed", "sudo apt-get install alsa-utils")
    status, out = cards
    found = [line for line in out.splitlines() if line.startswith("card ")]
    if status != 0 or not found:
        return Finding("audio", "fail", "no sound card found (aplay -l)", NO_CARD)
    if speech.device:
        devices = run(["aplay", "-L"])
        names = devices[1].splitlines() if devices is not None else []
        if speech.device not in names and not speech.device.startswith(("hw:", "plughw:")):
            return Finding("audio", "fail", f"ALSA has no device {speech.device!r} (aplay -L)",
                           "set [voice] device to one `aplay -L` lists, or leave it empty for the default")
    where = speech.device or "the ALSA default"
    return Finding("audio", "ok", f"{len(found)} sound card(s): {found[0]}; speaking on {where}")
