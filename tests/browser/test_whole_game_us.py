"""Whole US games read off the pages (issue 40's done-when: "a whole US game plays in the browser in
English and Russian: screens show $, the voice says dollars, the cards are the US ones";
tests/browser/whole_game_reading.py): every card of the US decks drawn, the nearest railroad's twice
the rent, the nearest utility's extra roll and the chairman's pay-each-player among them, every page
reading "$" and never "£", each card in the US deck's own words on the Table page. Between the two
games every page at both sizes."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser

from tests.browser.support import Daemon
from tests.browser.whole_game_reading import own_daemon, play_and_read
from tests.whole_games import ENGLISH, RULES, RUSSIAN, US_KINDS

pytestmark = pytest.mark.minutes  # whole games: handed to a worker first


@pytest.fixture(scope="module")
def table(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Daemon]:
    yield from own_daemon(tmp_path_factory)


def test_an_english_us_game_on_every_screen(browser: Browser, table: Daemon) -> None:
    """Seed 28: every US card and every kind a US game says (tests/whole_games.py's US_KINDS)."""
    reading = play_and_read(browser, table, "en", ENGLISH, 28, RULES, US_KINDS,
                            ("table 1024", "phone 390", "history 390", "banker 1024"), boxes=False,
                            edition="us")
    assert not reading.faults, "\n".join(reading.faults[:40])
    assert reading.signed > 50  # the pages did show dollars
    assert reading.heard > 20  # ... and the voice said them
    assert reading.railroads  # the phone grouped the deeds under Railroads


def test_a_russian_us_game_on_every_screen(browser: Browser, table: Daemon) -> None:
    """Seed 137, the pages at the other sizes, their element boxes too."""
    reading = play_and_read(browser, table, "ru", RUSSIAN, 137, RULES, US_KINDS,
                            ("table 390", "phone 1024", "history 1024", "banker 390"), boxes=True,
                            edition="us")
    assert not reading.faults, "\n".join(reading.faults[:40])
    assert reading.agreed > 50
    assert reading.signed > 50
    assert reading.heard > 20
    assert reading.railroads
