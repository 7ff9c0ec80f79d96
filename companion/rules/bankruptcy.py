"""Going bankrupt, to a player or to the bank, and ending the game (RULES.md 8)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .buildings import return_buildings
from .deals import receive_deed
from .errors import Rejected
from .state import BANK, Auction, Player

if TYPE_CHECKING:
    from .game import Game


def bankrupt(game: Game, cmd: dict[str, Any]) -> None:
    player = game.player(cmd["player"])
    debt = game.first_debt(player)
    if debt is None:
        raise Rejected(f"{player.name} owes nothing; only a player in debt can go bankrupt")
    game.check_free_moment(player, "go bankrupt")
    creditor = debt.creditor if isinstance(debt.creditor, Player) else None
    game.debts = [d for d in game.debts if d.debtor is not player]
    # Whatever was owed to the bankrupt is now owed to whoever takes the estate.
    for owed in game.debts:
        if owed.creditor is player:
            owed.creditor = creditor if creditor is not None else BANK
    estate = game.owned_by(player)
    game.tell("{} goes bankrupt to {}", player.name, creditor.name if creditor else "the bank")
    if creditor is not None:
        for square, deed in estate:
            if deed.level:
                game.pay(BANK, player, deed.level * game.sellback(square),
                         f"{player.name}'s buildings on {square.name} sold to the bank")
                return_buildings(game, deed)
        game.pay(player, creditor, player.cash, f"bankruptcy of {player.name}")
        while player.jail_cards:
            creditor.jail_cards.append(player.jail_cards.pop(0))
        for square, _deed in estate:
            receive_deed(game, creditor, square)
    else:
        game.pay(player, BANK, player.cash, f"bankruptcy of {player.name}")
        while player.jail_cards:
            card = player.jail_cards.pop(0)
            game.decks[card.deck].append(card)
        for square, deed in estate:
            return_buildings(game, deed)
            game.set_owner(square.index, None)
            deed.mortgaged = False
    player.bankrupt = True
    _forget(game, player)
    game.check_winner()
    if game.over:
        return
    if creditor is None:
        for square, _deed in estate:
            game.auctions.append(Auction(bidders=game.active_players, square=square.index))
            game.tell("{} goes to auction", square.name)
    if game.current_player is player:
        game.pass_turn()


def _forget(game: Game, player: Player) -> None:
    """Drop every pending decision the bankrupt player was part of."""
    if game.offer is not None and game.offer.player is player:
        game.offer = None
    if game.trade is not None and player in (game.trade.proposer, game.trade.partner):
        game.trade = None
    if game.claim is not None and player in (game.claim.owner, game.claim.payer):
        game.claim = None
    if game.choice is not None and game.choice.player is player:
        game.choice = None
    if game.draw_due is not None and game.draw_due[0] is player:
        game.draw_due = None
    for auction in game.auctions:
        if player in auction.bidders:
            auction.bidders.remove(player)
    player.skip_turn = False


def end_game(game: Game, cmd: dict[str, Any]) -> None:
    """Banker: end now; the ranking is by net worth."""
    game.finish()
