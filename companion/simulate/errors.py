"""The root of the simulated games' errors: a bot's refused command, a worker's failure."""

from __future__ import annotations

from ..errors import CompanionError


class SimulateError(CompanionError):
    """A simulated game or the pool that plays them failed; the message says how."""
