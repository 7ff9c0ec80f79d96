"""A simple, sound Monopoly player: it keeps a cash reserve, completes and builds groups, and pays
its debts by selling and mortgaging before it gives up.

Bots play through the same table-script commands as people: `next_command` looks at the game and
says what the table would do next. They are deterministic: all chance comes from the dice.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..rules import Game
from ..rules.deals import interest, lift_cost
from ..rules.edition import Square
from ..rules.state import Deed, Player

Command = dict[str, Any]
Group = tuple[tuple[Square, Deed], ...]  # a colour group's lots, as Game.groups holds them
Outlook = tuple[list[Group], list[Square]]  # groups owned whole, lots that would complete one


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
    proposed_on_turn: dict[int, int] = field(default_factory=dict)  # seat -> turn counter
    turns: int = 0  # player-turns played so far; one trade proposal per seat per turn
    # What only changes when deeds change hands: per seat, (whole groups, lots that complete one).
    _outlook: dict[int, Outlook] = field(default_factory=dict)
    _outlook_version: int = -1

    def next_command(self, game: Game) -> Command:
        """The next command the table would give; never None while the game runs."""
        if game.auctions:
            return self._auction(game)
        if game.choice is not None:
            return self._choice(game)
        if game.draw_due is not None:  # physical decks: the bot draws the card on top of the pile
            deck = game.draw_due[1]
            return {"do": "draw", "deck": deck, "card": game.decks[deck][0].number}
        if game.debts:
            return self._raise_cash(game, game.debts[0].debtor, game.debts[0].amount)
        if game.trade is not None:
            return self._answer_trade(game)
        if game.offer is not None:
            offer = game.offer
            square = game.squares[offer.square]
            if offer.player.cash - square.price >= self.policy.reserve:
                return {"do": "buy"}
            return {"do": "decline"}
        if game.claim is not None:
            return {"do": "claim_rent", "player": game.claim.owner.name}
        player = game.current_player
        if player.in_jail and game.may_roll and self.policy.jail_strategy == "pay":
            if player.jail_cards:
                return {"do": "use_jail_card"}
            if player.cash - game.rules.jail_fine >= self.policy.reserve:
                return {"do": "pay_jail_fine"}
        improvement = self._improve(game, player)
        if improvement is not None:
            return improvement
        if game.may_roll:
            return {"do": "roll"}  # the caller puts in the dice
        self.turns += 1
        return {"do": "end_turn"}

    # ---- decisions -------------------------------------------------------------------------

    def _value(self, game: Game, player: Player, square_index: int) -> int:
        """What a deed is worth to this player: more when it completes or blocks a group."""
        square = game.squares[square_index]
        value = int(square.price * self.policy.bid_share)
        if square.kind == "lot":
            others = [d for sq, d in game.group_of(square) if sq.index != square_index]
            if all(d.owner is player for d in others):
                value = square.price * 2
        return value

    def _auction(self, game: Game) -> Command:
        auction = game.auctions[0]
        for bidder in auction.bidders:
            if bidder is auction.high_bidder:
                continue
            if auction.square is not None:
                # Raise by a tenth of the price (at least 10), as people at a table do.
                step = max(10, game.squares[auction.square].price // 10)
                amount = auction.high_bid + step
                limit = min(self._value(game, bidder, auction.square), bidder.cash - self.policy.reserve)
                if amount <= limit and game.first_debt(bidder) is None:
                    return {"do": "bid", "player": bidder.name, "amount": amount}
            return {"do": "pass", "player": bidder.name}
        raise AssertionError("an auction always has a bidder who may pass")

    def _choice(self, game: Game) -> Command:
        choice = game.choice
        assert choice is not None
        if "pay" in choice.options:
            return {"do": "choose", "option": "pay"}
        cheaper = "percent" if choice.percent_amount < choice.amount else "fixed"
        return {"do": "choose", "option": cheaper}

    def _raise_cash(self, game: Game, debtor: Player, amount: int) -> Command:
        """Sell buildings (highest first), then mortgage the cheapest deeds; else give up."""
        built = [(sq, d) for sq, d in game.owned_by(debtor) if d.level]
        if built:
            sq, deed = max(built, key=lambda sd: (sd[1].level, sd[0].index))
            if deed.hotel and game.bank_houses < 4:
                return {"do": "sell_all_buildings", "player": debtor.name, "group": sq.group}
            return {"do": "sell_building", "player": debtor.name, "square": sq.id}
        free = [
            sq for sq, d in game.owned_by(debtor)
            if not d.mortgaged
        ]
        if free:
            sq = min(free, key=lambda s: (s.mortgage_value, s.index))
            return {"do": "mortgage", "player": debtor.name, "square": sq.id}
        return {"do": "bankrupt", "player": debtor.name}

    def _answer_trade(self, game: Game) -> Command:
        trade = game.trade
        assert trade is not None
        partner = trade.partner
        paid = trade.give.cash - trade.take.cash
        worth_given = sum(game.squares[i].price for i in trade.take.squares)
        completes = any(self._completes(game, partner, i) for i in trade.give.squares)
        keeps_own_group = not any(self._owns_group(game, partner, i) for i in trade.take.squares)
        accepted = keeps_own_group and (paid >= worth_given * 2 or (completes and paid >= 0))
        cost = sum(interest(sq) for sq, deed in game.deeds_of(trade.give.squares) if deed.mortgaged)
        if accepted and partner.cash + paid >= cost:
            return {"do": "accept", "player": partner.name}
        return {"do": "reject", "player": partner.name}

    def _completes(self, game: Game, player: Player, square_index: int) -> bool:
        square = game.squares[square_index]
        if square.kind != "lot":
            return False
        return all(d.owner is player for sq, d in game.group_of(square) if sq.index != square_index)

    def _owns_group(self, game: Game, player: Player, square_index: int) -> bool:
        square = game.squares[square_index]
        return square.kind == "lot" and all(d.owner is player for _sq, d in game.group_of(square))

    def _improve(self, game: Game, player: Player) -> Command | None:
        """Between rolls: lift mortgages when rich, build evenly, propose a group-completing trade."""
        if game.debts and game.first_debt(player) is not None:
            return None
        cash = player.cash
        if cash > self.policy.rich:
            deeds = game.deeds
            for index in sorted(i for i in player.holdings if deeds[i].mortgaged):  # type: ignore[union-attr]
                square = game.squares[index]
                if cash - lift_cost(square) >= self.policy.rich:
                    return {"do": "unmortgage", "player": player.name, "square": square.id}
        groups, wanted = self._outlook_of(game, player)
        limit = game.rules.max_houses_per_turn
        if groups and (limit is None or game.built_this_turn.get(player.index, 0) < limit):
            build = self._next_build(game, player, groups)
            if build is not None:
                return build
        if wanted and self.proposed_on_turn.get(player.index) != self.turns and game.trade is None:
            self.proposed_on_turn[player.index] = self.turns
            if game.rules.trade_window == "any" or not game.rolled:
                return self._propose(game, player, wanted)
        return None

    def _outlook_of(self, game: Game, player: Player) -> Outlook:
        """The groups the player owns whole, and the single lots that would complete one."""
        if self._outlook_version != game.ownership_version:
            self._outlook_version = game.ownership_version
            outlook: dict[int, Outlook] = {p.index: ([], []) for p in game.players}
            for members in game.edition.groups.values():
                pairs = game.groups[members[0]]
                owners = [d.owner for _sq, d in pairs]
                for p in {o for o in owners if o is not None}:
                    missing = [sq for sq, d in pairs if d.owner is not p]
                    if not missing:
                        outlook[p.index][0].append(pairs)
                    elif len(missing) == 1:
                        outlook[p.index][1].append(missing[0])
            self._outlook = outlook
        return self._outlook[player.index]

    def _next_build(self, game: Game, player: Player, groups: list[Group]) -> Command | None:
        """The lowest lot of an unmortgaged whole group that the reserve allows to build on."""
        reserve = self.policy.reserve
        best = None
        for pairs in groups:
            if any(d.mortgaged for _s, d in pairs):
                continue
            sq, deed = pairs[0]
            for pair in pairs:
                if pair[1].level < deed.level:
                    sq, deed = pair
            if deed.hotel or player.cash - sq.house_cost < reserve:
                continue
            if (game.bank_hotels if deed.houses == 4 else game.bank_houses) < 1:
                continue
            if best is None or deed.level < best[1].level:
                best = (sq, deed)
        if best is None:
            return None
        return {"do": "build", "player": player.name, "square": best[0].id}

    def _propose(self, game: Game, player: Player, wanted: list[Square]) -> Command | None:
        """Offer twice the price for a deed that would complete a group."""
        for square in wanted:
            owner = game.deeds[square.index].owner  # type: ignore[union-attr]
            if owner is None or any(d.level for _s, d in game.group_of(square)):
                continue
            price = square.price * 2
            if player.cash - price >= self.policy.reserve:
                return {
                    "do": "trade", "from": player.name, "to": owner.name,
                    "give": {"cash": price}, "take": {"squares": [square.id]},
                }
        return None
