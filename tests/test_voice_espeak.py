"""The Pi's voice really renders audio (issue 27): each WAV espeak-ng writes is non-silent (sox
`stat`: RMS amplitude above a floor), lasts about as long as its words (0.2 to 0.7 s a word), and
the Russian ones are said by a Russian voice."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

from companion.i18n import LANGUAGES
from companion.voice.espeak import Speech, VoiceUnavailable, espeak_argv, play, render, voice_language
from companion.voice.planner import sentence
from tests.test_voice_planner import played

pytestmark = pytest.mark.skipif(shutil.which("espeak-ng") is None or shutil.which("sox") is None,
                                reason="espeak-ng and sox are needed (.ci/run installs them)")

RMS_FLOOR = 0.01  # sox's RMS amplitude (full scale 1.0); silence measures 0


def stat(wav: Path) -> tuple[float, float]:
    """(seconds, RMS amplitude) as sox measures them."""
    out = subprocess.run(["sox", str(wav), "-n", "stat"], capture_output=True, text=True, check=True).stderr
    seconds = float(re.search(r"Length \(seconds\):\s+([\d.]+)", out).group(1))  # type: ignore[union-attr]
    rms = float(re.search(r"RMS\s+amplitude:\s+([\d.]+)", out).group(1))  # type: ignore[union-attr]
    return seconds, rms


@pytest.mark.parametrize("lang", LANGUAGES)
def test_each_sentence_of_a_game_renders_as_real_speech_of_its_length(lang: str, tmp_path: Path) -> None:
    texts = sorted({sentence(m, lang) for _, m in played(lang)})[:8]
    for i, text in enumerate(texts):
        wav = render(text, Speech(lang=lang), tmp_path / f"{i}.wav")
        seconds, rms = stat(wav)
        words = len(text.split())
        assert rms > RMS_FLOOR, (text, rms)
        assert 0.2 * words <= seconds <= 0.7 * words, (text, seconds, words)


def test_silence_measures_below_the_floor(tmp_path: Path) -> None:
    """The positive control of the RMS floor: a WAV of silence fails it."""
    quiet = tmp_path / "quiet.wav"
    subprocess.run(["sox", "-n", "-r", "22050", "-c", "1", str(quiet), "trim", "0", "2"], check=True)
    assert stat(quiet)[1] <= RMS_FLOOR


def test_russian_is_said_by_a_russian_voice_and_english_by_an_english_one() -> None:
    ru = espeak_argv("Ходит Анна.", Speech(lang="ru"))
    voice = ru[ru.index("-v") + 1]
    assert voice_language(voice) == "ru"
    en = espeak_argv("Ann's turn.", Speech(lang="en"))
    assert (voice_language(en[en.index("-v") + 1]) or "").startswith("en")
    assert ru[:3] == ["nice", "-n", "15"] and ru[-2:] == ["--", "Ходит Анна."]


def test_the_speaker_path_plays_through_aplay_on_the_named_device() -> None:
    """ALSA's "null" device takes the sound without a card; a device ALSA lacks is a clear error."""
    if shutil.which("aplay") is None:
        pytest.skip("aplay is needed (alsa-utils)")
    play("Ann's turn.", Speech(device="null"))
    with pytest.raises(VoiceUnavailable, match="aplay failed"):
        play("Ann's turn.", Speech(device="no-such-device"))
