"""A whole game as plain JSON data and back, so storage can resume without replaying from the start.

Everything the rules read is here, including what the printed state leaves out (deck order, debts
in order, the turn's doubles). `restore(snapshot(game))` plays on exactly as `game` would.
"""

from __future__ import annotations

from collections import deque
from typing import Any

from .edition import Card, load_edition
from .game import Game
from .house_rules import HouseRules
from .state import Account, Auction, Choice, Debt, Offer, Player, RentClaim, Side, Trade

FORMAT = 1


def _account(account: Account) -> Any:
    return account.index if isinstance(account, Player) else account


def _card(card: Card) -> list[Any]:
    return [card.deck, card.number]


def _side(side: Side) -> list[Any]:
    return [side.cash, list(side.squares), side.jail_cards]


def _index(player: Player | None) -> int | None:
    return None if player is None else player.index


def snapshot(game: Game) -> dict[str, Any]:
    return {
        "format": FORMAT,
        "edition": game.edition.id,
        "players": [p.name for p in game.players],
        "seed": game.seed,
        "rules": game.rules.changed(),
        "tags": dict(game.tags),
        "people": [
            [p.cash, p.position, p.in_jail, p.jail_turns, [_card(c) for c in p.jail_cards],
             p.bankrupt, p.skip_turn]
            for p in game.players
        ],
        "deeds": {
            str(i): [_index(d.owner), d.houses, d.hotel, d.mortgaged]
            for i, d in enumerate(game.deeds) if d is not None
        },
        "bank": [game.bank_houses, game.bank_hotels, game.pot, game.bank_paid, game.bank_received],
        "decks": {name: [c.number for c in deck] for name, deck in game.decks.items()},
        "turn": [game.current, game.may_roll, game.rolled, game.doubles,
                 list(game.last_roll) if game.last_roll else None,
                 sorted(game.built_this_turn.items())],
        "offer": [game.offer.player.index, game.offer.square] if game.offer else None,
        "auctions": [
            [[p.index for p in a.bidders], a.square, a.building, a.high_bid, _index(a.high_bidder),
             a.build_on]
            for a in game.auctions
        ],
        "choice": (
            [game.choice.player.index, list(game.choice.options), game.choice.amount,
             game.choice.percent_amount] if game.choice else None
        ),
        "draw_due": [game.draw_due[0].index, game.draw_due[1]] if game.draw_due else None,
        "debts": [[d.debtor.index, _account(d.creditor), d.amount, d.reason] for d in game.debts],
        "trade": (
            [game.trade.proposer.index, game.trade.partner.index, _side(game.trade.give),
             _side(game.trade.take), list(game.trade.proposer_lifts)] if game.trade else None
        ),
        "claim": (
            [game.claim.owner.index, game.claim.payer.index, game.claim.square, game.claim.amount]
            if game.claim else None
        ),
        "end": [game.over, _index(game.winner),
                [p.index for p in game.ranking] if game.ranking is not None else None],
    }


def restore(data: dict[str, Any]) -> Game:
    """The game a snapshot describes (a KeyError or ValueError means the snapshot is damaged)."""
    if data.get("format") != FORMAT:
        raise ValueError(f"unknown snapshot format {data.get('format')!r}")
    edition = load_edition(data["edition"])
    game = Game(data["players"], seed=data["seed"], rules=HouseRules.from_dict(data["rules"]),
                edition=edition, tags=data["tags"])
    players = game.players
    cards = {(c.deck, c.number): c for deck in edition.decks.values() for c in deck}

    def account(value: Any) -> Account:
        return players[value] if isinstance(value, int) else str(value)

    def player(value: int | None) -> Player | None:
        return None if value is None else players[value]

    for p, (cash, position, in_jail, jail_turns, held, bankrupt, skip) in zip(
        players, data["people"], strict=True
    ):
        p.cash, p.position, p.in_jail, p.jail_turns = cash, position, in_jail, jail_turns
        p.jail_cards = [cards[(deck, number)] for deck, number in held]
        p.bankrupt, p.skip_turn = bankrupt, skip
    for key, (owner, houses, hotel, mortgaged) in data["deeds"].items():
        index = int(key)
        game.set_owner(index, player(owner))
        deed = game.deeds[index]
        assert deed is not None
        deed.houses, deed.hotel, deed.mortgaged = houses, hotel, mortgaged
    (game.bank_houses, game.bank_hotels, game.pot, game.bank_paid,
     game.bank_received) = data["bank"]
    game.decks = {name: deque(cards[(name, n)] for n in order) for name, order in data["decks"].items()}
    current, may_roll, rolled, doubles, last_roll, built = data["turn"]
    game.current, game.may_roll, game.rolled, game.doubles = current, may_roll, rolled, doubles
    game.last_roll = (last_roll[0], last_roll[1]) if last_roll else None
    game.built_this_turn = {int(k): v for k, v in built}
    if data["offer"]:
        game.offer = Offer(players[data["offer"][0]], data["offer"][1])
    game.auctions = [
        Auction(bidders=[players[i] for i in bidders], square=square, building=building,
                high_bid=high_bid, high_bidder=player(high_bidder), build_on=build_on)
        for bidders, square, building, high_bid, high_bidder, build_on in data["auctions"]
    ]
    if data["choice"]:
        who, options, amount, percent_amount = data["choice"]
        game.choice = Choice(players[who], tuple(options), amount, percent_amount)
    if data.get("draw_due"):
        game.draw_due = (players[data["draw_due"][0]], data["draw_due"][1])
    game.debts = [
        Debt(players[debtor], account(creditor), amount, reason)
        for debtor, creditor, amount, reason in data["debts"]
    ]
    if data["trade"]:
        proposer, partner, give, take, lifts = data["trade"]
        game.trade = Trade(players[proposer], players[partner],
                           Side(give[0], tuple(give[1]), give[2]),
                           Side(take[0], tuple(take[1]), take[2]), tuple(lifts))
    if data["claim"]:
        owner, payer, square, amount = data["claim"]
        game.claim = RentClaim(players[owner], players[payer], square, amount)
    over, winner, ranking = data["end"]
    game.over, game.winner = over, player(winner)
    game.ranking = [players[i] for i in ranking] if ranking is not None else None
    return game
