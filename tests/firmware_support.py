"""The Pico firmware's pure modules, imported under CPython with firmware/ on sys.path.

They import each other by bare name (as on the Pico's flash), hence the path entry.
"""

from __future__ import annotations

import importlib
import sys
from pathlib import Path
from typing import Any

FIRMWARE = Path(__file__).resolve().parent.parent / "firmware"
if str(FIRMWARE) not in sys.path:
    sys.path.insert(0, str(FIRMWARE))

fw_protocol: Any = importlib.import_module("protocol")
fw_dice: Any = importlib.import_module("dice")
fw_debounce: Any = importlib.import_module("debounce")
fw_unit: Any = importlib.import_module("unit")

for _module in (fw_protocol, fw_dice, fw_debounce, fw_unit):
    assert Path(_module.__file__).parent == FIRMWARE, f"{_module.__name__} shadowed by {_module.__file__}"
