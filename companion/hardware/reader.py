"""The RFID reader: taps of deeds, tokens and cards, from an MFRC522 on SPI or from code.

A reader polls in its own thread and turns the raw "which card is in the field now" into taps: a tap
is a card arriving, not a card lying there. The real driver runs the `mfrc522` library's low-level
chip class; on a Raspberry Pi 5 (and on any Pi with Bookworm) the library's `RPi.GPIO` import is
served by `rpi-lgpio`, a drop-in RPi.GPIO on lgpio (`pip install 'companion[pi]'`; uninstall the
distribution's python3-rpi.gpio first). The hardware libraries are imported only when the real reader
opens, so the simulated reader runs anywhere.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Callable
from typing import Any

from ..config import ReaderConfig
from .device import Device, Emit, Tap
from .errors import BadDriver, DeviceBusy, ReaderError
from .tags import normalize_uid

log = logging.getLogger(__name__)

MISSES_TO_REMOVE = 3  # the chip drops a present card every few reads: 3 misses in a row = gone
RETAP_WINDOW = 1.0  # seconds: the same card back this soon after it went is the same tap

VERSION_REG = 0x37
T_MODE_REG = 0x2A  # the timer's mode: Init() sets TAuto (0x8D), a reset clears it (0x00)
T_RELOAD_L_REG = 0x2D
# How long a request waits for a card that is not there, in the timer's 0.5 ms ticks (Init()'s
# prescaler), less one. The library sets 30 (15.5 ms), which is most of a poll with no card; a card
# answers REQA, anticollision and SELECT within 0.1 ms (ISO 14443-3's frame delay time), so 5.5 ms is
# still 50 times enough, and every empty poll is 10 ms shorter.
NO_CARD_TICKS = 10
BIT_FRAMING_REG = 0x0D
CASCADE_LEVELS = (0x93, 0x95, 0x97)  # SEL codes of cascade levels 1, 2, 3 (ISO 14443-3)
CASCADE_TAG = 0x88  # first UID byte of a level that is not the last one
SAK_CASCADE = 0x04  # SAK bit: the UID is not complete yet
ANTICOLLISION = 0x20  # NVB: no UID bits known, every card answers with its 4 bytes and BCC
SELECT = 0x70  # NVB: all 40 bits given
# VersionReg: NXP's own (datasheet 9.3.4.8) and the clones' (as the Arduino MFRC522 library lists them).
VERSIONS = {0x90: "MFRC522 v0.0", 0x91: "MFRC522 v1.0", 0x92: "MFRC522 v2.0",
            0x88: "FM17522 (a clone)", 0x89: "FM17522E (a clone)", 0xB2: "FM17522_1 (a clone)",
            0x12: "a counterfeit MFRC522 (0x12)"}


def describe_version(version: int) -> str:
    """VersionReg in words, for `companion doctor`: genuine chips read 0x91 or 0x92."""
    if version in (0x00, 0xFF):
        return f"no chip answers (version register reads 0x{version:02X}): check the wiring"
    return VERSIONS.get(version, f"an unknown chip (version 0x{version:02X})")


class TagTracker:
    """Presence to taps: fed one poll at a time (a UID or None), answers the UID when it is a tap."""

    def __init__(self, misses_to_remove: int = MISSES_TO_REMOVE, retap_window: float = RETAP_WINDOW) -> None:
        self.misses_to_remove = misses_to_remove
        self.retap_window = retap_window
        self.present: str | None = None  # the card counted as on the reader
        self._misses = 0
        self._gone: tuple[str, float] | None = None  # the last card counted removed, and when

    def feed(self, uid: str | None, now: float) -> str | None:
        """One poll's result at monotonic time `now`; the UID if this poll is a new tap."""
        if uid is None:
            if self.present is not None:
                self._misses += 1
                if self._misses >= self.misses_to_remove:
                    self._gone = (self.present, now)
                    self.present = None
            return None
        self._misses = 0
        if uid == self.present:
            return None
        if self.present is not None:  # another card at once: the first one went, this one is a tap
            self._gone = (self.present, now)
            self.present = uid
            return uid
        self.present = uid
        if self._gone is not None and self._gone[0] == uid and now - self._gone[1] <= self.retap_window:
            return None  # lifted and put back in a blink (or a flaky read): still the same tap
        return uid


class PollingReader(Device):
    """A reader polled by its own thread: open, read a UID, feed the tracker, emit taps; survive."""

    name = "reader"

    def __init__(
        self,
        poll_interval: float = 0.08,
        *,
        retry_first: float = 0.5,
        retry_max: float = 5.0,
        clock: Callable[[], float] = time.monotonic,
        tracker: TagTracker | None = None,
    ) -> None:
        self.poll_interval = poll_interval
        self.retry_first = retry_first
        self.retry_max = retry_max
        self.clock = clock
        self.tracker = tracker or TagTracker()
        self.polls = 0
        self._status = "stopped"
        self._opened = False
        self._retry = retry_first
        self._emit: Emit | None = None
        self._lock = threading.RLock()  # one conversation with the chip at a time
        self._poke = threading.Event()
        self._stopping = threading.Event()
        self._thread: threading.Thread | None = None

    # What a driver provides.
    def open(self) -> None:
        """Get the hardware ready; raise (ReaderError, with the reason) if it is not there."""

    def release(self) -> None:
        """Let go of the hardware; called after a failure and at stop."""

    def read_uid(self) -> str | None:
        """The UID of the card in the field now (lower-case hex), or None."""
        raise NotImplementedError

    def after_poll(self) -> None:
        """What a driver does once a poll's tap is on its way (the real reader halts the card)."""

    # The device interface.
    @property
    def status(self) -> str:
        return self._status

    @property
    def alive(self) -> bool:
        """Its polling thread runs (False before start(), after stop(), or if the thread died)."""
        return self._thread is not None and self._thread.is_alive()

    def start(self, emit: Emit) -> None:
        self._check_open()
        if self._thread is not None and self._thread.is_alive():
            raise DeviceBusy("the reader is already running")
        self._emit = emit
        self._stopping.clear()
        self._status = "starting"
        self._thread = threading.Thread(target=self._run, name=f"{self.name}-poll", daemon=True)
        self._thread.start()

    def stop(self) -> None:
        self._stopping.set()
        self._poke.set()
        if self._thread is not None:
            self._thread.join(timeout=10)
            if self._thread.is_alive():
                log.error("the %s thread did not stop within 10 s", self.name)
            self._thread = None
        with self._lock:
            self._shut()
        self._status = "stopped"

    def _run(self) -> None:
        delay = 0.0
        while not self._stopping.is_set():
            self._poke.wait(delay)
            self._poke.clear()
            if self._stopping.is_set():
                return
            delay = self.poll_once()

    def poke(self) -> None:
        """Poll now rather than at the next tick (the simulated reader: a card was just placed)."""
        self._poke.set()

    def poll_once(self, emit: Emit | None = None) -> float:
        """One poll: read, track, emit. Answers the seconds to wait before the next one.

        The thread calls it with the emit given to start(); tests may call it directly.
        """
        emit = emit or self._emit
        with self._lock:
            try:
                if not self._opened:
                    self.open()
                    self._opened = True
                uid = self.read_uid()
            except Exception as exc:  # a reader fault must never stop the table
                return self._failed(exc)
            self.polls += 1
            if self._status != "ok":
                log.info("%s: ok", self.name)
                self._status = "ok"
            self._retry = self.retry_first
            tapped = self.tracker.feed(uid, self.clock())
        if tapped is not None and emit is not None:
            try:
                emit(Tap(tapped))
            except Exception:
                log.exception("the table could not take the tap of %s", tapped)
        with self._lock:
            if self._opened:
                self.after_poll()
        return self.poll_interval

    def _failed(self, exc: Exception) -> float:
        why = str(exc) if isinstance(exc, ReaderError) else f"{type(exc).__name__}: {exc}"
        status = f"offline: {why}"
        if status != self._status:
            log.warning("%s %s (retrying every few seconds)", self.name, status, exc_info=not isinstance(
                exc, ReaderError | OSError | ImportError))
        self._status = status
        self._shut()
        delay = self._retry
        self._retry = min(self._retry * 2, self.retry_max)
        return delay

    def _shut(self) -> None:
        if not self._opened:
            return
        self._opened = False
        try:
            self.release()
        except Exception:
            log.exception("%s: closing failed", self.name)


class SimulatedReader(PollingReader):
    """The reader's twin: cards are placed and lifted from code (tests, dashboard, console)."""

    def __init__(self, poll_interval: float = 0.08, *, hold_polls: int = 3, **kwargs: Any) -> None:
        kwargs.setdefault("retry_first", 0.2)
        kwargs.setdefault("retry_max", 1.0)
        super().__init__(poll_interval, **kwargs)
        self.hold_polls = hold_polls
        self._card: str | None = None
        self._lift_in: int | None = None
        self._lifted: threading.Event | None = None
        self._unplugged: str | None = None
        self._cards = threading.Lock()

    def place(self, uid: str) -> None:
        """Put a card on the reader and leave it there."""
        uid = normalize_uid(uid)
        with self._cards:
            self._card, self._lift_in = uid, None
        self.poke()

    def remove(self) -> None:
        """Lift the card off the reader."""
        with self._cards:
            self._card, self._lift_in = None, None
            if self._lifted is not None:
                self._lifted.set()

    def tap(self, uid: str) -> threading.Event:
        """Place a card and lift it after a few polls; the event is set once it has been lifted.

        The same card tapped again within a second of being lifted is the same tap, as on the table.
        """
        uid = normalize_uid(uid)
        lifted = threading.Event()
        with self._cards:
            if self._lifted is not None:
                self._lifted.set()
            self._card, self._lift_in, self._lifted = uid, self.hold_polls, lifted
        self.poke()
        return lifted

    chip_version = 0x92  # what version() answers, as a genuine MFRC522 v2.0 does

    def version(self) -> int:
        """The version register, as the real reader reads it (`companion doctor --simulate`)."""
        if self._unplugged:
            raise ReaderError(self._unplugged)
        return self.chip_version

    def unplug(self, reason: str = "the reader is unplugged") -> None:
        """Make the reader fail as a real one does when its cable comes off."""
        self._unplugged = reason

    def plug(self) -> None:
        self._unplugged = None

    def open(self) -> None:
        if self._unplugged:
            raise ReaderError(self._unplugged)

    def read_uid(self) -> str | None:
        if self._unplugged:
            raise ReaderError(self._unplugged)
        with self._cards:
            uid = self._card
            if self._lift_in is not None:
                self._lift_in -= 1
                if self._lift_in <= 0:
                    self._card, self._lift_in = None, None
                    if self._lifted is not None:
                        self._lifted.set()
            return uid


class NoReader(Device):
    """No reader at this table (driver "none"): the table runs on buttons and the dashboard."""

    name = "reader"
    status = "off"

    def start(self, emit: Emit) -> None:
        self._check_open()

    def stop(self) -> None:
        pass


class MFRC522Reader(PollingReader):
    """An MFRC522 on SPI through `mfrc522-python`, reading whole 4-, 7- and 10-byte UIDs.

    The library's own readers stop at the first cascade level, where every NTAG sticker answers
    0x88 and three bytes, so two stickers can look alike; we finish the cascade with its
    primitives. We never call its Close(): that runs GPIO.cleanup() on every pin of the process.
    """

    def __init__(self, config: ReaderConfig, **kwargs: Any) -> None:
        super().__init__(config.poll_interval, **kwargs)
        self.config = config
        self._chip: Any = None
        self._t_mode = 0  # TModeReg as Init() leaves it; 0x00 after a reset
        self._halt = False

    @property
    def where(self) -> str:
        return f"/dev/spidev{self.config.bus}.{self.config.device}"

    def open(self) -> None:
        try:
            import RPi.GPIO as GPIO  # type: ignore[import-untyped,import-not-found]
        except ImportError:
            raise ReaderError(
                "RPi.GPIO is not installed (on a Pi: pip install 'companion[pi]', which brings rpi-lgpio)"
            ) from None
        except RuntimeError as exc:  # "This module can only be run on a Raspberry Pi!", or a Pi 5
            raise ReaderError(f"RPi.GPIO cannot run here ({exc}); on a Pi 5 install rpi-lgpio") from None
        try:
            from mfrc522 import MFRC522  # type: ignore[import-untyped,import-not-found]
        except ImportError as exc:
            raise ReaderError(
                f"the mfrc522 library is missing ({exc}): pip install 'companion[pi]'") from None
        mode = GPIO.getmode()
        if mode not in (None, GPIO.BCM):
            log.warning("GPIO numbering is already %s, not BCM: reset_pin %d may be the wrong pin",
                        mode, self.config.reset_pin)
        chip = MFRC522.__new__(MFRC522)  # built in two steps so a half-made chip's SPI can be closed
        try:
            chip.__init__(bus=self.config.bus, device=self.config.device, pin_mode=GPIO.BCM,
                          pin_rst=self.config.reset_pin)
        except FileNotFoundError:
            raise ReaderError(f"there is no SPI device {self.where}: enable SPI (raspi-config)") from None
        except OSError as exc:
            _close_spi(chip)
            raise ReaderError(f"{self.where}: {exc.strerror or exc}") from None
        except Exception:
            _close_spi(chip)
            raise
        finally:
            _quiet_library_logger()
        version = chip.ReadReg(VERSION_REG)
        if version in (0x00, 0xFF):
            _close_spi(chip)
            raise ReaderError(f"no MFRC522 answers on {self.where}: check the wiring")
        self._chip = chip
        self._set_up()
        self._halt = False
        log.info("RFID reader on %s: %s", self.where, describe_version(version))

    def release(self) -> None:
        chip, self._chip = self._chip, None
        if chip is not None:
            _close_spi(chip)

    def version(self) -> int:
        """VersionReg: 0x91/0x92 a genuine MFRC522, 0x88 a clone (see describe_version)."""
        with self._lock:
            if not self._opened:
                self.open()
                self._opened = True
            return int(self._chip.ReadReg(VERSION_REG))

    def read_uid(self) -> str | None:
        try:
            return self._read_uid()
        except OSError as exc:
            raise ReaderError(f"lost the reader on {self.where}: {exc.strerror or exc}") from exc

    def _read_uid(self) -> str | None:
        chip = self._chip
        # One register read a poll tells the chip is still as we set it up. SPI cannot tell a chip
        # off its wires (every register reads 0x00, and each request would wait 2 s for an interrupt)
        # nor one that browned out and reset itself: its timer is then off, so every empty poll waits
        # out the library's 2,000 reads, and its antenna is off, so it sees no card.
        if chip.ReadReg(T_MODE_REG) != self._t_mode:
            self._set_up_again()
        status, _ = chip.Request(chip.PICC_REQALL)  # WUPA: also wakes the card we halted last poll
        if status != chip.MI_OK:
            return None
        uid = self._whole_uid()
        self._halt = True  # once the tap is on its way (after_poll): HLTA waits out the timer
        return uid.hex() if uid is not None else None

    def after_poll(self) -> None:
        """Halt the card just read, so the next poll's WUPA wakes it: a card left there stays seen."""
        if self._halt and self._chip is not None:
            self._halt = False
            try:
                self._chip.Halt()
            except OSError as exc:  # the next poll says what became of the reader
                log.debug("halting the card: %s", exc)

    def _set_up_again(self) -> None:
        chip = self._chip
        version = chip.ReadReg(VERSION_REG)
        if version in (0x00, 0xFF):
            raise ReaderError(f"the MFRC522 on {self.where} stopped answering: check the wiring")
        log.warning("the RFID reader was reset (a brown-out?): setting it up again")
        chip.Init()
        self._set_up()

    def _set_up(self) -> None:
        """After the library's Init(): a shorter wait for no card; note TModeReg to tell a reset by."""
        chip = self._chip
        chip.WriteReg(T_RELOAD_L_REG, NO_CARD_TICKS)
        self._t_mode = chip.ReadReg(T_MODE_REG)

    def _whole_uid(self) -> bytes | None:
        """Anticollision and SELECT through every cascade level; None if the card went mid-way."""
        chip = self._chip
        uid = b""
        for level, sel in enumerate(CASCADE_LEVELS):
            if level == 0:
                status, part = chip.Anticoll()  # cascade level 1, BCC checked
            else:
                status, part = self._anticoll(sel)
            if status != chip.MI_OK:
                return None
            sak = self._select(sel, part)
            if sak is None:
                return None
            if not sak & SAK_CASCADE:
                return uid + bytes(part[:4])
            if part[0] != CASCADE_TAG:
                log.debug("SAK says the UID goes on but level %d has no cascade tag: %s", level + 1, part)
                return None
            uid += bytes(part[1:4])
        return None

    def _anticoll(self, sel: int) -> tuple[int, list[int]]:
        """The library's Anticoll at any cascade level: 4 UID bytes and their BCC, checked."""
        chip = self._chip
        chip.WriteReg(BIT_FRAMING_REG, 0x00)
        status, data, _ = chip.MFRC522_ToCard(chip.PCD_TRANSCEIVE, [sel, ANTICOLLISION])
        if status != chip.MI_OK or len(data) != 5 or data[0] ^ data[1] ^ data[2] ^ data[3] != data[4]:
            return chip.MI_ERR, []
        return chip.MI_OK, data

    def _select(self, sel: int, part: list[int]) -> int | None:
        """SELECT at one level; the SAK (its CRC checked), or None.

        Not the library's SelectTag: it answers 0 for a failure, and 0 is an NTAG's real SAK.
        """
        chip = self._chip
        frame = [sel, SELECT, *part[:5]]
        frame += chip.CalulateCRC(frame)
        status, data, bits = chip.MFRC522_ToCard(chip.PCD_TRANSCEIVE, frame)
        if status != chip.MI_OK or bits != 24 or len(data) < 3:
            return None
        if chip.CalulateCRC(data[:1]) != data[1:3]:
            return None
        return int(data[0])

def _close_spi(chip: Any) -> None:
    spi = getattr(chip, "spi", None)
    if spi is not None:
        try:
            spi.close()
        except OSError as exc:
            log.debug("closing SPI: %s", exc)


def _quiet_library_logger() -> None:
    """The library adds a stderr handler on each construction; ours log through the root logger."""
    library = logging.getLogger("mfrc522Logger")
    for handler in list(library.handlers):
        if type(handler) is logging.StreamHandler:
            library.removeHandler(handler)


def make_reader(config: ReaderConfig) -> Device:
    """The reader the config names; a missing one reports "offline" and keeps trying, never raises."""
    if config.driver == "mfrc522":
        return MFRC522Reader(config)
    if config.driver == "simulated":
        return SimulatedReader(config.poll_interval)
    if config.driver == "none":
        return NoReader()
    raise BadDriver(f"unknown reader driver {config.driver!r} (mfrc522, simulated or none)")
