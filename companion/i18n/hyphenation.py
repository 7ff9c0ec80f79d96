"""Where a square's name may break on a narrow board: soft hyphens at the points a real
hyphenation dictionary allows (pyphen ships LibreOffice's for each language it knows), never a rule
of vowels of our own: one cut «Конъюн-ктура», «Водоп-ровод», «Зак-лючение» (issue 42).

Browsers hyphenate by themselves only with dictionaries the table's wifi cannot download, so the
server puts the soft hyphens in (`GET /api/board`'s `label`) and the page breaks nowhere else
(`hyphens: manual`). A language pyphen has no dictionary for keeps its names whole.
"""

from __future__ import annotations

import re
from functools import cache
from typing import Final

import pyphen  # type: ignore[import-untyped]  # no stubs, no py.typed

SHY: Final = "\u00ad"
LONGER: Final = 7  # a word of more letters gets its break points: shorter ones fit a square whole
# Letters kept together at a word's start and end (the dictionaries' own minimum is two): a
# narrow column never carries a word's last three letters alone to a line of their own, where a
# name's last syllable reads as a word cut off («Уайтче-пел», which a native reader corrected;
# «Уайт-чепел» stays).
LEFT, RIGHT = 2, 4


@cache
def _dictionary(lang: str) -> pyphen.Pyphen | None:
    known = pyphen.language_fallback(lang)
    return pyphen.Pyphen(lang=known, left=LEFT, right=RIGHT) if known else None


def breakable(text: str, lang: str) -> str:
    """The text with a soft hyphen at each point the language's dictionary allows in its long
    words (words are split at spaces and at the hyphens the name already has)."""
    dictionary = _dictionary(lang)
    if dictionary is None:
        return text
    return "".join(dictionary.inserted(part, hyphen=SHY) if len(part) > LONGER else part
                   for part in re.split(r"(\s+|-)", text))
