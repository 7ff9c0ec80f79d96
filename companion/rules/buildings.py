"""Houses and hotels: whole groups, even building and selling, the bank's supply (RULES.md 7)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .errors import Rejected
from .state import BANK

if TYPE_CHECKING:
    from .edition import Square
    from .game import Game
    from .state import Deed, Player


def _holder(game: Game, deed_owner: Player | None) -> str:
    return "the bank" if deed_owner is None else deed_owner.name


def check_build(game: Game, player: Player, square: Square) -> str:
    """What the player's next building on this lot would be ("house" or "hotel"), or why not."""
    cannot = f"{player.name} cannot build on {square.name}"
    if square.kind != "lot":
        raise Rejected(f"{cannot}: only colour-group streets carry buildings")
    group = game.group_of(square)
    for sq, deed in group:
        if deed.owner is not player:
            raise Rejected(
                f"{cannot}: {player.name} does not own the whole {square.group} group "
                f"({sq.name} belongs to {_holder(game, deed.owner)})"
            )
    for sq, deed in group:
        if deed.mortgaged:
            raise Rejected(f"{cannot}: {sq.name} is mortgaged")
    lot = game.deed(square)
    if lot.hotel:
        raise Rejected(f"{cannot}: it already has a hotel")
    lowest_sq, lowest = min(((sq, d) for sq, d in group), key=lambda sd: sd[1].level)
    if lot.level > lowest.level:
        raise Rejected(
            f"{cannot}: build evenly; {lowest_sq.name} has only {lowest.level} "
            f"house{'s' if lowest.level != 1 else ''}"
        )
    return "hotel" if lot.houses == 4 else "house"


def place_building(game: Game, player: Player, square: Square) -> None:
    """Put the next building on a lot from the bank's supply (the checks are the caller's)."""
    deed = game.deeds[square.index]
    assert deed is not None
    if deed.houses == 4:
        deed.houses = 0
        deed.hotel = True
        game.bank_hotels -= 1
        game.bank_houses += 4
        game.tell("{} builds a hotel on {}", player.name, square.name)
    else:
        deed.houses += 1
        game.bank_houses -= 1
        game.tell("{} builds a house on {}", player.name, square.name)
    game.built_this_turn[player.index] = game.built_this_turn.get(player.index, 0) + 1


def return_buildings(game: Game, deed: Deed) -> None:
    """Every building on a lot goes back to the bank's supply (a hotel as a hotel)."""
    if deed.hotel:
        game.bank_hotels += 1
    else:
        game.bank_houses += deed.houses
    deed.hotel = False
    deed.houses = 0


def build(game: Game, cmd: dict[str, Any]) -> None:
    player = game.player(cmd["player"])
    square = game.square(cmd["square"])
    game.check_free_moment(player, f"build on {square.name}")
    kind = check_build(game, player, square)
    cannot = f"{player.name} cannot build on {square.name}"
    if kind == "house" and game.bank_houses < 1:
        raise Rejected(f"{cannot}: the bank has no houses left")
    if kind == "hotel" and game.bank_hotels < 1:
        raise Rejected(f"{cannot}: the bank has no hotels left")
    limit = game.rules.max_houses_per_turn
    if limit is not None and game.built_this_turn.get(player.index, 0) >= limit:
        raise Rejected(f"{cannot}: at most {limit} buildings a turn (house rule)")
    game.check_no_debt(player, f"build on {square.name}")
    game.check_cash(player, square.house_cost, f"build on {square.name}")
    game.pay(player, BANK, square.house_cost, f"{kind} on {square.name}")
    place_building(game, player, square)


def sell_building(game: Game, cmd: dict[str, Any]) -> None:
    player = game.player(cmd["player"])
    square = game.square(cmd["square"])
    game.check_free_moment(player, f"sell a building on {square.name}")
    cannot = f"{player.name} cannot sell a building on {square.name}"
    deed = game.deed(square)
    if deed.owner is not player:
        raise Rejected(f"{cannot}: it belongs to {_holder(game, deed.owner)}")
    if deed.level == 0:
        raise Rejected(f"{cannot}: it has no buildings")
    highest_sq, highest = max(game.group_of(square), key=lambda sd: sd[1].level)
    if deed.level < highest.level:
        raise Rejected(f"{cannot}: sell evenly; {highest_sq.name} has more buildings")
    value = game.sellback(square)
    if deed.hotel:
        if game.bank_houses < 4:
            raise Rejected(
                f"{cannot}: the bank has only {game.bank_houses} houses, not the 4 that replace "
                "the hotel; sell all the group's buildings at once instead"
            )
        deed.hotel = False
        deed.houses = 4
        game.bank_hotels += 1
        game.bank_houses -= 4
        what = "hotel"
    else:
        deed.houses -= 1
        game.bank_houses += 1
        what = "house"
    game.pay(BANK, player, value, f"sold a {what} on {square.name}")
    game.tell("{} sells a {} on {}", player.name, what, square.name)


def sell_all_buildings(game: Game, cmd: dict[str, Any]) -> None:
    player = game.player(cmd["player"])
    group_name = cmd["group"]
    if group_name not in game.edition.groups:
        raise Rejected(f"There is no colour group called {group_name!r}")
    game.check_free_moment(player, f"sell the {group_name} buildings")
    lots = [(game.squares[i], game.deeds[i]) for i in game.edition.groups[group_name]]
    if any(d.owner is not player for _sq, d in lots):  # type: ignore[union-attr]
        raise Rejected(f"{player.name} does not own the whole {group_name} group")
    if not any(d.level for _sq, d in lots):  # type: ignore[union-attr]
        raise Rejected(f"{player.name} has no buildings on the {group_name} group")
    total = 0
    for sq, deed in lots:
        assert deed is not None
        total += deed.level * game.sellback(sq)
        return_buildings(game, deed)
    game.pay(BANK, player, total, f"sold every building on the {group_name} group")
    game.tell("{} sells every building on the {} group", player.name, group_name)
