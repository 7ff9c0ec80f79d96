"""The story's events say whom they are about, and a card drawn carries its own text: what the
phones' personal banners and the Table page's card spotlight read."""

from __future__ import annotations

from companion.replay import replay
from companion.web.story import story_items


def test_a_card_drawn_names_its_drawer_and_its_text_in_both_languages() -> None:
    game = replay(['{"do": "new_game", "players": ["Ann", "Bob"], "rules": {"shuffle": false}}']).game
    outcome = game.apply({"do": "roll", "dice": [3, 4]}, guarded=False)  # Chance 1: Advance to GO
    items = story_items(2, outcome)
    card = next(i for i in items if i["key"] == "card.draws")
    assert card["player"] == "Ann"
    assert card["card"]["en"] == "Advance to GO." and card["card"]["ru"]
    assert card["deck"]["en"] == "Chance"
    salary = next(i for i in items if i["kind"] == "money")
    assert (salary["to"], salary["amount"]) == ("Ann", 200)


def test_an_event_about_nobody_in_particular_names_no_player() -> None:
    game = replay(['{"do": "new_game", "players": ["Ann", "Bob"], "rules": {"shuffle": false}}']).game
    outcome = game.apply({"do": "roll", "dice": [1, 2]}, guarded=False)
    for item in story_items(2, outcome):
        if item["kind"] == "event" and "player" in item:
            assert item["player"] in ("Ann", "Bob"), item
