"""The game: its state, the money primitives every rule goes through, and `apply`.

Every pound moves through `pay` (covered payments) or `charge` (which turns a payment the payer
cannot cover into a debt), so the transfers of a command are its complete money trail.
Commands check everything before they change anything: a rejected command leaves no trace.
"""

from __future__ import annotations

import copy
import random
from collections import deque
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from .edition import Card, Edition, Square, load_edition
from .errors import Malformed, Rejected
from .house_rules import HouseRules
from .state import (
    BANK,
    POT,
    Account,
    Auction,
    Choice,
    Debt,
    Deed,
    Offer,
    Player,
    RentClaim,
    Trade,
)

MIN_PLAYERS, MAX_PLAYERS = 2, 8


@dataclass(slots=True)
class Transfer:
    """One money movement: from and to are a player's name, "bank" or "pot"."""

    source: str
    target: str
    amount: int
    reason: str


class Outcome:
    """What one applied command did: its money movements and what players should be told.

    Events are kept as (template, values) and worded only when read: simulated games make
    millions of them and read none.
    """

    __slots__ = ("command", "transfers", "events")

    def __init__(self, command: dict[str, Any]) -> None:
        self.command = command
        self.transfers: list[Transfer] = []
        self.events: list[tuple[str, tuple[Any, ...]]] = []

    @property
    def messages(self) -> list[str]:
        return [template.format(*values) for template, values in self.events]


def account_name(account: Account) -> str:
    return account.name if isinstance(account, Player) else account


class Game:
    """A game under the rules of RULES.md. Dice are inputs; decks are shuffled from the seed."""

    def __init__(
        self,
        players: list[str],
        seed: int = 0,
        rules: HouseRules | None = None,
        edition: Edition | None = None,
        tags: dict[str, str] | None = None,
    ) -> None:
        rules = rules or HouseRules()
        edition = edition or load_edition()
        if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
            raise Malformed(f"a game needs {MIN_PLAYERS} to {MAX_PLAYERS} players")
        if len(set(players)) != len(players) or not all(players):
            raise Malformed("player names must be different and not empty")
        self.edition = edition
        self.squares: tuple[Square, ...] = edition.squares
        self.rules = rules
        self.seed = seed
        self.tags = {k.lower(): v for k, v in (tags or {}).items()}
        self.players = [Player(i, name, rules.starting_cash) for i, name in enumerate(players)]
        self.by_name = {p.name: p for p in self.players}
        self.deeds: list[Deed | None] = [Deed() if sq.ownable else None for sq in self.squares]
        self.ownership_version = 0  # counts changes of hands, so observers can cache by it
        # Each lot's colour group as (square, deed) pairs; deeds are never replaced, so this holds.
        self.groups: list[tuple[tuple[Square, Deed], ...]] = [
            tuple((self.squares[i], self.deeds[i]) for i in edition.groups.get(sq.group or "", ()))  # type: ignore[misc]
            for sq in self.squares
        ]
        self.bank_houses = rules.houses
        self.bank_hotels = rules.hotels
        self.pot = 0
        rng = random.Random(seed)
        self.decks: dict[str, deque[Card]] = {}
        for name, cards in edition.decks.items():
            order = list(cards)
            if rules.shuffle:
                rng.shuffle(order)
            self.decks[name] = deque(order)
        # The turn.
        self.current = 0
        self.may_roll = True  # the current player has a roll due
        self.rolled = False  # the current player has rolled at least once this turn
        self.doubles = 0
        self.last_roll: tuple[int, int] | None = None
        self.built_this_turn: dict[int, int] = {}
        # Decisions that may be pending.
        self.offer: Offer | None = None
        self.auctions: list[Auction] = []  # the first one runs; the rest wait their turn
        self.choice: Choice | None = None
        self.draw_due: tuple[Player, str] | None = None  # physical decks: who draws, from which deck
        self.debts: list[Debt] = []
        self.trade: Trade | None = None
        self.claim: RentClaim | None = None
        # The end.
        self.over = False
        self.winner: Player | None = None
        self.ranking: list[Player] | None = None
        # Money the bank has paid out and taken in, to check that money is conserved.
        self.bank_paid = 0
        self.bank_received = 0
        self.outcome = Outcome({})

    # ---- applying commands -------------------------------------------------------------------

    def apply(self, command: dict[str, Any]) -> Outcome:
        """Apply one table-script command; raise Malformed or Rejected and change nothing if refused."""
        handler, cmd = dispatch(command)
        if self.over:
            raise Rejected(self.game_over_reason())
        self.outcome = Outcome(command)
        handler(self, cmd)
        if self.debts:
            self.settle_debts()
        return self.outcome

    def copy(self) -> Game:
        """An independent copy (the edition is shared: it never changes)."""
        return copy.deepcopy(self)

    def is_legal(self, command: dict[str, Any]) -> bool:
        """Would the rules take this command now? Asked on a copy, so nothing changes."""
        try:
            self.copy().apply(command)
        except (Rejected, Malformed):
            return False
        return True

    def game_over_reason(self) -> str:
        if self.winner is not None:
            return f"The game is over: {self.winner.name} won"
        return "The game is over"

    def tell(self, template: str, *values: Any) -> None:
        """Something players should hear, worded from a "{}" template when it is read."""
        self.outcome.events.append((template, values))

    # ---- who and what ------------------------------------------------------------------------

    @property
    def current_player(self) -> Player:
        return self.players[self.current]

    @property
    def active_players(self) -> list[Player]:
        return [p for p in self.players if not p.bankrupt]

    def player(self, name: str) -> Player:
        try:
            found = self.by_name[name]
        except KeyError:
            raise Rejected(f"There is no player called {name!r} in this game") from None
        if found.bankrupt:
            raise Rejected(f"{name} is bankrupt and out of the game")
        return found

    def square(self, square_id: str) -> Square:
        try:
            return self.edition.by_id[square_id]
        except KeyError:
            raise Rejected(f"There is no square called {square_id!r} on this board") from None

    def deed(self, square: Square) -> Deed:
        deed = self.deeds[square.index]
        if deed is None:
            raise Rejected(f"{square.name} is not a property")
        return deed

    def group_of(self, square: Square) -> tuple[tuple[Square, Deed], ...]:
        return self.groups[square.index]

    def owned_by(self, player: Player) -> list[tuple[Square, Deed]]:
        """The player's deeds in board order."""
        return self.deeds_of(sorted(player.holdings))

    def deeds_of(self, indices: Iterable[int]) -> list[tuple[Square, Deed]]:
        """(square, deed) for these ownable squares."""
        squares, deeds = self.squares, self.deeds
        return [(squares[i], deeds[i]) for i in indices]  # type: ignore[misc]

    def set_owner(self, index: int, owner: Player | None) -> None:
        """The one place a deed changes hands, so each player's holdings stay true."""
        deed = self.deeds[index]
        assert deed is not None
        if deed.owner is not None:
            deed.owner.holdings.discard(index)
        deed.owner = owner
        if owner is not None:
            owner.holdings.add(index)
        self.ownership_version += 1

    def fee_sink(self) -> str:
        """Where taxes, card fines, fees, repairs and jail fines go."""
        return POT if self.rules.free_parking_pot else BANK

    # ---- checks shared by many commands ------------------------------------------------------

    def check_turn(self, cmd: dict[str, Any]) -> Player:
        """The current player's own command; a named player must be the one whose turn it is."""
        player = self.current_player
        named = cmd.get("player")
        if named is not None and named != player.name:
            self.player(named)
            raise Rejected(f"It is {player.name}'s turn, not {named}'s")
        return player

    def check_free_moment(self, player: Player, doing: str) -> None:
        """Section 8a: deals and building wait while an auction runs or a card choice is open."""
        if self.auctions:
            raise Rejected(
                f"{player.name} cannot {doing} now: an auction is running; only bids and passes "
                "are taken until it ends"
            )
        if self.choice is not None:
            who = self.choice.player.name
            raise Rejected(f"{player.name} cannot {doing} now: {who} must first make a choice")
        if self.draw_due is not None:
            who = self.draw_due[0].name
            raise Rejected(f"{player.name} cannot {doing} now: {who} must first draw a card")

    def check_no_debt(self, player: Player, doing: str) -> None:
        debt = self.first_debt(player)
        if debt is not None:
            raise Rejected(
                f"{player.name} cannot {doing}: {player.name} first owes {debt.amount} "
                f"to {account_name(debt.creditor)}"
            )

    def check_cash(self, player: Player, amount: int, doing: str) -> None:
        if player.cash < amount:
            raise Rejected(
                f"{player.name} cannot {doing}: it costs {amount} and {player.name} has {player.cash}"
            )

    def blocker(self) -> str | None:
        """The decision that holds up the dice, in words, or None when the dice are free."""
        if not (self.auctions or self.choice or self.draw_due or self.debts or self.offer or self.trade):
            return None
        if self.auctions:
            return "an auction is running"
        if self.choice is not None:
            return f"{self.choice.player.name} must first make a choice"
        if self.draw_due is not None:
            who, deck = self.draw_due
            return f"{who.name} must first draw a {self.edition.deck_names[deck]['en']} card"
        if self.debts:
            debt = self.debts[0]
            return (
                f"{debt.debtor.name} owes {debt.amount} to {account_name(debt.creditor)} "
                "and must pay, raise the cash or go bankrupt"
            )
        if self.offer is not None:
            name = self.squares[self.offer.square].name
            return f"{self.offer.player.name} must first buy or decline {name}"
        if self.trade is not None:
            return (
                f"{self.trade.partner.name} must first answer {self.trade.proposer.name}'s "
                "trade proposal"
            )
        return None

    # ---- money -------------------------------------------------------------------------------

    def pay(self, source: Account, target: Account, amount: int, reason: str) -> None:
        """Move money the source has; the one place where balances change."""
        if amount <= 0:
            return
        if isinstance(source, Player):
            assert source.cash >= amount, "pay() needs covered payments; use charge()"
            source.cash -= amount
            source_name = source.name
        else:
            source_name = source
            if source == POT:
                self.pot -= amount
            else:
                self.bank_paid += amount
        if isinstance(target, Player):
            target.cash += amount
            target_name = target.name
        else:
            target_name = target
            if target == POT:
                self.pot += amount
            else:
                self.bank_received += amount
        self.outcome.transfers.append(Transfer(source_name, target_name, amount, reason))

    def charge(self, payer: Player, creditor: Account, amount: int, reason: str) -> None:
        """A payment the payer owes: paid now if the cash covers it, else a debt that waits."""
        if amount <= 0:
            return
        if payer.cash >= amount and self.first_debt(payer) is None:
            self.pay(payer, creditor, amount, reason)
            return
        self.debts.append(Debt(payer, creditor, amount, reason))
        self.tell("{} owes {} to {} ({})", payer.name, amount, account_name(creditor), reason)

    def first_debt(self, player: Player) -> Debt | None:
        for debt in self.debts:
            if debt.debtor is player:
                return debt
        return None

    def settle_debts(self) -> None:
        """Pay every debt whose debtor's cash now covers it, each debtor's debts in order."""
        progress = True
        while progress and self.debts:
            progress = False
            waiting: set[int] = set()
            remaining: list[Debt] = []
            for debt in self.debts:
                debtor = debt.debtor
                if debtor.index in waiting or debtor.cash < debt.amount:
                    waiting.add(debtor.index)
                    remaining.append(debt)
                    continue
                self.pay(debtor, debt.creditor, debt.amount, debt.reason)
                progress = True
            self.debts = remaining

    # ---- worth -------------------------------------------------------------------------------

    def buildings_value(self, square: Square, deed: Deed) -> int:
        return deed.level * square.house_cost

    def net_worth(self, player: Player) -> int:
        """Cash, deeds at price (mortgaged: at mortgage value), buildings at cost (hotel = 5 houses)."""
        worth = player.cash
        for sq, deed in self.owned_by(player):
            worth += sq.mortgage_value if deed.mortgaged else sq.price
            worth += self.buildings_value(sq, deed)
        return worth

    def sellback(self, square: Square) -> int:
        """What the bank pays for one building step on this square."""
        return int(square.house_cost * self.rules.building_sellback)

    # ---- the turn ----------------------------------------------------------------------------

    def pass_turn(self) -> None:
        """Hand the dice to the next active player (skipping one whose turn Interpol took)."""
        n = len(self.players)
        index = self.current
        for _ in range(2 * n):
            index = (index + 1) % n
            player = self.players[index]
            if player.bankrupt:
                continue
            if player.skip_turn:
                player.skip_turn = False
                self.tell("{} misses this turn (held by Interpol)", player.name)
                continue
            break
        self.current = index
        self.may_roll = True
        self.rolled = False
        self.doubles = 0
        self.built_this_turn.clear()
        self.tell("{}'s turn", self.current_player.name)

    def finish(self, winner: Player | None = None) -> None:
        """End the game: rank everyone by net worth; the last player standing wins outright."""
        self.over = True
        self.ranking = sorted(
            self.players, key=lambda p: (p.bankrupt, -self.net_worth(p), p.index)
        )
        self.winner = winner if winner is not None else self.ranking[0]
        self.offer = None
        self.auctions = []
        self.choice = None
        self.draw_due = None
        self.debts = []
        self.trade = None
        self.claim = None
        self.may_roll = False
        self.tell("The game is over: {} wins", self.winner.name)

    def check_winner(self) -> None:
        active = self.active_players
        if len(active) == 1 and not self.over:
            self.finish(active[0])

    def open_auction(self, square: int) -> None:
        bidders = self.active_players
        self.auctions.append(Auction(bidders=bidders, square=square))
        self.tell("{} goes to auction", self.squares[square].name)


from .commands import dispatch  # noqa: E402 - the commands name Game only for typing
