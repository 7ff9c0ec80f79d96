"""The real reader driver and the real `mfrc522` library over the emulated MFRC522 (driver "emulated").

The library imports `spidev` and `RPi.GPIO` at its top; here it is loaded as a private copy whose
imports are this chip's fakes, so nothing of the process's own modules changes and a real reader
elsewhere in the process is untouched. Cards are placed and lifted from code as on the simulated
reader (the dashboard's taps), but every poll goes through SPI, the chip's timer and the air.
"""

from __future__ import annotations

import importlib.machinery
import importlib.util
import sys
import threading
import types
from typing import Any

from ...config import ReaderConfig
from ..errors import ReaderError
from ..reader.mfrc522_spi import MFRC522Reader
from ..tags import normalize_uid
from .mfrc522_chip import GPIO, Bus, Card, Chip, Clock

_loading = threading.Lock()  # sys.modules is borrowed for the length of one import


def private_library(bus: Bus, gpio: GPIO) -> types.ModuleType:
    """A fresh `mfrc522.MFRC522` module bound to these fakes, registered nowhere."""
    package = importlib.util.find_spec("mfrc522")  # found, not imported: its __init__ imports RPi
    where = package.submodule_search_locations if package is not None else None
    spec = importlib.machinery.PathFinder.find_spec("MFRC522", where) if where else None
    if spec is None or spec.loader is None:
        raise ReaderError("the mfrc522 library is missing: pip install 'mfrc522-python'")
    module = importlib.util.module_from_spec(spec)
    rpi = types.ModuleType("RPi")
    rpi.GPIO = gpio  # type: ignore[attr-defined]
    fakes = {"spidev": bus.spidev_module(), "RPi": rpi, "RPi.GPIO": gpio}
    with _loading:
        saved = {name: sys.modules.get(name) for name in fakes}
        sys.modules.update(fakes)
        try:
            spec.loader.exec_module(module)
        finally:
            for name, before in saved.items():
                if before is None:
                    sys.modules.pop(name, None)
                else:
                    sys.modules[name] = before
    return module


class EmulatedReader(MFRC522Reader):
    """An MFRC522Reader on an emulated Pi: one chip on SPI at the config's bus and device."""

    def __init__(self, config: ReaderConfig, *, bus: Bus | None = None, hold_polls: int = 3,
                 **kwargs: Any) -> None:
        super().__init__(config, **kwargs)
        self.bus = bus or Bus(Clock.real())
        self.gpio = GPIO()
        self.chip = self.bus.chips.setdefault((config.bus, config.device), Chip())
        self.hold_polls = hold_polls
        self._module: types.ModuleType | None = None
        self._lift_in: int | None = None
        self._lifted: threading.Event | None = None
        self._cards = threading.Lock()

    def library(self) -> tuple[Any, Any]:
        if self._module is None:
            self._module = private_library(self.bus, self.gpio)
        return self.gpio, self._module.MFRC522

    def place(self, uid: str) -> None:
        """Put a card in the chip's field and leave it there."""
        with self._cards:
            self._lift_in = None
            self.chip.place(Card(bytes.fromhex(normalize_uid(uid))))
        self.poke()

    def remove(self) -> None:
        """Take the card out of the field."""
        with self._cards:
            self._lift_in = None
            self.chip.remove()
            if self._lifted is not None:
                self._lifted.set()

    def tap(self, uid: str) -> threading.Event:
        """Place a card and lift it after a few polls; the event is set once it has been lifted."""
        lifted = threading.Event()
        with self._cards:
            if self._lifted is not None:
                self._lifted.set()
            self.chip.place(Card(bytes.fromhex(normalize_uid(uid))))
            self._lift_in, self._lifted = self.hold_polls, lifted
        self.poke()
        return lifted

    def after_poll(self) -> None:
        super().after_poll()
        with self._cards:
            if self._lift_in is not None:
                self._lift_in -= 1
                if self._lift_in <= 0:
                    self._lift_in = None
                    self.chip.remove()
                    if self._lifted is not None:
                        self._lifted.set()
