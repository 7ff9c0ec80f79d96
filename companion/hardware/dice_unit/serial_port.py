"""The dice unit on a USB serial port through pyserial: the real driver, whatever is on the other end
(a Pico, the firmware under MicroPython in the tests, or the simulated unit on a pseudo-terminal).

It reads the port at all times (a full USB buffer stalls the unit), pings every second, notices within
2 s that the unit is gone and reconnects by itself. pyserial is imported only when a port is searched
for or opened.
"""

from __future__ import annotations

import logging
import threading
import time
from typing import TYPE_CHECKING, Any

from ..device import Device, Emit
from ..dice_protocol import MAX_SEQ, Ack, Diagnostics, Nak, Ping, Query, Show, encode
from .link import UnitLink

if TYPE_CHECKING:
    from .simulated import SimulatedDiceUnit

log = logging.getLogger(__name__)

PICO_VID = 0x2E8A  # Raspberry Pi's USB vendor id: the Pico, and also its Debug Probe (0x000C)
MICROPYTHON_PID = 0x0005  # MicroPython's product id on the Pico's own USB
BAUD = 115200  # USB CDC ignores it; set for adapters that don't
PING_INTERVAL = 1.0  # the contract's "at most once a second"
SILENCE_LIMIT = 1.8  # no line for this long: offline, so a hung unit is noticed within 2 s
TICK = 0.05
RETRY_FIRST, RETRY_MAX = 0.1, 1.0  # reconnect backoff, doubling


def is_dice_unit(port: Any) -> bool:
    """A port of list_ports.comports() that is a Pico running MicroPython: vendor 0x2E8A and product
    0x0005 or manufacturer "MicroPython". A Debug Probe (0x2E8A:0x000C) is also Raspberry Pi's, and not it."""
    if port.vid != PICO_VID:
        return False
    return port.pid == MICROPYTHON_PID or (port.manufacturer or "") == "MicroPython"


def find_dice_units() -> list[str]:
    """The paths of every connected dice unit, sorted."""
    from serial.tools import list_ports  # type: ignore[import-untyped]

    return sorted(port.device for port in list_ports.comports() if is_dice_unit(port))


NOT_FOUND = (f"no USB serial port with vendor id 0x{PICO_VID:04X} and MicroPython's product id "
             f"0x{MICROPYTHON_PID:04X} (is the unit plugged in?)")


class _GuardedPort:
    """The port as ReaderThread sees it: on an unplugged tty `in_waiting` raises OSError outside the
    reader's try; answering 0 lets the read that follows fail as SerialException, ending it cleanly."""

    def __init__(self, port: Any) -> None:
        self._port = port

    def __getattr__(self, name: str) -> Any:
        return getattr(self._port, name)

    @property
    def in_waiting(self) -> int:
        try:
            return int(self._port.in_waiting)
        except OSError:
            return 0


class _Lines:
    """The serial.threaded protocol (a LineReader for our framing): bytes in, loss reported."""

    def __init__(self, owner: SerialDiceUnit) -> None:
        self.owner = owner
        self.transport: Any = None

    def connection_made(self, transport: Any) -> None:
        self.transport = transport

    def data_received(self, data: bytes) -> None:
        try:
            self.owner.link.feed(data)
        except Exception:  # a bug here must not stop the reading: a full USB buffer stalls the unit
            log.exception("dice unit: could not handle %r", data[:80])

    def connection_lost(self, exc: BaseException | None) -> None:
        self.transport = None
        self.owner._lose(f"unplugged ({exc})" if exc else "port closed")


class SerialDiceUnit(Device):
    """The dice unit on a serial port: found by USB vendor id 0x2E8A (port "auto") or by its path.

    It reads the port at all times, pings every second, notices within 2 s that the unit is gone and
    reconnects by itself. Rolls come as UnitRoll; the table answers with ack() or nak() once the game
    stored the roll, and the answer is remembered for the unit's resends.
    """

    name = "dice unit"

    def __init__(
        self,
        port: str = "auto",
        *,
        simulated: SimulatedDiceUnit | None = None,
        ping_interval: float = PING_INTERVAL,
        silence_limit: float = SILENCE_LIMIT,
    ) -> None:
        self.port = port
        self.simulated = simulated  # the unit on the other end of a pty, when there is no real one
        self.ping_interval = ping_interval
        self.silence_limit = silence_limit
        self.link = UnitLink(self._send)
        self.path = ""  # the port in use, or last tried
        self._reader: Any = None  # serial.threaded.ReaderThread while connected
        self._port_lock = threading.Lock()
        self._lost = threading.Event()
        self._stopping = threading.Event()
        self._thread: threading.Thread | None = None
        self._why = ""

    @property
    def diagnostics(self) -> Diagnostics:
        return self.link.diagnostics

    @property
    def status(self) -> str:
        if self._thread is None:
            return "offline: stopped" if self._stopping.is_set() else "offline: not started"
        if self._reader is not None and self.link.introduced:
            return f"ok: unit {self.link.unit} v{self.link.version}"
        return f"offline: {self._why}" if self._why else "searching"

    @property
    def alive(self) -> bool:
        """Its connection thread runs (False before start(), after stop(), or if the thread died)."""
        return self._thread is not None and self._thread.is_alive()

    def start(self, emit: Emit) -> None:
        self._check_open()
        if self._thread is not None:
            return
        if self.simulated is not None:
            self.simulated.start()
        self.link.emit = emit
        self._stopping.clear()
        self._thread = threading.Thread(target=self._run, name="dice-unit", daemon=True)
        self._thread.start()

    def stop(self) -> None:
        self._stopping.set()
        self._lost.set()
        if self._thread is not None:
            self._thread.join(timeout=5)
            self._thread = None
        if self.simulated is not None:
            self.simulated.stop()

    def ack(self, unit: str, seq: int) -> None:
        self.link.answer(unit, seq, Ack(seq))

    def nak(self, unit: str, seq: int, word: str) -> None:
        self.link.answer(unit, seq, Nak(seq, word))

    def show(self, d1: int, d2: int) -> None:
        if not self._send(encode(Show((d1, d2)))):
            log.info("dice unit offline: could not show %d %d", d1, d2)

    # -- the connection

    def _send(self, line: bytes) -> bool:
        with self._port_lock:
            reader = self._reader
        if reader is None:
            return False
        try:
            reader.write(line)
        except OSError as exc:  # SerialException and its timeout are OSErrors
            self._lose(f"write failed ({exc})")
            return False
        return True

    def _lose(self, why: str) -> None:
        if not self._lost.is_set() and not self._stopping.is_set():
            self._offline(why)
        self._lost.set()

    def _offline(self, why: str) -> None:
        if why != self._why:
            log.warning("dice unit offline: %s", why)
        self._why = why

    def _run(self) -> None:
        delay = RETRY_FIRST
        while not self._stopping.is_set():
            path = self._find()
            reader = self._open(path) if path else None
            if reader is not None:
                introduced = self._converse(reader)
                self._close(reader)
                if introduced:
                    delay = RETRY_FIRST
            if self._stopping.wait(delay):
                break
            delay = min(delay * 2, RETRY_MAX)

    def _find(self) -> str | None:
        if self.port != "auto":
            return self.port
        found = find_dice_units()
        if not found:
            self._offline(NOT_FOUND)
            return None
        return found[0]

    def _open(self, path: str) -> Any:
        import serial  # type: ignore[import-untyped]
        import serial.threaded  # type: ignore[import-untyped]

        self.path = path
        try:
            port = serial.serial_for_url(path, baudrate=BAUD, write_timeout=1.0, exclusive=True)
        except (OSError, ValueError) as exc:
            self._offline(f"cannot open {path} ({exc})")
            return None
        self.link.reset()
        self._lost.clear()
        reader = serial.threaded.ReaderThread(_GuardedPort(port), lambda: _Lines(self))
        reader.name = "dice-unit-reader"
        reader.start()
        with self._port_lock:
            self._reader = reader
        log.info("dice unit: opened %s", path)
        return reader

    def _converse(self, reader: Any) -> bool:
        """Ping and watch until the connection is lost; True if the unit introduced itself."""
        self._send(encode(Query()))
        opened = time.monotonic()
        last_ping: float | None = None
        n = 0
        # _stopping too: a stop() that came while the port was being opened had its _lost cleared.
        while not self._lost.wait(TICK) and reader.is_alive() and not self._stopping.is_set():
            now = time.monotonic()
            if self.link.introduced and self._why:
                log.info("dice unit back: unit %s on %s", self.link.unit, self.path)
                self._why = ""  # so the next loss is logged, even for the same reason
            if last_ping is None or now - last_ping >= self.ping_interval:
                n = n % MAX_SEQ + 1
                self._send(encode(Ping(n)))
                if not self.link.introduced:
                    self._send(encode(Query()))
                last_ping = now
            if now - (self.link.last_heard or opened) > self.silence_limit:
                self._lose(f"no answer from {self.path} for {self.silence_limit:g} s")
        if not self._lost.is_set() and not self._stopping.is_set():
            self._lose("the reader stopped")
        return self.link.introduced

    def _close(self, reader: Any) -> None:
        with self._port_lock:
            self._reader = None
        try:
            reader.close()
        except OSError as exc:
            log.debug("dice unit: closing %s: %s", self.path, exc)
        self.link.reset()
