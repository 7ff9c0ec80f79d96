"""A simple, sound Monopoly player: it keeps a cash reserve, completes and builds groups, and pays
its debts by selling and mortgaging before it gives up.

Bots play through the same table-script commands as people, and ask the engine what is going on
and what is allowed (`Game.decision()` and the rules' `why_not_*` checks): they never re-derive a
rule. They are deterministic: all chance comes from the dice.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..rules import Game
from ..rules.buildings import why_not_build, why_not_sell_building
from ..rules.deals import interest, lift_cost, why_not_mortgage, why_not_trade, why_not_unmortgage
from ..rules.decision import TURN_KINDS, open_decision
from ..rules.edition import Square
from ..rules.market import why_not_bid, why_not_buy
from ..rules.state import Side
from ..rules.turn import why_not_pay_jail_fine, why_not_use_jail_card

Command = dict[str, Any]
Group = tuple[int, ...]  # a colour group's lots, as Game.groups holds them
Outlook = tuple[list[Group], list[int]]  # groups owned whole, lots that would complete one


def outlook(game: Game, seat: int) -> Outlook:
    """The groups the seat owns whole and the single lots that would complete one of its groups,
    in the edition's order of groups (plain loops over a few lots: bots ask after every change
    of hands)."""
    groups: list[Group] = []
    wanted: list[int] = []
    owner = game.owner
    for members in game.colour_groups:
        held = 0
        missing = -1
        for i in members:
            if owner[i] == seat:
                held += 1
            else:
                missing = i
        if held == len(members):
            groups.append(members)
        elif held and held == len(members) - 1:
            wanted.append(missing)
    return groups, wanted


def mortgaged_before(square: Square, other: Square) -> bool:
    """This deed is mortgaged before the other one: a lower mortgage value, else earlier on the board."""
    value, other_value = square.mortgage_value, other.mortgage_value
    return value < other_value if value != other_value else square.index < other.index


def any_answer(game: Game) -> Command:
    """The first answer the rules list to an open decision no bot knows better (a new kind plays
    before its bot policy is written)."""
    found = open_decision(game)
    assert found is not None, "no open decision"
    for entry in game.legal_commands(found.seat):
        if entry.do in found.options and not entry.free:
            return dict(entry.command)
    raise AssertionError(f"no answer to {found.kind} is listed for {game.names[found.seat]}")


@dataclass
class BotPolicy:
    """The few numbers that make a bot careful or bold."""

    reserve: int = 150  # cash kept back when buying, building and bidding
    rich: int = 700  # cash above which mortgages are lifted
    bid_share: float = 1.1  # bid up to this share of a deed's price (more if it completes a group)
    jail_strategy: str = "pay"  # "pay": leave jail at once; "stay": roll for doubles


@dataclass
class Bots:
    """Decides for every seat at the table (each seat may have its own policy)."""

    policy: BotPolicy = field(default_factory=BotPolicy)
    proposed_on_turn: dict[int, int] = field(default_factory=dict)  # seat -> Game.turn (one a turn)
    # What only changes when deeds change hands: per seat, (whole groups, lots that complete one),
    # and the game's ownership_version it was worked out at.
    _outlook: list[Outlook] = field(default_factory=list)
    _outlook_at: list[int] = field(default_factory=list)

    def next_command(self, game: Game) -> Command:
        """The next command the table would give; never None while the game runs."""
        kind = game.next_kind()
        assert kind, "the game is over"
        if kind in TURN_KINDS:  # asked first: most commands are a player's roll or end of turn
            return self._own_turn(game, kind)
        if kind == "auction":
            return self._auction(game, game.auctions[0].bidders)
        if kind == "choice":
            return self._choice(game)
        if kind == "draw":  # physical decks: the bot draws the card on top of the pile
            assert game.draw_due is not None
            deck = game.draw_due.deck
            return {"do": "draw", "deck": deck, "card": game.deck(deck)[0]}
        if kind == "debt":
            debt = game.debts[0]
            return self._raise_cash(game, debt.debtor)
        if kind == "trade":
            return self._answer_trade(game)
        if kind == "buy":
            assert game.offer is not None
            seat = game.offer.seat
            price = game.squares[game.offer.square].price
            if game.cash[seat] - price >= self.policy.reserve and why_not_buy(game, seat) is None:
                return {"do": "buy"}
            return {"do": "decline"}
        if kind == "rent_claim":
            assert game.claim is not None
            return {"do": "claim_rent", "player": game.names[game.claim.owner]}
        if kind == "utility_roll":  # a utility card's extra roll (RULES.md 3a)
            return {"do": "roll"}  # the caller puts in the dice
        return any_answer(game)

    def bid_for(self, game: Game, seat: int) -> Command:
        """This bidder's own answer in the open auction (a bid or a pass): at a live table every
        bidder answers for itself, not in the order the engine lists them. Not the high bidder's."""
        return self._auction(game, (seat,))

    def _own_turn(self, game: Game, kind: str) -> Command:
        """The current player's jail, roll or end of turn, and what it does between rolls."""
        seat = game.current
        if kind == "jail" and self.policy.jail_strategy == "pay":
            if why_not_use_jail_card(game, seat) is None:
                return {"do": "use_jail_card"}
            fine = game.rules.jail_fine
            if game.cash[seat] - fine >= self.policy.reserve and why_not_pay_jail_fine(game, seat) is None:
                return {"do": "pay_jail_fine"}
        improvement = self._improve(game, seat)
        if improvement is not None:
            return improvement
        if kind != "end_turn":
            return {"do": "roll"}  # the caller puts in the dice
        return {"do": "end_turn"}

    # ---- decisions -------------------------------------------------------------------------

    def _value(self, game: Game, seat: int, square: int) -> int:
        """What a deed is worth to this player: more when it completes a group."""
        price = game.squares[square].price
        if game.squares[square].kind == "lot" and self._completes(game, seat, square):
            return price * 2
        return int(price * self.policy.bid_share)

    def _auction(self, game: Game, bidders: tuple[int, ...]) -> Command:
        auction = game.auctions[0]
        for bidder in bidders:
            if bidder == auction.high_bidder:
                continue
            if auction.square is not None:
                # Raise by a tenth of the price (at least 10), as people at a table do.
                step = max(10, game.squares[auction.square].price // 10)
                amount = auction.high_bid + step
                worth = self._value(game, bidder, auction.square)
                limit = min(worth, game.cash[bidder] - self.policy.reserve)
                if amount <= limit and why_not_bid(game, bidder, amount, None) is None:
                    return {"do": "bid", "player": game.names[bidder], "amount": amount}
            return {"do": "pass", "player": game.names[bidder]}
        raise AssertionError("an auction always has a bidder who may pass")

    def _choice(self, game: Game) -> Command:
        choice = game.choice
        assert choice is not None
        if "pay" in choice.options:
            return {"do": "choose", "option": "pay"}
        cheaper = "percent" if choice.percent_amount < choice.amount else "fixed"
        return {"do": "choose", "option": cheaper}

    def _raise_cash(self, game: Game, debtor: int) -> Command:
        """Sell buildings (highest first), then mortgage the cheapest deeds; else give up."""
        name = game.names[debtor]
        owned = game.owned(debtor)
        level, squares, mortgaged = game.level, game.squares, game.mortgaged
        top = -1  # the highest building, the later lot of two as high (plain loops, no lambdas)
        for i in owned:
            if level[i] and (top < 0 or level[i] > level[top] or (level[i] == level[top] and i > top)):
                top = i
        if top >= 0:
            square = squares[top]
            if why_not_sell_building(game, debtor, square) is not None:
                return {"do": "sell_all_buildings", "player": name, "group": square.group}
            return {"do": "sell_building", "player": name, "square": square.id}
        cheapest = -1  # the unmortgaged deed of the lowest mortgage value, the earlier of two
        for i in owned:
            if not mortgaged[i] and (cheapest < 0 or mortgaged_before(squares[i], squares[cheapest])):
                cheapest = i
        if cheapest >= 0:
            square = squares[cheapest]
            if why_not_mortgage(game, debtor, square) is None:
                return {"do": "mortgage", "player": name, "square": square.id}
        return {"do": "bankrupt", "player": name}

    def _answer_trade(self, game: Game) -> Command:
        trade = game.trade
        assert trade is not None
        partner = trade.partner
        name = game.names[partner]
        paid = trade.give.cash - trade.take.cash
        worth_given = sum(game.squares[i].price for i in trade.take.squares)
        completes = any(self._completes(game, partner, i) for i in trade.give.squares)
        keeps_own_group = not any(self._owns_group(game, partner, i) for i in trade.take.squares)
        accepted = keeps_own_group and (paid >= worth_given * 2 or (completes and paid >= 0))
        cost = sum(interest(game.squares[i]) for i in trade.give.squares if game.mortgaged[i])
        if accepted and game.cash[partner] + paid >= cost:
            return {"do": "accept", "player": name}
        return {"do": "reject", "player": name}

    def _completes(self, game: Game, seat: int, square: int) -> bool:
        if game.squares[square].kind != "lot":
            return False
        owner = game.owner
        return all(owner[i] == seat for i in game.groups[square] if i != square)

    def _owns_group(self, game: Game, seat: int, square: int) -> bool:
        return game.squares[square].kind == "lot" and game.whole_group(seat, square)

    def _improve(self, game: Game, seat: int) -> Command | None:
        """Between rolls: lift mortgages when rich, build evenly, propose a group-completing trade."""
        if game.debts and game.first_debt(seat) is not None:
            return None
        cash = game.cash[seat]
        name = game.names[seat]
        if cash > self.policy.rich:
            mortgaged = game.mortgaged
            for index in game.owned(seat):
                if mortgaged[index]:
                    square = game.squares[index]
                    if cash - lift_cost(square) >= self.policy.rich and \
                            why_not_unmortgage(game, seat, square) is None:
                        return {"do": "unmortgage", "player": name, "square": square.id}
        groups, wanted = self._outlook_of(game, seat)
        if groups:
            build = self._next_build(game, seat, groups)
            if build is not None:
                return build
        if wanted and self.proposed_on_turn.get(seat) != game.turn and game.trade is None:
            self.proposed_on_turn[seat] = game.turn
            return self._propose(game, seat, wanted)
        return None

    def _outlook_of(self, game: Game, seat: int) -> Outlook:
        """The groups the player owns whole, and the single lots that would complete one (worked
        out again only for the seat asked, once deeds have changed hands)."""
        at = self._outlook_at
        if len(at) != len(game.names):
            self._outlook = [([], []) for _ in game.names]
            self._outlook_at = at = [-1] * len(game.names)
        if at[seat] != game.ownership_version:
            self._outlook[seat] = outlook(game, seat)
            at[seat] = game.ownership_version
        return self._outlook[seat]

    def _next_build(self, game: Game, seat: int, groups: list[Group]) -> Command | None:
        """The lowest lot of an unmortgaged whole group that the reserve allows to build on."""
        reserve = self.policy.reserve
        cash = game.cash[seat]
        level, mortgaged, squares = game.level, game.mortgaged, game.squares
        best = -1
        for members in groups:
            lowest = members[0]
            for i in members:
                if mortgaged[i]:
                    lowest = -1
                    break
                if level[i] < level[lowest]:
                    lowest = i
            if lowest < 0 or level[lowest] == 5 or cash - squares[lowest].house_cost < reserve:
                continue
            if (game.bank_hotels if level[lowest] == 4 else game.bank_houses) < 1:
                continue
            if best < 0 or level[lowest] < level[best]:
                best = lowest
        if best < 0 or why_not_build(game, seat, squares[best]) is not None:
            return None
        return {"do": "build", "player": game.names[seat], "square": squares[best].id}

    def _propose(self, game: Game, seat: int, wanted: list[int]) -> Command | None:
        """Offer twice the price for a deed that would complete a group."""
        for index in wanted:
            owner = game.owner[index]
            if owner < 0 or game.group_built(index):
                continue
            price = game.squares[index].price * 2
            if game.cash[seat] - price < self.policy.reserve:
                continue
            if why_not_trade(game, seat, owner, Side(cash=price), Side(squares=(index,)), ()) is None:
                return {
                    "do": "trade", "from": game.names[seat], "to": game.names[owner],
                    "give": {"cash": price}, "take": {"squares": [game.squares[index].id]},
                }
        return None
