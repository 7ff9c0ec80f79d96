"""The single writer: one thread takes work from one queue, in order, so every input is applied
to the state the one before it left, and nothing else changes the game meanwhile."""

from __future__ import annotations

import logging
import queue
import threading
import time
from collections.abc import Callable
from concurrent.futures import Future

from .result import BUSY, BUSY_TEXT, GONE, GONE_TEXT, Result

log = logging.getLogger(__name__)

Gone = Callable[[], bool]  # has the client that asked gone away (its connection closed)?
POLL_GONE = 0.05  # seconds between looks at whether a waiting client has gone
Bug = Callable[[Exception, object, str], Result]  # a bug answered with a report (apply_path.py)


class Writer:
    """The queue and its thread. Whoever owns it says what happens when nothing came before the
    next deadline (`timer`, `until_next_deadline`), after each piece of work (`after`), on a bug
    (`bug`) and when it stops (`stopping`): passed in, so the writer knows nothing of the game."""

    def __init__(
        self,
        *,
        bug: Bug,
        until_next_deadline: Callable[[], float | None],
        timer: Callable[[], None],
        after: Callable[[], None],
        stopping: Callable[[], None],
    ) -> None:
        self._bug = bug
        self._until_next_deadline = until_next_deadline
        self._timer = timer
        self._after = after
        self._stopping = stopping
        # Told the moment an input arrives, on the caller's thread, before the writer takes it up:
        # background work (the odds' workers) steps aside so the table never waits for it.
        self.stirring: list[Callable[[], None]] = []
        self._inbox: queue.Queue[tuple[Callable[[], Result], Future[Result]] | None] = queue.Queue()
        self._thread = threading.Thread(target=self._run, name="table-writer", daemon=True)

    def start(self) -> None:
        self._thread.start()

    def _run(self) -> None:
        while True:
            try:
                item = self._inbox.get(timeout=self._until_next_deadline())
            except queue.Empty:
                self._guarded(self._timer)
                continue
            if item is None:
                self._guarded(self._stopping)
                return
            work, reply = item
            if not reply.set_running_or_notify_cancel():  # its caller has gone: never applied
                continue
            try:
                result = work()
            except Exception as exc:  # a bug must not stop the table: report it and answer
                result = self._bug(exc, None, "")
            self._guarded(self._after)
            reply.set_result(result)

    def _guarded(self, step: Callable[[], object]) -> None:
        try:
            step()
        except Exception:
            log.exception("the table's writer: %s failed", getattr(step, "__name__", step))

    # ---- calling in --------------------------------------------------------------------------

    def enqueue(self, work: Callable[[], Result]) -> Future[Result]:
        """Work queued for the writer without waiting for it (a device's input)."""
        reply: Future[Result] = Future()
        self._inbox.put((work, reply))
        return reply

    def call(self, work: Callable[[], Result], timeout: float = 10.0, gone: Gone | None = None) -> Result:
        """Run work on the writer thread and wait for its result.

        Work that has not started within the timeout, or whose client has gone meanwhile (`gone`:
        its connection closed), is withdrawn, never run later, and answered as such; work already
        running is waited for (it may be stored, so its answer must come).
        """
        self.stir()
        reply = self.enqueue(work)
        deadline = time.monotonic() + timeout
        while True:
            left = deadline - time.monotonic()
            try:
                return reply.result(max(0.0, min(left, POLL_GONE)) if gone is not None else max(0.0, left))
            except TimeoutError:
                pass
            if left <= 0 or (gone is not None and gone()):
                if reply.cancel():
                    if left <= 0:
                        return Result(False, BUSY_TEXT, refusal=BUSY)
                    return Result(False, GONE_TEXT, refusal=GONE)
                return reply.result()

    def stir(self) -> None:
        for stirred in list(self.stirring):
            try:
                stirred()
            except Exception:  # background work must never keep an input from the table
                log.exception("a stirring hook failed")

    def close(self) -> None:
        self._inbox.put(None)
        self._thread.join(timeout=5)

    @property
    def alive(self) -> bool:
        return self._thread.is_alive()

    def responsive(self, timeout: float = 10.0) -> bool:
        """The writer answers: a no-op goes through its queue and back within the timeout.

        What the watchdog asks; a writer stuck in a command (or dead) fails it, so systemd
        restarts the companion instead of keeping a table that acknowledges nothing.
        """
        if not self._thread.is_alive():
            return False
        reply = self.enqueue(lambda: Result(True, kind="ignored"))
        try:
            reply.result(timeout)
        except TimeoutError:
            reply.cancel()
            return False
        return True
