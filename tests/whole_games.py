"""Whole games that say everything a table can see (issue 23's done-when): bots at every seat, each
with its own way out of jail, under house rules that add what the plain rules never say (the
Free Parking pot, Interpol, rent to be claimed, the income-tax choice, cards drawn at the table),
and every card of both decks drawn at least once: with `physical_decks`, the bot that draws takes
the card its deck has shown least so far, where a shuffled pile would leave some unseen.

The games are made here, in the pure engine, as table scripts (the bots decide exactly as they do
in `companion simulate`); the tests play them through the daemon's API, as the banker's screen
would send them, and read what the pages show. `KINDS` is what the games must have said between
them, by story key, and `covered` is what one game did say.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from companion.bots import BotPolicy, Bots
from companion.bots.seats import Seats
from companion.bots.smart import SmartBots
from companion.i18n.grammar import forms_for
from companion.rules import Game, HouseRules, new_game
from companion.web.story import story_items

# The event kinds a whole game must show between its sentences (story keys), beyond the cards.
KINDS = frozenset({
    "turn.next", "roll.rolls", "why.salary", "why.bought", "buy.declines", "why.rent", "why.tax",
    "auction.opens", "auction.bids", "auction.passes", "why.won_auction",
    "trade.proposes", "trade.accepts", "trade.rejects", "trade.deeds", "why.trade",
    "why.house", "why.hotel", "why.sold_house", "why.mortgaged", "why.lifted", "why.interest",
    "debt.owes", "bankrupt.goes", "why.bankruptcy", "over.wins",
    "jail.goes", "roll.third_doubles", "jail.stays", "why.jail_fine", "jail.uses_card",
    "jail.rolls_doubles", "jail.third_fail",
    "card.draw_at_table", "card.draws", "why.card", "why.fine_not_chance",
    "rent.may_claim", "why.pot", "why.income_tax_percent",  # the house rules' own lines
})
# What a US game (companion/rules/editions/us.json) says that London's does not: its decks' own
# kinds (RULES.md 3a), the nearest utility's extra roll among them; and what it cannot say, having
# no pay-a-fine-or-draw-Chance card.
US_KINDS = (KINDS - {"why.fine_not_chance"}) | {"card.utility_roll"}
# Interpol (a house rule that replaces the third-doubles jail) is a game of its own.
INTERPOL_KINDS = frozenset({"roll.interpol", "turn.interpol_skip"})

RUSSIAN = ("Аня", "Борис", "Вика", "Глеб", "Даша")
FOUR = ("Аня", "Борис", "Глеб", "Даша")
ENGLISH = ("Ann", "Bob", "Cat", "Dan", "Eve")
RULES = {"physical_decks": True, "free_parking_pot": True, "auto_collect_rent": False,
         "income_tax_percent": 10, "shuffle": False}


@dataclass
class Covering(Bots):
    """The bots of a table, except that a card drawn at the table is the one its deck has shown
    least so far (the lowest number among those), so a game draws every card."""

    inner: Bots = field(default_factory=Bots)
    drawn: Counter[tuple[str, int]] = field(default_factory=Counter)

    def next_command(self, game: Game) -> dict[str, Any]:
        command = self.inner.next_command(game)
        if command["do"] == "draw":
            deck = command["deck"]
            card = min(game.deck(deck), key=lambda n: (self.drawn[deck, n], n))
            self.drawn[deck, card] += 1
            command = {"do": "draw", "deck": deck, "card": card}
        return command


def table_bots() -> Covering:
    """Five seats, each leaving jail its own way: two pay (or use a card), two stay and roll for
    doubles (failing three times pays), one is the smart bot (trades, builds, bids to its value)."""
    pay, stay = BotPolicy(jail_strategy="pay"), BotPolicy(jail_strategy="stay")
    seated: list[Bots] = [Bots(pay), Bots(stay), SmartBots(), Bots(stay), Bots(pay)]
    return Covering(inner=Seats(seated=seated))


def game_script(names: tuple[str, ...], seed: int, rules: dict[str, Any] | None = None,
                turn_cap: int = 400, edition: str = "london") -> list[dict[str, Any]]:
    """A whole game as a table script: its new_game (with the players' forms, as the Banker
    page's form keeps them, and the edition's board when it is not London's) and every command,
    dice included, to the last player standing or the cap (then the banker ends it: `end_game`)."""
    start: dict[str, Any] = {"do": "new_game", "players": list(names), "seed": seed,
                             "rules": HouseRules.from_dict(rules if rules is not None else RULES).changed(),
                             "forms": forms_for(list(names))}
    if edition != "london":
        start["edition"] = edition
    game = new_game(start)
    bots, dice = table_bots(), random.Random(seed)
    lines: list[dict[str, Any]] = [start]
    while not game.over:
        if game.turn >= turn_cap and game.next_kind() in ("roll", "end_turn", "jail"):
            command: dict[str, Any] = {"do": "end_game"}
        else:
            command = bots.next_command(game)
            if command["do"] == "roll":
                command["dice"] = [dice.randint(1, 6), dice.randint(1, 6)]
        game.apply(command, guarded=False)
        lines.append(command)
    return lines


def covered(lines: list[dict[str, Any]]) -> tuple[set[str], set[tuple[str, int]]]:
    """The story keys a game said, and the cards it drew (deck, number)."""
    game = new_game(lines[0])
    keys: set[str] = set()
    cards: set[tuple[str, int]] = set()
    for seq, line in enumerate(lines[1:], start=1):
        outcome = game.apply(line, guarded=False)
        keys |= {item["key"] for item in story_items(seq, outcome, "", game.forms)}
        if line["do"] == "draw":
            cards.add((line["deck"], line["card"]))
    return keys, cards


def every_card(game: Game) -> set[tuple[str, int]]:
    return {(deck, n) for deck, cards in game.edition.decks.items() for n in range(1, len(cards) + 1)}
