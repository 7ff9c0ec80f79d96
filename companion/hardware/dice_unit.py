"""The dice unit, a Pico on USB serial: the real driver over pyserial, and a simulated unit on a pty.

`SerialDiceUnit` is what the table talks to, whatever the unit is. `SimulatedDiceUnit` stands in for
the Pico by speaking shared/DICE-PROTOCOL.md on the master end of a pseudo-terminal, while the real
driver opens the other end: tests and the virtual table run the same serial code as the Pi.
pyserial is imported only when a port is searched for or opened.
"""

from __future__ import annotations

import logging
import os
import queue
import select
import sys
import threading
import time
import tty
from collections import Counter, OrderedDict
from collections.abc import Callable, Iterable
from concurrent.futures import Future
from dataclasses import dataclass
from typing import Any, Protocol, TextIO, TypeVar

from companion.config import DiceUnitConfig
from companion.hardware.device import Device, Emit, UnitRoll
from companion.hardware.dice import roll as fair_roll
from companion.hardware.dice_protocol import (
    MAX_SEQ,
    Ack,
    Diagnostics,
    Err,
    Hello,
    LineSplitter,
    Nak,
    PiLine,
    Ping,
    Pong,
    Query,
    Roll,
    Show,
    encode,
    parse_pi_line,
    parse_unit_line,
)

log = logging.getLogger(__name__)

PICO_VID = 0x2E8A
BAUD = 115200  # USB CDC ignores it; set for adapters that don't
PING_INTERVAL = 1.0  # the contract's "at most once a second"
SILENCE_LIMIT = 1.8  # no line for this long: offline, so a hung unit is noticed within 2 s
TICK = 0.05
RETRY_FIRST, RETRY_MAX = 0.1, 1.0  # reconnect backoff, doubling
MEMORY = 1024  # answered rolls remembered per unit (seq wraps after 65535)

T = TypeVar("T")


class DiceUnit(Device, Protocol):
    """A dice unit as the table sees it: rolls come as UnitRoll events and are answered here."""

    def ack(self, unit: str, seq: int) -> None: ...

    def nak(self, unit: str, seq: int, word: str) -> None: ...

    def show(self, d1: int, d2: int) -> None: ...


# --- the Pi's half of the conversation, without a port ----------------------------------------------


@dataclass
class _Answer:
    dice: tuple[int, int]
    line: bytes | None = None  # the ACK or NAK, once the table decided


class UnitLink:
    """What the Pi makes of the unit's lines and says back, with no port: the part fuzzed in tests.

    Each (unit-id, seq) is emitted at most once; a repeated ROLL is answered with the remembered ACK or
    NAK (or waits, if the table has not decided yet). A new unit-id forgets the rolls of the last one.
    """

    def __init__(self, send: Callable[[bytes], bool], clock: Callable[[], float] = time.monotonic) -> None:
        self.diagnostics = Diagnostics()
        self.emit: Emit | None = None
        self.unit: str | None = None
        self.version = ""
        self.introduced = False  # a HELLO came on the current connection
        self.last_heard: float | None = None  # when the last good line came on this connection
        self.repeats = 0  # ROLLs that came again (resends), answered from memory
        self.faults: Counter[str] = Counter()
        self._send = send
        self._clock = clock
        self._splitter = LineSplitter(self.diagnostics)
        self._rolls: OrderedDict[int, _Answer] = OrderedDict()
        self._lock = threading.Lock()

    def reset(self) -> None:
        """A connection began or ended: a half line is lost and the unit must introduce itself again."""
        self._splitter.reset()
        self.introduced = False
        self.last_heard = None

    def feed(self, data: bytes) -> None:
        for line in self._splitter.feed(data):
            self.line(line)

    def line(self, line: bytes) -> None:
        message = parse_unit_line(line, self.diagnostics)
        if message is None:
            return
        self.last_heard = self._clock()
        if isinstance(message, Hello):
            self._hello(message)
        elif isinstance(message, Roll):
            self._roll(message)
        elif isinstance(message, Err):
            self.faults[message.word] += 1
            log.warning("dice unit %s reports a fault: %s", self.unit, message.word)
        # a Pong only proves the unit is alive: last_heard is set

    def _hello(self, hello: Hello) -> None:
        with self._lock:
            if hello.unit != self.unit:
                if self.unit is not None:
                    log.info("dice unit %s replaced by %s: its rolls are forgotten", self.unit, hello.unit)
                self._rolls.clear()
            self.unit, self.version = hello.unit, hello.version
            self.introduced = True

    def _roll(self, roll: Roll) -> None:
        with self._lock:
            unit = self.unit
            if not self.introduced or unit is None:
                # Whose roll? Ask; the unit resends every 500 ms, so nothing is lost.
                log.info("dice unit: ROLL %d before HELLO; asking who it is", roll.seq)
                answer: bytes | None = encode(Query())
                fresh = False
            else:
                known = self._rolls.get(roll.seq)
                fresh = known is None or known.dice != roll.dice
                if fresh:
                    if known is not None:  # same seq, other dice: the unit restarted its count
                        log.warning("dice unit %s: roll %d came with new dice; a new roll", unit, roll.seq)
                    self._rolls[roll.seq] = _Answer(roll.dice)
                    self._rolls.move_to_end(roll.seq)
                    while len(self._rolls) > MEMORY:
                        self._rolls.popitem(last=False)
                    answer = None
                else:
                    assert known is not None
                    self.repeats += 1
                    answer = known.line
        if answer is not None:
            self._send(answer)
        if not fresh or unit is None:
            return
        try:
            if self.emit is None:
                raise RuntimeError("the dice unit was not started")
            self.emit(UnitRoll(unit, roll.seq, roll.dice))
        except Exception:
            log.exception("dice unit: the table could not take roll %d; the resend will retry", roll.seq)
            with self._lock:
                self._rolls.pop(roll.seq, None)

    def answer(self, unit: str, seq: int, message: Ack | Nak) -> None:
        """Remember the table's decision on a roll and tell the unit (now, or when it resends)."""
        line = encode(message)
        with self._lock:
            known = self._rolls.get(seq) if unit == self.unit else None
            if known is None:
                log.warning("dice unit: no roll %d from unit %s to answer (%r)", seq, unit, line)
                return
            if known.line is not None and known.line != line:
                log.warning("dice unit: roll %d was already answered %r; keeping that", seq, known.line)
                line = known.line
            known.line = line
        self._send(line)


# --- the real driver -------------------------------------------------------------------------------


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


class SerialDiceUnit:
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
        from serial.tools import list_ports  # type: ignore[import-untyped]

        found = sorted(p.device for p in list_ports.comports() if p.vid == PICO_VID)
        if not found:
            self._offline(f"no USB serial port with vendor id 0x{PICO_VID:04X} (is the unit plugged in?)")
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


class NoDiceUnit:
    """No dice unit at this table (driver "none"): answers go nowhere."""

    name = "dice unit"
    status = "off"

    def start(self, emit: Emit) -> None:
        pass

    def stop(self) -> None:
        pass

    def ack(self, unit: str, seq: int) -> None:
        pass

    def nak(self, unit: str, seq: int, word: str) -> None:
        pass

    def show(self, d1: int, d2: int) -> None:
        pass


# --- the simulated unit ----------------------------------------------------------------------------


class SimulatedDiceUnit:
    """A Pico that isn't there, on the master end of a pseudo-terminal; `path` is the end to open.

    It behaves like firmware/unit.py: HELLO at start and on `?`, a ROLL on press() resent every 500 ms
    at most 5 times, PONG for PING; `mode` and `dice` are what its LEDs would show. unplug() and plug()
    pull and put back the cable (plug gives a new path); `silent` makes it hang.
    """

    def __init__(
        self,
        unit_id: str = "e66038b7133f2f2a",
        version: str = "sim",
        dice: Callable[[], tuple[int, int]] = fair_roll,
        resend_interval: float = 0.5,
        max_resends: int = 5,
        blink_time: float = 1.5,
    ) -> None:
        self.unit_id = unit_id
        self.version = version
        self.resend_interval = resend_interval
        self.max_resends = max_resends
        self.blink_time = blink_time
        self.seq = 0
        self.pending: int | None = None  # the roll waiting for its answer
        self.pending_dice = (1, 1)
        self.dice: tuple[int, int] | None = None  # what the LEDs show
        self.mode = "off"  # off | rolling | steady | blinking | error
        self.received: list[PiLine] = []
        self.sent: list[bytes] = []
        self.dropped = 0  # lines written while unplugged or with the buffer full
        self.silent = False  # a hung unit: reads nothing, answers nothing
        self.diagnostics = Diagnostics()
        self._dice = dice
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
        self._call(self._close_pty)

    def plug(self) -> str:
        """Put the cable back: a new pseudo-terminal, whose path is returned."""
        return self._call(self._open_pty)

    def send_raw(self, data: bytes) -> None:
        """Write bytes as they are (garbage, half lines) to see the Pi survive them."""
        self._call(lambda: self._write(data))

    def wait_until(self, predicate: Callable[[SimulatedDiceUnit], bool], timeout: float = 5.0) -> bool:
        with self._changed:
            return self._changed.wait_for(lambda: predicate(self), timeout)

    # -- the unit's thread

    def _call(self, fn: Callable[[], T]) -> T:
        if self._thread is None or self._stopping.is_set():
            raise RuntimeError("the simulated dice unit is not running: start() it first")
        future: Future[T] = Future()
        self._calls.put((fn, future))
        os.write(self._wake_w, b"x")
        return future.result(timeout=5)

    def _run(self) -> None:
        self._write(encode(Hello(self.unit_id, self.version)))
        while not self._stopping.is_set():
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
            self._tick(time.monotonic())
        self._run_calls()

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
        if isinstance(message, Query):
            self._write(encode(Hello(self.unit_id, self.version)))
        elif isinstance(message, Ping):
            self._write(encode(Pong(message.n)))
        elif isinstance(message, Show):
            self.dice, self.mode = message.dice, "steady"
        elif message.seq == self.pending:  # an Ack or a Nak for the roll in hand
            self.pending = None
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


def make_dice_unit(config: DiceUnitConfig, port_override: str | None = None) -> DiceUnit:
    """The dice unit the config asks for; `port_override` (`--dice-port`) always means a serial port."""
    if port_override:
        return SerialDiceUnit(port_override)
    if config.driver == "serial":
        return SerialDiceUnit(config.port)
    if config.driver == "simulated":
        unit = SimulatedDiceUnit()
        return SerialDiceUnit(unit.path, simulated=unit)
    return NoDiceUnit()


def serve(unit: SimulatedDiceUnit, commands: Iterable[str], out: TextIO) -> None:
    """A simulated unit at the console: Enter rolls, "u" unplugs, "p" plugs back, "q" quits."""
    unit.start()
    out.write(f"simulated dice unit on {unit.path} (companion run --dice-port {unit.path})\n")
    for command in commands:
        command = command.strip()
        if command == "q":
            break
        if command == "u":
            unit.unplug()
            out.write("unplugged\n")
        elif command == "p":
            out.write(f"plugged in on {unit.plug()}\n")
        else:
            seq = unit.press()
            out.write(f"roll {seq}: {unit.dice}\n" if seq else "still waiting for the last roll's answer\n")
        out.write(f"shows {unit.dice} ({unit.mode})\n")
    unit.stop()


if __name__ == "__main__":
    serve(SimulatedDiceUnit(), sys.stdin, sys.stdout)
