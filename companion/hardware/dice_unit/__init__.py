"""The dice unit, a Pico on USB serial: what the table sees of it, and the driver the config picks.

One file per idea: `link.py` is the Pi's half of the protocol without a port (what each line means,
which rolls were applied), `serial_port.py` the real driver over pyserial, `simulated.py` a simulated
Pico on a pseudo-terminal (which the real driver opens like any port), `console.py` that simulated
unit at the console.
"""

from __future__ import annotations

from typing import Protocol

from ...config import DiceUnitConfig
from ..device import Device, Emit
from ..errors import BadDriver
from .console import serve
from .link import UnitLink
from .serial_port import BAUD, MICROPYTHON_PID, PICO_VID, SerialDiceUnit, find_dice_units, is_dice_unit
from .simulated import SimulatedDiceUnit

__all__ = ["BAUD", "MICROPYTHON_PID", "PICO_VID", "DiceUnit", "NoDiceUnit", "SerialDiceUnit",
           "SimulatedDiceUnit", "UnitLink", "find_dice_units", "is_dice_unit", "make_dice_unit", "serve"]


class DiceUnit(Protocol):
    """A dice unit as the table sees it: rolls come as UnitRoll events and are answered here."""

    name: str

    @property
    def status(self) -> str: ...

    def start(self, emit: Emit) -> None: ...

    def stop(self) -> None: ...

    def close(self) -> None: ...

    def ack(self, unit: str, seq: int) -> None: ...

    def nak(self, unit: str, seq: int, word: str) -> None: ...

    def show(self, d1: int, d2: int) -> None: ...


class NoDiceUnit(Device):
    """No dice unit at this table (driver "none"): answers go nowhere."""

    name = "dice unit"
    status = "off"

    def start(self, emit: Emit) -> None:
        self._check_open()

    def stop(self) -> None:
        pass

    def ack(self, unit: str, seq: int) -> None:
        pass

    def nak(self, unit: str, seq: int, word: str) -> None:
        pass

    def show(self, d1: int, d2: int) -> None:
        pass


def make_dice_unit(config: DiceUnitConfig, port_override: str | None = None) -> SerialDiceUnit | NoDiceUnit:
    """The dice unit the config asks for; `port_override` (`--dice-port`) always means a serial port."""
    if port_override:
        return SerialDiceUnit(port_override)
    if config.driver == "serial":
        return SerialDiceUnit(config.port)
    if config.driver == "simulated":
        unit = SimulatedDiceUnit()
        return SerialDiceUnit(unit.path, simulated=unit)
    if config.driver == "none":
        return NoDiceUnit()
    raise BadDriver(f"unknown dice unit driver {config.driver!r} (known: serial, simulated, none)")
