"""The fixtures many test modules share, and which modules `make check` leaves out.

`rig` is a real Table on a data folder with the Flask app around it (tests/web_support.py), `game`
a game started on it, `live` the app on a real HTTP server (event streams need one). A module that
needs another rig declares its own `rig`, which takes precedence in that module.

`slow` marks the modules that start processes, servers or browsers, build the compiled engine, or
play many games: `make check` runs the rest (`-m "not slow"`), `make test` runs everything.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

if TYPE_CHECKING:
    from .web_support import LiveServer, Rig

HERE = Path(__file__).resolve().parent

# By folder (browser/), module name or module::test: a new module is fast unless it is named here.
SLOW = {
    "browser", "test_compiled", "test_crash", "test_daemon", "test_daemon_power_cut", "test_demo",
    "test_dice_unit_behaviour", "test_firmware", "test_front", "test_front_sandbox", "test_install",
    "test_installed_pages", "test_invariants", "test_legal", "test_listen", "test_odds",
    "test_odds_lifetime", "test_power_cut", "test_read_flood", "test_schemathesis", "test_server_limits",
    "test_service_limits", "test_simulate", "test_smart_bot", "test_systemd", "test_voice_process",
    "test_writer_authority",
    # many games, processes or hypothesis examples: seconds each even on a quiet machine
    "test_cli", "test_committed_reads", "test_dice_fairness", "test_ledger_faults", "test_notify",
    "test_odds_live", "test_reads_beside_the_writer", "test_script_input", "test_secrets_daemon",
    "test_web_security::test_a_month_of_guessing_from_any_number_of_addresses_tries_under_one_percent",
    # a real build of the compiled engine: half of `make check`'s time on a quiet machine
    "test_compiled_recipe::test_the_build_made_to_fit_plays_the_games_of_the_pure_engine",
}


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    for item in items:
        try:
            parts = item.path.resolve().relative_to(HERE).parts
        except ValueError:
            continue
        if parts[0] in SLOW or item.path.stem in SLOW or f"{item.path.stem}::{item.originalname}" in SLOW:
            item.add_marker(pytest.mark.slow)


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
