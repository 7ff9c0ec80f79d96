"""Sentences for players in every language the table speaks, worded only when someone reads them.

The engine says things (a refusal, what happened, what must be decided) as a `Text`: a message key
("buy.buys") and its values. The words are the Fluent message "rules-<key, . as ->" of
companion/i18n/<lang>.ftl, shared with the pages. The values fill the message's named variables
in the order they first appear in its English text ("{ $player } buys { $square }": the player,
then the square): positional values keep the engine's hundreds of call sites short and their
snapshots unchanged, and the other languages use the names in any order, or leave one out.
(tests/test_messages.py checks that every call site gives as many values as its message has.)
Values that have a name in each language (a square, a card, a colour group, a deck) are kept as
such and named in the reader's language; amounts are whole numbers of the edition's money, which
the messages write with MONEY() in the money the reader passes (the game's edition's, as `people`
are the game's players: `words(lang, people, money)`). Simulated games make millions of texts and
read none, so wording waits until `words` is called.
"""

from __future__ import annotations

from typing import Any

from .. import i18n
from ..i18n import persons
from ..i18n.money import Currency
from ..i18n.persons import People

LANGUAGES = i18n.LANGUAGES


def message_id(key: str) -> str:
    """The Fluent id of an engine key: "buy.buys" is "rules-buy-buys"."""
    return "rules-" + key.replace(".", "-")


class Plural:
    """A number with its noun, in the form the number asks for ("1 house", "3 houses", "3 дома")."""

    __slots__ = ("n", "noun")

    def __init__(self, n: int, noun: str) -> None:
        self.n = n
        self.noun = noun

    def words(self, lang: str) -> str:
        return i18n.say(lang, message_id(self.noun), {"count": self.n})

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Plural) and (other.n, other.noun) == (self.n, self.noun)

    def __hash__(self) -> int:
        return hash((self.n, self.noun))

    def __repr__(self) -> str:
        return f"Plural({self.n}, {self.noun!r})"


def name_in(value: Any, lang: str, people: People | None = None, money: Currency | None = None) -> str:
    """A value as a reader of this language sees it (a sentence's amounts in `money`)."""
    if isinstance(value, Sentence):
        return value.words(lang, people, money)
    if isinstance(value, Plural):
        return value.words(lang)
    if isinstance(value, tuple):
        return ", ".join(name_in(v, lang, people, money) for v in value)
    names = getattr(value, "names", None)  # a square, a card (its text) or an edition's named thing
    if isinstance(names, dict):
        return str(names.get(lang) or names["en"])
    if isinstance(value, dict):
        return str(value.get(lang) or value.get("en", ""))
    return str(value)


class Sentence:
    """A message key and its values: `words(lang)` gives the sentence, `str()` the English one."""

    __slots__ = ("key", "values")

    def __init__(self, key: str, values: tuple[Any, ...] = ()) -> None:
        self.key = key
        self.values = values

    def words(self, lang: str = "en", people: People | None = None, money: Currency | None = None) -> str:
        """The sentence in `lang`; `people` are the game's players' forms (gender, cases), which
        a Russian sentence agrees with (without them: gender-free, names kept nominative);
        `money`, the game's edition's, which its amounts are written in (the default edition's
        when None)."""
        return i18n.say(lang, message_id(self.key), self.named(lang, people, money), money=money)

    def named(self, lang: str, people: People | None = None, money: Currency | None = None) -> dict[str, Any]:
        """The values by the names of the message's variables, each named in this language
        (numbers stay numbers, so plurals and MONEY can read them), a player or a square with
        its forms besides ({ $player_gen }, { $player_gender }: companion/i18n/persons.py)."""
        names = i18n.variables(message_id(self.key))
        out: dict[str, Any] = {}
        for name, value in zip(names, self.values, strict=False):
            if isinstance(value, int):
                out[name] = value
            elif isinstance(value, str) and (people is None or value in people):  # a player
                out.update(persons.person(name, value, lang, people))
            else:
                cases = getattr(value, "cases", None)
                if isinstance(value, Sentence) and not value.values:  # the bank, the pot: as a name
                    cases = {lang: i18n.cases(lang, message_id(value.key))}  # its message's cases
                out.update(persons.square(name, name_in(value, lang, people, money),
                                          cases if isinstance(cases, dict) else None, lang))
        return out

    def __str__(self) -> str:
        return self.words("en")

    def __repr__(self) -> str:
        return f"Text({', '.join(map(repr, (self.key, *self.values)))})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Sentence) and other.key == self.key and other.values == self.values

    def __hash__(self) -> int:
        return hash((self.key, self.values))

    def both(self, people: People | None = None, money: Currency | None = None) -> dict[str, str]:
        """The sentence in every language (what the API sends, so each screen picks its own)."""
        return {lang: self.words(lang, people, money) for lang in LANGUAGES}


def Text(key: str, *values: Any) -> Sentence:  # noqa: N802 - reads as the sentence it makes
    """A sentence: Text("buy.buys", "Ann", square) is "Ann buys" and the square's English
    name to an English reader.

    (A function, not the class: a compiled class called with *values takes a slow generic path,
    and the engine makes a sentence for every payment it records.)
    """
    return Sentence(key, values)
