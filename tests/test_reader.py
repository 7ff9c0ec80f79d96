"""The RFID reader as a player meets it: one tap per card put down, whole UIDs, a reader that survives.

The real driver and the real `mfrc522` library run against an MFRC522 emulated at the SPI register
level (companion/hardware/mock/mfrc522_chip.py); only `spidev` and `RPi.GPIO` are fakes. Most tests poll by
hand with a made-up clock, so timing never races.
"""

from __future__ import annotations

import importlib
import queue
import sys
import threading
import types
from dataclasses import dataclass, field
from typing import Any

import pytest

from companion.config import ReaderConfig
from companion.hardware.device import Event, Tap
from companion.hardware.mock.mfrc522_chip import GPIO, Bus, Card, Chip
from companion.hardware.reader import (
    MFRC522Reader,
    NoReader,
    SimulatedReader,
    TagTracker,
    describe_version,
    make_reader,
)
from companion.hardware.tags import BadTag
from tests.waiting import wait_for

POLL = 0.08
NTAG_A = "04a1b2c3d4e5f6"
NTAG_B = "04a1b20badf00d"  # the same first cascade level as NTAG_A: 0x88 04 a1 b2
CLASSIC = "a1b2c3d4"


@dataclass
class Rig:
    """A Pi with an MFRC522 on SPI 0.0, a reader driver on it, and a clock we move by hand."""

    bus: Bus
    gpio: GPIO
    chip: Chip = field(default_factory=Chip)
    now: float = 100.0
    taps: list[str] = field(default_factory=list)
    reader: MFRC522Reader = field(init=False)

    def __post_init__(self) -> None:
        self.bus.chips[(0, 0)] = self.chip
        config = ReaderConfig(driver="mfrc522", poll_interval=POLL)
        self.reader = MFRC522Reader(config, clock=lambda: self.now)

    def poll(self, times: int = 1) -> float:
        delay = 0.0
        for _ in range(times):
            self.now += POLL
            delay = self.reader.poll_once(self.emit)
        return delay

    def emit(self, event: Event) -> None:
        assert isinstance(event, Tap)
        self.taps.append(event.uid)

    def place(self, uid: str, **kwargs: Any) -> Card:
        return self.chip.place(Card(bytes.fromhex(uid), **kwargs))

    def wait(self, seconds: float) -> None:
        """Time passes with nothing on the reader."""
        self.now += seconds


@pytest.fixture
def bus(monkeypatch: pytest.MonkeyPatch) -> tuple[Bus, GPIO]:
    """Fake spidev and RPi.GPIO in sys.modules, and a fresh import of the real mfrc522 library."""
    spi_bus, gpio = Bus(), GPIO()
    rpi = types.ModuleType("RPi")
    rpi.GPIO = gpio  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "spidev", spi_bus.spidev_module())
    monkeypatch.setitem(sys.modules, "RPi", rpi)
    monkeypatch.setitem(sys.modules, "RPi.GPIO", gpio)
    for name in [n for n in sys.modules if n == "mfrc522" or n.startswith("mfrc522.")]:
        monkeypatch.delitem(sys.modules, name)
    importlib.import_module("mfrc522")
    # The library waits for the chip in 1 ms sleeps: on the chip's clock, so waits cost no real time.
    monkeypatch.setattr(sys.modules["mfrc522.MFRC522"], "sleep", spi_bus.clock.sleep)
    return spi_bus, gpio


@pytest.fixture
def rig(bus: tuple[Bus, GPIO]) -> Rig:
    return Rig(*bus)


# --- Whole UIDs -------------------------------------------------------------------------------

def test_a_4_byte_card_is_read_whole_then_halted(rig: Rig) -> None:
    card = rig.place(CLASSIC)
    rig.poll()
    assert rig.taps == [CLASSIC]
    assert rig.reader.status == "ok"
    assert card.log == ["WUPA", "ANTICOLL CL1", "SELECT CL1", "HALT"]


def test_a_7_byte_ntag_sticker_is_read_whole_through_the_second_cascade_level(rig: Rig) -> None:
    card = rig.place(NTAG_A)
    rig.poll()
    assert rig.taps == [NTAG_A]  # 7 bytes, no 0x88 cascade tag
    assert card.log == ["WUPA", "ANTICOLL CL1", "SELECT CL1", "ANTICOLL CL2", "SELECT CL2", "HALT"]


def test_a_10_byte_uid_is_read_whole_through_three_cascade_levels(rig: Rig) -> None:
    rig.place("11223344556677889900")
    rig.poll()
    assert rig.taps == ["11223344556677889900"]


def test_two_stickers_sharing_the_first_cascade_level_are_told_apart(rig: Rig) -> None:
    from mfrc522 import BasicMFRC522  # type: ignore[import-untyped]

    # The library on its own stops at cascade level 1: both stickers look the same to it.
    library = BasicMFRC522()
    seen = []
    for uid in (NTAG_A, NTAG_B):
        rig.place(uid)
        seen.append(library.read_id_no_block())
    library.MFRC522.spi.close()
    assert seen[0] is not None and seen[0] == seen[1]

    rig.place(NTAG_A)
    rig.poll(3)
    rig.chip.remove()
    rig.poll(3)
    rig.place(NTAG_B)
    rig.poll(3)
    assert rig.taps == [NTAG_A, NTAG_B]


def test_a_sticker_leaving_mid_read_is_no_tap_and_never_half_a_uid(rig: Rig) -> None:
    card = rig.place(NTAG_A, leaves_after="SELECT CL1")
    rig.poll(5)
    assert rig.taps == []
    assert rig.reader.status == "ok"
    assert card.log == ["WUPA", "ANTICOLL CL1", "SELECT CL1"]  # gone before cascade level 2


@pytest.mark.parametrize("garbled", ["ANTICOLL CL1", "ANTICOLL CL2", "SELECT CL1", "SELECT CL2"])
def test_a_garbled_answer_is_a_missed_poll_not_a_wrong_uid(rig: Rig, garbled: str) -> None:
    card = rig.place(NTAG_A)
    card.garbled.add(garbled)
    rig.poll()
    assert rig.taps == []
    card.garbled.clear()
    rig.poll()
    assert rig.taps == [NTAG_A]


@pytest.mark.parametrize("errors", [[0x02], [0x00, 0x08]])  # ParityErr on the ATQA; CollErr after
def test_a_parity_or_collision_error_is_a_missed_poll_then_the_card_is_read(rig: Rig,
                                                                             errors: list[int]) -> None:
    rig.place(CLASSIC)
    rig.chip.errors = errors
    rig.poll()
    assert rig.taps == []
    rig.poll(2)  # the card, left half-way, ignores one WUPA, then answers in full
    assert rig.taps == [CLASSIC]


# --- Taps: presence is not a tap --------------------------------------------------------------

def test_a_card_left_on_the_reader_is_one_tap(rig: Rig) -> None:
    rig.place(NTAG_A)
    rig.poll(100)  # 8 seconds
    assert rig.taps == [NTAG_A]


def test_a_deed_resting_on_the_reader_then_lifted_and_put_straight_back_is_no_new_tap(rig: Rig) -> None:
    rig.place(CLASSIC)
    rig.poll(30)  # resting there: still seen (woken from HALT every poll), never counted gone
    rig.chip.remove()
    rig.poll(3)
    rig.wait(0.4)
    rig.place(CLASSIC)
    rig.poll(3)
    assert rig.taps == [CLASSIC]


@pytest.mark.parametrize("flaky_every", [2, 3, 5])
def test_a_flaky_card_missing_single_polls_is_one_tap(rig: Rig, flaky_every: int) -> None:
    card = rig.place(NTAG_A, flaky_every=flaky_every)
    rig.poll(60)
    assert card.log.count("WUPA") == 60
    assert card.log.count("SELECT CL2") < 60  # it did drop
    assert rig.taps == [NTAG_A]


def test_a_card_missing_two_polls_in_a_row_is_still_one_tap(rig: Rig) -> None:
    card = rig.place(CLASSIC)
    rig.poll(2)
    for _ in range(5):
        card.miss(2)
        rig.poll(4)
    assert rig.taps == [CLASSIC]


def test_a_card_lifted_for_three_polls_and_put_back_after_a_second_is_a_second_tap(rig: Rig) -> None:
    rig.place(CLASSIC)
    rig.poll(3)
    rig.chip.remove()
    rig.poll(3)  # counted removed at the third miss
    rig.wait(1.1)
    rig.place(CLASSIC)
    rig.poll(3)
    assert rig.taps == [CLASSIC, CLASSIC]


def test_the_same_card_back_within_a_second_is_the_same_tap(rig: Rig) -> None:
    rig.place(CLASSIC)
    rig.poll(3)
    rig.chip.remove()
    rig.poll(3)
    rig.wait(0.6)
    rig.place(CLASSIC)
    rig.poll(10)
    assert rig.taps == [CLASSIC]


def test_another_card_is_a_tap_at_once(rig: Rig) -> None:
    rig.place(NTAG_A)
    rig.poll(3)
    rig.place(CLASSIC)  # swapped without a gap
    rig.poll()
    assert rig.taps == [NTAG_A, CLASSIC]


# --- Surviving the hardware -------------------------------------------------------------------

def test_the_library_global_gpio_cleanup_is_never_called(rig: Rig) -> None:
    rig.place(CLASSIC)
    rig.poll(3)
    with rig.bus.unplug():
        rig.poll(2)
    rig.poll(2)
    rig.reader.stop()
    assert rig.gpio.calls.get("cleanup", 0) == 0
    assert rig.gpio.pins == {25: 1}  # the reset pin, BCM numbering, held high
    assert rig.gpio.mode == GPIO.BCM
    assert rig.bus.opened == 2 and rig.bus.closed == 2  # every SPI open was closed


def test_a_missing_spi_device_is_offline_then_recovers_when_it_appears(bus: tuple[Bus, GPIO]) -> None:
    spi_bus, gpio = bus
    reader = MFRC522Reader(ReaderConfig(driver="mfrc522"))
    taps: list[Event] = []
    delays = [reader.poll_once(taps.append) for _ in range(6)]
    assert reader.status.startswith("offline: there is no SPI device /dev/spidev0.0")
    assert "raspi-config" in reader.status
    assert delays == [0.5, 1.0, 2.0, 4.0, 5.0, 5.0]  # retried, backing off to every few seconds
    chip = spi_bus.chips[(0, 0)] = Chip()
    chip.place(Card(bytes.fromhex(NTAG_A)))
    assert reader.poll_once(taps.append) == reader.poll_interval
    assert reader.status == "ok"
    assert taps == [Tap(NTAG_A)]


def test_a_reader_lost_mid_game_goes_offline_and_comes_back_without_a_false_tap(rig: Rig) -> None:
    rig.place(NTAG_A)
    rig.poll(2)
    with rig.bus.unplug():
        rig.poll()
        assert rig.reader.status.startswith("offline: lost the reader on /dev/spidev0.0")
        rig.poll()
        assert rig.reader.status.startswith("offline: there is no SPI device")
    rig.poll(3)
    assert rig.reader.status == "ok"
    assert rig.taps == [NTAG_A]  # the deed never left the reader: no second tap


def test_a_chip_off_its_wires_is_offline_with_a_wiring_hint(rig: Rig) -> None:
    rig.chip.wired = False
    rig.poll()
    assert rig.reader.status == "offline: no MFRC522 answers on /dev/spidev0.0: check the wiring"
    rig.chip.wired = True
    rig.poll()
    assert rig.reader.status == "ok"
    rig.chip.wired = False  # comes off while running: found at the next poll
    rig.poll()
    assert rig.reader.status.startswith("offline: the MFRC522 on /dev/spidev0.0 stopped answering")


def test_a_chip_that_browned_out_sees_the_next_card_within_a_poll(rig: Rig) -> None:
    rig.poll()
    rig.chip.power_cycle()  # a brown-out: registers back to reset values, timer and antenna off
    rig.place(CLASSIC)
    started = rig.bus.clock.now()
    rig.poll()
    assert rig.taps == [CLASSIC]
    assert rig.bus.clock.now() - started < 0.1  # not seconds of waiting for an interrupt that never comes


def test_a_browned_out_chip_with_no_card_polls_as_fast_as_before(rig: Rig) -> None:
    rig.poll()
    rig.chip.power_cycle()
    started = rig.bus.clock.now()
    rig.poll(10)
    assert (rig.bus.clock.now() - started) / 10 < 0.008  # a no-card poll: the timer's 5.5 ms
    rig.place(NTAG_A)
    rig.poll()
    assert rig.taps == [NTAG_A]


def test_a_poll_without_a_card_waits_5_5_ms_not_the_librarys_15_5(rig: Rig) -> None:
    rig.poll()
    assert rig.chip.timer_period == pytest.approx(0.0055, abs=0.0001)
    started = rig.bus.clock.now()
    rig.poll(10)
    assert (rig.bus.clock.now() - started) / 10 < 0.008


def test_a_tap_is_reported_before_the_card_is_halted(rig: Rig) -> None:
    """HLTA gets no answer, so halting waits out the timer: the tap must not wait with it."""
    card = rig.place(NTAG_A)
    logged_at_tap: list[list[str]] = []
    rig.reader.poll_once(lambda event: logged_at_tap.append(list(card.log)))
    assert logged_at_tap == [["WUPA", "ANTICOLL CL1", "SELECT CL1", "ANTICOLL CL2", "SELECT CL2"]]
    assert card.log[-1] == "HALT"  # and halted straight after, so the next poll's WUPA wakes it


def test_the_emulated_chip_keeps_the_datasheet_timer(rig: Rig) -> None:
    """What the fake must not hide: only the timer ends a wait for a card that is not there."""
    rig.poll()
    chip = rig.reader._chip
    clock = rig.bus.clock
    started = clock.now()
    assert chip.Request(chip.PICC_REQALL)[0] != chip.MI_OK  # no card: the timer ends the wait
    assert rig.chip.timer_period <= clock.now() - started < rig.chip.timer_period + 0.003
    rig.chip.power_cycle()  # TModeReg 0x00: the timer never starts
    started = clock.now()
    status, _, _ = chip.MFRC522_ToCard(chip.PCD_TRANSCEIVE, [0x52])
    assert status == chip.MI_ERR and clock.now() - started > 2.0  # the library's 2,000 reads, in vain
    chip.WriteReg(0x04, 0x7F)  # clear every interrupt flag
    chip.WriteReg(0x01, 0x00)  # the host writes Idle
    assert chip.ReadReg(0x04) & 0x10 == 0  # and no IdleIRq comes of it


def test_the_library_missing_is_offline_with_the_install_hint(
    rig: Rig, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "mfrc522", None)
    rig.poll()
    assert rig.reader.status.startswith("offline: the mfrc522 library is missing")
    assert "companion[pi]" in rig.reader.status


def test_rpi_gpio_missing_is_offline_naming_rpi_lgpio(rig: Rig, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "RPi.GPIO", None)
    rig.poll()
    assert rig.reader.status.startswith("offline: RPi.GPIO is not installed")
    assert "rpi-lgpio" in rig.reader.status


def test_version_tells_a_genuine_chip_from_a_clone(rig: Rig) -> None:
    assert rig.reader.version() == 0x92
    assert describe_version(0x92) == "MFRC522 v2.0"
    assert describe_version(0x91) == "MFRC522 v1.0"
    assert "clone" in describe_version(0x88)
    assert describe_version(0xB2) == "FM17522_1 (a clone)"
    assert describe_version(0x89) == "FM17522E (a clone)"
    assert describe_version(0x90) == "MFRC522 v0.0"
    assert "check the wiring" in describe_version(0x00)
    rig.reader.stop()
    assert rig.bus.closed == 1


def test_the_real_reader_in_its_thread_emits_taps_and_stops(rig: Rig) -> None:
    reader = MFRC522Reader(ReaderConfig(driver="mfrc522", poll_interval=0.05), retry_first=0.01,
                           retry_max=0.1)
    taps: queue.Queue[Event] = queue.Queue()
    rig.bus.chips.clear()  # no reader at start: the table runs on
    reader.start(taps.put)
    assert wait_for(lambda: reader.status.startswith("offline: there is no SPI device"))
    rig.bus.chips[(0, 0)] = rig.chip
    rig.place(NTAG_B)
    assert taps.get(timeout=5) == Tap(NTAG_B)
    assert reader.status == "ok"
    reader.stop()
    assert reader.status == "stopped"
    assert not any(t.name == "reader-poll" for t in threading.enumerate())
    assert rig.bus.closed == rig.bus.opened == 1
    assert taps.empty()


def test_a_table_that_fails_to_take_a_tap_does_not_stop_the_reader(rig: Rig) -> None:
    def broken(event: Event) -> None:
        raise RuntimeError("the table is busy")

    rig.place(CLASSIC)
    rig.reader.poll_once(broken)
    rig.chip.remove()
    rig.poll(3)
    rig.place(NTAG_A)
    rig.poll()
    assert rig.taps == [NTAG_A]
    assert rig.reader.status == "ok"


# --- The tracker alone ------------------------------------------------------------------------

def feed(tracker: TagTracker, polls: list[tuple[float, str | None]]) -> list[str]:
    return [uid for now, seen in polls if (uid := tracker.feed(seen, now)) is not None]


def test_tracker_counts_a_card_removed_only_after_three_missed_polls() -> None:
    tracker = TagTracker()
    assert feed(tracker, [(0.0, "aa"), (0.1, None), (0.2, None)]) == ["aa"]
    assert tracker.present == "aa"
    tracker.feed(None, 0.3)
    assert tracker.present is None


def test_tracker_retap_window_is_measured_from_the_counted_removal() -> None:
    tracker = TagTracker()
    polls = [(0.0, "aa"), (0.1, None), (0.2, None), (0.3, None), (1.3, "aa"), (1.4, None), (1.5, None),
             (1.6, None), (2.61, "aa")]
    assert feed(tracker, polls) == ["aa", "aa"]


def test_tracker_a_different_card_is_a_tap_even_while_the_first_is_still_counted_present() -> None:
    tracker = TagTracker()
    assert feed(tracker, [(0.0, "aa"), (0.1, None), (0.2, "bb"), (0.3, "aa")]) == ["aa", "bb", "aa"]


# --- The simulated twin and the factory -------------------------------------------------------

def test_simulated_taps_are_taps_like_the_real_ones() -> None:
    reader = SimulatedReader(0.01)
    taps: queue.Queue[Event] = queue.Queue()
    reader.start(taps.put)
    try:
        assert reader.tap("04:A1:B2:C3:D4:E5:F6").wait(5)
        assert taps.get(timeout=5) == Tap(NTAG_A)
        reader.place(CLASSIC)  # left on the reader
        assert taps.get(timeout=5) == Tap(CLASSIC)
        assert wait_for(lambda: reader.polls > 20)
        reader.remove()
        assert reader.tap(NTAG_B).wait(5)
        assert taps.get(timeout=5) == Tap(NTAG_B)
        assert taps.empty()
    finally:
        reader.stop()


def test_simulated_same_card_tapped_twice_in_a_blink_is_one_tap() -> None:
    now = [0.0]
    reader = SimulatedReader(0.08, clock=lambda: now[0])
    taps: list[Event] = []
    reader.tap(CLASSIC)
    for _ in range(8):
        now[0] += 0.08
        reader.poll_once(taps.append)
    reader.tap(CLASSIC)
    for _ in range(8):
        now[0] += 0.08
        reader.poll_once(taps.append)
    assert taps == [Tap(CLASSIC)]
    now[0] += 1.5
    reader.tap(CLASSIC)
    reader.poll_once(taps.append)
    assert taps == [Tap(CLASSIC), Tap(CLASSIC)]


def test_simulated_reader_unplugged_is_offline_and_plugged_back_is_ok() -> None:
    reader = SimulatedReader(0.08)
    taps: list[Event] = []
    reader.unplug()
    assert reader.poll_once(taps.append) == 0.2
    assert reader.status == "offline: the reader is unplugged"
    reader.plug()
    reader.place(CLASSIC)
    reader.poll_once(taps.append)
    assert reader.status == "ok" and taps == [Tap(CLASSIC)]


def test_simulated_reader_refuses_a_malformed_uid() -> None:
    reader = SimulatedReader()
    with pytest.raises(BadTag, match="not a tag UID"):
        reader.place("mayfair")


def test_make_reader_picks_the_driver_from_the_config(bus: tuple[Bus, GPIO]) -> None:
    assert isinstance(make_reader(ReaderConfig(driver="simulated")), SimulatedReader)
    off = make_reader(ReaderConfig(driver="none"))
    assert isinstance(off, NoReader) and off.status == "off"
    off.start(lambda event: None)
    off.stop()
    real = make_reader(ReaderConfig(driver="mfrc522", bus=1, device=2))
    assert isinstance(real, MFRC522Reader)
    real.start(lambda event: None)  # nothing on SPI 1.2: offline, never an exception
    assert wait_for(lambda: real.status.startswith("offline: there is no SPI device /dev/spidev1.2"))
    real.stop()
