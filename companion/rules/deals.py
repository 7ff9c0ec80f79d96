"""Mortgages and trades between players (RULES.md 8)."""

from __future__ import annotations

from typing import Any

from .core import BaseGame
from .edition import Square
from .errors import Rejected
from .state import BANK, Side, Trade
from .texts import Plural, Sentence, Text
from .turn import affordable, debt_free, free_moment


def interest(square: Square) -> int:
    """The 10 % of the mortgage value, rounded up to a whole pound."""
    return -(-square.mortgage_value // 10)


def lift_cost(square: Square) -> int:
    return square.mortgage_value + interest(square)


# ---- mortgages ---------------------------------------------------------------------------------

def why_not_mortgage(game: BaseGame, seat: int, square: Square) -> Sentence | None:
    name = game.names[seat]
    why = free_moment(game, seat, "doing.mortgage", square)
    if why is not None:
        return why
    if not square.ownable:
        return Text("not_property", square)
    index = square.index
    if game.owner[index] != seat:
        return Text("mortgage.not_owner", name, square)
    if game.mortgaged[index]:
        return Text("mortgage.already", name, square)
    if game.group_built(index):
        return Text("mortgage.built", name, square, game.edition.group_info[square.group or ""]["name"])
    return None


def mortgage(game: BaseGame, cmd: dict[str, Any]) -> None:
    seat = game.seat(cmd["player"])
    square = game.square(cmd["square"])
    why = why_not_mortgage(game, seat, square)
    if why is not None:
        raise Rejected(why)
    game.mortgaged[square.index] = True
    game.pay(BANK, seat, square.mortgage_value, Text("why.mortgaged", square))
    game.tell("mortgage.mortgages", game.names[seat], square)


def why_not_unmortgage(game: BaseGame, seat: int, square: Square) -> Sentence | None:
    name = game.names[seat]
    why = free_moment(game, seat, "doing.lift", square)
    if why is not None:
        return why
    if not square.ownable:
        return Text("not_property", square)
    index = square.index
    if game.owner[index] != seat:
        return Text("lift.not_owner", name, Text("doing.lift", square))
    if not game.mortgaged[index]:
        return Text("lift.not_mortgaged", name, Text("doing.lift", square))
    return (debt_free(game, seat, "doing.lift", square)
            or affordable(game, seat, lift_cost(square), "doing.lift", square))


def unmortgage(game: BaseGame, cmd: dict[str, Any]) -> None:
    seat = game.seat(cmd["player"])
    square = game.square(cmd["square"])
    why = why_not_unmortgage(game, seat, square)
    if why is not None:
        raise Rejected(why)
    game.mortgaged[square.index] = False
    game.pay(seat, BANK, lift_cost(square), Text("why.lifted", square))
    game.tell("lift.lifts", game.names[seat], square)


# ---- trades ------------------------------------------------------------------------------------

def tradable(game: BaseGame, seat: int) -> list[int]:
    """The deeds this seat could hand over in a trade now (no buildings in their group)."""
    return [i for i in game.owned(seat) if not game.group_built(i)]


def _side(game: BaseGame, raw: dict[str, Any]) -> Side:
    squares = tuple(game.square(s).index for s in raw.get("squares", ()))
    if len(set(squares)) != len(squares):
        raise Rejected(Text("trade.twice"))
    return Side(cash=raw.get("cash", 0), squares=squares, jail_cards=raw.get("jail_cards", 0))


def why_not_side(game: BaseGame, giver: int, side: Side) -> Sentence | None:
    """The giver holds what this side hands over, and no deed of it stands in a built group."""
    name = game.names[giver]
    cash = game.cash[giver]
    if side.cash > cash:
        return Text("trade.cash", name, cash, side.cash)
    if side.cash:
        why = debt_free(game, giver, "doing.hand_cash")
        if why is not None:
            return why
    held = len(game.jail_cards[giver])
    if side.jail_cards > held:
        return Text("trade.cards", name, Plural(held, "jail_card"), side.jail_cards)
    for index in side.squares:
        square = game.squares[index]
        if not square.ownable:
            return Text("not_property", square)
        if game.owner[index] != giver:
            return Text("trade.not_owner", name, square)
        if game.group_built(index):
            return Text("trade.built", square, game.edition.group_info[square.group or ""]["name"])
    return None


def why_not_lifts(game: BaseGame, lifts: tuple[int, ...], received: Side, seat: int) -> Sentence | None:
    for index in lifts:
        if index not in received.squares:
            return Text("trade.lift_received", game.names[seat])
        if not game.mortgaged[index]:
            return Text("trade.lift_not_mortgaged", game.squares[index])
    return None


def why_not_window(game: BaseGame, seat: int, doing: str) -> Sentence | None:
    why = free_moment(game, seat, doing)
    if why is None and game.rules.trade_window == "before_roll" and game.rolled:
        return Text("trade.window", game.names[seat], Text(doing))
    return why


def why_not_trade(game: BaseGame, proposer: int, partner: int, give: Side, take: Side,
                  lifts: tuple[int, ...]) -> Sentence | None:
    why = why_not_window(game, proposer, "doing.propose")
    if why is not None:
        return why
    if proposer == partner:
        return Text("trade.self", game.names[proposer])
    if game.trade is not None and not is_counter(game, proposer, partner):
        return Text("trade.open", game.names[game.trade.proposer], game.names[game.trade.partner])
    if give.empty and take.empty:
        return Text("trade.empty")
    return (
        why_not_side(game, proposer, give) or why_not_side(game, partner, take)
        or why_not_lifts(game, lifts, take, proposer)
    )


def is_counter(game: BaseGame, proposer: int, partner: int) -> bool:
    """A proposal back from the partner of the open one: a counter-offer, which answers it."""
    open_trade = game.trade
    return open_trade is not None and (open_trade.partner, open_trade.proposer) == (proposer, partner)


def trade(game: BaseGame, cmd: dict[str, Any]) -> None:
    proposer = game.seat(cmd["from"])
    partner = game.seat(cmd["to"])
    why = why_not_window(game, proposer, "doing.propose")
    if why is not None:
        raise Rejected(why)
    give = _side(game, cmd.get("give") or {})
    take = _side(game, cmd.get("take") or {})
    lifts = tuple(game.square(s).index for s in cmd.get("lift", ()))
    why = why_not_trade(game, proposer, partner, give, take, lifts)
    if why is not None:
        raise Rejected(why)
    if game.trade is not None:  # a counter-offer: the open proposal is answered by it
        game.tell("trade.counters", game.names[proposer], game.names[partner])
    game.trade = Trade(proposer, partner, give, take, lifts)
    game.tell("trade.proposes", game.names[proposer], game.names[partner])


def lift_budget(game: BaseGame, seat: int, offer: Trade) -> int:
    """The cash this side of the open trade will hold once the cash has changed hands."""
    if seat == offer.partner:
        return game.cash[seat] - offer.take.cash + offer.give.cash
    return game.cash[seat] - offer.give.cash + offer.take.cash


def why_not_accept(game: BaseGame, seat: int, lifts: tuple[int, ...]) -> Sentence | None:
    offer = game.trade
    if offer is None:
        return Text("trade.none", game.names[seat])
    if seat != offer.partner:
        return Text("trade.only_partner", game.names[offer.partner], game.names[offer.proposer])
    why = (
        why_not_window(game, seat, "doing.accept")
        or why_not_side(game, offer.proposer, offer.give)
        or why_not_side(game, offer.partner, offer.take)
        or why_not_lifts(game, lifts, offer.give, seat)
    )
    if why is not None:
        return why
    # Lifting at once is paid from the cash each side holds once the cash has changed hands.
    for who, lifted in ((offer.proposer, offer.proposer_lifts), (offer.partner, lifts)):
        if not lifted:
            continue
        why = debt_free(game, who, "doing.lift_in_trade")
        if why is not None:
            return why
        cost = sum(lift_cost(game.squares[i]) for i in lifted)
        budget = lift_budget(game, who, offer)
        if cost > budget:
            return Text("trade.lift_too_dear", game.names[who], cost, budget)
    return None


def accept(game: BaseGame, cmd: dict[str, Any]) -> None:
    seat = game.seat(cmd["player"])
    if game.trade is None:
        raise Rejected(Text("trade.none", game.names[seat]))
    lifts = tuple(game.square(s).index for s in cmd.get("lift", ()))
    why = why_not_accept(game, seat, lifts)
    if why is not None:
        raise Rejected(why)
    offer = game.trade
    proposer, partner, give, take = offer.proposer, offer.partner, offer.give, offer.take
    game.trade = None
    game.tell("trade.accepts", game.names[partner], game.names[proposer])
    for receiver, squares in ((partner, give.squares), (proposer, take.squares)):
        if squares:
            game.tell("trade.deeds", game.names[receiver], tuple(game.squares[i] for i in squares))
    game.pay(proposer, partner, give.cash, Text("why.trade"))
    game.pay(partner, proposer, take.cash, Text("why.trade"))
    _hand_cards(game, proposer, partner, give.jail_cards)
    _hand_cards(game, partner, proposer, take.jail_cards)
    receive_deeds(game, partner, give.squares, lifts)
    receive_deeds(game, proposer, take.squares, offer.proposer_lifts)


def _hand_cards(game: BaseGame, giver: int, receiver: int, count: int) -> None:
    if count:
        held = game.jail_cards[giver]
        game.jail_cards[giver] = held[count:]
        game.jail_cards[receiver] = (*game.jail_cards[receiver], *held[:count])


def receive_deeds(game: BaseGame, receiver: int, squares: tuple[int, ...],
                  lifts: tuple[int, ...] = ()) -> None:
    """Deeds change hands. The receiver lifts the mortgages chosen now (mortgage value alone, cash
    the caller has checked) and owes the bank the 10 % on every other mortgaged one, as one
    payment (a debt when the cash is short)."""
    for index in squares:
        game.set_owner(index, receiver)
    for index in lifts:
        square = game.squares[index]
        game.mortgaged[index] = False
        game.pay(receiver, BANK, lift_cost(square), Text("why.lifted", square))
    kept = tuple(game.squares[i] for i in squares if game.mortgaged[i])
    if kept:
        total = sum(interest(square) for square in kept)
        game.charge(receiver, BANK, total, Text("why.interest", kept))


def why_not_reject(game: BaseGame, seat: int) -> Sentence | None:
    offer = game.trade
    if offer is None:
        return Text("trade.none", game.names[seat])
    if seat not in (offer.partner, offer.proposer):
        return Text("trade.not_party", game.names[offer.proposer], game.names[offer.partner])
    return free_moment(game, seat, "doing.answer")


def reject(game: BaseGame, cmd: dict[str, Any]) -> None:
    seat = game.seat(cmd["player"])
    why = why_not_reject(game, seat)
    if why is not None:
        raise Rejected(why)
    offer = game.trade
    assert offer is not None
    game.trade = None
    if seat == offer.partner:
        game.tell("trade.rejects", game.names[seat], game.names[offer.proposer])
    else:
        game.tell("trade.withdraws", game.names[seat])
