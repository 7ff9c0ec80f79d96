"""The reader's twin: cards placed and lifted from code (tests, dashboard, console), no chip at all."""

from __future__ import annotations

import threading
from typing import Any

from ..errors import ReaderError
from ..tags import normalize_uid
from .polling import PollingReader


class SimulatedReader(PollingReader):
    """The reader's twin: cards are placed and lifted from code (tests, dashboard, console)."""

    def __init__(self, poll_interval: float = 0.08, *, hold_polls: int = 3, **kwargs: Any) -> None:
        kwargs.setdefault("retry_first", 0.2)
        kwargs.setdefault("retry_max", 1.0)
        super().__init__(poll_interval, **kwargs)
        self.hold_polls = hold_polls
        self._card: str | None = None
        self._lift_in: int | None = None
        self._lifted: threading.Event | None = None
        self._unplugged: str | None = None
        self._cards = threading.Lock()

    def place(self, uid: str) -> None:
        """Put a card on the reader and leave it there."""
        uid = normalize_uid(uid)
        with self._cards:
            self._card, self._lift_in = uid, None
        self.poke()

    def remove(self) -> None:
        """Lift the card off the reader."""
        with self._cards:
            self._card, self._lift_in = None, None
            if self._lifted is not None:
                self._lifted.set()

    def tap(self, uid: str) -> threading.Event:
        """Place a card and lift it after a few polls; the event is set once it has been lifted.

        The same card tapped again within a second of being lifted is the same tap, as on the table.
        """
        uid = normalize_uid(uid)
        lifted = threading.Event()
        with self._cards:
            if self._lifted is not None:
                self._lifted.set()
            self._card, self._lift_in, self._lifted = uid, self.hold_polls, lifted
        self.poke()
        return lifted

    chip_version = 0x92  # what version() answers, as a genuine MFRC522 v2.0 does

    def version(self) -> int:
        """The version register, as the real reader reads it (`companion doctor --simulate`)."""
        if self._unplugged:
            raise ReaderError(self._unplugged)
        return self.chip_version

    def unplug(self, reason: str = "the reader is unplugged") -> None:
        """Make the reader fail as a real one does when its cable comes off."""
        self._unplugged = reason

    def plug(self) -> None:
        self._unplugged = None

    def open(self) -> None:
        if self._unplugged:
            raise ReaderError(self._unplugged)

    def read_uid(self) -> str | None:
        if self._unplugged:
            raise ReaderError(self._unplugged)
        with self._cards:
            uid = self._card
            if self._lift_in is not None:
                self._lift_in -= 1
                if self._lift_in <= 0:
                    self._card, self._lift_in = None, None
                    if self._lifted is not None:
                        self._lifted.set()
            return uid
