"""Every sentence the table says, in Project Fluent: one `.ftl` file per language (`en.ftl`, `ru.ftl`
beside this file), read here by fluent.runtime and served as it is to the pages' @fluent/bundle, so
the engine's sentences, the story, the table's words and the pages' words come from one place.

Ids say where a message is used ("rules-buy-buys", "story-money-why-rent", "table-token-wait_pair",
"page-nav-table"); variables have names ({ $player }, { $square }); plurals and (in Russian) genders
are Fluent selectors, decided by CLDR's rules, and money is `{ MONEY($amount) }`, formatted here and
in the browser the same way: the game's edition's sign (money.py's `Currency`, from the edition
data) and the language's grouping, 1,500 in English, 1 500 in Russian. A bundle is made per
language and currency, so a sentence is worded in the money of the game it tells of (`say`'s
`money`); without one, in the default edition's. Other numbers are written as they are (a tag, a
seed, a count), never grouped.

This package imports nothing of ours, so the pure engine may use it as it uses its own data; but
for the default edition's money, asked of the engine's edition module when first needed
(`default_money`), since only the editions' data may name a currency.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .money import Currency

if TYPE_CHECKING:
    from fluent.runtime import FluentBundle

# fluent.runtime, fluent.syntax and babel are imported when a sentence is first worded, not with the
# engine: a simulation's worker processes word nothing and start 50 ms sooner without them.

# The languages the table speaks: the one list. Adding a language is its .ftl file beside this one
# (with its `language-*` messages: espeak-ng's voice, the browser's locale, the vowels a word is
# hyphenated by), its names in the edition (companion/rules/editions/*.json) and its code here.
LANGUAGES = ("en", "ru")
HERE = Path(__file__).parent


def ftl_path(lang: str) -> Path:
    """The .ftl file of a language the table speaks (English for any other)."""
    return HERE / f"{lang if lang in LANGUAGES else 'en'}.ftl"


@cache
def default_money() -> Currency:
    """The default edition's money: what is worded when no game is given (the new-game form, a
    sentence read outside any game). The editions' data decides it; the engine's edition module
    reads that data (imported here, once, when first asked: the engine imports this package)."""
    from ..rules.edition import load_edition  # noqa: PLC0415 - the one way back, lazily

    return load_edition().money


def money(amount: Any, lang: str, currency: Currency | None = None) -> str:
    """An amount as `lang` writes it in `currency` (the default edition's when None): the sign and
    CLDR's thousands separator, from babel (i18n.js has the browser's Intl write it the same
    way). Anything but a whole number is written as it came, never rounded into another amount."""
    return (currency or default_money()).write(amount, lang if lang in LANGUAGES else "en")


@cache
def _runtime() -> tuple[Any, Any]:
    """fluent.runtime's bundle and our whole numbers, made on first use. fluent.runtime turns every
    int argument into a number that babel formats (a tenth of a millisecond each, on every
    sentence); ours arrive ready: a `Count` selects a plural and prints as it is ("1500": a tag,
    a seed, a count; money is grouped by MONEY)."""
    from fluent.runtime import FluentBundle
    from fluent.runtime.resolver import CurrentEnvironment, ResolverEnvironment
    from fluent.runtime.types import FluentInt, FluentNumber

    class Count(FluentInt):
        options = FluentNumber.default_number_format_options

        def __new__(cls, value: int) -> Count:
            return int.__new__(cls, value)

        def format(self, locale: Any) -> str:
            return str(int(self))

    class Bundle(FluentBundle):
        def format_pattern(self, pattern: Any, args: Any = None) -> tuple[Any, list[Exception]]:
            errors: list[Exception] = []
            current = CurrentEnvironment(args=args or {})
            env = ResolverEnvironment(context=self, current=current, errors=errors)
            try:
                result = pattern(env)
            except ValueError as exc:
                errors.append(exc)
                result = "{???}"
            return result, errors

    return Bundle, Count


def bundle(lang: str, currency: Currency | None = None) -> FluentBundle:
    """The language's messages with amounts in `currency` (the default edition's when None)."""
    return _bundle(lang if lang in LANGUAGES else "en", currency or default_money())


@cache
def _bundle(lang: str, currency: Currency) -> FluentBundle:
    """The messages of a language and a currency, made once per process; no Unicode isolation
    marks around variables (our sentences are plain text, left to right, compared as written)."""
    from .spoken import number_words

    functions: dict[str, Any] = {  # each gives a str, which is a Fluent value
        "MONEY": lambda amount, **_: currency.write(amount, lang),
        "WORDS": lambda n, **_: number_words(n, lang),  # the voice's numbers said aloud
        "SPOKEN_MONEY": lambda n, **_: currency.say(n, lang),  # an amount said aloud, with its noun
    }
    found: FluentBundle = _runtime()[0]([lang], functions=functions, use_isolating=False)
    found.add_resource(_resource(lang))
    return found


@cache
def _resource(lang: str) -> Any:
    """The language's file parsed once, for the bundle and for the messages' variables alike."""
    from fluent.syntax import FluentParser

    return FluentParser(with_spans=False).parse(ftl_path(lang).read_text(encoding="utf-8"))


def resource(lang: str) -> Any:
    """The language's .ftl file as Fluent's syntax tree (tools that read how messages are made)."""
    return _resource(lang if lang in LANGUAGES else "en")


def _fluent(value: Any) -> Any:
    """A value as our bundle takes it: an int as a Count, anything else as its text."""
    if isinstance(value, int) and not isinstance(value, bool):
        return _runtime()[1](value)
    return value if isinstance(value, str) else str(value)


def has(message_id: str, lang: str = "en") -> bool:
    return bundle(lang).has_message(message_id)


def say(lang: str, message_id: str, values: Mapping[str, Any] | None = None, strict: bool = False,
        money: Currency | None = None) -> str:
    """One message in one language, its variables filled in, its amounts in `money` (the game's
    edition's; the default edition's when None); a message the language lacks is said in English
    (a KeyError only for an id no language has: a bug, not a refusal). `strict`: a formatting
    error (a variable missing) is raised as a bug rather than worded around."""
    found = bundle(lang, money)
    if not found.has_message(message_id):
        found = bundle("en", money)
    pattern = found.get_message(message_id).value
    if pattern is None:
        raise KeyError(message_id)
    args = {name: _fluent(value) for name, value in values.items()} if values else None
    text, errors = found.format_pattern(pattern, args)
    if strict and errors:
        raise ValueError(f"{message_id} in {lang}: {errors}")
    return str(text)


@cache
def cases(lang: str, message_id: str) -> dict[str, str]:
    """A message's attributes, read as the cases of the name it says ("rules-the_bank = банк" with
    ".dat = банку"): how a sentence declines the bank or the pot as it declines a player."""
    found = bundle(lang)
    if not found.has_message(message_id):
        return {}
    message = found.get_message(message_id)
    return {name: str(found.format_pattern(pattern)[0]) for name, pattern in message.attributes.items()}


def say_all(message_id: str, values: Mapping[str, Any] | None = None,
            money: Currency | None = None) -> dict[str, str]:
    """The message in every language (what an API answer carries, so each screen picks its own)."""
    return {lang: say(lang, message_id, values, money=money) for lang in LANGUAGES}


@cache
def _parsed(lang: str) -> dict[str, tuple[str, ...]]:
    """Each message id of a language, in the file's order, with its variables in the order they
    first appear (selectors included)."""
    from fluent.syntax import ast
    from fluent.syntax.visitor import Visitor

    class Variables(Visitor):
        def __init__(self) -> None:
            super().__init__()
            self.names: list[str] = []

        def visit_VariableReference(self, node: ast.VariableReference) -> None:  # noqa: N802 - the visitor's
            if node.id.name not in self.names:
                self.names.append(node.id.name)

    found: dict[str, tuple[str, ...]] = {}
    for entry in _resource(lang).body:
        if isinstance(entry, ast.Message):
            seen = Variables()
            seen.visit(entry)
            found[entry.id.name] = tuple(seen.names)
    return found


def ids(lang: str = "en") -> list[str]:
    """Every message id of a language, in the file's order."""
    return list(_parsed(lang))


def variables(message_id: str, lang: str = "en") -> tuple[str, ...]:
    """A message's variables in the order they first appear in it."""
    return _parsed(lang).get(message_id, ())
