"""A whole Russian game with interpol read off the pages at the sizes the other Russian game
(test_whole_game_ru.py) leaves out (tests/browser/whole_game_reading.py)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser

from tests.browser.support import Daemon
from tests.browser.whole_game_reading import own_daemon, play_and_read
from tests.whole_games import FOUR, INTERPOL_KINDS, KINDS, RULES

pytestmark = pytest.mark.minutes  # a whole game: handed to a worker first

@pytest.fixture(scope="module")
def table(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Daemon]:
    yield from own_daemon(tmp_path_factory)


def test_a_russian_game_with_interpol(browser: Browser, table: Daemon) -> None:
    """Interpol's own sentences (it replaces jail for three doubles), four players (the issue's
    she and he: Аня, Даша, Борис, Глеб), the pages at their other sizes."""
    rules, kinds = {**RULES, "interpol": True}, (KINDS - {"roll.third_doubles"}) | INTERPOL_KINDS
    reading = play_and_read(browser, table, "ru", FOUR, 370, rules, kinds,
                            ("table 390", "phone 1024", "history 1024", "banker 390"), boxes=True)
    assert not reading.faults, "\n".join(reading.faults[:40])
    assert reading.agreed > 50
