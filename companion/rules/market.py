"""Buy offers, auctions (of deeds and of scarce buildings) and rent claims (RULES.md 5, 7)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .buildings import check_build, place_building
from .errors import Rejected
from .state import BANK, Auction

if TYPE_CHECKING:
    from .game import Game
    from .state import Player


def buy(game: Game, cmd: dict[str, Any]) -> None:
    offer = _offer_for(game, cmd)
    player, square = offer.player, game.squares[offer.square]
    game.check_free_moment(player, f"buy {square.name}")
    game.check_no_debt(player, f"buy {square.name}")
    if player.cash < square.price:
        raise Rejected(
            f"{player.name} cannot buy {square.name}: it costs {square.price} and {player.name} "
            f"has {player.cash}; raise cash first or decline"
        )
    game.offer = None
    game.pay(player, BANK, square.price, f"bought {square.name}")
    game.set_owner(square.index, player)
    game.tell("{} buys {}", player.name, square.name)


def decline(game: Game, cmd: dict[str, Any]) -> None:
    offer = _offer_for(game, cmd)
    player, square = offer.player, game.squares[offer.square]
    game.check_free_moment(player, f"decline {square.name}")
    game.offer = None
    game.tell("{} declines {}", player.name, square.name)
    if not game.rules.auction_on_decline:
        return
    bidders = [
        p for p in game.active_players if p is not player or game.rules.decliner_may_bid
    ]
    if bidders:
        game.auctions.append(Auction(bidders=bidders, square=square.index))
        game.tell("{} goes to auction", square.name)


def _offer_for(game: Game, cmd: dict[str, Any]):  # noqa: ANN202 - returns Offer
    offer = game.offer
    if offer is None:
        raise Rejected("No deed is on offer now")
    named = cmd.get("player")
    if named is not None and named != offer.player.name:
        game.player(named)
        raise Rejected(
            f"{game.squares[offer.square].name} is offered to {offer.player.name}, not to {named}"
        )
    return offer


# ---- auctions ----------------------------------------------------------------------------------

def _running(game: Game) -> Auction:
    if not game.auctions:
        raise Rejected("No auction is running")
    return game.auctions[0]


def _lot_name(game: Game, auction: Auction) -> str:
    if auction.square is not None:
        return game.squares[auction.square].name
    return f"a {auction.building} from the bank"


def bid(game: Game, cmd: dict[str, Any]) -> None:
    auction = _running(game)
    player = game.player(cmd["player"])
    amount = cmd["amount"]
    lot = _lot_name(game, auction)
    if player not in auction.bidders:
        raise Rejected(f"{player.name} is out of the auction for {lot}")
    game.check_no_debt(player, f"bid for {lot}")
    if amount <= auction.high_bid or amount < 1:
        floor = max(auction.high_bid, 0)
        raise Rejected(f"{player.name}'s bid of {amount} for {lot} must be more than {floor}")
    if amount > player.cash:
        raise Rejected(f"{player.name} cannot bid {amount} for {lot}: {player.name} has {player.cash}")
    build_on = None
    if auction.building is not None:
        build_on = _building_bid_square(game, auction, player, cmd.get("square"), amount)
    auction.high_bid = amount
    auction.high_bidder = player
    auction.build_on = build_on
    game.tell("{} bids {} for {}", player.name, amount, lot)
    _maybe_close(game, auction)


def _building_bid_square(
    game: Game, auction: Auction, player: Player, square_id: str | None, amount: int
) -> int:
    if square_id is None:
        raise Rejected(f"A bid for a {auction.building} must say the square it will stand on")
    square = game.square(square_id)
    kind = check_build(game, player, square)
    if kind != auction.building:
        raise Rejected(
            f"{player.name}'s next building on {square.name} would be a {kind}, "
            f"not a {auction.building}"
        )
    if amount < square.house_cost:
        raise Rejected(
            f"The opening bid for a {auction.building} on {square.name} is its cost, "
            f"{square.house_cost}"
        )
    return square.index


def pass_(game: Game, cmd: dict[str, Any]) -> None:
    auction = _running(game)
    player = game.player(cmd["player"])
    lot = _lot_name(game, auction)
    if player not in auction.bidders:
        raise Rejected(f"{player.name} is already out of the auction for {lot}")
    if player is auction.high_bidder:
        raise Rejected(f"{player.name} holds the high bid for {lot} and cannot pass")
    auction.bidders.remove(player)
    game.tell("{} passes", player.name)
    _maybe_close(game, auction)


def _maybe_close(game: Game, auction: Auction) -> None:
    """All but the high bidder have passed (or everyone has, with no bid): the hammer falls."""
    if auction.high_bidder is None:
        if auction.bidders:
            return
        game.auctions.pop(0)
        game.tell("Nobody bid: {} stays with the bank", _lot_name(game, auction))
        return
    if len(auction.bidders) > 1:
        return
    game.auctions.pop(0)
    winner, price = auction.high_bidder, auction.high_bid
    lot = _lot_name(game, auction)
    if auction.square is not None:
        game.pay(winner, BANK, price, f"won the auction for {lot}")
        game.set_owner(auction.square, winner)
    else:
        square = game.squares[auction.build_on]  # type: ignore[index]
        game.pay(winner, BANK, price, f"won the auction for a {auction.building} on {square.name}")
        place_building(game, winner, square)
    game.tell("{} wins {} for {}", winner.name, lot, price)


def auction_building(game: Game, cmd: dict[str, Any]) -> None:
    """Banker: put one scarce house or hotel from the bank under the hammer."""
    kind = cmd["kind"]
    if game.auctions:
        raise Rejected("An auction is already running")
    if game.choice is not None:
        raise Rejected(f"{game.choice.player.name} must first make a choice")
    left = game.bank_houses if kind == "house" else game.bank_hotels
    if left < 1:
        raise Rejected(f"The bank has no {kind}s left to auction")
    game.auctions.append(Auction(bidders=game.active_players, building=kind))
    game.tell("The bank auctions a {}", kind)


# ---- rent claims (auto_collect_rent: false) ----------------------------------------------------

def claim_rent(game: Game, cmd: dict[str, Any]) -> None:
    player = game.player(cmd["player"])
    claim = game.claim
    if claim is None:
        raise Rejected(f"{player.name} has no rent to claim now")
    if claim.owner is not player:
        raise Rejected(f"The rent for {game.squares[claim.square].name} is {claim.owner.name}'s to claim")
    game.check_free_moment(player, "claim rent")
    game.claim = None
    game.charge(claim.payer, player, claim.amount, f"rent for {game.squares[claim.square].name}")
