"""The game as the rules work with it: its state, what never changes in it, and the money primitives
every rule goes through. `Game` (game.py) stands on it and adds the face the rest of the companion
asks (`apply`, `decision`, `legal_commands`, `actor`): the rules themselves take a `BaseGame`, so
they stand below that face, never in a circle with it (python-chess's `BaseBoard` under its `Board`).

Every pound moves through `pay` (covered payments) or `charge` (which turns a payment the payer
cannot cover into a debt), so the transfers of a command are its complete money trail.
"""

from __future__ import annotations

import random
import unicodedata
from typing import Any, Final

from ..i18n.money import Currency
from .edition import Card, Edition, Square, load_edition
from .errors import Malformed, Rejected
from .house_rules import HouseRules
from .shuffle import shuffle
from .state import BANK, NOBODY, POT, Account, Debt, State
from .texts import Sentence, Text

MIN_PLAYERS, MAX_PLAYERS = 2, 8

# What the table's own accounts and parts are called, in every language its pages speak: a player
# by one of these names would be read as the bank's or the pot's cash (the chart, the ledger).
RESERVED_NAMES = ("bank", "pot", "table", "banker", "the bank", "the pot",
                  "банк", "банкир", "стол", "копилка")
# Cyrillic letters drawn like Latin ones: "bаnk" with a Cyrillic "а" is still the bank.
_LOOKALIKE = str.maketrans("аеорсхукмнтвіј", "aeopcxykmhtbij")


def _skeleton(name: str) -> str:
    """A name as it reads: case, spaces, compatibility forms and look-alike letters folded."""
    folded = unicodedata.normalize("NFKC", name).casefold()
    return "".join(folded.split()).translate(_LOOKALIKE)


_RESERVED = frozenset(_skeleton(name) for name in RESERVED_NAMES)


def reserved_name(name: str) -> bool:
    """Is this a name no player may have (see RESERVED_NAMES)?"""
    return _skeleton(name) in _RESERVED


class Layout:
    """What a game works out from its edition's board once: an edition is never changed, so every
    game of it shares one (simulations start thousands of games)."""

    __slots__ = ("edition", "groups", "colour_groups", "ownable", "kin", "kin_deeds", "deck_order")

    def __init__(self, edition: Edition) -> None:
        self.edition = edition  # kept, so the id it is found by stays this edition's
        squares = edition.squares
        # Each lot's colour group as square indices (empty for other squares).
        self.groups: tuple[tuple[int, ...], ...] = tuple(
            edition.groups.get(sq.group or "", ()) if sq.kind == "lot" else () for sq in squares
        )
        # The colour groups' lots, in the edition's order (what bots go through group by group).
        self.colour_groups: tuple[tuple[int, ...], ...] = tuple(edition.groups.values())
        self.ownable: tuple[int, ...] = tuple(sq.index for sq in squares if sq.ownable)
        # Each station's stations, each utility's utilities (their rent counts how many one holds).
        self.kin: tuple[tuple[int, ...], ...] = tuple(
            tuple(i for i in self.ownable if squares[i].kind == sq.kind)
            if sq.kind in ("station", "utility") else () for sq in squares
        )
        self.kin_deeds: tuple[int, ...] = tuple(i for i in self.ownable if self.kin[i])  # in board order
        self.deck_order: tuple[str, ...] = tuple(edition.decks)


_LAYOUTS: dict[int, Layout] = {}
KEPT_LAYOUTS: Final = 16


def layout(edition: Edition) -> Layout:
    """The edition's layout, worked out on its first game."""
    found = _LAYOUTS.get(id(edition))
    if found is None or found.edition is not edition:
        if len(_LAYOUTS) >= KEPT_LAYOUTS:  # editions made on the fly (tests): keep a few
            _LAYOUTS.clear()
        found = _LAYOUTS[id(edition)] = Layout(edition)
    return found


class Transfer:
    """One money movement: from and to are a player's name, "bank" or "pot"."""

    __slots__ = ("source", "target", "amount", "why")

    def __init__(self, source: str, target: str, amount: int, why: Sentence | str) -> None:
        self.source = source
        self.target = target
        self.amount = amount
        self.why = why

    @property
    def reason(self) -> str:
        """In English, as the ledger keeps it."""
        return str(self.why)

    def __repr__(self) -> str:
        return f"Transfer({self.source!r}, {self.target!r}, {self.amount}, {self.reason!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Transfer) and (
            other.source, other.target, other.amount, other.reason
        ) == (self.source, self.target, self.amount, self.reason)


class Outcome:
    """What one applied command did: its money movements and what players should be told, each on
    its own list and both together in `story`, in the order they happened (the salary for passing
    GO before the jail it led to), so the story never has to guess the order."""

    __slots__ = ("command", "transfers", "events", "story")

    def __init__(self, command: dict[str, Any]) -> None:
        self.command = command
        self.transfers: list[Transfer] = []
        self.events: list[Sentence] = []
        self.story: list[Sentence | Transfer] = []

    @property
    def messages(self) -> list[str]:
        return [str(event) for event in self.events]

    def words(self, lang: str, money: Currency | None = None) -> list[str]:
        """The events in `lang`, their amounts in the game's edition's `money`."""
        return [event.words(lang, None, money) for event in self.events]


SILENT: Final = Outcome({})  # what a quiet command returns: it keeps no story (never added to)
UNSAID: Final = object()  # a value `tell` was not given


class BaseGame(State):
    """A game as its rules see it: the state, the game's fixed data and the primitives (its public
    face, `Game`, is game.py's). Dice are inputs; decks are shuffled from the seed."""

    __slots__ = (
        "edition", "squares", "rules", "seed", "tags", "names", "seats", "groups", "ownable",
        "sellback_num", "sellback_den", "deck_order", "ownership_version", "outcome", "undo_stack",
        "_owned", "_owned_at", "kin", "forms", "quiet", "colour_groups", "kin_deeds",
    )

    def __init__(
        self,
        players: list[str],
        seed: int = 0,
        rules: HouseRules | None = None,
        edition: Edition | None = None,
        tags: dict[str, str] | None = None,
        forms: dict[str, dict[str, Any]] | None = None,
        computer: dict[str, str] | None = None,
    ) -> None:
        rules = rules or HouseRules()
        edition = edition or load_edition()
        if not MIN_PLAYERS <= len(players) <= MAX_PLAYERS:
            raise Malformed(f"a game needs {MIN_PLAYERS} to {MAX_PLAYERS} players")
        if len(set(players)) != len(players) or not all(players):
            raise Malformed("player names must be different and not empty")
        for name in players:
            if reserved_name(name):
                raise Malformed(Text("reserved_name", name))
        # What never changes during the game.
        self.edition = edition
        self.squares: tuple[Square, ...] = edition.squares
        self.rules = rules
        self.seed = seed
        self.tags = {k.lower(): v for k, v in (tags or {}).items()}
        self.names: tuple[str, ...] = tuple(players)
        # Each player's gender and cases, as new_game carried them (only sentences read them;
        # a player without them is named without gender, the name kept nominative).
        given = forms or {}
        self.forms: dict[str, dict[str, Any]] = {name: dict(given.get(name) or {}) for name in players}
        self.seats: dict[str, int] = {name: i for i, name in enumerate(players)}
        board = layout(edition)
        self.groups: tuple[tuple[int, ...], ...] = board.groups
        self.colour_groups: tuple[tuple[int, ...], ...] = board.colour_groups
        self.ownable: tuple[int, ...] = board.ownable
        self.kin: tuple[tuple[int, ...], ...] = board.kin
        self.kin_deeds: tuple[int, ...] = board.kin_deeds  # the stations and utilities
        self.sellback_num, self.sellback_den = rules.sellback
        self.deck_order: tuple[str, ...] = board.deck_order
        self.ownership_version = 0  # counts changes of hands (never rolled back), for caches
        self._owned: list[tuple[int, ...]] = [()] * len(players)  # each seat's deeds, as of
        self._owned_at = [-1] * len(players)  # this ownership_version, seat by seat
        self.outcome = Outcome({})
        self.quiet = False  # the command being applied keeps no story (apply's `quiet`)
        self.undo_stack: list[tuple] = []  # type: ignore[type-arg]
        # The state (State's fields).
        n, size = len(players), len(edition.squares)
        self.cash = [rules.starting_cash] * n
        self.position = [0] * n
        self.in_jail = [False] * n
        self.jail_turns = [0] * n
        self.jail_cards = [()] * n
        self.bankrupt = [False] * n
        self.skip_turn = [False] * n
        levels = computer or {}
        self.computer = tuple(levels.get(name, "") for name in players)
        self.owner = [NOBODY] * size
        self.level = [0] * size
        self.mortgaged = [False] * size
        self.bank_houses = rules.houses
        self.bank_hotels = rules.hotels
        self.pot = 0
        self.bank_paid = 0
        self.bank_received = 0
        rng = random.Random(seed)
        decks = []
        for name in self.deck_order:
            order = [card.number for card in edition.decks[name]]
            if rules.shuffle:
                shuffle(order, rng)
            decks.append(tuple(order))
        self.decks = tuple(decks)
        self.current = 0
        self.may_roll = True
        self.rolled = False
        self.doubles = 0
        self.last_roll = None
        self.built = ()
        self.turn = 0
        self.clear_decisions()
        self.over = False
        self.winner = None
        self.ranking = None

    # ---- what players are told ---------------------------------------------------------------

    def game_over_reason(self) -> Sentence:
        if self.winner is not None:
            return Text("over.won", self.names[self.winner])
        return Text("over")

    def tell(self, key: str, a: Any = UNSAID, b: Any = UNSAID, c: Any = UNSAID, d: Any = UNSAID) -> None:
        """Something players should hear, worded from the catalog when it is read. (Its values are
        up to four parameters, not *values: compiled, a quiet game's thousands of tells then pack
        no tuple that nobody reads.)"""
        if self.quiet:
            return
        values: tuple[Any, ...] = (a, b, c, d)
        if a is UNSAID:
            values = ()
        elif b is UNSAID:
            values = (a,)
        elif c is UNSAID:
            values = (a, b)
        elif d is UNSAID:
            values = (a, b, c)
        event = Sentence(key, values)
        self.outcome.events.append(event)
        self.outcome.story.append(event)

    # ---- who and what ------------------------------------------------------------------------

    @property
    def active(self) -> list[int]:
        """The seats still in the game, in seating order."""
        bankrupt = self.bankrupt
        return [seat for seat in range(len(self.names)) if not bankrupt[seat]]

    def seat(self, name: Any) -> int:
        """The seat of an active player, by name (a refusal a player can read otherwise)."""
        seat = self.seats.get(name) if isinstance(name, str) else None
        if seat is None:
            raise Rejected(Text("no_player", name))
        if self.bankrupt[seat]:
            raise Rejected(Text("player_bankrupt", name))
        return seat

    def square(self, square_id: str) -> Square:
        try:
            return self.edition.by_id[square_id]
        except KeyError:
            raise Rejected(Text("no_square", square_id)) from None

    def deed(self, square_id: str) -> Square:
        """A square that is a deed, by id."""
        square = self.square(square_id)
        if not square.ownable:
            raise Rejected(Text("not_property", square))
        return square

    def owned(self, seat: int) -> tuple[int, ...]:
        """The squares this seat owns, in board order (worked out again only after a change of
        hands, and only for the seat asked: bots ask this far more often than deeds move, and
        mostly of the player whose turn it is)."""
        if self._owned_at[seat] != self.ownership_version:
            owner = self.owner
            held: list[int] = []
            for i in self.ownable:
                if owner[i] == seat:
                    held.append(i)
            self._owned[seat] = tuple(held)
            self._owned_at[seat] = self.ownership_version
        return self._owned[seat]

    def set_owner(self, index: int, seat: int) -> None:
        """The one place a deed changes hands."""
        self.owner[index] = seat
        self.ownership_version += 1

    def load(self, saved: tuple) -> None:  # type: ignore[type-arg]
        State.load(self, saved)
        self.ownership_version += 1  # deeds may have changed hands back

    def account(self, account: Account) -> str:
        """An account's name as transfers and the printed state give it ("bank", "pot")."""
        return self.names[account] if isinstance(account, int) else account

    def account_text(self, account: Account) -> str | Sentence:
        """An account as a sentence names it, in the reader's language."""
        if isinstance(account, int):
            return self.names[account]
        return Text("the_bank" if account == BANK else "the_pot")

    def deck(self, name: str) -> tuple[int, ...]:
        return self.decks[self.deck_order.index(name)]

    def set_deck(self, name: str, cards: tuple[int, ...]) -> None:
        decks = list(self.decks)
        decks[self.deck_order.index(name)] = cards
        self.decks = tuple(decks)

    def card(self, key: tuple[str, int]) -> Card:
        return self.edition.decks[key[0]][key[1] - 1]

    def fee_sink(self) -> str:
        """Where taxes, card fines, fees, repairs and jail fines go."""
        return POT if self.rules.free_parking_pot else BANK

    def whole_group(self, seat: int, index: int) -> bool:
        """The seat owns every lot of this lot's colour group."""
        owner = self.owner
        for i in self.groups[index]:
            if owner[i] != seat:
                return False
        return True

    def group_built(self, index: int) -> bool:
        """Some lot of this square's colour group has a building (never for stations, utilities)."""
        level = self.level
        for i in self.groups[index]:
            if level[i]:
                return True
        return False

    # ---- money -------------------------------------------------------------------------------

    def pay(self, source: Account, target: Account, amount: int, why: Sentence) -> None:
        """Move money the source has; the one place where balances change."""
        if amount <= 0:
            return
        if isinstance(source, int):
            if self.cash[source] < amount:
                raise AssertionError("pay() needs covered payments; use charge()")
            self.cash[source] -= amount
        elif source == POT:
            self.pot -= amount
        else:
            self.bank_paid += amount
        if isinstance(target, int):
            self.cash[target] += amount
        elif target == POT:
            self.pot += amount
        else:
            self.bank_received += amount
        if self.quiet:
            return
        transfer = Transfer(self.account(source), self.account(target), amount, why)
        self.outcome.transfers.append(transfer)
        self.outcome.story.append(transfer)

    def charge(self, payer: int, creditor: Account, amount: int, why: Sentence) -> None:
        """A payment the payer owes: paid now if the cash covers it, else a debt that waits."""
        if amount <= 0:
            return
        if self.cash[payer] >= amount and self.first_debt(payer) is None:
            self.pay(payer, creditor, amount, why)
            return
        self.debts = (*self.debts, Debt(payer, creditor, amount, why))  # type: ignore[arg-type]
        self.tell("debt.owes", self.names[payer], amount, self.account_text(creditor), why)

    def first_debt(self, seat: int) -> Debt | None:
        for debt in self.debts:
            if debt.debtor == seat:
                return debt
        return None

    def owes(self, seat: int) -> int:
        """What this seat owes in all, its debts together."""
        return sum(debt.amount for debt in self.debts if debt.debtor == seat)

    def settle_debts(self) -> None:
        """Pay every debt whose debtor's cash now covers it, each debtor's debts in order."""
        progress = True
        while progress and self.debts:
            progress = False
            waiting: set[int] = set()
            remaining: list[Debt] = []
            for debt in self.debts:
                debtor = debt.debtor
                if debtor in waiting or self.cash[debtor] < debt.amount:
                    waiting.add(debtor)
                    remaining.append(debt)
                    continue
                self.pay(debtor, debt.creditor, debt.amount, debt.reason)  # type: ignore[arg-type]
                progress = True
            self.debts = tuple(remaining)

    # ---- worth -------------------------------------------------------------------------------

    def net_worth(self, seat: int) -> int:
        """RULES.md 8: cash, deeds at price (mortgaged: at mortgage value), buildings at cost (a
        hotel as five houses), less what the player owes, plus what other players owe them."""
        worth = self.cash[seat]
        squares, level, mortgaged = self.squares, self.level, self.mortgaged
        for i in self.owned(seat):
            sq = squares[i]
            worth += sq.mortgage_value if mortgaged[i] else sq.price
            worth += level[i] * sq.house_cost
        for debt in self.debts:
            if debt.debtor == seat:
                worth -= debt.amount
            elif debt.creditor == seat:
                worth += debt.amount
        return worth

    def sellback(self, square: Square) -> int:
        """What the bank pays for one building on this square, rounded down to a whole pound."""
        return square.house_cost * self.sellback_num // self.sellback_den

    # ---- the turn ----------------------------------------------------------------------------

    def pass_turn(self) -> None:
        """Hand the dice to the next active player (skipping one whose turn Interpol took)."""
        n = len(self.names)
        index = self.current
        for _ in range(2 * n):
            index = (index + 1) % n
            if self.bankrupt[index]:
                continue
            if self.skip_turn[index]:
                self.skip_turn[index] = False
                self.tell("turn.interpol_skip", self.names[index])
                continue
            break
        self.current = index
        self.may_roll = True
        self.rolled = False
        self.doubles = 0
        self.built = ()
        self.tell("turn.next", self.names[index])

    def finish(self, winner: int | None = None) -> None:
        """End the game: rank everyone (RULES.md 8: net worth, then cash, then seat order). Every
        decision is closed but the debts, which stay owed, so the net worth printed after the end
        is the figure the ranking was made by."""
        self.over = True
        self.ranking = tuple(sorted(
            range(len(self.names)),
            key=lambda s: (self.bankrupt[s], -self.net_worth(s), -self.cash[s], s),
        ))
        self.winner = winner if winner is not None else self.ranking[0]
        owed = self.debts  # still owed: the net worth printed after the end counts them (RULES.md 8)
        self.clear_decisions()
        self.debts = owed
        self.may_roll = False
        self.tell("over.wins", self.names[self.winner])

    def clear_decisions(self) -> None:
        """No offer, auction, choice, card to draw, utility roll, debt, trade or rent claim is pending."""
        self.offer = None
        self.auctions = ()
        self.choice = None
        self.draw_due = None
        self.roll_due = None
        self.debts = ()
        self.trade = None
        self.claim = None

    def check_winner(self) -> None:
        active = self.active
        if len(active) == 1 and not self.over:
            self.finish(active[0])
