"""A stand-in for the `lgpio` module: the outermost boundary of the real GPIO drivers.

It offers exactly the calls gpiozero's LGPIOFactory makes (gpiozero/pins/lgpio.py), keeps every
line's level and mode in memory, and lets a test be the outside world: `edge(17, 0)` is the
button's contact closing, delivered through the alert callback as lgpio would.
"""

from __future__ import annotations

import os
import sys
import time
import types
from collections.abc import Callable
from typing import Any

import pytest

PI_4B_REVISION = 0xC03114  # what /proc/device-tree/system/linux,revision says on a Pi 4B 4 GB


class LgpioError(Exception):
    """lgpio's own exception class (`lgpio.error`)."""


class FakeCallback:
    def __init__(self, owner: FakeLgpio, gpio: int, edges: int, func: Callable[..., None]) -> None:
        self.owner, self.gpio, self.edges, self.func = owner, gpio, edges, func

    def cancel(self) -> None:
        if self.owner.callbacks.get(self.gpio) is self:
            del self.owner.callbacks[self.gpio]


class FakeLgpio(types.ModuleType):
    """Module-shaped: installed as sys.modules["lgpio"], its methods are lgpio's functions."""

    error = LgpioError

    SET_ACTIVE_LOW = 4
    SET_OPEN_DRAIN = 8
    SET_OPEN_SOURCE = 16
    SET_PULL_UP = SET_BIAS_PULL_UP = 32
    SET_PULL_DOWN = SET_BIAS_PULL_DOWN = 64
    SET_PULL_NONE = SET_BIAS_DISABLE = 128
    RISING_EDGE = 1
    FALLING_EDGE = 2
    BOTH_EDGES = 3

    _OUT = 2  # gpio_get_mode bits: kernel output
    _LG_INPUT, _LG_OUTPUT, _LG_ALERT = 256, 512, 1024

    def __init__(self, chip_missing: bool = False) -> None:
        super().__init__("lgpio")
        self.chip_missing = chip_missing
        self.opened: list[int] = []  # chips opened, in order
        self.closed: list[int] = []  # handles closed
        self.modes: dict[int, int] = {}
        self.levels: dict[int, int] = {}  # driven from outside (inputs) or written (outputs)
        self.writes: list[tuple[int, int]] = []  # (gpio, level) for every output write
        self.debounce: dict[int, int] = {}  # microseconds
        self.callbacks: dict[int, FakeCallback] = {}
        self.lg_wd: str | None = None  # LG_WD as the library found it when the chip was opened

    # the chip

    def gpiochip_open(self, chip: int) -> int:
        if self.chip_missing:
            raise LgpioError("can not open gpiochip")
        self.lg_wd = os.environ.get("LG_WD")
        self.opened.append(chip)
        return chip << 16 | 7

    def gpiochip_close(self, handle: int) -> int:
        self.closed.append(handle)
        return 0

    def error_text(self, code: int) -> str:
        return f"lgpio error {code}"

    # lines

    def gpio_claim_input(self, handle: int, gpio: int, flags: int = 0) -> int:
        self.modes[gpio] = self._LG_INPUT | (flags & 0xFC)
        return 0

    def gpio_claim_output(self, handle: int, gpio: int, level: int = 0, flags: int = 0) -> int:
        self.modes[gpio] = self._LG_OUTPUT | self._OUT | (flags & 0xFC)
        self.levels[gpio] = int(bool(level))
        return 0

    def gpio_claim_alert(self, handle: int, gpio: int, edges: int, flags: int = 0, notify: int = -1) -> int:
        self.modes[gpio] = self._LG_ALERT | self._LG_INPUT | (flags & 0xFC)
        return 0

    def gpio_free(self, handle: int, gpio: int) -> int:
        self.modes.pop(gpio, None)
        return 0

    def gpio_get_mode(self, handle: int, gpio: int) -> int:
        return self.modes.get(gpio, 0)

    def gpio_read(self, handle: int, gpio: int) -> int:
        if gpio in self.levels:
            return self.levels[gpio]
        return 1 if self.modes.get(gpio, 0) & self.SET_PULL_UP else 0

    def gpio_write(self, handle: int, gpio: int, level: int) -> int:
        if not self.modes.get(gpio, 0) & self._OUT:
            raise LgpioError("GPIO not an output")
        self.levels[gpio] = int(bool(level))
        self.writes.append((gpio, int(bool(level))))
        return 0

    def gpio_set_debounce_micros(self, handle: int, gpio: int, micros: int) -> int:
        self.debounce[gpio] = micros
        return 0

    def callback(self, handle: int, gpio: int, edges: int = RISING_EDGE, func: Any = None) -> FakeCallback:
        cb = FakeCallback(self, gpio, edges, func)
        self.callbacks[gpio] = cb
        return cb

    def tx_pwm(self, handle: int, gpio: int, frequency: float, duty: float, offset: int = 0,
               cycles: int = 0) -> int:
        raise LgpioError("PWM is not used by the table's devices")

    # the outside world

    def edge(self, gpio: int, level: int) -> None:
        """The line changes level (after lgpio's debounce): alert the listener like lgpio's thread."""
        self.levels[gpio] = level
        cb = self.callbacks.get(gpio)
        wanted = self.RISING_EDGE if level else self.FALLING_EDGE
        if cb is not None and cb.edges & wanted:
            cb.func(0, gpio, level, time.monotonic_ns())


def install(monkeypatch: pytest.MonkeyPatch, chip_missing: bool = False,
            revision: int | None = PI_4B_REVISION) -> FakeLgpio:
    """Put a fake lgpio where gpiozero will import it, on a Pi whose /proc says `revision`.

    gpiozero.pins.lgpio binds lgpio when first imported, so it is dropped to be imported afresh.
    The board revision comes from /proc, the other boundary: None means "not a Pi".
    """
    from gpiozero.exc import PinUnknownPi  # type: ignore[import-untyped]

    fake = FakeLgpio(chip_missing=chip_missing)
    monkeypatch.setitem(sys.modules, "lgpio", fake)
    monkeypatch.delitem(sys.modules, "gpiozero.pins.lgpio", raising=False)

    def read_revision() -> int:
        if revision is None:
            raise PinUnknownPi("unable to locate Pi revision in /proc/device-tree or /proc/cpuinfo")
        return revision

    monkeypatch.setattr("gpiozero.pins.local.get_pi_revision", read_revision)
    return fake
