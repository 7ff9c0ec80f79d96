"""Presence to taps: a tap is a card arriving on the reader, not a card lying there."""

from __future__ import annotations

MISSES_TO_REMOVE = 3  # the chip drops a present card every few reads: 3 misses in a row = gone
RETAP_WINDOW = 1.0  # seconds: the same card back this soon after it went is the same tap


class TagTracker:
    """Presence to taps: fed one poll at a time (a UID or None), answers the UID when it is a tap."""

    def __init__(self, misses_to_remove: int = MISSES_TO_REMOVE, retap_window: float = RETAP_WINDOW) -> None:
        self.misses_to_remove = misses_to_remove
        self.retap_window = retap_window
        self.present: str | None = None  # the card counted as on the reader
        self._misses = 0
        self._gone: tuple[str, float] | None = None  # the last card counted removed, and when

    def feed(self, uid: str | None, now: float) -> str | None:
        """One poll's result at monotonic time `now`; the UID if this poll is a new tap."""
        if uid is None:
            if self.present is not None:
                self._misses += 1
                if self._misses >= self.misses_to_remove:
                    self._gone = (self.present, now)
                    self.present = None
            return None
        self._misses = 0
        if uid == self.present:
            return None
        if self.present is not None:  # another card at once: the first one went, this one is a tap
            self._gone = (self.present, now)
            self.present = uid
            return uid
        self.present = uid
        if self._gone is not None and self._gone[0] == uid and now - self._gone[1] <= self.retap_window:
            return None  # lifted and put back in a blink (or a flaky read): still the same tap
        return uid
