"""The dice unit's serial protocol (docs/DICE-PROTOCOL.md) as the Pi reads and writes it.

Pure: no port, no threads. The serial driver, the simulated unit and the fuzz tests all use this one
reading of the contract, so a line means the same thing everywhere on the Pi's side. The unit's own
implementation is `firmware/protocol.py` (MicroPython); tests check that the two agree.

Details the contract leaves open, fixed here: a line's 64-byte limit counts the bytes before its `\\n`
less one trailing `\\r`; numbers are plain decimal without sign or leading zeros; a `PING`/`PONG`
number has at most 9 digits; fields are printable ASCII.
"""

from __future__ import annotations

import logging
import re
import threading
from collections import Counter
from dataclasses import dataclass

from .errors import BadLine

log = logging.getLogger(__name__)

MAX_LINE = 64
MAX_SEQ = 65535
NAK_WORDS = ("NOTURN", "BUSY", "OFF")
FAULT_WORDS = ("BUTTON", "DISPLAY", "RNG")
BAD, UNKNOWN = "bad fields", "unknown word"  # why a checked line is ignored
FORBIDDEN = frozenset(b"\x03\x04")  # Ctrl-C and Ctrl-D: the Pico's REPL keys, never protocol bytes

_CHECKED = re.compile(rb"(.*) \*([0-9A-F]{2})", re.DOTALL)
_NUMBER = re.compile(r"0|[1-9][0-9]{0,8}")
_UNIT_ID = re.compile(r"[0-9A-Fa-f]{1,32}")
_BOOT = re.compile(r"[0-9A-Fa-f]{8}")
_TOKEN = re.compile(r"[!-~]+")


def _crc_table() -> tuple[int, ...]:
    table = []
    for byte in range(256):
        crc = byte
        for _ in range(8):
            crc = ((crc << 1) ^ 0x07) & 0xFF if crc & 0x80 else (crc << 1) & 0xFF
        table.append(crc)
    return tuple(table)


_TABLE = _crc_table()


def crc8(data: bytes) -> int:
    """CRC-8/SMBUS (polynomial 0x07, initial 0, no reflection, no final xor): crc8(b"123456789") == 0xF4."""
    crc = 0
    for byte in data:
        crc = _TABLE[crc ^ byte]
    return crc


# --- the lines -------------------------------------------------------------------------------------


def _check_seq(seq: int) -> None:
    if not 1 <= seq <= MAX_SEQ:
        raise BadLine(f"a roll's seq runs from 1 to {MAX_SEQ}, not {seq}")


def _check_dice(dice: tuple[int, int]) -> None:
    if len(dice) != 2 or not all(1 <= d <= 6 for d in dice):
        raise BadLine(f"two dice from 1 to 6, not {dice}")


@dataclass(frozen=True)
class Hello:
    """The unit introduced itself: at start-up, and in answer to `?`.

    `boot` is drawn at each power-up, so a HELLO with a new boot means the unit's seq began again at 1;
    None is older firmware, which sends none (each of its HELLOs may follow a restart).
    """

    unit: str
    version: str
    boot: str | None = None

    def __post_init__(self) -> None:
        if _UNIT_ID.fullmatch(self.unit) is None or _TOKEN.fullmatch(self.version) is None:
            raise BadLine(f"a hex unit-id and a one-word version, not {self.unit!r} {self.version!r}")
        if self.boot is not None and _BOOT.fullmatch(self.boot) is None:
            raise BadLine(f"a boot id is 8 hex digits, not {self.boot!r}")

    def fields(self) -> tuple[str, ...]:
        boot = () if self.boot is None else (self.boot,)
        return ("HELLO", self.unit, self.version, *boot)


@dataclass(frozen=True)
class Roll:
    """The unit's button was pressed and these dice came up."""

    seq: int
    dice: tuple[int, int]

    def __post_init__(self) -> None:
        _check_seq(self.seq)
        _check_dice(self.dice)

    def fields(self) -> tuple[str, ...]:
        return ("ROLL", str(self.seq), str(self.dice[0]), str(self.dice[1]))


@dataclass(frozen=True)
class Pong:
    n: int

    def fields(self) -> tuple[str, ...]:
        return ("PONG", str(self.n))


@dataclass(frozen=True)
class Err:
    """The unit noticed a fault of its own (`BUTTON`, `DISPLAY`, `RNG`)."""

    word: str

    def __post_init__(self) -> None:
        if self.word not in FAULT_WORDS:
            raise BadLine(f"a fault is one of {', '.join(FAULT_WORDS)}, not {self.word!r}")

    def fields(self) -> tuple[str, ...]:
        return ("ERR", self.word)


@dataclass(frozen=True)
class Ack:
    """Roll `seq` is stored in the game: the unit shows it steadily."""

    seq: int

    def __post_init__(self) -> None:
        _check_seq(self.seq)

    def fields(self) -> tuple[str, ...]:
        return ("ACK", str(self.seq))


@dataclass(frozen=True)
class Nak:
    """Roll `seq` was refused (`NOTURN`, `BUSY`, `OFF`): the unit blinks it away."""

    seq: int
    word: str

    def __post_init__(self) -> None:
        _check_seq(self.seq)
        if self.word not in NAK_WORDS:
            raise BadLine(f"a refusal is one of {', '.join(NAK_WORDS)}, not {self.word!r}")

    def fields(self) -> tuple[str, ...]:
        return ("NAK", str(self.seq), self.word)


@dataclass(frozen=True)
class Show:
    """Show these dice: a roll made another way (the GPIO button, a tablet)."""

    dice: tuple[int, int]

    def __post_init__(self) -> None:
        _check_dice(self.dice)

    def fields(self) -> tuple[str, ...]:
        return ("SHOW", str(self.dice[0]), str(self.dice[1]))


@dataclass(frozen=True)
class Query:
    """`?`: ask the unit for its HELLO."""

    def fields(self) -> tuple[str, ...]:
        return ("?",)


@dataclass(frozen=True)
class Ping:
    n: int

    def fields(self) -> tuple[str, ...]:
        return ("PING", str(self.n))


UnitLine = Hello | Roll | Pong | Err
PiLine = Ack | Nak | Show | Query | Ping
Message = UnitLine | PiLine


def encode(message: Message) -> bytes:
    """The framed line for a message: its fields, a space, `*`, the CRC in hex and `\\n`."""
    body = " ".join(message.fields()).encode("ascii")
    if any(b < 0x20 or b > 0x7E for b in body) or b"  " in body:
        raise BadLine(f"fields must be printable ASCII words: {body!r}")
    line = body + b" *%02X" % crc8(body)
    if len(line) > MAX_LINE:
        raise BadLine(f"a line is at most {MAX_LINE} bytes: {line!r}")
    return line + b"\n"


# --- reading ---------------------------------------------------------------------------------------


class Diagnostics:
    """Why lines were ignored, counted by reason: the window on a noisy cable or a confused unit."""

    def __init__(self) -> None:
        self.counts: Counter[str] = Counter()
        self._lock = threading.Lock()

    def note(self, reason: str, raw: bytes = b"") -> None:
        with self._lock:
            self.counts[reason] += 1
        log.warning("dice unit: ignored a line (%s): %r", reason, raw[:80])

    @property
    def ignored(self) -> int:
        return sum(self.counts.values())


class LineSplitter:
    """Cuts the byte stream into lines; a line longer than MAX_LINE is dropped whole, up to its `\\n`."""

    def __init__(self, diagnostics: Diagnostics) -> None:
        self.diagnostics = diagnostics
        self._buffer = bytearray()
        self._discarding = False

    def feed(self, data: bytes) -> list[bytes]:
        """The complete lines in `data` (with what came before it), without `\\n` or a final `\\r`."""
        self._buffer += data
        lines = []
        while (end := self._buffer.find(b"\n")) >= 0:
            line = bytes(self._buffer[:end])
            del self._buffer[: end + 1]
            if self._discarding:  # the tail of a line already counted as too long
                self._discarding = False
                continue
            if line.endswith(b"\r"):
                line = line[:-1]
            if len(line) > MAX_LINE:
                self.diagnostics.note("too long", line)
                continue
            lines.append(line)
        if len(self._buffer) > MAX_LINE + 1:  # one more for a `\r`
            if not self._discarding:
                self.diagnostics.note("too long", bytes(self._buffer))
            self._discarding = True
            self._buffer.clear()
        return lines

    def reset(self) -> None:
        """The connection was lost: a half-received line can never be completed."""
        if self._buffer and not self._discarding:
            self.diagnostics.note("partial line", bytes(self._buffer))
        self._buffer.clear()
        self._discarding = False


def split_fields(line: bytes, diagnostics: Diagnostics) -> list[str] | None:
    """The fields of one line (no `\\n`) whose CRC is right, or None with the reason counted."""
    fields = _checked_fields(line)
    if isinstance(fields, str):
        diagnostics.note(fields, line)
        return None
    return fields


def _checked_fields(line: bytes) -> list[str] | str:
    """The fields, or why the line is ignored."""
    if len(line) > MAX_LINE:
        return "too long"
    if FORBIDDEN.intersection(line):
        return "control byte"
    if any(b < 0x20 or b > 0x7E for b in line):
        return "not ascii"
    if not line:
        return "empty"
    checked = _CHECKED.fullmatch(line)
    if checked is None:
        return "no crc"
    body, crc = checked.groups()
    if crc8(body) != int(crc, 16):
        return "bad crc"
    fields = body.decode("ascii").split(" ")
    return fields if all(fields) else BAD


def _number(text: str, low: int, high: int) -> int | None:
    if _NUMBER.fullmatch(text) is None:
        return None
    value = int(text)
    return value if low <= value <= high else None


def _die(text: str) -> int | None:
    return _number(text, 1, 6)


def _unit_message(fields: list[str]) -> UnitLine | str:
    """The message, or why it is ignored: "bad fields" or "unknown word"."""
    word, args = fields[0], fields[1:]
    if word == "HELLO":
        if len(args) == 2 and _UNIT_ID.fullmatch(args[0]):
            return Hello(args[0].lower(), args[1])
        if len(args) == 3 and _UNIT_ID.fullmatch(args[0]) and _BOOT.fullmatch(args[2]):
            return Hello(args[0].lower(), args[1], args[2].lower())
        return BAD
    if word == "ROLL":
        if len(args) == 3:
            seq, d1, d2 = _number(args[0], 1, MAX_SEQ), _die(args[1]), _die(args[2])
            if seq is not None and d1 is not None and d2 is not None:
                return Roll(seq, (d1, d2))
        return BAD
    if word == "PONG":
        n = _number(args[0], 0, 999_999_999) if len(args) == 1 else None
        return BAD if n is None else Pong(n)
    if word == "ERR":
        return Err(args[0]) if len(args) == 1 and args[0] in FAULT_WORDS else BAD
    return UNKNOWN


def _pi_message(fields: list[str]) -> PiLine | str:
    word, args = fields[0], fields[1:]
    if word == "ACK":
        seq = _number(args[0], 1, MAX_SEQ) if len(args) == 1 else None
        return BAD if seq is None else Ack(seq)
    if word == "NAK":
        if len(args) == 2 and args[1] in NAK_WORDS:
            seq = _number(args[0], 1, MAX_SEQ)
            return BAD if seq is None else Nak(seq, args[1])
        return BAD
    if word == "SHOW":
        if len(args) == 2:
            d1, d2 = _die(args[0]), _die(args[1])
            if d1 is not None and d2 is not None:
                return Show((d1, d2))
        return BAD
    if word == "?":
        return Query() if not args else BAD
    if word == "PING":
        n = _number(args[0], 0, 999_999_999) if len(args) == 1 else None
        return BAD if n is None else Ping(n)
    return UNKNOWN


def parse_unit_line(line: bytes, diagnostics: Diagnostics) -> UnitLine | None:
    """A line from the unit (HELLO, ROLL, PONG, ERR), or None with the reason counted."""
    fields = split_fields(line, diagnostics)
    if fields is None:
        return None
    message = _unit_message(fields)
    if isinstance(message, str):
        diagnostics.note(message, line)
        return None
    return message


def parse_pi_line(line: bytes, diagnostics: Diagnostics) -> PiLine | None:
    """A line from the Pi (ACK, NAK, SHOW, ?, PING), as the simulated unit reads it; None if ignored."""
    fields = split_fields(line, diagnostics)
    if fields is None:
        return None
    message = _pi_message(fields)
    if isinstance(message, str):
        diagnostics.note(message, line)
        return None
    return message
