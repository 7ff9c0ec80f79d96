"""The games issue 23's screens are read in (tests/whole_games.py), without a browser: between
them every kind of sentence a table says and every card of both decks, and the same game each time."""

from __future__ import annotations

from typing import Any

import pytest

from companion.rules import new_game
from tests.whole_games import (
    ENGLISH,
    FOUR,
    INTERPOL_KINDS,
    KINDS,
    RULES,
    RUSSIAN,
    covered,
    every_card,
    game_script,
)


@pytest.mark.parametrize(("names", "seed", "rules", "kinds"), [
    (RUSSIAN, 57, RULES, KINDS),
    (FOUR, 370, {**RULES, "interpol": True}, (KINDS - {"roll.third_doubles"}) | INTERPOL_KINDS),
    (ENGLISH, 57, RULES, KINDS),
])
def test_a_game_says_every_kind_and_draws_every_card(names: tuple[str, ...], seed: int,
                                                     rules: dict[str, Any], kinds: frozenset[str]) -> None:
    lines = game_script(names, seed, rules)
    keys, cards = covered(lines)
    assert kinds <= keys, sorted(kinds - keys)
    assert cards == every_card(new_game(lines[0]))
    assert lines[-1]["do"] == "bankrupt"  # played to the last player standing, not ended by the cap


def test_the_same_game_each_time() -> None:
    assert game_script(RUSSIAN, 57, RULES) == game_script(RUSSIAN, 57, RULES)
