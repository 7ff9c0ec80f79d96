"""A moment in words, from this package's Fluent messages (`en.ftl`, `ru.ftl`), with amounts and
dice said as words by num2words: "Bob pays Ann twenty-two pounds rent", "Боб платит ренту,
двадцать два фунта; получает Анна". The pound's noun agrees with the number by Fluent's plural
selector (CLDR's rules: фунт, фунта, фунтов)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from fluent.runtime import FluentBundle

LANGUAGES = ("en", "ru")
HERE = Path(__file__).parent
POUND_SIGN = re.compile(r"£\s?(\d[\d,\u00a0 ]*\d|\d)")


def number_words(n: int, lang: str) -> str:
    """7 as "seven" / "семь"; 1500 as "one thousand five hundred" (no comma to pause on)."""
    from num2words import num2words

    return str(num2words(int(n), lang="ru" if lang == "ru" else "en")).replace(",", "")


def pounds_words(amount: int, lang: str) -> str:
    """22 as "twenty-two pounds" / "двадцать два фунта"."""
    noun = say(lang, "voice-pound-noun", {"amount": int(amount)})
    return f"{number_words(amount, lang)} {noun}"


def spoken_amounts(text: str, lang: str) -> str:
    """A printed sentence (a card's text) with each £ amount as words, as a voice reads it."""
    return POUND_SIGN.sub(lambda m: pounds_words(int(re.sub(r"\D", "", m.group(1))), lang), text)


@cache
def bundle(lang: str) -> FluentBundle:
    """The voice's messages of one language, parsed once; no isolation marks (spoken, not shown)."""
    from fluent.runtime import FluentBundle, FluentResource

    lang = lang if lang in LANGUAGES else "en"
    functions: dict[str, Any] = {
        "WORDS": lambda n, **_: number_words(int(n), lang),
        "POUNDS": lambda n, **_: pounds_words(int(n), lang),
    }
    found = FluentBundle([lang], functions=functions, use_isolating=False)
    found.add_resource(FluentResource((HERE / f"{lang}.ftl").read_text(encoding="utf-8")))
    return found


def _value(value: Any) -> Any:
    """An int as a Fluent number (it selects a plural), a string as it is."""
    from fluent.runtime.types import FluentNumber, fluent_number

    if isinstance(value, int) and not isinstance(value, bool | FluentNumber):
        return fluent_number(value, useGrouping=False)
    return value


def say(lang: str, message_id: str, values: Mapping[str, Any] | None = None) -> str:
    """One message in one language (English where the language lacks it). A KeyError for an id
    no language has: a bug. A formatting error (a missing variable) is a bug too, never said."""
    found = bundle(lang)
    if not found.has_message(message_id):
        found = bundle("en")
    pattern = found.get_message(message_id).value
    if pattern is None:
        raise KeyError(message_id)
    args = {name: _value(v) for name, v in values.items()} if values else None
    text, errors = found.format_pattern(pattern, args)
    if errors:
        raise ValueError(f"{message_id} in {lang}: {errors}")
    return str(text)
