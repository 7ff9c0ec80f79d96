"""The voice as the daemon starts it from [voice]: after the screens' listeners, so the table's
own work is published first; in simulated mode its sentences go to WAVs in the data folder."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from .espeak import Speech
from .runtime import Voice
from .settings import VoiceSettings

if TYPE_CHECKING:
    from ..config import VoiceConfig
    from ..table import Table


def settings_of(config: VoiceConfig) -> VoiceSettings:
    speech = Speech(lang=config.language, voice=config.voice, rate=config.rate, volume=config.volume,
                    device=config.device)
    return VoiceSettings(enabled=config.enabled, speech=speech, moments=tuple(config.moments))


def started(config: VoiceConfig, table: Table, data_dir: Path, simulate: bool) -> Voice:
    voice = Voice(settings_of(config), table, wav_dir=data_dir / "voice" if simulate else None)
    table.listeners.append(voice.listen)
    return voice
