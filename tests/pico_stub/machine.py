"""The Pico's `machine` module for firmware/ under the MicroPython unix port (tests/pico.py runs it).

The test drives it through files in the folder named by $PICO_STUB: `button` holds GP16's level
("0" pressed, "1" released), `fault` makes the next read of the button raise once; this side writes
`leds` (each die's pip mask and the Pico's own LED) when they change and notes a reset in `resets`.
The unique id comes from $PICO_UNIQUE_ID. MicroPython only: no typing, no f-strings needed.
"""

import os
import sys

STUB = os.getenv("PICO_STUB")
RESET_STATUS = 75  # the process ends with this when the firmware calls reset(): the harness restarts it
BUTTON = 16
DICE = ((2, 3, 4, 5, 6, 7, 8), (9, 10, 11, 12, 13, 14, 15))

_levels = {}
_shown = None


def _path(name):
    return STUB + "/" + name


def _read(name):
    try:
        with open(_path(name)) as f:
            return f.read().strip()
    except OSError:
        return None


def _write(name, text):
    temporary = _path(name + ".new")
    with open(temporary, "w") as f:
        f.write(text)
    os.rename(temporary, _path(name))


def _show():
    """Write what the LEDs show now, if it changed: "mask1 mask2 status"."""
    global _shown
    masks = []
    for pins in DICE:
        mask = 0
        for i in range(7):
            if _levels.get(pins[i], 0):
                mask |= 1 << i
        masks.append(mask)
    shown = "%d %d %d" % (masks[0], masks[1], _levels.get("LED", 0))  # noqa: UP031 - MicroPython
    if shown != _shown:
        _shown = shown
        _write("leds", shown)


class Pin:
    OUT = 1
    IN = 0
    PULL_UP = 1

    def __init__(self, id, mode=-1, pull=-1, value=None):
        self.id = id
        if value is not None:
            _levels[id] = value

    def value(self, level=None):
        if self.id == BUTTON:
            if _read("fault") is not None:
                os.remove(_path("fault"))
                raise RuntimeError("a fault forced by the test")
            return 0 if _read("button") == "0" else 1
        if level is None:
            return _levels.get(self.id, 0)
        _levels[self.id] = level
        if self.id == "LED":  # the last pin set in each pass of the main loop
            _show()
        return None


def unique_id():
    return bytes(int(os.getenv("PICO_UNIQUE_ID")[i:i + 2], 16) for i in range(0, 16, 2))


def reset():
    with open(_path("resets"), "a") as f:
        f.write("reset\n")
    sys.exit(RESET_STATUS)
