"""A player may not be called after the table's own accounts and parts ("bank", "pot", "table",
"banker", and their Russian names): the chart and the ledger would read their cash as the bank's.
The rule engine's new_game refuses them, so every path does (the banker's page, a table script,
an import), with a sentence in every language."""

from __future__ import annotations

import pytest

from companion.rules import Malformed, new_game
from companion.rules.core import reserved_name


@pytest.mark.parametrize("name", ["bank", "Bank", "BANK", " pot ", "p o t", "Table", "banker", "the bank",
                                  "Банк", "БАНКИР", "стол", "копилка", "ｂａｎｋ",
                                  "bаnk",  # a Cyrillic "а"
                                  "Рот"])  # Cyrillic letters drawn as "Pot"
def test_the_tables_own_names_are_refused_in_every_language(name: str) -> None:
    with pytest.raises(Malformed) as refused:
        new_game({"do": "new_game", "players": ["Ann", name]})
    assert "cannot be a player's name" in refused.value.words("en")
    assert "не может быть именем игрока" in refused.value.words("ru")


@pytest.mark.parametrize("name", ["Ann", "Bankole", "Potter", "Tabitha", "Пётр", "Стас", "Банкет"])
def test_names_of_people_are_taken(name: str) -> None:
    assert not reserved_name(name)
    assert new_game({"do": "new_game", "players": [name, "Zed"]}).names[0] == name
