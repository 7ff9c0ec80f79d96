"""RULES.md section 3: "Decks are shuffled at game start from the game's seed; house rule
`shuffle: false` keeps the printed order."

The table-script expectations compare equal values only, so "a different order" and "the same order
twice" are checked here by replaying scripts and comparing their printed states.
"""

from __future__ import annotations

import json
from typing import Any

from companion.replay import replay

PLAYERS = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"]


def _script(seed: int, rules: dict[str, Any] | None, turns: int = 1) -> list[str]:
    """Each of the first `turns` players rolls 3+4 from GO to Chance 7, draws, buys
    whatever is then offered (a rejected line when nothing is) and ends the turn."""
    lines = [{"do": "new_game", "players": PLAYERS, "seed": seed}]
    if rules is not None:
        lines[0]["rules"] = rules
    for _ in range(turns):
        lines += [{"do": "roll", "dice": [3, 4]}, {"do": "buy"}, {"do": "end_turn"}]
    return [json.dumps(line) for line in lines]


def _state(seed: int, rules: dict[str, Any] | None, turns: int = 1) -> dict[str, Any]:
    return replay(_script(seed, rules, turns)).state()


def test_first_chance_card_with_seed_1_is_not_the_printed_first() -> None:
    # Printed order: card 1, Advance to GO, takes Ann from Chance 7 to GO with 200 salary.
    printed = _state(1, {"shuffle": False})["players"][0]
    assert (printed["position"], printed["cash"]) == (0, 1700)
    shuffled = _state(1, {"shuffle": True})["players"][0]
    assert (shuffled["position"], shuffled["cash"]) != (0, 1700)


def test_shuffling_is_the_default() -> None:
    assert _state(1, None, turns=8) == _state(1, {"shuffle": True}, turns=8)


def test_the_same_seed_gives_the_same_order_twice() -> None:
    for seed in (1, 7, 123):
        first = _state(seed, {"shuffle": True}, turns=8)
        again = _state(seed, {"shuffle": True}, turns=8)
        assert first == again


def test_shuffled_decks_hold_every_card_once_in_another_order() -> None:
    printed = replay(_script(1, {"shuffle": False}, turns=0)).game
    shuffled = replay(_script(1, {"shuffle": True}, turns=0)).game
    for name in printed.deck_order:
        order = list(printed.deck(name))
        assert order == list(range(1, 17))
        mixed = list(shuffled.deck(name))
        assert sorted(mixed) == order
        assert mixed != order


def test_a_128_bit_seed_from_secrets_shuffles_and_replays_the_same() -> None:
    """A live game's seed is 128 random bits (companion/web/banker.py): the engine, the stored
    script and its replay take it whole, and another seed gives another order."""
    seed = 0xB5E3_2C1F_9D04_7A6E_11F0_C3D2_8E9B_5A47
    first = _state(seed, {"shuffle": True}, turns=8)
    assert first == _state(seed, {"shuffle": True}, turns=8)
    assert first != _state(seed + 1, {"shuffle": True}, turns=8)
    game = replay(_script(seed, {"shuffle": True}, turns=0)).game
    assert game.seed == seed and json.loads(json.dumps({"seed": game.seed}))["seed"] == seed
    assert list(game.deck("chance")) != list(range(1, 17))
