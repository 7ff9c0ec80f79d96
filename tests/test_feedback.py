"""The buzzer and LED: accepted, rejected and "decision needed" sound and look different, never
block the table, and a pending decision blinks until cleared. Observed on gpiozero's mock pins
(their state histories), and on the real driver through a fake lgpio.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from companion.config import ButtonConfig, FeedbackConfig
from companion.hardware.button import make_button
from companion.hardware.feedback import (
    ACCEPTED,
    DECISION,
    REJECTED,
    Feedback,
    NoFeedback,
    SimulatedFeedback,
    make_feedback,
)
from companion.hardware.gpio import close_gpio
from tests import fake_lgpio
from tests.fake_lgpio import FakeLgpio
from tests.waiting import PATIENCE, wait_for


def pulses(pin: Any) -> list[float]:
    """How long each "on" lasted, from the mock pin's history (each entry: time since the last change)."""
    states = pin.states
    return [after.timestamp for before, after in zip(states, states[1:], strict=False)
            if before.state and not after.state]


def settle(pin: Any, changes: int) -> None:
    """Wait until the pin has changed `changes` times since its history was cleared."""
    assert wait_for(lambda: len(pin.states) - 1 >= changes), pin.states


@pytest.fixture
def feedback() -> Iterator[SimulatedFeedback]:
    device = make_feedback(FeedbackConfig(driver="simulated"))
    assert isinstance(device, SimulatedFeedback)
    device.start(lambda event: None)
    yield device
    device.stop()


@pytest.fixture
def pi(monkeypatch: pytest.MonkeyPatch) -> Iterator[FakeLgpio]:
    close_gpio()
    monkeypatch.delenv("LG_WD", raising=False)
    fake = fake_lgpio.install(monkeypatch)
    yield fake
    close_gpio()


def test_accepted_is_one_short_beep_and_one_blink(feedback: SimulatedFeedback) -> None:
    assert feedback.status == "simulated"
    feedback.accepted()
    settle(feedback.buzzer_pin, 2)
    settle(feedback.led_pin, 2)
    time.sleep(0.3)  # nothing follows
    assert len(pulses(feedback.buzzer_pin)) == 1
    assert len(pulses(feedback.led_pin)) == 1
    assert not feedback.buzzer_pin.state and not feedback.led_pin.state
    assert feedback.played == ["accepted"]


def test_rejected_is_two_long_buzzes_and_two_quick_blinks(feedback: SimulatedFeedback) -> None:
    feedback.rejected()
    settle(feedback.buzzer_pin, 4)
    settle(feedback.led_pin, 4)
    buzzes = pulses(feedback.buzzer_pin)
    assert len(buzzes) == 2 and len(pulses(feedback.led_pin)) == 2
    assert min(buzzes) >= REJECTED.beep_on * 0.9 > ACCEPTED.beep_on * 2  # a "no" is heard as longer
    assert not feedback.buzzer_pin.state and not feedback.led_pin.state


def test_a_decision_blinks_slowly_until_cleared(feedback: SimulatedFeedback) -> None:
    feedback.decision_needed()
    settle(feedback.led_pin, 3)  # on, off, on: still going after a full second
    assert len(pulses(feedback.buzzer_pin)) == 1  # one chirp, not a nagging beep
    assert all(on >= DECISION.blink_on * 0.9 for on in pulses(feedback.led_pin))
    feedback.clear()
    assert not feedback.led_pin.state
    seen = len(feedback.led_pin.states)
    time.sleep(max(DECISION.blink_on, DECISION.blink_off) + 0.1)  # a blink would have toggled by now
    assert len(feedback.led_pin.states) == seen
    assert not feedback.led_pin.state
    assert feedback.played == ["decision", "clear"]


def test_the_slow_blink_comes_back_after_a_tap_during_a_decision(feedback: SimulatedFeedback) -> None:
    feedback.decision_needed()
    settle(feedback.led_pin, 1)
    feedback.accepted()  # e.g. a bid raised during an auction: the auction is still open
    time.sleep(ACCEPTED.blink_time)
    feedback.led_pin.clear_states()
    # Alone, the accepted blink would end with the LED off for good (two changes at most).
    settle(feedback.led_pin, 3)
    feedback.clear()
    assert not feedback.led_pin.state


def test_every_signal_returns_at_once(feedback: SimulatedFeedback, monkeypatch: pytest.MonkeyPatch) -> None:
    """A signal hands its pattern to threads of its own: with those held at their first change of a
    pin, every signal still returns (one that played its pattern itself would wait here for good)."""
    gate = threading.Event()
    known: set[threading.Thread] = set()  # the threads there before the signal: never held
    for pin in (feedback.buzzer_pin, feedback.led_pin):
        def held(value: bool, change: Callable[[bool], bool] = pin._change_state) -> bool:
            if threading.current_thread() not in known:
                gate.wait()
            return change(value)

        monkeypatch.setattr(pin, "_change_state", held)
    for signal in (feedback.rejected, feedback.accepted, feedback.decision_needed, feedback.rejected,
                   feedback.clear):
        gate.clear()
        worker = threading.Thread(target=signal, daemon=True)
        known.clear()
        known.update(threading.enumerate(), {worker})
        worker.start()
        worker.join(PATIENCE)
        assert not worker.is_alive(), signal.__name__  # returned while its pattern was held
        gate.set()
    assert feedback.played == ["rejected", "accepted", "decision", "rejected", "clear"]
    assert wait_for(lambda: bool(feedback.buzzer_pin.states[1:]))  # the control: the patterns did play


def test_stopping_silences_a_blinking_led(feedback: SimulatedFeedback) -> None:
    feedback.decision_needed()
    settle(feedback.led_pin, 1)
    led = feedback.led_pin
    feedback.stop()
    assert not led.state
    assert feedback.status == "stopped"
    feedback.accepted()  # a stopped feedback ignores signals rather than failing the table
    assert feedback.played == ["decision"]


def test_the_config_chooses_the_driver(tmp_path: Path) -> None:
    assert type(make_feedback(FeedbackConfig(driver="gpio"), tmp_path)) is Feedback
    assert type(make_feedback(FeedbackConfig(driver="simulated"))) is SimulatedFeedback
    off = make_feedback(FeedbackConfig(driver="none"))
    assert isinstance(off, NoFeedback) and off.status == "off"
    off.start(lambda event: None)
    off.accepted()
    off.rejected()
    off.decision_needed()
    off.clear()
    off.stop()
    with pytest.raises(ValueError, match="unknown feedback driver 'i2c'"):
        make_feedback(FeedbackConfig(driver="i2c"))


# The real driver, on a fake lgpio.


def test_on_a_pi_the_signals_reach_the_pins(pi: FakeLgpio, tmp_path: Path) -> None:
    device = make_feedback(FeedbackConfig(driver="gpio", buzzer_pin=18, led_pin=23), tmp_path)
    device.start(lambda event: None)
    try:
        assert device.status == "ok"
        pi.writes.clear()
        device.rejected()
        # two buzzes on GPIO18, two blinks on GPIO23, each pin back off at the end
        assert wait_for(lambda: pi.writes.count((18, 0)) >= 2 and pi.writes.count((23, 0)) >= 2)
        assert pi.writes.count((18, 1)) == 2 and pi.writes.count((23, 1)) == 2
        assert pi.levels[18] == 0 and pi.levels[23] == 0
    finally:
        device.stop()


def test_button_buzzer_and_led_share_one_handle_on_the_chip(pi: FakeLgpio, tmp_path: Path) -> None:
    feedback = make_feedback(FeedbackConfig(driver="gpio"), tmp_path)
    button = make_button(ButtonConfig(driver="gpio"), tmp_path)
    feedback.start(lambda event: None)
    button.start(lambda event: None)
    try:
        assert (feedback.status, button.status) == ("ok", "ok")
        assert pi.opened == [0]
    finally:
        button.stop()
        feedback.stop()
    close_gpio()
    assert len(pi.closed) == 1


def test_a_pi_without_its_gpio_chip_runs_on_silently(monkeypatch: pytest.MonkeyPatch,
                                                      tmp_path: Path) -> None:
    close_gpio()
    monkeypatch.delenv("LG_WD", raising=False)
    fake_lgpio.install(monkeypatch, chip_missing=True)
    device = make_feedback(FeedbackConfig(driver="gpio"), tmp_path)
    device.start(lambda event: None)
    assert device.status.startswith("offline: cannot open the GPIO chip")
    device.accepted()
    device.decision_needed()
    device.clear()
    device.stop()
    assert device.status.startswith("offline")
    close_gpio()
