"""The game review: the turns that moved the chances most, named in words.

A worker replays the game's script (`Review`) and says, for every turn, who played it and what
happened in it that matters (a trade, a bankruptcy, a hotel, a deed bought or won at auction), in
the engine's own sentences (companion/rules/texts, English and Russian). `moments` then picks the
turns whose chances moved most.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .. import i18n
from ..i18n import persons
from ..i18n.money import Currency
from ..rules import new_game
from ..rules.texts import LANGUAGES, Sentence, name_in

# What makes a turn's headline, most telling first (catalog keys of companion/rules/texts).
# "rent" is the turn's largest rent between players (a payment, not an event: worded by rent_words).
HEADLINES = ("trade.accepts", "bankrupt.goes", "build.hotel", "auction.wins", "buy.buys", "rent",
             "sell.sells_group", "build.house", "sell.sells_hotel", "mortgage.mortgages", "card.draws",
             "jail.goes", "lift.lifts", "over.wins")
BIG_RENT = 100  # a smaller rent makes no headline
PER_TURN = 3  # events kept for each turn
SHOWN = 3  # moments the review names
NOTABLE = 0.01  # a turn that moved nobody's chance by a whole point is no moment ("47 % → 47 %")


@dataclass
class Review:
    """Replay `script`; for each stretch between two of `ends` (script lengths), what happened."""

    script: tuple[str, ...]
    ends: tuple[int, ...]

    def play(self, _items: Sequence[int]) -> list[dict[str, Any]]:
        game = new_game(json.loads(self.script[0]))
        turns: list[dict[str, Any]] = [{"player": game.names[game.current], "events": []}]
        at = 1
        for end in self.ends[1:]:
            player = game.names[game.current]
            seen: dict[str, dict[str, Any]] = {}
            while at < end:
                try:
                    outcome = game.apply(json.loads(self.script[at]), guarded=False)
                except Exception:  # a stored game replays; anything else names nothing
                    at += 1
                    continue
                at += 1
                for event in outcome.events:
                    if event.key in HEADLINES and event.key not in seen:
                        words = {lang: event.words(lang, game.forms, game.edition.money)
                                 for lang in LANGUAGES}
                        seen[event.key] = {"key": event.key, **words}
                for transfer in outcome.transfers:
                    why = transfer.why
                    if isinstance(why, Sentence) and why.key == "why.rent" and transfer.amount >= max(
                            BIG_RENT, seen.get("rent", {}).get("amount", 0) + 1):
                        square = why.values[0]
                        seen["rent"] = {"key": "rent", "payer": transfer.source, "owner": transfer.target,
                                        "amount": transfer.amount,
                                        "square": {lang: name_in(square, lang) for lang in LANGUAGES},
                                        **rent_words(transfer.source, transfer.target, transfer.amount,
                                                     square, game.forms, game.edition.money)}
            events = sorted(seen.values(), key=lambda e: HEADLINES.index(e["key"]))[:PER_TURN]
            turns.append({"player": player, "events": events})
        return turns


def rent_words(payer: str, owner: str, amount: int, square: Any, people: Any,
               money: Currency | None = None) -> dict[str, str]:
    """A rent headline in every language, worded here as the engine's sentences are (the owner
    and the square in the case the language asks for: "платит Боре ренту" the amount "за" the
    square in the accusative), the amount in the game's edition's `money`."""
    cases = getattr(square, "cases", None)
    forms = cases if isinstance(cases, dict) else None

    def words(lang: str) -> str:
        shown = name_in(square, lang)
        return i18n.say(lang, "odds-rent", {
            **persons.person("payer", payer, lang, people), **persons.person("owner", owner, lang, people),
            "amount": amount, **persons.square("square", shown, forms, lang)}, money=money)

    return {lang: words(lang) for lang in LANGUAGES}


def moments(points: Sequence[Any], turns: Sequence[dict[str, Any]],
            shown: int = SHOWN) -> list[dict[str, Any]]:
    """The turns whose chances moved most, biggest first: who played, what happened, how much."""
    found = []
    for i in range(1, min(len(points), len(turns))):
        before, after = points[i - 1].odds["chances"], points[i].odds["chances"]
        names = list(dict.fromkeys([*before, *after]))
        change = {name: [before.get(name, 0.0), after.get(name, 0.0)] for name in names}
        who = max(names, key=lambda n: (abs(change[n][1] - change[n][0]), n))
        swing = abs(change[who][1] - change[who][0])
        found.append({"turn": points[i].turn, "player": turns[i]["player"], "events": turns[i]["events"],
                      "change": change, "who": who, "swing": round(swing, 4)})
    found.sort(key=lambda m: (-m["swing"], m["turn"]))
    return [m for m in found if m["swing"] >= NOTABLE][:shown]
