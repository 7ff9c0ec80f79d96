"""What a square's rent is now (RULES.md sections 2 and 5)."""

from __future__ import annotations

from .core import BaseGame
from .edition import Square


def rent(game: BaseGame, square: Square) -> int:
    """Rent owed on landing here now (0 when the bank holds it or it is mortgaged).

    A utility's rent is figured from the last roll, the one that moved the payer there (with no
    roll yet, per pip of the dice: what screens quote as "4 x the dice").
    """
    index = square.index
    owner = game.owner[index]
    if owner < 0 or game.mortgaged[index]:
        return 0
    if square.kind == "lot":
        level = game.level[index]
        if level:
            return square.rents[level]
        mortgaged = game.mortgaged
        whole = True
        for i in game.groups[index]:
            if game.owner[i] != owner or mortgaged[i]:
                whole = False
                break
        return square.rents[0] * (2 if whole else 1)
    # Stations and utilities count every one the owner holds, mortgaged ones included.
    owners = game.owner
    count = 0
    for i in game.kin[index]:
        if owners[i] == owner:
            count += 1
    if square.kind == "station":
        return game.edition.station_rents[count - 1]
    dice = sum(game.last_roll) if game.last_roll is not None else 1
    return game.edition.utility_multipliers[count - 1] * dice
