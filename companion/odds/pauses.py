"""When the odds' workers give way to the table, and for how long at most.

The workers stop while the table is busy (an input arrived less than QUIET seconds ago), so a tap
and the news to the screens have the cores to themselves. Inputs can come forever (a phone
sending a request every 0.3 s): a pause therefore lasts at most MAX_PAUSE seconds, after which
the workers run for at least RUN seconds whatever arrives, and only then may stop again. So in
any MAX_PAUSE + RUN seconds they run at least RUN: the odds always come, later under a flood.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable

QUIET = 0.4  # seconds the table must have been still before the workers take up a slice again
MAX_PAUSE = 3.0  # seconds a pause lasts at most
RUN = 1.0  # seconds the workers then run, whatever the table does


class Pauses:
    """The workers' pauses: `stir` says an input came, `left` how long they should still wait."""

    def __init__(self, quiet: float = QUIET, max_pause: float = MAX_PAUSE, run: float = RUN,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.quiet, self.max_pause, self.run = quiet, max_pause, run
        self.clock = clock
        self._lock = threading.Lock()
        self._active = float("-inf")  # when the table last stirred: never yet, so it is still
        self._since: float | None = None  # when the pause under way began
        self._running_until = 0.0  # the end of a run that no input may stop

    def stir(self) -> bool:
        """An input came: True when the workers should stop now (a pause begins or goes on)."""
        with self._lock:
            now = self.clock()
            self._active = now
            if now < self._running_until:
                return False
            if self._since is None:
                self._since = now
            return True

    def left(self) -> float:
        """Seconds the workers should still wait (0 or less: they go on)."""
        with self._lock:
            now = self.clock()
            if now < self._running_until:
                return 0.0
            still = self.quiet - (now - self._active)
            if still <= 0:
                self._since = None
                return still
            since = self._since if self._since is not None else now
            self._since = since
            longest = self.max_pause - (now - since)
            if longest <= 0:  # paused long enough: a run no input may stop
                self._since = None
                self._running_until = now + self.run
                return 0.0
            return min(still, longest)
