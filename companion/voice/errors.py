"""The root of the voice's errors: espeak-ng or aplay missing or failing (the table goes on, silent)."""

from __future__ import annotations

from ..errors import CompanionError


class VoiceError(CompanionError):
    """The voice cannot speak as asked; the message says why."""


class VoiceUnavailable(VoiceError, RuntimeError):
    """espeak-ng (or aplay) is not installed or failed: the table goes on, silent."""
