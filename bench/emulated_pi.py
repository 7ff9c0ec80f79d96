"""`companion run` on a Pi whose RFID reader is the emulated MFRC522
(companion/hardware/mock/mfrc522_chip.py) on the machine's real clock: the real reader driver and
the real `mfrc522` library poll it as they poll the chip on a Pi, with the datasheet's timings (the
chip's timer, the air, the SPI bus at 1 MHz).

Run by bench/reader_speed.py, not by hand: `python bench/emulated_pi.py CONFIG DATA PORT PIN`.
Standard input takes `place UID` and `remove`; each placement answers `placed T` on standard output,
T being time.perf_counter() at the moment the card entered the field (the same clock in every
process of the machine).
"""

from __future__ import annotations

import sys
import threading
import time
import types
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from companion.hardware.mock.mfrc522_chip import GPIO, Bus, Card, Chip, Clock  # noqa: E402


def emulate() -> Chip:
    """Fake spidev and RPi.GPIO in sys.modules, with one MFRC522 on SPI 0.0."""
    bus, gpio = Bus(Clock.real()), GPIO()
    chip = bus.chips[(0, 0)] = Chip()
    rpi = types.ModuleType("RPi")
    rpi.GPIO = gpio  # type: ignore[attr-defined]
    sys.modules.update({"spidev": bus.spidev_module(), "RPi": rpi, "RPi.GPIO": gpio})
    return chip


def hands(chip: Chip) -> None:
    """The player's hand: cards in and out of the field, as standard input says."""
    for line in sys.stdin:
        words = line.split()
        if words[:1] == ["place"]:
            chip.place(Card(bytes.fromhex(words[1])))
            print(f"placed {time.perf_counter()!r}", flush=True)
        elif words[:1] == ["remove"]:
            chip.remove()


def main() -> int:
    config, data, port, pin = sys.argv[1:5]
    chip = emulate()
    threading.Thread(target=hands, args=(chip,), daemon=True).start()
    from companion.cli import main as companion

    return companion(["run", "--config", config, "--data", data, "--port", port, "--host", "127.0.0.1",
                      "--banker-pin", pin])


if __name__ == "__main__":
    sys.exit(main())
