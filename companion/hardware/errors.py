"""Every error the hardware package raises on purpose, under one root (gpiozero's `GPIOZeroError` is
the model): `except DeviceError` tells an expected hardware failure from a bug in the code."""

from __future__ import annotations

from ..errors import CompanionError


class DeviceError(CompanionError):
    """The root: something about a device, its driver or its tags; the message says what, in words."""


class DeviceClosed(DeviceError):
    """The device was closed for good (close() or the end of a `with` block) and cannot start again."""


class DeviceNotStarted(DeviceError, RuntimeError):
    """Asked to act before start() (or after stop()): a simulated device pressed while it is off."""


class DeviceBusy(DeviceError, RuntimeError):
    """Started twice: the device already runs."""


class BadDriver(DeviceError, ValueError):
    """The config names a driver this device does not have."""


class BadLine(DeviceError, ValueError):
    """A dice-unit line the protocol does not allow (a seq, a die or a word out of range)."""


class ReaderError(DeviceError):
    """The reader cannot be used now; the message says why, for the dashboard and the log."""


class GpioUnavailable(DeviceError):
    """The Pi's pins cannot be used here; the message says why, in words for the dashboard."""


class TagError(DeviceError):
    """A tag or the tags file cannot be used; the message says why and what to do."""
