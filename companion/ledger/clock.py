"""Time as best known. The Pi has no clock battery and the table no internet, so the order of
events is their sequence number; the time is a label, corrected once a tablet says it is wrong."""

from __future__ import annotations

import time
from collections.abc import Callable
from datetime import UTC, datetime

# Nothing is played before this software existed: an earlier clock is a Pi that booted without time.
FLOOR = datetime(2026, 1, 1, tzinfo=UTC).timestamp()
# A tablet (synchronised over the phone network or at home) differing by more than this is believed.
TOLERANCE = 300.0


def iso(ts: float) -> str:
    return datetime.fromtimestamp(ts, UTC).isoformat(timespec="milliseconds").replace("+00:00", "Z")


def parse_iso(text: str) -> float:
    return datetime.fromisoformat(text.replace("Z", "+00:00")).timestamp()


class Clock:
    """The system clock plus a correction learnt from the first tablet that knows better."""

    def __init__(self, system: Callable[[], float] = time.time) -> None:
        self._system = system
        self.offset = 0.0
        self.corrected = False  # only the first tablet that finds the clock stale sets it
        self.latest = FLOOR  # the latest time seen in stored games; the clock should not be behind it

    def timestamp(self) -> float:
        return self._system() + self.offset

    def now(self) -> str:
        return iso(self.timestamp())

    def stale(self, tablet: float) -> bool:
        """Clearly wrong: before the floor, behind what was already recorded, or far from the tablet."""
        ours = self.timestamp()
        return ours < FLOOR or ours < self.latest - TOLERANCE or abs(tablet - ours) > TOLERANCE

    def correct(self, tablet: float) -> tuple[str, str] | None:
        """Take a tablet's time if ours is clearly stale; returns (was, now) when corrected."""
        if self.corrected or not self.stale(tablet) or tablet < FLOOR:
            return None
        was = self.now()
        self.offset = tablet - self._system()
        self.corrected = True
        return was, self.now()
