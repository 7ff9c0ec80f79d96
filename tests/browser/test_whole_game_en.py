"""A whole English game read off the pages (tests/browser/whole_game_reading.py), and the reading's
positive control: the lines the issue quoted fail it."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser

from companion.i18n.grammar import forms_for
from tests.browser.support import Daemon
from tests.browser.whole_game_reading import Reading, own_daemon, play_and_read
from tests.whole_games import ENGLISH, KINDS, RULES, RUSSIAN

pytestmark = pytest.mark.minutes  # a whole game: handed to a worker first

@pytest.fixture(scope="module")
def table(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Daemon]:
    yield from own_daemon(tmp_path_factory)


def test_an_english_game_on_every_screen(browser: Browser, table: Daemon) -> None:
    reading = play_and_read(browser, table, "en", ENGLISH, 57, RULES, KINDS,
                            ("table 390", "phone 1024", "history 1024", "banker 1024"), boxes=False)
    assert not reading.faults, "\n".join(reading.faults[:40])


def test_the_readers_find_what_the_issue_found() -> None:
    """The positive control: the screens' lines the issue quotes fail the reading."""
    forms = forms_for(list(RUSSIAN))
    russian = Reading("ru", RUSSIAN, forms)
    quoted = "Вика bids £10 for Боу-стрит\nАня ещё не бросал кубики\nБорис принимает сделку от Вика"
    russian.read("table", quoted, [])
    assert len(russian.faults) == 4, russian.faults  # "bids", "for", «бросал», «от Вика»
    english = Reading("en", ENGLISH, forms_for(list(ENGLISH)))
    english.read("table", "Ann buys Олд-Кент-роуд", [])
    assert english.faults
