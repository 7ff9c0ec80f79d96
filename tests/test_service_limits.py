"""The service starts as installed: `companion run` with the installed config's nginx front and a
Pi 4's four odds workers, under the limits systemd/companion.service itself sets, plays a game
through the API with every stream pool full.

The limits, read from the unit: TasksMax as a pids cgroup (v1, /sys/fs/cgroup/pids: threads
and processes, nginx and the workers included, as systemd counts them), MemoryMax as a memory
cgroup (v1 memory.limit_in_bytes, what systemd sets on such a machine), LimitNOFILE through
prlimit. Issue 21: with TasksMax=128 the daemon died at start ("can't start new thread") with its
~296 threads; now it must fit with room to spare (at most three quarters of the limit).
"""

from __future__ import annotations

import contextlib
import json
import os
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.web.events import ANONYMOUS_STREAMS, HOLDER_STREAMS
from tests.ports import free_port
from tests.server_support import (
    BANKER,
    NEW_GAME,
    PIN,
    Streams,
    banker_screen,
    get,
    open_stream,
    paired_phone,
    play_turn,
    require_nginx,
)
from tests.test_daemon import Daemon
from tests.test_systemd import UNIT, settings

# slow: starts processes, servers or browsers, or builds (`make check` leaves it out)
pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[1]
CGROUPS = Path("/sys/fs/cgroup")
PI_CONFIG = '[server]\nfront = "nginx"\n\n[odds]\njobs = 4\nsamples = 200\n'  # a Pi 4: four cores


def unit_limits() -> tuple[int, int, int]:
    """TasksMax, MemoryMax (bytes) and LimitNOFILE, as the unit sets them."""
    unit = settings()
    units = {"K": 1 << 10, "M": 1 << 20, "G": 1 << 30}
    memory = unit["MemoryMax"][-1]
    size = int(memory[:-1]) * units[memory[-1]] if memory[-1] in units else int(memory)
    return int(unit["TasksMax"][-1]), size, int(unit["LimitNOFILE"][-1])


def cgroups_usable() -> str:
    """Why the limits cannot be set here ("" when they can)."""
    if os.geteuid() != 0:
        return "making cgroups needs root (CI runs as root)"
    for controller in ("pids", "memory"):
        if not (CGROUPS / controller / "cgroup.procs").exists():
            return f"no cgroup v1 {controller} controller at {CGROUPS / controller}"
    return ""


@contextlib.contextmanager
def cgroup(controller: str, limits: dict[str, int]) -> Iterator[Path]:
    path = CGROUPS / controller / f"companion-test-{os.getpid()}-{time.monotonic_ns()}"
    path.mkdir()
    try:
        for name, value in limits.items():
            (path / name).write_text(str(value))
        yield path
    finally:
        deadline = time.monotonic() + 10
        while (path / "cgroup.procs").read_text().strip() and time.monotonic() < deadline:
            for pid in (path / "cgroup.procs").read_text().split():  # what the test started, only
                with contextlib.suppress(ProcessLookupError):
                    os.kill(int(pid), 9)
            time.sleep(0.1)
        path.rmdir()


class LimitedDaemon(Daemon):
    """`companion run --simulate` entered into the cgroups before it starts (a shell that writes
    its own pid into them, then execs), with prlimit's open-file limit."""

    def __init__(self, data: Path, config: Path, procs: list[Path], nofile: int) -> None:
        self.port = free_port()
        self.log = data.with_name("daemon.log")
        self._log_file = open(self.log, "w")  # noqa: SIM115 - closed by wait() or kill()
        self.started = time.monotonic()
        enter = " ".join(f'echo $$ > "{p}";' for p in procs)
        self.proc = subprocess.Popen(
            ["sh", "-c", f'{enter} exec "$@"', "sh", "prlimit", f"--nofile={nofile}:{nofile}", "--",
             sys.executable, "-m", "companion.cli", "run", "--simulate", "--host", "127.0.0.1",
             "--port", str(self.port), "--data", str(data), "--config", str(config),
             "--banker-pin", PIN],
            cwd=ROOT, stdout=subprocess.DEVNULL, stderr=self._log_file)


def test_the_daemon_plays_a_game_under_the_units_own_limits(tmp_path: Path) -> None:
    why = cgroups_usable()
    if why:
        if os.environ.get("COMPANION_REQUIRE_NGINX"):
            pytest.fail(f"the service-limits test must run in CI: {why}")
        pytest.skip(why)
    require_nginx()
    tasks, memory, nofile = unit_limits()
    assert (tasks, memory, nofile) == (128, 300 << 20, 16384), UNIT  # what this test was made for
    config = tmp_path / "config.toml"
    config.write_text(PI_CONFIG)
    with cgroup("pids", {"pids.max": tasks}) as pids, \
            cgroup("memory", {"memory.limit_in_bytes": memory}) as mem:
        daemon = LimitedDaemon(tmp_path / "data", config, [pids / "cgroup.procs", mem / "cgroup.procs"],
                               nofile)
        streams = Streams()
        try:
            daemon.serving_after(30)
            assert "nginx in front" in daemon.stderr
            status, created = daemon.post("/api/games", NEW_GAME, headers=BANKER)
            assert status == 201, created
            # Every stream the table keeps, open: the paired phones' and the banker's, and the
            # anonymous pool, and then some (each holds one of the server's threads).
            phone = paired_phone(daemon, "car", "127.0.50.1")
            for n in range(HOLDER_STREAMS // 2):
                streams.add(open_stream(daemon.port, "127.0.50.1" if n < 3 else f"127.0.51.{n}",
                                        phone if n < 3 else banker_screen(daemon, f"127.0.51.{n}")))
            for n in range(ANONYMOUS_STREAMS * 2):
                streams.add(open_stream(daemon.port, f"127.0.52.{1 + n // 4}"))
            assert streams.until(lambda: sum(b"event: devices" in d for d in streams.received.values())
                                 >= HOLDER_STREAMS // 2 + ANONYMOUS_STREAMS)
            for _ in range(6):  # three turns each, the odds working on them meanwhile
                play_turn(daemon)
            assert json.loads(get(daemon.port, "/api/odds")[1])["enabled"]
            peak = int((pids / "pids.peak").read_text()) if (pids / "pids.peak").exists() \
                else int((pids / "pids.current").read_text())
            refused = (pids / "pids.events").read_text().split()
            assert daemon.proc.poll() is None, daemon.stderr
            assert "can't start new thread" not in daemon.stderr
            assert refused == ["max", "0"], refused  # no fork or thread was ever refused
            assert peak <= tasks * 3 // 4, f"{peak} tasks of {tasks}"
            oom = dict(line.split() for line in (mem / "memory.oom_control").read_text().splitlines())
            assert oom.get("oom_kill", "0") == "0"
            print(f"\nunder TasksMax={tasks}, MemoryMax={memory >> 20}M, LimitNOFILE={nofile}: "
                  f"{peak} tasks at most, {int((mem / 'memory.max_usage_in_bytes').read_text()) >> 20} MB")
        finally:
            streams.close()
            daemon.kill()


def test_the_limits_test_reads_the_limits_from_the_unit() -> None:
    tasks, memory, nofile = unit_limits()
    assert tasks >= 64 and memory >= 100 << 20 and nofile >= 4096

