"""One behaviour, two units: every test here runs against the simulated unit (the virtual table's) and
against the real firmware under real MicroPython (tests/pico.py), each talking to the Pi's real serial
driver over a pseudo-terminal. What a player would notice: a roll applied once and shown, a SHOW that
never changes a roll waiting for its answer, a replugged unit whose first roll counts, garbage that
changes nothing, and a unit that restarts by itself after a fault of its own.
"""

from __future__ import annotations

import os
import queue
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Protocol

import pytest

from companion.hardware.device import Event, UnitRoll
from companion.hardware.dice_protocol import Diagnostics, Hello, Roll, encode, parse_unit_line
from companion.hardware.dice_unit import SerialDiceUnit, SimulatedDiceUnit
from tests.waiting import PATIENCE, wait_for

from .pico import FirmwareUnit, micropython, need

# slow: starts processes, servers or browsers, or builds (`make check` leaves it out)
pytestmark = pytest.mark.slow

UID = "e66038b7133f2f2a"
BOOTS = ("0badc0de", "5eed1e55", "c0ffee00", "feedf00d", "deadbeef")


class Unit(Protocol):
    """What the tests do to a unit, whichever it is."""

    link: Path
    boot: str

    def press(self, dice: tuple[int, int]) -> None: ...
    def shows(self) -> tuple[int, int] | None: ...
    def sent(self) -> list[bytes]: ...
    def replug(self) -> None: ...
    def crash(self) -> None: ...
    def to_unit(self, data: bytes) -> None: ...
    def from_unit(self, data: bytes) -> None: ...
    def close(self) -> None: ...


def point(link: Path, path: str) -> None:
    new = link.with_suffix(".new")
    new.unlink(missing_ok=True)
    os.symlink(path, new)
    os.replace(new, link)


class Simulated:
    """The simulated unit behind the same handles as the firmware; its cable's by-id link is ours."""

    def __init__(self, folder: Path) -> None:
        self._dice: queue.SimpleQueue[tuple[int, int]] = queue.SimpleQueue()
        self._boots = iter(BOOTS)
        self._injected: list[bytes] = []
        self.unit = SimulatedDiceUnit(unit_id=UID, version="1.1", dice=self._dice.get_nowait,
                                      boots=lambda: next(self._boots))
        self.link = folder / "ttyACM"
        point(self.link, self.unit.path)
        self.unit.start()

    @property
    def boot(self) -> str:
        return self.unit.boot

    def press(self, dice: tuple[int, int]) -> None:
        self._dice.put(dice)
        assert self.unit.press() is not None

    def shows(self) -> tuple[int, int] | None:
        return self.unit.dice if self.unit.mode in ("rolling", "steady", "blinking") else None

    def sent(self) -> list[bytes]:
        """What the unit itself wrote (from_unit's bytes left out)."""
        own = [chunk for chunk in self.unit.sent if chunk not in self._injected]
        return [line for chunk in own for line in chunk.splitlines(keepends=True)]

    def replug(self) -> None:
        point(self.link, self.unit.replug())

    def crash(self) -> None:
        self.unit.crash()

    def to_unit(self, data: bytes) -> None:
        assert self.unit.path
        with open(self.unit.path, "wb", buffering=0) as cable:  # the Pi's end of the pty
            cable.write(data)

    def from_unit(self, data: bytes) -> None:
        self._injected.append(data)
        self.unit.send_raw(data)

    def close(self) -> None:
        self.unit.stop()


class Firmware:
    def __init__(self, folder: Path) -> None:
        self.pico = FirmwareUnit(folder, UID, iter(BOOTS))
        self.link = self.pico.link

    @property
    def boot(self) -> str:
        return self.pico.boot

    def press(self, dice: tuple[int, int]) -> None:
        self.pico.press(dice)

    def shows(self) -> tuple[int, int] | None:
        return self.pico.shows()

    def sent(self) -> list[bytes]:
        return list(self.pico.lines)

    def replug(self) -> None:
        self.pico.replug()

    def crash(self) -> None:
        self.pico.crash()

    def to_unit(self, data: bytes) -> None:
        self.pico.to_unit(data)

    def from_unit(self, data: bytes) -> None:
        self.pico.from_unit(data)

    def close(self) -> None:
        self.pico.close()




class Table:
    """The Pi: its real serial driver on the unit's cable, and the rolls it passed to the game."""

    def __init__(self, unit: Unit) -> None:
        self.unit = unit
        self.device = SerialDiceUnit(str(unit.link))
        self.events: queue.Queue[Event] = queue.Queue()
        self.device.start(self.events.put)

    def online(self, boot: str) -> bool:
        return wait_for(lambda: self.device.status.startswith(f"ok: unit {UID}")
                          and self.device.link.boot == boot, 10)

    def roll(self) -> Event:
        return self.events.get(timeout=PATIENCE)


@pytest.fixture(params=["simulated", "firmware"])
def unit(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Unit]:
    if request.param == "firmware":
        need(micropython())
    made: Unit = Simulated(tmp_path) if request.param == "simulated" else Firmware(tmp_path)
    yield made
    made.close()


@pytest.fixture
def table(unit: Unit) -> Iterator[Table]:
    pi = Table(unit)
    assert pi.online(BOOTS[0])
    yield pi
    pi.device.stop()


def rolls(unit: Unit) -> list[bytes]:
    return [line for line in unit.sent() if line.startswith(b"ROLL")]


def test_a_roll_is_applied_once_and_its_ack_shows_it_steadily(unit: Unit, table: Table) -> None:
    unit.press((3, 4))
    assert table.roll() == UnitRoll(UID, 1, (3, 4))
    table.device.ack(UID, 1)
    assert wait_for(lambda: unit.shows() == (3, 4))
    time.sleep(0.7)  # past the first resend: an answered roll is not sent again
    assert rolls(unit) == [b"ROLL 1 3 4 *DA\n"]
    assert unit.shows() == (3, 4) and table.events.empty()


def test_a_show_while_a_roll_waits_never_changes_the_resent_roll(unit: Unit, table: Table) -> None:
    unit.press((3, 4))
    assert table.roll() == UnitRoll(UID, 1, (3, 4))  # the game is still storing it: no answer yet
    table.device.show(6, 6)  # a roll made with the GPIO button, shown on the unit
    assert wait_for(lambda: unit.shows() == (6, 6))
    assert wait_for(lambda: len(rolls(unit)) >= 2)  # resent after 500 ms
    assert set(rolls(unit)) == {b"ROLL 1 3 4 *DA\n"}  # with the dice rolled, never the SHOW's
    assert wait_for(lambda: table.device.link.repeats >= 1)
    table.device.ack(UID, 1)
    assert wait_for(lambda: unit.shows() == (3, 4))
    assert table.events.empty() and table.device.diagnostics.counts["changed dice"] == 0


def test_after_a_replug_the_same_roll_again_is_applied(unit: Unit, table: Table) -> None:
    unit.press((3, 4))
    assert table.roll() == UnitRoll(UID, 1, (3, 4))
    table.device.ack(UID, 1)
    assert wait_for(lambda: unit.shows() == (3, 4))
    unit.replug()  # powered by the cable: it starts again, counting from 1, with a new boot id
    assert unit.boot == BOOTS[1]
    assert table.online(BOOTS[1])
    unit.press((3, 4))  # one new roll in 36 comes up as the last boot's roll 1
    assert table.roll() == UnitRoll(UID, 1, (3, 4))  # applied, not answered from memory
    assert table.device.link.repeats == 0
    table.device.ack(UID, 1)
    assert wait_for(lambda: unit.shows() == (3, 4))


def test_garbage_either_way_changes_nothing(unit: Unit, table: Table) -> None:
    unit.press((2, 5))
    assert table.roll() == UnitRoll(UID, 1, (2, 5))
    unit.to_unit(b"ACK 1 *00\n" + b"\x03ACK 1 *58\n" + b"ACK 1 *58" + b" " * 80 + b"\n" + b"\xff\xfe\n")
    unit.from_unit(b"ROLL 2 6 6 *00\n" + b"\x04" + encode(Roll(2, (6, 6))) + b"HELLO \xff\n")
    assert wait_for(lambda: len(rolls(unit)) >= 2)  # no bad ACK was obeyed: the unit resends
    assert set(rolls(unit)) == {encode(Roll(1, (2, 5)))}
    counts = table.device.diagnostics.counts
    assert counts["bad crc"] >= 1 and counts["control byte"] >= 1 and counts["not ascii"] >= 1
    table.device.ack(UID, 1)
    assert wait_for(lambda: unit.shows() == (2, 5))
    assert table.events.empty() and table.device.status.startswith("ok")


def test_a_fault_in_the_unit_restarts_it_and_it_says_hello_again(unit: Unit, table: Table) -> None:
    unit.press((1, 2))
    assert table.roll() == UnitRoll(UID, 1, (1, 2))
    table.device.ack(UID, 1)
    unit.crash()
    assert table.online(BOOTS[1])  # not left at the REPL: back, with a new boot id
    hellos = [parse_unit_line(line.rstrip(b"\n"), Diagnostics()) for line in unit.sent()
              if line.startswith(b"HELLO")]
    assert Hello(UID, "1.1", BOOTS[1]) in hellos
    unit.press((1, 2))  # counted from 1 again, and applied
    assert table.roll() == UnitRoll(UID, 1, (1, 2))
    table.device.ack(UID, 1)
    assert wait_for(lambda: unit.shows() == (1, 2))

