"""A clock that moves only when the test moves it: what the table's clocks are handed in a test,
so a deadline, a pause or a timestamp is decided by the test's arithmetic, never by how busy the
machine running it is (tests/waiting.py is the other half: waiting for what only real time brings)."""

from __future__ import annotations


class FakeClock:
    """Reads `now`; `advance` (or setting `now`) moves it."""

    def __init__(self, now: float = 1000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now

    def advance(self, seconds: float) -> None:
        self.now += seconds
