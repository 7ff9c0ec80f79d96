"""Buy offers, auctions (of deeds and of scarce buildings) and rent claims (RULES.md 5, 7)."""

from __future__ import annotations

from typing import Any

from .buildings import next_building, place_building, why_not_limit, why_not_place
from .core import BaseGame
from .decision import lot_name
from .edition import Square
from .errors import Rejected
from .state import BANK, Auction, Offer
from .texts import Sentence, Text
from .turn import debt_free, free_moment

# ---- buy offers --------------------------------------------------------------------------------

def _offer_seat(game: BaseGame, cmd: dict[str, Any]) -> tuple[Offer, int]:
    offer = game.offer
    if offer is None:
        raise Rejected(Text("buy.none"))
    named = cmd.get("player")
    if named is not None and named != game.names[offer.seat]:
        game.seat(named)
        raise Rejected(Text("buy.not_yours", game.squares[offer.square], game.names[offer.seat], named))
    return offer, offer.seat


def why_not_buy(game: BaseGame, seat: int) -> Sentence | None:
    offer = game.offer
    if offer is None:
        return Text("buy.none")
    square = game.squares[offer.square]
    if seat != offer.seat:
        return Text("buy.not_yours", square, game.names[offer.seat], game.names[seat])
    why = free_moment(game, seat, "doing.buy", square) or debt_free(game, seat, "doing.buy", square)
    if why is None and game.cash[seat] < square.price:
        return Text("buy.too_dear", game.names[seat], square, square.price, game.cash[seat])
    return why


def buy(game: BaseGame, cmd: dict[str, Any]) -> None:
    offer, seat = _offer_seat(game, cmd)
    why = why_not_buy(game, seat)
    if why is not None:
        raise Rejected(why)
    square = game.squares[offer.square]
    game.offer = None
    game.pay(seat, BANK, square.price, Text("why.bought", square))
    game.set_owner(square.index, seat)
    game.tell("buy.buys", game.names[seat], square)


def why_not_decline(game: BaseGame, seat: int) -> Sentence | None:
    offer = game.offer
    if offer is None:
        return Text("buy.none")
    square = game.squares[offer.square]
    if seat != offer.seat:
        return Text("buy.not_yours", square, game.names[offer.seat], game.names[seat])
    return free_moment(game, seat, "doing.decline", square)


def decline(game: BaseGame, cmd: dict[str, Any]) -> None:
    offer, seat = _offer_seat(game, cmd)
    why = why_not_decline(game, seat)
    if why is not None:
        raise Rejected(why)
    square = game.squares[offer.square]
    game.offer = None
    game.tell("buy.declines", game.names[seat], square)
    if not game.rules.auction_on_decline:
        return
    bidders = tuple(s for s in game.active if s != seat or game.rules.decliner_may_bid)
    if bidders:
        open_auction(game, bidders, square.index)


def open_auction(game: BaseGame, bidders: tuple[int, ...], square: int) -> None:
    game.auctions = (*game.auctions, Auction(bidders=bidders, square=square))
    game.tell("auction.opens", game.squares[square])


# ---- auctions ----------------------------------------------------------------------------------

def bid_floor(game: BaseGame, auction: Auction, square: Square | None = None) -> int:
    """The lowest bid the rules take now: above the high bid, and at least the house cost of
    the lot a building will stand on."""
    floor = max(auction.high_bid + 1, 1)
    if square is not None and auction.building is not None:
        floor = max(floor, square.house_cost)
    return floor


def why_not_bid(game: BaseGame, seat: int, amount: int, square: Square | None) -> Sentence | None:
    if not game.auctions:
        return Text("auction.none")
    auction = game.auctions[0]
    name = game.names[seat]
    lot = lot_name(game, auction)
    if seat not in auction.bidders:
        return Text("auction.out", name, lot)
    why = debt_free(game, seat, "doing.bid", lot)
    if why is not None:
        return why
    if amount <= auction.high_bid or amount < 1:
        return Text("auction.too_low", name, amount, lot, auction.high_bid)
    if amount > game.cash[seat]:
        return Text("auction.too_high", name, amount, lot, game.cash[seat])
    if auction.building is None:
        if square is not None and square.index != auction.square:
            return Text("auction.not_this_deed", lot, square)
        return None
    if square is None:
        return Text("auction.say_square", Text("thing." + auction.building))
    why = why_not_place(game, seat, square)
    if why is not None:
        return why
    kind = next_building(game, square)
    if kind != auction.building:
        wanted = Text("thing." + auction.building)
        return Text("auction.wrong_kind", name, square, Text("thing." + kind), wanted)
    if amount < square.house_cost:
        return Text("auction.below_cost", Text("thing." + auction.building), square, square.house_cost)
    return why_not_limit(game, seat, square)


def bid(game: BaseGame, cmd: dict[str, Any]) -> None:
    if not game.auctions:
        raise Rejected(Text("auction.none"))
    seat = game.seat(cmd["player"])
    amount = cmd["amount"]
    square_id = cmd.get("square")
    square = game.square(square_id) if square_id is not None else None
    why = why_not_bid(game, seat, amount, square)
    if why is not None:
        raise Rejected(why)
    auction = game.auctions[0]
    build_on = square.index if auction.building is not None and square is not None else None
    auction = Auction(auction.bidders, auction.square, auction.building, amount, seat, build_on)
    game.auctions = (auction, *game.auctions[1:])
    game.tell("auction.bids", game.names[seat], amount, lot_name(game, auction))
    _maybe_close(game, auction)


def why_not_pass(game: BaseGame, seat: int) -> Sentence | None:
    if not game.auctions:
        return Text("auction.none")
    auction = game.auctions[0]
    lot = lot_name(game, auction)
    if seat not in auction.bidders:
        return Text("auction.already_out", game.names[seat], lot)
    if seat == auction.high_bidder:
        return Text("auction.high_cannot_pass", game.names[seat], lot)
    return None


def pass_(game: BaseGame, cmd: dict[str, Any]) -> None:
    if not game.auctions:
        raise Rejected(Text("auction.none"))
    seat = game.seat(cmd["player"])
    why = why_not_pass(game, seat)
    if why is not None:
        raise Rejected(why)
    auction = game.auctions[0]
    bidders = tuple(s for s in auction.bidders if s != seat)
    auction = Auction(bidders, auction.square, auction.building, auction.high_bid, auction.high_bidder,
                      auction.build_on)
    game.auctions = (auction, *game.auctions[1:])
    game.tell("auction.passes", game.names[seat])
    _maybe_close(game, auction)


def _maybe_close(game: BaseGame, auction: Auction) -> None:
    """All but the high bidder have passed (or everyone has, with no bid): the hammer falls."""
    if auction.high_bidder is None:
        if auction.bidders:
            return
        game.auctions = game.auctions[1:]
        game.tell("auction.no_bids", lot_name(game, auction))
        return
    if len(auction.bidders) > 1:
        return
    game.auctions = game.auctions[1:]
    winner, price = auction.high_bidder, auction.high_bid
    lot = lot_name(game, auction)
    if auction.square is not None:
        game.pay(winner, BANK, price, Text("why.won_auction", lot))
        game.set_owner(auction.square, winner)
    else:
        assert auction.build_on is not None
        square = game.squares[auction.build_on]
        game.pay(winner, BANK, price, Text("why.won_" + (auction.building or "house"), square))
        place_building(game, winner, square)
    game.tell("auction.wins", game.names[winner], lot, price)


def why_not_auction_building(game: BaseGame, kind: str) -> Sentence | None:
    if game.auctions:
        return Text("auction.already")
    if game.choice is not None:
        return Text("block.choice", game.names[game.choice.seat])
    if game.draw_due is not None:
        due = game.draw_due
        return Text("block.draw", game.names[due.seat], game.edition.deck_names[due.deck])
    if game.roll_due is not None:
        roll_due = game.roll_due
        return Text("block.utility_roll", game.names[roll_due.seat], game.squares[roll_due.square])
    left = game.bank_houses if kind == "house" else game.bank_hotels
    if left < 1:
        return Text("auction.bank_none_" + kind)
    return None


def auction_building(game: BaseGame, cmd: dict[str, Any]) -> None:
    """Banker: put one scarce house or hotel from the bank under the hammer."""
    kind = cmd["kind"]
    why = why_not_auction_building(game, kind)
    if why is not None:
        raise Rejected(why)
    game.auctions = (Auction(bidders=tuple(game.active), building=kind),)
    game.tell("auction.bank_opens_" + kind)


# ---- rent claims (auto_collect_rent: false) ----------------------------------------------------

def why_not_claim_rent(game: BaseGame, seat: int) -> Sentence | None:
    claim = game.claim
    name = game.names[seat]
    if claim is None:
        return Text("rent.nothing_to_claim", name)
    square = game.squares[claim.square]
    if claim.owner != seat:
        return Text("rent.not_yours", square, game.names[claim.owner])
    return free_moment(game, seat, "doing.claim")


def claim_rent(game: BaseGame, cmd: dict[str, Any]) -> None:
    seat = game.seat(cmd["player"])
    why = why_not_claim_rent(game, seat)
    if why is not None:
        raise Rejected(why)
    claim = game.claim
    assert claim is not None
    game.claim = None
    game.charge(claim.payer, seat, claim.amount, Text("why.rent", game.squares[claim.square]))

