"""A short game played only through the simulated devices: taps on the reader, presses of the
dice button, rolls of the dice unit over a pseudo-terminal. The ledger keeps every pound."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from companion.config import ButtonConfig, FeedbackConfig
from companion.hardware.button import SimulatedButton
from companion.hardware.dice_unit import SerialDiceUnit, SimulatedDiceUnit
from companion.hardware.feedback import make_feedback
from companion.hardware.reader import SimulatedReader
from companion.hardware.tags import TagRegistry
from companion.ledger import DataFolder
from companion.ledger.export import export_jsonl
from companion.replay import replay
from companion.table import Table, game_tags
from companion.table.devices import Devices

WHITECHAPEL, CAR, DOG = "04a1b2c3d4e5f6", "0a0b0c0d", "0a0b0c0e"


def eventually(check: Callable[[], bool], timeout: float = 10.0) -> None:
    deadline = time.monotonic() + timeout
    while not check():
        if time.monotonic() > deadline:
            raise AssertionError("the table did not get there in time")
        time.sleep(0.01)


@pytest.fixture
def table(tmp_path: Path) -> Iterator[tuple[Table, Devices, SimulatedDiceUnit]]:
    registry = TagRegistry(tmp_path / "tags.toml")
    registry.add(WHITECHAPEL, "deed:whitechapel-road")
    registry.add(CAR, "token:car")
    registry.add(DOG, "token:dog")
    unit_dice = iter([(1, 2), (3, 4)])
    pico = SimulatedDiceUnit(dice=lambda: next(unit_dice))
    devices = Devices(
        reader=SimulatedReader(poll_interval=0.02),
        button=SimulatedButton(ButtonConfig(long_press=0.3, bounce=0.01)),
        dice_unit=SerialDiceUnit(pico.path, simulated=pico),
        feedback=make_feedback(FeedbackConfig()),
    )
    button_dice = iter([(1, 2), (2, 2), (1, 2)])
    folder = DataFolder(tmp_path / "data")
    t = Table(folder, roll=lambda: next(button_dice), registry=registry,
              feedback=devices.feedback, dice_unit=devices.dice_unit)
    devices.start(t.on_event)
    eventually(lambda: devices.dice_unit.status.startswith("ok"))
    start = {"do": "new_game", "players": ["Ann", "Bob"], "seed": 1, "rules": {"shuffle": False},
             "tags": game_tags(registry.as_dict(), {"Ann": "car", "Bob": "dog"})}
    assert t.new_game(start).ok
    yield t, devices, pico
    devices.stop()
    t.close()
    folder.close()


Rig = tuple[Table, Devices, SimulatedDiceUnit]


def test_a_game_through_taps_presses_and_serial_rolls(table: Rig) -> None:
    t, devices, pico = table
    store = t.store
    assert store is not None

    devices.button.press()  # Ann rolls 1 + 2: Whitechapel Road is offered
    eventually(lambda: (t.snapshot()["pending"] or {}).get("kind") == "buy")
    devices.reader.tap(WHITECHAPEL)  # she taps its deed: bought
    eventually(lambda: t.snapshot()["properties"]["whitechapel-road"]["owner"] == "Ann")
    devices.button.press(long=True)  # long press: end of her turn
    eventually(lambda: t.snapshot()["turn"] == "Bob")

    assert pico.press() == 1  # Bob rolls 1 + 2 on the dice unit: 4 rent to Ann
    eventually(lambda: pico.mode == "steady")  # the Pi stored it and answered ACK
    shown = t.snapshot()
    assert [p["cash"] for p in shown["players"]] == [1444, 1496]
    assert shown["players"][1]["position"] == 3

    assert pico.press() == 2  # no roll is due: the unit hears NAK NOTURN and blinks it away
    eventually(lambda: pico.mode in ("blinking", "off"))
    assert any(getattr(line, "word", None) == "NOTURN" for line in pico.received)
    assert t.snapshot()["players"][1]["position"] == 3  # nothing moved

    devices.button.press(long=True)
    eventually(lambda: t.snapshot()["turn"] == "Ann")
    devices.button.press()  # Ann rolls 2 + 2 from square 3: Chance 1, advance to GO (+200)
    eventually(lambda: t.snapshot()["players"][0]["position"] == 0)
    assert t.snapshot()["players"][0]["cash"] == 1644
    eventually(lambda: pico.dice == (2, 2))  # the unit shows a roll made on the button (SHOW)

    # The ledger: who did what, and the money adds up from the transfers alone.
    sources = [entry.source for entry in store.history()]
    assert sources == ["banker", "button", "reader", "button", "dice", "button", "button"]
    balances = store.balances()
    for seat, name in enumerate(store.game.names):
        assert balances[name] == store.game.cash[seat]
    assert replay(export_jsonl(store).splitlines()).state()["players"] == t.snapshot()["players"]
    played = list(devices.feedback.played)
    assert played.count("rejected") == 1  # the roll that was not due; every other input accepted
    assert "decision" in played  # the buy offer: the light blinks until it is answered
