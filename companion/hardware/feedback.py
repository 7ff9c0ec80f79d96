"""The table's voice: an active buzzer and an LED on GPIO pins, through gpiozero.

Every tap and press gets an answer the players can hear and see without looking at the
dashboard: accepted, rejected, or "a decision is needed". Patterns run in gpiozero's background
threads, so a call returns at once and the table's writer thread never waits on a beep.
"""

from __future__ import annotations

import logging
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from companion.config import FeedbackConfig
from companion.hardware.device import Device, Emit
from companion.hardware.errors import BadDriver, DeviceNotStarted
from companion.hardware.gpio import GpioUnavailable, pin_factory

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Pattern:
    """One signal: `beeps` beeps on the buzzer and `blinks` blinks of the LED (None: until cleared)."""

    name: str
    beeps: int
    beep_on: float
    beep_off: float
    blinks: int | None
    blink_on: float
    blink_off: float

    @property
    def blink_time(self) -> float:
        """How long the LED is busy with this pattern (0 for one that blinks until cleared)."""
        return 0.0 if self.blinks is None else self.blinks * (self.blink_on + self.blink_off)


# An active buzzer has one pitch, so the patterns differ in rhythm: one short pip for yes, two
# long buzzes for no, a faint chirp and a slow steady blink for "your move".
ACCEPTED = Pattern("accepted", beeps=1, beep_on=0.08, beep_off=0.05, blinks=1, blink_on=0.25, blink_off=0.05)
REJECTED = Pattern("rejected", beeps=2, beep_on=0.35, beep_off=0.15, blinks=2, blink_on=0.08, blink_off=0.08)
DECISION = Pattern("decision", beeps=1, beep_on=0.02, beep_off=0.05, blinks=None, blink_on=0.5, blink_off=0.5)

PLAYED_KEPT = 200  # the dashboard shows the last few; a long game must not grow the list forever


class Signals(Protocol):
    """What the table asks of its feedback, whichever driver: an answer to every tap and press."""

    @property
    def status(self) -> str: ...

    def accepted(self) -> None: ...

    def rejected(self) -> None: ...

    def decision_needed(self) -> None: ...

    def clear(self) -> None: ...


class Feedback(Device):
    """Buzzer and LED on the Pi's pins ("gpio" driver); `SimulatedFeedback` is its twin."""

    name = "feedback"
    driver = "gpio"

    def __init__(self, config: FeedbackConfig, work_dir: Path | None = None) -> None:
        self.config = config
        self._work_dir = work_dir
        self._buzzer: Any = None
        self._led: Any = None
        self._lock = threading.Lock()
        self._waiting = False  # a decision is pending: the LED blinks slowly between other signals
        self._generation = 0  # bumped by every signal, so a stale resume of the slow blink does nothing
        self._resume: threading.Timer | None = None
        self._status = "stopped"
        self.played: list[str] = []  # the signals given, oldest first: for tests and the dashboard

    @property
    def status(self) -> str:
        return self._status

    def start(self, emit: Emit) -> None:
        """Claim the buzzer and LED pins (feedback sends no events); if they can't be had, go offline."""
        self._check_open()
        if self._led is not None:
            return
        buzzer = None
        try:
            from gpiozero import LED, Buzzer  # type: ignore[import-untyped]

            factory = pin_factory(self.driver, self._work_dir)
            buzzer = Buzzer(self.config.buzzer_pin, pin_factory=factory)
            led = LED(self.config.led_pin, pin_factory=factory)
        except GpioUnavailable as exc:
            self._offline(str(exc))
            return
        except Exception as exc:  # pin in use, bad pin number, lgpio errors: the table runs on
            if buzzer is not None:
                buzzer.close()
            pins = f"GPIO{self.config.buzzer_pin}/GPIO{self.config.led_pin}"
            self._offline(f"cannot use {pins}: {exc}")
            return
        with self._lock:
            self._buzzer, self._led = buzzer, led
            self._waiting = False
        self._status = "ok" if self.driver == "gpio" else "simulated"
        log.info("buzzer on GPIO%d, LED on GPIO%d (%s)", self.config.buzzer_pin, self.config.led_pin,
                 self._status)

    def stop(self) -> None:
        """Silence both and release the pins."""
        with self._lock:
            self._cancel_resume()
            buzzer, led = self._buzzer, self._led
            self._buzzer = self._led = None
        for device in (buzzer, led):
            if device is not None:
                device.off()
                device.close()
        if not self._status.startswith("offline"):
            self._status = "stopped"

    def _offline(self, why: str) -> None:
        self._status = f"offline: {why}"
        log.warning("feedback %s", self._status)

    def accepted(self) -> None:
        """The tap or press did what the player meant: one short beep, one blink."""
        self._play(ACCEPTED)

    def rejected(self) -> None:
        """The tap or press was refused (the dashboard says why): two long buzzes, two quick blinks."""
        self._play(REJECTED)

    def decision_needed(self) -> None:
        """Someone must decide (buy or auction, bid, pay): a chirp, and a slow blink until clear()."""
        with self._lock:
            self._waiting = True
        self._play(DECISION)

    def clear(self) -> None:
        """The decision was made: stop blinking and beeping."""
        with self._lock:
            self._waiting = False
            self._generation += 1
            self._cancel_resume()
            self._record("clear")
            if self._led is not None:
                self._led.off()
                self._buzzer.off()

    def _play(self, pattern: Pattern) -> None:
        with self._lock:
            self._generation += 1
            self._cancel_resume()
            if self._led is None:
                log.debug("feedback %s not played: %s", pattern.name, self._status)
                return
            self._record(pattern.name)
            self._buzzer.beep(pattern.beep_on, pattern.beep_off, n=pattern.beeps, background=True)
            self._led.blink(pattern.blink_on, pattern.blink_off, n=pattern.blinks, background=True)
            if self._waiting and pattern.blinks is not None:
                # The decision is still open: go back to the slow blink once this signal is over.
                timer = threading.Timer(pattern.blink_time, self._resume_waiting, (self._generation,))
                timer.daemon = True
                self._resume = timer
                timer.start()

    def _resume_waiting(self, generation: int) -> None:
        with self._lock:
            if generation != self._generation or not self._waiting or self._led is None:
                return
            self._led.blink(DECISION.blink_on, DECISION.blink_off, n=None, background=True)

    def _cancel_resume(self) -> None:
        if self._resume is not None:
            self._resume.cancel()
            self._resume = None

    def _record(self, name: str) -> None:
        self.played.append(name)
        del self.played[:-PLAYED_KEPT]


class SimulatedFeedback(Feedback):
    """Buzzer and LED on gpiozero's mock pins: the patterns land in pin histories and `played`."""

    driver = "simulated"

    @property
    def buzzer_pin(self) -> Any:
        """The buzzer's mock pin; its `states` list is the history of on/off changes."""
        return self._pin(self._buzzer)

    @property
    def led_pin(self) -> Any:
        """The LED's mock pin; its `states` list is the history of on/off changes."""
        return self._pin(self._led)

    def _pin(self, device: Any) -> Any:
        if device is None:
            raise DeviceNotStarted("the simulated feedback is not started")
        return device.pin


class NoFeedback(Device):
    """No buzzer or LED on this table (driver "none"): the signals go nowhere, quietly."""

    name = "feedback"
    status = "off"

    def __init__(self, config: FeedbackConfig | None = None) -> None:
        self.config = config
        self.played: list[str] = []

    def start(self, emit: Emit) -> None:
        self._check_open()

    def stop(self) -> None:
        pass

    def accepted(self) -> None:
        pass

    def rejected(self) -> None:
        pass

    def decision_needed(self) -> None:
        pass

    def clear(self) -> None:
        pass


def make_feedback(config: FeedbackConfig, work_dir: Path | None = None) -> Feedback | NoFeedback:
    """The feedback the config asks for; `work_dir` (the data folder) is where lgpio may write."""
    if config.driver == "gpio":
        return Feedback(config, work_dir)
    if config.driver == "simulated":
        return SimulatedFeedback(config)
    if config.driver == "none":
        return NoFeedback(config)
    raise BadDriver(f"unknown feedback driver {config.driver!r} (known: gpio, simulated, none)")
