"""A stronger bot, playing as a strong human does: it buys nearly everything early, pays what a
deed is worth to it at auction (a group's last lot, or the one that blocks a rival's), trades
for whole groups at prices it works out for both sides, builds three houses on a group as soon as
it can (mortgaging odd lots to pay for them), stays in jail once the board is dangerous, and
raises cash from what costs it least.

Its trade valuation (bots/valuation.py) is a heuristic of what holdings are worth in cash. A deal is
good when it gains it at least 70 % of what it gains the other side (two players gaining together
gain on the rest of the table).

Like the simple bot it asks the engine what is going on and what is allowed (`decision_kind()`,
the `why_not_*` checks), never re-deriving a rule, and it is deterministic: chance is the dice.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final

from ..rules import Game
from ..rules.buildings import why_not_build, why_not_sell_building
from ..rules.deals import interest, lift_cost, why_not_mortgage, why_not_trade, why_not_unmortgage
from ..rules.decision import TURN_KINDS
from ..rules.edition import Square
from ..rules.market import why_not_bid, why_not_buy
from ..rules.state import Side, Trade
from ..rules.turn import why_not_pay_jail_fine, why_not_use_jail_card
from .player import Bots, Command, any_answer, mortgaged_before
from .valuation import gains, worth

FAIR: Final = 0.7  # a deal is accepted when it gains us at least this share of what it gains them
BUY_IN_KEEP: Final = 300  # cash left after buying into a group: what its first houses cost
PROPOSE_KEEP: Final = 200  # cash left after buying a group's last lot


def _odd_first(square: Square, other: Square) -> bool:
    """An odd deed mortgaged before the other: not a station before a station, then the cheaper,
    then the earlier on the board."""
    station, other_station = square.kind == "station", other.kind == "station"
    if station != other_station:
        return other_station
    if square.price != other.price:
        return square.price < other.price
    return square.index < other.index


def _sold_first(square: Square, level: int, other: Square, other_level: int) -> bool:
    """A building sold before the other's: the higher, then the cheaper house, then the later lot."""
    if level != other_level:
        return level > other_level
    if square.house_cost != other.house_cost:
        return square.house_cost < other.house_cost
    return square.index > other.index


@dataclass
class SmartBots(Bots):
    """Decides for every seat it is asked about (one policy for all: no numbers to tune per seat)."""

    reserve: int = 60  # cash kept back when buying early
    build_reserve: int = 120  # cash kept back after building, before rivals have houses
    offered: dict[tuple[int, int], int] = field(default_factory=dict)  # (seat, square) -> cash offered
    _danger_of: tuple[int, int] = (-1, 0)  # (seat, its danger) in the decision being made

    def next_command(self, game: Game) -> Command:
        kind = game.next_kind()
        assert kind, "the game is over"
        if kind in TURN_KINDS:  # asked first: most commands are a player's roll or end of turn
            return self._own_turn(game, kind)
        if kind == "auction":
            return self._auction(game, game.auctions[0].bidders)
        if kind == "choice":
            return self._choice(game)
        if kind == "draw":
            assert game.draw_due is not None
            deck = game.draw_due.deck
            return {"do": "draw", "deck": deck, "card": game.deck(deck)[0]}
        if kind == "debt":
            return self._pay_debt(game, game.debts[0].debtor)
        if kind == "trade":
            return self._answer(game)
        if kind == "buy":
            return self._buy(game)
        if kind == "rent_claim":
            assert game.claim is not None
            return {"do": "claim_rent", "player": game.names[game.claim.owner]}
        if kind == "utility_roll":  # a utility card's extra roll (RULES.md 3a)
            return {"do": "roll"}  # the caller puts in the dice
        return any_answer(game)

    def _own_turn(self, game: Game, kind: str) -> Command:
        seat = game.current
        self._danger_of = (-1, 0)  # a new decision: the board may have changed
        if kind == "jail" and not self._stay_in_jail(game, seat):
            if why_not_use_jail_card(game, seat) is None:
                return {"do": "use_jail_card"}
            if game.cash[seat] - game.rules.jail_fine >= self.reserve and \
                    why_not_pay_jail_fine(game, seat) is None:
                return {"do": "pay_jail_fine"}
        move = self._between_rolls(game, seat)
        if move is not None:
            return move
        if kind != "end_turn":
            return {"do": "roll"}  # the caller puts in the dice
        return {"do": "end_turn"}

    # ---- decisions ---------------------------------------------------------------------------

    def _blocks(self, game: Game, seat: int, square: int) -> bool:
        """Taking this lot stops a rival from completing its group."""
        if game.squares[square].kind != "lot":
            return False
        owners = {game.owner[i] for i in game.groups[square] if i != square}
        return len(owners) == 1 and next(iter(owners)) not in (seat, -1)

    def _limit(self, game: Game, seat: int, square: int) -> int:
        """The most this deed is worth paying for, at auction."""
        sq = game.squares[square]
        price = sq.price
        if sq.kind == "lot":
            if self._completes(game, seat, square):
                return min(game.cash[seat], price * 3)
            if self._blocks(game, seat, square):
                return min(game.cash[seat], price * 3 // 2)
            if any(game.owner[i] == seat for i in game.groups[square]):
                return min(game.cash[seat] - self.reserve, price * 13 // 10)
            return min(game.cash[seat] - self.reserve, price)
        held = sum(1 for i in game.kin[square] if game.owner[i] == seat)
        return min(game.cash[seat] - self.reserve, price * (11 + 3 * held) // 10)

    def _buy(self, game: Game) -> Command:
        assert game.offer is not None
        seat, square = game.offer.seat, game.offer.square
        price = game.squares[square].price
        keep = 0 if self._completes(game, seat, square) or self._blocks(game, seat, square) else self.reserve
        if game.cash[seat] - price >= keep and why_not_buy(game, seat) is None:
            return {"do": "buy"}
        return {"do": "decline"}

    def _auction(self, game: Game, bidders: tuple[int, ...]) -> Command:
        auction = game.auctions[0]
        for bidder in bidders:
            if bidder == auction.high_bidder:
                continue
            name = game.names[bidder]
            if auction.square is not None:
                step = max(5, game.squares[auction.square].price // 20)
                amount = auction.high_bid + step
                if amount <= self._limit(game, bidder, auction.square) and \
                        why_not_bid(game, bidder, amount, None) is None:
                    return {"do": "bid", "player": name, "amount": amount}
            return {"do": "pass", "player": name}
        raise AssertionError("an auction always has a bidder who may pass")

    def _danger(self, game: Game, seat: int) -> int:
        """The highest rent a rival's square could charge now (what a landing may cost): worked
        out once a decision (its jail, building and lifting all ask)."""
        if self._danger_of[0] == seat:
            return self._danger_of[1]
        worst = 0
        owners, level, squares = game.owner, game.level, game.squares
        if any(level):  # (most of a game, nothing is built anywhere)
            for i in game.ownable:
                owner = owners[i]
                if owner >= 0 and owner != seat and level[i]:
                    worst = max(worst, squares[i].rents[level[i]])
        self._danger_of = (seat, worst)
        return worst

    def _stay_in_jail(self, game: Game, seat: int) -> bool:
        """Late in the game jail is a safe place: rent comes in, none goes out."""
        unowned = any(game.owner[i] < 0 for i in game.ownable)
        return not unowned and self._danger(game, seat) >= 400

    def _answer(self, game: Game) -> Command:
        offer = game.trade
        assert offer is not None
        name = game.names[offer.partner]
        proposer_gains, partner_gains = gains(game, offer)
        costs = sum(interest(game.squares[i]) for i in offer.give.squares if game.mortgaged[i])
        affordable = game.cash[offer.partner] + offer.give.cash - offer.take.cash >= costs
        if affordable and partner_gains > 0 and partner_gains >= FAIR * proposer_gains:
            return {"do": "accept", "player": name}
        return {"do": "reject", "player": name}

    def _pay_debt(self, game: Game, debtor: int) -> Command:
        """Mortgage what earns least first, then sell buildings, then mortgage whole groups."""
        name = game.names[debtor]
        owned = game.owned(debtor)
        squares, level, mortgaged = game.squares, game.level, game.mortgaged
        index = self._odd_lot(game, debtor)
        if index >= 0:
            if why_not_mortgage(game, debtor, squares[index]) is None:
                return {"do": "mortgage", "player": name, "square": squares[index].id}
        top = -1  # the highest building, of two as high the cheaper house, then the later lot
        for i in owned:
            if level[i] and (top < 0 or _sold_first(squares[i], level[i], squares[top], level[top])):
                top = i
        if top >= 0:
            square = squares[top]
            if why_not_sell_building(game, debtor, square) is not None:
                return {"do": "sell_all_buildings", "player": name, "group": square.group}
            return {"do": "sell_building", "player": name, "square": square.id}
        cheapest = -1
        for i in owned:
            if not mortgaged[i] and (cheapest < 0 or mortgaged_before(squares[i], squares[cheapest])):
                cheapest = i
        if cheapest >= 0:
            square = squares[cheapest]
            if why_not_mortgage(game, debtor, square) is None:
                return {"do": "mortgage", "player": name, "square": square.id}
        return {"do": "bankrupt", "player": name}

    def _between_rolls(self, game: Game, seat: int) -> Command | None:
        """Build, fund building by mortgaging odd lots, lift mortgages when rich, propose a deal."""
        if game.debts and game.first_debt(seat) is not None:
            return None
        groups, wanted = self._outlook_of(game, seat)
        if game.trade is None and self.proposed_on_turn.get(seat) != game.turn:
            self.proposed_on_turn[seat] = game.turn
            move = self._propose(game, seat, wanted) if wanted else None
            if move is None:
                move = self._buy_in(game, seat)
            if move is not None:
                return move
        if groups:
            move = self._build(game, seat, groups)
            if move is not None:
                return move
        return self._lift(game, seat)

    def _reserve_now(self, game: Game, seat: int) -> int:
        return max(self.build_reserve, min(600, self._danger(game, seat) // 2))

    def _build(self, game: Game, seat: int, groups: list[tuple[int, ...]]) -> Command | None:
        """The next house on the best whole group: three houses everywhere first, then up."""
        squares, level, mortgaged = game.squares, game.level, game.mortgaged
        cash = game.cash[seat]
        reserve = self._reserve_now(game, seat)
        best = -1
        short = -1  # a lot we would build on but for the cash
        for members in groups:
            lowest = members[0]
            lifted = True
            for i in members:
                if mortgaged[i]:
                    lifted = False
                if level[i] < level[lowest]:
                    lowest = i
            if not lifted or level[lowest] == 5:
                continue
            if (game.bank_hotels if level[lowest] == 4 else game.bank_houses) < 1:
                continue
            if why_not_build(game, seat, squares[lowest]) is not None and \
                    cash >= squares[lowest].house_cost:
                continue
            rank = (min(level[lowest], 3), -squares[lowest].rents[3])
            if cash - squares[lowest].house_cost >= reserve:
                if best < 0 or rank < (min(level[best], 3), -squares[best].rents[3]):
                    best = lowest
            elif level[lowest] < 3 and short < 0:
                short = lowest
        if best >= 0 and why_not_build(game, seat, squares[best]) is None:
            return {"do": "build", "player": game.names[seat], "square": squares[best].id}
        if short >= 0:
            return self._mortgage_odd_lot(game, seat)
        return None

    def _mortgage_odd_lot(self, game: Game, seat: int) -> Command | None:
        """Cash for houses: mortgage a deed that is in no whole group of ours (cheapest first)."""
        squares = game.squares
        index = self._odd_lot(game, seat)
        if index < 0 or why_not_mortgage(game, seat, squares[index]) is not None:
            return None
        return {"do": "mortgage", "player": game.names[seat], "square": squares[index].id}

    def _odd_lot(self, game: Game, seat: int) -> int:
        """The deed to mortgage first that is in no whole group of ours and no built group: not a
        station before a station, the cheaper, the earlier on the board (-1: none)."""
        squares, mortgaged = game.squares, game.mortgaged
        best = -1
        for i in game.owned(seat):
            if mortgaged[i] or game.group_built(i):
                continue
            if squares[i].kind == "lot" and game.whole_group(seat, i):
                continue
            if best < 0 or _odd_first(squares[i], squares[best]):
                best = i
        return best

    def _lift(self, game: Game, seat: int) -> Command | None:
        """Lift mortgages once rich: whole groups' lots first (they can then be built on), each in
        board order; only what the cash reaches is looked at (mostly nothing is)."""
        cash = game.cash[seat]
        squares, mortgaged = game.squares, game.mortgaged
        held = [i for i in game.owned(seat) if mortgaged[i]]
        if not held:
            return None
        keep = self._reserve_now(game, seat) + 300
        reached = [i for i in held if cash - lift_cost(squares[i]) >= keep]
        for whole_first in (True, False):
            for index in reached:
                square = squares[index]
                whole = square.kind == "lot" and game.whole_group(seat, index)
                if whole == whole_first and why_not_unmortgage(game, seat, square) is None:
                    return {"do": "unmortgage", "player": game.names[seat], "square": square.id}
        return None

    def _propose(self, game: Game, seat: int, wanted: list[int]) -> Command | None:
        """A deal for a group's last lot: cash first (a price both sides' valuations take, and at
        least twice the price), else a swap of last lots, evened out with cash."""
        name = game.names[seat]
        for index in wanted:
            owner = game.owner[index]
            if owner < 0 or owner == seat or game.group_built(index):
                continue
            price = game.squares[index].price
            # Every cash offer is at least twice the price: when that is out of reach, no offer is
            # (and the valuations, pure, are not worked out for nothing).
            if game.cash[seat] - 2 * price >= PROPOSE_KEEP:
                sold = Trade(seat, owner, Side(), Side(squares=(index,)))
                mine, theirs = gains(game, sold)  # what each side gains before any cash
                # Cash c evens it out: theirs + c >= FAIR * (mine - c)
                #   =>  c >= (FAIR*mine - theirs)/(1+FAIR).
                # As people do, it opens low (twice the price) and comes back with the fair price.
                fair = -(-(int((FAIR * mine - theirs) / (1 + FAIR)) + 1) // 10) * 10
                last = self.offered.get((seat, index), 0)
                cash = 2 * price if last < 2 * price else max(2 * price, fair)
                if cash <= last:
                    cash = last + max(10, price // 5)
                if mine - cash > 0.3 * mine and game.cash[seat] - cash >= PROPOSE_KEEP:
                    self.offered[(seat, index)] = cash
                    offer = {"do": "trade", "from": name, "to": game.names[owner],
                             "give": {"cash": cash}, "take": {"squares": [game.squares[index].id]}}
                    if why_not_trade(game, seat, owner, Side(cash=cash), Side(squares=(index,)), ()) is None:
                        return offer
            swap = self._swap(game, seat, owner, index)
            if swap is not None:
                return swap
        return None

    def _swap(self, game: Game, seat: int, partner: int, index: int) -> Command | None:
        """Our lot that completes one of the partner's groups, for theirs that completes ours."""
        for mine in game.owned(seat):
            if game.group_built(mine) or not self._completes(game, partner, mine):
                continue
            swap = Trade(seat, partner, Side(squares=(mine,)), Side(squares=(index,)))
            gain, theirs = gains(game, swap)
            if gain <= 0:
                continue
            cash = 0
            if theirs < FAIR * gain:  # we pay the difference that makes it fair to them
                cash = -(-int((FAIR * gain - theirs) / (1 + FAIR) + 1) // 10) * 10
            if gain - cash < FAIR * (theirs + cash) or cash > game.cash[seat]:
                continue
            give = Side(cash=cash, squares=(mine,))
            if why_not_trade(game, seat, partner, give, Side(squares=(index,)), ()) is not None:
                continue
            offer: Command = {"do": "trade", "from": game.names[seat], "to": game.names[partner],
                              "give": {"squares": [game.squares[mine].id]},
                              "take": {"squares": [game.squares[index].id]}}
            if cash:
                offer["give"]["cash"] = cash
            return offer
        return None

    def _buy_in(self, game: Game, seat: int) -> Command | None:
        """Buy into a group whose other lots all belong to other players, one lot a turn at twice
        its price, when the whole group is worth more to us than it costs in all."""
        owner, squares, level, mortgaged = game.owner, game.squares, game.level, game.mortgaged
        best: tuple[float, int, int] | None = None
        now = 0.0  # what our deeds are worth as they are: worked out once, when first needed
        known = False
        for members in game.colour_groups:
            held = 0
            missing: list[int] = []
            open_to_us = True  # nothing built, and every other lot a player's, unmortgaged
            for i in members:
                if level[i]:
                    open_to_us = False
                if owner[i] == seat:
                    held += 1
                else:
                    missing.append(i)
                    if owner[i] < 0 or mortgaged[i]:
                        open_to_us = False
            if not held or len(missing) < 2 or not open_to_us:
                continue
            cost = sum(2 * squares[i].price for i in missing)
            if game.cash[seat] - cost < BUY_IN_KEEP:  # asked before the valuations (they are pure)
                continue
            whole = list(owner)
            for i in missing:
                whole[i] = seat
            if not known:
                now, known = worth(game, seat, owner, 0), True
            gain = worth(game, seat, whole, 0) - now - cost
            if gain > 0 and (best is None or gain > best[0]):
                cheapest = missing[0]
                for i in missing:
                    if squares[i].price < squares[cheapest].price:
                        cheapest = i  # the cheapest, the earlier of two as cheap
                best = (gain, cheapest, owner[cheapest])
        if best is None:
            return None
        _, index, partner = best
        cash = 2 * squares[index].price
        if why_not_trade(game, seat, partner, Side(cash=cash), Side(squares=(index,)), ()) is not None:
            return None
        return {"do": "trade", "from": game.names[seat], "to": game.names[partner],
                "give": {"cash": cash}, "take": {"squares": [squares[index].id]}}
