"""House rules that are amounts are applied exactly, in whole pounds (RULES.md 9)."""

from __future__ import annotations

import pytest

from companion.rules import new_game


@pytest.mark.parametrize(("fraction", "house_cost", "paid"), [
    (0.29, 100, 29),  # 100 x 0.29 is 28.999... in binary floating point: the rule book says 29
    (0.5, 150, 75),
    (0.35, 200, 70),
    (1.0, 50, 50),
    (0.333, 150, 49),  # 49.95, rounded down to a whole pound
    (0.0, 200, 0),
])
def test_building_sellback_is_the_exact_fraction_rounded_down(
    fraction: float, house_cost: int, paid: int
) -> None:
    game = new_game({"do": "new_game", "players": ["Ann", "Bob"],
                     "rules": {"building_sellback": fraction}})
    lot = next(sq for sq in game.squares if sq.house_cost == house_cost)
    assert game.sellback(lot) == paid
    assert isinstance(game.sellback(lot), int)


def test_the_first_line_must_start_a_game() -> None:
    from companion.replay import ScriptError, replay

    for first in ('{"do": "new_game", "players": ["Ann"]}',
                  '{"do": "new_game", "players": ["Ann", "Ann"]}',
                  '{"do": "new_game", "players": ["A","B","C","D","E","F","G","H","I"]}',
                  '{"do": "new_game", "players": ["Ann", "Bob"], "rules": {"free_lunch": true}}',
                  '{"do": "roll", "dice": [1, 2]}'):
        with pytest.raises(ScriptError) as refused:
            replay([first])
        assert refused.value.line == 1
