"""The Table page's story newest first, a turn at a time (issue 22, item 4): each turn's heading
("Bob's turn") stands above that turn's own lines, never below them, and within a turn the lines
are the engine's order reversed (the salary for passing GO above the jail it led to is below it in
time, so it is shown under it)."""

from __future__ import annotations

from typing import Any

from playwright.sync_api import expect

from tests.browser.support import Api


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
    assert kinds.count("turn") == 1 and kinds[0] == "turn", kinds
