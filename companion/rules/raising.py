"""How a debtor could raise what they owe: the quickest ways, in one sentence for the players.

A player in debt on a shared screen needs to hear, at once, what the rules let them sell or
mortgage now and what each brings. The ways come from the debtor's legal commands and the cash
each lists, so the sentence never offers what the rules would refuse.
"""

from __future__ import annotations

from .buildings import HOTEL
from .game import Game
from .legal import Legal
from .texts import Plural, Sentence, Text

MOST_WAYS = 3  # a sentence read aloud at the table, not a list


def ways_to_raise(game: Game, seat: int) -> list[Legal]:
    """The debtor's commands that bring cash now (selling buildings, one or a group's together,
    mortgaging a deed), most cash first."""
    ways = [e for e in game.legal_commands(seat)
            if e.cash > 0 and e.do in ("sell_building", "sell_all_buildings", "mortgage")]
    return sorted(ways, key=lambda e: -e.cash)


def quickest(game: Game, ways: list[Legal], short: int) -> list[Legal]:
    """The fewest ways that raise `short`: one, if one is enough (the one that gives up least),
    else the biggest first (a group's buildings counted once), at most a few."""
    enough = [w for w in ways if w.cash >= short]
    if enough:
        return [min(enough, key=lambda w: w.cash)]
    whole = {w.command["group"] for w in ways if w.do == "sell_all_buildings"}
    chosen: list[Legal] = []
    raised = 0
    for way in ways:
        if raised >= short or len(chosen) == MOST_WAYS:
            break
        if way.do == "sell_building" and game.edition.by_id[way.command["square"]].group in whole:
            continue
        chosen.append(way)
        raised += way.cash
    return chosen


def _way(game: Game, entry: Legal) -> Sentence:
    if entry.do == "sell_all_buildings":
        group = entry.command["group"]
        lots = game.edition.groups[group]
        hotels = sum(1 for i in lots if game.level[i] == HOTEL)
        houses = sum(game.level[i] for i in lots if game.level[i] < HOTEL)
        things = tuple(p for p in (Plural(houses, "house"), Plural(hotels, "hotel")) if p.n)
        return Text("raise.sell_group", things, game.edition.group_info[group]["name"], entry.cash)
    square = game.edition.by_id[entry.command["square"]]
    return Text(f"raise.{entry.do}", square, entry.cash)


def debt_advice(game: Game) -> Sentence | None:
    """For the first debt: who owes how much to whom and the quickest ways to raise it."""
    if not game.debts:
        return None
    debt = game.debts[0]
    seat = debt.debtor
    owed = game.owes(seat)
    short = owed - game.cash[seat]
    ways = quickest(game, ways_to_raise(game, seat), short)
    creditor = game.account_text(debt.creditor)
    name = game.names[seat]
    if not ways:
        return Text("raise.nothing", name, owed, creditor, short)
    enough = sum(w.cash for w in ways) >= short
    return Text("raise.ways" if enough else "raise.ways_short", name, owed, creditor, short,
                tuple(_way(game, w) for w in ways))
