"""The polling thread every reader driver runs in: open, read a UID, feed the tracker, emit taps; survive.

A driver subclasses `PollingReader` and provides open(), release(), read_uid() (and after_poll()).
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable

from ..device import Device, Emit, Tap
from ..errors import DeviceBusy, ReaderError
from .taps import TagTracker

log = logging.getLogger(__name__)


class PollingReader(Device):
    """A reader polled by its own thread: open, read a UID, feed the tracker, emit taps; survive."""

    name = "reader"

    def __init__(
        self,
        poll_interval: float = 0.08,
        *,
        retry_first: float = 0.5,
        retry_max: float = 5.0,
        clock: Callable[[], float] = time.monotonic,
        tracker: TagTracker | None = None,
    ) -> None:
        self.poll_interval = poll_interval
        self.retry_first = retry_first
        self.retry_max = retry_max
        self.clock = clock
        self.tracker = tracker or TagTracker()
        self.polls = 0
        self._status = "stopped"
        self._opened = False
        self._retry = retry_first
        self._emit: Emit | None = None
        self._lock = threading.RLock()  # one conversation with the chip at a time
        self._poke = threading.Event()
        self._stopping = threading.Event()
        self._thread: threading.Thread | None = None

    # What a driver provides.
    def open(self) -> None:
        """Get the hardware ready; raise (ReaderError, with the reason) if it is not there."""

    def release(self) -> None:
        """Let go of the hardware; called after a failure and at stop."""

    def read_uid(self) -> str | None:
        """The UID of the card in the field now (lower-case hex), or None."""
        raise NotImplementedError

    def after_poll(self) -> None:
        """What a driver does once a poll's tap is on its way (the real reader halts the card)."""

    # The device interface.
    @property
    def status(self) -> str:
        return self._status

    @property
    def alive(self) -> bool:
        """Its polling thread runs (False before start(), after stop(), or if the thread died)."""
        return self._thread is not None and self._thread.is_alive()

    def start(self, emit: Emit) -> None:
        self._check_open()
        if self._thread is not None and self._thread.is_alive():
            raise DeviceBusy("the reader is already running")
        self._emit = emit
        self._stopping.clear()
        self._status = "starting"
        self._thread = threading.Thread(target=self._run, name=f"{self.name}-poll", daemon=True)
        self._thread.start()

    def stop(self) -> None:
        self._stopping.set()
        self._poke.set()
        if self._thread is not None:
            self._thread.join(timeout=10)
            if self._thread.is_alive():
                log.error("the %s thread did not stop within 10 s", self.name)
            self._thread = None
        with self._lock:
            self._shut()
        self._status = "stopped"

    def _run(self) -> None:
        delay = 0.0
        while not self._stopping.is_set():
            self._poke.wait(delay)
            self._poke.clear()
            if self._stopping.is_set():
                return
            delay = self.poll_once()

    def poke(self) -> None:
        """Poll now rather than at the next tick (the simulated reader: a card was just placed)."""
        self._poke.set()

    def poll_once(self, emit: Emit | None = None) -> float:
        """One poll: read, track, emit. Answers the seconds to wait before the next one.

        The thread calls it with the emit given to start(); tests may call it directly.
        """
        emit = emit or self._emit
        with self._lock:
            try:
                if not self._opened:
                    self.open()
                    self._opened = True
                uid = self.read_uid()
            except Exception as exc:  # a reader fault must never stop the table
                return self._failed(exc)
            self.polls += 1
            if self._status != "ok":
                log.info("%s: ok", self.name)
                self._status = "ok"
            self._retry = self.retry_first
            tapped = self.tracker.feed(uid, self.clock())
        if tapped is not None and emit is not None:
            try:
                emit(Tap(tapped))
            except Exception:
                log.exception("the table could not take the tap of %s", tapped)
        with self._lock:
            if self._opened:
                self.after_poll()
        return self.poll_interval

    def _failed(self, exc: Exception) -> float:
        why = str(exc) if isinstance(exc, ReaderError) else f"{type(exc).__name__}: {exc}"
        status = f"offline: {why}"
        if status != self._status:
            log.warning("%s %s (retrying every few seconds)", self.name, status, exc_info=not isinstance(
                exc, ReaderError | OSError | ImportError))
        self._status = status
        self._shut()
        delay = self._retry
        self._retry = min(self._retry * 2, self.retry_max)
        return delay

    def _shut(self) -> None:
        if not self._opened:
            return
        self._opened = False
        try:
            self.release()
        except Exception:
            log.exception("%s: closing failed", self.name)
