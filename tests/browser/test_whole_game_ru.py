"""A whole Russian game read off every page at both sizes (tests/browser/whole_game_reading.py):
the issue's five players, she and he, their element boxes too."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser

from tests.browser.support import Daemon
from tests.browser.whole_game_reading import own_daemon, play_and_read
from tests.whole_games import KINDS, RULES, RUSSIAN

pytestmark = pytest.mark.minutes  # a whole game: handed to a worker first

# Between the two Russian games, every page at both sizes (each page follows every command live,
# so fewer at once keeps a game within minutes on CI's two cores): this one the ones below, the
# interpol game (test_whole_game_ru_interpol.py) the others.
EVERY_PAGE = ("table 1024", "phone 390", "history 390", "banker 1024")


@pytest.fixture(scope="module")
def table(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Daemon]:
    yield from own_daemon(tmp_path_factory)


def test_a_russian_game_on_every_screen(browser: Browser, table: Daemon) -> None:
    """The issue's five players, every page, their element boxes too."""
    reading = play_and_read(browser, table, "ru", RUSSIAN, 57, RULES, KINDS, EVERY_PAGE, boxes=True)
    assert not reading.faults, "\n".join(reading.faults[:40])
    assert reading.agreed > 50  # the pages did say things with a gender about these players
