"""Time as best known. The Pi has no clock battery and the table no internet, so the order of
events is their sequence number; the time is a label, corrected once a tablet says it is wrong.

A label must never stop the recording: every timestamp, however wrong (year 10000, NaN), gives a
storable time, clamped to what a date can hold. A tablet's time is believed only inside a sane
window: not before this software existed, not years ahead of what the table already knows.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from datetime import UTC, datetime, timedelta

from .errors import ClockRefused

# Nothing is played before this software existed: an earlier clock is a Pi that booted without time.
FLOOR = datetime(2026, 1, 1, tzinfo=UTC).timestamp()
RELEASED = FLOOR  # the release date: no tablet time before it is believed
# How far ahead of the latest time the table knows (stored, or its release) a tablet may be.
AHEAD = 5 * 365.25 * 86400.0
# A tablet (synchronised over the phone network or at home) differing by more than this is believed.
TOLERANCE = 300.0

EPOCH = datetime(1970, 1, 1, tzinfo=UTC)
EARLIEST = datetime(1, 1, 1, tzinfo=UTC)  # what a datetime can hold
LATEST = datetime(9999, 12, 31, 23, 59, 59, 999000, tzinfo=UTC)


def held(ts: float) -> float:
    """A timestamp clamped to what a date can hold (NaN is the earliest)."""
    if math.isnan(ts):
        return EARLIEST.timestamp()
    return min(max(ts, EARLIEST.timestamp()), LATEST.timestamp())


def moment(ts: float) -> datetime:
    """The UTC date and time of any timestamp: out of range is clamped, never an error."""
    return EPOCH + timedelta(seconds=held(ts))


def iso(ts: float) -> str:
    return moment(ts).isoformat(timespec="milliseconds").replace("+00:00", "Z")


def stamp(ts: float) -> str:
    """YYYYMMDDTHHMMSSffffff for file names, zero-padded for every year (strftime is not)."""
    m = moment(ts)
    return f"{m.year:04d}{m.month:02d}{m.day:02d}T{m.hour:02d}{m.minute:02d}{m.second:02d}{m.microsecond:06d}"


def parse_iso(text: str) -> float:
    return datetime.fromisoformat(text.replace("Z", "+00:00")).timestamp()


def shown(ts: float) -> str:
    """A timestamp for a message, even one no calendar holds."""
    if math.isfinite(ts) and EARLIEST.timestamp() <= ts <= LATEST.timestamp():
        return iso(ts)[:16].replace("T", " ")
    return f"{ts!r} seconds after 1970"


class Clock:
    """The system clock plus a correction learnt from the first tablet that knows better."""

    def __init__(self, system: Callable[[], float] = time.time) -> None:
        self._system = system
        self.offset = 0.0
        self.corrected = False  # only the first tablet that finds the clock stale sets it
        self.latest = FLOOR  # the latest time seen in stored games; the clock should not be behind it

    def _system_now(self) -> float:
        # Clamped, so that a correction's offset stays a finite number of seconds (an infinite
        # or NaN system clock would make every corrected time NaN).
        return held(self._system())

    def timestamp(self) -> float:
        return self._system_now() + self.offset

    def now(self) -> str:
        return iso(self.timestamp())

    def stamp(self) -> str:
        return stamp(self.timestamp())

    def check(self, tablet: float) -> None:
        """Raise ClockRefused (a reason a screen can show) unless a tablet's time is believable."""
        ceiling = max(self.latest, RELEASED) + AHEAD
        if not (math.isfinite(tablet) and RELEASED <= tablet <= ceiling):
            raise ClockRefused(
                f"The time given ({shown(tablet)}) cannot be right: the companion takes a time "
                f"from {iso(RELEASED)[:10]} to {iso(ceiling)[:10]}. Its clock is left as it is."
            )

    def stale(self, tablet: float) -> bool:
        """Clearly wrong: before the floor, behind what was already recorded, or far from the tablet."""
        ours = self.timestamp()
        return ours < FLOOR or ours < self.latest - TOLERANCE or abs(tablet - ours) > TOLERANCE

    def correct(self, tablet: float) -> tuple[str, str] | None:
        """Take a tablet's time if ours is clearly stale and the tablet's believable (see check);
        returns (was, now) when corrected."""
        try:
            self.check(tablet)
        except ClockRefused:
            return None
        if self.corrected or not self.stale(tablet):
            return None
        was = self.now()
        self.offset = tablet - self._system_now()
        self.corrected = True
        return was, self.now()
