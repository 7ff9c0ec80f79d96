"""What every device offers the table, and the events devices send to it.

`Device` is the one base class (gpiozero's `Device` is the model): start(emit) with a callback for
its events, stop() to let go of the hardware (it may start again), close() to be done with it for
good; `closed` says so, and `with device:` closes it at the end of the block.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from types import TracebackType
from typing import Self

from .errors import DeviceClosed


@dataclass(frozen=True)
class Tap:
    """A tag arrived on the reader: its whole UID in lower-case hex (7-byte NTAG UIDs complete)."""

    uid: str


@dataclass(frozen=True)
class Press:
    """The dice button: a short press rolls, a long press means "end my turn", and held much
    longer still (`banker_hold`) it is the banker's step at the table (logs a waiting screen in)."""

    long: bool = False
    held: bool = False


@dataclass(frozen=True)
class UnitRoll:
    """The dice unit rolled: answer with ack(seq) or nak(seq, word) once the game has decided."""

    unit: str
    seq: int
    dice: tuple[int, int]


Event = Tap | Press | UnitRoll
Emit = Callable[[Event], None]


class Device:
    """Started with a callback for its events; `status` is a short sentence for the dashboard."""

    name = "device"
    _closed = False

    @property
    def status(self) -> str:
        raise NotImplementedError

    def start(self, emit: Emit) -> None:
        """Begin: claim the hardware, send events to `emit`. A device that cannot says so in status."""
        raise NotImplementedError

    def stop(self) -> None:
        """Let go of the hardware; start() may take it again."""
        raise NotImplementedError

    def close(self) -> None:
        """Stop for good: any later start() raises DeviceClosed. Closing twice does nothing."""
        if not self._closed:
            self.stop()
            self._closed = True

    @property
    def closed(self) -> bool:
        return self._closed

    def _check_open(self) -> None:
        if self._closed:
            raise DeviceClosed(f"the {self.name} is closed")

    def __enter__(self) -> Self:
        self._check_open()
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        self.close()
