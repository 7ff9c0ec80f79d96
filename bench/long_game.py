"""A long recorded game for the benchmarks: 8 bots with deep pockets, cut to N commands."""

from __future__ import annotations

from typing import Any

from companion.simulate.play import play_game


def long_game(commands: int) -> list[dict[str, Any]]:
    """The first N commands (new_game first) of the first seed whose game is that long."""
    seed = 0
    while True:
        result = play_game(8, seed, rules={"starting_cash": 30000}, turn_cap=5000, record=True)
        assert result.script is not None
        if len(result.script) >= commands:
            return result.script[:commands]
        seed += 1
