"""The table's devices, made from the config and wired to the table's single writer."""

from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from ..config import Config
from ..hardware.button import DiceButton, NoButton, make_button
from ..hardware.device import Device, Emit
from ..hardware.dice_unit import DiceUnit, make_dice_unit
from ..hardware.feedback import Feedback, NoFeedback, make_feedback
from ..hardware.gpio import GpioUnavailable, close_gpio, prepare_lgpio
from ..hardware.reader import make_reader

log = logging.getLogger(__name__)


@dataclass
class Devices:
    reader: Device
    button: DiceButton | NoButton
    dice_unit: DiceUnit
    feedback: Feedback | NoFeedback

    @classmethod
    def from_config(cls, config: Config, data_dir: Path, dice_port: str | None = None) -> Devices:
        """Real or simulated, as the config says; a device that cannot start says so in its status."""
        try:
            prepare_lgpio(data_dir)  # before the reader's rpi-lgpio import loads lgpio
        except GpioUnavailable as exc:  # the GPIO devices will say so when they start
            log.warning("%s", exc)
        return cls(
            reader=make_reader(config.reader),
            button=make_button(config.button, data_dir),
            dice_unit=make_dice_unit(config.dice_unit, dice_port),
            feedback=make_feedback(config.feedback, data_dir),
        )

    @property
    def all(self) -> list[Device | DiceUnit]:
        return [self.reader, self.button, self.dice_unit, self.feedback]

    def start(self, emit: Emit) -> None:
        for device in self.all:
            try:
                device.start(emit)
            except Exception:  # one broken device never keeps the table from running
                log.exception("%s could not start", getattr(device, "name", device))

    def stop(self) -> None:
        for device in reversed(self.all):
            try:
                device.stop()
            except Exception:
                log.exception("%s did not stop cleanly", getattr(device, "name", device))
        close_gpio()

    def liveness(self) -> dict[str, Callable[[], bool]]:
        """For the watchdog (companion.notify): each device running its own thread, and whether
        that thread is still alive. Asked after start(): a device that could not start is left out
        (its status says why), so it cannot keep the service restarting."""
        def alive(device: Device | DiceUnit) -> Callable[[], bool]:
            return lambda: bool(getattr(device, "alive", False))

        return {f"the {device.name} thread": alive(device)
                for device in self.all if getattr(device, "alive", False)}

    def status(self) -> dict[str, str]:
        return {"reader": self.reader.status, "button": self.button.status,
                "dice_unit": self.dice_unit.status, "feedback": self.feedback.status}
