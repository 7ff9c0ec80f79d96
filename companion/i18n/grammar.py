"""Russian forms of the names a sentence uses, from pymorphy3's dictionary, worked out once.

A player's name gives a gender guess and its cases when pymorphy3 knows it as a first name; a
name it does not know (or reads two ways) has no cases, and sentences keep it in the nominative.
A square's name is declined word by word in agreement (adjectives with their noun); what the
dictionary gets wrong for a board's foreign street names is fixed by hand in `HAND`.

This runs in the table and web layers, at new game and when an edition's data is written: the
engine and the pages read the stored forms and never need pymorphy3.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, Any, Literal

if TYPE_CHECKING:
    from pymorphy3 import MorphAnalyzer  # type: ignore[import-untyped]  # pymorphy3 ships no types
    from pymorphy3.analyzer import Parse  # type: ignore[import-untyped]

Gender = Literal["she", "he"]
GENDERS: tuple[Gender, ...] = ("she", "he")
# Our short names for the cases a sentence asks for, and pymorphy3's (OpenCorpora's) grammemes.
CASES = {"gen": "gent", "dat": "datv", "acc": "accs", "ins": "ablt", "pre": "loct"}
_GENDER_OF: dict[str, Gender] = {"femn": "she", "masc": "he"}
MAX_NAME = 40  # longer is no first name (and the analyser is not asked to guess at it)


@cache
def morph() -> MorphAnalyzer:
    """The analyser (its dictionary takes a moment and some memory to load: once per process)."""
    import pymorphy3

    return pymorphy3.MorphAnalyzer(lang="ru")


@dataclass(frozen=True)
class NameForms:
    """What a sentence needs to know of a player's name: whom to agree with, how to decline it."""

    gender: Gender | None
    cases: dict[str, str] | None  # CASES' keys -> the name in that case; None: keep it nominative

    def to_json(self) -> dict[str, Any]:
        return {"gender": self.gender, "ru": self.cases}


def _like(word: str, model: str) -> str:
    """`word` written with `model`'s capitals ("ани" like "Аня" is "Ани")."""
    if model.isupper() and len(model) > 1:
        return word.upper()
    if model[:1].isupper():
        return word[:1].upper() + word[1:]
    return word


def _first_names(word: str) -> list[Parse]:
    """The dictionary's readings of `word` as a first name in the nominative singular."""
    return [p for p in morph().parse(word)
            if p.is_known and {"Name", "nomn", "sing"} <= p.tag.grammemes]


def name_forms(name: str) -> NameForms:
    """The gender guess and the cases of a player's name ("Аня": she, Ани, Ане, Аню, Аней, Ане).

    The guess is None for a name that is either ("Саша") or unknown; the cases are None unless
    the dictionary knows the name, as one word, and declines it one way only.
    """
    word = name.strip()
    russian = all("а" <= c <= "я" or c == "ё" for c in word.lower())
    if not word or len(word) > MAX_NAME or not word.isalpha() or not russian:
        return NameForms(None, None)
    readings = _first_names(word)
    if not readings:
        return NameForms(None, None)
    genders = {_GENDER_OF.get(g) for p in readings for g in ("femn", "masc", "ms-f") if g in p.tag.grammemes}
    gender = next(iter(genders)) if len(genders) == 1 else None
    declined = {tuple(_declined(p, word)) for p in readings}
    if len(declined) != 1 or None in next(iter(declined)):
        return NameForms(gender, None)
    forms = next(iter(declined))
    return NameForms(gender, dict(zip(CASES, forms, strict=True)))  # type: ignore[arg-type]


def _declined(reading: Parse, model: str) -> list[str | None]:
    out: list[str | None] = []
    for grammeme in CASES.values():
        form = reading.inflect({grammeme})
        out.append(_like(form.word, model) if form is not None else None)
    return out


def guess_gender(name: str) -> Gender | None:
    """"she" or "he" when the name says it, else None (the new-game form's pre-filled choice)."""
    return name_forms(name).gender


# A board's names the dictionary reads wrongly, as a Russian writer declines them (or does not).
HAND: dict[str, dict[str, str] | None] = {
    "Парк-лейн": None,  # a street's foreign name: "Парк" is not the Russian park here
    "Сверхналог": {"gen": "Сверхналога", "dat": "Сверхналогу", "acc": "Сверхналог",
                   "ins": "Сверхналогом", "pre": "Сверхналоге"},  # not in the dictionary
}


def _common_noun(word: str) -> Parse | None:
    """The dictionary's reading of `word` as an inanimate common noun, nominative singular."""
    for p in morph().parse(word):
        g = p.tag.grammemes
        if (p.is_known and {"NOUN", "inan", "nomn", "sing"} <= g
                and not g & {"Fixd", "Name", "Surn", "Geox", "Patr"}):
            return p
    return None


def _adjective(word: str) -> Parse | None:
    for p in morph().parse(word):
        if p.is_known and {"ADJF", "nomn", "sing"} <= p.tag.grammemes:
            return p
    return None


def phrase_cases(phrase: str) -> dict[str, str] | None:
    """A square's name in each case: leading adjectives agree with the noun they qualify, words
    after the noun stay as they are ("Станцию Кингс Кросс"); a name that does not start as a
    Russian noun phrase is a foreign name and is not declined (None)."""
    if phrase in HAND:
        return HAND[phrase]
    words = phrase.split(" ")
    adjectives: list[Parse] = []
    head: Parse | None = None
    while head is None and len(adjectives) < len(words):
        word = words[len(adjectives)]
        head = _common_noun(word)
        if head is None:
            adjective = _adjective(word)
            if adjective is None:
                return None
            adjectives.append(adjective)
    if head is None:
        return None
    at = len(adjectives)
    gender = next(g for g in ("masc", "femn", "neut") if g in head.tag.grammemes)
    cases: dict[str, str] = {}
    for key, grammeme in CASES.items():
        noun = head.inflect({grammeme})
        # (an adjective of an inanimate noun takes the inanimate accusative: "Подоходный налог")
        wanted = {grammeme, gender, "sing"} | ({"inan"} if grammeme == "accs" and gender == "masc" else set())
        agreed = [a.inflect(wanted) for a in adjectives]
        if noun is None or None in agreed:
            return None
        shown = [_like(p.word, w) for p, w in zip([*agreed, noun], words[: at + 1], strict=True)]  # type: ignore[union-attr]
        cases[key] = " ".join([*shown, *words[at + 1:]])
    return cases


NOT_SAID = "not_said"  # the new-game form's third choice: sentences about this player name no gender


def forms_for(players: list[str], genders: dict[str, Any] | None = None) -> dict[str, dict[str, Any]]:
    """What a new_game line keeps for its players: each one's gender (as chosen in the new-game
    form, else guessed; "not_said" or None keeps it unsaid) and Russian cases (TABLE-SCRIPT.md)."""
    chosen = genders or {}
    out: dict[str, dict[str, Any]] = {}
    for name in players:
        forms = name_forms(name)
        gender = chosen[name] if name in chosen else forms.gender
        out[name] = {"gender": gender if gender in GENDERS else None, "ru": forms.cases}
    return out
