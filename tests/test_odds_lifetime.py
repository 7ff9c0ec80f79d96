"""The odds' workers against the real daemon: none outlives a daemon killed with SIGKILL while
the table had them stopped (170 such processes were once left on one machine), nor does its
nginx; and a phone sending `POST /api/unpair` every 0.3 s, which used to keep them stopped for
ever, only delays the odds (a pause lasts at most MAX_PAUSE, then they run RUN seconds)."""

from __future__ import annotations

import json
import os
import signal
import threading
import time
from pathlib import Path
from typing import Any

import pytest

from companion.odds.pauses import MAX_PAUSE, QUIET, RUN, Pauses
from tests.clocks import FakeClock
from tests.server_support import (
    dead,
    get,
    nginx_of,
    odds_workers,
    play_turn,
    post,
    start,
    state_of,
)
from tests.test_daemon import daemons  # noqa: F401 - the fixture

# slow: starts processes, servers or browsers, or builds (`make check` leaves it out)
pytestmark = [pytest.mark.slow, pytest.mark.minutes]

FEW_SAMPLES = "[odds]\nsamples = 200\n"  # a position's odds in a second or two, even here


def test_a_pause_lasts_at_most_max_pause_then_the_workers_run_whatever_comes() -> None:
    clock = FakeClock()
    pauses = Pauses(clock=clock)
    assert pauses.left() <= 0  # a still table: they run
    stopped = []
    for _ in range(200):  # an input every 0.1 s for 20 s
        stopped.append(pauses.stir() and pauses.left() > 0)
        clock.now += 0.1
    # never more than MAX_PAUSE stopped in a row, and in every MAX_PAUSE + RUN at least RUN running
    longest = max(len(run) for run in "".join("S" if s else "." for s in stopped).split("."))
    assert longest <= round(MAX_PAUSE / 0.1) + 1
    window = round((MAX_PAUSE + RUN) / 0.1)
    assert all(stopped[i:i + window].count(False) >= round(RUN / 0.1) - 1
               for i in range(len(stopped) - window))
    assert stopped.count(True) > len(stopped) / 2  # the control: the inputs did stop them
    clock.now += QUIET
    assert pauses.left() <= 0  # still again: they run


def test_a_quiet_table_pauses_the_workers_only_a_moment() -> None:
    clock = FakeClock()
    pauses = Pauses(clock=clock)
    assert pauses.stir() and 0 < pauses.left() <= QUIET
    clock.advance(QUIET + 0.001)  # just past QUIET (exactly QUIET is a matter of rounding)
    assert pauses.left() <= 0


def workers_of(daemon: Any, timeout: float = 60.0) -> list[int]:
    """The daemon's odds workers, once it has started them (after a game's first position)."""
    found: list[int] = daemon.poll(lambda: odds_workers(daemon.proc.pid), timeout=timeout)
    assert found, f"no odds workers:\n{daemon.stderr}"
    return found


@pytest.mark.skipif(not os.path.isdir("/proc/self/task"), reason="reads the processes in /proc")
def test_a_daemon_killed_while_its_workers_are_stopped_leaves_none_behind(
        tmp_path: Path, daemons: Any) -> None:  # noqa: F811
    daemon = start(daemons, tmp_path / "data", "nginx")
    workers = workers_of(daemon)
    front = nginx_of(daemon.proc.pid)
    assert len(front) == 1
    # The table stirs at every request: the workers are stopped while it is busy.
    stopped = False
    deadline = time.monotonic() + 30
    while not stopped and time.monotonic() < deadline:
        post(daemon.port, "/api/unpair", {})
        stopped = all(state_of(pid) == "T" for pid in workers)
    assert stopped, [state_of(pid) for pid in workers]  # the control: they really were stopped
    daemon.proc.send_signal(signal.SIGKILL)
    daemon.proc.wait(10)
    assert daemon.poll(lambda: dead([*workers, *front]), timeout=10), \
        {pid: state_of(pid) for pid in [*workers, *front]}


def test_the_odds_come_while_a_phone_unpairs_every_300_ms(tmp_path: Path, daemons: Any) -> None:  # noqa: F811
    config = tmp_path / "config.toml"
    config.write_text(FEW_SAMPLES)
    daemon = start(daemons, tmp_path / "data", "none", "--config", str(config))
    workers = workers_of(daemon)

    def odds() -> dict[str, Any]:
        return json.loads(get(daemon.port, "/api/odds")[1])

    assert daemon.poll(lambda: odds()["latest"] is not None, timeout=60)  # the start's, quietly
    stop = threading.Event()
    sent: list[int] = []
    seen_stopped: list[bool] = []

    def phone() -> None:
        while not stop.wait(0.3):
            sent.append(post(daemon.port, "/api/unpair", {}, source="127.0.40.1")[0])
            seen_stopped.append(all(state_of(pid) == "T" for pid in workers))

    loop = threading.Thread(target=phone, daemon=True)
    loop.start()
    try:
        time.sleep(1)
        play_turn(daemon)
        # The next turn's odds come while the phone goes on.
        assert daemon.poll(lambda: (odds()["latest"] or {}).get("turn") == 1, timeout=120), odds()
        assert loop.is_alive() and sent and set(sent) == {200}
        assert any(seen_stopped)  # the control: the requests really did stop the workers
    finally:
        stop.set()
        loop.join(5)
