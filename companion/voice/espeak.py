"""Sentences made sound by espeak-ng (Debian's `espeak-ng`), in a process of its own at low
priority (`nice`), so the table's writer and web server never wait for it: to the speaker (through
`aplay` when an ALSA device is named) or, in simulated mode, to a WAV file."""

from __future__ import annotations

import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

from .. import i18n
from .errors import VoiceUnavailable

NICE = 15  # the speech process's niceness: it yields the CPU to the table
TIMEOUT = 60.0  # seconds a sentence may take to say before it is given up


@dataclass(frozen=True)
class Speech:
    """How the table speaks ([voice] in the config)."""

    lang: str = "en"
    voice: str = ""  # an espeak-ng voice; empty: the language's own (language_voice)
    rate: int = 160  # words a minute
    volume: int = 100  # espeak-ng's amplitude, 0 to 200
    device: str = ""  # an ALSA device for aplay (e.g. "plughw:1,0"); empty: espeak-ng's default

    @property
    def voice_name(self) -> str:
        return self.voice or language_voice(self.lang)


def language_voice(lang: str) -> str:
    """espeak-ng's voice for a language the table speaks: its .ftl file says which
    (`language-espeak`), so a new language brings its voice with its words; English's for any other."""
    return i18n.say(lang if lang in i18n.LANGUAGES else "en", "language-espeak")


def espeak_argv(text: str, speech: Speech, wav: Path | None = None, stdout: bool = False) -> list[str]:
    """The command that says `text` (nice'd; the text after `--`, never taken for an option)."""
    argv = ["nice", "-n", str(NICE), "espeak-ng", "-v", speech.voice_name, "-s", str(speech.rate),
            "-a", str(max(0, min(200, speech.volume)))]
    if wav is not None:
        argv += ["-w", str(wav)]
    elif stdout:
        argv.append("--stdout")
    return [*argv, "--", text]


def available() -> bool:
    return shutil.which("espeak-ng") is not None and shutil.which("nice") is not None


def render(text: str, speech: Speech, wav: Path) -> Path:
    """`text` said into a WAV file (simulated mode, tests): written whole, then renamed."""
    if not available():
        raise VoiceUnavailable("espeak-ng is not installed (apt-get install espeak-ng)")
    part = wav.with_name(wav.name + ".part")
    try:
        done = subprocess.run(espeak_argv(text, speech, wav=part), capture_output=True, timeout=TIMEOUT)
    except (OSError, subprocess.TimeoutExpired) as exc:
        raise VoiceUnavailable(f"espeak-ng failed: {exc}") from exc
    if done.returncode != 0 or not part.exists():
        raise VoiceUnavailable(f"espeak-ng failed: {done.stderr.decode(errors='replace').strip()}")
    part.replace(wav)
    return wav


def play(text: str, speech: Speech) -> None:
    """`text` said through the speaker; returns when it has been said."""
    if not available():
        raise VoiceUnavailable("espeak-ng is not installed (apt-get install espeak-ng)")
    try:
        if speech.device:
            say = subprocess.Popen(espeak_argv(text, speech, stdout=True), stdout=subprocess.PIPE,
                                   stderr=subprocess.DEVNULL)
            aplay = subprocess.run(["nice", "-n", str(NICE), "aplay", "-q", "-D", speech.device],
                                   stdin=say.stdout, capture_output=True, timeout=TIMEOUT)
            if say.stdout is not None:
                say.stdout.close()
            say.wait(timeout=TIMEOUT)
            if aplay.returncode != 0:
                raise VoiceUnavailable(f"aplay failed: {aplay.stderr.decode(errors='replace').strip()}")
        else:
            done = subprocess.run(espeak_argv(text, speech), capture_output=True, timeout=TIMEOUT)
            if done.returncode != 0:
                raise VoiceUnavailable(f"espeak-ng failed: {done.stderr.decode(errors='replace').strip()}")
    except (OSError, subprocess.TimeoutExpired) as exc:
        raise VoiceUnavailable(f"could not speak: {exc}") from exc


def voice_language(voice: str) -> str | None:
    """The language espeak-ng says a voice speaks ("ru" for "ru"), or None if it has no such voice."""
    try:
        listed = subprocess.run(["espeak-ng", "--voices"], capture_output=True, text=True, timeout=TIMEOUT)
    except (OSError, subprocess.TimeoutExpired):
        return None
    for line in listed.stdout.splitlines()[1:]:
        fields = line.split()
        if len(fields) >= 5 and voice in (fields[1], fields[3], fields[4].rsplit("/", 1)[-1]):
            return fields[1]
    return None
