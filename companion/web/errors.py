"""The root of the web package's errors: a request's body or window, a read, the front server."""

from __future__ import annotations

from ..errors import CompanionError


class WebError(CompanionError):
    """Something the web side answers in words (a 400, a retried read, a front that cannot start)."""
