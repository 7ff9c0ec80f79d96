"""A dice unit that isn't there: a simulated Pico speaking docs/DICE-PROTOCOL.md on the master end
of a pseudo-terminal, while the real serial driver opens the other end. Tests and the virtual table
run the same serial code as the Pi; tests/test_dice_unit_behaviour.py holds it to the firmware's
behaviour by running the same checks against both.
"""

from __future__ import annotations

import logging
import os
import queue
import secrets
import select
import threading
import time
import tty
from collections.abc import Callable
from concurrent.futures import Future
from typing import Any, TypeVar

from ..dice import roll as fair_roll
from ..dice_protocol import (
    MAX_SEQ,
    Ack,
    Diagnostics,
    Hello,
    LineSplitter,
    PiLine,
    Ping,
    Pong,
    Query,
    Roll,
    Show,
    encode,
    parse_pi_line,
)
from ..errors import DeviceNotStarted

log = logging.getLogger(__name__)

TICK = 0.05
T = TypeVar("T")

LINES_KEPT = 1000  # lines a simulated unit remembers each way


def new_boot() -> str:
    """A boot id as the firmware draws one at power-up: 8 hex digits."""
    return secrets.token_hex(4)


class SimulatedDiceUnit:
    """A Pico that isn't there, on the master end of a pseudo-terminal; `path` is the end to open.

    It behaves like firmware/unit.py: HELLO (with its boot id) at start and on `?`, a ROLL on press()
    resent every 500 ms at most 5 times with the dice first rolled, PONG for PING; `mode` and `dice`
    are what its LEDs would show. unplug() and plug() drop and restore the data connection (plug gives a
    new path); replug() is what pulling a real Pico's cable does: it also loses power, so it restarts
    with a new boot id and counts rolls from 1 again. crash() makes its own code fail: like the
    firmware, it restarts and says HELLO again. `silent` makes it hang.
    """

    def __init__(
        self,
        unit_id: str = "e66038b7133f2f2a",
        version: str = "sim",
        dice: Callable[[], tuple[int, int]] = fair_roll,
        boots: Callable[[], str] = new_boot,
        resend_interval: float = 0.5,
        max_resends: int = 5,
        blink_time: float = 1.5,
    ) -> None:
        self.unit_id = unit_id
        self.version = version
        self.resend_interval = resend_interval
        self.max_resends = max_resends
        self.blink_time = blink_time
        self.boot = boots()
        self.restarts = 0
        self.seq = 0
        self.pending: int | None = None  # the roll waiting for its answer
        self.pending_dice = (1, 1)  # its dice: every resend carries these, whatever SHOW says
        self.dice: tuple[int, int] | None = None  # what the LEDs show
        self.mode = "off"  # off | rolling | steady | blinking | error
        self.received: list[PiLine] = []  # the newest LINES_KEPT (tests read them)
        self.sent: list[bytes] = []
        self.dropped = 0  # lines written while unplugged or with the buffer full
        self.silent = False  # a hung unit: reads nothing, answers nothing
        self.diagnostics = Diagnostics()
        self._dice = dice
        self._boots = boots
        self._fault = False
        self._splitter = LineSplitter(self.diagnostics)
        self._resends = 0
        self._due = 0.0  # next resend, or the end of blinking
        self._changed = threading.Condition()
        self._calls: queue.SimpleQueue[tuple[Callable[[], Any], Future[Any]]] = queue.SimpleQueue()
        self._wake_r, self._wake_w = os.pipe()
        self._master: int | None = None
        self._slave: int | None = None
        self.path = ""
        self._open_pty()
        self._stopping = threading.Event()
        self._thread: threading.Thread | None = None

    # -- what tests and the virtual table do

    def start(self) -> None:
        if self._thread is None:
            self._thread = threading.Thread(target=self._run, name="simulated-dice-unit", daemon=True)
            self._thread.start()

    def stop(self) -> None:
        if self._stopping.is_set():
            return
        self._stopping.set()
        os.write(self._wake_w, b"x")
        if self._thread is not None:
            self._thread.join(timeout=5)
        self._close_pty()
        os.close(self._wake_r)
        os.close(self._wake_w)

    def press(self) -> int | None:
        """Press the big button: the seq of the new roll, or None while the last is unanswered."""
        return self._call(self._press)

    def unplug(self) -> None:
        """The data connection drops; the unit runs on (as on a powered hub that reset its port)."""
        self._call(self._close_pty)

    def plug(self) -> str:
        """The data connection is back: a new pseudo-terminal, whose path is returned."""
        return self._call(self._open_pty)

    def replug(self) -> str:
        """Pull the cable and put it back: the unit loses power, so it starts again with a new boot id.
        The new pseudo-terminal's path is returned."""

        def replugged() -> str:
            self._close_pty()
            self._restart()
            return self._open_pty()

        return self._call(replugged)

    def crash(self) -> None:
        """Make the unit's own code fail once: it restarts, as the firmware does."""
        self._fault = True
        os.write(self._wake_w, b"x")

    def send_raw(self, data: bytes) -> None:
        """Write bytes as they are (garbage, half lines) to see the Pi survive them."""
        self._call(lambda: self._write(data))

    def wait_until(self, predicate: Callable[[SimulatedDiceUnit], bool], timeout: float = 5.0) -> bool:
        with self._changed:
            return self._changed.wait_for(lambda: predicate(self), timeout)

    # -- the unit's thread

    def _call(self, fn: Callable[[], T]) -> T:
        if self._thread is None or self._stopping.is_set():
            raise DeviceNotStarted("the simulated dice unit is not running: start() it first")
        future: Future[T] = Future()
        self._calls.put((fn, future))
        os.write(self._wake_w, b"x")
        return future.result(timeout=5)

    def _run(self) -> None:
        self._hello()
        while not self._stopping.is_set():
            try:
                self._step()
            except Exception:  # its own fault: never stop, start again (firmware/main.py does)
                log.warning("simulated dice unit: a fault; restarting", exc_info=True)
                self._restart()
        self._run_calls()

    def _step(self) -> None:
            watched = [self._wake_r] if self._master is None else [self._wake_r, self._master]
            readable, _, _ = select.select(watched, [], [], TICK / 2)
            if self._wake_r in readable:
                os.read(self._wake_r, 512)
                self._run_calls()
            master = self._master
            if master is not None and master in readable and not self.silent:
                try:
                    data = os.read(master, 1024)
                except OSError:  # nothing after all (the fd was renewed), or the pty is gone
                    data = b""
                for line in self._splitter.feed(data):
                    self._receive(line)
            if self._fault:
                self._fault = False
                raise RuntimeError("a fault forced by the test")
            self._tick(time.monotonic())

    def _hello(self) -> None:
        self._write(encode(Hello(self.unit_id, self.version, self.boot)))

    def _restart(self) -> None:
        """Power-up again: a new boot id, rolls counted from 1, dark LEDs, and HELLO."""
        self.boot = self._boots()
        self.restarts += 1
        self.seq = 0
        self.pending, self.dice, self.mode = None, None, "off"
        self._splitter = LineSplitter(self.diagnostics)
        self._hello()
        self._notify()

    def _run_calls(self) -> None:
        while True:
            try:
                fn, future = self._calls.get_nowait()
            except queue.Empty:
                return
            try:
                future.set_result(fn())
            except Exception as exc:
                future.set_exception(exc)
            self._notify()

    def _notify(self) -> None:
        with self._changed:
            self._changed.notify_all()

    def _open_pty(self) -> str:
        if self._master is None:
            self._master, self._slave = os.openpty()
            tty.setraw(self._slave)  # no echo, no line editing: a USB CDC port passes bytes as they are
            os.set_blocking(self._master, False)
            self.path = os.ttyname(self._slave)
        return self.path

    def _close_pty(self) -> None:
        for fd in (self._master, self._slave):
            if fd is not None:
                os.close(fd)
        self._master = self._slave = None
        self._splitter.reset()

    def _write(self, data: bytes) -> None:
        if self._master is None:
            self.dropped += 1
            return
        try:
            os.write(self._master, data)
        except OSError:
            self.dropped += 1
            return
        self.sent.append(data)
        if len(self.sent) > 2 * LINES_KEPT:
            del self.sent[:-LINES_KEPT]

    def _press(self) -> int | None:
        if self.pending is not None:
            return None
        dice = self._dice()
        self.seq = self.seq % MAX_SEQ + 1
        self.pending, self.pending_dice, self.dice, self.mode = self.seq, dice, dice, "rolling"
        self._resends, self._due = 0, time.monotonic() + self.resend_interval
        self._write(encode(Roll(self.seq, dice)))
        return self.seq

    def _receive(self, line: bytes) -> None:
        message = parse_pi_line(line, self.diagnostics)
        if message is None:
            return
        self.received.append(message)
        if len(self.received) > 2 * LINES_KEPT:  # a PING every few seconds, for days
            del self.received[:-LINES_KEPT]
        if isinstance(message, Query):
            self._hello()
        elif isinstance(message, Ping):
            self._write(encode(Pong(message.n)))
        elif isinstance(message, Show):  # only the LEDs: the roll in hand keeps its own dice
            self.dice, self.mode = message.dice, "steady"
        elif message.seq == self.pending:  # an Ack or a Nak for the roll in hand: show that roll
            self.pending, self.dice = None, self.pending_dice
            if isinstance(message, Ack):
                self.mode = "steady"
            else:
                self.mode, self._due = "blinking", time.monotonic() + self.blink_time
        self._notify()

    def _tick(self, now: float) -> None:
        if self.pending is not None and now >= self._due:
            if self._resends < self.max_resends:
                self._resends += 1
                self._due += self.resend_interval
                self._write(encode(Roll(self.pending, self.pending_dice)))
            else:
                self.pending, self.mode = None, "error"
            self._notify()
        elif self.mode == "blinking" and now >= self._due:
            self.mode, self.dice = "off", None
            self._notify()
