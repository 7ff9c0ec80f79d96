"""A moment in words, from the "voice-" messages of companion/i18n/<lang>.ftl, with amounts and
dice said as words by num2words: "Bob pays Ann twenty-two pounds rent", "Боб платит ренту,
двадцать два фунта; получает Анна". The pound's noun agrees with the number by Fluent's plural
selector (CLDR's rules: фунт, фунта, фунтов)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from .. import i18n
from ..i18n.spoken import pounds_words

LANGUAGES = i18n.LANGUAGES
POUND_SIGN = re.compile(r"£\s?(\d[\d,\u00a0 ]*\d|\d)")


def spoken_amounts(text: str, lang: str) -> str:
    """A printed sentence (a card's text) with each £ amount as words, as a voice reads it."""
    return POUND_SIGN.sub(lambda m: pounds_words(int(re.sub(r"\D", "", m.group(1))), lang), text)


def say(lang: str, message_id: str, values: Mapping[str, Any] | None = None) -> str:
    """One "voice-" message in one language (English where the language lacks it). A KeyError for
    an id no language has: a bug. A formatting error (a missing variable) is a bug too, never said."""
    return i18n.say(lang, message_id, values, strict=True)
