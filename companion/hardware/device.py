"""What every device offers the table, and the events devices send to it."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol


@dataclass(frozen=True)
class Tap:
    """A tag arrived on the reader: its whole UID in lower-case hex (7-byte NTAG UIDs complete)."""

    uid: str


@dataclass(frozen=True)
class Press:
    """The dice button: a short press rolls, a long press means "end my turn"."""

    long: bool = False


@dataclass(frozen=True)
class UnitRoll:
    """The dice unit rolled: answer with ack(seq) or nak(seq, word) once the game has decided."""

    unit: str
    seq: int
    dice: tuple[int, int]


Event = Tap | Press | UnitRoll
Emit = Callable[[Event], None]


class Device(Protocol):
    """Started with a callback for its events; `status` is a short sentence for the dashboard."""

    name: str

    def start(self, emit: Emit) -> None: ...

    def stop(self) -> None: ...

    @property
    def status(self) -> str: ...
