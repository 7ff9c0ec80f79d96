"""The reader's driver "emulated": the real MFRC522 driver and the real `mfrc522` library over the mock
chip of companion/hardware/mock/, as `companion run --simulate` runs it when the config asks."""

from __future__ import annotations

import sys
import threading
from collections.abc import Callable
from pathlib import Path

from companion.config import ReaderConfig, load_config
from companion.daemon import simulator
from companion.hardware.device import Event, Tap
from companion.hardware.mock.reader import EmulatedReader
from companion.hardware.reader import SimulatedReader, make_reader
from companion.table.devices import Devices

NTAG = "04a1b2c3d4e5f6"


def wait_for(condition: Callable[[], bool], timeout: float = 20.0) -> bool:
    done = threading.Event()
    deadline = threading.Timer(timeout, done.set)
    deadline.start()
    try:
        while not done.is_set():
            if condition():
                return True
            done.wait(0.01)
        return condition()
    finally:
        deadline.cancel()


def test_a_tap_goes_through_the_real_driver_and_the_emulated_chip() -> None:
    reader = make_reader(ReaderConfig(driver="emulated", poll_interval=0.01))
    assert isinstance(reader, EmulatedReader)
    taps: list[str] = []

    def emit(event: Event) -> None:
        assert isinstance(event, Tap)
        taps.append(event.uid)

    with reader:
        reader.start(emit)
        lifted = reader.tap(NTAG)
        assert wait_for(lambda: taps == [NTAG] and lifted.is_set())
        assert reader.status == "ok"
        assert reader.chip.transfers > 0  # every poll went over the emulated SPI bus
        assert reader.chip.card is None  # lifted again, as a hand does
        reader.place("5a0000000000ff")
        assert wait_for(lambda: taps == [NTAG, "5a0000000000ff"])
        assert reader.version() == 0x92


def test_the_emulated_library_leaves_the_process_modules_alone() -> None:
    before = {name: sys.modules.get(name) for name in ("spidev", "RPi", "RPi.GPIO")}
    reader = EmulatedReader(ReaderConfig(driver="emulated"))
    assert reader.version() == 0x92  # the library was loaded and spoke to the chip
    reader.stop()
    assert {name: sys.modules.get(name) for name in before} == before


def test_simulate_keeps_a_reader_the_config_emulates(tmp_path: Path) -> None:
    emulated = tmp_path / "emulated.toml"
    emulated.write_text('[reader]\ndriver = "emulated"\n')
    plain = tmp_path / "plain.toml"
    plain.write_text('[reader]\ndriver = "mfrc522"\n')
    assert load_config(emulated, simulate=True).reader.driver == "emulated"
    assert load_config(plain, simulate=True).reader.driver == "simulated"  # the positive control
    devices = Devices.from_config(load_config(emulated, simulate=True), tmp_path)
    assert isinstance(devices.reader, EmulatedReader)
    simulator(devices)  # the Virtual table's taps reach it as they reach the simulated reader
    plain_devices = Devices.from_config(load_config(plain, simulate=True), tmp_path)
    assert isinstance(plain_devices.reader, SimulatedReader)
