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

from tests.artifacts import empty_browser_artifacts, runs_browser_tests

if TYPE_CHECKING:
    from .web_support import LiveServer, Rig

HERE = Path(__file__).resolve().parent

pytest_plugins = ["tests.every_test_reported"]

WORKERS_FIGURES: dict[str, Any] = {}  # the browser tests' figures, from each worker (pytest -n)


def pytest_sessionstart(session: pytest.Session) -> None:
    """test-artifacts/browser/ emptied of an earlier run's files, once a run: by the run itself,
    not by each worker (pytest -n: a worker starting late would delete what another made), and only
    by a run of browser tests (a run of a few modules inside the suite left the suite's alone)."""
    config = session.config
    if not hasattr(config, "workerinput") and runs_browser_tests(config.args, config.rootpath):
        empty_browser_artifacts()


@pytest.hookimpl(optionalhook=True)
def pytest_testnodedown(node: Any, error: Any) -> None:
    """pytest-xdist's: a worker ended; its browser figures join the run's (tests/browser/conftest.py)."""
    for name, figure in json.loads(getattr(node, "workeroutput", {}).get("browser_timings", "{}")).items():
        mine = WORKERS_FIGURES.get(name)  # two workers measured it (their daemons' start): the slower
        both = isinstance(figure, (int, float)) and isinstance(mine, (int, float))
        WORKERS_FIGURES[name] = max(mine, figure) if both else figure


def pytest_terminal_summary(terminalreporter: Any) -> None:
    if WORKERS_FIGURES:
        terminalreporter.write_line("browser tests: " + ", ".join(
            f"{k} {v}" for k, v in WORKERS_FIGURES.items() if not isinstance(v, dict)))


@pytest.hookimpl(trylast=True)  # after tests/browser/conftest.py has marked its tests slow
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The tests of minutes first, then the slow ones, then the rest; each its own id.

    pytest -n hands each worker a module at a time in this order: a module of minutes handed out
    last would hold the whole run up, while the many quick ones fill the gaps at the end.

    schemathesis names each operation's test `name[GET /api/state]` but
    (under pytest 9) leaves all of them the function's id; pytest -n's file scheduling keys tests
    by id, and so ran the first of 58 operations alone. A test whose id does not end in its name
    gets the id its name says (tests/every_test_reported.py fails a run where two still share one)."""
    for item in items:
        parent, _, last = item.nodeid.rpartition("::")
        if parent and last != item.name:
            nodeid = f"{parent}::{item.name}"
            if hasattr(item, "_id"):  # pytest 9 keeps the id structured (_pytest.nodeid.NodeId)
                item._id = type(item._id).parse(nodeid)
            else:  # pytest 8: a string
                item._nodeid = nodeid

    def first(item: pytest.Item) -> tuple[bool, bool]:
        return item.get_closest_marker("minutes") is None, item.get_closest_marker("slow") is None

    items.sort(key=first)  # stable: files keep their order


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
