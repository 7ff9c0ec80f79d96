"""Screens' times, proposed for the Pi's clock until the banker decides (see clock.py).

Each proposal has an id, and the banker's answer names the one the banker read: a guest proposing
2030 between the banker's look and the banker's click adds a proposal of its own, and never
becomes the time the banker took. The latest few are kept, so the banker's pick is still there
however many screens load meanwhile (within reason: a flood of proposals pushes it out, and the
banker is told to read again, nothing taken)."""

from __future__ import annotations

import secrets
import threading
import time
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

KEPT = 8  # the newest proposals kept for the banker's answer (oldest go first)


@dataclass(frozen=True)
class Said:
    """One screen's time, kept as an offset from this machine's monotonic clock so that it goes on
    ticking while the banker reads it."""

    id: str
    seconds: float
    at: float  # time.monotonic() when it was said
    screen: str  # the screen's public id
    address: str

    def now(self) -> float:
        """What that screen's clock says now, in seconds since 1970."""
        return self.seconds + time.monotonic() - self.at


class Proposal:
    """The proposals, newest last; the banker is shown the newest and answers by its id."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._said: OrderedDict[str, Said] = OrderedDict()

    def propose(self, seconds: float, screen_id: str, address: str) -> str:
        said = Said(secrets.token_urlsafe(9), seconds, time.monotonic(), screen_id, address)
        with self._lock:
            self._said[said.id] = said
            while len(self._said) > KEPT:
                self._said.popitem(last=False)
        return said.id

    def now(self) -> dict[str, Any] | None:
        """The newest proposal: its id, what the screen's clock says now, and who said it; None
        when no screen proposed a time."""
        with self._lock:
            if not self._said:
                return None
            said = next(reversed(self._said.values()))
        return {"id": said.id, "time": round(said.now() * 1000), "screen": said.screen,
                "address": said.address}

    def asked(self) -> bool:
        with self._lock:
            return bool(self._said)

    def take(self, proposal_id: str) -> float | None:
        """The time of the proposal the banker named, now, in seconds, and every proposal gone (the
        clock is corrected once); None, and nothing gone, when that one is no longer kept."""
        with self._lock:
            said = self._said.get(proposal_id)
            if said is None:
                return None
            self._said.clear()
        return said.now()

    def drop(self, proposal_id: str) -> bool:
        """The banker keeps the Pi's time against that proposal: it and every older one are gone
        (a newer one, said since, is still asked). False when it is no longer kept."""
        with self._lock:
            if proposal_id not in self._said:
                return False
            while self._said:
                gone, _said = self._said.popitem(last=False)
                if gone == proposal_id:
                    break
        return True
