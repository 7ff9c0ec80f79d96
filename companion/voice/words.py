"""A moment in words, from the "voice-" messages of companion/i18n/<lang>.ftl, with amounts and
dice said as words by num2words: "Bob pays Ann twenty-two" and the edition's noun for its money
("...pounds rent", «...два фунта»). The noun agrees with the number by CLDR's plural rule of the
language (companion/i18n/money.py: фунт, фунта, фунтов; доллар, доллара, долларов)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from functools import cache
from typing import Any

from .. import i18n
from ..i18n.money import Currency

LANGUAGES = i18n.LANGUAGES


@cache
def _amounts(sign: str) -> re.Pattern[str]:
    """An amount as a card prints it in this money: the sign, then digits (grouped or not)."""
    return re.compile(re.escape(sign) + r"\s?(\d[\d,\u00a0 ]*\d|\d)")


def spoken_amounts(text: str, lang: str, money: Currency | None = None) -> str:
    """A printed sentence (a card's text) with each amount in the edition's money (`money`; the
    default edition's when None) as words, as a voice reads it."""
    currency = money or i18n.default_money()
    return _amounts(currency.sign).sub(lambda m: currency.say(int(re.sub(r"\D", "", m.group(1))), lang), text)


def say(lang: str, message_id: str, values: Mapping[str, Any] | None = None,
        money: Currency | None = None) -> str:
    """One "voice-" message in one language (English where the language lacks it), its amounts in
    `money` (the game's edition's; the default edition's when None). A KeyError for an id no
    language has: a bug. A formatting error (a missing variable) is a bug too, never said."""
    return i18n.say(lang, message_id, values, strict=True, money=money)
