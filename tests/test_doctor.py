"""`companion doctor`: every check runs in simulated mode, each failure comes with its fix, the reader
check reads the version register of the emulated MFRC522 through the real driver, and the dice unit
check gets a HELLO over a pty."""

from __future__ import annotations

import http.server
import json
import os
import sqlite3
import subprocess
import sys
import threading
import time
from collections.abc import Iterator, Sequence
from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path

import pytest

from companion.config import Config, DiceUnitConfig, ReaderConfig
from companion.doctor import Doctor, Finding
from companion.hardware.dice_unit import SimulatedDiceUnit
from companion.hardware.mock.mfrc522_chip import GPIO, Bus, Chip

from .test_reader import bus  # noqa: F401  (the fake spidev and RPi.GPIO, and the real mfrc522 library)

ROOT = Path(__file__).resolve().parent.parent


def doctor_cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "companion.cli", "doctor", *args], capture_output=True,
                          text=True, timeout=60, cwd=ROOT)


def lines_of(out: str) -> dict[str, str]:
    """check -> its level, from the printed report."""
    found = {}
    for line in out.splitlines():
        for check in Doctor.CHECKS:
            if line[6:].startswith(check + " ") and line[:5].strip() in ("ok", "warn", "fail"):
                found[check] = line[:5].strip()
    return found


def never_run(argv: Sequence[str]) -> tuple[int, str] | None:
    return None


def test_doctor_simulate_checks_everything_and_passes(tmp_path: Path) -> None:
    done = doctor_cli("--simulate", "--data", str(tmp_path / "data"))
    assert done.returncode == 0, done.stdout + done.stderr
    levels = lines_of(done.stdout)
    assert list(levels) == list(Doctor.CHECKS)
    assert "fail" not in levels.values()
    assert "MFRC522 v2.0 (version register 0x92)" in done.stdout
    assert "simulated: unit " in done.stdout and "answered on /dev/pts/" in done.stdout
    assert done.stdout.rstrip().splitlines()[-1].endswith(" 0 fail")
    assert not (tmp_path / "data").exists()  # looking is not making


def test_a_data_folder_that_cannot_be_written_fails_with_the_fix(tmp_path: Path) -> None:
    blocker = tmp_path / "file-not-dir"
    blocker.write_text("a file where the folder should be")  # unwritable even for root
    done = doctor_cli("--simulate", "--data", str(blocker / "sub"))
    assert done.returncode == 1
    assert lines_of(done.stdout)["data folder"] == "fail"
    report = done.stdout.splitlines()
    at = next(i for i, line in enumerate(report) if line.startswith("fail  data folder"))
    assert f"{blocker} is a file, not a folder" in report[at]
    assert "fix: give a folder this user can write: --data DIR" in report[at + 1]


def test_a_config_that_cannot_be_read_is_a_fail(tmp_path: Path) -> None:
    bad = tmp_path / "config.toml"
    bad.write_text("[reader]\ndriver = 'laser'\n")
    done = doctor_cli("--config", str(bad))
    assert done.returncode == 1
    assert done.stdout.startswith("fail  config")
    assert "fix: correct the file" in done.stdout


def test_the_shipped_config_is_the_one_checked(tmp_path: Path) -> None:
    shipped = ROOT / "systemd" / "config.toml"
    done = doctor_cli("--simulate", "--config", str(shipped), "--data", str(tmp_path))
    assert done.returncode == 0, done.stdout
    assert f"ok    config       {shipped}, every device simulated" in done.stdout


# ---- the reader, through the real driver on the emulated chip ---------------------------------------


def pi(tmp_path: Path, **parts: object) -> Doctor:
    """A doctor for a Pi whose /dev is tmp_path/dev: spidev0.0 and gpiochip0 there."""
    dev = tmp_path / "dev"
    dev.mkdir(exist_ok=True)
    for node in ("spidev0.0", "gpiochip0"):
        (dev / node).touch()
    config = replace(Config(), **parts)  # type: ignore[arg-type]
    return Doctor(config, tmp_path / "data", config_path=tmp_path / "config.toml", run=never_run, dev=dev)


MFRC522 = ReaderConfig(driver="mfrc522")


def test_the_reader_check_reads_the_version_register(bus: tuple[Bus, GPIO], tmp_path: Path) -> None:  # noqa: F811
    spi, gpio = bus
    spi.chips[(0, 0)] = Chip(version=0x92)
    finding = pi(tmp_path, reader=MFRC522).check_reader()
    assert finding == Finding("reader", "ok", "MFRC522 v2.0 (version register 0x92) on /dev/spidev0.0")
    assert spi.opened == spi.closed == 1  # let go of the bus again
    assert "cleanup" not in gpio.calls


def test_a_clone_reader_is_a_warning(bus: tuple[Bus, GPIO], tmp_path: Path) -> None:  # noqa: F811
    bus[0].chips[(0, 0)] = Chip(version=0x88)
    finding = pi(tmp_path, reader=MFRC522).check_reader()
    assert finding.level == "warn" and "FM17522 (a clone)" in finding.message
    assert "clones usually work" in finding.fix


def test_a_reader_off_its_wires_fails_with_the_wiring_fix(bus: tuple[Bus, GPIO], tmp_path: Path) -> None:  # noqa: F811
    chip = Chip()
    chip.wired = False  # every register reads 0x00
    bus[0].chips[(0, 0)] = chip
    finding = pi(tmp_path, reader=MFRC522).check_reader()
    assert finding.level == "fail" and "no MFRC522 answers on /dev/spidev0.0" in finding.message
    assert "hardware/wiring.md" in finding.fix


def test_spi_switched_off_fails_with_the_raspi_config_fix(tmp_path: Path) -> None:
    doctor = pi(tmp_path, reader=MFRC522)
    assert doctor.check_spi().level == "ok"
    (doctor.dev / "spidev0.0").unlink()
    finding = doctor.check_spi()
    assert finding.level == "fail" and "SPI is off" in finding.message
    assert "raspi-config nonint do_spi 0" in finding.fix


def test_gpio_needs_the_chip_and_lgpio(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    doctor = pi(tmp_path, button=replace(Config().button, driver="gpio"))
    monkeypatch.setattr("companion.doctor.find_spec", lambda name: None)
    finding = doctor.check_gpio()
    assert finding.level == "fail" and finding.message == "lgpio not installed"
    monkeypatch.setattr("companion.doctor.find_spec", lambda name: object())
    finding = doctor.check_gpio()
    assert finding.level == "ok" and "gpiochip0 usable by this user" in finding.message
    (doctor.dev / "gpiochip0").unlink()
    assert doctor.check_gpio().level == "fail"


# ---- the dice unit over a pty, with the real serial code -------------------------------------------


@pytest.fixture
def unit() -> Iterator[SimulatedDiceUnit]:
    simulated = SimulatedDiceUnit()
    simulated.start()
    yield simulated
    simulated.stop()


def test_the_dice_unit_check_gets_hello(tmp_path: Path, unit: SimulatedDiceUnit) -> None:
    doctor = pi(tmp_path, dice_unit=DiceUnitConfig(driver="serial", port=unit.path))
    finding = doctor.check_dice_unit()
    assert finding == Finding("dice unit", "ok", f"unit {unit.unit_id} (firmware {unit.version}) answered on "
                                                 f"{unit.path}")


def test_a_dice_unit_that_does_not_answer_fails_within_the_timeout(tmp_path: Path,
                                                                   unit: SimulatedDiceUnit) -> None:
    deadline = time.monotonic() + 5
    while not unit.sent and time.monotonic() < deadline:  # its start-up HELLO is out (and flushed later)
        time.sleep(0.01)
    unit.silent = True
    doctor = pi(tmp_path, dice_unit=DiceUnitConfig(driver="serial", port=unit.path))
    doctor.hello_timeout = 0.3
    finding = doctor.check_dice_unit()
    assert finding.level == "fail" and "no HELLO came within 0.3 s" in finding.message
    assert "firmware/README.md" in finding.fix


def test_a_missing_dice_unit_port_fails(tmp_path: Path) -> None:
    doctor = pi(tmp_path, dice_unit=DiceUnitConfig(driver="serial", port=str(tmp_path / "ttyACM9")))
    finding = doctor.check_dice_unit()
    assert finding.level == "fail" and finding.message.startswith(f"cannot open {tmp_path / 'ttyACM9'}")


# ---- data folder, clock, service ---------------------------------------------------------------------


def test_too_little_free_space_fails(tmp_path: Path) -> None:
    doctor = pi(tmp_path)
    doctor.data_dir.mkdir()
    assert doctor.check_data().level == "ok"
    doctor.min_free = 1 << 62
    finding = doctor.check_data()
    assert finding.level == "fail" and "free" in finding.message and "backups" in finding.fix


def test_a_clock_before_2026_is_a_warning_and_ntp_is_reported(tmp_path: Path) -> None:
    doctor = pi(tmp_path)
    doctor.run = lambda argv: (0, "yes") if argv[0] == "timedatectl" else None
    doctor.now = lambda: datetime(2026, 6, 1, 12, tzinfo=UTC)
    assert doctor.check_clock() == Finding("clock", "ok", "2026-06-01 12:00 UTC, set from a time server")
    doctor.now = lambda: datetime(1970, 1, 1, tzinfo=UTC)
    finding = doctor.check_clock()
    assert finding.level == "warn" and "1970-01-01" in finding.message and "internet" in finding.fix


def systemctl(states: dict[str, str]) -> object:
    def run(argv: Sequence[str]) -> tuple[int, str] | None:
        if argv[:2] == ["systemctl", "is-active"]:
            return (0 if states["active"] == "active" else 3, states["active"])
        if argv[:2] == ["systemctl", "show"]:
            return (0, states.get("load", "loaded"))
        return None
    return run


@pytest.mark.parametrize("states, level, words", [
    ({"active": "active"}, "ok", "running"),
    ({"active": "failed"}, "fail", "journalctl -u companion"),
    ({"active": "inactive", "load": "not-found"}, "warn", "install.sh"),
    ({"active": "inactive"}, "warn", "enable --now"),
    ({"active": "activating"}, "warn", "activating"),
    ({"active": "offline"}, "warn", "systemd is not running"),
])
def test_the_service_state(tmp_path: Path, states: dict[str, str], level: str, words: str) -> None:
    doctor = pi(tmp_path)
    doctor.run = systemctl(states)  # type: ignore[assignment]
    finding = doctor.check_service()
    assert finding.level == level
    assert words in finding.message + finding.fix


@pytest.fixture
def service() -> Iterator[str]:
    """The running service's dashboard, as far as the doctor asks it: /api/devices."""

    class Handler(http.server.BaseHTTPRequestHandler):
        def do_GET(self) -> None:  # noqa: N802
            body = json.dumps({"reader": "offline: no MFRC522 answers on /dev/spidev0.0: check the wiring",
                               "button": "ok", "dice_unit": "ok: unit 1a2b v3", "feedback": "ok"}).encode()
            self.send_response(200 if self.path == "/api/devices" else 404)
            self.send_header("Content-Type", "application/json")
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args: object) -> None:
            pass

    server = http.server.HTTPServer(("127.0.0.1", 0), Handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{server.server_port}"
    server.shutdown()
    server.server_close()


def test_with_the_service_running_its_devices_are_reported_as_it_sees_them(tmp_path: Path,
                                                                           service: str) -> None:
    doctor = pi(tmp_path, reader=MFRC522, dice_unit=DiceUnitConfig(driver="serial"))
    doctor.run = systemctl({"active": "active"})  # type: ignore[assignment]
    doctor.service_url = service
    found = {f.check: f for f in doctor.findings()}
    assert found["reader"].level == "fail"
    assert found["reader"].message.endswith("(as the running service reports it)")
    assert "hardware/wiring.md" in found["reader"].fix
    assert found["dice unit"] == Finding("dice unit", "ok",
                                         "ok: unit 1a2b v3 (as the running service reports it)")
    assert found["service"].level == "ok"


def game_file(path: Path) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    with sqlite3.connect(path) as db:
        db.execute("CREATE TABLE entries (seq INTEGER PRIMARY KEY, body TEXT)")
        db.execute("INSERT INTO entries (body) VALUES ('a roll')")
    db.close()
    return path


def test_backups_that_are_whole_are_ok_and_a_damaged_one_fails(tmp_path: Path) -> None:
    doctor = Doctor(Config(), tmp_path, simulate=True, run=never_run)
    assert doctor.check_backups() == Finding("backups", "ok", "no games yet")
    game_file(tmp_path / "games" / "g1.sqlite")
    copy = game_file(tmp_path / "backups" / "g1" / "00000001_00_20260301T100000000000_daily.sqlite")
    found = doctor.check_backups()
    assert found.level == "ok" and "every game of 1 has a whole backup" in found.message
    copy.write_bytes(b"SQLite format 3\x00" + b"\xff" * 2000)  # a card pulled mid-write
    found = doctor.check_backups()
    assert found.level == "fail" and copy.name in found.message and "journalctl" in found.fix


def test_a_game_without_a_recent_backup_is_a_warning(tmp_path: Path) -> None:
    doctor = Doctor(Config(), tmp_path, simulate=True, run=never_run)
    game = game_file(tmp_path / "games" / "g2.sqlite")
    found = doctor.check_backups()
    assert found.level == "warn" and "no backup of g2" in found.message
    copy = game_file(tmp_path / "backups" / "g2" / "00000001_00_20260301T100000000000_daily.sqlite")
    os.utime(copy, (time.time() - 3 * 86400, time.time() - 3 * 86400))  # and played on since
    found = doctor.check_backups()
    assert found.level == "warn" and "no backup in the last day of play of g2" in found.message
    assert game.exists()


def test_pimylifeups_mfrc522_library_is_named_as_the_trouble(tmp_path: Path) -> None:
    """Another library under the module name `mfrc522`: our reader calls Request, it has MFRC522_Request."""
    reader = replace(Config(), reader=ReaderConfig(driver="mfrc522"))
    doctor = Doctor(reader, tmp_path, run=never_run, config_path=tmp_path / "c.toml",
                    installed=lambda name: "0.0.7" if name == "mfrc522" else None)
    found = doctor.check_reader()
    assert found.level == "fail" and "pimylifeup's library \"mfrc522\" 0.0.7 is installed" in found.message
    assert "pip uninstall mfrc522" in found.fix and "mfrc522-python" in found.fix
    simulated = Doctor(Config(), tmp_path, simulate=True, run=never_run,
                       installed=lambda name: "0.0.7" if name == "mfrc522" else None)
    assert simulated.check_reader().level == "warn"
    assert Doctor(Config(), tmp_path, simulate=True, run=never_run).check_reader().level == "ok"
