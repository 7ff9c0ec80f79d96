"""Which gpiozero pin factory a GPIO device uses, chosen by the config's driver name.

"gpio" is the Pi's own pins through lgpio (the gpiozero backend that works on every Pi from
the 3 to the 5); "simulated" is gpiozero's mock pins, so the same device code runs on a laptop and
in CI. Devices get the factory passed in (`pin_factory=`): gpiozero's global `Device.pin_factory`
is never touched, so a simulated table and a real one can live in one process.
"""

from __future__ import annotations

import logging
import os
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

from gpiozero.pins.mock import MockFactory, MockPin  # type: ignore[import-untyped]

from .errors import BadDriver, GpioUnavailable

log = logging.getLogger(__name__)

DRIVERS = ("gpio", "simulated")
STATES_KEPT = 1000  # changes a simulated pin remembers (tests read them; nothing else does)


class DebouncedMockPin(MockPin):  # type: ignore[misc]
    """A mock pin that debounces the way lgpio does on a Pi, which gpiozero's MockPin leaves out.

    lgpio reports an edge only once the new level has held for the bounce time, so a bouncing
    contact gives one change. Without this the simulated button would count every bounce.
    """

    def __init__(self, factory: Any, info: Any) -> None:
        self._settle_timer: threading.Timer | None = None
        self._settle_lock = threading.Lock()
        self._reported = False
        super().__init__(factory, info)

    def _change_state(self, value: bool) -> bool:
        """MockPin keeps every change it ever made in `states`: a simulated table that runs for
        days would grow without end, so only the newest STATES_KEPT are kept."""
        changed = bool(super()._change_state(value))
        if len(self.states) > 2 * STATES_KEPT:
            del self.states[:-STATES_KEPT]
        return changed

    def _enable_event_detect(self) -> None:
        # The level a new listener knows: later edges are measured against it.
        self._reported = self._state

    def _disable_event_detect(self) -> None:
        self._cancel_settle()

    def close(self) -> None:
        self._cancel_settle()
        super().close()

    def _call_when_changed(self) -> None:
        if not self._bounce:
            self._report()
            return
        with self._settle_lock:
            if self._settle_timer is not None:
                self._settle_timer.cancel()
            timer = threading.Timer(self._bounce, self._report)
            timer.daemon = True
            self._settle_timer = timer
            timer.start()

    def _cancel_settle(self) -> None:
        with self._settle_lock:
            if self._settle_timer is not None:
                self._settle_timer.cancel()
                self._settle_timer = None

    def _report(self) -> None:
        with self._settle_lock:
            state = self._state
            if state == self._reported:
                return
            self._reported = state
        listener = self._when_changed  # None once the device has closed
        method = listener() if listener is not None else None
        if method is not None:
            method(time.monotonic(), state)


_lock = threading.Lock()
_lgpio_factory: Any = None


def pin_factory(driver: str, work_dir: Path | None = None) -> Any:
    """The pin factory for a device's driver: the Pi's pins ("gpio") or mock pins ("simulated").

    "gpio" gives the process's one lgpio factory (one handle on the GPIO chip, shared by the
    button, buzzer and LED); "simulated" gives a fresh mock factory, so simulated devices never
    collide. Raises GpioUnavailable when the Pi's pins cannot be opened, saying why.
    """
    if driver == "simulated":
        return MockFactory(pin_class=DebouncedMockPin)
    if driver == "gpio":
        global _lgpio_factory
        with _lock:
            if _lgpio_factory is None:
                _lgpio_factory = _open_lgpio(work_dir)
            return _lgpio_factory
    raise BadDriver(f"no pin factory for driver {driver!r} (known: {', '.join(DRIVERS)})")


def close_gpio() -> None:
    """Let go of the GPIO chip: at shutdown, after every device on it has stopped."""
    global _lgpio_factory
    with _lock:
        factory, _lgpio_factory = _lgpio_factory, None
    if factory is not None:
        factory.close()


def lgpio_work_dir(work_dir: Path | None = None) -> Path:
    """Where lgpio keeps its notification pipes: $LG_WD if set, else the given folder, else a temp one.

    lgpio creates them in its working directory, which is the process's own by default: a
    read-only folder under systemd (`/`) makes every button event silently vanish.
    """
    configured = os.environ.get("LG_WD")
    if configured:
        return Path(configured)
    if work_dir is not None:
        return work_dir
    return Path(tempfile.gettempdir()) / f"companion-lgpio-{os.getuid()}"


def prepare_lgpio(work_dir: Path | None = None) -> Path:
    """Set LG_WD before anything loads lgpio, and make its folder: call it before any device starts.

    lgpio reads LG_WD once, when it is first loaded, and that may be the reader's import of rpi-lgpio
    (RPi.GPIO on lgpio) before the button's pin factory ever runs.
    """
    folder = lgpio_work_dir(work_dir)
    os.environ["LG_WD"] = str(folder)
    try:
        folder.mkdir(mode=0o700, parents=True, exist_ok=True)
    except OSError as exc:
        raise GpioUnavailable(f"cannot create lgpio's folder {folder}: {exc.strerror}") from exc
    if not os.access(folder, os.W_OK):
        raise GpioUnavailable(f"lgpio's folder {folder} is not writable (set LG_WD to one that is)")
    return folder


def _open_lgpio(work_dir: Path | None) -> Any:
    folder = prepare_lgpio(work_dir)
    try:
        cwd: str | None = os.getcwd()
    except OSError:
        cwd = None
    try:
        # Importing lgpio starts its C library, which reads LG_WD once and opens the pipe there.
        from gpiozero.pins.lgpio import LGPIOFactory  # type: ignore[import-untyped]
    except ImportError as exc:
        raise GpioUnavailable(
            "lgpio is not installed (on the Pi: pip install lgpio, see hardware/pi5.md)"
        ) from exc
    except Exception as exc:  # lgpio's start-up fails with plain OSErrors and its own errors
        raise GpioUnavailable(f"lgpio could not start: {exc}") from exc
    finally:
        # lgpio moves the whole process into LG_WD; relative paths elsewhere must keep their meaning.
        if cwd is not None and os.getcwd() != cwd:
            os.chdir(cwd)
    from gpiozero.exc import PinUnknownPi  # type: ignore[import-untyped]

    try:
        factory = LGPIOFactory()
    except PinUnknownPi as exc:
        raise GpioUnavailable("this is not a Raspberry Pi (no board revision in /proc)") from exc
    except Exception as exc:  # lgpio.error, PermissionError: the chip is missing or not ours
        raise GpioUnavailable(f"cannot open the GPIO chip: {exc}") from exc
    log.info("GPIO chip %s opened through lgpio (LG_WD=%s)", factory.chip, folder)
    return factory
