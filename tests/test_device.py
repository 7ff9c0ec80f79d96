"""Every device is a `Device` (gpiozero's Device is the model): `with` closes it, `closed` says so, a
closed device does not start again; and every error the hardware package raises on purpose is a
`DeviceError`, so the table can tell a hardware failure it expects from a bug."""

from __future__ import annotations

import importlib.abc
import importlib.util
import os
import sys
import time
import types
from collections.abc import Callable
from importlib.machinery import ModuleSpec
from pathlib import Path

import pytest

from companion.config import ButtonConfig, Config, DiceUnitConfig, FeedbackConfig, ReaderConfig
from companion.hardware import dice_protocol, errors, tags
from companion.hardware.button import make_button
from companion.hardware.device import Device
from companion.hardware.dice_unit import make_dice_unit
from companion.hardware.errors import DeviceClosed, DeviceError
from companion.hardware.feedback import make_feedback
from companion.hardware.gpio import GpioUnavailable, pin_factory
from companion.hardware.reader import ReaderError, make_reader
from companion.table.devices import Devices

MAKERS: dict[str, Callable[[str], Device]] = {
    "reader": lambda driver: make_reader(ReaderConfig(driver=driver)),
    "button": lambda driver: make_button(ButtonConfig(driver=driver)),
    "feedback": lambda driver: make_feedback(FeedbackConfig(driver=driver)),
    "dice unit": lambda driver: make_dice_unit(DiceUnitConfig(driver=driver)),
}
CASES = [(kind, driver) for kind in MAKERS for driver in ("simulated", "none")]


@pytest.mark.parametrize("kind, driver", CASES)
def test_a_device_closes_at_the_end_of_a_with_block_and_stays_closed(kind: str, driver: str) -> None:
    with MAKERS[kind](driver) as device:
        assert isinstance(device, Device) and not device.closed
        device.start(lambda event: None)
        assert device.status != "stopped"
    assert device.closed
    device.close()  # twice is fine
    with pytest.raises(DeviceClosed, match=f"the {device.name} is closed"):
        device.start(lambda event: None)
    with pytest.raises(DeviceError):
        with device:
            pass


@pytest.mark.parametrize("kind", sorted(MAKERS))
def test_an_unknown_driver_is_a_device_error_and_a_value_error(kind: str) -> None:
    with pytest.raises(DeviceError, match="unknown") as raised:
        MAKERS[kind]("magic")
    assert isinstance(raised.value, ValueError)


def test_every_error_of_the_hardware_package_is_a_device_error(tmp_path: Path) -> None:
    named = [value for module in (errors, tags) for value in vars(module).values()
             if isinstance(value, type) and issubclass(value, Exception)
             and value.__module__ == module.__name__]  # (not the root they import)
    assert {ReaderError, GpioUnavailable, tags.BadTag, tags.TagInUse, tags.TagFileError} <= set(named)
    assert all(issubclass(error, DeviceError) for error in named)
    with pytest.raises(DeviceError):
        dice_protocol.Ack(0)
    with pytest.raises(DeviceError):
        pin_factory("magic", tmp_path)
    with pytest.raises(DeviceError):
        tags.normalize_uid("mayfair")


class FirstLoadOfLgpio(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """RPi.GPIO as rpi-lgpio provides it: importing it loads lgpio, whose C library reads LG_WD then."""

    def __init__(self) -> None:
        self.lg_wd: list[str | None] = []

    def find_spec(self, name: str, path: object, target: object = None) -> ModuleSpec | None:
        if name in ("RPi", "RPi.GPIO"):
            return importlib.util.spec_from_loader(name, self, is_package=name == "RPi")
        return None

    def create_module(self, spec: ModuleSpec) -> None:
        return None

    def exec_module(self, module: types.ModuleType) -> None:
        if module.__name__ == "RPi.GPIO":
            self.lg_wd.append(os.environ.get("LG_WD"))
            raise RuntimeError("This module can only be run on a Raspberry Pi!")


def test_lg_wd_is_set_before_any_device_loads_lgpio(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv("LG_WD", raising=False)
    for name in ("RPi", "RPi.GPIO"):
        monkeypatch.delitem(sys.modules, name, raising=False)
    finder = FirstLoadOfLgpio()
    monkeypatch.setattr(sys, "meta_path", [finder, *sys.meta_path])
    config = Config(reader=ReaderConfig(driver="mfrc522"), button=ButtonConfig(driver="gpio"),
                    feedback=FeedbackConfig(driver="none"), dice_unit=DiceUnitConfig(driver="none"))
    devices = Devices.from_config(config, tmp_path)
    devices.start(lambda event: None)  # the reader starts first and imports RPi.GPIO at once
    try:
        deadline = time.monotonic() + 5
        while not finder.lg_wd and time.monotonic() < deadline:
            time.sleep(0.01)
        assert finder.lg_wd == [str(tmp_path)]
    finally:
        devices.stop()
