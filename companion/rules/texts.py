"""Sentences for players in every language the table speaks, worded only when someone reads them.

The engine says things (a refusal, what happened, what must be decided) as a `Text`: a key of the
catalog in `texts/<lang>.json` and the values to put in it. Values that have a name in each
language (a square, a card, a colour group, a deck) are kept as such and named in the reader's
language; amounts are whole pounds. Simulated games make millions of texts and read none, so
wording waits until `words` is called.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

LANGUAGES = ("en", "ru")
CATALOGS = Path(__file__).parent / "texts"


@cache
def catalog(lang: str) -> dict[str, str]:
    """Every template of one language (English for a language the table does not speak)."""
    if lang not in LANGUAGES:
        lang = "en"
    with open(CATALOGS / f"{lang}.json", encoding="utf-8") as f:
        templates: dict[str, str] = json.load(f)
    return templates


def plural_form(n: int, lang: str) -> str:
    """Which form of a noun goes with n: "one", "few" (Russian 2-4) or "many"."""
    if lang == "ru":
        if n % 10 == 1 and n % 100 != 11:
            return "one"
        if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14:
            return "few"
        return "many"
    return "one" if n == 1 else "many"


class Plural:
    """A number with its noun, in the form the number asks for ("1 house", "3 houses", "3 дома")."""

    __slots__ = ("n", "noun")

    def __init__(self, n: int, noun: str) -> None:
        self.n = n
        self.noun = noun

    def words(self, lang: str) -> str:
        key = f"{self.noun}.{plural_form(self.n, lang)}"
        return f"{self.n} {catalog(lang).get(key) or catalog('en')[key]}"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Plural) and (other.n, other.noun) == (self.n, self.noun)

    def __hash__(self) -> int:
        return hash((self.n, self.noun))

    def __repr__(self) -> str:
        return f"Plural({self.n}, {self.noun!r})"


def name_in(value: Any, lang: str) -> str:
    """A value as a reader of this language sees it."""
    if isinstance(value, Sentence | Plural):
        return value.words(lang)
    if isinstance(value, tuple):
        return ", ".join(name_in(v, lang) for v in value)
    names = getattr(value, "names", None)  # a square, a card (its text) or an edition's named thing
    if isinstance(names, dict):
        return str(names.get(lang) or names["en"])
    if isinstance(value, dict):
        return str(value.get(lang) or value.get("en", ""))
    return str(value)


class Sentence:
    """A catalog key and its values: `words(lang)` gives the sentence, `str()` the English one."""

    __slots__ = ("key", "values")

    def __init__(self, key: str, values: tuple[Any, ...] = ()) -> None:
        self.key = key
        self.values = values

    def words(self, lang: str = "en") -> str:
        templates = catalog(lang)
        template = templates.get(self.key) or catalog("en")[self.key]
        return template.format(*(name_in(v, lang) for v in self.values))

    def __str__(self) -> str:
        return self.words("en")

    def __repr__(self) -> str:
        return f"Text({', '.join(map(repr, (self.key, *self.values)))})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Sentence) and other.key == self.key and other.values == self.values

    def __hash__(self) -> int:
        return hash((self.key, self.values))

    def both(self) -> dict[str, str]:
        """The sentence in every language (what the API sends, so each screen picks its own)."""
        return {lang: self.words(lang) for lang in LANGUAGES}


def Text(key: str, *values: Any) -> Sentence:  # noqa: N802 - reads as the sentence it makes
    """A sentence: Text("buy.buys", "Ann", square) is "Ann buys Mayfair" to an English reader.

    (A function, not the class: a compiled class called with *values takes a slow generic path,
    and the engine makes a sentence for every payment it records.)
    """
    return Sentence(key, values)
