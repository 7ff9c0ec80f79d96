"""The game told in words, in every language the table speaks: each money movement as a sentence
with £ ("Bob pays Ann £8 rent for Whitechapel Road"), each event the engine tells, and each entry
of the log, for the Table page's feed, the History page and the banker's log.

The ledger keeps a movement's reason in English only; the words come from replaying the stored
game (`Chronicle`), where every `Transfer` still carries its `why` as a catalog sentence. The
templates here (`en.json`, `ru.json`) word a movement as a whole (and the timer's passes as the
timer's); every event, and each log entry's sentence (the banker's undo list), is the engine's own
wording, which writes every amount with its £.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

from ...rules import Outcome, Sentence, Transfer
from ...rules.texts import LANGUAGES, catalog, name_in

HERE = Path(__file__).parent
ACCOUNTS = ("bank", "pot")
TIMER = "table"  # the source of the passes the auction clock makes (companion/table/auction_clock.py)

# Events the feed leaves out: a money line says the same with its £ (a purchase, a building, a
# mortgage, a fine paid), or the decision on every screen already says it (a deed on offer).
SAID_BY_MONEY = frozenset({
    "buy.may", "buy.buys", "auction.wins", "build.house", "build.hotel", "sell.sells_house",
    "sell.sells_hotel", "sell.sells_group", "mortgage.mortgages", "lift.lifts", "jail.pays_fine",
    "correct.moved",
})

Words = dict[str, str]


@cache
def templates(lang: str) -> dict[str, str]:
    with open(HERE / f"{lang if lang in LANGUAGES else 'en'}.json", encoding="utf-8") as f:
        loaded: dict[str, str] = json.load(f)
    return loaded


def template(key: str, lang: str) -> str | None:
    return templates(lang).get(key) or templates("en").get(key)


def sentence(key: str, lang: str) -> str:
    """A template every catalog must have (KeyError naming it if not)."""
    text = template(key, lang)
    if text is None:
        raise KeyError(f"no story template {key!r}")
    return text


def pounds(amount: int, lang: str) -> str:
    """£1,500 in English, £1 500 in Russian (a no-break space, as the screens write it)."""
    text = f"{amount:,}"
    return "£" + (text.replace(",", "\u00a0") if lang == "ru" else text)


def account(name: str, lang: str) -> str:
    """A player's name, or the bank / the pot as a sentence names them."""
    if name == "bank":
        return catalog(lang)["the_bank"]
    if name == "pot":
        return catalog(lang)["the_pot"]
    return name


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def both(word: Any) -> Words:
    """One sentence in every language, from a function of the language."""
    return {lang: word(lang) for lang in LANGUAGES}


def money_words(transfer: Transfer, lang: str) -> str:
    """One money movement as a whole sentence in this language."""
    why = transfer.why
    source, target = transfer.source, transfer.target
    named = {"from": account(source, lang), "to": account(target, lang),
             "amount": pounds(transfer.amount, lang)}
    if source in ACCOUNTS and target in ACCOUNTS:
        direction = "bank"
    elif source in ACCOUNTS:
        direction = "in"
    elif target in ACCOUNTS:
        direction = "out"
    else:
        direction = "between"
    if isinstance(why, Sentence):
        values = [name_in(v, lang) for v in why.values]
        for key in (f"money.{why.key}.{direction}", f"money.{why.key}"):
            text = template(key, lang)
            if text is not None:
                return _cap(text.format(*values, **named))
        reason = why.words(lang)
    elif why == "starting cash":  # the ledger's issuance at a new game (not the engine's)
        return _cap(template("money.starting", lang).format(**named))  # type: ignore[union-attr]
    else:
        reason = str(why)
    return _cap(template(f"money.{direction}", lang).format(why=reason, **named))  # type: ignore[union-attr]


def event_words(event: Sentence, lang: str, key: str = "") -> str:
    """An engine event in the engine's words (or the story's own `key` where the story tells it
    otherwise, as the timer's pass; an `event.<key>` template here would word it again)."""
    text = template(key, lang) if key and key != event.key else template(f"event.{event.key}", lang)
    if text is None:
        return event.words(lang)
    return text.format(*(name_in(v, lang) for v in event.values))


def story_items(seq: int, outcome: Outcome, source: str = "") -> list[dict[str, Any]]:
    """What one command adds to the story: its events and money movements in the engine's order
    (never re-sorted here). A pass the auction clock made (source "table") is the timer's, not
    the player's: "The time ran out: Cat did not bid"."""
    items: list[dict[str, Any]] = []
    for said in outcome.story:
        if isinstance(said, Transfer):
            items.append(money_item(seq, said))
            continue
        if said.key in SAID_BY_MONEY:
            continue
        key = "timer.passes" if said.key == "auction.passes" and source == TIMER else said.key
        item = {"seq": seq, "kind": "turn" if key == "turn.next" else "event", "key": key,
                "text": both(lambda lang, e=said, k=key: event_words(e, lang, k))}
        items.append(item | about(said))
    return items


def about(event: Sentence) -> dict[str, Any]:
    """Whom an event is about (its first value, a player's name, for the screens' personal
    banners) and, for a card drawn, the card's own text (the Table page shows it big)."""
    shown: dict[str, Any] = {}
    if event.values and isinstance(event.values[0], str):
        shown["player"] = event.values[0]
    if event.key == "card.draws" and len(event.values) > 2:
        shown["card"] = both(lambda lang: name_in(event.values[2], lang))
        shown["deck"] = both(lambda lang: name_in(event.values[1], lang))
    return shown


def money_item(seq: int, transfer: Transfer) -> dict[str, Any]:
    why = transfer.why
    return {"seq": seq, "kind": "money", "key": why.key if isinstance(why, Sentence) else "",
            "from": transfer.source, "to": transfer.target, "amount": transfer.amount,
            "text": both(lambda lang: money_words(transfer, lang))}


def new_game_item(seq: int, players: list[str], cash: int) -> dict[str, Any]:
    def word(lang: str) -> str:
        return template("story.new_game", lang).format(  # type: ignore[union-attr]
            players=", ".join(players), amount=pounds(cash, lang))
    return {"seq": seq, "kind": "event", "key": "story.new_game", "text": both(word)}


def undone_words(words: Words) -> Words:
    return {lang: template("money.undone", lang).format(text)  # type: ignore[union-attr]
            for lang, text in words.items()}
