"""Houses and hotels: whole groups, even building and selling, the bank's supply, the building
limits (RULES.md 7)."""

from __future__ import annotations

from typing import Any, Final

from .core import BaseGame
from .edition import Square
from .errors import Rejected
from .state import BANK
from .texts import Plural, Sentence, Text
from .turn import affordable, debt_free, free_moment

HOTEL: Final = 5  # a lot's level with a hotel


def holder(game: BaseGame, owner: int) -> str | Sentence:
    return game.names[owner] if owner >= 0 else Text("the_bank")


def next_building(game: BaseGame, square: Square) -> str:
    return "hotel" if game.level[square.index] == 4 else "house"


def why_not_place(game: BaseGame, seat: int, square: Square) -> Sentence | None:
    """Whether this lot may take the seat's next building: whole group, unmortgaged, even."""
    name = game.names[seat]
    if square.kind != "lot":
        return Text("build.not_lot", name, square)
    group = game.groups[square.index]
    owner, level = game.owner, game.level
    for i in group:
        if owner[i] != seat:
            return Text("build.not_whole", name, square, game.edition.group_info[square.group or ""]["name"],
                        game.squares[i], holder(game, owner[i]))
    for i in group:
        if game.mortgaged[i]:
            return Text("build.mortgaged", name, square, game.squares[i])
    here = level[square.index]
    if here == HOTEL:
        return Text("build.has_hotel", name, square)
    lowest = group[0]  # the first lot of the lowest level (a loop: bots ask before every build)
    for i in group:
        if level[i] < level[lowest]:
            lowest = i
    if here > level[lowest]:
        return Text("build.evenly", name, square, game.squares[lowest], Plural(level[lowest], "house"))
    return None


def why_not_limit(game: BaseGame, seat: int, square: Square) -> Sentence | None:
    """The building limits (house rules): only in one's own turn, before the roll, so many."""
    rules = game.rules
    if not rules.building_limited:
        return None
    name = game.names[seat]
    if seat != game.current:
        return Text("build.own_turn", name, square)
    if game.rolled:
        return Text("build.before_roll", name, square)
    built = game.built
    limit = rules.max_houses_per_turn
    if limit is not None and len(built) >= limit:
        return Text("build.turn_limit", name, square, Plural(limit, "building"))
    per_group = rules.max_houses_per_group_per_turn
    if per_group is not None and built.count(square.group or "") >= per_group:
        group = game.edition.group_info[square.group or ""]["name"]
        return Text("build.group_limit", name, square, Plural(per_group, "building"), group)
    return None


def why_not_build(game: BaseGame, seat: int, square: Square) -> Sentence | None:
    why = free_moment(game, seat, "doing.build", square) or why_not_place(game, seat, square)
    if why is not None:
        return why
    kind = next_building(game, square)
    if (game.bank_houses if kind == "house" else game.bank_hotels) < 1:
        return Text("build.bank_out_" + kind, game.names[seat], square)
    return (
        why_not_limit(game, seat, square) or debt_free(game, seat, "doing.build", square)
        or affordable(game, seat, square.house_cost, "doing.build", square)
    )


def place_building(game: BaseGame, seat: int, square: Square) -> None:
    """Put the next building on a lot from the bank's supply (the checks are the caller's)."""
    index = square.index
    if game.level[index] == 4:
        game.level[index] = HOTEL
        game.bank_hotels -= 1
        game.bank_houses += 4
        game.tell("build.hotel", game.names[seat], square)
    else:
        game.level[index] += 1
        game.bank_houses -= 1
        game.tell("build.house", game.names[seat], square)
    game.built = (*game.built, square.group or "")


def return_buildings(game: BaseGame, index: int) -> None:
    """Every building on a lot goes back to the bank's supply (a hotel as a hotel)."""
    level = game.level[index]
    if level == HOTEL:
        game.bank_hotels += 1
    else:
        game.bank_houses += level
    game.level[index] = 0


def build(game: BaseGame, cmd: dict[str, Any]) -> None:
    seat = game.seat(cmd["player"])
    square = game.square(cmd["square"])
    why = why_not_build(game, seat, square)
    if why is not None:
        raise Rejected(why)
    paid_for = "why.hotel" if next_building(game, square) == "hotel" else "why.house"
    game.pay(seat, BANK, square.house_cost, Text(paid_for, square))
    place_building(game, seat, square)


def why_not_sell_building(game: BaseGame, seat: int, square: Square) -> Sentence | None:
    name = game.names[seat]
    why = free_moment(game, seat, "doing.sell", square)
    if why is not None:
        return why
    if not square.ownable:
        return Text("not_property", square)
    index = square.index
    if game.owner[index] != seat:
        return Text("sell.not_owner", name, square, holder(game, game.owner[index]))
    level = game.level
    if level[index] == 0:
        return Text("sell.none", name, square)
    highest = index  # a lot of the group built higher than this one, if any
    for i in game.groups[index]:
        if level[i] > level[highest]:
            highest = i
    if level[index] < level[highest]:
        return Text("sell.evenly", name, square, game.squares[highest])
    if level[index] == HOTEL and game.bank_houses < 4:
        return Text("sell.no_houses", name, square, Plural(game.bank_houses, "house"))
    return None


def sell_building(game: BaseGame, cmd: dict[str, Any]) -> None:
    seat = game.seat(cmd["player"])
    square = game.square(cmd["square"])
    why = why_not_sell_building(game, seat, square)
    if why is not None:
        raise Rejected(why)
    index = square.index
    if game.level[index] == HOTEL:
        game.level[index] = 4
        game.bank_hotels += 1
        game.bank_houses -= 4
        what = "hotel"
    else:
        game.level[index] -= 1
        game.bank_houses += 1
        what = "house"
    game.pay(BANK, seat, game.sellback(square), Text("why.sold_" + what, square))
    game.tell("sell.sells_" + what, game.names[seat], square)


def why_not_sell_all(game: BaseGame, seat: int, group: str) -> Sentence | None:
    if group not in game.edition.groups:
        return Text("sell.no_group", group)
    named = game.edition.group_info[group]["name"]
    why = free_moment(game, seat, "doing.sell_group", named)
    if why is not None:
        return why
    lots = game.edition.groups[group]
    if any(game.owner[i] != seat for i in lots):
        return Text("sell.group_not_owned", game.names[seat], named)
    if not any(game.level[i] for i in lots):
        return Text("sell.group_bare", game.names[seat], named)
    return None


def sell_all_buildings(game: BaseGame, cmd: dict[str, Any]) -> None:
    seat = game.seat(cmd["player"])
    group = cmd["group"]
    why = why_not_sell_all(game, seat, group)
    if why is not None:
        raise Rejected(why)
    total = 0
    for i in game.edition.groups[group]:
        total += game.level[i] * game.sellback(game.squares[i])
        return_buildings(game, i)
    named = game.edition.group_info[group]["name"]
    game.pay(BANK, seat, total, Text("why.sold_group", named))
    game.tell("sell.sells_group", game.names[seat], named)
