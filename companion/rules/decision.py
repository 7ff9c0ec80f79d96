"""The one decision that holds up play now: what it is, who makes it, how it is answered.

Every part of the companion that needs to know "what happens next" asks here: the printed
`pending`, the refusals of a roll or an end of turn, the bots, the screens' prompts.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from .deals import lift_cost
from .texts import Sentence, Text

if TYPE_CHECKING:
    from .game import Game

# The kinds that block the dice, in the order they are dealt with; "jail", "roll" and "end_turn"
# are the current player's own business once nothing blocks.
BLOCKING = ("auction", "choice", "draw", "debt", "buy", "trade")
DEBT_OPTIONS = ("sell_building", "sell_all_buildings", "mortgage", "trade", "bankrupt")


@dataclass(slots=True)
class Decision:
    """A decision: its kind, the seats that make it, the commands that answer it."""

    kind: str
    seats: tuple[int, ...]
    options: tuple[str, ...]

    @property
    def blocking(self) -> bool:
        """A decision others wait for (not the current player's own roll or end of turn)."""
        return self.kind in BLOCKING

    def text(self, game: Game) -> Sentence:
        """One sentence for the players: who decides what, and what it costs."""
        return describe(game, self)


def kind_now(game: Game) -> str:
    """The kind of the decision that holds up play now ("" once the game is over): what bots ask
    before every command, so it allocates nothing."""
    if game.over:
        return ""
    if game.auctions:
        return "auction"
    if game.choice is not None:
        return "choice"
    if game.draw_due is not None:
        return "draw"
    if game.debts:
        return "debt"
    if game.offer is not None:
        return "buy"
    if game.trade is not None:
        return "trade"
    if not game.may_roll:
        return "end_turn"
    if game.in_jail[game.current]:
        return "jail"
    return "roll"


def decide(game: Game) -> Decision | None:
    """The decision that holds up play now; None once the game is over."""
    kind = kind_now(game)
    if kind == "auction":
        return Decision(kind, game.auctions[0].bidders, ("bid", "pass"))
    if kind == "choice":
        assert game.choice is not None
        return Decision(kind, (game.choice.seat,), ("choose",))
    if kind == "draw":
        assert game.draw_due is not None
        return Decision(kind, (game.draw_due.seat,), ("draw",))
    if kind == "debt":
        debtors: list[int] = []
        for debt in game.debts:
            if debt.debtor not in debtors:
                debtors.append(debt.debtor)
        return Decision(kind, tuple(debtors), DEBT_OPTIONS)
    if kind == "buy":
        assert game.offer is not None
        return Decision(kind, (game.offer.seat,), ("buy", "decline"))
    if kind == "trade":
        assert game.trade is not None
        return Decision(kind, (game.trade.partner,), ("accept", "reject"))
    seat = game.current
    if kind == "end_turn":
        return Decision(kind, (seat,), ("end_turn",))
    if kind == "jail":
        options = ("pay_jail_fine", "use_jail_card", "roll") if game.jail_cards[seat] else (
            "pay_jail_fine", "roll")
        return Decision(kind, (seat,), options)
    if kind == "roll":
        return Decision(kind, (seat,), ("roll",))
    return None


def describe(game: Game, decision: Decision) -> Sentence:
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
        return Text("now.debt", names[debt.debtor], debt.amount, game.account_text(debt.creditor),
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
