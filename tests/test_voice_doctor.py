"""`companion doctor` on the voice (issue 27): the sound card found or not (aplay -l), the ALSA
device the config names, the test sentence said (or its WAV in simulated mode), and --no-sound."""

from __future__ import annotations

import shutil
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

import pytest

from companion.config import VoiceConfig
from companion.voice.doctor import voice_findings
from companion.voice.espeak import Speech, VoiceUnavailable

pytestmark = pytest.mark.skipif(shutil.which("espeak-ng") is None,
                                reason="espeak-ng is needed (.ci/run installs it)")

CARDS = ("**** List of PLAYBACK Hardware Devices ****\n"
         "card 0: Headphones [bcm2835 Headphones], device 0: bcm2835 Headphones [bcm2835 Headphones]\n"
         "card 1: UACDemoV10 [UACDemoV1.0], device 0: USB Audio [USB Audio]")


def runner(cards: tuple[int, str] | None, devices: str = "default\nsysdefault:CARD=UACDemoV10"):
    def run(argv: Sequence[str]) -> tuple[int, str] | None:
        if cards is None:
            return None
        return cards if list(argv) == ["aplay", "-l"] else (0, devices)
    return run


def levels(config: VoiceConfig, run, **kw) -> dict[str, tuple[str, str]]:
    said: list[str] = []
    kw.setdefault("speak", lambda text, speech: said.append(text))
    found = {f.check: (f.level, f.message) for f in voice_findings(config, Path("/nonexistent"), run, **kw)}
    found["said"] = ("", " | ".join(said))
    return found


def test_a_speaker_found_is_ok_and_the_test_sentence_is_said() -> None:
    found = levels(VoiceConfig(), runner((0, CARDS)))
    assert found["voice"][0] == found["audio"][0] == found["speech"][0] == "ok"
    assert "2 sound card(s)" in found["audio"][1]
    assert found["said"][1] == "The table speaks. Ann pays Bob twenty-two pounds rent."
    ru = levels(VoiceConfig(language="ru"), runner((0, CARDS)))
    assert ru["said"][1].startswith("Стол говорит.") and "(ru)" in ru["voice"][1]


def test_no_sound_card_fails_with_the_fix_and_no_sound_says_nothing() -> None:
    found = levels(VoiceConfig(), runner((0, "")))
    assert found["audio"][0] == "fail" and "no sound card" in found["audio"][1]
    assert levels(VoiceConfig(), runner(None))["audio"] == ("fail", "aplay is not installed")
    quiet = levels(VoiceConfig(), runner((0, CARDS)), sound=False)
    assert quiet["speech"][0] == "ok" and quiet["said"][1] == ""


def test_a_device_alsa_does_not_know_fails_and_one_it_lists_is_used() -> None:
    assert levels(VoiceConfig(device="usbspk"), runner((0, CARDS)))["audio"][0] == "fail"
    found = levels(VoiceConfig(device="sysdefault:CARD=UACDemoV10"), runner((0, CARDS)))
    assert found["audio"][0] == "ok" and "sysdefault:CARD=UACDemoV10" in found["audio"][1]


def test_a_failing_speaker_and_a_missing_voice_fail_and_a_voice_switched_off_is_not_checked() -> None:
    def broken(text: str, speech: Speech) -> None:
        raise VoiceUnavailable("aplay: main:831: audio open error: No such file or directory")
    assert levels(VoiceConfig(), runner((0, CARDS)), speak=broken)["speech"][0] == "fail"
    assert levels(VoiceConfig(voice="xx-nowhere"), runner((0, CARDS)))["voice"][0] == "fail"
    off = levels(VoiceConfig(enabled=False), runner((0, "")))
    assert off["voice"][0] == "ok" and "audio" not in off


def test_the_doctor_command_says_the_test_sentence_into_a_wav_in_simulated_mode(tmp_path: Path) -> None:
    done = subprocess.run([sys.executable, "-m", "companion.cli", "doctor", "--simulate", "--data",
                           str(tmp_path)], capture_output=True, text=True, timeout=120)
    assert "speech" in done.stdout and (tmp_path / "voice" / "doctor.wav").stat().st_size > 1000, done.stdout
    quiet = subprocess.run([sys.executable, "-m", "companion.cli", "doctor", "--simulate", "--no-sound",
                            "--data", str(tmp_path / "q")], capture_output=True, text=True, timeout=120)
    assert "no test sentence (--no-sound)" in quiet.stdout
