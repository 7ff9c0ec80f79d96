"""The dice unit driver over a real serial path: pyserial on one end of a pseudo-terminal, the simulated
unit on the other. What a player would notice: the roll arrives once, the dice show the answer, a
pulled cable is noticed and healed without anyone touching the Pi.
"""

from __future__ import annotations

import io
import os
import queue
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from serial.tools import list_ports  # type: ignore[import-untyped]

from companion.config import DiceUnitConfig
from companion.hardware.device import Event, UnitRoll
from companion.hardware.dice_protocol import Ack, Nak, Ping, Query, Roll, Show, crc8, encode
from companion.hardware.dice_unit import (
    NoDiceUnit,
    SerialDiceUnit,
    SimulatedDiceUnit,
    is_dice_unit,
    make_dice_unit,
    serve,
)
from companion.hardware.dice_unit.serial_port import PING_INTERVAL, SILENCE_LIMIT, TICK
from tests.waiting import PATIENCE, wait_for

UNIT = "e66038b7133f2f2a"
OTHER = "0123456789abcdef"


def online(device: SerialDiceUnit, unit: str = UNIT) -> bool:
    return wait_for(lambda: device.status == f"ok: unit {unit} vsim")


def fixed(*rolls: tuple[int, int]) -> Callable[[], tuple[int, int]]:
    it = iter(rolls)
    return lambda: next(it)


def point(link: Path, path: str) -> None:
    """Plug the cable back in where the Pi looks: repoint the symlink (a pty's own path changes)."""
    new = link.with_suffix(".new")
    os.symlink(path, new)
    os.replace(new, link)


@dataclass
class Rig:
    device: SerialDiceUnit
    unit: SimulatedDiceUnit
    events: queue.Queue[Event]

    def roll(self, timeout: float = PATIENCE) -> Event:
        return self.events.get(timeout=timeout)


@pytest.fixture
def rig(tmp_path: Path) -> Iterator[Callable[..., Rig]]:
    made: list[tuple[SerialDiceUnit, SimulatedDiceUnit]] = []

    def make(unit: SimulatedDiceUnit | None = None, port: str | None = None, **options: object) -> Rig:
        unit = unit or SimulatedDiceUnit(**options)  # type: ignore[arg-type]
        unit.start()
        device = SerialDiceUnit(port or unit.path)
        events: queue.Queue[Event] = queue.Queue()
        device.start(events.put)
        made.append((device, unit))
        return Rig(device, unit, events)

    yield make
    for device, unit in made:
        device.stop()
        unit.stop()


def test_the_unit_introduces_itself_and_the_dashboard_says_ok(rig: Callable[..., Rig]) -> None:
    r = rig()
    assert online(r.device)
    assert Query() in r.unit.received  # the Pi asked; the unit's start-up HELLO may have gone unheard


def test_a_roll_reaches_the_table_once_and_the_ack_shows_it_steadily(rig: Callable[..., Rig]) -> None:
    r = rig(dice=fixed((3, 4)))
    assert online(r.device)
    assert r.unit.press() == 1
    assert r.roll() == UnitRoll(UNIT, 1, (3, 4))
    assert r.unit.mode == "rolling"
    r.device.ack(UNIT, 1)
    assert r.unit.wait_until(lambda u: u.mode == "steady")
    assert r.unit.dice == (3, 4) and r.unit.pending is None
    assert r.events.empty()


def test_a_refused_roll_blinks_away(rig: Callable[..., Rig]) -> None:
    r = rig(dice=fixed((6, 6)), blink_time=0.1)
    assert online(r.device)
    r.unit.press()
    event = r.roll()
    assert isinstance(event, UnitRoll)
    r.device.nak(event.unit, event.seq, "NOTURN")
    assert r.unit.wait_until(lambda u: u.mode == "blinking")
    assert Nak(1, "NOTURN") in r.unit.received
    assert r.unit.wait_until(lambda u: u.mode == "off" and u.dice is None)


def test_a_roll_made_with_the_gpio_button_is_shown_on_the_unit(rig: Callable[..., Rig]) -> None:
    r = rig()
    assert online(r.device)
    r.device.show(2, 5)
    assert r.unit.wait_until(lambda u: u.dice == (2, 5) and u.mode == "steady")
    assert Show((2, 5)) in r.unit.received


def test_a_repeated_roll_gets_the_same_ack_and_is_not_applied_twice(rig: Callable[..., Rig]) -> None:
    r = rig(dice=fixed((3, 4)))
    assert online(r.device)
    r.unit.press()
    r.roll()
    r.device.ack(UNIT, 1)
    assert r.unit.wait_until(lambda u: u.mode == "steady")
    r.unit.send_raw(encode(Roll(1, (3, 4))))  # as if our ACK had been lost on the cable
    assert r.unit.wait_until(lambda u: u.received.count(Ack(1)) == 2)
    assert r.events.empty()
    assert r.device.link.repeats == 1


def test_an_unanswered_roll_is_resent_five_times_then_the_unit_gives_up(rig: Callable[..., Rig]) -> None:
    r = rig(dice=fixed((1, 2), (5, 5)), resend_interval=0.05)
    assert online(r.device)
    r.unit.press()
    assert r.roll() == UnitRoll(UNIT, 1, (1, 2))  # the table never answers
    assert r.unit.wait_until(lambda u: u.mode == "error")
    assert [line for line in r.unit.sent if line.startswith(b"ROLL")] == [encode(Roll(1, (1, 2)))] * 6
    assert wait_for(lambda: r.device.link.repeats == 5)
    assert r.events.empty()
    assert r.unit.press() == 2  # the error clears on the next press


def test_garbage_on_the_cable_is_counted_and_survived(rig: Callable[..., Rig]) -> None:
    r = rig()
    assert online(r.device)
    r.unit.send_raw(
        b"ROLL 1 3 4 *DB\n"  # bad CRC
        + b"\x03ROLL 1 3 4 *DA\n"  # Ctrl-C in the line
        + b"ROLL 1 3 4 *DA" + b" " * 80 + b"\n"  # too long
        + b"BOGUS 1 *00\r\n" + encode(Ping(3))  # a bad CRC, and a line the unit should never send
        + b"ROLL 1 "  # half a line...
    )
    r.unit.send_raw(b"6 6 *")
    r.unit.send_raw(b"%02X\r\n" % crc8(b"ROLL 1 6 6"))  # ...completed: a good roll
    assert r.roll() == UnitRoll(UNIT, 1, (6, 6))
    counts = r.device.diagnostics.counts
    assert counts["bad crc"] == 2 and counts["control byte"] == 1 and counts["too long"] == 1
    assert counts["unknown word"] == 1
    assert r.events.empty()
    assert r.device.status.startswith("ok")


def test_a_quiet_unit_stays_online_and_is_pinged_once_a_second(rig: Callable[..., Rig]) -> None:
    r = rig()
    since = time.monotonic()
    assert online(r.device)

    def pings() -> int:
        return sum(isinstance(m, Ping) for m in r.unit.received)

    time.sleep(SILENCE_LIMIT + PING_INTERVAL)  # quiet for longer than silence may last
    assert r.device.status.startswith("ok")
    assert wait_for(lambda: pings() >= 2)
    # "at most once a second": a busy machine only makes pings fewer, never more
    assert pings() <= (time.monotonic() - since) / PING_INTERVAL + 1


def test_pulling_the_cable_is_noticed_and_healed(rig: Callable[..., Rig], tmp_path: Path) -> None:
    """How soon it is noticed is the port's own error, at once; a test only waits for it."""
    link = tmp_path / "dice"
    unit = SimulatedDiceUnit()
    os.symlink(unit.path, link)
    r = rig(unit, port=str(link))
    assert online(r.device)
    unit.unplug()
    assert wait_for(lambda: r.device.status.startswith("offline"))
    assert "unplugged" in r.device.status
    point(link, unit.plug())
    assert online(r.device)


def test_a_hung_unit_is_noticed_within_two_seconds_and_recovers(rig: Callable[..., Rig]) -> None:
    """The 2 s are the driver's budget (silence plus one tick), not a stopwatch on a busy machine."""
    assert SILENCE_LIMIT + TICK <= 2.0
    r = rig()
    assert online(r.device)
    r.unit.silent = True
    assert wait_for(lambda: r.device.status.startswith("offline"))
    assert "no answer" in r.device.status
    r.unit.silent = False
    assert online(r.device)


def test_a_roll_pressed_while_unplugged_arrives_once_after_reconnect(rig: Callable[..., Rig],
                                                                   tmp_path: Path) -> None:
    link = tmp_path / "dice"
    unit = SimulatedDiceUnit(dice=fixed((5, 2)), resend_interval=0.2, max_resends=30)
    os.symlink(unit.path, link)
    r = rig(unit, port=str(link))
    assert online(r.device)
    unit.unplug()
    assert wait_for(lambda: r.device.status.startswith("offline"))
    assert unit.press() == 1  # the ROLL goes nowhere; the unit keeps resending
    point(link, unit.plug())
    assert r.roll() == UnitRoll(UNIT, 1, (5, 2))
    r.device.ack(UNIT, 1)
    assert unit.wait_until(lambda u: u.mode == "steady")
    assert r.events.empty()


def test_a_roll_answered_while_unplugged_gets_its_answer_after_reconnect(rig: Callable[..., Rig],
                                                                       tmp_path: Path) -> None:
    link = tmp_path / "dice"
    unit = SimulatedDiceUnit(dice=fixed((4, 4)), resend_interval=0.2, max_resends=30)
    os.symlink(unit.path, link)
    r = rig(unit, port=str(link))
    assert online(r.device)
    unit.press()
    assert r.roll() == UnitRoll(UNIT, 1, (4, 4))
    unit.unplug()  # the cable wiggles while the game stores the roll
    assert wait_for(lambda: r.device.status.startswith("offline"))
    r.device.ack(UNIT, 1)  # nowhere to send it now; remembered
    point(link, unit.plug())
    assert unit.wait_until(lambda u: u.mode == "steady")  # a resend after HELLO got the remembered ACK
    assert r.events.empty()
    assert r.device.link.repeats >= 1


def test_another_unit_on_the_same_port_starts_fresh(rig: Callable[..., Rig], tmp_path: Path) -> None:
    link = tmp_path / "dice"
    first = SimulatedDiceUnit(dice=fixed((1, 1)))
    os.symlink(first.path, link)
    r = rig(first, port=str(link))
    assert online(r.device)
    first.press()
    r.roll()
    r.device.ack(UNIT, 1)
    first.unplug()
    second = SimulatedDiceUnit(unit_id=OTHER, dice=fixed((2, 2)))
    second.start()
    try:
        point(link, second.path)
        assert online(r.device, OTHER)
        second.press()  # its roll 1 is not the first unit's roll 1
        assert r.roll() == UnitRoll(OTHER, 1, (2, 2))
    finally:
        second.stop()


class FakePort:
    """What list_ports.comports() gives: the path and the USB ids and strings the device reports."""

    def __init__(self, device: str, vid: int | None, pid: int | None = None,
                 manufacturer: str | None = None) -> None:
        self.device, self.vid, self.pid, self.manufacturer = device, vid, pid, manufacturer


def test_auto_finds_the_pico_by_its_usb_vendor_id(rig: Callable[..., Rig],
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    unit = SimulatedDiceUnit()
    ports = [FakePort("/dev/ttyUSB7", 0x0403, 0x6001, "FTDI"),
             FakePort(unit.path, 0x2E8A, 0x0005, "MicroPython"), FakePort("/dev/ttyS0", None)]
    monkeypatch.setattr(list_ports, "comports", lambda: ports)
    r = rig(unit, port="auto")
    assert online(r.device)
    assert r.device.path == unit.path


def test_auto_passes_over_a_debug_probe_to_the_unit(rig: Callable[..., Rig],
                                                    monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """Raspberry Pi's Debug Probe has the Pico's vendor id too (product 0x000C) and enumerates first."""
    probe = tmp_path / "ttyACM0"
    probe.write_text("")  # were it opened, the unit would never answer on it
    unit = SimulatedDiceUnit()
    ports = [FakePort(str(probe), 0x2E8A, 0x000C, "Raspberry Pi"),
             FakePort(unit.path, 0x2E8A, 0x0005, "MicroPython")]
    monkeypatch.setattr(list_ports, "comports", lambda: ports)
    r = rig(unit, port="auto")
    assert online(r.device)
    assert r.device.path == unit.path
    assert not is_dice_unit(ports[0])
    assert is_dice_unit(FakePort("/dev/ttyACM3", 0x2E8A, 0x1234, "MicroPython"))  # a custom build's id


def test_auto_with_no_pico_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(list_ports, "comports", lambda: [FakePort("/dev/ttyUSB7", 0x0403, 0x6001),
                                                         FakePort("/dev/ttyACM0", 0x2E8A, 0x000C)])
    device = SerialDiceUnit("auto")
    assert device.status == "offline: not started"
    device.start(lambda event: None)
    try:
        assert wait_for(lambda: "vendor id 0x2E8A" in device.status)
        assert device.status.startswith("offline: no USB serial port")
    finally:
        device.stop()


def test_a_missing_port_is_reported_and_nothing_rolls(tmp_path: Path) -> None:
    device = SerialDiceUnit(str(tmp_path / "ttyACM9"))
    device.start(lambda event: None)
    try:
        assert wait_for(lambda: device.status.startswith("offline: cannot open"))
        device.ack(UNIT, 1)  # an answer with nothing to answer changes nothing
        device.show(1, 1)
    finally:
        device.stop()
    assert device.status == "offline: stopped"


def test_stop_closes_the_port_so_it_can_be_opened_again(rig: Callable[..., Rig]) -> None:
    r = rig()
    assert online(r.device)
    r.device.stop()
    assert r.device.status == "offline: stopped"
    assert not any(t.name.startswith("dice-unit") for t in threading.enumerate())
    again = SerialDiceUnit(r.unit.path)  # the exclusive lock is gone with the closed port
    again.start(lambda event: None)
    try:
        assert online(again)
    finally:
        again.stop()


def test_the_config_picks_the_driver() -> None:
    serial_unit = make_dice_unit(DiceUnitConfig(driver="serial", port="/dev/ttyACM0"))
    assert isinstance(serial_unit, SerialDiceUnit) and serial_unit.port == "/dev/ttyACM0"
    assert serial_unit.simulated is None
    auto = make_dice_unit(DiceUnitConfig(driver="serial"))
    assert isinstance(auto, SerialDiceUnit) and auto.port == "auto"
    off = make_dice_unit(DiceUnitConfig(driver="none"))
    assert isinstance(off, NoDiceUnit) and off.status == "off"
    off.start(lambda event: None)
    off.ack(UNIT, 1)
    off.stop()
    override = make_dice_unit(DiceUnitConfig(driver="simulated"), port_override="/dev/pts/9")
    assert isinstance(override, SerialDiceUnit) and override.port == "/dev/pts/9"
    assert override.simulated is None


def test_the_simulated_driver_is_the_real_driver_on_a_pty() -> None:
    device = make_dice_unit(DiceUnitConfig(driver="simulated"))
    assert isinstance(device, SerialDiceUnit) and device.simulated is not None
    assert device.port == device.simulated.path and device.port.startswith("/dev/pts/")
    events: queue.Queue[Event] = queue.Queue()
    device.start(events.put)
    try:
        assert wait_for(lambda: device.status.startswith("ok: unit"))
        device.simulated.press()
        event = events.get(timeout=PATIENCE)
        assert isinstance(event, UnitRoll) and event.seq == 1
    finally:
        device.stop()
    with pytest.raises(RuntimeError):
        device.simulated.press()  # stopped with the device


def test_a_unit_at_the_console_for_dice_port(tmp_path: Path) -> None:
    out = io.StringIO()
    unit = SimulatedDiceUnit(dice=fixed((3, 3)))
    serve(unit, ["", "", "u", "p", "r", "q", "never read"], out)
    text = out.getvalue()
    assert f"--dice-port {unit.path}" in text or "--dice-port /dev/pts/" in text
    assert "roll 1: (3, 3)" in text
    assert "still waiting for the last roll's answer" in text
    assert "unplugged" in text and "plugged in on /dev/pts/" in text
    assert "replugged (boot " in text and "shows None (off)" in text  # a new power-up: dark, count from 1
