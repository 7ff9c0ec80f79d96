"""systemd's notify protocol, without libsystemd: READY, STATUS, STOPPING and the watchdog.

Under `Type=notify` systemd passes a datagram socket in $NOTIFY_SOCKET (a path, or an abstract
socket written with a leading `@`); the service sends newline-separated `KEY=value` lines to it
(sd_notify(3)). With `WatchdogSec=` it also passes $WATCHDOG_USEC (and $WATCHDOG_PID, the process
meant): the service must send `WATCHDOG=1` at least that often or be killed and, with
`Restart=on-failure`, started again.

`Watchdog` sends `WATCHDOG=1` every half period only while every liveness check passes (the table's
writer thread is alive, the devices' threads are...). A process whose HTTP server still answers but
whose writer thread died is no table: the first failing check is logged, the pings stop, and systemd
restarts the service. Without $NOTIFY_SOCKET (a laptop, a test, a shell) everything here does nothing.
"""

from __future__ import annotations

import logging
import os
import socket
import threading
from collections.abc import Callable, Iterable, Mapping

log = logging.getLogger(__name__)

Check = Callable[[], bool]


def _address(env: Mapping[str, str]) -> str | bytes | None:
    path = env.get("NOTIFY_SOCKET", "")
    if not path:
        return None
    if path.startswith("@"):  # an abstract socket: a NUL byte, then the name
        return b"\0" + path[1:].encode()
    if path.startswith("/"):
        return path
    log.warning("NOTIFY_SOCKET=%r is neither a path nor an abstract socket: not notifying", path)
    return None


def notify(*assignments: str, env: Mapping[str, str] | None = None) -> bool:
    """Send `KEY=value` lines to systemd in one datagram; True if sent, False without a socket.

    Never raises: a service must not die because its manager went away.
    """
    address = _address(os.environ if env is None else env)
    if address is None:
        return False
    message = "\n".join(assignments).encode()
    try:
        with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM | socket.SOCK_CLOEXEC) as sock:
            sock.sendto(message, address)
    except OSError as exc:
        log.warning("could not notify systemd (%s): %s", ", ".join(assignments), exc)
        return False
    return True


def _status(text: str) -> str:
    return "STATUS=" + " ".join(text.split())  # one line: a newline would start a new assignment


def ready(status: str | None = None, env: Mapping[str, str] | None = None) -> bool:
    """Start-up is over: the service is serving (systemd starts what is ordered after it)."""
    lines = ["READY=1"] + ([_status(status)] if status else [])
    return notify(*lines, env=env)


def status(text: str, env: Mapping[str, str] | None = None) -> bool:
    """The one-line status `systemctl status` shows."""
    return notify(_status(text), env=env)


def stopping(status: str | None = None, env: Mapping[str, str] | None = None) -> bool:
    """Shutting down (sent first thing on SIGTERM, so systemd knows the stop is under way)."""
    lines = ["STOPPING=1"] + ([_status(status)] if status else [])
    return notify(*lines, env=env)


def watchdog_interval(env: Mapping[str, str] | None = None) -> float | None:
    """Seconds between pings (half of WATCHDOG_USEC), or None when no watchdog is asked of us."""
    env = os.environ if env is None else env
    if not env.get("NOTIFY_SOCKET"):
        return None
    try:
        usec = int(env.get("WATCHDOG_USEC", ""))
    except ValueError:
        return None
    if usec <= 0:
        return None
    pid = env.get("WATCHDOG_PID", "")
    if pid and pid != str(os.getpid()):
        return None  # the watchdog is meant for another process (our parent, say)
    return usec / 2 / 1_000_000


class Watchdog:
    """Pings systemd's watchdog from its own thread while every liveness check passes.

    `checks` are named callables answering True while their part is alive. When one answers False
    (or raises), the watchdog logs which and why, says so in the status, asks systemd to act now
    (`WATCHDOG=trigger`, systemd 243 and later; older ones wait out WatchdogSec) and never pings
    again: systemd restarts the service. stop() ends it quietly (call it before shutting down, so
    parts that stop on purpose are not taken for dead).
    """

    def __init__(
        self,
        checks: Mapping[str, Check] | Iterable[tuple[str, Check]],
        *,
        interval: float | None = None,
        env: Mapping[str, str] | None = None,
    ) -> None:
        self.checks = list(checks.items() if isinstance(checks, Mapping) else checks)
        self.env = dict(os.environ if env is None else env)
        self.interval = interval if interval is not None else watchdog_interval(self.env)
        self.pings = 0
        self.failed: str | None = None  # why the pings stopped, once they have
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None

    @property
    def enabled(self) -> bool:
        """Whether systemd asked for a watchdog (else start() does nothing)."""
        return self.interval is not None and _address(self.env) is not None

    def start(self) -> Watchdog:
        if self.enabled and self._thread is None:
            self._thread = threading.Thread(target=self._run, name="watchdog", daemon=True)
            self._thread.start()
            log.info("watchdog: pinging systemd every %.1f s while %s are alive", self.interval,
                     ", ".join(name for name, _ in self.checks) or "the process is")
        return self

    def stop(self) -> None:
        self._stop.set()
        thread, self._thread = self._thread, None
        if thread is not None and thread is not threading.current_thread():
            thread.join(timeout=5)

    @property
    def running(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    def dead(self) -> str | None:
        """The first check that fails, in words, or None while all pass."""
        for name, check in self.checks:
            try:
                if not check():
                    return f"{name} is not alive"
            except Exception as exc:  # a check that cannot tell counts as a failure
                return f"checking {name} failed: {type(exc).__name__}: {exc}"
        return None

    def beat(self) -> bool:
        """One round: ping if all is well; else report and stop pinging. True while pinging."""
        if self.failed is not None:
            return False
        why = self.dead()
        if why is None:
            if notify("WATCHDOG=1", env=self.env):
                self.pings += 1
            return True
        if self._stop.is_set():  # stopping on purpose: the parts go down one by one
            return False
        self.failed = why
        log.error("watchdog: %s; no longer pinging systemd, which will restart the companion", why)
        notify(_status(f"unhealthy: {why}; waiting for systemd to restart it"), "WATCHDOG=trigger",
               env=self.env)
        return False

    def _run(self) -> None:
        assert self.interval is not None
        while not self._stop.is_set():
            if not self.beat():
                return
            self._stop.wait(self.interval)
