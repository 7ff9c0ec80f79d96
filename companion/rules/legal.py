"""Every command a player may give now, as python-chess's `legal_moves` lists every legal move.

Each entry comes from the same `why_not_*` check its handler runs, so whatever is listed is
accepted by `apply`. A few commands have a field the sender fills in; their entry says what it
may be (`free`): the dice of a roll (rolled by the table), a bid's amount (a range), the contents
of a trade proposal, the mortgages lifted when accepting a trade.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from .bankruptcy import why_not_bankrupt, why_not_end_game
from .buildings import next_building, why_not_build, why_not_sell_all, why_not_sell_building
from .core import BaseGame
from .corrections import held, why_not_give_deed
from .deals import (
    is_counter,
    lift_budget,
    lift_cost,
    tradable,
    why_not_accept,
    why_not_mortgage,
    why_not_reject,
    why_not_unmortgage,
    why_not_window,
)
from .market import (
    bid_floor,
    why_not_auction_building,
    why_not_bid,
    why_not_buy,
    why_not_claim_rent,
    why_not_decline,
    why_not_pass,
)
from .seats import why_not_hand_over, why_not_retire
from .state import BANK, NOBODY, POT, Account
from .turn import (
    debt_free,
    why_not_choose,
    why_not_draw,
    why_not_end_turn,
    why_not_pay_jail_fine,
    why_not_roll,
    why_not_use_jail_card,
)

Command = dict[str, Any]


@dataclass(frozen=True, slots=True)
class Legal:
    """One command a player may give now.

    `command` holds every field that is fixed; `free` names the fields the sender fills in and
    what they may be; `cash` is what the command does to the player's cash, when that is known
    (negative: it costs that much); `info` says more for screens (what a build puts up).
    """

    command: Command
    free: dict[str, Any] = field(default_factory=dict)
    cash: int = 0
    info: dict[str, Any] = field(default_factory=dict)

    @property
    def do(self) -> str:
        return str(self.command["do"])

    def to_json(self) -> dict[str, Any]:
        shown: dict[str, Any] = {"command": self.command}
        if self.free:
            shown["free"] = self.free
        if self.cash:
            shown["cash"] = self.cash
        if self.info:
            shown["info"] = self.info
        return shown


def legal_commands(game: BaseGame, seat: int | None) -> list[Legal]:
    """Every command this seat (None: the banker) may give now."""
    if game.over:
        return []
    if seat is None:
        return _banker(game)
    if not 0 <= seat < len(game.names) or game.bankrupt[seat]:
        return []
    name = game.names[seat]
    out: list[Legal] = []
    _decisions(game, seat, name, out)
    _turn(game, seat, name, out)
    _property(game, seat, name, out)
    _trades(game, seat, name, out)
    if why_not_claim_rent(game, seat) is None:
        assert game.claim is not None
        out.append(Legal({"do": "claim_rent", "player": name}, cash=game.claim.amount))
    if why_not_bankrupt(game, seat) is None:
        out.append(Legal({"do": "bankrupt", "player": name}))
    return out


def _banker(game: BaseGame) -> list[Legal]:
    out = []
    if why_not_end_game(game) is None:
        out.append(Legal({"do": "end_game"}))
    for kind in ("house", "hotel"):
        if why_not_auction_building(game, kind) is None:
            out.append(Legal({"do": "auction_building", "kind": kind}))
    _corrections(game, out)
    for seat in game.active:
        name = game.names[seat]
        if why_not_retire(game, seat) is None:
            out.append(Legal({"do": "retire", "player": name}))
        if why_not_hand_over(game, seat) is None:
            out.append(Legal({"do": "hand_over", "player": name}))
    return out


def _corrections(game: BaseGame, out: list[Legal]) -> None:
    """The banker's corrections: money between any two accounts, a token put on a square, a deed
    handed to someone else (each with the choices the rules leave)."""
    accounts: list[Account] = [*game.active, BANK, POT]
    names = [game.account(a) for a in accounts]
    for account, name in zip(accounts, names, strict=True):
        most = held(game, account)
        if most >= 1:
            out.append(Legal({"do": "adjust", "from": name},
                             {"to": [n for n in names if n != name], "amount": [1, most]}))
    out.append(Legal({"do": "place"}, {"player": [game.names[s] for s in game.active],
                                       "square": [sq.id for sq in game.squares]}))
    deeds: dict[str, list[str]] = {}
    for index in game.ownable:
        square = game.squares[index]
        takers = [game.names[s] for s in game.active if why_not_give_deed(game, square, s) is None]
        if why_not_give_deed(game, square, NOBODY) is None:
            takers.append(BANK)
        if takers:
            deeds[square.id] = takers
    if deeds:  # which deed, and to whom each may go
        out.append(Legal({"do": "give_deed"}, {"square": deeds}))


def _decisions(game: BaseGame, seat: int, name: str, out: list[Legal]) -> None:
    """Answers to a pending auction, choice, draw, offer or trade."""
    if game.auctions:
        auction = game.auctions[0]
        if auction.building is None:
            low = bid_floor(game, auction)
            if why_not_bid(game, seat, low, None) is None:
                auctioned = game.squares[auction.square].id if auction.square is not None else None
                out.append(Legal({"do": "bid", "player": name}, {"amount": [low, game.cash[seat]]},
                                 info={"auctioned": auctioned}))
        else:
            for index in game.owned(seat):
                square = game.squares[index]
                if square.kind != "lot":
                    continue
                low = bid_floor(game, auction, square)
                if why_not_bid(game, seat, low, square) is None:
                    out.append(Legal({"do": "bid", "player": name, "square": square.id},
                                     {"amount": [low, game.cash[seat]]}))
        if why_not_pass(game, seat) is None:
            out.append(Legal({"do": "pass", "player": name}))
    choice = game.choice
    if choice is not None:
        for option in choice.options:
            if why_not_choose(game, seat, option) is None:
                cost = {"pay": choice.amount, "fixed": choice.amount, "percent": choice.percent_amount}
                out.append(Legal({"do": "choose", "player": name, "option": option},
                                 cash=-cost.get(option, 0)))
    due = game.draw_due
    if due is not None:
        for number in sorted(game.deck(due.deck)):
            if why_not_draw(game, seat, due.deck, number) is None:
                out.append(Legal({"do": "draw", "player": name, "deck": due.deck, "card": number}))
    offer = game.offer
    if offer is not None:
        if why_not_buy(game, seat) is None:
            out.append(Legal({"do": "buy", "player": name}, cash=-game.squares[offer.square].price))
        if why_not_decline(game, seat) is None:
            out.append(Legal({"do": "decline", "player": name}))
    trade = game.trade
    if trade is not None:
        if why_not_accept(game, seat, ()) is None:
            free: dict[str, Any] = {}
            if debt_free(game, seat, "doing.lift_in_trade") is None:
                costs = {game.squares[i].id: lift_cost(game.squares[i])
                         for i in trade.give.squares if game.mortgaged[i]}
                if costs:
                    free["lift"] = {"costs": costs, "budget": lift_budget(game, seat, trade)}
            out.append(Legal({"do": "accept", "player": name}, free))
        if why_not_reject(game, seat) is None:
            out.append(Legal({"do": "reject", "player": name}))


def _turn(game: BaseGame, seat: int, name: str, out: list[Legal]) -> None:
    """The current player's own commands: jail, the roll, the end of the turn."""
    if seat != game.current:
        return
    if why_not_pay_jail_fine(game, seat) is None:
        out.append(Legal({"do": "pay_jail_fine", "player": name}, cash=-game.rules.jail_fine))
    if why_not_use_jail_card(game, seat) is None:
        out.append(Legal({"do": "use_jail_card", "player": name}))
    if why_not_roll(game, seat) is None:
        out.append(Legal({"do": "roll", "player": name}, {"dice": "rolled by the table"}))
    if why_not_end_turn(game, seat) is None:
        out.append(Legal({"do": "end_turn", "player": name}))


def _property(game: BaseGame, seat: int, name: str, out: list[Legal]) -> None:
    """Building, selling buildings, mortgages, on the player's own deeds."""
    squares = game.squares
    owned = game.owned(seat)
    for index in owned:
        square = squares[index]
        if square.kind == "lot" and why_not_build(game, seat, square) is None:
            out.append(Legal({"do": "build", "player": name, "square": square.id},
                             cash=-square.house_cost, info={"building": next_building(game, square)}))
    for index in owned:
        square = squares[index]
        if game.level[index] and why_not_sell_building(game, seat, square) is None:
            out.append(Legal({"do": "sell_building", "player": name, "square": square.id},
                             cash=game.sellback(square)))
    for group, lots in game.edition.groups.items():
        if game.owner[lots[0]] == seat and why_not_sell_all(game, seat, group) is None:
            total = sum(game.level[i] * game.sellback(squares[i]) for i in lots)
            out.append(Legal({"do": "sell_all_buildings", "player": name, "group": group}, cash=total))
    for index in owned:
        square = squares[index]
        if why_not_mortgage(game, seat, square) is None:
            out.append(Legal({"do": "mortgage", "player": name, "square": square.id},
                             cash=square.mortgage_value))
        elif why_not_unmortgage(game, seat, square) is None:
            out.append(Legal({"do": "unmortgage", "player": name, "square": square.id},
                             cash=-lift_cost(square)))


def _side_options(game: BaseGame, seat: int) -> dict[str, Any]:
    """What this seat could hand over in a trade now."""
    cash = game.cash[seat] if debt_free(game, seat, "doing.hand_cash") is None else 0
    return {
        "cash": [0, cash],
        "squares": [game.squares[i].id for i in tradable(game, seat)],
        "jail_cards": [0, len(game.jail_cards[seat])],
    }


def _trades(game: BaseGame, seat: int, name: str, out: list[Legal]) -> None:
    """One entry for every proposal this player may make now: to any partner listed in `to`, any
    mix of what this side could hand over (`give`) and what that partner could (`take[partner]`),
    lifting at once any mortgaged deed taken (`lift[partner]`). While a proposal is open, only its
    partner may propose: back to the proposer, a counter-offer."""
    if why_not_window(game, seat, "doing.propose") is not None:
        return
    give = _side_options(game, seat)
    partners: list[str] = []
    takes: dict[str, Any] = {}
    lifts: dict[str, list[str]] = {}
    for partner in game.active:
        if partner == seat or (game.trade is not None and not is_counter(game, seat, partner)):
            continue
        take = _side_options(game, partner)
        if not any((give["cash"][1], give["squares"], give["jail_cards"][1],
                    take["cash"][1], take["squares"], take["jail_cards"][1])):
            continue
        partner_name = game.names[partner]
        partners.append(partner_name)
        takes[partner_name] = take
        lifts[partner_name] = [sq for sq in take["squares"] if game.mortgaged[game.edition.by_id[sq].index]]
    if partners:
        out.append(Legal({"do": "trade", "from": name},
                         {"to": partners, "give": give, "take": takes, "lift": lifts}))
