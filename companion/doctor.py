"""`companion doctor`: is this Pi ready to be the table's banker? Each finding in plain words, with the fix.

It looks at what the config asks for: the SPI device and the reader's version register, the GPIO chip
and lgpio, the dice unit (found, opened, HELLO within 3 s), the data folder (writable, free space),
the clock, and the service. Findings are `ok`, `warn` (works, but look) or `fail` (the table cannot
work like this). With the service running, the devices are its own (a second program on the
reader would reset the chip under it): their state is then asked of the running service.
`simulate=True` checks the simulated devices, so the whole doctor runs without a Pi.
"""

from __future__ import annotations

import json
import logging
import os
import shutil
import sqlite3
import subprocess
import tempfile
import time
import urllib.request
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from importlib.metadata import PackageNotFoundError, version
from importlib.util import find_spec
from pathlib import Path

from .config import Config
from .editions import table_editions
from .hardware.tags import TagError, TagRegistry, registry_path
from .ledger.journal import journal_path
from .ledger.key import TableKey
from .ledger.problems import problem
from .ledger.readonly import blocked
from .ledger.recovery import diagnose
from .ledger.schema import first_fault
from .table.problem_words import terminal_lang, worded

log = logging.getLogger(__name__)

MIN_FREE = 100 * 1024 * 1024  # bytes the data folder's disk must have left
BACKUP_LAG = 26 * 3600  # a game written to this long after its newest backup: the daily backups stopped
READER_LIBRARY = "mfrc522-python>=0.0.9,<0.1"
HELLO_TIMEOUT = 3.0  # seconds for the dice unit to answer `?`
EARLIEST = datetime(2026, 1, 1, tzinfo=UTC)  # a clock before this was never set
SERVICE = "companion"
GENUINE = (0x91, 0x92)
WIRING = ("check the reader's wires against hardware/wiring.md (MISO to pin 21, MOSI to pin 19, 3.3 V to "
          "pin 17)")
INSTALL = "install the Pi's libraries into the companion's virtualenv: sudo systemd/install.sh does it"
GROUPS = ("add the user to the gpio, spi and dialout groups (sudo adduser USER gpio, and so on) and log "
          "in again; the service's own user already has them")

# A device's reason (from the driver, or the running service's status) -> the fix, first match wins.
HINTS = (
    ("RPi.GPIO", INSTALL),
    ("mfrc522 library", INSTALL),
    ("lgpio is not installed", INSTALL),
    ("no SPI device", "switch SPI on: sudo raspi-config nonint do_spi 0, then sudo reboot"),
    ("no MFRC522", WIRING),
    ("no chip answers", WIRING),
    ("stopped answering", WIRING),
    ("lost the reader", WIRING),
    ("ermission denied", GROUPS),
    ("not a Raspberry Pi", 'this is not a Pi: set the device\'s driver to "simulated" (or "none") in the '
                           "config"),
    ("vendor id", "plug the dice unit in by USB with a data cable (not a charge-only one); "
                  "firmware/README.md says how to flash it"),
    ("busy", "another program holds it (a second companion, a test script): stop it, or reboot"),
    ("in use", "another program holds it (a second companion, a test script): stop it, or reboot"),
    ("not writable", "set LG_WD to a folder the companion's user can write (see hardware/pi5.md)"),
)
OFFLINE = "see hardware/README.md, \"When a part says offline\", for this message"

Runner = Callable[[Sequence[str]], "tuple[int, str] | None"]


def installed_version(distribution: str) -> str | None:
    """The version of an installed Python distribution, or None."""
    try:
        return version(distribution)
    except PackageNotFoundError:
        return None


@dataclass(frozen=True)
class Finding:
    check: str  # what was looked at: "spi", "reader", "gpio", "dice unit", "data folder", ...
    level: str  # "ok" | "warn" | "fail"
    message: str
    fix: str = ""  # one sentence, for warn and fail


def hint(reason: str) -> str:
    for words, fix in HINTS:
        if words in reason:
            return fix
    return OFFLINE


def run_command(argv: Sequence[str]) -> tuple[int, str] | None:
    """Run a small system command: (exit status, its output), or None if it is not installed."""
    try:
        done = subprocess.run(list(argv), capture_output=True, text=True, timeout=10, check=False)
    except (FileNotFoundError, PermissionError):
        return None
    except subprocess.TimeoutExpired:
        return (124, "")
    return done.returncode, done.stdout.strip()


@dataclass
class Doctor:
    config: Config
    data_dir: Path
    simulate: bool = False
    config_path: Path | None = None
    run: Runner = run_command
    now: Callable[[], datetime] = field(default=lambda: datetime.now(UTC))
    dev: Path = Path("/dev")
    hello_timeout: float = HELLO_TIMEOUT
    min_free: int = MIN_FREE
    service_url: str | None = None  # the running service's dashboard (default: from the config's port)
    installed: Callable[[str], str | None] = installed_version

    CHECKS = ("config", "spi", "reader", "gpio", "dice unit", "data folder", "tags", "games", "backups",
              "clock", "service")

    def findings(self) -> Iterator[Finding]:
        """Every check's finding, in the order of CHECKS."""
        service = self.check_service()
        serving = service.level == "ok" and not self.simulate
        yield self.check_config()
        yield self.check_spi()
        yield self.check_reader(serving)
        yield self.check_gpio()
        yield self.check_dice_unit(serving)
        yield self.check_data()
        yield self.check_tags()
        yield self.check_games()
        yield self.check_backups()
        yield self.check_clock()
        yield service

    # ---- the config -----------------------------------------------------------------------------

    def check_config(self) -> Finding:
        if self.simulate:
            where = f"{self.config_path}, " if self.config_path else ""
            return Finding("config", "ok", f"{where}every device simulated (--simulate)")
        if self.config_path is None:
            return Finding("config", "warn", "no config file given: the defaults, where the devices are "
                                             "simulated, were checked",
                           "give the table's config: --config /etc/companion/config.toml")
        drivers = ", ".join(f"{name} {getattr(self.config, name).driver}"
                            for name in ("reader", "button", "dice_unit", "feedback"))
        return Finding("config", "ok", f"{self.config_path} ({drivers})")

    # ---- the reader ----------------------------------------------------------------------------

    def check_spi(self) -> Finding:
        reader = self.config.reader
        if reader.driver != "mfrc522":
            return Finding("spi", "ok", f"not needed (the reader is {reader.driver})")
        path = self.dev / f"spidev{reader.bus}.{reader.device}"
        if not path.exists():
            return Finding("spi", "fail", f"there is no {path}: SPI is off",
                           "switch SPI on: sudo raspi-config nonint do_spi 0, then sudo reboot")
        if not os.access(path, os.R_OK | os.W_OK):
            return Finding("spi", "fail", f"{path} is there but this user ({_user()}) may not use it", GROUPS)
        return Finding("spi", "ok", f"{path} is there and this user may use it")

    def check_reader(self, serving: bool = False) -> Finding:
        driver = self.config.reader.driver
        other = self.installed("mfrc522")
        if other is not None:  # pimylifeup's: the same module name, another API, files mixed with ours
            return Finding("reader", "fail" if driver == "mfrc522" else "warn",
                           f"pimylifeup's library \"mfrc522\" {other} is installed: another library under "
                           "the same module name (MFRC522_Request, not Request), so the reader cannot work",
                           f"pip uninstall mfrc522, then pip install --no-deps --force-reinstall "
                           f"'{READER_LIBRARY}' (in the companion's virtualenv: sudo systemd/install.sh)")
        if driver == "none":
            return Finding("reader", "ok", "no reader in the config (the table runs on the dashboard)")
        if serving and driver == "mfrc522":
            return self._as_the_service_sees("reader")
        from .hardware.reader import (
            MFRC522Reader,
            ReaderError,
            SimulatedReader,
            describe_version,
            make_reader,
        )

        reader = make_reader(self.config.reader)
        assert isinstance(reader, MFRC522Reader | SimulatedReader)  # driver "none" was answered above
        try:
            version = int(reader.version())
        except ReaderError as exc:
            return Finding("reader", "fail", str(exc), hint(str(exc)))
        except Exception as exc:  # a driver error we did not foresee: still one line
            return Finding("reader", "fail", f"{type(exc).__name__}: {exc}", OFFLINE)
        finally:
            reader.stop()
        what = f"{describe_version(version)} (version register 0x{version:02X})"
        if driver in ("simulated", "emulated"):
            return Finding("reader", "ok", f"{driver} reader answers: {what}")
        where = reader.where if isinstance(reader, MFRC522Reader) else "SPI"
        if version in GENUINE:
            return Finding("reader", "ok", f"{what} on {where}")
        if version in (0x00, 0xFF):
            return Finding("reader", "fail", f"{describe_version(version)} on {where}", WIRING)
        return Finding("reader", "warn", f"{what} on {where}",
                       "clones usually work; if taps are missed, try a genuine MFRC522 board")

    # ---- GPIO -----------------------------------------------------------------------------------

    def check_gpio(self) -> Finding:
        users = [name for name, on in (
            ("button", self.config.button.driver == "gpio"),
            ("feedback", self.config.feedback.driver == "gpio"),
            ("reader's reset pin", self.config.reader.driver == "mfrc522"),
        ) if on]
        if not users:
            kinds = sorted({self.config.button.driver, self.config.feedback.driver})
            return Finding("gpio", "ok", f"not needed (button and feedback: {' / '.join(kinds)})")
        chips = [self.dev / name for name in ("gpiochip0", "gpiochip4") if (self.dev / name).exists()]
        if not chips:
            return Finding("gpio", "fail", f"no {self.dev}/gpiochip0: is this a Raspberry Pi?",
                           'on another computer set the GPIO devices\' driver to "simulated" in the config')
        denied = [str(chip) for chip in chips if not os.access(chip, os.R_OK | os.W_OK)]
        if denied:
            return Finding("gpio", "fail", f"this user ({_user()}) may not use {', '.join(denied)}", GROUPS)
        missing = [name for name in ("lgpio", "RPi") if find_spec(name) is None]
        if self.config.reader.driver != "mfrc522" and "RPi" in missing:
            missing.remove("RPi")
        if missing:
            names = " and ".join({"lgpio": "lgpio", "RPi": "rpi-lgpio (RPi.GPIO)"}[m] for m in missing)
            return Finding("gpio", "fail", f"{names} not installed", INSTALL)
        shown = ", ".join(str(chip) for chip in chips)
        return Finding("gpio", "ok", f"{shown} usable by this user, lgpio installed "
                                     f"(for the {', '.join(users)})")

    # ---- the dice unit ---------------------------------------------------------------------------

    def check_dice_unit(self, serving: bool = False) -> Finding:
        config = self.config.dice_unit
        if config.driver == "none":
            return Finding("dice unit", "ok", "no dice unit in the config (the dice button or the "
                                              "dashboard rolls)")
        if serving and config.driver == "serial":
            return self._as_the_service_sees("dice_unit", "dice unit")
        if config.driver == "simulated":
            from .hardware.dice_unit import SimulatedDiceUnit

            unit = SimulatedDiceUnit()
            unit.start()
            try:
                finding = self.hello(unit.path)
            finally:
                unit.stop()
            if finding.level == "ok":
                return Finding("dice unit", "ok", f"simulated: {finding.message}")
            return finding
        path = config.port
        if path == "auto":
            from .hardware.dice_unit.serial_port import NOT_FOUND, find_dice_units

            found = find_dice_units()
            if not found:
                return Finding("dice unit", "fail", NOT_FOUND, hint("vendor id"))
            path = found[0]
        return self.hello(path)

    def hello(self, path: str) -> Finding:
        """Open the port, send `?`, wait for HELLO: a found, working unit."""
        import serial  # type: ignore[import-untyped]

        from .hardware.dice_protocol import Query, encode
        from .hardware.dice_unit import BAUD, UnitLink

        try:
            port = serial.serial_for_url(path, baudrate=BAUD, timeout=0.1, write_timeout=1.0, exclusive=True)
        except (OSError, ValueError) as exc:
            text = str(exc)
            if "ermission" in text:
                fix = GROUPS
            elif "lock" in text or "busy" in text:
                fix = "another program has the port open (the companion service?): stop it first"
            else:
                fix = "plug the dice unit in again, or check [dice_unit] port in the config"
            return Finding("dice unit", "fail", f"cannot open {path}: {text}", fix)
        # The table's own half of the protocol (dice_unit/link.py) reads the lines: a HELLO it takes
        # is one the table would take. Nothing is emitted: a ROLL before HELLO is only asked about.
        link = UnitLink(send=lambda line: bool(port.write(line)))
        quiet = [logging.getLogger(name) for name in ("companion.hardware.dice_protocol",
                                                      "companion.hardware.dice_unit.link")]
        was = [logger.level for logger in quiet]
        for logger in quiet:
            logger.setLevel(logging.ERROR)  # a half line from before we opened is no news here
        try:
            port.reset_input_buffer()
            port.write(encode(Query()))
            deadline = time.monotonic() + self.hello_timeout
            while time.monotonic() < deadline:
                link.feed(port.read(256))
                if link.introduced:
                    return Finding("dice unit", "ok", f"unit {link.unit} (firmware {link.version}) "
                                                      f"answered on {path}")
        except OSError as exc:
            return Finding("dice unit", "fail", f"lost {path}: {exc}", "plug the dice unit in again")
        finally:
            for logger, level in zip(quiet, was, strict=True):
                logger.setLevel(level)
            port.close()
        counts = link.diagnostics.counts
        garbled = f" ({sum(counts.values())} garbled lines)" if counts else ""
        return Finding("dice unit", "fail", f"{path} opened but no HELLO came within {self.hello_timeout:g} s"
                                            f"{garbled}",
                       "flash the dice unit's firmware (firmware/README.md) and plug it in again")

    # ---- asking the running service ---------------------------------------------------------------

    def _as_the_service_sees(self, key: str, name: str | None = None) -> Finding:
        name = name or key
        host = self.config.host if self.config.host not in ("0.0.0.0", "::", "") else "127.0.0.1"
        url = self.service_url or f"http://{host}:{self.config.port}"
        stop_first = "to let the doctor test it itself: sudo systemctl stop companion, then run it again"
        try:
            with urllib.request.urlopen(url.rstrip("/") + "/api/devices", timeout=3) as response:
                status = str(json.load(response).get(key, "unknown"))
        except (OSError, ValueError) as exc:
            return Finding(name, "warn", f"the service is running but its dashboard at {url} does not answer "
                                         f"({exc})", "see why: journalctl -u companion -e")
        said = f"{status} (as the running service reports it)"
        if status.startswith("ok") or status == "off":
            return Finding(name, "ok", said)
        if status.startswith("offline"):
            return Finding(name, "fail", said, hint(status))
        return Finding(name, "warn", said, stop_first)

    # ---- the data folder --------------------------------------------------------------------------

    def check_data(self) -> Finding:
        path = self.data_dir
        fix = ("give a folder this user can write: --data DIR, or data = \"...\" in the config "
               "(the service's is /var/lib/companion)")
        existing = path
        while not existing.exists() and existing != existing.parent:
            existing = existing.parent
        if not existing.is_dir():
            return Finding("data folder", "fail", f"{path} cannot be made: {existing} is a file, not a "
                                                  "folder", fix)
        try:
            if existing == path:
                with tempfile.NamedTemporaryFile(dir=path, prefix=".doctor-"):
                    pass
            elif not os.access(existing, os.W_OK | os.X_OK):
                raise PermissionError(f"{existing} is not writable by {_user()}")
        except OSError as exc:
            return Finding("data folder", "fail", f"{path} is not writable: {exc.strerror or exc}", fix)
        free = shutil.disk_usage(existing).free
        shown = f"{free / 1e9:.1f} GB" if free >= 1e9 else f"{free / 1e6:.0f} MB"
        to_be = "" if existing == path else " (it will be made at start)"
        if free < self.min_free:
            return Finding("data folder", "fail", f"{path} has only {shown} free{to_be}",
                           f"free at least {self.min_free // 1_000_000} MB on that disk (old backups in "
                           f"{path / 'backups'} may go)")
        return Finding("data folder", "ok", f"{path} is writable{to_be}, {shown} free")

    # ---- the tags ----------------------------------------------------------------------------------

    def check_tags(self) -> Finding:
        """The tags file read as the table reads it, and how far each board the table knows (the
        shipped ones, the family's files) is enrolled: its deeds, and its cards once any is."""
        path = registry_path(self.config.tags, self.data_dir)
        enrol = "enrol them: the Banker page's Tags section, or companion enroll --edition ID"
        try:
            registry = TagRegistry.load(path)
        except TagError as exc:
            return Finding("tags", "fail", str(exc), f"mend the line it names in {path}, or move the "
                                                     f"file away and enrol again")
        if not len(registry):  # a table not enrolled yet is not broken: it plays from the screens
            if self.simulate:
                return Finding("tags", "ok", f"none in {path}: the simulated table makes up every board's")
            return Finding("tags", "ok", f"none enrolled yet in {path}: enrol them on the Banker page "
                                         f"(Tags) or with companion enroll")
        known = table_editions(self.data_dir).known
        boards, complete = [], []
        for each in known.values():
            edition = each.edition()
            tags = set(registry.as_dict(edition.id).values())
            deeds = sum(f"deed:{sq.id}" in tags for sq in edition.ownable)
            printed = [f"card:{deck}:{card.number}"
                       for deck, cards in edition.decks.items() for card in cards]
            cards = sum(card in tags for card in printed)
            said = f"{edition.id}: {deeds} of {len(edition.ownable)} deeds"
            boards.append(said + (f", {cards} of {len(printed)} cards" if cards else ""))
            if deeds == len(edition.ownable):
                complete.append(edition.id)
        pieces = sum(1 for m in registry.as_dict().values() if m.startswith("token:"))
        banker = "the banker's tag" if "banker" in registry.as_dict().values() else "no banker's tag"
        unknown = [board for board in registry.boards() if board not in known]
        detail = f"{path}: {'; '.join(boards)}; {pieces} tokens, {banker}"
        if unknown:
            return Finding("tags", "warn", f"{detail}; tags for a board this table does not know: "
                                           f"{', '.join(unknown)}",
                           "put that board's edition file in the data folder's editions/ (or remove "
                           "its [tags.ID] section)")
        if not complete:
            return Finding("tags", "warn", f"{detail}; no board has a tag for every deed", enrol)
        return Finding("tags", "ok", detail)

    # ---- the games ---------------------------------------------------------------------------------

    def check_games(self) -> Finding:
        """Every game's chain and journal, read without writing: a game damaged in every record is
        named with the command that recovers it, one the table cannot write with the fix."""
        games = sorted((self.data_dir / "games").glob("*.sqlite"))
        if not games:
            return Finding("games", "ok", "no games yet")
        key = TableKey.read(self.data_dir)
        fails, warns, fixes = [], [], []
        for game in games:
            why = blocked(game, journal_path(game))
            if why is not None:  # worded in the terminal's language; the fix is a shell command
                fails.append(worded(problem("unwritable", game=game.stem, **why), terminal_lang()))
                fixes.append(why["fix"])
            if key is None:
                continue
            found = diagnose(game, key.chain, key.table_id)
            if found is None:
                continue
            level, said = found[0], worded(found[1], terminal_lang())  # the ledger says what, not how
            if level == "fail":
                fails.append(said.split(" `companion recover")[0])
                fixes.append(f"companion recover {game.stem} (the damaged game is kept, archived)")
            else:
                warns.append(said)
        if key is None:
            warns.append("this table's key (table.key) is missing or cannot be read, so no game's chain "
                         "was checked")
        if fails:
            return Finding("games", "fail", "; ".join(fails + warns), "; ".join(fixes))
        if warns:
            return Finding("games", "warn", "; ".join(warns),
                           "start the table (companion run, or the service): it puts them right")
        return Finding("games", "ok", f"every game of {len(games)} checks out in its database and its "
                                      "journal")

    # ---- the backups -------------------------------------------------------------------------------

    def check_backups(self) -> Finding:
        """Each game's newest backup opens and is whole, and is not much older than the game itself:
        a failed backup never stops a game, so this is where it shows."""
        games = sorted((self.data_dir / "games").glob("*.sqlite"))
        if not games:
            return Finding("backups", "ok", "no games yet")
        fix = (f"see why with journalctl -u companion -e; {self.data_dir / 'backups'} must be writable by "
               "the companion's user and its disk must have room")
        damaged, missing, stale, newest = [], [], [], 0.0
        for game in games:
            copies = sorted((self.data_dir / "backups" / game.stem).glob("*.sqlite"))
            if not copies:
                missing.append(game.stem)
                continue
            if not _whole(copies[-1]):
                damaged.append(copies[-1].name)
            made = copies[-1].stat().st_mtime
            newest = max(newest, made)
            if game.stat().st_mtime - made > BACKUP_LAG:
                stale.append(game.stem)
        if damaged:
            return Finding("backups", "fail", f"damaged backups: {', '.join(damaged)}",
                           "keep the game files as they are and copy the data folder elsewhere; " + fix)
        if missing or stale:
            said = [f"no backup of {', '.join(missing)}"] if missing else []
            said += [f"no backup in the last day of play of {', '.join(stale)}"] if stale else []
            return Finding("backups", "warn", "; ".join(said), fix)
        age = self.now().timestamp() - newest
        shown = f"{age / 3600:.0f} h" if age >= 3600 else f"{max(age, 0) / 60:.0f} min"
        return Finding("backups", "ok", f"every game of {len(games)} has a whole backup "
                                        f"(the newest {shown} old)")

    # ---- the clock ----------------------------------------------------------------------------------

    def check_clock(self) -> Finding:
        now = self.now()
        shown = now.strftime("%Y-%m-%d %H:%M UTC")
        synced = self.run(["timedatectl", "show", "-p", "NTPSynchronized", "--value"])
        if synced is None or synced[0] != 0 or synced[1] not in ("yes", "no"):
            sync = "time-server state unknown"
        elif synced[1] == "yes":
            sync = "set from a time server"
        else:
            sync = "not set from a time server (no internet on the table's own wifi is fine)"
        if now < EARLIEST:
            return Finding("clock", "warn", f"the clock says {shown}, which cannot be right ({sync})",
                           "connect the Pi to the internet once so it sets its clock; meanwhile the "
                           "companion takes the time from the first tablet that connects")
        return Finding("clock", "ok", f"{shown}, {sync}")

    # ---- the service --------------------------------------------------------------------------------

    def check_service(self) -> Finding:
        state = self.run(["systemctl", "is-active", SERVICE])
        if state is None:
            return Finding("service", "warn", "no systemctl here: the service was not checked",
                           "on the Pi, sudo systemd/install.sh sets the service up")
        word = state[1].splitlines()[-1] if state[1] else ""
        if word == "active":
            return Finding("service", "ok", "the companion service is running")
        if word == "failed":
            return Finding("service", "fail", "the companion service failed",
                           "see why with journalctl -u companion -e, then: sudo systemctl restart companion")
        if word in ("activating", "reloading", "deactivating"):
            return Finding("service", "warn", f"the companion service is {word}",
                           "wait a few seconds; if it keeps restarting, journalctl -u companion -e says why")
        if word == "inactive":
            loaded = self.run(["systemctl", "show", "-p", "LoadState", "--value", SERVICE])
            if loaded is not None and loaded[1] == "not-found":
                return Finding("service", "warn", "the companion service is not installed",
                               "to start the table at power-on: sudo systemd/install.sh")
            return Finding("service", "warn", "the companion service is stopped",
                           "start it (and at every boot): sudo systemctl enable --now companion")
        return Finding("service", "warn", "systemd is not running here: the service was not checked",
                       "on the Pi, sudo systemd/install.sh sets the service up")


def _whole(path: Path) -> bool:
    """A backup opens read-only as SQLite and its integrity check passes (indexes included)."""
    try:
        with sqlite3.connect(f"file:{path}?mode=ro", uri=True) as db:
            return first_fault(db) is None
    except sqlite3.Error:
        return False


def _user() -> str:
    try:
        import pwd

        return pwd.getpwuid(os.getuid()).pw_name
    except (KeyError, ImportError):
        return str(os.getuid())


def report(findings: Iterator[Finding], out: Callable[[str], None]) -> int:
    """Print the findings as they come; answers the number of fails."""
    counts = {"ok": 0, "warn": 0, "fail": 0}
    width = max(len(name) for name in Doctor.CHECKS)
    for finding in findings:
        counts[finding.level] += 1
        out(f"{finding.level:<5} {finding.check:<{width}}  {finding.message}")
        if finding.fix and finding.level != "ok":
            out(f"{'':<5} {'':<{width}}  fix: {finding.fix}")
    out(f"{counts['ok']} ok, {counts['warn']} warn, {counts['fail']} fail")
    return counts["fail"]
