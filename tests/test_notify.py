"""systemd's notify protocol as the companion speaks it: a test plays systemd, listening on a datagram
socket given as NOTIFY_SOCKET, and sees READY=1, the watchdog's pings, and the pings stop when a
worker thread dies."""

from __future__ import annotations

import os
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from companion import notify
from companion.config import Config
from companion.ledger import DataFolder
from companion.notify import Watchdog
from companion.table import Result, Table
from companion.table.devices import Devices
from tests.waiting import PATIENCE

# slow: many games, processes or hypothesis examples (`make check` leaves it out)
pytestmark = pytest.mark.slow


class Manager:
    """The service manager's end: a datagram socket, the messages it got."""

    def __init__(self, sock: socket.socket, address: str) -> None:
        self.sock = sock
        self.address = address  # what NOTIFY_SOCKET says
        self.sock.settimeout(0.05)

    def env(self, **extra: str) -> dict[str, str]:
        return {"NOTIFY_SOCKET": self.address, **extra}

    def receive(self, timeout: float = 2.0) -> str | None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            try:
                return self.sock.recv(4096).decode()
            except TimeoutError:
                continue
        return None

    def messages_until(self, last: str, timeout: float = PATIENCE) -> list[str]:
        """Everything that arrives up to and with the message `last` (all of it, if that never
        comes within `timeout`)."""
        got: list[str] = []
        while got[-1:] != [last] and (message := self.receive(timeout)) is not None:
            got.append(message)
        return got

    def messages(self, seconds: float) -> list[str]:
        """Everything that arrives within `seconds`."""
        got: list[str] = []
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            try:
                got.append(self.sock.recv(4096).decode())
            except TimeoutError:
                continue
        return got


@pytest.fixture
def manager(tmp_path: Path) -> Iterator[Manager]:
    path = tmp_path / "notify"
    with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as sock:
        sock.bind(str(path))
        yield Manager(sock, str(path))


@pytest.fixture
def abstract_manager() -> Iterator[Manager]:
    name = f"companion-test-{os.getpid()}-{time.monotonic_ns()}"
    with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as sock:
        sock.bind("\0" + name)
        yield Manager(sock, "@" + name)


def test_ready_with_a_status_is_one_datagram(manager: Manager) -> None:
    assert notify.ready("serving on\nport 80", env=manager.env())
    assert manager.receive() == "READY=1\nSTATUS=serving on port 80"


def test_an_abstract_socket_is_reached_too(abstract_manager: Manager) -> None:
    assert notify.stopping(env=abstract_manager.env())
    assert abstract_manager.receive() == "STOPPING=1"


def test_the_process_environment_is_used_by_default(manager: Manager,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NOTIFY_SOCKET", manager.address)
    assert notify.ready()
    assert notify.status("2 players")
    assert manager.receive() == "READY=1"
    assert manager.receive() == "STATUS=2 players"


def test_without_notify_socket_nothing_is_sent_and_nothing_fails(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("NOTIFY_SOCKET", raising=False)
    monkeypatch.setenv("WATCHDOG_USEC", "1000000")
    assert notify.ready() is False
    assert notify.watchdog_interval() is None
    watchdog = Watchdog({"always": lambda: True}).start()
    assert not watchdog.enabled and not watchdog.running
    watchdog.stop()


def test_a_socket_that_is_gone_is_a_warning_not_a_crash(tmp_path: Path,
                                                        caplog: pytest.LogCaptureFixture) -> None:
    assert notify.ready(env={"NOTIFY_SOCKET": str(tmp_path / "nobody-listens")}) is False
    assert notify.ready(env={"NOTIFY_SOCKET": "relative/path"}) is False
    assert "could not notify systemd" in caplog.text


@pytest.mark.parametrize("env, interval", [
    ({"WATCHDOG_USEC": "30000000"}, 15.0),
    ({"WATCHDOG_USEC": "30000000", "WATCHDOG_PID": "{pid}"}, 15.0),
    ({"WATCHDOG_USEC": "30000000", "WATCHDOG_PID": "1"}, None),  # meant for another process
    ({"WATCHDOG_USEC": "soon"}, None),
    ({"WATCHDOG_USEC": "0"}, None),
    ({}, None),
])
def test_the_watchdog_period_is_half_of_watchdog_usec_and_only_for_us(
        manager: Manager, env: dict[str, str], interval: float | None) -> None:
    env = {k: v.format(pid=os.getpid()) for k, v in env.items()}
    assert notify.watchdog_interval(manager.env(**env)) == interval


def test_watchdog_pings_while_the_worker_lives_and_stops_when_it_dies(manager: Manager) -> None:
    finish = threading.Event()
    worker = threading.Thread(target=finish.wait, name="table-writer", daemon=True)
    worker.start()
    env = manager.env(WATCHDOG_USEC="100000", WATCHDOG_PID=str(os.getpid()))  # a ping every 50 ms
    watchdog = Watchdog({"the table writer": worker.is_alive, "the reader": lambda: True}, env=env)
    assert watchdog.interval == 0.05
    watchdog.start()
    try:
        alive = manager.messages(0.4)
        assert alive.count("WATCHDOG=1") >= 4 and set(alive) == {"WATCHDOG=1"}
        finish.set()  # the worker thread ends: the table is dead, whatever the web server says
        worker.join()
        pinged_alive = watchdog.pings  # (some perhaps not read yet: the test may lag behind)
        reason = ("STATUS=unhealthy: the table writer is not alive; waiting for systemd to restart it"
                  "\nWATCHDOG=trigger")
        after = manager.messages_until(reason)
        # Every ping sent arrived, the reason last; perhaps one ping on its way as the worker died
        # (its check passed just before), then the reason, and silence.
        assert after[-1:] == [reason] and set(after[:-1]) <= {"WATCHDOG=1"}
        assert alive.count("WATCHDOG=1") + after.count("WATCHDOG=1") == watchdog.pings
        assert watchdog.pings - pinged_alive <= 1
        assert manager.messages(0.3) == []
        assert watchdog.failed == "the table writer is not alive"
        assert not watchdog.running
    finally:
        finish.set()
        watchdog.stop()


def test_a_hung_writer_stops_the_pings_though_its_thread_lives(manager: Manager, tmp_path: Path) -> None:
    """The writer is alive only if a no-op makes the round trip through its queue in time."""
    folder = DataFolder(tmp_path)
    table = Table(folder, roll=lambda: (1, 2))
    hang = threading.Event()
    try:
        env = manager.env(WATCHDOG_USEC="100000", WATCHDOG_PID=str(os.getpid()))  # a ping every 50 ms
        watchdog = Watchdog({"the table writer": lambda: table.responsive(timeout=0.1)}, env=env).start()
        alive = manager.messages(0.3)
        assert alive.count("WATCHDOG=1") >= 3
        table.writer.enqueue(lambda: (hang.wait(), Result(True))[1])  # a command that never finishes
        after = manager.messages(0.6)
        assert after[-1] == ("STATUS=unhealthy: the table writer is not alive; waiting for systemd "
                             "to restart it\nWATCHDOG=trigger")
        assert table.alive  # its thread still runs: only the round trip tells
        assert manager.messages(0.2) == []
        watchdog.stop()
    finally:
        hang.set()
        table.close()
        folder.close()


def test_a_check_that_raises_counts_as_dead(manager: Manager, caplog: pytest.LogCaptureFixture) -> None:
    def broken() -> bool:
        raise RuntimeError("no idea")

    watchdog = Watchdog([("the broker", broken)], interval=0.01, env=manager.env())
    assert watchdog.beat() is False
    assert watchdog.failed == "checking the broker failed: RuntimeError: no idea"
    assert "no longer pinging systemd" in caplog.text
    assert watchdog.beat() is False  # and it never pings again
    assert manager.messages(0.1) == [
        "STATUS=unhealthy: checking the broker failed: RuntimeError: no idea; waiting for systemd to "
        "restart it\nWATCHDOG=trigger"]


def test_stopping_the_watchdog_first_lets_the_parts_stop_without_a_restart(manager: Manager) -> None:
    alive = threading.Event()
    alive.set()
    watchdog = Watchdog({"the writer": alive.is_set}, interval=0.02, env=manager.env()).start()
    assert manager.receive() == "WATCHDOG=1"
    watchdog.stop()
    alive.clear()
    assert watchdog.beat() is False  # a late round after stop() reports nothing
    time.sleep(0.05)
    assert set(manager.messages(0.1)) <= {"WATCHDOG=1"}
    assert watchdog.failed is None


def test_the_devices_threads_are_liveness_checks(tmp_path: Path) -> None:
    devices = Devices.from_config(Config().simulated(), tmp_path)
    assert devices.liveness() == {}  # nothing started yet: nothing to watch
    devices.start(lambda event: None)
    try:
        checks = devices.liveness()
        assert set(checks) == {"the reader thread", "the dice unit thread"}
        assert all(check() for check in checks.values())
    finally:
        devices.stop()
    assert not any(check() for check in checks.values())


def test_the_daemon_says_ready_pings_and_says_stopping(manager: Manager, tmp_path: Path) -> None:
    import signal
    import subprocess
    import sys
    import urllib.request

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    env = {**os.environ, "NOTIFY_SOCKET": manager.address, "WATCHDOG_USEC": "200000"}
    env.pop("WATCHDOG_PID", None)
    log = tmp_path / "daemon.log"
    with open(log, "w") as err:
        proc = subprocess.Popen([sys.executable, "-m", "companion.cli", "run", "--simulate",
                                 "--host", "127.0.0.1", "--port", str(port),
                                 "--data", str(tmp_path / "data")],
                                env=env, stdout=subprocess.DEVNULL, stderr=err)
    try:
        deadline = time.monotonic() + 15
        while time.monotonic() < deadline:
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{port}/api/state", timeout=1).close()
                break
            except OSError:
                time.sleep(0.05)
        first = manager.messages(0.6)
        assert first and first[0].startswith("READY=1"), (first, log.read_text())
        assert "WATCHDOG=1" in first[1:]  # the table writer, device threads and broker are alive
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(timeout=15) == 0
        assert any(m.startswith("STOPPING=1") for m in manager.messages(0.2))
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
