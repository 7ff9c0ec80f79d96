"""The real reader: an MFRC522 on SPI through the `mfrc522` library, reading whole UIDs.

On a Raspberry Pi 5 (and on any Pi with Bookworm) the library's `RPi.GPIO` import is served by
`rpi-lgpio`, a drop-in RPi.GPIO on lgpio (`pip install 'companion[pi]'`; uninstall the
distribution's python3-rpi.gpio first). The hardware libraries are imported only when the reader
opens, so the rest of the package runs anywhere.
"""

from __future__ import annotations

import logging
from typing import Any

from ...config import ReaderConfig
from ..errors import ReaderError
from .polling import PollingReader

log = logging.getLogger(__name__)

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

    def library(self) -> tuple[Any, Any]:
        """RPi.GPIO and the library's MFRC522 class, imported now (the emulated reader: its own)."""
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
        return GPIO, MFRC522

    def open(self) -> None:
        GPIO, MFRC522 = self.library()
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


