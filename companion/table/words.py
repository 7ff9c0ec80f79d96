"""The table's own sentences (token waits, pairings, commands said) in every language: the
"table-" messages of companion/i18n/<lang>.ftl. What a screen shows comes with "words" (en, ru),
like the rules' refusals."""

from __future__ import annotations

from typing import Any

from .. import i18n
from ..i18n.money import Currency
from ..rules import CommandError
from ..rules.texts import name_in

LANGS = i18n.LANGUAGES


def words(key: str, **values: Any) -> dict[str, str]:
    """The sentence `key` ("token.wait_pair", the message table-token-wait_pair) in every language,
    its named variables filled in (a square, a card or a sentence named in each language; the
    table's messages write no amount: a command's is written by describe.py in the game's money)."""
    message = "table-" + key.replace(".", "-")
    return {lang: i18n.say(lang, message, {name: value if isinstance(value, int) else name_in(value, lang)
                                           for name, value in values.items()})
            for lang in LANGS}


def refusal_words(error: CommandError, people: dict[str, Any] | None = None,
                  money: Currency | None = None) -> dict[str, str]:
    """A rule's refusal in every language, agreeing with the game's players (`people`: their forms),
    its amounts in the game's edition's `money`."""
    return {lang: error.words(lang, people, money) for lang in LANGS}
