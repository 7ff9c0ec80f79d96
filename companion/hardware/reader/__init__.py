"""The RFID reader: taps of deeds, tokens and cards, from an MFRC522 on SPI or from code.

One file per idea, as in `dice_unit/`: `taps.py` turns presence into taps (a tap is a card arriving,
not a card lying there), `polling.py` the thread every driver polls in, `mfrc522_spi.py` the real
driver over the `mfrc522` library, `simulated.py` the twin whose cards are placed from code. The
emulated chip the real driver can also run over is in `hardware/mock/` (driver "emulated").
"""

from __future__ import annotations

import threading
from typing import Protocol, runtime_checkable

from ...config import ReaderConfig
from ..device import Device, Emit
from ..errors import BadDriver, ReaderError
from .mfrc522_spi import VERSIONS, MFRC522Reader, describe_version
from .polling import PollingReader
from .simulated import SimulatedReader
from .taps import MISSES_TO_REMOVE, RETAP_WINDOW, TagTracker

__all__ = ["MISSES_TO_REMOVE", "RETAP_WINDOW", "VERSIONS", "MFRC522Reader", "NoReader", "PollingReader",
           "ReaderError", "SimulatedReader", "TagTracker", "TappedFromCode", "describe_version",
           "make_reader"]


@runtime_checkable
class TappedFromCode(Protocol):
    """A reader whose cards are laid by code (the simulated and the emulated one): the dashboard's taps."""

    def tap(self, uid: str) -> threading.Event: ...

    def place(self, uid: str) -> None: ...

    def remove(self) -> None: ...


class NoReader(Device):
    """No reader at this table (driver "none"): the table runs on buttons and the dashboard."""

    name = "reader"
    status = "off"

    def start(self, emit: Emit) -> None:
        self._check_open()

    def stop(self) -> None:
        pass


def make_reader(config: ReaderConfig) -> Device:
    """The reader the config names; a missing one reports "offline" and keeps trying, never raises."""
    if config.driver == "mfrc522":
        return MFRC522Reader(config)
    if config.driver == "emulated":
        from ..mock.reader import EmulatedReader  # the mock imports this package's driver

        return EmulatedReader(config)
    if config.driver == "simulated":
        return SimulatedReader(config.poll_interval)
    if config.driver == "none":
        return NoReader()
    raise BadDriver(f"unknown reader driver {config.driver!r} (mfrc522, emulated, simulated or none)")
