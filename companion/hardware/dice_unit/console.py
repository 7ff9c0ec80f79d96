"""A simulated dice unit at the console, for `companion run --dice-port PATH` without a Pico at hand:
`python -m companion.hardware.dice_unit`. Enter rolls, "u" unplugs, "p" plugs back, "r" pulls the cable
and puts it back (the unit restarts), "q" quits."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TextIO

from .simulated import SimulatedDiceUnit


def serve(unit: SimulatedDiceUnit, commands: Iterable[str], out: TextIO) -> None:
    unit.start()
    out.write(f"simulated dice unit on {unit.path} (companion run --dice-port {unit.path})\n")
    for command in commands:
        command = command.strip()
        if command == "q":
            break
        if command == "u":
            unit.unplug()
            out.write("unplugged\n")
        elif command == "p":
            out.write(f"plugged in on {unit.plug()}\n")
        elif command == "r":
            out.write(f"replugged (boot {unit.boot}) on {unit.replug()}\n")
        else:
            seq = unit.press()
            out.write(f"roll {seq}: {unit.dice}\n" if seq else "still waiting for the last roll's answer\n")
        out.write(f"shows {unit.dice} ({unit.mode})\n")
    unit.stop()
