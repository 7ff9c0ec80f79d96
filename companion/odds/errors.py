"""The root of the win chances' errors: a continuation or a position the odds cannot play."""

from __future__ import annotations

from ..errors import CompanionError


class OddsError(CompanionError):
    """The odds of a position cannot be had; the message says why."""
