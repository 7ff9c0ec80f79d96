"""The Banker page says what opening a game put right, in the page's language (issue 24): the
ledger reports a kind and values, the table words them in English and Russian. A game whose
database lost an entry the journal still holds is resumed by the daemon, repaired; its row
under stored games says so in the banker's language, not in English only."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, expect

from companion.i18n import LANGUAGES
from companion.ledger import DataFolder
from tests.browser.support import Daemon
from tests.browser.test_banker_page import BANKER_TAG, banker, open_section

SAID = {"en": "put back from the journal", "ru": "восстановлено из журнала"}
OTHER = {lang: LANGUAGES[(i + 1) % len(LANGUAGES)] for i, lang in enumerate(LANGUAGES)}  # another one


@pytest.fixture
def repaired(tmp_path: Path) -> Iterator[tuple[Daemon, str]]:
    """A daemon that resumed a game whose database had lost its last entry (the journal kept it)."""
    data = tmp_path / "data"
    with DataFolder(data) as folder:
        store = folder.create({"do": "new_game", "players": ["Ann", "Bob"], "seed": 3})
        for command in ({"do": "roll", "dice": [1, 2]}, {"do": "buy"}, {"do": "end_turn"}):
            store.submit(command, "banker")
        game_id, path = store.game_id, store.path
    conn = sqlite3.connect(path)  # as a card that lost the last commit: the entry gone, meta too
    conn.execute("DELETE FROM transfers WHERE seq = 4")
    conn.execute("DELETE FROM log WHERE seq = 4")
    conn.execute("UPDATE meta SET value = (SELECT hash FROM log WHERE seq = 3) WHERE key = 'head'")
    conn.execute("UPDATE meta SET value = '3' WHERE key = 'last_seq'")
    conn.commit()
    conn.close()
    (data / "tags.toml").write_text(f'[tags]\n"{BANKER_TAG}" = "banker"\n')
    daemon = Daemon(data, tmp_path / "daemon.log")
    daemon.wait_serving()
    yield daemon, game_id
    assert daemon.stop() == 0, daemon.stderr()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_repaired_game_is_said_in_the_banker_pages_language(browser: Browser, repaired: tuple[Daemon, str],
                                                               lang: str) -> None:
    daemon, game_id = repaired
    errors: list[str] = []
    page = banker(browser, daemon, "phone", lang, errors)
    open_section(page, "games")
    condition = page.get_by_test_id(f"game-condition-{game_id}")
    expect(condition).to_contain_text(SAID[lang])
    expect(condition).to_contain_text(game_id)
    expect(condition).not_to_contain_text(SAID[OTHER[lang]])
    assert not errors, errors
