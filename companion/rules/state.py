"""A game's changing state as plain data: numbers, flags, and small frozen records.

Players are seats (0, 1, ...) and squares are board indices, never objects, so the whole state is
a few lists of numbers and a handful of immutable records. That makes `save` a cheap copy and
`load` an exact roll-back (python-chess's push/pop is the model), and makes snapshots generic.

Rules change the per-seat and per-square lists in place and replace records whole; a record is
never changed in place, so the copy `save` makes never shares anything a command can alter.
(They are not frozen dataclasses only because compiled, those are built through a slow generic
path; the fault-injection tests catch any record changed in place.) Each record writes its own
`__init__` (`init=False`): the one a dataclass makes is Python the compiled engine cannot compile
(about 2,400 instructions to make an auction's record; compiled, 250).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from .texts import Sentence

BANK: Final = "bank"
POT: Final = "pot"
NOBODY: Final = -1  # the owner of a deed the bank still holds

# Where money goes or comes from: a seat, the bank, or the Free Parking pot.
Account = int | str

CardKey = tuple[str, int]  # (deck, number as printed)


@dataclass(slots=True, init=False)
class Offer:
    """A buy offer for the square the current player landed on."""

    seat: int
    square: int

    def __init__(self, seat: int, square: int) -> None:
        self.seat = seat
        self.square = square


@dataclass(slots=True, init=False)
class Auction:
    """A deed (square set) or a building from the bank's supply (building set) under the hammer."""

    bidders: tuple[int, ...]
    square: int | None = None
    building: str | None = None  # "house" or "hotel"
    high_bid: int = 0
    high_bidder: int | None = None
    build_on: int | None = None  # building auction: the square the high bidder builds on

    def __init__(self, bidders: tuple[int, ...], square: int | None = None, building: str | None = None,
                 high_bid: int = 0, high_bidder: int | None = None, build_on: int | None = None) -> None:
        self.bidders = bidders
        self.square = square
        self.building = building
        self.high_bid = high_bid
        self.high_bidder = high_bidder
        self.build_on = build_on


@dataclass(slots=True, init=False)
class Choice:
    """A decision a card or square asks the player for."""

    seat: int
    options: tuple[str, ...]
    amount: int = 0  # the fixed payment
    percent_amount: int = 0  # income tax house rule: the percent figure

    def __init__(self, seat: int, options: tuple[str, ...], amount: int = 0, percent_amount: int = 0) -> None:
        self.seat = seat
        self.options = options
        self.amount = amount
        self.percent_amount = percent_amount


@dataclass(slots=True, init=False)
class DrawDue:
    """House rule physical_decks: the card the player must draw at the table and tap."""

    seat: int
    deck: str

    def __init__(self, seat: int, deck: str) -> None:
        self.seat = seat
        self.deck = deck


@dataclass(slots=True, init=False)
class RollDue:
    """RULES.md 3a, Chance 7: the player rolls once more and pays the utility's owner `times` the
    total (the roll moves nothing and counts for no doubles and no jail)."""

    seat: int
    square: int  # the utility the card brought the player to
    times: int

    def __init__(self, seat: int, square: int, times: int) -> None:
        self.seat = seat
        self.square = square
        self.times = times


@dataclass(slots=True, init=False)
class Debt:
    debtor: int
    creditor: Account
    amount: int
    reason: Sentence

    def __init__(self, debtor: int, creditor: Account, amount: int, reason: Sentence) -> None:
        self.debtor = debtor
        self.creditor = creditor
        self.amount = amount
        self.reason = reason


@dataclass(slots=True, init=False)
class Side:
    """One side of a trade: what that player hands over."""

    cash: int = 0
    squares: tuple[int, ...] = ()
    jail_cards: int = 0

    def __init__(self, cash: int = 0, squares: tuple[int, ...] = (), jail_cards: int = 0) -> None:
        self.cash = cash
        self.squares = squares
        self.jail_cards = jail_cards

    @property
    def empty(self) -> bool:
        return not (self.cash or self.squares or self.jail_cards)


@dataclass(slots=True, init=False)
class Trade:
    proposer: int
    partner: int
    give: Side  # what the proposer gives
    take: Side  # what the proposer takes from the partner
    proposer_lifts: tuple[int, ...] = ()

    def __init__(self, proposer: int, partner: int, give: Side, take: Side,
                 proposer_lifts: tuple[int, ...] = ()) -> None:
        self.proposer = proposer
        self.partner = partner
        self.give = give
        self.take = take
        self.proposer_lifts = proposer_lifts


@dataclass(slots=True, init=False)
class RentClaim:
    """Rent the owner may claim until the next roll (house rule auto_collect_rent: false)."""

    owner: int
    payer: int
    square: int
    amount: int

    def __init__(self, owner: int, payer: int, square: int, amount: int) -> None:
        self.owner = owner
        self.payer = payer
        self.square = square
        self.amount = amount


# Every record a state may hold, by name: what snapshots write and read back.
RECORDS: dict[str, type] = {
    cls.__name__: cls for cls in (Offer, Auction, Choice, DrawDue, RollDue, Debt, Side, Trade, RentClaim)
}


@dataclass(slots=True, eq=False)
class State:
    """Everything a command can change. Lists are per seat or per square; the rest is immutable."""

    # Per seat.
    cash: list[int]
    position: list[int]
    in_jail: list[bool]
    jail_turns: list[int]  # failed jail rolls in the current stay
    jail_cards: list[tuple[CardKey, ...]]  # Get out of Jail Free cards held, oldest first
    bankrupt: list[bool]
    skip_turn: list[bool]  # interpol house rule: the next turn is skipped
    computer: tuple[str, ...]  # each seat's computer level ("simple", "smart"), "" for a person
    # Per square (unused entries for squares that are no deed).
    owner: list[int]  # a seat, or NOBODY
    level: list[int]  # 0-4 houses, 5 for a hotel
    mortgaged: list[bool]
    # The bank.
    bank_houses: int
    bank_hotels: int
    pot: int
    bank_paid: int  # money the bank has paid out and taken in, to check it is conserved
    bank_received: int
    decks: tuple[tuple[int, ...], ...]  # card numbers, top first, in the edition's deck order
    # The turn.
    current: int
    may_roll: bool  # the current player has a roll due
    rolled: bool  # the current player has rolled at least once this turn
    doubles: int
    last_roll: tuple[int, int] | None
    built: tuple[str, ...]  # the group of each building the current player built this turn
    turn: int  # the game's turn number: the turns ended so far (the end_turn commands taken)
    # Decisions that may be pending.
    offer: Offer | None
    auctions: tuple[Auction, ...]  # the first one runs; the rest wait their turn
    choice: Choice | None
    draw_due: DrawDue | None
    roll_due: RollDue | None
    debts: tuple[Debt, ...]  # in the order they arose
    trade: Trade | None
    claim: RentClaim | None
    # The end.
    over: bool
    winner: int | None
    ranking: tuple[int, ...] | None

    def save(self) -> tuple:  # type: ignore[type-arg]
        """The state as it is now, for `load` to put back exactly (every field, in order)."""
        return (
            self.cash.copy(), self.position.copy(), self.in_jail.copy(), self.jail_turns.copy(),
            self.jail_cards.copy(), self.bankrupt.copy(), self.skip_turn.copy(), self.computer,
            self.owner.copy(), self.level.copy(), self.mortgaged.copy(),
            self.bank_houses, self.bank_hotels, self.pot, self.bank_paid, self.bank_received,
            self.decks, self.current, self.may_roll, self.rolled, self.doubles, self.last_roll,
            self.built, self.turn, self.offer, self.auctions, self.choice, self.draw_due, self.roll_due,
            self.debts, self.trade, self.claim, self.over, self.winner, self.ranking,
        )

    def load(self, saved: tuple) -> None:  # type: ignore[type-arg]
        """Put back exactly a state `save` returned (its lists are copied: it may be loaded again)."""
        (
            cash, position, in_jail, jail_turns, jail_cards, bankrupt, skip_turn, self.computer,
            owner, level, mortgaged,
            self.bank_houses, self.bank_hotels, self.pot, self.bank_paid, self.bank_received,
            self.decks, self.current, self.may_roll, self.rolled, self.doubles, self.last_roll,
            self.built, self.turn, self.offer, self.auctions, self.choice, self.draw_due, self.roll_due,
            self.debts, self.trade, self.claim, self.over, self.winner, self.ranking,
        ) = saved
        self.cash, self.position, self.in_jail = cash.copy(), position.copy(), in_jail.copy()
        self.jail_turns, self.jail_cards = jail_turns.copy(), jail_cards.copy()
        self.bankrupt, self.skip_turn = bankrupt.copy(), skip_turn.copy()
        self.owner, self.level, self.mortgaged = owner.copy(), level.copy(), mortgaged.copy()
