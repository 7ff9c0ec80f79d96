"""The pieces of a game's state: players, deeds and the decisions that may be pending.

Plain mutable records; the rules that change them live in the command modules beside this one.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .edition import Card

BANK = "bank"
POT = "pot"


@dataclass(slots=True, eq=False)
class Player:
    index: int
    name: str
    cash: int
    position: int = 0
    in_jail: bool = False
    jail_turns: int = 0
    jail_cards: list[Card] = field(default_factory=list)  # oldest first
    holdings: set[int] = field(default_factory=set)  # squares owned (kept by Game.set_owner)
    bankrupt: bool = False
    skip_turn: bool = False  # interpol house rule: the next turn is skipped

    @property
    def active(self) -> bool:
        return not self.bankrupt


# Where money goes or comes from: a player, the bank, or the Free Parking pot.
Account = Player | str


@dataclass(slots=True)
class Deed:
    owner: Player | None = None
    houses: int = 0
    hotel: bool = False
    mortgaged: bool = False

    @property
    def level(self) -> int:
        """Houses counted with a hotel as five: the even-building rules compare these."""
        return 5 if self.hotel else self.houses


@dataclass(slots=True)
class Offer:
    """A buy offer for the square the current player landed on."""

    player: Player
    square: int


@dataclass(slots=True)
class Auction:
    """A deed (square set) or a building from the bank's supply (building set) under the hammer."""

    bidders: list[Player]
    square: int | None = None
    building: str | None = None  # "house" or "hotel"
    high_bid: int = 0
    high_bidder: Player | None = None
    build_on: int | None = None  # building auction: the square the high bidder builds on


@dataclass(slots=True)
class Choice:
    """A decision a card or square asks the player for."""

    player: Player
    options: tuple[str, ...]
    amount: int = 0  # the fixed payment
    percent_amount: int = 0  # income tax house rule: the percent figure


@dataclass(slots=True)
class Debt:
    debtor: Player
    creditor: Account
    amount: int
    reason: str


@dataclass(slots=True)
class Side:
    """One side of a trade: what that player hands over."""

    cash: int = 0
    squares: tuple[int, ...] = ()
    jail_cards: int = 0

    @property
    def empty(self) -> bool:
        return not (self.cash or self.squares or self.jail_cards)


@dataclass(slots=True)
class Trade:
    proposer: Player
    partner: Player
    give: Side  # what the proposer gives
    take: Side  # what the proposer takes from the partner
    proposer_lifts: tuple[int, ...] = ()


@dataclass(slots=True)
class RentClaim:
    """Rent the owner may claim until the next roll (house rule auto_collect_rent: false)."""

    owner: Player
    payer: Player
    square: int
    amount: int
