"""An MFRC522 reader chip and ISO 14443-A cards, emulated at the SPI register level.

The real `mfrc522` library drives this through fake `spidev` and `RPi.GPIO` modules, so the reader
code that runs on a Pi runs in CI unchanged. Only what the library and our driver use is modelled:
the registers they touch, the FIFO, the Transceive and CalcCRC commands (real CRC_A), the interrupt
flags, the timer, and cards that answer REQA/WUPA, anticollision and SELECT at each cascade level,
and HALT.

Faithful to the datasheet (MFRC522 rev. 3.9) where a fake could hide a fault: TimerIRq is raised only
by the timer, which starts at the end of a transmission only when TModeReg's TAuto bit is set and
runs (2 * TPrescaler + 1) * (TReload + 1) / 13.56 MHz; the timer stops when a card's answer begins.
IdleIRq is not raised by a command the host writes (the host's own Idle included). Time passes as on
the wire: 9.44 us a bit at 106 kbit/s, the card's answer after its frame delay time, and the SPI
transfer at the bus speed. `Clock` keeps that time: virtual in the tests (the library's 1 ms sleeps
advance it, so a 2-second wait costs nothing), the machine's own in the benchmark.
"""

from __future__ import annotations

import errno
import time
import types
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field

# Registers (MFRC522 datasheet, section 9).
COMMAND, COMM_IEN, DIV_IEN, COMM_IRQ, DIV_IRQ, ERROR = 0x01, 0x02, 0x03, 0x04, 0x05, 0x06
FIFO_DATA, FIFO_LEVEL, CONTROL, BIT_FRAMING = 0x09, 0x0A, 0x0C, 0x0D
MODE, TX_CONTROL, CRC_RESULT_H, CRC_RESULT_L, VERSION = 0x11, 0x14, 0x21, 0x22, 0x37
T_MODE, T_PRESCALER, T_RELOAD_H, T_RELOAD_L = 0x2A, 0x2B, 0x2C, 0x2D
T_AUTO = 0x80  # TModeReg: the timer starts by itself at the end of every transmission

# Interrupt bits of ComIrqReg.
TX_IRQ, RX_IRQ, IDLE_IRQ, TIMER_IRQ = 0x40, 0x20, 0x10, 0x01

# Time on the air (ISO 14443-2/-3, type A at 106 kbit/s) and on the SPI bus.
CARRIER = 13.56e6
BIT = 128 / CARRIER  # 9.44 us
FRAME_DELAY = 1236 / CARRIER  # a card answers 91 us after the reader's last bit (n = 9)

# Commands (CommandReg bits 3..0).
IDLE, CALC_CRC, TRANSCEIVE, SOFT_RESET = 0x00, 0x03, 0x0C, 0x0F

# Reset values that matter: CommandReg RcvOff, ComIrqReg, ControlReg, ModeReg (CRC preset FFFF).
RESET_VALUES = {COMMAND: 0x20, COMM_IEN: 0x80, COMM_IRQ: 0x14, CONTROL: 0x10, MODE: 0x3F,
                TX_CONTROL: 0x80, 0x0B: 0x08, 0x0E: 0xA0}
CRC_PRESETS = {0: 0x0000, 1: 0x6363, 2: 0xA671, 3: 0xFFFF}

REQA, WUPA, HLTA = 0x26, 0x52, 0x50
CASCADE = (0x93, 0x95, 0x97)
CASCADE_TAG = 0x88


def crc16(data: list[int] | bytes, preset: int = 0x6363) -> list[int]:
    """ISO 14443-3 CRC_A (reflected CCITT polynomial), low byte first as sent on air."""
    crc = preset
    for byte in data:
        byte ^= crc & 0xFF
        byte = (byte ^ (byte << 4)) & 0xFF
        crc = (crc >> 8) ^ (byte << 8) ^ (byte << 3) ^ (byte >> 4)
    return [crc & 0xFF, (crc >> 8) & 0xFF]


def bcc(data: list[int]) -> int:
    out = 0
    for byte in data:
        out ^= byte
    return out


@dataclass
class Card:
    """A PICC in the field: its UID, its state machine (ISO 14443-3 figure 7) and its flakiness."""

    uid: bytes
    sak: int | None = None  # the final SAK; default 0x08 (MIFARE Classic) or 0x00 (NTAG)
    flaky_every: int = 0  # ignore every Nth REQA/WUPA, as a card at the edge of the field does
    state: str = "idle"  # idle, ready, active, halt
    level: int = 0  # the cascade level being resolved while ready
    log: list[str] = field(default_factory=list)
    requests: int = 0
    from_halt: bool = False  # woken by WUPA from HALT: an error sends it back there
    leaves_after: str | None = None  # e.g. "SELECT CL1": the card leaves the field right after it
    garbled: set[str] = field(default_factory=set)  # answers to these come back with a bit flipped
    _miss: int = 0

    def __post_init__(self) -> None:
        if len(self.uid) not in (4, 7, 10):
            raise ValueError("a UID has 4, 7 or 10 bytes")
        if self.sak is None:
            self.sak = 0x08 if len(self.uid) == 4 else 0x00

    def miss(self, polls: int) -> None:
        """Ignore the next `polls` requests (a card held at the edge of the antenna)."""
        self._miss = polls

    @property
    def levels(self) -> list[list[int]]:
        """The 4 bytes each cascade level carries: 0x88 and 3 UID bytes on all but the last."""
        uid = list(self.uid)
        if len(uid) == 4:
            return [uid]
        if len(uid) == 7:
            return [[CASCADE_TAG, *uid[:3]], uid[3:]]
        return [[CASCADE_TAG, *uid[:3]], [CASCADE_TAG, *uid[3:6]], uid[6:]]

    @property
    def atqa(self) -> list[int]:
        return [{4: 0x04, 7: 0x44, 10: 0x84}[len(self.uid)], 0x00]

    def _error(self) -> None:
        """An unexpected frame: back to IDLE (or HALT when woken from it), silently."""
        self.state = "halt" if self.state == "halt" or self.from_halt else "idle"
        self.level = 0

    def receive(self, frame: list[int], last_bits: int) -> list[int] | None:
        """The card's answer to a frame from the reader, or None when it keeps quiet."""
        if self.leaves_after is not None and self.leaves_after in self.log:
            return None
        answer = self._answer(frame, last_bits)
        if answer is not None and self.log and self.log[-1] in self.garbled:
            answer = [*answer[:-1], answer[-1] ^ 0x01]
        return answer

    def _answer(self, frame: list[int], last_bits: int) -> list[int] | None:
        if last_bits == 7 and len(frame) == 1 and frame[0] in (REQA, WUPA):
            self.requests += 1
            self.log.append("WUPA" if frame[0] == WUPA else "REQA")
            if self._miss:
                self._miss -= 1
                return None
            if self.flaky_every and self.requests % self.flaky_every == 0:
                return None
            woken = self.state == "halt" and frame[0] == WUPA
            if self.state == "idle" or woken:
                self.state, self.level, self.from_halt = "ready", 0, woken
                return self.atqa
            self._error()
            return None
        if last_bits != 0 or not frame:
            self._error()
            return None
        command = frame[0]
        if command == HLTA and frame[1:] == [0x00, *crc16(frame[:2])] and self.state == "active":
            self.log.append("HALT")
            self.state = "halt"
            return None
        if self.state != "ready" or command != CASCADE[min(self.level, 2)]:
            self._error()
            return None
        part = self.levels[self.level]
        if frame[1:] == [0x20]:
            self.log.append(f"ANTICOLL CL{self.level + 1}")
            return [*part, bcc(part)]
        if len(frame) == 9 and frame[1] == 0x70 and frame[2:7] == [*part, bcc(part)]:
            if frame[7:] != crc16(frame[:7]):
                self._error()
                return None
            self.log.append(f"SELECT CL{self.level + 1}")
            if self.level + 1 < len(self.levels):
                self.level += 1
                sak = 0x04  # cascade bit: the UID is not complete
            else:
                self.state = "active"
                sak = self.sak or 0
            return [sak, *crc16([sak])]
        self._error()
        return None


class Clock:
    """The chip's time. Virtual by default: only SPI transfers and sleep() move it (patch it over the
    library's `sleep`); `Clock.real()` is the machine's monotonic clock, for the benchmark."""

    def __init__(self) -> None:
        self._now = 0.0
        self.real_time = False

    @classmethod
    def real(cls) -> Clock:
        clock = cls()
        clock.real_time = True
        return clock

    def now(self) -> float:
        return time.perf_counter() if self.real_time else self._now

    def sleep(self, seconds: float) -> None:
        if self.real_time:
            time.sleep(seconds)
        else:
            self._now += seconds

    def spend(self, seconds: float) -> None:
        """Busy for this long (an SPI transfer): the thread holds on, as it does in spidev's ioctl."""
        if self.real_time:
            end = time.perf_counter() + seconds
            while time.perf_counter() < end:
                pass
        else:
            self._now += seconds


def frame_time(frame: list[int], last_bits: int) -> float:
    """How long a frame takes on the air: a start bit, 9 bits a byte (with parity), an end bit."""
    bits = 2 + 9 * len(frame) - ((8 - last_bits) if last_bits else 0)
    return bits * BIT


class Chip:
    """The MFRC522's registers, FIFO and command engine, with at most one card in its field."""

    def __init__(self, version: int = 0x92) -> None:
        self.version = version
        self.clock = Clock()  # the bus's, from its first transfer on
        self.card: Card | None = None
        self.wired = True  # False: MISO floats low, every register reads 0x00
        self.errors: list[int] = []  # ErrorReg values for the next answers (0x02 ParityErr, 0x08 CollErr)
        self.transfers = 0
        self.power_cycle()

    def power_cycle(self) -> None:
        """The chip lost power: every register back to its reset value (the timer's settings too)."""
        self.regs = [0] * 64
        for reg, value in RESET_VALUES.items():
            self.regs[reg] = value
        self.regs[VERSION] = self.version
        self.fifo: list[int] = []
        self.rx_last_bits = 0
        self._due: list[tuple[float, Callable[[], None]]] = []  # what happens on the air, and when

    @property
    def timer_period(self) -> float:
        """TModeReg/TPrescalerReg/TReloadReg as seconds (datasheet 8.5)."""
        prescaler = (self.regs[T_MODE] & 0x0F) << 8 | self.regs[T_PRESCALER]
        reload = self.regs[T_RELOAD_H] << 8 | self.regs[T_RELOAD_L]
        return (2 * prescaler + 1) * (reload + 1) / CARRIER

    def _catch_up(self) -> None:
        """Let happen what the air has done by now."""
        now = self.clock.now()
        while self._due and self._due[0][0] <= now:
            _, happen = self._due.pop(0)
            happen()

    def place(self, card: Card) -> Card:
        card.state, card.level, card.from_halt = "idle", 0, False  # powered up by the field
        self.card = card
        return card

    def remove(self) -> None:
        self.card = None

    # SPI: the first byte is the address ((addr << 1) & 0x7E, bit 7 set to read).
    def transfer(self, data: list[int], speed_hz: int, clock: Clock) -> list[int]:
        self.transfers += 1
        if not data:
            return []
        self.clock = clock
        clock.spend(8 * len(data) / speed_hz)
        self._catch_up()
        if not self.wired:
            return [0] * len(data)
        out = [0]
        if data[0] & 0x80:
            addr = (data[0] >> 1) & 0x3F
            for byte in data[1:]:
                out.append(self.read(addr))
                addr = (byte >> 1) & 0x3F
            return out
        addr = (data[0] >> 1) & 0x3F
        for value in data[1:]:
            self.write(addr, value)
            out.append(0)
        return out

    def read(self, reg: int) -> int:
        if reg == FIFO_DATA:
            return self.fifo.pop(0) if self.fifo else 0
        if reg == FIFO_LEVEL:
            return len(self.fifo)
        if reg == CONTROL:
            return 0x10 | self.rx_last_bits
        return self.regs[reg]

    def write(self, reg: int, value: int) -> None:
        value &= 0xFF
        if reg == FIFO_DATA:
            if len(self.fifo) < 64:
                self.fifo.append(value)
        elif reg == FIFO_LEVEL:
            if value & 0x80:  # FlushBuffer
                self.fifo.clear()
        elif reg in (COMM_IRQ, DIV_IRQ):
            # Set1/Set2: bit 7 says whether the marked bits are set or cleared.
            bits = value & 0x7F
            self.regs[reg] = self.regs[reg] | bits if value & 0x80 else self.regs[reg] & ~bits
        elif reg in (ERROR, VERSION, CRC_RESULT_H, CRC_RESULT_L):
            pass  # read-only
        elif reg == COMMAND:
            self.regs[COMMAND] = (self.regs[COMMAND] & 0x30) | (value & 0x3F)
            self._command(value & 0x0F)
        elif reg == BIT_FRAMING:
            self.regs[BIT_FRAMING] = value & 0x7F  # StartSend reads back as 0
            if value & 0x80 and self.regs[COMMAND] & 0x0F == TRANSCEIVE:
                self._transceive(value & 0x07)
        else:
            self.regs[reg] = value

    def _command(self, command: int) -> None:
        if command == SOFT_RESET:
            self.power_cycle()
        elif command == CALC_CRC:
            preset = CRC_PRESETS[self.regs[MODE] & 0x03]
            low, high = crc16(self.fifo, preset)
            self.fifo.clear()
            self.regs[CRC_RESULT_L], self.regs[CRC_RESULT_H] = low, high
            self.regs[DIV_IRQ] |= 0x04  # CRCIRq
        elif command == IDLE:
            self._due.clear()  # a command in progress (a Transceive waiting) is cancelled
            # and no IdleIRq: "the microcontroller starting the Idle command does not set IdleIRq"

    def _transceive(self, tx_last_bits: int) -> None:
        frame, self.fifo = self.fifo, []
        self.regs[ERROR] = 0
        self.rx_last_bits = 0
        self._due.clear()
        sent = self.clock.now() + frame_time(frame, tx_last_bits)
        self._due.append((sent, lambda: self._raise(TX_IRQ)))
        antenna_on = self.regs[TX_CONTROL] & 0x03 == 0x03
        answer = self.card.receive(frame, tx_last_bits) if self.card and antenna_on else None
        if answer is None:
            if self.regs[T_MODE] & T_AUTO:  # else nothing ends the wait: the Transceive listens on
                self._due.append((sent + self.timer_period, lambda: self._raise(TIMER_IRQ)))
            return
        error = self.errors.pop(0) if self.errors else 0

        def received() -> None:
            self.fifo = list(answer)
            self.regs[ERROR] = error
            self._raise(RX_IRQ)

        self._due.append((sent + FRAME_DELAY + frame_time(answer, 0), received))

    def _raise(self, bits: int) -> None:
        self.regs[COMM_IRQ] |= bits


class Bus:
    """The SPI devices on the Pi: /dev/spidevB.D nodes, each with a chip or missing; `clock` is the time
    on the Pi (virtual unless given Clock.real())."""

    def __init__(self, clock: Clock | None = None) -> None:
        self.clock = clock or Clock()
        self.chips: dict[tuple[int, int], Chip] = {}
        self.unplugged: set[tuple[int, int]] = set()
        self.opened = 0
        self.closed = 0

    def spidev_module(self) -> types.ModuleType:
        bus = self

        class SpiDev:
            def __init__(self) -> None:
                self.max_speed_hz = 500000
                self.mode = 0
                self._where: tuple[int, int] | None = None

            def open(self, number: int, device: int) -> None:
                where = (number, device)
                if where not in bus.chips or where in bus.unplugged:
                    raise FileNotFoundError(errno.ENOENT, "No such file or directory")
                self._where = where
                bus.opened += 1

            def xfer2(self, data: list[int]) -> list[int]:
                if self._where is None:
                    raise OSError(errno.EBADF, "Bad file descriptor")
                if self._where in bus.unplugged:
                    raise OSError(errno.ENODEV, "No such device")
                return bus.chips[self._where].transfer(list(data), self.max_speed_hz, bus.clock)

            def close(self) -> None:
                if self._where is not None:
                    bus.closed += 1
                self._where = None

        module = types.ModuleType("spidev")
        module.SpiDev = SpiDev  # type: ignore[attr-defined]
        return module

    @contextmanager
    def unplug(self, where: tuple[int, int] = (0, 0)) -> Iterator[None]:
        self.unplugged.add(where)
        try:
            yield
        finally:
            self.unplugged.discard(where)


class GPIO(types.ModuleType):
    """RPi.GPIO's API as the library uses it, counting every call (cleanup above all)."""

    BOARD, BCM, OUT, IN, HIGH, LOW = 10, 11, 0, 1, 1, 0

    def __init__(self) -> None:
        super().__init__("RPi.GPIO")
        self.mode: int | None = None
        self.pins: dict[int, int] = {}
        self.calls: dict[str, int] = {}

    def _count(self, name: str) -> None:
        self.calls[name] = self.calls.get(name, 0) + 1

    def setmode(self, mode: int) -> None:
        self._count("setmode")
        self.mode = mode

    def getmode(self) -> int | None:
        self._count("getmode")
        return self.mode

    def setwarnings(self, flag: bool) -> None:
        self._count("setwarnings")

    def setup(self, pin: int, direction: int, **kwargs: object) -> None:
        self._count("setup")
        self.pins[pin] = 0

    def output(self, pin: int, value: int) -> None:
        self._count("output")
        self.pins[pin] = value

    def input(self, pin: int) -> int:
        self._count("input")
        return self.pins.get(pin, 0)

    def cleanup(self, *args: object) -> None:
        self._count("cleanup")
