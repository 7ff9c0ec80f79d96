"""The odds' workers stepping aside for the table: stopped where they are (SIGSTOP, a system call
each) the moment an input arrives, let go on (SIGCONT) once the table has been still a moment or
the pause has lasted its longest (pauses.py says when), and let go for good when the daemon ends.
The planner (live.py) decides what to work out; this only decides when the workers may run."""

from __future__ import annotations

import os
import signal
import threading
from collections.abc import Callable

from ..simulate.workers import Pool
from .pauses import Pauses


class StepAside:
    """`stir` stops the pool's workers while the table is busy; a thread of its own lets them go on."""

    def __init__(self, pool: Callable[[], Pool | None], pauses: Pauses | None = None) -> None:
        self.pool = pool  # the planner's pool, once it has one
        self.pauses = pauses or Pauses()  # when the workers give way to the table, and for how long
        self.frozen: list[int] = []  # the workers stopped (SIGSTOP) while the table is busy
        self._freezing = threading.Lock()
        self._stopping = threading.Event()
        self._froze = threading.Event()  # set while workers are stopped: the thawer wakes only then
        # Lets stopped workers go on once the table is still (never the planner's job: it may be
        # blocked handing a stopped worker a long script).
        self._thawer = threading.Thread(target=self._thaw_when_still, name="odds-thaw", daemon=True)

    def start(self) -> None:
        self._thawer.start()

    def _thaw_when_still(self) -> None:
        """Asleep while no worker is stopped (a still table wakes nothing); while some are, a look
        every 50 ms at whether the table has been still long enough."""
        while self._froze.wait() and not self._stopping.wait(0.05):
            if self.frozen and self.pauses.left() <= 0:
                self._thaw()

    def stir(self) -> None:
        """An input has just reached the table: stop the workers where they are (see LiveOdds.stir)."""
        if not self.pauses.stir():
            return
        pool = self.pool()
        if pool is None:
            return
        with self._freezing:
            if self.frozen or self._stopping.is_set():
                return
            self.frozen = [worker.process.pid for worker in pool.workers]
            for pid in self.frozen:
                _signal(pid, signal.SIGSTOP)
            self._froze.set()

    def hold(self) -> float:
        """Seconds the workers should still wait before their next slice (0: they may run)."""
        return self.pauses.left()

    def resume(self) -> None:
        """Let every stopped worker go on, and stop none again (the daemon is ending)."""
        self._stopping.set()
        self._froze.set()  # the thawer wakes, sees the daemon ending, and ends
        with self._freezing:
            frozen, self.frozen = self.frozen, []
        pool = self.pool()
        pids = set(frozen) | ({worker.process.pid for worker in pool.workers} if pool else set())
        for pid in pids:
            _signal(pid, signal.SIGCONT)

    def _thaw(self) -> None:
        with self._freezing:
            if self.pauses.left() > 0 and not self._stopping.is_set():
                return  # the table stirred again meanwhile
            frozen, self.frozen = self.frozen, []
            for pid in frozen:
                _signal(pid, signal.SIGCONT)
            if not self._stopping.is_set():
                self._froze.clear()


def _signal(pid: int, sig: int) -> None:
    try:
        os.kill(pid, sig)
    except OSError:  # gone already
        pass
