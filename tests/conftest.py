"""The fixtures many test modules share, and which modules `make check` leaves out.

`rig` is a real Table on a data folder with the Flask app around it (tests/web_support.py), `game`
a game started on it, `live` the app on a real HTTP server (event streams need one). A module that
needs another rig declares its own `rig`, which takes precedence in that module.

`slow` marks the modules that start processes, servers or browsers, build the compiled engine, or
play many games, each where it is written (its `pytestmark`; the browser tests by their folder's
conftest): `make check` runs the rest (`-m "not slow"`), `make test` runs everything.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

if TYPE_CHECKING:
    from .web_support import LiveServer, Rig

HERE = Path(__file__).resolve().parent

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
