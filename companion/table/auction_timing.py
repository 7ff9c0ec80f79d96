"""How long an auction waits, worked out from the moments things happen (no clock of its own, so
it is tested on a fake one): a long opening wait while the table talks, a countdown that starts
with the first bid, time added by every later bid, and one "wait" per auction that gives everyone
the opening wait again.

A game keeps its timing in its new_game line, `"auction_clock": {"seconds": 20, "opening": 60}`,
so a resumed or replayed game and every screen count the same; `seconds` 0 turns the clock off
for that game. Why these defaults: in the three games played with real people (issue 22) 15 s
from the opening closed auctions before anyone had bid, while the table was still reading the deed
and counting cash, so nobody is hurried before the first bid: a minute. Once bidding starts the
bidders are paying attention and answer in a few seconds, so 20 s after a bid is room enough, and
each later bid adds 20 s more (never beyond 40 s left) so a lively auction is not cut short.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

DEFAULT_SECONDS = 20  # the countdown a bid starts, and what each later bid adds
DEFAULT_OPENING = 60  # the wait for the first bid, and what "wait" gives back
LONGEST = 600  # the most either setting may be, in seconds


@dataclass(frozen=True)
class Timing:
    """A game's auction timing, in seconds (`seconds` 0: no clock)."""

    seconds: float = DEFAULT_SECONDS
    opening: float = DEFAULT_OPENING

    def to_json(self) -> dict[str, float]:
        return {"seconds": self.seconds, "opening": self.opening}


def checked(raw: Any) -> Timing | str:
    """The timing a new-game form sent, or what is wrong with it (in English, for a 400)."""
    if not isinstance(raw, dict) or set(raw) - {"seconds", "opening"}:
        return 'auction_clock must be {"seconds": 0 to 600, "opening": 1 to 600}'
    seconds, opening = raw.get("seconds", DEFAULT_SECONDS), raw.get("opening", DEFAULT_OPENING)
    for name, value, low in (("seconds", seconds, 0), ("opening", opening, 1)):
        if not isinstance(value, int) or isinstance(value, bool) or not low <= value <= LONGEST:
            return f"auction_clock.{name} must be a whole number of seconds from {low} to {LONGEST}"
    return Timing(seconds, opening)


def timing_of(start: dict[str, Any], fallback: Timing) -> Timing:
    """The timing a stored game was started with; a game from before the setting (or a table
    script without it) gets the table's own (the config's `auction_seconds`)."""
    stored = start.get("auction_clock")
    found = checked(stored) if stored is not None else None
    return found if isinstance(found, Timing) else fallback


class Countdown:
    """One auction's deadline, moved by what happens in it."""

    def __init__(self, timing: Timing, now: float) -> None:
        self.timing = timing
        self.deadline = now + timing.opening  # the opening wait: nobody has bid yet
        self.bids = 0
        self.waited = False  # the one "wait" of this auction is used

    def left(self, now: float) -> float:
        return max(0.0, self.deadline - now)

    def bid(self, now: float) -> None:
        """The first bid starts the countdown; each later one adds to what is left, up to twice
        the countdown."""
        seconds = self.timing.seconds
        left = seconds if self.bids == 0 else min(self.left(now) + seconds, 2 * seconds)
        self.deadline = now + left
        self.bids += 1

    def wait(self, now: float) -> bool:
        """Everyone gets the opening wait again (if less is left), once per auction."""
        if self.waited:
            return False
        self.waited = True
        self.deadline = max(self.deadline, now + self.timing.opening)
        return True

    def phase(self) -> str:
        return "bidding" if self.bids else "opening"
