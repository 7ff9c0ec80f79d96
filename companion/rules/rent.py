"""What a square's rent is now (RULES.md sections 2 and 5)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .edition import Square
    from .game import Game
    from .state import Deed


def rent(game: Game, square: Square, deed: Deed) -> int:
    """Rent owed on landing; the caller has checked the deed is owned by another, unmortgaged."""
    owner = deed.owner
    assert owner is not None
    if square.kind == "lot":
        if deed.hotel:
            return square.rents[5]
        if deed.houses:
            return square.rents[deed.houses]
        whole_group = all(
            d.owner is owner and not d.mortgaged for _sq, d in game.group_of(square)
        )
        return square.rents[0] * (2 if whole_group else 1)
    # Stations and utilities count every one the owner holds, mortgaged ones included.
    squares = game.squares
    count = len([i for i in owner.holdings if squares[i].kind == square.kind])
    if square.kind == "station":
        return game.edition.station_rents[count - 1]
    assert game.last_roll is not None
    return game.edition.utility_multipliers[count - 1] * sum(game.last_roll)
