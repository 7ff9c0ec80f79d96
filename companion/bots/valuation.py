"""What holdings are worth in cash to the smart bot (its policy is bots/smart.py): a deed is worth
its price, more as part of a group one could complete, much more in a whole group (about the rent
three houses bring); stations and utilities by how many one holds. A trade gains each side what its
holdings are worth after it, less what they were worth before."""

from __future__ import annotations

from typing import Final

from ..rules import Game
from ..rules.deals import interest, lift_cost
from ..rules.state import Trade

STATION_WORTH: Final[tuple[int, ...]] = (0, 220, 480, 780, 1100)  # what holding 0-4 stations is worth, in all
UTILITY_WORTH: Final[tuple[int, ...]] = (0, 160, 360)
JAIL_CARD: Final = 40


def worth(game: Game, seat: int, owner: list[int], cash: int) -> float:
    """Cash plus what the seat's deeds are worth to it, were `owner` who holds each square."""
    total = float(cash)
    squares, mortgaged, level = game.squares, game.mortgaged, game.level
    for members in game.colour_groups:
        mine = 0
        others = 0
        base = 0.0
        rent3 = 0
        needed = 0  # what three houses on every lot still cost
        for i in members:
            if owner[i] == seat:
                mine += 1
                sq = squares[i]
                base += sq.price - (lift_cost(sq) if mortgaged[i] else 0)
                base += level[i] * sq.house_cost
                rent3 += sq.rents[3]
                needed += max(0, 3 - level[i]) * sq.house_cost
            elif owner[i] >= 0:
                others += 1
        if not mine:
            continue
        if mine == len(members):
            # A group is worth the rent of three houses only to a player who can build them.
            funded = 1.0 if needed <= 0 else min(1.0, max(0.0, cash / needed))
            total += base + 0.8 * rent3 * (0.4 + 0.6 * funded)
        elif others == 0:
            total += base * (1.1 + 0.2 * mine / len(members))
        else:
            total += base * 0.9
    stations = utilities = 0
    for i in game.kin_deeds:  # the stations and utilities, in board order
        if owner[i] != seat:
            continue
        sq = squares[i]
        if sq.kind == "station":
            stations += 1
        else:
            utilities += 1
        if mortgaged[i]:
            total -= lift_cost(sq)
    return total + STATION_WORTH[min(stations, 4)] + UTILITY_WORTH[min(utilities, 2)]


def gains(game: Game, offer: Trade) -> tuple[float, float]:
    """What an offer gains its proposer and its partner, each by their own holdings' worth."""
    proposer, partner = offer.proposer, offer.partner
    after = list(game.owner)
    for i in offer.give.squares:
        after[i] = partner
    for i in offer.take.squares:
        after[i] = proposer
    cash = offer.give.cash - offer.take.cash  # what the proposer pays, net
    cards = offer.take.jail_cards - offer.give.jail_cards
    owner = game.owner
    found: list[float] = []
    for seat, paid, received in ((proposer, cash, offer.take), (partner, -cash, offer.give)):
        before = worth(game, seat, owner, game.cash[seat])
        costs = sum(interest(game.squares[i]) for i in received.squares if game.mortgaged[i])
        now = worth(game, seat, after, game.cash[seat] - paid - costs)
        found.append(now - before + (cards if seat == proposer else -cards) * JAIL_CARD)
    return found[0], found[1]
