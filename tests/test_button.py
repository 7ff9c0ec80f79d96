"""The dice button: a short press rolls, holding it ends the turn, holding it on is the banker's step
at the table, a bouncing contact is one press,
and a Pi without a usable GPIO chip runs on without it. Simulated on gpiozero's mock pins; the real
driver runs against a fake lgpio, the outermost boundary.
"""

from __future__ import annotations

import queue
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.config import ButtonConfig
from companion.hardware.button import DiceButton, NoButton, SimulatedButton, make_button
from companion.hardware.device import Event, Press
from companion.hardware.gpio import close_gpio
from tests import fake_lgpio
from tests.fake_lgpio import FakeLgpio

WAIT = 5.0  # generous: a loaded CI machine is slow, never wrong
QUIET = 0.3  # how long "nothing more happens" is watched for


class Table:
    """What the table sees: the events a device sends, in order."""

    def __init__(self) -> None:
        self.events: queue.Queue[Event] = queue.Queue()

    def __call__(self, event: Event) -> None:
        self.events.put(event)

    def next(self) -> Event:
        return self.events.get(timeout=WAIT)

    def assert_quiet(self) -> None:
        with pytest.raises(queue.Empty):
            extra = self.events.get(timeout=QUIET)
            print("unexpected event:", extra)


@pytest.fixture
def table() -> Table:
    return Table()


@pytest.fixture
def button(table: Table) -> Iterator[SimulatedButton]:
    device = make_button(ButtonConfig(driver="simulated", bounce=0.05, long_press=0.2))
    assert isinstance(device, SimulatedButton)
    device.start(table)
    yield device
    device.stop()


@pytest.fixture
def pi(monkeypatch: pytest.MonkeyPatch) -> Iterator[FakeLgpio]:
    """A Raspberry Pi 4 whose GPIO chip is the fake lgpio; LG_WD unset, as on a fresh install."""
    close_gpio()
    monkeypatch.delenv("LG_WD", raising=False)
    fake = fake_lgpio.install(monkeypatch)
    yield fake
    close_gpio()


def test_a_short_press_asks_for_a_roll(button: SimulatedButton, table: Table) -> None:
    assert button.status == "simulated"
    button.press()
    assert table.next() == Press(long=False)
    table.assert_quiet()


def test_holding_the_button_ends_the_turn_once(button: SimulatedButton, table: Table) -> None:
    button.press(long=True)
    assert table.next() == Press(long=True)
    table.assert_quiet()  # letting go after the hold is not a second press


def test_presses_in_a_row_are_each_counted(button: SimulatedButton, table: Table) -> None:
    button.press()
    button.press(long=True)
    button.press()
    assert [table.next(), table.next(), table.next()] == [Press(), Press(long=True), Press()]


def test_a_bouncing_contact_is_one_press(table: Table) -> None:
    device = SimulatedButton(ButtonConfig(driver="simulated", bounce=0.2, long_press=2.0))
    device.start(table)
    try:
        pin = device.pin
        for _ in range(6):  # the contact chatters as it closes...
            pin.drive_low()
            pin.drive_high()
        pin.drive_low()
        assert device.wait_until(pressed=True, timeout=WAIT)
        for _ in range(6):  # ...and as it opens
            pin.drive_high()
            pin.drive_low()
        pin.drive_high()
        assert device.wait_until(pressed=False, timeout=WAIT)
        assert table.next() == Press(long=False)
        table.assert_quiet()
    finally:
        device.stop()


def test_a_glitch_shorter_than_the_bounce_time_is_no_press(table: Table) -> None:
    device = SimulatedButton(ButtonConfig(driver="simulated", bounce=0.2, long_press=2.0))
    device.start(table)
    try:
        device.pin.drive_low()
        device.pin.drive_high()
        table.assert_quiet()
        device.press()  # the button still works afterwards
        assert table.next() == Press(long=False)
    finally:
        device.stop()


def test_a_failing_listener_does_not_break_the_button(button: SimulatedButton) -> None:
    seen: list[Event] = []

    def clumsy(event: Event) -> None:
        seen.append(event)
        raise RuntimeError("the table tripped")

    button.stop()
    button.start(clumsy)
    button.press()
    button.press()
    assert seen == [Press(), Press()]


def test_a_stopped_button_lets_go_of_its_pin_and_can_start_again(button: SimulatedButton,
                                                                 table: Table) -> None:
    button.stop()
    assert button.status == "stopped"
    with pytest.raises(RuntimeError, match="not started"):
        button.press()
    button.start(table)
    button.press()
    assert table.next() == Press()


def test_the_config_chooses_the_driver(tmp_path: Path) -> None:
    assert type(make_button(ButtonConfig(driver="gpio"), tmp_path)) is DiceButton
    assert type(make_button(ButtonConfig(driver="simulated"))) is SimulatedButton
    off = make_button(ButtonConfig(driver="none"))
    assert isinstance(off, NoButton) and off.status == "off"
    off.start(lambda event: None)
    off.stop()
    with pytest.raises(ValueError, match="unknown dice button driver 'usb'"):
        make_button(ButtonConfig(driver="usb"))


# The real driver, on a fake lgpio.


def test_on_a_pi_a_press_arrives_through_lgpio(pi: FakeLgpio, table: Table, tmp_path: Path) -> None:
    device = make_button(ButtonConfig(driver="gpio", pin=17, bounce=0.05, long_press=1.0), tmp_path)
    device.start(table)
    try:
        assert device.status == "ok"
        assert pi.opened == [0]
        assert pi.modes[17] & pi.SET_PULL_UP  # the internal pull-up: the button only needs ground
        assert pi.debounce[17] == 50_000  # debouncing is asked of lgpio, in microseconds
        assert pi.lg_wd == str(tmp_path)  # lgpio writes its pipes in the data folder
        pi.edge(17, 0)  # the contact closes: the line is pulled to ground
        pi.edge(17, 1)
        assert table.next() == Press(long=False)
        table.assert_quiet()
    finally:
        device.stop()
    assert 17 not in pi.callbacks  # stopping stops listening


def test_on_a_pi_holding_the_button_ends_the_turn(pi: FakeLgpio, table: Table, tmp_path: Path) -> None:
    device = make_button(ButtonConfig(driver="gpio", pin=17, long_press=0.2, banker_hold=30.0), tmp_path)
    assert isinstance(device, DiceButton)
    device.start(table)
    try:
        pi.edge(17, 0)
        with device._state:  # held past long_press: nothing yet, it may still be the banker's hold
            assert device._state.wait_for(lambda: device._long_held, WAIT)
        table.assert_quiet()
        pi.edge(17, 1)
        assert table.next() == Press(long=True)  # "end my turn" once let go
        table.assert_quiet()
    finally:
        device.stop()


def test_held_on_past_banker_hold_is_the_bankers_step_and_ends_no_turn(table: Table) -> None:
    device = SimulatedButton(ButtonConfig(driver="simulated", bounce=0.05, long_press=0.2, banker_hold=0.6))
    device.start(table)
    try:
        device.press(held=True)
        assert table.next() == Press(held=True)  # sent while still held
        table.assert_quiet()  # letting go ends no turn and rolls nothing
        device.press(long=True)  # the next press is a press like any other
        assert table.next() == Press(long=True)
        device.press()
        assert table.next() == Press()
        table.assert_quiet()
    finally:
        device.stop()


def test_on_a_pi_a_hold_of_banker_hold_seconds_is_the_bankers_step(pi: FakeLgpio, table: Table,
                                                                    tmp_path: Path) -> None:
    device = make_button(ButtonConfig(driver="gpio", pin=17, long_press=0.2, banker_hold=0.5), tmp_path)
    device.start(table)
    try:
        pi.edge(17, 0)
        assert table.next() == Press(held=True)  # while still held: the banker can let go then
        pi.edge(17, 1)
        table.assert_quiet()
    finally:
        device.stop()


def test_a_pi_without_its_gpio_chip_runs_on_without_the_button(monkeypatch: pytest.MonkeyPatch,
                                                                table: Table, tmp_path: Path) -> None:
    close_gpio()
    monkeypatch.delenv("LG_WD", raising=False)
    fake_lgpio.install(monkeypatch, chip_missing=True)
    device = make_button(ButtonConfig(driver="gpio"), tmp_path)
    try:
        device.start(table)
        assert device.status.startswith("offline: cannot open the GPIO chip")
        device.stop()
        assert device.status.startswith("offline")
    finally:
        close_gpio()


def test_without_lgpio_installed_the_button_says_so(monkeypatch: pytest.MonkeyPatch, table: Table,
                                                     tmp_path: Path) -> None:
    close_gpio()
    monkeypatch.setitem(sys.modules, "lgpio", None)  # import lgpio raises ImportError
    monkeypatch.delitem(sys.modules, "gpiozero.pins.lgpio", raising=False)
    monkeypatch.setenv("LG_WD", str(tmp_path))
    device = make_button(ButtonConfig(driver="gpio"), tmp_path)
    device.start(table)
    assert device.status.startswith("offline: lgpio is not installed (on the Pi: pip install lgpio")
    close_gpio()


def test_off_a_pi_the_button_says_so(monkeypatch: pytest.MonkeyPatch, table: Table, tmp_path: Path) -> None:
    close_gpio()
    monkeypatch.setenv("LG_WD", str(tmp_path))
    fake_lgpio.install(monkeypatch, revision=None)
    device = make_button(ButtonConfig(driver="gpio"), tmp_path)
    device.start(table)
    assert device.status == "offline: this is not a Raspberry Pi (no board revision in /proc)"
    close_gpio()


def test_a_pin_already_taken_is_reported(pi: FakeLgpio, table: Table, tmp_path: Path) -> None:
    first = make_button(ButtonConfig(driver="gpio", pin=17), tmp_path)
    second = make_button(ButtonConfig(driver="gpio", pin=17), tmp_path)
    first.start(table)
    try:
        second.start(table)
        assert second.status.startswith("offline: cannot use GPIO17")
        assert first.status == "ok"
    finally:
        first.stop()
