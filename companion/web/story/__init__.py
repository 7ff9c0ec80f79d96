"""The game told in words, in every language the table speaks: each money movement as a sentence
with its amount in the game's money ("Bob pays Ann" the amount "rent for" a lot), each event the
engine tells, and each entry of the log, for the Table page's feed, the History page and the banker's log.

The ledger keeps a movement's reason in English only; the words come from replaying the stored
game (`Chronicle`), where every `Transfer` still carries its `why` as an engine sentence. The
"story-" messages of companion/i18n/<lang>.ftl word a movement as a whole ("story-money-why-rent":
{ $from }, { $to }, { MONEY($amount) } and the reason's own variables by their names); events are
the engine's own wording. Amounts are written in the game's edition's money (`money`, passed with
the game's `people`; the default edition's when None).
"""

from __future__ import annotations

from typing import Any

from ... import i18n
from ...i18n import persons
from ...i18n.money import Currency
from ...i18n.persons import People
from ...rules import Game, Outcome, Sentence, Text, Transfer
from ...rules.texts import LANGUAGES, name_in

ACCOUNTS = ("bank", "pot")
TIMER = "table"  # the source of the passes the auction clock makes (companion/table/auction_clock.py)
COMPUTER = "computer"  # the source of a computer seat's moves (companion/table/computer.py)

# Events the feed leaves out: a money line says the same with its amount (a purchase, a building, a
# mortgage, a fine paid), or the decision on every screen already says it (a deed on offer).
SAID_BY_MONEY = frozenset({
    "buy.may", "buy.buys", "auction.wins", "build.house", "build.hotel", "sell.sells_house",
    "sell.sells_hotel", "sell.sells_group", "mortgage.mortgages", "lift.lifts", "jail.pays_fine",
    "correct.moved",
})

Words = dict[str, str]


def story_id(key: str) -> str:
    """The Fluent id of a story key: "money.why.rent" is "story-money-why-rent"."""
    return "story-" + key.replace(".", "-")


def template(key: str, lang: str, **values: Any) -> str:
    """The story's message `key` in this language with its named values."""
    return i18n.say(lang, story_id(key), values)


def money_text(amount: int, lang: str, money: Currency | None = None) -> str:
    """An amount in the game's money as this language writes it (1,500 in English, 1 500 in
    Russian with a no-break space, as the screens write it)."""
    return i18n.money(amount, lang, money)


def account(name: str, lang: str) -> str:
    """A player's name, or the bank / the pot as a sentence names them."""
    if name == "bank":
        return i18n.say(lang, "rules-the_bank")
    if name == "pot":
        return i18n.say(lang, "rules-the_pot")
    return name


def account_forms(var: str, name: str, lang: str, people: People | None) -> dict[str, Any]:
    """An account as a sentence's variables: a player's name with its cases and gender, or the bank
    or the pot with theirs (their messages' attributes), so «Анна платит банку» reads as Russian."""
    if name in ("bank", "pot"):
        message = "rules-the_bank" if name == "bank" else "rules-the_pot"
        return persons.square(var, account(name, lang), {lang: i18n.cases(lang, message)}, lang)
    return persons.person(var, name, lang, people)


def _cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def both(word: Any) -> Words:
    """One sentence in every language, from a function of the language."""
    return {lang: word(lang) for lang in LANGUAGES}


def money_words(transfer: Transfer, lang: str, people: People | None = None,
                money: Currency | None = None) -> str:
    """One money movement as a whole sentence in this language (`people`: the game's forms of
    its players, which Russian sentences agree with; `money`: the game's edition's)."""
    why = transfer.why
    source, target = transfer.source, transfer.target
    named: dict[str, Any] = {**account_forms("from", source, lang, people),
                             **account_forms("to", target, lang, people), "amount": transfer.amount}
    if source in ACCOUNTS and target in ACCOUNTS:
        direction = "bank"
    elif source in ACCOUNTS:
        direction = "in"
    elif target in ACCOUNTS:
        direction = "out"
    else:
        direction = "between"
    if isinstance(why, Sentence):
        values = why.named(lang, people, money)
        for key in (f"money.{why.key}.{direction}", f"money.{why.key}"):
            if i18n.has(story_id(key)):
                return _cap(i18n.say(lang, story_id(key), {**values, **named}, money=money))
        reason = why.words(lang, people, money)
    elif why == "starting cash":  # the ledger's issuance at a new game (not the engine's)
        return _cap(i18n.say(lang, "story-money-starting", named, money=money))
    else:
        reason = str(why)
    return _cap(i18n.say(lang, f"story-money-{direction}", {"why": reason, **named}, money=money))


def event_words(event: Sentence, lang: str, key: str = "", people: People | None = None,
                money: Currency | None = None) -> str:
    """An engine event in its own words, or in the story's own `key` where the story tells it
    otherwise (the timer's pass)."""
    if key and key != event.key and i18n.has(story_id(key)):
        return i18n.say(lang, story_id(key), event.named(lang, people, money), money=money)
    return event.words(lang, people, money)


def story_key(event: Sentence, source: str, banker_dice: bool) -> str:
    """The story's key for an event: the engine's own, but where the story tells it as someone
    else's doing: a pass the auction clock made (source "table") is the timer's ("The time ran
    out: Cat did not bid"), and dice the banker chose are the banker's correction ("The banker
    sets Ann's dice: 1 and 3"), not Ann's roll."""
    if event.key == "auction.passes" and source == TIMER:
        return "timer.passes"
    if event.key == "roll.rolls" and banker_dice:
        return "roll.banker_sets"
    return event.key


def story_items(seq: int, outcome: Outcome, source: str = "",
                people: People | None = None, banker_dice: bool = False,
                money: Currency | None = None) -> list[dict[str, Any]]:
    """What one command adds to the story: its events and money movements in the engine's order
    (never re-sorted here), each event as story_key tells it (banker_dice: the command is a roll
    whose dice the banker chose). A computer seat's command (source "computer") marks its items
    `"computer": true`, so a page can say the table made that move, not a person (the next turn's
    heading is nobody's move: it stays unmarked)."""
    items: list[dict[str, Any]] = []
    for said in outcome.story:
        if isinstance(said, Transfer):
            items.append(money_item(seq, said, people, money))
            continue
        if said.key in SAID_BY_MONEY:
            continue
        key = story_key(said, source, banker_dice)
        item = {"seq": seq, "kind": "turn" if key == "turn.next" else "event", "key": key,
                "text": both(lambda lang, e=said, k=key: event_words(e, lang, k, people, money))}
        items.append(item | about(said))
    if source == COMPUTER:
        items = [item if item["kind"] == "turn" else {**item, "computer": True} for item in items]
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


def money_item(seq: int, transfer: Transfer, people: People | None = None,
               money: Currency | None = None) -> dict[str, Any]:
    why = transfer.why
    return {"seq": seq, "kind": "money", "key": why.key if isinstance(why, Sentence) else "",
            "from": transfer.source, "to": transfer.target, "amount": transfer.amount,
            "text": both(lambda lang: money_words(transfer, lang, people, money))}


def new_game_item(seq: int, players: list[str], cash: int, money: Currency | None = None) -> dict[str, Any]:
    def word(lang: str) -> str:
        return i18n.say(lang, "story-story-new_game", {"players": ", ".join(players), "amount": cash},
                        money=money)
    return {"seq": seq, "kind": "event", "key": "story.new_game", "text": both(word)}


def first_turn_item(seq: int, game: Game) -> dict[str, Any]:
    """The first turn's heading ("Ann's turn"): the engine says "turn.next" only as a turn passes,
    so without it the story's headings would begin at the second turn."""
    said = Text("turn.next", game.names[game.current])
    return {"seq": seq, "kind": "turn", "key": said.key,
            "text": both(lambda lang: said.words(lang, game.forms, game.edition.money))} | about(said)


def undone_words(words: Words) -> Words:
    return {lang: i18n.say(lang, "story-money-undone", {"line": text}) for lang, text in words.items()}
