"""The root of the compiled engine's errors: no build to be had, a stale one, a failed one."""

from __future__ import annotations

from ..errors import CompanionError


class CompiledError(CompanionError):
    """The compiled engine cannot be used as asked; the message says why."""
