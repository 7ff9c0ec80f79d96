"""A guess of she or he for a name written in the Latin script ("Anna", "Boris", "Emma"), for the
new-game form to pre-fill beside the name, where the banker sees it and may change it.

pymorphy3's dictionary (grammar.py) is Russian: it knows "Анна" but not "Anna". Transliterating
into Cyrillic and asking it is not honest enough: the Latin spellings of
one Russian name are many ("Dmitri", "Dmitry"; "Olga" would come back as "Олга", which it does not
know) and an English name transliterated letter by letter is no name at all ("James", "Джамес").
(Tried on pymorphy3 itself: "Олга" and "Емма" are unknown to it, "Ольга" and "Анна" are known.)
So the guess comes from a short list in a data file (`given_names.json`): common English given
names, the usual Latin spellings of common Russian ones and a few common across Europe, each with
the gender it nearly always goes with; a name worn by either ("Alex", "Sasha") is on neither list,
and a name on neither list gets no guess: the banker picks, as before. The guess is only the
form's: a game started without the form (a table script, the API without genders) keeps a Latin
name's gender unsaid, as it always has.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

from .grammar import Gender

NAMES_FILE = Path(__file__).with_name("given_names.json")


@cache
def _genders() -> dict[str, Gender]:
    data = json.loads(NAMES_FILE.read_text(encoding="utf-8"))
    return {name.casefold(): gender for gender in ("she", "he") for name in data[gender]}


def latin_gender(name: str) -> Gender | None:
    """"she" or "he" for a common Latin-script given name (any capitals), else None."""
    return _genders().get(name.strip().casefold())
