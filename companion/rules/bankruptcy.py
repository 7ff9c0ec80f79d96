"""Going bankrupt, to a player or to the bank, and ending the game (RULES.md 8)."""

from __future__ import annotations

from typing import Any

from .buildings import return_buildings
from .core import BaseGame
from .deals import receive_deeds
from .errors import Rejected
from .market import open_auction
from .state import BANK, NOBODY, Auction, Debt
from .texts import Sentence, Text
from .turn import free_moment


def why_not_bankrupt(game: BaseGame, seat: int) -> Sentence | None:
    if game.first_debt(seat) is None:
        return Text("bankrupt.no_debt", game.names[seat])
    return free_moment(game, seat, "doing.bankrupt")


def bankrupt(game: BaseGame, cmd: dict[str, Any]) -> None:
    seat = game.seat(cmd["player"])
    why = why_not_bankrupt(game, seat)
    if why is not None:
        raise Rejected(why)
    give_up(game, seat)


def give_up(game: BaseGame, seat: int) -> None:
    """The seat leaves the game: to the creditor of its first debt, else to the bank (a player's
    bankruptcy; the banker's end of a computer's seat, rules/seats.py)."""
    debt = game.first_debt(seat)
    creditor = debt.creditor if debt is not None and isinstance(debt.creditor, int) else None
    # Whatever was owed to the bankrupt is now owed to whoever takes the estate (a debt the
    # heir owed the bankrupt is owed to nobody now).
    heir = creditor if creditor is not None else BANK
    game.debts = tuple(
        Debt(d.debtor, heir, d.amount, d.reason) if d.creditor == seat else d
        for d in game.debts if d.debtor != seat and not (d.creditor == seat and d.debtor == heir)
    )
    estate = game.owned(seat)
    name = game.names[seat]
    game.tell("bankrupt.goes", name, game.names[creditor] if creditor is not None else Text("the_bank"))
    _tell_estate(game, seat, creditor, estate)
    if creditor is not None:
        for index in estate:
            level = game.level[index]
            if level:
                square = game.squares[index]
                why = Text("why.estate_buildings", name, square)
                game.pay(BANK, seat, level * game.sellback(square), why)
                return_buildings(game, index)
        game.pay(seat, creditor, game.cash[seat], Text("why.bankruptcy", name))
        game.jail_cards[creditor] = (*game.jail_cards[creditor], *game.jail_cards[seat])
        game.jail_cards[seat] = ()
        receive_deeds(game, creditor, estate)
    else:
        game.pay(seat, BANK, game.cash[seat], Text("why.bankruptcy", name))
        for deck, number in game.jail_cards[seat]:
            game.set_deck(deck, (*game.deck(deck), number))
        game.jail_cards[seat] = ()
        for index in estate:
            return_buildings(game, index)
            game.set_owner(index, NOBODY)
            game.mortgaged[index] = False
    game.bankrupt[seat] = True
    _forget(game, seat)
    game.check_winner()
    if game.over:
        return
    if creditor is None:
        for index in estate:
            open_auction(game, tuple(game.active), index)
    if game.current == seat:
        game.pass_turn()


def _tell_estate(game: BaseGame, seat: int, creditor: int | None, estate: tuple[int, ...]) -> None:
    """What passes, said before it moves: to a player, the deeds (the mortgaged ones apart: the
    10 % on them is due at once) and the jail cards; to the bank, the deeds (unmortgaged, to be
    auctioned) and the jail cards, back to their decks."""
    name, cards = game.names[seat], len(game.jail_cards[seat])
    if creditor is None:
        if estate:
            game.tell("bankrupt.deeds_to_bank", name, tuple(game.squares[i] for i in estate))
        if cards:
            game.tell("bankrupt.cards_to_decks", cards, name)
        return
    heir = game.names[creditor]
    kept = tuple(game.squares[i] for i in estate if not game.mortgaged[i])
    mortgaged = tuple(game.squares[i] for i in estate if game.mortgaged[i])
    if kept:
        game.tell("bankrupt.deeds", heir, name, kept)
    if mortgaged:
        game.tell("bankrupt.mortgaged_deeds", heir, name, mortgaged)
    if cards:
        game.tell("bankrupt.cards", cards, heir, name)


def _forget(game: BaseGame, seat: int) -> None:
    """Drop every pending decision the bankrupt player was part of."""
    if game.offer is not None and game.offer.seat == seat:
        game.offer = None
    if game.trade is not None and seat in (game.trade.proposer, game.trade.partner):
        game.trade = None
    if game.claim is not None and seat in (game.claim.owner, game.claim.payer):
        game.claim = None
    if game.choice is not None and game.choice.seat == seat:
        game.choice = None
    if game.draw_due is not None and game.draw_due.seat == seat:
        game.draw_due = None
    if game.roll_due is not None and game.roll_due.seat == seat:
        game.roll_due = None
    game.auctions = tuple(
        Auction(tuple(s for s in a.bidders if s != seat), a.square, a.building, a.high_bid,
                a.high_bidder, a.build_on) if seat in a.bidders else a
        for a in game.auctions
    )
    game.skip_turn[seat] = False


def why_not_end_game(game: BaseGame) -> Sentence | None:
    """RULES.md 8: not while an auction runs or a card choice (or a card to draw) waits."""
    if game.auctions:
        return Text("end_game.auction")
    if game.choice is not None:
        return Text("end_game.choice", game.names[game.choice.seat])
    if game.draw_due is not None:
        return Text("end_game.draw", game.names[game.draw_due.seat])
    if game.roll_due is not None:
        return Text("end_game.utility_roll", game.names[game.roll_due.seat])
    return None


def end_game(game: BaseGame, cmd: dict[str, Any]) -> None:
    """Banker: end now; the ranking is by net worth."""
    why = why_not_end_game(game)
    if why is not None:
        raise Rejected(why)
    game.finish()
