"""The one decision that holds up play now: what it is, who makes it, how it is answered.

Every part of the companion that needs to know "what happens next" asks here: the printed
`pending`, the refusals of a roll or an end of turn, the bots, the screens' prompts.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .deals import lift_cost
from .texts import Text

if TYPE_CHECKING:
    from .game import Game

# The kinds that block the dice, in the order they are dealt with; "jail", "roll" and "end_turn"
# are the current player's own business once nothing blocks.
BLOCKING = ("auction", "choice", "draw", "debt", "buy", "trade")
SIDE = ("sell_building", "sell_all_buildings", "mortgage", "trade")


class Decision:
    """A decision: its kind, the seats that make it, the commands that answer it, in words."""

    __slots__ = ("kind", "seats", "options", "game")

    def __init__(self, kind: str, seats: tuple[int, ...], options: tuple[str, ...], game: Game) -> None:
        self.kind = kind
        self.seats = seats
        self.options = options
        self.game = game

    @property
    def blocking(self) -> bool:
        """A decision others wait for (not the current player's own roll or end of turn)."""
        return self.kind in BLOCKING

    @property
    def text(self) -> Text:
        """One sentence for the players: who decides what, and what it costs."""
        return describe(self.game, self)

    def __repr__(self) -> str:
        return f"Decision({self.kind!r}, {self.seats!r}, {self.options!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Decision) and (other.kind, other.seats, other.options) == (
            self.kind, self.seats, self.options)

    def __hash__(self) -> int:
        return hash((self.kind, self.seats, self.options))


def decide(game: Game) -> Decision | None:
    """The decision that holds up play now; None once the game is over."""
    if game.over:
        return None
    if game.auctions:
        auction = game.auctions[0]
        return Decision("auction", auction.bidders, ("bid", "pass"), game)
    if game.choice is not None:
        return Decision("choice", (game.choice.seat,), ("choose",), game)
    if game.draw_due is not None:
        return Decision("draw", (game.draw_due.seat,), ("draw",), game)
    if game.debts:
        debtors: list[int] = []
        for debt in game.debts:
            if debt.debtor not in debtors:
                debtors.append(debt.debtor)
        return Decision("debt", tuple(debtors), (*SIDE, "bankrupt"), game)
    if game.offer is not None:
        return Decision("buy", (game.offer.seat,), ("buy", "decline"), game)
    if game.trade is not None:
        return Decision("trade", (game.trade.partner,), ("accept", "reject"), game)
    seat = game.current
    if not game.may_roll:
        return Decision("end_turn", (seat,), ("end_turn",), game)
    if game.in_jail[seat]:
        options = ("pay_jail_fine", "use_jail_card", "roll") if game.jail_cards[seat] else (
            "pay_jail_fine", "roll")
        return Decision("jail", (seat,), options, game)
    return Decision("roll", (seat,), ("roll",), game)


def describe(game: Game, decision: Decision) -> Text:
    names = game.names
    kind = decision.kind
    if kind == "auction":
        auction = game.auctions[0]
        from .market import lot_name

        lot = lot_name(game, auction)
        bidders = ", ".join(names[s] for s in auction.bidders)
        if auction.high_bidder is None:
            return Text("now.auction_open", lot, bidders)
        return Text("now.auction_bid", lot, auction.high_bid, names[auction.high_bidder], bidders)
    if kind == "choice":
        choice = game.choice
        assert choice is not None
        if "percent" in choice.options:
            percent = game.rules.income_tax_percent
            return Text("now.choice_tax", names[choice.seat], choice.amount, percent, choice.percent_amount)
        deck = game.edition.deck_names[choice.options[1]]
        return Text("now.choice_card", names[choice.seat], choice.amount, deck)
    if kind == "draw":
        due = game.draw_due
        assert due is not None
        return Text("now.draw", names[due.seat], game.edition.deck_names[due.deck])
    if kind == "debt":
        debt = game.debts[0]
        short = game.owes(debt.debtor) - game.cash[debt.debtor]
        return Text("now.debt", names[debt.debtor], debt.amount, game.account(debt.creditor),
                    debt.reason, short)
    if kind == "buy":
        offer = game.offer
        assert offer is not None
        square = game.squares[offer.square]
        after = "now.buy_auction" if game.rules.auction_on_decline else "now.buy"
        return Text(after, names[offer.seat], square, square.price)
    if kind == "trade":
        trade = game.trade
        assert trade is not None
        return Text("now.trade", names[trade.partner], names[trade.proposer])
    seat = game.current
    if kind == "end_turn":
        return Text("now.end_turn", names[seat])
    if kind == "jail":
        tries = game.jail_turns[seat]
        fine = game.rules.jail_fine
        if game.jail_cards[seat]:
            return Text("now.jail_card", names[seat], fine, tries + 1)
        return Text("now.jail", names[seat], fine, tries + 1)
    if game.rolled:
        return Text("now.roll_again", names[seat])
    return Text("now.roll", names[seat])


def lift_costs(game: Game, squares: tuple[int, ...]) -> dict[str, int]:
    """What lifting each mortgaged one of these squares at once costs (mortgage value + 10 %)."""
    return {game.squares[i].id: lift_cost(game.squares[i]) for i in squares if game.mortgaged[i]}
