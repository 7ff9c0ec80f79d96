"""The writer thread's hand-off to the voice: `put` never waits and never grows without bound.

When the voice's process cannot keep up (busy, hung, restarting), the oldest news is dropped: the
planner would keep the newest anyway. Whoever takes next is told that some was lost, so the
process forgets what it still holds (an undo dropped on the way could otherwise leave a move that
was taken back to be said).
"""

from __future__ import annotations

import threading
from collections import deque
from typing import Any

SIZE = 256  # messages waiting at most (a burst of commands is a few dozen)
LOST = ("clear", None)  # what the taker is given first after a loss


class Handoff:
    """A bounded queue that drops its oldest; `put` is a few microseconds on any thread."""

    def __init__(self, size: int = SIZE) -> None:
        self._items: deque[tuple[str, Any]] = deque(maxlen=size)
        self._lost = False
        self._lock = threading.Lock()
        self.ready = threading.Event()  # set by `put`: the taker wakes

    def put(self, name: str, value: Any) -> None:
        with self._lock:
            if len(self._items) == self._items.maxlen:
                self._lost = True
            self._items.append((name, value))
        self.ready.set()

    def take(self) -> list[tuple[str, Any]]:
        """Everything waiting, oldest first; a `LOST` first if some was dropped since last time."""
        with self._lock:
            taken = [LOST] if self._lost else []
            taken += self._items
            self._items.clear()
            self._lost = False
            self.ready.clear()
        return taken

    def __len__(self) -> int:
        return len(self._items)
