"""The one switch of what holds up play: what is open, who answers it, whether it blocks the dice.

Every part of the companion that needs to know "what happens next" asks here: the printed
`pending` and `decision`, the refusals of a roll or an end of turn, the bots, the screens (from
what the API sends). Each open kind is one `Kind` below, in the order they are dealt with, and
`first_open` reads their fields in that order; a new kind of decision is its record in state.py,
one more `Kind` here and its read in `first_open`, its answering command and its sentences
(docs/developers.md, "Adding a pending kind", lists every place).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Final

from .core import BaseGame
from .edition import Square
from .state import Auction, Side
from .texts import Sentence, Text

DEBT_OPTIONS: Final[tuple[str, ...]] = (
    "sell_building", "sell_all_buildings", "mortgage", "trade", "bankrupt")
QUEUES = ("auctions", "debts")  # the State fields that hold several records, oldest first
TURN_KINDS: Final = ("end_turn", "jail", "roll")  # the current player's own business once nothing blocks


@dataclass(slots=True)
class Decision:
    """A decision: its kind, its record (None for the current player's own roll or end of turn),
    the seats that may make it, the one that answers next, the commands that answer it, and
    whether it blocks the dice (an open rent claim does not)."""

    kind: str
    seats: tuple[int, ...]
    options: tuple[str, ...]
    record: Any = None
    seat: int = 0
    blocks: bool = False

    def text(self, game: BaseGame) -> Sentence:
        """One sentence for the players: who decides what, and what it costs."""
        return describe(game, self)

    def refusal(self, game: BaseGame) -> Sentence:
        """Why the dice wait for it (a blocking decision), in words."""
        return KIND[self.kind].blocked(game, self.record)

    def shown(self, game: BaseGame) -> dict[str, Any]:
        """The record as the printed `pending` gives it (TABLE-SCRIPT.md)."""
        return KIND[self.kind].shown(game, self.record)


@dataclass(frozen=True, slots=True)
class Kind:
    """One kind of open decision: where its record lives and what follows from it."""

    name: str
    field: str  # the State field that holds it (a tuple: its first entry is the one dealt with)
    blocks: bool
    seats: Callable[[BaseGame, Any], tuple[int, ...]]
    nexts: Callable[[BaseGame, Any], int]  # the seat that answers next (a bot's turn to act)
    options: Callable[[BaseGame, Any], tuple[str, ...]]
    describe: Callable[[BaseGame, Any], Sentence]  # "now.*": what the players are told
    blocked: Callable[[BaseGame, Any], Sentence]  # "block.*": why the dice wait
    shown: Callable[[BaseGame, Any], dict[str, Any]]  # the printed `pending`

    def record(self, game: BaseGame) -> Any:
        """The open record of this kind, or None."""
        held = getattr(game, self.field)
        if held and self.field in QUEUES:
            return held[0]
        return held or None


# ---- each kind -------------------------------------------------------------------------------

def _auction_next(game: BaseGame, auction: Any) -> int:
    for bidder in auction.bidders:
        if bidder != auction.high_bidder:
            return bidder
    return auction.bidders[0]


def lot_name(game: BaseGame, auction: Auction) -> Square | Sentence:
    """What is under the hammer, as sentences name it: the deed's square, or the bank's house or hotel."""
    if auction.square is not None:
        return game.squares[auction.square]
    return Text("auction.bank_" + (auction.building or "house"))


def _auction_text(game: BaseGame, auction: Any) -> Sentence:
    names = game.names
    lot = lot_name(game, auction)
    bidders = ", ".join(names[s] for s in auction.bidders)
    if auction.high_bidder is None:
        return Text("now.auction_open", lot, bidders)
    return Text("now.auction_bid", lot, auction.high_bid, names[auction.high_bidder], bidders)


def _auction_shown(game: BaseGame, a: Any) -> dict[str, Any]:
    names = game.names
    return {
        "kind": "auction",
        "square": game.squares[a.square].id if a.square is not None else None,
        "building": a.building,
        "high_bid": a.high_bid,
        "high_bidder": names[a.high_bidder] if a.high_bidder is not None else None,
        "build_on": game.squares[a.build_on].id if a.build_on is not None else None,
        "bidders": [names[s] for s in a.bidders],
        "queued": len(game.auctions) - 1,
    }


def _choice_text(game: BaseGame, choice: Any) -> Sentence:
    names = game.names
    if "percent" in choice.options:
        percent = game.rules.income_tax_percent
        return Text("now.choice_tax", names[choice.seat], choice.amount, percent, choice.percent_amount)
    deck = game.edition.deck_names[choice.options[1]]
    return Text("now.choice_card", names[choice.seat], choice.amount, deck)


def _choice_shown(game: BaseGame, c: Any) -> dict[str, Any]:
    shown: dict[str, Any] = {
        "kind": "choice", "player": game.names[c.seat], "options": list(c.options), "amount": c.amount,
    }
    if "percent" in c.options:
        shown["percent_amount"] = c.percent_amount
    return shown


def _draw_text(game: BaseGame, due: Any) -> Sentence:
    return Text("now.draw", game.names[due.seat], game.edition.deck_names[due.deck])


def _draw_blocked(game: BaseGame, due: Any) -> Sentence:
    return Text("block.draw", game.names[due.seat], game.edition.deck_names[due.deck])


def _utility_roll_text(game: BaseGame, due: Any) -> Sentence:
    owner = game.owner[due.square]
    square = game.squares[due.square]
    return Text("now.utility_roll", game.names[due.seat], game.names[owner], due.times, square)


def _utility_roll_shown(game: BaseGame, due: Any) -> dict[str, Any]:
    return {
        "kind": "utility_roll",
        "player": game.names[due.seat],
        "square": game.squares[due.square].id,
        "owner": game.names[game.owner[due.square]],
        "times": due.times,
    }


def _debtors(game: BaseGame, _debt: Any) -> tuple[int, ...]:
    debtors: list[int] = []
    for debt in game.debts:
        if debt.debtor not in debtors:
            debtors.append(debt.debtor)
    return tuple(debtors)


def _debt_text(game: BaseGame, debt: Any) -> Sentence:
    short = game.owes(debt.debtor) - game.cash[debt.debtor]
    return Text("now.debt", game.names[debt.debtor], debt.amount, game.account_text(debt.creditor),
                debt.reason, short)


def _debt_shown(game: BaseGame, d: Any) -> dict[str, Any]:
    return {
        "kind": "debt",
        "player": game.names[d.debtor],
        "creditor": game.account(d.creditor),
        "amount": d.amount,
        "reason": str(d.reason),
        "count": len(game.debts),
    }


def _buy_text(game: BaseGame, offer: Any) -> Sentence:
    square = game.squares[offer.square]
    after = "now.buy_auction" if game.rules.auction_on_decline else "now.buy"
    return Text(after, game.names[offer.seat], square, square.price)


def _buy_shown(game: BaseGame, offer: Any) -> dict[str, Any]:
    sq = game.squares[offer.square]
    return {"kind": "buy", "player": game.names[offer.seat], "square": sq.id, "price": sq.price}


def _side(game: BaseGame, side: Side) -> dict[str, Any]:
    return {
        "cash": side.cash,
        "squares": [game.squares[i].id for i in side.squares],
        "jail_cards": side.jail_cards,
    }


def _trade_shown(game: BaseGame, t: Any) -> dict[str, Any]:
    names = game.names
    return {
        "kind": "trade",
        "from": names[t.proposer],
        "to": names[t.partner],
        "give": _side(game, t.give),
        "take": _side(game, t.take),
        "lift": [game.squares[i].id for i in t.proposer_lifts],
    }


def _claim_text(game: BaseGame, claim: Any) -> Sentence:
    return Text("rent.may_claim", game.names[claim.owner], claim.amount, game.squares[claim.square])


def _claim_shown(game: BaseGame, claim: Any) -> dict[str, Any]:
    names = game.names
    return {
        "kind": "rent_claim",
        "player": names[claim.owner],
        "payer": names[claim.payer],
        "square": game.squares[claim.square].id,
        "amount": claim.amount,
    }


def _not_blocking(game: BaseGame, record: Any) -> Sentence:  # pragma: no cover - never asked
    raise AssertionError("a decision that does not block the dice has no refusal")


def _seat_of(game: BaseGame, record: Any) -> int:
    return int(record.seat)


# The open decisions, in the order they are dealt with: the blocking ones, then what blocks nothing.
KINDS: tuple[Kind, ...] = (
    Kind("auction", "auctions", True,
         seats=lambda g, a: a.bidders, nexts=_auction_next, options=lambda g, a: ("bid", "pass"),
         describe=_auction_text, blocked=lambda g, a: Text("block.auction"), shown=_auction_shown),
    Kind("choice", "choice", True,
         seats=lambda g, c: (c.seat,), nexts=_seat_of, options=lambda g, c: ("choose",),
         describe=_choice_text, blocked=lambda g, c: Text("block.choice", g.names[c.seat]),
         shown=_choice_shown),
    Kind("draw", "draw_due", True,
         seats=lambda g, d: (d.seat,), nexts=_seat_of, options=lambda g, d: ("draw",),
         describe=_draw_text, blocked=_draw_blocked,
         shown=lambda g, d: {"kind": "draw", "player": g.names[d.seat], "deck": d.deck}),
    Kind("utility_roll", "roll_due", True,
         seats=lambda g, r: (r.seat,), nexts=_seat_of, options=lambda g, r: ("roll",),
         describe=_utility_roll_text,
         blocked=lambda g, r: Text("block.utility_roll", g.names[r.seat], g.squares[r.square]),
         shown=_utility_roll_shown),
    Kind("debt", "debts", True,
         seats=_debtors, nexts=lambda g, d: d.debtor, options=lambda g, d: DEBT_OPTIONS,
         describe=_debt_text,
         blocked=lambda g, d: Text("block.debt", g.names[d.debtor], d.amount, g.account_text(d.creditor)),
         shown=_debt_shown),
    Kind("buy", "offer", True,
         seats=lambda g, o: (o.seat,), nexts=_seat_of, options=lambda g, o: ("buy", "decline"),
         describe=_buy_text, blocked=lambda g, o: Text("block.buy", g.names[o.seat], g.squares[o.square]),
         shown=_buy_shown),
    Kind("trade", "trade", True,
         seats=lambda g, t: (t.partner,), nexts=lambda g, t: t.partner,
         options=lambda g, t: ("accept", "reject"),
         describe=lambda g, t: Text("now.trade", g.names[t.partner], g.names[t.proposer]),
         blocked=lambda g, t: Text("block.trade", g.names[t.partner], g.names[t.proposer]),
         shown=_trade_shown),
    Kind("rent_claim", "claim", False,
         seats=lambda g, c: (c.owner,), nexts=lambda g, c: c.owner, options=lambda g, c: ("claim_rent",),
         describe=_claim_text, blocked=_not_blocking, shown=_claim_shown),
)
KIND: dict[str, Kind] = {kind.name: kind for kind in KINDS}
BLOCKERS: tuple[Kind, ...] = tuple(kind for kind in KINDS if kind.blocks)
BLOCKING: tuple[str, ...] = tuple(kind.name for kind in BLOCKERS)
assert KINDS[:len(BLOCKERS)] == BLOCKERS, "what blocks comes first: the lookups below stop there"
NAMES: Final = tuple(kind.name for kind in KINDS)
NONE_OPEN: Final = -1
_BLOCKERS: Final = len(BLOCKERS)


def first_open(game: BaseGame) -> int:
    """The place in KINDS of the first kind with an open record, NONE_OPEN when none is.

    Each kind's field read plainly, in KINDS's order (tests/test_decision.py checks the two
    agree, field by field and pair by pair): bots ask what is open several times a player-turn,
    and mypyc compiles plain reads of typed fields natively, where `getattr` by name or an
    `attrgetter` of the fields allocates on every call (issue 37: 31 % of a game's time).
    """
    if game.auctions:
        return 0
    if game.choice is not None:
        return 1
    if game.draw_due is not None:
        return 2
    if game.roll_due is not None:
        return 3
    if game.debts:
        return 4
    if game.offer is not None:
        return 5
    if game.trade is not None:
        return 6
    if game.claim is not None:
        return 7
    return NONE_OPEN


def _decision(game: BaseGame, kind: Kind, record: Any) -> Decision:
    return Decision(kind.name, kind.seats(game, record), kind.options(game, record), record,
                    kind.nexts(game, record), kind.blocks)


# ---- asking -----------------------------------------------------------------------------------

def open_decision(game: BaseGame) -> Decision | None:
    """The open record dealt with first, blocking or not (what the printed `pending` shows and
    what a bot answers first), or None when nothing is open."""
    if game.over:
        return None
    found = first_open(game)
    if found == NONE_OPEN:
        return None
    kind = KINDS[found]
    return _decision(game, kind, kind.record(game))


def blocking(game: BaseGame) -> Decision | None:
    """The decision that holds up the dice, or None when they are free."""
    if game.over:
        return None
    found = first_open(game)
    if found == NONE_OPEN or found >= _BLOCKERS:
        return None
    kind = KINDS[found]
    return _decision(game, kind, kind.record(game))


def kind_now(game: BaseGame) -> str:
    """The kind of `decide` ("" once the game is over), without making a Decision: asked far
    more often than a decision is shown."""
    if game.over:
        return ""
    found = first_open(game)
    if found == NONE_OPEN or found >= _BLOCKERS:
        return _turn_kind(game)
    return NAMES[found]


def next_kind(game: BaseGame) -> str:
    """The kind of what is answered next, a rent claim included ("" once the game is over)."""
    if game.over:
        return ""
    found = first_open(game)
    if found == NONE_OPEN:
        return _turn_kind(game)
    return NAMES[found]


def _turn_kind(game: BaseGame) -> str:
    if not game.may_roll:
        return "end_turn"
    if game.in_jail[game.current]:
        return "jail"
    return "roll"


def decide(game: BaseGame) -> Decision | None:
    """The decision that holds up play now: a blocking one, else the current player's own (a roll,
    a way out of jail, the end of the turn); None once the game is over."""
    found = blocking(game)
    if found is not None or game.over:
        return found
    return turn_decision(game)


def turn_decision(game: BaseGame) -> Decision:
    """The current player's own business once nothing blocks."""
    seat = game.current
    kind = _turn_kind(game)
    if kind == "end_turn":
        return Decision(kind, (seat,), ("end_turn",), seat=seat)
    if kind == "jail":
        options = ("pay_jail_fine", "use_jail_card", "roll") if game.jail_cards[seat] else (
            "pay_jail_fine", "roll")
        return Decision(kind, (seat,), options, seat=seat)
    return Decision(kind, (seat,), ("roll",), seat=seat)


def answering(game: BaseGame) -> int:
    """The seat whose move comes next (what a table of bots asks): whoever answers the open record
    first, else the current player."""
    found = open_decision(game)
    return found.seat if found is not None else game.current


def describe(game: BaseGame, decision: Decision) -> Sentence:
    """The decision in words for the players."""
    if decision.record is not None:
        return KIND[decision.kind].describe(game, decision.record)
    names, seat = game.names, game.current
    if decision.kind == "end_turn":
        return Text("now.end_turn", names[seat])
    if decision.kind == "jail":
        tries = game.jail_turns[seat]
        fine = game.rules.jail_fine
        if game.jail_cards[seat]:
            return Text("now.jail_card", names[seat], fine, tries + 1)
        return Text("now.jail", names[seat], fine, tries + 1)
    if game.rolled:
        return Text("now.roll_again", names[seat])
    return Text("now.roll", names[seat])
