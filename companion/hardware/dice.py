"""The Pi's own dice, for the GPIO dice button and the dashboard: two fair dice from `secrets`."""

from __future__ import annotations

import secrets


def roll() -> tuple[int, int]:
    """Two dice; `secrets` draws from the OS's random source, so no seed or pattern can be learnt."""
    return secrets.randbelow(6) + 1, secrets.randbelow(6) + 1
