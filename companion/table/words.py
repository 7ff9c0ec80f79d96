"""The table's own sentences (token waits, pairings, commands said) in every language: the
"table-" messages of companion/i18n/<lang>.ftl. What a screen shows comes with "words" (en, ru),
like the rules' refusals."""

from __future__ import annotations

from typing import Any, Final

from .. import i18n
from ..i18n import persons
from ..i18n.money import Currency
from ..i18n.persons import People
from ..rules import CommandError, Game
from ..rules.texts import name_in

LANGS = i18n.LANGUAGES


# The variables that name a player: each comes with its cases and gender ($player_gen, ...), the
# game's forms when the caller gives them (`people`), else the name kept after «игрока» in the case.
PERSONS: Final = frozenset({"player", "tapped", "owner", "partner", "to"})


def people_of(game: Game | None) -> dict[str, dict[str, Any]] | None:
    """The game's players' forms, for `words()` (None without a game: names kept after «игрока»)."""
    return game.forms if game is not None else None


def words(key: str, people: People | None = None, /, **values: Any) -> dict[str, str]:
    """The sentence `key` ("token.wait_pair", the message table-token-wait_pair) in every language,
    its named variables filled in (a player with its cases, from `people`: the game's forms; a
    square, a card or a sentence named in each language; the table's messages write no amount: a
    command's is written by describe.py in the game's money)."""
    message = "table-" + key.replace(".", "-")
    said = {}
    for lang in LANGS:
        filled: dict[str, Any] = {}
        for name, value in values.items():
            if name in PERSONS and isinstance(value, str):
                filled.update(persons.person(name, value, lang, people))
            else:
                filled[name] = value if isinstance(value, int) else name_in(value, lang)
        said[lang] = i18n.say(lang, message, filled)
    return said


def refusal_words(error: CommandError, people: dict[str, Any] | None = None,
                  money: Currency | None = None) -> dict[str, str]:
    """A rule's refusal in every language, agreeing with the game's players (`people`: their forms),
    its amounts in the game's edition's `money`."""
    return {lang: error.words(lang, people, money) for lang in LANGS}
