"""An edition's money as the table writes and says it: its sign and its noun in each language.

The edition's data decides them ("money": {"sign": ..., "nouns": {lang: {CLDR plural category:
noun}}}); `Currency` is that block as a hashable value (a Fluent bundle is made once per language
and currency), so nothing outside the editions names a currency. An amount is written with the
sign and the language's CLDR grouping (1,500 in English, 1 500 in Russian, as babel says and the
browser's Intl writes it), and said with num2words and the noun in the form CLDR's plural rule of
the language picks for the number ("twenty-two" and the `other` noun, "двадцать один" and `one`).

This module imports nothing of ours (the engine's edition.py builds a Currency from its data).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from typing import Any

FALLBACK = "en"  # the language whose noun is said when a language has none


@cache
def _group_symbol(lang: str) -> str:
    from babel.numbers import get_group_symbol

    return get_group_symbol(lang)


@cache
def _plural_form(lang: str) -> Any:
    from babel import Locale

    return Locale.parse(lang).plural_form


@dataclass(frozen=True, slots=True)
class Currency:
    """The money of an edition: `sign` written before an amount, `nouns` by language, each a
    tuple of (CLDR plural category, noun) pairs (a tuple, so that the currency is hashable)."""

    sign: str
    nouns: tuple[tuple[str, tuple[tuple[str, str], ...]], ...] = ()

    @classmethod
    def from_data(cls, raw: Mapping[str, Any]) -> Currency:
        """The edition file's "money" block."""
        nouns = raw.get("nouns", {})
        return cls(sign=str(raw["sign"]),
                   nouns=tuple((lang, tuple((str(k), str(v)) for k, v in forms.items()))
                               for lang, forms in nouns.items()))

    def to_data(self) -> dict[str, Any]:
        """The edition file's "money" block again (plain data, for JSON)."""
        return {"sign": self.sign, "nouns": {lang: dict(forms) for lang, forms in self.nouns}}

    def write(self, amount: Any, lang: str) -> str:
        """1,500 in English, 1 500 in Russian, after the sign: CLDR's thousands separator, from
        babel. Anything but a whole number (a bid of 12.5 typed by a phone, awaiting its refusal)
        is written as it came, never rounded into another amount."""
        if isinstance(amount, float) and amount.is_integer():
            amount = int(amount)
        if isinstance(amount, bool) or not isinstance(amount, int):
            return f"{self.sign}{amount}"
        return self.sign + f"{amount:,}".replace(",", _group_symbol(lang))

    def noun(self, amount: int, lang: str) -> str:
        """The money's noun in the form the number asks for (CLDR's plural rule of the language):
        1 "доллар", 2 "доллара", 5 "долларов", 21 "доллар"."""
        forms = dict(self._forms(lang))
        if not forms:
            lang = FALLBACK
            forms = dict(self._forms(lang))
        if not forms:
            return ""
        category = _plural_form(lang)(amount)
        return forms.get(category) or forms.get("other") or next(iter(forms.values()))

    def _forms(self, lang: str) -> tuple[tuple[str, str], ...]:
        return next((forms for code, forms in self.nouns if code == lang), ())

    def say(self, amount: Any, lang: str) -> str:
        """22 as "twenty-two pounds" / «двадцать два фунта», as the voice says it; what is not a
        whole number, as it is written."""
        from .spoken import number_words

        if not isinstance(amount, int) and not str(amount).isdigit():
            return str(amount)
        amount = int(str(amount))
        noun = self.noun(amount, lang)
        words = number_words(amount, lang)
        return f"{words} {noun}" if noun else words
