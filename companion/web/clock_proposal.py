"""A screen's time, proposed for the Pi's clock until the banker decides (see clock.py)."""

from __future__ import annotations

import threading
import time
from typing import Any


class Proposal:
    """The latest screen's time the Pi's clock could be corrected to, kept as an offset from this
    machine's monotonic clock so that it goes on ticking while the banker reads it."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._said: tuple[float, float, str, str] | None = None  # (seconds, monotonic, screen, address)

    def propose(self, seconds: float, screen_id: str, address: str) -> None:
        with self._lock:
            self._said = (seconds, time.monotonic(), screen_id, address)

    def now(self) -> dict[str, Any] | None:
        """What the screen's clock says now, and who said it; None when nobody proposed a time."""
        with self._lock:
            if self._said is None:
                return None
            seconds, at, screen_id, address = self._said
        return {"time": round((seconds + time.monotonic() - at) * 1000), "screen": screen_id,
                "address": address}

    def take(self) -> float | None:
        """The screen's time now, in seconds, and the proposal gone."""
        with self._lock:
            said, self._said = self._said, None
        if said is None:
            return None
        return said[0] + time.monotonic() - said[1]
