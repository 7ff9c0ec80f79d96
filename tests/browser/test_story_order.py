"""The Table page's story newest first, a turn at a time (issue 22, item 4): each turn's heading
("Bob's turn") stands above that turn's own lines, never below them, and within a turn the lines
are the engine's order reversed (the salary for passing GO above the jail it led to is below it in
time, so it is shown under it); the first turn has its heading as every other turn does."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import expect

from companion.i18n import LANGUAGES
from tests.browser.layout import assert_layout
from tests.browser.support import Api, Shots
from tests.browser.test_table_experience import context, open_page, settle


def test_turn_headings_stand_above_their_own_lines(screens: Any, api: Api) -> None:
    api.new_game(["Ann", "Bob"])
    api.must({"do": "roll", "dice": [1, 2]})
    api.must({"do": "buy"})
    api.must({"do": "end_turn"})
    api.must({"do": "roll", "dice": [1, 2]})  # Bob pays Ann rent
    table = screens.open("/")
    items = table.get_by_test_id("feed-item")
    expect(items.first).to_have_text("Bob's turn")  # the newest turn on top, its heading first
    texts = items.all_text_contents()
    kinds = [items.nth(i).get_attribute("data-kind") for i in range(len(texts))]
    bob = texts.index("Bob's turn")
    assert texts[bob + 1:bob + 3] == ["Bob pays Ann £4 rent for Whitechapel Road",
                                     "The banker sets Bob's dice: 1 and 2"], texts
    assert texts[-1].startswith("New game"), texts  # the oldest at the bottom
    first_turn = ["Ann's turn", "Ann buys Whitechapel Road for £60", "The banker sets Ann's dice: 1 and 2"]
    assert texts[-4:-1] == first_turn, texts  # the first turn has its heading too, above its lines (issue 38)
    assert kinds.count("turn") == 2 and kinds[0] == "turn", kinds


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("size", ["phone", "tablet"])
def test_the_first_turn_has_its_heading(screens: Any, api: Api, size: str, lang: str,
                                        artifacts: Path) -> None:
    """Issue 38, point 6: the story's turn headings began at the second turn. The first turn's
    heading stands above its lines, right over "New game", in the page's language."""
    api.new_game(["Cat", "Bob"])
    table = open_page(screens, context(screens, size, lang), "/", lang)
    items = table.get_by_test_id("feed-item")
    heading = {"en": "Cat's turn", "ru": "Ход игрока Cat"}[lang]
    expect(items.first).to_have_text(heading)  # before anything happens, the turn is already there
    expect(items.first).to_have_attribute("data-kind", "turn")
    api.must({"do": "roll", "dice": [1, 2]})
    api.must({"do": "buy"})
    expect(items).to_have_count(4)  # the heading, the roll, the purchase, the new game
    texts = items.all_text_contents()
    assert texts[0] == heading and texts[-1].startswith({"en": "New game", "ru": "Новая игра"}[lang]), texts
    settle(table)
    Shots(artifacts, f"story-first-turn-{size}-{lang}-", iter(range(1, 9))).take(table, "first turn")
    assert_layout(table, f"the first turn's story, {size} {lang}")
