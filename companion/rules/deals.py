"""Mortgages and trades between players (RULES.md 8)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .errors import Rejected
from .state import BANK, Side, Trade

if TYPE_CHECKING:
    from .edition import Square
    from .game import Game
    from .state import Player


def interest(square: Square) -> int:
    """The 10 % of the mortgage value, rounded up to a whole pound."""
    return -(-square.mortgage_value // 10)


def lift_cost(square: Square) -> int:
    return square.mortgage_value + interest(square)


def _group_has_buildings(game: Game, square: Square) -> bool:
    return square.kind == "lot" and any(d.level for _sq, d in game.group_of(square))


def mortgage(game: Game, cmd: dict[str, Any]) -> None:
    player = game.player(cmd["player"])
    square = game.square(cmd["square"])
    game.check_free_moment(player, f"mortgage {square.name}")
    cannot = f"{player.name} cannot mortgage {square.name}"
    deed = game.deed(square)
    if deed.owner is not player:
        raise Rejected(f"{cannot}: {player.name} does not own it")
    if deed.mortgaged:
        raise Rejected(f"{cannot}: it is already mortgaged")
    if _group_has_buildings(game, square):
        raise Rejected(f"{cannot}: sell the {square.group} group's buildings first")
    deed.mortgaged = True
    game.pay(BANK, player, square.mortgage_value, f"mortgaged {square.name}")
    game.tell("{} mortgages {}", player.name, square.name)


def unmortgage(game: Game, cmd: dict[str, Any]) -> None:
    player = game.player(cmd["player"])
    square = game.square(cmd["square"])
    doing = f"lift the mortgage on {square.name}"
    game.check_free_moment(player, doing)
    deed = game.deed(square)
    if deed.owner is not player:
        raise Rejected(f"{player.name} cannot {doing}: {player.name} does not own it")
    if not deed.mortgaged:
        raise Rejected(f"{player.name} cannot {doing}: it is not mortgaged")
    game.check_no_debt(player, doing)
    game.check_cash(player, lift_cost(square), doing)
    deed.mortgaged = False
    game.pay(player, BANK, lift_cost(square), f"lifted the mortgage on {square.name}")
    game.tell("{} lifts the mortgage on {}", player.name, square.name)


# ---- trades ------------------------------------------------------------------------------------

def _side(game: Game, raw: dict[str, Any]) -> Side:
    squares = tuple(game.square(s).index for s in raw.get("squares", ()))
    if len(set(squares)) != len(squares):
        raise Rejected("A trade lists the same square twice")
    return Side(cash=raw.get("cash", 0), squares=squares, jail_cards=raw.get("jail_cards", 0))


def _check_side(game: Game, giver: Player, side: Side) -> None:
    """The giver still holds what this side hands over, and no deed of it stands in a built group."""
    if side.cash > giver.cash:
        raise Rejected(f"{giver.name} has {giver.cash}, not the {side.cash} offered")
    if side.cash:
        game.check_no_debt(giver, "hand over cash in a trade")
    if side.jail_cards > len(giver.jail_cards):
        raise Rejected(
            f"{giver.name} has {len(giver.jail_cards)} Get out of Jail Free card(s), "
            f"not {side.jail_cards}"
        )
    for index in side.squares:
        square = game.squares[index]
        deed = game.deed(square)
        if deed.owner is not giver:
            raise Rejected(f"{giver.name} does not own {square.name}")
        if _group_has_buildings(game, square):
            raise Rejected(
                f"{square.name} cannot change hands: the {square.group} group has buildings; "
                "sell them first"
            )


def _check_lifts(game: Game, lifts: tuple[int, ...], received: Side, who: Player) -> None:
    for index in lifts:
        square = game.squares[index]
        if index not in received.squares:
            raise Rejected(f"{who.name} can lift only mortgages on deeds received in the trade")
        if not game.deed(square).mortgaged:
            raise Rejected(f"{square.name} is not mortgaged")


def _check_window(game: Game, player: Player, doing: str) -> None:
    game.check_free_moment(player, doing)
    if game.rules.trade_window == "before_roll" and game.rolled:
        raise Rejected(
            f"{player.name} cannot {doing} now: deals are made only before the dice are thrown "
            "(house rule)"
        )


def trade(game: Game, cmd: dict[str, Any]) -> None:
    proposer = game.player(cmd["from"])
    partner = game.player(cmd["to"])
    _check_window(game, proposer, "propose a trade")
    if proposer is partner:
        raise Rejected(f"{proposer.name} cannot trade with themself")
    if game.trade is not None:
        open_ = game.trade
        raise Rejected(
            f"{open_.proposer.name}'s proposal to {open_.partner.name} is still open; "
            "it must be answered first"
        )
    give = _side(game, cmd.get("give") or {})
    take = _side(game, cmd.get("take") or {})
    if give.empty and take.empty:
        raise Rejected("A trade must hand over something")
    _check_side(game, proposer, give)
    _check_side(game, partner, take)
    lifts = tuple(game.square(s).index for s in cmd.get("lift", ()))
    _check_lifts(game, lifts, take, proposer)
    game.trade = Trade(proposer, partner, give, take, lifts)
    game.tell("{} proposes a trade to {}", proposer.name, partner.name)


def _open_trade_for(game: Game, player: Player) -> Trade:
    if game.trade is None:
        raise Rejected(f"There is no trade proposal for {player.name} to answer")
    return game.trade


def accept(game: Game, cmd: dict[str, Any]) -> None:
    player = game.player(cmd["player"])
    offer = _open_trade_for(game, player)
    if player is not offer.partner:
        raise Rejected(
            f"Only {offer.partner.name} can accept {offer.proposer.name}'s proposal"
        )
    _check_window(game, player, "accept a trade")
    proposer, partner, give, take = offer.proposer, offer.partner, offer.give, offer.take
    _check_side(game, proposer, give)
    _check_side(game, partner, take)
    partner_lifts = tuple(game.square(s).index for s in cmd.get("lift", ()))
    _check_lifts(game, partner_lifts, give, partner)
    # Lifting at once is paid from the cash each side holds once the cash has changed hands.
    for who, lifts, cash_after in (
        (proposer, offer.proposer_lifts, proposer.cash - give.cash + take.cash),
        (partner, partner_lifts, partner.cash - take.cash + give.cash),
    ):
        if lifts:
            game.check_no_debt(who, "lift mortgages in a trade")
        cost = sum(lift_cost(game.squares[i]) for i in lifts)
        if cost > cash_after:
            raise Rejected(
                f"{who.name} cannot lift the mortgages at once: it costs {cost} and "
                f"{who.name} would have {cash_after}"
            )
    game.trade = None
    game.pay(proposer, partner, give.cash, "trade")
    game.pay(partner, proposer, take.cash, "trade")
    _hand_over(game, proposer, partner, give, partner_lifts)
    _hand_over(game, partner, proposer, take, offer.proposer_lifts)
    game.tell("{} accepts {}'s trade", partner.name, proposer.name)


def _hand_over(
    game: Game, giver: Player, receiver: Player, side: Side, lifts: tuple[int, ...]
) -> None:
    for _ in range(side.jail_cards):
        receiver.jail_cards.append(giver.jail_cards.pop(0))
    for index in side.squares:
        receive_deed(game, receiver, game.squares[index], lift=index in lifts)


def receive_deed(game: Game, receiver: Player, square: Square, lift: bool = False) -> None:
    """A deed changes hands; a mortgaged one costs the receiver the 10 % now (or 110 % to lift)."""
    deed = game.deed(square)
    game.set_owner(square.index, receiver)
    if not deed.mortgaged:
        return
    if lift:
        deed.mortgaged = False
        game.pay(receiver, BANK, lift_cost(square), f"lifted the mortgage on {square.name}")
    else:
        game.charge(receiver, BANK, interest(square), f"10 % on mortgaged {square.name} received")


def reject(game: Game, cmd: dict[str, Any]) -> None:
    player = game.player(cmd["player"])
    offer = _open_trade_for(game, player)
    if player is not offer.partner and player is not offer.proposer:
        raise Rejected(
            f"The proposal is between {offer.proposer.name} and {offer.partner.name}"
        )
    game.check_free_moment(player, "answer a trade")
    game.trade = None
    if player is offer.partner:
        game.tell("{} rejects {}'s trade", player.name, offer.proposer.name)
    else:
        game.tell("{} withdraws the proposal", player.name)
