"""The fixtures many test modules share, and which modules `make check` leaves out.

`rig` is a real Table on a data folder with the Flask app around it (tests/web_support.py), `game`
a game started on it, `live` the app on a real HTTP server (event streams need one). A module that
needs another rig declares its own `rig`, which takes precedence in that module.

`slow` marks the modules that start processes, servers or browsers, build the compiled engine, or
play many games, each where it is written (its `pytestmark`; the browser tests by their folder's
conftest): `make check` runs the rest (`-m "not slow"`), `make test` runs everything.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

if TYPE_CHECKING:
    from .web_support import LiveServer, Rig

HERE = Path(__file__).resolve().parent

ARTIFACTS = HERE.parent / "test-artifacts" / "browser"  # the browser tests' screenshots and logs
WORKERS_FIGURES: dict[str, Any] = {}  # the browser tests' figures, from each worker (pytest -n)


def pytest_sessionstart(session: pytest.Session) -> None:
    """test-artifacts/browser/ emptied of an earlier run's files, once a run: by the run itself,
    not by each worker (pytest -n: a worker starting late would delete what another made)."""
    if hasattr(session.config, "workerinput"):
        return
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    for old in ARTIFACTS.iterdir():
        if old.is_file():
            old.unlink()


@pytest.hookimpl(optionalhook=True)
def pytest_testnodedown(node: Any, error: Any) -> None:
    """pytest-xdist's: a worker ended; its browser figures join the run's (tests/browser/conftest.py)."""
    WORKERS_FIGURES.update(json.loads(getattr(node, "workeroutput", {}).get("browser_timings", "{}")))


def pytest_terminal_summary(terminalreporter: Any) -> None:
    if WORKERS_FIGURES:
        terminalreporter.write_line("browser tests: " + ", ".join(
            f"{k} {v}" for k, v in WORKERS_FIGURES.items() if not isinstance(v, dict)))


@pytest.fixture
def rig(tmp_path: Path) -> Iterator[Rig]:
    from .web_support import rig_fixture

    yield from rig_fixture(tmp_path)


@pytest.fixture
def game(rig: Rig) -> dict[str, Any]:
    return rig.new_game()


@pytest.fixture
def live(rig: Rig) -> Iterator[LiveServer]:
    from .web_support import LiveServer

    server = LiveServer(rig.app)
    yield server
    rig.ctx.broker.close()
    server.close()
