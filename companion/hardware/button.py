"""The dice button: a big push button between a GPIO pin and ground, read through gpiozero.

A short press (let go before `long_press` seconds) asks for a roll; held past `long_press` and
let go, it means "end my turn"; held on until `banker_hold` seconds (6), it is the banker's step
at the table, sent while still held (and that press ends no turn): what logs in the screen waiting
for the banker, which nobody on the wifi can do. The button only says "pressed": the table rolls
the dice. Debouncing is the pin's job
(lgpio in the kernel on a Pi, `DebouncedMockPin` when simulated), so one press is one event.
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

from companion.config import ButtonConfig
from companion.hardware.device import Device, Emit, Press
from companion.hardware.errors import BadDriver, DeviceNotStarted
from companion.hardware.gpio import GpioUnavailable, pin_factory

log = logging.getLogger(__name__)


class DiceButton(Device):
    """The dice button on the Pi's pins ("gpio" driver); `SimulatedButton` is its twin."""

    name = "button"
    driver = "gpio"

    def __init__(self, config: ButtonConfig, work_dir: Path | None = None) -> None:
        self.config = config
        self._work_dir = work_dir
        self._button: Any = None
        self._emit: Emit | None = None
        self._state = threading.Condition()
        self._down = False  # the debounced level: pressed now
        self._long_held = False  # this press was held past long_press: "end my turn" when let go
        self._banker_sent = False  # this press was held past banker_hold: the banker's step, sent
        self._presses = 0  # counts presses, so a timer of an earlier press can tell it is late
        self._status = "stopped"

    @property
    def status(self) -> str:
        return self._status

    def start(self, emit: Emit) -> None:
        """Claim the pin and send a Press for every press; if the pins can't be had, go offline."""
        self._check_open()
        if self._button is not None:
            return
        self._emit = emit
        try:
            from gpiozero import Button  # type: ignore[import-untyped]

            button = Button(
                self.config.pin,
                pull_up=True,
                bounce_time=self.config.bounce or None,
                hold_time=self.config.long_press,
                pin_factory=pin_factory(self.driver, self._work_dir),
            )
        except GpioUnavailable as exc:
            self._offline(str(exc))
            return
        except Exception as exc:  # pin in use, bad pin number, lgpio errors: the table runs on
            self._offline(f"cannot use GPIO{self.config.pin}: {exc}")
            return
        with self._state:
            self._down = False
            self._long_held = False
            self._banker_sent = False
        button.when_pressed = self._pressed
        button.when_held = self._held
        button.when_released = self._released
        self._button = button
        self._status = "ok" if self.driver == "gpio" else "simulated"
        log.info("dice button on GPIO%d (%s)", self.config.pin, self._status)

    def stop(self) -> None:
        """Release the pin; a press in progress is forgotten."""
        button, self._button = self._button, None
        if button is not None:
            # gpiozero's lgpio pin keeps its edge alert after close(): stop listening first.
            button.pin.when_changed = None
            button.close()
        self._emit = None
        if not self._status.startswith("offline"):
            self._status = "stopped"

    def _offline(self, why: str) -> None:
        self._status = f"offline: {why}"
        log.warning("dice button %s", self._status)

    # gpiozero calls these from its own threads: the pin's edge thread and the hold thread.

    def _pressed(self) -> None:
        with self._state:
            self._down = True
            self._long_held = False
            self._banker_sent = False
            self._presses += 1
            self._state.notify_all()

    def _held(self) -> None:
        with self._state:
            if self._down and not self._long_held:
                self._long_held = True
                press = self._presses
                timer = threading.Timer(max(0.0, self.config.banker_hold - self.config.long_press),
                                        self._held_on, args=(press,))
                timer.daemon = True
                timer.start()
            self._state.notify_all()

    def _held_on(self, press: int) -> None:
        """Still held, the same press, `banker_hold` seconds after it began: the banker's step."""
        with self._state:
            if self._down and press == self._presses and not self._banker_sent:
                self._banker_sent = True
                self._send(Press(held=True))
            self._state.notify_all()

    def _released(self) -> None:
        with self._state:
            if self._down and not self._banker_sent:
                self._send(Press(long=self._long_held))
            self._down = False
            self._state.notify_all()

    def _send(self, press: Press) -> None:
        log.debug("dice button: %s press", "long" if press.long else "short")
        emit = self._emit
        if emit is None:
            return
        try:
            emit(press)
        except Exception:  # a failing listener must not kill gpiozero's thread (and the button)
            log.exception("the table failed to take a button press")


class SimulatedButton(DiceButton):
    """The dice button on gpiozero's mock pins, pressed from code: the virtual table and tests."""

    driver = "simulated"

    def __init__(self, config: ButtonConfig, work_dir: Path | None = None) -> None:
        super().__init__(config, work_dir)
        self._press_lock = threading.Lock()  # one finger at a time

    @property
    def pin(self) -> Any:
        """The mock pin (drive_low is the contact closing), for tests that bounce it by hand."""
        if self._button is None:
            raise DeviceNotStarted("the simulated dice button is not started")
        return self._button.pin

    def wait_until(self, pressed: bool, timeout: float = 5.0) -> bool:
        """Wait until the debounced button is down (or up); False if it wasn't within the timeout."""
        return self._wait(lambda: self._down == pressed, timeout)

    def press(self, long: bool = False, timeout: float = 5.0, held: bool = False) -> None:
        """Press like a finger: close the contact, hold it (past `long_press` if long, past
        `banker_hold` if held: the banker's step), let go.

        Returns once the Press has been sent; a long press takes `long_press` seconds, a held one
        `banker_hold`.
        """
        pin = self.pin
        with self._press_lock:
            pin.drive_low()
            if not self.wait_until(True, timeout):
                raise TimeoutError("the simulated dice button did not go down")
            if (long or held) and not self._wait(lambda: self._long_held, self.config.long_press + timeout):
                raise TimeoutError("the simulated dice button was not held")
            if held and not self._wait(lambda: self._banker_sent, self.config.banker_hold + timeout):
                raise TimeoutError("the simulated dice button was not held for the banker's step")
            pin.drive_high()
            if not self.wait_until(False, timeout):
                raise TimeoutError("the simulated dice button did not come up")

    def _wait(self, ready: Callable[[], bool], timeout: float) -> bool:
        with self._state:
            return self._state.wait_for(ready, timeout)


class NoButton(Device):
    """No dice button on this table (driver "none"): rolls come from the dice unit or a tablet."""

    name = "button"
    status = "off"

    def __init__(self, config: ButtonConfig | None = None) -> None:
        self.config = config

    def start(self, emit: Emit) -> None:
        self._check_open()

    def stop(self) -> None:
        pass


def make_button(config: ButtonConfig, work_dir: Path | None = None) -> DiceButton | NoButton:
    """The dice button the config asks for; `work_dir` (the data folder) is where lgpio may write."""
    if config.driver == "gpio":
        return DiceButton(config, work_dir)
    if config.driver == "simulated":
        return SimulatedButton(config)
    if config.driver == "none":
        return NoButton(config)
    raise BadDriver(f"unknown dice button driver {config.driver!r} (known: gpio, simulated, none)")
